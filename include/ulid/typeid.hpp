// SPDX-License-Identifier: MIT
// ulid/typeid.hpp: TypeIDs, the same 128 bits as "user_01h455vb4pex5vsknk084sn02q":
// typed_id<Tag> (prefix in the type) and type_id (prefix at run time).
//
// Uses core.hpp (the codecs, detail/type_id_text.hpp) only: the two calls that
// make new IDs, typed_id::make() and make_type_id(prefix, out), are declared
// here and defined by generator.hpp, so that the integrations (json, pqxx,
// qt, ...) read and write TypeIDs without the generator. Used by
// generator.hpp, ulid.hpp and the integrations. Tested in test_typeid.cpp,
// alloc/, typeid/ and tests/headers (alone).

#ifndef ULID_TYPEID_HPP
#define ULID_TYPEID_HPP

#include <ulid/core.hpp>

// The internal macros, up to detail/config_undef.hpp at the end.
#include <ulid/detail/config.hpp>

namespace ulid {

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
    /// Defined in <ulid/generator.hpp> (which <ulid/ulid.hpp> includes):
    /// without it a call fails to link.
    [[nodiscard]] static typed_id make() noexcept;

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
/// draws no ID. Never allocates; aborts like make_v7(). Defined in
/// <ulid/generator.hpp>, as typed_id::make().
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
}  // namespace ulid
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
// The implementation
// ===========================================================================

namespace ulid {

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

}  // namespace ulid
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

#include <ulid/detail/config_undef.hpp>

#endif  // ULID_TYPEID_HPP
