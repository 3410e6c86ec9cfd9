# -v/--verbose and --format json: one JSON object per line with the ULID's
# text, UUID form, time (RFC 3339), ms and entropy in hex.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

set(id 01ARYZ6S41TSV4RRFFQ69G5FAV)
set(json "{\"ulid\":\"01ARYZ6S41TSV4RRFFQ69G5FAV\",\"uuid\":\"01563df3-6481-d676-4c61-efb99302bd5b\",\"time\":\"2016-07-30T22:36:16.385Z\",\"ms\":1469918176385,\"entropy\":\"d6764c61efb99302bd5b\",\"uuidv7\":false}\n")

foreach(flags "-v" "--verbose" "-f;json" "--format=json" "-v;-f;json")
  run_ulid(parsed ARGS ${flags} ${id})
  expect_ok(parsed "${json}")
endforeach()
# Options JSON cannot honour are refused.
run_ulid(v_unix ARGS -v -f unix ${id})
expect_usage_error(v_unix "-v and -f unix cannot be combined: JSON lines always show the time in RFC 3339")
run_ulid(v_uuid ARGS --verbose --uuid ${id})
expect_usage_error(v_uuid "--verbose and --uuid cannot be combined: JSON lines already hold the UUID")
run_ulid(json_uuid ARGS --uuid -f json)
expect_usage_error(json_uuid "-f json and --uuid cannot be combined")

# A UUID input gives the same object.
run_ulid(from_uuid ARGS -v 01563df3-6481-d676-4c61-efb99302bd5b)
expect_ok(from_uuid "${json}")

# --lower changes the ulid field only.
run_ulid(lower ARGS -v --lower ${id})
expect_ok(lower "{\"ulid\":\"01aryz6s41tsv4rrffq69g5fav\",\"uuid\":\"01563df3-6481-d676-4c61-efb99302bd5b\",\"time\":\"2016-07-30T22:36:16.385Z\",\"ms\":1469918176385,\"entropy\":\"d6764c61efb99302bd5b\",\"uuidv7\":false}\n")

# The extremes.
run_ulid(zero ARGS -v 00000000000000000000000000)
expect_ok(zero "{\"ulid\":\"00000000000000000000000000\",\"uuid\":\"00000000-0000-0000-0000-000000000000\",\"time\":\"1970-01-01T00:00:00.000Z\",\"ms\":0,\"entropy\":\"00000000000000000000\",\"uuidv7\":false}\n")
run_ulid(max ARGS -v 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)
expect_ok(max "{\"ulid\":\"7ZZZZZZZZZZZZZZZZZZZZZZZZZ\",\"uuid\":\"ffffffff-ffff-ffff-ffff-ffffffffffff\",\"time\":\"10889-08-02T05:31:50.655Z\",\"ms\":281474976710655,\"entropy\":\"ffffffffffffffffffff\",\"uuidv7\":false}\n")

# Generated ULIDs: one object per line, consistent with each other. Random
# entropy has the UUIDv7 version and variant bits one time in 64, so the
# uuidv7 field is checked against the uuid field rather than assumed false.
# CMake allows nine groups in a regex: the whole output is matched without
# capturing, each object with.
set(object "{\"ulid\":\"${ULID_RE}\",\"uuid\":\"${UUID_RE}\",\"time\":\"2016-07-30T23:54:10.259Z\",\"ms\":1469922850259,\"entropy\":\"${ENTROPY_HEX_RE}\",\"uuidv7\":[a-z]+}\n")
set(object_re "{\"ulid\":\"(${ULID_RE})\",\"uuid\":\"(${UUID_RE})\",\"time\":\"2016-07-30T23:54:10.259Z\",\"ms\":1469922850259,\"entropy\":\"(${ENTROPY_HEX_RE})\",\"uuidv7\":(true|false)}\n")
run_ulid(generated ARGS -v -n 3 -t 1469922850259)
expect_rc(generated 0)
expect_err(generated "")
expect_out_matches(generated "^${object}${object}${object}$")
string(REGEX MATCHALL "${object}" objects "${generated_out}")
foreach(one IN LISTS objects)
  if(NOT one MATCHES "^${object_re}$")
    message(FATAL_ERROR "not a JSON object of a generated ULID: ${one}")
  endif()
  set(one_uuid "${CMAKE_MATCH_2}")
  set(one_v7 "${CMAKE_MATCH_4}")
  if(one_uuid MATCHES "^........-....-7...-[89ab]")
    set(want_v7 true)
  else()
    set(want_v7 false)
  endif()
  if(NOT one_v7 STREQUAL want_v7)
    message(FATAL_ERROR "uuidv7 is ${one_v7} for uuid ${one_uuid}")
  endif()
endforeach()
string(REGEX MATCH "^${object_re}" first "${generated_out}")
set(text "${CMAKE_MATCH_1}")
set(uuid "${CMAKE_MATCH_2}")
set(entropy "${CMAKE_MATCH_3}")
# The uuid field is the same 128 bits as the ulid field...
run_ulid(check_uuid ARGS --uuid ${text})
expect_ok(check_uuid "${uuid}\n")
# ...and the entropy is its last 20 hex digits.
string(SUBSTRING "${uuid}" 19 4 e1)
string(SUBSTRING "${uuid}" 24 12 e2)
string(SUBSTRING "${uuid}" 14 4 e0)
if(NOT "${e0}${e1}${e2}" STREQUAL "${entropy}")
  message(FATAL_ERROR "entropy ${entropy} is not the tail of uuid ${uuid}")
endif()

# Invalid inputs still go to stderr; valid ones still print.
run_ulid(mixed ARGS -v nope ${id})
expect_rc(mixed 1)
expect_out(mixed "${json}")
expect_err(mixed "ulid: 'nope': got 4 characters, expected 26 (ULID) or 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)\n")
