// SPDX-License-Identifier: MIT
// ulid/soci.hpp: SOCI support for ulid::ulid.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on SOCI. The type_conversion SOCI documents for user types, over the text
// form; tested with SOCI 4.0 (Debian 12) on its PostgreSQL and SQLite
// backends.

#ifndef ULID_SOCI_HPP
#define ULID_SOCI_HPP

#include <ulid/core.hpp>

#include <string>

#include <soci/soci-backend.h>
#include <soci/type-conversion-traits.h>

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

}  // namespace soci

#endif  // ULID_SOCI_HPP
