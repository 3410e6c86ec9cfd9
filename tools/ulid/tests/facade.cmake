# Private IDs (UUIDv47): --to-facade and --from-facade under a key read from
# --facade-key-file or ULID_FACADE_KEY, never from the command line. The
# published vector, round trips of generated IDs, TypeIDs under their prefix,
# how the key is read (hex with blanks, 16 raw bytes, errors), that no
# message holds the key, and every option that cannot apply refused.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

# UUIDv47's vector: key k0 = 0x0123456789abcdef, k1 = 0xfedcba9876543210, as
# the 16 bytes k0 || k1 little-endian in hex.
set(key_hex "efcdab89674523011032547698badcfe")
set(v7 "018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f")
set(v7_ulid "01HWPSZ6HAFQQRRFVV38P4TQKF")
set(facade "2463c780-7fca-4def-8c3f-7b1a2c4d5e6f")
set(ENV{ULID_FACADE_KEY} "${key_hex}")

# expect_no_key(<name>): neither stream shows the key, in any case.
function(expect_no_key name)
  string(TOLOWER "${${name}_out}${${name}_err}" all)
  string(FIND "${all}" "${key_hex}" at)
  if(NOT at EQUAL -1)
    _fail(${name} "the key appears in the output")
  endif()
endfunction()

run_ulid(to ARGS --to-facade ${v7})
expect_ok(to "${facade}\n")
run_ulid(to_from_ulid ARGS --to-facade ${v7_ulid})
expect_ok(to_from_ulid "${facade}\n")
# With --prefix P, both directions print TypeIDs under P: the facade's, or
# the UUIDv7's behind it (a TypeID input keeps its bits, not its prefix).
run_ulid(to_prefix ARGS --to-facade --prefix u ${v7})
expect_ok(to_prefix "u_14cf3r0zya9qqrrfvv38p4tqkf\n")
run_ulid(from_prefix ARGS --from-facade --prefix u ${facade} x_14cf3r0zya9qqrrfvv38p4tqkf)
expect_ok(from_prefix "u_01hwpsz6hafqqrrfvv38p4tqkf\nu_01hwpsz6hafqqrrfvv38p4tqkf\n")
run_ulid(from ARGS --from-facade ${facade})
expect_ok(from "${v7_ulid}\n")
run_ulid(from_uuid ARGS --from-facade --uuid ${facade})
expect_ok(from_uuid "${v7}\n")
run_ulid(from_time ARGS --from-facade -f ms ${facade})
expect_ok(from_time "1714457385514\n")
run_ulid(from_json ARGS --from-facade -v ${facade})
expect_ok(from_json "{\"ulid\":\"${v7_ulid}\",\"uuid\":\"${v7}\",\"time\":\"2024-04-30T06:09:45.514Z\",\"ms\":1714457385514,\"entropy\":\"7def8c3f7b1a2c4d5e6f\",\"uuidv7\":true}\n")
# Standard input, a line at a time; a bad line does not stop the others.
file(WRITE "${WORK_DIR}/facades.txt" "${facade}\n${v7}\n{2463C780-7FCA-4DEF-8C3F-7B1A2C4D5E6F}\n")
run_ulid(from_stdin INPUT "${WORK_DIR}/facades.txt" ARGS --from-facade --uuid -)
expect_rc(from_stdin 1)
expect_out(from_stdin "${v7}\n${v7}\n")
expect_err(from_stdin "ulid: line 2: '${v7}': wrong UUID version: not a UUIDv7 where one is needed, or not a version-4 facade\n")
expect_no_key(from_stdin)

# Generated: UUIDv4 facades of new UUIDv7 IDs, each decoding to a UUIDv7 at
# the current time (or at -t).
run_ulid(made ARGS --to-facade -n 20)
expect_rc(made 0)
expect_err(made "")
string(REPEAT "${HEX}" 3 _h3)
expect_out_matches(made "^(${_h8}-${_h4}-4${_h3}-[89ab]${_h3}-${_h12}\n)+$")
lines_of(made_lines "${made_out}")
list(LENGTH made_lines made_count)
if(NOT made_count EQUAL 20)
  _fail(made "expected 20 facades")
endif()
run_ulid(made_back ARGS --from-facade -v ${made_lines})
expect_rc(made_back 0)
string(REGEX MATCHALL "\"uuidv7\":true" v7_flags "${made_back_out}")
list(LENGTH v7_flags v7_count)
if(NOT v7_count EQUAL 20)
  _fail(made_back "every facade should decode to a UUIDv7")
endif()
run_ulid(at_time ARGS --to-facade -t 1469918176385 -z)
expect_rc(at_time 0)
string(STRIP "${at_time_out}" at_time_facade)
run_ulid(at_time_back ARGS --from-facade -f ms ${at_time_facade})
expect_ok(at_time_back "1469918176385\n")
# --v7 is what --to-facade makes anyway.
run_ulid(with_v7 ARGS --to-facade --v7 -t 1469918176385 -z)
expect_ok(with_v7 "${at_time_out}")

# TypeIDs keep their prefix both ways; new ones with --prefix.
run_ulid(typeid_to ARGS --to-facade user_01h455vb4pex5vsknk084sn02q)
expect_rc(typeid_to 0)
expect_out_matches(typeid_to "^user_${ULID_LOWER_RE}\n$")
string(STRIP "${typeid_to_out}" typeid_facade)
run_ulid(typeid_back ARGS --from-facade ${typeid_facade})
expect_ok(typeid_back "user 2023-06-30T03:34:18.518Z 01890a5d-ac96-774b-bcce-b302099a8057 01H455VB4PEX5VSKNK084SN02Q\n")
run_ulid(typeid_made ARGS --to-facade --prefix user -n 2)
expect_rc(typeid_made 0)
expect_out_matches(typeid_made "^user_${ULID_LOWER_RE}\nuser_${ULID_LOWER_RE}\n$")

# Another key gives other facades, and does not decode these.
set(ENV{ULID_FACADE_KEY} "00112233445566778899AABBCCDDEEFF")
run_ulid(other_to ARGS --to-facade ${v7})
expect_rc(other_to 0)
if(other_to_out STREQUAL "${facade}\n")
  _fail(other_to "another key gave the same facade")
endif()
run_ulid(other_from ARGS --from-facade --uuid ${facade})
expect_rc(other_from 0)
if(other_from_out STREQUAL "${v7}\n")
  _fail(other_from "another key decoded the facade")
endif()

# The key from a file: 32 hex digits with blanks and a line end, or 16 raw
# bytes; the file wins over the environment.
file(WRITE "${WORK_DIR}/key.txt" "  ${key_hex}\r\n")
run_ulid(file_hex ARGS --facade-key-file "${WORK_DIR}/key.txt" --to-facade ${v7})
expect_ok(file_hex "${facade}\n")
run_ulid(file_hex_eq ARGS "--facade-key-file=${WORK_DIR}/key.txt" --from-facade --uuid ${facade})
expect_ok(file_hex_eq "${v7}\n")
string(REGEX REPLACE "(..)" "\\\\x\\1" _escaped "${key_hex}")
execute_process(COMMAND printf "${_escaped}" OUTPUT_FILE "${WORK_DIR}/key.bin" RESULT_VARIABLE printf_rc)
file(SIZE "${WORK_DIR}/key.bin" raw_size)
if(NOT printf_rc EQUAL 0 OR NOT raw_size EQUAL 16)
  message(FATAL_ERROR "could not write the 16-byte key file")
endif()
run_ulid(file_raw ARGS --facade-key-file "${WORK_DIR}/key.bin" --to-facade ${v7})
expect_ok(file_raw "${facade}\n")

# Errors: no key, a bad key (by length or character, never shown), a missing
# file. A key problem is a usage error: exit 2, nothing done.
unset(ENV{ULID_FACADE_KEY})
run_ulid(no_key ARGS --to-facade ${v7})
expect_rc(no_key 2)
expect_out(no_key "")
expect_err(no_key "ulid: --to-facade needs a key: --facade-key-file PATH, or 32 hexadecimal digits in the environment variable ULID_FACADE_KEY\n")
set(ENV{ULID_FACADE_KEY} "")
run_ulid(empty_key ARGS --from-facade ${facade})
expect_rc(empty_key 2)
expect_err(empty_key "ulid: --from-facade needs a key: --facade-key-file PATH, or 32 hexadecimal digits in the environment variable ULID_FACADE_KEY\n")
set(ENV{ULID_FACADE_KEY} "${key_hex}00")
run_ulid(long_key ARGS --to-facade ${v7})
expect_rc(long_key 2)
expect_out(long_key "")
expect_err(long_key "ulid: invalid key in the environment variable ULID_FACADE_KEY: got 34 characters, expected 32 hexadecimal digits\n")
expect_no_key(long_key)
string(SUBSTRING "${key_hex}" 0 31 _key31)
set(ENV{ULID_FACADE_KEY} "${_key31}g")
run_ulid(bad_char ARGS --to-facade ${v7})
expect_rc(bad_char 2)
expect_err(bad_char "ulid: invalid key in the environment variable ULID_FACADE_KEY: the character at position 32 is not a hexadecimal digit (not shown: it is part of the key); expected 32 hexadecimal digits\n")
expect_no_key(bad_char)
set(ENV{ULID_FACADE_KEY} "${key_hex}")
file(WRITE "${WORK_DIR}/bad-key.txt" "${key_hex}${key_hex}\n")
run_ulid(bad_file ARGS --facade-key-file "${WORK_DIR}/bad-key.txt" --to-facade ${v7})
expect_rc(bad_file 2)
expect_err(bad_file "ulid: invalid key in the file '${WORK_DIR}/bad-key.txt': got 64 characters, expected 32 hexadecimal digits, or 16 bytes\n")
expect_no_key(bad_file)
run_ulid(no_file ARGS --facade-key-file "${WORK_DIR}/none.txt" --to-facade ${v7})
expect_rc(no_file 2)
expect_err_contains(no_file "ulid: cannot read the key file '${WORK_DIR}/none.txt': ")

# Inputs of the wrong version: exit 1, the others still printed.
run_ulid(wrong ARGS --to-facade 01ARYZ6S41TSV4RRFFQ69G5FAV ${v7})
expect_rc(wrong 1)
expect_out(wrong "${facade}\n")
expect_err(wrong "ulid: '01ARYZ6S41TSV4RRFFQ69G5FAV': wrong UUID version: not a UUIDv7 where one is needed, or not a version-4 facade\n")

# Options that cannot apply are refused (usage errors), never ignored.
set(no_time "a facade shows no time (decode it with --from-facade to see it)")
foreach(row
    "--to-facade --from-facade ${v7}|--to-facade and --from-facade cannot be combined: choose one direction"
    "--from-facade|--from-facade is for parsing: give the facades as arguments, '-' or --parse"
    "--from-facade -n 2|--from-facade is for parsing"
    "--facade-key-file ${WORK_DIR}/key.txt|--facade-key-file gives the key of --to-facade or --from-facade, and neither is given"
    "--facade-key-file ${WORK_DIR}/key.txt ${v7}|--facade-key-file gives the key"
    "--facade-key-file=|invalid file for --facade-key-file '': an empty path"
    "--to-facade -v|--to-facade and -v cannot be combined: ${no_time}"
    "--to-facade -f json ${v7}|--to-facade and -f json cannot be combined: ${no_time}"
    "--to-facade -f rfc3339 ${v7}|--to-facade and -f rfc3339 cannot be combined: ${no_time}"
    "--to-facade -l ${v7}|--to-facade and -l cannot be combined: ${no_time}"
    "--to-facade --uuid|--to-facade and --uuid cannot be combined: facades are always printed as UUIDs"
    "--to-facade --lower ${v7}|--to-facade and --lower cannot be combined: facades are printed as UUIDs, in lower case"
    "--to-facade -n 2 ${v7}|-n is for generating ULIDs")
  string(REPLACE "|" ";" parts "${row}")
  list(GET parts 0 row_args)
  list(GET parts 1 row_error)
  separate_arguments(row_args UNIX_COMMAND "${row_args}")
  run_ulid(refused ARGS ${row_args})
  expect_usage_error(refused "${row_error}")
endforeach()
