#!/usr/bin/env bash
# Which shards or members of an array run are done: each file's state, from its own content.
#   scale/slurm/status.sh OUT_DIR
set -uo pipefail
out=$1
# The guards of the array scripts: a file that cannot be read is named on one line, exit 2.
source "$(dirname "$0")/array.sh"
refuse_unreadable "$out/array.txt" "the record of the directory's array"
# One array a directory: every result file's shard count must be the array's (array.txt, which
# the array scripts write) or, without one, the first file's. A file of another count is named
# with both counts and nothing is reported (exit 2): its state would be read as the array's.
expected=$(sed -n 's/^shards=//p' "$out/array.txt" 2> /dev/null)
expected_from=${expected:+$out/array.txt}
for file in "$out"/shard-*.json "$out"/shard-*.csv "$out"/shard-*.txt "$out"/sweep-*.txt "$out"/walks-*.csv \
    "$out"/member-*.csv; do
    refuse_unreadable "$file" "a result file of the array"
    [ -s "$file" ] || continue
    recorded=$(grep -a -m1 -o -e '^# shard=[0-9]*/[0-9]*' -e '"shard": "[0-9]*/[0-9]*"' -e '--shard [0-9]*/[0-9]*' \
        -- "$file" | grep -o '[0-9]*/[0-9]*' | sed 's|.*/||')
    # Every result file of an array records its shard, and a walk shard or a member the lines
    # read below: a file without them is damaged, and its state cannot be read.
    case $file in
    */walks-*.csv) needed='# walks=' ;;
    */member-*.csv) needed='# table_entries=' ;;
    *) needed='' ;;
    esac
    if [ -z "$recorded" ]; then
        echo "error: $file records no shard (damaged): remove it and run its task again" >&2
        exit 2
    elif [ -n "$needed" ] && ! grep -aq -- "^$needed[0-9]" "$file"; then
        echo "error: $file has no \`$needed\` line (damaged): remove it and run its task again" >&2
        exit 2
    fi
    if [ -z "$expected" ]; then
        expected=$recorded
        expected_from=$file
    elif [ "$recorded" != "$expected" ]; then
        echo "error: $file is a shard of an array of $recorded shards, but $expected_from is of $expected: one array a directory" >&2
        exit 2
    fi
done
# A search shard: squares found; of the others, those that drew their whole share of the
# candidate limit (finished) and those that did not (stopped early: run the task again). The
# share of shard I/N of the candidates 1..L is the count of candidates in its blocks of 4,096
# (block b belongs to shard b mod N); a search limited by time alone has no share.
search_status() {
    awk -v name="$2" '
        function owned(number, i, n,    full, k, partial) {
            full = int(number / 4096)
            k = int(full / n) + ((full % n) > i ? 1 : 0)
            partial = ((full % n) == i) ? number - full * 4096 : 0
            return k * 4096 + partial
        }
        /^# shard=/ || /"shard":/ { s = $0; gsub(/.*shard[=": ]*|[",].*/, "", s); split(s, p, "/") }
        /^# max_candidates=/ || /"max_candidates":/ { v = $0; gsub(/[^0-9]/, "", v); limit = v }
        /^# after=/ || /"after":/ { v = $0; gsub(/[^0-9]/, "", v); after = v }
        /"drawn":/ { v = $0; gsub(/[^0-9]/, "", v); drawn[++rows] = v; found[rows] = have; have = 0 }
        /"magic": "0x/ { have = 1 }
        /^(rook|bishop),/ { n = split($0, f, ","); rows++; drawn[rows] = f[n]; found[rows] = (f[4] ~ /^0x/) }
        END {
            share = (limit == "") ? -1 : owned(after + limit, p[1], p[2]) - owned(after + 0, p[1], p[2])
            for (r = 1; r <= rows; r++) {
                if (found[r]) nfound++
                else if (share >= 0 && drawn[r] + 0 >= share) done++
                else stopped++
            }
            printf "%s: shard %s/%s, %d of %d squares found, %d searched to the limit without one, %d stopped early%s\n",
                name, p[1], p[2], nfound, rows, done, stopped, stopped ? " (run the task again)" : ""
        }' "$1"
}
for file in "$out"/shard-*.json "$out"/shard-*.csv; do
    [ -e "$file" ] || continue
    search_status "$file" "$(basename "$file")"
done
# Sweep shards (`sweep-I.txt`, or `shard-I-of-N.txt` as magic-gen/lab keeps them): each file's own `# status=` (complete or partial) and its magics so far, then
# the sweep as a whole (k of N shards complete, the magics of every file: the first 8 and how
# many, as `magic-gen merge` says it). Arrays of more than 64 shards list only the shards not
# complete, one a line. One grep reads them all.
sweep_lines=$(mktemp)
trap 'rm -f "$sweep_lines"' EXIT
find "$out" -maxdepth 1 \( -name 'sweep-*.txt' -o -name 'shard-*.txt' \) -exec grep -H -e '^# shard=' -e '^# status=' -e '^# next=' \
    -e '^# end=' -e '^# magics=' -e '^0x' {} + >"$sweep_lines" 2>/dev/null
if [ -s "$sweep_lines" ]; then
    awk '
        { file = $0; sub(/:.*/, "", file); line = substr($0, length(file) + 2); sub(/.*\//, "", file) }
        line ~ /^# shard=/ { shard[file] = substr(line, 9); split(shard[file], p, "/"); count = p[2]; files++ }
        line ~ /^# status=/ { status[file] = substr(line, 10) }
        line ~ /^# next=/ { at[file] = substr(line, 8) }
        line ~ /^# end=/ { end[file] = substr(line, 7) }
        line ~ /^# magics=/ { magics[file] = substr(line, 10) }
        END {
            for (file in shard) {
                if (status[file] == "complete") {
                    if (files <= 64) printf "%s: shard %s complete, %d magics\n", file, shard[file], magics[file]
                } else {
                    printf "%s: shard %s stopped at first-field value %s of %s, %d magics so far (run the task again)\n", file, shard[file], at[file], end[file], magics[file]
                }
            }
        }' "$sweep_lines" | sort -V
    awk '
        { file = $0; sub(/:.*/, "", file); line = substr($0, length(file) + 2) }
        line ~ /^# shard=/ { split(substr(line, 9), p, "/"); count = p[2] }
        line ~ /^# status=complete$/ { complete++ }
        line ~ /^0x/ { print "magic " line }
        END { print "count " complete + 0 " " count }' "$sweep_lines" | sort -u | awk '
        /^count / { complete = $2; count = $3 }
        /^magic / { if (++n <= 8) found = found " " $2 }
        END {
            list = n <= 8 ? substr(found, 2) : n ":" found " …"
            printf "sweep: %d of %d shards complete, magics found: %s\n", complete, count, n ? list : "none"
        }'
fi
for file in "$out"/walks-*.csv; do
    # A walk shard: the squares with all their walks, of the shard's squares.
    [ -e "$file" ] || continue
    shard=$(sed -n 's/^# shard=//p' "$file")
    walks=$(sed -n 's/^# walks=//p' "$file")
    squares=$(( (128 - ${shard%/*} + ${shard#*/} - 1) / ${shard#*/} ))
    # Rows are slider,square,bits,walk,start,magic: a square is walked once its last walk is there.
    done=$(awk -F, -v last="$walks" '$4 == last && $6 ~ /^0x/' "$file" | wc -l)
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
