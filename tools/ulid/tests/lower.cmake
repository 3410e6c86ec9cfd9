# --lower: ULIDs in lower case, wherever they are printed.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

run_ulid(one ARGS --lower)
expect_rc(one 0)
expect_err(one "")
expect_out_matches(one "^${ULID_LOWER_RE}\n$")

run_ulid(many ARGS --lower -n 1000)
expect_rc(many 0)
string(REGEX MATCHALL "${ULID_LOWER_RE}\n" matches "${many_out}")
list(LENGTH matches matched)
if(NOT matched EQUAL 1000)
  message(FATAL_ERROR "--lower -n 1000: ${matched} lines are lower-case ULIDs")
endif()
# Lower-case text still sorts in ULID order.
lines_of(many_lines "${many_out}")
expect_strictly_increasing(many many_lines 1000)

run_ulid(fixed ARGS --lower -z -t 1469922850259)
expect_ok(fixed "01arz3ndek0000000000000000\n")

# UUID -> ULID conversion.
run_ulid(converted ARGS --lower 01563df3-6481-d676-4c61-efb99302bd5b)
expect_ok(converted "01aryz6s41tsv4rrffq69g5fav\n")

# Lower-case output parses back to the same ULID.
run_ulid(back ARGS -f ms 01arz3ndek0000000000000000)
expect_ok(back "1469922850259\n")

# Timestamps and UUIDs are unaffected.
run_ulid(time ARGS --lower 01ARYZ6S41TSV4RRFFQ69G5FAV)
expect_ok(time "Sat Jul 30 22:36:16.385 UTC 2016\n")
run_ulid(uuid ARGS --lower --uuid 01ARYZ6S41TSV4RRFFQ69G5FAV)
expect_ok(uuid "01563df3-6481-d676-4c61-efb99302bd5b\n")
