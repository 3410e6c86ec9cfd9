// The text codec: encode() and the Crockford base32 decoder, on every path
// this build has (scalar, SSSE3/AVX2 where the CPU has them), which must agree.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <system_error>
#include <vector>

using test::random_bytes;
using test::random_ulid;

namespace {

/// Every way this build can decode `text`, all of which must agree.
void require_decoders_agree(const std::string& text) {
    INFO("text " << text);
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    const ulid::errc scalar = ulid::detail::decode_scalar(text.data(), hi, lo);
    ulid::ulid parsed = test::from_hex("0123456789abcdef0123456789abcdef");
    const std::error_code ec = ulid::parse(text, parsed);
    REQUIRE(static_cast<int>(scalar) == ec.value());
    if (!ec) REQUIRE(parsed == ulid::ulid::from_high_low(hi, lo));
#if ULID_X86_SIMD
    if (ulid::detail::host_cpu.avx2) {
        std::array<std::uint8_t, 16> bytes{};
        const ulid::errc simd = ulid::detail::decode_avx2(text.data(), bytes.data());
        REQUIRE(simd == scalar);
        if (simd == ulid::errc{}) REQUIRE(ulid::ulid::from_bytes(bytes) == parsed);
        // The lower-case-only decoder (TypeID suffixes): upper case first.
        const bool upper = std::any_of(text.begin(), text.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
        const ulid::errc lower = ulid::detail::decode_avx2<true>(text.data(), bytes.data());
        REQUIRE(lower == (upper ? ulid::errc::invalid_characters : scalar));
        if (lower == ulid::errc{}) REQUIRE(ulid::ulid::from_bytes(bytes) == parsed);
    }
#endif
}

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

TEST_CASE("encode agrees with the scalar encoder on random and edge values", "[fast][codec]") {
    for (const auto& b : test::random_and_edge_bytes(22, 200000)) {
        const auto id = ulid::ulid::from_bytes(b);
        std::array<char, 26> scalar{};
        ulid::detail::encode_scalar(id.high(), id.low(), scalar.data());
        REQUIRE(id.encode() == std::string_view(scalar.data(), scalar.size()));
#if ULID_X86_SIMD
        if (ulid::detail::host_cpu.ssse3) {
            std::array<char, 28> simd{};
            simd.fill('#');
            ulid::detail::encode_ssse3(b.data(), simd.data());
            REQUIRE(std::equal(scalar.begin(), scalar.end(), simd.begin()));
            REQUIRE(simd[26] == '#');  // writes exactly 26 characters
        }
#endif
    }
}

TEST_CASE("every byte value at every position decodes the same on every path", "[fast][codec]") {
    std::mt19937_64 rng(23);
    for (int base = 0; base < 6; ++base) {
        auto bytes = random_bytes(rng);
        bytes[0] &= 0x7F;
        std::string text = ulid::ulid::from_bytes(bytes).to_string();
        if (base % 2 == 1) {
            std::transform(text.begin(), text.end(), text.begin(),
                           [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); });
        }
        for (std::size_t pos = 0; pos < 26; ++pos) {
            for (int c = 0; c < 256; ++c) {
                std::string mutated = text;
                mutated[pos] = static_cast<char>(c);
                require_decoders_agree(mutated);
            }
        }
    }
}

TEST_CASE("random texts decode the same on every path", "[fast][codec]") {
    std::mt19937_64 rng(24);
    const std::string chars = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzILOUilou@[`{/:\x7f\x80\xff ";
    for (int i = 0; i < 100000; ++i) {
        std::string text(26, '0');
        for (auto& c : text) c = chars[rng() % (i % 4 == 0 ? chars.size() : 32)];
        require_decoders_agree(text);
    }
}

TEST_CASE("encode_lower writes the same text in lower case, and parse reads it back", "[codec]") {
    STATIC_REQUIRE(ulid::ulid::max().encode_lower() == "7zzzzzzzzzzzzzzzzzzzzzzzzz");
    const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    CHECK(sample.encode_lower() == "01arz3ndektsv4rrffq69g5fav");
    CHECK(ulid::ulid{}.encode_lower() == "00000000000000000000000000");

    std::mt19937_64 rng(20261204);
    for (int i = 0; i < 2000; ++i) {
        const ulid::ulid id = ulid::ulid::from_high_low(rng(), rng());
        std::array<char, 27> out{};
        out[26] = '!';
        CHECK(id.encode_lower(out.data()) == out.data() + 26);
        CHECK(out[26] == '!');  // nothing written past the 26 characters
        const std::string upper = id.to_string();
        for (std::size_t k = 0; k < 26; ++k) {
            const char c = upper[k];
            CHECK(out[k] == (c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c));
        }
        ulid::ulid back;
        REQUIRE_FALSE(ulid::parse({out.data(), 26}, back));
        CHECK(back == id);
    }
}
