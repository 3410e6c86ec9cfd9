// The header loads and stores whole words in the byte order it detects at
// compile time (ULID_LITTLE_ENDIAN), and falls back to byte loops elsewhere.
// A wrong guess on some platform would give wrong IDs without any error, so
// this checks the guess against the byte order the running program sees, and
// every word-wise path against a reference built here one byte at a time.
// The cross-s390x preset runs it on a big-endian CPU, cross-aarch64 and
// cross-mingw on little-endian ones outside x86-64 Linux.
#include "catch.hpp"

#include <ulid/ulid.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#if !defined(ULID_LITTLE_ENDIAN)
#error "the byte-order test checks ULID_LITTLE_ENDIAN, which the header no longer defines"
#endif

namespace {

/// Bytes as a big-endian number, by shifts: no load wider than a byte.
std::uint64_t be_from_bytes(const std::uint8_t* p, std::size_t n) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v = (v << 8U) | p[i];
    return v;
}

/// Bytes as a little-endian number, by shifts.
std::uint64_t le_from_bytes(const std::uint8_t* p, std::size_t n) {
    std::uint64_t v = 0;
    for (std::size_t i = n; i-- > 0;) v = (v << 8U) | p[i];
    return v;
}

/// Byte i of `v` written big-endian in n bytes.
std::uint8_t be_byte(std::uint64_t v, std::size_t n, std::size_t i) {
    return static_cast<std::uint8_t>(v >> (8U * (n - 1U - i)));
}

/// 40 bytes, all different, so that any swapped, shifted or reversed word
/// changes the result; with offsets 0-7 the words are also misaligned.
std::array<std::uint8_t, 40> distinct_bytes() {
    std::array<std::uint8_t, 40> bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(0x11U + 0x05U * i);
    return bytes;
}

/// 0x0102030405060708 as this program stores it: 01 first on a big-endian
/// machine, 08 first on a little-endian one.
std::array<std::uint8_t, 8> memory_order() {
    const std::uint64_t word = 0x0102030405060708ULL;
    std::array<std::uint8_t, 8> bytes{};
    std::memcpy(bytes.data(), &word, sizeof word);
    return bytes;
}

constexpr std::array<std::uint8_t, 8> big_order{1, 2, 3, 4, 5, 6, 7, 8};
constexpr std::array<std::uint8_t, 8> little_order{8, 7, 6, 5, 4, 3, 2, 1};

}  // namespace

TEST_CASE("ULID_LITTLE_ENDIAN is the byte order the program runs with", "[byte_order]") {
    const std::array<std::uint8_t, 8> seen = memory_order();
    INFO("0x0102030405060708 in memory: " << int{seen[0]} << ' ' << int{seen[1]} << " ... " << int{seen[7]});
    // The header knows only these two orders.
    REQUIRE((seen == big_order || seen == little_order));
    const bool little = seen == little_order;
    CHECK(static_cast<bool>(ULID_LITTLE_ENDIAN) == little);
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && defined(__ORDER_BIG_ENDIAN__)
    CHECK((__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) == little);
    CHECK((__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__) == !little);
#endif
}

TEST_CASE("word loads read big- and little-endian numbers, at any alignment", "[byte_order]") {
    const std::array<std::uint8_t, 40> bytes = distinct_bytes();
    for (std::size_t offset = 0; offset < 8; ++offset) {
        const std::uint8_t* p = bytes.data() + offset;
        INFO("offset " << offset);
        for (std::size_t n = 1; n <= 8; ++n) {
            INFO(n << " bytes");
            CHECK(ulid::detail::load_be(p, n) == be_from_bytes(p, n));
        }
        CHECK(ulid::detail::read_le32(p) == le_from_bytes(p, 4));
    }
}

TEST_CASE("word stores write big- and little-endian bytes, at any alignment, and nothing else", "[byte_order]") {
    const std::uint64_t value = 0x8899AABBCCDDEEFFULL;
    for (std::size_t offset = 0; offset < 8; ++offset) {
        INFO("offset " << offset);
        for (std::size_t n = 1; n <= 8; ++n) {
            INFO(n << " bytes");
            std::array<std::uint8_t, 24> be{};
            be.fill(0x5A);
            ulid::detail::store_be(be.data() + offset, n, value);
            const std::uint64_t low_bytes = n == 8 ? value : value & ((std::uint64_t{1} << (8U * n)) - 1U);
            for (std::size_t i = 0; i < be.size(); ++i) {
                INFO("byte " << i);
                const bool inside = i >= offset && i < offset + n;
                CHECK(be[i] == (inside ? be_byte(low_bytes, n, i - offset) : 0x5A));
            }
        }
        std::array<std::uint8_t, 24> le32{};
        le32.fill(0x5A);
        ulid::detail::write_le32(le32.data() + offset, static_cast<std::uint32_t>(value));
        for (std::size_t i = 0; i < le32.size(); ++i) {
            INFO("byte " << i);
            const bool in_le32 = i >= offset && i < offset + 4;
            CHECK(le32[i] == (in_le32 ? static_cast<std::uint8_t>(value >> (8U * (i - offset))) : 0x5A));
        }
    }
}

TEST_CASE("high(), low() and from_high_low agree with the bytes, at run time and in constant expressions",
          "[byte_order]") {
    const std::array<std::uint8_t, 40> bytes = distinct_bytes();
    for (std::size_t offset = 0; offset + 16 <= bytes.size(); offset += 3) {
        INFO("offset " << offset);
        std::array<std::uint8_t, 16> raw{};
        std::memcpy(raw.data(), bytes.data() + offset, raw.size());
        const ulid::ulid id = ulid::ulid::from_bytes(raw);
        const std::uint64_t high = be_from_bytes(raw.data(), 8);
        const std::uint64_t low = be_from_bytes(raw.data() + 8, 8);
        CHECK(id.high() == high);
        CHECK(id.low() == low);
        CHECK(id.time() == be_from_bytes(raw.data(), 6));
        CHECK(ulid::ulid::from_high_low(high, low).bytes() == raw);
    }
    // The compile-time forms take the portable byte loops: the run-time
    // word-wise forms must give the same.
    constexpr std::uint64_t high = 0x0123456789ABCDEFULL;
    constexpr std::uint64_t low = 0xFEDCBA9876543210ULL;
    constexpr ulid::ulid at_compile_time = ulid::ulid::from_high_low(high, low);
    STATIC_REQUIRE(at_compile_time.bytes()[0] == 0x01);
    STATIC_REQUIRE(at_compile_time.bytes()[15] == 0x10);
    STATIC_REQUIRE(at_compile_time.high() == high);
    std::uint64_t high_at_run_time = high;
    std::uint64_t low_at_run_time = low;
    // Through memory, so that the compiler cannot fold the run-time call.
    volatile std::uint64_t sink = 0;
    sink = high_at_run_time;
    high_at_run_time = sink;
    sink = low_at_run_time;
    low_at_run_time = sink;
    const ulid::ulid at_run_time = ulid::ulid::from_high_low(high_at_run_time, low_at_run_time);
    CHECK(at_run_time == at_compile_time);
    CHECK(at_run_time.bytes() == at_compile_time.bytes());
    CHECK(at_run_time.high() == high);
    CHECK(at_run_time.low() == low);
}

TEST_CASE("a known ULID encodes, parses and reads its time the same on every byte order", "[byte_order][codec]") {
    // 01ARZ3NDEKTSV4RRFFQ69G5FAV (the specification's example) is these
    // bytes, worked out by hand from the Crockford alphabet.
    const std::array<std::uint8_t, 16> raw{0x01, 0x56, 0x3E, 0x3A, 0xB5, 0xD3, 0xD6, 0x76,
                                           0x4C, 0x61, 0xEF, 0xB9, 0x93, 0x02, 0xBD, 0x5B};
    const std::string text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    const ulid::ulid id = ulid::ulid::from_bytes(raw);
    CHECK(id.to_string() == text);
    CHECK(id.time() == 1469922850259ULL);
    CHECK(id.high() == 0x01563E3AB5D3D676ULL);
    CHECK(id.low() == 0x4C61EFB99302BD5BULL);
    CHECK(id.to_uuid_string() == "01563e3a-b5d3-d676-4c61-efb99302bd5b");
    ulid::ulid parsed;
    REQUIRE_FALSE(ulid::parse(text, parsed));
    CHECK(parsed.bytes() == raw);
    ulid::ulid from_uuid;
    REQUIRE_FALSE(ulid::parse_uuid("01563E3A-B5D3-D676-4C61-EFB99302BD5B", from_uuid));
    CHECK(from_uuid.bytes() == raw);
    // Generation writes the time through the word-wise stores.
    ulid::zero_entropy zero;
    const ulid::ulid made = ulid::must_generate(1469922850259ULL, zero);
    CHECK(made.bytes()[0] == 0x01);
    CHECK(made.bytes()[5] == 0xD3);
    CHECK(made.time() == 1469922850259ULL);
}
