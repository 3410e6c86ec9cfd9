// Text and binary codecs: encode, parse, the UUID form.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <cctype>
#include <random>
#include <string>

namespace {

ulid::ulid random_ulid(std::mt19937_64& rng) {
    std::array<std::uint8_t, 16> b{};
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    return ulid::ulid::from_bytes(b);
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

const ulid::ulid sentinel = test::from_hex("0123456789abcdef0123456789abcdef");

}  // namespace

TEST_CASE("encode writes exactly 26 characters and returns the end", "[codec]") {
    const auto id = test::from_hex("00003b9aca00a5e515bc97e85cf69bc3");
    std::array<char, 28> buffer{};
    buffer.fill('#');
    char* end = id.encode(buffer.data());
    REQUIRE(end == buffer.data() + 26);
    REQUIRE(std::string(buffer.data(), 26) == "0000XSNJG0MQJHBF4QX1EFD6Y3");
    REQUIRE(buffer[26] == '#');
    REQUIRE(buffer[27] == '#');
}

TEST_CASE("encode forms agree: pointer, array, string, checked buffer", "[codec]") {
    std::mt19937_64 rng(1);
    for (int i = 0; i < 1000; ++i) {
        const auto id = random_ulid(rng);
        std::array<char, 26> by_pointer{};
        id.encode(by_pointer.data());
        const ulid::ulid_text by_value = id.encode();
        REQUIRE(by_value == std::string_view(by_pointer.data(), by_pointer.size()));
        REQUIRE(id.to_string() == by_value);
        std::array<char, 30> checked{};
        REQUIRE_FALSE(id.encode(checked.data(), checked.size()));
        REQUIRE(std::string(checked.data(), 26) == id.to_string());
    }
}

TEST_CASE("checked encode reports buffer_size and writes nothing", "[codec][errors]") {
    const auto id = test::from_hex("00003b9aca00a5e515bc97e85cf69bc3");
    std::array<char, 25> small{};
    small.fill('#');
    REQUIRE(id.encode(small.data(), small.size()) == ulid::errc::buffer_size);
    for (const char c : small) REQUIRE(c == '#');
    REQUIRE(id.encode(nullptr, 26) == ulid::errc::buffer_size);
}

TEST_CASE("encode is usable in constant expressions", "[codec]") {
    constexpr auto text = ulid::ulid::from_bytes({0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                                  0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
                              .encode();
    STATIC_REQUIRE(text[0] == '3');
    STATIC_REQUIRE(text[25] == 'Z');
}

TEST_CASE("encoded text uses only the Crockford alphabet and starts at most with 7", "[codec]") {
    std::mt19937_64 rng(2);
    for (int i = 0; i < 100000; ++i) {
        const auto text = random_ulid(rng).encode();
        REQUIRE(text[0] <= '7');
        for (const char c : text) REQUIRE(ulid::alphabet.find(c) != std::string_view::npos);
    }
}

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
    REQUIRE(id.is_zero());
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

TEST_CASE("encode and parse round-trip any 16 bytes", "[codec]") {
    std::mt19937_64 rng(5);
    for (int i = 0; i < 100000; ++i) {
        const auto id = random_ulid(rng);
        ulid::ulid back;
        REQUIRE_FALSE(ulid::parse(id.to_string(), back));
        REQUIRE(back == id);
        REQUIRE(ulid::must_parse(id.to_string()) == id);
    }
}

TEST_CASE("parse rejects a wrong length with data_size", "[codec][errors]") {
    for (const std::string_view text :
         {std::string_view(""), std::string_view("0"), std::string_view("0000XSNJG0MQJHBF4QX1EFD6Y"),
          std::string_view("0000XSNJG0MQJHBF4QX1EFD6Y3A"), std::string_view("0000XSNJG0MQJHBF4QX1EFD6Y3 "),
          std::string_view("!!!!!!!!!!!!!!!!!!!!!!!!!!!")}) {
        auto out = sentinel;
        REQUIRE(ulid::parse(text, out) == ulid::errc::data_size);
        REQUIRE(out == sentinel);
    }
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

TEST_CASE("parse rejects a first character above 7 with overflow", "[codec][errors]") {
    for (const char* text :
         {"80000000000000000000000000", "80000000000000000000000001", "ZZZZZZZZZZZZZZZZZZZZZZZZZZ",
          "zzzzzzzzzzzzzzzzzzzzzzzzzz", "90000000000000000000000000", "A0000000000000000000000000"}) {
        auto out = sentinel;
        INFO(text);
        REQUIRE(ulid::parse(text, out) == ulid::errc::overflow);
        REQUIRE(out == sentinel);
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
        const auto id = random_ulid(rng);
        ulid::ulid back;
        REQUIRE_FALSE(ulid::parse_uuid(id.to_uuid_string(), back));
        REQUIRE(back == id);
    }
    ulid::ulid upper;
    REQUIRE_FALSE(ulid::parse_uuid("01563DF3-6481-A5E5-15BC-97E85CF69BC3", upper));
    REQUIRE(test::to_hex(upper) == "01563df36481a5e515bc97e85cf69bc3");

    auto out = sentinel;
    REQUIRE(ulid::parse_uuid("01563df36481a5e515bc97e85cf69bc3", out) == ulid::errc::data_size);
    REQUIRE(ulid::parse_uuid("01563df3-6481-a5e5-15bc-97e85cf69bc", out) == ulid::errc::data_size);
    REQUIRE(ulid::parse_uuid("01563df3-6481-a5e5-15bc-97e85cf69bcg", out) == ulid::errc::invalid_characters);
    REQUIRE(ulid::parse_uuid("01563df3x6481-a5e5-15bc-97e85cf69bc3", out) == ulid::errc::invalid_characters);
    REQUIRE(ulid::parse_uuid("01563df-36481-a5e5-15bc-97e85cf69bc3", out) == ulid::errc::invalid_characters);
    REQUIRE(ulid::parse_uuid("{1563df3-6481-a5e5-15bc-97e85cf69bc}", out) == ulid::errc::invalid_characters);
    REQUIRE(out == sentinel);
}
