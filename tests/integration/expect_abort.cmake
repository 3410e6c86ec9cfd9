# Runs PROGRAM with ARG and passes only if it aborts (SIGABRT on POSIX, exit
# code 3 from abort() on Windows) after writing a line matching EXPECT to
# stderr. A normal exit, any other crash, or a missing message fails.
#
#   cmake -DPROGRAM=<exe> -DARG=<helper> -DEXPECT=<regex> [-DEMULATOR=<a|b|c>] [-DTARGET_WINDOWS=1] -P expect_abort.cmake
#
# EMULATOR runs a cross-built PROGRAM (a cross build's emulator command, its
# items separated by "|"); TARGET_WINDOWS says PROGRAM is a Windows program
# (run under Wine, say), which aborts with exit code 3.
cmake_minimum_required(VERSION 3.21)

string(REPLACE "|" ";" _emulator "${EMULATOR}")
execute_process(COMMAND ${_emulator} "${PROGRAM}" "${ARG}" RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "exit: ${rv}\nstdout: ${out}\nstderr: ${err}")
if(WIN32 OR TARGET_WINDOWS)
  set(_aborted FALSE)
  if(rv EQUAL 3)
    set(_aborted TRUE)
  endif()
else()
  # CMake describes a SIGABRT death as "Subprocess aborted" or "Child aborted".
  set(_aborted FALSE)
  if(rv MATCHES "[Aa]bort")
    set(_aborted TRUE)
  endif()
endif()
if(NOT _aborted)
  message(FATAL_ERROR "${PROGRAM} ${ARG} did not abort (result: ${rv})")
endif()
if(NOT err MATCHES "${EXPECT}")
  message(FATAL_ERROR "${PROGRAM} ${ARG} aborted without the message '${EXPECT}' on stderr")
endif()
message(STATUS "${ARG} aborted with the expected message")
