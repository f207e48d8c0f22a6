#!/usr/bin/env bash
# Which shards or members of an array run are done: each file's state, from its own content.
#   scale/slurm/status.sh OUT_DIR
set -uo pipefail
out=$1
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
for file in "$out"/sweep-*.txt; do
    # A sweep shard: its own `# status=` (complete or partial) and its magics so far.
    [ -e "$file" ] || continue
    shard=$(sed -n 's/^# shard=//p' "$file")
    status=$(sed -n 's/^# status=//p' "$file")
    magics=$(sed -n 's/^# magics=//p' "$file")
    next=$(sed -n 's/^# next=//p' "$file")
    end=$(sed -n 's/^# end=//p' "$file")
    if [ "$status" = complete ]; then
        echo "$(basename "$file"): shard $shard complete, $magics magics"
    else
        echo "$(basename "$file"): shard $shard stopped at first-field value $next of $end, $magics magics so far (run the task again)"
    fi
done
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
