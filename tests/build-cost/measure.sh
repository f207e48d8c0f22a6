#!/usr/bin/env bash
# What adding magic-tables costs a dependent's clean build, beside the two crates engines would
# pick instead: three fresh crates, each depending on one of magic-tables (by path, this
# checkout), shakmaty and cozy-chess, built one after the other in debug from an empty target
# directory, for ROUNDS rounds (default 2); prints each build's wall time and the best per
# crate, and keeps each magic-tables build's `cargo build --timings` report.
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
declare -A best
for round in $(seq "$rounds"); do
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
echo
echo "cargo build --timings reports: $work/uses-*/target/cargo-timings/"
