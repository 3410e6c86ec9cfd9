#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The surface walk (docs/surfaces.md, issue 49): every case of inputs.txt
# through every surface named on the command line, each held to what the C++
# library says (ulid_surfaces_reference): the same canonical ULID for a valid
# input, and for a bad one an error whose text contains explain()'s sentence
# word for word (a surface may wrap it: "ulid: 'x': ...", "ulid_ms: invalid
# ULID 'x': ...", PostgreSQL's DETAIL). The expected words are never written
# here, so the walk stays true as explain() improves.
#
#   walk.sh --reference BIN --inputs FILE [--tool BIN] [--sqlite3 BIN --sqlite-module FILE] [--psql BIN]
#
# --psql connects as libpq's environment says (PGHOST, PGPORT, PGUSER;
# database PGDATABASE, else postgres) to a database where the ulid extension
# is created. What each surface is asked, by the case's form:
#   any        tool: ulid --lower -- INPUT; ulid --after INPUT (its status; IDs
#              ahead of the clock left out); ulid --prefix walk -- INPUT (not TypeIDs)
#              sqlite: ulid_ms(INPUT) (its ms)      psql: INPUT::ulid
#              (TypeIDs left out of SQL: there a TypeID is read with its prefix only)
#   typeid:P   sqlite and psql: ulid_from_typeid(INPUT, P)   (the tool has no expected prefix)
# Exit status: 0 when every surface agrees, 1 when one does not (each
# disagreement listed), 2 for a usage error.
set -uo pipefail

reference='' inputs='' tool='' sqlite3='' module='' psql=''
while [ $# -gt 0 ]; do
    case $1 in
        --reference) reference=$2 ;;
        --inputs) inputs=$2 ;;
        --tool) tool=$2 ;;
        --sqlite3) sqlite3=$2 ;;
        --sqlite-module) module=$2 ;;
        --psql) psql=$2 ;;
        *) echo "walk.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift 2 || { echo "walk.sh: $1 needs a value" >&2; exit 2; }
done
if [ -z "$reference" ] || [ -z "$inputs" ] || { [ -n "$sqlite3" ] && [ -z "$module" ]; }; then
    echo "usage: walk.sh --reference BIN --inputs FILE [--tool BIN] [--sqlite3 BIN --sqlite-module FILE] [--psql BIN]" >&2
    exit 2
fi
if [ -z "$tool$sqlite3$psql" ]; then
    echo "walk.sh: name at least one surface (--tool, --sqlite3, --psql)" >&2
    exit 2
fi

table=$("$reference" "$inputs") || { echo "walk.sh: the reference failed on $inputs" >&2; exit 2; }

checks=0 disagreements=0
now_ms=$(($(date +%s) * 1000))
# compare SURFACE FORM INPUT STATUS OUT ERR KIND EXPECTED_VALUE_OR_WORDS: one verdict.
compare() {
    local surface=$1 form=$2 input=$3 status=$4 out=$5 err=$6 kind=$7 expected=$8
    checks=$((checks + 1))
    if [ "$kind" = ok ]; then
        if [ "$status" -eq 0 ] && [ "$out" = "$expected" ]; then return; fi
        echo "DISAGREE $surface [$form] '$input': expected $expected, got status $status: ${out}${err:+ / $err}"
    else
        # The whole sentence: it must end there (a line end, or a '.'), so
        # that words the surface adds to it count as a disagreement.
        if [ "$status" -ne 0 ] && [[ "$err " == *"$expected "* || "$err " == *"$expected. "* ]]; then return; fi
        echo "DISAGREE $surface [$form] '$input': expected an error saying \"$expected\"," \
             "got status $status: ${out:+$out / }$err"
    fi
    disagreements=$((disagreements + 1))
}

sql_quote() { local s=${1//\'/\'\'}; printf "'%s'" "$s"; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/ulid-walk.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# run OUT_VAR ERR_VAR STATUS_VAR CMD...: the command's stdout (one line), stderr and status.
run() {
    "${@:4}" >"$scratch/out" 2>"$scratch/err"
    printf -v "$3" '%s' $?
    printf -v "$1" '%s' "$(tr -d '\r' <"$scratch/out")"
    printf -v "$2" '%s' "$(tr '\n' ' ' <"$scratch/err")"
}

# Split on each tab by hand: `read` with IFS=tab would merge the two tabs
# around an empty input and shift every field.
while IFS= read -r line; do
    form=${line%%$'\t'*} line=${line#*$'\t'}
    input=${line%%$'\t'*} line=${line#*$'\t'}
    kind=${line%%$'\t'*} line=${line#*$'\t'}
    value=${line%%$'\t'*} ms=${line#*$'\t'}
    if [ "$kind" != ok ] && [ "$kind" != error ] || [ -z "$value" ]; then
        echo "walk.sh: the reference printed a line walk.sh cannot read: $form / $input / $kind / $value" >&2
        exit 2
    fi
    if [ "$kind" = ok ]; then lower=${value,,}; fi
    q=$(sql_quote "$input")
    if [ "$form" = any ]; then
        if [ -n "$tool" ]; then
            run out err status "$tool" --lower -- "$input"
            compare tool "$form" "$input" "$status" "$out" "$err" "$kind" "${lower:-$value}"
            # Every option that takes an ID takes every form, with explain()'s
            # words for a bad one. --after: any new ID will do, so compare the
            # status only (an ID later than now plus the skew bound is refused,
            # rightly: such cases are left out).
            if [ "$kind" != ok ] || [ "$ms" -le "$now_ms" ]; then
                run out err status "$tool" --after "$input"
                [ "$kind" = ok ] && out=ok
                compare tool:--after "$form" "$input" "$status" "$out" "$err" "$kind" \
                    "$([ "$kind" = ok ] && echo ok || echo "$value")"
            fi
            # --prefix converts a given ULID or UUID (a TypeID keeps its own prefix: left out).
            if [[ "$input" != *_* ]]; then
                run out err status "$tool" --prefix walk -- "$input"
                compare tool:--prefix "$form" "$input" "$status" "$out" "$err" "$kind" \
                    "$([ "$kind" = ok ] && echo "walk_$lower" || echo "$value")"
            fi
        fi
        if [ -n "$sqlite3" ] && [[ "$input" != *_* ]]; then
            run out err status "$sqlite3" -batch -bail :memory: ".load $module" "SELECT ulid_ms($q);"
            compare sqlite:ulid_ms "$form" "$input" "$status" "$out" "$err" "$kind" \
                "$([ "$kind" = ok ] && echo "$ms" || echo "$value")"
        fi
        if [ -n "$psql" ] && [[ "$input" != *_* ]]; then
            run out err status "$psql" -X -q -At -v ON_ERROR_STOP=1 -d "${PGDATABASE:-postgres}" -c "SELECT $q::ulid"
            compare psql:ulid "$form" "$input" "$status" "$out" "$err" "$kind" "$value"
        fi
    else
        p=$(sql_quote "${form#typeid:}")
        if [ -n "$sqlite3" ]; then
            run out err status "$sqlite3" -batch -bail :memory: ".load $module" "SELECT ulid_from_typeid($q, $p);"
            compare sqlite:ulid_from_typeid "$form" "$input" "$status" "$out" "$err" "$kind" "$value"
        fi
        if [ -n "$psql" ]; then
            run out err status "$psql" -X -q -At -v ON_ERROR_STOP=1 -d "${PGDATABASE:-postgres}" \
                -c "SELECT ulid_from_typeid($q, $p)"
            compare psql:ulid_from_typeid "$form" "$input" "$status" "$out" "$err" "$kind" "$value"
        fi
    fi
    lower=''
done <<<"$table"

echo "walk.sh: $checks checks, $disagreements disagreements with the C++ library"
[ "$disagreements" -eq 0 ]
