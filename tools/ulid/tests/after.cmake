# --after ID: every printed ID is greater than ID, whatever the clock of the
# machine that made it (up to the 500 ms skew bound); an ID beyond the bound
# (a clock far ahead, a forged ID, the year 3000) is refused with how far
# ahead it was, and nothing is printed.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

# The current millisecond, as the tool reads it.
run_ulid(now ARGS)
expect_rc(now 0)
string(STRIP "${now_out}" now_id)
run_ulid(now_ms ARGS -f ms ${now_id})
expect_rc(now_ms 0)
string(STRIP "${now_ms_out}" now_ms)

# An ID 300 ms ahead (a peer whose clock runs fast), at the top of its
# millisecond's counter, and one at the bottom: each new ID sorts after it.
math(EXPR ahead_ms "${now_ms} + 300")
run_ulid(ahead_zero ARGS -z -t ${ahead_ms})
expect_rc(ahead_zero 0)
string(STRIP "${ahead_zero_out}" ahead_low)
string(SUBSTRING "${ahead_low}" 0 10 ahead_time)
set(ahead_top "${ahead_time}ZZZZZZZZZZZZZZZZ")
foreach(peer "${ahead_low}" "${ahead_top}")
  foreach(flags "" "--v7" "-q" "-z" "--v7;-q")
    run_ulid(after ARGS --after ${peer} -n 50 ${flags})
    expect_rc(after 0)
    expect_err(after "")
    lines_of(after_lines "${after_out}")
    expect_strictly_increasing(after after_lines 50)
    list(GET after_lines 0 first)
    if(NOT first STRGREATER peer)
      message(FATAL_ERROR "ulid --after ${peer} ${flags} printed ${first}, not greater")
    endif()
  endforeach()
endforeach()

# The UUID form of an ID is accepted too, and --uuid output is ordered the same.
run_ulid(as_uuid ARGS --uuid ${ahead_top})
expect_rc(as_uuid 0)
string(STRIP "${as_uuid_out}" ahead_uuid)
run_ulid(after_uuid ARGS --after ${ahead_uuid} --v7 --uuid)
expect_rc(after_uuid 0)
string(STRIP "${after_uuid_out}" made_uuid)
if(NOT made_uuid STRGREATER ahead_uuid)
  message(FATAL_ERROR "ulid --after ${ahead_uuid} --v7 --uuid printed ${made_uuid}, not greater")
endif()

# Beyond the bound: refused, with how far ahead, nothing printed.
math(EXPR far_ms "${now_ms} + 5000")
run_ulid(far_zero ARGS -z -t ${far_ms})
string(STRIP "${far_zero_out}" far_id)
run_ulid(far ARGS --after ${far_id})
expect_rc(far 1)
expect_out(far "")
expect_err_matches(far "^ulid: cannot generate after ${far_id}: it is [0-9]+ ms ahead of this machine's clock, more than the 500 ms allowed \\(clock skew\\)\n$")
run_ulid(year_3000 ARGS --after 3000-01-01)
expect_usage_error(year_3000 "invalid ID for --after '3000-01-01'")
run_ulid(y3000_zero ARGS -z -t 3000-01-01T00:00:00Z)
string(STRIP "${y3000_zero_out}" y3000_id)
run_ulid(y3000 ARGS --after ${y3000_id} --v7)
expect_rc(y3000 1)
expect_out(y3000 "")
expect_err_contains(y3000 "ms ahead of this machine's clock, more than the 500 ms allowed (clock skew)")

# Not an ID, or while parsing: a bad command line.
run_ulid(bad ARGS --after 01ARYZ6S41TSV4RRFFQ69G5FA)
expect_usage_error(bad "invalid ID for --after '01ARYZ6S41TSV4RRFFQ69G5FA': ")
run_ulid(missing ARGS --after)
expect_usage_error(missing "option --after needs a value")
run_ulid(parsing ARGS --after ${ahead_low} ${ahead_low})
expect_usage_error(parsing "--after is for generating ULIDs and cannot be combined with parsing")
