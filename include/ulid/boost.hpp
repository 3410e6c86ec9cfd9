// SPDX-License-Identifier: MIT
// ulid/boost.hpp: Boost.Uuid support for ulid::ulid.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on Boost. boost::hash and Boost's hashed containers need no glue: they find
// ulid::hash_value in <ulid/ulid.hpp>. Tested with Boost 1.74 (Debian 12);
// C++17.

#ifndef ULID_BOOST_HPP
#define ULID_BOOST_HPP

#include <ulid/core.hpp>

#include <algorithm>
#include <boost/uuid/uuid.hpp>

namespace ulid {

/// The same 128 bits as a boost::uuids::uuid (RFC 9562 byte order, as the
/// UUID text form). Never allocates or throws.
[[nodiscard]] inline boost::uuids::uuid to_boost_uuid(const ulid& id) noexcept {
    boost::uuids::uuid uuid{};
    const byte_array& bytes = id.bytes();
    std::copy(bytes.begin(), bytes.end(), uuid.begin());
    return uuid;
}

/// The ULID of a boost::uuids::uuid's 128 bits: to_boost_uuid()'s inverse.
/// Any UUID maps to a ULID (every 128-bit value is one). Never allocates or
/// throws.
[[nodiscard]] inline ulid from_boost_uuid(const boost::uuids::uuid& uuid) noexcept {
    byte_array bytes{};
    std::copy(uuid.begin(), uuid.end(), bytes.begin());
    return ulid::from_bytes(bytes);
}

}  // namespace ulid

#endif  // ULID_BOOST_HPP
