# Sourced by the sbatch scripts (not run): the guards that keep one output directory to one
# array. A directory records the array that first wrote to it (array.txt: the script, the shard
# count and the command's arguments); a task of another array, or a file of another shard count,
# is refused with one line naming the file and both, and exit 2, before anything is written or
# skipped. So no task reports as done a shard that another array did.

# claim_array OUT_DIR SCRIPT SHARDS ARGS...: records this array in OUT_DIR/array.txt if nothing
# is recorded yet (the first task of several starting at once wins: the record is linked into
# place whole), then refuses the task unless the record is this array's.
claim_array() {
    local out=$1 script=$2 shards=$3
    shift 3
    local record="$out/array.txt" mine
    mine=$(printf 'script=%s\nshards=%s\nargs=%s\n' "$script" "$shards" "$*")
    if [ ! -e "$record" ]; then
        local draft
        draft=$(mktemp "$out/.array.XXXXXX")
        printf '%s\n' "$mine" > "$draft"
        ln "$draft" "$record" 2> /dev/null || true
        rm -f "$draft"
    fi
    local theirs
    theirs=$(cat "$record")
    if [ "$theirs" != "$mine" ]; then
        local their_shards their_args
        their_shards=$(sed -n 's/^shards=//p' "$record")
        their_args=$(sed -n 's/^args=//p' "$record")
        if [ "$their_shards" != "$shards" ]; then
            echo "error: $record: $out holds an array of $their_shards shards, this task is of $shards: give another OUT_DIR" >&2
        else
            echo "error: $record: $out holds the results of \`$(sed -n 's/^script=//p' "$record") $their_args\` ($their_shards shards), not of \`$script $*\` ($shards shards): give another OUT_DIR" >&2
        fi
        exit 2
    fi
}

# refuse_other_shard FILE I N: refuses FILE unless it is missing or records shard I/N (a
# `# shard=` line, a JSON "shard" field, or the `--shard` of a recipe's `# command=`).
refuse_other_shard() {
    local file=$1 i=$2 n=$3
    [ -s "$file" ] || return 0
    local recorded
    recorded=$(grep -m1 -o -e '^# shard=[0-9]*/[0-9]*' -e '"shard": "[0-9]*/[0-9]*"' -e '--shard [0-9]*/[0-9]*' "$file" |
        grep -o '[0-9]*/[0-9]*')
    if [ -z "$recorded" ]; then
        echo "error: $file records no shard (not of an array of $n shards), this task is shard $i/$n: give another OUT_DIR" >&2
        exit 2
    elif [ "$recorded" != "$i/$n" ]; then
        echo "error: $file holds shard $recorded (an array of ${recorded#*/} shards), this task is shard $i/$n ($n shards): give another OUT_DIR" >&2
        exit 2
    fi
}
