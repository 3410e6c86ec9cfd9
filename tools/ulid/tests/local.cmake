# -l/--local: local time instead of UTC. The zone comes from TZ in POSIX form
# (no time zone database needed): ABC-2 is two hours east of UTC, XYZ+5 five
# hours west.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

set(id 01ARYZ6S41TSV4RRFFQ69G5FAV)  # 2016-07-30T22:36:16.385Z

set(ENV{TZ} "ABC-2")
run_ulid(east ARGS -l ${id})
expect_ok(east "Sun Jul 31 00:36:16.385 ABC 2016\n")
run_ulid(east3339 ARGS --local -f rfc3339 ${id})
expect_ok(east3339 "2016-07-31T00:36:16.385+02:00\n")
# Without -l the zone does not matter.
run_ulid(utc ARGS -f rfc3339 ${id})
expect_ok(utc "2016-07-30T22:36:16.385Z\n")
# unix and ms are zone-free: -l with them is refused, not ignored.
run_ulid(unix ARGS -l -f unix ${id})
expect_usage_error(unix "-l and -f unix cannot be combined: Unix time does not depend on the time zone")
run_ulid(ms ARGS --local --format=ms ${id})
expect_usage_error(ms "--local and --format ms cannot be combined")
# -l alone asks for times: a UUID prints its local time too.
run_ulid(uuid_local ARGS -l 01563df3-6481-d676-4c61-efb99302bd5b)
expect_ok(uuid_local "Sun Jul 31 00:36:16.385 ABC 2016\n")
# The JSON time follows -l.
run_ulid(json ARGS -l -v ${id})
expect_rc(json 0)
expect_out_matches(json "\"time\":\"2016-07-31T00:36:16.385\\+02:00\",\"ms\":1469918176385,")

set(ENV{TZ} "XYZ+5")
# West of UTC the epoch falls on the previous day, in 1969.
run_ulid(west ARGS -l 00000000000000000000000000)
expect_ok(west "Wed Dec 31 19:00:00.000 XYZ 1969\n")
run_ulid(west3339 ARGS -lf rfc3339 00000000000000000000000000 ${id})
expect_ok(west3339 "1969-12-31T19:00:00.000-05:00\n2016-07-30T17:36:16.385-05:00\n")

set(ENV{TZ} "HMS-5:30")
run_ulid(half ARGS -l -f rfc3339 ${id})
expect_ok(half "2016-07-31T04:06:16.385+05:30\n")

# Generated ULIDs in JSON carry the local offset too.
run_ulid(generated ARGS -l -v -z -t 1469918176385)
expect_out_matches(generated "\"time\":\"2016-07-31T04:06:16.385\\+05:30\"")
