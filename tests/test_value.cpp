// The value type: layout, observers, mutators, ordering and hashing.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

constexpr std::array<std::uint8_t, 16> sample_bytes = {0x01, 0x56, 0x3d, 0xf3, 0x64, 0x81, 0x00, 0x11,
                                                       0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99};

}  // namespace

TEST_CASE("constants match the ULID specification", "[value]") {
    STATIC_REQUIRE(ulid::encoded_size == 26);
    STATIC_REQUIRE(ulid::binary_size == 16);
    STATIC_REQUIRE(ulid::entropy_size == 10);
    STATIC_REQUIRE(ulid::max_time == 281474976710655ULL);
    STATIC_REQUIRE(ulid::alphabet == "0123456789ABCDEFGHJKMNPQRSTVWXYZ");
    STATIC_REQUIRE(ulid::alphabet.size() == 32);
}

TEST_CASE("a ulid is 16 trivially copyable, standard-layout bytes", "[value]") {
    STATIC_REQUIRE(sizeof(ulid::ulid) == 16);
    STATIC_REQUIRE(std::is_trivially_copyable_v<ulid::ulid>);
    STATIC_REQUIRE(std::is_standard_layout_v<ulid::ulid>);
    STATIC_REQUIRE(std::is_nothrow_default_constructible_v<ulid::ulid>);
}

TEST_CASE("a default-constructed ulid is zero", "[value]") {
    constexpr ulid::ulid id;
    STATIC_REQUIRE(id.is_nil());
    STATIC_REQUIRE(id.time() == 0);
    REQUIRE(id.to_string() == "00000000000000000000000000");
    for (const auto b : id.bytes()) REQUIRE(b == 0);
}

TEST_CASE("observers are constexpr", "[value]") {
    constexpr auto id = ulid::ulid::from_bytes(sample_bytes);
    STATIC_REQUIRE(id.bytes()[0] == 0x01);
    STATIC_REQUIRE(id.time() == 0x01563df36481ULL);
    STATIC_REQUIRE(id.entropy()[0] == 0x00);
    STATIC_REQUIRE(id.entropy()[9] == 0x99);
    STATIC_REQUIRE(!id.is_nil());
    STATIC_REQUIRE(id.compare(id) == 0);
    STATIC_REQUIRE(id == id);
    STATIC_REQUIRE(id.encode()[0] == '0');
    STATIC_REQUIRE(id.high() == 0x01563df364810011ULL);
    STATIC_REQUIRE(id.low() == 0x2233445566778899ULL);
}

TEST_CASE("from_bytes and bytes round-trip every byte", "[value]") {
    const auto id = ulid::ulid::from_bytes(sample_bytes);
    REQUIRE(id.bytes() == sample_bytes);
}

TEST_CASE("bytes() is read-only: changing a copy does not change the ulid", "[value]") {
    const auto id = ulid::ulid::from_bytes(sample_bytes);
    auto copy = id.bytes();
    copy[15]++;
    REQUIRE(id.bytes() == sample_bytes);
    STATIC_REQUIRE(std::is_const_v<std::remove_reference_t<decltype(id.bytes())>>);
}

TEST_CASE("checked from_bytes accepts exactly 16 bytes", "[value][errors]") {
    const auto original = ulid::ulid::from_bytes(sample_bytes);
    std::array<std::uint8_t, 17> long_buffer{};
    for (std::size_t size : {0U, 1U, 15U, 17U}) {
        auto out = original;
        REQUIRE(ulid::ulid::from_bytes(long_buffer.data(), size, out) == ulid::errc::data_size);
        REQUIRE(out == original);
    }
    auto out = original;
    REQUIRE(ulid::ulid::from_bytes(nullptr, 16, out) == ulid::errc::data_size);
    REQUIRE(out == original);

    ulid::ulid parsed;
    REQUIRE_FALSE(ulid::ulid::from_bytes(sample_bytes.data(), sample_bytes.size(), parsed));
    REQUIRE(parsed == original);
#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
    ulid::ulid from_span;
    REQUIRE_FALSE(ulid::ulid::from_bytes(std::span<const std::uint8_t>(sample_bytes), from_span));
    REQUIRE(from_span == original);
    REQUIRE(ulid::ulid::from_bytes(std::span<const std::uint8_t>(long_buffer), from_span) == ulid::errc::data_size);
#endif
}

TEST_CASE("to_bytes copies 16 bytes into a large enough buffer only", "[value][errors]") {
    const auto id = ulid::ulid::from_bytes(sample_bytes);
    std::array<std::uint8_t, 16> exact{};
    REQUIRE_FALSE(id.to_bytes(exact.data(), exact.size()));
    REQUIRE(exact == sample_bytes);

    std::array<std::uint8_t, 15> small{};
    REQUIRE(id.to_bytes(small.data(), small.size()) == ulid::errc::buffer_size);
    for (const auto b : small) REQUIRE(b == 0);
    REQUIRE(id.to_bytes(nullptr, 16) == ulid::errc::buffer_size);
}

TEST_CASE("set_time stores 48 big-endian bits and rejects larger times", "[value][errors]") {
    ulid::ulid id;
    REQUIRE_FALSE(id.set_time(0x010203040506ULL));
    REQUIRE(id.bytes()[0] == 0x01);
    REQUIRE(id.bytes()[1] == 0x02);
    REQUIRE(id.bytes()[5] == 0x06);
    REQUIRE(id.bytes()[6] == 0x00);
    REQUIRE(id.time() == 0x010203040506ULL);

    REQUIRE_FALSE(id.set_time(ulid::max_time));
    REQUIRE(id.time() == ulid::max_time);

    const auto before = ulid::ulid::from_bytes(sample_bytes);
    auto changed = before;
    REQUIRE(changed.set_time(ulid::max_time + 1) == ulid::errc::big_time);
    REQUIRE(changed.set_time(std::numeric_limits<std::uint64_t>::max()) == ulid::errc::big_time);
    REQUIRE(changed == before);
}

TEST_CASE("set_time never touches the entropy, set_entropy never touches the time", "[value]") {
    auto id = ulid::ulid::from_bytes(sample_bytes);
    const auto entropy = id.entropy();
    REQUIRE_FALSE(id.set_time(42));
    REQUIRE(id.entropy() == entropy);
    id.set_entropy(std::array<std::uint8_t, 10>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
    REQUIRE(id.time() == 42);
}

TEST_CASE("set_time round-trips random times", "[value]") {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 100000; ++i) {
        const std::uint64_t ms = rng() & ulid::max_time;
        ulid::ulid id;
        REQUIRE_FALSE(id.set_time(ms));
        REQUIRE(id.time() == ms);
    }
}

TEST_CASE("set_entropy takes exactly 10 bytes", "[value][errors]") {
    const auto before = ulid::ulid::from_bytes(sample_bytes);
    std::array<std::uint8_t, 11> data{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    for (std::size_t size : {0U, 9U, 11U}) {
        auto id = before;
        REQUIRE(id.set_entropy(data.data(), size) == ulid::errc::data_size);
        REQUIRE(id == before);
    }
    auto id = before;
    REQUIRE(id.set_entropy(nullptr, 10) == ulid::errc::data_size);
    REQUIRE(id == before);
    REQUIRE_FALSE(id.set_entropy(data.data(), 10));
    REQUIRE(id.entropy() == std::array<std::uint8_t, 10>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
    REQUIRE(id.time() == before.time());
}

TEST_CASE("entropy() returns bytes 6 to 15", "[value]") {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 1000; ++i) {
        std::array<std::uint8_t, 10> e{};
        for (auto& b : e) b = static_cast<std::uint8_t>(rng());
        ulid::ulid id;
        id.set_entropy(e);
        REQUIRE(id.entropy() == e);
        for (std::size_t j = 0; j < 10; ++j) REQUIRE(id.bytes()[6 + j] == e[j]);
    }
}

TEST_CASE("is_nil is true only for all-zero bytes", "[value]") {
    REQUIRE(ulid::ulid{}.is_nil());
    for (std::size_t i = 0; i < 16; ++i) {
        std::array<std::uint8_t, 16> b{};
        b[i] = 1;
        REQUIRE_FALSE(ulid::ulid::from_bytes(b).is_nil());
    }
}

TEST_CASE("the deprecated is_zero() still compiles and is is_nil()", "[value]") {
    ULID_TEST_DEPRECATED_BEGIN
    STATIC_REQUIRE(ulid::ulid{}.is_zero());
    STATIC_REQUIRE_FALSE(ulid::ulid::from_high_low(0, 1).is_zero());
    STATIC_REQUIRE_FALSE(ulid::ulid::max().is_zero());
    ULID_TEST_DEPRECATED_END
}

TEST_CASE("compare orders by bytes, text and time alike", "[value][order]") {
    std::mt19937_64 rng(3);
    auto random_id = [&] {
        std::array<std::uint8_t, 16> b{};
        for (auto& x : b) x = static_cast<std::uint8_t>(rng());
        // Many pairs share a prefix, so compare must look past the first bytes.
        if (rng() % 2 == 0) b[0] = b[1] = b[2] = 0;
        b[0] &= 0x7F;
        return ulid::ulid::from_bytes(b);
    };
    for (int i = 0; i < 100000; ++i) {
        const auto a = random_id();
        const auto b = (i % 5 == 0) ? a : random_id();
        const int by_bytes = a.bytes() < b.bytes() ? -1 : (a.bytes() == b.bytes() ? 0 : 1);
        const int by_text = a.to_string().compare(b.to_string());
        REQUIRE(a.compare(b) == by_bytes);
        REQUIRE((by_text < 0 ? -1 : (by_text > 0 ? 1 : 0)) == by_bytes);
        if (a.time() != b.time()) REQUIRE((a.time() < b.time()) == (a.compare(b) < 0));
        REQUIRE((a == b) == (by_bytes == 0));
        REQUIRE((a != b) == (by_bytes != 0));
        REQUIRE((a < b) == (by_bytes < 0));
        REQUIRE((a <= b) == (by_bytes <= 0));
        REQUIRE((a > b) == (by_bytes > 0));
        REQUIRE((a >= b) == (by_bytes >= 0));
    }
}

TEST_CASE("compare returns exactly -1, 0 or 1 and differs in the last byte", "[value][order]") {
    std::array<std::uint8_t, 16> lo{};
    std::array<std::uint8_t, 16> hi{};
    hi[15] = 0xF0;
    const auto a = ulid::ulid::from_bytes(lo);
    const auto b = ulid::ulid::from_bytes(hi);
    REQUIRE(a.compare(b) == -1);
    REQUIRE(b.compare(a) == 1);
    REQUIRE(a.compare(a) == 0);
}

// Wherever the language has <=> and the library <compare> (not the header's
// own switch, which this test checks): clang 14 with libc++ 14 among them.
#if defined(__cpp_impl_three_way_comparison) && __cpp_impl_three_way_comparison >= 201907L && __has_include(<compare>) && __cplusplus >= 202002L
#include <compare>
TEST_CASE("operator<=> is a strong ordering consistent with compare", "[value][order]") {
    const auto a = ulid::ulid::from_bytes(sample_bytes);
    auto b = a;
    b.set_entropy(std::array<std::uint8_t, 10>{0xFF});
    STATIC_REQUIRE(std::is_same_v<decltype(a <=> b), std::strong_ordering>);
    REQUIRE((a <=> b) == std::strong_ordering::less);
    REQUIRE((b <=> a) == std::strong_ordering::greater);
    REQUIRE((a <=> a) == std::strong_ordering::equal);
}
#endif

TEST_CASE("from_high_low is the inverse of high() and low()", "[value]") {
    std::mt19937_64 rng(21);
    for (int i = 0; i < 10000; ++i) {
        const auto id = ulid::ulid::from_bytes(test::random_bytes(rng));
        REQUIRE(ulid::ulid::from_high_low(id.high(), id.low()) == id);
    }
    constexpr auto id = ulid::ulid::from_high_low(0x0102030405060708ULL, 0x090a0b0c0d0e0f10ULL);
    STATIC_REQUIRE(id.bytes()[0] == 0x01);
    STATIC_REQUIRE(id.bytes()[15] == 0x10);
    STATIC_REQUIRE(id.time() == 0x010203040506ULL);
}

TEST_CASE("nil() and max() are the smallest and largest ULIDs; is_nil() tells nil", "[value]") {
    STATIC_REQUIRE(ulid::ulid::nil() == ulid::ulid{});
    STATIC_REQUIRE(ulid::ulid::nil().is_nil());
    STATIC_REQUIRE_FALSE(ulid::ulid::max().is_nil());
    STATIC_REQUIRE(ulid::ulid::max().high() == ~std::uint64_t{0});
    STATIC_REQUIRE(ulid::ulid::max().low() == ~std::uint64_t{0});
    STATIC_REQUIRE(ulid::ulid::max().time() == ulid::max_time);
    CHECK(ulid::ulid::nil().to_string() == "00000000000000000000000000");
    CHECK(ulid::ulid::max().to_string() == "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    const ulid::ulid top = ulid::ulid::max();  // bytes() refers into the value: keep it alive
    for (const auto b : top.bytes()) CHECK(b == 0xFF);

    // Every other value lies strictly between them, and one set bit is not nil.
    const ulid::ulid made = ulid::make();
    CHECK(ulid::ulid::nil() < made);
    CHECK(made < ulid::ulid::max());
    CHECK_FALSE(ulid::ulid::from_high_low(0, 1).is_nil());
    CHECK_FALSE(ulid::ulid::from_high_low(std::uint64_t{1} << 63U, 0).is_nil());
    CHECK(ulid::must_parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ") == ulid::ulid::max());
}
