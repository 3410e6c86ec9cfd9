// SPDX-License-Identifier: MIT
// ulid/core.hpp: the value core of <ulid/ulid.hpp>: constants, errors, text
// held by value, class ulid, the codecs (ULID, UUID and TypeID text, explain),
// time, streams, hashing and formatting. Nothing here generates: the
// serialization headers (json.hpp, msgpack.hpp, ...) include only this.
//
// Uses detail/config.hpp, detail/byte_order.hpp, detail/codec.hpp,
// detail/type_id_text.hpp, detail/os_entropy.hpp (the hash key). Used by
// generator.hpp, typeid.hpp, ulid.hpp and the integration headers. Tested in
// test_value, test_codec, test_parse, test_uuid, test_text, test_time,
// test_errors, test_integrations and integration/; tests/headers/ compiles it alone.

#ifndef ULID_CORE_HPP
#define ULID_CORE_HPP

#define ULID_VERSION_MAJOR 0
#define ULID_VERSION_MINOR 2
#define ULID_VERSION_PATCH 0
/// The version as one number: MAJOR * 10000 + MINOR * 100 + PATCH.
#define ULID_VERSION (ULID_VERSION_MAJOR * 10000 + ULID_VERSION_MINOR * 100 + ULID_VERSION_PATCH)

// The internal macros, up to detail/config_undef.hpp at the end.
#include <ulid/detail/config.hpp>

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

/// Longest TypeID prefix: 63 characters.
inline constexpr std::size_t type_id_prefix_max = 63;
/// Longest TypeID text: a 63-character prefix, '_' and 26 characters.
inline constexpr std::size_t type_id_max_size = type_id_prefix_max + 1 + encoded_size;
/// The text of a run-time TypeID, held by value (see fixed_text).
using type_id_text = fixed_text<type_id_max_size>;

/// True when `prefix` is a TypeID prefix (the empty one included):
/// ^([a-z]([a-z_]{0,61}[a-z])?)?$. Usable in constant expressions.
[[nodiscard]] constexpr bool is_type_id_prefix(std::string_view prefix) noexcept;

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
// ===========================================================================
// The implementation
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
#if ULID_COMPILED_DECL
[[noreturn]] void fatal_errc(const char* where, errc e) noexcept;
#else
[[noreturn]] ULID_COLD_INLINE void fatal_errc(const char* where, errc e) noexcept {
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
#endif

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

}  // namespace ulid
#include <ulid/detail/byte_order.hpp>
#include <ulid/detail/codec.hpp>
#include <ulid/detail/os_entropy.hpp>
#include <ulid/detail/type_id_text.hpp>

namespace ulid {

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

/// A proleptic Gregorian date (UTC calendar); month 1-12, day 1-31. For
/// C++17, whose <chrono> has no calendar.
struct civil_date {
    std::int64_t year = 1970;
    unsigned month = 1;
    unsigned day = 1;
};

// Howard Hinnant's "chrono-Compatible Low-Level Date Algorithms", for every
// year an int64_t day count holds; rfc3339() and the tool's dates use them.

/// Days since 1970-01-01 of `date` (negative before it). `date` must be a
/// valid date whose day count fits an int64_t; never throws.
[[nodiscard]] constexpr std::int64_t days_from_civil(civil_date date) noexcept {
    const std::int64_t y = date.year - (date.month <= 2 ? 1 : 0);
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int64_t yoe = y - era * 400;
    const std::int64_t mp = date.month > 2 ? std::int64_t{date.month} - 3 : std::int64_t{date.month} + 9;
    const std::int64_t doy = (153 * mp + 2) / 5 + std::int64_t{date.day} - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/// The date `days` days after 1970-01-01 (`days` may be negative, and at
/// most 2^62 in magnitude); never throws.
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

inline fixed_text<25> rfc3339(std::uint64_t ms) noexcept {
    if (ms > max_time) return {};
    const civil_date date = civil_from_days(static_cast<std::int64_t>(ms / 86400000U));
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

// ---------------------------------------------------------------------------
// Integrations
// ---------------------------------------------------------------------------
// Uses the codecs and generate(); used by users only; tested in test_integrations.cpp and integration/.

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

#if ULID_COMPILED_DECL
[[nodiscard]] ULID_NOINLINE hash_key key_hash_slow() noexcept;
#else
[[nodiscard]] ULID_NOINLINE ULID_COLD_INLINE hash_key key_hash_slow() noexcept {
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
#endif

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

#include <ulid/detail/config_undef.hpp>

#endif  // ULID_CORE_HPP
