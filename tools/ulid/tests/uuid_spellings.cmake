# The shared table of UUID spellings (tests/uuid_spellings.txt), the cases
# the library, SQLite and PostgreSQL are tested with: each accepted one
# prints its canonical form with --uuid, each rejected one is reported on
# stderr with exit code 1.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

file(STRINGS "${CMAKE_CURRENT_LIST_DIR}/../../../tests/uuid_spellings.txt" lines)
set(checked 0)
foreach(line IN LISTS lines)
  if(line STREQUAL "" OR line MATCHES "^#")
    continue()
  endif()
  if(NOT line MATCHES "^([^ ]+) ([^ ]+)$")
    message(FATAL_ERROR "uuid_spellings.txt: not '<input> <expected>': ${line}")
  endif()
  set(input "${CMAKE_MATCH_1}")
  set(expected "${CMAKE_MATCH_2}")
  # "--": some inputs begin with '-'.
  run_ulid(spelling ARGS --uuid -- "${input}")
  if(expected STREQUAL "reject")
    expect_rc(spelling 1)
    expect_out(spelling "")
    expect_err_contains(spelling "ulid: '${input}': ")
  else()
    expect_ok(spelling "${expected}\n")
  endif()
  math(EXPR checked "${checked} + 1")
endforeach()
if(checked LESS 20)
  message(FATAL_ERROR "uuid_spellings.txt: only ${checked} cases")
endif()
