// UUID interop: the RFC 9562 8-4-4-4-12 form, both ways.
#include "catch.hpp"
#include "support.hpp"

#include <array>
#include <random>
#include <string>
#include <string_view>
#include <system_error>

namespace {

constexpr std::string_view sample_text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
// The same 128 bits in hex, from the ULID specification's example.
constexpr std::string_view sample_uuid = "01563e3a-b5d3-d676-4c61-efb99302bd5b";

ulid::ulid sentinel() { return ulid::must_parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"); }

}  // namespace

TEST_CASE("to_uuid_string gives the canonical lower-case 8-4-4-4-12 form", "[uuid]") {
    const ulid::ulid id = ulid::must_parse(sample_text);
    CHECK(id.to_uuid_string() == sample_uuid);
    CHECK(ulid::ulid{}.to_uuid_string() == "00000000-0000-0000-0000-000000000000");
    CHECK(sentinel().to_uuid_string() == "ffffffff-ffff-ffff-ffff-ffffffffffff");

    CHECK(test::from_hex("01563df36481a5e515bc97e85cf69bc3").to_uuid_string() ==
          "01563df3-6481-a5e5-15bc-97e85cf69bc3");

    // encode_uuid writes the 36 characters and not one more.
    std::array<char, 37> buffer{};
    buffer.fill('#');
    CHECK(id.encode_uuid(buffer.data()) == buffer.data() + 36);
    CHECK(std::string_view(buffer.data(), 36) == sample_uuid);
    CHECK(buffer[36] == '#');
}

TEST_CASE("parse_uuid reads the form back, either case", "[uuid]") {
    ulid::ulid id;
    REQUIRE_FALSE(ulid::parse_uuid(sample_uuid, id));
    CHECK(id == ulid::must_parse(sample_text));
    ulid::ulid upper;
    REQUIRE_FALSE(ulid::parse_uuid("01563E3A-B5D3-D676-4C61-EFB99302BD5B", upper));
    CHECK(upper == id);
}

TEST_CASE("to_uuid_string and parse_uuid round-trip", "[uuid]") {
    std::mt19937_64 rng(6);
    for (int i = 0; i < 10000; ++i) {
        const ulid::ulid id = test::random_ulid(rng);
        ulid::ulid back;
        REQUIRE_FALSE(ulid::parse_uuid(id.to_uuid_string(), back));
        REQUIRE(back == id);
    }
}

TEST_CASE("parse_uuid reports errors like parse and leaves the ULID untouched", "[uuid]") {
    struct bad_input {
        std::string_view text;
        ulid::errc error;
    };
    const std::array<bad_input, 10> cases = {{
        {"", ulid::errc::data_size},
        {"01563e3a-b5d3-d676-4c61-efb99302bd5", ulid::errc::data_size},            // 35 characters
        {"01563e3a-b5d3-d676-4c61-efb99302bd5b0", ulid::errc::data_size},          // 37 characters
        {"01563e3ab5d3d6764c61efb99302bd5b", ulid::errc::data_size},               // no dashes
        {"01563e3a-b5d3-d676-4c61-efb99302bd5g", ulid::errc::invalid_characters},  // not hex
        {"01563e3ab-5d3-d676-4c61-efb99302bd5b", ulid::errc::invalid_characters},  // dash moved right
        {"01563e3-ab5d3-d676-4c61-efb99302bd5b", ulid::errc::invalid_characters},  // dash moved left
        {"01563e3axb5d3-d676-4c61-efb99302bd5b", ulid::errc::invalid_characters},  // one dash not a dash
        {"01563e3a_b5d3_d676_4c61_efb99302bd5b", ulid::errc::invalid_characters},  // not dashes
        {"{1563e3a-b5d3-d676-4c61-efb99302bd5}", ulid::errc::invalid_characters},  // braces
    }};
    for (const bad_input& c : cases) {
        INFO("input: '" << std::string(c.text) << "'");
        ulid::ulid id = sentinel();
        const std::error_code ec = ulid::parse_uuid(c.text, id);
        CHECK(ec == c.error);
        CHECK(ec.category() == ulid::ulid_category());
        CHECK(id == sentinel());
    }
}
