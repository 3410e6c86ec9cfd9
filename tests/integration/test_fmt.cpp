// {fmt} support from <ulid/fmt.hpp>.
#include "catch.hpp"

#include <ulid/fmt.hpp>
#include <ulid/ulid.hpp>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join since fmt 11

namespace {

constexpr std::string_view sample_text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

ulid::ulid sample() { return ulid::must_parse(sample_text); }

}  // namespace

TEST_CASE("fmt::format writes the 26-character text", "[fmt]") {
    CHECK(fmt::format("{}", sample()) == sample_text);
    CHECK(fmt::format("{}", ulid::ulid{}) == "00000000000000000000000000");
    CHECK(fmt::to_string(sample()) == sample_text);
    const ulid::ulid id = ulid::make();
    CHECK(fmt::format("id={}!", id) == "id=" + id.to_string() + "!");
}

TEST_CASE("fmt::format accepts the format specification of a string", "[fmt]") {
    const std::string text(sample_text);
    CHECK(fmt::format("{:>30}", sample()) == "    " + text);
    CHECK(fmt::format("{:<28}|", sample()) == text + "  |");
    CHECK(fmt::format("{:*^30}", sample()) == "**" + text + "**");
    CHECK(fmt::format("{:10}", sample()) == text);  // a width below 26 truncates nothing
    CHECK(fmt::format("{:.5}", sample()) == "01ARZ");
    CHECK(fmt::format("{0} {0}", sample()) == text + " " + text);
}

TEST_CASE("fmt::format_to writes into a caller's fixed buffer", "[fmt]") {
    std::array<char, 64> buffer{};
    char* const end = fmt::format_to(buffer.data(), "[{}]", sample());
    CHECK(std::string_view(buffer.data(), static_cast<std::size_t>(end - buffer.data())) ==
          "[01ARZ3NDEKTSV4RRFFQ69G5FAV]");

    std::array<char, 10> small{};
    const auto result = fmt::format_to_n(small.data(), small.size(), "{}", sample());
    CHECK(result.size == ulid::encoded_size);
    CHECK(std::string_view(small.data(), small.size()) == "01ARZ3NDEK");
}

TEST_CASE("fmt::join formats ranges of ULIDs", "[fmt]") {
    const std::vector<ulid::ulid> ids{sample(), ulid::ulid{}};
    CHECK(fmt::format("{}", fmt::join(ids, ",")) == std::string(sample_text) + ",00000000000000000000000000");
}

namespace {
struct user {
    static constexpr std::string_view prefix = "user";
};
}  // namespace

TEST_CASE("fmt::format writes TypeIDs as their text", "[fmt][typeid]") {
    const ulid::typed_id<user> id(sample());
    CHECK(fmt::format("{}", id) == "user_01arz3ndektsv4rrffq69g5fav");
    CHECK(fmt::format("{:>33}", id) == "  user_01arz3ndektsv4rrffq69g5fav");
    ulid::type_id any;
    REQUIRE_FALSE(ulid::make_type_id("pre_fix", sample(), any));
    CHECK(fmt::format("[{}]", any) == "[pre_fix_01arz3ndektsv4rrffq69g5fav]");
    CHECK(fmt::format("{:.7}", any) == "pre_fix");
}

TEST_CASE("fmt::format's {:u} writes a TypeID's ID in the UUID form; {:l} is refused", "[fmt][typeid]") {
    // Issue 49: {:u} was refused on a typed_id.
    const std::string uuid = "01563e3a-b5d3-d676-4c61-efb99302bd5b";
    const ulid::typed_id<user> id(sample());
    CHECK(fmt::format("{:u}", id) == uuid);
    CHECK(fmt::format("{:*^40u}", id) == "**" + uuid + "**");
    CHECK(fmt::format("{:.8u}", id) == "01563e3a");
    CHECK(fmt::format("{:u}", ulid::typed_id<user>()) == "00000000-0000-0000-0000-000000000000");
    CHECK(fmt::format("{0:u} {0:s} {0}", id) ==
          uuid + " user_01arz3ndektsv4rrffq69g5fav user_01arz3ndektsv4rrffq69g5fav");
    CHECK(fmt::format("{:u<32}|", id) == "user_01arz3ndektsv4rrffq69g5favu|");  // 'u' as the fill
    ulid::type_id any;
    REQUIRE_FALSE(ulid::make_type_id("pre_fix", sample(), any));
    CHECK(fmt::format("[{:>38u}]", any) == "[  " + uuid + "]");
    // The TypeID is lower case already: 'l' is an error, as any other type.
    CHECK_THROWS_AS(fmt::format(fmt::runtime("{:l}"), id), fmt::format_error);
    CHECK_THROWS_AS(fmt::format(fmt::runtime("{:>40l}"), any), fmt::format_error);
    CHECK_THROWS_AS(fmt::format(fmt::runtime("{:x}"), id), fmt::format_error);
    CHECK_THROWS_AS(fmt::format(fmt::runtime("{:lu}"), id), fmt::format_error);
    CHECK_THROWS_AS(fmt::format(fmt::runtime("{:>{}u}"), id, 40), fmt::format_error);
    try {
        (void)fmt::format(fmt::runtime("{:l}"), id);
    } catch (const fmt::format_error& e) {
        CHECK_THAT(std::string(e.what()), test::text_contains("a TypeID takes no 'l'"));
    }
}

TEST_CASE("fmt::format's {:l} writes lower case and {:u} the UUID form, with a string's specification", "[fmt]") {
    // Issue 35: fmt::print("{:l}", id) aborted with "invalid type specifier".
    const std::string lower = "01arz3ndektsv4rrffq69g5fav";
    const std::string uuid = "01563e3a-b5d3-d676-4c61-efb99302bd5b";
    CHECK(fmt::format("{:l}", sample()) == lower);
    CHECK(fmt::format("{:u}", sample()) == uuid);
    CHECK(fmt::format("{:>30l}", sample()) == "    " + lower);
    CHECK(fmt::format("{:*^40u}", sample()) == "**" + uuid + "**");
    CHECK(fmt::format("{:.8u}", sample()) == "01563e3a");
    CHECK(fmt::format("{:l<28}|", sample()) == std::string(sample_text) + "ll|");  // 'l' as the fill
    CHECK(fmt::format("{0:l} {0:u} {0}", sample()) == lower + " " + uuid + " " + std::string(sample_text));
    CHECK(fmt::format("{:s}", sample()) == sample_text);
    CHECK(fmt::format(fmt::runtime("{:u}"), ulid::ulid{}) == "00000000-0000-0000-0000-000000000000");
    // Anything else stays an error, at run time as fmt reports it.
    CHECK_THROWS_AS(fmt::format(fmt::runtime("{:x}"), sample()), fmt::format_error);
    CHECK_THROWS_AS(fmt::format(fmt::runtime("{:lu}"), sample()), fmt::format_error);
    CHECK_THROWS_AS(fmt::format(fmt::runtime("{:>{}l}"), sample(), 30), fmt::format_error);
}
