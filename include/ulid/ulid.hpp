// SPDX-License-Identifier: MIT
// ulid/ulid.hpp: Universally Unique Lexicographically Sortable Identifiers.
//
// One header, C++17. A ULID is a 48-bit big-endian Unix-millisecond timestamp
// followed by 80 bits of entropy, written as 26 characters of Crockford
// base32. Behaviour follows oklog/ulid v2 (Go), without its known defects;
// README.md lists the differences.
//
// Synopsis (namespace ulid; nothing here allocates or throws unless it says so)
//
//   Constants and errors
//     encoded_size = 26, binary_size = 16, entropy_size = 10, uuid_size = 36,
//     max_time = 2^48 - 1, alphabet; byte_array, entropy_array
//     enum class errc; error_message(errc); ulid_category(); make_error_code(errc); errc_of(ec)
//     class error : std::system_error                 thrown by the must_ helpers only
//   Text held by value
//     fixed_text<N>; ulid_text = fixed_text<26>; uuid_text = fixed_text<36>
//   The value type
//     class ulid: nil(), max(), from_bytes, from_high_low, bytes(), time(), timestamp(),
//       entropy(), set_time, set_entropy, is_nil(), compare, ==, <, <=>, encode() -> ulid_text,
//       encode(char*), encode_lower(), encode_uuid(), to_string() (allocates), to_uuid_string(),
//       uuid_version(), is_uuidv7(); to_uuidv7(id)
//   Codecs
//     parse(text, out), parse_uuid(text, out), parse_any(text, out[, form]) -> std::error_code
//     must_parse(text) (throws); explain(text[, out, size][, text_form]) says why
//       (without a form, as the form the input most likely meant); explain_length(),
//       shown_char(c), canonical_uuid_spelling(text): its pieces, for callers' own messages
//     "01ARZ3NDEKTSV4RRFFQ69G5FAV"_ulid in ulid::literals (C++20: a bad literal does not compile)
//   Time
//     now() -> Unix ms; time(ms) -> time_point; timestamp(time_point) -> ms;
//     rfc3339(ms or id) -> "2016-07-30T22:36:16.385Z"
//     min_at(ms or time_point), max_at(...)   a millisecond's smallest and largest ULID
//   Entropy sources (anything with read(), or a UniformRandomBitGenerator)
//     zero_entropy, os_entropy, secure_entropy (ChaCha8, reseeding, fork-safe)
//   Monotonic generation
//     monotonic_entropy<Source, Layout = ulid_layout>, locked_monotonic_entropy<Monotonic>,
//     batch_result; layouts ulid_layout and uuidv7_layout (policies: clock, ID, seed)
//     next_above(last, ms, fresh, step, out) -> errc  monotonic_entropy's step on a caller's state
//     place_above(x, fresh, out) -> errc             observe()'s placement, likewise
//     default_entropy<Layout = ulid_layout>() (process-wide, locked: make()'s or
//       make_v7()'s), thread_local_entropy<Layout = ulid_layout>()
//   Causal order (docs/design.md, Causal order)
//     observe(id) -> observe_result  every later make()/make_v7() (and batch) is greater than id
//     observe_thread_local(id)       the same for the calling thread's thread-local generators
//     max_clock_skew(), set_max_clock_skew(ms)  how far ahead of the clock an observed ID may be
//   Making ULIDs
//     make()                   now, process-wide strictly increasing, thread-safe
//     make_thread_local()      now, increasing within the thread, no lock
//     make_batch(out, n)       n of make()'s sequence at once
//     make_v7(), make_v7_thread_local(), make_v7_batch(out, n)
//                              the same, each ID also an RFC 9562 UUIDv7
//     generate(ms, source, out) -> std::error_code, and must_generate
//     must_make(ms or time_point), must_make_v7(...)
//                              a given time, increasing per time, apart from make()
//   TypeIDs (the same 128 bits as "user_01h455vb4pex5vsknk084sn02q")
//     typed_id<Tag>: prefix in the type; make(), encode(), parse(text, out)
//     type_id: prefix at run time; parse_type_id, make_type_id, explain_type_id
//   Integrations
//     operator<< and >>, std::hash (keyed SipHash-1-3) and hash_value (Boost),
//     std::format and {fmt} (<ulid/fmt.hpp>), "{:l}" lower case and "{:u}" the UUID form;
//     std::expected forms of parse (C++23);
//     opt-in headers <ulid/json.hpp>, msgpack.hpp, cereal.hpp, qt.hpp, pqxx.hpp, soci.hpp;
//     <ulid/facade.hpp> (private IDs: a UUIDv4 facade for UUIDv7 keys)
//
// The file reads in three parts: configuration (below); part 1, the public
// API section by section, each entity with its guarantees; part 2, the
// implementation with all platform, SIMD, ChaCha, fork and lock plumbing,
// one section a mechanism (a map at its top).
// Internal macros are undefined at the end.

#ifndef ULID_ULID_HPP
#define ULID_ULID_HPP

#define ULID_VERSION_MAJOR 0
#define ULID_VERSION_MINOR 2
#define ULID_VERSION_PATCH 0
/// The version as one number: MAJOR * 10000 + MINOR * 100 + PATCH.
#define ULID_VERSION (ULID_VERSION_MAJOR * 10000 + ULID_VERSION_MINOR * 100 + ULID_VERSION_PATCH)

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

namespace ulid {

// ===========================================================================
// Part 1: the public API
// ===========================================================================

// ---------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------

/// Length of the text form: 26 characters.
inline constexpr std::size_t encoded_size = 26;
/// Length of the binary form: 16 bytes.
inline constexpr std::size_t binary_size = 16;
/// Length of the entropy part: 10 bytes (80 bits).
inline constexpr std::size_t entropy_size = 10;
/// Length of the RFC 9562 UUID text form, 8-4-4-4-12 hex digits: 36.
inline constexpr std::size_t uuid_size = 36;
/// The 16 bytes of a ULID, in order.
using byte_array = std::array<std::uint8_t, binary_size>;
/// The 10 bytes of a ULID's entropy, in order.
using entropy_array = std::array<std::uint8_t, entropy_size>;
/// Largest representable timestamp, 2^48 - 1 ms (year 10889).
inline constexpr std::uint64_t max_time = (std::uint64_t{1} << 48U) - 1U;
/// Crockford's base32 alphabet, in value order; text is written upper case.
inline constexpr std::string_view alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/// Every error the library reports. Values start at 1 so that a zero
/// std::error_code always means success.
enum class errc {
    data_size = 1,       ///< input of the wrong length (text, bytes or entropy)
    invalid_characters,  ///< a character outside the base32 alphabet
    buffer_size,         ///< an output buffer too small
    big_time,            ///< a timestamp above max_time
    overflow,            ///< text whose first character is above '7' (more than 128 bits)
    monotonic_overflow,  ///< the entropy cannot grow any further within this millisecond
    entropy_failure,     ///< the entropy source failed or yields no usable randomness
    invalid_prefix,      ///< a TypeID prefix that breaks the specification's rules
    wrong_prefix,        ///< a valid TypeID whose prefix is not the one expected
    clock_skew,          ///< an observed ID further ahead of the local clock than max_clock_skew()
    wrong_version,       ///< an ID of another UUID version or variant than the call takes (<ulid/facade.hpp>)
};

/// The English text of an error, as std::error_code::message() gives it,
/// without allocating: for C interfaces and messages built in fixed buffers.
[[nodiscard]] constexpr const char* error_message(errc e) noexcept;

/// The error category of errc; one object per program.
[[nodiscard]] inline const std::error_category& ulid_category() noexcept;

/// The errc behind `ec`: its own value for a code of ulid_category(),
/// errc::entropy_failure for any other failure (a source's own error, as
/// generate() reports it), errc{} for no error.
[[nodiscard]] inline errc errc_of(std::error_code ec) noexcept;

/// Makes errc usable as a std::error_code (found by argument-dependent lookup).
[[nodiscard]] inline std::error_code make_error_code(errc e) noexcept;

/// Thrown by the must_ helpers only; carries the errc.
class error : public std::system_error {
public:
    explicit error(errc e) : std::system_error(make_error_code(e)) {}
    explicit error(std::error_code ec) : std::system_error(ec) {}
    /// `ec` with a sentence saying exactly why (must_parse() passes
    /// explain()'s): what() begins with it.
    error(std::error_code ec, const std::string& why) : std::system_error(ec, why) {}
};

}  // namespace ulid

template <>
struct std::is_error_code_enum<ulid::errc> : std::true_type {};

namespace ulid {

// ---------------------------------------------------------------------------
// Text held by value
// ---------------------------------------------------------------------------

/// At most Capacity characters held by value and always NUL-terminated:
/// what the allocation-free text functions return (ulid::ulid_text from
/// encode(), rfc3339()). Converts to std::string_view, compares with
/// strings, and streams and formats as its characters only, so it cannot be
/// printed past its end. Never allocates except str().
template <std::size_t Capacity>
class fixed_text {
public:
    /// The empty text.
    constexpr fixed_text() noexcept = default;
    /// The first Capacity characters of `s` (all of them when they fit).
    constexpr explicit fixed_text(std::string_view s) noexcept : size_(s.size() < Capacity ? s.size() : Capacity) {
        for (std::size_t i = 0; i < size_; ++i) chars_[i] = s[i];
    }

    [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
    [[nodiscard]] constexpr std::size_t length() const noexcept { return size_; }
    [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] static constexpr std::size_t capacity() noexcept { return Capacity; }
    /// The characters, followed by a NUL.
    [[nodiscard]] constexpr const char* data() const noexcept { return chars_.data(); }
    /// The characters, followed by a NUL.
    [[nodiscard]] constexpr const char* c_str() const noexcept { return chars_.data(); }
    [[nodiscard]] constexpr const char* begin() const noexcept { return chars_.data(); }
    [[nodiscard]] constexpr const char* end() const noexcept { return chars_.data() + size_; }
    [[nodiscard]] constexpr char operator[](std::size_t i) const noexcept { return chars_[i]; }
    [[nodiscard]] constexpr std::string_view view() const noexcept { return {chars_.data(), size_}; }
    // NOLINTNEXTLINE(google-explicit-constructor): a text is usable wherever a string_view is
    constexpr operator std::string_view() const noexcept { return view(); }
    /// A std::string copy; may throw std::bad_alloc.
    [[nodiscard]] std::string str() const { return std::string(view()); }

    [[nodiscard]] friend constexpr bool operator==(const fixed_text& a, const fixed_text& b) noexcept {
        return a.view() == b.view();
    }
    [[nodiscard]] friend constexpr bool operator==(const fixed_text& a, std::string_view b) noexcept {
        return a.view() == b;
    }
#if !ULID_HAS_THREE_WAY_COMPARISON
    [[nodiscard]] friend constexpr bool operator==(std::string_view a, const fixed_text& b) noexcept {
        return a == b.view();
    }
    [[nodiscard]] friend constexpr bool operator!=(const fixed_text& a, const fixed_text& b) noexcept {
        return !(a == b);
    }
    [[nodiscard]] friend constexpr bool operator!=(const fixed_text& a, std::string_view b) noexcept {
        return !(a == b);
    }
    [[nodiscard]] friend constexpr bool operator!=(std::string_view a, const fixed_text& b) noexcept {
        return !(a == b);
    }
#endif

    /// Writes the characters; honours the stream's width and fill.
    template <class Traits>
    friend std::basic_ostream<char, Traits>& operator<<(std::basic_ostream<char, Traits>& os, const fixed_text& t) {
        return os << t.view();
    }

private:
    std::array<char, Capacity + 1> chars_{};
    std::size_t size_ = 0;
};

/// The 26-character text of a ULID, held by value (see fixed_text).
using ulid_text = fixed_text<encoded_size>;
/// The 36-character UUID text of a ULID, held by value (see fixed_text).
using uuid_text = fixed_text<uuid_size>;

// ---------------------------------------------------------------------------
// The value type
// ---------------------------------------------------------------------------

/// A ULID: 16 bytes, big-endian timestamp in bytes 0-5, entropy in 6-15.
/// Trivially copyable, standard layout, default-constructed to zero. Byte
/// order, text order and time order agree. No member allocates except
/// to_string() and to_uuid_string(); none throws.
class ulid {
public:
    /// The zero ULID (time 0, zero entropy), text "00000000000000000000000000".
    constexpr ulid() noexcept = default;

    /// The nil ULID, all bits zero (as ulid{}): the smallest value.
    [[nodiscard]] static constexpr ulid nil() noexcept { return ulid{}; }

    /// The max ULID, all bits one, text "7ZZZZZZZZZZZZZZZZZZZZZZZZZ": the largest
    /// value. The parentheses keep a function-like max macro (<windows.h>
    /// without NOMINMAX) from expanding here.
    [[nodiscard]] static constexpr ulid(max)() noexcept { return from_high_low(~std::uint64_t{0}, ~std::uint64_t{0}); }

    /// A ULID holding exactly these 16 bytes; every byte pattern is valid.
    [[nodiscard]] static constexpr ulid from_bytes(const byte_array& bytes) noexcept {
        ulid id;
        id.bytes_ = bytes;
        return id;
    }

    /// Copies `size` bytes from `data` into `out`. `size` other than 16 gives
    /// errc::data_size and leaves `out` unchanged.
    [[nodiscard]] static std::error_code from_bytes(const std::uint8_t* data, std::size_t size, ulid& out) noexcept;

#if ULID_HAS_SPAN
    /// As from_bytes(data, size, out), from a span.
    [[nodiscard]] static std::error_code from_bytes(std::span<const std::uint8_t> bytes, ulid& out) noexcept {
        return from_bytes(bytes.data(), bytes.size(), out);
    }
#endif

    /// The ULID whose high() is `high` and low() is `low`: bytes 0-7 and 8-15
    /// as big-endian numbers.
    [[nodiscard]] static constexpr ulid from_high_low(std::uint64_t high, std::uint64_t low) noexcept;

    /// The 16 bytes, big-endian.
    [[nodiscard]] constexpr const byte_array& bytes() const noexcept { return bytes_; }

    /// Copies the 16 bytes to `out`; `size` below 16 gives errc::buffer_size
    /// and writes nothing.
    [[nodiscard]] std::error_code to_bytes(std::uint8_t* out, std::size_t size) const noexcept;

    /// The timestamp in Unix milliseconds (0 to max_time).
    [[nodiscard]] constexpr std::uint64_t time() const noexcept;

    /// Sets the timestamp. `ms` above max_time gives errc::big_time and leaves
    /// the ULID unchanged.
    [[nodiscard]] std::error_code set_time(std::uint64_t ms) noexcept;

    /// The timestamp as a system_clock time point, saturated to
    /// time_point::max() where the clock cannot represent it.
    [[nodiscard]] std::chrono::system_clock::time_point timestamp() const noexcept;

    /// The 80 bits of entropy (bytes 6-15), copied out.
    [[nodiscard]] constexpr entropy_array entropy() const noexcept {
        entropy_array e{};
        for (std::size_t i = 0; i < entropy_size; ++i) e[i] = bytes_[6 + i];
        return e;
    }

    /// Sets the entropy bytes; cannot fail.
    constexpr void set_entropy(const entropy_array& e) noexcept {
        for (std::size_t i = 0; i < entropy_size; ++i) bytes_[6 + i] = e[i];
    }

    /// Sets the entropy from `size` bytes; `size` other than 10 gives
    /// errc::data_size and leaves the ULID unchanged.
    [[nodiscard]] std::error_code set_entropy(const std::uint8_t* data, std::size_t size) noexcept;

#if ULID_HAS_SPAN
    /// As set_entropy(data, size), from a span.
    [[nodiscard]] std::error_code set_entropy(std::span<const std::uint8_t> e) noexcept {
        return set_entropy(e.data(), e.size());
    }
#endif

    /// True for nil(), the all-zero ULID.
    [[nodiscard]] constexpr bool is_nil() const noexcept { return high() == 0 && low() == 0; }
    /// The same test as is_nil(), under oklog/ulid's name (`IsZero`); kept for
    /// one release.
    [[nodiscard, deprecated("use is_nil(): the same test, named like nil()")]] constexpr bool is_zero() const noexcept {
        return is_nil();
    }

    /// -1, 0 or 1 as this ULID sorts before, equal to or after `other`.
    [[nodiscard]] constexpr int compare(const ulid& other) const noexcept {
        const std::uint64_t a = high();
        const std::uint64_t b = other.high();
        if (a != b) return a < b ? -1 : 1;
        const std::uint64_t c = low();
        const std::uint64_t d = other.low();
        if (c != d) return c < d ? -1 : 1;
        return 0;
    }

    /// Writes exactly 26 upper-case characters (no terminator) and returns
    /// out + 26. `out` must have room for 26 characters.
    constexpr char* encode(char* out) const noexcept;

    /// Writes the 26 characters into `out`; `size` below 26 gives
    /// errc::buffer_size and writes nothing.
    [[nodiscard]] std::error_code encode(char* out, std::size_t size) const noexcept;

    /// As encode(out), in lower case ("01arz3ndektsv4rrffq69g5fav"), for
    /// systems that want it; parse() reads both cases. Returns out + 26.
    constexpr char* encode_lower(char* out) const noexcept;

    /// The 26 lower-case characters held by value (ulid_text). Never allocates.
    [[nodiscard]] constexpr ulid_text encode_lower() const noexcept {
        std::array<char, encoded_size> chars{};
        encode_lower(chars.data());
        return ulid_text(std::string_view(chars.data(), chars.size()));
    }

    /// The 26 characters, held by value and NUL-terminated (ulid_text:
    /// converts to std::string_view, streams and formats as the 26
    /// characters). Never allocates.
    [[nodiscard]] constexpr ulid_text encode() const noexcept {
        std::array<char, encoded_size> chars{};
        encode(chars.data());
        return ulid_text(std::string_view(chars.data(), chars.size()));
    }

    /// The text form as a std::string; the only allocating codec call
    /// besides to_uuid_string(). May throw std::bad_alloc.
    [[nodiscard]] std::string to_string() const {
        std::string text(encoded_size, '0');
        encode(text.data());
        return text;
    }

    /// Writes the RFC 9562 form, 8-4-4-4-12 lower-case hex digits (36
    /// characters, no terminator), and returns out + 36.
    constexpr char* encode_uuid(char* out) const noexcept;

    /// The RFC 9562 form held by value and NUL-terminated (ulid::uuid_text).
    [[nodiscard]] constexpr uuid_text encode_uuid() const noexcept {
        std::array<char, uuid_size> chars{};
        encode_uuid(chars.data());
        return uuid_text(std::string_view(chars.data(), chars.size()));
    }

    /// The RFC 9562 form as a std::string, e.g.
    /// "01563df3-6481-0000-0000-000000000000". May throw std::bad_alloc.
    [[nodiscard]] std::string to_uuid_string() const {
        std::string text(uuid_size, '0');
        encode_uuid(text.data());
        return text;
    }

    /// The UUID version nibble (bits 48-51), 0 to 15: 7 for make_v7()'s IDs;
    /// anything for a classic ULID, whose bits there are random.
    [[nodiscard]] constexpr unsigned uuid_version() const noexcept {
        return static_cast<unsigned>(high() >> 12U) & 0xFU;
    }

    /// True when the 128 bits are an RFC 9562 UUIDv7: version 7 and the
    /// variant bits 10.
    [[nodiscard]] constexpr bool is_uuidv7() const noexcept { return uuid_version() == 7 && low() >> 62U == 2; }

    [[nodiscard]] friend constexpr bool operator==(const ulid& a, const ulid& b) noexcept {
        return a.high() == b.high() && a.low() == b.low();
    }
#if ULID_HAS_THREE_WAY_COMPARISON
    [[nodiscard]] friend constexpr std::strong_ordering operator<=>(const ulid& a, const ulid& b) noexcept {
        return a.compare(b) <=> 0;
    }
#else
    [[nodiscard]] friend constexpr bool operator!=(const ulid& a, const ulid& b) noexcept { return !(a == b); }
    [[nodiscard]] friend constexpr bool operator<(const ulid& a, const ulid& b) noexcept { return a.compare(b) < 0; }
    [[nodiscard]] friend constexpr bool operator<=(const ulid& a, const ulid& b) noexcept { return a.compare(b) <= 0; }
    [[nodiscard]] friend constexpr bool operator>(const ulid& a, const ulid& b) noexcept { return a.compare(b) > 0; }
    [[nodiscard]] friend constexpr bool operator>=(const ulid& a, const ulid& b) noexcept { return a.compare(b) >= 0; }
#endif

    /// Bytes 0-7 as a big-endian number: comparing (high, low) pairs is
    /// comparing ULIDs.
    [[nodiscard]] constexpr std::uint64_t high() const noexcept;
    /// Bytes 8-15 as a big-endian number.
    [[nodiscard]] constexpr std::uint64_t low() const noexcept;

private:
    byte_array bytes_{};
};

/// The RFC 9562 UUIDv7 nearest to `id`: version 7 and variant 10 set, the
/// time and the other 122 bits kept. Lossy for a classic ULID (its 6 bits
/// there are overwritten, so two ULIDs may map to one UUIDv7); encode_uuid()
/// stays the lossless byte-for-byte form. Identity on a UUIDv7.
[[nodiscard]] constexpr ulid to_uuidv7(const ulid& id) noexcept;

static_assert(sizeof(ulid) == binary_size);
static_assert(std::is_trivially_copyable_v<ulid>);
static_assert(std::is_standard_layout_v<ulid>);

// ---------------------------------------------------------------------------
// Text and binary codecs
// ---------------------------------------------------------------------------

/// Parses the 26-character text form, either case, always validating.
/// Errors, checked in this order: length other than 26 -> errc::data_size;
/// a character outside the alphabet -> errc::invalid_characters; first
/// character above '7' -> errc::overflow. On error `out` is unchanged.
/// Never allocates.
[[nodiscard]] inline std::error_code parse(std::string_view text, ulid& out) noexcept;

/// As parse(), but returns the ULID and throws ulid::error on failure, whose
/// what() begins with explain()'s sentence (which character, where, or the
/// length found); code() is parse()'s error. Aborts with that sentence when
/// exceptions are disabled.
[[nodiscard]] inline ulid must_parse(std::string_view text);

/// Parses a UUID, either case, in the spellings PostgreSQL's uuid_in accepts
/// (one definition for the library, the tool and both extensions): the RFC
/// 9562 form "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" (the fast path), and 32
/// hexadecimal digits optionally in braces with at most one '-' after any
/// group of four ("{01563df3...}", "01563df36481d6764c61efb99302bd5b").
/// Length outside 32 to 41 -> errc::data_size; anything else out of place ->
/// errc::invalid_characters. On error `out` is unchanged. Never allocates.
[[nodiscard]] inline std::error_code parse_uuid(std::string_view text, ulid& out) noexcept;

/// Either form in one strict call: 26 characters parse as a ULID (as
/// parse()), anything else as a UUID (as parse_uuid(), so a length other
/// than 26 or 32 to 41 gives errc::data_size). On error `out` is unchanged.
/// Never allocates.
[[nodiscard]] inline std::error_code parse_any(std::string_view text, ulid& out) noexcept;

namespace literals {

/// "01ARZ3NDEKTSV4RRFFQ69G5FAV"_ulid: the ULID of a 26-character literal,
/// either case, read as parse() reads it (after `using namespace
/// ulid::literals;`). With C++20 it is consteval: a literal that does not
/// parse is a compile error naming invalid_ulid_literal. With C++17 it is
/// constexpr: a compile error where the literal initialises a constexpr
/// variable (or is otherwise a constant expression); elsewhere it throws
/// ulid::error with parse()'s errc, as must_parse() does.
[[nodiscard]] ULID_CONSTEVAL ulid operator""_ulid(const char* text, std::size_t size);

}  // namespace literals

/// The text forms of an ID, the one enum for them all: what explain()
/// checks an input against, what parse_any() read, what the formatters
/// write ("{:u}" is uuid; "{}" and "{:l}" are ulid, in upper or lower case).
enum class text_form {
    ulid,     ///< 26 Crockford base32 characters, as parse()
    uuid,     ///< a UUID in any spelling parse_uuid() reads
    any,      ///< either, as parse_any()
    type_id,  ///< a TypeID with any prefix, as parse_type_id() (see "TypeIDs")
};

/// Why `input` does not parse as `form`, in English, for people: the length
/// found and expected, or the first offending character (shown visibly,
/// escaped if it is invisible or not ASCII) and its 1-based position, or
/// the overflow. Writes like snprintf: at most size - 1 characters and a
/// NUL into `out`, returning the full length; 0 (and an empty string) when
/// `input` parses. Never allocates or throws; errors stay std::error_code
/// from parse(), this only explains them.
[[nodiscard]] inline std::size_t explain(std::string_view input, char* out, std::size_t size, text_form form) noexcept;

/// explain() as a std::string (empty when `input` parses); may throw
/// std::bad_alloc.
[[nodiscard]] inline std::string explain(std::string_view input, text_form form);

/// explain() against the form `input` was most likely meant as, so that the
/// reason names the mistake rather than the length: 26 characters are a
/// ULID; otherwise a '_' means a TypeID; "urn:uuid:", a '-' or '{', or 31
/// characters or more, a UUID; anything else a ULID ("got 27 characters,
/// expected 26").
/// Empty exactly when `input` parses as that form. Never allocates or throws.
[[nodiscard]] inline std::size_t explain(std::string_view input, char* out, std::size_t size) noexcept;

/// explain(input, out, size) as a std::string; may throw std::bad_alloc.
[[nodiscard]] inline std::string explain(std::string_view input);

/// parse_any() that also says which form it read `text` as, so that callers
/// need not repeat its rule: text_form::ulid for 26 characters, else
/// text_form::uuid. `form` is set on success and on error alike (on error it
/// is the form whose rules `text` broke: explain(text, form) says how); `out`
/// is unchanged on error. Never allocates.
[[nodiscard]] inline std::error_code parse_any(std::string_view text, ulid& out, text_form& form) noexcept;

/// explain()'s words for an input known only by its length (a line too long
/// to hold, say): "got 27 characters, expected 26 (ULID) or 32 to 41 (UUID:
/// 36 with dashes, 32 without, 38 in braces)" for text_form::any. Writes
/// like explain(): at most size - 1 characters and a NUL, returning the full
/// length. Never allocates or throws.
[[nodiscard]] inline std::size_t explain_length(std::size_t length, text_form form, char* out,
                                                std::size_t size) noexcept;

/// One character as explain() shows it between its quotes, visible whatever
/// it is: printable ASCII as itself; quote, backslash, NUL, tab, LF and CR
/// as \' \\ \0 \t \n \r; any other byte as \xNN (lower-case hex). Never
/// allocates or throws.
[[nodiscard]] constexpr fixed_text<4> shown_char(char c) noexcept;

/// The canonical 8-4-4-4-12 spelling of `text` when it is laid out as one of
/// the UUID spellings parse_uuid() reads (braces, dashes after groups of
/// four), its characters kept as they are; empty otherwise. Only the layout
/// is checked, not the digits: explain(result, text_form::uuid) then names a
/// bad digit by its position in the canonical spelling. Never allocates.
[[nodiscard]] constexpr uuid_text canonical_uuid_spelling(std::string_view text) noexcept;

// ---------------------------------------------------------------------------
// Time
// ---------------------------------------------------------------------------

/// Converts a time point to Unix milliseconds, rounding down. Times before
/// 1970 give 0. The result can exceed max_time (after the year 10889), which
/// generate() and set_time() then reject with errc::big_time.
[[nodiscard]] inline std::uint64_t timestamp(std::chrono::system_clock::time_point t) noexcept;

/// The current system_clock time in Unix milliseconds, rounded down.
[[nodiscard]] inline std::uint64_t now() noexcept;

/// Converts Unix milliseconds to a system_clock time point. Where the clock
/// cannot represent the time (libstdc++'s nanosecond clock ends in 2262) the
/// result saturates to time_point::max() instead of overflowing.
[[nodiscard]] inline std::chrono::system_clock::time_point time(std::uint64_t ms) noexcept;

/// RFC 3339 in UTC with milliseconds, e.g. "2016-07-30T22:36:16.385Z" (24
/// characters; 25 for the years 10000 to 10889). Empty for `ms` above
/// max_time. Never allocates or throws.
[[nodiscard]] inline fixed_text<25> rfc3339(std::uint64_t ms) noexcept;

/// rfc3339() of a ULID's time; never empty.
[[nodiscard]] inline fixed_text<25> rfc3339(const ulid& id) noexcept;

/// The smallest ULID of millisecond `ms`: that time, entropy all zero, as
/// SQL's ulid_lower_bound(). With max_at() it bounds a time window: the IDs
/// made from t1 to t2 inclusive are exactly those in [min_at(t1),
/// max_at(t2)], and [min_at(t1), min_at(t2)) is a half-open window. `ms`
/// above max_time throws ulid::error with errc::big_time (aborts with a
/// message when exceptions are disabled; a compile error in a constant
/// expression), as the SQL functions raise 22008.
[[nodiscard]] constexpr ulid min_at(std::uint64_t ms);

/// The largest ULID of millisecond `ms`: that time, entropy all ones, as
/// SQL's ulid_upper_bound(). Errors as min_at().
[[nodiscard]] constexpr ulid max_at(std::uint64_t ms);

/// min_at(timestamp(t)): `t` rounded down to its millisecond.
[[nodiscard]] inline ulid min_at(std::chrono::system_clock::time_point t);

/// max_at(timestamp(t)).
[[nodiscard]] inline ulid max_at(std::chrono::system_clock::time_point t);

// ---------------------------------------------------------------------------
// Entropy sources
// ---------------------------------------------------------------------------
//
// generate() accepts three kinds of source, detected at compile time:
//  - a monotonic source: std::error_code read_monotonic(std::uint64_t ms,
//    entropy_array& out), like monotonic_entropy below;
//  - a byte reader: std::error_code read(std::uint8_t* dst, std::size_t n),
//    filling all n bytes or failing;
//  - a standard UniformRandomBitGenerator (std::mt19937_64,
//    std::random_device, ...).
// A source's own error codes and exceptions are reported as
// errc::entropy_failure.

namespace detail {

// What the classes below hold; their code is in part 2, where internal
// paths pass an errc (errc{} for success) and convert it to a
// std::error_code once, at the public boundary.

/// Who reaches the private state of the classes below: the library's own
/// paths (access: the generators, in part 2's "Monotonic generation";
/// keystream_access: a secure_entropy's buffer, in "The entropy sources")
/// and, apart from them, the tests (test_access, at part 2's end).
struct access;
struct keystream_access;
struct test_access;

/// The secret state of a secure_entropy: key, unserved keystream and the
/// bookkeeping that says when to rekey. All zero means "not keyed", so a
/// page the kernel wiped in a child process reads as a generator that must
/// rekey before its next byte.
struct keystream_state {
    std::uint64_t epoch;         // fork epoch at keying; 0 until keyed
    std::size_t remaining;       // unserved bytes at the end of buffer
    std::uint64_t since_os_key;  // keystream bytes made since the last OS key
    std::int64_t os_key_time;    // steady-clock milliseconds of the last OS key
    std::array<std::uint32_t, 8> key;
    std::array<std::uint8_t, 512> buffer;
};

/// Where a secure_entropy keeps its keystream_state: a page of its own,
/// mapped on the first read, which the kernel wipes in a child process; on
/// Windows, which has no fork(), inside the object.
#if defined(_WIN32)
using keystream_slot = keystream_state;
#else
using keystream_slot = keystream_state*;
#endif

/// How to draw uniform values in [0, bound): `width` bits (the bit width of
/// bound - 1), from a byte reader as `bytes` whole bytes (1, 2, 4 or 8) with
/// the excess high bits masked off. Worked out once per bound.
struct uniform_plan {
    std::uint64_t bound = 1;
    std::uint64_t mask = 0;
    unsigned width = 0;
    unsigned bytes = 0;

    [[nodiscard]] static constexpr uniform_plan below(std::uint64_t bound) noexcept;
};

/// The state of a monotonic_entropy besides its source: two sequences that
/// never share a counter, so that no call of one can move the other.
struct monotonic_state {
    /// A tick of time (a millisecond, or 1/4096 ms with uuidv7_layout) and
    /// the counter that grows within it, as a high and a low word, with the
    /// fork epoch it was seeded in (0: never seeded).
    struct position {
        std::uint64_t tick = 0;
        std::uint64_t high = 0;
        std::uint64_t low = 0;
        std::uint64_t epoch = 0;
        bool exhausted = false;  // read_monotonic()'s only: the tick's counter is used up
    };

    /// Increments in [1, bound].
    constexpr explicit monotonic_state(std::uint64_t bound) noexcept;

    /// next()'s sequence: its last ID, or the place observe() set above an
    /// observed ID. Every next() ID is above it, at its tick or later.
    position last;
    /// read_monotonic()'s sequence, oklog/ulid's: its last entropy.
    position read;
    std::uint64_t inc;
    uniform_plan draw;  // how to draw a step in [0, inc)
};

/// Where an observed ID falls among a layout's IDs: every ID at a tick above
/// `tick` is greater, and so is every ID at `tick` when not `exact`, or one
/// whose counter is above (high, low) when `exact`. A `tick` above the
/// layout's last tick means that no ID is greater.
struct observed_place {
    std::uint64_t tick = 0;
    std::uint64_t high = 0;
    std::uint64_t low = 0;
    bool exact = false;
};

/// Whether `Layout` keeps the bit budget of a layout (see ulid_layout): its
/// parts fill the 128 bits, with 1 to 80 counter bits, a tick that fits 64
/// bits, and max_tick the last tick of max_time.
template <class Layout>
inline constexpr bool layout_fits = 48 + Layout::sub_ms_bits + Layout::fixed_bits + Layout::counter_bits == 128 &&
                                    Layout::counter_bits >= 1 && Layout::counter_bits <= 80 &&
                                    Layout::sub_ms_bits <= 16 &&
                                    Layout::max_tick == ((max_time << Layout::sub_ms_bits) |
                                                         ((std::uint64_t{1} << Layout::sub_ms_bits) - 1U));

}  // namespace detail

/// A byte reader that writes zeros: the documented way to generate a ULID
/// with zero entropy (as oklog/ulid's New(ms, nil)). Never fails.
struct zero_entropy {
    /// Fills dst[0, n) with zeros.
    [[nodiscard]] static std::error_code read(std::uint8_t* dst, std::size_t n) noexcept;
};

/// A byte reader straight from the operating system's CSPRNG: one system
/// call per read (about a microsecond), so prefer secure_entropy for volume.
/// Stateless and thread-safe; fails with errc::entropy_failure only if the
/// system has no randomness to give.
struct os_entropy {
    /// Fills dst[0, n) or reports errc::entropy_failure.
    [[nodiscard]] static std::error_code read(std::uint8_t* dst, std::size_t n) noexcept;
};

/// A cryptographically secure byte reader: ChaCha8 in user space with fast
/// key erasure, keyed and reseeded from the operating system (the designs of
/// Go's math/rand/v2 and OpenBSD's arc4random); a child process rekeys
/// before its first byte. How and why: docs/design.md (The generator, Fork
/// and other process copies, Reseeding).
/// Each object maps one page on its first read (not the heap allocator) and
/// unmaps it when destroyed. Move-only; not thread-safe: wrap it
/// (locked_monotonic_entropy does). Fails with errc::entropy_failure only if
/// the operating system gives no key or no page.
class secure_entropy {
public:
    /// ChaCha rounds per block: 8, which keeps a wide margin over the best
    /// known attacks (on 7 rounds) at a cost of about one cycle per byte.
    static constexpr int rounds = 8;
    /// Keystream bytes between two keys from the operating system: 64 KiB,
    /// as Rust's ThreadRng. A key costs one getrandom call (about 0.5 us),
    /// under 0.01 ns per byte served at this interval.
    static constexpr std::uint64_t reseed_bytes = std::uint64_t{64} * 1024;
    /// Longest time one operating-system key is used: 60 s (Linux's own
    /// CRNG reseeds on that period).
    static constexpr std::chrono::milliseconds reseed_interval{60000};

    secure_entropy() noexcept = default;
    secure_entropy(const secure_entropy&) = delete;
    secure_entropy& operator=(const secure_entropy&) = delete;
    secure_entropy(secure_entropy&& other) noexcept;
    secure_entropy& operator=(secure_entropy&& other) noexcept;
    ~secure_entropy();

    /// Fills dst[0, n) with keystream bytes.
    [[nodiscard]] std::error_code read(std::uint8_t* dst, std::size_t n) noexcept;

private:
    friend struct detail::keystream_access;
    friend struct detail::test_access;
    detail::keystream_slot keystream_{};
};

// ---------------------------------------------------------------------------
// Monotonic generation
// ---------------------------------------------------------------------------

/// What a batch call did: `count` ULIDs written, then stopped by `ec` (zero
/// when all were written), like std::to_chars_result.
struct batch_result {
    std::size_t count = 0;
    std::error_code ec;
};

/// What an observe() call did with an ID `x`. `ec` is zero when `x` was
/// taken (every later ID of the generators it names is greater than `x`) and
/// errc::clock_skew when `x` was refused for being more than
/// max_clock_skew() ahead of the local clock (nothing changed); `ahead` is
/// how far the timestamp of `x` is ahead of the local clock in either case
/// (negative when behind).
///
/// It is the library's std::error_code with one more field: it converts to
/// std::error_code, and in a condition it is true on error, as an
/// std::error_code is, so `if (ulid::observe(x))` and `std::error_code ec =
/// ulid::observe(x);` read as they do for every other fallible call.
struct observe_result {
    std::error_code ec;
    std::chrono::milliseconds ahead{0};

    /// True when `x` was not taken (`ec` is set), as std::error_code.
    [[nodiscard]] explicit operator bool() const noexcept { return static_cast<bool>(ec); }
    /// `ec`: observe_result where a std::error_code is expected.
    // NOLINTNEXTLINE(google-explicit-constructor): the rule's std::error_code, so usable wherever one is
    [[nodiscard]] operator std::error_code() const noexcept { return ec; }
};

/// The default of max_clock_skew(): 500 ms, CockroachDB's default maximum
/// clock offset between nodes.
inline constexpr std::chrono::milliseconds default_max_clock_skew{500};

/// How far ahead of the local clock an ID may be for observe() to take it:
/// the bound on how far observing can carry a process's IDs ahead of its
/// clock. Process-wide, default_max_clock_skew until set. Thread-safe.
[[nodiscard]] inline std::chrono::milliseconds max_clock_skew() noexcept;

/// Sets max_clock_skew() for every later observe() of the process (a
/// negative value counts as zero). Lowering it does not lower a floor that
/// an earlier observe() set. Thread-safe.
inline void set_max_clock_skew(std::chrono::milliseconds skew) noexcept;

/// What a monotonic generator makes: its second template argument, a policy
/// that owns the layout's behaviour. The library's two:
/// - ulid_layout: the classic ULID, 48-bit Unix milliseconds and 80 bits
///   that grow within a millisecond.
/// - uuidv7_layout: ULIDs that are also RFC 9562 UUIDv7 (section 5.7):
///   unix_ts_ms, version 0111, rand_a, variant 10, rand_b. rand_a holds the
///   fraction of the millisecond in 4096 steps of about 244 ns (section 6.2,
///   method 3, as PostgreSQL 18's uuidv7()); rand_b is random and grows by a
///   random increment within a step (method 2); when it would overflow, the
///   step advances.
///
/// A layout has the static members below; monotonic_entropy, the make
/// functions and default_entropy<Layout>() are written once over them. A
/// tick is 2^-sub_ms_bits ms; the counter that grows within a tick is a high
/// word (counter_bits - 64 bits, when above 64) and a low word. Its 48 bits
/// of milliseconds (first, as in every ULID), sub_ms_bits, fixed_bits and
/// counter_bits must add up to the 128 bits of an ID, with 1 to 80 counter
/// bits and a tick that fits 64 bits: monotonic_entropy over a layout that
/// breaks that budget does not compile.
/// - now_tick(): the current tick as the make functions read it.
/// - handler_tick(): the current tick from the system clock itself
///   (async-signal-safe), for make functions called in a signal handler.
/// - make_id(tick, high, low): the ID at `tick` with counter high:low.
/// - seed(fresh, counter): a fresh counter from ten random bytes.
/// - place(x): where an observed ID `x` falls among the layout's IDs.
struct ulid_layout {
    /// Bits of sub-millisecond time after the milliseconds.
    static constexpr unsigned sub_ms_bits = 0;
    /// Bits that grow within one tick.
    static constexpr unsigned counter_bits = 80;
    /// Bits that are the same in every ID (none here).
    static constexpr unsigned fixed_bits = 0;
    static_assert(48 + sub_ms_bits + fixed_bits + counter_bits == 128, "a ULID is 128 bits");
    /// The last tick: max_time.
    static constexpr std::uint64_t max_tick = max_time;

    /// The calibrated cycle-counter clock, in milliseconds (Part 2, "Time").
    [[nodiscard]] static std::uint64_t now_tick() noexcept;
    /// now(), the system clock.
    [[nodiscard]] static std::uint64_t handler_tick() noexcept;
    /// The timestamp `tick`, then the 16 + 64 counter bits.
    [[nodiscard]] static constexpr ulid make_id(std::uint64_t tick, std::uint64_t high, std::uint64_t low) noexcept;
    /// All ten bytes, in order.
    static constexpr void seed(const entropy_array& fresh, detail::monotonic_state::position& counter) noexcept;
    /// Every ID is placed exactly.
    [[nodiscard]] static constexpr detail::observed_place place(const ulid& x) noexcept;
};

/// See ulid_layout.
struct uuidv7_layout {
    /// rand_a: the fraction of the millisecond in 4096 steps.
    static constexpr unsigned sub_ms_bits = 12;
    /// rand_b.
    static constexpr unsigned counter_bits = 62;
    /// The version (4 bits) and the variant (2 bits).
    static constexpr unsigned fixed_bits = 6;
    static_assert(48 + sub_ms_bits + fixed_bits + counter_bits == 128, "a UUIDv7 is 128 bits");
    /// The last 1/4096 ms of max_time.
    static constexpr std::uint64_t max_tick = (max_time << sub_ms_bits) | ((std::uint64_t{1} << sub_ms_bits) - 1U);

    /// The precise system clock in 1/4096 ms (not the cycle counter, whose
    /// error is not well under one step: docs/design.md).
    [[nodiscard]] static std::uint64_t now_tick() noexcept;
    /// now_tick(), which is the system clock already.
    [[nodiscard]] static std::uint64_t handler_tick() noexcept;
    /// unix_ts_ms, version 7, rand_a from `tick`; variant 10, rand_b `low`.
    [[nodiscard]] static constexpr ulid make_id(std::uint64_t tick, std::uint64_t high, std::uint64_t low) noexcept;
    /// rand_b from the last eight bytes.
    static constexpr void seed(const entropy_array& fresh, detail::monotonic_state::position& counter) noexcept;
    /// A UUIDv7 exactly; any other ID before or after all UUIDv7 IDs of its
    /// millisecond or step, by its version and variant bits.
    [[nodiscard]] static constexpr detail::observed_place place(const ulid& x) noexcept;
};

namespace detail {

template <class... Layouts>
struct layout_list {};

/// The library's layouts: observe() and observe_thread_local() take an ID
/// into the generators of each.
using library_layouts = layout_list<ulid_layout, uuidv7_layout>;

}  // namespace detail

/// Entropy that grows strictly within a millisecond, as oklog/ulid's
/// Monotonic(r, inc). Owns its source (use a reference type, e.g.
/// monotonic_entropy<std::random_device&>, to borrow one) and its state, and
/// copies bytes out.
///
/// read_monotonic(ms) with the same ms as its own last success returns the
/// last entropy plus a uniform random increment in [1, inc] (inc == 0 means
/// 2^32 - 1, any inc up to 2^64 - 1 works); with any other ms it draws fresh
/// bytes. next() keeps a sequence of its own, which read_monotonic() never
/// moves nor follows. An all-zero draw is a
/// valid seed. If the increment would pass the top of the counter (2^80 - 1)
/// the call fails with errc::monotonic_overflow and every later call with
/// that ms fails too; a different ms reseeds. A failing source gives
/// errc::entropy_failure and changes nothing. In a child process after a
/// fork the next call reseeds. Not thread-safe: wrap it in
/// locked_monotonic_entropy to share it.
///
/// With uuidv7_layout every ID is an RFC 9562 UUIDv7, the counter is rand_b
/// (62 bits), and read_monotonic(ms) gives the ten bytes after the timestamp
/// at the start of that millisecond (rand_a zero); make_v7() and next_now() use
/// the sub-millisecond time.
template <class Source, class Layout = ulid_layout>
class monotonic_entropy {
    using source_type = std::remove_reference_t<Source>;
    static_assert(detail::layout_fits<Layout>,
                  "monotonic_entropy<Source, Layout>: Layout breaks the bit budget of a layout (48 bits of "
                  "milliseconds, sub_ms_bits, fixed_bits and counter_bits fill 128 bits; 1 to 80 counter bits; see "
                  "ulid_layout)");

public:
    /// The increment used when inc == 0, as in oklog/ulid.
    static constexpr std::uint64_t default_increment = 0xFFFFFFFFU;

    /// Takes ownership of `source`; `inc` bounds the random increment.
    explicit monotonic_entropy(Source source,
                               std::uint64_t inc = 0) noexcept(std::is_nothrow_move_constructible_v<Source>);

    /// Builds the source by default construction, in place; `inc` as above.
    /// A constant expression when the source's default constructor is one.
    constexpr explicit monotonic_entropy(std::in_place_t /*tag*/, std::uint64_t inc = 0) noexcept(
        std::is_nothrow_default_constructible_v<Source>);

    /// Entropy for `ms` into `out`; see the class comment. `ms` above
    /// max_time gives errc::big_time. `out` is written only on success.
    [[nodiscard]] std::error_code read_monotonic(std::uint64_t ms, entropy_array& out) noexcept;

    /// The next ULID at `ms` or later, never below the last one next()
    /// produced: an `ms` earlier than next()'s last timestamp (a clock
    /// stepping back) keeps that timestamp, and a millisecond whose entropy is
    /// used up moves on to the next millisecond. This is what make() does
    /// with the current time. Only next() sets that floor, so a
    /// read_monotonic() call with a far-future time cannot hold next() there,
    /// and next() continues above its own last ULID whatever read_monotonic()
    /// did meanwhile. Fails with errc::big_time (`ms`
    /// above max_time), errc::monotonic_overflow (entropy used up at
    /// max_time) or errc::entropy_failure; `out` is written only on success.
    [[nodiscard]] std::error_code next(std::uint64_t ms, ulid& out) noexcept;

    /// next() at the current time, read as make() does for ulid_layout
    /// (the calibrated cycle counter, milliseconds) and as make_v7() does for
    /// uuidv7_layout (the system clock, 1/4096 ms). Errors as next().
    [[nodiscard]] std::error_code next_now(ulid& out) noexcept;

    /// `n` successive next(ms) ULIDs into out[0, n), in increasing order.
    /// Stops at the first failure: out[0, count) are then valid and the
    /// rest untouched.
    [[nodiscard]] batch_result next_n(std::uint64_t ms, ulid* out, std::size_t n) noexcept;

    /// Causal order (docs/design.md, Causal order; the receive rule of
    /// Kulkarni et al.'s hybrid logical clocks): after a successful
    /// observe(x), every later next(), next_n() and next_now() ULID is greater
    /// than `x` (as 128-bit values; `x` may be of either layout);
    /// read_monotonic() is not ordered by it. The floor only rises: an `x`
    /// below what next() would give anyway changes nothing.
    /// IDs stay at the floor until the clock passes it, then return to clock
    /// time. Refuses with errc::clock_skew, changing nothing, an `x` whose
    /// timestamp is more than max_clock_skew() ahead of the generator's clock
    /// (as next_now() reads it), so IDs run at most that far ahead of the
    /// clock (one tick more when `x` is the last ID of its tick). Other
    /// errors, also changing nothing: errc::entropy_failure (fresh bytes for
    /// the counter could not be read), errc::big_time (no ID above `x`
    /// exists). Never allocates or throws.
    [[nodiscard]] observe_result observe(const ulid& x) noexcept;

    /// The bound of the random increment (inc, or 2^32 - 1 when built with 0).
    [[nodiscard]] std::uint64_t increment_bound() const noexcept { return state_.inc; }

    /// The owned source.
    [[nodiscard]] source_type& source() noexcept { return source_; }

private:
    friend struct detail::access;

    detail::monotonic_state state_;
    Source source_;
};

/// monotonic_entropy's step (ulid_layout) on a state the caller keeps, such
/// as a database server's shared memory: the ULID after `last` at Unix
/// millisecond `ms`, by next()'s rule. For an `ms` after last.time() it is
/// the ULID at `ms` with entropy `fresh`. Otherwise (the same millisecond, or
/// a clock behind it) it is `last` plus `step` in its 80-bit counter, and
/// when that passes the counter's top, the ULID at last.time() + 1 with
/// entropy `fresh`. `step` is the random increment, drawn by the caller
/// uniformly from [1, inc] (monotonic_entropy's default: [1, 2^32 - 1]); 0
/// counts as 1. So every result is greater than `last`. Errors, with `out`
/// untouched: errc::big_time (`ms` above max_time), errc::monotonic_overflow
/// (the counter used up at max_time: no ULID above `last` by this rule).
/// Pure (no clock, no randomness, no allocation, no shared state), so safe
/// on any thread; the caller's lock guards `last` and `out`.
[[nodiscard]] constexpr errc next_above(const ulid& last, std::uint64_t ms, const entropy_array& fresh,
                                        std::uint64_t step, ulid& out) noexcept;

/// observe()'s placement (ulid_layout) on a state the caller keeps, as
/// next_above() is next()'s step: the ULID that monotonic_entropy::observe(x)
/// leaves as its last, so that next_above() from it continues above `x`. It
/// is at x's millisecond, above `x` by 1 + r, r from the low bits of
/// `fresh` cut to leave room for about 2^16 more placements in that
/// millisecond (an observe chain stays there) yet at least 2^32 wide where
/// the room allows (about 2^62 for a random `x`), so that two callers who
/// observe the same `x` with their own fresh bytes land far apart. When `x`
/// is the last ULID of its millisecond: the next millisecond, entropy
/// `fresh`. errc::big_time, `out` untouched, when no ULID is above `x`. Pure,
/// like next_above().
[[nodiscard]] constexpr errc place_above(const ulid& x, const entropy_array& fresh, ulid& out) noexcept;

namespace detail {

/// The lock of locked_monotonic_entropy, for critical sections of a few
/// nanoseconds (its code, and why it is built so: part 2, "The lock"; here
/// because the class holds one). In a process copy (a child however made,
/// but for a clone that shares memory) a lock that a parent's thread held is
/// free. Meets the Lockable requirements; not recursive, not fair; never
/// allocates or fails. Per process: in memory shared with another process
/// each would take over the other's hold (see locked_monotonic_entropy).
class fork_safe_mutex {
public:
    void lock() noexcept;
    [[nodiscard]] bool try_lock() noexcept;
    void unlock() noexcept;
    /// unlock(), and when a waiter sleeps, a short wait for it to take the
    /// lock before the caller may take it again: for callers that relock at
    /// once (a batch between chunks), which would otherwise win every time
    /// against a waiter that is still waking up.
    void unlock_and_hand_over() noexcept;

private:
    friend struct test_access;
    std::atomic<std::uint32_t> state_{0};  // see lock_held_by()
    std::atomic<std::uint32_t> sleepers_{0};
};

}  // namespace detail

/// A monotonic source made safe to share between threads: every public
/// member function holds an internal lock while it touches
/// the wrapped state (next_n() in chunks), and there is no other way to
/// reach that state (no accessor, no base class, no conversion). Neither
/// copyable nor movable. The lock is free in a child process however the
/// child was made, even if another thread held it at the fork, and the
/// child's first call reseeds (see monotonic_entropy); no atfork handler
/// takes it. Where the kernel cannot wipe memory in a child (older Linux,
/// macOS) this holds for fork() only.
///
/// An object of one process: not for memory shared between processes
/// (MAP_SHARED, shm_open, System V). Its lock is marked with its holder's
/// fork epoch, and a holder marked by another process is taken over, which
/// is what frees a lock in a process copy, where that holder does not exist;
/// two live processes would both enter. The keystream of a secure_entropy
/// is in a private page the other process cannot see, and waiters sleep on
/// a process-private futex. Not async-signal-safe: a signal handler that
/// interrupted a call on one must not call it.
template <class Monotonic>
class locked_monotonic_entropy {
public:
    /// Wraps `monotonic`, taking ownership.
    explicit locked_monotonic_entropy(Monotonic monotonic) noexcept(std::is_nothrow_move_constructible_v<Monotonic>)
        : monotonic_(std::move(monotonic)) {}

    /// Builds the wrapped source in place from `args`.
    template <class... Args>
    constexpr explicit locked_monotonic_entropy(std::in_place_t /*tag*/, Args&&... args) noexcept(
        std::is_nothrow_constructible_v<Monotonic, Args...>)
        : monotonic_(std::forward<Args>(args)...) {}

    locked_monotonic_entropy(const locked_monotonic_entropy&) = delete;
    locked_monotonic_entropy& operator=(const locked_monotonic_entropy&) = delete;

    /// Monotonic::read_monotonic under the lock.
    [[nodiscard]] std::error_code read_monotonic(std::uint64_t ms, entropy_array& out) noexcept;

    /// Monotonic::next under the lock.
    [[nodiscard]] std::error_code next(std::uint64_t ms, ulid& out) noexcept;

    /// Monotonic::next_now under the lock (the clock is read inside it).
    [[nodiscard]] std::error_code next_now(ulid& out) noexcept;

    /// Most ULIDs one next_n() makes under one hold of the lock.
    static constexpr std::size_t batch_chunk = 256;

    /// Monotonic::next_n, taking the lock once per batch_chunk ULIDs, so
    /// that other threads wait for one chunk at most. The
    /// batch is increasing; other callers' ULIDs may fall between chunks.
    [[nodiscard]] batch_result next_n(std::uint64_t ms, ulid* out, std::size_t n) noexcept;

    /// Monotonic::observe under the lock (the clock is read inside it): every
    /// later ID from any thread's call is greater than `x`.
    [[nodiscard]] observe_result observe(const ulid& x) noexcept;

private:
    friend struct detail::access;
    friend struct detail::test_access;

    detail::fork_safe_mutex mutex_;
    Monotonic monotonic_;
};

/// The type of default_entropy<Layout>(): ChaCha8 keyed from the operating
/// system, monotonic with the default increment, behind a lock.
template <class Layout = ulid_layout>
using default_entropy_t = locked_monotonic_entropy<monotonic_entropy<secure_entropy, Layout>>;

/// The type of default_entropy(), make()'s source.
using default_entropy_type = default_entropy_t<ulid_layout>;

/// The process-wide, thread-safe monotonic source of `Layout`:
/// default_entropy() is make()'s (and make_batch()'s),
/// default_entropy<uuidv7_layout>() is make_v7()'s. One object per layout in
/// the program. Built at compile time (no start-up code, no heap), and never
/// destroyed, so the make functions stay valid during static destruction.
/// Cannot fail. Its lock is free in every child process (see
/// locked_monotonic_entropy). Not async-signal-safe itself: the make
/// functions are. Its next_now() is the make function's step (the layout's
/// clock) with errors returned, not aborted on.
template <class Layout = ulid_layout>
[[nodiscard]] default_entropy_t<Layout>& default_entropy() noexcept;

/// The calling thread's own secure monotonic source of `Layout` (that of
/// make_thread_local(), or of make_v7_thread_local() for uuidv7_layout): the
/// same generator as default_entropy<Layout>() without the lock, so it is
/// monotonic within its thread only; ULIDs from different threads are
/// unique but not ordered with each other. Built in the thread's static
/// storage on first use (no heap; its keystream page is mapped then) and
/// destroyed at thread exit, which wipes its key and unmaps the page.
template <class Layout = ulid_layout>
[[nodiscard]] monotonic_entropy<secure_entropy, Layout>& thread_local_entropy() noexcept;

// ---------------------------------------------------------------------------
// Making ULIDs
// ---------------------------------------------------------------------------
//
// The make functions (make, must_make, make_thread_local, make_batch and
// their make_v7 forms) are async-signal-safe once set up: a signal handler
// may call any of them, also while it interrupted a make function on its
// own thread. It never hangs and never returns an ID that another call
// returned; the interrupted call, and every call its thread makes after,
// keep their order. IDs made by a handler that interrupted a make function
// are increasing within that call but not ordered with the process's other
// IDs (they may sort before the interrupted call's). Set-up is not
// async-signal-safe: the process's first call of a make function (it maps
// pages and registers an atfork handler) and a thread's first call of a
// thread-local form (it also registers a thread-exit destructor); make them
// before installing a handler that calls make functions or forks. Direct calls on default_entropy(),
// thread_local_entropy() or a source of your own are not covered: a handler that interrupted one must not call that
// object, nor a make function that uses it.
//
// The make functions abort with a message, never return an error, and only
// for these causes: the clock is past the year 10889 (or an ID of its last
// millisecond is used up); no page of memory could be mapped for a
// generator's state or the fork epoch (address space exhausted: the first
// call of the process, or of a thread for the thread-local forms, maps one;
// a later call tries again); the operating system gives no randomness; or
// fork detection is impossible (the kernel does not wipe pages in a child
// and pthread_atfork fails). The message names the cause.
//
// A child made by clone(CLONE_VM) without CLONE_THREAD shares its parent's
// memory and, with glibc, its parent thread's thread-local storage: no make
// function may be called there while the parent runs (the thread-local forms
// would share one generator, the others one signal mark and clock line).

/// A ULID with timestamp `ms` and entropy from `source` (see "Entropy
/// sources"): a byte reader's first ten bytes become the entropy in order; a
/// monotonic source is asked with read_monotonic. Errors: `ms` above max_time
/// -> errc::big_time (checked first, before the source is touched); the
/// source's errc::monotonic_overflow; any source failure ->
/// errc::entropy_failure. `out` is written only on success. Allocates only
/// if the source does; thread-safe if the source is.
template <class Source>
[[nodiscard]] std::error_code generate(std::uint64_t ms, Source& source, ulid& out) noexcept;

/// As generate(), returning the ULID; throws ulid::error on failure (aborts
/// with a message when exceptions are disabled).
template <class Source>
[[nodiscard]] ulid must_generate(std::uint64_t ms, Source& source);

/// A new ULID for the current time from default_entropy(). Thread-safe, never
/// throws, never allocates. Each make() is strictly greater than every
/// earlier make() in the process, on any thread: when the clock steps back it
/// keeps the last timestamp, and when a millisecond's entropy is used up it
/// moves to the next millisecond; calls that pass their own time through
/// default_entropy() (must_make(ms), generate()) do not change that; an ID
/// made in a signal handler that interrupted a make function on the same
/// thread is unique but not ordered (see above). Async-signal-safe once set
/// up. Aborts with a message only for the causes listed above.
[[nodiscard]] inline ulid make() noexcept;

/// A ULID at time `ms` (as oklog/ulid's MustNewDefault), from a process-wide
/// generator for given times, apart from make()'s: successive must_make()
/// calls for one millisecond are strictly increasing, on any thread, whatever
/// make() and make_v7() calls come between; a call for another millisecond
/// starts that one afresh (random), so a millisecond left and come back to
/// is not ordered against its earlier IDs. Not ordered against make()'s IDs
/// of the same millisecond (each sequence is increasing on its own; IDs of
/// different milliseconds sort by time). Throws ulid::error with
/// errc::big_time or errc::monotonic_overflow (aborts with a message when
/// exceptions are disabled); never allocates. Async-signal-safe as make()
/// is, while it does not throw; a handler's ID is a fresh random one at `ms`.
[[nodiscard]] inline ulid must_make(std::uint64_t ms);

/// must_make(timestamp(t)): `t` rounded down to its millisecond, times
/// before 1970 as 0.
[[nodiscard]] inline ulid must_make(std::chrono::system_clock::time_point t);

/// As must_make(ms), each ID an RFC 9562 UUIDv7 at `ms` (rand_a zero, the
/// counter in rand_b), from a given-time generator of its own: strictly
/// increasing across calls for one millisecond, apart from make_v7()'s
/// sequence. Errors and aborts as must_make(ms).
[[nodiscard]] inline ulid must_make_v7(std::uint64_t ms);

/// must_make_v7(timestamp(t)).
[[nodiscard]] inline ulid must_make_v7(std::chrono::system_clock::time_point t);

/// The earlier name of must_make(ms), kept for one release.
[[nodiscard, deprecated("use ulid::must_make(ms): it throws, like the other must_ helpers")]] inline ulid make(
    std::uint64_t ms);

/// make() without the lock, from thread_local_entropy(): strictly increasing
/// within the calling thread, unique across threads, but not ordered across
/// threads. Never throws or allocates; async-signal-safe and aborts as
/// make() does.
[[nodiscard]] inline ulid make_thread_local() noexcept;

/// Fills out[0, n) with n ULIDs from default_entropy() that continue make()'s
/// sequence in increasing order, reading the clock once and taking the lock
/// once per 256 ULIDs (other threads' make() may fall between those
/// chunks). Never throws or allocates; async-signal-safe and aborts as
/// make() does (a handler's batch is increasing, not ordered with others).
inline void make_batch(ulid* out, std::size_t n) noexcept;

#if ULID_HAS_SPAN
/// make_batch() over a span.
inline void make_batch(std::span<ulid> out) noexcept;
#endif

/// A new ULID that is also an RFC 9562 UUIDv7 (see uuidv7_layout): encode()
/// gives a valid ULID, encode_uuid() a valid version-7 UUID. Each make_v7()
/// is strictly greater than every earlier make_v7() in the process, on any
/// thread, through clock step-backs (the last tick is kept). rand_a holds
/// the precise system clock's fraction of the millisecond, so an ID made
/// after another process's make_v7() ID was received (any hand-off slower
/// than one 244 ns step, on a clock that did not step back) is greater,
/// which classic ULIDs of one millisecond cannot promise. Thread-safe, never
/// throws, never allocates; the same ChaCha8 entropy, fork, reseed and
/// signal-handler guarantees as make(), from a process-wide generator of its
/// own. Aborts as make() does.
[[nodiscard]] inline ulid make_v7() noexcept;

/// make_v7() without the lock, from the calling thread's own generator (as
/// make_thread_local()): increasing within the thread, unique across threads.
[[nodiscard]] inline ulid make_v7_thread_local() noexcept;

/// Fills out[0, n) with n ULIDs that continue make_v7()'s sequence in
/// increasing order, as make_batch() does for make().
inline void make_v7_batch(ulid* out, std::size_t n) noexcept;

#if ULID_HAS_SPAN
/// make_v7_batch() over a span.
inline void make_v7_batch(std::span<ulid> out) noexcept;
#endif

/// Causal order across processes and machines: after observe(x) returns a
/// zero `ec`, every later make(), make_v7(), make_batch() and make_v7_batch()
/// ID of the process, on any thread, is greater than `x`, whatever the
/// clocks of the process that made `x` and of this one say (so an ID made
/// after receiving `x` sorts after it). Refuses with errc::clock_skew an `x`
/// more than max_clock_skew() ahead of the local clock, changing nothing;
/// `ahead` says how far ahead it was. Taken IDs carry make()'s IDs at most
/// max_clock_skew() (plus one tick) ahead of the clock; the floor never goes
/// back, and once the clock passes it IDs return to clock time. Orders only
/// what the caller has seen: IDs of unrelated events on different machines
/// are ordered by their clocks alone. Thread-safe (it takes the generators'
/// locks), never throws, never allocates; not async-signal-safe. Other
/// errors (errc::entropy_failure, errc::big_time for an `x` at the last
/// tick) leave the generator that failed unchanged. Does not touch the
/// thread-local generators: see observe_thread_local().
[[nodiscard]] inline observe_result observe(const ulid& x) noexcept;

/// observe() for the calling thread's own generators: make_thread_local() and
/// make_v7_thread_local() on this thread then give IDs greater than `x`
/// (other threads' thread-local generators are not touched; those order only
/// within their thread). Errors as observe(); never throws or allocates
/// (a thread's first use builds its generators, as the make functions do).
[[nodiscard]] inline observe_result observe_thread_local(const ulid& x) noexcept;

// ---------------------------------------------------------------------------
// TypeIDs
// ---------------------------------------------------------------------------
//
// TypeID (jetify-com/typeid, specification v0.3.0) is a third text form of
// the same 128 bits, not a third kind of ID: a prefix naming the type, '_',
// and encode_lower() of the ID, as in "user_01h455vb4pex5vsknk084sn02q". A
// prefix is at most 63 characters of a-z and '_', starting and ending with a
// letter; the empty prefix is written without the '_'. Reading is strict:
// lower case only, and the separator is the last '_'. New TypeIDs come from
// make_v7(), so they are UUIDv7 as the specification asks; any 128 bits
// read back.

/// Longest TypeID prefix: 63 characters.
inline constexpr std::size_t type_id_prefix_max = 63;
/// Longest TypeID text: a 63-character prefix, '_' and 26 characters.
inline constexpr std::size_t type_id_max_size = type_id_prefix_max + 1 + encoded_size;
/// The text of a run-time TypeID, held by value (see fixed_text).
using type_id_text = fixed_text<type_id_max_size>;

/// True when `prefix` is a TypeID prefix (the empty one included):
/// ^([a-z]([a-z_]{0,61}[a-z])?)?$. Usable in constant expressions.
[[nodiscard]] constexpr bool is_type_id_prefix(std::string_view prefix) noexcept;

/// A TypeID whose prefix is part of the type: `Tag` is any type with a
/// `static constexpr std::string_view prefix` (or a string literal member),
/// checked at compile time. 16 bytes, trivially copyable, default-constructed
/// to the nil ID. typed_id<A> and typed_id<B> neither compare nor convert;
/// conversion to and from ulid is explicit. Nothing here throws or allocates.
template <class Tag>
class typed_id {
    static_assert(is_type_id_prefix(Tag::prefix),
                  "ulid::typed_id<Tag>: Tag::prefix is not a TypeID prefix: at most 63 characters of a-z and '_', "
                  "starting and ending with a letter (or empty)");

public:
    /// The tag's prefix.
    [[nodiscard]] static constexpr std::string_view prefix() noexcept { return Tag::prefix; }
    /// Length of the text form: the prefix, '_' (absent for an empty prefix) and 26.
    static constexpr std::size_t text_size = prefix().size() + (prefix().empty() ? 0 : 1) + encoded_size;
    /// The text form held by value.
    using text_type = fixed_text<text_size>;

    /// The nil ID under this prefix.
    constexpr typed_id() noexcept = default;
    /// `id` under this prefix; every ULID is accepted.
    constexpr explicit typed_id(const ulid& id) noexcept : id_(id) {}
    /// The 128 bits as a ulid.
    constexpr explicit operator ulid() const noexcept { return id_; }
    /// The 128 bits as a ulid.
    [[nodiscard]] constexpr const ulid& id() const noexcept { return id_; }

    /// A new ID from make_v7()'s sequence: a UUIDv7, strictly greater than
    /// every earlier make() of any typed_id and every make_v7() in the
    /// process. Thread-safe, never throws or allocates; aborts like make_v7().
    [[nodiscard]] static typed_id make() noexcept { return typed_id(make_v7()); }

    /// Writes exactly text_size characters (no terminator); returns the end.
    constexpr char* encode(char* out) const noexcept;
    /// The text form ("user_01h455vb4pex5vsknk084sn02q") held by value.
    [[nodiscard]] constexpr text_type encode() const noexcept;

    [[nodiscard]] friend constexpr bool operator==(const typed_id& a, const typed_id& b) noexcept {
        return a.id_ == b.id_;
    }
#if ULID_HAS_THREE_WAY_COMPARISON
    [[nodiscard]] friend constexpr std::strong_ordering operator<=>(const typed_id& a, const typed_id& b) noexcept {
        return a.id_ <=> b.id_;
    }
#else
    [[nodiscard]] friend constexpr bool operator!=(const typed_id& a, const typed_id& b) noexcept { return !(a == b); }
    [[nodiscard]] friend constexpr bool operator<(const typed_id& a, const typed_id& b) noexcept {
        return a.id_ < b.id_;
    }
    [[nodiscard]] friend constexpr bool operator<=(const typed_id& a, const typed_id& b) noexcept {
        return a.id_ <= b.id_;
    }
    [[nodiscard]] friend constexpr bool operator>(const typed_id& a, const typed_id& b) noexcept {
        return a.id_ > b.id_;
    }
    [[nodiscard]] friend constexpr bool operator>=(const typed_id& a, const typed_id& b) noexcept {
        return a.id_ >= b.id_;
    }
#endif

private:
    // parse() reads straight into id_: it leaves its target unchanged on error.
    template <class T>
    friend std::error_code parse(std::string_view text, typed_id<T>& out) noexcept;

    ulid id_;
};

/// Parses a TypeID with typed_id<Tag>'s prefix. Errors in reading order: a
/// prefix that breaks the rules -> errc::invalid_prefix; a valid one other
/// than Tag's (or none where one is expected) -> errc::wrong_prefix; a
/// suffix of other than 26 characters -> errc::data_size; a character
/// outside lower-case Crockford base32 -> errc::invalid_characters; a first
/// character above '7' -> errc::overflow. explain_type_id(text,
/// Tag::prefix) says why. On error `out` is unchanged. Never allocates.
template <class Tag>
[[nodiscard]] std::error_code parse(std::string_view text, typed_id<Tag>& out) noexcept;

/// A TypeID whose prefix is known at run time (gateways, logs, tools): the
/// validated prefix inline and the ID, 80 bytes, no allocation. Ordered by
/// prefix, then ID. Default-constructed: no prefix, the nil ID. Nothing here
/// throws or allocates.
class type_id {
public:
    constexpr type_id() noexcept = default;

    /// The prefix, valid by construction (possibly empty).
    [[nodiscard]] constexpr std::string_view prefix() const noexcept { return {prefix_.data(), prefix_size_}; }
    /// The 128 bits.
    [[nodiscard]] constexpr const ulid& id() const noexcept { return id_; }
    /// Length of the text form: 26 to 90.
    [[nodiscard]] constexpr std::size_t text_size() const noexcept {
        return prefix_size_ + (prefix_size_ == 0 ? 0 : 1) + encoded_size;
    }
    /// Writes exactly text_size() characters (no terminator); returns the end.
    constexpr char* encode(char* out) const noexcept;
    /// The text form held by value.
    [[nodiscard]] constexpr type_id_text encode() const noexcept;

    /// -1, 0 or 1 as this sorts before, equal to or after `other`: by
    /// prefix, then by ID.
    [[nodiscard]] constexpr int compare(const type_id& other) const noexcept {
        const int c = prefix().compare(other.prefix());
        if (c != 0) return c < 0 ? -1 : 1;
        return id_.compare(other.id_);
    }
    [[nodiscard]] friend constexpr bool operator==(const type_id& a, const type_id& b) noexcept {
        return a.compare(b) == 0;
    }
#if ULID_HAS_THREE_WAY_COMPARISON
    [[nodiscard]] friend constexpr std::strong_ordering operator<=>(const type_id& a, const type_id& b) noexcept {
        return a.compare(b) <=> 0;
    }
#else
    [[nodiscard]] friend constexpr bool operator!=(const type_id& a, const type_id& b) noexcept { return !(a == b); }
    [[nodiscard]] friend constexpr bool operator<(const type_id& a, const type_id& b) noexcept {
        return a.compare(b) < 0;
    }
    [[nodiscard]] friend constexpr bool operator<=(const type_id& a, const type_id& b) noexcept {
        return a.compare(b) <= 0;
    }
    [[nodiscard]] friend constexpr bool operator>(const type_id& a, const type_id& b) noexcept {
        return a.compare(b) > 0;
    }
    [[nodiscard]] friend constexpr bool operator>=(const type_id& a, const type_id& b) noexcept {
        return a.compare(b) >= 0;
    }
#endif

private:
    friend std::error_code make_type_id(std::string_view prefix, const ulid& id, type_id& out) noexcept;

    std::array<char, type_id_prefix_max> prefix_{};
    std::uint8_t prefix_size_ = 0;
    ulid id_;
};

/// Parses a TypeID with any prefix. Errors as parse(text, typed_id&), except
/// that no prefix is wrong. On error `out` is unchanged. Never allocates.
[[nodiscard]] inline std::error_code parse_type_id(std::string_view text, type_id& out) noexcept;

/// Parses a TypeID that must carry `prefix` (empty: none) into its ID, as
/// parse(text, typed_id&) with a run-time prefix; an invalid `prefix` gives
/// errc::invalid_prefix. On error `out` is unchanged. Never allocates.
[[nodiscard]] inline std::error_code parse_type_id(std::string_view text, std::string_view prefix, ulid& out) noexcept;

/// A new TypeID under `prefix`, its ID from make_v7() (as typed_id::make()).
/// An invalid prefix gives errc::invalid_prefix, changes `out` in no way and
/// draws no ID. Never allocates; aborts like make_v7().
[[nodiscard]] inline std::error_code make_type_id(std::string_view prefix, type_id& out) noexcept;

/// `id` under `prefix` (any 128 bits). An invalid prefix gives
/// errc::invalid_prefix and leaves `out` unchanged. Never allocates.
[[nodiscard]] inline std::error_code make_type_id(std::string_view prefix, const ulid& id, type_id& out) noexcept;

/// Why `input` is not a TypeID with `expected_prefix` (empty: none), like
/// explain(): which rule and where (the prefix's length, a bad character
/// and its 1-based position, a '_' at either end of the prefix, the found
/// and the expected prefix, the suffix's length, character or overflow).
/// snprintf-style into `out`; 0 when `input` parses. Never allocates or
/// throws. explain(input, text_form::type_id) explains without an expected
/// prefix.
[[nodiscard]] inline std::size_t explain_type_id(std::string_view input, std::string_view expected_prefix, char* out,
                                                 std::size_t size) noexcept;

/// explain_type_id() as a std::string; may throw std::bad_alloc.
[[nodiscard]] inline std::string explain_type_id(std::string_view input, std::string_view expected_prefix);

/// Writes the text form; honours the stream's width and fill.
template <class CharT, class Traits, class Tag>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const typed_id<Tag>& id);
/// Writes the text form; honours the stream's width and fill.
template <class CharT, class Traits>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const type_id& id);

/// Reads one whitespace-delimited TypeID with Tag's prefix; on any error
/// sets failbit and leaves `id` unchanged.
template <class CharT, class Traits, class Tag>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, typed_id<Tag>& id);
/// Reads one whitespace-delimited TypeID with any prefix; on any error sets
/// failbit and leaves `id` unchanged.
template <class CharT, class Traits>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, type_id& id);

/// std::hash<typed_id<Tag>>'s value (that of the ulid), for Boost.
template <class Tag>
[[nodiscard]] std::size_t hash_value(const typed_id<Tag>& id) noexcept;
/// std::hash<type_id>'s value, for Boost.
[[nodiscard]] inline std::size_t hash_value(const type_id& id) noexcept;

namespace detail {
/// explain() and explain_type_id(): `expected` null means any prefix.
[[nodiscard]] inline std::size_t explain_type_id(std::string_view input, const std::string_view* expected, char* out,
                                                 std::size_t size) noexcept;
}  // namespace detail

// ---------------------------------------------------------------------------
// Integrations
// ---------------------------------------------------------------------------

/// Writes the 26-character text form; honours the stream's width and fill.
template <class CharT, class Traits>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const ulid& id);

/// Reads one whitespace-delimited ULID with parse(). On any error (bad
/// length, characters or overflow) sets failbit and leaves `id` unchanged.
template <class CharT, class Traits>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, ulid& id);

/// The same value as std::hash<ulid>, found by argument-dependent lookup, so
/// boost::hash and Boost's unordered containers and Boost.MultiIndex accept
/// ulid as a key. Never throws or allocates.
[[nodiscard]] inline std::size_t hash_value(const ulid& id) noexcept;

#if ULID_HAS_EXPECTED
/// parse() returning std::expected (C++23).
[[nodiscard]] inline std::expected<ulid, std::error_code> parse(std::string_view text) noexcept;

/// parse_uuid() returning std::expected (C++23).
[[nodiscard]] inline std::expected<ulid, std::error_code> parse_uuid(std::string_view text) noexcept;

/// generate() returning std::expected (C++23).
template <class Source>
[[nodiscard]] std::expected<ulid, std::error_code> generate(std::uint64_t ms, Source& source) noexcept;
#endif

}  // namespace ulid

/// SipHash-1-3 of all 16 bytes under a key drawn from the operating system
/// once per process (on first use, without a lock or an allocation), so
/// values differ between processes and no client can make IDs collide on
/// purpose. A forked child keeps its parent's key, because the containers
/// it inherits depend on it. Never throws or allocates; aborts with a
/// message only if the operating system has no randomness at all.
template <>
struct std::hash<ulid::ulid> {
    [[nodiscard]] std::size_t operator()(const ulid::ulid& id) const noexcept;
};

namespace ulid::detail {

/// A format specification [begin, end) split for the ulid formatters: the
/// text form its last character before the '}' asks for, 'l' (text_form::ulid
/// in lower case) or 'u' (text_form::uuid), and `type` (that 'l' or 'u', or
/// the '}' or end when there is none), so that [begin, type) goes to the
/// string formatter. Anything else is text_form::ulid in upper case with the
/// whole specification left to the string formatter; so is a specification
/// holding a nested replacement field ("{:>{}}"), which the string formatter
/// then rejects if it ends in 'l' or 'u'. Case is a flag beside the form, not
/// a form of its own: one enum names the text forms (issue 46).
template <class It>
struct format_spec_split {
    text_form form = text_form::ulid;
    bool lower = false;
    It type;
};

template <class It>
[[nodiscard]] constexpr format_spec_split<It> split_format_spec(It begin, It end) noexcept {
    It p = begin;
    while (p != end && *p != '}') {
        if (*p == '{') return {text_form::ulid, false, begin};
        ++p;
    }
    if (p == begin) return {text_form::ulid, false, p};
    It last = p;
    --last;
    if (*last == 'l') return {text_form::ulid, true, last};
    if (*last == 'u') return {text_form::uuid, false, last};
    return {text_form::ulid, false, p};
}

/// The text of `id` in `form` (text_form::uuid, else the 26 characters,
/// lower-case when `lower`), by value.
[[nodiscard]] constexpr uuid_text formatted_text(const ulid& id, text_form form, bool lower) noexcept {
    if (form == text_form::uuid) return id.encode_uuid();
    return uuid_text(lower ? id.encode_lower().view() : id.encode().view());
}

}  // namespace ulid::detail

#if ULID_HAS_FORMAT
/// std::format support: formats the 26-character text from a stack buffer;
/// accepts the format specification of std::string_view, whose last
/// character may be 'l' (lower case: "{:l}", "{:>30l}") or 'u' (the UUID
/// form: "{:u}"), except with a nested width or precision ("{:>{}l}").
template <>
struct std::formatter<ulid::ulid, char> : std::formatter<std::string_view, char> {
    template <class ParseContext>
    constexpr auto parse(ParseContext& ctx) {
        const auto split = ulid::detail::split_format_spec(ctx.begin(), ctx.end());
        form_ = split.form;
        lower_ = split.lower;
        if (split.form == ulid::text_form::ulid && !split.lower) {
            return std::formatter<std::string_view, char>::parse(ctx);
        }
        std::format_parse_context rest(std::string_view(ctx.begin(), split.type));
        const auto parsed = std::formatter<std::string_view, char>::parse(rest);
        if (parsed != rest.end()) {
#if ULID_EXCEPTIONS
            throw std::format_error("ulid: invalid format specification before 'l' or 'u'");
#else
            std::abort();  // not a constant expression: a checked format string fails to compile
#endif
        }
        auto after = split.type;
        ++after;
        return after;
    }

    template <class FormatContext>
    auto format(const ulid::ulid& id, FormatContext& ctx) const {
        return std::formatter<std::string_view, char>::format(ulid::detail::formatted_text(id, form_, lower_).view(),
                                                              ctx);
    }

private:
    ulid::text_form form_ = ulid::text_form::ulid;
    bool lower_ = false;
};

/// std::format support for ulid::fixed_text (ulid_text, rfc3339()): its
/// characters, with the format specification of std::string_view.
template <std::size_t Capacity>
struct std::formatter<ulid::fixed_text<Capacity>, char> : std::formatter<std::string_view, char> {
    template <class FormatContext>
    auto format(const ulid::fixed_text<Capacity>& t, FormatContext& ctx) const {
        return std::formatter<std::string_view, char>::format(t.view(), ctx);
    }
};
#endif

/// The hash of the ID (as std::hash<ulid::ulid>); the prefix is the type's.
template <class Tag>
struct std::hash<ulid::typed_id<Tag>> {
    [[nodiscard]] std::size_t operator()(const ulid::typed_id<Tag>& id) const noexcept {
        return std::hash<ulid::ulid>{}(id.id());
    }
};

/// Keyed SipHash-1-3 over the ID, then over the prefix under a key that
/// depends on the first result, so that neither part can be varied to
/// collide on purpose. Never throws or allocates.
template <>
struct std::hash<ulid::type_id> {
    [[nodiscard]] std::size_t operator()(const ulid::type_id& id) const noexcept;
};

#if ULID_HAS_FORMAT
namespace ulid::detail {

/// std::format's formatter of typed_id<Tag> and type_id: the TypeID's text
/// with std::string_view's specification, whose last character may be 'u'
/// for the UUID form of the ID ("{:u}", "{:>40u}"); 'l' is refused, since
/// the TypeID is lower case already and the bare ID is id.id()'s to format.
struct type_id_formatter : std::formatter<std::string_view, char> {
    template <class ParseContext>
    constexpr auto parse(ParseContext& ctx) {
        const auto split = split_format_spec(ctx.begin(), ctx.end());
        if (split.form == text_form::ulid && !split.lower) return std::formatter<std::string_view, char>::parse(ctx);
        if (split.lower) {
            format_spec_error(
                "ulid: a TypeID takes no 'l' (its text is lower case already; format id.id() for the bare ID)");
        }
        uuid_ = true;
        std::format_parse_context rest(std::string_view(ctx.begin(), split.type));
        if (std::formatter<std::string_view, char>::parse(rest) != rest.end()) {
            format_spec_error("ulid: invalid format specification before 'u'");
        }
        auto after = split.type;
        ++after;
        return after;
    }

    template <class Id, class FormatContext>
    auto format(const Id& id, FormatContext& ctx) const {
        if (uuid_) return std::formatter<std::string_view, char>::format(id.id().encode_uuid().view(), ctx);
        return std::formatter<std::string_view, char>::format(id.encode().view(), ctx);
    }

private:
    // Not constexpr: reached in a checked format string, it fails the compile.
    [[noreturn]] static void format_spec_error(const char* message) {
#if ULID_EXCEPTIONS
        throw std::format_error(message);
#else
        (void)message;
        std::abort();
#endif
    }

    bool uuid_ = false;
};

}  // namespace ulid::detail

/// std::format support: the TypeID's text, with the format specification of
/// std::string_view, whose last character may be 'u' for the UUID form of
/// the ID ("{:u}"); 'l' is an error (the TypeID is lower case already).
template <class Tag>
struct std::formatter<ulid::typed_id<Tag>, char> : ulid::detail::type_id_formatter {};

/// std::format support: the TypeID's text, as for typed_id ("{:u}" included).
template <>
struct std::formatter<ulid::type_id, char> : ulid::detail::type_id_formatter {};
#endif

// ===========================================================================
// Part 2: the implementation
//
// Its sections, in order; each opens with what it uses, what uses it and
// where it is tested. All files under tests/.
//   Errors                             errc as std::error_code, the category, throw_error(), fatal()
//   Byte order                         big- and little-endian loads and stores
//   CPU features and vectors           x86 feature detection, the SSSE3/AVX2 wrappers
//   The value type and the codecs      class ulid, base32 and UUID text, explain()
//   Time                               now(), rfc3339(), the cycle-counter clock
//   Layouts                            ulid_layout and uuidv7_layout
//   Source traits                      which kind of source a type is
//   Entropy from the operating system  getrandom and the like, secure_wipe(), handler_entropy
//   Fork detection                     the fork epoch in a page the kernel wipes
//   The lock                           fork_safe_mutex: mark, body, batch hand-over
//   ChaCha                             the keystream blocks, portable and AVX2
//   The entropy sources                zero_entropy, os_entropy, secure_entropy, keystream_access
//   Drawing from a source              uniform draws from any source
//   Monotonic generation               monotonic<Layout>, access, the process and thread generators
//   Making ULIDs                       generate(), make() and their forms, observe()
//   TypeIDs                            typed_id and type_id
//   Integrations                       streams, std::expected
//   Hashing                            keyed SipHash-1-3 for std::hash
//   The tests' access                  test_access, for tests/ only
// ===========================================================================

namespace ulid {

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------
// Uses part 1's errc; used by every section below; tested in test_errors.cpp, test_faults.cpp.

constexpr const char* error_message(errc e) noexcept {
    switch (e) {
        case errc::data_size:
            return "bad data size: the input has the wrong length";
        case errc::invalid_characters:
            return "bad data characters: a character the text form does not allow";
        case errc::buffer_size:
            return "output buffer too small";
        case errc::big_time:
            return "timestamp too big: above the 48-bit maximum 281474976710655 ms";
        case errc::overflow:
            return "overflow: the first character of a ULID must be 0-7";
        case errc::monotonic_overflow:
            return "monotonic entropy overflow: no larger ULID left in this millisecond";
        case errc::entropy_failure:
            return "entropy source failed or yields no usable randomness";
        case errc::invalid_prefix:
            return "invalid TypeID prefix: at most 63 of a-z and '_', starting and ending with a letter";
        case errc::wrong_prefix:
            return "wrong TypeID prefix: the ID is of another type";
        case errc::clock_skew:
            return "clock skew: the observed ID is further ahead of the local clock than max_clock_skew()";
        case errc::wrong_version:
            return "wrong UUID version: not a UUIDv7 where one is needed, or not a version-4 facade";
    }
    return "unknown ulid error";
}

inline errc errc_of(std::error_code ec) noexcept {
    if (!ec) return errc{};
    return ec.category() == ulid_category() ? static_cast<errc>(ec.value()) : errc::entropy_failure;
}

namespace detail {

class category_impl final : public std::error_category {
public:
    constexpr category_impl() noexcept = default;
    [[nodiscard]] const char* name() const noexcept override { return "ulid"; }
    [[nodiscard]] std::string message(int value) const override { return error_message(static_cast<errc>(value)); }
};

/// Throws ulid::error, or without exceptions prints the reason and aborts.
[[noreturn]] inline void throw_error(std::error_code ec) {
#if ULID_EXCEPTIONS
    throw error(ec);
#else
    std::fprintf(stderr, "ulid: fatal error: %s\n", error_message(errc_of(ec)));
    std::abort();
#endif
}

/// std::system_category(), once success() has asked for it. Not a
/// function-local static, whose guard a fork could catch held.
inline std::atomic<const std::error_category*> system_category_cache{nullptr};

/// A zero std::error_code, equal to std::error_code(), for the paths of a
/// few nanoseconds (parse, generate): libstdc++'s default constructor calls
/// std::system_category() out of line each time, where this keeps the
/// category in a variable. Beside a system call (os_entropy::read)
/// std::error_code() serves as well.
[[nodiscard]] inline std::error_code success() noexcept {
    const std::error_category* system = system_category_cache.load(std::memory_order_relaxed);
    if (ULID_UNLIKELY(system == nullptr)) {
        system = &std::system_category();
        system_category_cache.store(system, std::memory_order_relaxed);
    }
    return {0, *system};
}

/// What made the library's own generators fail with errc::entropy_failure,
/// set on the failing thread by the step that failed, so that make()'s
/// message names it.
enum class failure_cause : unsigned char { none, no_randomness, no_memory, no_fork_detection };
inline thread_local failure_cause last_failure = failure_cause::none;

/// For failures that the API promises never to report (make()): the process
/// cannot continue safely, so say why and abort. One write(), no stdio lock,
/// so that it also serves a generator called from a signal handler.
[[noreturn]] inline void fatal_errc(const char* where, errc e) noexcept {
    const char* why = error_message(e);
    if (e == errc::entropy_failure) {
        switch (last_failure) {
            case failure_cause::no_randomness:
                why = "the operating system gave no randomness";
                break;
            case failure_cause::no_memory:
                why = "no memory for the generator's page (mmap failed: address space or memory exhausted)";
                break;
            case failure_cause::no_fork_detection:
                why = "no fork detection (the kernel does not wipe pages in a child and pthread_atfork failed)";
                break;
            case failure_cause::none:
                break;
        }
    }
    std::array<char, 256> line{};
    std::size_t n = 0;
    for (const char* part : std::array<const char*, 5>{"ulid: ", where, ": ", why, "\n"}) {
        for (; *part != '\0' && n < line.size() - 1; ++part) line[n++] = *part;
    }
    line[n - 1] = '\n';
#if defined(_WIN32)
    (void)std::fwrite(line.data(), 1, n, stderr);
#else
    (void)(::write(2, line.data(), n) < 0);
#endif
    std::abort();
}

[[noreturn]] inline void fatal(const char* where, std::error_code ec) noexcept { fatal_errc(where, errc_of(ec)); }

[[nodiscard]] inline std::error_code to_error_code(errc s) noexcept {
    if (s == errc{}) return success();
    return make_error_code(s);
}

/// fatal() for an errc; out of line, to keep it off the callers' hot paths.
[[noreturn]] ULID_NOINLINE inline void fatal(const char* where, errc s) noexcept { fatal_errc(where, s); }

}  // namespace detail

inline const std::error_category& ulid_category() noexcept {
    static const detail::category_impl category;
    return category;
}

inline std::error_code make_error_code(errc e) noexcept { return {static_cast<int>(e), ulid_category()}; }

// ---------------------------------------------------------------------------
// Byte order
// ---------------------------------------------------------------------------
// Uses nothing; used by the codecs, ChaCha, the sources, generation, hashing; tested in test_byte_order.cpp.

namespace detail {

#if ULID_LITTLE_ENDIAN
[[nodiscard]] inline std::uint64_t byteswap64(std::uint64_t v) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(v);
#else
    v = ((v & 0x00FF00FF00FF00FFULL) << 8U) | ((v >> 8U) & 0x00FF00FF00FF00FFULL);
    v = ((v & 0x0000FFFF0000FFFFULL) << 16U) | ((v >> 16U) & 0x0000FFFF0000FFFFULL);
    return (v << 32U) | (v >> 32U);
#endif
}
#endif

template <class Word>
[[nodiscard]] inline Word load_word(const std::uint8_t* p) noexcept {
    Word w = 0;
    std::memcpy(&w, p, sizeof w);
    return w;
}

/// The `n` bytes (1 to 8) at `p` as a big-endian number: at run time one
/// load and a byte swap where the byte order is known, a loop in constant
/// expressions.
[[nodiscard]] constexpr std::uint64_t load_be(const std::uint8_t* p, std::size_t n) noexcept {
#if ULID_LITTLE_ENDIAN && ULID_HAS_IS_CONSTANT_EVALUATED
    if (!__builtin_is_constant_evaluated()) {
#if defined(__GNUC__) || defined(__clang__)
        // The hot widths, two and four bytes, without a shift.
        if (n == 2) return __builtin_bswap16(load_word<std::uint16_t>(p));
        if (n == 4) return __builtin_bswap32(load_word<std::uint32_t>(p));
#endif
        std::uint64_t v = 0;
        std::memcpy(&v, p, n);
        return byteswap64(v) >> (64U - 8U * n);
    }
#endif
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v = (v << 8U) | p[i];
    return v;
}

/// Writes the low `n` bytes (1 to 8) of `v` at `p`, big-endian; as load_be,
/// one byte swap and store at run time.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal, every call site names its width
constexpr void store_be(std::uint8_t* p, std::size_t n, std::uint64_t v) noexcept {
#if ULID_LITTLE_ENDIAN && ULID_HAS_IS_CONSTANT_EVALUATED
    if (!__builtin_is_constant_evaluated()) {
#if defined(__GNUC__) || defined(__clang__)
        if (n == 2) {
            const auto swapped = static_cast<std::uint16_t>(__builtin_bswap16(static_cast<std::uint16_t>(v)));
            std::memcpy(p, &swapped, 2);
            return;
        }
#endif
        const std::uint64_t swapped = byteswap64(v << (64U - 8U * n));
        std::memcpy(p, &swapped, n);
        return;
    }
#endif
    for (std::size_t i = n; i-- > 0;) {
        p[i] = static_cast<std::uint8_t>(v);
        v >>= 8U;
    }
}

/// Eight bytes as a little-endian number (SipHash's word order).
[[nodiscard]] inline std::uint64_t read_le64(const std::uint8_t* p) noexcept {
#if ULID_LITTLE_ENDIAN
    std::uint64_t v = 0;
    std::memcpy(&v, p, sizeof v);
    return v;
#else
    std::uint64_t v = 0;
    for (std::size_t i = 8; i-- > 0;) v = (v << 8U) | p[i];
    return v;
#endif
}

/// Four bytes as a little-endian number (ChaCha's word order).
[[nodiscard]] inline std::uint32_t read_le32(const std::uint8_t* p) noexcept {
#if ULID_LITTLE_ENDIAN
    std::uint32_t v = 0;
    std::memcpy(&v, p, sizeof v);
    return v;
#else
    return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8U) |
           (static_cast<std::uint32_t>(p[2]) << 16U) | (static_cast<std::uint32_t>(p[3]) << 24U);
#endif
}

/// Writes `v` as four little-endian bytes.
inline void write_le32(std::uint8_t* p, std::uint32_t v) noexcept {
#if ULID_LITTLE_ENDIAN
    std::memcpy(p, &v, sizeof v);
#else
    for (std::size_t i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8U * i));
#endif
}

}  // namespace detail

// ---------------------------------------------------------------------------
// CPU features and vectors
// ---------------------------------------------------------------------------
// Uses the configuration; used by the codecs and ChaCha; tested in test_codec, test_uuid, test_entropy_sources.

namespace detail {

#if ULID_X86_SIMD

/// The SIMD features the codecs and ChaCha use, detected once at start-up.
/// Before that (a call during another translation unit's static
/// initialisation) both read false and the portable path runs, always correct.
struct cpu_features {
    bool ssse3 = false;
    bool avx2 = false;
};

[[nodiscard]] inline cpu_features detect_cpu_features() noexcept {
    cpu_features f;
#if defined(__GNUC__) || defined(__clang__)
    __builtin_cpu_init();
    // GCC returns int, clang bool.
    f.ssse3 = static_cast<bool>(__builtin_cpu_supports("ssse3"));
    f.avx2 = static_cast<bool>(__builtin_cpu_supports("avx2"));
#else
    std::array<int, 4> regs{};
    __cpuid(regs.data(), 0);
    const int max_leaf = regs[0];
    __cpuid(regs.data(), 1);
    f.ssse3 = (regs[2] & (1 << 9)) != 0;
    const bool os_saves_ymm = (regs[2] & (1 << 27)) != 0 && (regs[2] & (1 << 28)) != 0 && (_xgetbv(0) & 6) == 6;
    if (max_leaf >= 7 && os_saves_ymm) {
        __cpuidex(regs.data(), 7, 0);
        f.avx2 = (regs[1] & (1 << 5)) != 0;
    }
#endif
    return f;
}

inline const cpu_features host_cpu = detect_cpu_features();

// The x86 vector operations the kernels below use, each named after the
// intrinsic it stands for (mm_: 128 bits, mm256_: 256 bits), so that every
// kernel is written once. These wrappers, one instruction each, are the
// whole difference between the compilers.
#define ULID_SSSE3_OP ULID_TARGET("ssse3") ULID_FORCE_INLINE
#define ULID_AVX2_OP ULID_TARGET("avx2") ULID_FORCE_INLINE
#if ULID_X86_INTRINSICS
// MSVC (and GCC/clang under ULID_TEST_X86_INTRINSICS): the intrinsics.
using m128i = __m128i;
using m256i = __m256i;
ULID_SSSE3_OP m128i mm_loadu_si128(const void* p) noexcept { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
ULID_SSSE3_OP void mm_storeu_si128(void* p, m128i v) noexcept { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
ULID_SSSE3_OP void mm_storel_epi64(void* p, m128i v) noexcept { _mm_storel_epi64(static_cast<__m128i*>(p), v); }
ULID_SSSE3_OP m128i mm_set1_epi8(char x) noexcept { return _mm_set1_epi8(x); }
ULID_SSSE3_OP m128i mm_set1_epi16(short x) noexcept { return _mm_set1_epi16(x); }
ULID_SSSE3_OP m128i mm_cvtsi32_si128(int x) noexcept { return _mm_cvtsi32_si128(x); }
ULID_SSSE3_OP m128i mm_and_si128(m128i a, m128i b) noexcept { return _mm_and_si128(a, b); }
ULID_SSSE3_OP m128i mm_or_si128(m128i a, m128i b) noexcept { return _mm_or_si128(a, b); }
ULID_SSSE3_OP m128i mm_add_epi8(m128i a, m128i b) noexcept { return _mm_add_epi8(a, b); }
ULID_SSSE3_OP m128i mm_cmpgt_epi8(m128i a, m128i b) noexcept { return _mm_cmpgt_epi8(a, b); }
ULID_SSSE3_OP m128i mm_mulhi_epu16(m128i a, m128i b) noexcept { return _mm_mulhi_epu16(a, b); }
ULID_SSSE3_OP m128i mm_packus_epi16(m128i a, m128i b) noexcept { return _mm_packus_epi16(a, b); }
ULID_SSSE3_OP m128i mm_shuffle_epi8(m128i a, m128i b) noexcept { return _mm_shuffle_epi8(a, b); }
ULID_SSSE3_OP m128i mm_cmpeq_epi8(m128i a, m128i b) noexcept { return _mm_cmpeq_epi8(a, b); }
ULID_SSSE3_OP int mm_movemask_epi8(m128i v) noexcept { return _mm_movemask_epi8(v); }
ULID_SSSE3_OP m128i mm_maddubs_epi16(m128i a, m128i b) noexcept { return _mm_maddubs_epi16(a, b); }
ULID_SSSE3_OP m128i mm_unpacklo_epi8(m128i a, m128i b) noexcept { return _mm_unpacklo_epi8(a, b); }
ULID_SSSE3_OP m128i mm_unpackhi_epi8(m128i a, m128i b) noexcept { return _mm_unpackhi_epi8(a, b); }
template <int N>
ULID_SSSE3_OP m128i mm_srli_epi16(m128i v) noexcept {
    return _mm_srli_epi16(v, N);
}

ULID_AVX2_OP m256i mm256_loadu_si256(const void* p) noexcept {
    return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}
ULID_AVX2_OP void mm256_storeu_si256(void* p, m256i v) noexcept { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }
ULID_AVX2_OP m256i mm256_set1_epi8(char x) noexcept { return _mm256_set1_epi8(x); }
ULID_AVX2_OP m256i mm256_set1_epi16(short x) noexcept { return _mm256_set1_epi16(x); }
ULID_AVX2_OP m256i mm256_set1_epi32(int x) noexcept { return _mm256_set1_epi32(x); }
ULID_AVX2_OP m256i mm256_set1_epi64x(long long x) noexcept { return _mm256_set1_epi64x(x); }
ULID_AVX2_OP m256i mm256_setr_m128i(m128i lo, m128i hi) noexcept {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}
ULID_AVX2_OP m256i mm256_broadcastsi128_si256(m128i v) noexcept { return _mm256_broadcastsi128_si256(v); }
ULID_AVX2_OP m128i mm256_castsi256_si128(m256i v) noexcept { return _mm256_castsi256_si128(v); }
ULID_AVX2_OP m128i mm256_extracti128_hi(m256i v) noexcept { return _mm256_extracti128_si256(v, 1); }
ULID_AVX2_OP m256i mm256_and_si256(m256i a, m256i b) noexcept { return _mm256_and_si256(a, b); }
ULID_AVX2_OP m256i mm256_or_si256(m256i a, m256i b) noexcept { return _mm256_or_si256(a, b); }
ULID_AVX2_OP m256i mm256_xor_si256(m256i a, m256i b) noexcept { return _mm256_xor_si256(a, b); }
ULID_AVX2_OP m256i mm256_add_epi32(m256i a, m256i b) noexcept { return _mm256_add_epi32(a, b); }
template <int N>
ULID_AVX2_OP m256i mm256_slli_epi16(m256i v) noexcept {
    return _mm256_slli_epi16(v, N);
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi16(m256i v) noexcept {
    return _mm256_srli_epi16(v, N);
}
template <int N>
ULID_AVX2_OP m256i mm256_slli_epi32(m256i v) noexcept {
    return _mm256_slli_epi32(v, N);
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi32(m256i v) noexcept {
    return _mm256_srli_epi32(v, N);
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi64(m256i v) noexcept {
    return _mm256_srli_epi64(v, N);
}
ULID_AVX2_OP m256i mm256_shuffle_epi8(m256i a, m256i b) noexcept { return _mm256_shuffle_epi8(a, b); }
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the order of _mm256_blendv_epi8, which it stands in for
ULID_AVX2_OP m256i mm256_blendv_epi8(m256i a, m256i b, m256i mask) noexcept { return _mm256_blendv_epi8(a, b, mask); }
ULID_AVX2_OP int mm256_movemask_epi8(m256i v) noexcept { return _mm256_movemask_epi8(v); }
ULID_AVX2_OP m256i mm256_maddubs_epi16(m256i a, m256i b) noexcept { return _mm256_maddubs_epi16(a, b); }
ULID_AVX2_OP m256i mm256_madd_epi16(m256i a, m256i b) noexcept { return _mm256_madd_epi16(a, b); }
ULID_AVX2_OP m256i mm256_mul_epu32(m256i a, m256i b) noexcept { return _mm256_mul_epu32(a, b); }
#else
// GCC and clang: vector types, named as in their x86 builtins' signatures
// (q = 8, h = 16, s = 32, d = 64 bits; a final u: unsigned, qs: signed char,
// since char may be unsigned). Operators act lane by lane, shifts of
// unsigned lanes are logical, and a scalar operand stands for a vector of
// copies of it.
using m128i = long long __attribute__((vector_size(16)));
using m256i = unsigned __attribute__((vector_size(32)));  // ChaCha's lanes: no casts there, fewer spills
using v16qi = char __attribute__((vector_size(16)));
using v16qs = signed char __attribute__((vector_size(16)));
using v8hi = short __attribute__((vector_size(16)));
using v8hu = unsigned short __attribute__((vector_size(16)));
using v4si = int __attribute__((vector_size(16)));
using v32qi = char __attribute__((vector_size(32)));
using v32qs = signed char __attribute__((vector_size(32)));
using v16hi = short __attribute__((vector_size(32)));
using v16hu = unsigned short __attribute__((vector_size(32)));
using v8si = int __attribute__((vector_size(32)));
using v4di = long long __attribute__((vector_size(32)));
using v4du = unsigned long long __attribute__((vector_size(32)));
ULID_SSSE3_OP m128i mm_loadu_si128(const void* p) noexcept {
    m128i v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
ULID_SSSE3_OP void mm_storeu_si128(void* p, m128i v) noexcept { std::memcpy(p, &v, 16); }
ULID_SSSE3_OP void mm_storel_epi64(void* p, m128i v) noexcept { std::memcpy(p, &v, 8); }
ULID_SSSE3_OP m128i mm_set1_epi8(char x) noexcept { return reinterpret_cast<m128i>(v16qi{} + x); }
ULID_SSSE3_OP m128i mm_set1_epi16(short x) noexcept { return reinterpret_cast<m128i>(v8hi{} + x); }
ULID_SSSE3_OP m128i mm_cvtsi32_si128(int x) noexcept { return reinterpret_cast<m128i>(v4si{x, 0, 0, 0}); }
ULID_SSSE3_OP m128i mm_and_si128(m128i a, m128i b) noexcept { return a & b; }
ULID_SSSE3_OP m128i mm_or_si128(m128i a, m128i b) noexcept { return a | b; }
ULID_SSSE3_OP m128i mm_add_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(reinterpret_cast<v16qi>(a) + reinterpret_cast<v16qi>(b));
}
ULID_SSSE3_OP m128i mm_cmpgt_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(reinterpret_cast<v16qs>(a) > reinterpret_cast<v16qs>(b));
}
ULID_SSSE3_OP m128i mm_mulhi_epu16(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_ia32_pmulhuw128(reinterpret_cast<v8hi>(a), reinterpret_cast<v8hi>(b)));
}
ULID_SSSE3_OP m128i mm_packus_epi16(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_ia32_packuswb128(reinterpret_cast<v8hi>(a), reinterpret_cast<v8hi>(b)));
}
ULID_SSSE3_OP m128i mm_shuffle_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_ia32_pshufb128(reinterpret_cast<v16qi>(a), reinterpret_cast<v16qi>(b)));
}
ULID_SSSE3_OP m128i mm_cmpeq_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(reinterpret_cast<v16qi>(a) == reinterpret_cast<v16qi>(b));
}
ULID_SSSE3_OP int mm_movemask_epi8(m128i v) noexcept { return __builtin_ia32_pmovmskb128(reinterpret_cast<v16qi>(v)); }
ULID_SSSE3_OP m128i mm_maddubs_epi16(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_ia32_pmaddubsw128(reinterpret_cast<v16qi>(a), reinterpret_cast<v16qi>(b)));
}
ULID_SSSE3_OP m128i mm_unpacklo_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_shufflevector(reinterpret_cast<v16qi>(a), reinterpret_cast<v16qi>(b), 0,
                                                           16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23));
}
ULID_SSSE3_OP m128i mm_unpackhi_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_shufflevector(reinterpret_cast<v16qi>(a), reinterpret_cast<v16qi>(b), 8,
                                                           24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31));
}
template <int N>
ULID_SSSE3_OP m128i mm_srli_epi16(m128i v) noexcept {
    return reinterpret_cast<m128i>(reinterpret_cast<v8hu>(v) >> N);
}

ULID_AVX2_OP m256i mm256_loadu_si256(const void* p) noexcept {
    m256i v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
ULID_AVX2_OP void mm256_storeu_si256(void* p, m256i v) noexcept { std::memcpy(p, &v, 32); }
ULID_AVX2_OP m256i mm256_set1_epi8(char x) noexcept { return reinterpret_cast<m256i>(v32qi{} + x); }
ULID_AVX2_OP m256i mm256_set1_epi16(short x) noexcept { return reinterpret_cast<m256i>(v16hi{} + x); }
ULID_AVX2_OP m256i mm256_set1_epi32(int x) noexcept { return reinterpret_cast<m256i>(v8si{} + x); }
ULID_AVX2_OP m256i mm256_set1_epi64x(long long x) noexcept { return reinterpret_cast<m256i>(v4di{} + x); }
ULID_AVX2_OP m256i mm256_setr_m128i(m128i lo, m128i hi) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_insert128i256(__builtin_shufflevector(lo, lo, 0, 1, -1, -1), hi, 1));
}
ULID_AVX2_OP m256i mm256_broadcastsi128_si256(m128i v) noexcept {
    return reinterpret_cast<m256i>(__builtin_shufflevector(v, v, 0, 1, 0, 1));
}
ULID_AVX2_OP m128i mm256_castsi256_si128(m256i v) noexcept {
    return reinterpret_cast<m128i>(__builtin_shufflevector(v, v, 0, 1, 2, 3));
}
ULID_AVX2_OP m128i mm256_extracti128_hi(m256i v) noexcept {
    return __builtin_ia32_extract128i256(reinterpret_cast<v4di>(v), 1);
}
ULID_AVX2_OP m256i mm256_and_si256(m256i a, m256i b) noexcept { return a & b; }
ULID_AVX2_OP m256i mm256_or_si256(m256i a, m256i b) noexcept { return a | b; }
ULID_AVX2_OP m256i mm256_xor_si256(m256i a, m256i b) noexcept { return a ^ b; }
ULID_AVX2_OP m256i mm256_add_epi32(m256i a, m256i b) noexcept { return a + b; }
template <int N>
ULID_AVX2_OP m256i mm256_slli_epi16(m256i v) noexcept {
    return reinterpret_cast<m256i>(reinterpret_cast<v16hu>(v) << N);
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi16(m256i v) noexcept {
    return reinterpret_cast<m256i>(reinterpret_cast<v16hu>(v) >> N);
}
template <int N>
ULID_AVX2_OP m256i mm256_slli_epi32(m256i v) noexcept {
    return v << N;
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi32(m256i v) noexcept {
    return v >> N;
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi64(m256i v) noexcept {
    return reinterpret_cast<m256i>(reinterpret_cast<v4du>(v) >> N);
}
ULID_AVX2_OP m256i mm256_shuffle_epi8(m256i a, m256i b) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_pshufb256(reinterpret_cast<v32qi>(a), reinterpret_cast<v32qi>(b)));
}
/// A signed compare and a bitwise select rather than pblendvb: GCC 12 folds
/// __builtin_ia32_pblendvb256 into "mask < 0" on char lanes, which is never
/// true under -funsigned-char (its own _mm256_blendv_epi8 fails the same way
/// with g++ 12.2 -O2 -funsigned-char). GCC bug 110108, whose fix added the
/// test gcc.target/i386/pr110108-2.c for -funsigned-char:
/// https://gcc.gnu.org/bugzilla/show_bug.cgi?id=110108
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the order of _mm256_blendv_epi8, which it stands in for
ULID_AVX2_OP m256i mm256_blendv_epi8(m256i a, m256i b, m256i mask) noexcept {
    // On byte lanes, so that GCC still emits the single pblendvb.
    const auto take_b = reinterpret_cast<v32qi>(reinterpret_cast<v32qs>(mask) < 0);
    return reinterpret_cast<m256i>((reinterpret_cast<v32qi>(a) & ~take_b) | (reinterpret_cast<v32qi>(b) & take_b));
}
ULID_AVX2_OP int mm256_movemask_epi8(m256i v) noexcept {
    return __builtin_ia32_pmovmskb256(reinterpret_cast<v32qi>(v));
}
ULID_AVX2_OP m256i mm256_maddubs_epi16(m256i a, m256i b) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_pmaddubsw256(reinterpret_cast<v32qi>(a), reinterpret_cast<v32qi>(b)));
}
ULID_AVX2_OP m256i mm256_madd_epi16(m256i a, m256i b) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_pmaddwd256(reinterpret_cast<v16hi>(a), reinterpret_cast<v16hi>(b)));
}
ULID_AVX2_OP m256i mm256_mul_epu32(m256i a, m256i b) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_pmuludq256(reinterpret_cast<v8si>(a), reinterpret_cast<v8si>(b)));
}
#endif

/// A 16-byte table in both halves of a register: the 256-bit shuffle looks
/// up within each half.
ULID_AVX2_OP m256i table256(const std::array<std::int8_t, 16>& t) noexcept {
    return mm256_broadcastsi128_si256(mm_loadu_si128(t.data()));
}

#endif

}  // namespace detail

// ---------------------------------------------------------------------------
// The value type and the codecs
// ---------------------------------------------------------------------------
// Uses errors, byte order, vectors; used by all below; tested in test_value, test_codec, test_parse, test_uuid.

namespace detail {

inline constexpr std::uint8_t invalid_digit = 0xFF;

/// Character -> base32 value, both cases; invalid_digit for everything else
/// (including I, L, O and U, which Crockford reserves).
inline constexpr std::array<std::uint8_t, 256> decode_table = [] {
    std::array<std::uint8_t, 256> table{};
    for (auto& v : table) v = invalid_digit;
    for (std::size_t i = 0; i < alphabet.size(); ++i) {
        const auto c = static_cast<unsigned char>(alphabet[i]);
        table[c] = static_cast<std::uint8_t>(i);
        if (c >= 'A' && c <= 'Z') table[c + ('a' - 'A')] = static_cast<std::uint8_t>(i);
    }
    return table;
}();

inline constexpr std::string_view hex_digits = "0123456789abcdef";

/// Hex digit -> value, both cases; invalid_digit otherwise.
inline constexpr std::array<std::uint8_t, 256> hex_table = [] {
    std::array<std::uint8_t, 256> table{};
    for (auto& v : table) v = invalid_digit;
    for (std::size_t i = 0; i < 16; ++i) {
        const auto c = static_cast<unsigned char>(hex_digits[i]);
        table[c] = static_cast<std::uint8_t>(i);
        if (c >= 'a') table[c - ('a' - 'A')] = static_cast<std::uint8_t>(i);
    }
    return table;
}();

/// Offsets of the dashes in the 36-character UUID form.
[[nodiscard]] constexpr bool is_uuid_dash_position(std::size_t i) noexcept {
    return i == 8 || i == 13 || i == 18 || i == 23;
}

}  // namespace detail

namespace detail {

// The portable codec. Each character is five bits at a fixed position of
// the 128-bit value (the first has three, the 14th straddles the halves), so
// both directions unroll into independent shifts and table lookups; the
// index sequences make every shift a constant even at -O2.

template <std::size_t... I>
constexpr void encode_high(std::uint64_t hi, char* out, std::index_sequence<I...> /*unused*/) noexcept {
    ((out[I] = alphabet[(hi >> (61U - 5U * I)) & 31U]), ...);
}

template <std::size_t... I>
constexpr void encode_low(std::uint64_t lo, char* out, std::index_sequence<I...> /*unused*/) noexcept {
    ((out[14 + I] = alphabet[(lo >> (55U - 5U * I)) & 31U]), ...);
}

/// The portable encoder.
constexpr void encode_scalar(std::uint64_t hi, std::uint64_t lo, char* out) noexcept {
    encode_high(hi, out, std::make_index_sequence<13>{});
    out[13] = alphabet[((hi << 4U) | (lo >> 60U)) & 31U];
    encode_low(lo, out, std::make_index_sequence<12>{});
}

[[nodiscard]] constexpr std::uint64_t decode_digit(const char* text, std::size_t i) noexcept {
    return decode_table[static_cast<unsigned char>(text[i])];
}

template <std::size_t... I>
[[nodiscard]] constexpr std::uint64_t decode_high(const char* text, std::uint64_t& seen,
                                                  std::index_sequence<I...> /*unused*/) noexcept {
    seen |= (decode_digit(text, I) | ...);
    return ((decode_digit(text, I) << (61U - 5U * I)) | ...);
}

template <std::size_t... I>
[[nodiscard]] constexpr std::uint64_t decode_low(const char* text, std::uint64_t& seen,
                                                 std::index_sequence<I...> /*unused*/) noexcept {
    seen |= (decode_digit(text, 14 + I) | ...);
    return ((decode_digit(text, 14 + I) << (55U - 5U * I)) | ...);
}

/// The portable validating decoder (also the "..."_ulid literal's, at
/// compile time). Returns the first failed check.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): hi and lo in reading order, like high() and low()
[[nodiscard]] constexpr errc decode_scalar(const char* text, std::uint64_t& hi, std::uint64_t& lo) noexcept {
    // Invalid characters decode to 0xFF and valid digits are below 32, so
    // bit 7 of `seen` tells; an invalid digit's bits spill into h and l,
    // which are then not used.
    std::uint64_t seen = 0;
    const std::uint64_t middle = decode_digit(text, 13);
    seen |= middle;
    const std::uint64_t h = decode_high(text, seen, std::make_index_sequence<13>{}) | (middle >> 4U);
    const std::uint64_t l = decode_low(text, seen, std::make_index_sequence<12>{}) | (middle << 60U);
    if ((seen & 0x80U) != 0) return errc::invalid_characters;
    if (decode_digit(text, 0) > 7) return errc::overflow;
    hi = h;
    lo = l;
    return errc{};
}

// The portable UUID codec, unrolled the same way: hex digit j of the 128-bit
// value (four bits each, from the top) stands at a fixed offset of the text.

/// The offset of hex digit j (0-31) in the 36-character form, past the
/// dashes at 8, 13, 18 and 23.
[[nodiscard]] constexpr std::size_t uuid_digit_offset(std::size_t j) noexcept {
    return j + (j >= 8 ? 1U : 0U) + (j >= 12 ? 1U : 0U) + (j >= 16 ? 1U : 0U) + (j >= 20 ? 1U : 0U);
}

template <std::size_t First, std::size_t... I>
constexpr void encode_uuid_digits(std::uint64_t word, char* out, std::index_sequence<I...> /*unused*/) noexcept {
    ((out[uuid_digit_offset(First + I)] = hex_digits[(word >> (60U - 4U * I)) & 15U]), ...);
}

/// The portable UUID encoder: 36 characters, lower case.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): hi and lo in reading order, like high() and low()
constexpr void encode_uuid_scalar(std::uint64_t hi, std::uint64_t lo, char* out) noexcept {
    encode_uuid_digits<0>(hi, out, std::make_index_sequence<16>{});
    encode_uuid_digits<16>(lo, out, std::make_index_sequence<16>{});
    out[8] = '-';
    out[13] = '-';
    out[18] = '-';
    out[23] = '-';
}

[[nodiscard]] inline std::uint64_t decode_hex_digit(const char* text, std::size_t j) noexcept {
    return hex_table[static_cast<unsigned char>(text[uuid_digit_offset(j)])];
}

template <std::size_t First, std::size_t... I>
[[nodiscard]] std::uint64_t decode_uuid_digits(const char* text, std::uint64_t& seen,
                                               std::index_sequence<I...> /*unused*/) noexcept {
    seen |= (decode_hex_digit(text, First + I) | ...);
    return ((decode_hex_digit(text, First + I) << (60U - 4U * I)) | ...);
}

/// The portable validating UUID decoder of 36 characters.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): hi and lo in reading order, like high() and low()
[[nodiscard]] inline errc decode_uuid_scalar(const char* text, std::uint64_t& hi, std::uint64_t& lo) noexcept {
    // As decode_scalar: an invalid digit sets bit 7 of `seen`.
    std::uint64_t seen = 0;
    const std::uint64_t h = decode_uuid_digits<0>(text, seen, std::make_index_sequence<16>{});
    const std::uint64_t l = decode_uuid_digits<16>(text, seen, std::make_index_sequence<16>{});
    const bool dashes = text[8] == '-' && text[13] == '-' && text[18] == '-' && text[23] == '-';
    if ((seen & 0x80U) != 0 || !dashes) return errc::invalid_characters;
    hi = h;
    lo = l;
    return errc{};
}

#if ULID_X86_SIMD

/// alphabet[16 + i] - alphabet[i]: turns the character of value i into
/// that of value i + 16.
inline constexpr std::array<std::int8_t, 16> base32_upper_offsets = [] {
    std::array<std::int8_t, 16> t{};
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<std::int8_t>(alphabet[16 + i] - alphabet[i]);
    return t;
}();

/// Maps sixteen values 0-31 to their alphabet characters: a shuffle of the
/// first sixteen characters, plus a shuffle of the distance to the second
/// sixteen where the value is above 15.
ULID_TARGET("ssse3") inline m128i base32_digits_ssse3(m128i v) noexcept {
    const m128i upper = mm_and_si128(mm_cmpgt_epi8(v, mm_set1_epi8(15)),
                                     mm_shuffle_epi8(mm_loadu_si128(base32_upper_offsets.data()), v));
    return mm_add_epi8(mm_shuffle_epi8(mm_loadu_si128(alphabet.data()), v), upper);
}

/// encode_ssse3's shuffles: lane k of the group starting at byte g holds
/// bytes g+i and g+i+1 (high, low), i = 0 0 1 1 2 3 3 4, for g = 1, 6, 11
/// (-128: a zero byte, past the end).
inline constexpr std::array<std::array<std::int8_t, 16>, 3> encode_groups = {{
    {2, 1, 2, 1, 3, 2, 3, 2, 4, 3, 5, 4, 5, 4, 6, 5},
    {7, 6, 7, 6, 8, 7, 8, 7, 9, 8, 10, 9, 10, 9, 11, 10},
    {12, 11, 12, 11, 13, 12, 13, 12, 14, 13, 15, 14, 15, 14, -128, 15},
}};
/// Per lane, the multiplier 2^(16-s) whose high half shifts right by s.
inline constexpr std::array<std::int16_t, 8> encode_shifts = {32, 1024, 128, 4096, 512, 64, 2048, 256};

/// SSSE3 encoder. Byte 0 gives the first two characters; bytes 1-15 are
/// three groups of five bytes, eight characters each. For every character a
/// shuffle puts the two bytes holding its bits into a 16-bit lane, a
/// multiply-high shifts them into place and a mask keeps five bits; two
/// shuffles then map values to the alphabet.
ULID_TARGET("ssse3") inline void encode_ssse3(const std::uint8_t* bytes, char* out) noexcept {
    const m128i in = mm_loadu_si128(bytes);
    const m128i shift = mm_loadu_si128(encode_shifts.data());
    const m128i five_bits = mm_set1_epi16(31);
    const m128i g1 = mm_loadu_si128(encode_groups[0].data());
    const m128i g2 = mm_loadu_si128(encode_groups[1].data());
    const m128i g3 = mm_loadu_si128(encode_groups[2].data());
    const m128i v1 = mm_and_si128(mm_mulhi_epu16(mm_shuffle_epi8(in, g1), shift), five_bits);
    const m128i v2 = mm_and_si128(mm_mulhi_epu16(mm_shuffle_epi8(in, g2), shift), five_bits);
    const m128i v3 = mm_and_si128(mm_mulhi_epu16(mm_shuffle_epi8(in, g3), shift), five_bits);
    mm_storeu_si128(out + 2, base32_digits_ssse3(mm_packus_epi16(v1, v2)));
    mm_storel_epi64(out + 18, base32_digits_ssse3(mm_packus_epi16(v3, v3)));
    out[0] = alphabet[bytes[0] >> 5U];
    out[1] = alphabet[bytes[0] & 31U];
}

/// decode_avx2's tables, by a character's low nibble: its value among the
/// digits ('0'-'9'), the first letter row ('@' A-H I J K L M N O) and the
/// second (P-T U V-Z and five more); -1 where the character is invalid.
inline constexpr std::array<std::int8_t, 16> decode_digit_row = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1};
inline constexpr std::array<std::int8_t, 16> decode_letter_row4 = {-1, 10, 11, 12, 13, 14, 15, 16,
                                                                   17, -1, 18, 19, -1, 20, 21, -1};
inline constexpr std::array<std::int8_t, 16> decode_letter_row5 = {22, 23, 24, 25, 26, -1, 27, 28,
                                                                   29, 30, 31, -1, -1, -1, -1, -1};
/// By high nibble: 0x80 where the row is the digits (3); 0xFF where no row
/// applies (0-2, 8-15, which includes every byte above 0x7F).
inline constexpr std::array<std::int8_t, 16> decode_is_digit = {0, 0, 0, -128, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
inline constexpr std::array<std::int8_t, 16> decode_no_row = {-1, -1, -1, 0,  0,  0,  0,  0,
                                                              -1, -1, -1, -1, -1, -1, -1, -1};
/// decode_no_row for lower case only (a TypeID's suffix): the upper-case
/// rows (4, 5) have no row either, so the check costs no instruction.
inline constexpr std::array<std::int8_t, 16> decode_no_row_lower = {-1, -1, -1, 0,  -1, -1, 0,  0,
                                                                    -1, -1, -1, -1, -1, -1, -1, -1};
/// Where the decoded groups' bytes go. Low half: characters 2-9 -> bytes
/// 1-5, 10-17 -> bytes 6-10; high half: characters 18-25 -> bytes 11-15.
inline constexpr std::array<std::int8_t, 32> decode_order = {
    -1, 4,  3,  2,  1,  0,  12, 11, 10, 9,  8,  -1, -1, -1, -1, -1,  //
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 12, 11, 10, 9,  8};

/// AVX2 validating decoder. Characters 2-17 and 10-25 are loaded into the
/// two halves of a register (never reading past the 26 characters). Each
/// character's value comes from shuffle tables indexed by its low nibble:
/// one for digits, one for each of the two letter rows (upper and lower case
/// share them); the high nibble chooses among them, and any other high
/// nibble marks the character invalid (0xFF). Multiply-adds then merge the
/// values into 40-bit groups whose bytes a shuffle puts in order.
/// `LowerOnly` also rejects upper case, as invalid_characters.
template <bool LowerOnly = false>
ULID_TARGET("avx2")
inline errc decode_avx2(const char* text, std::uint8_t* bytes) noexcept {
    const std::uint8_t d0 = decode_table[static_cast<unsigned char>(text[0])];
    const std::uint8_t d1 = decode_table[static_cast<unsigned char>(text[1])];
    // Digits and lower-case letters have bit 5; upper-case letters lack it.
    const unsigned upper = LowerOnly ? ~static_cast<unsigned>(text[0] & text[1]) & 0x20U : 0U;
    const m256i x = mm256_setr_m128i(mm_loadu_si128(text + 2), mm_loadu_si128(text + 10));

    const m256i nibble = mm256_set1_epi8(0x0F);
    const m256i hi_nibble = mm256_and_si256(mm256_srli_epi16<4>(x), nibble);
    const m256i lo_nibble = mm256_and_si256(x, nibble);
    // Rows 5 and 7 have bit 4 set; shifted to bit 7 it picks the second
    // letter row.
    const m256i letter =
        mm256_blendv_epi8(mm256_shuffle_epi8(table256(decode_letter_row4), lo_nibble),
                          mm256_shuffle_epi8(table256(decode_letter_row5), lo_nibble), mm256_slli_epi16<3>(x));
    m256i v = mm256_blendv_epi8(letter, mm256_shuffle_epi8(table256(decode_digit_row), lo_nibble),
                                mm256_shuffle_epi8(table256(decode_is_digit), hi_nibble));
    v = mm256_or_si256(v, mm256_shuffle_epi8(table256(LowerOnly ? decode_no_row_lower : decode_no_row), hi_nibble));
    if ((static_cast<unsigned>(mm256_movemask_epi8(v)) | ((d0 | d1) & 0x80U) | upper) != 0)
        return errc::invalid_characters;
    if (d0 > 7) return errc::overflow;

    const m256i pairs = mm256_maddubs_epi16(v, mm256_set1_epi16(0x0120));       // v0 * 32 + v1
    const m256i quads = mm256_madd_epi16(pairs, mm256_set1_epi32(0x00010400));  // p0 * 1024 + p1
    const m256i groups = mm256_or_si256(mm256_mul_epu32(quads, mm256_set1_epi64x(1 << 20)),
                                        mm256_srli_epi64<32>(quads));  // q0 << 20 | q1
    const m256i placed = mm256_shuffle_epi8(groups, mm256_loadu_si256(decode_order.data()));
    m128i result = mm_or_si128(mm256_castsi256_si128(placed), mm256_extracti128_hi(placed));
    result = mm_or_si128(result, mm_cvtsi32_si128((d0 << 5U) | d1));
    mm_storeu_si128(bytes, result);
    return errc{};
}

/// encode_uuid_ssse3's shuffles of the 32 hex characters (a: digits 0-15,
/// b: 16-31) into the three 16-byte stores at offsets 0, 16 and 20; -128
/// leaves a zero byte, where the matching uuid_dashes_at_* puts a dash.
inline constexpr std::array<std::int8_t, 16> uuid_at_0_from_a = {0,    1, 2, 3,  4,  5,    6,  7,
                                                                 -128, 8, 9, 10, 11, -128, 12, 13};
inline constexpr std::array<std::int8_t, 16> uuid_at_16_from_a = {14,   15,   -128, -128, -128, -128, -128, -128,
                                                                  -128, -128, -128, -128, -128, -128, -128, -128};
inline constexpr std::array<std::int8_t, 16> uuid_at_16_from_b = {-128, -128, -128, 0, 1, 2, 3,  -128,
                                                                  4,    5,    6,    7, 8, 9, 10, 11};
inline constexpr std::array<std::int8_t, 16> uuid_at_20_from_b = {1, 2, 3,  -128, 4,  5,  6,  7,
                                                                  8, 9, 10, 11,   12, 13, 14, 15};
inline constexpr std::array<char, 16> uuid_dashes_at_0 = {0, 0, 0, 0, 0, 0, 0, 0, '-', 0, 0, 0, 0, '-', 0, 0};
inline constexpr std::array<char, 16> uuid_dashes_at_16 = {0, 0, '-', 0, 0, 0, 0, '-', 0, 0, 0, 0, 0, 0, 0, 0};
inline constexpr std::array<char, 16> uuid_dashes_at_20 = {0, 0, 0, '-', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

/// SSSE3 UUID encoder. The bytes' high and low nibbles, interleaved, index
/// a shuffle of the sixteen hex digits; four shuffles then place the 32
/// characters around the dashes, in three overlapping stores that write
/// exactly the 36 characters.
ULID_TARGET("ssse3") inline void encode_uuid_ssse3(const std::uint8_t* bytes, char* out) noexcept {
    const m128i in = mm_loadu_si128(bytes);
    const m128i nibble = mm_set1_epi8(0x0F);
    const m128i high = mm_and_si128(mm_srli_epi16<4>(in), nibble);
    const m128i low = mm_and_si128(in, nibble);
    const m128i digits = mm_loadu_si128(hex_digits.data());
    const m128i a = mm_shuffle_epi8(digits, mm_unpacklo_epi8(high, low));
    const m128i b = mm_shuffle_epi8(digits, mm_unpackhi_epi8(high, low));
    const m128i at_0 = mm_or_si128(mm_shuffle_epi8(a, mm_loadu_si128(uuid_at_0_from_a.data())),
                                   mm_loadu_si128(uuid_dashes_at_0.data()));
    const m128i at_16 = mm_or_si128(mm_or_si128(mm_shuffle_epi8(a, mm_loadu_si128(uuid_at_16_from_a.data())),
                                                mm_shuffle_epi8(b, mm_loadu_si128(uuid_at_16_from_b.data()))),
                                    mm_loadu_si128(uuid_dashes_at_16.data()));
    const m128i at_20 = mm_or_si128(mm_shuffle_epi8(b, mm_loadu_si128(uuid_at_20_from_b.data())),
                                    mm_loadu_si128(uuid_dashes_at_20.data()));
    mm_storeu_si128(out, at_0);
    mm_storeu_si128(out + 16, at_16);
    mm_storeu_si128(out + 20, at_20);
}

/// decode_uuid_ssse3's classes, a bit each: 1 a digit, 2 a letter a-f or
/// A-F, 4 a dash. A character is of a class exactly when the table by its
/// low nibble and the table by its high nibble both have that class's bit
/// (0x80-0xFF have none: no high nibble above 7 has a bit).
inline constexpr std::array<std::int8_t, 16> uuid_class_by_low = {1, 3, 3, 3, 3, 3, 3, 1, 1, 1, 0, 0, 0, 4, 0, 0};
inline constexpr std::array<std::int8_t, 16> uuid_class_by_high = {0, 0, 4, 1, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0};
/// A letter's value is its low nibble plus 9 ('a' is 0x61, value 10).
inline constexpr std::array<std::int8_t, 16> uuid_letter_offset = {0, 0, 0, 0, 9, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0};
/// The classes allowed at each offset of the loads at 0, 16 and 20.
inline constexpr std::array<std::int8_t, 16> uuid_classes_at_0 = {3, 3, 3, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 4, 3, 3};
inline constexpr std::array<std::int8_t, 16> uuid_classes_at_16 = {3, 3, 4, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3};
inline constexpr std::array<std::int8_t, 16> uuid_classes_at_20 = {3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
/// Where the 32 digit values go: digits 0-15 from the loads at 0 and 16,
/// digits 16-31 from those at 16 and 20.
inline constexpr std::array<std::int8_t, 16> uuid_first_from_0 = {0, 1,  2,  3,  4,  5,  6,    7,
                                                                  9, 10, 11, 12, 14, 15, -128, -128};
inline constexpr std::array<std::int8_t, 16> uuid_first_from_16 = {-128, -128, -128, -128, -128, -128, -128, -128,
                                                                   -128, -128, -128, -128, -128, -128, 0,    1};
inline constexpr std::array<std::int8_t, 16> uuid_second_from_16 = {3,    -128, -128, -128, -128, -128, -128, -128,
                                                                    -128, -128, -128, -128, -128, -128, -128, -128};
inline constexpr std::array<std::int8_t, 16> uuid_second_from_20 = {-128, 0, 1,  2,  4,  5,  6,  7,
                                                                    8,    9, 10, 11, 12, 13, 14, 15};

/// One 16-character load of decode_uuid_ssse3: its digits' values, and in
/// `bad` 0xFF where a character is not of a class `allowed` names.
struct uuid_chunk {
    m128i values;
    m128i bad;
};

ULID_TARGET("ssse3")
inline uuid_chunk classify_uuid_chunk(const char* text, const std::array<std::int8_t, 16>& allowed) noexcept {
    const m128i x = mm_loadu_si128(text);
    const m128i nibble = mm_set1_epi8(0x0F);
    const m128i low = mm_and_si128(x, nibble);
    const m128i high = mm_and_si128(mm_srli_epi16<4>(x), nibble);
    const m128i classes = mm_and_si128(mm_shuffle_epi8(mm_loadu_si128(uuid_class_by_low.data()), low),
                                       mm_shuffle_epi8(mm_loadu_si128(uuid_class_by_high.data()), high));
    const m128i bad = mm_cmpeq_epi8(mm_and_si128(classes, mm_loadu_si128(allowed.data())), mm_set1_epi8(0));
    return {mm_add_epi8(low, mm_shuffle_epi8(mm_loadu_si128(uuid_letter_offset.data()), high)), bad};
}

/// SSSE3 validating UUID decoder of 36 characters. Loads at offsets 0, 16
/// and 20 (never past the 36th character) are classified by nibble tables,
/// as in decode_avx2, against the classes each offset allows; shuffles then
/// gather the 32 digit values in order, and a multiply-add joins each pair
/// into a byte.
ULID_TARGET("ssse3") inline errc decode_uuid_ssse3(const char* text, std::uint8_t* bytes) noexcept {
    const uuid_chunk c0 = classify_uuid_chunk(text, uuid_classes_at_0);
    const uuid_chunk c16 = classify_uuid_chunk(text + 16, uuid_classes_at_16);
    const uuid_chunk c20 = classify_uuid_chunk(text + 20, uuid_classes_at_20);
    if (mm_movemask_epi8(mm_or_si128(mm_or_si128(c0.bad, c16.bad), c20.bad)) != 0) return errc::invalid_characters;
    const m128i first = mm_or_si128(mm_shuffle_epi8(c0.values, mm_loadu_si128(uuid_first_from_0.data())),
                                    mm_shuffle_epi8(c16.values, mm_loadu_si128(uuid_first_from_16.data())));
    const m128i second = mm_or_si128(mm_shuffle_epi8(c16.values, mm_loadu_si128(uuid_second_from_16.data())),
                                     mm_shuffle_epi8(c20.values, mm_loadu_si128(uuid_second_from_20.data())));
    const m128i pair = mm_set1_epi16(0x0110);  // the first digit times 16 plus the second
    mm_storeu_si128(bytes, mm_packus_epi16(mm_maddubs_epi16(first, pair), mm_maddubs_epi16(second, pair)));
    return errc{};
}

#endif

}  // namespace detail

inline std::error_code ulid::from_bytes(const std::uint8_t* data, std::size_t size, ulid& out) noexcept {
    if (size != binary_size || data == nullptr) return errc::data_size;
    std::memcpy(out.bytes_.data(), data, binary_size);
    return detail::success();
}

constexpr ulid ulid::from_high_low(std::uint64_t high, std::uint64_t low) noexcept {
    ulid id;
    detail::store_be(id.bytes_.data(), 8, high);
    detail::store_be(id.bytes_.data() + 8, 8, low);
    return id;
}

inline std::error_code ulid::to_bytes(std::uint8_t* out, std::size_t size) const noexcept {
    if (size < binary_size || out == nullptr) return errc::buffer_size;
    std::memcpy(out, bytes_.data(), binary_size);
    return detail::success();
}

constexpr std::uint64_t ulid::time() const noexcept { return detail::load_be(bytes_.data(), 8) >> 16U; }

inline std::error_code ulid::set_time(std::uint64_t ms) noexcept {
    if (ms > max_time) return errc::big_time;
    detail::store_be(bytes_.data(), 6, ms);
    return detail::success();
}

inline std::error_code ulid::set_entropy(const std::uint8_t* data, std::size_t size) noexcept {
    if (size != entropy_size || data == nullptr) return errc::data_size;
    std::memcpy(bytes_.data() + 6, data, entropy_size);
    return detail::success();
}

constexpr std::uint64_t ulid::high() const noexcept { return detail::load_be(bytes_.data(), 8); }
constexpr std::uint64_t ulid::low() const noexcept { return detail::load_be(bytes_.data() + 8, 8); }

constexpr ulid to_uuidv7(const ulid& id) noexcept {
    return ulid::from_high_low((id.high() & ~std::uint64_t{0xF000}) | 0x7000U,
                               (id.low() & ~(std::uint64_t{3} << 62U)) | (std::uint64_t{2} << 62U));
}

inline std::error_code ulid::encode(char* out, std::size_t size) const noexcept {
    if (size < encoded_size || out == nullptr) return errc::buffer_size;
    encode(out);
    return detail::success();
}

constexpr char* ulid::encode(char* out) const noexcept {
#if ULID_X86_SIMD && ULID_HAS_IS_CONSTANT_EVALUATED
    if (!__builtin_is_constant_evaluated() && detail::host_cpu.ssse3) {
        detail::encode_ssse3(bytes_.data(), out);
        return out + encoded_size;
    }
#endif
    detail::encode_scalar(high(), low(), out);
    return out + encoded_size;
}

constexpr char* ulid::encode_lower(char* out) const noexcept {
    encode(out);
    // '0'-'9' already have bit 5 set, so one OR lowers the letters only.
    for (std::size_t i = 0; i < encoded_size; ++i) out[i] = static_cast<char>(out[i] | 0x20);
    return out + encoded_size;
}

constexpr char* ulid::encode_uuid(char* out) const noexcept {
#if ULID_X86_SIMD && ULID_HAS_IS_CONSTANT_EVALUATED
    if (!__builtin_is_constant_evaluated() && detail::host_cpu.ssse3) {
        detail::encode_uuid_ssse3(bytes_.data(), out);
        return out + uuid_size;
    }
#endif
    detail::encode_uuid_scalar(high(), low(), out);
    return out + uuid_size;
}

inline std::error_code parse(std::string_view text, ulid& out) noexcept {
    if (text.size() != encoded_size) return errc::data_size;
#if ULID_X86_SIMD
    if (detail::host_cpu.avx2) {
        byte_array bytes;  // NOLINT(cppcoreguidelines-pro-type-member-init): written on success
        if (const errc e = detail::decode_avx2(text.data(), bytes.data()); e != errc{}) return e;
        out = ulid::from_bytes(bytes);
        return detail::success();
    }
#endif
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    if (const errc e = detail::decode_scalar(text.data(), hi, lo); e != errc{}) return e;
    out = ulid::from_high_low(hi, lo);
    return detail::success();
}

namespace detail {

/// Not constexpr, on purpose: a "..."_ulid literal that reaches it is a
/// compile error naming it (C++20, or a constant expression in C++17);
/// elsewhere it throws must_parse()'s exception, explain()'s words and all.
[[noreturn]] inline void invalid_ulid_literal(std::string_view text, errc e) {
    (void)must_parse(text);
    throw_error(make_error_code(e));  // unreachable: must_parse() refuses what decode_scalar() refused
}

}  // namespace detail

ULID_CONSTEVAL ulid literals::operator""_ulid(const char* text, std::size_t size) {
    if (size != encoded_size) detail::invalid_ulid_literal(std::string_view(text, size), errc::data_size);
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    if (const errc e = detail::decode_scalar(text, hi, lo); e != errc{}) {
        detail::invalid_ulid_literal(std::string_view(text, size), e);
    }
    return ulid::from_high_low(hi, lo);
}

inline ulid must_parse(std::string_view text) {
    ulid id;
    if (const std::error_code ec = parse(text, id)) {
#if ULID_EXCEPTIONS
        throw error(ec, explain(text, text_form::ulid));
#else
        std::array<char, 128> why{};
        (void)explain(text, why.data(), why.size(), text_form::ulid);
        std::fprintf(stderr, "ulid: fatal error: %s: %s\n", why.data(), error_message(errc_of(ec)));
        std::abort();
#endif
    }
    return id;
}

namespace detail {

/// The canonical 36 characters at `text` into `out`; `out` unchanged on error.
[[nodiscard]] inline errc parse_canonical_uuid(const char* text, ulid& out) noexcept {
#if ULID_X86_SIMD
    if (host_cpu.ssse3) {
        byte_array bytes;  // NOLINT(cppcoreguidelines-pro-type-member-init): written on success
        if (const errc e = decode_uuid_ssse3(text, bytes.data()); e != errc{}) return e;
        out = ulid::from_bytes(bytes);
        return errc{};
    }
#endif
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    if (const errc e = decode_uuid_scalar(text, hi, lo); e != errc{}) return e;
    out = ulid::from_high_low(hi, lo);
    return errc{};
}

/// Why a text is not one of the UUID spellings, as uuid_spelling() finds it.
enum class uuid_layout_error {
    none,
    unclosed_brace,  ///< '{' first without '}' last
    misplaced_dash,  ///< a '-' not right after a group of four digits, or after the last
    extra_digit,     ///< more than 32 digits
    few_digits,      ///< fewer than 32 digits
};

/// Where and why uuid_spelling() rejected a text (`at` 0-based).
struct uuid_layout {
    uuid_layout_error error = uuid_layout_error::none;
    std::size_t at = 0;
    std::size_t digits = 0;
};

/// The one definition of the UUID spellings every surface accepts (C++
/// parse_uuid()/parse_any(), the tool, SQLite, PostgreSQL): those of
/// PostgreSQL's uuid_in (string_to_uuid() in src/backend/utils/adt/uuid.c),
/// 32 digits, optionally in braces, with at most one '-' after any group of
/// four but the last. Rewrites them into the canonical 8-4-4-4-12 layout in
/// `out`. Only the layout is checked; the digits are left to the canonical
/// decoder, which judges them as it judges canonical text.
[[nodiscard]] constexpr uuid_layout uuid_spelling(std::string_view in, std::array<char, uuid_size>& out) noexcept {
    constexpr std::size_t digits = 32;
    std::size_t first = 0;
    std::size_t end = in.size();
    if (!in.empty() && in.front() == '{') {
        if (in.size() < 2 || in.back() != '}') return {uuid_layout_error::unclosed_brace, 0, 0};
        first = 1;
        --end;
    }
    std::size_t d = 0;  // digits copied so far
    bool after_dash = false;
    for (std::size_t i = first; i < end; ++i) {
        const char c = in[i];
        if (c == '-') {
            if (after_dash || d == 0 || d % 4 != 0 || d >= digits) return {uuid_layout_error::misplaced_dash, i, d};
            after_dash = true;
            continue;
        }
        if (d == digits) return {uuid_layout_error::extra_digit, i, d};
        // The canonical form's dashes stand after digits 8, 12, 16 and 20.
        out[d + (d >= 8 ? 1U : 0U) + (d >= 12 ? 1U : 0U) + (d >= 16 ? 1U : 0U) + (d >= 20 ? 1U : 0U)] = c;
        ++d;
        after_dash = false;
    }
    if (d != digits) return {uuid_layout_error::few_digits, end, d};
    out[8] = out[13] = out[18] = out[23] = '-';
    return {};
}

/// The lengths a UUID spelling can have: 32 digits, up to 7 dashes, braces.
inline constexpr std::size_t uuid_min_size = 32;
inline constexpr std::size_t uuid_max_size = 41;

}  // namespace detail

inline std::error_code parse_uuid(std::string_view text, ulid& out) noexcept {
    if (text.size() == uuid_size && detail::parse_canonical_uuid(text.data(), out) == errc{}) return detail::success();
    if (text.size() < detail::uuid_min_size || text.size() > detail::uuid_max_size) return errc::data_size;
    std::array<char, uuid_size> canonical{};
    if (detail::uuid_spelling(text, canonical).error != detail::uuid_layout_error::none) {
        return errc::invalid_characters;
    }
    if (const errc e = detail::parse_canonical_uuid(canonical.data(), out); e != errc{}) return e;
    return detail::success();
}

inline std::error_code parse_any(std::string_view text, ulid& out) noexcept {
    if (text.size() == encoded_size) return parse(text, out);
    return parse_uuid(text, out);
}

inline std::error_code parse_any(std::string_view text, ulid& out, text_form& form) noexcept {
    form = text.size() == encoded_size ? text_form::ulid : text_form::uuid;
    return parse_any(text, out);
}

constexpr uuid_text canonical_uuid_spelling(std::string_view text) noexcept {
    std::array<char, uuid_size> canonical{};
    if (detail::uuid_spelling(text, canonical).error != detail::uuid_layout_error::none) return {};
    return uuid_text(std::string_view(canonical.data(), canonical.size()));
}

constexpr fixed_text<4> shown_char(char c) noexcept {
    switch (c) {
        case '\'':
            return fixed_text<4>("\\'");
        case '\\':
            return fixed_text<4>("\\\\");
        case '\0':
            return fixed_text<4>("\\0");
        case '\t':
            return fixed_text<4>("\\t");
        case '\n':
            return fixed_text<4>("\\n");
        case '\r':
            return fixed_text<4>("\\r");
        default:
            break;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F) return fixed_text<4>(std::string_view(&c, 1));
    const std::array<char, 4> escaped = {'\\', 'x', detail::hex_digits[u >> 4U], detail::hex_digits[u & 15U]};
    return fixed_text<4>(std::string_view(escaped.data(), escaped.size()));
}

namespace detail {

/// Writes into a caller's buffer of `size` bytes as snprintf does: at most
/// size - 1 characters and a NUL, counting the full length.
class bounded_writer {
public:
    bounded_writer(char* out, std::size_t size) noexcept
        : out_(out), size_(out == nullptr ? 0 : size), limit_(size_ == 0 ? 0 : size_ - 1) {}
    void put(char c) noexcept {
        // Against a bound fixed at construction: g++ 12 at -O3 (s390x) took
        // `length_ + 1 < size_` for a possible write at offset -1.
        if (length_ < limit_) out_[length_] = c;
        ++length_;
    }
    void put(std::string_view s) noexcept {
        for (const char c : s) put(c);
    }
    void put_number(std::size_t n) noexcept {
        std::array<char, 20> digits{};
        std::size_t k = 0;
        do {
            digits[k++] = static_cast<char>('0' + n % 10);
            n /= 10;
        } while (n != 0);
        while (k > 0) put(digits[--k]);
    }
    /// A character in quotes, visible whatever it is (shown_char()): a
    /// CRLF file's '\r' must not vanish in a terminal.
    void put_shown(char c) noexcept {
        put('\'');
        put(shown_char(c).view());
        put('\'');
    }
    [[nodiscard]] std::size_t finish() noexcept {
        if (size_ > 0) out_[length_ < size_ ? length_ : size_ - 1] = '\0';
        return length_;
    }

private:
    char* out_;
    std::size_t size_;
    std::size_t limit_;  // the characters that fit before the terminating '\0'
    std::size_t length_ = 0;
};

inline void explain_length(bounded_writer& w, std::size_t got, text_form form) noexcept {
    w.put("got ");
    w.put_number(got);
    w.put(got == 1 ? " character, expected " : " characters, expected ");
    switch (form) {
        case text_form::ulid:
            w.put("26");
            break;
        // Every length a UUID spelling can have, not only the usual 36.
        case text_form::uuid:
            w.put("32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)");
            break;
        case text_form::any:
            w.put("26 (ULID) or 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)");
            break;
        case text_form::type_id:
            w.put("a TypeID");
            break;
    }
}

/// Whether `input` starts with "urn:uuid:" in any case (RFC 9562 section 4's
/// URN, RFC 8141's case-insensitive "urn" and namespace).
[[nodiscard]] constexpr bool is_uuid_urn(std::string_view input) noexcept {
    constexpr std::string_view urn = "urn:uuid:";
    if (input.size() < urn.size()) return false;
    for (std::size_t i = 0; i < urn.size(); ++i) {
        const char c = input[i];
        if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != urn[i]) return false;
    }
    return true;
}

inline void explain_ulid(bounded_writer& w, std::string_view input) noexcept {
    for (std::size_t i = 0; i < input.size(); ++i) {
        if (decode_table[static_cast<unsigned char>(input[i])] == invalid_digit) {
            w.put_shown(input[i]);
            w.put(" at position ");
            w.put_number(i + 1);
            w.put(" is not a Crockford base32 character");
            return;
        }
    }
    if (decode_table[static_cast<unsigned char>(input[0])] > 7) {
        w.put("first character ");
        w.put_shown(input[0]);
        w.put(" is above '7': the value would exceed 128 bits");
    }
}

inline void explain_uuid_canonical(bounded_writer& w, std::string_view input) noexcept {
    for (std::size_t i = 0; i < input.size(); ++i) {
        const bool dash = is_uuid_dash_position(i);
        if (dash ? input[i] == '-' : hex_table[static_cast<unsigned char>(input[i])] != invalid_digit) continue;
        w.put_shown(input[i]);
        w.put(" at position ");
        w.put_number(i + 1);
        w.put(dash ? " is not '-'" : " is not a hexadecimal digit");
        return;
    }
}

/// explain() for the UUID form, every spelling of uuid_spelling(); positions
/// count in the input as given.
// NOLINTNEXTLINE(readability-function-cognitive-complexity): one flat check per rule, in explain()'s order
inline void explain_uuid(bounded_writer& w, std::string_view input) noexcept {
    std::array<char, uuid_size> canonical{};
    const uuid_layout layout = uuid_spelling(input, canonical);
    if (layout.error == uuid_layout_error::none) {
        // The layout holds: the first character that is not a digit.
        const bool braced = input.front() == '{';
        for (std::size_t i = braced ? 1U : 0U; i < input.size() - (braced ? 1U : 0U); ++i) {
            if (input[i] == '-' || hex_table[static_cast<unsigned char>(input[i])] != invalid_digit) continue;
            w.put_shown(input[i]);
            w.put(" at position ");
            w.put_number(i + 1);
            w.put(" is not a hexadecimal digit");
            return;
        }
        return;
    }
    // The canonical layout's own words where it was meant: its length, or
    // its four dashes without braces.
    if (input.size() == uuid_size && input.front() != '{') return explain_uuid_canonical(w, input);
    // A character no spelling has anywhere comes before the layout's faults.
    for (std::size_t i = 0; i < input.size(); ++i) {
        const char c = input[i];
        const bool brace = (c == '{' && i == 0) || (c == '}' && i + 1 == input.size());
        if (brace || c == '-' || hex_table[static_cast<unsigned char>(c)] != invalid_digit) continue;
        w.put_shown(c);
        w.put(" at position ");
        w.put_number(i + 1);
        w.put(" is not a hexadecimal digit");
        return;
    }
    const bool digit_count =
        layout.error == uuid_layout_error::few_digits || layout.error == uuid_layout_error::extra_digit;
    std::size_t dashes = 0;
    for (const char c : input) dashes += c == '-' ? 1U : 0U;
    if (digit_count && dashes == 4 && input.front() != '{') {
        // The 8-4-4-4-12 form was meant, whose one length is 36.
        w.put("got ");
        w.put_number(input.size());
        w.put(" characters, expected 36 (a UUID with four dashes)");
        return;
    }
    switch (layout.error) {
        case uuid_layout_error::unclosed_brace:
            w.put("the '{' at position 1 is not closed by a '}' at the end");
            return;
        case uuid_layout_error::misplaced_dash:
            w.put("'-' at position ");
            w.put_number(layout.at + 1);
            w.put(" is out of place: a UUID allows one '-' after a group of four hexadecimal digits");
            return;
        case uuid_layout_error::extra_digit:
            w.put_shown(input[layout.at]);
            w.put(" at position ");
            w.put_number(layout.at + 1);
            w.put(" is past a UUID's 32 hexadecimal digits");
            return;
        case uuid_layout_error::few_digits:
        case uuid_layout_error::none:
            w.put("got ");
            w.put_number(layout.digits);
            w.put(" hexadecimal digits, expected 32 (a UUID)");
            return;
    }
}

}  // namespace detail

inline std::size_t explain(std::string_view input, char* out, std::size_t size, text_form form) noexcept {
    if (form == text_form::type_id) return detail::explain_type_id(input, nullptr, out, size);
    detail::bounded_writer w(out, size);
    // The URN is not one of the spellings every surface reads (PostgreSQL's
    // uuid_in refuses it), so it is named rather than read.
    if (form != text_form::ulid && detail::is_uuid_urn(input)) {
        w.put("a UUID URN: give the UUID without its 'urn:uuid:' prefix");
        return w.finish();
    }
    const bool uuid_length = input.size() >= detail::uuid_min_size && input.size() <= detail::uuid_max_size;
    const bool as_ulid = form == text_form::ulid || (form == text_form::any && input.size() == encoded_size);
    const bool as_uuid = form == text_form::uuid || (form == text_form::any && uuid_length);
    if (as_ulid && input.size() == encoded_size) {
        detail::explain_ulid(w, input);
    } else if (as_uuid && uuid_length) {
        detail::explain_uuid(w, input);
    } else {
        detail::explain_length(w, input.size(), form);
    }
    return w.finish();
}

inline std::string explain(std::string_view input, text_form form) {
    std::array<char, 96> buffer{};
    const std::size_t n = explain(input, buffer.data(), buffer.size(), form);
    if (n < buffer.size()) return std::string(buffer.data(), n);
    std::string message(n, '\0');
    (void)explain(input, message.data(), n + 1, form);
    return message;
}

namespace detail {

/// The form explain(input) explains against (see there).
[[nodiscard]] constexpr text_form likely_form(std::string_view input) noexcept {
    constexpr std::size_t npos = std::string_view::npos;
    if (input.size() == encoded_size) return text_form::ulid;
    if (input.find('_') != npos) return text_form::type_id;
    if (is_uuid_urn(input) || input.find('-') != npos || input.find('{') != npos || input.size() >= 31)
        return text_form::uuid;
    return text_form::ulid;
}

}  // namespace detail

inline std::size_t explain(std::string_view input, char* out, std::size_t size) noexcept {
    return explain(input, out, size, detail::likely_form(input));
}

inline std::string explain(std::string_view input) { return explain(input, detail::likely_form(input)); }

inline std::size_t explain_length(std::size_t length, text_form form, char* out, std::size_t size) noexcept {
    detail::bounded_writer w(out, size);
    detail::explain_length(w, length, form);
    return w.finish();
}

// ---------------------------------------------------------------------------
// Time
// ---------------------------------------------------------------------------
// Uses the value type; used by layouts, generation, the make functions; tested in test_time.cpp, test_clock.cpp.

inline std::uint64_t timestamp(std::chrono::system_clock::time_point t) noexcept {
    const auto ms = std::chrono::floor<std::chrono::milliseconds>(t.time_since_epoch()).count();
    return ms < 0 ? 0 : static_cast<std::uint64_t>(ms);
}

inline std::uint64_t now() noexcept {
    const auto since_epoch = std::chrono::system_clock::now().time_since_epoch();
    // After 1970 an unsigned division does it, cheaper than a signed floor.
    if (since_epoch.count() >= 0) {
        using period = std::chrono::system_clock::duration::period;
        static_assert(period::num == 1, "system_clock ticks are a fraction of a second");
        if constexpr (period::den >= 1000 && period::den % 1000 == 0) {
            return static_cast<std::uint64_t>(since_epoch.count()) / static_cast<std::uint64_t>(period::den / 1000);
        }
    }
    return timestamp(std::chrono::system_clock::time_point(since_epoch));
}

inline std::chrono::system_clock::time_point time(std::uint64_t ms) noexcept {
    using clock = std::chrono::system_clock;
    constexpr auto limit = std::chrono::duration_cast<std::chrono::milliseconds>(clock::duration::max()).count();
    if (ms > static_cast<std::uint64_t>(limit)) return clock::time_point::max();
    const std::chrono::milliseconds d(static_cast<std::chrono::milliseconds::rep>(ms));
    return clock::time_point(std::chrono::duration_cast<clock::duration>(d));
}

inline std::chrono::system_clock::time_point ulid::timestamp() const noexcept { return ::ulid::time(time()); }

namespace detail {

/// A proleptic Gregorian date; month 1-12, day 1-31.
struct civil_date {
    std::int64_t year = 1970;
    unsigned month = 1;
    unsigned day = 1;
};

// Howard Hinnant's "chrono-Compatible Low-Level Date Algorithms", for every
// year an int64_t day count holds; rfc3339() and the tool's dates use them.

/// Days since 1970-01-01 of `date` (negative before it).
[[nodiscard]] constexpr std::int64_t days_from_civil(civil_date date) noexcept {
    const std::int64_t y = date.year - (date.month <= 2 ? 1 : 0);
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int64_t yoe = y - era * 400;
    const std::int64_t mp = date.month > 2 ? std::int64_t{date.month} - 3 : std::int64_t{date.month} + 9;
    const std::int64_t doy = (153 * mp + 2) / 5 + std::int64_t{date.day} - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/// The date `days` days after 1970-01-01 (`days` may be negative).
[[nodiscard]] constexpr civil_date civil_from_days(std::int64_t days) noexcept {
    const std::int64_t z = days + 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    civil_date date;
    date.day = static_cast<unsigned>(doy - (153 * mp + 2) / 5 + 1);
    date.month = static_cast<unsigned>(mp < 10 ? mp + 3 : mp - 9);
    date.year = yoe + era * 400 + (date.month <= 2 ? 1 : 0);
    return date;
}

}  // namespace detail

inline fixed_text<25> rfc3339(std::uint64_t ms) noexcept {
    if (ms > max_time) return {};
    const detail::civil_date date = detail::civil_from_days(static_cast<std::int64_t>(ms / 86400000U));
    const auto year = static_cast<std::uint64_t>(date.year);
    const std::uint64_t month = date.month;
    const std::uint64_t day = date.day;
    const std::uint64_t in_day = ms % 86400000U;
    std::array<char, 25> chars{};
    std::size_t n = 0;
    const auto put = [&](std::uint64_t v, int digits) {
        for (int d = digits - 1; d >= 0; --d) {
            std::uint64_t scale = 1;
            for (int k = 0; k < d; ++k) scale *= 10U;
            chars[n++] = static_cast<char>('0' + (v / scale) % 10U);
        }
    };
    put(year, year >= 10000U ? 5 : 4);
    chars[n++] = '-';
    put(month, 2);
    chars[n++] = '-';
    put(day, 2);
    chars[n++] = 'T';
    put(in_day / 3600000U, 2);
    chars[n++] = ':';
    put(in_day / 60000U % 60U, 2);
    chars[n++] = ':';
    put(in_day / 1000U % 60U, 2);
    chars[n++] = '.';
    put(in_day % 1000U, 3);
    chars[n++] = 'Z';
    return fixed_text<25>(std::string_view(chars.data(), n));
}

inline fixed_text<25> rfc3339(const ulid& id) noexcept { return rfc3339(id.time()); }

constexpr ulid min_at(std::uint64_t ms) {
    if (ms > max_time) detail::throw_error(make_error_code(errc::big_time));
    return ulid::from_high_low(ms << 16U, 0);
}

constexpr ulid max_at(std::uint64_t ms) {
    if (ms > max_time) detail::throw_error(make_error_code(errc::big_time));
    return ulid::from_high_low((ms << 16U) | 0xFFFFU, ~std::uint64_t{0});
}

inline ulid min_at(std::chrono::system_clock::time_point t) { return min_at(timestamp(t)); }

inline ulid max_at(std::chrono::system_clock::time_point t) { return max_at(timestamp(t)); }

namespace detail {

// The generators' clock. make(), make_thread_local() and make_batch() read
// CLOCK_REALTIME interpolated by the CPU's cycle counter, the scheme of
// Abseil's absl::Now() (absl/time/clock.cc): a kernel sample anchors a line
// whose slope, the counter's period, is measured over 10 ms to 1 s of earlier
// samples. Abseil reads the kernel clock between two counter reads; here the
// counter is read between two kernel reads (take_cycle_sample() says why).
// Unlike Abseil each thread keeps its own anchor and takes a new one every
// millisecond (on the first read after it), so the line never runs far, and
// every read is checked against CLOCK_REALTIME_COARSE (a vDSO read of the
// kernel's last update): an estimate behind it, or ahead by more than a tick
// plus 50 ms (it lags by up to 17 ms in a busy VM), is not used. The kernel
// clock answers instead, and the sample it takes judges the anchor: off by
// more than 20 us plus 1000 ppm of the time since means a step of the real
// clock, a suspend, a migration, a counter gone back or a changed rate, and
// the slope is forgotten until measured again. No lock, no shared write on
// the fast path; a forked child inherits a slope and an anchor that still
// hold, because the counter and CLOCK_REALTIME are the machine's, not the
// process's. docs/design.md has the reasoning; ULID_NO_CYCLE_CLOCK turns it
// off.

#if defined(ULID_TEST_CLOCK_STEP)
/// Test hook: nanoseconds added to every read of the real-time clock by the
/// generators, to simulate a step of CLOCK_REALTIME.
inline std::atomic<std::int64_t> clock_step_for_testing{0};
[[nodiscard]] inline std::int64_t clock_step_ns() noexcept {
    return clock_step_for_testing.load(std::memory_order_relaxed);
}
#else
// Without the test-only switch the hook is a constant: no load on any clock path.
[[nodiscard]] constexpr std::int64_t clock_step_ns() noexcept { return 0; }
#endif

/// The system clock in Unix milliseconds, with the test hook's step.
[[nodiscard]] ULID_FORCE_INLINE std::uint64_t system_clock_ms() noexcept {
    const std::int64_t step = clock_step_ns();
    if (ULID_LIKELY(step == 0)) return now();
    using clock = std::chrono::system_clock;
    return timestamp(clock::now() + std::chrono::duration_cast<clock::duration>(std::chrono::nanoseconds(step)));
}

#if ULID_CYCLE_CLOCK

inline constexpr std::uint64_t cycle_refresh_ns = 1000000;       // a new anchor each ms
inline constexpr std::uint64_t cycle_slope_min_ns = 10000000;    // slope measured over 10 ms...
inline constexpr std::uint64_t cycle_slope_max_ns = 1000000000;  // ...to 1 s of samples
inline constexpr std::uint64_t cycle_early_ns = 20000;           // allowed behind the coarse clock
inline constexpr std::uint64_t cycle_late_ns = 50000000;         // ahead of it beyond a tick
inline constexpr std::uint64_t cycle_sample_max_ns = 20000;      // widest usable sample

/// What the slow path did (tests and docs/performance.md read them).
struct cycle_clock_counts {
    std::atomic<std::uint64_t> samples{0};  // kernel samples taken
    std::atomic<std::uint64_t> slopes{0};   // slopes measured and published
    std::atomic<std::uint64_t> resets{0};   // anchors found off: the slope forgotten
};
inline cycle_clock_counts cycle_counts;

/// The counter's period in 2^-32 ns, shared by all threads; 0 when unknown.
inline std::atomic<std::uint64_t> cycle_slope{0};

/// One thread's line: ns = base_ns + (counter - base_ticks) * slope / 2^32,
/// used while counter - base_ticks < limit (limit 0: not calibrated).
struct cycle_clock_line {
    std::uint64_t base_ticks = 0;
    std::uint64_t base_ns = 0;
    std::uint64_t slope = 0;
    std::uint64_t limit = 0;
    std::uint64_t window = 0;      // the estimate's allowed span above coarse - cycle_early_ns
    std::uint64_t from_ticks = 0;  // the sample the slope is measured from
    std::uint64_t from_ns = 0;
};
inline thread_local cycle_clock_line cycle_line;

[[nodiscard]] ULID_FORCE_INLINE std::uint64_t read_counter() noexcept {
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#else
    std::uint64_t ticks = 0;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(ticks));
    return ticks;
#endif
}

[[nodiscard]] ULID_FORCE_INLINE std::uint64_t kernel_ns(clockid_t clock) noexcept {
    timespec ts{};
    (void)::clock_gettime(clock, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000U + static_cast<std::uint64_t>(ts.tv_nsec) +
           static_cast<std::uint64_t>(clock_step_ns());
}

/// (a * b) >> 32 without overflow for any result below 2^64.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a product: the order does not matter
[[nodiscard]] inline std::uint64_t mul_shift32(std::uint64_t a, std::uint64_t b) noexcept {
    const std::uint64_t ah = a >> 32U;
    const std::uint64_t al = a & 0xffffffffU;
    const std::uint64_t bh = b >> 32U;
    const std::uint64_t bl = b & 0xffffffffU;
    return ((ah * bh) << 32U) + ah * bl + al * bh + ((al * bl) >> 32U);
}

/// The coarse clock's tick plus cycle_early_ns and cycle_late_ns; 0 when the
/// counter cannot be trusted: no invariant TSC (CPUID 0x80000007, EDX bit 8),
/// no counter frequency on AArch64, or a coarse tick above 20 ms.
[[nodiscard]] inline std::uint64_t detect_cycle_clock_window() noexcept {
#if defined(__x86_64__)
    unsigned a = 0x80000000U;
    unsigned b = 0;
    unsigned c = 0;
    unsigned d = 0;
    __asm__ __volatile__("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
    if (a < 0x80000007U) return std::uint64_t{0};
    a = 0x80000007U;
    c = 0;
    __asm__ __volatile__("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
    if ((d & (1U << 8U)) == 0) return std::uint64_t{0};
#else
    std::uint64_t frequency = 0;
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(frequency));
    if (frequency == 0) return std::uint64_t{0};
#endif
    timespec tick{};
    if (::clock_getres(CLOCK_REALTIME_COARSE, &tick) != 0 || tick.tv_sec != 0 || tick.tv_nsec > 20000000) {
        return std::uint64_t{0};
    }
    return static_cast<std::uint64_t>(tick.tv_nsec) + cycle_early_ns + cycle_late_ns;
}

/// detect_cycle_clock_window(), once it has run; all ones before. Not a
/// function-local static: its guard could be held by a parent's thread at a
/// fork, and the child would wait on it forever. Threads that race work out
/// the same value.
inline std::atomic<std::uint64_t> cycle_window_cache{~std::uint64_t{0}};

[[nodiscard]] inline std::uint64_t cycle_clock_window() noexcept {
    std::uint64_t window = cycle_window_cache.load(std::memory_order_relaxed);
    if (ULID_UNLIKELY(window == ~std::uint64_t{0})) {
        window = detect_cycle_clock_window();
        cycle_window_cache.store(window, std::memory_order_relaxed);
    }
    return window;
}

/// A kernel sample: the counter, the kernel time beside it, and how far
/// apart the two kernel reads that bracket it were.
struct cycle_sample {
    std::uint64_t ticks = 0;
    std::uint64_t ns = 0;
    std::uint64_t width = ~std::uint64_t{0};
};

/// Sample: the narrowest of three, the least likely to have been interrupted.
/// The counter is read between two kernel reads (Abseil reads the kernel
/// between two counter reads), so that the width is in nanoseconds before
/// any slope is known.
[[nodiscard]] inline cycle_sample take_cycle_sample() noexcept {
    cycle_sample best;
    for (int i = 0; i < 3; ++i) {
        const std::uint64_t before = kernel_ns(CLOCK_REALTIME);
        const std::uint64_t t = read_counter();
        const std::uint64_t after = kernel_ns(CLOCK_REALTIME);
        if (after - before < best.width) {
            best.width = after - before;
            best.ticks = t;
            best.ns = before + best.width / 2;
        }
    }
    cycle_counts.samples.fetch_add(1, std::memory_order_relaxed);
    return best;
}

/// What a new sample says of the line it replaces.
enum class cycle_verdict {
    holds,  // on the line, or no line to judge
    stale,  // over a second old: rates and steps cannot be told apart, no blame
    off,    // went back, or missed: the slope is not to be trusted
};

/// Judge: a line missing its sample by more than 20 us plus 1000 ppm of the
/// time since has seen a step, a suspend, a migration or a changed rate.
[[nodiscard]] inline cycle_verdict judge_cycle_line(const cycle_clock_line& line, const cycle_sample& s) noexcept {
    if (line.slope == 0) return cycle_verdict::holds;
    if (s.ticks < line.base_ticks || s.ns < line.base_ns) return cycle_verdict::off;
    const std::uint64_t since = s.ns - line.base_ns;
    if (since > cycle_slope_max_ns) return cycle_verdict::stale;
    const std::uint64_t estimate = line.base_ns + mul_shift32(s.ticks - line.base_ticks, line.slope);
    const std::uint64_t off = estimate > s.ns ? estimate - s.ns : s.ns - estimate;
    return off > cycle_early_ns + since / 1000U ? cycle_verdict::off : cycle_verdict::holds;
}

/// Measure: the slope over `span` ns (10 ms to 1 s) and `ticks`, or 0 if a
/// counter so fast or slow is not sane (1 MHz to 20 GHz) or it moved from the
/// known `slope` by more than 0.1 % (NTP slews at most 0.05 %).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal: elapsed time, then the ticks it took
[[nodiscard]] inline std::uint64_t measure_cycle_slope(std::uint64_t span, std::uint64_t ticks,
                                                       std::uint64_t slope) noexcept {
    const std::uint64_t measured = (span << 32U) / ticks;
    const bool sane = measured >= (std::uint64_t{1} << 32U) / 20U && measured <= (std::uint64_t{1000} << 32U);
    const std::uint64_t moved = measured > slope ? measured - slope : slope - measured;
    return sane && (slope == 0 || moved <= slope / 1000U) ? measured : 0;
}

/// Anchor: the line restarts at the sample, for the next millisecond of
/// counter ticks (none while no slope is known).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal: the known slope, then the window it holds for
inline void anchor_cycle_line(cycle_clock_line& line, const cycle_sample& s, std::uint64_t slope,
                              std::uint64_t window) noexcept {
    line.base_ticks = s.ticks;
    line.base_ns = s.ns;
    line.slope = slope;
    line.limit = slope == 0 ? 0 : (cycle_refresh_ns << 32U) / slope;
    line.window = window;
}

/// The kernel clock, and a new sample for the calling thread's line: sample,
/// judge the old line, measure the slope, anchor the new line.
ULID_NOINLINE inline std::uint64_t cycle_clock_slow() noexcept {
    const std::uint64_t window = cycle_clock_window();
    if (window == 0) return kernel_ns(CLOCK_REALTIME);
    cycle_clock_line& line = cycle_line;
    std::uint64_t slope = cycle_slope.load(std::memory_order_relaxed);
    if (slope == 0 && line.from_ns != 0) {
        // Waiting to measure a slope: the kernel clock alone.
        const std::uint64_t ns = kernel_ns(CLOCK_REALTIME);
        if (ns - line.from_ns < cycle_slope_min_ns) return ns;
    }
    const cycle_sample s = take_cycle_sample();
    if (s.width > cycle_sample_max_ns) return s.ns;

    const cycle_verdict verdict = judge_cycle_line(line, s);
    if (verdict == cycle_verdict::off) {
        cycle_counts.resets.fetch_add(1, std::memory_order_relaxed);
        cycle_slope.store(0, std::memory_order_relaxed);
        slope = 0;
    }
    // A slope is measured over 10 ms to 1 s: a longer span (a thread idle
    // for seconds) cannot tell a rate from a step, and would overflow.
    if (verdict != cycle_verdict::holds || line.from_ns == 0 || s.ns < line.from_ns ||
        s.ns - line.from_ns > cycle_slope_max_ns) {
        line.from_ticks = s.ticks;
        line.from_ns = s.ns;
    } else if (s.ns - line.from_ns >= cycle_slope_min_ns && s.ticks > line.from_ticks) {
        const std::uint64_t span = s.ns - line.from_ns;
        slope = measure_cycle_slope(span, s.ticks - line.from_ticks, slope);
        cycle_slope.store(slope, std::memory_order_relaxed);
        if (slope != 0) cycle_counts.slopes.fetch_add(1, std::memory_order_relaxed);
        if (span >= cycle_slope_max_ns || slope == 0) {
            line.from_ticks = s.ticks;
            line.from_ns = s.ns;
        }
    }
    anchor_cycle_line(line, s, slope, window);
    return s.ns;
}

/// CLOCK_REALTIME in nanoseconds, from the counter when it can be trusted.
[[nodiscard]] ULID_FORCE_INLINE std::uint64_t clock_ns() noexcept {
    const cycle_clock_line& line = cycle_line;
    if (ULID_LIKELY(line.limit != 0)) {
        const std::uint64_t coarse = kernel_ns(CLOCK_REALTIME_COARSE);
        const std::uint64_t ticks = read_counter() - line.base_ticks;
        if (ULID_LIKELY(ticks < line.limit)) {
            const std::uint64_t ns = line.base_ns + ((ticks * line.slope) >> 32U);
            if (ULID_LIKELY(ns + cycle_early_ns - coarse < line.window)) return ns;
        }
    }
    return cycle_clock_slow();
}

/// Whether the calling thread's next clock read may come from the counter.
[[nodiscard]] inline bool cycle_clock_running() noexcept {
    return cycle_line.limit != 0 && cycle_slope.load(std::memory_order_relaxed) != 0;
}

/// The generators' clock in Unix milliseconds.
[[nodiscard]] ULID_FORCE_INLINE std::uint64_t clock_ms() noexcept { return clock_ns() / 1000000U; }

#else

[[nodiscard]] inline bool cycle_clock_running() noexcept { return false; }

[[nodiscard]] ULID_FORCE_INLINE std::uint64_t clock_ms() noexcept { return system_clock_ms(); }

#endif

/// The tick of a Unix time in nanoseconds: the millisecond, then the
/// fraction of it in 4096 steps (rounded down).
[[nodiscard]] constexpr std::uint64_t v7_tick(std::uint64_t ns) noexcept {
    return ((ns / 1000000U) << 12U) | (((ns % 1000000U) << 12U) / 1000000U);
}

/// v7_tick(sec * 10^9 + nsec) with one division: the second is a whole
/// 4096000 ticks, and nsec * 4096 / 10^6 is nsec * 512 / 125000.
[[nodiscard]] constexpr std::uint64_t v7_tick(std::uint64_t sec, std::uint64_t nsec) noexcept {
    return sec * 4096000U + nsec * 512U / 125000U;
}

/// The current time in 1/4096 ms (RFC 9562 section 6.2, method 3: 12 bits of
/// sub-millisecond precision, as PostgreSQL 18's uuidv7()), from the precise
/// system clock: make_v7()'s order across processes rests on it.
[[nodiscard]] inline std::uint64_t now_v7_tick() noexcept {
    const std::int64_t step = clock_step_ns();
#if defined(__linux__)
    // The clock system_clock::now() reads, without its count of nanoseconds
    // (a multiply) and the two divisions that count then needs.
    timespec ts{};
    if (ULID_LIKELY(step == 0) && ::clock_gettime(CLOCK_REALTIME, &ts) == 0 && ts.tv_sec >= 0) {
        return v7_tick(static_cast<std::uint64_t>(ts.tv_sec), static_cast<std::uint64_t>(ts.tv_nsec));
    }
#endif
    const auto ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count() +
        step;
    return ns < 0 ? 0 : v7_tick(static_cast<std::uint64_t>(ns));
}

}  // namespace detail

// ---------------------------------------------------------------------------
// Layouts
// ---------------------------------------------------------------------------
// Uses time; used by generation and the make functions; tested in test_uuidv7, test_monotonic, compile_fail/.
//
// Each layout's whole behaviour (see ulid_layout); monotonic_entropy and the
// make functions are written once over them.

ULID_FORCE_INLINE std::uint64_t ulid_layout::now_tick() noexcept { return detail::clock_ms(); }

inline std::uint64_t ulid_layout::handler_tick() noexcept { return detail::system_clock_ms(); }

constexpr ulid ulid_layout::make_id(std::uint64_t tick, std::uint64_t high, std::uint64_t low) noexcept {
    return ulid::from_high_low((tick << 16U) | high, low);
}

constexpr void ulid_layout::seed(const entropy_array& fresh, detail::monotonic_state::position& counter) noexcept {
    counter.high = detail::load_be(fresh.data(), 2);
    counter.low = detail::load_be(fresh.data() + 2, 8);
}

constexpr detail::observed_place ulid_layout::place(const ulid& x) noexcept {
    return {x.time(), x.high() & 0xFFFFU, x.low(), true};
}

// uuidv7_layout: the precise system clock, since the cycle counter's error
// (tens of ns measured, but up to about 500 ns while NTP changes the rate,
// docs/design.md) is not well under one 244 ns step, which make_v7()'s
// order across processes rests on.
ULID_FORCE_INLINE std::uint64_t uuidv7_layout::now_tick() noexcept { return detail::now_v7_tick(); }

inline std::uint64_t uuidv7_layout::handler_tick() noexcept { return detail::now_v7_tick(); }

constexpr ulid uuidv7_layout::make_id(std::uint64_t tick, std::uint64_t /*high*/, std::uint64_t low) noexcept {
    // RFC 9562 section 5.7: unix_ts_ms, ver 0111, rand_a, var 10, rand_b.
    const std::uint64_t ms = tick >> 12U;
    const std::uint64_t rand_a = tick & 0xFFFU;
    return ulid::from_high_low((ms << 16U) | 0x7000U | rand_a, (std::uint64_t{2} << 62U) | low);
}

constexpr void uuidv7_layout::seed(const entropy_array& fresh, detail::monotonic_state::position& counter) noexcept {
    counter.high = 0;
    counter.low = detail::load_be(fresh.data() + 2, 8) & ((std::uint64_t{1} << 62U) - 1U);
}

constexpr detail::observed_place uuidv7_layout::place(const ulid& x) noexcept {
    // A UUIDv7 is placed exactly; any other ID sorts before or after all
    // UUIDv7 IDs of its millisecond or tick by its version and variant bits,
    // which sit where a UUIDv7's are constant.
    const std::uint64_t ms = x.time();
    const std::uint64_t version = (x.high() >> 12U) & 0xFU;
    const std::uint64_t tick = (ms << 12U) | (x.high() & 0xFFFU);
    const std::uint64_t variant = x.low() >> 62U;
    if (version != 7) return {(version < 7 ? ms : ms + 1U) << 12U, 0, 0, false};
    if (variant != 2) return {variant < 2 ? tick : tick + 1U, 0, 0, false};
    return {tick, 0, x.low() & ((std::uint64_t{1} << 62U) - 1U), true};
}

// ---------------------------------------------------------------------------
// Source traits
// ---------------------------------------------------------------------------
// Uses part 1's sources; used by drawing, generation, generate(); tested in test_entropy_sources.cpp.

namespace detail {

template <class S, class = void>
struct is_monotonic_source : std::false_type {};
template <class S>
struct is_monotonic_source<
    S,
    std::enable_if_t<std::is_same_v<
        decltype(std::declval<S&>().read_monotonic(std::uint64_t{}, std::declval<entropy_array&>())), std::error_code>>>
    : std::true_type {};

template <class S, class = void>
struct is_byte_reader : std::false_type {};
template <class S>
struct is_byte_reader<
    S, std::enable_if_t<std::is_same_v<decltype(std::declval<S&>().read(std::declval<std::uint8_t*>(), std::size_t{})),
                                       std::error_code>>> : std::true_type {};

template <class G, class = void>
struct is_uniform_random_bit_generator : std::false_type {};
template <class G>
struct is_uniform_random_bit_generator<
    G, std::void_t<typename G::result_type, decltype(G::min()), decltype(G::max()), decltype(std::declval<G&>()())>>
    : std::bool_constant<std::is_unsigned_v<typename G::result_type> &&
                         std::is_same_v<decltype(std::declval<G&>()()), typename G::result_type>> {};

template <class S>
inline constexpr bool is_entropy_source_v = is_byte_reader<S>::value || is_uniform_random_bit_generator<S>::value;

/// A source whose draws may take bytes straight from its keystream buffer
/// (keystream_access::slot, keystream_access::try_read_be32), without building read()'s
/// std::error_code: secure_entropy itself, not a class derived from it,
/// whose read() may be another.
template <class S>
struct is_keystream_source : std::false_type {};
template <>
struct is_keystream_source<secure_entropy> : std::true_type {};

/// The library's own monotonic generators (or classes derived from them),
/// which generate() reads through access::read_monotonic, as an errc. Only
/// declared: has_errc_read asks whether S binds to one of them, exactly as
/// access::read_monotonic's overloads.
template <class S, class L>
void library_generator(monotonic_entropy<S, L>& g) noexcept;
template <class S, class L>
void library_generator(locked_monotonic_entropy<monotonic_entropy<S, L>>& g) noexcept;

template <class S, class = void>
struct has_errc_read : std::false_type {};
template <class S>
struct has_errc_read<S, std::void_t<decltype(detail::library_generator(std::declval<S&>()))>> : std::true_type {};

}  // namespace detail

// ---------------------------------------------------------------------------
// Entropy from the operating system
// ---------------------------------------------------------------------------
// Uses errors; used by the sources, the signal path, hashing; tested in test_entropy_sources, test_faults, signal/.

namespace detail {

#if !defined(_WIN32)
/// `n` bytes from the kernel through system calls only (getrandom, else
/// /dev/urandom), all async-signal-safe: no lock of the C library is taken.
[[nodiscard]] inline bool os_random_syscalls(std::uint8_t* dst, std::size_t n) noexcept {
#if ULID_HAS_GETRANDOM
    bool fall_back = false;
    while (n > 0 && !fall_back) {
        const ssize_t got = ::getrandom(dst, n, 0);
        if (got > 0) {
            dst += got;
            n -= static_cast<std::size_t>(got);
        } else if (got < 0 && (errno == ENOSYS || errno == EPERM)) {
            // ENOSYS: a kernel older than 3.17. EPERM: a seccomp filter
            // (older Docker and systemd profiles) that still lets
            // /dev/urandom be read.
            fall_back = true;
        } else if (!(got < 0 && errno == EINTR)) {
            return false;
        }
    }
    if (n == 0) return true;
#endif
    int fd = -1;
    do {
        fd = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return false;
    while (n > 0) {
        const ssize_t got = ::read(fd, dst, n);
        if (got > 0) {
            dst += got;
            n -= static_cast<std::size_t>(got);
        } else if (!(got < 0 && errno == EINTR)) {
            ::close(fd);
            return false;
        }
    }
    ::close(fd);
    return true;
}
#endif

/// Fills `dst` with `n` bytes from the operating system's CSPRNG
/// (getrandom, arc4random_buf, BCryptGenRandom or /dev/urandom).
[[nodiscard]] inline bool os_random(std::uint8_t* dst, std::size_t n) noexcept {
#if defined(_WIN32)
    constexpr unsigned long use_system_preferred_rng = 0x00000002UL;
    while (n > 0) {
        const auto chunk = static_cast<unsigned long>(n < (1U << 20U) ? n : (1U << 20U));
        if (BCryptGenRandom(nullptr, dst, chunk, use_system_preferred_rng) != 0) return false;
        dst += chunk;
        n -= chunk;
    }
    return true;
#elif ULID_HAS_ARC4RANDOM
    ::arc4random_buf(dst, n);
    return true;
#else
    return os_random_syscalls(dst, n);
#endif
}

/// os_random() for a generator called in a signal handler that interrupted
/// one on its own thread: arc4random_buf takes a lock (macOS, FreeBSD) that
/// the interrupted call may hold.
[[nodiscard]] inline bool os_random_in_handler(std::uint8_t* dst, std::size_t n) noexcept {
#if defined(_WIN32)
    return os_random(dst, n);
#else
    return os_random_syscalls(dst, n);
#endif
}

/// Zeroes `n` bytes with volatile stores, which the compiler may not drop as
/// dead (a plain memset before the end of an object's life may be removed).
inline void secure_wipe(void* p, std::size_t n) noexcept {
    volatile unsigned char* b = static_cast<unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) b[i] = 0;
}

/// The entropy of a make function called in a signal handler that
/// interrupted one on its own thread (make_in_handler()): bytes from the
/// kernel through async-signal-safe system calls, buffered on the caller's
/// stack and wiped there.
class handler_entropy {
public:
    handler_entropy() noexcept = default;
    handler_entropy(const handler_entropy&) = delete;
    handler_entropy& operator=(const handler_entropy&) = delete;
    ~handler_entropy() { secure_wipe(pool_.data(), pool_.size()); }

    /// Fills dst[0, n); false if the kernel gives no randomness.
    [[nodiscard]] ULID_COLD bool fill(std::uint8_t* dst, std::size_t n) noexcept {
        while (n > 0) {
            if (left_ == 0) {
                if (!os_random_in_handler(pool_.data(), pool_.size())) {
                    last_failure = failure_cause::no_randomness;
                    return false;
                }
                left_ = pool_.size();
            }
            const std::size_t take = n < left_ ? n : left_;
            std::uint8_t* const p = pool_.data() + (pool_.size() - left_);
            std::memcpy(dst, p, take);
            secure_wipe(p, take);
            left_ -= take;
            dst += take;
            n -= take;
        }
        return true;
    }

    /// The byte-reader form, for the source traits; the library calls fill(),
    /// which builds no std::error_code.
    [[nodiscard]] std::error_code read(std::uint8_t* dst, std::size_t n) noexcept {
        return fill(dst, n) ? std::error_code() : std::make_error_code(std::errc::io_error);
    }

private:
    std::array<std::uint8_t, 256> pool_{};
    std::size_t left_ = 0;
};

[[nodiscard]] inline std::int64_t steady_ms() noexcept {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// ---------------------------------------------------------------------------
// Fork detection
// ---------------------------------------------------------------------------
// Uses errors; used by the lock, the sources, generation; tested in test_fork, fork_safety/, atfork/, address_space/.
//
// A process copy must never reuse its parent's keystream or monotonic state,
// nor wait for a lock that one of its parent's threads held. Every generator
// records the "fork epoch" it was keyed in and compares it with the current
// one on each call, and every lock holder marks the lock with it. The epoch
// lives in a page that the kernel zeroes in every child, however the child
// was made (fork(), _Fork(), a raw fork system call or clone without
// CLONE_VM, a fork() in a signal handler): MADV_WIPEONFORK on Linux 4.14 and later,
// minherit(INHERIT_ZERO) on FreeBSD and NetBSD, MAP_INHERIT_ZERO on OpenBSD.
// A child finds it zero and takes a fresh epoch, newer than any of its
// ancestors', so its generators reseed and a lock its parent's thread held
// reads as free. Where the kernel cannot wipe (older Linux, macOS), a
// pthread_atfork child handler zeroes it instead, which covers fork() only.
// No handler takes a lock, so none can block a fork. If the page cannot be
// mapped (address space exhausted), the generators refuse to run and locks
// are marked per process id until a later call maps it. The design is that
// of OpenBSD's arc4random and Linux's vDSO getrandom (a wiped page tells the
// child it is one); the lock marked with the epoch is this library's.

/// Pages mapped by map_fork_wiped() and not yet unmapped: what the library
/// holds outside the heap (the allocation tests count it).
inline std::atomic<std::size_t> fork_wiped_pages{0};

/// Maps `size` bytes of zeroed private memory that the kernel wipes in
/// child processes where it can; nullptr if nothing can be mapped. Not the
/// heap allocator: operator new and malloc are never called. `wiped` tells
/// whether the kernel promised the wipe.
[[nodiscard]] inline void* map_fork_wiped(std::size_t size, bool& wiped) noexcept {
    wiped = false;
#if defined(_WIN32)
    (void)size;
    return nullptr;  // no fork on Windows: callers keep their state inline
#else
    void* const p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0);
    if (p == MAP_FAILED) return nullptr;
    fork_wiped_pages.fetch_add(1, std::memory_order_relaxed);
#if defined(MADV_WIPEONFORK)
    wiped = ::madvise(p, size, MADV_WIPEONFORK) == 0;  // EINVAL before Linux 4.14
#elif defined(MAP_INHERIT_ZERO)
    wiped = ::minherit(p, size, MAP_INHERIT_ZERO) == 0;
#elif defined(INHERIT_ZERO)
    wiped = ::minherit(p, size, INHERIT_ZERO) == 0;
#endif
#if defined(MADV_DONTDUMP)
    (void)::madvise(p, size, MADV_DONTDUMP);           // keys stay out of core dumps
#endif
    return p;
#endif
}

inline void unmap_fork_wiped(void* p, std::size_t size) noexcept {
#if defined(_WIN32)
    (void)p;
    (void)size;
#else
    if (p != nullptr && ::munmap(p, size) == 0) fork_wiped_pages.fetch_sub(1, std::memory_order_relaxed);
#endif
}

/// The word that holds the current epoch: in a fork-wiped page once
/// set_up_fork_detection() has mapped one; before that (and on Windows,
/// which has no fork) in ordinary memory, which only Windows writes.
inline std::atomic<std::uint64_t> epoch_fallback{0};
inline std::atomic<std::atomic<std::uint64_t>*> epoch_word{&epoch_fallback};
/// The last epoch handed out; inherited by children, so theirs is newer.
inline std::atomic<std::uint64_t> epoch_counter{0};
/// Whether the kernel wipes the epoch page in every child.
inline std::atomic<bool> kernel_wipes_on_fork{false};
/// The process (getpid()) that took the current epoch. A user's atfork child
/// handler registered before the library's may already have renewed the
/// epoch for this fork (by calling make()); the library's must not renew it
/// again, or the child's next make() would reseed below that one's ID.
inline std::atomic<std::int64_t> epoch_owner{0};

/// Set while the calling thread is inside a make function (see "Making
/// ULIDs" below). An atomic only so that a signal handler may read it;
/// relaxed loads and stores are plain moves.
inline thread_local std::atomic<bool> in_generator{false};

/// The child handler where the kernel cannot wipe (and beside the wipe,
/// for emulators that accept the advice and ignore it). It also clears the
/// forking thread's make-function mark: a fork() in a signal handler that
/// interrupted a make function leaves the mark set, but the interrupted call
/// does not resume in the child (which must not return into it).
inline void on_fork_child() noexcept {
    in_generator.store(false, std::memory_order_relaxed);
#if !defined(_WIN32)
    if (epoch_owner.load(std::memory_order_relaxed) == static_cast<std::int64_t>(::getpid())) return;
#endif
    epoch_word.load(std::memory_order_relaxed)->store(0, std::memory_order_relaxed);
}

/// Whether set_up_fork_detection() has finished: 0 not yet, or its page
/// could not be mapped (tried again by the next caller); 1 ready; 2 failed
/// for good (no wipe and no atfork handler).
inline std::atomic<int> fork_detection{0};
inline std::atomic<bool> atfork_registered{false};
/// The lock mark of a process that has no epoch page yet (see
/// process_mark_slow(), in "The lock"), with the process it belongs to:
/// (pid << 32) | mark.
inline std::atomic<std::uint64_t> pageless_mark{0};

/// Maps the epoch page and registers the atfork child handler. False when a
/// fork() could go unseen: no page yet (last_failure says no_memory; the
/// next call tries again), or no wipe and no handler (for good). Without a
/// static guard, which a child would wait on forever if another thread or an
/// interrupted frame of its parent was inside it: racing threads, and a
/// child, simply repeat the steps (a second registration of the handler is
/// harmless). Signals are blocked meanwhile, so a handler that forks cannot
/// interrupt pthread_atfork, whose lock glibc's fork() takes.
[[nodiscard]] ULID_NOINLINE inline bool set_up_fork_detection() noexcept {
    if (const int state = fork_detection.load(std::memory_order_acquire); state != 0) return state == 1;
#if defined(_WIN32)
    fork_detection.store(1, std::memory_order_release);
    return true;
#else
    sigset_t all;
    sigset_t saved;
    sigfillset(&all);
    const bool masked = ::pthread_sigmask(SIG_SETMASK, &all, &saved) == 0;
    std::atomic<std::uint64_t>* expected = &epoch_fallback;
    bool mapped = epoch_word.load(std::memory_order_acquire) != expected;
    if (!mapped) {
        bool wiped = false;
        if (void* const page = map_fork_wiped(sizeof(std::atomic<std::uint64_t>), wiped)) {
            // The wipe is the kernel's, the same for every racer: set it
            // first. A process that ran without its page keeps the mark its
            // locks carry as its epoch, so that a lock it holds stays its own.
            kernel_wipes_on_fork.store(wiped, std::memory_order_relaxed);
            const std::uint64_t pageless = pageless_mark.load(std::memory_order_relaxed);
            const std::uint64_t pid = static_cast<std::uint32_t>(::getpid());
            const std::uint64_t kept = pageless >> 32U == pid ? pageless & 0xFFFFFFFFU : 0U;
            if (kept != 0) epoch_owner.store(static_cast<std::int64_t>(pid), std::memory_order_relaxed);
            auto* const word = ::new (page) std::atomic<std::uint64_t>(kept);
            if (!epoch_word.compare_exchange_strong(expected, word, std::memory_order_acq_rel)) {
                unmap_fork_wiped(page, sizeof *word);
            }
            mapped = true;
        } else {
            last_failure = failure_cause::no_memory;
        }
    }
    if (!atfork_registered.load(std::memory_order_relaxed) && ::pthread_atfork(nullptr, nullptr, &on_fork_child) == 0) {
        atfork_registered.store(true, std::memory_order_relaxed);
    }
    const bool ready = mapped && (atfork_registered.load(std::memory_order_relaxed) ||
                                  kernel_wipes_on_fork.load(std::memory_order_relaxed));
    if (mapped) {
        if (!ready) last_failure = failure_cause::no_fork_detection;
        fork_detection.store(ready ? 1 : 2, std::memory_order_release);
    }
    if (masked) (void)::pthread_sigmask(SIG_SETMASK, &saved, nullptr);
    return ready;
#endif
}

/// The current epoch without any check: equal to what a generator recorded
/// exactly when no process copy has happened since. Two loads.
[[nodiscard]] ULID_FORCE_INLINE std::uint64_t fork_epoch() noexcept {
    // Acquire: the page behind the pointer was mapped by whichever thread
    // set up fork detection, possibly this very moment on another thread.
    return epoch_word.load(std::memory_order_acquire)->load(std::memory_order_relaxed);
}

/// A number no generator or lock of this process holds, newer than every
/// ancestor's. Its low half marks locks, so that half is never zero.
[[nodiscard]] inline std::uint64_t fresh_epoch() noexcept {
    std::uint64_t fresh = 0;
    do {
        fresh = epoch_counter.fetch_add(1, std::memory_order_relaxed) + 1;
    } while (static_cast<std::uint32_t>(fresh) == 0);
    return fresh;
}

/// The current epoch for a generator that is about to key itself: never
/// zero. Fails (returns 0) while fork detection is not ready (see
/// set_up_fork_detection()): then fork() could go unseen, and the
/// generator must not run.
[[nodiscard]] ULID_NOINLINE inline std::uint64_t fork_epoch_slow() noexcept {
    if (!set_up_fork_detection()) return 0;
    std::atomic<std::uint64_t>& word = *epoch_word.load(std::memory_order_acquire);
    std::uint64_t current = word.load(std::memory_order_relaxed);
    while (current == 0) {
        // A new process (or the first call). Racing threads agree on one
        // through the exchange.
#if !defined(_WIN32)
        epoch_owner.store(static_cast<std::int64_t>(::getpid()), std::memory_order_relaxed);
#endif
        const std::uint64_t fresh = fresh_epoch();
        if (word.compare_exchange_strong(current, fresh, std::memory_order_relaxed)) current = fresh;
    }
    return current;
}

// ---------------------------------------------------------------------------
// The lock
// ---------------------------------------------------------------------------
// Uses fork detection (its mark); used by generation; tests: test_concurrency, test_fork, fork_safety/, address_space/.

/// The mark a lock holder of this process leaves: the low half of the fork
/// epoch, never zero, different from every ancestor's (unless 2^31
/// generations of children lie between: lock_held_by() keeps 31 bits of it).
/// Without fork detection, where every generator refuses to run, a lock
/// still needs a mark that no other live process holds: one taken for this
/// process id, which set_up_fork_detection() makes the epoch if the page
/// maps later, so that a lock held across that moment stays this process's.
ULID_NOINLINE inline std::uint32_t process_mark_slow() noexcept {
    if (const std::uint64_t epoch = fork_epoch_slow(); epoch != 0) return static_cast<std::uint32_t>(epoch);
#if defined(_WIN32)
    return 1U;
#else
    const std::uint64_t pid = static_cast<std::uint32_t>(::getpid());
    std::uint64_t seen = pageless_mark.load(std::memory_order_relaxed);
    while (seen >> 32U != pid) {
        const std::uint64_t mine = (pid << 32U) | static_cast<std::uint32_t>(fresh_epoch());
        if (pageless_mark.compare_exchange_strong(seen, mine, std::memory_order_relaxed)) seen = mine;
    }
    return static_cast<std::uint32_t>(seen);
#endif
}

[[nodiscard]] ULID_FORCE_INLINE std::uint32_t process_mark() noexcept {
    const auto mark = static_cast<std::uint32_t>(fork_epoch());
    return ULID_LIKELY(mark != 0) ? mark : process_mark_slow();
}

/// Tells the CPU that this thread is spinning (x86 pause, Arm yield).
inline void cpu_relax() noexcept {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause();
#elif (defined(__GNUC__) || defined(__clang__)) && (defined(__aarch64__) || defined(__arm__))
    __asm__ __volatile__("yield");
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    _mm_pause();
#elif defined(_MSC_VER) && (defined(_M_ARM64) || defined(_M_ARM))
    __yield();
#endif
}

/// Sleeps in the kernel while `word` holds `expected`, until wake_all() or
/// about a millisecond has passed: a futex on Linux, a short sleep elsewhere.
inline void sleep_while_equal(std::atomic<std::uint32_t>& word, std::uint32_t expected) noexcept {
#if defined(__linux__) && defined(SYS_futex)
    timespec limit{};
    limit.tv_nsec = 1000000;
    (void)::syscall(SYS_futex, static_cast<void*>(&word), FUTEX_WAIT_PRIVATE, expected, &limit, nullptr, 0);
#else
    if (word.load(std::memory_order_relaxed) == expected) std::this_thread::sleep_for(std::chrono::microseconds(100));
#endif
}

inline void wake_all(std::atomic<std::uint32_t>& word) noexcept {
#if defined(__linux__) && defined(SYS_futex)
    (void)::syscall(SYS_futex, static_cast<void*>(&word), FUTEX_WAKE_PRIVATE, INT32_MAX, nullptr, nullptr, 0);
#else
    (void)word;
#endif
}

/// A fork_safe_mutex's word: the mark of the process that took the lock
/// last, shifted left, and the held bit. Free, it keeps the mark, so a
/// process copy can tell its own lock from one it inherited.
[[nodiscard]] constexpr std::uint32_t lock_held_by(std::uint32_t mark) noexcept { return (mark << 1U) | 1U; }

/// Takes a fork_safe_mutex whose word is `state` for `self`
/// (lock_held_by(this process's mark)) if it is free, or was last taken in
/// another process (an ancestor): held or not, that lock is ours to take,
/// and the waiters it counts are not in this process.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal: the lock word, then its waiter count
[[nodiscard]] inline bool try_take_lock(std::atomic<std::uint32_t>& state, std::atomic<std::uint32_t>& sleepers,
                                        std::uint32_t self) noexcept {
    std::uint32_t seen = state.load(std::memory_order_relaxed);
    if (seen == self || !state.compare_exchange_strong(seen, self, std::memory_order_acquire)) return false;
    if (seen != (self & ~1U)) sleepers.store(0, std::memory_order_relaxed);
    return true;
}

ULID_NOINLINE inline void take_lock_contended(std::atomic<std::uint32_t>& state, std::atomic<std::uint32_t>& sleepers,
                                              std::uint32_t self) noexcept {
    if (try_take_lock(state, sleepers, self)) return;  // an ancestor's hold: no wait
    // About a thousand pause instructions first (tens of microseconds,
    // far longer than a make() takes), doubling twice; then sleep.
    for (unsigned pauses = 1024; pauses <= 4096; pauses *= 2) {
        for (unsigned i = 0; i < pauses; ++i) cpu_relax();
        if (try_take_lock(state, sleepers, self)) return;
    }
    sleepers.fetch_add(1, std::memory_order_seq_cst);
    while (!try_take_lock(state, sleepers, self)) sleep_while_equal(state, self);
    // Never below zero: a takeover may have cleared the count meanwhile.
    std::uint32_t count = sleepers.load(std::memory_order_relaxed);
    while (count != 0 && !sleepers.compare_exchange_weak(count, count - 1, std::memory_order_relaxed)) {
    }
}

// Why the lock is built so (its contract is at its class, in part 1). Waiters
// back off exponentially before sleeping: on virtual machines spread over a
// large CPU, a waiter that polls often steals the cache line from the holder
// mid-section and throughput collapses. They then sleep in the kernel, so a
// preempted holder gets the CPU back even under SCHED_FIFO. Release is a
// plain store (an atomic exchange there cost make() a fifth of its time), so
// the holder can miss a waiter that is just going to sleep: every sleep also
// ends after a millisecond. A lock word marked by an ancestor process (see
// "Fork detection") was held, if at all, by a thread that does not exist in
// this one, and counts waiters that do not either: it is taken over and the
// count cleared; the state it guards, possibly half-written, is discarded
// because its epoch is stale too.
inline void fork_safe_mutex::lock() noexcept {
    const std::uint32_t self = lock_held_by(process_mark());
    std::uint32_t expected = self & ~1U;  // free, last taken in this process
    if (ULID_LIKELY(state_.compare_exchange_strong(expected, self, std::memory_order_acquire))) return;
    take_lock_contended(state_, sleepers_, self);
}

inline bool fork_safe_mutex::try_lock() noexcept {
    return try_take_lock(state_, sleepers_, lock_held_by(process_mark()));
}

inline void fork_safe_mutex::unlock() noexcept {
    // Only the holder writes the word while the lock is held.
    state_.store(state_.load(std::memory_order_relaxed) & ~1U, std::memory_order_release);
    if (ULID_UNLIKELY(sleepers_.load(std::memory_order_relaxed) != 0)) wake_all(state_);
}

inline void fork_safe_mutex::unlock_and_hand_over() noexcept {
    unlock();
    if (ULID_UNLIKELY(sleepers_.load(std::memory_order_relaxed) != 0)) {
        for (unsigned i = 0; i < 4096 && (state_.load(std::memory_order_relaxed) & 1U) == 0; ++i) cpu_relax();
    }
}

/// Holds a fork_safe_mutex for its lifetime (std::lock_guard without <mutex>).
class lock_guard {
public:
    explicit lock_guard(fork_safe_mutex& m) noexcept : m_(m) { m_.lock(); }
    lock_guard(const lock_guard&) = delete;
    lock_guard& operator=(const lock_guard&) = delete;
    ~lock_guard() { m_.unlock(); }

private:
    fork_safe_mutex& m_;
};

/// `n` ULIDs from `part(out, count)` calls of at most batch_chunk each,
/// each under one hold of `mutex`.
template <class Part>
[[nodiscard]] batch_result next_n_in_chunks(fork_safe_mutex& mutex, std::size_t chunk_size, ulid* out, std::size_t n,
                                            Part part) noexcept {
    batch_result result;
    while (result.count < n) {
        const std::size_t chunk = n - result.count < chunk_size ? n - result.count : chunk_size;
        mutex.lock();
        const batch_result done = part(out + result.count, chunk);
        mutex.unlock_and_hand_over();
        result.count += done.count;
        if (done.ec) {
            result.ec = done.ec;
            break;
        }
    }
    return result;
}

// ---------------------------------------------------------------------------
// ChaCha
// ---------------------------------------------------------------------------
// Uses vectors and byte order; used by the entropy sources (secure_entropy); tested in test_entropy_sources.cpp.

[[nodiscard]] constexpr std::uint32_t rotl32(std::uint32_t v, unsigned c) noexcept {
    return (v << c) | (v >> (32U - c));
}

/// "expand 32-byte k", the first four words of every ChaCha state.
inline constexpr std::array<std::uint32_t, 4> chacha_constants = {0x61707865U, 0x3320646eU, 0x79622d32U, 0x6b206574U};

#if !ULID_HAS_VECTOR_EXTENSIONS
/// Four 32-bit lanes for compilers without vector extensions.
struct lanes4 {
    std::array<std::uint32_t, 4> v;
    std::uint32_t& operator[](std::size_t i) { return v[i]; }
    std::uint32_t operator[](std::size_t i) const { return v[i]; }
    lanes4& operator+=(const lanes4& o) {
        for (std::size_t i = 0; i < 4; ++i) v[i] += o.v[i];
        return *this;
    }
    friend lanes4 operator+(lanes4 a, const lanes4& b) { return a += b; }
    friend lanes4 operator^(lanes4 a, const lanes4& b) {
        for (std::size_t i = 0; i < 4; ++i) a.v[i] ^= b.v[i];
        return a;
    }
};
#endif

// One ChaCha double round of the state words x[0..15]: the quarter round
// `qr` on each column, then on each diagonal (RFC 8439, 2.3). Every kernel
// shares this schedule; a macro, so that each kernel's own quarter round
// inlines under its target attribute (a shared function must be force-inlined
// across that attribute, and then clang's AVX2 code was 2-3 % slower).
#define ULID_CHACHA_DOUBLE_ROUND(qr, x)   \
    qr((x)[0], (x)[4], (x)[8], (x)[12]);  \
    qr((x)[1], (x)[5], (x)[9], (x)[13]);  \
    qr((x)[2], (x)[6], (x)[10], (x)[14]); \
    qr((x)[3], (x)[7], (x)[11], (x)[15]); \
    qr((x)[0], (x)[5], (x)[10], (x)[15]); \
    qr((x)[1], (x)[6], (x)[11], (x)[12]); \
    qr((x)[2], (x)[7], (x)[8], (x)[13]);  \
    qr((x)[3], (x)[4], (x)[9], (x)[14])

// The keystream of chacha_blocks4/8 is stored word-major: word w of every
// block in turn, each word little-endian (a fixed permutation of the blocks'
// bytes, written with whole-vector stores). The tests check it against an
// RFC 8439 block function of their own.

/// Four consecutive ChaCha blocks computed side by side, one block per lane
/// of a 4 x 32-bit vector (SSE2, NEON and the like, through GCC/clang vector
/// extensions; plain arrays elsewhere). Block `l` uses the 64-bit block
/// counter `counter + l` (words 12 and 13) and a zero nonce (words 14 and
/// 15), as in the original ChaCha; the 256 bytes go to `out` word-major (see
/// the layout above).
template <int Rounds>
void chacha_blocks4(const std::array<std::uint32_t, 8>& key, std::uint64_t counter, std::uint8_t* out) noexcept {
#if ULID_HAS_VECTOR_EXTENSIONS
    using lanes = std::uint32_t __attribute__((vector_size(16)));
    const auto splat = [](std::uint32_t v) { return lanes{v, v, v, v}; };
    const auto rotl = [](lanes v, unsigned c) { return (v << c) | (v >> (32U - c)); };
#else
    using lanes = lanes4;
    const auto splat = [](std::uint32_t v) { return lanes{{v, v, v, v}}; };
    const auto rotl = [](lanes x, unsigned c) {
        for (std::size_t i = 0; i < 4; ++i) x.v[i] = rotl32(x.v[i], c);
        return x;
    };
#endif
    std::array<lanes, 16> input{};
    for (std::size_t w = 0; w < 4; ++w) input[w] = splat(chacha_constants[w]);
    for (std::size_t w = 0; w < 8; ++w) input[4 + w] = splat(key[w]);
    input[14] = splat(0);
    input[15] = splat(0);
    for (std::size_t l = 0; l < 4; ++l) {
        input[12][l] = static_cast<std::uint32_t>(counter + l);
        input[13][l] = static_cast<std::uint32_t>((counter + l) >> 32U);
    }
    std::array<lanes, 16> x = input;
    const auto quarter_round = [&rotl](lanes& a, lanes& b, lanes& c, lanes& d) {
        a += b;
        d = rotl(d ^ a, 16);
        c += d;
        b = rotl(b ^ c, 12);
        a += b;
        d = rotl(d ^ a, 8);
        c += d;
        b = rotl(b ^ c, 7);
    };
    for (int i = 0; i < Rounds; i += 2) {
        ULID_CHACHA_DOUBLE_ROUND(quarter_round, x);
    }
    for (std::size_t w = 0; w < 16; ++w) {
        const lanes sum = x[w] + input[w];
#if ULID_HAS_VECTOR_EXTENSIONS && ULID_LITTLE_ENDIAN
        std::memcpy(out + 16 * w, &sum, 16);
#else
        for (std::size_t l = 0; l < 4; ++l) write_le32(out + 16 * w + 4 * l, sum[l]);
#endif
    }
}

#if ULID_X86_SIMD
template <int C>
ULID_AVX2_OP m256i chacha_rotl_avx2(m256i v) noexcept {
    return mm256_or_si256(mm256_slli_epi32<C>(v), mm256_srli_epi32<32 - C>(v));
}

/// Byte shuffles that rotate each 32-bit lane left by 16 and by 8 bits.
inline constexpr std::array<std::int8_t, 16> chacha_rot16 = {2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
inline constexpr std::array<std::int8_t, 16> chacha_rot8 = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

ULID_TARGET("avx2") inline void chacha_quarter_round_avx2(m256i& a, m256i& b, m256i& c, m256i& d) noexcept {
    // Rotations by 16 and 8 move whole bytes: one shuffle each.
    a = mm256_add_epi32(a, b);
    d = mm256_shuffle_epi8(mm256_xor_si256(d, a), table256(chacha_rot16));
    c = mm256_add_epi32(c, d);
    b = chacha_rotl_avx2<12>(mm256_xor_si256(b, c));
    a = mm256_add_epi32(a, b);
    d = mm256_shuffle_epi8(mm256_xor_si256(d, a), table256(chacha_rot8));
    c = mm256_add_epi32(c, d);
    b = chacha_rotl_avx2<7>(mm256_xor_si256(b, c));
}

/// Eight consecutive ChaCha blocks, one per 32-bit lane of AVX2 registers:
/// the same keystream layout as chacha_blocks4, with eight lanes (see
/// the layout above).
template <int Rounds>
ULID_TARGET("avx2")
void chacha_blocks8_avx2(const std::array<std::uint32_t, 8>& key, std::uint64_t counter, std::uint8_t* out) noexcept {
    // Plain arrays: as a template argument __m256i loses its attributes
    // (GCC warns, -Wignored-attributes).
    m256i input[16];  // NOLINT(modernize-avoid-c-arrays): see above
    for (std::size_t w = 0; w < 4; ++w) input[w] = mm256_set1_epi32(static_cast<int>(chacha_constants[w]));
    for (std::size_t w = 0; w < 8; ++w) input[4 + w] = mm256_set1_epi32(static_cast<int>(key[w]));
    std::array<std::uint32_t, 8> low{};
    std::array<std::uint32_t, 8> high{};
    for (std::size_t l = 0; l < 8; ++l) {
        low[l] = static_cast<std::uint32_t>(counter + l);
        high[l] = static_cast<std::uint32_t>((counter + l) >> 32U);
    }
    input[12] = mm256_loadu_si256(low.data());
    input[13] = mm256_loadu_si256(high.data());
    input[14] = mm256_set1_epi32(0);
    input[15] = mm256_set1_epi32(0);
    m256i x[16];  // NOLINT(modernize-avoid-c-arrays): see above
    std::memcpy(x, input, sizeof x);
    for (int i = 0; i < Rounds; i += 2) {
        ULID_CHACHA_DOUBLE_ROUND(chacha_quarter_round_avx2, x);
    }
    for (std::size_t w = 0; w < 16; ++w) mm256_storeu_si256(out + 32 * w, mm256_add_epi32(x[w], input[w]));
}
#endif

}  // namespace detail

// ---------------------------------------------------------------------------
// The entropy sources
// ---------------------------------------------------------------------------
// Uses the OS, fork detection, ChaCha; used by drawing and generation; tested in test_entropy_sources, reseed/.

inline std::error_code zero_entropy::read(std::uint8_t* dst, std::size_t n) noexcept {
    if (n > 0) std::memset(dst, 0, n);
    return detail::success();
}

inline std::error_code os_entropy::read(std::uint8_t* dst, std::size_t n) noexcept {
    return n == 0 || detail::os_random(dst, n) ? std::error_code() : make_error_code(errc::entropy_failure);
}

namespace detail {

// secure_entropy's keystream: ChaCha blocks from a key that the first 32
// bytes of each refill replace (fast key erasure).
inline constexpr std::size_t chacha_lanes = 4;
inline constexpr std::size_t chacha_batches_per_refill = 2;
inline constexpr std::size_t chacha_key_bytes = 32;
static_assert(sizeof(keystream_state::buffer) == 64 * chacha_lanes * chacha_batches_per_refill);

/// A new key from the operating system, replacing whatever state there was
/// (a parent's, after fork() where the kernel does not wipe).
inline bool key_from_os(keystream_state& s, std::uint64_t epoch) noexcept {
    secure_wipe(&s, sizeof s);
    std::array<std::uint8_t, chacha_key_bytes> seed{};
    if (!os_random(seed.data(), seed.size())) {
        last_failure = failure_cause::no_randomness;
        return false;
    }
    for (std::size_t i = 0; i < s.key.size(); ++i) s.key[i] = read_le32(seed.data() + 4 * i);
    secure_wipe(seed.data(), seed.size());
    s.os_key_time = steady_ms();
    s.epoch = epoch;
    return true;
}

/// The periodic reseed: fresh operating-system bytes mixed into the key, so
/// a failing or poor source never makes the key weaker.
inline void reseed_key(keystream_state& s, std::int64_t now) noexcept {
    std::array<std::uint8_t, chacha_key_bytes> seed{};
    if (os_random(seed.data(), seed.size())) {
        for (std::size_t i = 0; i < s.key.size(); ++i) s.key[i] ^= read_le32(seed.data() + 4 * i);
        s.since_os_key = 0;
        s.os_key_time = now;
    }
    secure_wipe(seed.data(), seed.size());
}

inline void refill_keystream(keystream_state& s) noexcept {
    if (s.since_os_key >= secure_entropy::reseed_bytes) {
        reseed_key(s, steady_ms());
    } else if (const std::int64_t now = steady_ms(); now - s.os_key_time >= secure_entropy::reseed_interval.count()) {
        reseed_key(s, now);
    }
    // Each key serves one refill only, so block counters start at zero
    // and the nonce stays zero.
#if ULID_X86_SIMD
    if (host_cpu.avx2) {
        chacha_blocks8_avx2<secure_entropy::rounds>(s.key, 0, s.buffer.data());
    } else
#endif
    {
        for (std::size_t batch = 0; batch < chacha_batches_per_refill; ++batch) {
            chacha_blocks4<secure_entropy::rounds>(s.key, batch * chacha_lanes,
                                                   s.buffer.data() + batch * 64 * chacha_lanes);
        }
    }
    for (std::size_t i = 0; i < s.key.size(); ++i) s.key[i] = read_le32(s.buffer.data() + 4 * i);
    std::memset(s.buffer.data(), 0, chacha_key_bytes);
    s.remaining = s.buffer.size() - chacha_key_bytes;
    s.since_os_key += s.buffer.size();
}

#if defined(_WIN32)
[[nodiscard]] ULID_FORCE_INLINE keystream_state* keystream_of(keystream_slot& slot) noexcept { return &slot; }
[[nodiscard]] inline keystream_state* acquire_keystream(keystream_slot& slot) noexcept { return &slot; }
inline void release_keystream(keystream_slot& slot) noexcept { secure_wipe(&slot, sizeof slot); }
inline void move_keystream(keystream_slot& to, keystream_slot& from) noexcept {
    to = from;
    release_keystream(from);
}
#else
/// The state, or nullptr before the first read.
[[nodiscard]] ULID_FORCE_INLINE keystream_state* keystream_of(keystream_slot& slot) noexcept { return slot; }
/// The state, mapped on first use; nullptr if no page can be mapped.
[[nodiscard]] inline keystream_state* acquire_keystream(keystream_slot& slot) noexcept {
    if (slot == nullptr) {
        bool wiped = false;
        if (void* const page = map_fork_wiped(sizeof(keystream_state), wiped)) {
            slot = ::new (page) keystream_state{};
        } else {
            last_failure = failure_cause::no_memory;
        }
    }
    return slot;
}
inline void release_keystream(keystream_slot& slot) noexcept {
    if (slot != nullptr) {
        secure_wipe(slot, sizeof *slot);
        unmap_fork_wiped(slot, sizeof *slot);
        slot = nullptr;
    }
}
inline void move_keystream(keystream_slot& to, keystream_slot& from) noexcept { to = std::exchange(from, nullptr); }
#endif

/// Takes n bytes from the buffered keystream of `s`, wiping them there.
ULID_FORCE_INLINE void serve_keystream(keystream_state& s, std::uint8_t* dst, std::size_t n) noexcept {
    std::uint8_t* const p = s.buffer.data() + (s.buffer.size() - s.remaining);
    std::memcpy(dst, p, n);
    std::memset(p, 0, n);
    s.remaining -= n;
}

ULID_NOINLINE inline bool fill_keystream_slow(keystream_slot& slot, std::uint8_t* dst, std::size_t n) noexcept {
    if (n == 0) return true;
    keystream_state* const s = acquire_keystream(slot);
    if (s == nullptr) return false;
    if (s->epoch != fork_epoch() || s->epoch == 0) {
        const std::uint64_t epoch = fork_epoch_slow();
        if (epoch == 0 || (s->epoch != epoch && !key_from_os(*s, epoch))) return false;
    }
    while (n > 0) {
        if (s->remaining == 0) refill_keystream(*s);
        const std::size_t take = n < s->remaining ? n : s->remaining;
        serve_keystream(*s, dst, take);
        dst += take;
        n -= take;
    }
    return true;
}

/// secure_entropy::read() reporting success as true.
ULID_FORCE_INLINE bool fill_keystream(keystream_slot& slot, std::uint8_t* dst, std::size_t n) noexcept {
    // The common case, a few bytes from a keyed buffer, stays inline. An
    // unkeyed or wiped state has nothing remaining, so this check also
    // covers keying; the epoch check catches fork() where the kernel
    // does not wipe.
    keystream_state* const s = keystream_of(slot);
    if (ULID_LIKELY(s != nullptr && n - 1 < 16 && n <= s->remaining && s->epoch == fork_epoch())) {
        serve_keystream(*s, dst, n);
        return true;
    }
    return fill_keystream_slow(slot, dst, n);
}

/// The next four keystream bytes as a big-endian word, when they are
/// already buffered: true, and the bytes are consumed exactly as read()
/// would have served them. False, with nothing consumed, when the buffer
/// must be refilled or rekeyed first (fill_keystream() does that).
[[nodiscard]] ULID_FORCE_INLINE bool read_keystream_be32(keystream_slot& slot, std::uint32_t& out) noexcept {
    keystream_state* const s = keystream_of(slot);
    if (ULID_LIKELY(s != nullptr && s->remaining >= 4 && s->epoch == fork_epoch())) {
        std::array<std::uint8_t, 4> word{};
        serve_keystream(*s, word.data(), 4);
        out = static_cast<std::uint32_t>(load_be(word.data(), 4));
        return true;
    }
    return false;
}

/// The library's path into a secure_entropy's keystream, for the draws that
/// take bytes straight from its buffer (read_bytes(), monotonic<Layout>).
struct keystream_access {
    [[nodiscard]] static ULID_FORCE_INLINE keystream_slot& slot(secure_entropy& source) noexcept {
        return source.keystream_;
    }

    /// read_keystream_be32() on the source's keystream.
    [[nodiscard]] static ULID_FORCE_INLINE bool try_read_be32(secure_entropy& source, std::uint32_t& out) noexcept {
        return read_keystream_be32(source.keystream_, out);
    }
};

}  // namespace detail

inline secure_entropy::secure_entropy(secure_entropy&& other) noexcept {
    detail::move_keystream(keystream_, other.keystream_);
}

inline secure_entropy& secure_entropy::operator=(secure_entropy&& other) noexcept {
    if (this != &other) {
        detail::release_keystream(keystream_);
        detail::move_keystream(keystream_, other.keystream_);
    }
    return *this;
}

inline secure_entropy::~secure_entropy() { detail::release_keystream(keystream_); }

inline std::error_code secure_entropy::read(std::uint8_t* dst, std::size_t n) noexcept {
    return detail::fill_keystream(keystream_, dst, n) ? std::error_code() : make_error_code(errc::entropy_failure);
}

// ---------------------------------------------------------------------------
// Drawing from a source
// ---------------------------------------------------------------------------
// Uses source traits and the sources; used by generation and generate(); tested in test_entropy_sources, test_defects.

namespace detail {

/// How many tries a rejection loop gets before it concludes that the source
/// is stuck. Each try is rejected with probability below 1/2, so a working
/// source fails all of them with probability below 2^-128.
inline constexpr int max_rejections = 128;

/// Calls `f`, turning any exception from a user-supplied source into
/// errc::entropy_failure.
template <class F>
[[nodiscard]] errc guarded(F&& f) noexcept {
#if ULID_EXCEPTIONS
    try {
        return f();
    } catch (...) {
        return errc::entropy_failure;
    }
#else
    return f();
#endif
}

/// Number of bits needed to write `v` (0 for 0).
[[nodiscard]] constexpr unsigned bit_width(std::uint64_t v) noexcept {
    unsigned width = 0;
    while (width < 64 && (v >> width) != 0) ++width;
    return width;
}

/// Number of uniform bits one call of G yields, and whether its range is a
/// power of two (so no call is ever rejected).
template <class G>
struct generator_bits {
    static constexpr std::uint64_t range = static_cast<std::uint64_t>(G::max()) - static_cast<std::uint64_t>(G::min());
    static constexpr unsigned count =
        range == std::numeric_limits<std::uint64_t>::max() ? 64U : bit_width(range + 1) - 1;
    static constexpr bool exact = count == 64 || (range + 1) == (std::uint64_t{1} << count);
};

/// `want` (1..64) uniform bits from a UniformRandomBitGenerator, combining
/// calls and rejecting values outside a power-of-two range.
template <class G>
[[nodiscard]] errc generator_random_bits(G& g, unsigned want, std::uint64_t& out) {
    using bits = generator_bits<G>;
    if constexpr (bits::count == 0) {
        (void)g;
        (void)want;
        (void)out;
        return errc::entropy_failure;
    } else {
        std::uint64_t value = 0;
        unsigned have = 0;
        while (have < want) {
            std::uint64_t draw = 0;
            bool accepted = false;
            for (int attempt = 0; attempt < max_rejections && !accepted; ++attempt) {
                draw = static_cast<std::uint64_t>(g()) - static_cast<std::uint64_t>(G::min());
                if constexpr (bits::exact) {
                    accepted = true;
                } else {
                    accepted = draw < (std::uint64_t{1} << bits::count);
                }
            }
            if (!accepted) return errc::entropy_failure;
            const unsigned take = bits::count < want - have ? bits::count : want - have;
            const std::uint64_t piece = take == 64 ? draw : (draw & ((std::uint64_t{1} << take) - 1U));
            value = take == 64 ? piece : ((value << take) | piece);
            have += take;
        }
        out = value;
        return errc{};
    }
}

/// `n` bytes from a byte reader; a keystream source's straight from its
/// buffer, without building a std::error_code (whose default constructor is
/// an out-of-line call in libstdc++).
template <class S>
[[nodiscard]] ULID_FORCE_INLINE errc read_bytes(S& source, std::uint8_t* dst, std::size_t n) noexcept {
    if constexpr (is_keystream_source<S>::value) {
        return fill_keystream(keystream_access::slot(source), dst, n) ? errc{} : errc::entropy_failure;
    } else if constexpr (std::is_same_v<S, handler_entropy>) {
        return source.fill(dst, n) ? errc{} : errc::entropy_failure;
    } else if constexpr (noexcept(source.read(dst, n))) {
        return source.read(dst, n) ? errc::entropy_failure : errc{};
    } else {
        return guarded([&]() -> errc { return source.read(dst, n) ? errc::entropy_failure : errc{}; });
    }
}

constexpr uniform_plan uniform_plan::below(std::uint64_t bound) noexcept {
    uniform_plan p;
    p.bound = bound;
    p.width = bit_width(bound - 1);
    p.bytes = p.width <= 8 ? 1U : p.width <= 16 ? 2U : p.width <= 32 ? 4U : 8U;
    p.mask = p.width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << p.width) - 1U;
    return p;
}

/// `plan.width` (1..64) uniform bits from any entropy source. A byte
/// reader's bytes are read big-endian.
template <class S>
[[nodiscard]] ULID_FORCE_INLINE errc random_bits(S& source, const uniform_plan& plan, std::uint64_t& out) noexcept {
    if constexpr (is_byte_reader<S>::value) {
        // A constant size in each branch lets the copy compile to one load,
        // and each branch loads exactly the bytes it stored, so the store
        // forwards to the load.
        std::array<std::uint8_t, 8> buffer{};  // zeroed: GCC cannot see that a failed read returns first
        std::uint64_t v = 0;
        if (ULID_LIKELY(plan.bytes == 4)) {  // the default increment, 2^32 - 1
            if (const errc s = read_bytes(source, buffer.data(), 4); ULID_UNLIKELY(s != errc{})) return s;
            v = load_be(buffer.data(), 4);
        } else if (plan.bytes == 8) {
            if (const errc s = read_bytes(source, buffer.data(), 8); s != errc{}) return s;
            v = load_be(buffer.data(), 8);
        } else if (plan.bytes == 2) {
            if (const errc s = read_bytes(source, buffer.data(), 2); s != errc{}) return s;
            v = load_be(buffer.data(), 2);
        } else {
            if (const errc s = read_bytes(source, buffer.data(), 1); s != errc{}) return s;
            v = buffer[0];
        }
        out = v & plan.mask;
        return errc{};
    } else {
        return guarded([&]() -> errc { return generator_random_bits(source, plan.width, out); });
    }
}

/// A uniform value in [0, plan.bound): draw the plan's bits and reject
/// values >= bound (each try succeeds with probability above 1/2). A bound
/// of 1 consumes no entropy.
template <class S>
[[nodiscard]] ULID_FORCE_INLINE errc random_below(S& source, const uniform_plan& plan, std::uint64_t& out) noexcept {
    if (plan.width == 0) {
        out = 0;
        return errc{};
    }
    for (int attempt = 0; attempt < max_rejections; ++attempt) {
        std::uint64_t v = 0;
        if (const errc s = random_bits(source, plan, v); ULID_UNLIKELY(s != errc{})) return s;
        if (ULID_LIKELY(v < plan.bound)) {
            out = v;
            return errc{};
        }
    }
    return errc::entropy_failure;
}

/// Ten fresh bytes of entropy; `out` is written only on success.
template <class S>
[[nodiscard]] errc read_entropy(S& source, entropy_array& out) noexcept {
    entropy_array fresh{};
    if constexpr (is_byte_reader<S>::value) {
        if (const errc s = read_bytes(source, fresh.data(), fresh.size()); s != errc{}) return s;
    } else {
        const errc s = guarded([&]() -> errc {
            std::uint64_t high = 0;
            std::uint64_t low = 0;
            if (const errc e = generator_random_bits(source, 64, high); e != errc{}) return e;
            if (const errc e = generator_random_bits(source, 16, low); e != errc{}) return e;
            store_be(fresh.data(), 8, high);
            store_be(fresh.data() + 8, 2, low);
            return errc{};
        });
        if (s != errc{}) return s;
    }
    out = fresh;
    return errc{};
}

}  // namespace detail

// ---------------------------------------------------------------------------
// Monotonic generation
// ---------------------------------------------------------------------------
// Uses layouts, drawing, the lock; used by the make functions; tested in test_monotonic, test_observe, test_uuidv7.

// monotonic_state holds two positions, each a tick, a counter and the fork
// epoch it was seeded in, and no call of one sequence touches the other's:
//
//   last   next()'s: next(t) works at max(t, last.tick); at last.tick it adds
//          a random step to last's counter (a used-up counter moves on to
//          the next tick), at a later tick it reseeds. observe(x) puts last
//          above x when it is not already (the receive rule of a hybrid
//          logical clock, Kulkarni et al. 2014: x's tick, and a counter that
//          absorbs the chain of observed IDs). So every next() ID is above
//          every earlier one and every observed x: the state is its proof.
//   read   read_monotonic()'s, oklog/ulid's Monotonic: at read.tick a step,
//          at any other tick a reseed; a used-up tick stays used up.
//
// A position seeded in another process (a fork's child sees the parent's
// epoch) is never continued: its tick still bounds next() from below, but
// its counter is drawn afresh, so a child never repeats its parent's IDs.

namespace detail {

/// The largest counter of a layout's low word (all 64 bits for ulid_layout,
/// whose counter carries into the high word).
template <class Layout>
inline constexpr std::uint64_t max_low = Layout::counter_bits >= 64 ? std::numeric_limits<std::uint64_t>::max()
                                                                    : (std::uint64_t{1} << Layout::counter_bits) - 1U;

constexpr monotonic_state::monotonic_state(std::uint64_t bound) noexcept
    : inc(bound), draw(uniform_plan::below(bound)) {}

inline std::atomic<std::chrono::milliseconds::rep> max_clock_skew_ms{default_max_clock_skew.count()};

/// observe()'s bound (see max_clock_skew()): how far the timestamp of `x` is
/// ahead of `local_ms`, with errc::clock_skew when that is beyond the bound.
[[nodiscard]] inline observe_result check_skew(const ulid& x, std::uint64_t local_ms) noexcept {
    observe_result r;
    r.ahead = std::chrono::milliseconds(static_cast<std::int64_t>(x.time()) - static_cast<std::int64_t>(local_ms));
    if (r.ahead.count() > max_clock_skew_ms.load(std::memory_order_relaxed)) r.ec = make_error_code(errc::clock_skew);
    return r;
}

/// monotonic_entropy's algorithm, on its state `g` and its source.
template <class Layout>
struct monotonic {
    using position = monotonic_state::position;

    /// Whether `p` was seeded in this process, so that its counter may be continued.
    [[nodiscard]] static ULID_FORCE_INLINE bool live(const position& p) noexcept {
        return p.epoch == fork_epoch() && p.epoch != 0;
    }

    /// read_monotonic() at `tick`, which the caller has checked.
    template <class S>
    [[nodiscard]] static ULID_FORCE_INLINE errc read(monotonic_state& g, S& source, std::uint64_t tick,
                                                     entropy_array& out) noexcept {
        position& p = g.read;
        errc s = errc{};
        if (tick == p.tick && live(p)) {
            s = p.exhausted ? errc::monotonic_overflow : increment(g, p, source);
            if (s == errc::monotonic_overflow) p.exhausted = true;
        } else {
            s = reseed(p, source, tick);
        }
        if (s == errc{}) out = make_id(p).entropy();
        return s;
    }

    /// next() at `tick`.
    template <class S>
    [[nodiscard]] static ULID_FORCE_INLINE errc next(monotonic_state& g, S& source, std::uint64_t tick,
                                                     ulid& out) noexcept {
        if (tick > Layout::max_tick) return errc::big_time;
        position& p = g.last;
        if (tick <= p.tick) {  // the clock at or behind the last ID's tick (or an observed one): stay there
            tick = p.tick;
            if (ULID_LIKELY(live(p))) {
                const errc s = increment(g, p, source);
                if (ULID_LIKELY(s == errc{})) {
                    out = make_id(p);
                    return errc{};
                }
                if (s != errc::monotonic_overflow || tick == Layout::max_tick) return s;
                ++tick;
            }
        }
        if (const errc s = reseed(p, source, tick); s != errc{}) return s;
        out = make_id(p);
        return errc{};
    }

    /// next_n() at `tick`.
    template <class S>
    [[nodiscard]] static batch_result next_n(monotonic_state& g, S& source, std::uint64_t tick, ulid* out,
                                             std::size_t n) noexcept {
        batch_result result;
        while (result.count < n) {
            errc s = next(g, source, tick, out[result.count]);
            if (s == errc{}) {
                ++result.count;
                // The rest of the batch stays in this tick while the counter
                // lasts: only the increment remains per ULID.
                while (result.count < n) {
                    s = increment(g, g.last, source);
                    if (s != errc{}) break;
                    out[result.count++] = make_id(g.last);
                }
                if (s == errc{} || s == errc::monotonic_overflow) continue;
            }
            result.ec = to_error_code(s);
            break;
        }
        return result;
    }

    /// The bits of the counter's high word.
    static constexpr std::uint64_t max_high = Layout::counter_bits > 64
                                                  ? (std::uint64_t{1} << (Layout::counter_bits - 64U)) - 1U
                                                  : 0U;

    [[nodiscard]] static constexpr observed_place place_of(const ulid& x) noexcept {
        observed_place p = Layout::place(x);
        // The top counter of a tick: only the next tick is above it.
        if (p.exact && p.high == max_high && p.low == max_low<Layout>) p = {p.tick + 1U, 0, 0, false};
        return p;
    }

    /// The counter observe() puts above an observed one, (high, low), which
    /// is not the top: high:low + 1 + r, with r the low `bits` bits of the
    /// fresh counter (fresh_high, fresh_low). `bits` is 16 under the bit
    /// width of the room above high:low, so that the room lasts for about
    /// 2^16 observe hops in one tick (an observe chain at full speed stays in
    /// its tick, as a hybrid logical clock's counter absorbs the chain); but
    /// at least 32 while the room has more (half the room, below that), so
    /// that two processes that observe the same ID land far apart, not
    /// within one increment.
    // NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal: old, then fresh, high before low
    [[nodiscard]] static constexpr position place_above(std::uint64_t high, std::uint64_t low,
                                                        std::uint64_t fresh_low) noexcept {
        const std::uint64_t room_high = ~high & max_high;
        const std::uint64_t room_low = ~low & max_low<Layout>;
        const unsigned width = room_high != 0 ? 64U + bit_width(room_high) : bit_width(room_low);
        const unsigned half = width - 1U;  // r below 2^half stays under the top
        // At most 63, since a layout has at most 80 counter bits (layout_fits).
        const unsigned bits = half > 48U ? half - 16U : half > 32U ? 32U : half;
        const std::uint64_t r = fresh_low & ((std::uint64_t{1} << bits) - 1U);
        std::uint64_t sum = low + r;
        std::uint64_t carry = sum < low ? 1U : 0U;
        sum += 1U;
        carry += sum == 0 ? 1U : 0U;
        position p;
        p.high = high + carry;
        p.low = sum;
        return p;
    }

    /// Where observe() puts next()'s sequence for an ID at `place` (a tick
    /// within the layout): above `place` with the fresh counter of `fresh`,
    /// or at the fresh counter itself when every ID of the tick is above it.
    [[nodiscard]] static constexpr position placed(const observed_place& place, const entropy_array& fresh) noexcept {
        position seeded;
        Layout::seed(fresh, seeded);
        position p = place.exact ? place_above(place.high, place.low, seeded.low) : seeded;
        p.tick = place.tick;
        return p;
    }

    /// observe() of `x`, whose distance from the clock the caller checked.
    template <class S>
    [[nodiscard]] static errc observe(monotonic_state& g, S& source, const ulid& x) noexcept {
        const observed_place place = place_of(x);
        if (place.tick > Layout::max_tick) return errc::big_time;
        position& p = g.last;
        // next() works at p.tick or later: already above x when that tick
        // is later, or when x is below every ID of it, or below p itself.
        if (place.tick < p.tick || (place.tick == p.tick && !place.exact)) return errc{};
        if (place.tick == p.tick && live(p) && (p.high > place.high || (p.high == place.high && p.low >= place.low))) {
            return errc{};
        }
        entropy_array fresh{};
        std::uint64_t epoch = 0;
        if (const errc s = draw_fresh(p, source, fresh, epoch); s != errc{}) return s;
        p = placed(place, fresh);
        p.epoch = epoch;
        return errc{};
    }

    [[nodiscard]] static constexpr ulid make_id(const position& p) noexcept {
        return Layout::make_id(p.tick, p.high, p.low);
    }

    /// Ten fresh bytes from `source`, and the epoch a position seeded from
    /// them holds: `p`'s own while it is live, else the current one.
    template <class S>
    [[nodiscard]] static errc draw_fresh(const position& p, S& source, entropy_array& fresh,
                                         std::uint64_t& epoch) noexcept {
        // Once per millisecond for ulid_layout, but every few calls for
        // uuidv7_layout, whose ticks are 244 ns: the epoch is asked for only
        // when it may have changed.
        epoch = live(p) ? p.epoch : fork_epoch_slow();
        if (epoch == 0) return errc::entropy_failure;  // a fork could not be watched
        return read_entropy(source, fresh);
    }

    /// `p` afresh at `tick`; unchanged on failure.
    template <class S>
    [[nodiscard]] ULID_NOINLINE static errc reseed(position& p, S& source, std::uint64_t tick) noexcept {
        entropy_array fresh{};
        std::uint64_t epoch = 0;
        if (const errc s = draw_fresh(p, source, fresh, epoch); s != errc{}) return s;
        Layout::seed(fresh, p);
        p.tick = tick;
        p.epoch = epoch;
        p.exhausted = false;
        return errc{};
    }

    struct step_draw {
        errc error = errc{};
        std::uint64_t step = 0;
    };

    // Out of line, and returning by value, so that its loop does not cost the
    // inline path registers.
    template <class S>
    [[nodiscard]] ULID_NOINLINE static step_draw draw_step_slow(const uniform_plan& plan, S& source) noexcept {
        step_draw d;
        d.error = random_below(source, plan, d.step);
        return d;
    }

    /// Adds a uniform random step in [1, inc] to `p`'s counter; at the top
    /// of the counter, errc::monotonic_overflow with `p` unchanged.
    template <class S>
    [[nodiscard]] static ULID_FORCE_INLINE errc increment(const monotonic_state& g, position& p, S& source) noexcept {
        std::uint64_t step = 0;
        // A 32-bit word already buffered by a keystream source serves most
        // draws; a rejected word stays consumed, as in the general draw's
        // loop, so the result is the same either way.
        bool drawn = false;
        if constexpr (is_keystream_source<std::remove_const_t<S>>::value) {
            std::uint32_t word = 0;
            if (ULID_LIKELY(g.draw.bytes == 4 && keystream_access::try_read_be32(source, word))) {
                step = word & g.draw.mask;
                drawn = ULID_LIKELY(step < g.draw.bound);
            }
        }
        if (!drawn) {
            const step_draw d = draw_step_slow(g.draw, source);
            if (d.error != errc{}) return d.error;
            step = d.step;
        }
        step += 1;  // [0, inc) -> [1, inc]
        return ULID_LIKELY(add_step(p, step)) ? errc{} : errc::monotonic_overflow;
    }

    /// Adds `step` (any value up to 2^64 - 1) to the counter of `p`; false,
    /// `p` unchanged, when the sum would pass the counter's top. The one step
    /// rule: increment() and next_above() both use it.
    [[nodiscard]] static constexpr ULID_FORCE_INLINE bool add_step(position& p, std::uint64_t step) noexcept {
        if constexpr (Layout::counter_bits > 64) {
            const std::uint64_t sum = p.low + step;
            const std::uint64_t high = p.high + (sum < p.low ? 1U : 0U);
            if (ULID_UNLIKELY(high >> (Layout::counter_bits - 64) != 0)) return false;
            p.high = high;
            p.low = sum;
        } else {
            if (ULID_UNLIKELY(step > max_low<Layout> - p.low)) return false;
            p.low += step;
        }
        return true;
    }
};

/// The library's path into its generators: the make functions' and
/// generate()'s calls in ticks (milliseconds, or 1/4096 ms for make_v7()),
/// returning an errc, under the lock where there is one.
struct access {
    template <class S, class L>
    [[nodiscard]] static ULID_FORCE_INLINE errc next(monotonic_entropy<S, L>& g, std::uint64_t tick,
                                                     ulid& out) noexcept {
        return monotonic<L>::next(g.state_, g.source_, tick, out);
    }

    template <class S, class L>
    [[nodiscard]] static ULID_FORCE_INLINE errc next(locked_monotonic_entropy<monotonic_entropy<S, L>>& g,
                                                     std::uint64_t tick, ulid& out) noexcept {
        const lock_guard lock(g.mutex_);
        return next(g.monotonic_, tick, out);
    }

    /// observe() of `x` without the clock check, which the caller made.
    template <class S, class L>
    [[nodiscard]] static errc observe(locked_monotonic_entropy<monotonic_entropy<S, L>>& g, const ulid& x) noexcept {
        const lock_guard lock(g.mutex_);
        return observe(g.monotonic_, x);
    }

    template <class S, class L>
    [[nodiscard]] static errc observe(monotonic_entropy<S, L>& g, const ulid& x) noexcept {
        return monotonic<L>::observe(g.state_, g.source_, x);
    }

    template <class S, class L>
    [[nodiscard]] static batch_result next_n(locked_monotonic_entropy<monotonic_entropy<S, L>>& g, std::uint64_t tick,
                                             ulid* out, std::size_t n) noexcept {
        monotonic_entropy<S, L>& m = g.monotonic_;
        return next_n_in_chunks(g.mutex_, g.batch_chunk, out, n, [&](ulid* part, std::size_t count) {
            return monotonic<L>::next_n(m.state_, m.source_, tick, part, count);
        });
    }

    /// read_monotonic() at `ms`, which the caller has checked against max_time.
    template <class S, class L>
    [[nodiscard]] static ULID_FORCE_INLINE errc read_monotonic(monotonic_entropy<S, L>& g, std::uint64_t ms,
                                                               entropy_array& out) noexcept {
        return monotonic<L>::read(g.state_, g.source_, ms << L::sub_ms_bits, out);
    }

    template <class S, class L>
    [[nodiscard]] static ULID_FORCE_INLINE errc read_monotonic(locked_monotonic_entropy<monotonic_entropy<S, L>>& g,
                                                               std::uint64_t ms, entropy_array& out) noexcept {
        const lock_guard lock(g.mutex_);
        return read_monotonic(g.monotonic_, ms, out);
    }
};

}  // namespace detail

constexpr errc next_above(const ulid& last, std::uint64_t ms, const entropy_array& fresh, std::uint64_t step,
                          ulid& out) noexcept {
    if (ms > max_time) return errc::big_time;
    const detail::observed_place at = ulid_layout::place(last);
    detail::monotonic_state::position p;
    if (ms <= at.tick) {
        p.high = at.high;
        p.low = at.low;
        if (detail::monotonic<ulid_layout>::add_step(p, step == 0 ? 1U : step)) {
            out = ulid_layout::make_id(at.tick, p.high, p.low);
            return errc{};
        }
        if (at.tick == ulid_layout::max_tick) return errc::monotonic_overflow;
        ms = at.tick + 1U;  // the millisecond is used up: next() reseeds the next one
    }
    ulid_layout::seed(fresh, p);
    out = ulid_layout::make_id(ms, p.high, p.low);
    return errc{};
}

constexpr errc place_above(const ulid& x, const entropy_array& fresh, ulid& out) noexcept {
    using algorithm = detail::monotonic<ulid_layout>;
    const detail::observed_place at = algorithm::place_of(x);
    if (at.tick > ulid_layout::max_tick) return errc::big_time;
    out = algorithm::make_id(algorithm::placed(at, fresh));
    return errc{};
}

template <class Source, class Layout>
monotonic_entropy<Source, Layout>::monotonic_entropy(Source source, std::uint64_t inc) noexcept(
    std::is_nothrow_move_constructible_v<Source>)
    : state_(inc == 0 ? default_increment : inc), source_(std::forward<Source>(source)) {
    static_assert(detail::is_entropy_source_v<source_type>,
                  "monotonic_entropy<Source>: Source must be a byte reader "
                  "(std::error_code read(std::uint8_t*, std::size_t)) or a UniformRandomBitGenerator");
}

template <class Source, class Layout>
constexpr monotonic_entropy<Source, Layout>::monotonic_entropy(std::in_place_t /*tag*/, std::uint64_t inc) noexcept(
    std::is_nothrow_default_constructible_v<Source>)
    : state_(inc == 0 ? default_increment : inc), source_() {
    static_assert(detail::is_entropy_source_v<source_type>, "monotonic_entropy<Source>: as the constructor above");
}

template <class Source, class Layout>
std::error_code monotonic_entropy<Source, Layout>::read_monotonic(std::uint64_t ms, entropy_array& out) noexcept {
    if (ms > max_time) return errc::big_time;
    return detail::to_error_code(detail::monotonic<Layout>::read(state_, source_, ms << Layout::sub_ms_bits, out));
}

template <class Source, class Layout>
std::error_code monotonic_entropy<Source, Layout>::next(std::uint64_t ms, ulid& out) noexcept {
    if (ms > max_time) return errc::big_time;
    return detail::to_error_code(detail::monotonic<Layout>::next(state_, source_, ms << Layout::sub_ms_bits, out));
}

template <class Source, class Layout>
std::error_code monotonic_entropy<Source, Layout>::next_now(ulid& out) noexcept {
    return detail::to_error_code(detail::monotonic<Layout>::next(state_, source_, Layout::now_tick(), out));
}

template <class Source, class Layout>
batch_result monotonic_entropy<Source, Layout>::next_n(std::uint64_t ms, ulid* out, std::size_t n) noexcept {
    if (ms > max_time) return {0, errc::big_time};
    return detail::monotonic<Layout>::next_n(state_, source_, ms << Layout::sub_ms_bits, out, n);
}

template <class Source, class Layout>
observe_result monotonic_entropy<Source, Layout>::observe(const ulid& x) noexcept {
    observe_result r = detail::check_skew(x, Layout::now_tick() >> Layout::sub_ms_bits);
    if (!r.ec) r.ec = detail::to_error_code(detail::monotonic<Layout>::observe(state_, source_, x));
    return r;
}

template <class Monotonic>
observe_result locked_monotonic_entropy<Monotonic>::observe(const ulid& x) noexcept {
    const detail::lock_guard lock(mutex_);
    return monotonic_.observe(x);
}

template <class Monotonic>
std::error_code locked_monotonic_entropy<Monotonic>::read_monotonic(std::uint64_t ms, entropy_array& out) noexcept {
    const detail::lock_guard lock(mutex_);
    return monotonic_.read_monotonic(ms, out);
}

template <class Monotonic>
std::error_code locked_monotonic_entropy<Monotonic>::next(std::uint64_t ms, ulid& out) noexcept {
    const detail::lock_guard lock(mutex_);
    return monotonic_.next(ms, out);
}

template <class Monotonic>
std::error_code locked_monotonic_entropy<Monotonic>::next_now(ulid& out) noexcept {
    const detail::lock_guard lock(mutex_);
    return monotonic_.next_now(out);
}

template <class Monotonic>
batch_result locked_monotonic_entropy<Monotonic>::next_n(std::uint64_t ms, ulid* out, std::size_t n) noexcept {
    return detail::next_n_in_chunks(mutex_, batch_chunk, out, n,
                                    [&](ulid* part, std::size_t count) { return monotonic_.next_n(ms, part, count); });
}

namespace detail {

// Signal handlers. A make function called in a handler that interrupted a
// make function on the same thread must not touch what the interrupted call
// holds: the lock (not recursive: it would wait for itself), a generator
// half-way through a step (both calls would return the same ID), the
// thread's clock line while it is re-anchored. Each make function marks its
// thread for its duration; a call that finds the mark set makes its IDs
// from nothing it shares: the system clock read directly and fresh bytes
// from the kernel, on its own stack. Unique as any random IDs are (80 random
// bits, 62 for UUIDv7, per tick), increasing within the call, but not
// ordered with the process's other IDs. The mark is a plain load and two
// plain stores per call, no system call and no atomic read-modify-write:
// the cost of blocking signals (a system call each way) would be most of
// make()'s.

/// Whether a make function that found its thread marked runs in a handler
/// that interrupted a make function of this very process. A copy of the
/// process made in such a handler (fork() there, as crash reporters do)
/// inherits the mark, but the interrupted call never resumes in it (it must
/// not return from the handler into that call): its calls clear the mark and
/// take the ordinary path, where fork detection renews their state. A copy
/// is told by the epoch's owner, another process.
ULID_NOINLINE inline bool interrupted_in_this_process() noexcept {
#if !defined(_WIN32)
    const std::int64_t owner = epoch_owner.load(std::memory_order_relaxed);
    if (owner != 0 && owner != static_cast<std::int64_t>(::getpid())) {
        in_generator.store(false, std::memory_order_relaxed);
        return false;
    }
#endif
    return true;
}

/// Marks the calling thread as inside a make function for its lifetime,
/// unless it already was: reentered(), a handler interrupted one. The
/// signal fences (no instruction) keep the compiler from moving the marked
/// section's memory accesses outside the mark.
class generator_entry {
public:
    ULID_FORCE_INLINE generator_entry() noexcept : reentered_(in_generator.load(std::memory_order_relaxed)) {
        if (ULID_UNLIKELY(reentered_)) reentered_ = interrupted_in_this_process();
        if (ULID_LIKELY(!reentered_)) {
            in_generator.store(true, std::memory_order_relaxed);
            std::atomic_signal_fence(std::memory_order_seq_cst);
        }
    }
    generator_entry(const generator_entry&) = delete;
    generator_entry& operator=(const generator_entry&) = delete;
    ULID_FORCE_INLINE ~generator_entry() {
        if (ULID_LIKELY(!reentered_)) {
            std::atomic_signal_fence(std::memory_order_seq_cst);
            in_generator.store(false, std::memory_order_relaxed);
        }
    }
    [[nodiscard]] bool reentered() const noexcept { return reentered_; }

private:
    bool reentered_;
};

/// `n` increasing IDs at `tick` or later into out[0, n) for a reentered make
/// function: a generator of its own on the stack, seeded from the kernel,
/// with monotonic_entropy's increments (moving to the next tick when a
/// tick's counter is used up). Keeps errno, as a handler must. Cold (compiled
/// for size): it runs only in a signal handler, and every make() translation
/// unit compiles it.
template <class Layout>
[[nodiscard]] ULID_COLD errc make_in_handler(std::uint64_t tick, ulid* out, std::size_t n) noexcept {
#if !defined(_WIN32)
    const int saved_errno = errno;
#endif
    handler_entropy source;
    monotonic_state g(monotonic_entropy<secure_entropy>::default_increment);
    errc s = errc{};
    bool seeded = false;
    for (std::size_t made = 0; made < n;) {
        s = seeded ? monotonic<Layout>::increment(g, g.last, source) : errc::monotonic_overflow;
        if (s == errc::monotonic_overflow) {
            if (seeded && tick == Layout::max_tick) break;
            tick += seeded ? 1U : 0U;
            entropy_array fresh{};
            if (tick > Layout::max_tick) {
                s = errc::big_time;
            } else if (!source.fill(fresh.data(), fresh.size())) {
                s = errc::entropy_failure;
            } else {
                s = errc{};
            }
            if (s != errc{}) break;
            Layout::seed(fresh, g.last);
            g.last.tick = tick;
            seeded = true;
        } else if (s != errc{}) {
            break;
        }
        out[made++] = monotonic<Layout>::make_id(g.last);
    }
#if !defined(_WIN32)
    errno = saved_errno;
#endif
    return s;
}

/// make_in_handler() at the current time, aborting on the failures the make
/// functions promise never to report. Out of line: off their fast paths.
template <class Layout>
ULID_NOINLINE void make_in_handler_or_abort(ulid* out, std::size_t n, const char* caller) noexcept {
    if (const errc s = make_in_handler<Layout>(Layout::handler_tick(), out, n); s != errc{}) fatal(caller, s);
}

template <class Layout>
[[nodiscard]] ULID_NOINLINE ulid make_one_in_handler(const char* caller) noexcept {
    ulid id;
    make_in_handler_or_abort<Layout>(&id, 1, caller);
    return id;
}

/// A process-wide generator: constant-initialized (no code at start-up, and
/// no guard of a function-local static, which a child would wait on forever
/// if its parent's thread was inside it) and never destroyed, so make()
/// stays valid during static destruction.
template <class T>
union process_generator {
    constexpr process_generator() noexcept : value(std::in_place, std::in_place, std::uint64_t{0}) {}
    ~process_generator() {}  // NOLINT(modernize-use-equals-default): must not destroy `value`
    process_generator(const process_generator&) = delete;
    process_generator& operator=(const process_generator&) = delete;
    T value;
};

template <class Layout>
ULID_CONSTINIT inline process_generator<default_entropy_t<Layout>> default_generator;
// must_make(ms) and must_make_v7(ms): apart from make()'s, so that make()
// moving the clock's state on cannot restart a given millisecond below its
// earlier IDs.
template <class Layout>
ULID_CONSTINIT inline process_generator<default_entropy_t<Layout>> given_generator;

#if defined(__GLIBC__)
/// Runs the thread-local generators' release at thread exit through POSIX
/// thread-specific data: one key for the process, made with a destructor
/// by pthread_key_create(), and pthread_setspecific() for each thread that
/// has a generator to release. This replaces a thread_local with a
/// destructor, whose first use in a thread registers it through
/// __cxa_thread_atexit_impl(), which calls calloc(): in a child made by
/// _Fork() (no atfork handler, so malloc's locks are not reset) that waits
/// forever for a malloc lock another thread of the parent held at the copy.
/// With glibc (nptl/pthread_key_create.c, pthread_setspecific.c,
/// pthread_create.c), what this relies on:
/// - pthread_key_create() takes a free slot with one compare-exchange: no
///   lock, no allocation, so it is safe in such a child too; racing
///   threads each make a key, the first one stored wins and the others are
///   deleted (pthread_key_delete() is a compare-exchange as well).
/// - pthread_setspecific() stores a key below PTHREAD_KEY_2NDLEVEL_SIZE (32)
///   in the thread's descriptor, without allocating. A key of 32 or above
///   goes in a second-level block that the thread calloc()s on its first
///   such store: then (a process that already uses 32 keys) a child's first
///   thread-local call can wait for malloc as before, and nowhere else.
/// - A thread that ends (returns or calls pthread_exit()) runs the C++
///   thread_local destructors first, then the key destructors: a generator
///   stays usable in every thread_local destructor, and is released after.
/// - exit() runs no key destructor for the thread that calls it (the main
///   thread, usually): its generators are not released, which the ending
///   process makes moot (the kernel frees the pages; the keys die with the
///   process), and make_thread_local() keeps working in static destructors.
/// Other C libraries keep the thread_local (thread_generator::owner):
/// FreeBSD's pthread_setspecific() allocates its table on a thread's first
/// call, and the order of key and thread_local destructors is not checked
/// there; Windows has no fork. So does code compiled for a shared library
/// (thread_exit_by_key).
class thread_exit_list {
public:
    /// One thread-local generator to release at its thread's exit.
    struct entry {
        void (*release)() noexcept;
        entry* next;
    };

    /// Puts `e` on the calling thread's list. False when there is no key
    /// (every key of the process is taken) or it cannot be set: the caller
    /// then releases its generator another way.
    [[nodiscard]] static bool enlist(entry& e) noexcept {
        const std::uintptr_t key = key_plus_one();
        if (key == 0 || ::pthread_setspecific(static_cast<pthread_key_t>(key - 1), &head_) != 0) return false;
        e.next = head_;
        head_ = &e;
        return true;
    }

private:
    static inline thread_local entry* head_ = nullptr;
    /// The process's key plus one; 0 until made. Inherited by children.
    static inline std::atomic<std::uintptr_t> key_{0};

    /// The key's destructor. glibc clears the key's value before calling
    /// it, and calls it again (up to PTHREAD_DESTRUCTOR_ITERATIONS rounds)
    /// if a release enlists a new generator.
    static void release_all(void* /*unused*/) noexcept {
        while (entry* const e = head_) {
            head_ = e->next;
            e->release();
        }
    }

    [[nodiscard]] static std::uintptr_t key_plus_one() noexcept {
        static_assert(std::is_integral_v<pthread_key_t>, "glibc's pthread_key_t is an index");
        std::uintptr_t current = key_.load(std::memory_order_acquire);
        if (current != 0) return current;
        pthread_key_t made{};
        if (::pthread_key_create(&made, &release_all) != 0) return 0;
        const auto mine = static_cast<std::uintptr_t>(made) + 1U;
        if (key_.compare_exchange_strong(current, mine, std::memory_order_acq_rel)) return mine;
        (void)::pthread_key_delete(made);
        return current;
    }
};

/// Whether the thread-local generators use thread_exit_list: not in code
/// compiled for a shared library (position-independent, not an
/// executable). glibc does not unload a library while a thread_local
/// destructor of it is pending, but a key's destructor would run in a
/// dlclose()d library's unmapped code when a thread that used it ends; and
/// in a library loaded by dlopen() a thread's first use of its
/// thread-local memory can call malloc() anyway (dynamic TLS).
#if defined(__PIC__) && !defined(__PIE__)
inline constexpr bool thread_exit_by_key = false;
#else
inline constexpr bool thread_exit_by_key = true;
#endif
#endif

/// The calling thread's own generator of type T, built in the thread's
/// static storage on first use (no heap) and destroyed at thread exit, which
/// wipes its key and unmaps its page. With glibc the first use takes no
/// lock and allocates nothing (thread_exit_list says how and when not).
template <class T>
struct thread_generator {
    static inline thread_local T* instance = nullptr;
    static inline thread_local bool released = false;

    /// Destroys the thread's generator, once, at thread exit.
    static void release() noexcept {
        // A handler's make function must not use the generator while it is
        // destroyed.
        const generator_entry entry;
        if (T* const owned = instance) {
            owned->~T();
            instance = nullptr;
        }
        released = true;
    }

    /// The release where there is no thread_exit_list, or it has no key.
    struct owner {
        owner() = default;
        owner(const owner&) = delete;
        owner& operator=(const owner&) = delete;
        ~owner() { release(); }
    };

    [[nodiscard]] static ULID_FORCE_INLINE T& get() noexcept {
        T* const current = instance;
        return current != nullptr ? *current : create();
    }

    ULID_NOINLINE static T& create() noexcept {
        alignas(T) thread_local std::array<unsigned char, sizeof(T)> storage;
        instance = ::new (static_cast<void*>(storage.data())) T(std::in_place);
        // A generator made after its thread's release has run (by another
        // key's destructor, or a thread_local's where there is no
        // thread_exit_list) is never destroyed: its page stays mapped until
        // the process ends (one page, only in that case).
        if (!released) {
#if defined(__GLIBC__)
            if constexpr (thread_exit_by_key) {
                thread_local thread_exit_list::entry exit_entry{};
                exit_entry.release = &release;
                if (thread_exit_list::enlist(exit_entry)) return *instance;
            }
#endif
            thread_local owner guard;
        }
        return *instance;
    }
};

}  // namespace detail

template <class Layout>
default_entropy_t<Layout>& default_entropy() noexcept {
    return detail::default_generator<Layout>.value;
}

template <class Layout>
ULID_FORCE_INLINE monotonic_entropy<secure_entropy, Layout>& thread_local_entropy() noexcept {
    return detail::thread_generator<monotonic_entropy<secure_entropy, Layout>>::get();
}

// ---------------------------------------------------------------------------
// Making ULIDs
// ---------------------------------------------------------------------------
// Uses generation (through access); used by TypeIDs; tested in test_make, test_concurrency, signal/, alloc/.

template <class Source>
std::error_code generate(std::uint64_t ms, Source& source, ulid& out) noexcept {
    static_assert(detail::is_monotonic_source<Source>::value || detail::is_entropy_source_v<Source>,
                  "generate(ms, source, out): source must be a monotonic source, a byte reader "
                  "or a UniformRandomBitGenerator");
    if (ms > max_time) return errc::big_time;
    entropy_array e{};
    errc s = errc{};
    if constexpr (detail::has_errc_read<Source>::value) {
        s = detail::access::read_monotonic(source, ms, e);
    } else if constexpr (detail::is_monotonic_source<Source>::value) {
        s = detail::guarded([&]() -> errc { return errc_of(source.read_monotonic(ms, e)); });
    } else {
        s = detail::read_entropy(source, e);
    }
    if (s != errc{}) return detail::to_error_code(s);
    out = ulid::from_high_low((ms << 16U) | detail::load_be(e.data(), 2), detail::load_be(e.data() + 2, 8));
    return detail::success();
}

template <class Source>
ulid must_generate(std::uint64_t ms, Source& source) {
    ulid id;
    if (const std::error_code ec = generate(ms, source, id)) detail::throw_error(ec);
    return id;
}

namespace detail {

/// make()'s path: the next ULID of a library monotonic source at `tick`,
/// aborting with a message on the failures make() promises never to report.
template <class Monotonic>
[[nodiscard]] ULID_FORCE_INLINE ulid next_or_abort(Monotonic& source, std::uint64_t tick,
                                                   const char* caller = "make()") noexcept {
    ulid id;
    if (const errc s = access::next(source, tick, id); ULID_UNLIKELY(s != errc{})) fatal(caller, s);
    return id;
}

}  // namespace detail

namespace detail {

// The make functions, once for every layout; make() and make_v7() (and
// their forms) are their names for ulid_layout and uuidv7_layout.

template <class Layout>
[[nodiscard]] ULID_FORCE_INLINE ulid make_now(const char* caller) noexcept {
    const generator_entry entry;
    if (ULID_UNLIKELY(entry.reentered())) return make_one_in_handler<Layout>(caller);
    return next_or_abort(default_entropy<Layout>(), Layout::now_tick(), caller);
}

template <class Layout>
[[nodiscard]] ULID_FORCE_INLINE ulid make_now_thread_local(const char* caller) noexcept {
    const generator_entry entry;
    if (ULID_UNLIKELY(entry.reentered())) return make_one_in_handler<Layout>(caller);
    return next_or_abort(thread_local_entropy<Layout>(), Layout::now_tick(), caller);
}

template <class Layout>
ULID_FORCE_INLINE void make_now_batch(ulid* out, std::size_t n, const char* caller) noexcept {
    const generator_entry entry;
    if (ULID_UNLIKELY(entry.reentered())) return make_in_handler_or_abort<Layout>(out, n, caller);
    const batch_result result = access::next_n(default_entropy<Layout>(), Layout::now_tick(), out, n);
    if (result.ec) fatal(caller, result.ec);
}

/// observe() of `x` on the process-wide (or the calling thread's) generator
/// of each layout in turn, stopping at the first failure.
template <bool ThreadLocal, class... Layouts>
[[nodiscard]] errc observe_each(layout_list<Layouts...> /*layouts*/, const ulid& x) noexcept {
    errc s = errc{};
    const auto one = [&](auto& generator) {
        s = access::observe(generator, x);
        return s == errc{};
    };
    if constexpr (ThreadLocal) {
        (void)(one(thread_local_entropy<Layouts>()) && ...);
    } else {
        (void)(one(default_entropy<Layouts>()) && ...);
    }
    return s;
}

/// make_at(ms, out) and make_v7_at(ms, out), on the Layout's given-time generator.
template <class Layout>
[[nodiscard]] std::error_code make_given(std::uint64_t ms, ulid& out) noexcept {
    const generator_entry entry;
    if (ULID_UNLIKELY(entry.reentered())) {
        const errc s = ms > max_time ? errc::big_time : make_in_handler<Layout>(ms << Layout::sub_ms_bits, &out, 1);
        return s == errc{} ? success() : make_error_code(s);
    }
    return generate(ms, given_generator<Layout>.value, out);
}

/// must_make(ms) and must_make_v7(ms): make_given(), throwing its error.
template <class Layout>
[[nodiscard]] ulid must_make_given(std::uint64_t ms) {
    ulid id;
    if (const std::error_code ec = make_given<Layout>(ms, id)) throw_error(ec);
    return id;
}

}  // namespace detail

/// must_make(ms)'s ID, from the same process-wide given-time generator (so
/// the two share one sequence per millisecond), with the error returned
/// instead of thrown: for code that must neither throw nor abort, such as a
/// database extension. Errors: `ms` above max_time -> errc::big_time; a
/// millisecond's entropy used up -> errc::monotonic_overflow; no randomness
/// from the operating system -> errc::entropy_failure. `out` is written only
/// on success. Thread-safe; never throws or allocates; async-signal-safe
/// once set up, as must_make() is.
[[nodiscard]] inline std::error_code make_at(std::uint64_t ms, ulid& out) noexcept {
    return detail::make_given<ulid_layout>(ms, out);
}

/// make_at() for must_make_v7(ms)'s sequence: an RFC 9562 UUIDv7 at `ms`
/// (rand_a zero, the counter in rand_b). Errors and guarantees as make_at().
[[nodiscard]] inline std::error_code make_v7_at(std::uint64_t ms, ulid& out) noexcept {
    return detail::make_given<uuidv7_layout>(ms, out);
}

inline ulid make() noexcept { return detail::make_now<ulid_layout>("make()"); }

inline ulid must_make(std::uint64_t ms) { return detail::must_make_given<ulid_layout>(ms); }

inline ulid must_make(std::chrono::system_clock::time_point t) { return must_make(timestamp(t)); }

inline ulid must_make_v7(std::uint64_t ms) { return detail::must_make_given<uuidv7_layout>(ms); }

inline ulid must_make_v7(std::chrono::system_clock::time_point t) { return must_make_v7(timestamp(t)); }

inline ulid make(std::uint64_t ms) { return must_make(ms); }

inline ulid make_thread_local() noexcept { return detail::make_now_thread_local<ulid_layout>("make_thread_local()"); }

inline void make_batch(ulid* out, std::size_t n) noexcept {
    detail::make_now_batch<ulid_layout>(out, n, "make_batch()");
}

inline ulid make_v7() noexcept { return detail::make_now<uuidv7_layout>("make_v7()"); }

inline ulid make_v7_thread_local() noexcept {
    return detail::make_now_thread_local<uuidv7_layout>("make_v7_thread_local()");
}

inline void make_v7_batch(ulid* out, std::size_t n) noexcept {
    detail::make_now_batch<uuidv7_layout>(out, n, "make_v7_batch()");
}

inline std::chrono::milliseconds max_clock_skew() noexcept {
    return std::chrono::milliseconds(detail::max_clock_skew_ms.load(std::memory_order_relaxed));
}

inline void set_max_clock_skew(std::chrono::milliseconds skew) noexcept {
    detail::max_clock_skew_ms.store(skew.count() < 0 ? 0 : skew.count(), std::memory_order_relaxed);
}

// The thread is marked as in a make function meanwhile, so that a signal
// handler's make() does not wait for a lock this thread holds; one check of
// the clock judges `x` for both generators.
inline observe_result observe(const ulid& x) noexcept {
    const detail::generator_entry entry;
    observe_result r = detail::check_skew(x, detail::clock_ms());
    if (r.ec) return r;
    r.ec = detail::to_error_code(detail::observe_each<false>(detail::library_layouts{}, x));
    return r;
}

inline observe_result observe_thread_local(const ulid& x) noexcept {
    const detail::generator_entry entry;
    observe_result r = detail::check_skew(x, detail::clock_ms());
    if (r.ec) return r;
    r.ec = detail::to_error_code(detail::observe_each<true>(detail::library_layouts{}, x));
    return r;
}

#if ULID_HAS_SPAN
inline void make_batch(std::span<ulid> out) noexcept { make_batch(out.data(), out.size()); }
inline void make_v7_batch(std::span<ulid> out) noexcept { make_v7_batch(out.data(), out.size()); }
#endif

// ---------------------------------------------------------------------------
// TypeIDs
// ---------------------------------------------------------------------------
// Uses the codecs (encode_lower(), parse()) and make_v7(); tested in test_typeid.cpp, alloc/ and typeid/.

constexpr bool is_type_id_prefix(std::string_view prefix) noexcept {
    if (prefix.empty()) return true;
    if (prefix.size() > type_id_prefix_max || prefix.front() == '_' || prefix.back() == '_') return false;
    for (const char c : prefix) {  // NOLINT(readability-use-anyofallof): std::all_of is constexpr from C++20 only
        if ((c < 'a' || c > 'z') && c != '_') return false;
    }
    return true;
}

namespace detail {

/// True when none of the 26 characters at `s` lacks bit 5 (0x20). Every
/// digit and lower-case letter has it and every upper-case letter lacks it,
/// so after this the decoder accepts lower case only. Four overlapping word
/// loads instead of a loop.
[[nodiscard]] inline bool all_bit5(const char* s) noexcept {
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    std::uint64_t c = 0;
    std::uint64_t d = 0;
    std::memcpy(&a, s, 8);
    std::memcpy(&b, s + 8, 8);
    std::memcpy(&c, s + 16, 8);
    std::memcpy(&d, s + encoded_size - 8, 8);
    return ((a & b & c & d) & 0x2020202020202020ULL) == 0x2020202020202020ULL;
}

/// parse() of 26 characters in lower case only (a TypeID's suffix); upper
/// case is invalid_characters. On AVX2 the case check is a table of the
/// decoder itself: TypeID parsing stays within 1.3x of parse().
[[nodiscard]] ULID_FORCE_INLINE errc decode_lower(const char* text, ulid& out) noexcept {
#if ULID_X86_SIMD
    if (host_cpu.avx2) {
        byte_array bytes;  // NOLINT(cppcoreguidelines-pro-type-member-init): written on success
        if (const errc e = decode_avx2<true>(text, bytes.data()); e != errc{}) return e;
        out = ulid::from_bytes(bytes);
        return errc{};
    }
#endif
    if (!all_bit5(text)) return errc::invalid_characters;
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    if (const errc e = decode_scalar(text, hi, lo); e != errc{}) return e;
    out = ulid::from_high_low(hi, lo);
    return errc{};
}

/// The fast path: the text is `prefix` (valid), '_' and a lower-case
/// suffix; any failure is classified by scan_type_id.
[[nodiscard]] ULID_FORCE_INLINE std::error_code parse_type_id_fast(std::string_view text, std::string_view prefix,
                                                                   ulid& out) noexcept {
    const std::size_t skip = prefix.empty() ? 0 : prefix.size() + 1;
    if (text.size() != skip + encoded_size) return errc::data_size;
    if (!prefix.empty() && (text[prefix.size()] != '_' || std::memcmp(text.data(), prefix.data(), prefix.size()) != 0))
        return errc::wrong_prefix;
    if (const errc e = decode_lower(text.data() + skip, out); e != errc{}) return e;
    return success();
}

/// What is wrong with a TypeID text, in reading order: `code` and the
/// 0-based index of the character at fault (the '_' or character for a
/// prefix error, the suffix's start for a length error).
struct type_id_fault {
    errc code;
    std::size_t at;
    std::string_view prefix;  ///< the prefix found (before the last '_')
};

/// The slow path and explain()'s reading: checks every rule in order;
/// `expected` null accepts any valid prefix. On success fills `out`.
// NOLINTNEXTLINE(readability-function-cognitive-complexity): one flat check per TypeID rule, in the spec's order
[[nodiscard]] inline type_id_fault scan_type_id(std::string_view text, const std::string_view* expected,
                                                ulid& out) noexcept {
    const std::size_t separator = text.rfind('_');
    const bool has_separator = separator != std::string_view::npos;
    const std::string_view prefix = has_separator ? text.substr(0, separator) : std::string_view();
    const std::size_t start = has_separator ? separator + 1 : 0;
    if (has_separator) {
        if (prefix.empty()) return {errc::invalid_prefix, 0, prefix};
        if (prefix.size() > type_id_prefix_max) return {errc::invalid_prefix, type_id_prefix_max, prefix};
        for (std::size_t i = 0; i < prefix.size(); ++i) {
            if ((prefix[i] < 'a' || prefix[i] > 'z') && prefix[i] != '_') return {errc::invalid_prefix, i, prefix};
        }
        if (prefix.front() == '_') return {errc::invalid_prefix, 0, prefix};
        if (prefix.back() == '_') return {errc::invalid_prefix, prefix.size() - 1, prefix};
    }
    if (expected != nullptr && prefix != *expected) return {errc::wrong_prefix, 0, prefix};
    const std::string_view suffix = text.substr(start);
    if (suffix.size() != encoded_size) return {errc::data_size, start, prefix};
    for (std::size_t i = 0; i < encoded_size; ++i) {
        const char c = suffix[i];
        if (decode_table[static_cast<unsigned char>(c)] == invalid_digit || (c >= 'A' && c <= 'Z'))
            return {errc::invalid_characters, start + i, prefix};
    }
    if (decode_table[static_cast<unsigned char>(suffix[0])] > 7) return {errc::overflow, start, prefix};
    if (parse(suffix, out)) return {errc::invalid_characters, start, prefix};  // unreachable: checked above
    return {errc{}, 0, prefix};
}

/// Failure of the fast path: the error scan_type_id finds, never success
/// (the fast path has already read every valid text with this prefix).
[[nodiscard]] ULID_NOINLINE inline std::error_code type_id_error(std::string_view text,
                                                                 std::string_view prefix) noexcept {
    ulid ignored;
    const errc e = scan_type_id(text, &prefix, ignored).code;
    return e == errc{} ? make_error_code(errc::invalid_characters) : make_error_code(e);
}

inline void put_prefix(bounded_writer& w, std::string_view prefix) noexcept {
    if (prefix.empty()) {
        w.put("no prefix");
        return;
    }
    w.put("prefix '");
    w.put(prefix);
    w.put('\'');
}

inline std::size_t explain_type_id(std::string_view input, const std::string_view* expected, char* out,
                                   std::size_t size) noexcept {
    bounded_writer w(out, size);
    if (expected != nullptr && !is_type_id_prefix(*expected)) {
        w.put("the expected ");
        put_prefix(w, *expected);
        w.put(" is not a TypeID prefix (at most 63 of a-z and '_', starting and ending with a letter)");
        return w.finish();
    }
    ulid ignored;
    const type_id_fault f = scan_type_id(input, expected, ignored);
    if (f.code != errc{} && input.find('_') == std::string_view::npos) {
        // Another form of ID pasted where a TypeID belongs: say which, rather
        // than which TypeID rule it breaks first.
        const char* other = is_uuid_urn(input)               ? "a UUID URN"
                            : !parse_uuid(input, ignored)    ? "a UUID"
                            : !::ulid::parse(input, ignored) ? "a ULID"
                                                             : nullptr;
        if (other != nullptr) {
            w.put(other);
            w.put(", not a TypeID: expected ");
            if (expected == nullptr) {
                w.put("a prefix and '_' (or none) then ");
            } else if (!expected->empty()) {
                w.put('\'');
                w.put(*expected);
                w.put("_' then ");
            }
            w.put("26 lower-case Crockford base32 characters");
            if (expected != nullptr && expected->empty()) w.put(", no prefix");
            return w.finish();
        }
    }
    switch (f.code) {
        case errc::invalid_prefix:
            if (f.prefix.empty()) {
                w.put("'_' at position 1: a TypeID without a prefix has no separator");
            } else if (f.prefix.size() > type_id_prefix_max) {
                w.put("prefix of ");
                w.put_number(f.prefix.size());
                w.put(" characters: a TypeID prefix has at most 63");
            } else {
                w.put_shown(input[f.at]);
                w.put(" at position ");
                w.put_number(f.at + 1);
                w.put(input[f.at] == '_' ? ": a TypeID prefix starts and ends with a letter"
                                         : " is not allowed in a TypeID prefix (a-z, and '_' between letters)");
            }
            break;
        case errc::wrong_prefix:
            put_prefix(w, f.prefix);
            w.put(" where ");
            w.put(expected->empty() ? "no prefix" : "'");
            if (!expected->empty()) {
                w.put(*expected);
                w.put('\'');
            }
            w.put(" was expected");
            break;
        case errc::data_size:
            if (f.at == 0) {
                w.put("got ");
                w.put_number(input.size());
                w.put(" characters without '_', expected 26 (a TypeID without a prefix)");
            } else {
                w.put("the suffix after '_' at position ");
                w.put_number(f.at);
                w.put(" has ");
                w.put_number(input.size() - f.at);
                w.put(" characters, expected 26");
            }
            break;
        case errc::invalid_characters:
            w.put_shown(input[f.at]);
            w.put(" at position ");
            w.put_number(f.at + 1);
            w.put(" is not a lower-case Crockford base32 character");
            break;
        case errc::overflow:
            w.put("suffix's first character ");
            w.put_shown(input[f.at]);
            w.put(" at position ");
            w.put_number(f.at + 1);
            w.put(" is above '7': the value would exceed 128 bits");
            break;
        default:
            break;
    }
    return w.finish();
}

}  // namespace detail

template <class Tag>
constexpr char* typed_id<Tag>::encode(char* out) const noexcept {
    constexpr std::string_view p = prefix();
    for (std::size_t i = 0; i < p.size(); ++i) out[i] = p[i];
    if constexpr (!p.empty()) out[p.size()] = '_';
    return id_.encode_lower(out + (text_size - encoded_size));
}

template <class Tag>
constexpr typename typed_id<Tag>::text_type typed_id<Tag>::encode() const noexcept {
    std::array<char, text_size> chars{};
    encode(chars.data());
    return text_type(std::string_view(chars.data(), chars.size()));
}

template <class Tag>
std::error_code parse(std::string_view text, typed_id<Tag>& out) noexcept {
    // The fast path changes out.id_ only on success, as parse() does.
    const std::error_code ec = detail::parse_type_id_fast(text, typed_id<Tag>::prefix(), out.id_);
    if (ULID_UNLIKELY(ec)) return detail::type_id_error(text, typed_id<Tag>::prefix());
    return ec;
}

constexpr char* type_id::encode(char* out) const noexcept {
    for (std::size_t i = 0; i < prefix_size_; ++i) out[i] = prefix_[i];
    if (prefix_size_ != 0) out[prefix_size_] = '_';
    return id_.encode_lower(out + (prefix_size_ == 0 ? 0 : prefix_size_ + 1));
}

constexpr type_id_text type_id::encode() const noexcept {
    std::array<char, type_id_max_size> chars{};
    const char* end = encode(chars.data());
    return type_id_text(std::string_view(chars.data(), static_cast<std::size_t>(end - chars.data())));
}

inline std::error_code make_type_id(std::string_view prefix, const ulid& id, type_id& out) noexcept {
    if (!is_type_id_prefix(prefix)) return errc::invalid_prefix;
    out.prefix_ = {};
    for (std::size_t i = 0; i < prefix.size(); ++i) out.prefix_[i] = prefix[i];
    out.prefix_size_ = static_cast<std::uint8_t>(prefix.size());
    out.id_ = id;
    return detail::success();
}

inline std::error_code make_type_id(std::string_view prefix, type_id& out) noexcept {
    if (!is_type_id_prefix(prefix)) return errc::invalid_prefix;
    return make_type_id(prefix, make_v7(), out);
}

inline std::error_code parse_type_id(std::string_view text, std::string_view prefix, ulid& out) noexcept {
    if (!is_type_id_prefix(prefix)) return errc::invalid_prefix;
    const std::error_code ec = detail::parse_type_id_fast(text, prefix, out);
    if (ULID_UNLIKELY(ec)) return detail::type_id_error(text, prefix);
    return ec;
}

inline std::error_code parse_type_id(std::string_view text, type_id& out) noexcept {
    const std::size_t separator = text.size() > encoded_size ? text.size() - encoded_size - 1 : 0;
    const std::string_view prefix = text.substr(0, separator);
    ulid id;
    // The fast path trusts its prefix, so check the one read from the text.
    if (ULID_UNLIKELY(!is_type_id_prefix(prefix) || detail::parse_type_id_fast(text, prefix, id))) {
        const detail::type_id_fault f = detail::scan_type_id(text, nullptr, id);
        if (f.code != errc{}) return f.code;
        return make_type_id(f.prefix, id, out);
    }
    return make_type_id(prefix, id, out);
}

inline std::size_t explain_type_id(std::string_view input, std::string_view expected_prefix, char* out,
                                   std::size_t size) noexcept {
    return detail::explain_type_id(input, &expected_prefix, out, size);
}

inline std::string explain_type_id(std::string_view input, std::string_view expected_prefix) {
    std::array<char, 160> buffer{};
    const std::size_t n = explain_type_id(input, expected_prefix, buffer.data(), buffer.size());
    if (n < buffer.size()) return std::string(buffer.data(), n);
    std::string message(n, '\0');
    (void)explain_type_id(input, expected_prefix, message.data(), n + 1);
    return message;
}

namespace detail {

/// Reads one whitespace-delimited word of at most N characters (one more
/// is read, so a longer word is seen as too long); sets eofbit at the end.
template <std::size_t N, class CharT, class Traits>
[[nodiscard]] std::size_t read_word(std::basic_istream<CharT, Traits>& is, std::array<char, N>& text,
                                    typename std::basic_istream<CharT, Traits>::iostate& state) {
    using stream = std::basic_istream<CharT, Traits>;
    std::size_t n = 0;
    for (;;) {
        const auto c = is.rdbuf()->sgetc();
        if (Traits::eq_int_type(c, Traits::eof())) {
            state |= stream::eofbit;
            break;
        }
        const char ch = is.narrow(Traits::to_char_type(c), '\0');
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v') break;
        if (n == text.size()) break;
        text[n++] = ch;
        is.rdbuf()->sbumpc();
    }
    return n;
}

/// Reads a word and hands it to `read` (a parse returning std::error_code).
template <std::size_t N, class CharT, class Traits, class Read>
std::basic_istream<CharT, Traits>& read_with(std::basic_istream<CharT, Traits>& is, Read read) {
    using stream = std::basic_istream<CharT, Traits>;
    const typename stream::sentry ok(is);
    if (!ok) return is;
    std::array<char, N + 1> text{};
    auto state = stream::goodbit;
    const std::size_t n = read_word(is, text, state);
    if (read(std::string_view(text.data(), n))) state |= stream::failbit;
    is.setstate(state);
    return is;
}

template <class CharT, class Traits>
std::basic_ostream<CharT, Traits>& write_text(std::basic_ostream<CharT, Traits>& os, std::string_view text) {
    std::array<CharT, type_id_max_size> wide{};
    for (std::size_t i = 0; i < text.size(); ++i) wide[i] = os.widen(text[i]);
    return os << std::basic_string_view<CharT, Traits>(wide.data(), text.size());
}

}  // namespace detail

template <class CharT, class Traits, class Tag>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const typed_id<Tag>& id) {
    return detail::write_text(os, id.encode().view());
}

template <class CharT, class Traits>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const type_id& id) {
    return detail::write_text(os, id.encode().view());
}

template <class CharT, class Traits, class Tag>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, typed_id<Tag>& id) {
    return detail::read_with<typed_id<Tag>::text_size>(is, [&](std::string_view text) { return parse(text, id); });
}

template <class CharT, class Traits>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, type_id& id) {
    return detail::read_with<type_id_max_size>(is, [&](std::string_view text) { return parse_type_id(text, id); });
}

// ---------------------------------------------------------------------------
// Integrations
// ---------------------------------------------------------------------------
// Uses the codecs and generate(); used by users only; tested in test_integrations.cpp and integration/.

template <class CharT, class Traits>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const ulid& id) {
    const ulid_text text = id.encode();
    std::array<CharT, encoded_size> wide{};
    for (std::size_t i = 0; i < encoded_size; ++i) wide[i] = os.widen(text[i]);
    return os << std::basic_string_view<CharT, Traits>(wide.data(), wide.size());
}

template <class CharT, class Traits>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, ulid& id) {
    return detail::read_with<encoded_size>(is, [&](std::string_view text) { return parse(text, id); });
}

#if ULID_HAS_EXPECTED
inline std::expected<ulid, std::error_code> parse(std::string_view text) noexcept {
    ulid id;
    if (const std::error_code ec = parse(text, id)) return std::unexpected(ec);
    return id;
}

inline std::expected<ulid, std::error_code> parse_uuid(std::string_view text) noexcept {
    ulid id;
    if (const std::error_code ec = parse_uuid(text, id)) return std::unexpected(ec);
    return id;
}

template <class Source>
std::expected<ulid, std::error_code> generate(std::uint64_t ms, Source& source) noexcept {
    ulid id;
    if (const std::error_code ec = generate(ms, source, id)) return std::unexpected(ec);
    return id;
}
#endif

// ---------------------------------------------------------------------------
// Hashing
// ---------------------------------------------------------------------------
// Uses byte order and the OS (the key); used by std::hash, hash_value(); tested in test_integrations, integration/.

namespace detail {

struct hash_key {
    std::uint64_t k0;
    std::uint64_t k1;
};

[[nodiscard]] constexpr std::uint64_t rotl64(std::uint64_t v, unsigned c) noexcept {
    return (v << c) | (v >> (64U - c));
}

/// SipHash-C-D (Aumasson and Bernstein, 2012) of a 16-byte message. The
/// std::hash specialisation uses SipHash-1-3, as Rust's standard HashMap
/// does: a keyed function with published analysis and no known
/// multicollisions, unlike unkeyed multiply-and-fold mixers, whose
/// collisions can be computed. Tested with the reference SipHash-2-4 vector.
template <int C, int D>
[[nodiscard]] ULID_FORCE_INLINE std::uint64_t siphash(hash_key key, const std::uint8_t* message) noexcept {
    std::uint64_t v0 = key.k0 ^ 0x736f6d6570736575ULL;
    std::uint64_t v1 = key.k1 ^ 0x646f72616e646f6dULL;
    std::uint64_t v2 = key.k0 ^ 0x6c7967656e657261ULL;
    std::uint64_t v3 = key.k1 ^ 0x7465646279746573ULL;
    const auto rounds = [&](int n) {
        for (int i = 0; i < n; ++i) {
            v0 += v1;
            v1 = rotl64(v1, 13) ^ v0;
            v0 = rotl64(v0, 32);
            v2 += v3;
            v3 = rotl64(v3, 16) ^ v2;
            v0 += v3;
            v3 = rotl64(v3, 21) ^ v0;
            v2 += v1;
            v1 = rotl64(v1, 17) ^ v2;
            v2 = rotl64(v2, 32);
        }
    };
    const std::array<std::uint64_t, 3> blocks{read_le64(message), read_le64(message + 8), std::uint64_t{16} << 56U};
    for (const std::uint64_t m : blocks) {
        v3 ^= m;
        rounds(C);
        v0 ^= m;
    }
    v2 ^= 0xFF;
    rounds(D);
    return v0 ^ v1 ^ v2 ^ v3;
}

/// The process's hash key, two words each set once from zero to a nonzero
/// random value. Racing first callers each offer a key and keep whichever
/// word won, so there is no lock that a fork() could leave held.
inline std::atomic<std::uint64_t> hash_key0{0};
inline std::atomic<std::uint64_t> hash_key1{0};

[[nodiscard]] ULID_NOINLINE inline hash_key key_hash_slow() noexcept {
    byte_array seed{};
    if (!os_random(seed.data(), seed.size())) {
        std::fputs("ulid: std::hash<ulid::ulid>: the operating system gives no randomness for the hash key\n", stderr);
        std::abort();
    }
    const auto offer = [](std::atomic<std::uint64_t>& word, std::uint64_t candidate) {
        std::uint64_t current = 0;
        if (candidate == 0) candidate = 1;
        return word.compare_exchange_strong(current, candidate, std::memory_order_relaxed) ? candidate : current;
    };
    const hash_key key{offer(hash_key0, read_le64(seed.data())), offer(hash_key1, read_le64(seed.data() + 8))};
    secure_wipe(seed.data(), seed.size());
    return key;
}

[[nodiscard]] ULID_FORCE_INLINE hash_key process_hash_key() noexcept {
    hash_key key{hash_key0.load(std::memory_order_relaxed), hash_key1.load(std::memory_order_relaxed)};
    if (ULID_UNLIKELY((key.k0 == 0) | (key.k1 == 0))) key = key_hash_slow();
    return key;
}

}  // namespace detail
}  // namespace ulid

inline std::size_t std::hash<ulid::ulid>::operator()(const ulid::ulid& id) const noexcept {
    const ulid::detail::hash_key key = ulid::detail::process_hash_key();
    return static_cast<std::size_t>(ulid::detail::siphash<1, 3>(key, id.bytes().data()));
}

inline std::size_t ulid::hash_value(const ulid& id) noexcept { return std::hash<ulid>{}(id); }

template <class Tag>
std::size_t ulid::hash_value(const typed_id<Tag>& id) noexcept {
    return std::hash<ulid>{}(id.id());
}

inline std::size_t std::hash<ulid::type_id>::operator()(const ulid::type_id& id) const noexcept {
    ulid::detail::hash_key key = ulid::detail::process_hash_key();
    std::uint64_t h = ulid::detail::siphash<1, 3>(key, id.id().bytes().data());
    // The prefix in 16-byte blocks, the last one carrying its length, each
    // hashed under a key that chains the previous result.
    const std::string_view prefix = id.prefix();
    std::size_t at = 0;
    do {
        std::array<std::uint8_t, 16> block{};
        const std::size_t n = prefix.size() - at < 15 ? prefix.size() - at : 15;
        std::memcpy(block.data(), prefix.data() + at, n);
        block[15] = static_cast<std::uint8_t>(prefix.size());
        at += n;
        key.k0 ^= h;
        h = ulid::detail::siphash<1, 3>(key, block.data());
    } while (at < prefix.size());
    return static_cast<std::size_t>(h);
}

inline std::size_t ulid::hash_value(const type_id& id) noexcept { return std::hash<type_id>{}(id); }

// ---------------------------------------------------------------------------
// The tests' access
// ---------------------------------------------------------------------------
// Uses the classes' private state and the library's paths; used by tests/ only: the library never calls it.

namespace ulid::detail {

/// The tests' way into the classes' private state and the library's paths.
struct test_access {
    /// access::next(): a library generator's next ID at `tick`, as an errc.
    template <class Generator>
    [[nodiscard]] static errc next(Generator& g, std::uint64_t tick, ulid& out) noexcept {
        return access::next(g, tick, out);
    }

    template <class Monotonic>
    [[nodiscard]] static fork_safe_mutex& mutex(locked_monotonic_entropy<Monotonic>& source) noexcept {
        return source.mutex_;
    }

    /// The count of threads asleep waiting for `m`.
    [[nodiscard]] static std::atomic<std::uint32_t>& sleepers(fork_safe_mutex& m) noexcept { return m.sleepers_; }

    template <class Monotonic>
    [[nodiscard]] static Monotonic& wrapped(locked_monotonic_entropy<Monotonic>& source) noexcept {
        return source.monotonic_;
    }

    /// keystream_access::try_read_be32().
    [[nodiscard]] static bool try_read_be32(secure_entropy& source, std::uint32_t& out) noexcept {
        return keystream_access::try_read_be32(source, out);
    }

    /// The keystream state, or nullptr before the first read.
    [[nodiscard]] static keystream_state* keystream(secure_entropy& source) noexcept {
        return keystream_of(source.keystream_);
    }
};

}  // namespace ulid::detail

// Internal macros end here, so that users' translation units see only the
// documented ones (ULID_VERSION*, ULID_EXCEPTIONS and their own settings).
#if !defined(ULID_KEEP_INTERNAL_MACROS)  // defined by the library's own tests
#undef ULID_HAS_SPAN
#undef ULID_HAS_THREE_WAY_COMPARISON
#undef ULID_HAS_EXPECTED
#undef ULID_HAS_FORMAT
#undef ULID_HAS_IS_CONSTANT_EVALUATED
#undef ULID_CONSTINIT
#undef ULID_CONSTEVAL
#undef ULID_LITTLE_ENDIAN
#undef ULID_X86_SIMD
#undef ULID_X86_INTRINSICS
#undef ULID_CHACHA_DOUBLE_ROUND
#undef ULID_SSSE3_OP
#undef ULID_AVX2_OP
#undef ULID_HAS_VECTOR_EXTENSIONS
#undef ULID_CYCLE_CLOCK
#undef ULID_HAS_GETRANDOM
#undef ULID_HAS_ARC4RANDOM
#undef ULID_FORCE_INLINE
#undef ULID_NOINLINE
#undef ULID_COLD
#undef ULID_LIKELY
#undef ULID_UNLIKELY
#undef ULID_TARGET
#endif

#endif  // ULID_ULID_HPP
