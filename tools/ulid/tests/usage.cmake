# -h/--help, --version, and every command-line error (exit code 2, usage on
# stderr).
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

# Help: usage on stdout, exit 0, every option listed.
foreach(flag -h --help)
  run_ulid(help ARGS ${flag})
  expect_rc(help 0)
  expect_err(help "")
  expect_out_matches(help "^Usage: ulid ")
  foreach(option "-n, --count N" "-t, --time TIME" "-q, --quick" "-z, --zero" "--parse" "-f, --format FORMAT"
                 "-l, --local" "-v, --verbose" "--uuid" "--lower" "-h, --help" "--version" "--prefix P"
                 "--after ID" "--max-clock-skew MS" "--to-facade" "--from-facade" "--facade-key-file PATH")
    string(FIND "${help_out}" "${option}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${flag} does not describe '${option}'")
    endif()
  endforeach()
endforeach()
# Help wins over whatever else is on the line, and generates nothing.
run_ulid(help_first ARGS -n 5 -h)
expect_rc(help_first 0)
expect_out_matches(help_first "^Usage: ulid ")
run_ulid(help_bundle ARGS -qh)
expect_rc(help_bundle 0)
expect_out_matches(help_bundle "^Usage: ulid ")

# Version: the library's, as CMake read it from the header.
run_ulid(version ARGS --version)
expect_ok(version "ulid ${ULID_VERSION}\n")

# Unknown options.
run_ulid(unknown_long ARGS --bogus)
expect_usage_error(unknown_long "unknown option '--bogus'")
run_ulid(unknown_value ARGS --bogus=1)
expect_usage_error(unknown_value "unknown option '--bogus'")
run_ulid(unknown_short ARGS -x)
expect_usage_error(unknown_short "unknown option '-x'")
run_ulid(unknown_in_bundle ARGS -qx)
expect_usage_error(unknown_in_bundle "unknown option '-x'")
run_ulid(prefix ARGS --coun 3)
expect_usage_error(prefix "unknown option '--coun'")
run_ulid(negative_number ARGS -5)
expect_usage_error(negative_number "unknown option '-5'")
run_ulid(after_operand ARGS 01ARYZ6S41TSV4RRFFQ69G5FAV --bogus)
expect_usage_error(after_operand "unknown option '--bogus'")

# Missing values and values where none belong.
run_ulid(no_count ARGS -n)
expect_usage_error(no_count "option -n needs a value")
run_ulid(no_count_long ARGS --count)
expect_usage_error(no_count_long "option --count needs a value")
run_ulid(flag_value ARGS --uuid=yes)
expect_usage_error(flag_value "option --uuid takes no value")
run_ulid(flag_value2 ARGS --verbose=)
expect_usage_error(flag_value2 "option --verbose takes no value")

# Bad counts.
foreach(case "abc|not a non-negative whole number" "-5|not a non-negative whole number"
             "1.5|not a non-negative whole number" " 5|not a non-negative whole number"
             "5 |not a non-negative whole number" "+5|not a non-negative whole number"
             "0x10|not a non-negative whole number" "1e6|not a non-negative whole number"
             "18446744073709551616|too large" "99999999999999999999999|too large")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 value)
  list(GET parts 1 why)
  run_ulid(count ARGS -n "${value}")
  expect_usage_error(count "invalid count for -n '${value}': ${why}")
endforeach()
run_ulid(empty_count ARGS --count=)
expect_usage_error(empty_count "invalid count for --count '': an empty count")

# Generation options make no sense while parsing.
set(id 01ARYZ6S41TSV4RRFFQ69G5FAV)
foreach(flags "-n;2" "--count=2" "-t;0" "-q" "--zero")
  run_ulid(conflict ARGS ${flags} ${id})
  expect_usage_error(conflict "is for generating ULIDs and cannot be combined with parsing")
  run_ulid(conflict_parse ARGS --parse ${flags})
  expect_usage_error(conflict_parse "is for generating ULIDs and cannot be combined with parsing")
  run_ulid(conflict_dash ARGS ${flags} -)
  expect_usage_error(conflict_dash "is for generating ULIDs and cannot be combined with parsing")
endforeach()

# Bundles and mixed spellings that are valid.
run_ulid(bundle ARGS -zn3 -t1469922850259)
expect_ok(bundle "01ARZ3NDEK0000000000000000\n01ARZ3NDEK0000000000000001\n01ARZ3NDEK0000000000000002\n")
run_ulid(bundle_value ARGS -lvf json ${id})
expect_rc(bundle_value 0)
expect_out_matches(bundle_value "^{\"ulid\":\"${id}\"")
# The last value given wins.
run_ulid(last_wins ARGS -f unix -f ms ${id})
expect_ok(last_wins "1469918176385\n")

# Control characters in rejected values are escaped, long values cut short.
string(ASCII 1 soh)
run_ulid(escaped_value ARGS -t "a${soh}b")
expect_usage_error(escaped_value "invalid time for -t 'a\\x01b': ")
run_ulid(escaped_option ARGS "--${soh}")
expect_usage_error(escaped_option "unknown option '--\\x01'")
string(REPEAT "9x" 500 long)
run_ulid(long_value ARGS -n ${long})
expect_usage_error(long_value "invalid count for -n '9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x'...: ")
