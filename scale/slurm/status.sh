#!/usr/bin/env bash
# Which shards or members of an array run are done: each file's state, from its own content.
#   scale/slurm/status.sh OUT_DIR
set -uo pipefail
out=$1
for file in "$out"/shard-*.json; do
    [ -e "$file" ] || continue
    found=$(grep -c '"magic": "0x' "$file")
    total=$(grep -c '"slider"' "$file")
    echo "$(basename "$file"): $found of $total squares found"
done
for file in "$out"/shard-*.csv; do
    # A black search (`search --black`): rows with a magic, of all rows under the CSV header.
    [ -e "$file" ] || continue
    found=$(grep -c ',0x' "$file")
    total=$(grep -c -v -e '^#' -e '^slider,' "$file")
    echo "$(basename "$file"): $found of $total squares found"
done
for file in "$out"/member-*.csv; do
    [ -e "$file" ] || continue
    entries=$(sed -n 's/^# table_entries=//p' "$file")
    cycles=$(sed -n 's/^# iteration=//p' "$file")
    stopped=$(sed -n 's/^# stopped=//p' "$file")
    echo "$(basename "$file"): $entries entries after $cycles cycles ($stopped)"
done
