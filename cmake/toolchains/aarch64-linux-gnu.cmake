# 64-bit Arm, little-endian: the AArch64 spin hint and the codecs without x86 SIMD.
# Debian: apt-get install g++-aarch64-linux-gnu qemu-user
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(ULID_CROSS_TRIPLE aarch64-linux-gnu)
set(ULID_CROSS_QEMU qemu-aarch64)
include("${CMAKE_CURRENT_LIST_DIR}/linux-qemu.cmake")
