// nlohmann/json support from <ulid/json.hpp>.
#include "catch.hpp"

#include <ulid/json.hpp>
#include <ulid/ulid.hpp>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using nlohmann::json;

const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");

// The message of the type_error that reading `j` as a ulid throws.
std::string read_error(const json& j) {
    try {
        (void)j.get<ulid::ulid>();
    } catch (const json::type_error& e) {
        CHECK(e.id == 302);
        return e.what();
    }
    FAIL("no json::type_error for " << j.dump());
    return {};
}

// The same for reading `j` as a std::map keyed by ULIDs.
std::string read_map_error(const json& j) {
    try {
        (void)j.get<std::map<ulid::ulid, int>>();
    } catch (const json::type_error& e) {
        CHECK(e.id == 302);
        return e.what();
    }
    FAIL("no json::type_error for " << j.dump());
    return {};
}

}  // namespace

TEST_CASE("a ulid is written as its 26-character JSON string", "[json]") {
    CHECK(json(sample) == json("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    CHECK(json(sample).dump() == "\"01ARZ3NDEKTSV4RRFFQ69G5FAV\"");
    CHECK(json(ulid::ulid::max()).dump() == "\"7ZZZZZZZZZZZZZZZZZZZZZZZZZ\"");
    const json object = {{"id", sample}, {"n", 1}};
    CHECK(object.dump() == R"({"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","n":1})");
}

TEST_CASE("get<ulid> reads what parse_any accepts, and round-trips", "[json]") {
    CHECK(json("01ARZ3NDEKTSV4RRFFQ69G5FAV").get<ulid::ulid>() == sample);
    CHECK(json("01arz3ndektsv4rrffq69g5fav").get<ulid::ulid>() == sample);
    CHECK(json(sample.to_uuid_string()).get<ulid::ulid>() == sample);
    for (int i = 0; i < 100; ++i) {
        const ulid::ulid id = ulid::make();
        CHECK(json::parse(json(id).dump()).get<ulid::ulid>() == id);
    }
}

TEST_CASE("ulids in containers", "[json]") {
    const std::vector<ulid::ulid> ids{sample, ulid::ulid::nil(), ulid::make()};
    const json j = ids;
    REQUIRE(j.is_array());
    CHECK(j[1] == "00000000000000000000000000");
    CHECK(j.get<std::vector<ulid::ulid>>() == ids);
}

TEST_CASE("maps keyed by ulids are objects keyed by the text form", "[json]") {
    const std::map<ulid::ulid, int> ordered{{sample, 1}, {ulid::ulid::max(), 2}};
    const json j = ordered;
    REQUIRE(j.is_object());
    CHECK(j.dump() == R"({"01ARZ3NDEKTSV4RRFFQ69G5FAV":1,"7ZZZZZZZZZZZZZZZZZZZZZZZZZ":2})");
    CHECK(j.get<std::map<ulid::ulid, int>>() == ordered);

    const std::unordered_map<ulid::ulid, std::string> hashed{{sample, "x"}, {ulid::ulid::nil(), "y"}};
    const json h = hashed;
    REQUIRE(h.is_object());
    CHECK(h["00000000000000000000000000"] == "y");
    CHECK(h.get<std::unordered_map<ulid::ulid, std::string>>() == hashed);
}

TEST_CASE("bad input throws json::type_error saying why, and changes nothing", "[json]") {
    CHECK_THAT(read_error(json(42)), test::text_contains("type must be string (a ULID), but is number"));
    CHECK_THAT(read_error(json(nullptr)), test::text_contains("but is null"));
    CHECK_THAT(read_error(json::array()), test::text_contains("but is array"));
    CHECK_THAT(read_error(json("")), test::text_contains("invalid ULID"));
    CHECK_THAT(read_error(json("01ARZ3NDEKTSV4RRFFQ69G5FA")),
               test::text_contains(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5FA", ulid::text_form::any)));
    CHECK_THAT(read_error(json("01ARZ3NDEKTSV4RRFFQ69G5FAU")), test::text_contains("'U'"));
    CHECK_THAT(read_error(json("81ARZ3NDEKTSV4RRFFQ69G5FAV")), test::text_contains("invalid ULID"));
    CHECK_THAT(read_error(json("01ARZ3NDEKTSV4RRFFQ69G5FA\xC3\xA9")), test::text_contains("invalid ULID"));

    ulid::ulid kept = sample;
    CHECK_THROWS_AS(json("nope").get_to(kept), json::type_error);
    CHECK(kept == sample);

    std::map<ulid::ulid, int> map{{sample, 1}};
    CHECK_THROWS_AS(json::parse(R"({"not a ulid": 1})").get_to(map), json::type_error);
    CHECK_THROWS_AS(json::parse(R"([1, 2])").get_to(map), json::type_error);
    CHECK(map == std::map<ulid::ulid, int>{{sample, 1}});

    // Two spellings of one ULID are two JSON keys but one map key: an error,
    // never one value silently dropped.
    const std::string upper = sample.encode().c_str();
    const std::string lower = sample.encode_lower().c_str();
    const json twice = json::parse(R"({")" + upper + R"(": 1, ")" + lower + R"(": 2})");
    CHECK_THROWS_AS(twice.get_to(map), json::type_error);
    CHECK_THAT(read_map_error(twice), test::text_contains("duplicate ULID key"));
    std::unordered_map<ulid::ulid, int> hashed{{sample, 1}};
    CHECK_THROWS_AS(twice.get_to(hashed), json::type_error);
    CHECK(map == std::map<ulid::ulid, int>{{sample, 1}});
    CHECK(hashed == std::unordered_map<ulid::ulid, int>{{sample, 1}});
    // A nlohmann::json exception, as callers of the library catch them.
    CHECK_THROWS_AS(json(1.5).get<ulid::ulid>(), json::exception);
}

namespace {
struct user {
    static constexpr std::string_view prefix = "user";
};
}  // namespace

TEST_CASE("TypeIDs are JSON strings, read back strictly with the reason on error", "[json][typeid]") {
    using user_id = ulid::typed_id<user>;
    const user_id id(ulid::must_parse("01H455VB4PEX5VSKNK084SN02Q"));
    const json j = id;
    CHECK(j == "user_01h455vb4pex5vsknk084sn02q");
    CHECK(j.get<user_id>() == id);
    const std::vector<user_id> ids{id, user_id()};
    CHECK(json(ids).dump() == R"(["user_01h455vb4pex5vsknk084sn02q","user_00000000000000000000000000"])");
    CHECK(json(ids).get<std::vector<user_id>>() == ids);

    user_id kept = id;
    const auto error_of = [&](const json& bad) -> std::string {
        try {
            bad.get_to(kept);
        } catch (const json::type_error& e) {
            return e.what();
        }
        return "no error";
    };
    CHECK_THAT(error_of(json("order_01h455vb4pex5vsknk084sn02q")),
               test::text_contains("prefix 'order' where 'user' was expected"));
    CHECK_THAT(error_of(json("user_01H455VB4PEX5VSKNK084SN02Q")),
               test::text_contains("'H' at position 8 is not a lower-case Crockford base32 character"));
    CHECK_THAT(error_of(json(42)), test::text_contains("type must be string (a TypeID)"));
    // The library's words: the explanation, then the errc's message.
    CHECK_THAT(error_of(json("order_01h455vb4pex5vsknk084sn02q")),
               test::text_contains(ulid::explain_type_id("order_01h455vb4pex5vsknk084sn02q", "user") + ": " +
                                   ulid::make_error_code(ulid::errc::wrong_prefix).message()));
    // A bare ULID or UUID names no type: refused too.
    CHECK_THAT(error_of(json("01h455vb4pex5vsknk084sn02q")), test::text_contains("invalid TypeID"));
    CHECK_THAT(error_of(json(id.id().to_uuid_string())), test::text_contains("invalid TypeID"));
    CHECK(kept == id);

    // Maps keyed by typed_ids are objects keyed by the TypeIDs.
    const std::map<user_id, int> counts{{id, 1}, {user_id(), 2}};
    const json object = counts;
    CHECK(object.dump() == R"({"user_00000000000000000000000000":2,"user_01h455vb4pex5vsknk084sn02q":1})");
    CHECK(object.get<std::map<user_id, int>>() == counts);
    const std::unordered_map<user_id, int> hashed(counts.begin(), counts.end());
    CHECK(json(hashed).get<std::unordered_map<user_id, int>>() == hashed);
    std::map<user_id, int> kept_map = counts;
    CHECK_THROWS_AS(json::parse(R"({"order_01h455vb4pex5vsknk084sn02q": 1})").get_to(kept_map), json::type_error);
    CHECK(kept_map == counts);

    ulid::type_id any;
    REQUIRE_FALSE(ulid::make_type_id("pre_fix", id.id(), any));
    CHECK(json(any) == "pre_fix_01h455vb4pex5vsknk084sn02q");
    CHECK(json(any).get<ulid::type_id>() == any);
    CHECK_THROWS_AS(json("pre_fix_").get<ulid::type_id>(), json::type_error);
}
