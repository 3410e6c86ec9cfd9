// One test for each defect of oklog/ulid v2 that this library must not have.
// Each would fail against the reference's behaviour (described per test).
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <map>
#include <random>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

/// Draws `count` increments from a fresh monotonic_entropy<Source> that
/// starts from a zero seed, and returns them.
template <class Source>
std::vector<std::uint64_t> increments(Source source, std::uint64_t inc, int count) {
    ulid::monotonic_entropy<Source> m(std::move(source), inc);
    std::vector<std::uint64_t> steps;
    std::array<std::uint8_t, 10> prev{};
    REQUIRE_FALSE(m.read_monotonic(1, prev));
    for (int i = 0; i < count; ++i) {
        std::array<std::uint8_t, 10> next{};
        REQUIRE_FALSE(m.read_monotonic(1, next));
        steps.push_back(test::step_between(prev, next));
        prev = next;
    }
    return steps;
}

/// A UniformRandomBitGenerator over mt19937_64 whose first ten bytes of
/// output, as generate() reads them, are zero.
struct zero_seeded_generator {
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type{0}; }
    std::mt19937_64 engine;
    int calls = 0;
    result_type operator()() { return calls++ < 2 ? 0 : engine(); }
};

/// A minstd_rand (range [1, 2^31 - 2], not a power of two) started so that
/// the seed draw is whatever it is; increments are measured, not the seed.
template <class Source>
void require_uniform_over_1_to_300(Source source) {
    const int per_value = 200;
    const auto steps = increments(std::move(source), 300, 300 * per_value);
    std::map<std::uint64_t, int> counts;
    for (const auto s : steps) counts[s]++;
    REQUIRE(counts.begin()->first == 1);
    REQUIRE(counts.rbegin()->first == 300);
    REQUIRE(counts.size() == 300);
    // Chi-square with 299 degrees of freedom: mean 299, sd 24.5. The
    // reference's byte-reader path puts everything on 2, 257 and 258.
    double chi2 = 0;
    for (const auto& [value, n] : counts) {
        const double d = n - per_value;
        chi2 += d * d / per_value;
    }
    REQUIRE(chi2 < 299 + 6 * 24.5);
}

}  // namespace

TEST_CASE("defect 1: increments are uniform over [1, inc] for every kind of source", "[defects]") {
    SECTION("byte reader") {
        require_uniform_over_1_to_300(test::prefixed_reader(std::vector<std::uint8_t>(10, 0), 1));
    }
    SECTION("64-bit generator") { require_uniform_over_1_to_300(zero_seeded_generator{std::mt19937_64(2)}); }
    SECTION("generator with a range that is not a power of two") { require_uniform_over_1_to_300(std::minstd_rand(3)); }
}

TEST_CASE("defect 1: increments reach inc itself and never exceed it, for small inc", "[defects]") {
    for (const std::uint64_t inc : {2ULL, 3ULL, 7ULL, 256ULL, 257ULL}) {
        const auto steps = increments(test::prefixed_reader(std::vector<std::uint8_t>(10, 0), inc), inc, 5000);
        std::map<std::uint64_t, int> counts;
        for (const auto s : steps) counts[s]++;
        INFO("inc " << inc);
        REQUIRE(counts.begin()->first == 1);  // the reference never adds 1 here
        REQUIRE(counts.rbegin()->first == inc);
        REQUIRE(counts.size() == inc);
    }
}

TEST_CASE("defect 1: increments up to 2^64 - 1 work and stay uniform", "[defects]") {
    // The reference's fast path panics above 2^63 - 1.
    for (const std::uint64_t inc : {(1ULL << 63U) - 1U, 1ULL << 63U, (1ULL << 63U) + 12345U, ~0ULL - 1U, ~0ULL}) {
        INFO("inc " << inc);
        for (int kind = 0; kind < 2; ++kind) {
            const auto steps = kind == 0
                                   ? increments(test::prefixed_reader(std::vector<std::uint8_t>(10, 0), inc), inc, 4000)
                                   : increments(zero_seeded_generator{std::mt19937_64(inc)}, inc, 4000);
            int upper_half = 0;
            for (const auto s : steps) {
                REQUIRE(s >= 1);
                REQUIRE(s <= inc);
                if (s > inc / 2) ++upper_half;
            }
            // Half of the draws land above inc / 2 (sd 32 for 4000 draws).
            REQUIRE(upper_half > 2000 - 250);
            REQUIRE(upper_half < 2000 + 250);
        }
    }
}

TEST_CASE("defect 2: an all-zero seed is valid; the next value increments it", "[defects]") {
    // Ten zero bytes, then 0xAB forever. The reference treats zero state as
    // unseeded and would reseed to 0xABAB... on the second call.
    test::prefixed_reader reader(std::vector<std::uint8_t>(10, 0x00), 1);
    ulid::monotonic_entropy<test::prefixed_reader> m(std::move(reader), 1000);
    std::array<std::uint8_t, 10> first{};
    REQUIRE_FALSE(m.read_monotonic(42, first));
    REQUIRE(first == std::array<std::uint8_t, 10>{});
    std::array<std::uint8_t, 10> second{};
    REQUIRE_FALSE(m.read_monotonic(42, second));
    const auto value = test::uint80::of(second);
    REQUIRE(value.high == 0);
    REQUIRE(value.low >= 1);
    REQUIRE(value.low <= 1000);
}

TEST_CASE("defect 3: after monotonic_overflow every later call in that ms fails; a new ms succeeds", "[defects]") {
    // The reference wraps the state: its next call returns a smaller ULID
    // with no error.
    for (const std::uint64_t inc : {1ULL, 2ULL, 0ULL}) {
        INFO("inc " << inc);
        test::prefixed_reader reader(std::vector<std::uint8_t>(10, 0xFF), 3);
        ulid::monotonic_entropy<test::prefixed_reader> m(std::move(reader), inc);
        ulid::ulid prev;
        REQUIRE_FALSE(ulid::generate(7, m, prev));
        const auto sentinel = test::from_hex("0123456789abcdef0123456789abcdef");
        for (int i = 0; i < 100; ++i) {
            auto out = sentinel;
            REQUIRE(ulid::generate(7, m, out) == ulid::errc::monotonic_overflow);
            REQUIRE(out == sentinel);
        }
        ulid::ulid later;
        REQUIRE_FALSE(ulid::generate(8, m, later));
        REQUIRE(later.time() == 8);
        REQUIRE(prev < later);
    }
}

TEST_CASE("defect 4: a failing source gives entropy_failure with nothing written", "[defects]") {
    // The reference's MonotonicRead writes partial bytes into the ULID.
    const auto sentinel = test::from_hex("0123456789abcdef0123456789abcdef");
    SECTION("byte reader, directly") {
        test::sequence_reader reader({1, 2, 3, 4, 5});
        auto out = sentinel;
        REQUIRE(ulid::generate(1, reader, out) == ulid::errc::entropy_failure);
        REQUIRE(out == sentinel);
    }
    SECTION("byte reader, through monotonic_entropy (reseed and increment)") {
        test::sequence_reader reader({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
        ulid::monotonic_entropy<test::sequence_reader&> m(reader, 1000);
        ulid::ulid first;
        REQUIRE_FALSE(ulid::generate(1, m, first));
        auto out = sentinel;
        REQUIRE(ulid::generate(1, m, out) == ulid::errc::entropy_failure);  // increment needs 2 bytes
        REQUIRE(ulid::generate(2, m, out) == ulid::errc::entropy_failure);  // reseed needs 10
        REQUIRE(out == sentinel);
    }
    SECTION("generator that throws, through monotonic_entropy") {
        ulid::monotonic_entropy<test::throwing_generator> m(test::throwing_generator{});
        auto out = sentinel;
        REQUIRE(ulid::generate(1, m, out) == ulid::errc::entropy_failure);
        REQUIRE(m.next(1, out) == ulid::errc::entropy_failure);
        REQUIRE(out == sentinel);
    }
}

TEST_CASE("defect 4: a source stuck on constant bytes ends in bounded time with an error", "[defects]") {
    // The reference's byte-reader path loops forever when every candidate is
    // rejected (e.g. only 0xFF bytes with inc = 3).
    for (const std::uint64_t inc : {2ULL, 3ULL, 5ULL, 300ULL, 0ULL, (1ULL << 63U) + 5U, ~0ULL}) {
        for (const std::uint8_t value : {std::uint8_t{0xFF}, std::uint8_t{0x00}, std::uint8_t{0x80}}) {
            INFO("inc " << inc << " byte " << int(value));
            ulid::monotonic_entropy<test::constant_reader> m(test::constant_reader{value}, inc);
            std::array<std::uint8_t, 10> e{};
            REQUIRE_FALSE(m.read_monotonic(1, e));
            bool failed = false;
            for (int i = 0; i < 200000 && !failed; ++i) {
                const std::size_t reads_before = m.source().reads;
                const auto ec = m.read_monotonic(1, e);
                // One increment draws at most 128 candidates before giving up.
                REQUIRE(m.source().reads - reads_before <= 128);
                if (ec) {
                    REQUIRE((ec == ulid::errc::entropy_failure || ec == ulid::errc::monotonic_overflow));
                    failed = true;
                }
            }
            // Zero bytes give the smallest increment every time: those runs
            // legitimately keep succeeding. 0xFF must end in an error.
            if (value == 0xFF) REQUIRE(failed);
        }
    }
}

TEST_CASE("defect 4: a generator stuck on its maximum ends with an error", "[defects]") {
    test::constant_generator<0, ~0ULL> stuck{~0ULL};
    ulid::monotonic_entropy<test::constant_generator<0, ~0ULL>&> m(stuck, 3);
    std::array<std::uint8_t, 10> e{};
    REQUIRE_FALSE(m.read_monotonic(1, e));
    REQUIRE(m.read_monotonic(1, e) == ulid::errc::entropy_failure);  // every candidate is 3 > 2
    REQUIRE(stuck.calls <= 2 + 128);
}

namespace {

/// A byte reader that detects overlapping calls: if two threads are ever
/// inside read() at once, `overlaps` counts it.
struct overlap_detector {
    std::atomic<int>* inside;
    std::atomic<int>* overlaps;
    std::mt19937_64 engine{1};

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        if (inside->fetch_add(1) != 0) overlaps->fetch_add(1);
        for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(engine());
        std::this_thread::yield();  // widen the window for a racing caller
        inside->fetch_sub(1);
        return {};
    }
};

using locked_type = ulid::locked_monotonic_entropy<ulid::monotonic_entropy<overlap_detector>>;

}  // namespace

TEST_CASE("defect 5: locked_monotonic_entropy has no unlocked path to the wrapped state", "[defects]") {
    // The reference embeds the MonotonicReader publicly in
    // LockedMonotonicReader, so callers can bypass the mutex.
    using wrapped = ulid::monotonic_entropy<overlap_detector>;
    STATIC_REQUIRE_FALSE(std::is_base_of_v<wrapped, locked_type>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<locked_type&, wrapped&>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<locked_type&, overlap_detector&>);
    STATIC_REQUIRE_FALSE(std::is_copy_constructible_v<locked_type>);
    STATIC_REQUIRE_FALSE(std::is_move_constructible_v<locked_type>);
    // Its only state is the lock (one 8-byte word) and the wrapped source.
    STATIC_REQUIRE(sizeof(locked_type) <= sizeof(wrapped) + std::max<std::size_t>(8, alignof(wrapped)));

    std::atomic<int> inside{0};
    std::atomic<int> overlaps{0};
    locked_type locked(wrapped(overlap_detector{&inside, &overlaps}, 0));
    std::atomic<int> errors{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 2000; ++i) {
                ulid::ulid id;
                const std::uint64_t ms = static_cast<std::uint64_t>(i % 3);
                const std::error_code ec = t % 2 == 0 ? ulid::generate(ms, locked, id) : locked.next(ms, id);
                if (ec) errors.fetch_add(1);
            }
        });
    }
    for (auto& th : threads) th.join();
    REQUIRE(errors.load() == 0);
    REQUIRE(overlaps.load() == 0);
}
