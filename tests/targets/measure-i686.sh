#!/usr/bin/env bash
# ns per lookup of every layout of magic-tables on 32-bit x86 (i686-unknown-linux-gnu), run
# natively on an x86-64 host, where 64-bit multiplies are emulated; and the same program on the
# host, whose checksum of every answer the 32-bit build must print too.
#
#   apt-get install rustc-web cargo-web rust-web-src gcc-multilib   # Debian: a rustc that builds
#   tests/targets/measure-i686.sh                                   # core and std for any target
#
# No rustup target can be fetched here, so the standard library is built from source
# (`-Zbuild-std`, with Debian's rustc-web; RUSTC_BOOTSTRAP lets its stable compiler take the flag).
# The crate goes to $WORK (default: a new temporary directory). Release profile, LTO.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="${WORK:-$(mktemp -d)}"
mkdir -p "$work/src"
features=$(sed -n '/^\[features\]/,/^\[/p' "$repo/magic-tables/Cargo.toml" | sed -n 's/^\([a-z0-9-]*\) = .*/"\1",/p' |
    grep -v '"default"\|"auto"' | tr -d '\n')
cat > "$work/Cargo.toml" <<TOML
[package]
name = "lookups"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
magic-tables = { path = "$repo/magic-tables", features = [$features] }

[profile.release]
lto = true
codegen-units = 1
TOML
cp "$repo/tests/targets/lookups.rs" "$work/src/main.rs"
cd "$work"
echo "host ($(rustc --version)):"
cargo run --quiet --release
echo
echo "i686-unknown-linux-gnu ($(/usr/bin/rustc --version), -Zbuild-std):"
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 /usr/bin/cargo run --quiet --release -Zbuild-std=std,panic_abort \
    --target i686-unknown-linux-gnu
