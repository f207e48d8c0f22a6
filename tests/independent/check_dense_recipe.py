#!/usr/bin/env python3
"""Re-checks a packed magic recipe (black, fixed-shift or black-variable) without this
project's code: its own masks, its own slow ray attacks, every relevant occupancy of every
square, and the shared array filled slot by slot.

    python3 tests/independent/check_dense_recipe.py magic-gen/recipes/black.recipe.csv

It reads only the recipe's `# layout=` line and its `slider,square,...,offset,[bits,]magic`
rows (the `k` column, how the magic was found, is `magic-gen verify --rederive`'s business).
A slot may hold one attack set: two occupancies, of one square or of two, that land on the
same slot must have equal attacks. Prints the table's size (highest slot + 1) and its used
slots; exits 1 on any conflict or a stated size that differs.
"""

import sys

M64 = (1 << 64) - 1
ROOK_DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRECTIONS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def square_index(name):
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def attacks(square, directions, occupied):
    """The squares a slider on `square` reaches, stopping at (and including) a blocker."""
    result = 0
    for df, dr in directions:
        f, r = square % 8 + df, square // 8 + dr
        while 0 <= f < 8 and 0 <= r < 8:
            bit = 1 << (r * 8 + f)
            result |= bit
            if occupied & bit:
                break
            f, r = f + df, r + dr
    return result


def relevant_mask(square, directions):
    """The ray squares whose occupancy can change the attacks: each ray without its last square."""
    mask = 0
    for df, dr in directions:
        f, r = square % 8 + df, square // 8 + dr
        ray = []
        while 0 <= f < 8 and 0 <= r < 8:
            ray.append(r * 8 + f)
            f, r = f + df, r + dr
        for s in ray[:-1]:
            mask |= 1 << s
    return mask


def subsets(mask):
    """Every subset of `mask` (Carry-Rippler)."""
    subset = 0
    while True:
        yield subset
        subset = (subset - mask) & mask
        if subset == 0:
            return


def check(path):
    header, rows = {}, []
    columns = None
    for line in open(path):
        line = line.strip()
        if line.startswith("#"):
            if "=" in line:
                key, value = line[1:].strip().split("=", 1)
                header[key] = value
        elif columns is None:
            columns = line.split(",")
        elif line:
            rows.append(dict(zip(columns, line.split(","))))
    layout = header.get("layout")
    black = layout in ("black", "black-variable")
    if layout is None:
        print(f"{path}: FAILED: no `# layout=` line")
        return False
    if layout not in ("black", "black-variable", "fixed-shift"):
        print(f"{path}: FAILED: layout={layout} is not a packed layout")
        return False
    if layout == "black-variable" and "bits" not in (columns or []):
        print(f"{path}: FAILED: a black-variable recipe has a bits column")
        return False
    missing = [c for c in ("slider", "square", "offset", "magic") if c not in (columns or [])]
    if missing or not rows:
        print(f"{path}: FAILED: no rows with columns slider, square, offset and magic")
        return False
    slots = {}
    errors = 0
    for row in rows:
        rook = row["slider"] == "rook"
        square = square_index(row["square"])
        directions = ROOK_DIRECTIONS if rook else BISHOP_DIRECTIONS
        mask = relevant_mask(square, directions)
        bits = int(row["bits"]) if row.get("bits") else (12 if rook else 9)
        magic, offset = int(row["magic"], 16), int(row["offset"])
        for occupancy in subsets(mask):
            key = (occupancy | (~mask & M64)) if black else occupancy
            index = ((key * magic) & M64) >> (64 - bits)
            slot = offset + index
            attack = attacks(square, directions, occupancy)
            held = slots.setdefault(slot, (attack, row["slider"], row["square"]))
            if held[0] != attack:
                errors += 1
                if errors <= 10:
                    print(f"conflict at slot {slot}: {row['slider']} {row['square']} and {held[1]} {held[2]}")
    size = max(slots) + 1
    print(f"{path}: {layout}, {len(rows)} squares, {size} entries, {len(slots)} used slots, {errors} conflicts")
    stated = (int(header.get("table_entries", size)), int(header.get("used_slots", len(slots))))
    if len(rows) != 128 or errors or stated != (size, len(slots)):
        print(f"{path}: FAILED (stated {stated[0]} entries, {stated[1]} used slots)")
        return False
    return True


if __name__ == "__main__":
    results = [check(path) for path in sys.argv[1:]]
    sys.exit(0 if results and all(results) else 1)
