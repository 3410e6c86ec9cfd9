# -q/--quick and -z/--zero entropy sources, alone and with -n and -t.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

# -z: zero entropy.
foreach(flag -z --zero)
  run_ulid(zero ARGS ${flag})
  expect_rc(zero 0)
  expect_err(zero "")
  expect_out_matches(zero "^[0-7]${B32}${B32}${B32}${B32}${B32}${B32}${B32}${B32}${B32}0000000000000000\n$")
endforeach()

# -z with -n: the first ULID of the millisecond has zero entropy, the next
# ones count up by one, so the list stays strictly increasing.
run_ulid(counting ARGS -z -n 5 -t 1469922850259)
expect_ok(counting "01ARZ3NDEK0000000000000000\n01ARZ3NDEK0000000000000001\n01ARZ3NDEK0000000000000002\n01ARZ3NDEK0000000000000003\n01ARZ3NDEK0000000000000004\n")

# Past 31 the count carries into the next base32 digit.
run_ulid(carry ARGS -zn 34 -t 1469922850259)
expect_rc(carry 0)
lines_of(carry_lines "${carry_out}")
list(GET carry_lines 31 at31)
list(GET carry_lines 32 at32)
list(GET carry_lines 33 at33)
if(NOT at31 STREQUAL "01ARZ3NDEK000000000000000Z" OR NOT at32 STREQUAL "01ARZ3NDEK0000000000000010"
   OR NOT at33 STREQUAL "01ARZ3NDEK0000000000000011")
  message(FATAL_ERROR "-z -n 34: expected ...Z, ...10, ...11 at 31-33, got ${at31} ${at32} ${at33}")
endif()

# -z -n with the clock: strictly increasing too.
run_ulid(zero_many ARGS -z -n 20000)
expect_rc(zero_many 0)
lines_of(zero_lines "${zero_many_out}")
expect_strictly_increasing(zero_many zero_lines 20000)

# -q: valid, strictly increasing ULIDs with random (not zero) entropy.
foreach(flag -q --quick)
  run_ulid(quick ARGS ${flag} -n 20000)
  expect_rc(quick 0)
  expect_err(quick "")
  string(REGEX MATCHALL "${ULID_RE}\n" matches "${quick_out}")
  list(LENGTH matches matched)
  if(NOT matched EQUAL 20000)
    message(FATAL_ERROR "${flag} -n 20000: ${matched} lines are ULIDs")
  endif()
  lines_of(quick_lines "${quick_out}")
  expect_strictly_increasing(quick quick_lines 20000)
  list(GET quick_lines 0 first)
  string(SUBSTRING "${first}" 10 16 entropy)
  if(entropy STREQUAL "0000000000000000")
    message(FATAL_ERROR "${flag}: the first ULID has zero entropy")
  endif()
endforeach()

# -q is seeded from the operating system: two runs differ.
run_ulid(q1 ARGS -q -t 1000)
run_ulid(q2 ARGS -q -t 1000)
expect_rc(q1 0)
expect_rc(q2 0)
if(q1_out STREQUAL q2_out)
  message(FATAL_ERROR "two -q runs at the same time printed the same ULID ${q1_out}")
endif()

# -q with -t: all in one millisecond, still strictly increasing.
run_ulid(quick_fixed ARGS -q -t 1469922850259 -n 1000)
expect_rc(quick_fixed 0)
lines_of(fixed_lines "${quick_fixed_out}")
expect_strictly_increasing(quick_fixed fixed_lines 1000)
string(REGEX MATCHALL "01ARZ3NDEK${B32}+\n" fixed_matches "${quick_fixed_out}")
list(LENGTH fixed_matches fixed_count)
if(NOT fixed_count EQUAL 1000)
  message(FATAL_ERROR "-q -t: ${fixed_count} of 1000 ULIDs have the requested time")
endif()

# One entropy source only.
run_ulid(both ARGS -q -z)
expect_usage_error(both "-q and -z cannot be combined")
run_ulid(both_long ARGS --zero --quick)
expect_usage_error(both_long "--quick and --zero cannot be combined")
run_ulid(bundled ARGS -qz)
expect_usage_error(bundled "-q and -z cannot be combined")
