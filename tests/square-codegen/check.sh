#!/usr/bin/env bash
# An engine's own square index costs nothing: builds src/lib.rs optimized (release, one codegen
# unit, for the host), reads its assembly, and checks
#   * loop_new == loop_unchecked: a loop over a bitboard's squares through `Square::new` compiles
#     to the same machine code as through `from_index` + `unwrap_unchecked` (the mask is gone);
#   * one_new, one_from_usize and one_square: one lookup from a `u8`, from a `usize` and from a
#     `Square` are the same number of instructions (the mask replaces the zero-extension).
# Prints each function's body; exits 1 if a check fails.
#
#   tests/square-codegen/check.sh            # CARGO_TARGET_DIR is honoured
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${CARGO_TARGET_DIR:-$here/../../target}/square-codegen"
# Cargo does not run rustc again for a crate it finds fresh, and then writes no assembly: clean
# this one crate (its dependencies stay built).
CARGO_TARGET_DIR="$target" cargo clean --quiet --release --manifest-path "$here/Cargo.toml" -p square-codegen
CARGO_TARGET_DIR="$target" cargo rustc --quiet --release --manifest-path "$here/Cargo.toml" --lib \
    -- --emit asm -C llvm-args=-x86-asm-syntax=intel
asm=$(ls "$target/release/deps"/square_codegen-*.s)
# A function's instructions, with its labels and symbol hashes made comparable. A function the
# compiler found identical to another is emitted as `name = other`: its body is the other's.
body() {
    local name=$1 alias
    alias=$(sed -n "s/^$name = \\([a-z_]*\\)\$/\\1/p" "$asm")
    [ -n "$alias" ] && name=$alias
    awk -v f="$name" '$0 == f":" {p = 1; next} p && /^\.Lfunc_end/ {p = 0} p' "$asm" |
        grep -v '^\s*\.\(cfi\|p2align\)' | sed -E 's/\.LBB[0-9]+_/.LBB_/g; s/17h[0-9a-f]{16}E/E/g'
}
count() { body "$1" | grep -c '^\s[a-z]'; }
status=0
for name in loop_new loop_unchecked one_new one_from_usize one_square; do
    echo "== $name ($(count "$name") instructions)"
    body "$name"
done
if [ -z "$(body loop_new)" ] || ! diff <(body loop_new) <(body loop_unchecked) > /dev/null; then
    echo "FAIL: the loop through Square::new differs from the loop through unwrap_unchecked" >&2
    status=1
else
    echo "same: the loop through Square::new and through from_index + unwrap_unchecked"
fi
for name in one_new one_from_usize; do
    if [ "$(count "$name")" != "$(count one_square)" ]; then
        echo "FAIL: $name is $(count "$name") instructions, one_square $(count one_square)" >&2
        status=1
    else
        echo "same count: $name and one_square, $(count one_square) instructions"
    fi
done
exit $status
