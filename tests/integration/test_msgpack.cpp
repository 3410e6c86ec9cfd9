// msgpack-cxx support from <ulid/msgpack.hpp>.
#include "catch.hpp"

#include <ulid/msgpack.hpp>
#include <ulid/ulid.hpp>

#include <cstdint>
#include <map>
#include <msgpack.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace {

const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");

template <class T>
std::string packed(const T& value) {
    msgpack::sbuffer buffer;
    msgpack::pack(buffer, value);
    return {buffer.data(), buffer.size()};
}

ulid::ulid unpack_ulid(const std::string& bytes) {
    const msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
    return handle.get().as<ulid::ulid>();
}

}  // namespace

TEST_CASE("a ulid packs as a 16-byte bin of its big-endian bytes", "[msgpack]") {
    const std::string bytes = packed(sample);
    REQUIRE(bytes.size() == 18);
    CHECK(static_cast<unsigned char>(bytes[0]) == 0xC4);  // bin 8
    CHECK(static_cast<unsigned char>(bytes[1]) == 16);
    for (std::size_t i = 0; i < 16; ++i) CHECK(static_cast<std::uint8_t>(bytes[2 + i]) == sample.bytes()[i]);

    const msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
    CHECK(handle.get().type == msgpack::type::BIN);
}

TEST_CASE("ulids round-trip alone, in containers and through msgpack::object", "[msgpack]") {
    CHECK(unpack_ulid(packed(sample)) == sample);
    CHECK(unpack_ulid(packed(ulid::ulid::nil())) == ulid::ulid::nil());
    CHECK(unpack_ulid(packed(ulid::ulid::max())) == ulid::ulid::max());
    for (int i = 0; i < 100; ++i) {
        const ulid::ulid id = ulid::make();
        CHECK(unpack_ulid(packed(id)) == id);
    }

    const std::map<ulid::ulid, std::vector<ulid::ulid>> nested{{sample, {ulid::make(), ulid::ulid::max()}}};
    const std::string bytes = packed(nested);
    const msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
    CHECK(handle.get().as<std::map<ulid::ulid, std::vector<ulid::ulid>>>() == nested);

    msgpack::zone zone;
    const msgpack::object in_zone(sample, zone);
    CHECK(in_zone.as<ulid::ulid>() == sample);
    const msgpack::object viewing(sample);
    CHECK(viewing.as<ulid::ulid>() == sample);
}

TEST_CASE("unpacking anything but a 16-byte bin is a msgpack::type_error", "[msgpack]") {
    CHECK_THROWS_AS(unpack_ulid(packed(sample.to_string())), msgpack::type_error);  // the text form
    CHECK_THROWS_AS(unpack_ulid(packed(42)), msgpack::type_error);
    CHECK_THROWS_AS(unpack_ulid(packed(msgpack::type::nil_t())), msgpack::type_error);
    CHECK_THROWS_AS(unpack_ulid(packed(std::vector<char>(15, 'x'))), msgpack::type_error);
    CHECK_THROWS_AS(unpack_ulid(packed(std::vector<char>(17, 'x'))), msgpack::type_error);
    CHECK_THROWS_AS(unpack_ulid(packed(std::vector<char>())), msgpack::type_error);
    CHECK_THROWS_AS(unpack_ulid(packed(std::vector<int>(16, 1))), msgpack::type_error);

    // A truncated buffer is msgpack's own error, before any conversion.
    const std::string bytes = packed(sample);
    CHECK_THROWS_AS(unpack_ulid(bytes.substr(0, 10)), msgpack::insufficient_bytes);

    // A failed conversion leaves the target unchanged.
    ulid::ulid kept = sample;
    const std::string text = packed(std::string("not a ulid"));
    const msgpack::object_handle handle = msgpack::unpack(text.data(), text.size());
    CHECK_THROWS_AS(handle.get().convert(kept), msgpack::type_error);
    CHECK(kept == sample);
}

namespace {

struct order_tag {
    static constexpr std::string_view prefix = "order";
};
using order_id = ulid::typed_id<order_tag>;

order_id unpack_order(const std::string& bytes) {
    const msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
    return handle.get().as<order_id>();
}

}  // namespace

TEST_CASE("a typed_id packs as a str of its TypeID and round-trips", "[msgpack][typeid]") {
    const order_id id(sample);
    const std::string bytes = packed(id);
    const std::string text = "order_01arz3ndektsv4rrffq69g5fav";
    REQUIRE(bytes.size() == 2 + text.size());
    CHECK(static_cast<unsigned char>(bytes[0]) == 0xD9);  // str 8
    CHECK(static_cast<unsigned char>(bytes[1]) == text.size());
    CHECK(bytes.substr(2) == text);
    CHECK(bytes == packed(text));  // what any msgpack reader takes as that string

    CHECK(unpack_order(bytes) == id);
    CHECK(unpack_order(packed(order_id())) == order_id());
    for (int i = 0; i < 50; ++i) {
        const order_id made = order_id::make();
        CHECK(unpack_order(packed(made)) == made);
    }
    const std::map<order_id, std::vector<order_id>> nested{{id, {order_id::make(), order_id()}}};
    const std::string nested_bytes = packed(nested);
    const msgpack::object_handle handle = msgpack::unpack(nested_bytes.data(), nested_bytes.size());
    CHECK(handle.get().as<std::map<order_id, std::vector<order_id>>>() == nested);

    msgpack::zone zone;
    const msgpack::object in_zone(id, zone);
    CHECK(in_zone.type == msgpack::type::STR);
    CHECK(in_zone.as<order_id>() == id);
}

TEST_CASE("a typed_id refuses another type's TypeID with the library's words", "[msgpack][typeid]") {
    order_id kept(sample);
    const auto error_of = [&](const std::string& bytes) -> ulid::msgpack_type_id_error {
        const msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
        try {
            handle.get().convert(kept);
        } catch (const ulid::msgpack_type_id_error& e) {
            return e;
        }
        FAIL("no ulid::msgpack_type_id_error");
        return {{}, {}};
    };
    const auto wrong = error_of(packed(std::string("user_01arz3ndektsv4rrffq69g5fav")));
    CHECK(wrong.code() == ulid::errc::wrong_prefix);
    CHECK_THAT(std::string(wrong.what()),
               test::text_contains(ulid::explain_type_id("user_01arz3ndektsv4rrffq69g5fav", "order") + ": " +
                                   wrong.code().message()));
    CHECK(error_of(packed(std::string("order_01ARZ3NDEKTSV4RRFFQ69G5FAV"))).code() == ulid::errc::invalid_characters);
    CHECK(error_of(packed(sample.to_string())).code() == ulid::errc::wrong_prefix);  // a bare ULID names no type
    // As msgpack-cxx's own conversions: a msgpack::type_error.
    CHECK_THROWS_AS(unpack_order(packed(std::string("user_01arz3ndektsv4rrffq69g5fav"))), msgpack::type_error);
    CHECK_THROWS_AS(unpack_order(packed(sample)), msgpack::type_error);  // the ulid's 16-byte bin
    CHECK_THROWS_AS(unpack_order(packed(42)), msgpack::type_error);
    CHECK(kept == order_id(sample));
}
