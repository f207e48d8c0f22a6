#!/usr/bin/env bash
# A dependent as a registry would serve the crates: the packages `cargo package` wrote (and
# verified) are extracted, and a fresh crate that asks for them by version, as it would from
# crates.io (`magic-tables = { version = "0.1", features = ["fixed-shift"] }`), gets them through
# `[patch.crates-io]` with a fresh lockfile. It builds in debug and runs `main.rs` beside this
# script, which checks the default and fixed-shift lookups and the other pieces against
# definitions written there from scratch.
#
# With TOOLCHAIN=1.85.0 (the workspace's rust-version) the dependent is built by that toolchain
# (`cargo +1.85.0`, installed by rustup), with a lockfile that toolchain resolves.
#
#   cargo package --workspace --exclude magic-tests   # first: writes target/package/*.crate
#   tests/packaged/check.sh                           # WORK=dir keeps the crate
#   TOOLCHAIN=1.85.0 tests/packaged/check.sh          # the oldest toolchain declared
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
packages="${CARGO_TARGET_DIR:-$repo/target}/package"
work="${WORK:-$(mktemp -d)}"
crates=(magic-tables magic-tables-core magic-gen build-support build-support-model)
mkdir -p "$work/registry" "$work/dependent/src"
patch=""
for krate in "${crates[@]}"; do
    file=$(ls "$packages/$krate-"[0-9]*.crate 2> /dev/null | head -1)
    [ -n "$file" ] || { echo "no package of $krate in $packages: run cargo package first" >&2; exit 2; }
    tar xzf "$file" -C "$work/registry"
    patch+="$krate = { path = \"$work/registry/$(basename "$file" .crate)\" }"$'\n'
done
cat > "$work/dependent/Cargo.toml" <<TOML
[package]
name = "registry-dependent"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
magic-tables = { version = "0.1", features = ["fixed-shift"] }

[patch.crates-io]
$patch
TOML
cp "$repo/tests/packaged/main.rs" "$work/dependent/src/main.rs"
cd "$work/dependent"
rm -f Cargo.lock
if [ -n "${TOOLCHAIN:-}" ]; then
    # Its own target directory: another toolchain's artifacts cannot be reused anyway.
    CARGO_TARGET_DIR="$work/target-$TOOLCHAIN" cargo "+$TOOLCHAIN" run --quiet
    echo "built and checked with $(rustc "+$TOOLCHAIN" --version)"
else
    cargo run --quiet
fi
