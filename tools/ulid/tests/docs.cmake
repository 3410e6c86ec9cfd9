# Runs every example of docs/cli.md whose output is shown and compares the
# output (issue 14, point 9), so that the manual cannot drift from the tool.
#   cmake -DULID=<ulid> -DWORK_DIR=<dir> -DDOC=<docs/cli.md> -P docs.cmake
#
# An example is a "$ command" line in a ```console block, followed by its
# output: standard output and standard error as they appear together in a
# terminal. The commands of a block run in order in one POSIX shell (so that
# "echo $?" sees the command before), in a scratch directory, with the ulid
# under test first in PATH, TZ=UTC0 and standard input empty. In a block
# preceded by the line "<!-- doc-test: mask -->", ULIDs, UUIDs, RFC 3339 times,
# 13-digit millisecond counts, 20-digit hex entropy and the JSON "uuidv7" flag
# are compared by shape,
# since generated ULIDs and the current time differ on every run.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

if(NOT DOC OR NOT EXISTS "${DOC}")
  message(FATAL_ERROR "DOC must name docs/cli.md (got '${DOC}')")
endif()
# The Europe/Paris examples need the time zone database.
if(NOT EXISTS /usr/share/zoneinfo/Europe/Paris)
  message(FATAL_ERROR "no /usr/share/zoneinfo/Europe/Paris: install the time zone database (apt-get install tzdata)")
endif()
find_program(SH sh REQUIRED)
get_filename_component(ulid_dir "${ULID}" DIRECTORY)
set(ENV{PATH} "${ulid_dir}:$ENV{PATH}")
set(ENV{LC_ALL} "C")

# CMake lists split at ';' (except inside [...]): hide those characters while
# the text is a list of lines, and bring them back in each line.
file(READ "${DOC}" doc)
string(REPLACE ";" "@semicolon@" doc "${doc}")
string(REPLACE "[" "@open@" doc "${doc}")
string(REPLACE "]" "@close@" doc "${doc}")
string(REPLACE "\n" ";" doc_lines "${doc}")
function(restore var text)
  string(REPLACE "@semicolon@" ";" text "${text}")
  string(REPLACE "@open@" "[" text "${text}")
  string(REPLACE "@close@" "]" text "${text}")
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

# mask(<var> <text>): generated values replaced by their kind.
string(REPEAT "[0-9A-HJKMNP-TV-Z]" 25 _upper25)
string(REPEAT "[0-9a-hjkmnp-tv-z]" 25 _lower25)
string(REPEAT "[0-9]" 13 _digits13)
string(REPEAT "[0-9a-f]" 20 _hex20)
set(_time3339 "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]\\.[0-9][0-9][0-9](Z|[+-][0-9][0-9]:[0-9][0-9])")
function(mask var text)
  string(REGEX REPLACE "${UUID_RE}" "<uuid>" text "${text}")
  string(REGEX REPLACE "${_hex20}" "<entropy>" text "${text}")
  string(REGEX REPLACE "[0-7]${_upper25}" "<ULID>" text "${text}")
  string(REGEX REPLACE "[0-7]${_lower25}" "<ulid>" text "${text}")
  string(REGEX REPLACE "${_time3339}" "<time>" text "${text}")
  string(REGEX REPLACE "${_digits13}" "<ms>" text "${text}")
  # Whether a random ID also has UUIDv7's version and variant bits is
  # chance (1 in 64): a flag of the generated value, masked with it.
  string(REGEX REPLACE "\"uuidv7\":(true|false)" "\"uuidv7\":<bool>" text "${text}")
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

set(marker "@@ulid-doc-test-end-of-command@@")
set(failures "")
set(examples 0)
set(blocks 0)

# run_block(): runs the commands collected in block_commands (a list of
# indices; block_command_<i> and block_expected_<i> hold the text).
macro(run_block)
  math(EXPR blocks "${blocks} + 1")
  set(script "")
  foreach(i IN LISTS block_commands)
    # The status of the command survives the marker, for "echo $?".
    string(APPEND script "{ ${block_command_${i}}\n} 2>&1\n__status=$?\necho '${marker}'\n(exit $__status)\n")
  endforeach()
  set(block_dir "${WORK_DIR}/block${blocks}")
  file(MAKE_DIRECTORY "${block_dir}")
  file(WRITE "${block_dir}/script.sh" "${script}")
  execute_process(COMMAND "${SH}" "${block_dir}/script.sh" WORKING_DIRECTORY "${block_dir}"
                  INPUT_FILE "${_empty_input}" OUTPUT_VARIABLE block_out ERROR_VARIABLE block_err
                  RESULT_VARIABLE block_rc TIMEOUT 30)
  if(NOT block_err STREQUAL "")
    string(APPEND failures "\nblock ${blocks}: the shell wrote to stderr: ${block_err}")
  endif()
  set(rest "${block_out}")
  foreach(i IN LISTS block_commands)
    string(FIND "${rest}" "${marker}\n" at)
    if(at EQUAL -1)
      string(APPEND failures "\n$ ${block_command_${i}}\n  did not finish (shell status ${block_rc})")
      break()
    endif()
    string(SUBSTRING "${rest}" 0 ${at} actual)
    string(LENGTH "${marker}\n" marker_length)
    math(EXPR next "${at} + ${marker_length}")
    string(SUBSTRING "${rest}" ${next} -1 rest)
    set(expected "${block_expected_${i}}")
    if(block_masked)
      mask(actual "${actual}")
      mask(expected "${expected}")
    endif()
    math(EXPR examples "${examples} + 1")
    if(NOT actual STREQUAL expected)
      string(APPEND failures "\n$ ${block_command_${i}}\n--- docs/cli.md says:\n${expected}--- the tool says:\n${actual}---")
    endif()
  endforeach()
endmacro()

set(in_block FALSE)
set(previous "")
foreach(raw IN LISTS doc_lines)
  restore(line "${raw}")
  if(NOT in_block)
    if(line STREQUAL "```console")
      set(in_block TRUE)
      set(block_masked FALSE)
      if(previous STREQUAL "<!-- doc-test: mask -->")
        set(block_masked TRUE)
      endif()
      set(block_commands "")
      set(current -1)
    endif()
    if(NOT line STREQUAL "")
      set(previous "${line}")
    endif()
    continue()
  endif()
  if(line STREQUAL "```")
    set(in_block FALSE)
    set(previous "${line}")
    if(NOT block_commands STREQUAL "")
      run_block()
    endif()
    continue()
  endif()
  if(line MATCHES "^\\$ (.*)$")
    math(EXPR current "${current} + 1")
    list(APPEND block_commands ${current})
    set(block_command_${current} "${CMAKE_MATCH_1}")
    set(block_expected_${current} "")
  elseif(current EQUAL -1)
    string(APPEND failures "\noutput before any command in a console block: ${line}")
  else()
    string(APPEND block_expected_${current} "${line}\n")
  endif()
endforeach()

if(examples LESS 30)
  string(APPEND failures "\nonly ${examples} examples found in ${DOC}: is the parser broken?")
endif()
if(NOT failures STREQUAL "")
  # NOTICE prints the text as it is (FATAL_ERROR would re-wrap it).
  message(NOTICE "${failures}\n")
  message(FATAL_ERROR "docs/cli.md does not match the tool (above)")
endif()
message(STATUS "${examples} examples in ${blocks} blocks of docs/cli.md match the tool")
