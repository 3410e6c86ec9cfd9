# Fails when clang-format would change any C++ file of the project (the
# repository's .clang-format applies). Build trees, version control and
# fetched dependencies are not the project's and are skipped.
#
#   cmake -DCLANG_FORMAT=<clang-format-14> -DSOURCE_DIR=<repo> -P check_format.cmake
cmake_minimum_required(VERSION 3.21)

execute_process(COMMAND "${CLANG_FORMAT}" --version OUTPUT_VARIABLE _version)
message(STATUS "${_version}")

file(GLOB _top RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/*")
set(_files)
foreach(_entry IN LISTS _top)
  if(_entry MATCHES "^(build.*|out|_deps|\\..*)$")
    continue()
  endif()
  if(IS_DIRECTORY "${SOURCE_DIR}/${_entry}")
    file(GLOB_RECURSE _found "${SOURCE_DIR}/${_entry}/*.cpp" "${SOURCE_DIR}/${_entry}/*.hpp"
         "${SOURCE_DIR}/${_entry}/*.cc" "${SOURCE_DIR}/${_entry}/*.h")
    list(APPEND _files ${_found})
  elseif(_entry MATCHES "\\.(cpp|hpp|cc|h)$")
    list(APPEND _files "${SOURCE_DIR}/${_entry}")
  endif()
endforeach()
list(FILTER _files EXCLUDE REGEX "/(build[^/]*|_deps|\\.git)/")
list(LENGTH _files _count)
if(_count EQUAL 0)
  message(FATAL_ERROR "no C++ files found under ${SOURCE_DIR}")
endif()

execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${_files} WORKING_DIRECTORY "${SOURCE_DIR}"
                RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rv EQUAL 0)
  string(REGEX MATCHALL "[^\n]*: error: code should be clang-formatted[^\n]*" _where "${out}")
  set(_unformatted)
  foreach(_line IN LISTS _where)
    string(REGEX REPLACE ":[0-9]+:[0-9]+: error:.*" "" _file "${_line}")
    list(APPEND _unformatted "${_file}")
  endforeach()
  list(REMOVE_DUPLICATES _unformatted)
  string(REPLACE ";" "\n  " _unformatted "${_unformatted}")
  message("${out}")
  message(FATAL_ERROR "clang-format would change these files (run clang-format-14 -i on them):\n  ${_unformatted}")
endif()
message(STATUS "${_count} C++ files are clang-formatted")
