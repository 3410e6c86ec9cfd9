# -n N / --count N: N ULIDs, one per line, strictly increasing.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

run_ulid(three ARGS -n 3)
expect_rc(three 0)
expect_err(three "")
expect_out_matches(three "^${ULID_RE}\n${ULID_RE}\n${ULID_RE}\n$")
lines_of(three_lines "${three_out}")
expect_strictly_increasing(three three_lines 3)

# Every spelling of the option.
foreach(spelling "--count;4" "--count=4" "-n4" "-n;4")
  run_ulid(spelled ARGS ${spelling})
  expect_rc(spelled 0)
  expect_out_matches(spelled "^${ULID_RE}\n${ULID_RE}\n${ULID_RE}\n${ULID_RE}\n$")
endforeach()

# -n 0 prints nothing, successfully.
run_ulid(zero ARGS -n 0)
expect_ok(zero "")

# A large count: every line a ULID, all strictly increasing. Many share a
# millisecond, so this exercises the monotonic increments.
run_ulid(many ARGS -n 100000)
expect_rc(many 0)
expect_err(many "")
string(LENGTH "${many_out}" length)
math(EXPR expected "100000 * 27")
if(NOT length EQUAL expected)
  message(FATAL_ERROR "-n 100000 printed ${length} characters, expected ${expected}")
endif()
string(REGEX MATCHALL "${ULID_RE}\n" matches "${many_out}")
list(LENGTH matches matched)
if(NOT matched EQUAL 100000)
  message(FATAL_ERROR "-n 100000: only ${matched} lines are ULIDs")
endif()
lines_of(many_lines "${many_out}")
expect_strictly_increasing(many many_lines 100000)

# A million to a file: the exact size, through the buffered writer.
set(file "${WORK_DIR}/million.txt")
run_ulid(million OUTPUT_FILE "${file}" ARGS --count 1000000)
expect_rc(million 0)
expect_err(million "")
file(SIZE "${file}" size)
if(WIN32)
  set(expected 28000000)
else()
  set(expected 27000000)
endif()
if(NOT size EQUAL expected)
  message(FATAL_ERROR "-n 1000000 wrote ${size} bytes, expected ${expected}")
endif()
file(READ "${file}" tail OFFSET 26999973)
if(NOT WIN32 AND NOT tail MATCHES "^${ULID_RE}\n$")
  message(FATAL_ERROR "the last line of -n 1000000 is not a ULID: '${tail}'")
endif()
file(REMOVE "${file}")
