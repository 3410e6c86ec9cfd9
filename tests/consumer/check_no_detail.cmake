# SPDX-License-Identifier: MIT
# Fails when a client of the header (the tool, the extensions) names
# ulid::detail: what clients need is exported (issue 33), and the header may
# change its internals without telling them.
#   cmake -DSOURCE_DIR=<repo> -P check_no_detail.cmake
file(GLOB_RECURSE _files "${SOURCE_DIR}/tools/*.cpp" "${SOURCE_DIR}/tools/*.hpp" "${SOURCE_DIR}/extensions/*.cpp"
     "${SOURCE_DIR}/extensions/*.hpp" "${SOURCE_DIR}/extensions/*.h" "${SOURCE_DIR}/extensions/*.c")
list(LENGTH _files _count)
if(_count LESS 3)
  message(FATAL_ERROR "found only ${_count} client sources under ${SOURCE_DIR}/tools and extensions")
endif()
set(_bad "")
foreach(_file IN LISTS _files)
  file(STRINGS "${_file}" _lines REGEX "ulid::detail")
  foreach(_line IN LISTS _lines)
    file(RELATIVE_PATH _rel "${SOURCE_DIR}" "${_file}")
    string(APPEND _bad "  ${_rel}: ${_line}\n")
  endforeach()
endforeach()
if(NOT _bad STREQUAL "")
  message(FATAL_ERROR "clients name ulid::detail (use or add a public export in include/ulid/ulid.hpp):\n${_bad}")
endif()
message(STATUS "${_count} client sources, none names ulid::detail")
