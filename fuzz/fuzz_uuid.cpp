// parse_uuid() on any bytes: never crashes; agrees with an independent model
// of the 8-4-4-4-12 grammar on the exact errc; leaves the output alone on
// error; every accepted input re-encodes to itself lower-cased; and the UUID
// form of the parsed value parses back to it.
#include "fuzz_check.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

namespace {

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::error_code model_parse_uuid(std::string_view text) {
    if (text.size() != 36) return ulid::errc::data_size;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? text[i] != '-' : !is_hex(text[i])) return ulid::errc::invalid_characters;
    }
    return {};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ulid::ulid out = fuzz::sentinel();
    const std::error_code ec = ulid::parse_uuid(text, out);
    ULID_FUZZ_CHECK(ec == model_parse_uuid(text));
    if (ec) {
        ULID_FUZZ_CHECK(out == fuzz::sentinel());
    } else {
        const std::string back = out.to_uuid_string();
        ULID_FUZZ_CHECK(back.size() == 36);
        for (std::size_t i = 0; i < 36; ++i) ULID_FUZZ_CHECK(back[i] == lower(text[i]));
    }

    // Any 16 bytes: the UUID form is lower case and parses back exactly.
    if (size >= ulid::binary_size) {
        ulid::ulid id;
        ULID_FUZZ_CHECK(!ulid::ulid::from_bytes(data, ulid::binary_size, id));
        std::array<char, 36> uuid{};
        ULID_FUZZ_CHECK(id.encode_uuid(uuid.data()) == uuid.data() + 36);
        const std::string_view uuid_text(uuid.data(), uuid.size());
        ULID_FUZZ_CHECK(uuid_text == id.to_uuid_string());
        for (const char c : uuid) ULID_FUZZ_CHECK(c == '-' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
        ulid::ulid parsed;
        ULID_FUZZ_CHECK(!ulid::parse_uuid(uuid_text, parsed));
        ULID_FUZZ_CHECK(parsed == id);
    }
    return 0;
}
