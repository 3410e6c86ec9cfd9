// The binary form from any bytes: ulid::from_bytes(ptr, size, out) and
// set_entropy(ptr, size) accept exactly 16 and 10 bytes, copy them exactly,
// and leave the output alone otherwise; to_bytes() gives the bytes back and
// rejects short buffers without writing.
#include "fuzz_check.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // A heap copy of exactly `size` bytes, so ASan sees any read past the end.
    const std::vector<std::uint8_t> input(data, data + size);
    const std::uint8_t* p = input.empty() ? nullptr : input.data();

    ulid::ulid id = fuzz::sentinel();
    const std::error_code ec = ulid::ulid::from_bytes(p, size, id);
    if (size != ulid::binary_size) {
        ULID_FUZZ_CHECK(ec == ulid::errc::data_size);
        ULID_FUZZ_CHECK(id == fuzz::sentinel());
    } else {
        ULID_FUZZ_CHECK(!ec);
        ULID_FUZZ_CHECK(std::memcmp(id.bytes().data(), p, ulid::binary_size) == 0);
        ULID_FUZZ_CHECK(id.time() == (id.high() >> 16U));
        std::array<std::uint8_t, ulid::binary_size> back{};
        ULID_FUZZ_CHECK(!id.to_bytes(back.data(), back.size()));
        ULID_FUZZ_CHECK(std::memcmp(back.data(), p, ulid::binary_size) == 0);
        const std::array<std::uint8_t, ulid::entropy_size> e = id.entropy();
        ULID_FUZZ_CHECK(std::memcmp(e.data(), p + 6, ulid::entropy_size) == 0);
    }

    // The first bytes as an output buffer size: short buffers stay untouched.
    const std::size_t buffer_size = size == 0 ? 0 : input[0] % 32U;
    std::vector<std::uint8_t> buffer(buffer_size, 0xEE);
    const std::error_code to = id.to_bytes(buffer.empty() ? nullptr : buffer.data(), buffer.size());
    if (buffer_size < ulid::binary_size) {
        ULID_FUZZ_CHECK(to == ulid::errc::buffer_size);
        for (const std::uint8_t b : buffer) ULID_FUZZ_CHECK(b == 0xEE);
    } else {
        ULID_FUZZ_CHECK(!to);
        ULID_FUZZ_CHECK(std::memcmp(buffer.data(), id.bytes().data(), ulid::binary_size) == 0);
    }

    // set_entropy from the same bytes: exactly 10, time untouched.
    ulid::ulid with_entropy = fuzz::sentinel();
    const std::error_code se = with_entropy.set_entropy(p, size);
    if (size != ulid::entropy_size) {
        ULID_FUZZ_CHECK(se == ulid::errc::data_size);
        ULID_FUZZ_CHECK(with_entropy == fuzz::sentinel());
    } else {
        ULID_FUZZ_CHECK(!se);
        ULID_FUZZ_CHECK(with_entropy.time() == fuzz::sentinel().time());
        ULID_FUZZ_CHECK(std::memcmp(with_entropy.bytes().data() + 6, p, ulid::entropy_size) == 0);
    }
    return 0;
}
