// Parity with oklog/ulid v2, the reference implementation: its own unit
// tests, translated and named after ulid_test.go, and differential vectors
// it produced (tests/oklog/, see tests/oklog/README.md), which must give
// exactly the reference's text, bytes, timestamp and error kind.
//
// The ulid_test.go tests whose subject has its own file live there:
//   TestParseStrictInvalidCharacters, TestOverflowHandling, TestCaseInsensitivity,
//   TestMarshalingErrors (text)          -> test_parse.cpp
//   TestTimestamp, TestTime, TestNow, TestTimestampRoundTrips -> test_time.cpp
//   TestULIDTime, TestEntropy, TestCompare, TestULID_Bytes      -> test_value.cpp
//   TestNew/Error, TestMustNew/Panic      -> test_entropy_sources.cpp
//   TestMonotonic, TestMonotonicOverflow, TestMonotonicSafe     -> test_monotonic.cpp
//   TestMake, TestMustNewDefault          -> test_make.cpp
// The defects of oklog/ulid v2 this library must not have: test_defects.cpp.
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
    REQUIRE(ec.message().rfind("bad data characters", 0) == 0);  // ErrInvalidCharacters' wording
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

#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#ifndef ULID_TEST_DATA_DIR
#error "ULID_TEST_DATA_DIR must name the tests/oklog folder"
#endif

namespace {

const ulid::ulid sentinel = test::from_hex("0123456789abcdef0123456789abcdef");

std::vector<std::string> read_lines(const std::string& name) {
    const std::string path = std::string(ULID_TEST_DATA_DIR) + "/" + name;
    std::ifstream in(path, std::ios::binary);
    INFO("reading " << path);
    REQUIRE(in.good());
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();  // a checkout with CRLF line ends
        lines.push_back(line);
    }
    return lines;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// Decodes a hex string of any even length into raw bytes (which may be any
/// value, including NUL and bytes above 0x7F).
std::string unhex(const std::string& hex) {
    REQUIRE(hex.size() % 2 == 0);
    std::string out;
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int hi = hex_value(hex[i]);
        const int lo = hex_value(hex[i + 1]);
        REQUIRE(hi >= 0);
        REQUIRE(lo >= 0);
        out.push_back(static_cast<char>(static_cast<unsigned char>(hi * 16 + lo)));
    }
    return out;
}

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

/// The reference's strict-parse error message -> the library's errc, as
/// tests/oklog/README.md maps them; nullopt for an unknown message.
std::optional<ulid::errc> errc_of(const std::string& message) {
    if (message.find("bad data size") != std::string::npos) return ulid::errc::data_size;
    if (message.find("bad data characters") != std::string::npos) return ulid::errc::invalid_characters;
    if (message.find("overflow when unmarshaling") != std::string::npos) return ulid::errc::overflow;
    return std::nullopt;
}

}  // namespace

TEST_CASE("every encode vector of the reference: text, bytes and timestamp", "[vectors][differential]") {
    const std::vector<std::string> lines = read_lines("encode.txt");
    REQUIRE(lines.size() == 2000);
    for (std::size_t n = 0; n < lines.size(); ++n) {
        INFO("encode.txt line " << n + 1 << ": " << lines[n]);
        std::istringstream fields(lines[n]);
        std::string hex;
        std::string text;
        std::uint64_t ms = 0;
        REQUIRE(static_cast<bool>(fields >> hex >> text >> ms));
        REQUIRE(hex.size() == 32);
        REQUIRE(text.size() == ulid::encoded_size);

        // bytes -> text
        const ulid::ulid from_bytes = test::from_hex(hex);
        REQUIRE(from_bytes.to_string() == text);
        const ulid::ulid_text encoded = from_bytes.encode();
        REQUIRE(encoded == text);
        REQUIRE(from_bytes.time() == ms);

        // text -> bytes, in upper and lower case
        ulid::ulid parsed = sentinel;
        REQUIRE(ulid::parse(text, parsed) == std::error_code{});
        REQUIRE(test::to_hex(parsed) == hex);
        REQUIRE(parsed.time() == ms);
        ulid::ulid parsed_lower = sentinel;
        REQUIRE(ulid::parse(lower(text), parsed_lower) == std::error_code{});
        REQUIRE(parsed_lower == parsed);

        // the same through the checked binary and generation paths
        std::array<std::uint8_t, 16> raw{};
        REQUIRE(parsed.to_bytes(raw.data(), raw.size()) == std::error_code{});
        ulid::ulid copied = sentinel;
        REQUIRE(ulid::ulid::from_bytes(raw.data(), raw.size(), copied) == std::error_code{});
        REQUIRE(copied == from_bytes);
        const std::array<std::uint8_t, 10> entropy = from_bytes.entropy();
        test::sequence_reader reader(std::vector<std::uint8_t>(entropy.begin(), entropy.end()));
        ulid::ulid generated = sentinel;
        REQUIRE(ulid::generate(ms, reader, generated) == std::error_code{});
        REQUIRE(generated == from_bytes);
    }
}

TEST_CASE("every parse case of the reference: strict answer and exact error kind", "[vectors][differential]") {
    const std::vector<std::string> inputs = read_lines("parse.hex");
    const std::vector<std::string> answers = read_lines("parse.out");
    REQUIRE(inputs.size() == 622);
    REQUIRE(answers.size() == inputs.size());
    std::size_t accepted = 0;
    std::size_t rejected = 0;
    for (std::size_t n = 0; n < inputs.size(); ++n) {
        INFO("parse.hex line " << n + 1 << ": " << inputs[n] << " -> " << answers[n]);
        const std::string input = unhex(inputs[n]);
        const std::size_t tab = answers[n].find('\t');
        REQUIRE(tab != std::string::npos);
        const std::string strict = answers[n].substr(tab + 1);

        ulid::ulid out = sentinel;
        const std::error_code ec = ulid::parse(input, out);
        if (strict.rfind("ok:", 0) == 0) {
            ++accepted;
            REQUIRE(ec == std::error_code{});
            REQUIRE(test::to_hex(out) == strict.substr(3));
            REQUIRE(out.to_string() == upper(input));
        } else {
            ++rejected;
            REQUIRE(strict.rfind("err:", 0) == 0);
            const std::optional<ulid::errc> expected = errc_of(strict);
            REQUIRE(expected.has_value());
            REQUIRE(ec == *expected);
            REQUIRE(out == sentinel);
        }
    }
    // The file must exercise both outcomes and every error kind the reference has.
    REQUIRE(accepted == 76);
    REQUIRE(rejected == 546);
}

TEST_CASE("the parse cases cover each strict error kind of the reference", "[vectors][differential]") {
    const std::vector<std::string> answers = read_lines("parse.out");
    std::size_t size_errors = 0;
    std::size_t character_errors = 0;
    std::size_t overflow_errors = 0;
    for (const std::string& answer : answers) {
        const std::string strict = answer.substr(answer.find('\t') + 1);
        const std::optional<ulid::errc> e = errc_of(strict);
        if (!e) continue;
        size_errors += *e == ulid::errc::data_size ? 1U : 0U;
        character_errors += *e == ulid::errc::invalid_characters ? 1U : 0U;
        overflow_errors += *e == ulid::errc::overflow ? 1U : 0U;
    }
    REQUIRE(size_errors == 6);
    REQUIRE(character_errors == 262);
    REQUIRE(overflow_errors == 278);
}
