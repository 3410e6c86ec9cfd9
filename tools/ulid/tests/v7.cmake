# --v7: ULIDs that are also RFC 9562 UUIDv7 (version 7, variant 10, the
# fraction of the millisecond in rand_a), with every generating option and
# output form; refused when parsing; -v shows whether an input is a UUIDv7.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

string(REPEAT "${HEX}" 3 _h3)
set(V7_UUID_RE "${_h8}-${_h4}-7${_h3}-[89ab]${_h3}-${_h12}")

# Many at once: each a UUIDv7, strictly increasing.
run_ulid(many ARGS --v7 --uuid -n 200)
expect_rc(many 0)
expect_err(many "")
lines_of(many_lines "${many_out}")
list(LENGTH many_lines n)
if(NOT n EQUAL 200)
  message(FATAL_ERROR "--v7 -n 200 printed ${n} lines")
endif()
foreach(line IN LISTS many_lines)
  if(NOT line MATCHES "^${V7_UUID_RE}$")
    message(FATAL_ERROR "--v7 made '${line}', not a UUIDv7")
  endif()
endforeach()
expect_strictly_increasing(many many_lines 200)

# The ULID text of the same IDs, with every entropy source.
foreach(flags "--v7" "--v7;-q" "--v7;-z")
  run_ulid(text ARGS ${flags} -n 3)
  expect_rc(text 0)
  expect_out_matches(text "^${ULID_RE}\n${ULID_RE}\n${ULID_RE}\n$")
  lines_of(text_lines "${text_out}")
  expect_strictly_increasing(text text_lines 3)
  run_ulid(back ARGS -v ${text_lines})
  expect_rc(back 0)
  string(REGEX MATCHALL "\"uuidv7\":true" yes "${back_out}")
  list(LENGTH yes yes_count)
  if(NOT yes_count EQUAL 3)
    message(FATAL_ERROR "${flags}: -v does not show the three IDs as UUIDv7:\n${back_out}")
  endif()
endforeach()

# A given time: rand_a 0 of that millisecond; zero entropy counts up in rand_b.
run_ulid(fixed ARGS --v7 -z -n 2 -t 2026-12-02T08:15:04.123Z --uuid)
expect_ok(fixed "01a235d2-4bbb-7000-8000-000000000000\n01a235d2-4bbb-7000-8000-000000000001\n")
run_ulid(fixed_json ARGS --v7 -z -t 1796199304123 -v)
expect_ok(fixed_json "{\"ulid\":\"01M8TX4JXVE008000000000000\",\"uuid\":\"01a235d2-4bbb-7000-8000-000000000000\",\"time\":\"2026-12-02T08:15:04.123Z\",\"ms\":1796199304123,\"entropy\":\"70008000000000000000\",\"uuidv7\":true}\n")

# A classic ULID is not shown as one.
run_ulid(classic ARGS -v 01ARYZ6S41TSV4RRFFQ69G5FAV)
expect_rc(classic 0)
if(NOT classic_out MATCHES "\"uuidv7\":false}")
  message(FATAL_ERROR "a classic ULID shown as a UUIDv7:\n${classic_out}")
endif()

# Refused while parsing, never ignored.
run_ulid(parsing ARGS --v7 01ARYZ6S41TSV4RRFFQ69G5FAV)
expect_usage_error(parsing "--v7 is for generating ULIDs and cannot be combined with parsing")
