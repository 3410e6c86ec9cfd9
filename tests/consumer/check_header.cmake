# Compiles app/second.cpp (a translation unit that includes only
# <ulid/ulid.hpp>) and app/main.cpp with one compiler, standard library and
# language standard under the project's strictest warnings, links the two
# together (one definition rule, no duplicate symbols) and runs the result.
#
#   cmake -DCXX=<compiler> -DSTD=17|20|23 [-DSTDLIB=libc++] -DSOURCE_DIR=<repo>
#         -DWORK_DIR=<scratch> -P check_header.cmake
#
# A compiler or standard library that is not installed is reported with the
# line "ULID_SKIP: ..." (the test's SKIP_REGULAR_EXPRESSION), never passed.
cmake_minimum_required(VERSION 3.21)

foreach(_var STD SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_header.cmake: ${_var} is not set")
  endif()
endforeach()

if(NOT CXX OR NOT EXISTS "${CXX}")
  message("ULID_SKIP: ${COMPILER_NAME} is not installed on this machine")
  return()
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# Runs a command; on failure stops with its output.
function(run_step what)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE rv OUTPUT_VARIABLE out
                  ERROR_VARIABLE out)
  if(NOT rv EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "${what} failed (${rv}):\n  ${cmd}\n${out}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

set(_stdlib_flags)
if(STDLIB)
  set(_stdlib_flags "-stdlib=${STDLIB}")
  # Skip only when the library is missing, not when it is merely broken.
  file(WRITE "${WORK_DIR}/probe.cpp" "#include <cstddef>\nint main() { return 0; }\n")
  execute_process(COMMAND "${CXX}" ${_stdlib_flags} probe.cpp -o probe WORKING_DIRECTORY "${WORK_DIR}"
                  RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rv EQUAL 0)
    if(out MATCHES "not found|No such file|cannot find|unable to find library")
      message("ULID_SKIP: ${STDLIB} is not installed for ${CXX}:\n${out}")
      return()
    endif()
    message(FATAL_ERROR "${CXX} -stdlib=${STDLIB} cannot build a trivial program:\n${out}")
  endif()
endif()

# Older compilers (clang 14, 16) know C++23 only as -std=c++2b.
set(_std_flag "-std=c++${STD}")
if(STD STREQUAL "23")
  file(WRITE "${WORK_DIR}/empty.cpp" "")
  execute_process(COMMAND "${CXX}" -std=c++23 -fsyntax-only empty.cpp WORKING_DIRECTORY "${WORK_DIR}"
                  RESULT_VARIABLE rv OUTPUT_QUIET ERROR_QUIET)
  if(NOT rv EQUAL 0)
    set(_std_flag "-std=c++2b")
  endif()
endif()

set(_flags ${_std_flag} ${_stdlib_flags} -O2 -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow -Werror
           -pthread "-I${SOURCE_DIR}/include")
string(REPLACE ";" " " _shown "${_flags}")
message(STATUS "${CXX} ${_shown}")
foreach(_tu second main)
  run_step("compiling ${_tu}.cpp" "${CXX}" ${_flags} -c "${SOURCE_DIR}/tests/consumer/app/${_tu}.cpp" -o ${_tu}.o)
endforeach()
run_step("linking" "${CXX}" ${_stdlib_flags} -pthread second.o main.o -o consumer)
run_step("running the consumer" "${WORK_DIR}/consumer")
if(NOT step_output MATCHES "ulid consumer ok")
  message(FATAL_ERROR "the consumer did not report success:\n${step_output}")
endif()
message(STATUS "${step_output}")
