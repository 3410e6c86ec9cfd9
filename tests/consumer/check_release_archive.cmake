# scripts/release-archive, the release step behind the vcpkg port's SHA512:
# the same commit gives the same archive bytes (so the hash a release
# publishes can be checked by anyone), named after the header's version,
# holding the sources and the licence and leaving out packaging/vcpkg (whose
# hash line must not change the archive it describes).
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -P check_release_archive.cmake
cmake_minimum_required(VERSION 3.21)

find_program(BASH bash REQUIRED)
find_program(GIT git REQUIRED)
execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" rev-parse --verify HEAD RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE_DIR} is not a git checkout with a commit: the release step archives commits")
endif()
file(READ "${SOURCE_DIR}/include/ulid/core.hpp" _header)
foreach(_part MAJOR MINOR PATCH)
  string(REGEX MATCH "#define ULID_VERSION_${_part} ([0-9]+)" _ "${_header}")
  set(_${_part} ${CMAKE_MATCH_1})
endforeach()
set(_version "${_MAJOR}.${_MINOR}.${_PATCH}")

set(_hashes "")
foreach(_run 1 2)
  file(REMOVE_RECURSE "${WORK_DIR}/${_run}")
  set(ENV{RELEASE_DIR} "${WORK_DIR}/${_run}")
  execute_process(COMMAND "${BASH}" "${SOURCE_DIR}/scripts/release-archive" HEAD OUTPUT_VARIABLE _out
                  ERROR_VARIABLE _err RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "release-archive failed (${_rc}):\n${_out}${_err}")
  endif()
  set(_archive "${WORK_DIR}/${_run}/ulid-${_version}.tar.gz")
  if(NOT EXISTS "${_archive}")
    message(FATAL_ERROR "release-archive made no ${_archive}:\n${_out}")
  endif()
  file(SHA512 "${_archive}" _hash)
  if(NOT _out MATCHES "\nSHA512 ${_hash}\n")
    message(FATAL_ERROR "release-archive printed a SHA512 other than its archive's (${_hash}):\n${_out}")
  endif()
  list(APPEND _hashes "${_hash}")
endforeach()
list(GET _hashes 0 _first)
list(GET _hashes 1 _second)
if(NOT _first STREQUAL _second)
  message(FATAL_ERROR "two archives of one commit differ: ${_first} and ${_second}")
endif()

execute_process(COMMAND "${CMAKE_COMMAND}" -E tar tzf "${WORK_DIR}/1/ulid-${_version}.tar.gz" OUTPUT_VARIABLE _list
                RESULT_VARIABLE _rc)
foreach(_needed LICENSE CMakeLists.txt include/ulid/ulid.hpp include/ulid/core.hpp include/ulid/detail/config.hpp cmake/ulidConfig.cmake.in)
  if(NOT _list MATCHES "(^|\n)ulid-${_version}/${_needed}\n")
    message(FATAL_ERROR "the archive lacks ulid-${_version}/${_needed}")
  endif()
endforeach()
if(_list MATCHES "packaging/vcpkg")
  message(FATAL_ERROR "the archive holds packaging/vcpkg (.gitattributes must export-ignore it)")
endif()
message(STATUS "release archive ulid-${_version}.tar.gz: SHA512 ${_first}")
