# "-" and --parse: ULIDs from standard input, one per line, streamed.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

set(id 01ARYZ6S41TSV4RRFFQ69G5FAV)  # 1469918176385 ms

# A large input, far bigger than the 64 KiB read block, so lines straddle
# block boundaries: every line must come out, in order.
set(big "${WORK_DIR}/big.txt")
run_ulid(make_big OUTPUT_FILE "${big}" ARGS -t 1469922850259 -n 100000)
expect_rc(make_big 0)
string(REPEAT "1469922850259\n" 100000 expected)
run_ulid(dash INPUT "${big}" ARGS - -f ms)
expect_ok(dash "${expected}")
run_ulid(parse INPUT "${big}" ARGS --parse -f ms)
expect_ok(parse "${expected}")

# The same lines come back unchanged through UUID form and back: stdin
# streaming of both kinds of input.
set(uuids "${WORK_DIR}/uuids.txt")
run_ulid(to_uuids INPUT "${big}" OUTPUT_FILE "${uuids}" ARGS --uuid -)
expect_rc(to_uuids 0)
expect_err(to_uuids "")
set(back "${WORK_DIR}/back.txt")
run_ulid(from_uuids INPUT "${uuids}" OUTPUT_FILE "${back}" ARGS --parse)
expect_rc(from_uuids 0)
expect_err(from_uuids "")
file(SHA256 "${big}" big_hash)
file(SHA256 "${back}" back_hash)
if(NOT big_hash STREQUAL back_hash)
  message(FATAL_ERROR "ULID -> UUID -> ULID through stdin changed the data")
endif()
file(REMOVE "${big}" "${uuids}" "${back}")

# Line handling (issue 14, point 6): every input line gives exactly one line
# of output, on stdout when valid and on stderr with its line number when
# not, so the two streams together line up with the input. CRLF endings (the
# '\r' before '\n' is part of the line end), blank lines (reported), invalid
# lines (reported, processing goes on), a UUID, a 200000-character line
# (reported with its length, in constant memory), a stray '\r' (shown as \r),
# and a last line without a newline.
string(REPEAT "Z" 200000 long)
string(ASCII 7 bell)
file(WRITE "${WORK_DIR}/mixed.txt"
     "${id}\r\n"
     "\n"
     "\r\n"
     "not-a-ulid\n"
     "${long}\n"
     "${long}\r\n"
     "01563df3-6481-d676-4c61-efb99302bd5b\n"
     " ${id}\n"
     "${id} \n"
     "01ARYZ6S41TSV4RRFFQ69G5FA${bell}\n"
     "81ARYZ6S41TSV4RRFFQ69G5FAV\n"
     "01ARYZ6S41TSV4RRFFQ69G5FA\r\r\n"
     "${id}\r${id}\r\n"
     "00000000000000000000000000")
set(lengths "expected 26 (ULID) or 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)")
run_ulid(mixed INPUT "${WORK_DIR}/mixed.txt" ARGS -f ms -)
expect_rc(mixed 1)
# -f ms applies to the UUID on line 7 as to the ULIDs.
expect_out(mixed "1469918176385\n1469918176385\n0\n")
expect_err(mixed "ulid: line 2: '': got 0 characters, ${lengths}
ulid: line 3: '': got 0 characters, ${lengths}
ulid: line 4: 'not-a-ulid': got 10 characters, ${lengths}
ulid: line 5: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'...: got 200000 characters, ${lengths}
ulid: line 6: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'...: got 200000 characters, ${lengths}
ulid: line 8: ' ${id}': got 27 characters, ${lengths}
ulid: line 9: '${id} ': got 27 characters, ${lengths}
ulid: line 10: '01ARYZ6S41TSV4RRFFQ69G5FA\\x07': '\\x07' at position 26 is not a Crockford base32 character
ulid: line 11: '81ARYZ6S41TSV4RRFFQ69G5FAV': first character '8' is above '7': the value would exceed 128 bits
ulid: line 12: '01ARYZ6S41TSV4RRFFQ69G5FA\\r': '\\r' at position 26 is not a Crockford base32 character
ulid: line 13: '${id}\\r${id}': got 53 characters, ${lengths}
")
# Together, in one stream, the output has exactly one line per input line.
execute_process(COMMAND "${ULID}" -f ms - INPUT_FILE "${WORK_DIR}/mixed.txt" OUTPUT_VARIABLE merged
                ERROR_VARIABLE merged RESULT_VARIABLE merged_rc)
string(REGEX MATCHALL "\n" newlines "${merged}")
list(LENGTH newlines merged_lines)
if(NOT merged_lines EQUAL 14)
  message(FATAL_ERROR "14 input lines gave ${merged_lines} output lines:\n${merged}")
endif()

# A long line is reported by the same words as a long argument (the first is
# never held whole, the second goes through ulid::explain()).
string(REPEAT "Z" 70 seventy)
file(WRITE "${WORK_DIR}/seventy.txt" "${seventy}\n")
run_ulid(long_line INPUT "${WORK_DIR}/seventy.txt" ARGS -)
run_ulid(long_arg ARGS ${seventy})
string(REPLACE "line 1: " "" long_line_err "${long_line_err}")
if(NOT long_line_err STREQUAL long_arg_err OR NOT long_arg_err MATCHES "got 70 characters")
  message(FATAL_ERROR "a 70-character line and argument are reported differently:\n${long_line_err}${long_arg_err}")
endif()
string(REPEAT "Z" 200 long200)
file(WRITE "${WORK_DIR}/long200.txt" "${long200}")
run_ulid(long200_line INPUT "${WORK_DIR}/long200.txt" ARGS -)
run_ulid(long200_arg ARGS ${long200})
string(REPLACE "line 1: " "" long200_line_err "${long200_line_err}")
if(NOT long200_line_err STREQUAL long200_arg_err OR NOT long200_arg_err MATCHES "got 200 characters")
  message(FATAL_ERROR "a 200-character line and argument are reported differently:\n${long200_line_err}${long200_arg_err}")
endif()

# Line numbers go on across two "-" operands and never count arguments.
file(WRITE "${WORK_DIR}/two.txt" "${id}\nbad\n")
run_ulid(numbering INPUT "${WORK_DIR}/two.txt" ARGS -f ms - oops -)
expect_rc(numbering 1)
expect_out(numbering "1469918176385\n")
expect_err(numbering "ulid: line 2: 'bad': got 3 characters, ${lengths}
ulid: 'oops': got 4 characters, ${lengths}
")

# Operands are processed in order, "-" where it stands.
file(WRITE "${WORK_DIR}/middle.txt" "00000000000000000000000000\n")
run_ulid(order INPUT "${WORK_DIR}/middle.txt" ARGS -f ms ${id} - 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)
expect_ok(order "1469918176385\n0\n281474976710655\n")
# "-" after "--" is still standard input.
run_ulid(after_dashes INPUT "${WORK_DIR}/middle.txt" ARGS -f ms -- -)
expect_ok(after_dashes "0\n")

# Empty input: no lines, nothing to do, success. A final newline ends the
# last line and does not start another; blank lines are each reported.
run_ulid(empty ARGS -)
expect_ok(empty "")
file(WRITE "${WORK_DIR}/ended.txt" "${id}\n")
run_ulid(ended INPUT "${WORK_DIR}/ended.txt" ARGS -f ms -)
expect_ok(ended "1469918176385\n")
file(WRITE "${WORK_DIR}/unended.txt" "${id}")
run_ulid(unended INPUT "${WORK_DIR}/unended.txt" ARGS -f ms -)
expect_ok(unended "1469918176385\n")
file(WRITE "${WORK_DIR}/unended_crlf.txt" "${id}\r\n${id}\r")
run_ulid(unended_crlf INPUT "${WORK_DIR}/unended_crlf.txt" ARGS -f ms -)
expect_ok(unended_crlf "1469918176385\n1469918176385\n")
file(WRITE "${WORK_DIR}/blank.txt" "\n\r\n\n")
run_ulid(blank INPUT "${WORK_DIR}/blank.txt" ARGS --parse)
expect_rc(blank 1)
expect_out(blank "")
expect_err(blank "ulid: line 1: '': got 0 characters, ${lengths}
ulid: line 2: '': got 0 characters, ${lengths}
ulid: line 3: '': got 0 characters, ${lengths}
")

# Every output form works on stdin too.
file(WRITE "${WORK_DIR}/one.txt" "${id}\n")
run_ulid(json INPUT "${WORK_DIR}/one.txt" ARGS -v -)
expect_ok(json "{\"ulid\":\"01ARYZ6S41TSV4RRFFQ69G5FAV\",\"uuid\":\"01563df3-6481-d676-4c61-efb99302bd5b\",\"time\":\"2016-07-30T22:36:16.385Z\",\"ms\":1469918176385,\"entropy\":\"d6764c61efb99302bd5b\",\"uuidv7\":false}\n")
run_ulid(rfc INPUT "${WORK_DIR}/one.txt" ARGS -f rfc3339 --parse)
expect_ok(rfc "2016-07-30T22:36:16.385Z\n")
run_ulid(uuid INPUT "${WORK_DIR}/one.txt" ARGS --uuid --parse)
expect_ok(uuid "01563df3-6481-d676-4c61-efb99302bd5b\n")

# A file of only invalid lines: exit 1, every line reported.
file(WRITE "${WORK_DIR}/bad.txt" "a\nb\nc\n")
run_ulid(bad INPUT "${WORK_DIR}/bad.txt" ARGS -)
expect_rc(bad 1)
expect_out(bad "")
expect_err_matches(bad "^ulid: line 1: 'a': [^\n]+\nulid: line 2: 'b': [^\n]+\nulid: line 3: 'c': [^\n]+\n$")
