# Uses ulid.pc from PREFIX (a relocated install) the way a Makefile would:
# PKG_CONFIG_PATH at share/pkgconfig and nothing else, `pkg-config --cflags`
# must point into PREFIX, and the consumer program built with those flags
# must run.
#
#   cmake -DPKG_CONFIG=<exe> -DCXX=<compiler> [-DCXX_FLAGS=a|b]
#         -DPREFIX=<dir> -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch>
#         -DVERSION=<x.y.z> -P check_pkgconfig.cmake
cmake_minimum_required(VERSION 3.21)

if(NOT PKG_CONFIG OR NOT EXISTS "${PKG_CONFIG}")
  message("ULID_SKIP: pkg-config is not installed on this machine")
  return()
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# Only the prefix under test: no system or user directories.
set(ENV{PKG_CONFIG_PATH} "${PREFIX}/share/pkgconfig")
set(ENV{PKG_CONFIG_LIBDIR} "${PREFIX}/share/pkgconfig")
unset(ENV{PKG_CONFIG_SYSROOT_DIR})

function(pkg_config out)
  execute_process(COMMAND "${PKG_CONFIG}" ${ARGN} ulid RESULT_VARIABLE rv OUTPUT_VARIABLE text ERROR_VARIABLE text
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rv EQUAL 0)
    message(FATAL_ERROR "pkg-config ${ARGN} ulid failed (${rv}):\n${text}")
  endif()
  message(STATUS "pkg-config ${ARGN} ulid: ${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

pkg_config(_version --modversion)
if(NOT _version STREQUAL VERSION)
  message(FATAL_ERROR "ulid.pc says version ${_version}, the header ${VERSION}")
endif()

pkg_config(_cflags --cflags)
separate_arguments(_cflags UNIX_COMMAND "${_cflags}")
file(REAL_PATH "${PREFIX}/include" _want)
set(_found FALSE)
foreach(_flag IN LISTS _cflags)
  if(_flag MATCHES "^-I(.+)$")
    file(REAL_PATH "${CMAKE_MATCH_1}" _dir)
    if(_dir STREQUAL _want)
      set(_found TRUE)
    else()
      message(FATAL_ERROR "pkg-config --cflags names ${CMAKE_MATCH_1}, not the relocated prefix's ${_want}")
    endif()
  endif()
endforeach()
if(NOT _found)
  message(FATAL_ERROR "pkg-config --cflags ulid gives no -I for ${_want}")
endif()

pkg_config(_libs --libs)
separate_arguments(_libs UNIX_COMMAND "${_libs}")

set(_extra)
if(CXX_FLAGS)
  string(REPLACE "|" ";" _extra "${CXX_FLAGS}")
endif()
execute_process(COMMAND "${CXX}" ${_extra} -std=c++17 ${_cflags} "${SOURCE_DIR}/tests/consumer/app/main.cpp"
                        "${SOURCE_DIR}/tests/consumer/app/second.cpp" ${_libs} -o consumer
                WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "building with pkg-config's flags failed (${rv}):\n${out}")
endif()
execute_process(COMMAND "${WORK_DIR}/consumer" RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rv EQUAL 0 OR NOT out MATCHES "ulid consumer ok")
  message(FATAL_ERROR "the consumer built with pkg-config's flags failed (${rv}):\n${out}")
endif()
message(STATUS "${out}")
