# ulid with no arguments: one new ULID for the current time.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

string(TIMESTAMP before "%s" UTC)
run_ulid(one)
string(TIMESTAMP after "%s" UTC)
expect_rc(one 0)
expect_err(one "")
expect_out_matches(one "^${ULID_RE}\n$")

# Its timestamp is the current time: parse it back to Unix seconds.
string(STRIP "${one_out}" id)
run_ulid(when ARGS -f unix ${id})
expect_rc(when 0)
string(STRIP "${when_out}" seconds)
if(seconds LESS before OR seconds GREATER after)
  message(FATAL_ERROR "ULID ${id} has time ${seconds}, expected between ${before} and ${after}")
endif()

# Two calls give different ULIDs (80 bits of secure entropy each).
run_ulid(two)
expect_rc(two 0)
expect_out_matches(two "^${ULID_RE}\n$")
if(two_out STREQUAL one_out)
  message(FATAL_ERROR "two calls printed the same ULID ${one_out}")
endif()

# The entropy is not zero (the default source is not the zero source).
string(SUBSTRING "${id}" 10 16 entropy)
if(entropy STREQUAL "0000000000000000")
  message(FATAL_ERROR "ULID ${id} has zero entropy")
endif()
