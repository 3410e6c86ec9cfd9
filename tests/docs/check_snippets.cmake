# Compiles every ```cpp block of the given Markdown files with
# -Wall -Wextra -Werror, so the documentation's code cannot drift from the
# header (issue 14, point 10). The conventions, also in CONTRIBUTING.md:
#   - a block that defines `main` is a program: compiled, linked and run; it
#     must exit with status 0 within 30 s;
#   - any other block is a fragment at namespace scope: compiled with
#     -fsyntax-only after an implicit `#include <ulid/ulid.hpp>` and nothing
#     else, so statements go inside a function the block defines;
#   - every block includes the standard headers of what it uses (issue 49): a
#     block is compiled with no other standard header than its own and those
#     the ulid headers it includes (or the prelude) include themselves, and a
#     block that names std::cout without <iostream>, std::vector without
#     <vector>, ... fails even where another header happens to bring it in
#     (the names checked are in _needs_header below);
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

set(_prelude "#include <ulid/ulid.hpp>\n")

# Names a block may use only with their standard header in reach: "regex|header".
# A header is in reach when the block includes it, or when a ulid header the
# block includes (the prelude's <ulid/ulid.hpp> for a fragment) includes it
# unconditionally, read from that header (see direct_includes).
set(_needs_header
    "std::(cout|cerr|clog|cin)[^a-z_]|iostream"
    "std::[io]?stringstream[^a-z_]|sstream"
    "std::[io]?fstream[^a-z_]|fstream"
    "std::vector[^a-z_]|vector"
    "std::(multi)?map[^a-z_]|map"
    "std::unordered_map[^a-z_]|unordered_map"
    "std::(multi)?set[^a-z_]|set"
    "std::unordered_set[^a-z_]|unordered_set"
    "std::(optional|nullopt|make_optional)[^a-z_]|optional"
    "std::(thread|jthread)[^a-z_]|thread"
    "std::(mutex|lock_guard|unique_lock|scoped_lock)[^a-z_]|mutex"
    "std::(mt19937(_64)?|random_device|uniform_int_distribution|seed_seq)[^a-z_]|random"
    "std::(sort|stable_sort|find|find_if|any_of|all_of|none_of|is_sorted|min_element|max_element|unique|lower_bound|upper_bound|equal_range|reverse|shuffle|count_if|transform)[^a-z_]|algorithm"
    "std::(unique_ptr|shared_ptr|make_unique|make_shared)[^a-z_]|memory"
    "std::function[^a-z_]|functional"
    "std::(variant|visit|get_if)[^a-z_]|variant"
    "std::(iota|accumulate)[^a-z_]|numeric"
    "std::(printf|fprintf|snprintf|puts|fputs)[^a-z_]|cstdio"
    "std::(string|to_string)[^a-z_]|string"
    "std::string_view[^a-z_]|string_view"
    "std::array[^a-z_]|array"
    "std::(format|format_to|print|println)[^a-z_]|format"
    "std::(expected|unexpected)[^a-z_]|expected"
    "std::span[^a-z_]|span"
    "std::(error_code|errc|system_error)[^a-z_]|system_error"
    "std::chrono::|chrono"
    "std::atomic[^a-z_]|atomic")

# The standard headers `header` (under SOURCE_DIR/include) includes outside
# any #if, so on every platform and standard, into `out`: its own, and those of
# the ulid headers it includes so (the header set: ulid.hpp includes core.hpp).
function(direct_includes header out)
  set(_found "")
  set(_ulid "")
  set(_path "${SOURCE_DIR}/include/${header}")
  if(EXISTS "${_path}")
    file(STRINGS "${_path}" _directives REGEX "^[ \t]*#[ \t]*(if|endif|include)")
    set(_depth 0)
    foreach(_d IN LISTS _directives)
      if(_d MATCHES "^[ \t]*#[ \t]*if")
        math(EXPR _depth "${_depth} + 1")
      elseif(_d MATCHES "^[ \t]*#[ \t]*endif")
        math(EXPR _depth "${_depth} - 1")
      elseif(_depth LESS_EQUAL 1 AND _d MATCHES "<([a-z_]+)>")
        # Depth 1 is the include guard.
        list(APPEND _found "${CMAKE_MATCH_1}")
      elseif(_depth LESS_EQUAL 1 AND _d MATCHES "<(ulid/[a-z_/]+\\.hpp)>")
        list(APPEND _ulid "${CMAKE_MATCH_1}")
      endif()
    endforeach()
  endif()
  foreach(_inner IN LISTS _ulid)
    direct_includes("${_inner}" _more)
    list(APPEND _found ${_more})
  endforeach()
  list(REMOVE_DUPLICATES _found)
  set(${out} "${_found}" PARENT_SCOPE)
endfunction()

# Sets `out` to the first "name (needs <header>)" that `code` uses without the
# header in reach, or to nothing. `prelude` is the text compiled before it.
function(missing_header code prelude out)
  set(${out} "" PARENT_SCOPE)
  set(_in_reach "")
  string(REGEX MATCHALL "#[ \t]*include[ \t]*<[a-z_/.]+>" _includes "${prelude}\n${code}")
  foreach(_inc IN LISTS _includes)
    string(REGEX REPLACE ".*<([a-z_/.]+)>" "\\1" _h "${_inc}")
    list(APPEND _in_reach "${_h}")
    if(_h MATCHES "^ulid/")
      direct_includes("${_h}" _more)
      list(APPEND _in_reach ${_more})
    endif()
  endforeach()
  # A comment names things without using them.
  string(REGEX REPLACE "//[^\n]*" "" _code "${code}")
  foreach(_rule IN LISTS _needs_header)
    string(FIND "${_rule}" "|" _bar REVERSE)
    string(SUBSTRING "${_rule}" 0 ${_bar} _regex)
    math(EXPR _bar "${_bar} + 1")
    string(SUBSTRING "${_rule}" ${_bar} -1 _header)
    if(NOT _header IN_LIST _in_reach AND "${_code}" MATCHES "${_regex}")
      string(REGEX MATCH "${_regex}" _name "${_code}")
      string(REGEX REPLACE "[^a-z_0-9:]+$" "" _name "${_name}")
      set(${out} "${_name} needs <${_header}>, which the block does not include" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

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
    set(_block_prelude "")
  else()
    set(_block_prelude "${_prelude}")
  endif()
  missing_header("${code}" "${_block_prelude}" _missing)
  if(_missing)
    message("FAIL ${_where}: ${_missing}")
    set(_failures "${_failures};${_where}" PARENT_SCOPE)
    return()
  endif()
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
