// <ulid/facade.hpp> on any input: the first 16 bytes are a key (k0 || k1,
// little-endian; zeros where the input is shorter), then every 16 bytes an
// ID. to_facade and from_facade never crash; an input of the wrong kind
// gives errc::wrong_version and writes nothing; a facade is version 4 with
// the RFC variant and decodes back; a decoded facade is a UUIDv7 and encodes
// back; a key's 32-hex-digit text parses to the same key, and any 32 bytes
// of the input parse as a key or leave it untouched.
#include "fuzz_check.hpp"

#include <ulid/facade.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace {

void check_id(const ulid::ulid& id, const ulid::facade_key& key) {
    ulid::ulid facade = fuzz::sentinel();
    const std::error_code to = ulid::to_facade(id, key, facade);
    if (id.is_uuidv7()) {
        ULID_FUZZ_CHECK(!to);
        ULID_FUZZ_CHECK(facade.uuid_version() == 4 && facade.low() >> 62U == 2);
        ULID_FUZZ_CHECK(facade.low() == id.low() && (facade.high() & 0xFFFU) == (id.high() & 0xFFFU));
        ulid::ulid back = fuzz::sentinel();
        ULID_FUZZ_CHECK(!ulid::from_facade(facade, key, back));
        ULID_FUZZ_CHECK(back == id);
    } else {
        ULID_FUZZ_CHECK(to == ulid::errc::wrong_version);
        ULID_FUZZ_CHECK(facade == fuzz::sentinel());
    }

    ulid::ulid v7 = fuzz::sentinel();
    const std::error_code from = ulid::from_facade(id, key, v7);
    if (id.uuid_version() == 4 && id.low() >> 62U == 2) {
        ULID_FUZZ_CHECK(!from);
        ULID_FUZZ_CHECK(v7.is_uuidv7());
        ulid::ulid again = fuzz::sentinel();
        ULID_FUZZ_CHECK(!ulid::to_facade(v7, key, again));
        ULID_FUZZ_CHECK(again == id);
    } else {
        ULID_FUZZ_CHECK(from == ulid::errc::wrong_version);
        ULID_FUZZ_CHECK(v7 == fuzz::sentinel());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::uint8_t raw[16] = {};
    std::memcpy(raw, data, size < 16 ? size : 16);
    const ulid::facade_key key = ulid::facade_key::from_bytes(raw);

    // The key's text form reads back to the key.
    static constexpr char digits[] = "0123456789abcdef";
    std::array<char, 32> hex{};
    for (std::size_t i = 0; i < 16; ++i) {
        hex[2 * i] = digits[raw[i] >> 4U];
        hex[2 * i + 1] = digits[raw[i] & 15U];
    }
    ulid::facade_key parsed;
    ULID_FUZZ_CHECK(!ulid::facade_key::parse(std::string_view(hex.data(), hex.size()), parsed));
    ULID_FUZZ_CHECK(parsed == key);
    ULID_FUZZ_CHECK(ulid::facade_key::from_bytes(key.bytes()) == key);

    // The input itself as a key's text: parses, or fails and writes nothing.
    const ulid::facade_key untouched(1, 2);
    ulid::facade_key out = untouched;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (ulid::facade_key::parse(text, out)) ULID_FUZZ_CHECK(out == untouched);

    for (std::size_t offset = 16; offset + ulid::binary_size <= size; offset += ulid::binary_size) {
        std::array<std::uint8_t, ulid::binary_size> bytes{};
        std::memcpy(bytes.data(), data + offset, bytes.size());
        const ulid::ulid id = ulid::ulid::from_bytes(bytes);
        check_id(id, key);
        // The same bits made a UUIDv7, so that most inputs reach the round trip.
        check_id(ulid::to_uuidv7(id), key);
    }
    return 0;
}
