#!/usr/bin/env python3
"""Makes one variant of a peer crate's copy for measure.sh: renames the package (so that three
variants link into one program) and, except for `own`, points its slider lookups at
magic-tables. Only the few lines named here change; everything else is the crate as published.

    patch.py shakmaty|cozy-chess SOURCE DEST own|default|auto MAGIC_TABLES_PATH
"""
import re
import shutil
import sys

krate, source, dest, variant, magic_tables = sys.argv[1:]

# Which magic-tables functions each variant calls (`own` keeps the crate's own lookups).
PATHS = {"default": "magic_tables", "auto": "magic_tables::auto"}


def replace_once(text, old, new, what):
    if text.count(old) != 1:
        sys.exit(f"patch.py: {krate} {variant}: expected one {what}, found {text.count(old)}")
    return text.replace(old, new)


shutil.rmtree(dest, ignore_errors=True)
shutil.copytree(source, dest)
manifest_path = f"{dest}/Cargo.toml"
manifest = open(manifest_path).read()
# The package and its library (where the manifest names it) are renamed, so that three
# variants link into one program.
package = re.compile(r'(\[package\]\n(?:[^\[\n][^\n]*\n)*?name = )"[a-z-]+"')
manifest, renamed = package.subn(rf'\1"{krate}-{variant}"', manifest)
if renamed != 1:
    sys.exit(f"patch.py: {krate} {variant}: no package name in its manifest")
manifest = re.sub(r'(\[lib\]\nname = )"[a-z_]+"', rf'\1"{krate.replace("-", "_")}_{variant}"', manifest)
# Their tests and benchmarks are not built here (and need dev-dependencies).
manifest = re.sub(r"\n\[\[(test|bench|example)\]\]\n(?:[^\[\n][^\n]*\n)*", "\n", manifest)
if variant != "own":
    features = '["auto"]' if variant == "auto" else "[]"
    manifest += f'\n[dependencies.magic-tables]\npath = "{magic_tables}"\nfeatures = {features}\n'
open(manifest_path, "w").write(manifest)

if variant == "own":
    sys.exit(0)
path = PATHS[variant]

if krate == "shakmaty":
    attacks_path = f"{dest}/src/attacks.rs"
    attacks = open(attacks_path).read()
    # The block that picks the crate's own rook and bishop lookups (magics or hyperbola
    # quintessence) becomes two functions over magic-tables.
    start = attacks.index('cfg_select! {\n    feature = "magics" => {')
    end = attacks.index("\n}\n", start) + 3
    ours = f"""/// Rook attacks, from `{path}`.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {{
    Bitboard({path}::rook_attacks(magic_tables::Square::new(sq.to_u32() as u8), occupied.0))
}}

/// Bishop attacks, from `{path}`.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {{
    Bitboard({path}::bishop_attacks(magic_tables::Square::new(sq.to_u32() as u8), occupied.0))
}}
"""
    attacks = attacks[:start] + ours + attacks[end:]
    # `auto`'s lookups are not `const fn`, so neither are the two functions that call them.
    attacks = replace_once(attacks, "pub const fn queen_attacks(", "pub fn queen_attacks(", "queen_attacks")
    attacks = replace_once(attacks, "pub const fn attacks(", "pub fn attacks(", "attacks")
    open(attacks_path, "w").write(attacks)
elif krate == "cozy-chess":
    moves_path = f"{dest}/src/moves.rs"
    moves = open(moves_path).read()
    for slider in ["rook", "bishop"]:
        moves = replace_once(
            moves,
            f"BitBoard(SLIDING_MOVES[get_{slider}_moves_index(square, blockers)])",
            f"BitBoard({path}::{slider}_attacks(magic_tables::Square::new(square as u8), blockers.0))",
            f"get_{slider}_moves body",
        )
    open(moves_path, "w").write(moves)
else:
    sys.exit(f"patch.py: unknown crate {krate}")
