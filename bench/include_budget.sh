#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI's deterministic guard against compile-cost growth (issue 46, part 3;
# the timings are bench/compile_cost.sh's). For each public header
# (include/ulid/*.hpp, found here, not listed), a file including it alone is
# preprocessed with g++ -std=c++17 -E, and its C++ tokens are counted:
#   own    tokens from include/ulid/ (the project's code), judged everywhere;
#   total  tokens of the whole translation unit, system and library headers
#          included, judged only with the g++ major version the budget was
#          set with (another version's standard library differs), shown
#          otherwise.
# Each is compared with bench/include_budget.txt. A header over budget, or
# missing from the file, fails; a header whose library is not installed here
# is named and skipped. Takes a few seconds.
#
#   bench/include_budget.sh [--cxx g++] [--update] [--self-test]
#     --update     rewrite the budget file: today's counts plus 5 %, for a
#                  deliberate change (commit it with the change, saying why)
#     --self-test  check that the guard fails: a copy of the headers with
#                  <regex> added to one, and a copy with a new header
# Options for the self-test: --include DIR (instead of include/), --budget FILE,
# --only NAME.hpp (that header alone).
# Exit status: 0 within budget, 1 over budget or unlisted, 2 misuse,
# 77 no g++ or python3 here (ctest reports it as skipped).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cxx=g++
update=0
self_test=0
include_dir=$root/include
budget=$root/bench/include_budget.txt
only=""
while [ $# -gt 0 ]; do
    case $1 in
        --cxx) cxx=$2; shift ;;
        --update) update=1 ;;
        --self-test) self_test=1 ;;
        --include) include_dir=$2; shift ;;
        --budget) budget=$2; shift ;;
        --only) only=$2; shift ;;
        -h | --help) sed -n '3,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "include_budget.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done
say() { printf 'include_budget: %s\n' "$*"; }

for tool in "$cxx" python3; do
    command -v "$tool" >/dev/null 2>&1 || { say "skipped: no $tool here"; exit 77; }
done
macros=$("$cxx" -dM -E -x c++ /dev/null)
case $macros in
    *__clang__*) say "skipped: $cxx is not g++ (the budget is g++'s)"; exit 77 ;;
    *__GNUC__*) ;;
    *) say "skipped: $cxx is not g++ (the budget is g++'s)"; exit 77 ;;
esac
gxx_major=$("$cxx" -dumpfullversion -dumpversion | cut -d. -f1)
# The interpreter itself, once: a version manager's shim is slow to start.
python=$(python3 -c 'import sys; print(sys.executable)')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "$self_test" -eq 1 ]; then
    # Growth: one more standard header in the library's main header (judged
    # by the whole-unit count, with the g++ the budget was set with only) and
    # 4 500 tokens of its own (judged with any g++: the release roots' too).
    mkdir -p "$work/grown"
    cp -R "$include_dir/ulid" "$work/grown/ulid"
    {
        printf '#include <regex>\n'
        for i in $(seq 1500); do printf 'int grown_%d;\n' "$i"; done
    } >>"$work/grown/ulid/ulid.hpp"
    if out=$(bash "$0" --cxx "$cxx" --include "$work/grown" --budget "$budget" --only ulid.hpp 2>&1); then
        printf '%s\n' "$out"
        say "self-test FAILED: <regex> and 4 500 tokens added to ulid.hpp passed the budget"
        exit 1
    fi
    printf '%s\n' "$out" | grep -q 'ulid.hpp: .* over budget' || {
        printf '%s\n' "$out"
        say "self-test FAILED: no 'ulid.hpp ... over budget' line"
        exit 1
    }
    say "self-test: <regex> and 4 500 tokens added to ulid.hpp fail: $(printf '%s\n' "$out" | grep -m1 'ulid.hpp: .* over budget')"
    # A new public header with no budget line.
    mkdir -p "$work/added"
    cp -R "$include_dir/ulid" "$work/added/ulid"
    printf '#pragma once\n#include <ulid/ulid.hpp>\n' >"$work/added/ulid/zz_new.hpp"
    if out=$(bash "$0" --cxx "$cxx" --include "$work/added" --budget "$budget" --only zz_new.hpp 2>&1) ||
        ! printf '%s\n' "$out" | grep -q 'zz_new.hpp: not in '; then
        printf '%s\n' "$out"
        say "self-test FAILED: a header missing from the budget file passed"
        exit 1
    fi
    say "self-test: a header missing from the budget file fails: $(printf '%s\n' "$out" | grep -m1 'zz_new.hpp')"
    exit 0
fi

[ -f "$budget" ] || [ "$update" -eq 1 ] || { say "no budget file $budget (bash bench/include_budget.sh --update writes one)"; exit 2; }

# Qt's headers need their include paths and position-independent code.
flags=(-std=c++17 -fPIC -I"$include_dir")
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists Qt6Core 2>/dev/null; then
    read -ra qt_flags <<<"$(pkg-config --cflags Qt6Core)"
    flags+=("${qt_flags[@]}")
fi

# Counts C++ tokens (identifiers, numbers, literals, each punctuator) of a
# preprocessed file, attributing each line to the file its line marker names:
# prints "own total" (own: files under the include directory's ulid/).
count_tokens() {
    "$python" - "$1" "$(cd "$include_dir" && pwd)/ulid/" <<'PY'
import re, sys
token = re.compile(r'''R"([^()\\ ]{0,16})\((?:.|\n)*?\)\1"|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|[A-Za-z_]\w*|\.?\d(?:[eEpP][+-]|[\w.'])*|\.\.\.|<=>|<<=|>>=|->\*|::|->|\.\*|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%^&|]=|##|\S''')
marker = re.compile(r'^# \d+ "([^"]*)"')
own_prefix = sys.argv[2]
own = total = 0
current = ""
chunk = []
def flush():
    global own, total
    n = len(token.findall("".join(chunk)))
    total += n
    if current.startswith(own_prefix):
        own += n
    chunk.clear()
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    for line in f:
        m = marker.match(line)
        if m:
            flush()
            current = m.group(1)
        else:
            chunk.append(line)
flush()
print(own, total)
PY
}

# The budget file: "header own total" lines; '#' starts a comment; the
# compiler line "# g++ N" says which version the totals were set with.
declare -A budget_own=() budget_total=()
budget_major=""
if [ -f "$budget" ]; then
    budget_major=$(sed -n 's/^# budget compiler: g++ \([0-9][0-9]*\)$/\1/p' "$budget")
    while read -r name own total _; do
        case $name in '' | '#'*) continue ;; esac
        budget_own[$name]=$own
        budget_total[$name]=$total
    done <"$budget"
fi

failed=0
measured=()
for header in "$include_dir"/ulid/*.hpp; do
    name=${header##*/}
    [ -z "$only" ] || [ "$name" = "$only" ] || continue
    printf '#include <ulid/%s>\n' "$name" >"$work/tu.cpp"
    if ! "$cxx" "${flags[@]}" -E "$work/tu.cpp" -o "$work/tu.ii" 2>"$work/err"; then
        # A missing library is a skip; anything else a failure.
        missing=$(sed -n 's/.*fatal error: \([^:]*\): No such file or directory.*/\1/p' "$work/err" | sed -n 1p)
        if [ -n "$missing" ] && [ "${missing#ulid/}" = "$missing" ]; then
            say "$name: skipped: <$missing> is not installed here"
            [ "$update" -eq 0 ] || measured+=("$name ${budget_own[$name]:--} ${budget_total[$name]:--}")
            continue
        fi
        cat "$work/err" >&2
        say "$name: does not preprocess alone (above)"
        failed=1
        continue
    fi
    read -r own total <<<"$(count_tokens "$work/tu.ii")"
    if [ "$update" -eq 1 ]; then
        measured+=("$name $(( (own * 105 + 99) / 100 )) $(( (total * 105 + 99) / 100 ))")
        say "$name: own $own, total $total tokens"
        continue
    fi
    if [ -z "${budget_own[$name]:-}" ]; then
        say "$name: not in $budget: add it (bash bench/include_budget.sh --update sets every header's budget to today's count plus 5 %)"
        failed=1
        continue
    fi
    verdict="within budget"
    if [ "${budget_own[$name]}" != - ] && [ "$own" -gt "${budget_own[$name]}" ]; then
        verdict="over budget (own $own > ${budget_own[$name]})"
    fi
    total_note="total $total of ${budget_total[$name]}"
    if [ "$gxx_major" != "$budget_major" ]; then
        total_note="total $total (not judged: set with g++ $budget_major, this is g++ $gxx_major)"
    elif [ "${budget_total[$name]}" != - ] && [ "$total" -gt "${budget_total[$name]}" ]; then
        verdict="over budget (total $total > ${budget_total[$name]})"
    fi
    say "$name: own $own of ${budget_own[$name]}, $total_note: $verdict"
    case $verdict in over*) failed=1 ;; esac
done

if [ "$update" -eq 1 ]; then
    {
        cat <<EOF
# Preprocessed-token budget of each public header: bench/include_budget.sh
# (ctest include_budget) fails when a header grows past it or is missing here.
# "own" counts the tokens of include/ulid/ a file including the header alone
# sees; "total" those of the whole translation unit (standard and library
# headers too), judged only with the g++ major version below. "-": not
# measured (the header's library was not installed when the budget was set).
# To change the budget deliberately, on Debian 12 with every integration
# library installed (scripts/setup --integrations), run
#     bash bench/include_budget.sh --update
# which writes today's counts plus 5 %, and commit this file with the change
# that grew the headers, saying why.
# budget compiler: g++ $gxx_major
# header own total
EOF
        for line in "${measured[@]}"; do
            read -r name own total <<<"$line"
            printf '%-16s %8s %8s\n' "$name" "$own" "$total"
        done
    } >"$budget"
    say "wrote $budget"
    exit 0
fi
if [ "$failed" -ne 0 ]; then
    say "FAILED: a header grew or is new; if that is meant, bash bench/include_budget.sh --update and commit $budget with the reason"
    exit 1
fi
say "every public header within budget"
