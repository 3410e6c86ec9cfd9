// SPDX-License-Identifier: MIT
// ulid/cereal.hpp: cereal support for ulid::ulid.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on cereal. Non-member serialisation functions found by argument-dependent
// lookup, split by archive kind as cereal documents; tested with cereal 1.3
// (Debian 12).

#ifndef ULID_CEREAL_HPP
#define ULID_CEREAL_HPP

#include <ulid/core.hpp>

#include <cereal/cereal.hpp>
#include <cereal/details/traits.hpp>
#include <string>

namespace ulid {

/// Binary archives store the 16 bytes, big-endian.
template <class Archive,
          cereal::traits::DisableIf<cereal::traits::is_text_archive<Archive>::value> = cereal::traits::sfinae>
void save(Archive& archive, const ulid& id) {
    archive(cereal::binary_data(id.bytes().data(), binary_size));
}

/// Reads the 16 bytes; a short input throws cereal::Exception (the archive's
/// own error) and leaves `id` unchanged.
template <class Archive,
          cereal::traits::DisableIf<cereal::traits::is_text_archive<Archive>::value> = cereal::traits::sfinae>
void load(Archive& archive, ulid& id) {
    byte_array bytes{};
    archive(cereal::binary_data(bytes.data(), bytes.size()));
    id = ulid::from_bytes(bytes);
}

/// Text archives (JSON, XML) store the 26-character text form.
template <class Archive,
          cereal::traits::EnableIf<cereal::traits::is_text_archive<Archive>::value> = cereal::traits::sfinae>
std::string save_minimal(const Archive& /*archive*/, const ulid& id) {
    return id.to_string();
}

/// Reads what parse_any() accepts (either case, or the UUID form); anything
/// else throws cereal::Exception saying why (explain()) and leaves `id`
/// unchanged.
template <class Archive,
          cereal::traits::EnableIf<cereal::traits::is_text_archive<Archive>::value> = cereal::traits::sfinae>
void load_minimal(const Archive& /*archive*/, ulid& id, const std::string& text) {
    if (parse_any(text, id)) throw cereal::Exception("invalid ULID: " + explain(text, text_form::any));
}

}  // namespace ulid

#endif  // ULID_CEREAL_HPP
