# A compile-fail test: SOURCE must compile with -DULID_COMPILE_OK (so the file
# itself is sound) and must fail without it, with a diagnostic matching
# EXPECT. Run as cmake -DCXX=... -DINCLUDE=... -DSOURCE=... -DEXPECT=...
# [-DDEFINE=NAME=VALUE] [-DSTD=20] -P compile_fail.cmake (C++17 unless STD).
# DEFINE may hold several definitions separated by ','.
foreach(_var CXX INCLUDE SOURCE EXPECT)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "compile_fail.cmake: ${_var} is not set")
  endif()
endforeach()
if(NOT DEFINED STD)
  set(STD 17)
endif()
set(_flags -std=c++${STD} -fsyntax-only "-I${INCLUDE}")
# The control has the same definitions: ULID_COMPILE_OK takes precedence.
set(_define)
string(REPLACE "," ";" _defines "${DEFINE}")
foreach(_d IN LISTS _defines)
  list(APPEND _define "-D${_d}")
endforeach()
execute_process(COMMAND "${CXX}" ${_flags} ${_define} -DULID_COMPILE_OK "${SOURCE}"
                RESULT_VARIABLE _ok_rc ERROR_VARIABLE _ok_err OUTPUT_VARIABLE _ok_out)
if(NOT _ok_rc EQUAL 0)
  message(FATAL_ERROR "the control (-DULID_COMPILE_OK) does not compile, so the test proves nothing:\n${_ok_err}")
endif()
execute_process(COMMAND "${CXX}" ${_flags} ${_define} "${SOURCE}"
                RESULT_VARIABLE _rc ERROR_VARIABLE _err OUTPUT_VARIABLE _out)
if(_rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} ${_define} compiled, but must not")
endif()
if(NOT _err MATCHES "${EXPECT}")
  message(FATAL_ERROR "${SOURCE} ${_define} failed to compile, but without the expected diagnostic \"${EXPECT}\":\n${_err}")
endif()
message(STATUS "refused as expected: ${EXPECT}")
