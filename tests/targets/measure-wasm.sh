#!/usr/bin/env bash
# Every layout of magic-tables on wasm32-unknown-unknown, run under node: ns per lookup (a loop
# inside the module, one call a measurement) and the checksum of every answer, which must equal
# the host program's (`lookups.rs`, run here first); and the bytes of a minimal module per layout
# (one exporting only that layout's rook and bishop lookups).
#
#   apt-get install rustc-web cargo-web rust-web-src   # Debian: a rustc that builds core for any target
#   tests/targets/measure-wasm.sh                      # needs node, and rust-lld from a rustup toolchain
#
# No rustup target can be fetched here, so `core` is built from source (`-Zbuild-std`, with
# Debian's rustc-web; RUSTC_BOOTSTRAP lets its stable compiler take the flag), linked by the
# rustup toolchain's `rust-lld`. Release profile, LTO, opt-level 3. Crates go to $WORK.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="${WORK:-$(mktemp -d)}"
lld=$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/rust-lld | head -1)
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$lld" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
layouts=$(sed -n '/^\[features\]/,/^\[/p' "$repo/magic-tables/Cargo.toml" | sed -n 's/^\([a-z0-9-]*\) = .*/\1/p' |
    grep -v '^default$\|^auto$')
all=$(printf '"%s",' $layouts)
crate() { # DIR FEATURES CRATE-TYPE
    mkdir -p "$1/src"
    printf '[package]\nname = "lookups"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n[workspace]\n\n[lib]\ncrate-type = ["%s"]\n\n[dependencies]\nmagic-tables = { path = "%s", default-features = false, features = [%s] }\n\n[profile.release]\nlto = true\ncodegen-units = 1\npanic = "abort"\n' \
        "$3" "$repo/magic-tables" "$2" > "$1/Cargo.toml"
}
build() { # DIR
    (cd "$1" && /usr/bin/cargo build --quiet --release -Zbuild-std=core,panic_abort --target wasm32-unknown-unknown \
        --target-dir "$work/target")
}
# The host's answers.
mkdir -p "$work/host/src"
printf '[package]\nname = "host"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n[workspace]\n\n[dependencies]\nmagic-tables = { path = "%s", features = [%s] }\n' \
    "$repo/magic-tables" "$all" > "$work/host/Cargo.toml"
cp "$repo/tests/targets/lookups.rs" "$work/host/src/main.rs"
echo "host: $(cd "$work/host" && unset RUSTC RUSTC_BOOTSTRAP && cargo run --quiet --release | tail -1)"
# Speed and answers, every layout in one module.
crate "$work/speed" "$all" cdylib
cp "$repo/tests/targets/wasm_lookups.rs" "$work/speed/src/lib.rs"
build "$work/speed"
echo "wasm32 under node $(node --version) ($(/usr/bin/rustc --version)):"
node "$repo/tests/targets/measure-wasm.mjs" "$work/target/wasm32-unknown-unknown/release/lookups.wasm" \
    "default,$(echo $layouts | tr ' ' ',')"
# Bytes of a minimal module per layout: its two lookups exported, nothing else.
echo
echo "| layout | module bytes |"
echo "|---|---:|"
for layout in top-level $layouts; do
    if [ "$layout" = top-level ]; then features="" module=magic_tables; else
        features="\"$layout\"" module="magic_tables::${layout//-/_}"; fi
    crate "$work/bytes" "$features" cdylib
    printf '#![no_std]\n#[panic_handler]\nfn panic(_: &core::panic::PanicInfo) -> ! { core::arch::wasm32::unreachable() }\n#[unsafe(no_mangle)]\npub extern "C" fn rook(square: u32, occupied: u64) -> u64 { %s::rook_attacks(magic_tables::Square::ALL[square as usize & 63], occupied) }\n#[unsafe(no_mangle)]\npub extern "C" fn bishop(square: u32, occupied: u64) -> u64 { %s::bishop_attacks(magic_tables::Square::ALL[square as usize & 63], occupied) }\n' \
        "$module" "$module" > "$work/bytes/src/lib.rs"
    build "$work/bytes"
    echo "| $layout | $(stat -c %s "$work/target/wasm32-unknown-unknown/release/lookups.wasm") |"
done
