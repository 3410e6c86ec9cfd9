# The include order is the layering: every file under include/ulid/ appears in
# HEADERS (the library's header list in the top CMakeLists.txt, lowest layer
# first), and each #include <ulid/...> of a file names a file listed before
# it. Reads the files themselves, so a new include or a new file is checked
# with no list of pairs to keep.
#
#   cmake -DROOT=<source dir> -DHEADERS=<a;b;...> [-DREVERSE=ON] -P layers.cmake
#
# REVERSE=ON checks the list backwards: tests/CMakeLists.txt expects that run
# to fail, which shows the check can fail.
cmake_minimum_required(VERSION 3.16)
foreach(var ROOT HEADERS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "layers.cmake: -D${var}=... is required")
  endif()
endforeach()
set(order ${HEADERS})
if(REVERSE)
  list(REVERSE order)
endif()

set(failures 0)
set(unique ${order})
list(REMOVE_DUPLICATES unique)
if(NOT unique STREQUAL order)
  message(SEND_ERROR "a file is listed twice in the layer order")
  math(EXPR failures "${failures} + 1")
endif()
file(GLOB_RECURSE present RELATIVE "${ROOT}" "${ROOT}/include/ulid/*.hpp")
foreach(f IN LISTS present)
  if(NOT f IN_LIST order)
    message(SEND_ERROR "${f} is not in the layer order (the header list in CMakeLists.txt)")
    math(EXPR failures "${failures} + 1")
  endif()
endforeach()

set(edges 0)
list(LENGTH order count)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  list(GET order ${i} f)
  file(STRINGS "${ROOT}/${f}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*<ulid/")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*<([^>]+)>.*" "include/\\1" target "${line}")
    list(FIND order "${target}" j)
    math(EXPR edges "${edges} + 1")
    if(j EQUAL -1)
      message(SEND_ERROR "${f} includes ${target}, which is not in the layer order")
      math(EXPR failures "${failures} + 1")
    elseif(NOT j LESS i)
      message(SEND_ERROR "${f} (layer ${i}) includes ${target} (layer ${j}): a lower file includes a higher one")
      math(EXPR failures "${failures} + 1")
    endif()
  endforeach()
endforeach()
if(edges LESS 10)
  message(FATAL_ERROR "layers.cmake: found only ${edges} includes; the pattern no longer reads the headers")
endif()
if(failures GREATER 0)
  message(FATAL_ERROR "layers.cmake: ${failures} layering error(s)")
endif()
message(STATUS "layers: ${count} files, ${edges} includes, each of a lower layer")
