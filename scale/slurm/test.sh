#!/usr/bin/env bash
# The cluster recipe, tested on a real single-node Slurm (start-slurm.sh): 4-task arrays of
# `search`, `pack` and `sweep` (and a 3-task `search --black`), merged, equal the single-process
# results byte for byte; a pack task
# stopped by SIGTERM mid-run and run again ends with the same recipe as one that never
# stopped. Run from the repository's root; needs root (it installs and starts Slurm).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$PWD/scale/slurm
cargo build --release --quiet -p magic-gen
export MAGIC_GEN=$PWD/${CARGO_TARGET_DIR:-target}/release/magic-gen
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
pack_flags=(--layout fixed-shift --seed 3 --rook-draws 20000 --bishop-draws 3000 --cycles 3 --cycle-moves 300 --progress 100)

sweep_flags=(--slider bishop --square d8 --bits 5)
sweep_job=$(sbatch --parsable --array=0-3 --chdir="$work" "$here/sweep.sbatch" "$work/sweep" "${sweep_flags[@]}")
search_job=$(sbatch --parsable --array=0-3 --chdir="$work" "$here/search.sbatch" "$work/search" "${search_flags[@]}")
black_flags=(--black --format csv "${search_flags[@]}")
black_job=$(sbatch --parsable --array=0-2 --chdir="$work" "$here/search.sbatch" "$work/black" "${black_flags[@]}")
pack_job=$(sbatch --parsable --array=0-3 --chdir="$work" "$here/pack.sbatch" "$work/pack" "${pack_flags[@]}")
# The single-process runs, meanwhile.
"$MAGIC_GEN" search "${search_flags[@]}" -o "$work/search-whole.json" 2>/dev/null
"$MAGIC_GEN" search "${black_flags[@]}" -o "$work/black-whole.csv" 2>/dev/null
"$MAGIC_GEN" sweep "${sweep_flags[@]}" -o "$work/sweep-whole.txt" 2>/dev/null
"$MAGIC_GEN" pack --stream compact "${pack_flags[@]}" --portfolio 4 -o "$work/pack-whole.csv" 2>/dev/null
wait_jobs "$search_job" "$pack_job" "$sweep_job" "$black_job"
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
echo "search (fancy and black), pack and sweep arrays merged: byte-identical to the single-process runs"

# Preemption: SIGTERM to a pack task mid-run, then the same task again (as a requeue does).
long_flags=(--layout fixed-shift --seed 5 --rook-draws 20000 --bishop-draws 3000 --cycles 12 --cycle-moves 2000 --progress 100)
"$MAGIC_GEN" pack --stream compact "${long_flags[@]}" --shard 0/1 -o "$work/uninterrupted.csv" 2>/dev/null
job=$(sbatch --parsable --array=0 --chdir="$work" "$here/pack.sbatch" "$work/preempted" "${long_flags[@]}")
for _ in $(seq 300); do
    if grep -qs '^# iteration=[1-9]' "$work/preempted/member-0.csv"; then
        break
    fi
    sleep 0.2
done
scancel --batch --signal=TERM "$job"
wait_jobs "$job"
grep -q '^# stopped=SIGTERM' "$work/preempted/member-0.csv" || {
    echo "the task was not stopped by SIGTERM mid-run:" >&2
    grep '^# stopped=' "$work/preempted/member-0.csv" >&2
    exit 1
}
job=$(sbatch --parsable --array=0 --chdir="$work" "$here/pack.sbatch" "$work/preempted" "${long_flags[@]}")
wait_jobs "$job"
cmp "$work/uninterrupted.csv" "$work/preempted/member-0.csv"
echo "a pack task stopped by SIGTERM and run again: byte-identical to the uninterrupted run"
