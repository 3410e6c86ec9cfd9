# MODE=install: installs the build tree BUILD_DIR into a fresh PREFIX and
# checks what lands there: the headers (identical to the sources), the CMake
# package, ulid.pc and the licence, nothing compiled, and no absolute path of
# the prefix, build or source tree in any installed file (so the prefix can
# be moved).
# MODE=relocate: copies PREFIX to a fresh RELOCATED, elsewhere and deeper.
#
#   cmake -DMODE=install -DBUILD_DIR=<dir> [-DCONFIG=<config>] -DPREFIX=<dir>
#         -DSOURCE_DIR=<repo> -DVERSION=<x.y.z> [-DTOOL=<program name>]
#         -P check_install.cmake
#   cmake -DMODE=relocate -DPREFIX=<dir> -DRELOCATED=<dir> -P check_install.cmake
cmake_minimum_required(VERSION 3.21)

if(MODE STREQUAL "relocate")
  if(NOT EXISTS "${PREFIX}/include/ulid/ulid.hpp")
    message(FATAL_ERROR "nothing installed in ${PREFIX}")
  endif()
  file(REMOVE_RECURSE "${RELOCATED}")
  file(MAKE_DIRECTORY "${RELOCATED}")
  file(COPY "${PREFIX}/" DESTINATION "${RELOCATED}")
  message(STATUS "copied ${PREFIX} to ${RELOCATED}")
  return()
elseif(NOT MODE STREQUAL "install")
  message(FATAL_ERROR "check_install.cmake: MODE must be install or relocate")
endif()

file(REMOVE_RECURSE "${PREFIX}")
set(_config)
if(CONFIG)
  set(_config --config "${CONFIG}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" ${_config}
                RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rv})")
endif()

set(_failures "")
# Every header of include/ulid/ and include/ulid/detail/ (the library and its
# integration headers).
file(GLOB_RECURSE _headers RELATIVE "${SOURCE_DIR}/include/ulid" "${SOURCE_DIR}/include/ulid/*.hpp")
list(TRANSFORM _headers PREPEND include/ulid/ OUTPUT_VARIABLE _installed_headers)
set(_expected ${_installed_headers} share/cmake/ulid/ulidConfig.cmake
              share/cmake/ulid/ulidConfigVersion.cmake share/cmake/ulid/ulidTargets.cmake share/pkgconfig/ulid.pc
              share/doc/ulid/LICENSE)
foreach(_file IN LISTS _expected)
  if(NOT EXISTS "${PREFIX}/${_file}")
    string(APPEND _failures "  missing: ${_file}\n")
  endif()
endforeach()
foreach(_header IN LISTS _headers)
  if(EXISTS "${PREFIX}/include/ulid/${_header}")
    file(SHA256 "${PREFIX}/include/ulid/${_header}" _installed)
    file(SHA256 "${SOURCE_DIR}/include/ulid/${_header}" _source)
    if(NOT _installed STREQUAL _source)
      string(APPEND _failures "  include/ulid/${_header} differs from the source\n")
    endif()
  endif()
endforeach()

# A header-only library installs no library; bin/ holds the command-line
# tool when it is built (TOOL).
file(GLOB _top RELATIVE "${PREFIX}" "${PREFIX}/*")
foreach(_dir IN LISTS _top)
  if(_dir STREQUAL "bin" AND TOOL)
    file(GLOB _programs RELATIVE "${PREFIX}/bin" "${PREFIX}/bin/*")
    if(NOT _programs MATCHES "^${TOOL}(\\.exe)?$")
      string(APPEND _failures "  bin/ holds ${_programs}, expected only ${TOOL}\n")
    endif()
  elseif(NOT _dir MATCHES "^(include|share)$")
    string(APPEND _failures "  unexpected top-level folder: ${_dir}\n")
  endif()
endforeach()

# Relocatable: no installed header or package file may name where it was
# installed or built.
file(REAL_PATH "${PREFIX}" _real_prefix)
file(REAL_PATH "${BUILD_DIR}" _real_build)
file(REAL_PATH "${SOURCE_DIR}" _real_source)
file(GLOB_RECURSE _installed "${PREFIX}/include/*" "${PREFIX}/share/*")
foreach(_file IN LISTS _installed)
  file(READ "${_file}" _text)
  foreach(_path IN ITEMS "${PREFIX}" "${_real_prefix}" "${BUILD_DIR}" "${_real_build}" "${SOURCE_DIR}"
                         "${_real_source}")
    string(FIND "${_text}" "${_path}" _at)
    if(NOT _at EQUAL -1)
      file(RELATIVE_PATH _name "${PREFIX}" "${_file}")
      string(APPEND _failures "  ${_name} contains the absolute path ${_path}\n")
      break()
    endif()
  endforeach()
endforeach()

if(EXISTS "${PREFIX}/share/pkgconfig/ulid.pc")
  file(STRINGS "${PREFIX}/share/pkgconfig/ulid.pc" _pc)
  if(NOT "prefix=\${pcfiledir}/../.." IN_LIST _pc)
    string(APPEND _failures "  ulid.pc does not set prefix=\${pcfiledir}/../..\n")
  endif()
  if(NOT "Version: ${VERSION}" IN_LIST _pc)
    string(APPEND _failures "  ulid.pc does not say Version: ${VERSION}\n")
  endif()
endif()

if(_failures)
  message(FATAL_ERROR "the installed tree in ${PREFIX} is wrong:\n${_failures}")
endif()
list(LENGTH _installed _count)
message(STATUS "installed ${_count} files into ${PREFIX}: layout and relocatability checked")
