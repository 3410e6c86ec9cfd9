// TypeIDs (jetify-com/typeid specification v0.3.0): the specification's own
// valid and invalid cases (tests/typeid/, see its README.md) both ways, each
// error with its explanation, random round trips, typed_id's compile-time
// promises, generation order and the UUIDv7 bits.
#include "catch.hpp"
#include "support.hpp"

#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>
#if ULID_HAS_FORMAT
#include <format>
#endif

#ifndef ULID_TYPEID_DATA_DIR
#error "ULID_TYPEID_DATA_DIR must name the tests/typeid folder"
#endif

namespace {

struct user {
    static constexpr std::string_view prefix = "user";
};
struct order {
    static constexpr std::string_view prefix = "order";
};
struct untyped {
    static constexpr std::string_view prefix = "";
};
struct literal {
    static constexpr const char prefix[] = "with_literal";
};
using user_id = ulid::typed_id<user>;
using order_id = ulid::typed_id<order>;

/// One object of the specification's JSON files: its string fields. The
/// files are one field per line ("key": "value"), with no escapes.
using spec_case = std::map<std::string, std::string>;

std::vector<spec_case> read_spec(const std::string& name) {
    const std::string path = std::string(ULID_TYPEID_DATA_DIR) + "/" + name;
    std::ifstream in(path, std::ios::binary);
    INFO("reading " << path);
    REQUIRE(in.good());
    std::vector<spec_case> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::size_t open = line.find('"');
        if (line.find('{') != std::string::npos) cases.emplace_back();
        if (open == std::string::npos) continue;
        const std::size_t key_end = line.find('"', open + 1);
        const std::size_t value_open = line.find('"', key_end + 1);
        const std::size_t value_end = line.rfind('"');
        REQUIRE(value_open != std::string::npos);
        REQUIRE(value_end > value_open);
        REQUIRE(!cases.empty());
        cases.back()[line.substr(open + 1, key_end - open - 1)] =
            line.substr(value_open + 1, value_end - value_open - 1);
    }
    return cases;
}

template <class A, class B, class = void>
struct equality_comparable : std::false_type {};
template <class A, class B>
struct equality_comparable<A, B, std::void_t<decltype(std::declval<const A&>() == std::declval<const B&>())>>
    : std::true_type {};

template <class A, class B, class = void>
struct less_comparable : std::false_type {};
template <class A, class B>
struct less_comparable<A, B, std::void_t<decltype(std::declval<const A&>() < std::declval<const B&>())>>
    : std::true_type {};

}  // namespace

TEST_CASE("the specification's valid TypeIDs parse to their prefix and UUID, and encode back", "[typeid]") {
    const auto cases = read_spec("valid.json");
    REQUIRE(cases.size() == 9);
    for (const auto& c : cases) {
        const std::string& text = c.at("typeid");
        INFO(c.at("name") << ": " << text);
        ulid::type_id parsed;
        REQUIRE_FALSE(ulid::parse_type_id(text, parsed));
        CHECK(parsed.prefix() == c.at("prefix"));
        CHECK(parsed.id().encode_uuid() == c.at("uuid"));
        CHECK(ulid::explain(text, ulid::text_form::type_id).empty());
        CHECK(ulid::explain_type_id(text, c.at("prefix")).empty());

        ulid::ulid id;
        REQUIRE_FALSE(ulid::parse_type_id(text, c.at("prefix"), id));
        CHECK(id == parsed.id());

        // The other way: the UUID under the prefix encodes to exactly the text.
        ulid::ulid from_uuid;
        REQUIRE_FALSE(ulid::parse_uuid(c.at("uuid"), from_uuid));
        ulid::type_id made;
        REQUIRE_FALSE(ulid::make_type_id(c.at("prefix"), from_uuid, made));
        CHECK(made.encode() == text);
        CHECK(made == parsed);
        CHECK(made.text_size() == text.size());
    }
}

TEST_CASE("the specification's invalid TypeIDs are refused, each with an explanation", "[typeid]") {
    const auto cases = read_spec("invalid.json");
    REQUIRE(cases.size() == 21);
    for (const auto& c : cases) {
        const std::string& text = c.at("typeid");
        INFO(c.at("name") << ": " << text << " (" << c.at("description") << ")");
        const ulid::type_id before = [] {
            ulid::type_id t;
            REQUIRE_FALSE(ulid::make_type_id("sentinel", ulid::ulid::from_high_low(1, 2), t));
            return t;
        }();
        ulid::type_id out = before;
        const std::error_code ec = ulid::parse_type_id(text, out);
        REQUIRE(ec);
        CHECK(out == before);
        CHECK_FALSE(ulid::explain(text, ulid::text_form::type_id).empty());
        // Expecting the very prefix the text carries changes nothing.
        const std::size_t separator = text.rfind('_');
        const std::string prefix = separator == std::string::npos ? "" : text.substr(0, separator);
        ulid::ulid id = ulid::ulid::from_high_low(3, 4);
        CHECK(ulid::parse_type_id(text, prefix, id));
        CHECK(id == ulid::ulid::from_high_low(3, 4));
    }
}

TEST_CASE("TypeID errors come in reading order, each explained with its rule and position", "[typeid]") {
    struct expectation {
        std::string_view text;
        ulid::errc code;
        std::string_view why;
    };
    const expectation cases[] = {
        {"", ulid::errc::data_size, "got 0 characters without '_', expected 26 (a TypeID without a prefix)"},
        {"_", ulid::errc::invalid_prefix, "'_' at position 1: a TypeID without a prefix has no separator"},
        {"Pre_01h455vb4pex5vsknk084sn02q", ulid::errc::invalid_prefix,
         "'P' at position 1 is not allowed in a TypeID prefix (a-z, and '_' between letters)"},
        {"pre1_01h455vb4pex5vsknk084sn02q", ulid::errc::invalid_prefix,
         "'1' at position 4 is not allowed in a TypeID prefix (a-z, and '_' between letters)"},
        {"_pre_01h455vb4pex5vsknk084sn02q", ulid::errc::invalid_prefix,
         "'_' at position 1: a TypeID prefix starts and ends with a letter"},
        {"pre__01h455vb4pex5vsknk084sn02q", ulid::errc::invalid_prefix,
         "'_' at position 4: a TypeID prefix starts and ends with a letter"},
        {"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_01h455vb4pex5vsknk084sn02q",
         ulid::errc::invalid_prefix, "prefix of 64 characters: a TypeID prefix has at most 63"},
        {"user_01h455vb4pex5vsknk084sn02", ulid::errc::data_size,
         "the suffix after '_' at position 5 has 25 characters, expected 26"},
        {"user_01h455vb4pex5vsknk084sN02q", ulid::errc::invalid_characters,
         "'N' at position 28 is not a lower-case Crockford base32 character"},
        {"user_01h455vb4pex5vsknk084sn0uq", ulid::errc::invalid_characters,
         "'u' at position 30 is not a lower-case Crockford base32 character"},
        {"user_81h455vb4pex5vsknk084sn02q", ulid::errc::overflow,
         "suffix's first character '8' at position 6 is above '7': the value would exceed 128 bits"},
        {"01h455vb4pex5vsknk084sn02q\r", ulid::errc::data_size,
         "got 27 characters without '_', expected 26 (a TypeID without a prefix)"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        ulid::type_id out;
        CHECK(ulid::parse_type_id(c.text, out) == c.code);
        CHECK(out == ulid::type_id());
        CHECK(ulid::explain(c.text, ulid::text_form::type_id) == c.why);
    }
    // The typed parse reports the same errors, and another prefix its own.
    user_id id(ulid::ulid::from_high_low(5, 6));
    CHECK(ulid::parse("user_81h455vb4pex5vsknk084sn02q", id) == ulid::errc::overflow);
    CHECK(ulid::parse("Pre_01h455vb4pex5vsknk084sn02q", id) == ulid::errc::invalid_prefix);
    CHECK(ulid::parse("order_01h455vb4pex5vsknk084sn02q", id) == ulid::errc::wrong_prefix);
    CHECK(ulid::parse("01h455vb4pex5vsknk084sn02q", id) == ulid::errc::wrong_prefix);
    // The prefix is read before the suffix: another type's bad suffix is still another type.
    CHECK(ulid::parse("order_81h455vb4pex5vsknk084sn02q", id) == ulid::errc::wrong_prefix);
    // A '_' in the suffix moves the separator: the prefix then holds digits.
    CHECK(ulid::parse("user_01h455vb4pex5v_knk084sn02q", id) == ulid::errc::invalid_prefix);
    CHECK(id == user_id(ulid::ulid::from_high_low(5, 6)));
    CHECK(ulid::explain_type_id("order_01h455vb4pex5vsknk084sn02q", user::prefix) ==
          "prefix 'order' where 'user' was expected");
    CHECK(ulid::explain_type_id("01h455vb4pex5vsknk084sn02q", "user") ==
          "a ULID, not a TypeID: expected 'user_' then 26 lower-case Crockford base32 characters");
    CHECK(ulid::explain_type_id("01h455vb4pex5vsknk084sn02", "user") == "no prefix where 'user' was expected");
    CHECK(ulid::explain_type_id("user_01h455vb4pex5vsknk084sn02q", "") == "prefix 'user' where no prefix was expected");
    CHECK(ulid::explain_type_id("user_01h455vb4pex5vsknk084sn02q", "User") ==
          "the expected prefix 'User' is not a TypeID prefix (at most 63 of a-z and '_', starting and ending with a "
          "letter)");
    ulid::ulid raw;
    CHECK(ulid::parse_type_id("User_01h455vb4pex5vsknk084sn02q", "User", raw) == ulid::errc::invalid_prefix);
    CHECK(ulid::error_message(ulid::errc::wrong_prefix) ==
          std::string("wrong TypeID prefix: the ID is of another type"));
    CHECK(ulid::make_error_code(ulid::errc::invalid_prefix).message() ==
          "invalid TypeID prefix: at most 63 of a-z and '_', starting and ending with a letter");
}

TEST_CASE("is_type_id_prefix follows the specification's pattern", "[typeid]") {
    STATIC_REQUIRE(ulid::is_type_id_prefix(""));
    STATIC_REQUIRE(ulid::is_type_id_prefix("a"));
    STATIC_REQUIRE(ulid::is_type_id_prefix("pre_fix"));
    STATIC_REQUIRE(ulid::is_type_id_prefix("a__b"));
    STATIC_REQUIRE_FALSE(ulid::is_type_id_prefix("_"));
    STATIC_REQUIRE_FALSE(ulid::is_type_id_prefix("a_"));
    STATIC_REQUIRE_FALSE(ulid::is_type_id_prefix("_a"));
    STATIC_REQUIRE_FALSE(ulid::is_type_id_prefix("aB"));
    STATIC_REQUIRE_FALSE(ulid::is_type_id_prefix("a-b"));
    const std::string longest(63, 'z');
    CHECK(ulid::is_type_id_prefix(longest));
    CHECK_FALSE(ulid::is_type_id_prefix(longest + "z"));
    for (int c = 0; c < 256; ++c) {
        const std::string one(1, static_cast<char>(c));
        INFO(c);
        CHECK(ulid::is_type_id_prefix(one) == (c >= 'a' && c <= 'z'));
        CHECK(ulid::is_type_id_prefix("a" + one + "a") == ((c >= 'a' && c <= 'z') || c == '_'));
    }
}

TEST_CASE("random TypeIDs round-trip, and the suffix is exactly encode_lower()", "[typeid]") {
    std::mt19937_64 rng(20261206);
    const std::string letters = "abcdefghijklmnopqrstuvwxyz_";
    for (int i = 0; i < 20000; ++i) {
        const auto id = ulid::ulid::from_high_low(rng(), rng());
        std::string prefix;
        const std::size_t length = rng() % 64;
        for (std::size_t k = 0; k < length; ++k) {
            const bool end = k == 0 || k + 1 == length;
            prefix += letters[rng() % (end ? 26 : 27)];
        }
        INFO(prefix << " " << id);
        ulid::type_id t;
        REQUIRE_FALSE(ulid::make_type_id(prefix, id, t));
        const ulid::type_id_text text = t.encode();
        REQUIRE(text.size() == (prefix.empty() ? 26 : prefix.size() + 27));
        REQUIRE(text.view().substr(text.size() - 26) == id.encode_lower());
        REQUIRE(text.view().substr(0, prefix.size()) == prefix);
        ulid::type_id back;
        REQUIRE_FALSE(ulid::parse_type_id(text, back));
        REQUIRE(back == t);
        ulid::ulid raw;
        REQUIRE_FALSE(ulid::parse_type_id(text, prefix, raw));
        REQUIRE(raw == id);
        // Upper case anywhere is refused.
        std::string upper(text.view());
        const std::size_t at = rng() % upper.size();
        if (upper[at] >= 'a' && upper[at] <= 'z') {
            upper[at] = static_cast<char>(upper[at] - 'a' + 'A');
            REQUIRE(ulid::parse_type_id(upper, back));
        }
    }
    for (int i = 0; i < 2000; ++i) {
        const user_id id(ulid::ulid::from_high_low(rng(), rng()));
        const user_id::text_type text = id.encode();
        REQUIRE(text.size() == user_id::text_size);
        REQUIRE(text.view() == "user_" + std::string(id.id().encode_lower().view()));
        user_id back;
        REQUIRE_FALSE(ulid::parse(text, back));
        REQUIRE(back == id);
    }
}

TEST_CASE("typed_id: 16 bytes, the prefix in the type, explicit conversions only", "[typeid]") {
    STATIC_REQUIRE(sizeof(user_id) == 16);
    STATIC_REQUIRE(std::is_trivially_copyable_v<user_id>);
    STATIC_REQUIRE(user_id::prefix() == "user");
    STATIC_REQUIRE(user_id::text_size == 31);
    STATIC_REQUIRE(ulid::typed_id<untyped>::text_size == 26);
    STATIC_REQUIRE(ulid::typed_id<literal>::prefix() == "with_literal");
    STATIC_REQUIRE_FALSE(std::is_convertible_v<user_id, order_id>);
    STATIC_REQUIRE_FALSE(std::is_constructible_v<order_id, user_id>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<ulid::ulid, user_id>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<user_id, ulid::ulid>);
    STATIC_REQUIRE(std::is_constructible_v<user_id, ulid::ulid>);
    STATIC_REQUIRE(std::is_constructible_v<ulid::ulid, user_id>);
    STATIC_REQUIRE_FALSE(equality_comparable<user_id, order_id>::value);
    STATIC_REQUIRE_FALSE(less_comparable<user_id, order_id>::value);
    STATIC_REQUIRE_FALSE(equality_comparable<user_id, ulid::ulid>::value);
    STATIC_REQUIRE(equality_comparable<user_id, user_id>::value);
    STATIC_REQUIRE(less_comparable<user_id, user_id>::value);
    constexpr user_id nil;
    STATIC_REQUIRE(nil.id() == ulid::ulid::nil());
    STATIC_REQUIRE(user_id(ulid::ulid::from_high_low(0, 1)).encode() == "user_00000000000000000000000001");
    const auto id = ulid::must_parse("01H455VB4PEX5VSKNK084SN02Q");
    CHECK(static_cast<ulid::ulid>(user_id(id)) == id);
    CHECK(ulid::typed_id<untyped>(id).encode() == "01h455vb4pex5vsknk084sn02q");
    ulid::typed_id<untyped> bare;
    CHECK_FALSE(ulid::parse("01h455vb4pex5vsknk084sn02q", bare));
    CHECK(bare.id() == id);
    CHECK(ulid::parse("x_01h455vb4pex5vsknk084sn02q", bare) == ulid::errc::wrong_prefix);
}

TEST_CASE("typed_id::make() continues make_v7()'s sequence: strictly increasing UUIDv7", "[typeid]") {
    user_id last = user_id::make();
    for (int i = 0; i < 20000; ++i) {
        const ulid::ulid between = ulid::make_v7();
        REQUIRE(between > last.id());
        const user_id next = user_id::make();
        REQUIRE(next.id() > between);
        REQUIRE(next > last);
        REQUIRE(next.id().is_uuidv7());
        REQUIRE(next.id().uuid_version() == 7);
        REQUIRE(next.encode()[user_id::text_size - 26] <= '7');
        last = next;
    }
    ulid::type_id a;
    ulid::type_id b;
    REQUIRE_FALSE(ulid::make_type_id("order", a));
    REQUIRE_FALSE(ulid::make_type_id("order", b));
    CHECK(a < b);
    CHECK(a.id().is_uuidv7());
    CHECK(a.prefix() == "order");
    const ulid::type_id before = b;
    CHECK(ulid::make_type_id("Order", b) == ulid::errc::invalid_prefix);
    CHECK(b == before);
    CHECK(ulid::make_type_id(std::string(64, 'a'), a.id(), b) == ulid::errc::invalid_prefix);
    CHECK(b == before);
}

TEST_CASE("type_id orders by prefix, then ID, and hashes both", "[typeid]") {
    const auto small = ulid::ulid::from_high_low(0, 1);
    const auto big = ulid::ulid::from_high_low(0, 2);
    ulid::type_id a_big;
    ulid::type_id b_small;
    ulid::type_id b_big;
    ulid::type_id none;
    REQUIRE_FALSE(ulid::make_type_id("a", big, a_big));
    REQUIRE_FALSE(ulid::make_type_id("b", small, b_small));
    REQUIRE_FALSE(ulid::make_type_id("b", big, b_big));
    REQUIRE_FALSE(ulid::make_type_id("", big, none));
    CHECK(none < a_big);
    CHECK(a_big < b_small);
    CHECK(b_small < b_big);
    CHECK(a_big.compare(b_small) == -1);
    CHECK(b_big.compare(b_big) == 0);
    CHECK(b_big != b_small);
    const std::hash<ulid::type_id> hash;
    ulid::type_id copy;
    REQUIRE_FALSE(ulid::parse_type_id(b_big.encode(), copy));
    CHECK(hash(copy) == hash(b_big));
    CHECK(ulid::hash_value(copy) == hash(b_big));
    // Same ID, different prefixes: different hashes (a collision here would
    // be a 1 in 2^64 event, not a flaky test).
    CHECK(hash(a_big) != hash(b_big));
    CHECK(hash(none) != hash(b_big));
    std::unordered_set<ulid::type_id> set{a_big, b_small, b_big, none, copy};
    CHECK(set.size() == 4);
    const user_id u(big);
    CHECK(std::hash<user_id>{}(u) == std::hash<ulid::ulid>{}(big));
    CHECK(ulid::hash_value(u) == std::hash<ulid::ulid>{}(big));
}

TEST_CASE("TypeIDs stream and format as their text", "[typeid]") {
    const user_id id(ulid::must_parse("01H455VB4PEX5VSKNK084SN02Q"));
    std::ostringstream out;
    out << id << ' ';
    out.width(35);
    out << id;
    CHECK(out.str() == "user_01h455vb4pex5vsknk084sn02q     user_01h455vb4pex5vsknk084sn02q");
    std::istringstream in("user_01h455vb4pex5vsknk084sn02q order_01h455vb4pex5vsknk084sn02q");
    user_id read;
    in >> read;
    CHECK(read == id);
    in >> read;
    CHECK(in.fail());
    CHECK(read == id);
    std::istringstream any_in("pre_fix_01h455vb4pex5vsknk084sn02q");
    ulid::type_id any;
    any_in >> any;
    CHECK(any.prefix() == "pre_fix");
    std::ostringstream any_out;
    any_out << any;
    CHECK(any_out.str() == "pre_fix_01h455vb4pex5vsknk084sn02q");
    std::istringstream too_long(std::string(64, 'a') + "_01h455vb4pex5vsknk084sn02q");
    too_long >> any;
    CHECK(too_long.fail());
    CHECK(any.prefix() == "pre_fix");
#if ULID_HAS_FORMAT
    CHECK(std::format("{}", id) == "user_01h455vb4pex5vsknk084sn02q");
    CHECK(std::format("[{:>36}]", any) == "[  pre_fix_01h455vb4pex5vsknk084sn02q]");
    // Issue 49: 'u' is the UUID form of the ID; 'l' is refused (the text is lower case already).
    CHECK(std::format("{:u}", id) == "01890a5d-ac96-774b-bcce-b302099a8057");
    CHECK(std::format("[{:>38u}]", any) == "[  01890a5d-ac96-774b-bcce-b302099a8057]");
    CHECK(std::format("{:.8u}|{:s}", id, id) == "01890a5d|user_01h455vb4pex5vsknk084sn02q");
    CHECK_THROWS_AS((void)std::vformat("{:l}", std::make_format_args(id)), std::format_error);
    CHECK_THROWS_AS((void)std::vformat("{:x}", std::make_format_args(any)), std::format_error);
#endif
}

TEST_CASE("a UUID or a ULID where a TypeID belongs is named as such, with what was expected", "[typeid][text]") {
    // Issue 49: a UUID given for a typed_id was "no prefix where 'order' was
    // expected", and its error code's words "the ID is of another type".
    const std::string_view uuid = "01563df3-6481-d676-4c61-efb99302bd5b";
    const std::string_view tail = "26 lower-case Crockford base32 characters";
    const auto words = [&](std::string_view what, std::string_view expected) {
        return std::string(what) + ", not a TypeID: expected " + std::string(expected) + std::string(tail);
    };
    for (const std::string_view text : {uuid, std::string_view("{01563df3-6481-d676-4c61-efb99302bd5b}"),
                                        std::string_view("01563DF36481D6764C61EFB99302BD5B")}) {
        INFO(text);
        CHECK(ulid::explain_type_id(text, order::prefix) == words("a UUID", "'order_' then "));
        CHECK(ulid::explain_type_id(text, "") == words("a UUID", "") + ", no prefix");
        CHECK(ulid::explain(text, ulid::text_form::type_id) == words("a UUID", "a prefix and '_' (or none) then "));
        // The codes are unchanged: the prefix is read first.
        order_id id;
        CHECK(ulid::parse(text, id) == ulid::errc::wrong_prefix);
    }
    CHECK(ulid::explain_type_id("urn:uuid:01563df3-6481-d676-4c61-efb99302bd5b", "order") ==
          words("a UUID URN", "'order_' then "));
    // A ULID: upper case is never a TypeID; lower case is one without a prefix.
    CHECK(ulid::explain_type_id("01H455VB4PEX5VSKNK084SN02Q", "user") == words("a ULID", "'user_' then "));
    CHECK(ulid::explain_type_id("01H455VB4PEX5VSKNK084SN02Q", "") == words("a ULID", "") + ", no prefix");
    CHECK(ulid::explain("01H455VB4PEX5VSKNK084SN02Q", ulid::text_form::type_id) ==
          words("a ULID", "a prefix and '_' (or none) then "));
    CHECK(ulid::explain_type_id("01h455vb4pex5vsknk084sn02q", "user") == words("a ULID", "'user_' then "));
    CHECK(ulid::explain_type_id("01h455vb4pex5vsknk084sn02q", "").empty());
    // What is neither keeps the TypeID rule it breaks.
    CHECK(ulid::explain_type_id("01563df3-6481-d676-4c61-efb99302bd5g", "order") ==
          "no prefix where 'order' was expected");
    CHECK(ulid::explain_type_id("01H455VB4PEX5VSKNK084SN02U", "") ==
          "'H' at position 3 is not a lower-case Crockford base32 character");
    // A '_' makes it a TypeID attempt, whatever follows.
    CHECK(ulid::explain_type_id("order_01563df3-6481-d676-4c61-efb99302bd5b", "order") ==
          "the suffix after '_' at position 6 has 36 characters, expected 26");
}
