// generate() and must_generate() with every kind of entropy source.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <random>

namespace {
const ulid::ulid sentinel = test::from_hex("0123456789abcdef0123456789abcdef");
}

TEST_CASE("a byte reader's first ten bytes become the entropy, in order", "[generate]") {
    test::sequence_reader reader({0xa5, 0xe5, 0x15, 0xbc, 0x97, 0xe8, 0x5c, 0xf6, 0x9b, 0xc3, 0x01, 0x02});
    ulid::ulid id;
    REQUIRE_FALSE(ulid::generate(1000000000ULL, reader, id));
    REQUIRE(test::to_hex(id) == "00003b9aca00a5e515bc97e85cf69bc3");
    REQUIRE(id.to_string() == "0000XSNJG0MQJHBF4QX1EFD6Y3");
    REQUIRE(reader.consumed() == 10);
}

TEST_CASE("zero entropy is one documented source away", "[generate]") {
    ulid::zero_entropy zero;
    ulid::ulid id = sentinel;
    REQUIRE_FALSE(ulid::generate(100000, zero, id));
    REQUIRE(test::to_hex(id) == "0000000186a000000000000000000000");
    REQUIRE(id.to_string() == "00000031N00000000000000000");
    REQUIRE(ulid::must_generate(1469918176385ULL, zero).to_string() == "01ARYZ6S410000000000000000");
}

TEST_CASE("generate with 0xFF entropy gives 0xFF entropy bytes", "[generate]") {
    test::constant_reader ff{0xFF};
    const auto id = ulid::must_generate(100000, ff);
    REQUIRE(test::to_hex(id) == "0000000186a0ffffffffffffffffffff");
}

TEST_CASE("generate checks the time first and leaves source and output alone", "[generate][errors]") {
    test::sequence_reader reader(std::vector<std::uint8_t>(10, 0x11));
    auto out = sentinel;
    REQUIRE(ulid::generate(ulid::max_time + 1, reader, out) == ulid::errc::big_time);
    REQUIRE(reader.reads() == 0);
    REQUIRE(out == sentinel);

    test::failing_reader failing;
    REQUIRE(ulid::generate(ulid::max_time + 1, failing, out) == ulid::errc::big_time);
    REQUIRE(failing.reads == 0);

    REQUIRE_FALSE(ulid::generate(ulid::max_time, reader, out));
    REQUIRE(out.time() == ulid::max_time);
}

TEST_CASE("a failing byte reader gives entropy_failure and no output", "[generate][errors]") {
    test::sequence_reader short_reader({1, 2, 3});  // like strings.NewReader("")
    auto out = sentinel;
    REQUIRE(ulid::generate(0, short_reader, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);

    test::failing_reader failing;
    REQUIRE(ulid::generate(0, failing, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);
}

TEST_CASE("a generator that throws gives entropy_failure and no output", "[generate][errors]") {
    test::throwing_generator g;
    auto out = sentinel;
    REQUIRE(ulid::generate(0, g, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);
}

TEST_CASE("must_generate throws ulid::error with the errc", "[generate][errors]") {
    test::failing_reader failing;
    try {
        (void)ulid::must_generate(0, failing);
        FAIL("must_generate did not throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::entropy_failure);
    }
    ulid::zero_entropy zero;
    try {
        (void)ulid::must_generate(ulid::max_time + 1, zero);
        FAIL("must_generate did not throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::big_time);
    }
}

TEST_CASE("standard generators are accepted as sources", "[generate]") {
    ulid::ulid a;
    ulid::ulid b;
    SECTION("std::mt19937_64 (64 bits a call)") {
        std::mt19937_64 g1(42);
        std::mt19937_64 g2(42);
        REQUIRE_FALSE(ulid::generate(5, g1, a));
        REQUIRE_FALSE(ulid::generate(5, g2, b));
        REQUIRE(a == b);  // reproducible from the seed
        // The first draw supplies entropy bytes 0-7 big-endian.
        std::mt19937_64 g3(42);
        const std::uint64_t first = g3();
        REQUIRE(test::uint80::of(a.entropy()).high == (first >> 48U));
    }
    SECTION("std::mt19937 (32 bits a call)") {
        std::mt19937 g(42);
        REQUIRE_FALSE(ulid::generate(5, g, a));
        REQUIRE_FALSE(ulid::generate(5, g, b));
        REQUIRE(a != b);
    }
    SECTION("std::minstd_rand (a range that is not a power of two)") {
        std::minstd_rand g(42);
        REQUIRE_FALSE(ulid::generate(5, g, a));
        REQUIRE_FALSE(ulid::generate(5, g, b));
        REQUIRE(a != b);
    }
    SECTION("std::random_device (non-copyable, borrowed)") {
        std::random_device rd;
        REQUIRE_FALSE(ulid::generate(5, rd, a));
        REQUIRE_FALSE(ulid::generate(5, rd, b));
        REQUIRE(a != b);
    }
    REQUIRE(a.time() == 5);
}

TEST_CASE("bits from a generator with an odd range are uniform", "[generate]") {
    // minstd_rand yields [1, 2^31 - 2]: 30 bits a call after rejection. Each
    // entropy bit must be set about half the time.
    std::minstd_rand g(1);
    std::array<int, 80> ones{};
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        const auto e = ulid::must_generate(0, g).entropy();
        for (std::size_t bit = 0; bit < 80; ++bit) ones[bit] += (e[bit / 8] >> (7 - bit % 8)) & 1;
    }
    for (std::size_t bit = 0; bit < 80; ++bit) {
        INFO("bit " << bit);
        REQUIRE(ones[bit] > n / 2 - 800);
        REQUIRE(ones[bit] < n / 2 + 800);
    }
}

TEST_CASE("a generator with no usable range gives entropy_failure in bounded time", "[generate][errors]") {
    // Range [0, 5]: two bits a call, values 4 and 5 rejected. Stuck on 5,
    // every draw is rejected.
    test::constant_generator<0, 5> stuck{5};
    auto out = sentinel;
    REQUIRE(ulid::generate(0, stuck, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);
    REQUIRE(stuck.calls <= 128);
    // A single-value range carries no randomness at all.
    test::constant_generator<7, 7> flat{7};
    REQUIRE(ulid::generate(0, flat, out) == ulid::errc::entropy_failure);
    REQUIRE(flat.calls == 0);
}

TEST_CASE("os_entropy and secure_entropy are byte readers that give distinct ids", "[generate]") {
    ulid::os_entropy os;
    ulid::secure_entropy secure;
    const auto a = ulid::must_generate(1, os);
    const auto b = ulid::must_generate(1, os);
    const auto c = ulid::must_generate(1, secure);
    const auto d = ulid::must_generate(1, secure);
    REQUIRE(a != b);
    REQUIRE(c != d);
    REQUIRE(a.time() == 1);
}

TEST_CASE("generate through a monotonic source uses read_monotonic", "[generate][monotonic]") {
    ulid::monotonic_entropy<test::prng_reader> m(test::prng_reader(1), 1);
    const auto a = ulid::must_generate(77, m);
    const auto b = ulid::must_generate(77, m);
    REQUIRE(test::step_between(a.entropy(), b.entropy()) == 1);
    REQUIRE(b.time() == 77);
}

TEST_CASE("a custom monotonic source's foreign error becomes entropy_failure", "[generate][errors]") {
    struct custom {
        std::error_code read_monotonic(std::uint64_t, std::array<std::uint8_t, 10>&) {
            return std::make_error_code(std::errc::resource_unavailable_try_again);
        }
    } source;
    auto out = sentinel;
    REQUIRE(ulid::generate(1, source, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);
}
