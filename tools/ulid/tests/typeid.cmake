# --prefix P: TypeIDs (jetify-com/typeid v0.3.0), generated with every
# generating option and output form; TypeID inputs inspected (prefix, time,
# UUID, ULID), with -v's JSON carrying "typeid" and "prefix"; errors in the
# words of explain(); refused where it cannot apply.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

string(REPEAT "${HEX}" 3 _h3)
set(V7_UUID_RE "${_h8}-${_h4}-7${_h3}-[89ab]${_h3}-${_h12}")

# Many at once: "user_" and 26 lower-case characters, strictly increasing,
# each read back by the tool as a UUIDv7 under its prefix.
run_ulid(many ARGS --prefix user -n 100)
expect_rc(many 0)
expect_err(many "")
lines_of(many_lines "${many_out}")
foreach(line IN LISTS many_lines)
  if(NOT line MATCHES "^user_${ULID_LOWER_RE}$")
    message(FATAL_ERROR "--prefix user made '${line}', not a TypeID")
  endif()
endforeach()
expect_strictly_increasing(many many_lines 100)
list(GET many_lines 0 first)
run_ulid(back ARGS -v ${first})
expect_rc(back 0)
string(TOUPPER "${first}" first_upper)
string(REPLACE "USER_" "" first_ulid "${first_upper}")
expect_out_matches(back "^{\"typeid\":\"${first}\",\"prefix\":\"user\",\"ulid\":\"${first_ulid}\",\"uuid\":\"${V7_UUID_RE}\",.*\"uuidv7\":true}\n$")

# A given time and zero entropy: exact output, plain and as JSON.
run_ulid(fixed ARGS --prefix pre_fix -z -n 2 -t 2026-12-02T08:15:04.123Z)
expect_ok(fixed "pre_fix_01m8tx4jxve008000000000000\npre_fix_01m8tx4jxve008000000000001\n")
run_ulid(fixed_json ARGS --prefix user -z -t 1796199304123 -v)
expect_ok(fixed_json "{\"typeid\":\"user_01m8tx4jxve008000000000000\",\"prefix\":\"user\",\"ulid\":\"01M8TX4JXVE008000000000000\",\"uuid\":\"01a235d2-4bbb-7000-8000-000000000000\",\"time\":\"2026-12-02T08:15:04.123Z\",\"ms\":1796199304123,\"entropy\":\"70008000000000000000\",\"uuidv7\":true}\n")
# The empty prefix is the specification's TypeID without one.
run_ulid(empty ARGS --prefix= -z -t 1796199304123)
expect_ok(empty "01m8tx4jxve008000000000000\n")
# -q works too, and --v7 is what --prefix implies anyway.
run_ulid(quick ARGS --prefix a --v7 -q -n 3)
expect_rc(quick 0)
expect_out_matches(quick "^a_${ULID_LOWER_RE}\na_${ULID_LOWER_RE}\na_${ULID_LOWER_RE}\n$")

# Inspecting: the specification's example, by argument and on standard input.
set(example "prefix_01h455vb4pex5vsknk084sn02q")
set(example_line "prefix 2023-06-30T03:34:18.518Z 01890a5d-ac96-774b-bcce-b302099a8057 01H455VB4PEX5VSKNK084SN02Q\n")
run_ulid(inspect ARGS ${example})
expect_ok(inspect "${example_line}")
file(WRITE "${WORK_DIR}/in" "${example}\r\npre_fix_00000000000000000000000000\n")
run_ulid(inspect_stdin INPUT "${WORK_DIR}/in" ARGS -)
expect_ok(inspect_stdin "${example_line}pre_fix 1970-01-01T00:00:00.000Z 00000000-0000-0000-0000-000000000000 00000000000000000000000000\n")
run_ulid(inspect_forms ARGS -f ms ${example})
expect_ok(inspect_forms "1688096058518\n")
run_ulid(inspect_uuid ARGS --uuid ${example})
expect_ok(inspect_uuid "01890a5d-ac96-774b-bcce-b302099a8057\n")
run_ulid(inspect_lower ARGS --lower ${example})
expect_ok(inspect_lower "01h455vb4pex5vsknk084sn02q\n")

# Bad TypeIDs: one line each on stderr with the rule and the position; the
# valid ones between them still print; exit status 1.
run_ulid(bad ARGS Prefix_01h455vb4pex5vsknk084sn02q ${example} prefix_01H455VB4PEX5VSKNK084SN02Q
         prefix_81h455vb4pex5vsknk084sn02q _01h455vb4pex5vsknk084sn02q prefix__01h455vb4pex5vsknk084sn02q
         prefix_01h455vb4pex5vsknk084sn02)
expect_rc(bad 1)
expect_out(bad "${example_line}")
expect_err(bad "ulid: 'Prefix_01h455vb4pex5vsknk084sn02q': 'P' at position 1 is not allowed in a TypeID prefix (a-z, and '_' between letters)
ulid: 'prefix_01H455VB4PEX5VSKNK084SN02Q': 'H' at position 10 is not a lower-case Crockford base32 character
ulid: 'prefix_81h455vb4pex5vsknk084sn02q': suffix's first character '8' at position 8 is above '7': the value would exceed 128 bits
ulid: '_01h455vb4pex5vsknk084sn02q': '_' at position 1: a TypeID without a prefix has no separator
ulid: 'prefix__01h455vb4pex5vsknk084sn02q': '_' at position 7: a TypeID prefix starts and ends with a letter
ulid: 'prefix_01h455vb4pex5vsknk084sn02': the suffix after '_' at position 7 has 25 characters, expected 26
")
# A line too long to hold (over 128 characters) with a '_' in what is held;
# a prefix too long, in a line that is held whole.
string(REPEAT "0" 200 long_suffix)
string(REPEAT "a" 64 long_prefix)
file(WRITE "${WORK_DIR}/long" "user_${long_suffix}\n${long_prefix}_01h455vb4pex5vsknk084sn02q\n")
run_ulid(long INPUT "${WORK_DIR}/long" ARGS -)
expect_rc(long 1)
expect_err_contains(long "line 1: 'user_000000000000000000000000000'...: got 205 characters, but a TypeID has at most 90")
expect_err_contains(long "line 2: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'...: prefix of 64 characters: a TypeID prefix has at most 63")

# Refused, never ignored.
run_ulid(bad_prefix ARGS --prefix User)
expect_usage_error(bad_prefix "invalid prefix for --prefix 'User': invalid TypeID prefix")
string(REPEAT "a" 64 too_long)
run_ulid(long_prefix ARGS --prefix ${too_long})
expect_usage_error(long_prefix "invalid prefix for --prefix")
run_ulid(with_uuid ARGS --prefix user --uuid)
expect_usage_error(with_uuid "--prefix and --uuid cannot be combined: --uuid prints UUIDs, not TypeIDs")
run_ulid(with_lower ARGS --prefix user --lower)
expect_usage_error(with_lower "--prefix and --lower cannot be combined: TypeIDs are always lower case")

# --prefix P with given IDs converts each to a TypeID under P: a ULID (either
# case), a UUID in every spelling, a TypeID of another prefix; by argument
# and on standard input, with a bad input explained and the others printed.
set(typeid_of_example "user_01h455vb4pex5vsknk084sn02q")
foreach(input "${example}" 01H455VB4PEX5VSKNK084SN02Q 01h455vb4pex5vsknk084sn02q 01890a5d-ac96-774b-bcce-b302099a8057
              01890A5DAC96774BBCCEB302099A8057 {01890a5d-ac96-774b-bcce-b302099a8057} 01h455vb4pex5vsknk084sn02q)
  run_ulid(convert ARGS --prefix user ${input})
  expect_ok(convert "${typeid_of_example}\n")
endforeach()
run_ulid(convert_empty ARGS --prefix= ${example})
expect_ok(convert_empty "01h455vb4pex5vsknk084sn02q\n")
run_ulid(convert_json ARGS --prefix user -v 01890a5d-ac96-774b-bcce-b302099a8057)
expect_ok(convert_json "{\"typeid\":\"${typeid_of_example}\",\"prefix\":\"user\",\"ulid\":\"01H455VB4PEX5VSKNK084SN02Q\",\"uuid\":\"01890a5d-ac96-774b-bcce-b302099a8057\",\"time\":\"2023-06-30T03:34:18.518Z\",\"ms\":1688096058518,\"entropy\":\"774bbcceb302099a8057\",\"uuidv7\":true}\n")
file(WRITE "${WORK_DIR}/convert" "01ARYZ6S41TSV4RRFFQ69G5FAV\nurn:uuid:01890a5d-ac96-774b-bcce-b302099a8057\n${example}\n")
run_ulid(convert_stdin INPUT "${WORK_DIR}/convert" ARGS --prefix order -)
expect_rc(convert_stdin 1)
expect_out(convert_stdin "order_01aryz6s41tsv4rrffq69g5fav\norder_01h455vb4pex5vsknk084sn02q\n")
expect_err_contains(convert_stdin "ulid: line 2: 'urn:uuid:01890a5d-ac96-774b-bcce-b302099a8057': ")
string(FIND "${convert_stdin_err}" "bad data" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "--prefix: an error code's words instead of explain()'s: ${convert_stdin_err}")
endif()
run_ulid(convert_bad ARGS --prefix user 01ARYZ6S41TSV4RRFFQ69G5FAU)
expect_rc(convert_bad 1)
expect_err(convert_bad "ulid: '01ARYZ6S41TSV4RRFFQ69G5FAU': 'U' at position 26 is not a Crockford base32 character\n")
# Refused: it prints TypeIDs, so neither times nor UUIDs nor upper case.
run_ulid(convert_time ARGS --prefix user -f ms ${example})
expect_usage_error(convert_time "--prefix and -f ms cannot be combined: --prefix prints TypeIDs, not times")
run_ulid(convert_local ARGS --prefix user -l ${example})
expect_usage_error(convert_local "--prefix and -l cannot be combined: --prefix prints TypeIDs, not times")
run_ulid(convert_uuid ARGS --prefix user --uuid ${example})
expect_usage_error(convert_uuid "--prefix and --uuid cannot be combined: --uuid prints UUIDs, not TypeIDs")
run_ulid(convert_lower ARGS --prefix user --lower ${example})
expect_usage_error(convert_lower "--prefix and --lower cannot be combined: TypeIDs are always lower case")
run_ulid(no_value ARGS --prefix)
expect_usage_error(no_value "option --prefix needs a value")
