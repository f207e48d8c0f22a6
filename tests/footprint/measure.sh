#!/usr/bin/env bash
# What each layout of magic-tables adds to a minimal release binary (LTO, one codegen unit,
# panic = "abort"; see Cargo.toml): builds src/main.rs once per layout feature alone, once
# with the top-level functions (the default layout), once without magic-tables (baseline), and
# prints a Markdown table of the stripped binary's bytes, the layout's TABLE_BYTES and the data
# the binary actually links (the magic_tables statics in its symbol table, and its .rodata plus
# .data.rel.ro, where tables holding addresses go).
#
#   tests/footprint/measure.sh                      # this host's default target, no target flags
#   RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=tests/footprint/target/native \
#       tests/footprint/measure.sh baseline top-level pext pext-pdep tableless
#
# Arguments: the builds to measure (default: all). Builds go to $CARGO_TARGET_DIR (default:
# target/ under this directory, kept apart from the workspace's), niced; binaries and their
# stripped copies to $CARGO_TARGET_DIR/footprint/.
set -euo pipefail
# A relative CARGO_TARGET_DIR is taken from where the script was started.
if [ -n "${CARGO_TARGET_DIR:-}" ] && [ "${CARGO_TARGET_DIR#/}" = "$CARGO_TARGET_DIR" ]; then
    CARGO_TARGET_DIR="$PWD/$CARGO_TARGET_DIR"
fi
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
out="$CARGO_TARGET_DIR/footprint"
mkdir -p "$out"
builds=("$@")
if [ ${#builds[@]} -eq 0 ]; then
    builds=(baseline top-level fancy plain fancy-dense fixed-shift black black-variable byte-lookup magic32
        shared folded pext pext-pdep tableless)
fi

# Rook e4 with pieces on b4, c4, e2, e5, e7: every build must print the same attacks.
square=28
occupied=$(( (1 << 25) | (1 << 26) | (1 << 12) | (1 << 36) | (1 << 52) ))

section() { size -A "$1" | awk -v s="$2" '$1 == s { n = $2 } END { print n + 0 }'; }

echo "| build | stripped binary bytes | over baseline | \`TABLE_BYTES\` | magic_tables statics linked | .rodata + .data.rel.ro |"
echo "|---|---:|---:|---:|---:|---:|"
base=""
expected=""
for build in "${builds[@]}"; do
    nice -n 10 cargo build --quiet --release --no-default-features --features "$build" >&2
    cp "$CARGO_TARGET_DIR/release/magic-tables-footprint" "$out/$build"
    strip -o "$out/$build.stripped" "$out/$build"
    bytes=$(stat -c %s "$out/$build.stripped")
    [ -z "$base" ] && [ "$build" = baseline ] && base=$bytes
    printed=$("$out/$build" "$square" "$occupied")
    attacks=${printed% table_bytes *}
    table=${printed##* table_bytes }
    if [ "$build" != baseline ]; then
        [ -z "$expected" ] && expected=$attacks
        [ "$attacks" = "$expected" ] || { echo "$build printed $attacks, expected $expected" >&2; exit 1; }
    fi
    # Data symbols (r/R/d/D/b/B) of magic_tables (the generated statics), summed.
    statics=$(nm -S -t d -C "$out/$build" | awk '$3 ~ /^[rRdDbB]$/ && $0 ~ /magic_tables/ { s += $2 } END { print s + 0 }')
    data=$(( $(section "$out/$build" .rodata) + $(section "$out/$build" .data.rel.ro) ))
    over=""
    [ -n "$base" ] && over=$((bytes - base))
    echo "| \`$build\` | $bytes | $over | $table | $statics | $data |"
done
