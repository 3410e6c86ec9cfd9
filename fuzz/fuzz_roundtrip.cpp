// parse(encode(from_bytes(b))) == b for any 16 bytes. Every byte pattern is a
// valid ULID (its text starts with 0-7); the input is taken 16 bytes at a
// time, and consecutive values also check that byte order, text order and
// compare() agree.
#include "fuzz_check.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace {

int sign(int v) { return (v > 0) - (v < 0); }

void round_trip(const ulid::ulid& id) {
    const ulid::ulid_text text = id.encode();
    ULID_FUZZ_CHECK(text[0] >= '0' && text[0] <= '7');
    ulid::ulid parsed = fuzz::sentinel();
    ULID_FUZZ_CHECK(!ulid::parse(std::string_view(text.data(), text.size()), parsed));
    ULID_FUZZ_CHECK(parsed == id);
    ULID_FUZZ_CHECK(std::memcmp(parsed.bytes().data(), id.bytes().data(), ulid::binary_size) == 0);
    // Lower case parses to the same value.
    std::array<char, ulid::encoded_size> lower{};
    std::memcpy(lower.data(), text.data(), lower.size());
    for (char& c : lower) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    ulid::ulid parsed_lower;
    ULID_FUZZ_CHECK(!ulid::parse(std::string_view(lower.data(), lower.size()), parsed_lower));
    ULID_FUZZ_CHECK(parsed_lower == id);
    // Time and entropy survive a rebuild through the setters.
    ulid::ulid rebuilt;
    ULID_FUZZ_CHECK(!rebuilt.set_time(id.time()));
    rebuilt.set_entropy(id.entropy());
    ULID_FUZZ_CHECK(rebuilt == id);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ulid::ulid previous;
    bool have_previous = false;
    for (std::size_t offset = 0; offset + ulid::binary_size <= size; offset += ulid::binary_size) {
        std::array<std::uint8_t, ulid::binary_size> bytes{};
        std::memcpy(bytes.data(), data + offset, bytes.size());
        const ulid::ulid id = ulid::ulid::from_bytes(bytes);
        round_trip(id);
        if (have_previous) {
            const int by_bytes = sign(std::memcmp(previous.bytes().data(), id.bytes().data(), ulid::binary_size));
            const ulid::ulid_text a = previous.encode();
            const ulid::ulid_text b = id.encode();
            const int by_text = sign(std::memcmp(a.data(), b.data(), ulid::encoded_size));
            ULID_FUZZ_CHECK(previous.compare(id) == by_bytes);
            ULID_FUZZ_CHECK(by_text == by_bytes);
            ULID_FUZZ_CHECK((previous < id) == (by_bytes < 0));
            ULID_FUZZ_CHECK((previous == id) == (by_bytes == 0));
        }
        previous = id;
        have_previous = true;
    }
    return 0;
}
