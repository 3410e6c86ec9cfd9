// parse() on any bytes: never crashes or reads out of bounds (ASan, UBSan);
// agrees with an independent model of the strict grammar on the exact errc;
// leaves the output alone on error; every accepted input re-encodes to
// itself upper-cased; and on 26 characters the portable decoder and the AVX2
// one (where this build and CPU have it) agree with parse().
#include "fuzz_check.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <system_error>

namespace {

/// The base32 value of c in either case, or -1: written from the Crockford
/// table independently of the library's decode table.
int model_digit(unsigned char c) {
    if (c >= 'a' && c <= 'z') c = static_cast<unsigned char>(c - 'a' + 'A');
    for (std::size_t i = 0; i < ulid::alphabet.size(); ++i) {
        if (static_cast<unsigned char>(ulid::alphabet[i]) == c) return static_cast<int>(i);
    }
    return -1;
}

std::error_code model_parse(std::string_view text) {
    if (text.size() != ulid::encoded_size) return ulid::errc::data_size;
    for (const char c : text) {
        if (model_digit(static_cast<unsigned char>(c)) < 0) return ulid::errc::invalid_characters;
    }
    if (model_digit(static_cast<unsigned char>(text[0])) > 7) return ulid::errc::overflow;
    return {};
}

char upper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ulid::ulid out = fuzz::sentinel();
    const std::error_code ec = ulid::parse(text, out);
    ULID_FUZZ_CHECK(ec == model_parse(text));
    if (size == ulid::encoded_size) {
        std::uint64_t hi = 0;
        std::uint64_t lo = 0;
        const ulid::errc scalar = ulid::detail::decode_scalar(text.data(), hi, lo);
        ULID_FUZZ_CHECK(static_cast<int>(scalar) == ec.value());
        if (!ec) ULID_FUZZ_CHECK(out == ulid::ulid::from_high_low(hi, lo));
#if ULID_X86_SIMD
        if (ulid::detail::host_cpu.avx2) {
            std::array<std::uint8_t, ulid::binary_size> bytes{};
            const ulid::errc simd = ulid::detail::decode_avx2(text.data(), bytes.data());
            ULID_FUZZ_CHECK(simd == scalar);
            if (simd == ulid::errc{}) ULID_FUZZ_CHECK(ulid::ulid::from_bytes(bytes) == out);
            // The lower-case-only decoder of TypeID suffixes: upper case first.
            bool upper_case = false;
            for (const char c : text) upper_case = upper_case || (c >= 'A' && c <= 'Z');
            const ulid::errc lower = ulid::detail::decode_avx2<true>(text.data(), bytes.data());
            ULID_FUZZ_CHECK(lower == (upper_case ? ulid::errc::invalid_characters : scalar));
            if (lower == ulid::errc{}) ULID_FUZZ_CHECK(ulid::ulid::from_bytes(bytes) == out);
        }
#endif
    }
    if (ec) {
        ULID_FUZZ_CHECK(out == fuzz::sentinel());
        return 0;
    }
    const ulid::ulid_text encoded = out.encode();
    for (std::size_t i = 0; i < ulid::encoded_size; ++i) ULID_FUZZ_CHECK(encoded[i] == upper(text[i]));
    // The value is the base32 number the text spells.
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    for (const char c : text) {
        hi = (hi << 5U) | (lo >> 59U);
        lo = (lo << 5U) | static_cast<std::uint64_t>(model_digit(static_cast<unsigned char>(c)));
    }
    ULID_FUZZ_CHECK(out.high() == hi && out.low() == lo);
    return 0;
}
