// SPDX-License-Identifier: MIT
// ulid/soci.hpp: SOCI support for ulid::ulid and ulid::typed_id<Tag>.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on SOCI. The type_conversion SOCI documents for user types, over the text
// form; tested with SOCI 4.0 (Debian 12) on its PostgreSQL and SQLite
// backends.

#ifndef ULID_SOCI_HPP
#define ULID_SOCI_HPP

#include <ulid/typeid.hpp>

#include <string>
#include <string_view>
#include <system_error>

#include <soci/soci-backend.h>
#include <soci/type-conversion-traits.h>

namespace ulid::detail {

/// Reads a typed_id from a column's text: a TypeID with Tag's prefix
/// (strict, as parse()), or the untyped ULID or UUID text that `ulid`,
/// `uuid` and text columns hold, where the column is the type. Text with a
/// '_' is read as a TypeID only, so another type's ID is never taken. Empty
/// on success; otherwise why, in the library's words ("<explanation>:
/// <errc message>", as ulid::error's what()), and `id` is unchanged.
template <class Tag>
std::string soci_read_typed(std::string_view text, ::ulid::typed_id<Tag>& id) {
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

}  // namespace ulid::detail

namespace soci {

/// use(id) binds the 26-character text, which a `ulid` column (the PostgreSQL
/// extension) and text columns take as they are; for a PostgreSQL `uuid`
/// column write CAST(:id AS ulid) (with the extension) or bind
/// id.to_uuid_string(). into(id) reads what parse_any() accepts, so `ulid`,
/// `uuid` and text columns all read back; bad text throws soci::soci_error
/// saying why and leaves `id` unchanged. NULL the SOCI way: use(id, ind) with
/// ind = i_null writes NULL; into(id, ind) sets ind = i_null and leaves `id`
/// unchanged; boost::optional<ulid> (<soci/boost-optional.h>) works both
/// ways. Read nullable columns with one of those: into(id) alone leaves `id`
/// unchanged on NULL, because SOCI 4.0 gives a user type's conversion an
/// indicator of its own and so no way to tell whether the caller passed one.
/// soci::row reads a ulid from text columns; SOCI 4.0 cannot describe the
/// extension's `ulid` type in a dynamic row, so select `u::text` there.
template <>
struct type_conversion<ulid::ulid> {
    using base_type = std::string;

    static void from_base(const std::string& text, indicator ind, ulid::ulid& id) {
        // Not an error: after use(id, ind) with ind = i_null SOCI converts back
        // through here too, with nothing to convert.
        if (ind == i_null) return;
        if (ulid::parse_any(text, id)) {
            throw soci_error("Cannot convert data to ulid::ulid: " + ulid::explain(text, ulid::text_form::any));
        }
    }

    static void to_base(const ulid::ulid& id, std::string& text, indicator& ind) {
        text = id.to_string();
        ind = i_ok;
    }
};

/// A typed_id<Tag> binds and reads as a ulid, with the same NULL handling:
/// use(id) binds its ID's 26-character text (the prefix belongs to the
/// column: the extension's `ulid` type holds none); into(id) reads a TypeID
/// with Tag's prefix (a view's ulid_to_typeid(id, 'order')) or the untyped
/// text of a `ulid`, `uuid` or text column. Another type's TypeID, or text
/// that is no ID, throws soci::soci_error with the library's words ("prefix
/// 'user' where 'order' was expected: wrong TypeID prefix: ...") and leaves
/// `id` unchanged.
template <class Tag>
struct type_conversion<ulid::typed_id<Tag>> {
    using base_type = std::string;

    static void from_base(const std::string& text, indicator ind, ulid::typed_id<Tag>& id) {
        if (ind == i_null) return;  // as for ulid: nothing to convert
        const std::string why = ulid::detail::soci_read_typed(text, id);
        if (!why.empty()) {
            throw soci_error("Cannot convert data to ulid::typed_id<" + std::string(ulid::typed_id<Tag>::prefix()) +
                             ">: " + why);
        }
    }

    static void to_base(const ulid::typed_id<Tag>& id, std::string& text, indicator& ind) {
        text = id.id().to_string();
        ind = i_ok;
    }
};

}  // namespace soci

#endif  // ULID_SOCI_HPP
