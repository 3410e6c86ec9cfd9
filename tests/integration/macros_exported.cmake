# The macros a user's translation unit sees after #include <ulid/HEADER>,
# checked against the headers themselves rather than a hand-kept list: every
# ULID_ macro the preprocessor still has defined after the include (the
# compiler's -dM output) must be public, and public means listed in the
# "Configuration" comment (detail/config.hpp), a ULID_VERSION* macro or an
# include guard (but detail/config.hpp's own, which config_undef.hpp undoes so
# that the next public header re-enters it). The #define lines are read from
# every file of the set (include/ulid/ and include/ulid/detail/). Run for each
# configuration a user can choose.
#
#   cmake -DCXX=<compiler> -DHEADER=<path to a public header> -P macros_exported.cmake
cmake_minimum_required(VERSION 3.16)
foreach(var CXX HEADER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "macros_exported.cmake: -D${var}=... is required")
  endif()
endforeach()

get_filename_component(header_dir "${HEADER}" DIRECTORY)
file(GLOB_RECURSE set_files "${header_dir}/*.hpp")
set(text "")
foreach(f IN LISTS set_files)
  file(READ "${f}" one)
  string(APPEND text "${one}\n")
endforeach()
string(REGEX MATCHALL "#[ \t]*define[ \t]+ULID_[A-Z0-9_]+" defines "${text}")
set(defined "")
foreach(d IN LISTS defines)
  string(REGEX REPLACE ".*(ULID_[A-Z0-9_]+)" "\\1" name "${d}")
  list(APPEND defined "${name}")
endforeach()
list(REMOVE_DUPLICATES defined)

# Public: the names the Configuration comment lists ("//   ULID_NAME  what"),
# the version macros and the include guard.
string(REGEX MATCHALL "\n//   ULID_[A-Z0-9_]+" listed "${text}")
set(public "")
foreach(l IN LISTS listed)
  string(REGEX REPLACE ".*(ULID_[A-Z0-9_]+)" "\\1" name "${l}")
  list(APPEND public "${name}")
endforeach()
string(REGEX MATCHALL "#ifndef ULID_[A-Z0-9_]+_HPP" guards "${text}")
foreach(g IN LISTS guards)
  string(REGEX REPLACE ".*(ULID_[A-Z0-9_]+_HPP)" "\\1" name "${g}")
  if(NOT name STREQUAL "ULID_DETAIL_CONFIG_HPP")
    list(APPEND public "${name}")
  endif()
endforeach()
foreach(name IN LISTS defined)
  if(name MATCHES "^ULID_VERSION")
    list(APPEND public "${name}")
  endif()
endforeach()

set(internal ${defined})
list(REMOVE_ITEM internal ${public})
list(LENGTH internal internal_count)
if(internal_count LESS 10 OR NOT "ULID_FORCE_INLINE" IN_LIST internal OR NOT "ULID_EXCEPTIONS" IN_LIST public)
  message(FATAL_ERROR "macros_exported.cmake: could not read the header's macros "
                      "(internal: ${internal}; public: ${public})")
endif()

get_filename_component(include_dir "${HEADER}" DIRECTORY)
get_filename_component(include_dir "${include_dir}" DIRECTORY)
set(failures 0)
foreach(config "-std=c++17" "-std=c++20" "-std=c++17;-DULID_NO_SIMD" "-std=c++17;-DULID_NO_CYCLE_CLOCK"
               "-std=c++17;-DULID_NO_VECTOR_EXTENSIONS" "-std=c++17;-fno-exceptions" "-std=c++17;-DULID_COMPILED")
  execute_process(
    COMMAND "${CXX}" ${config} -x c++ -I "${include_dir}" -dM -E "${HEADER}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(SEND_ERROR "${CXX} ${config}: the header does not preprocess:\n${err}")
    math(EXPR failures "${failures} + 1")
    continue()
  endif()
  string(REGEX MATCHALL "#define ULID_[A-Z0-9_]+" seen "${out}")
  set(leaked "")
  foreach(s IN LISTS seen)
    string(REPLACE "#define " "" name "${s}")
    if(NOT name IN_LIST public)
      list(APPEND leaked "${name}")
    endif()
  endforeach()
  if(leaked)
    message(SEND_ERROR "${config}: internal macros leak out of ${HEADER}: ${leaked} "
                       "(undefine them at the header's end, or list them in its Configuration comment)")
    math(EXPR failures "${failures} + 1")
  endif()
endforeach()
if(failures GREATER 0)
  message(FATAL_ERROR "macros_exported.cmake: ${failures} configuration(s) leak")
endif()
list(LENGTH defined defined_count)
message(STATUS "macros_exported: ${defined_count} ULID_ macros in the header, none internal leaks out")
