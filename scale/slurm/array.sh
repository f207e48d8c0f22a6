# Sourced by the sbatch scripts (not run): the guards that keep one output directory to one
# array. A directory records the array that first wrote to it (array.txt: the script, the shard
# count and the command's arguments); a task of another array, or a file of another shard count,
# is refused with one line naming the file and both, and exit 2, before anything is written or
# skipped. So no task reports as done a shard that another array did. A file a task reads that it
# cannot read (not a regular file, unreadable, or damaged so that it says no array or shard) is
# named on one line the same way, exit 2: never a silent exit.

# refuse_unreadable FILE WHAT: refuses FILE, if it exists, unless it is a regular file that can be
# read (one line naming it and why, exit 2); WHAT says what the file should be.
refuse_unreadable() {
    local file=$1 what=$2 why
    [ -e "$file" ] || [ -L "$file" ] || return 0
    if [ ! -e "$file" ]; then
        why="a link to nothing"
    elif [ ! -f "$file" ]; then
        why="not a regular file"
    elif ! why=$(head -c 1 -- "$file" 2>&1 > /dev/null); then
        why=${why##*: }
        why="cannot be read (${why:-unknown error})"
    else
        return 0
    fi
    echo "error: $file: $why, where $what should be: remove it or give another OUT_DIR" >&2
    exit 2
}

# claim_array OUT_DIR SCRIPT SHARDS ARGS...: records this array in OUT_DIR/array.txt if nothing
# is recorded yet (the first task of several starting at once wins: the record is linked into
# place whole), then refuses the task unless the record is this array's.
claim_array() {
    local out=$1 script=$2 shards=$3
    shift 3
    local record="$out/array.txt" mine
    mine=$(printf 'script=%s\nshards=%s\nargs=%s\n' "$script" "$shards" "$*")
    refuse_unreadable "$record" "the record of the directory's array"
    if [ ! -e "$record" ]; then
        local draft
        draft=$(mktemp "$out/.array.XXXXXX")
        printf '%s\n' "$mine" > "$draft"
        ln "$draft" "$record" 2> /dev/null || true
        rm -f "$draft"
    fi
    local theirs
    theirs=$(cat "$record")
    if ! grep -q '^script=' <<<"$theirs" || ! grep -q '^shards=[0-9][0-9]*$' <<<"$theirs" ||
        ! grep -q '^args=' <<<"$theirs"; then
        echo "error: $record: damaged (not the script=, shards= and args= lines of an array's record): remove it or give another OUT_DIR" >&2
        exit 2
    fi
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
    refuse_unreadable "$file" "shard $i/$n's file"
    [ -s "$file" ] || return 0
    local recorded
    # Text or not (a damaged file may hold any bytes), and no match is an answer, not an error.
    recorded=$({ grep -a -m1 -o -e '^# shard=[0-9]*/[0-9]*' -e '"shard": "[0-9]*/[0-9]*"' -e '--shard [0-9]*/[0-9]*' \
        -- "$file" || true; } | grep -o '[0-9]*/[0-9]*' || true)
    if [ -z "$recorded" ]; then
        echo "error: $file records no shard (damaged, or not of an array of $n shards), this task is shard $i/$n: remove it or give another OUT_DIR" >&2
        exit 2
    elif [ "$recorded" != "$i/$n" ]; then
        echo "error: $file holds shard $recorded (an array of ${recorded#*/} shards), this task is shard $i/$n ($n shards): give another OUT_DIR" >&2
        exit 2
    fi
}
