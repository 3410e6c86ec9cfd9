// SPDX-License-Identifier: MIT
// ulid/msgpack.hpp: msgpack-cxx support for ulid::ulid.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on msgpack-cxx. The adaptors msgpack-cxx documents for user types (convert,
// pack, object, object_with_zone); tested with msgpack-cxx 4.1 (Debian 12).

#ifndef ULID_MSGPACK_HPP
#define ULID_MSGPACK_HPP

#include <ulid/core.hpp>

#include <cstring>
#include <msgpack.hpp>

namespace msgpack {
MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS) {
    namespace adaptor {

    /// Reads a ULID from a 16-byte bin, the form pack<ulid> writes. Anything else
    /// (another type, a bin of another size, a string) throws msgpack::type_error
    /// and leaves the ULID unchanged.
    template <>
    struct convert<ulid::ulid> {
        const msgpack::object& operator()(const msgpack::object& o, ulid::ulid& id) const {
            if (o.type != msgpack::type::BIN || o.via.bin.size != ulid::binary_size) throw msgpack::type_error();
            ulid::byte_array bytes{};
            std::memcpy(bytes.data(), o.via.bin.ptr, bytes.size());
            id = ulid::ulid::from_bytes(bytes);
            return o;
        }
    };

    /// Writes the 16 bytes, big-endian, as a msgpack bin (so ULIDs sort and
    /// compare as byte strings on the other side too).
    template <>
    struct pack<ulid::ulid> {
        template <class Stream>
        msgpack::packer<Stream>& operator()(msgpack::packer<Stream>& o, const ulid::ulid& id) const {
            o.pack_bin(static_cast<uint32_t>(ulid::binary_size));
            o.pack_bin_body(reinterpret_cast<const char*>(id.bytes().data()), static_cast<uint32_t>(ulid::binary_size));
            return o;
        }
    };

    /// A msgpack::object viewing the ULID's bytes as a bin; the ULID must
    /// outlive it, as with std::vector<char>.
    template <>
    struct object<ulid::ulid> {
        void operator()(msgpack::object& o, const ulid::ulid& id) const {
            o.type = msgpack::type::BIN;
            o.via.bin.ptr = reinterpret_cast<const char*>(id.bytes().data());
            o.via.bin.size = static_cast<uint32_t>(ulid::binary_size);
        }
    };

    /// A msgpack::object holding a copy of the 16 bytes in the zone.
    template <>
    struct object_with_zone<ulid::ulid> {
        void operator()(msgpack::object::with_zone& o, const ulid::ulid& id) const {
            char* bytes = static_cast<char*>(o.zone.allocate_align(ulid::binary_size, MSGPACK_ZONE_ALIGNOF(char)));
            std::memcpy(bytes, id.bytes().data(), ulid::binary_size);
            o.type = msgpack::type::BIN;
            o.via.bin.ptr = bytes;
            o.via.bin.size = static_cast<uint32_t>(ulid::binary_size);
        }
    };

    }  // namespace adaptor
}  // MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS)
}  // namespace msgpack

#endif  // ULID_MSGPACK_HPP
