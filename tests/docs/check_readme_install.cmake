# Runs README.md's "Installing" snippets as a user would paste them (issue 14,
# point 11), with only what the snippets say to replace replaced:
# `path/to/ulid` by this source tree, `/opt/ulid` by a scratch prefix, and the
# compiler names by the compiler under test. The shell blocks run in order in a
# scratch folder (copy the header, install, pkg-config); each CMake block is
# the body of a one-program project, configured with
# FETCHCONTENT_SOURCE_DIR_ULID (so FetchContent's placeholders are never
# contacted) and CMAKE_PREFIX_PATH, built and run. The program is README's
# quick start.
#
#   cmake -DCXX=<compiler> -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -DBASH=<bash>
#         [-DPKG_CONFIG=<exe>] [-DGENERATOR=<name>] -P check_readme_install.cmake
cmake_minimum_required(VERSION 3.21)

foreach(_var CXX SOURCE_DIR WORK_DIR BASH)
  if(NOT DEFINED ${_var} OR "${${_var}}" STREQUAL "")
    message(FATAL_ERROR "check_readme_install.cmake: set ${_var}")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(_prefix "${WORK_DIR}/opt/ulid")

file(READ "${SOURCE_DIR}/README.md" _text)
string(REPLACE ";" "@SEMI@" _text "${_text}")
string(REPLACE "[" "@LB@" _text "${_text}")
string(REPLACE "]" "@RB@" _text "${_text}")
string(REPLACE "\n" ";" _lines "${_text}")

set(_section "")
set(_in "")
set(_sh_blocks 0)
set(_cmake_blocks 0)
set(_quick_start "")
set(_sh_script "set -eux\n")
set(_cmake_bodies "")
foreach(_l IN LISTS _lines)
  if(_in)
    if(_l MATCHES "^[ \t]*```[ \t]*$")
      if(_in STREQUAL "cpp" AND _section STREQUAL "Quick start")
        set(_quick_start "${_code}")
      elseif(_section STREQUAL "Installing" AND _in STREQUAL "sh")
        math(EXPR _sh_blocks "${_sh_blocks} + 1")
        string(APPEND _sh_script "${_code}")
      elseif(_section STREQUAL "Installing" AND _in STREQUAL "cmake")
        math(EXPR _cmake_blocks "${_cmake_blocks} + 1")
        list(APPEND _cmake_bodies "${_code}")
      endif()
      set(_in "")
    else()
      string(REGEX REPLACE "^   " "" _l "${_l}")  # blocks indented under a list item
      string(APPEND _code "${_l}\n")
    endif()
  elseif(_l MATCHES "^## (.*)$")
    set(_section "${CMAKE_MATCH_1}")
  elseif(_l MATCHES "^[ \t]*```([a-z+]+)[ \t]*$")
    set(_in "${CMAKE_MATCH_1}")
    set(_code "")
  endif()
endforeach()

set(_failures "")
if(_quick_start STREQUAL "")
  list(APPEND _failures "README.md has no C++ block under '## Quick start'")
endif()
if(_sh_blocks LESS 3 OR _cmake_blocks LESS 3)
  list(APPEND _failures "found ${_sh_blocks} shell and ${_cmake_blocks} CMake blocks under '## Installing', expected 3 of each")
endif()
if(_failures)
  message(FATAL_ERROR "${_failures}")
endif()

function(restore var)
  set(_v "${${var}}")
  string(REPLACE "@SEMI@" ";" _v "${_v}")
  string(REPLACE "@LB@" "[" _v "${_v}")
  string(REPLACE "@RB@" "]" _v "${_v}")
  string(REPLACE "path/to/ulid" "${SOURCE_DIR}" _v "${_v}")
  string(REPLACE "/opt/ulid" "${_prefix}" _v "${_v}")
  set(${var} "${_v}" PARENT_SCOPE)
endfunction()

restore(_quick_start)
file(WRITE "${WORK_DIR}/app.cpp" "${_quick_start}")

# The shell blocks, in the README's order.
restore(_sh_script)
string(REGEX REPLACE "(^|\n)g\\+\\+ " "\\1\"${CXX}\" " _sh_script "${_sh_script}")
string(REGEX REPLACE "(^|\n)c\\+\\+ " "\\1\"${CXX}\" " _sh_script "${_sh_script}")
if(NOT PKG_CONFIG)
  message("SKIP: pkg-config is not installed, so the pkg-config block is not run")
  string(REGEX REPLACE "[^\n]*pkg-config[^\n]*\n" "" _sh_script "${_sh_script}")
else()
  get_filename_component(_pkg_dir "${PKG_CONFIG}" DIRECTORY)
  set(ENV{PATH} "${_pkg_dir}:$ENV{PATH}")
endif()
# Each compile line leaves a.out; run it after every block that made one.
string(REPLACE "app.cpp $(pkg-config --libs ulid)" "app.cpp $(pkg-config --libs ulid) && ./a.out" _sh_script
               "${_sh_script}")
string(REPLACE "app.cpp -pthread" "app.cpp -pthread && ./a.out" _sh_script "${_sh_script}")
file(WRITE "${WORK_DIR}/install.sh" "${_sh_script}")
message(STATUS "running README's shell blocks:\n${_sh_script}")
execute_process(COMMAND "${BASH}" "${WORK_DIR}/install.sh" WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE _rv
                OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(NOT _rv EQUAL 0)
  message(FATAL_ERROR "README's shell blocks under 'Installing' fail (${_rv}):\n${_out}")
endif()
if(NOT EXISTS "${_prefix}/share/cmake/ulid/ulidConfig.cmake")
  message(FATAL_ERROR "README's install block did not install the CMake package into ${_prefix}")
endif()
if(NOT _out MATCHES "position 26 is not a Crockford base32 character")
  message(FATAL_ERROR "the programs built by README's shell blocks did not print the quick start's explanation:\n${_out}")
endif()

# Each CMake block as a project.
set(_generator_args "")
if(GENERATOR)
  set(_generator_args -G "${GENERATOR}")
endif()
set(_i 0)
foreach(_body IN LISTS _cmake_bodies)
  math(EXPR _i "${_i} + 1")
  restore(_body)
  set(_dir "${WORK_DIR}/cmake_${_i}")
  file(MAKE_DIRECTORY "${_dir}")
  file(COPY "${WORK_DIR}/app.cpp" DESTINATION "${_dir}")
  file(WRITE "${_dir}/CMakeLists.txt"
       "cmake_minimum_required(VERSION 3.21)\nproject(app LANGUAGES CXX)\nadd_executable(app app.cpp)\n${_body}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${_dir}" -B "${_dir}/build" ${_generator_args}
                          "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_PREFIX_PATH=${_prefix}"
                          "-DFETCHCONTENT_SOURCE_DIR_ULID=${SOURCE_DIR}" -DFETCHCONTENT_FULLY_DISCONNECTED=ON
                  RESULT_VARIABLE _rv OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(_rv EQUAL 0)
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${_dir}/build" RESULT_VARIABLE _rv OUTPUT_VARIABLE _out
                    ERROR_VARIABLE _out)
  endif()
  if(_rv EQUAL 0)
    execute_process(COMMAND "${_dir}/build/app" RESULT_VARIABLE _rv OUTPUT_VARIABLE _out ERROR_VARIABLE _out
                    TIMEOUT 30)
  endif()
  if(NOT _rv EQUAL 0)
    message(FATAL_ERROR "README's CMake block ${_i} under 'Installing' fails (${_rv}):\n${_body}\n${_out}")
  endif()
  message(STATUS "ok   CMake block ${_i}:\n${_body}")
endforeach()
message(STATUS "README's ${_sh_blocks} shell and ${_cmake_blocks} CMake blocks under 'Installing' work as pasted")
