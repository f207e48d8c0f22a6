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
for file in "$out"/walks-*.csv; do
    # A walk shard: the squares with all their walks, of the shard's squares.
    [ -e "$file" ] || continue
    shard=$(sed -n 's/^# shard=//p' "$file")
    walks=$(sed -n 's/^# walks=//p' "$file")
    squares=$(( (128 - ${shard%/*} + ${shard#*/} - 1) / ${shard#*/} ))
    done=$(grep -c ",$walks,0x" "$file")
    echo "$(basename "$file"): $done of $squares squares walked"
done
for file in "$out"/member-*.csv; do
    # A packing member: its table and state; `budget` is finished, `suspended:` continues.
    [ -e "$file" ] || continue
    entries=$(sed -n 's/^# table_entries=//p' "$file")
    iteration=$(sed -n 's/^# iteration=//p' "$file")
    stopped=$(sed -n 's/^# stopped=//p' "$file")
    echo "$(basename "$file"): $entries entries at iteration $iteration ($stopped)"
done
