// monotonic_entropy and locked_monotonic_entropy.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <random>
#include <thread>
#include <vector>

namespace {

template <class Monotonic>
void require_strictly_increasing(Monotonic& m, std::uint64_t ms, int count) {
    ulid::ulid prev;
    for (int i = 0; i < count; ++i) {
        ulid::ulid next;
        REQUIRE_FALSE(ulid::generate(ms, m, next));
        REQUIRE(prev < next);
        prev = next;
    }
}

}  // namespace

TEST_CASE("same-millisecond values strictly increase for every source and increment", "[monotonic]") {
    for (const std::uint64_t inc : {0ULL, 1ULL, 2ULL, 256ULL, 65536ULL, 4294967296ULL}) {
        INFO("inc " << inc);
        ulid::monotonic_entropy<ulid::os_entropy> os(ulid::os_entropy{}, inc);
        require_strictly_increasing(os, 123, 10000);
        ulid::monotonic_entropy<std::mt19937_64> prng(std::mt19937_64(inc), inc);
        require_strictly_increasing(prng, 123, 10000);
        ulid::monotonic_entropy<test::prng_reader> reader(test::prng_reader(inc), inc);
        require_strictly_increasing(reader, 123, 10000);
    }
}

TEST_CASE("inc == 0 means 2^32 - 1, as in the reference", "[monotonic]") {
    ulid::monotonic_entropy<std::mt19937_64> m(std::mt19937_64(1));
    REQUIRE(m.increment_bound() == 4294967295ULL);
    ulid::monotonic_entropy<std::mt19937_64> n(std::mt19937_64(1), 7);
    REQUIRE(n.increment_bound() == 7);
}

TEST_CASE("a new millisecond reseeds with ten fresh bytes", "[monotonic]") {
    test::sequence_reader reader({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
    ulid::monotonic_entropy<test::sequence_reader&> m(reader, 1);
    std::array<std::uint8_t, 10> e{};
    REQUIRE_FALSE(m.read_monotonic(5, e));
    REQUIRE(e == std::array<std::uint8_t, 10>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
    REQUIRE_FALSE(m.read_monotonic(6, e));
    REQUIRE(e == std::array<std::uint8_t, 10>{11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
}

TEST_CASE("an earlier millisecond also reseeds (read_monotonic follows the caller's time)", "[monotonic]") {
    ulid::monotonic_entropy<test::prefixed_reader> m(
        test::prefixed_reader(
            {0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA}, 1),
        1);
    std::array<std::uint8_t, 10> e{};
    REQUIRE_FALSE(m.read_monotonic(10, e));
    REQUIRE_FALSE(m.read_monotonic(9, e));
    REQUIRE(e[0] == 0xAA);
}

TEST_CASE("increments are added with carry across the 80 bits", "[monotonic]") {
    test::prefixed_reader reader({0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, 3);
    ulid::monotonic_entropy<test::prefixed_reader> m(std::move(reader), 1);
    std::array<std::uint8_t, 10> e{};
    REQUIRE_FALSE(m.read_monotonic(1, e));
    REQUIRE_FALSE(m.read_monotonic(1, e));
    REQUIRE(e == std::array<std::uint8_t, 10>{0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("monotonic overflow is reported when the entropy is used up", "[monotonic][errors]") {
    // As the reference's TestMonotonicOverflow: ten 0xFF bytes, then randomness.
    ulid::monotonic_entropy<test::prefixed_reader> m(test::prefixed_reader(std::vector<std::uint8_t>(10, 0xFF), 1), 0);
    ulid::ulid prev;
    REQUIRE_FALSE(ulid::generate(0, m, prev));
    auto next = test::from_hex("0123456789abcdef0123456789abcdef");
    const auto before = next;
    REQUIRE(ulid::generate(prev.time(), m, next) == ulid::errc::monotonic_overflow);
    REQUIRE(next == before);
}

TEST_CASE("read_monotonic rejects times above max_time", "[monotonic][errors]") {
    ulid::monotonic_entropy<std::mt19937_64> m(std::mt19937_64(1));
    std::array<std::uint8_t, 10> e{};
    REQUIRE(m.read_monotonic(ulid::max_time + 1, e) == ulid::errc::big_time);
    REQUIRE(e == std::array<std::uint8_t, 10>{});
}

TEST_CASE("a failed read leaves no partial state: the next good read stays monotonic", "[monotonic][errors]") {
    bool fail = false;
    ulid::monotonic_entropy<test::switchable_reader> m(test::switchable_reader(5, &fail), 1000);
    ulid::ulid a;
    REQUIRE_FALSE(ulid::generate(50, m, a));
    fail = true;
    auto out = test::from_hex("0123456789abcdef0123456789abcdef");
    const auto before = out;
    REQUIRE(ulid::generate(50, m, out) == ulid::errc::entropy_failure);
    REQUIRE(ulid::generate(51, m, out) == ulid::errc::entropy_failure);
    REQUIRE(out == before);
    fail = false;
    ulid::ulid b;
    REQUIRE_FALSE(ulid::generate(50, m, b));
    REQUIRE(a < b);
    REQUIRE(test::step_between(a.entropy(), b.entropy()) <= 1000);
}

TEST_CASE("next() follows the clock forwards", "[monotonic][next]") {
    ulid::monotonic_entropy<std::mt19937_64> m(std::mt19937_64(3));
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(m.next(100, a));
    REQUIRE_FALSE(m.next(105, b));
    REQUIRE(a.time() == 100);
    REQUIRE(b.time() == 105);
}

TEST_CASE("next() keeps the last timestamp while the clock is behind it", "[monotonic][next]") {
    ulid::monotonic_entropy<std::mt19937_64> m(std::mt19937_64(4));
    ulid::ulid prev;
    REQUIRE_FALSE(m.next(1000, prev));
    for (const std::uint64_t ms : {999ULL, 500ULL, 0ULL, 1000ULL, 1000ULL, 1001ULL, 1ULL}) {
        ulid::ulid id;
        REQUIRE_FALSE(m.next(ms, id));
        REQUIRE(prev < id);
        REQUIRE(id.time() == std::max<std::uint64_t>(ms, prev.time()));
        prev = id;
    }
}

TEST_CASE("next() moves to the next millisecond when one is used up", "[monotonic][next]") {
    test::prefixed_reader reader(std::vector<std::uint8_t>(10, 0xFF), 9);
    ulid::monotonic_entropy<test::prefixed_reader> m(std::move(reader), 1);
    ulid::ulid a;
    REQUIRE_FALSE(m.next(500, a));
    REQUIRE(a.entropy() == std::array<std::uint8_t, 10>{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF});
    ulid::ulid b;
    REQUIRE_FALSE(m.next(500, b));
    REQUIRE(b.time() == 501);
    REQUIRE(a < b);
    ulid::ulid c;
    REQUIRE_FALSE(m.next(500, c));  // clock still at 500
    REQUIRE(c.time() == 501);
    REQUIRE(b < c);
}

TEST_CASE("next() at max_time with the entropy used up reports monotonic_overflow", "[monotonic][next][errors]") {
    ulid::monotonic_entropy<test::constant_reader> m(test::constant_reader{0xFF}, 1);
    ulid::ulid a;
    REQUIRE_FALSE(m.next(ulid::max_time, a));
    auto out = test::from_hex("0123456789abcdef0123456789abcdef");
    const auto before = out;
    REQUIRE(m.next(ulid::max_time, out) == ulid::errc::monotonic_overflow);
    REQUIRE(m.next(0, out) == ulid::errc::monotonic_overflow);
    REQUIRE(m.next(ulid::max_time + 1, out) == ulid::errc::big_time);
    REQUIRE(out == before);
}

TEST_CASE("the locked wrapper keeps each thread's sequence increasing at one timestamp", "[monotonic][locked]") {
    // The reference's TestMonotonicSafe: many threads, one millisecond.
    ulid::locked_monotonic_entropy<ulid::monotonic_entropy<std::mt19937_64>> safe(
        ulid::monotonic_entropy<std::mt19937_64>(std::mt19937_64(8), 0));
    const std::uint64_t t0 = ulid::now();
    std::vector<std::thread> threads;
    std::vector<int> failures(8, 0);
    for (std::size_t t = 0; t < failures.size(); ++t) {
        threads.emplace_back([&, t] {
            ulid::ulid prev = ulid::must_generate(t0, safe);
            for (int i = 0; i < 1024; ++i) {
                const ulid::ulid next = ulid::must_generate(t0, safe);
                if (!(prev.to_string() < next.to_string())) ++failures[t];
                prev = next;
            }
        });
    }
    for (auto& th : threads) th.join();
    for (const int f : failures) REQUIRE(f == 0);
}

TEST_CASE("the locked wrapper forwards next() under its lock", "[monotonic][locked]") {
    ulid::locked_monotonic_entropy<ulid::monotonic_entropy<std::mt19937_64>> locked(std::in_place, std::mt19937_64(2),
                                                                                    0ULL);
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(locked.next(10, a));
    REQUIRE_FALSE(locked.next(9, b));
    REQUIRE(a < b);
    REQUIRE(b.time() == 10);
}

TEST_CASE("a monotonic source can borrow a non-copyable generator", "[monotonic]") {
    std::random_device rd;
    ulid::monotonic_entropy<std::random_device&> m(rd);
    require_strictly_increasing(m, 5, 100);
    REQUIRE(&m.source() == &rd);
}
