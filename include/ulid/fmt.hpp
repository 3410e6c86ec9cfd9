// SPDX-License-Identifier: MIT
// ulid/fmt.hpp: {fmt} support for ulid::ulid, its text and TypeIDs.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on {fmt}. Needs {fmt} 8.1 or later (a const formatter<string_view>::format,
// which fmt 11 requires of every formatter); C++17.

#ifndef ULID_FMT_HPP
#define ULID_FMT_HPP

#include <ulid/typeid.hpp>

#include <cstddef>

#include <fmt/format.h>

/// fmt::format("{}", id) writes the 26-character text form. The text is
/// encoded into a stack buffer first, so formatting allocates nothing beyond
/// what fmt's output itself needs. Accepts the format specification of a
/// string ("{:>30}", "{:*^32}", ...), whose last character may be 'l' (lower
/// case: "{:l}", "{:>30l}") or 'u' (the UUID form: "{:u}"), except with a
/// nested width or precision ("{:>{}l}"). Never throws for a valid
/// specification; an invalid one is reported by fmt (at compile time with
/// FMT_STRING or fmt 9's checked format strings).
template <>
struct fmt::formatter<ulid::ulid, char> : fmt::formatter<fmt::string_view, char> {
    template <class ParseContext>
    FMT_CONSTEXPR auto parse(ParseContext& ctx) -> decltype(ctx.begin()) {
        const auto split = ulid::detail::split_format_spec(ctx.begin(), ctx.end());
        form_ = split.form;
        lower_ = split.lower;
        if (split.form == ulid::text_form::ulid && !split.lower) {
            return fmt::formatter<fmt::string_view, char>::parse(ctx);
        }
        // The string's own specification, up to the 'l' or 'u', parsed in a
        // context of its own over the same characters.
        fmt::format_parse_context rest(
            fmt::string_view(ctx.begin(), static_cast<std::size_t>(split.type - ctx.begin())));
        if (fmt::formatter<fmt::string_view, char>::parse(rest) != rest.end()) {
#if FMT_VERSION >= 110000
            fmt::report_error("ulid: invalid format specification before 'l' or 'u'");
#else
            fmt::detail::throw_format_error("ulid: invalid format specification before 'l' or 'u'");
#endif
        }
        return split.type + 1;
    }

    template <class FormatContext>
    auto format(const ulid::ulid& id, FormatContext& ctx) const -> decltype(ctx.out()) {
        const ulid::uuid_text text = ulid::detail::formatted_text(id, form_, lower_);
        return fmt::formatter<fmt::string_view, char>::format(fmt::string_view(text.data(), text.size()), ctx);
    }

private:
    ulid::text_form form_ = ulid::text_form::ulid;
    bool lower_ = false;
};

/// fmt::format("{}", t) for ulid::fixed_text (ulid::ulid_text, ulid::rfc3339()):
/// its characters, with the format specification of a string.
template <std::size_t Capacity>
struct fmt::formatter<ulid::fixed_text<Capacity>, char> : fmt::formatter<fmt::string_view, char> {
    template <class FormatContext>
    auto format(const ulid::fixed_text<Capacity>& t, FormatContext& ctx) const -> decltype(ctx.out()) {
        return fmt::formatter<fmt::string_view, char>::format(fmt::string_view(t.data(), t.size()), ctx);
    }
};

namespace ulid::detail {

/// The formatter of typed_id<Tag> and type_id: the TypeID's text with a
/// string's specification, whose last character may be 'u' for the UUID
/// form of the ID ("{:u}", "{:>40u}"); 'l' is refused, since the TypeID is
/// lower case already and the bare ID is id.id()'s to format.
struct fmt_type_id_formatter : fmt::formatter<fmt::string_view, char> {
    template <class ParseContext>
    FMT_CONSTEXPR auto parse(ParseContext& ctx) -> decltype(ctx.begin()) {
        const auto split = detail::split_format_spec(ctx.begin(), ctx.end());
        if (split.form == text_form::ulid && !split.lower) return fmt::formatter<fmt::string_view, char>::parse(ctx);
        if (split.lower) {
            report("ulid: a TypeID takes no 'l' (its text is lower case already; format id.id() for the bare ID)");
        }
        uuid_ = true;
        fmt::format_parse_context rest(
            fmt::string_view(ctx.begin(), static_cast<std::size_t>(split.type - ctx.begin())));
        if (fmt::formatter<fmt::string_view, char>::parse(rest) != rest.end()) {
            report("ulid: invalid format specification before 'u'");
        }
        return split.type + 1;
    }

    template <class Id, class FormatContext>
    auto format(const Id& id, FormatContext& ctx) const -> decltype(ctx.out()) {
        if (uuid_) {
            const uuid_text text = id.id().encode_uuid();
            return fmt::formatter<fmt::string_view, char>::format(fmt::string_view(text.data(), text.size()), ctx);
        }
        const auto text = id.encode();
        return fmt::formatter<fmt::string_view, char>::format(fmt::string_view(text.data(), text.size()), ctx);
    }

private:
    [[noreturn]] static void report(const char* message) {
#if FMT_VERSION >= 110000
        fmt::report_error(message);
#else
        fmt::detail::throw_format_error(message);
#endif
    }

    bool uuid_ = false;
};

}  // namespace ulid::detail

/// fmt::format("{}", id) for ulid::typed_id<Tag>: the TypeID's text
/// ("user_01h455vb4pex5vsknk084sn02q"), with the format specification of a
/// string, whose last character may be 'u' for the UUID form of its ID
/// ("{:u}" -> "01890a5d-ac96-774b-bcce-b302099a8057", as a `uuid` column
/// shows it). 'l' is an error (the TypeID is lower case already), as is any
/// other type, at compile time where {fmt} checks format strings.
template <class Tag>
struct fmt::formatter<ulid::typed_id<Tag>, char> : ulid::detail::fmt_type_id_formatter {};

/// fmt::format("{}", id) for ulid::type_id: as for typed_id, "{:u}" included.
template <>
struct fmt::formatter<ulid::type_id, char> : ulid::detail::fmt_type_id_formatter {};

#endif  // ULID_FMT_HPP
