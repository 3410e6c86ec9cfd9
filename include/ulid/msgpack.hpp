// SPDX-License-Identifier: MIT
// ulid/msgpack.hpp: msgpack-cxx support for ulid::ulid and ulid::typed_id<Tag>.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on msgpack-cxx. The adaptors msgpack-cxx documents for user types (convert,
// pack, object, object_with_zone); tested with msgpack-cxx 4.1 (Debian 12).

#ifndef ULID_MSGPACK_HPP
#define ULID_MSGPACK_HPP

#include <ulid/typeid.hpp>

#include <cstring>
#include <msgpack.hpp>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

namespace ulid {

/// What reading a typed_id<Tag> from msgpack throws for a string that is no
/// TypeID with Tag's prefix: a msgpack::type_error, as msgpack-cxx's own
/// conversions throw, whose what() says why in the library's words
/// (explain_type_id(), then the errc's message, as ulid::error's what()) and
/// whose code() is the errc (errc::wrong_prefix for another type's ID).
class msgpack_type_id_error : public msgpack::type_error {
public:
    msgpack_type_id_error(std::error_code ec, std::string why) : code_(ec), what_(std::move(why)) {}
    [[nodiscard]] const char* what() const noexcept override { return what_.c_str(); }
    /// The errc of parse(text, typed_id&).
    [[nodiscard]] std::error_code code() const noexcept { return code_; }

private:
    std::error_code code_;
    std::string what_;
};

}  // namespace ulid

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

    // A typed_id<Tag> is a msgpack str holding its TypeID text
    // ("user_01h455vb4pex5vsknk084sn02q"), as in JSON: msgpack crosses
    // programs and languages, and the prefix lets the reader check the type.

    /// Reads a TypeID with Tag's prefix from a str. Another type (a bin
    /// included) throws msgpack::type_error; a str that is no such TypeID
    /// (another type's ID, a bare ULID) throws ulid::msgpack_type_id_error
    /// saying why. Either way the ID is unchanged.
    template <class Tag>
    struct convert<ulid::typed_id<Tag>> {
        const msgpack::object& operator()(const msgpack::object& o, ulid::typed_id<Tag>& id) const {
            if (o.type != msgpack::type::STR) throw msgpack::type_error();
            const std::string_view text(o.via.str.ptr, o.via.str.size);
            if (const std::error_code ec = ulid::parse(text, id)) {
                throw ulid::msgpack_type_id_error(
                    ec, "invalid TypeID: " + ulid::explain_type_id(text, ulid::typed_id<Tag>::prefix()) + ": " +
                            ec.message());
            }
            return o;
        }
    };

    /// Writes the TypeID text as a msgpack str.
    template <class Tag>
    struct pack<ulid::typed_id<Tag>> {
        template <class Stream>
        msgpack::packer<Stream>& operator()(msgpack::packer<Stream>& o, const ulid::typed_id<Tag>& id) const {
            const auto text = id.encode();
            o.pack_str(static_cast<uint32_t>(text.size()));
            o.pack_str_body(text.data(), static_cast<uint32_t>(text.size()));
            return o;
        }
    };

    /// A msgpack::object holding a copy of the TypeID text in the zone. (No
    /// zone-less msgpack::object: the ID holds no text to view.)
    template <class Tag>
    struct object_with_zone<ulid::typed_id<Tag>> {
        void operator()(msgpack::object::with_zone& o, const ulid::typed_id<Tag>& id) const {
            const auto text = id.encode();
            char* chars = static_cast<char*>(o.zone.allocate_align(text.size(), MSGPACK_ZONE_ALIGNOF(char)));
            std::memcpy(chars, text.data(), text.size());
            o.type = msgpack::type::STR;
            o.via.str.ptr = chars;
            o.via.str.size = static_cast<uint32_t>(text.size());
        }
    };

    }  // namespace adaptor
}  // MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS)
}  // namespace msgpack

#endif  // ULID_MSGPACK_HPP
