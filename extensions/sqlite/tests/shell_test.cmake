# Drives the sqlite3 shell: `.load ./ulid` from the module's folder (SQLite
# adds the platform's suffix and derives the entry point sqlite3_ulid_init),
# then checks results and that an invalid ULID fails with the library's
# message on stderr.
#
#   cmake -DSQLITE3=<sqlite3 shell> -DMODULE_DIR=<dir of ulid.so> -DMODULE=<ulid.so> -P shell_test.cmake
cmake_minimum_required(VERSION 3.21)

if(NOT SQLITE3 OR NOT EXISTS "${SQLITE3}")
  message(FATAL_ERROR "the sqlite3 shell was not found (looked up when the build was configured). "
                      "Install it (Debian/Ubuntu: apt-get install sqlite3) and configure again.")
endif()
if(NOT EXISTS "${MODULE}")
  message(FATAL_ERROR "the extension module ${MODULE} does not exist: build the ulid_sqlite target first")
endif()

# Runs the shell on `sql` in MODULE_DIR; sets <prefix>_rv, <prefix>_out and <prefix>_err.
function(run_shell prefix sql)
  string(RANDOM LENGTH 12 _tag)
  set(_input "${CMAKE_CURRENT_BINARY_DIR}/ulid_sqlite_shell_${_tag}.sql")
  file(WRITE "${_input}" "${sql}")
  execute_process(
    COMMAND "${SQLITE3}" -batch -bail :memory:
    INPUT_FILE "${_input}"
    WORKING_DIRECTORY "${MODULE_DIR}"
    RESULT_VARIABLE _rv
    OUTPUT_VARIABLE _out
    ERROR_VARIABLE _err
    TIMEOUT 30)
  file(REMOVE "${_input}")
  set(${prefix}_rv "${_rv}" PARENT_SCOPE)
  set(${prefix}_out "${_out}" PARENT_SCOPE)
  set(${prefix}_err "${_err}" PARENT_SCOPE)
endfunction()

set(_failures "")
function(expect_equal what actual expected)
  if(NOT "${actual}" STREQUAL "${expected}")
    set(_failures "${_failures}\n  ${what}: got [${actual}], expected [${expected}]" PARENT_SCOPE)
  endif()
endfunction()

# One query per line of output; -batch prints `|`-separated columns.
run_shell(good [=[
.load ./ulid
SELECT ulid_ms('01ARYZ6S41TSV4RRFFQ69G5FAV');
SELECT ulid_datetime(x'01563DF36481D6764C61EFB99302BD5B');
SELECT ulid_to_uuid('01aryz6s41tsv4rrffq69g5fav');
SELECT ulid_from_uuid('01563DF3-6481-D676-4C61-EFB99302BD5B');
SELECT hex(ulid_to_bytes('01ARYZ6S41TSV4RRFFQ69G5FAV'));
SELECT ulid_from_bytes(x'01563DF36481D6764C61EFB99302BD5B');
SELECT length(ulid()), typeof(ulid()), ulid_valid(ulid());
SELECT length(ulid_bytes()), typeof(ulid_bytes()), ulid_valid(ulid_bytes());
SELECT ulid_ms(ulid_with_time(1469918176385));
SELECT ulid_valid('nope'), ulid_valid(NULL) IS NULL, ulid_ms(NULL) IS NULL;
CREATE TABLE t(id BLOB PRIMARY KEY DEFAULT (ulid_bytes()), n INTEGER);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 200) INSERT INTO t(n) SELECT i FROM c;
SELECT count(*) FROM (SELECT n, row_number() OVER (ORDER BY id) AS r FROM t) WHERE n = r;
]=])
if(NOT good_rv EQUAL 0)
  message(FATAL_ERROR "the sqlite3 shell failed (exit ${good_rv}) loading ./ulid from ${MODULE_DIR}:\n${good_err}")
endif()
string(REPLACE "\r" "" good_out "${good_out}")
string(STRIP "${good_out}" good_out)
string(REPLACE "\n" ";" _lines "${good_out}")
set(_expected
    "1469918176385"
    "2016-07-30T22:36:16.385Z"
    "01563df3-6481-d676-4c61-efb99302bd5b"
    "01ARYZ6S41TSV4RRFFQ69G5FAV"
    "01563DF36481D6764C61EFB99302BD5B"
    "01ARYZ6S41TSV4RRFFQ69G5FAV"
    "26|text|1"
    "16|blob|1"
    "1469918176385"
    "0|1|1"
    "200")
list(LENGTH _lines _got_count)
list(LENGTH _expected _want_count)
expect_equal("number of output lines" "${_got_count}" "${_want_count}")
if(_got_count EQUAL _want_count)
  foreach(_i RANGE 0 10)
    list(GET _lines ${_i} _got)
    list(GET _expected ${_i} _want)
    expect_equal("line ${_i}" "${_got}" "${_want}")
  endforeach()
endif()

# An invalid ULID: the shell exits non-zero with the message on stderr.
run_shell(bad [=[
.load ./ulid
SELECT ulid_ms('01ARYZ6S41TSV4RRFFQ69G5FAU');
]=])
if(bad_rv EQUAL 0)
  set(_failures "${_failures}\n  ulid_ms of an invalid ULID succeeded: ${bad_out}")
endif()
set(_message "ulid_ms: invalid ULID '01ARYZ6S41TSV4RRFFQ69G5FAU': 'U' at position 26 is not a Crockford base32 character")
string(FIND "${bad_err}" "${_message}" _at)
if(_at EQUAL -1)
  set(_failures "${_failures}\n  stderr lacks [${_message}]: [${bad_err}]")
endif()

if(_failures)
  message(FATAL_ERROR "sqlite3 shell with .load ./ulid:${_failures}\nfull output:\n${good_out}\n${good_err}")
endif()
message(STATUS "sqlite3 shell: .load ./ulid and ${_want_count} queries as expected")
