# Configures, builds and runs one consumer project in a scratch directory,
# with the compiler and flags of the enclosing build (from INIT_CACHE).
#
#   cmake -DPROJECT=<consumer source dir> -DBINARY=<scratch dir>
#         -DGENERATOR=<generator> [-DPLATFORM=..] [-DTOOLSET=..]
#         -DINIT_CACHE=<file> [-DCONFIG=<config>] [-DDEFINES=A=1|B=2]
#         [-DTARBALL_FROM=<repo> -DTARBALL=<file> [-DGIT=<git>]]
#         [-DCONFIGURE_ONLY=ON]
#         [-DRUN_EXE=<program>] [-DEXPECT=<regex>] -P run_consumer.cmake
#
# DEFINES are cache entries separated by '|'. With TARBALL_FROM, a release-
# style archive of that source tree is made first and ULID_URL/ULID_URL_HASH
# point at it. Unless CONFIGURE_ONLY, the project is built and run: the
# target consumer_run, or the program RUN_EXE, whose output must match EXPECT
# (default "ulid consumer ok"). No consumer calls enable_testing(), so a
# CTestTestfile.cmake anywhere in the scratch tree means that a subproject
# registered tests of its own: that fails the test.
cmake_minimum_required(VERSION 3.21)

foreach(_var PROJECT BINARY GENERATOR INIT_CACHE)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "run_consumer.cmake: ${_var} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE "${BINARY}")
file(MAKE_DIRECTORY "${BINARY}")

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message("${out}")
  if(NOT rv EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "${what} failed (${rv}):\n  ${cmd}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

set(_defines)
if(DEFINES)
  string(REPLACE "|" ";" _list "${DEFINES}")
  foreach(_d IN LISTS _list)
    list(APPEND _defines "-D${_d}")
  endforeach()
endif()

if(TARBALL_FROM)
  # What a release archive holds: the files git knows (tracked, or new and
  # not ignored), or without git every file outside build trees.
  set(_files)
  if(GIT AND EXISTS "${TARBALL_FROM}/.git")
    execute_process(COMMAND "${GIT}" ls-files --cached --others --exclude-standard WORKING_DIRECTORY "${TARBALL_FROM}"
                    RESULT_VARIABLE rv OUTPUT_VARIABLE _listed)
    if(NOT rv EQUAL 0)
      message(FATAL_ERROR "git ls-files failed in ${TARBALL_FROM}")
    endif()
    string(REGEX REPLACE "\n$" "" _listed "${_listed}")
    string(REPLACE "\n" ";" _listed "${_listed}")
    foreach(_file IN LISTS _listed)
      if(EXISTS "${TARBALL_FROM}/${_file}") # not deleted in the working tree
        list(APPEND _files "${_file}")
      endif()
    endforeach()
  else()
    file(GLOB_RECURSE _files RELATIVE "${TARBALL_FROM}" "${TARBALL_FROM}/*")
    list(FILTER _files EXCLUDE REGEX "^(build[^/]*|out|\\.git|\\.cache)/")
  endif()
  list(LENGTH _files _count)
  string(REPLACE ";" "\n" _list "${_files}")
  get_filename_component(_dir "${TARBALL}" DIRECTORY)
  file(MAKE_DIRECTORY "${_dir}")
  file(WRITE "${TARBALL}.files" "${_list}\n")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E tar czf "${TARBALL}" "--files-from=${TARBALL}.files"
                  WORKING_DIRECTORY "${TARBALL_FROM}" RESULT_VARIABLE rv)
  if(NOT rv EQUAL 0)
    message(FATAL_ERROR "cannot create ${TARBALL}")
  endif()
  message(STATUS "archived ${_count} files of ${TARBALL_FROM} into ${TARBALL}")
  file(SHA256 "${TARBALL}" _hash)
  file(TO_CMAKE_PATH "${TARBALL}" _url)
  if(NOT _url MATCHES "^/")
    set(_url "/${_url}") # file:///C:/... on Windows
  endif()
  list(APPEND _defines "-DULID_URL=file://${_url}" "-DULID_URL_HASH=SHA256=${_hash}")
endif()

set(_generator -G "${GENERATOR}")
if(PLATFORM)
  list(APPEND _generator -A "${PLATFORM}")
endif()
if(TOOLSET)
  list(APPEND _generator -T "${TOOLSET}")
endif()
run_step("configuring ${PROJECT}" "${CMAKE_COMMAND}" ${_generator} -C "${INIT_CACHE}" ${_defines} -S "${PROJECT}"
         -B "${BINARY}")

if(NOT CONFIGURE_ONLY)
  set(_config)
  if(CONFIG)
    set(_config --config "${CONFIG}")
  endif()
  run_step("building" "${CMAKE_COMMAND}" --build "${BINARY}" ${_config})
  if(RUN_EXE)
    # A project without consumer_run (the Conan test_package): find its
    # program in the build tree, per-configuration folder or not.
    file(GLOB_RECURSE _exes "${BINARY}/${RUN_EXE}" "${BINARY}/${RUN_EXE}.exe" "${BINARY}/*/${RUN_EXE}"
         "${BINARY}/*/${RUN_EXE}.exe")
    list(FILTER _exes EXCLUDE REGEX "/CMakeFiles/")
    if(NOT _exes)
      message(FATAL_ERROR "no ${RUN_EXE} built in ${BINARY}")
    endif()
    list(GET _exes 0 _exe)
    run_step("running ${_exe}" "${_exe}")
  else()
    run_step("running the consumer" "${CMAKE_COMMAND}" --build "${BINARY}" ${_config} --target consumer_run)
  endif()
  if(NOT EXPECT)
    set(EXPECT "ulid consumer ok")
  endif()
  if(NOT step_output MATCHES "${EXPECT}")
    message(FATAL_ERROR "the program's output does not match '${EXPECT}'")
  endif()
endif()

file(GLOB_RECURSE _ctest_files "${BINARY}/CTestTestfile.cmake")
if(_ctest_files)
  message(FATAL_ERROR "a subproject registered tests with the consumer's build: ${_ctest_files}")
endif()
