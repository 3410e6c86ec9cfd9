// UUID interop: the RFC 9562 8-4-4-4-12 form, both ways, on every path this
// build has (scalar, SSSE3 where the CPU has it), which must agree.
#include "catch.hpp"
#include "support.hpp"
#include "uuid_spellings.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace {

constexpr std::string_view sample_text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
// The same 128 bits in hex, from the ULID specification's example.
constexpr std::string_view sample_uuid = "01563e3a-b5d3-d676-4c61-efb99302bd5b";

ulid::ulid sentinel() { return ulid::must_parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"); }

/// The grammar, written apart from the library: 36 characters, dashes at
/// 8, 13, 18 and 23, hex digits of either case everywhere else.
bool model_accepts(const std::string& text) {
    if (text.size() != 36) return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool ok = (i == 8 || i == 13 || i == 18 || i == 23)
                            ? c == '-'
                            : (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!ok) return false;
    }
    return true;
}

/// PostgreSQL's uuid_in spellings, written apart from the library: 32 hex
/// digits in groups of four, each group but the first optionally after a
/// '-', the whole optionally in braces.
/// (A loop, not std::regex: g++ 12's <regex> warns under the sanitizers.)
bool model_spelling_accepts(const std::string& text) {
    std::string_view rest(text);
    if (!rest.empty() && rest.front() == '{') {
        if (rest.size() < 2 || rest.back() != '}') return false;
        rest = rest.substr(1, rest.size() - 2);
    }
    const auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
    for (int group = 0; group < 8; ++group) {
        if (group > 0 && !rest.empty() && rest.front() == '-') rest.remove_prefix(1);
        if (rest.size() < 4 || !hex(rest[0]) || !hex(rest[1]) || !hex(rest[2]) || !hex(rest[3])) return false;
        rest.remove_prefix(4);
    }
    return rest.empty();
}

/// Every way this build can decode the 36 characters `text`, all of which
/// must agree with each other and with the grammar.
void require_uuid_decoders_agree(const std::string& text) {
    INFO("text " << text);
    REQUIRE(text.size() == 36);
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    const ulid::errc scalar = ulid::detail::decode_uuid_scalar(text.data(), hi, lo);
    REQUIRE((scalar == ulid::errc{}) == model_accepts(text));
    ulid::ulid parsed = sentinel();
    const std::error_code ec = ulid::parse_uuid(text, parsed);
    // parse_uuid() also reads the other spellings, some of them 36 long.
    const bool spelled = model_spelling_accepts(text);
    REQUIRE(!ec == (model_accepts(text) || spelled));
    if (!spelled) REQUIRE(static_cast<int>(scalar) == ec.value());
    if (scalar == ulid::errc{} || ec) REQUIRE(parsed == (ec ? sentinel() : ulid::ulid::from_high_low(hi, lo)));
    ulid::ulid any = sentinel();
    REQUIRE(ulid::parse_any(text, any) == ec);
    REQUIRE(any == parsed);
#if ULID_X86_SIMD
    if (ulid::detail::host_cpu.ssse3) {
        std::array<std::uint8_t, 16> bytes{};
        const ulid::errc simd = ulid::detail::decode_uuid_ssse3(text.data(), bytes.data());
        REQUIRE(simd == scalar);
        if (simd == ulid::errc{}) REQUIRE(ulid::ulid::from_bytes(bytes) == parsed);
    }
#endif
}

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
    const std::array<bad_input, 12> cases = {{
        {"", ulid::errc::data_size},
        {"01563e3ab5d3d6764c61efb99302bd5", ulid::errc::data_size},                   // 31: shorter than any spelling
        {"{01563e3a-b5d3-d676-4c61-efb99302bd5b0}", ulid::errc::invalid_characters},  // 33 digits
        {"{0156-3df3-6481-d676-4c61-efb9-9302-bd5b0}", ulid::errc::data_size},        // 42: longer than any
        {"01563e3a-b5d3-d676-4c61-efb99302bd5", ulid::errc::invalid_characters},      // 35: 31 digits
        {"01563e3a-b5d3-d676-4c61-efb99302bd5b0", ulid::errc::invalid_characters},    // 37: 33 digits
        {"01563e3a-b5d3-d676-4c61-efb99302bd5g", ulid::errc::invalid_characters},     // not hex
        {"01563e3ab-5d3-d676-4c61-efb99302bd5b", ulid::errc::invalid_characters},     // dash moved right
        {"01563e3-ab5d3-d676-4c61-efb99302bd5b", ulid::errc::invalid_characters},     // dash moved left
        {"01563e3axb5d3-d676-4c61-efb99302bd5b", ulid::errc::invalid_characters},     // one dash not a dash
        {"01563e3a_b5d3_d676_4c61_efb99302bd5b", ulid::errc::invalid_characters},     // not dashes
        {"{1563e3a-b5d3-d676-4c61-efb99302bd5}", ulid::errc::invalid_characters},     // braces
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

TEST_CASE("encode_uuid is usable in constant expressions", "[uuid]") {
    constexpr auto text = ulid::ulid::from_high_low(0x0123456789abcdefULL, 0xfedcba9876543210ULL).encode_uuid();
    STATIC_REQUIRE(text == std::string_view("01234567-89ab-cdef-fedc-ba9876543210"));
}

TEST_CASE("encode_uuid agrees with the scalar encoder on random and edge values", "[fast][uuid]") {
    for (const auto& b : test::random_and_edge_bytes(37, 200000)) {
        const auto id = ulid::ulid::from_bytes(b);
        std::array<char, 36> scalar{};
        ulid::detail::encode_uuid_scalar(id.high(), id.low(), scalar.data());
        // The scalar encoder against the definition: two lower-case hex digits per byte, dashes between groups.
        std::string expected;
        for (std::size_t i = 0; i < 16; ++i) {
            if (i == 4 || i == 6 || i == 8 || i == 10) expected += '-';
            expected += "0123456789abcdef"[b[i] >> 4U];
            expected += "0123456789abcdef"[b[i] & 15U];
        }
        REQUIRE(std::string_view(scalar.data(), scalar.size()) == expected);
        REQUIRE(id.encode_uuid() == expected);
#if ULID_X86_SIMD
        if (ulid::detail::host_cpu.ssse3) {
            std::array<char, 38> simd{};
            simd.fill('#');
            ulid::detail::encode_uuid_ssse3(b.data(), simd.data() + 1);
            REQUIRE(std::equal(scalar.begin(), scalar.end(), simd.begin() + 1));
            REQUIRE(simd[0] == '#');  // writes exactly the 36 characters
            REQUIRE(simd[37] == '#');
        }
#endif
    }
}

TEST_CASE("every byte value at every position of UUID text decodes the same on every path", "[fast][uuid]") {
    std::mt19937_64 rng(38);
    for (int base = 0; base < 6; ++base) {
        std::string text = test::random_ulid(rng).to_uuid_string();
        if (base % 3 == 1) {
            std::transform(text.begin(), text.end(), text.begin(),
                           [](char c) { return static_cast<char>(c >= 'a' && c <= 'f' ? c - 32 : c); });
        }
        if (base % 3 == 2) {
            for (char& c : text) c = static_cast<char>(c >= 'a' && c <= 'f' && rng() % 2 == 0 ? c - 32 : c);
        }
        require_uuid_decoders_agree(text);
        for (std::size_t pos = 0; pos < 36; ++pos) {
            for (int c = 0; c < 256; ++c) {
                std::string mutated = text;
                mutated[pos] = static_cast<char>(c);
                require_uuid_decoders_agree(mutated);
            }
        }
    }
}

TEST_CASE("random and adversarial UUID texts decode the same on every path", "[fast][uuid]") {
    std::mt19937_64 rng(39);
    // Hex digits of both cases first; then the characters next to their
    // ranges, those that share a nibble with a dash or a digit, and bytes
    // that read as valid with the top bit or bit 5 dropped.
    const std::string chars = std::string("0123456789abcdefABCDEF-") +
                              "/:@G`gm=\r,.-_{}xX \x10\x0d\x2d\xad\xb0\xc1\xe6\x80\xff" + std::string(1, '\0');
    for (int i = 0; i < 100000; ++i) {
        std::string text = test::random_ulid(rng).to_uuid_string();
        switch (i % 4) {
            case 0:  // anything from the list, everywhere
                for (auto& c : text) c = chars[rng() % chars.size()];
                break;
            case 1:  // valid digits, any case, then a few characters from the list
                for (auto& c : text) c = c == '-' ? c : chars[rng() % 22];
                for (int k = 0; k < 3; ++k) text[rng() % 36] = chars[rng() % chars.size()];
                break;
            case 2:  // one dash moved or doubled
                text[rng() % 36] = '-';
                break;
            default:  // any byte at one position
                text[rng() % 36] = static_cast<char>(rng());
        }
        require_uuid_decoders_agree(text);
    }
}

#ifndef ULID_UUID_SPELLINGS
#error "ULID_UUID_SPELLINGS must name tests/uuid_spellings.txt"
#endif

TEST_CASE("parse_uuid and parse_any read every UUID spelling of the shared table, and only those", "[uuid]") {
    // tests/uuid_spellings.txt: PostgreSQL's uuid_in spellings, the cases
    // the tool, SQLite and PostgreSQL are tested with too.
    const std::vector<test::uuid_spelling> cases = test::read_uuid_spellings(ULID_UUID_SPELLINGS);
    REQUIRE(cases.size() >= 20);
    std::size_t accepted = 0;
    for (const test::uuid_spelling& c : cases) {
        INFO("input: '" << c.input << "'");
        ulid::ulid id = sentinel();
        ulid::ulid any = sentinel();
        const std::error_code ec = ulid::parse_uuid(c.input, id);
        REQUIRE(ulid::parse_any(c.input, any) == ec);
        REQUIRE(id == any);
        // explain() is empty exactly when the input parses, whatever the form
        // argument (the likely form of each case is the UUID).
        REQUIRE(ulid::explain(c.input, ulid::text_form::uuid).empty() == !ec);
        REQUIRE(ulid::explain(c.input, ulid::text_form::any).empty() == !ec);
        REQUIRE(ulid::explain(c.input).empty() == !ec);
        if (c.expected == "reject") {
            REQUIRE(ec);
            REQUIRE(id == sentinel());
            continue;
        }
        REQUIRE_FALSE(ec);
        REQUIRE(id.to_uuid_string() == c.expected);
        ++accepted;
    }
    REQUIRE(accepted >= 10);
}

TEST_CASE("canonical_uuid_spelling() lays a UUID spelling out as 8-4-4-4-12, digits unchecked", "[uuid][text]") {
    STATIC_REQUIRE(ulid::canonical_uuid_spelling("{01563DF36481D6764C61EFB99302BD5B}") ==
                   std::string_view("01563DF3-6481-D676-4C61-EFB99302BD5B"));
    CHECK(ulid::canonical_uuid_spelling("0156-3df3-6481-d676-4c61efb99302bd5g") ==
          std::string_view("01563df3-6481-d676-4c61-efb99302bd5g"));
    CHECK(ulid::canonical_uuid_spelling("01563df3-6481-d676-4c61-efb99302bd5b") ==
          std::string_view("01563df3-6481-d676-4c61-efb99302bd5b"));
    // Not a UUID layout: empty.
    CHECK(ulid::canonical_uuid_spelling("").empty());
    CHECK(ulid::canonical_uuid_spelling("01ARZ3NDEKTSV4RRFFQ69G5FAV").empty());
    CHECK(ulid::canonical_uuid_spelling("{01563df36481d6764c61efb99302bd5b").empty());
    CHECK(ulid::canonical_uuid_spelling("01563d-f36481d6764c61efb99302bd5b").empty());
    CHECK(ulid::canonical_uuid_spelling("01563df36481d6764c61efb99302bd5b0").empty());
    // A bad digit keeps its place, so explain() names it in the canonical spelling.
    const ulid::uuid_text canonical = ulid::canonical_uuid_spelling("{01563df36481d6764c61efb99302bd5g}");
    CHECK(ulid::explain(canonical, ulid::text_form::uuid) == "'g' at position 36 is not a hexadecimal digit");
    // Every spelling of the shared table that parses gives the canonical form of its value.
    for (const test::uuid_spelling& c : test::read_uuid_spellings(ULID_UUID_SPELLINGS)) {
        ulid::ulid id;
        if (ulid::parse_uuid(c.input, id)) continue;
        ulid::ulid again;
        REQUIRE_FALSE(ulid::parse_uuid(ulid::canonical_uuid_spelling(c.input), again));
        CHECK(again == id);
    }
}

TEST_CASE("explain() names the place in the UUID spelling as given", "[uuid][text]") {
    CHECK(ulid::explain("{01563df36481d6764c61efb99302bd5g}") == "'g' at position 33 is not a hexadecimal digit");
    CHECK(ulid::explain("0156-3df3-6481-d676-4c61efb99302bd5g") == "'g' at position 36 is not a hexadecimal digit");
    CHECK(ulid::explain("{01563df36481d6764c61efb99302bd5b") ==
          "the '{' at position 1 is not closed by a '}' at the end");
    CHECK(ulid::explain("01563d-f36481d6764c61efb99302bd5b") ==
          "'-' at position 7 is out of place: a UUID allows one '-' after a group of four hexadecimal digits");
    CHECK(ulid::explain("01563df36481d6764c61efb99302bd5b0") ==
          "'0' at position 33 is past a UUID's 32 hexadecimal digits");
    CHECK(ulid::explain("01563df36481d6764c61efb99302bd5") ==
          "got 31 characters, expected 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)");
    CHECK(ulid::explain("{01563df36481d6764c61efb99302bd5}") == "got 31 hexadecimal digits, expected 32 (a UUID)");
    // A character no spelling has comes first, wherever the layout breaks.
    CHECK(ulid::explain("(01563df36481d6764c61efb99302bd5b)") == "'(' at position 1 is not a hexadecimal digit");
    CHECK(ulid::explain("{{01563df36481d6764c61efb99302bd5b}}") == "'{' at position 2 is not a hexadecimal digit");
    // 36 characters: the canonical layout's words.
    CHECK(ulid::explain("01563e3ab-5d3-d676-4c61-efb99302bd5b") == "'b' at position 9 is not '-'");
}
