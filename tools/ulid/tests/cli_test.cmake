# Helpers for the ulid tool's tests: each test script includes this file, runs
# the real binary with run_ulid() and checks what came back. Run by ctest as
#   cmake -DULID=<path to ulid> -DULID_VERSION=<x.y.z> -DWORK_DIR=<scratch dir> -P <test>.cmake
# A failed check stops the script with FATAL_ERROR, which fails the test.

cmake_minimum_required(VERSION 3.21)

if(NOT ULID OR NOT EXISTS "${ULID}")
  message(FATAL_ERROR "ULID must name the ulid binary (got '${ULID}')")
endif()
if(NOT WORK_DIR)
  message(FATAL_ERROR "WORK_DIR must name a scratch directory")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# Tests must not depend on the machine's time zone.
set(ENV{TZ} "UTC0")

# Regex pieces. CMake regexes have no {n}, so repeat by hand.
set(B32 "[0-9A-HJKMNP-TV-Z]")
set(B32_LOWER "[0-9a-hjkmnp-tv-z]")
set(HEX "[0-9a-f]")
string(REPEAT "${B32}" 25 _b32_25)
set(ULID_RE "[0-7]${_b32_25}")
string(REPEAT "${B32_LOWER}" 25 _b32_lower_25)
set(ULID_LOWER_RE "[0-7]${_b32_lower_25}")
string(REPEAT "${HEX}" 8 _h8)
string(REPEAT "${HEX}" 4 _h4)
string(REPEAT "${HEX}" 12 _h12)
string(REPEAT "${HEX}" 20 _h20)
set(UUID_RE "${_h8}-${_h4}-${_h4}-${_h4}-${_h12}")
set(ENTROPY_HEX_RE "${_h20}")

set(_empty_input "${WORK_DIR}/empty-input")
file(WRITE "${_empty_input}" "")

# run_ulid(<name> [INPUT <file>] [OUTPUT_FILE <file>] ARGS <arg>...)
# Runs ulid with the arguments, standard input from INPUT (an empty file by
# default, so that no test ever waits on a terminal), and sets <name>_rc,
# <name>_out, <name>_err and <name>_cmd in the caller's scope. With
# OUTPUT_FILE, stdout goes to that file instead of <name>_out.
function(run_ulid name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "INPUT;OUTPUT_FILE" "ARGS")
  set(input "${_empty_input}")
  if(DEFINED arg_INPUT)
    set(input "${arg_INPUT}")
  endif()
  set(capture OUTPUT_VARIABLE out)
  if(DEFINED arg_OUTPUT_FILE)
    set(capture OUTPUT_FILE "${arg_OUTPUT_FILE}")
  endif()
  execute_process(
    COMMAND "${ULID}" ${arg_ARGS}
    INPUT_FILE "${input}" ${capture}
    ERROR_VARIABLE err
    RESULT_VARIABLE rc)
  if(WIN32)
    # Text-mode stdio writes CRLF there; the checks below speak LF.
    string(REPLACE "\r\n" "\n" out "${out}")
    string(REPLACE "\r\n" "\n" err "${err}")
  endif()
  string(REPLACE ";" " " cmd "ulid ${arg_ARGS}")
  if(DEFINED arg_INPUT)
    string(APPEND cmd " < ${arg_INPUT}")
  endif()
  set(${name}_rc "${rc}" PARENT_SCOPE)
  set(${name}_out "${out}" PARENT_SCOPE)
  set(${name}_err "${err}" PARENT_SCOPE)
  set(${name}_cmd "${cmd}" PARENT_SCOPE)
endfunction()

function(_fail name what)
  string(LENGTH "${${name}_out}" out_length)
  set(out "${${name}_out}")
  if(out_length GREATER 2000)
    string(SUBSTRING "${out}" 0 2000 out)
    string(APPEND out "... (${out_length} characters)")
  endif()
  message(FATAL_ERROR "${what}\n  command: ${${name}_cmd}\n  exit code: ${${name}_rc}\n"
                      "  stdout:\n${out}\n  stderr:\n${${name}_err}")
endfunction()

# expect_rc(<name> <code>)
function(expect_rc name code)
  if(NOT "${${name}_rc}" STREQUAL "${code}")
    _fail(${name} "expected exit code ${code}")
  endif()
endfunction()

# expect_out(<name> <exact text>) / expect_err(<name> <exact text>)
function(expect_out name text)
  if(NOT "${${name}_out}" STREQUAL "${text}")
    _fail(${name} "expected stdout to be exactly:\n${text}")
  endif()
endfunction()
function(expect_err name text)
  if(NOT "${${name}_err}" STREQUAL "${text}")
    _fail(${name} "expected stderr to be exactly:\n${text}")
  endif()
endfunction()

# expect_out_matches(<name> <regex>) / expect_err_matches(<name> <regex>)
# (^ and $ anchor at the ends of the whole text, not of lines)
function(expect_out_matches name regex)
  if(NOT "${${name}_out}" MATCHES "${regex}")
    _fail(${name} "expected stdout to match: ${regex}")
  endif()
endfunction()
function(expect_err_matches name regex)
  if(NOT "${${name}_err}" MATCHES "${regex}")
    _fail(${name} "expected stderr to match: ${regex}")
  endif()
endfunction()

# expect_err_contains(<name> <literal>)
function(expect_err_contains name literal)
  string(FIND "${${name}_err}" "${literal}" at)
  if(at EQUAL -1)
    _fail(${name} "expected stderr to contain: ${literal}")
  endif()
endfunction()

# expect_ok(<name> <exact stdout>): exit code 0, that output, nothing on stderr.
function(expect_ok name text)
  expect_rc(${name} 0)
  expect_out(${name} "${text}")
  expect_err(${name} "")
endfunction()

# expect_usage_error(<name> <literal in the message>): exit code 2, nothing on
# stdout, and on stderr exactly two lines: "ulid: <message>" then the pointer
# to --help (the GNU convention; the usage itself would scroll the reason away).
function(expect_usage_error name literal)
  expect_rc(${name} 2)
  expect_out(${name} "")
  expect_err_matches(${name} "^ulid: [^\n]+\nTry 'ulid --help' for more information\\.\n$")
  expect_err_contains(${name} "${literal}")
endfunction()

# lines_of(<out var> <text>): the lines of text (each ending in \n) as a list.
# ULIDs, UUIDs and times contain no ';', so list splitting is safe for them.
function(lines_of var text)
  string(REGEX REPLACE "\n$" "" text "${text}")
  if(text STREQUAL "")
    set(${var} "" PARENT_SCOPE)
    return()
  endif()
  string(REPLACE "\n" ";" lines "${text}")
  set(${var} "${lines}" PARENT_SCOPE)
endfunction()

# expect_strictly_increasing(<name> <list var> <count>): the list has <count>
# elements, already in sorted order, with no duplicates.
function(expect_strictly_increasing name list count)
  set(items ${${list}})
  list(LENGTH items n)
  if(NOT n EQUAL count)
    _fail(${name} "expected ${count} lines, got ${n}")
  endif()
  set(sorted ${items})
  list(SORT sorted)
  if(NOT "${sorted}" STREQUAL "${items}")
    _fail(${name} "lines are not in increasing order")
  endif()
  list(REMOVE_DUPLICATES sorted)
  list(LENGTH sorted unique)
  if(NOT unique EQUAL count)
    _fail(${name} "expected ${count} distinct lines, got ${unique}")
  endif()
endfunction()
