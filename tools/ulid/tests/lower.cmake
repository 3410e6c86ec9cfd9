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

# When parsing, --lower asks for ULIDs: every input prints its ULID in
# lower case, a ULID input too.
run_ulid(parsed ARGS --lower 01ARYZ6S41TSV4RRFFQ69G5FAV 01563df3-6481-d676-4c61-efb99302bd5b)
expect_ok(parsed "01aryz6s41tsv4rrffq69g5fav\n01aryz6s41tsv4rrffq69g5fav\n")
# Where no ULID is printed, --lower is refused rather than ignored.
run_ulid(uuid ARGS --lower --uuid 01ARYZ6S41TSV4RRFFQ69G5FAV)
expect_usage_error(uuid "--uuid and --lower cannot be combined: UUIDs are always printed in lower case")
run_ulid(time ARGS --lower -f rfc3339 01ARYZ6S41TSV4RRFFQ69G5FAV)
expect_usage_error(time "--lower and -f rfc3339 cannot be combined: -f prints times, not ULIDs")
