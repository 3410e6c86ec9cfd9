// cereal support from <ulid/cereal.hpp>.
#include "catch.hpp"

#include <ulid/cereal.hpp>
#include <ulid/ulid.hpp>

#include <cereal/archives/binary.hpp>
#include <cereal/archives/json.hpp>
#include <cereal/archives/portable_binary.hpp>
#include <cereal/archives/xml.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");

struct record {
    ulid::ulid id;
    std::vector<ulid::ulid> parents;
    std::map<ulid::ulid, std::string> names;

    template <class Archive>
    void serialize(Archive& archive) {
        archive(CEREAL_NVP(id), CEREAL_NVP(parents), CEREAL_NVP(names));
    }
    bool operator==(const record& other) const {
        return id == other.id && parents == other.parents && names == other.names;
    }
};

template <class Out, class In, class T>
T round_trip(const T& value) {
    std::stringstream stream;
    {
        Out out(stream);
        out(cereal::make_nvp("value", value));
    }
    T back{};
    In in(stream);
    in(cereal::make_nvp("value", back));
    return back;
}

template <class Out, class T>
std::string saved(const T& value) {
    std::stringstream stream;
    {
        Out out(stream);
        out(cereal::make_nvp("value", value));
    }
    return stream.str();
}

template <class In>
std::string load_error(const std::string& document, ulid::ulid& id) {
    try {
        std::istringstream stream(document);
        In in(stream);
        in(cereal::make_nvp("value", id));
    } catch (const cereal::Exception& e) {
        return e.what();
    }
    FAIL("no cereal::Exception for " << document);
    return {};
}

const record sample_record{sample, {ulid::ulid::nil(), ulid::ulid::max()}, {{sample, "first"}}};

}  // namespace

TEST_CASE("binary archives store the 16 bytes", "[cereal]") {
    const std::string bytes = saved<cereal::BinaryOutputArchive>(sample);
    REQUIRE(bytes.size() == 16);
    for (std::size_t i = 0; i < 16; ++i) CHECK(static_cast<std::uint8_t>(bytes[i]) == sample.bytes()[i]);
    CHECK(round_trip<cereal::BinaryOutputArchive, cereal::BinaryInputArchive>(sample) == sample);
    CHECK(round_trip<cereal::PortableBinaryOutputArchive, cereal::PortableBinaryInputArchive>(sample) == sample);
    CHECK(round_trip<cereal::BinaryOutputArchive, cereal::BinaryInputArchive>(sample_record) == sample_record);
    for (int i = 0; i < 50; ++i) {
        const ulid::ulid id = ulid::make();
        CHECK(round_trip<cereal::BinaryOutputArchive, cereal::BinaryInputArchive>(id) == id);
    }
}

TEST_CASE("text archives store the 26-character text", "[cereal]") {
    CHECK(saved<cereal::JSONOutputArchive>(sample).find("\"value\": \"01ARZ3NDEKTSV4RRFFQ69G5FAV\"") !=
          std::string::npos);
    CHECK(saved<cereal::XMLOutputArchive>(sample).find(">01ARZ3NDEKTSV4RRFFQ69G5FAV</value>") != std::string::npos);
    CHECK(round_trip<cereal::JSONOutputArchive, cereal::JSONInputArchive>(sample) == sample);
    CHECK(round_trip<cereal::XMLOutputArchive, cereal::XMLInputArchive>(sample) == sample);
    CHECK(round_trip<cereal::JSONOutputArchive, cereal::JSONInputArchive>(sample_record) == sample_record);
    CHECK(round_trip<cereal::XMLOutputArchive, cereal::XMLInputArchive>(sample_record) == sample_record);
}

TEST_CASE("text archives read either case and the UUID form", "[cereal]") {
    ulid::ulid id;
    std::istringstream lower(R"({"value": "01arz3ndektsv4rrffq69g5fav"})");
    {
        cereal::JSONInputArchive archive(lower);
        archive(cereal::make_nvp("value", id));
    }
    CHECK(id == sample);
    std::istringstream uuid(R"({"value": ")" + sample.to_uuid_string() + R"("})");
    id = ulid::ulid{};
    {
        cereal::JSONInputArchive archive(uuid);
        archive(cereal::make_nvp("value", id));
    }
    CHECK(id == sample);
}

TEST_CASE("a bad value throws cereal::Exception and changes nothing", "[cereal]") {
    ulid::ulid id = sample;
    CHECK_THAT(load_error<cereal::JSONInputArchive>(R"({"value": "01ARZ3NDEKTSV4RRFFQ69G5FAU"})", id),
               test::text_contains("invalid ULID") && test::text_contains("'U'"));
    CHECK_THAT(load_error<cereal::JSONInputArchive>(R"({"value": "short"})", id),
               test::text_contains(ulid::explain("short", ulid::text_form::any)));
    CHECK_THAT(load_error<cereal::JSONInputArchive>(R"({"value": "81ARZ3NDEKTSV4RRFFQ69G5FAV"})", id),
               test::text_contains("invalid ULID"));
    CHECK_THAT(load_error<cereal::XMLInputArchive>("<?xml version=\"1.0\"?><cereal><value>nope</value></cereal>", id),
               test::text_contains("invalid ULID"));
    // A number where the text belongs: cereal's own type error.
    (void)load_error<cereal::JSONInputArchive>(R"({"value": 12})", id);
    // A binary input shorter than 16 bytes.
    CHECK_THAT(load_error<cereal::BinaryInputArchive>(std::string(10, '\x01'), id),
               test::text_contains("Failed to read"));
    CHECK(id == sample);
}

namespace {

struct order_tag {
    static constexpr std::string_view prefix = "order";
};
using order_id = ulid::typed_id<order_tag>;

struct order {
    order_id id;
    std::vector<order_id> related;

    template <class Archive>
    void serialize(Archive& archive) {
        archive(CEREAL_NVP(id), CEREAL_NVP(related));
    }
    bool operator==(const order& other) const { return id == other.id && related == other.related; }
};

template <class In>
std::string load_order_error(const std::string& document, order_id& id) {
    try {
        std::istringstream stream(document);
        In in(stream);
        in(cereal::make_nvp("value", id));
    } catch (const cereal::Exception& e) {
        return e.what();
    }
    FAIL("no cereal::Exception for " << document);
    return {};
}

}  // namespace

TEST_CASE("a typed_id is 16 bytes in binary archives and its TypeID in text archives", "[cereal][typeid]") {
    const order_id id(sample);
    const std::string bytes = saved<cereal::BinaryOutputArchive>(id);
    CHECK(bytes == saved<cereal::BinaryOutputArchive>(sample));  // as the ulid: a member may change type
    CHECK(round_trip<cereal::BinaryOutputArchive, cereal::BinaryInputArchive>(id) == id);
    CHECK(round_trip<cereal::PortableBinaryOutputArchive, cereal::PortableBinaryInputArchive>(id) == id);

    CHECK(saved<cereal::JSONOutputArchive>(id).find("\"value\": \"order_01arz3ndektsv4rrffq69g5fav\"") !=
          std::string::npos);
    CHECK(saved<cereal::XMLOutputArchive>(id).find(">order_01arz3ndektsv4rrffq69g5fav</value>") != std::string::npos);
    CHECK(round_trip<cereal::JSONOutputArchive, cereal::JSONInputArchive>(id) == id);
    CHECK(round_trip<cereal::XMLOutputArchive, cereal::XMLInputArchive>(id) == id);

    const order record{order_id::make(), {id, order_id()}};
    CHECK(round_trip<cereal::BinaryOutputArchive, cereal::BinaryInputArchive>(record) == record);
    CHECK(round_trip<cereal::JSONOutputArchive, cereal::JSONInputArchive>(record) == record);
    CHECK(round_trip<cereal::XMLOutputArchive, cereal::XMLInputArchive>(record) == record);
}

TEST_CASE("a text archive refuses another type's TypeID with the library's words", "[cereal][typeid]") {
    order_id id(sample);
    const std::string wrong =
        load_order_error<cereal::JSONInputArchive>(R"({"value": "user_01arz3ndektsv4rrffq69g5fav"})", id);
    CHECK_THAT(wrong, test::text_contains(ulid::explain_type_id("user_01arz3ndektsv4rrffq69g5fav", "order") + ": " +
                                          ulid::make_error_code(ulid::errc::wrong_prefix).message()));
    CHECK_THAT(load_order_error<cereal::JSONInputArchive>(R"({"value": "01ARZ3NDEKTSV4RRFFQ69G5FAV"})", id),
               test::text_contains("invalid TypeID"));  // a bare ULID names no type
    CHECK_THAT(load_order_error<cereal::XMLInputArchive>(
                   "<?xml version=\"1.0\"?><cereal><value>order_01arz3ndektsv4rrffq69g5faU</value></cereal>", id),
               test::text_contains("'U' at position 32"));
    CHECK_THAT(load_order_error<cereal::BinaryInputArchive>(std::string(10, '\x01'), id),
               test::text_contains("Failed to read"));
    CHECK(id == order_id(sample));
}
