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

    std::array<char, 36> buffer{};
    CHECK(id.encode_uuid(buffer.data()) == buffer.data() + buffer.size());
    CHECK(std::string_view(buffer.data(), buffer.size()) == sample_uuid);
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
    for (int i = 0; i < 100; ++i) {
        const ulid::ulid id = ulid::make();
        ulid::ulid back;
        REQUIRE_FALSE(ulid::parse_uuid(id.to_uuid_string(), back));
        CHECK(back == id);
    }
}

TEST_CASE("parse_uuid reports errors like parse and leaves the ULID untouched", "[uuid]") {
    struct bad_input {
        std::string_view text;
        ulid::errc error;
    };
    const std::array<bad_input, 8> cases = {{
        {"", ulid::errc::data_size},
        {"01563e3a-b5d3-d676-4c61-efb99302bd5", ulid::errc::data_size},            // 35 characters
        {"01563e3a-b5d3-d676-4c61-efb99302bd5b0", ulid::errc::data_size},          // 37 characters
        {"01563e3ab5d3d6764c61efb99302bd5b", ulid::errc::data_size},               // no dashes
        {"01563e3a-b5d3-d676-4c61-efb99302bd5g", ulid::errc::invalid_characters},  // not hex
        {"01563e3ab-5d3-d676-4c61-efb99302bd5b", ulid::errc::invalid_characters},  // dash moved
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

TEST_CASE("the UUID form is RFC 9562 8-4-4-4-12 lower-case hex", "[codec][uuid]") {
    const auto id = test::from_hex("01563df36481a5e515bc97e85cf69bc3");
    REQUIRE(id.to_uuid_string() == "01563df3-6481-a5e5-15bc-97e85cf69bc3");
    std::array<char, 37> buffer{};
    buffer.fill('#');
    REQUIRE(id.encode_uuid(buffer.data()) == buffer.data() + 36);
    REQUIRE(buffer[36] == '#');
    REQUIRE(ulid::ulid{}.to_uuid_string() == "00000000-0000-0000-0000-000000000000");
}

TEST_CASE("parse_uuid round-trips, accepts upper case and rejects malformed text", "[codec][uuid][errors]") {
    std::mt19937_64 rng(6);
    for (int i = 0; i < 10000; ++i) {
        const auto id = test::random_ulid(rng);
        ulid::ulid back;
        REQUIRE_FALSE(ulid::parse_uuid(id.to_uuid_string(), back));
        REQUIRE(back == id);
    }
    ulid::ulid upper;
    REQUIRE_FALSE(ulid::parse_uuid("01563DF3-6481-A5E5-15BC-97E85CF69BC3", upper));
    REQUIRE(test::to_hex(upper) == "01563df36481a5e515bc97e85cf69bc3");

    auto out = sentinel();
    REQUIRE(ulid::parse_uuid("01563df36481a5e515bc97e85cf69bc3", out) == ulid::errc::data_size);
    REQUIRE(ulid::parse_uuid("01563df3-6481-a5e5-15bc-97e85cf69bc", out) == ulid::errc::data_size);
    REQUIRE(ulid::parse_uuid("01563df3-6481-a5e5-15bc-97e85cf69bcg", out) == ulid::errc::invalid_characters);
    REQUIRE(ulid::parse_uuid("01563df3x6481-a5e5-15bc-97e85cf69bc3", out) == ulid::errc::invalid_characters);
    REQUIRE(ulid::parse_uuid("01563df-36481-a5e5-15bc-97e85cf69bc3", out) == ulid::errc::invalid_characters);
    REQUIRE(ulid::parse_uuid("{1563df3-6481-a5e5-15bc-97e85cf69bc}", out) == ulid::errc::invalid_characters);
    REQUIRE(out == sentinel());
}
