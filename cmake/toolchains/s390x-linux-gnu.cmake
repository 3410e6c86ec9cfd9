# IBM Z, 64-bit big-endian: the header's ULID_LITTLE_ENDIAN == 0 paths.
# Debian: apt-get install g++-s390x-linux-gnu qemu-user
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(ULID_CROSS_TRIPLE s390x-linux-gnu)
set(ULID_CROSS_QEMU qemu-s390x)
include("${CMAKE_CURRENT_LIST_DIR}/linux-qemu.cmake")
