#!/usr/bin/env bash
# Bytes of flash each layout of magic-tables takes on a microcontroller (thumbv7em-none-eabihf, a
# Cortex-M4F): a minimal program per layout that reads a square and an occupancy from RAM and
# writes back its rook and bishop attacks, linked for 8 MB of flash (a size no real part has, so
# that the large layouts link too); `size` gives its code (.text) and tables (.rodata, .data).
#
#   apt-get install rustc-web cargo-web rust-web-src   # Debian: a rustc that builds core for any target
#   tests/targets/measure-thumbv7em.sh                 # needs rust-lld from a rustup toolchain
#
# Build only: nothing here runs ARM code. Release, LTO, opt-level "s". Crates go to $WORK.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="${WORK:-$(mktemp -d)}"
lld=$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/rust-lld | head -1)
layouts=$(sed -n '/^\[features\]/,/^\[/p' "$repo/magic-tables/Cargo.toml" | sed -n 's/^\([a-z0-9-]*\) = .*/\1/p' |
    grep -v '^default$\|^auto$')
mkdir -p "$work/src"
cat > "$work/link.x" <<'LINK'
MEMORY { FLASH : ORIGIN = 0x08000000, LENGTH = 8M
         RAM : ORIGIN = 0x20000000, LENGTH = 256K }
ENTRY(reset)
SECTIONS {
  .text : { KEEP(*(.text.reset)) *(.text .text.*) } > FLASH
  .rodata : { *(.rodata .rodata.*) } > FLASH
  .data : { *(.data .data.*) } > RAM AT > FLASH
  .bss : { *(.bss .bss.*) } > RAM
  /DISCARD/ : { *(.ARM.exidx .ARM.exidx.*) }
}
LINK
section() { size -A "$1" | awk -v s="$2" '$1 == s { n = $2 } END { print n + 0 }'; }
echo "| layout | .text | .rodata + .data | flash |"
echo "|---|---:|---:|---:|"
for layout in top-level $layouts; do
    if [ "$layout" = top-level ]; then features="" module=magic_tables; else
        features="\"$layout\"" module="magic_tables::${layout//-/_}"; fi
    printf '[package]\nname = "mcu"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n[workspace]\n\n[dependencies]\nmagic-tables = { path = "%s", default-features = false, features = [%s] }\n\n[profile.release]\nlto = true\ncodegen-units = 1\npanic = "abort"\nopt-level = "s"\n' \
        "$repo/magic-tables" "$features" > "$work/Cargo.toml"
    cat > "$work/src/main.rs" <<RUST
#![no_std]
#![no_main]
use core::ptr::{read_volatile, write_volatile};
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! { loop {} }
#[unsafe(no_mangle)]
#[unsafe(link_section = ".text.reset")]
pub extern "C" fn reset() -> ! {
    let io = 0x2000_0000 as *mut u64;
    loop {
        // SAFETY: addresses in the linker script's RAM region.
        let (square, occupied) = unsafe { (read_volatile(io) as usize & 63, read_volatile(io.add(1))) };
        let square = magic_tables::Square::ALL[square];
        let attacks = $module::rook_attacks(square, occupied) ^ $module::bishop_attacks(square, occupied);
        unsafe { write_volatile(io.add(2), attacks) };
    }
}
RUST
    (cd "$work" && RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C link-arg=-T$work/link.x -C linker=$lld" \
        /usr/bin/cargo build --quiet --release -Zbuild-std=core,panic_abort --target thumbv7em-none-eabihf)
    elf="$work/target/thumbv7em-none-eabihf/release/mcu"
    text=$(section "$elf" .text)
    data=$(( $(section "$elf" .rodata) + $(section "$elf" .data) ))
    echo "| $layout | $text | $data | $((text + data)) |"
done
