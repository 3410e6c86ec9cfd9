// parse() and must_parse(): what the strict decoder accepts, and the exact
// error, checked in order (length, characters, overflow), for what it does not.
#include "catch.hpp"
#include "support.hpp"

#include <random>
#include <string>
#include <string_view>
#include <utility>

using test::lower;
using test::random_ulid;

namespace {

const ulid::ulid sentinel = test::from_hex("0123456789abcdef0123456789abcdef");

}  // namespace

TEST_CASE("parse accepts the reference vectors", "[codec]") {
    ulid::ulid id;
    REQUIRE_FALSE(ulid::parse("0000XSNJG0MQJHBF4QX1EFD6Y3", id));
    REQUIRE(test::to_hex(id) == "00003b9aca00a5e515bc97e85cf69bc3");

    REQUIRE_FALSE(ulid::parse("01ARYZ6S410000000000000000", id));
    REQUIRE(id.time() == 1469918176385ULL);
    REQUIRE(id.entropy() == std::array<std::uint8_t, 10>{});

    REQUIRE_FALSE(ulid::parse("00000031N00000000000000000", id));
    REQUIRE(id.time() == 100000);
    REQUIRE(id.entropy() == std::array<std::uint8_t, 10>{});

    REQUIRE_FALSE(ulid::parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ", id));
    for (const auto b : id.bytes()) REQUIRE(b == 0xFF);

    REQUIRE_FALSE(ulid::parse("00000000000000000000000000", id));
    REQUIRE(id.is_nil());
    REQUIRE_FALSE(ulid::parse("70000000000000000000000000", id));
    REQUIRE(id.bytes()[0] == 0xE0);
}

TEST_CASE("parse is case-insensitive", "[codec]") {
    std::mt19937_64 rng(4);
    for (int i = 0; i < 10000; ++i) {
        auto bytes = random_ulid(rng).bytes();
        bytes[0] &= 0x7F;
        const auto id = ulid::ulid::from_bytes(bytes);
        ulid::ulid upper;
        ulid::ulid lowered;
        REQUIRE_FALSE(ulid::parse(id.to_string(), upper));
        REQUIRE_FALSE(ulid::parse(lower(id.to_string()), lowered));
        REQUIRE(upper == id);
        REQUIRE(lowered == id);
    }
    ulid::ulid mixed;
    REQUIRE_FALSE(ulid::parse("01arYZ6s410000000000000000", mixed));
    REQUIRE(mixed.time() == 1469918176385ULL);
}

TEST_CASE("parse rejects 0x00 or 0xFF at each of the 26 positions", "[codec][errors]") {
    const std::string base = "0000XSNJG0MQJHBF4QX1EFD6Y3";
    for (std::size_t i = 0; i < base.size(); ++i) {
        for (const char bad : {'\x00', '\xFF'}) {
            std::string text = base;
            text[i] = bad;
            auto out = sentinel;
            INFO("position " << i << " byte " << static_cast<int>(static_cast<unsigned char>(bad)));
            REQUIRE(ulid::parse(text, out) == ulid::errc::invalid_characters);
            REQUIRE(out == sentinel);
        }
    }
}

TEST_CASE("parse rejects every character outside the alphabet, including I L O U", "[codec][errors]") {
    for (int c = 0; c < 256; ++c) {
        const char ch = static_cast<char>(c);
        const bool valid = ulid::alphabet.find(static_cast<char>(std::toupper(c))) != std::string_view::npos && c < 128;
        std::string text = "01ARYZ6S410000000000000000";
        text[13] = ch;
        auto out = sentinel;
        const auto ec = ulid::parse(text, out);
        INFO("character " << c);
        if (valid) {
            REQUIRE_FALSE(ec);
        } else {
            REQUIRE(ec == ulid::errc::invalid_characters);
            REQUIRE(out == sentinel);
        }
    }
    for (const char* text : {"01ARYZ6S41000000000000000I", "01ARYZ6S41000000000000000l", "01ARYZ6S41000000000000000O",
                             "01ARYZ6S41000000000000000u"}) {
        ulid::ulid out;
        REQUIRE(ulid::parse(text, out) == ulid::errc::invalid_characters);
    }
}

TEST_CASE("parse checks length, then characters, then overflow", "[codec][errors]") {
    ulid::ulid out;
    // Both invalid characters and overflow: characters win.
    REQUIRE(ulid::parse("8ZZZZZZZZZZZZZZZZZZZZZZZZU", out) == ulid::errc::invalid_characters);
    REQUIRE(ulid::parse("\xFF"
                        "0000000000000000000000000",
                        out) == ulid::errc::invalid_characters);
    // Wrong length with invalid characters: length wins.
    REQUIRE(ulid::parse("8ZZZZZZZZZZZZZZZZZZZZZZZZUU", out) == ulid::errc::data_size);
}

TEST_CASE("parse reads no further than the view it is given", "[codec]") {
    const std::string text = "01ARYZ6S410000000000000000XYZ";
    ulid::ulid out;
    REQUIRE_FALSE(ulid::parse(std::string_view(text.data(), 26), out));
    REQUIRE(out.time() == 1469918176385ULL);
}

TEST_CASE("must_parse returns the value or throws ulid::error with the errc", "[codec][errors]") {
    REQUIRE(ulid::must_parse("01ARYZ6S410000000000000000").time() == 1469918176385ULL);
    try {
        (void)ulid::must_parse("");
        FAIL("must_parse did not throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::data_size);
    }
    try {
        (void)ulid::must_parse("80000000000000000000000000");
        FAIL("must_parse did not throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::overflow);
        REQUIRE(std::string(e.what()).find("overflow") != std::string::npos);
    }
}

TEST_CASE("must_parse's exception says which character, where, as explain() does", "[codec][errors]") {
    const auto what_of = [](std::string_view text) -> std::string {
        try {
            (void)ulid::must_parse(text);
        } catch (const ulid::error& e) {
            return e.what();
        }
        FAIL("must_parse did not throw");
        return {};
    };
    for (const std::string_view text :
         {"01ARYZ6S41TSV4RRFFQ69G5FAU", "01ARYZ", "81ARYZ6S41TSV4RRFFQ69G5FAV", "01ARYZ6S41TSV4RRFF\tQ69G5FA"}) {
        const std::string what = what_of(text);
        CAPTURE(text, what);
        REQUIRE(what.rfind(ulid::explain(text), 0) == 0);
    }
    REQUIRE(what_of("01ARYZ6S41TSV4RRFFQ69G5FAU").find("'U' at position 26") != std::string::npos);
}

TEST_CASE("the \"...\"_ulid literal reads as parse() does, at compile time", "[codec]") {
    using namespace ulid::literals;
    constexpr ulid::ulid id = "01ARZ3NDEKTSV4RRFFQ69G5FAV"_ulid;
    STATIC_REQUIRE(id.time() == 1469922850259ULL);
    STATIC_REQUIRE(id == "01arz3ndektsv4rrffq69g5fav"_ulid);
    STATIC_REQUIRE("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"_ulid == (ulid::ulid::max)());
    STATIC_REQUIRE("00000000000000000000000000"_ulid == ulid::ulid::nil());
    REQUIRE(id == ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    REQUIRE("01ARYZ6S41TSV4RRFFQ69G5FAV"_ulid == ulid::must_parse("01ARYZ6S41TSV4RRFFQ69G5FAV"));
#if !(defined(__cpp_consteval) && __cpp_consteval >= 201811L)
    // C++17: outside a constant expression a bad literal throws as
    // must_parse() does (C++20 refuses it at compile time: tests/compile_fail).
    const auto literal = [](std::string_view text) {
        return ulid::literals::operator""_ulid(text.data(), text.size());
    };
    for (const auto& [text, error] :
         {std::pair<std::string_view, ulid::errc>{"01ARZ3NDEKTSV4RRFFQ69G5FAU", ulid::errc::invalid_characters},
          {"01ARZ3NDEKTSV4RRFFQ69G5FA", ulid::errc::data_size},
          {"81ARZ3NDEKTSV4RRFFQ69G5FAV", ulid::errc::overflow}}) {
        // Issue 49: must_parse()'s exception, explain()'s words and all.
        std::string must_parse_what;
        try {
            (void)ulid::must_parse(text);
        } catch (const ulid::error& e) {
            must_parse_what = e.what();
        }
        try {
            (void)literal(text);
            FAIL("no ulid::error for " << text);
        } catch (const ulid::error& e) {
            REQUIRE(e.code() == error);
            CHECK(std::string(e.what()) == must_parse_what);
        }
    }
    try {
        (void)literal("01ARZ3NDEKTSV4RRFFQ69G5FAU");
        FAIL("no ulid::error");
    } catch (const ulid::error& e) {
        CHECK(std::string(e.what()) ==
              "'U' at position 26 is not a Crockford base32 character: "
              "bad data characters: a character the text form does not allow");
    }
#endif
}
