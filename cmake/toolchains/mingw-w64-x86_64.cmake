# 64-bit Windows with MinGW-w64 (POSIX thread model, for std::thread and
# std::mutex), run under Wine: the BCryptGenRandom entropy source and the
# _WIN32 paths. Debian: apt-get install g++-mingw-w64-x86-64-posix wine64
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR AMD64)

find_program(_ulid_cross_cxx x86_64-w64-mingw32-g++-posix NO_CACHE)
# Debian's wine64 package installs the loader here, not on PATH (the `wine`
# package adds the wrapper in /usr/bin).
find_program(_ulid_cross_wine wine64 PATHS /usr/lib/wine NO_CACHE)
if(NOT _ulid_cross_cxx)
  message(FATAL_ERROR "ulid: x86_64-w64-mingw32-g++-posix not found "
                      "(Debian/Ubuntu: apt-get install g++-mingw-w64-x86-64-posix)")
endif()
if(NOT _ulid_cross_wine)
  message(FATAL_ERROR "ulid: wine64 not found (Debian/Ubuntu: apt-get install wine64)")
endif()
set(CMAKE_CXX_COMPILER "${_ulid_cross_cxx}")

set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# libgcc, libstdc++ and winpthread inside every .exe, so Wine needs no DLL
# from the MinGW installation.
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)

# Each test runs through wine-run.sh with a Wine prefix of this build's own
# (created on first use), so nothing is shared with the user's ~/.wine.
set(CMAKE_CROSSCOMPILING_EMULATOR "${CMAKE_CURRENT_LIST_DIR}/wine-run.sh" "${_ulid_cross_wine}"
                                  "${CMAKE_BINARY_DIR}/wineprefix")
