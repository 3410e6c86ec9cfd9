# -t TIME / --time TIME: Unix milliseconds or RFC 3339.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

# 2016-07-30T23:54:10.259Z is 1469922850259 ms, whose 10-character time
# prefix is 01ARZ3NDEK.
foreach(time 1469922850259 2016-07-30T23:54:10.259Z 2016-07-31T01:54:10.259+02:00 2016-07-30T20:24:10.259-03:30
             2016-07-30t23:54:10.259z "2016-07-30 23:54:10.259Z" 2016-07-30T23:54:10.259999999Z)
  run_ulid(at ARGS -z -t "${time}")
  expect_ok(at "01ARZ3NDEK0000000000000000\n")
  run_ulid(at_long ARGS --zero "--time=${time}")
  expect_ok(at_long "01ARZ3NDEK0000000000000000\n")
endforeach()

# Without a fraction: whole seconds.
run_ulid(whole ARGS -t 2016-07-30T23:54:10Z)
expect_rc(whole 0)
string(STRIP "${whole_out}" id)
run_ulid(whole_ms ARGS -f ms ${id})
expect_ok(whole_ms "1469922850000\n")

# With the default entropy: the time part is the requested one.
run_ulid(secure ARGS -t 1469922850259 -n 3)
expect_rc(secure 0)
expect_out_matches(secure "^01ARZ3NDEK${B32}+\n01ARZ3NDEK${B32}+\n01ARZ3NDEK${B32}+\n$")
lines_of(secure_lines "${secure_out}")
expect_strictly_increasing(secure secure_lines 3)

# -t with -n: one millisecond, strictly increasing by monotonic entropy.
run_ulid(many ARGS -t 1469922850259 -n 5000)
expect_rc(many 0)
lines_of(many_lines "${many_out}")
expect_strictly_increasing(many many_lines 5000)

# The ends of the range.
run_ulid(epoch ARGS -z -t 0)
expect_ok(epoch "00000000000000000000000000\n")
run_ulid(epoch3339 ARGS -z -t 1970-01-01T00:00:00Z)
expect_ok(epoch3339 "00000000000000000000000000\n")
run_ulid(max ARGS -z -t 281474976710655)
expect_ok(max "7ZZZZZZZZZ0000000000000000\n")
run_ulid(leading_zeros ARGS -z -t 0001469922850259)
expect_ok(leading_zeros "01ARZ3NDEK0000000000000000\n")

# Bad times: usage error, exit 2, with the reason.
run_ulid(big ARGS -t 281474976710656)
expect_usage_error(big "invalid time for -t '281474976710656': timestamp too big")
run_ulid(huge ARGS --time 99999999999999999999999999)
expect_usage_error(huge "invalid time for --time '99999999999999999999999999': timestamp too big")
run_ulid(before ARGS -t 1969-12-31T23:59:59.999Z)
expect_usage_error(before "before 1970-01-01T00:00:00Z")
run_ulid(before_offset ARGS -t 1970-01-01T00:30:00+01:00)
expect_usage_error(before_offset "before 1970-01-01T00:00:00Z")
run_ulid(garbage ARGS -t yesterday)
expect_usage_error(garbage "invalid time for -t 'yesterday': not Unix milliseconds or an RFC 3339 time")
run_ulid(negative ARGS -t -5)
expect_usage_error(negative "invalid time for -t '-5'")
run_ulid(no_zone ARGS -t 2016-07-30T23:54:10)
expect_usage_error(no_zone "without a time zone")
run_ulid(feb30 ARGS -t 2016-02-30T00:00:00Z)
expect_usage_error(feb30 "day out of range for that month")
run_ulid(feb29 ARGS -z -t 2016-02-29T00:00:00Z)
expect_rc(feb29 0)
run_ulid(feb29_2015 ARGS -t 2015-02-29T00:00:00Z)
expect_usage_error(feb29_2015 "day out of range for that month")
run_ulid(month13 ARGS -t 2016-13-01T00:00:00Z)
expect_usage_error(month13 "month out of range")
run_ulid(hour24 ARGS -t 2016-01-01T24:00:00Z)
expect_usage_error(hour24 "time of day out of range")
run_ulid(bad_offset ARGS -t 2016-01-01T00:00:00+24:00)
expect_usage_error(bad_offset "time zone offset out of range")
run_ulid(empty_fraction ARGS -t 2016-01-01T00:00:00.Z)
expect_usage_error(empty_fraction "not Unix milliseconds or an RFC 3339 time")
run_ulid(trailing ARGS -t 2016-01-01T00:00:00Zjunk)
expect_usage_error(trailing "not Unix milliseconds or an RFC 3339 time")
run_ulid(missing ARGS -t)
expect_usage_error(missing "option -t needs a value")
run_ulid(empty ARGS --time=)
expect_usage_error(empty "invalid time for --time ''")
