// Differential tests against oklog/ulid v2.1.2, the reference implementation:
// every vector in tests/data/ (see tests/data/README.md) must give exactly the
// reference's text, bytes, timestamp and error kind.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#ifndef ULID_TEST_DATA_DIR
#error "ULID_TEST_DATA_DIR must name the tests/data folder"
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
/// tests/data/README.md maps them; nullopt for an unknown message.
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
