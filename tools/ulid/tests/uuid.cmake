# --uuid: ULIDs in RFC 9562 form; UUID arguments convert to ULIDs.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

set(id 01ARYZ6S41TSV4RRFFQ69G5FAV)
set(uuid 01563df3-6481-d676-4c61-efb99302bd5b)

# A parsed ULID in UUID form.
run_ulid(to_uuid ARGS --uuid ${id})
expect_ok(to_uuid "${uuid}\n")
# A UUID argument converts to its ULID, whatever its case.
run_ulid(to_ulid ARGS ${uuid})
expect_ok(to_ulid "${id}\n")
run_ulid(upper ARGS 01563DF3-6481-D676-4C61-EFB99302BD5B)
expect_ok(upper "${id}\n")
# With --uuid a UUID is checked and printed in canonical (lower-case) form.
run_ulid(canonical ARGS --uuid 01563DF3-6481-D676-4C61-EFB99302BD5B)
expect_ok(canonical "${uuid}\n")
# Mixed arguments, in order.
run_ulid(mixed ARGS ${uuid} 00000000-0000-0000-0000-000000000000 ffffffff-ffff-ffff-ffff-ffffffffffff)
expect_ok(mixed "${id}\n00000000000000000000000000\n7ZZZZZZZZZZZZZZZZZZZZZZZZZ\n")

# Generated ULIDs in UUID form.
run_ulid(generated ARGS --uuid -n 3)
expect_rc(generated 0)
expect_err(generated "")
expect_out_matches(generated "^${UUID_RE}\n${UUID_RE}\n${UUID_RE}\n$")
lines_of(generated_lines "${generated_out}")
# The same bytes, so hex order is ULID order: still strictly increasing.
expect_strictly_increasing(generated generated_lines 3)
run_ulid(generated_z ARGS --uuid -z -t 1469918176385)
expect_ok(generated_z "01563df3-6481-0000-0000-000000000000\n")

# Round trip: ULID -> UUID -> ULID gives back every ULID, and the UUIDs that
# --uuid generates convert to ULIDs with the right time.
run_ulid(ids ARGS -n 50)
expect_rc(ids 0)
lines_of(ids_list "${ids_out}")
run_ulid(uuids ARGS --uuid ${ids_list})
expect_rc(uuids 0)
expect_err(uuids "")
lines_of(uuids_list "${uuids_out}")
list(LENGTH uuids_list uuid_count)
if(NOT uuid_count EQUAL 50)
  message(FATAL_ERROR "--uuid of 50 ULIDs printed ${uuid_count} lines")
endif()
run_ulid(back ARGS ${uuids_list})
expect_ok(back "${ids_out}")

run_ulid(gen_uuid ARGS --uuid -t 1469918176385)
string(STRIP "${gen_uuid_out}" gen_uuid)
run_ulid(gen_back ARGS ${gen_uuid})
expect_rc(gen_back 0)
string(STRIP "${gen_back_out}" gen_ulid)
expect_out_matches(gen_back "^01ARYZ6S41${B32}+\n$")
run_ulid(gen_time ARGS -f ms ${gen_ulid})
expect_ok(gen_time "1469918176385\n")
# -f applies to UUIDs too: their time, not their ULID (issue 14, point 7).
run_ulid(uuid_time ARGS -f ms ${gen_uuid})
expect_ok(uuid_time "1469918176385\n")

# Invalid UUIDs: the reason names the bad character.
run_ulid(bad ARGS
         01563df3-6481-d676-4c61-efb99302bd5g
         01563df3x6481-d676-4c61-efb99302bd5b
         01563df3-6481-d676-4c61-efb99302bd5b-
         {01563df3-6481-d676-4c61-efb99302bd5b}
         01563df36481d6764c61efb99302bd5b
         ${uuid})
expect_rc(bad 1)
# Braces and 32 bare digits are UUID spellings too (PostgreSQL's uuid_in's;
# the whole table is uuid_spellings.cmake's).
expect_out(bad "${id}\n${id}\n${id}\n")
expect_err(bad "ulid: '01563df3-6481-d676-4c61-efb99302bd5g': 'g' at position 36 is not a hexadecimal digit
ulid: '01563df3x6481-d676-4c61-efb99302bd5b': 'x' at position 9 is not '-'
ulid: '01563df3-6481-d676-4c61-efb99302bd5b-': '-' at position 37 is out of place: a UUID allows one '-' after a group of four hexadecimal digits
")
# A hyphen where a digit belongs, and a digit where a hyphen belongs.
run_ulid(bad_dash ARGS 01563df3-6481-d676-4c61-efb99302bd-b 01563df3-6481-d676-4c613efb99302bd5b)
expect_rc(bad_dash 1)
expect_err(bad_dash "ulid: '01563df3-6481-d676-4c61-efb99302bd-b': '-' at position 35 is not a hexadecimal digit
ulid: '01563df3-6481-d676-4c613efb99302bd5b': '3' at position 24 is not '-'
")
