# Every option in every mode, alone and in pairs (issue 14, point 7): each one
# either changes the output or is refused with a usage error that names it;
# none is silently ignored. docs/cli.md has the same rules as a table.
#
# Each row of the table below is "<options>|<no operand>|<ULID>|<UUID>|<stdin>":
#   <no operand>  ulid <options> -t 1469918176385 [-z]   (generating; -z unless
#                 the row chooses -q or -z), or with --parse in the row, ulid
#                 <options> reading the ULID and the UUID from standard input
#   <ULID>        ulid <options> 01ARYZ6S41TSV4RRFFQ69G5FAV
#   <UUID>        ulid <options> 01563df3-6481-d676-4c61-efb99302bd5b (the same ID)
#   <stdin>       ulid <options> - reading the ULID and the UUID from standard input
# An expected result is the names of the output lines joined by '+' (exit 0,
# nothing on stderr), "=" for "as the column before", "A+U" in the stdin
# column for "the ULID column's lines, then the UUID column's", or '!' and the
# usage error (exit 2, nothing on stdout, the message then the --help pointer).
# In messages, "!P:<flag>" is "<flag> is for generating ULIDs ...", "!F:<flag>"
# is "<flag> is for parsing ..." and "!L:<flag>" is "<flag> applies to times ...".
include("${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake")

# A zone two hours east of UTC (POSIX TZ, no database needed), so that -l
# visibly applies.
set(ENV{TZ} "ABC-2")

set(id 01ARYZ6S41TSV4RRFFQ69G5FAV)
set(uuid 01563df3-6481-d676-4c61-efb99302bd5b)
set(input "${WORK_DIR}/ulid-and-uuid.txt")
file(WRITE "${input}" "${id}\n${uuid}\n")

# The lines the table names (literal text).
set(line_H "Sat Jul 30 22:36:16.385 UTC 2016")      # default format
set(line_HL "Sun Jul 31 00:36:16.385 ABC 2016")     # default format, -l
set(line_R "2016-07-30T22:36:16.385Z")              # rfc3339
set(line_RL "2016-07-31T00:36:16.385+02:00")        # rfc3339, -l
set(line_X "1469918176")                            # unix
set(line_M "1469918176385")                         # ms
set(line_ID "${id}")
set(line_LOW "01aryz6s41tsv4rrffq69g5fav")
set(line_UUID "${uuid}")
set(_json_tail "\"ms\":1469918176385,\"entropy\":\"d6764c61efb99302bd5b\",\"uuidv7\":false}")
set(line_J "{\"ulid\":\"${id}\",\"uuid\":\"${uuid}\",\"time\":\"${line_R}\",${_json_tail}")
set(line_JL "{\"ulid\":\"${id}\",\"uuid\":\"${uuid}\",\"time\":\"${line_RL}\",${_json_tail}")
set(line_JLOW "{\"ulid\":\"${line_LOW}\",\"uuid\":\"${uuid}\",\"time\":\"${line_R}\",${_json_tail}")
# Generated with -z at 1469918176385: the first and second ULID of the millisecond.
set(line_G0 "01ARYZ6S410000000000000000")
set(line_G1 "01ARYZ6S410000000000000001")
set(line_G0LOW "01aryz6s410000000000000000")
set(line_G1LOW "01aryz6s410000000000000001")
set(line_G0UUID "01563df3-6481-0000-0000-000000000000")
set(line_G1UUID "01563df3-6481-0000-0000-000000000001")
set(_gen_tail "\"time\":\"${line_R}\",\"ms\":1469918176385,\"entropy\":\"0000000000000000000")
set(line_G0J "{\"ulid\":\"${line_G0}\",\"uuid\":\"${line_G0UUID}\",${_gen_tail}0\",\"uuidv7\":false}")
set(line_G1J "{\"ulid\":\"${line_G1}\",\"uuid\":\"${line_G1UUID}\",${_gen_tail}1\",\"uuidv7\":false}")
set(line_G0JL "{\"ulid\":\"${line_G0}\",\"uuid\":\"${line_G0UUID}\",\"time\":\"${line_RL}\",\"ms\":1469918176385,\"entropy\":\"00000000000000000000\",\"uuidv7\":false}")
set(line_G0JLOW "{\"ulid\":\"${line_G0LOW}\",\"uuid\":\"${line_G0UUID}\",${_gen_tail}0\",\"uuidv7\":false}")
# Generated with -q (random entropy): regular expressions, marked by "~".
string(REPEAT "${B32}" 16 _r16)
string(REPEAT "${B32_LOWER}" 16 _r16_lower)
string(REPEAT "${HEX}" 4 _x4)
string(REPEAT "${HEX}" 12 _x12)
set(line_Q "~01ARYZ6S41${_r16}")
set(line_QLOW "~01aryz6s41${_r16_lower}")
set(line_QUUID "~01563df3-6481-${_x4}-${_x4}-${_x12}")
set(line_QJ "~\\{\"ulid\":\"01ARYZ6S41${_r16}\",\"uuid\":\"01563df3-6481-${_x4}-${_x4}-${_x12}\",\"time\":\"2016-07-30T22:36:16\\.385Z\",\"ms\":1469918176385,\"entropy\":\"${ENTROPY_HEX_RE}\",\"uuidv7\":(true|false)\\}")

# --prefix u: generated (a UUIDv7 at that millisecond) and converted.
set(line_T "u_01aryz6s41tsv4rrffq69g5fav")
set(line_TG "u_01aryz6s41e008000000000000")
string(SUBSTRING "${line_J}" 1 -1 _j_fields)
set(line_TJ "{\"typeid\":\"${line_T}\",\"prefix\":\"u\",${_j_fields}")
set(line_TG1 "u_01aryz6s41e008000000000001")
# --after the ULID at its own millisecond: a ULID just above it.
set(line_AFTER "~01ARYZ6S41TSV4RRFFQ69G5FA[W-Z]")
set(line_TGJ "{\"typeid\":\"${line_TG}\",\"prefix\":\"u\",\"ulid\":\"01ARYZ6S41E008000000000000\",\"uuid\":\"01563df3-6481-7000-8000-000000000000\",\"time\":\"${line_R}\",\"ms\":1469918176385,\"entropy\":\"70008000000000000000\",\"uuidv7\":true}")

set(P " is for generating ULIDs and cannot be combined with parsing (ULID arguments, '-' or --parse)")
set(F " is for parsing: new ULIDs are printed without their time (-v prints it, in JSON)")
set(L " applies to times, and new ULIDs are printed without one (-v prints it, in JSON)")
set(json_time "cannot be combined: JSON lines always show the time in RFC 3339")
set(uuid_time "cannot be combined: --uuid prints UUIDs, not times")
set(lower_time "cannot be combined: -f prints times, not ULIDs")
set(zone_free "cannot be combined: Unix time does not depend on the time zone")

set(table
  # Generating options alone.
  "-n 2|G0+G1|!P:-n|=|="
  "-t 1469918176385|G0|!P:-t|=|="
  "-q|Q|!P:-q|=|="
  "-z|G0|!P:-z|=|="
  # Output options alone.
  "--parse|H+ID|H|ID|A+U"
  "-f default|!F:-f default|H|H|A+U"
  "-f rfc3339|!F:-f rfc3339|R|R|A+U"
  "-f unix|!F:-f unix|X|X|A+U"
  "-f ms|!F:-f ms|M|M|A+U"
  "-f json|G0J|J|J|A+U"
  "-l|!L:-l|HL|HL|A+U"
  "-v|G0J|J|J|A+U"
  "--uuid|G0UUID|UUID|UUID|A+U"
  "--lower|G0LOW|LOW|LOW|A+U"
  # Output options in pairs (two -f: the last wins, tested in usage.cmake).
  "--parse -f default|H+H|H|H|A+U"
  "--parse -f rfc3339|R+R|R|R|A+U"
  "--parse -f unix|X+X|X|X|A+U"
  "--parse -f ms|M+M|M|M|A+U"
  "--parse -f json|J+J|J|J|A+U"
  "--parse -l|HL+HL|HL|HL|A+U"
  "--parse -v|J+J|J|J|A+U"
  "--parse --uuid|UUID+UUID|UUID|UUID|A+U"
  "--parse --lower|LOW+LOW|LOW|LOW|A+U"
  "-f default -l|!F:-f default|HL|HL|A+U"
  "-f default -v|!F:-f default|!-v and -f default ${json_time}|=|="
  "-f default --uuid|!F:-f default|!--uuid and -f default ${uuid_time}|=|="
  "-f default --lower|!F:-f default|!--lower and -f default ${lower_time}|=|="
  "-f rfc3339 -l|!F:-f rfc3339|RL|RL|A+U"
  "-f rfc3339 -v|!F:-f rfc3339|!-v and -f rfc3339 ${json_time}|=|="
  "-f rfc3339 --uuid|!F:-f rfc3339|!--uuid and -f rfc3339 ${uuid_time}|=|="
  "-f rfc3339 --lower|!F:-f rfc3339|!--lower and -f rfc3339 ${lower_time}|=|="
  "-f unix -l|!F:-f unix|!-l and -f unix ${zone_free}|=|="
  "-f unix -v|!F:-f unix|!-v and -f unix ${json_time}|=|="
  "-f unix --uuid|!F:-f unix|!--uuid and -f unix ${uuid_time}|=|="
  "-f unix --lower|!F:-f unix|!--lower and -f unix ${lower_time}|=|="
  "-f ms -l|!F:-f ms|!-l and -f ms ${zone_free}|=|="
  "-f ms -v|!F:-f ms|!-v and -f ms ${json_time}|=|="
  "-f ms --uuid|!F:-f ms|!--uuid and -f ms ${uuid_time}|=|="
  "-f ms --lower|!F:-f ms|!--lower and -f ms ${lower_time}|=|="
  "-f json -l|G0JL|JL|JL|A+U"
  "-f json -v|G0J|J|J|A+U"
  "-f json --uuid|!-f json and --uuid cannot be combined: JSON lines already hold the UUID|=|=|="
  "-f json --lower|G0JLOW|JLOW|JLOW|A+U"
  "-l -v|G0JL|JL|JL|A+U"
  "-l --uuid|!--uuid and -l ${uuid_time}|=|=|="
  "-l --lower|!L:-l|!--lower and -l cannot be combined: -l prints times, not ULIDs|=|="
  "-v --uuid|!-v and --uuid cannot be combined: JSON lines already hold the UUID|=|=|="
  "-v --lower|G0JLOW|JLOW|JLOW|A+U"
  "--uuid --lower|!--uuid and --lower cannot be combined: UUIDs are always printed in lower case|=|=|="
  # Generating options in pairs.
  "-n 2 -t 1469918176385|G0+G1|!P:-n|=|="
  "-n 2 -q|Q+Q|!P:-n|=|="
  "-n 2 -z|G0+G1|!P:-n|=|="
  "-t 1469918176385 -q|Q|!P:-t|=|="
  "-t 1469918176385 -z|G0|!P:-t|=|="
  "-q -z|!-q and -z cannot be combined: choose one entropy source|=|=|="
  # --prefix: TypeIDs generated, given IDs converted; what prints no TypeID refused.
  "--prefix u|TG|T|T|A+U"
  "--prefix u --parse|T+T|T|T|A+U"
  "--prefix u -v|TGJ|TJ|TJ|A+U"
  "--prefix u -f json|TGJ|TJ|TJ|A+U"
  "--prefix u -f rfc3339|!F:-f rfc3339|!--prefix and -f rfc3339 cannot be combined: --prefix prints TypeIDs, not times|=|="
  "--prefix u -f unix|!F:-f unix|!--prefix and -f unix cannot be combined: --prefix prints TypeIDs, not times|=|="
  "--prefix u -l|!L:-l|!--prefix and -l cannot be combined: --prefix prints TypeIDs, not times|=|="
  "--prefix u --uuid|!--prefix and --uuid cannot be combined: --uuid prints UUIDs, not TypeIDs|=|=|="
  "--prefix u --lower|!--prefix and --lower cannot be combined: TypeIDs are always lower case|=|=|="
  "--prefix u -n 2|TG+TG1|!P:-n|=|="
  # --max-clock-skew bounds --after only.
  "--max-clock-skew 1s|!--max-clock-skew bounds how far ahead --after's ID may be, and --after is not given|!P:--max-clock-skew|=|="
  "--after ${id} --max-clock-skew 1s|AFTER|!P:--after|=|="
)
# A generating option with each output option: generating applies both (or
# refuses the output option as alone); parsing refuses the generating option.
foreach(gen "-n 2|G0+G1|G0J+G1J|G0UUID+G1UUID|G0LOW+G1LOW" "-t 1469918176385|G0|G0J|G0UUID|G0LOW"
            "-q|Q|QJ|QUUID|QLOW" "-z|G0|G0J|G0UUID|G0LOW")
  string(REPLACE "|" ";" parts "${gen}")
  list(GET parts 0 g)
  list(GET parts 2 as_json)
  list(GET parts 3 as_uuid)
  list(GET parts 4 as_lower)
  string(REGEX MATCH "^-[a-z]" g_flag "${g}")
  list(APPEND table
    "${g} --parse|!P:${g_flag}|=|=|="
    "${g} -f default|!F:-f default|!P:${g_flag}|=|="
    "${g} -f rfc3339|!F:-f rfc3339|!P:${g_flag}|=|="
    "${g} -f unix|!F:-f unix|!P:${g_flag}|=|="
    "${g} -f ms|!F:-f ms|!P:${g_flag}|=|="
    "${g} -f json|${as_json}|!P:${g_flag}|=|="
    "${g} -l|!L:-l|!P:${g_flag}|=|="
    "${g} -v|${as_json}|!P:${g_flag}|=|="
    "${g} --uuid|${as_uuid}|!P:${g_flag}|=|="
    "${g} --lower|${as_lower}|!P:${g_flag}|=|=")
endforeach()

# expected_regex(<out var> <expected>): the whole-output regex for a
# successful expected result.
function(expected_regex var expected)
  string(REPLACE "+" ";" names "${expected}")
  set(regex "^")
  foreach(name IN LISTS names)
    if(NOT DEFINED line_${name})
      message(FATAL_ERROR "the table names an unknown line '${name}'")
    endif()
    set(text "${line_${name}}")
    if(text MATCHES "^~(.*)$")
      string(APPEND regex "${CMAKE_MATCH_1}\n")
    else()
      string(REGEX REPLACE "([][.*+?^$(){}|\\\\])" "\\\\\\1" text "${text}")
      string(APPEND regex "${text}\n")
    endif()
  endforeach()
  set(${var} "${regex}$" PARENT_SCOPE)
endfunction()

# check(<row options> <column> <expected>)
set(checked 0)
function(check options column expected)
  separate_arguments(args UNIX_COMMAND "${options}")
  set(run_input "")
  if(column EQUAL 0)
    if("--parse" IN_LIST args)
      set(run_input INPUT "${input}")
    else()
      list(APPEND args -t 1469918176385)
      if(NOT "-q" IN_LIST args AND NOT "-z" IN_LIST args)
        list(APPEND args -z)
      endif()
    endif()
  elseif(column EQUAL 1)
    list(APPEND args ${id})
  elseif(column EQUAL 2)
    list(APPEND args ${uuid})
  else()
    list(APPEND args -)
    set(run_input INPUT "${input}")
  endif()
  run_ulid(case ${run_input} ARGS ${args})
  if(expected MATCHES "^!(.*)$")
    set(message "${CMAKE_MATCH_1}")
    if(message MATCHES "^P:(.*)$")
      set(message "${CMAKE_MATCH_1}${P}")
    elseif(message MATCHES "^F:(.*)$")
      set(message "${CMAKE_MATCH_1}${F}")
    elseif(message MATCHES "^L:(.*)$")
      set(message "${CMAKE_MATCH_1}${L}")
    endif()
    expect_rc(case 2)
    expect_out(case "")
    expect_err(case "ulid: ${message}\nTry 'ulid --help' for more information.\n")
  else()
    expected_regex(regex "${expected}")
    expect_rc(case 0)
    expect_err(case "")
    expect_out_matches(case "${regex}")
  endif()
  math(EXPR n "${checked} + 1")
  set(checked ${n} PARENT_SCOPE)
endfunction()

foreach(row IN LISTS table)
  string(REPLACE "|" ";" cells "${row}")
  list(LENGTH cells cell_count)
  if(NOT cell_count EQUAL 5)
    message(FATAL_ERROR "bad table row (${cell_count} cells): ${row}")
  endif()
  list(GET cells 0 options)
  set(previous "")
  set(ulid_expected "")
  set(uuid_expected "")
  foreach(column 1 2 3 4)
    list(GET cells ${column} expected)
    if(expected STREQUAL "=")
      set(expected "${previous}")
    elseif(expected STREQUAL "A+U")
      if(ulid_expected MATCHES "^!")
        set(expected "${ulid_expected}")
      else()
        set(expected "${ulid_expected}+${uuid_expected}")
      endif()
    endif()
    if(column EQUAL 2)
      set(ulid_expected "${expected}")
    elseif(column EQUAL 3)
      set(uuid_expected "${expected}")
    endif()
    math(EXPR index "${column} - 1")
    check("${options}" ${index} "${expected}")
    set(previous "${expected}")
  endforeach()
endforeach()
message(STATUS "${checked} option combinations checked")
