# Compiles every ```cpp block of the given Markdown files with
# -Wall -Wextra -Werror, so the documentation's code cannot drift from the
# header (issue 14, point 10). The conventions, also in CONTRIBUTING.md:
#   - a block that defines `main` is a program: compiled, linked and run; it
#     must exit with status 0 within 30 s;
#   - any other block is a fragment at namespace scope: compiled with
#     -fsyntax-only after an implicit prelude (<ulid/ulid.hpp> and the usual
#     standard headers), so statements go inside a function the block defines;
#   - `<!-- snippet: std=c++20 -->` on the line before the fence compiles that
#     block as C++20 (default C++17);
#   - `<!-- snippet: needs=qt -->` on that line: the block uses a third-party
#     library (an integration header); it is compiled with FLAGS_<name> when
#     AVAILABLE names it, and otherwise reported as skipped.
# BLOCKS=plain checks only the blocks without a needs= marker, and
# BLOCKS=integrations only those with one (two tests, so that a build that
# has just found its integration libraries reruns only the second).
#
#   cmake -DCXX=<compiler> -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch>
#         -DFILES=README.md|docs/*.md|... [-DLIBS=a|b] [-DEMULATOR=a|b]
#         [-DMIN_BLOCKS=<n>] [-DBLOCKS=plain|integrations] [-DAVAILABLE=json|qt|...] [-DFLAGS_qt=a|b]
#         -P check_snippets.cmake
cmake_minimum_required(VERSION 3.21)

foreach(_var CXX SOURCE_DIR WORK_DIR FILES)
  if(NOT DEFINED ${_var} OR "${${_var}}" STREQUAL "")
    message(FATAL_ERROR "check_snippets.cmake: set ${_var}")
  endif()
endforeach()
string(REPLACE "|" ";" FILES "${FILES}")
string(REPLACE "|" ";" LIBS "${LIBS}")
string(REPLACE "|" ";" EMULATOR "${EMULATOR}")
string(REPLACE "|" ";" AVAILABLE "${AVAILABLE}")
if(NOT DEFINED MIN_BLOCKS)
  set(MIN_BLOCKS 1)
endif()
if(DEFINED BLOCKS AND NOT BLOCKS MATCHES "^(|plain|integrations)$")
  message(FATAL_ERROR "check_snippets.cmake: BLOCKS is '${BLOCKS}'; expected plain or integrations")
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

set(_prelude "#include <ulid/ulid.hpp>\n\n#include <array>\n#include <chrono>\n#include <cstdint>\n#include <cstdio>\n#include <iostream>\n#include <random>\n#include <string>\n#include <string_view>\n#include <system_error>\n#include <vector>\n")

set(_failures "")
set(_count 0)

# Compiles (and for a program, links and runs) one extracted block.
function(check_block md line std needs code)
  if((BLOCKS STREQUAL "plain" AND needs) OR (BLOCKS STREQUAL "integrations" AND NOT needs))
    return()
  endif()
  math(EXPR _n "${_count} + 1")
  set(_count ${_n} PARENT_SCOPE)
  set(_flags "")
  if(needs)
    if(NOT needs IN_LIST AVAILABLE)
      message(STATUS "skip ${md}:${line} (needs ${needs}, not found by this build)")
      return()
    endif()
    string(REPLACE "|" ";" _flags "${FLAGS_${needs}}")
  endif()
  get_filename_component(_name "${md}" NAME_WE)
  set(_base "${WORK_DIR}/${_name}_${line}")
  set(_where "${md}:${line}")
  # #line makes the compiler's messages point into the Markdown file.
  if(code MATCHES "(^|[^a-zA-Z0-9_])main[ \t]*\\(")
    set(_program TRUE)
    file(WRITE "${_base}.cpp" "#line ${line} \"${md}\"\n${code}")
    set(_args -o "${_base}.exe" ${LIBS})
  else()
    set(_program FALSE)
    file(WRITE "${_base}.cpp" "${_prelude}#line ${line} \"${md}\"\n${code}")
    set(_args -fsyntax-only)
  endif()
  execute_process(COMMAND "${CXX}" -std=${std} -Wall -Wextra -Werror -pthread "-I${SOURCE_DIR}/include" ${_flags}
                          "${_base}.cpp" ${_args}
                  RESULT_VARIABLE _rv OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rv EQUAL 0)
    message("FAIL ${_where}: the snippet does not compile (-std=${std} -Wall -Wextra -Werror):\n${_out}")
    set(_failures "${_failures};${_where}" PARENT_SCOPE)
    return()
  endif()
  if(_program)
    execute_process(COMMAND ${EMULATOR} "${_base}.exe" TIMEOUT 30 WORKING_DIRECTORY "${WORK_DIR}"
                    RESULT_VARIABLE _rv OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
    if(NOT _rv STREQUAL "0")
      message("FAIL ${_where}: the program compiles but exits with '${_rv}':\n${_out}")
      set(_failures "${_failures};${_where}" PARENT_SCOPE)
      return()
    endif()
    message(STATUS "ok   ${_where} (program, ${std}, ran)")
  else()
    message(STATUS "ok   ${_where} (fragment, ${std})")
  endif()
endfunction()

# Relative names and globs are taken from SOURCE_DIR, so a new docs/*.md is
# checked without being listed anywhere.
set(_expanded "")
foreach(_md IN LISTS FILES)
  if(NOT IS_ABSOLUTE "${_md}")
    set(_md "${SOURCE_DIR}/${_md}")
  endif()
  file(GLOB _found LIST_DIRECTORIES false "${_md}")
  list(SORT _found)
  list(APPEND _expanded ${_found})
endforeach()
foreach(_path IN LISTS _expanded)
  file(RELATIVE_PATH _md "${SOURCE_DIR}" "${_path}")
  if(_md MATCHES "^\\.\\.")
    set(_md "${_path}")
  endif()
  file(READ "${_path}" _text)
  # Split into lines without CMake's list syntax getting in the way: ';' and
  # brackets are C++ but also list syntax, so they travel as placeholders.
  string(REPLACE ";" "@ULID_SEMI@" _text "${_text}")
  string(REPLACE "[" "@ULID_LB@" _text "${_text}")
  string(REPLACE "]" "@ULID_RB@" _text "${_text}")
  string(REPLACE "\\" "@ULID_BS@" _text "${_text}")
  string(REPLACE "\n" ";" _lines "${_text}")
  set(_line 0)
  set(_in FALSE)
  set(_previous "")
  foreach(_l IN LISTS _lines)
    math(EXPR _line "${_line} + 1")
    if(_in)
      if(_l MATCHES "^[ \t]*```[ \t]*$")
        set(_in FALSE)
        foreach(_pair "@ULID_SEMI@|;" "@ULID_LB@|[" "@ULID_RB@|]" "@ULID_BS@|\\")
          string(FIND "${_pair}" "|" _bar)
          string(SUBSTRING "${_pair}" 0 ${_bar} _from)
          math(EXPR _bar "${_bar} + 1")
          string(SUBSTRING "${_pair}" ${_bar} -1 _to)
          string(REPLACE "${_from}" "${_to}" _code "${_code}")
        endforeach()
        check_block("${_md}" ${_start} ${_std} "${_needs}" "${_code}")
      else()
        string(APPEND _code "${_l}\n")
      endif()
    elseif(_l MATCHES "^[ \t]*```(cpp|c\\+\\+)[ \t]*$")
      set(_in TRUE)
      set(_code "")
      math(EXPR _start "${_line} + 1")
      set(_std c++17)
      if(_previous MATCHES "<!-- snippet: std=(c\\+\\+[0-9a-z]+) -->")
        set(_std ${CMAKE_MATCH_1})
      endif()
      set(_needs "")
      if(_previous MATCHES "<!-- snippet: needs=([a-z0-9_]+) -->")
        set(_needs ${CMAKE_MATCH_1})
      endif()
    endif()
    if(NOT _l STREQUAL "")
      set(_previous "${_l}")
    endif()
  endforeach()
  if(_in)
    list(APPEND _failures "${_md}: a ```cpp block is never closed")
  endif()
endforeach()

if(_count LESS MIN_BLOCKS)
  list(APPEND _failures "found ${_count} C++ blocks, expected at least ${MIN_BLOCKS}: is the extraction broken?")
endif()
list(REMOVE_ITEM _failures "")
if(_failures)
  list(JOIN _failures "\n  " _list)
  message(FATAL_ERROR "C++ snippets that fail (${_count} checked):\n  ${_list}")
endif()
message(STATUS "all ${_count} C++ snippets compile")
