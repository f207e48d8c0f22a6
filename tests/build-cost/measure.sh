#!/usr/bin/env bash
# What adding magic-tables costs a dependent's clean build, beside the two crates engines would
# pick instead: three fresh crates, each depending on one of magic-tables (by path, this
# checkout), shakmaty and cozy-chess, each with a fresh lockfile (what a new dependent resolves
# today, not this repository's Cargo.lock), built one after the other in debug from an empty
# target directory, for ROUNDS rounds (default 2); and, in the same rounds, the README's
# main-job command in a fresh clone of this checkout's HEAD (its own Cargo.lock), cold. Prints
# each build's wall time, the best of each and the ratios the README quotes, and keeps each
# magic-tables build's `cargo build --timings` report.
#
#   tests/build-cost/measure.sh            # needs the crates in cargo's cache or the registry
#   ROUNDS=3 tests/build-cost/measure.sh
#
# The crates and their target directories go to $WORK (default: a new temporary directory).
# The dependents' own profile (none: Cargo's defaults) applies, as in an engine's build; this
# workspace's profile settings do not.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="${WORK:-$(mktemp -d)}"
rounds="${ROUNDS:-2}"
declare -A dependency=(
    [magic-tables]="magic-tables = { path = \"$repo/magic-tables\" }"
    [shakmaty]='shakmaty = "0.29"'
    [cozy-chess]='cozy-chess = "0.3"'
)
crates=(magic-tables shakmaty cozy-chess)
for crate in "${crates[@]}"; do
    dir="$work/uses-$crate"
    mkdir -p "$dir/src"
    printf '[package]\nname = "uses-%s"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n[workspace]\n\n[dependencies]\n%s\n' \
        "$crate" "${dependency[$crate]}" > "$dir/Cargo.toml"
    echo 'fn main() {}' > "$dir/src/main.rs"
    # Resolve (and fetch) before timing anything.
    (cd "$dir" && cargo generate-lockfile --quiet && cargo fetch --quiet)
done
# The main job: the README's first command, in a fresh clone (committed files only).
clone="$work/clone"
rm -rf "$clone"
git clone --quiet "$repo" "$clone"
main_job=$(sed -n '4p' "$repo/README.md" | sed 's/ *#.*//')
case "$main_job" in
    "cargo run "*) ;;
    *) echo "README.md line 4 is not the main-job command: $main_job" >&2; exit 1 ;;
esac
(cd "$clone" && cargo fetch --quiet)
declare -A best
for round in $(seq "$rounds"); do
    rm -rf "$clone/target"
    start=$(date +%s.%N)
    (cd "$clone" && eval "$main_job" > /dev/null 2>&1)
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    printf 'round %d: %-12s %6.2f s\n' "$round" "main job" "$seconds"
    if [ -z "${best[main-job]:-}" ] || [ "$(echo "$seconds < ${best[main-job]}" | bc)" = 1 ]; then
        best[main-job]=$seconds
    fi
    for crate in "${crates[@]}"; do
        dir="$work/uses-$crate"
        rm -rf "$dir/target"
        start=$(date +%s.%N)
        (cd "$dir" && cargo build --quiet --timings 2> /dev/null)
        seconds=$(echo "$(date +%s.%N) - $start" | bc)
        printf 'round %d: %-12s %6.2f s\n' "$round" "$crate" "$seconds"
        if [ -z "${best[$crate]:-}" ] || [ "$(echo "$seconds < ${best[$crate]}" | bc)" = 1 ]; then
            best[$crate]=$seconds
        fi
    done
done
printf '\n| crate | clean debug build, best of %d |\n|---|---:|\n' "$rounds"
for crate in "${crates[@]}"; do
    printf '| %s | %.2f s |\n' "$crate" "${best[$crate]}"
done
printf '| the main job, cold in a fresh clone | %.2f s |\n' "${best[main-job]}"
ratio() { printf '%.2f' "$(echo "scale=4; $1 / $2" | bc)"; }
echo
echo "magic-tables / shakmaty:   $(ratio "${best[magic-tables]}" "${best[shakmaty]}")x"
echo "magic-tables / cozy-chess: $(ratio "${best[magic-tables]}" "${best[cozy-chess]}")x"
echo "main job / magic-tables:   $(ratio "${best[main-job]}" "${best[magic-tables]}")x"
echo
echo "cargo build --timings reports: $work/uses-*/target/cargo-timings/"
