// parse_uuid() on any bytes: never crashes; agrees with an independent model
// of the spellings (PostgreSQL's uuid_in's: the 8-4-4-4-12 form, and 32 hex
// digits, optionally in braces, with a '-' allowed after any group of four)
// on the exact errc; leaves the output alone on error; every accepted input
// re-encodes to its digits lower-cased; and the UUID form of the parsed
// value parses back to it. The fast paths (SSSE3, where the CPU has it) and
// the portable ones must agree on every 36-character input in the canonical
// layout, both ways, and parse_any() must agree with parse_uuid() on
// everything but 26 characters.
#include "fuzz_check.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

namespace {

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool model_canonical(std::string_view text) {
    if (text.size() != 36) return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? text[i] != '-' : !is_hex(text[i])) return false;
    }
    return true;
}

/// The 32 digits of a spelling, or empty when `text` is none.
std::string model_digits(std::string_view text) {
    if (text.size() >= 2 && text.front() == '{' && text.back() == '}') text = text.substr(1, text.size() - 2);
    std::string digits;
    char previous = '-';  // a leading '-' is refused like a doubled one
    for (const char c : text) {
        if (c == '-') {
            if (previous == '-' || digits.size() % 4 != 0) return {};
        } else if (is_hex(c)) {
            digits += lower(c);
        } else {
            return {};
        }
        previous = c;
    }
    if (digits.size() != 32 || previous == '-') return {};
    return digits;
}

std::error_code model_parse_uuid(std::string_view text) {
    if (model_canonical(text)) return {};
    if (text.size() < 32 || text.size() > 41) return ulid::errc::data_size;
    return model_digits(text).empty() ? std::error_code(ulid::errc::invalid_characters) : std::error_code();
}

/// The portable decoder and, where this build and CPU have it, the SSSE3
/// one on 36 characters: the same errc and, on success, the same value.
void check_decoders_agree(std::string_view text, std::error_code ec, const ulid::ulid& parsed) {
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    const ulid::errc scalar = ulid::detail::decode_uuid_scalar(text.data(), hi, lo);
    ULID_FUZZ_CHECK(static_cast<int>(scalar) == ec.value());
    if (!ec) ULID_FUZZ_CHECK(parsed == ulid::ulid::from_high_low(hi, lo));
#if ULID_X86_SIMD
    if (ulid::detail::host_cpu.ssse3) {
        std::array<std::uint8_t, ulid::binary_size> bytes{};
        const ulid::errc simd = ulid::detail::decode_uuid_ssse3(text.data(), bytes.data());
        ULID_FUZZ_CHECK(simd == scalar);
        if (simd == ulid::errc{}) ULID_FUZZ_CHECK(ulid::ulid::from_bytes(bytes) == parsed);
    }
#endif
}

/// The portable encoder and, where available, the SSSE3 one: the same 36
/// characters, and not one byte written around them.
void check_encoders_agree(const ulid::ulid& id, std::string_view encoded) {
    std::array<char, 36> scalar{};
    ulid::detail::encode_uuid_scalar(id.high(), id.low(), scalar.data());
    ULID_FUZZ_CHECK(std::string_view(scalar.data(), scalar.size()) == encoded);
#if ULID_X86_SIMD
    if (ulid::detail::host_cpu.ssse3) {
        std::array<char, 38> simd{};
        simd.fill('#');
        ulid::detail::encode_uuid_ssse3(id.bytes().data(), simd.data() + 1);
        ULID_FUZZ_CHECK(std::string_view(simd.data() + 1, 36) == encoded);
        ULID_FUZZ_CHECK(simd[0] == '#' && simd[37] == '#');
    }
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ulid::ulid out = fuzz::sentinel();
    const std::error_code ec = ulid::parse_uuid(text, out);
    ULID_FUZZ_CHECK(ec == model_parse_uuid(text));
    if (size == ulid::uuid_size && (model_canonical(text) || ec)) check_decoders_agree(text, ec, out);
    if (size != ulid::encoded_size) {
        ulid::ulid any = fuzz::sentinel();
        ULID_FUZZ_CHECK(ulid::parse_any(text, any) == ec);
        ULID_FUZZ_CHECK(any == out);
    }
    if (ec) {
        ULID_FUZZ_CHECK(out == fuzz::sentinel());
    } else {
        const std::string back = out.to_uuid_string();
        ULID_FUZZ_CHECK(back.size() == 36);
        std::string digits;
        for (const char c : back) {
            if (c != '-') digits += c;
        }
        ULID_FUZZ_CHECK(digits == model_digits(text));
    }

    // Any 16 bytes: the UUID form is lower case and parses back exactly.
    if (size >= ulid::binary_size) {
        ulid::ulid id;
        ULID_FUZZ_CHECK(!ulid::ulid::from_bytes(data, ulid::binary_size, id));
        std::array<char, 36> uuid{};
        ULID_FUZZ_CHECK(id.encode_uuid(uuid.data()) == uuid.data() + 36);
        const std::string_view uuid_text(uuid.data(), uuid.size());
        ULID_FUZZ_CHECK(uuid_text == id.to_uuid_string());
        check_encoders_agree(id, uuid_text);
        for (const char c : uuid) ULID_FUZZ_CHECK(c == '-' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
        ulid::ulid parsed;
        ULID_FUZZ_CHECK(!ulid::parse_uuid(uuid_text, parsed));
        ULID_FUZZ_CHECK(parsed == id);
    }
    return 0;
}
