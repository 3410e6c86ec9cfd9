// SPDX-License-Identifier: MIT
// ulid/cereal.hpp: cereal support for ulid::ulid and ulid::typed_id<Tag>.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on cereal. Non-member serialisation functions found by argument-dependent
// lookup, split by archive kind as cereal documents; tested with cereal 1.3
// (Debian 12).

#ifndef ULID_CEREAL_HPP
#define ULID_CEREAL_HPP

#include <ulid/typeid.hpp>

#include <cereal/cereal.hpp>
#include <cereal/details/traits.hpp>
#include <string>
#include <system_error>

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

// A typed_id<Tag> is stored as a ulid in binary archives (the 16 bytes: the
// type is the record's, so a member that was a ulid reads on) and as its
// TypeID text in text archives, where it is read strictly.

/// Binary archives store the ID's 16 bytes, big-endian, as for a ulid.
template <class Archive, class Tag,
          cereal::traits::DisableIf<cereal::traits::is_text_archive<Archive>::value> = cereal::traits::sfinae>
void save(Archive& archive, const typed_id<Tag>& id) {
    archive(cereal::binary_data(id.id().bytes().data(), binary_size));
}

/// Reads the 16 bytes; a short input throws cereal::Exception and leaves
/// `id` unchanged.
template <class Archive, class Tag,
          cereal::traits::DisableIf<cereal::traits::is_text_archive<Archive>::value> = cereal::traits::sfinae>
void load(Archive& archive, typed_id<Tag>& id) {
    byte_array bytes{};
    archive(cereal::binary_data(bytes.data(), bytes.size()));
    id = typed_id<Tag>(ulid::from_bytes(bytes));
}

/// Text archives (JSON, XML) store the TypeID ("user_01h455vb4pex5vsknk084sn02q").
template <class Archive, class Tag,
          cereal::traits::EnableIf<cereal::traits::is_text_archive<Archive>::value> = cereal::traits::sfinae>
std::string save_minimal(const Archive& /*archive*/, const typed_id<Tag>& id) {
    const auto text = id.encode();
    return {text.data(), text.size()};
}

/// Reads a TypeID with Tag's prefix (as parse()); anything else, another
/// type's ID or a bare ULID included, throws cereal::Exception saying why in
/// the library's words (explain_type_id(), then the errc's message, as
/// ulid::error's what()) and leaves `id` unchanged.
template <class Archive, class Tag,
          cereal::traits::EnableIf<cereal::traits::is_text_archive<Archive>::value> = cereal::traits::sfinae>
void load_minimal(const Archive& /*archive*/, typed_id<Tag>& id, const std::string& text) {
    if (const std::error_code ec = parse(text, id)) {
        throw cereal::Exception("invalid TypeID: " + explain_type_id(text, typed_id<Tag>::prefix()) + ": " +
                                ec.message());
    }
}

}  // namespace ulid

#endif  // ULID_CEREAL_HPP
