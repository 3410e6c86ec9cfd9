# Shared by the Linux cross toolchains: included with ULID_CROSS_TRIPLE (the
# Debian triple, e.g. s390x-linux-gnu) and ULID_CROSS_QEMU (the qemu-user
# program for that CPU) set. Debian's cross compilers find their own C
# library, and qemu-user runs the programs with the cross sysroot, so
# nothing is linked statically.
set(CMAKE_SYSTEM_NAME Linux)

find_program(_ulid_cross_cxx ${ULID_CROSS_TRIPLE}-g++ NO_CACHE)
find_program(_ulid_cross_qemu ${ULID_CROSS_QEMU} NO_CACHE)
if(NOT _ulid_cross_cxx)
  message(FATAL_ERROR "ulid: ${ULID_CROSS_TRIPLE}-g++ not found (Debian/Ubuntu: apt-get install g++-${ULID_CROSS_TRIPLE})")
endif()
if(NOT _ulid_cross_qemu)
  message(FATAL_ERROR "ulid: ${ULID_CROSS_QEMU} not found (Debian/Ubuntu: apt-get install qemu-user)")
endif()
set(CMAKE_CXX_COMPILER "${_ulid_cross_cxx}")

# Libraries and headers of the target only; programs (ninja, cmake) of the
# build machine. Catch2 comes from catch2/Catch2Config.cmake beside this
# file, which the presets name with Catch2_DIR.
set(CMAKE_FIND_ROOT_PATH /usr/${ULID_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# ctest runs every test program through qemu-user; -L makes it load the
# target's dynamic linker and libraries from the cross sysroot.
set(CMAKE_CROSSCOMPILING_EMULATOR "${_ulid_cross_qemu}" -L /usr/${ULID_CROSS_TRIPLE})
