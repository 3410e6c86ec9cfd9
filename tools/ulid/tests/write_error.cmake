# Output that cannot be written (/dev/full: every write fails with ENOSPC) is
# an error with exit code 1, in both modes, and no crash.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

foreach(args "-n;100000" "-v;-n;1000" "01ARYZ6S41TSV4RRFFQ69G5FAV")
  run_ulid(full OUTPUT_FILE /dev/full ARGS ${args})
  expect_rc(full 1)
  expect_err_matches(full "^ulid: cannot write output: [^\n]+\n$")
endforeach()

# A single ULID too.
run_ulid(one OUTPUT_FILE /dev/full)
expect_rc(one 1)
expect_err_matches(one "^ulid: cannot write output: ")

# --help and --version too: the same message, not a bare exit code 1.
foreach(args "--help" "--version")
  run_ulid(info OUTPUT_FILE /dev/full ARGS ${args})
  expect_rc(info 1)
  expect_err_matches(info "^ulid: cannot write output: [^\n]+\n$")
endforeach()
