// SPDX-License-Identifier: MIT
// ulid/pqxx.hpp: libpqxx support for ulid::ulid and ulid::typed_id<Tag>.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on libpqxx. Supports libpqxx 6.4 to 8.x, tested with 6.4 (Debian 12), 7.10
// (Debian 13) and 8.0 (Debian unstable; libpqxx 8 needs C++20). Each major
// has its own conversion interface: 6 a string_traits with a null() and
// from_string(const char*, T&); 7 a nullness trait, to_buf()/into_buf() on
// char pointers and T from_string(std::string_view); 8 to_buf() on a
// std::span and a conversion_context. Other versions stop at the #error
// below rather than meet untested code.

#ifndef ULID_PQXX_HPP
#define ULID_PQXX_HPP

#include <ulid/typeid.hpp>

#include <cstring>
#include <pqxx/except>
#include <pqxx/strconv>
#include <pqxx/version>
#include <string>
#include <string_view>
#include <system_error>

#if !((PQXX_VERSION_MAJOR == 6 && PQXX_VERSION_MINOR >= 4) || PQXX_VERSION_MAJOR == 7 || PQXX_VERSION_MAJOR == 8)
#error "ulid/pqxx.hpp supports libpqxx 6.4 to 8.x (tested with 6.4, 7.10 and 8.0); this libpqxx is outside that range"
#endif

namespace ulid::detail {

/// The message of the conversion_error for text that is no ULID.
inline std::string pqxx_bad_text(std::string_view text) {
    return "Could not convert string to ulid::ulid: " + ::ulid::explain(text, ::ulid::text_form::any);
}

/// Reads a typed_id from a field's text: a TypeID with Tag's prefix
/// (strict, as parse()), or the untyped ULID or UUID text that `ulid` and
/// `uuid` columns hold, where the column is the type. Text with a '_' is
/// read as a TypeID only, so another type's ID is never taken. Empty on
/// success; otherwise why, in the library's words ("<explanation>: <errc
/// message>", as ulid::error's what()), and `id` is unchanged.
template <class Tag>
std::string pqxx_read_typed(std::string_view text, ::ulid::typed_id<Tag>& id) {
    using typed = ::ulid::typed_id<Tag>;
    if (text.find('_') == std::string_view::npos) {
        ::ulid::ulid untyped;
        ::ulid::text_form form = ::ulid::text_form::any;
        const std::error_code ec = ::ulid::parse_any(text, untyped, form);
        if (!ec) {
            id = typed(untyped);
            return {};
        }
        if (!typed::prefix().empty()) return ::ulid::explain(text, form) + ": " + ec.message();
    }
    const std::error_code ec = ::ulid::parse(text, id);
    if (!ec) return {};
    return ::ulid::explain_type_id(text, typed::prefix()) + ": " + ec.message();
}

/// The message of the conversion_error for text that is no typed_id<Tag>.
template <class Tag>
std::string pqxx_bad_typed_text(const std::string& why) {
    return "Could not convert string to ulid::typed_id<" + std::string(::ulid::typed_id<Tag>::prefix()) + ">: " + why;
}

}  // namespace ulid::detail

namespace pqxx {

// A ulid as a query parameter and a field value. Parameters are sent as the
// 26-character text, which a `ulid` column (the extension) and a text column
// take as they are; for a `uuid` column write `$1::ulid` (with the
// extension), or pass id.to_uuid_string(). Fields read what parse_any()
// accepts, so `ulid`, `uuid` and text columns all read back. Bad text throws
// pqxx::conversion_error saying why and leaves the ULID unchanged. NULL the
// libpqxx way: field.as<ulid>() throws pqxx::conversion_error, field.to(id)
// returns false and leaves `id` alone, field.as<ulid>(default) gives the
// default, and libpqxx's optional-like types (std::unique_ptr<ulid>;
// std::optional<ulid> from libpqxx 7 on, and in 6 where it is built with
// PQXX_HAVE_OPTIONAL) carry it in parameters and fields.
//
// A typed_id<Tag> goes where a ulid goes, as a parameter and a field, with
// the same NULL handling: the parameter is its ID's 26-character text (the
// prefix belongs to the column, and the extension's `ulid` type holds none);
// a field reads a TypeID with Tag's prefix (a view's ulid_to_typeid(id,
// 'order')) or the untyped text of a `ulid`, `uuid` or text column. A
// TypeID of another type throws conversion_error with the library's words
// ("prefix 'user' where 'order' was expected: wrong TypeID prefix: ...").

#if PQXX_VERSION_MAJOR == 6

/// libpqxx 6: the text conversions of a ulid, which has no null value.
template <>
struct string_traits<ulid::ulid> {
    static constexpr const char* name() noexcept { return "ulid::ulid"; }
    static constexpr bool has_null() noexcept { return false; }
    static bool is_null(const ulid::ulid& /*id*/) { return false; }
    [[noreturn]] static ulid::ulid null() { internal::throw_null_conversion(name()); }
    static void from_string(const char text[], ulid::ulid& id) {
        const std::string_view view(text, std::strlen(text));
        if (ulid::parse_any(view, id)) throw conversion_error(ulid::detail::pqxx_bad_text(view));
    }
    static std::string to_string(const ulid::ulid& id) { return id.to_string(); }
};

/// libpqxx 6: a typed_id's text conversions, as a ulid's: the ID's 26
/// characters out; in, a TypeID with Tag's prefix or an untyped ULID or UUID.
template <class Tag>
struct string_traits<ulid::typed_id<Tag>> {
    static const char* name() noexcept { return "ulid::typed_id"; }
    static constexpr bool has_null() noexcept { return false; }
    static bool is_null(const ulid::typed_id<Tag>& /*id*/) { return false; }
    [[noreturn]] static ulid::typed_id<Tag> null() { internal::throw_null_conversion(name()); }
    static void from_string(const char text[], ulid::typed_id<Tag>& id) {
        const std::string why = ulid::detail::pqxx_read_typed(std::string_view(text, std::strlen(text)), id);
        if (!why.empty()) throw conversion_error(ulid::detail::pqxx_bad_typed_text<Tag>(why));
    }
    static std::string to_string(const ulid::typed_id<Tag>& id) { return id.id().to_string(); }
};

#else  // libpqxx 7 and 8

/// A ulid has no null value; NULL is an optional-like type's business.
template <>
struct nullness<ulid::ulid> : no_null<ulid::ulid> {};

#if PQXX_VERSION_MAJOR == 7
/// The name libpqxx 7 shows in its conversion errors.
template <>
inline const std::string type_name<ulid::ulid>{"ulid::ulid"};
#else
/// The name libpqxx 8 shows in its conversion errors.
template <>
inline constexpr std::string_view name_type<ulid::ulid>() noexcept {
    return "ulid::ulid";
}
#endif

/// libpqxx 7 and 8: the text conversions of a ulid, 26 characters out.
template <>
struct string_traits<ulid::ulid> {
    /// Room for the text and, for libpqxx 7, its terminating zero.
    static constexpr std::size_t size_buffer(const ulid::ulid& /*id*/) noexcept { return ulid::encoded_size + 1; }

#if PQXX_VERSION_MAJOR == 7
    static constexpr bool converts_to_string = true;
    static constexpr bool converts_from_string = true;

    /// Writes the text and a terminating zero at `begin`; returns the end of
    /// the zero. Throws conversion_overrun when [begin, end) is too small.
    static char* into_buf(char* begin, char* end, const ulid::ulid& id) {
        if (end - begin < static_cast<std::ptrdiff_t>(ulid::encoded_size + 1)) {
            throw conversion_overrun("Buffer too small to convert ulid::ulid to string (needs 27 bytes)");
        }
        *id.encode(begin) = '\0';
        return begin + ulid::encoded_size + 1;
    }
    static zview to_buf(char* begin, char* end, const ulid::ulid& id) {
        (void)into_buf(begin, end, id);
        return zview(begin, ulid::encoded_size);
    }
    static ulid::ulid from_string(std::string_view text) {
        ulid::ulid id;
        if (ulid::parse_any(text, id)) throw conversion_error(ulid::detail::pqxx_bad_text(text));
        return id;
    }
#else
    /// Writes the text at the start of `buf`; throws conversion_overrun when
    /// `buf` is too small.
    static std::string_view to_buf(std::span<char> buf, const ulid::ulid& id, ctx c = {}) {
        if (buf.size() < ulid::encoded_size) {
            throw conversion_overrun("Buffer too small to convert ulid::ulid to string (needs 26 bytes)", c.loc);
        }
        id.encode(buf.data());
        return {buf.data(), ulid::encoded_size};
    }
    static ulid::ulid from_string(std::string_view text, ctx c = {}) {
        ulid::ulid id;
        if (ulid::parse_any(text, id)) throw conversion_error(ulid::detail::pqxx_bad_text(text), c.loc);
        return id;
    }
#endif
};

/// A typed_id has no null value either.
template <class Tag>
struct nullness<ulid::typed_id<Tag>> : no_null<ulid::typed_id<Tag>> {};

/// libpqxx 7 and 8: a typed_id's text conversions, as a ulid's: the ID's 26
/// characters out; in, a TypeID with Tag's prefix or an untyped ULID or UUID.
template <class Tag>
struct string_traits<ulid::typed_id<Tag>> {
    using base = string_traits<ulid::ulid>;
    static constexpr std::size_t size_buffer(const ulid::typed_id<Tag>& id) noexcept {
        return base::size_buffer(id.id());
    }

#if PQXX_VERSION_MAJOR == 7
    static constexpr bool converts_to_string = true;
    static constexpr bool converts_from_string = true;

    static char* into_buf(char* begin, char* end, const ulid::typed_id<Tag>& id) {
        return base::into_buf(begin, end, id.id());
    }
    static zview to_buf(char* begin, char* end, const ulid::typed_id<Tag>& id) {
        return base::to_buf(begin, end, id.id());
    }
    static ulid::typed_id<Tag> from_string(std::string_view text) {
        ulid::typed_id<Tag> id;
        const std::string why = ulid::detail::pqxx_read_typed(text, id);
        if (!why.empty()) throw conversion_error(ulid::detail::pqxx_bad_typed_text<Tag>(why));
        return id;
    }
#else
    static std::string_view to_buf(std::span<char> buf, const ulid::typed_id<Tag>& id, ctx c = {}) {
        return base::to_buf(buf, id.id(), c);
    }
    static ulid::typed_id<Tag> from_string(std::string_view text, ctx c = {}) {
        ulid::typed_id<Tag> id;
        const std::string why = ulid::detail::pqxx_read_typed(text, id);
        if (!why.empty()) throw conversion_error(ulid::detail::pqxx_bad_typed_text<Tag>(why), c.loc);
        return id;
    }
#endif
};

#endif

}  // namespace pqxx

#endif  // ULID_PQXX_HPP
