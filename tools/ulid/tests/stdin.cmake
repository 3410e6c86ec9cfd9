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

# Line handling: CRLF endings, blank lines (skipped), invalid lines (reported,
# processing goes on), a UUID, a 200000-character line (reported with its
# length, in constant memory), and a last line without a newline.
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
     "00000000000000000000000000")
set(size_reason "bad data size: wrong length for a ULID, its entropy or a UUID")
run_ulid(mixed INPUT "${WORK_DIR}/mixed.txt" ARGS -f ms -)
expect_rc(mixed 1)
expect_out(mixed "1469918176385\n${id}\n0\n")
expect_err(mixed "ulid: not-a-ulid: ${size_reason} (got 10 characters; expected 26, or 36 for a UUID)
ulid: ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ...: ${size_reason} (got 200000 characters; expected 26, or 36 for a UUID)
ulid: ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ...: ${size_reason} (got 200000 characters; expected 26, or 36 for a UUID)
ulid:  ${id}: ${size_reason} (got 27 characters; expected 26, or 36 for a UUID)
ulid: ${id} : ${size_reason} (got 27 characters; expected 26, or 36 for a UUID)
ulid: 01ARYZ6S41TSV4RRFFQ69G5FA\\x07: bad data characters: not Crockford base32 (ULID) or hexadecimal (UUID) (\\x07 at position 26)
ulid: 81ARYZ6S41TSV4RRFFQ69G5FAV: overflow: the first character of a ULID must be 0-7 (got '8')
")

# Operands are processed in order, "-" where it stands.
file(WRITE "${WORK_DIR}/middle.txt" "00000000000000000000000000\n")
run_ulid(order INPUT "${WORK_DIR}/middle.txt" ARGS -f ms ${id} - 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)
expect_ok(order "1469918176385\n0\n281474976710655\n")
# "-" after "--" is still standard input.
run_ulid(after_dashes INPUT "${WORK_DIR}/middle.txt" ARGS -f ms -- -)
expect_ok(after_dashes "0\n")

# Empty input, or only blank lines: nothing to do, success.
run_ulid(empty ARGS -)
expect_ok(empty "")
file(WRITE "${WORK_DIR}/blank.txt" "\n\r\n\n")
run_ulid(blank INPUT "${WORK_DIR}/blank.txt" ARGS --parse)
expect_ok(blank "")

# Every output form works on stdin too.
file(WRITE "${WORK_DIR}/one.txt" "${id}\n")
run_ulid(json INPUT "${WORK_DIR}/one.txt" ARGS -v -)
expect_ok(json "{\"ulid\":\"01ARYZ6S41TSV4RRFFQ69G5FAV\",\"uuid\":\"01563df3-6481-d676-4c61-efb99302bd5b\",\"time\":\"2016-07-30T22:36:16.385Z\",\"ms\":1469918176385,\"entropy\":\"d6764c61efb99302bd5b\"}\n")
run_ulid(rfc INPUT "${WORK_DIR}/one.txt" ARGS -f rfc3339 --parse)
expect_ok(rfc "2016-07-30T22:36:16.385Z\n")
run_ulid(uuid INPUT "${WORK_DIR}/one.txt" ARGS --uuid --parse)
expect_ok(uuid "01563df3-6481-d676-4c61-efb99302bd5b\n")

# A file of only invalid lines: exit 1, every line reported.
file(WRITE "${WORK_DIR}/bad.txt" "a\nb\nc\n")
run_ulid(bad INPUT "${WORK_DIR}/bad.txt" ARGS -)
expect_rc(bad 1)
expect_out(bad "")
expect_err_matches(bad "^ulid: a: [^\n]+\nulid: b: [^\n]+\nulid: c: [^\n]+\n$")
