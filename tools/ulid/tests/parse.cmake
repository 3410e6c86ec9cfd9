# ULIDs as arguments: strict parsing, timestamps on stdout, errors on stderr,
# processing continues, exit code 1 at the end.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

# The ULID spec's example: 1469918176385 ms = 2016-07-30T22:36:16.385Z.
set(id 01ARYZ6S41TSV4RRFFQ69G5FAV)

run_ulid(one ARGS ${id})
expect_ok(one "Sat Jul 30 22:36:16.385 UTC 2016\n")

# Either case is accepted.
run_ulid(lower ARGS 01aryz6s41tsv4rrffq69g5fav)
expect_ok(lower "Sat Jul 30 22:36:16.385 UTC 2016\n")

# Several arguments, in order; -- ends the options.
run_ulid(several ARGS -f ms ${id} 00000000000000000000000000 -- 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)
expect_ok(several "1469918176385\n0\n281474976710655\n")

# Options may follow the operands.
run_ulid(after ARGS ${id} -f unix)
expect_ok(after "1469918176\n")

# --parse with arguments parses just those (standard input is not read).
file(WRITE "${WORK_DIR}/unused" "00000000000000000000000000\n")
run_ulid(parse_args INPUT "${WORK_DIR}/unused" ARGS --parse -f ms ${id})
expect_ok(parse_args "1469918176385\n")

# Every kind of invalid input: a message naming the input and the reason,
# the valid inputs still printed, exit code 1.
run_ulid(bad ARGS -f ms
         01ARYZ6S41TSV4RRFFQ69G5FA
         ${id}
         01ARYZ6S41TSV4RRFFQ69G5FAVX
         01ARYZ6S41TSV4RRFFQ69G5FAU
         01ARYZ6S41TSV4RRFF!69G5FAV
         01ARYZ6S41TSV4RRFFQ69G5FAI
         81ARYZ6S41TSV4RRFFQ69G5FAV
         ZZZZZZZZZZZZZZZZZZZZZZZZZZ
         00000000000000000000000000)
expect_rc(bad 1)
expect_out(bad "1469918176385\n0\n")
# The reasons are ulid::explain()'s wording (issue 14): length found and
# expected, the offending character quoted with its 1-based position.
set(expected_lengths "expected 26 (ULID) or 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)")
set(not_b32 "is not a Crockford base32 character")
expect_err(bad "ulid: '01ARYZ6S41TSV4RRFFQ69G5FA': got 25 characters, ${expected_lengths}
ulid: '01ARYZ6S41TSV4RRFFQ69G5FAVX': got 27 characters, ${expected_lengths}
ulid: '01ARYZ6S41TSV4RRFFQ69G5FAU': 'U' at position 26 ${not_b32}
ulid: '01ARYZ6S41TSV4RRFF!69G5FAV': '!' at position 19 ${not_b32}
ulid: '01ARYZ6S41TSV4RRFFQ69G5FAI': 'I' at position 26 ${not_b32}
ulid: '81ARYZ6S41TSV4RRFFQ69G5FAV': first character '8' is above '7': the value would exceed 128 bits
ulid: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ': first character 'Z' is above '7': the value would exceed 128 bits
")

# One character: singular.
run_ulid(one_char ARGS 7)
expect_rc(one_char 1)
expect_err(one_char "ulid: '7': got 1 character, ${expected_lengths}\n")

# Only invalid input: nothing on stdout, exit 1.
run_ulid(only_bad ARGS nonsense)
expect_rc(only_bad 1)
expect_out(only_bad "")
expect_err(only_bad "ulid: 'nonsense': got 8 characters, ${expected_lengths}\n")

# An empty argument (run directly: CMake lists drop empty elements).
execute_process(COMMAND "${ULID}" "" INPUT_FILE "${_empty_input}" RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT out STREQUAL "" OR NOT err STREQUAL "ulid: '': got 0 characters, ${expected_lengths}\n")
  message(FATAL_ERROR "ulid '': rc ${rc}, stdout '${out}', stderr '${err}'")
endif()

# A very long argument is shown cut short, with its length.
string(REPEAT "0123456789" 1000 long)
run_ulid(long ARGS ${long})
expect_rc(long 1)
expect_err(long "ulid: '01234567890123456789012345678901'...: got 10000 characters, ${expected_lengths}\n")

# Control characters, non-ASCII bytes, the quote and the backslash are
# escaped in messages: \r \n \t by name, others as \xNN.
string(ASCII 7 bell)
string(ASCII 27 escape)
string(ASCII 13 cr)
string(ASCII 9 tab)
run_ulid(control ARGS "01ARYZ6S41TSV4RRFFQ69G5FA${bell}" "${escape}1ARYZ6S41TSV4RRFFQ69G5FAV" "01ARYZ6S41TSV4RRFFQ69G5F\\V"
         "01ARYZ6S41TSV4RRFFQ69G5Fé" "01ARYZ6S41TSV4RRFFQ69G5FA${cr}" "01ARYZ6S41TSV4RRFFQ${tab}9G5FAV"
         "01ARYZ6S41TSV4RRFF'69G5FAV" "01ARYZ6S41TSV4RRFFQ69G5FAV\n")
expect_rc(control 1)
expect_err(control "ulid: '01ARYZ6S41TSV4RRFFQ69G5FA\\x07': '\\x07' at position 26 ${not_b32}
ulid: '\\x1b1ARYZ6S41TSV4RRFFQ69G5FAV': '\\x1b' at position 1 ${not_b32}
ulid: '01ARYZ6S41TSV4RRFFQ69G5F\\\\V': '\\\\' at position 25 ${not_b32}
ulid: '01ARYZ6S41TSV4RRFFQ69G5F\\xc3\\xa9': '\\xc3' at position 25 ${not_b32}
ulid: '01ARYZ6S41TSV4RRFFQ69G5FA\\r': '\\r' at position 26 ${not_b32}
ulid: '01ARYZ6S41TSV4RRFFQ\\t9G5FAV': '\\t' at position 20 ${not_b32}
ulid: '01ARYZ6S41TSV4RRFF\\'69G5FAV': '\\'' at position 19 ${not_b32}
ulid: '01ARYZ6S41TSV4RRFFQ69G5FAV\\n': got 27 characters, ${expected_lengths}
")
