# Catch2 v2 for the cross builds (cmake/toolchains/*.cmake): the build
# machine's single header, from Debian's `catch2` package, which serves any
# target because it is header-only (tests/CMakeLists.txt compiles the main).
# Debian's own Catch2Config.cmake would put the whole of /usr/include on the
# include path, where the build machine's C library would shadow MinGW's;
# this one exposes the catch2/ folder alone.
set(_ulid_catch2_header /usr/include/catch2/catch.hpp)
if(NOT EXISTS "${_ulid_catch2_header}")
  set(Catch2_FOUND FALSE)
  set(Catch2_NOT_FOUND_MESSAGE "${_ulid_catch2_header} not found (Debian/Ubuntu: apt-get install catch2)")
  return()
endif()

file(STRINGS "${_ulid_catch2_header}" _ulid_catch2_version REGEX "^#define CATCH_VERSION_(MAJOR|MINOR|PATCH) [0-9]+$")
foreach(_part MAJOR MINOR PATCH)
  string(REGEX MATCH "CATCH_VERSION_${_part} ([0-9]+)" _ "${_ulid_catch2_version}")
  set(Catch2_VERSION_${_part} "${CMAKE_MATCH_1}")
endforeach()
set(Catch2_VERSION "${Catch2_VERSION_MAJOR}.${Catch2_VERSION_MINOR}.${Catch2_VERSION_PATCH}")

if(NOT TARGET Catch2::Catch2)
  set(_ulid_catch2_include "${CMAKE_BINARY_DIR}/catch2-include")
  file(MAKE_DIRECTORY "${_ulid_catch2_include}")
  file(CREATE_LINK /usr/include/catch2 "${_ulid_catch2_include}/catch2" SYMBOLIC)
  add_library(Catch2::Catch2 INTERFACE IMPORTED)
  set_target_properties(Catch2::Catch2 PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_ulid_catch2_include}")
endif()
