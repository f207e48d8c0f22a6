#!/usr/bin/env bash
# The cluster recipe, tested on a real single-node Slurm (start-slurm.sh): 4-task arrays of
# `walk`, `search` and `sweep` (and a 3-task `search --black`, and a sweep of 64 shards finer
# than its first field, 16 a task), merged, equal the single-process
# results byte for byte; a 4-task portfolio of `pack` runs from the merged walks, merged, equals
# `pack --portfolio 4`; a pack task stopped by SIGTERM mid-run and run again ends with the same
# recipe as one that never stopped. Run from the repository's root; needs root (it installs and starts Slurm).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$PWD/scale/slurm
cargo build --release --quiet -p magic-gen
# CARGO_TARGET_DIR may be relative (to the repository's root) or absolute.
target=${CARGO_TARGET_DIR:-target}
[[ $target == /* ]] || target=$PWD/$target
export MAGIC_GEN=$target/release/magic-gen
"$here/start-slurm.sh"
export SLURM_CONF=${MAGIC_SLURM_DIR:-/tmp/magic-slurm}/slurm.conf
work=$(mktemp -d)
trap 'cd /; rm -rf "$work"; "$here/stop-slurm.sh"' EXIT
cd "$work"

# Waits until every job named in "$@" has left the queue.
wait_jobs() {
    for _ in $(seq 600); do
        if [ -z "$(squeue -h -j "$(IFS=,; echo "$*")" 2>/dev/null)" ]; then
            return 0
        fi
        sleep 1
    done
    echo "jobs $* did not finish" >&2
    return 1
}

search_flags=(--slider bishop --square a1,b2,c3,d4,e5,f6,g7,h8 --seed 9)
# The record pipeline at a small size: walks of 2 x 500 moves per square, then a portfolio of
# packing runs from the merged walks.
walk_flags=(--layout fixed-shift --seed 3 --set walks=2 --set walk-steps=500)
pack_flags=("${walk_flags[@]}" --set pool=40 --set init-valid=20 --set restart-every=100 --set compact-bishops=2000 --progress 0.2)
# A longer pack task for the preemption check (it walks for itself).
long_flags=("${pack_flags[@]}" --iterations 1200)
sweep_flags=(--slider bishop --square d8 --bits 5)
# Shards finer than the first field (rook h8's 4 values, each split in 16), 16 a task.
fine_flags=(--slider rook --square h8 --bits 9)
black_flags=(--black --format csv "${search_flags[@]}")

walk_job=$(sbatch --parsable --array=0-3 --chdir="$work" "$here/walk.sbatch" "$work/walks" "${walk_flags[@]}")
preempt_job=$(sbatch --parsable --array=0 --chdir="$work" "$here/pack.sbatch" "$work/preempted" "${long_flags[@]}")
sweep_job=$(sbatch --parsable --array=0-3 --chdir="$work" "$here/sweep.sbatch" "$work/sweep" "${sweep_flags[@]}")
fine_job=$(SWEEP_SHARDS=64 SWEEP_PER_TASK=16 sbatch --parsable --array=0-3 --chdir="$work" "$here/sweep.sbatch" \
    "$work/fine" "${fine_flags[@]}")
search_job=$(sbatch --parsable --array=0-3 --chdir="$work" "$here/search.sbatch" "$work/search" "${search_flags[@]}")
black_job=$(sbatch --parsable --array=0-2 --chdir="$work" "$here/search.sbatch" "$work/black" "${black_flags[@]}")
# The single-process runs, meanwhile.
"$MAGIC_GEN" pack "${long_flags[@]}" --shard 0/1 -o "$work/uninterrupted.csv" 2>/dev/null &
uninterrupted=$!
"$MAGIC_GEN" walk "${walk_flags[@]}" -o "$work/walks-whole.csv" 2>/dev/null
"$MAGIC_GEN" search "${search_flags[@]}" -o "$work/search-whole.json" 2>/dev/null
"$MAGIC_GEN" search "${black_flags[@]}" -o "$work/black-whole.csv" 2>/dev/null
"$MAGIC_GEN" sweep "${sweep_flags[@]}" -o "$work/sweep-whole.txt" 2>/dev/null
"$MAGIC_GEN" sweep "${fine_flags[@]}" -o "$work/fine-whole.txt" 2>/dev/null

# Preemption: SIGTERM to the pack task after its second restart; the same task again (as a
# requeue does) continues from the state of its last restart.
log="$work/magic-pack-${preempt_job}_0.log"
for _ in $(seq 600); do
    if grep -qsE '^iteration (2[5-9][0-9]|[3-9][0-9][0-9]) ' "$log"; then
        break
    fi
    sleep 0.2
done
scancel --batch --signal=TERM "$preempt_job"

wait_jobs "$walk_job"
# Every walk shard is finished: status.sh must say so of each (it read the rows of an older
# format as none walked).
status=$("$here/status.sh" "$work/walks")
echo "$status"
if grep -Ev ': ([0-9]+) of \1 squares walked$' <<<"$status" | grep -q .; then
    echo "status.sh does not report the finished walk shards as walked" >&2
    exit 1
fi
"$MAGIC_GEN" merge "$work"/walks/walks-*.csv -o "$work/walks-merged.csv"
cmp "$work/walks-whole.csv" "$work/walks-merged.csv"
echo "walk array merged: byte-identical to the single-process walk cache"
pack_flags+=(--walk-cache "$work/walks-merged.csv" --iterations 300)
pack_job=$(sbatch --parsable --array=0-3 --chdir="$work" "$here/pack.sbatch" "$work/pack" "${pack_flags[@]}")

wait_jobs "$preempt_job"
grep -q '^# stopped=suspended: SIGTERM' "$work/preempted/member-0.csv" || {
    echo "the task was not suspended by SIGTERM after a restart:" >&2
    grep '^# stopped=' "$work/preempted/member-0.csv" >&2
    exit 1
}
grep '^# stopped=' "$work/preempted/member-0.csv"
requeued_job=$(sbatch --parsable --array=0 --chdir="$work" "$here/pack.sbatch" "$work/preempted" "${long_flags[@]}")

"$MAGIC_GEN" pack "${pack_flags[@]}" --portfolio 4 -o "$work/pack-whole.csv" 2>/dev/null
wait_jobs "$search_job" "$pack_job" "$sweep_job" "$black_job" "$fine_job"
"$here/status.sh" "$work/search"
"$here/status.sh" "$work/black"
"$here/status.sh" "$work/pack"
"$MAGIC_GEN" merge "$work"/search/shard-*.json -o "$work/search-merged.json"
"$MAGIC_GEN" merge "$work"/pack/member-*.csv -o "$work/pack-merged.csv"
cmp "$work/search-whole.json" "$work/search-merged.json"
"$MAGIC_GEN" merge "$work"/black/shard-*.csv -o "$work/black-merged.csv"
cmp "$work/black-whole.csv" "$work/black-merged.csv"
cmp "$work/pack-whole.csv" "$work/pack-merged.csv"
"$MAGIC_GEN" merge "$work"/sweep/sweep-*.txt -o "$work/sweep-merged.txt"
cmp "$work/sweep-whole.txt" "$work/sweep-merged.txt"
echo "search (fancy and black), pack portfolio and sweep arrays merged: byte-identical to the single-process runs"
"$here/status.sh" "$work/sweep"
status=$("$here/status.sh" "$work/fine")
echo "$status"
grep -qx 'sweep: 64 of 64 shards complete, magics found: none' <<<"$status" ||
    { echo "status.sh does not report the 64 fine sweep shards complete" >&2; exit 1; }
"$MAGIC_GEN" merge "$work"/fine/sweep-*.txt -o "$work/fine-merged.txt"
cmp "$work/fine-whole.txt" "$work/fine-merged.txt"
echo "a sweep of 64 shards finer than its first field, 16 a task: merged, byte-identical to the single-process sweep"

# A task of an array of another size, or of another command, must neither overwrite a shard of
# the first array nor skip one as done: every array script refuses the directory (exit 2, one
# line naming the file and both counts), and the shards stay as they were.
refused() { # EXPECTED_MESSAGE SCRIPT COUNT OUT_DIR ARGS...
    local message=$1 script=$2 count=$3
    shift 3
    local code=0
    SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=$count bash "$here/$script" "$@" 2> "$work/refused.log" || code=$?
    if [ "$code" != 2 ] || [ "$(wc -l < "$work/refused.log")" != 1 ] || ! grep -q -- "$message" "$work/refused.log"; then
        echo "$script of $count tasks into $1: exit $code, not the refusal ($message):" >&2
        cat "$work/refused.log" >&2
        exit 1
    fi
}
refused 'holds an array of 4 shards, this task is of 7' search.sbatch 7 "$work/search" "${search_flags[@]}"
refused 'holds the results of `search' search.sbatch 4 "$work/search" --seed 1
refused 'holds an array of 4 shards, this task is of 7' sweep.sbatch 7 "$work/sweep" "${sweep_flags[@]}"
refused 'holds an array of 4 shards, this task is of 7' walk.sbatch 7 "$work/walks" "${walk_flags[@]}"
refused 'holds an array of 4 shards, this task is of 5' pack.sbatch 5 "$work/pack" "${pack_flags[@]}"
# A directory an older version wrote (no array.txt): the shard file itself says its count.
cp -r "$work/sweep" "$work/sweep-old"
rm "$work/sweep-old/array.txt"
refused 'sweep-0.txt holds shard 0/4 (an array of 4 shards), this task is shard 0/7' \
    sweep.sbatch 7 "$work/sweep-old" "${sweep_flags[@]}"
cmp "$work/search-whole.json" <("$MAGIC_GEN" merge "$work"/search/shard-*.json)
cmp "$work/sweep-whole.txt" <("$MAGIC_GEN" merge "$work"/sweep/sweep-*.txt)
# status.sh reads no directory of two arrays as one.
cp "$work/black/shard-0.csv" "$work/search/shard-9.csv"
code=0
"$here/status.sh" "$work/search" > /dev/null 2> "$work/refused.log" || code=$?
[ "$code" = 2 ] && grep -q 'shard-9.csv is a shard of an array of 3 shards, but .*array.txt is of 4' "$work/refused.log" ||
    { echo "status.sh read a directory of two arrays (exit $code):" >&2; cat "$work/refused.log" >&2; exit 1; }
echo "tasks of arrays of another size or command are refused by every array script, status.sh refuses mixed arrays; the shards are untouched"

# A file a task cannot read (a damaged checkpoint, a directory or a link to nothing where its
# shard's file should be, a damaged array record) is named on one line, exit 2, before any work;
# a damaged file that names its shard is named by magic-gen's own reader the same way.
damaged_files() {
    mkdir -p "$work/damaged-"{pack,member,walk,sweep,search,status}
    printf '\x00\x01garbage\xff\n' > "$work/damaged-pack/member-0.csv"
    refused 'member-0.csv records no shard (damaged' pack.sbatch 4 "$work/damaged-pack" "${pack_flags[@]}"
    printf '# command=magic-gen pack --shard 0/4\ngarbage\x00\n' > "$work/damaged-member/member-0.csv"
    refused 'member-0.csv:2: not text' pack.sbatch 4 "$work/damaged-member" "${pack_flags[@]}"
    mkdir "$work/damaged-walk/walks-0.csv"
    refused 'walks-0.csv: not a regular file' walk.sbatch 4 "$work/damaged-walk" "${walk_flags[@]}"
    ln -s "$work/nowhere" "$work/damaged-sweep/sweep-0.txt"
    refused 'sweep-0.txt: a link to nothing' sweep.sbatch 4 "$work/damaged-sweep" "${sweep_flags[@]}"
    echo garbage > "$work/damaged-search/array.txt"
    refused 'array.txt: damaged (not the script=' search.sbatch 4 "$work/damaged-search" "${search_flags[@]}"
    printf '# command=magic-gen pack --shard 0/4\n' > "$work/damaged-status/member-0.csv"
    local code=0
    "$here/status.sh" "$work/damaged-status" > /dev/null 2> "$work/refused.log" || code=$?
    [ "$code" = 2 ] && [ "$(wc -l < "$work/refused.log")" = 1 ] &&
        grep -q 'member-0.csv has no `# table_entries=` line (damaged)' "$work/refused.log" ||
        { echo "status.sh read a damaged member (exit $code):" >&2; cat "$work/refused.log" >&2; exit 1; }
    echo "files the tasks and status.sh cannot read are named on one line, exit 2"
}
damaged_files

wait_jobs "$requeued_job"
wait "$uninterrupted"
cmp "$work/uninterrupted.csv" "$work/preempted/member-0.csv"
echo "a pack task stopped by SIGTERM and run again: byte-identical to the uninterrupted run ($SECONDS s in all)"
