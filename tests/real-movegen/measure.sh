#!/usr/bin/env bash
# The run-time choice in real move generators: copies of shakmaty 0.30.1 and cozy-chess 0.3.4 as
# published, on magic-tables' default lookups, and on `magic_tables::auto`'s free functions
# (patch.py makes them from the crates cargo fetches), timed in one program (src/main.rs).
# A portable build unless RUSTFLAGS says otherwise; then the lookups alone, each way in its own
# loop (see src/main.rs).
#
#   tests/real-movegen/measure.sh [ROUNDS [FILTER]]     # WORK=dir to keep the copies elsewhere
#   RUSTFLAGS="-C target-cpu=native" tests/real-movegen/measure.sh 5 lookups   # the native pext
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="${WORK:-$repo/target/real-movegen}"
mkdir -p "$work/fetch/src"
# The published sources, through cargo: a crate that depends on both, fetched.
cat > "$work/fetch/Cargo.toml" <<TOML
[package]
name = "fetch-peers"
version = "0.0.0"
edition = "2021"
publish = false
[workspace]
[dependencies]
shakmaty = "=0.30.1"
cozy-chess = "=0.3.4"
TOML
touch "$work/fetch/src/lib.rs"
cargo fetch --quiet --manifest-path "$work/fetch/Cargo.toml"
registry=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ | head -1)
deps=""
for krate in shakmaty-0.30.1 cozy-chess-0.3.4; do
    name=${krate%-*}
    for variant in own default auto; do
        python3 "$here/patch.py" "$name" "$registry/$krate" "$work/$name-$variant" "$variant" "$repo/magic-tables"
        deps+="${name//-/_}_$variant = { package = \"$name-$variant\", path = \"$work/$name-$variant\" }"$'\n'
    done
done
mkdir -p "$work/bench"
cat > "$work/bench/Cargo.toml" <<TOML
[package]
name = "real-movegen"
version = "0.0.0"
edition = "2021"
publish = false
[workspace]
[[bin]]
name = "real-movegen"
path = "$here/src/main.rs"
[dependencies]
magic-tables = { path = "$repo/magic-tables", features = ["auto", "pext"] }
$deps
[profile.release]
debug = true
TOML
# A build with RUSTFLAGS (such as -C target-cpu=native) keeps its own target directory.
target="$work/target${RUSTFLAGS:+-$(printf %s "$RUSTFLAGS" | cksum | cut -d' ' -f1)}"
CARGO_TARGET_DIR="$target" cargo build --quiet --release --manifest-path "$work/bench/Cargo.toml"
echo "RUSTFLAGS=${RUSTFLAGS:-} $(rustc --version)"
"$target/release/real-movegen" "$@"
