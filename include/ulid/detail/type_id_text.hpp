// SPDX-License-Identifier: MIT
// ulid/detail/type_id_text.hpp: the TypeID text rules (prefix, strict
// lower-case suffix) and their explanation, which explain() needs for
// text_form::type_id. Below the TypeID types, so that the codecs do not
// reach up into typeid.hpp.
//
// Uses detail/codec.hpp. Used by core.hpp (explain()) and typeid.hpp (parsing).
// Tested in test_typeid.cpp, test_text.cpp, typeid/.

#ifndef ULID_DETAIL_TYPE_ID_TEXT_HPP
#define ULID_DETAIL_TYPE_ID_TEXT_HPP

// Included from a public header, after detail/config.hpp.
#include <ulid/detail/codec.hpp>

namespace ulid {

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

/// Another form of ID pasted where a TypeID belongs (a UUID, its URN, a
/// ULID: no '_'): writes which, rather than which TypeID rule it breaks
/// first, and returns true; false, writing nothing, for anything else.
inline bool explain_other_form(bounded_writer& w, std::string_view input, const std::string_view* expected) noexcept {
    if (input.find('_') != std::string_view::npos) return false;
    ulid ignored;
    const char* other = is_uuid_urn(input)               ? "a UUID URN"
                        : !parse_uuid(input, ignored)    ? "a UUID"
                        : !::ulid::parse(input, ignored) ? "a ULID"
                                                         : nullptr;
    if (other == nullptr) return false;
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
    return true;
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
    if (f.code != errc{} && explain_other_form(w, input, expected)) return w.finish();
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
}  // namespace ulid
#endif  // ULID_DETAIL_TYPE_ID_TEXT_HPP
