#!/usr/bin/env bash
# Compile cost of <ulid/ulid.hpp>, measured against a baseline translation unit
# that includes <string>, <chrono> and <system_error> (issue 11, point 2):
#   (a) g++ -std=c++17 -fsyntax-only: a file including only the header, goal <= 2x;
#   (b) g++ -std=c++17 -O2 -c: a file whose main() calls ulid::make(), goal <= 3x
#       the baseline with a trivial main().
# The two files of each pair are compiled alternately, RUNS times, and the
# median of the per-run ratios of CPU time is reported, so that a busy machine
# slows both sides alike. Prints the figures and PASS/FAIL; exits 0 unless --check is
# given, then 1 when a goal is missed.
#
# Usage: bench/compile_cost.sh [--check] [--runs N] [--cxx g++]
set -euo pipefail

check=0
runs=11
cxx=${CXX:-g++}
while [ $# -gt 0 ]; do
    case "$1" in
        --check) check=1 ;;
        --runs) runs=$2; shift ;;
        --cxx) cxx=$2; shift ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "compile_cost.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done
case "$runs" in ''|*[!0-9]*|0) echo "compile_cost.sh: --runs needs a positive integer" >&2; exit 2 ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/baseline.cpp" <<'CPP'
#include <chrono>
#include <string>
#include <system_error>
int main() { return 0; }
CPP
cat >"$work/header.cpp" <<'CPP'
#include <ulid/ulid.hpp>
CPP
cat >"$work/make.cpp" <<'CPP'
#include <ulid/ulid.hpp>
int main() { return ulid::make().bytes()[15] == 0 ? 1 : 0; }
CPP

flags=(-std=c++17 -I"$root/include")

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
            a=$(seconds "$@" "$work/$numerator.cpp" -o "$work/out.o")
            b=$(seconds "$@" "$work/$denominator.cpp" -o "$work/out.o")
        else
            b=$(seconds "$@" "$work/$denominator.cpp" -o "$work/out.o")
            a=$(seconds "$@" "$work/$numerator.cpp" -o "$work/out.o")
        fi
        ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", a / b }')")
        printf '  %s run %2d: %6.0f ms vs %6.0f ms\n' "$what" $((i + 1)) "$(( a / 1000000 ))" "$(( b / 1000000 ))" >&2
    done
    printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

lines() { "$cxx" "${flags[@]}" -E -P "$1" | wc -l; }

# One untimed compile of each, so that the first timed run does not pay for
# loading the compiler and headers from disk.
for f in baseline header make; do "$cxx" "${flags[@]}" -fsyntax-only "$work/$f.cpp"; done

echo "compile_cost.sh: $("$cxx" --version | head -n 1), $runs interleaved runs, median of ratios" >&2
syntax=$(median_ratio "syntax-only" header baseline -fsyntax-only)
object=$(median_ratio "-O2 -c     " make baseline -O2 -c)

verdict() { awk -v r="$1" -v g="$2" 'BEGIN { print (r <= g) ? "PASS" : "FAIL" }'; }
syntax_verdict=$(verdict "$syntax" 2)
object_verdict=$(verdict "$object" 3)

echo "preprocessed lines: ulid.hpp $(lines "$work/header.cpp"), baseline $(lines "$work/baseline.cpp")"
echo "(a) -fsyntax-only, header alone / baseline: ${syntax}x  (goal <= 2)  $syntax_verdict"
echo "(b) -O2 -c, make() in main / baseline main:  ${object}x  (goal <= 3)  $object_verdict"

if (( check )) && [ "$syntax_verdict$object_verdict" != "PASSPASS" ]; then exit 1; fi
exit 0
