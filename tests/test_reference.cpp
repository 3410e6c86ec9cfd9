// The tests of oklog/ulid v2's ulid_test.go that apply to this library and
// are not covered elsewhere, named after the Go tests. The others live where
// their subject does:
//   TestParseStrictInvalidCharacters, TestOverflowHandling, TestCaseInsensitivity,
//   TestMarshalingErrors (text)          -> test_codec.cpp
//   TestTimestamp, TestTime, TestNow, TestTimestampRoundTrips -> test_time.cpp
//   TestULIDTime, TestEntropy, TestCompare, TestULID_Bytes      -> test_value.cpp
//   TestNew/Error, TestMustNew/Panic      -> test_generate.cpp
//   TestMonotonic, TestMonotonicOverflow, TestMonotonicSafe     -> test_monotonic.cpp
//   TestMake, TestMustNewDefault          -> test_make.cpp
// Not applicable: TestScan (database/sql), TestEntropyRead (io.Reader short
// reads: a byte reader here fills all n bytes or fails).
#include "catch.hpp"
#include "support.hpp"

#include <random>
#include <string>

TEST_CASE("ExampleULID: 0000XSNJG0MQJHBF4QX1EFD6Y3 is time 1000000000 with its entropy", "[reference]") {
    test::sequence_reader entropy({0xa5, 0xe5, 0x15, 0xbc, 0x97, 0xe8, 0x5c, 0xf6, 0x9b, 0xc3});
    const auto id = ulid::must_generate(
        ulid::timestamp(std::chrono::system_clock::time_point(std::chrono::seconds(1000000))), entropy);
    REQUIRE(id.to_string() == "0000XSNJG0MQJHBF4QX1EFD6Y3");
    REQUIRE(test::to_hex(id) == "00003b9aca00a5e515bc97e85cf69bc3");
}

TEST_CASE("TestNew/ULID: zero entropy, then 0xFF entropy, at 1e5 ms", "[reference]") {
    ulid::zero_entropy none;
    REQUIRE(test::to_hex(ulid::must_generate(100000, none)) == "0000000186a000000000000000000000");
    test::sequence_reader ff(std::vector<std::uint8_t>(16, 0xFF));
    REQUIRE(test::to_hex(ulid::must_generate(100000, ff)) == "0000000186a0ffffffffffffffffffff");
}

TEST_CASE("TestNew/Error: big time, and an empty reader", "[reference]") {
    ulid::zero_entropy none;
    ulid::ulid id;
    REQUIRE(ulid::generate(ulid::max_time + 1, none, id) == ulid::errc::big_time);
    test::sequence_reader empty({});
    REQUIRE(ulid::generate(0, empty, id) == ulid::errc::entropy_failure);
}

TEST_CASE("TestMustParse: must_parse(\"\") throws data_size", "[reference]") {
    try {
        (void)ulid::must_parse("");
        FAIL("no throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::data_size);
    }
}

TEST_CASE("TestRoundTrips: binary and text forms round-trip", "[reference]") {
    std::mt19937_64 rng(12);
    for (int i = 0; i < 100000; ++i) {
        std::array<std::uint8_t, 16> b{};
        for (auto& x : b) x = static_cast<std::uint8_t>(rng());
        const auto id = ulid::ulid::from_bytes(b);
        std::array<std::uint8_t, 16> bin{};
        REQUIRE_FALSE(id.to_bytes(bin.data(), bin.size()));
        ulid::ulid a;
        REQUIRE_FALSE(ulid::ulid::from_bytes(bin.data(), bin.size(), a));
        ulid::ulid t;
        REQUIRE_FALSE(ulid::parse(id.to_string(), t));
        REQUIRE(a == id);
        REQUIRE(t == id);
    }
}

TEST_CASE("TestMarshalingErrors: empty buffers", "[reference]") {
    ulid::ulid id;
    REQUIRE(ulid::ulid::from_bytes(nullptr, 0, id) == ulid::errc::data_size);
    REQUIRE(ulid::parse("", id) == ulid::errc::data_size);
    REQUIRE(id.to_bytes(nullptr, 0) == ulid::errc::buffer_size);
    REQUIRE(id.encode(nullptr, 0) == ulid::errc::buffer_size);
}

TEST_CASE("TestAlizainCompatibility: 01ARYZ6S410000000000000000", "[reference]") {
    ulid::zero_entropy none;
    REQUIRE(ulid::must_generate(1469918176385ULL, none) == ulid::must_parse("01ARYZ6S410000000000000000"));
}

TEST_CASE("TestLexicographicalOrder: the upper boundary of the time space", "[reference]") {
    ulid::zero_entropy none;
    auto top = ulid::must_generate(ulid::max_time, none);
    for (int i = 0; i < 10; ++i) {
        const auto next = ulid::must_generate(top.time() - 1, none);
        REQUIRE(top.time() > next.time());
        REQUIRE(top.to_string() > next.to_string());
        REQUIRE(top.compare(next) == 1);
        top = next;
    }
}

TEST_CASE("TestParseRobustness: any 26 alphabet characters starting 0-7 parse", "[reference]") {
    std::mt19937_64 rng(13);
    for (int i = 0; i < 10000; ++i) {
        std::string text(26, '0');
        for (auto& c : text) c = ulid::alphabet[rng() % 32];
        text[0] = ulid::alphabet[rng() % 8];
        ulid::ulid id;
        REQUIRE_FALSE(ulid::parse(text, id));
    }
}

TEST_CASE("TestULIDComparisonMethods: equal, less and greater", "[reference]") {
    ulid::zero_entropy none;
    const auto x = ulid::must_generate(12345, none);
    const auto y = ulid::must_generate(12345, none);
    const auto z = ulid::must_generate(12346, none);
    REQUIRE(x == y);
    REQUIRE_FALSE(x == z);
    REQUIRE(x < z);
    REQUIRE_FALSE(x < y);
    REQUIRE(x <= y);
    REQUIRE(x <= z);
    REQUIRE(z > x);
    REQUIRE_FALSE(y > y);
    REQUIRE(z >= x);
    REQUIRE(x >= y);
}

TEST_CASE("error codes carry the ulid category and clear English messages", "[errors]") {
    const std::error_code ec = ulid::errc::invalid_characters;
    REQUIRE(ec.category() == ulid::ulid_category());
    REQUIRE(std::string(ec.category().name()) == "ulid");
    REQUIRE(ec.message().find("Crockford base32") != std::string::npos);
    for (int e = 1; e <= 7; ++e) {
        const std::error_code code = static_cast<ulid::errc>(e);
        REQUIRE(code);
        REQUIRE_FALSE(code.message().empty());
        REQUIRE(code.message() != "unknown ulid error");
    }
    REQUIRE(std::error_code(ulid::errc::big_time) != std::error_code(ulid::errc::overflow));
    const ulid::error err(ulid::errc::monotonic_overflow);
    REQUIRE(err.code() == ulid::errc::monotonic_overflow);
    REQUIRE(std::string(err.what()).find("monotonic") != std::string::npos);
}
