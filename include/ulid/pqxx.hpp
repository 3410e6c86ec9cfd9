// SPDX-License-Identifier: MIT
// ulid/pqxx.hpp: libpqxx support for ulid::ulid.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on libpqxx. libpqxx 6 (tested with 6.4, Debian 12): its conversion system
// is pqxx::string_traits. libpqxx 7 changed that system and is refused below
// rather than served by untested code.

#ifndef ULID_PQXX_HPP
#define ULID_PQXX_HPP

#include <ulid/ulid.hpp>

#include <cstring>
#include <pqxx/except>
#include <pqxx/strconv>
#include <pqxx/version>
#include <string>
#include <string_view>

#if PQXX_VERSION_MAJOR != 6
#error "ulid/pqxx.hpp supports libpqxx 6 (tested with 6.4); this libpqxx is not supported yet"
#endif

namespace pqxx {

/// A ulid as a query parameter and a field value. Parameters are sent as the
/// 26-character text, which a `ulid` column (the extension) and a text column
/// take as they are; for a `uuid` column write `$1::ulid` (with the
/// extension), or pass id.to_uuid_string(). Fields read what parse_any()
/// accepts, so `ulid`, `uuid` and text columns all read back. Bad text
/// throws pqxx::conversion_error saying why and leaves the ULID unchanged.
/// NULL the libpqxx way: field.as<ulid>() throws pqxx::conversion_error,
/// field.to(id) returns false and leaves `id` alone, field.as<ulid>(default)
/// gives the default, and libpqxx's optional-like types (std::unique_ptr<ulid>;
/// std::optional<ulid> where libpqxx is built with PQXX_HAVE_OPTIONAL) carry
/// it in parameters and fields.
template <>
struct string_traits<ulid::ulid> {
    static constexpr const char* name() noexcept { return "ulid::ulid"; }
    static constexpr bool has_null() noexcept { return false; }
    static bool is_null(const ulid::ulid& /*id*/) { return false; }
    [[noreturn]] static ulid::ulid null() { internal::throw_null_conversion(name()); }
    static void from_string(const char text[], ulid::ulid& id) {
        const std::string_view view(text, std::strlen(text));
        if (ulid::parse_any(view, id)) {
            throw conversion_error("Could not convert string to ulid::ulid: " +
                                   ulid::explain(view, ulid::text_form::any));
        }
    }
    static std::string to_string(const ulid::ulid& id) { return id.to_string(); }
};

}  // namespace pqxx

#endif  // ULID_PQXX_HPP
