# README's promise for a machine that lacks packages: configures the project
# in a scratch folder as if they were not installed
# (CMAKE_DISABLE_FIND_PACKAGE_<name>) and checks that
#   - without SQLite's development files and {fmt}, the configure succeeds and
#     says in one line each what is skipped and which package to install;
#   - without Catch2 it stops, naming the package and scripts/setup;
#   - nothing is downloaded: ULID_FETCH_DEPS is off by default and no preset
#     in CMakePresets.json turns it on.
#
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -DGENERATOR=<gen> -DCXX=<compiler>
#         -P configure_without_packages.cmake
cmake_minimum_required(VERSION 3.21)

function(configure_as_if_missing name)
  file(REMOVE_RECURSE "${WORK_DIR}/${name}")
  set(_args)
  foreach(_package IN LISTS ARGN)
    list(APPEND _args "-DCMAKE_DISABLE_FIND_PACKAGE_${_package}=ON")
  endforeach()
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=ULID_FETCH_DEPS --unset=ULID_WERROR
            "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/${name}" -G "${GENERATOR}"
            "-DCMAKE_CXX_COMPILER=${CXX}" -DULID_BUILD_SQLITE=ON ${_args}
    RESULT_VARIABLE _rv OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  set(rv "${_rv}" PARENT_SCOPE)
  set(out "${_out}" PARENT_SCOPE)
endfunction()

function(expect what regex)
  if(NOT out MATCHES "${regex}")
    message(FATAL_ERROR "configure ${what}: no line matching '${regex}' in:\n${out}")
  endif()
endfunction()

configure_as_if_missing(no_optional SQLite3 fmt)
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "configure without SQLite and {fmt} failed (${rv}); it should skip them:\n${out}")
endif()
expect("without SQLite" "-- ulid: SQLite extension and its tests skipped: [^\n]*install libsqlite3-dev \\(scripts/setup does\\)\n")
expect("without {fmt}" "-- ulid: ulid_integration_fmt [^\n]* skipped: [^\n]*install libfmt-dev \\(scripts/setup does\\)\n")
if(out MATCHES "[Dd]ownload")
  message(FATAL_ERROR "configure without SQLite and {fmt} mentions a download:\n${out}")
endif()
message(STATUS "without SQLite and {fmt}: configured, both skipped with a reason")

configure_as_if_missing(no_catch2 Catch2)
if(rv EQUAL 0)
  message(FATAL_ERROR "configure without Catch2 succeeded; it should stop and name the package:\n${out}")
endif()
expect("without Catch2" "apt-get install catch2")
expect("without Catch2" "scripts/setup")
if(out MATCHES "Populating|FetchContent|Downloading")
  message(FATAL_ERROR "configure without Catch2 tried a download:\n${out}")
endif()
message(STATUS "without Catch2: stopped, naming catch2 and scripts/setup")

# No preset sets ULID_FETCH_DEPS to anything but OFF.
file(READ "${SOURCE_DIR}/CMakePresets.json" _presets)
string(JSON _count LENGTH "${_presets}" configurePresets)
math(EXPR _last "${_count} - 1")
foreach(_i RANGE ${_last})
  string(JSON _name GET "${_presets}" configurePresets ${_i} name)
  string(JSON _value ERROR_VARIABLE _absent GET "${_presets}" configurePresets ${_i} cacheVariables ULID_FETCH_DEPS)
  if(NOT _absent AND _value)
    message(FATAL_ERROR "preset '${_name}' sets ULID_FETCH_DEPS=${_value}: no preset may download")
  endif()
endforeach()
message(STATUS "no preset of ${_count} sets ULID_FETCH_DEPS")
file(REMOVE_RECURSE "${WORK_DIR}")
