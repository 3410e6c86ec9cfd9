# -f FORMAT / --format FORMAT: how timestamps of parsed ULIDs are shown.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

set(id 01ARYZ6S41TSV4RRFFQ69G5FAV)  # 1469918176385 ms
set(json "{\"ulid\":\"01ARYZ6S41TSV4RRFFQ69G5FAV\",\"uuid\":\"01563df3-6481-d676-4c61-efb99302bd5b\",\"time\":\"2016-07-30T22:36:16.385Z\",\"ms\":1469918176385,\"entropy\":\"d6764c61efb99302bd5b\",\"uuidv7\":false}\n")

foreach(case "default|Sat Jul 30 22:36:16.385 UTC 2016" "rfc3339|2016-07-30T22:36:16.385Z" "unix|1469918176"
             "ms|1469918176385" "RFC3339|2016-07-30T22:36:16.385Z" "Default|Sat Jul 30 22:36:16.385 UTC 2016")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 format)
  list(GET parts 1 expected)
  run_ulid(short ARGS -f ${format} ${id})
  expect_ok(short "${expected}\n")
  run_ulid(long ARGS --format ${format} ${id})
  expect_ok(long "${expected}\n")
  run_ulid(eq ARGS --format=${format} ${id})
  expect_ok(eq "${expected}\n")
  run_ulid(glued ARGS -f${format} ${id})
  expect_ok(glued "${expected}\n")
endforeach()

run_ulid(json ARGS -f json ${id})
expect_ok(json "${json}")

# Milliseconds are always three digits, and days and hours two.
run_ulid(zero_ms ARGS 00000000000000000000000000 00000001000000000000000000 -f rfc3339)
expect_ok(zero_ms "1970-01-01T00:00:00.000Z\n1970-01-01T00:00:01.024Z\n")
run_ulid(epoch ARGS 00000000000000000000000000)
expect_ok(epoch "Thu Jan 01 00:00:00.000 UTC 1970\n")

# The largest ULID time, in the year 10889: computed, not left to the C library.
run_ulid(max ARGS 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)
expect_ok(max "Tue Aug 02 05:31:50.655 UTC 10889\n")
run_ulid(max3339 ARGS -f rfc3339 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)
expect_ok(max3339 "10889-08-02T05:31:50.655Z\n")
run_ulid(max_unix ARGS -f unix 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)
expect_ok(max_unix "281474976710\n")

# A leap day, and the turn of a century that is a leap year.
run_ulid(leap ARGS -z -t 2024-02-29T12:00:00.5Z)
string(STRIP "${leap_out}" leap_id)
run_ulid(leap_back ARGS ${leap_id})
expect_ok(leap_back "Thu Feb 29 12:00:00.500 UTC 2024\n")
run_ulid(y2k ARGS -z -t 2000-02-29T23:59:59.999Z)
string(STRIP "${y2k_out}" y2k_id)
run_ulid(y2k_back ARGS -f rfc3339 ${y2k_id})
expect_ok(y2k_back "2000-02-29T23:59:59.999Z\n")

# Round trip through -t for a spread of times: parse(generate(t)) == t.
foreach(ms 1 999 1000 86399999 86400000 951782399999 4102444800000 253402300799999)
  run_ulid(gen ARGS -z -t ${ms})
  string(STRIP "${gen_out}" gen_id)
  run_ulid(back ARGS -f ms ${gen_id})
  expect_ok(back "${ms}\n")
  run_ulid(back3339 ARGS -f rfc3339 ${gen_id})
  string(STRIP "${back3339_out}" text)
  run_ulid(again ARGS -z -t ${text})
  expect_ok(again "${gen_out}")
endforeach()

# A bad format is a usage error.
run_ulid(bad ARGS -f iso ${id})
expect_usage_error(bad "invalid format for -f 'iso': expected default, rfc3339, unix, ms or json")
run_ulid(bad_long ARGS --format= ${id})
expect_usage_error(bad_long "invalid format for --format ''")
run_ulid(missing ARGS ${id} --format)
expect_usage_error(missing "option --format needs a value")
