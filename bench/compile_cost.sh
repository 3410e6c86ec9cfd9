#!/usr/bin/env bash
# Compile cost of the public headers, in CPU time against a baseline
# translation unit that includes <string>, <chrono> and <system_error>
# (issue 11, point 2; issue 46, part 3). Measured, with g++ -std=c++17:
#   - each public header (include/ulid/*.hpp, found here, not listed) alone
#     under -fsyntax-only; one whose library is not installed is named, not measured;
#   - at -O2 -c, a file whose main() calls ulid::make() (<ulid/ulid.hpp>)
#     and one that includes only the value core and calls ulid::parse();
# each in header-only mode and, when the headers know ULID_COMPILED, in
# compiled mode (-DULID_COMPILED: the translation unit only, not the library).
# The value core is the ulid header that include/ulid/json.hpp includes (a
# serialization header needs nothing else); --core NAME.hpp overrides it.
# Goals (g++ 12 at -O2 on the project's machine): make() <= 3.0 header-only
# and <= 2.0 compiled; value core + parse() <= 1.7; value core alone <= 1.5.
# Each file and the baseline are compiled alternately, RUNS times, and the
# median of the per-run ratios is reported, so that a busy machine slows both
# sides alike. Prints a table (docs/performance.md), then PASS/FAIL per goal;
# exits 0 unless --check is given, then 1 when a goal is missed. Timing is
# never judged in ctest: bench/include_budget.sh is CI's deterministic guard.
#
# --goals-only measures only what the goals judge (the value core alone and
# the two -O2 files), a quarter of the time.
#
# Usage: bench/compile_cost.sh [--check] [--runs N] [--cxx g++] [--core NAME.hpp] [--goals-only]
set -euo pipefail

check=0
runs=11
cxx=${CXX:-g++}
core=""
goals_only=0
while [ $# -gt 0 ]; do
    case "$1" in
        --check) check=1 ;;
        --runs) runs=$2; shift ;;
        --cxx) cxx=$2; shift ;;
        --core) core=$2; shift ;;
        --goals-only) goals_only=1 ;;
        -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "compile_cost.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done
case "$runs" in ''|*[!0-9]*|0) echo "compile_cost.sh: --runs needs a positive integer" >&2; exit 2 ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -z "$core" ]; then
    core=$(sed -n 's|^#include <ulid/\([^/>]*\.hpp\)>.*|\1|p' "$root/include/ulid/json.hpp" | sed -n 1p)
fi
[ -f "$root/include/ulid/$core" ] || { echo "compile_cost.sh: no value-core header include/ulid/$core" >&2; exit 2; }

modes=(header-only)
if grep -rqs ULID_COMPILED "$root/include/ulid"; then modes+=(compiled); fi

cat >"$work/baseline.cpp" <<'CPP'
#include <chrono>
#include <string>
#include <system_error>
int main() { return 0; }
CPP
cat >"$work/make.cpp" <<'CPP'
#include <ulid/ulid.hpp>
int main() { return ulid::make().bytes()[15] == 0 ? 1 : 0; }
CPP
cat >"$work/parse.cpp" <<CPP
#include <ulid/$core>
int main(int argc, char** argv) {
    ulid::ulid id;
    return ulid::parse(argv[argc - 1], id) ? 1 : 0;
}
CPP

# Qt's headers need their include paths and position-independent code; other
# libraries' headers are in the default paths when installed.
flags=(-std=c++17 -I"$root/include" -fPIC)
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists Qt6Core 2>/dev/null; then
    read -ra qt_flags <<<"$(pkg-config --cflags Qt6Core)"
    flags+=("${qt_flags[@]}")
fi

# Nanoseconds of CPU time (user + system, millisecond resolution) of one
# compiler run: on a shared machine the wall clock mostly measures the
# neighbours, CPU time much less so.
seconds() {
    local TIMEFORMAT='%3U %3S' cpu
    cpu=$({ time "$cxx" "${flags[@]}" "$@" >/dev/null 2>&1; } 2>&1)
    awk -v u="${cpu% *}" -v s="${cpu#* }" 'BEGIN { printf "%.0f", (u + s) * 1e9 }'
}

# Median of the ratios numerator/denominator over $runs interleaved pairs.
median_ratio() {
    local what=$1 numerator=$2 denominator=$3
    shift 3
    local ratios=() i a b
    for ((i = 0; i < runs; ++i)); do
        # Alternate which side goes first, so neither always meets a warm cache.
        if (( i % 2 == 0 )); then
            a=$(seconds "$@" "$numerator" -o "$work/out.o")
            b=$(seconds "$@" "$denominator" -o "$work/out.o")
        else
            b=$(seconds "$@" "$denominator" -o "$work/out.o")
            a=$(seconds "$@" "$numerator" -o "$work/out.o")
        fi
        ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", a / b }')")
        printf '  %-34s run %2d: %6.0f ms vs %6.0f ms\n' "$what" $((i + 1)) "$(( a / 1000000 ))" "$(( b / 1000000 ))" >&2
    done
    printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# The mode's one flag, or nothing: callers leave it unquoted on purpose.
mode_flags() { if [ "$1" = compiled ]; then echo -DULID_COMPILED; fi; }
# shellcheck disable=SC2046
lines() { "$cxx" "${flags[@]}" $(mode_flags "$2") -E -P "$1" | wc -l; }

echo "compile_cost.sh: $("$cxx" --version | head -n 1), $runs interleaved runs, median of ratios;" \
    "value core: $core; modes: ${modes[*]}" >&2

# One row per measured file: "label|file|compiler flags".
rows=()
skipped=()
for header in "$root"/include/ulid/*.hpp; do
    name=${header##*/}
    printf '#include <ulid/%s>\n' "$name" >"$work/h_$name.cpp"
    [ "$goals_only" -eq 0 ] || [ "$name" = "$core" ] || continue
    # A header whose library is missing here is named, not measured.
    if ! err=$("$cxx" "${flags[@]}" -fsyntax-only "$work/h_$name.cpp" 2>&1); then
        skipped+=("$name ($(printf '%s\n' "$err" | grep -m1 -o 'error: .*' || echo 'does not compile alone'))")
        continue
    fi
    rows+=("$name alone, -fsyntax-only|$work/h_$name.cpp|-fsyntax-only")
done
rows+=("make() file, -O2 -c|$work/make.cpp|-O2 -c")
rows+=("$core + parse() file, -O2 -c|$work/parse.cpp|-O2 -c")

# One untimed compile of each, so that the first timed run does not pay for
# loading the compiler and headers from disk.
"$cxx" "${flags[@]}" -fsyntax-only "$work/baseline.cpp"
for row in "${rows[@]}"; do
    IFS='|' read -r _ file _ <<<"$row"
    "$cxx" "${flags[@]}" -fsyntax-only "$file"
done

declare -A result=()
for row in "${rows[@]}"; do
    IFS='|' read -r label file how <<<"$row"
    read -ra how <<<"$how"
    for mode in "${modes[@]}"; do
        # shellcheck disable=SC2046
        result["$label|$mode"]=$(median_ratio "$label ($mode)" "$file" "$work/baseline.cpp" "${how[@]}" $(mode_flags "$mode"))
    done
done

echo
echo "Compile cost, CPU time against the baseline file (<string>, <chrono>, <system_error>): $("$cxx" --version | head -n 1), $runs runs, medians"
echo
echo "| translation unit | header-only | compiled |"
echo "|---|---|---|"
for row in "${rows[@]}"; do
    IFS='|' read -r label _ <<<"$row"
    compiled="not available"
    if [ "${#modes[@]}" -gt 1 ]; then compiled="${result["$label|compiled"]}"; fi
    echo "| $label | ${result["$label|header-only"]:-not measured} | $compiled |"
done
for s in "${skipped[@]}"; do echo "not measured: $s"; done
echo "preprocessed lines: make() file $(lines "$work/make.cpp" header-only), $core alone $(lines "$work/h_$core.cpp" header-only), baseline $(lines "$work/baseline.cpp" header-only)"
echo

failed=0
# goal "what" ratio limit
goal() {
    local verdict
    case $2 in
        "not available") echo "goal: $1 <= $3: not available (the headers do not know ULID_COMPILED)"; return ;;
        [0-9]*) ;;
        *) echo "goal: $1 <= $3: $2  FAIL"; failed=1; return ;;
    esac
    verdict=$(awk -v r="$2" -v g="$3" 'BEGIN { print (r <= g) ? "PASS" : "FAIL" }')
    [ "$verdict" = PASS ] || failed=1
    echo "goal: $1 <= $3: $2  $verdict"
}
compiled_make="not available"
if [ "${#modes[@]}" -gt 1 ]; then compiled_make=${result["make() file, -O2 -c|compiled"]}; fi
goal "make() file, header-only" "${result["make() file, -O2 -c|header-only"]}" 3.0
goal "make() file, compiled" "$compiled_make" 2.0
goal "value core ($core) + parse() file" "${result["$core + parse() file, -O2 -c|header-only"]:-not measured}" 1.7
goal "value core ($core) alone, -fsyntax-only" "${result["$core alone, -fsyntax-only|header-only"]:-not measured}" 1.5

if (( check && failed )); then exit 1; fi
exit 0
