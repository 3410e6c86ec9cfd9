// SPDX-License-Identifier: MIT
// ulid/detail/config.hpp: the configuration, the standard and platform
// headers, and the internal ULID_ macros every other file uses.
//
// Uses nothing. Included by each public header after the public headers it
// builds on, and undone by detail/config_undef.hpp at that header's end (so
// its guard is undefined there too and the next public header re-enters).
// Tested by every test; tests/integration/macros_exported.cmake checks that no
// internal macro leaks out of a public header.

#ifndef ULID_DETAIL_CONFIG_HPP
#define ULID_DETAIL_CONFIG_HPP

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iosfwd>
#include <limits>
#include <new>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>

#if defined(__has_include)
#if __has_include(<version>)
#include <version>
#endif
#endif

// ---------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------
//
// Settable by users before the include (README.md, "Compile-time switches"):
//   ULID_NO_SIMD               scalar codecs and ChaCha only (no SSSE3/AVX2 paths)
//   ULID_NO_VECTOR_EXTENSIONS  ChaCha's portable path without GCC/clang vector types
//   ULID_EXCEPTIONS            0 or 1; by default 1 when the compiler has exceptions on
//   ULID_NO_CYCLE_CLOCK        the generators read the system clock on every call
//   ULID_COMPILED              the cold paths come from the ulid::compiled library (src/ulid.cpp)
// Every other ULID_ macro below is internal, always 0 or 1 (or a function-like
// helper), and undefined at the end of this header.

#ifndef ULID_EXCEPTIONS
#if (defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)) && \
    (!defined(_HAS_EXCEPTIONS) || _HAS_EXCEPTIONS)
#define ULID_EXCEPTIONS 1
#else
#define ULID_EXCEPTIONS 0
#endif
#endif

#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
#define ULID_HAS_SPAN 1
#include <span>
#else
#define ULID_HAS_SPAN 0
#endif
// libc++ before 16 has <compare> and its orderings, all that operator<=>
// needs, but leaves __cpp_lib_three_way_comparison undefined (the library's
// own <=> on its containers was unfinished).
#if defined(__cpp_impl_three_way_comparison) && __cpp_impl_three_way_comparison >= 201907L &&  \
    ((defined(__cpp_lib_three_way_comparison) && __cpp_lib_three_way_comparison >= 201907L) || \
     (defined(_LIBCPP_VERSION) && _LIBCPP_VERSION >= 14000 && __cplusplus >= 202002L))
#define ULID_HAS_THREE_WAY_COMPARISON 1
#include <compare>
#else
#define ULID_HAS_THREE_WAY_COMPARISON 0
#endif
#if defined(__cpp_lib_expected) && __cpp_lib_expected >= 202202L
#define ULID_HAS_EXPECTED 1
#include <expected>
#else
#define ULID_HAS_EXPECTED 0
#endif
#if defined(__cpp_lib_format) && __cpp_lib_format >= 201907L
#define ULID_HAS_FORMAT 1
#include <format>
#else
#define ULID_HAS_FORMAT 0
#endif

// The "..."_ulid literal: evaluated at compile time where the compiler can
// promise it, so that a bad literal is a compile error.
#if defined(__cpp_consteval) && __cpp_consteval >= 201811L
#define ULID_CONSTEVAL consteval
#else
#define ULID_CONSTEVAL constexpr
#endif

// Checks that default_entropy() needs no start-up code, where the compiler can.
#if defined(__cpp_constinit) && __cpp_constinit >= 201907L
#define ULID_CONSTINIT constinit
#elif defined(__clang__)
#define ULID_CONSTINIT [[clang::require_constant_initialization]]
#else
#define ULID_CONSTINIT
#endif

#if defined(__has_builtin)
#if __has_builtin(__builtin_is_constant_evaluated)
#define ULID_HAS_IS_CONSTANT_EVALUATED 1
#endif
#endif
#if !defined(ULID_HAS_IS_CONSTANT_EVALUATED)
#if defined(_MSC_VER) && _MSC_VER >= 1925
#define ULID_HAS_IS_CONSTANT_EVALUATED 1
#else
#define ULID_HAS_IS_CONSTANT_EVALUATED 0
#endif
#endif

// Hot paths load and store whole words. The byte order is known at compile
// time on every mainstream target; elsewhere portable byte loops serve.
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ULID_LITTLE_ENDIAN 1
#elif defined(_WIN32)
#define ULID_LITTLE_ENDIAN 1  // every Windows target is little-endian
#else
#define ULID_LITTLE_ENDIAN 0
#endif

// SIMD codecs on x86-64 (SSSE3 encode and UUID text both ways, AVX2 parse,
// AVX2 ChaCha), chosen at run time; a portable scalar path serves everywhere
// else and is tested beside them. GCC and clang write them with vector types
// and the compiler's x86 builtins: <immintrin.h> is some 40 000 lines that
// every translation unit would parse. MSVC has only the intrinsics, which
// GCC and clang take too under ULID_TEST_X86_INTRINSICS (a test-only switch).
// ULID_TEST_CLOCK_STEP (test-only too) compiles in detail::clock_step_for_testing,
// a simulated step of the real-time clock that every generator clock adds.
#if !defined(ULID_NO_SIMD) && (defined(__x86_64__) || defined(_M_X64)) && \
    (defined(__GNUC__) || defined(__clang__) || defined(_MSC_VER))
#define ULID_X86_SIMD 1
#if (!defined(__GNUC__) && !defined(__clang__)) || defined(ULID_TEST_X86_INTRINSICS)
#define ULID_X86_INTRINSICS 1
#include <immintrin.h>
#else
#define ULID_X86_INTRINSICS 0
#endif
#else
#define ULID_X86_SIMD 0
#define ULID_X86_INTRINSICS 0
#endif
// The generators' cycle-counter clock (Part 2, "Time"): Linux on x86-64 and
// AArch64 with GCC or clang; elsewhere they read the system clock.
#if !defined(ULID_NO_CYCLE_CLOCK) && defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__)) && \
    (defined(__GNUC__) || defined(__clang__))
#define ULID_CYCLE_CLOCK 1
#else
#define ULID_CYCLE_CLOCK 0
#endif
#if (defined(__GNUC__) || defined(__clang__)) && !defined(ULID_NO_VECTOR_EXTENSIONS)
#define ULID_HAS_VECTOR_EXTENSIONS 1
#else
#define ULID_HAS_VECTOR_EXTENSIONS 0
#endif

// Operating-system entropy, fork detection and the lock's sleep.
#if defined(_WIN32)
extern "C" long __stdcall BCryptGenRandom(void* algorithm, unsigned char* buffer, unsigned long size,
                                          unsigned long flags);
#if defined(_MSC_VER)
#include <intrin.h>
#pragma comment(lib, "bcrypt")
#endif
#define ULID_HAS_GETRANDOM 0
#define ULID_HAS_ARC4RANDOM 0
#else
#include <cerrno>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>  // NOLINT(modernize-deprecated-headers): POSIX sigaction and sigset_t, not in <csignal>
#include <sys/mman.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>  // NOLINT(modernize-deprecated-headers): POSIX clock_gettime, not in <ctime>
#endif
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__) || defined(__DragonFly__)
#define ULID_HAS_ARC4RANDOM 1
#else
#define ULID_HAS_ARC4RANDOM 0
#endif
#if !ULID_HAS_ARC4RANDOM && defined(__linux__) && defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define ULID_HAS_GETRANDOM 1
#endif
#endif
#if !defined(ULID_HAS_GETRANDOM)
#define ULID_HAS_GETRANDOM 0
#endif
#endif
#if !(defined(__linux__) && defined(SYS_futex))
#include <thread>  // the lock's sleep where there is no futex
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ULID_FORCE_INLINE inline __attribute__((always_inline))
#define ULID_NOINLINE __attribute__((noinline))
#define ULID_COLD __attribute__((cold))
#define ULID_LIKELY(x) __builtin_expect(!!(x), 1)
#define ULID_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define ULID_TARGET(features) __attribute__((target(features)))
#elif defined(_MSC_VER)
#define ULID_FORCE_INLINE __forceinline
#define ULID_NOINLINE __declspec(noinline)
#define ULID_COLD
#define ULID_LIKELY(x) (x)
#define ULID_UNLIKELY(x) (x)
#define ULID_TARGET(features)
#else
#define ULID_FORCE_INLINE inline
#define ULID_NOINLINE
#define ULID_COLD
#define ULID_LIKELY(x) (x)
#define ULID_UNLIKELY(x) (x)
#define ULID_TARGET(features)
#endif
// Compiled mode (README, "Compiled mode"): under ULID_COMPILED the cold
// paths (the functions marked ULID_COLD_INLINE, and make()'s slow path for
// both layouts, instantiated by explicit instantiation) are declarations
// here, defined once in src/ulid.cpp, which defines ULID_COMPILED_SOURCE.
// The process-wide state stays in inline variables in every mode, so that
// translation units of both modes in one program share one generator.
#if defined(ULID_COMPILED) && !defined(ULID_COMPILED_SOURCE)
#define ULID_COMPILED_DECL 1
#else
#define ULID_COMPILED_DECL 0
#endif
#if defined(ULID_COMPILED_SOURCE)
#define ULID_COLD_INLINE
#else
#define ULID_COLD_INLINE inline
#endif

// The x86 vector wrappers' attributes (detail/byte_order.hpp); ChaCha's AVX2
// kernel uses them too.
#define ULID_SSSE3_OP ULID_TARGET("ssse3") ULID_FORCE_INLINE
#define ULID_AVX2_OP ULID_TARGET("avx2") ULID_FORCE_INLINE

#endif  // ULID_DETAIL_CONFIG_HPP
