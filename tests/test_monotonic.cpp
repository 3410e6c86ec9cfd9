// monotonic_entropy and locked_monotonic_entropy: next(), read_monotonic(),
// next_n(), and the increments drawn word by word from sources that offer them.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <random>
#include <system_error>
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

TEST_CASE("a used-up millisecond stays used up until read_monotonic() reads another, and next() does not move it",
          "[monotonic][errors]") {
    // read_monotonic() seeds 500 fifteen below the top of the 80 bits and
    // draws a step of 256, which does not fit: 500 is used up, also after a
    // next() at 500 (its own sequence). A read at 700 reseeds, and back at
    // 500 the reader draws afresh, as oklog/ulid's Monotonic does.
    const std::vector<std::uint8_t> bytes = {
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0,  // read_monotonic()'s seed at 500
        0x00, 0x00, 0x00, 0xFF,                                      // step 255 + 1
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A,  // next()'s seed at 500
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A,  // read_monotonic()'s seed at 700
        0x0A, 0x09, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,  // and at 500 again
    };
    ulid::monotonic_entropy<test::sequence_reader> m{test::sequence_reader(bytes)};
    ulid::entropy_array e{};
    REQUIRE_FALSE(m.read_monotonic(500, e));
    REQUIRE(m.read_monotonic(500, e) == ulid::errc::monotonic_overflow);
    ulid::ulid id;
    REQUIRE_FALSE(m.next(500, id));
    REQUIRE(m.read_monotonic(500, e) == ulid::errc::monotonic_overflow);
    REQUIRE(m.source().consumed() == 24);  // the used-up ms drew nothing more
    REQUIRE_FALSE(m.read_monotonic(700, e));
    REQUIRE_FALSE(m.read_monotonic(500, e));
    CHECK(e == ulid::entropy_array{0x0A, 0x09, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01});
    REQUIRE(m.source().consumed() == 44);
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

namespace {

/// A reproducible byte stream (`prefix`, then a seeded PRNG), read through
/// read() only.
class stream_reader {
public:
    explicit stream_reader(std::uint64_t seed, std::vector<std::uint8_t> prefix = {})
        : engine_(seed), prefix_(std::move(prefix)) {}

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) dst[i] = next_byte();
        return {};
    }

    [[nodiscard]] std::size_t consumed() const { return consumed_; }

protected:
    std::uint8_t next_byte() {
        ++consumed_;
        if (consumed_ <= prefix_.size()) return prefix_[consumed_ - 1];
        return static_cast<std::uint8_t>(engine_() >> 56U);
    }

private:
    std::mt19937_64 engine_;
    std::vector<std::uint8_t> prefix_;
    std::size_t consumed_ = 0;
};

/// The same stream, also offering the library's internal accelerators under
/// their names: a user's reader must be read through read() only.
class accelerated_reader : public stream_reader {
public:
    using stream_reader::stream_reader;
    bool try_read_be32(std::uint32_t& out) noexcept {
        ++calls_;
        out = 0;
        return true;
    }
    bool fill(std::uint8_t* dst, std::size_t n) noexcept {
        ++calls_;
        if (n > 0) std::memset(dst, 0, n);
        return true;
    }
    [[nodiscard]] std::size_t calls() const { return calls_; }

private:
    std::size_t calls_ = 0;
};

/// secure_entropy seen through read() only: the general draw.
struct read_only {
    ulid::secure_entropy* source;
    std::error_code read(std::uint8_t* dst, std::size_t n) const { return source->read(dst, n); }
};

/// Two secure_entropy objects in the same state (keyed, same keystream).
void twin(ulid::secure_entropy& a, ulid::secure_entropy& b) {
    std::array<std::uint8_t, 1> warm{};
    REQUIRE_FALSE(a.read(warm.data(), warm.size()));
    REQUIRE_FALSE(b.read(warm.data(), warm.size()));
    *ulid::detail::test_access::keystream(b) = *ulid::detail::test_access::keystream(a);
    ulid::detail::test_access::keystream(a)->since_os_key = 0;
    ulid::detail::test_access::keystream(b)->since_os_key = 0;
}

}  // namespace

TEST_CASE("a user's byte reader is read through read() only, whatever else it offers", "[monotonic]") {
    ulid::monotonic_entropy<accelerated_reader> offered(accelerated_reader(99));
    ulid::monotonic_entropy<stream_reader> plain(stream_reader(99));
    for (int i = 0; i < 1000; ++i) {
        ulid::ulid a;
        ulid::ulid b;
        REQUIRE_FALSE(offered.next(5, a));
        REQUIRE_FALSE(plain.next(5, b));
        REQUIRE(a == b);
    }
    REQUIRE(offered.source().calls() == 0);
    REQUIRE(offered.source().consumed() == plain.source().consumed());
}

TEST_CASE("increments from secure_entropy's buffered words equal the general draw's, words at hand or not",
          "[monotonic]") {
    // The default increment (32-bit words, rejection only of 2^32 - 1), one
    // that rejects nearly half the words, and two that do not use 32-bit
    // words at all. 6000 draws cross dozens of refills, where no word is at
    // hand, and stay below reseed_bytes (a reseed mixes in fresh OS bytes,
    // which would part the twins).
    for (const std::uint64_t inc :
         {std::uint64_t{0}, (std::uint64_t{1} << 31U) + 1U, std::uint64_t{1000}, std::uint64_t{1} << 40U}) {
        INFO("inc " << inc);
        ulid::secure_entropy a;
        ulid::secure_entropy b;
        twin(a, b);
        ulid::monotonic_entropy<ulid::secure_entropy&> fast(a, inc);
        ulid::monotonic_entropy<read_only> general(read_only{&b}, inc);
        std::uint64_t ms = 5;
        for (int i = 0; i < 6000; ++i) {
            if (i % 500 == 499) ++ms;  // reseeds as well as increments
            ulid::ulid x;
            ulid::ulid y;
            REQUIRE_FALSE(fast.next(ms, x));
            REQUIRE_FALSE(general.next(ms, y));
            REQUIRE(x == y);
        }
        REQUIRE(ulid::detail::test_access::keystream(a)->remaining ==
                ulid::detail::test_access::keystream(b)->remaining);
    }
}

TEST_CASE("a word at the bound is rejected by the buffered-word path as by the general draw", "[monotonic]") {
    // After the seed, the next two keystream words are set to the bound
    // (rejected) and one below it (the largest step, inc).
    struct scripted {
        std::uint64_t inc;
        std::uint32_t bound;
    };
    for (const scripted c : {scripted{0, 0xFFFFFFFFU}, scripted{(std::uint64_t{1} << 31U) + 1U, 0x80000001U}}) {
        INFO("inc " << c.inc);
        ulid::secure_entropy a;
        ulid::secure_entropy b;
        twin(a, b);
        ulid::monotonic_entropy<ulid::secure_entropy&> fast(a, c.inc);
        ulid::monotonic_entropy<read_only> general(read_only{&b}, c.inc);
        ulid::ulid seed_a;
        ulid::ulid seed_b;
        REQUIRE_FALSE(fast.next(7, seed_a));
        REQUIRE_FALSE(general.next(7, seed_b));
        REQUIRE(seed_a == seed_b);
        for (ulid::secure_entropy* source : {&a, &b}) {
            ulid::detail::keystream_state& state = *ulid::detail::test_access::keystream(*source);
            REQUIRE(state.remaining >= 8);
            std::uint8_t* const at = state.buffer.data() + (state.buffer.size() - state.remaining);
            for (std::size_t w = 0; w < 2; ++w) {
                const std::uint32_t word = c.bound - static_cast<std::uint32_t>(w);
                for (std::size_t k = 0; k < 4; ++k) at[4 * w + k] = static_cast<std::uint8_t>(word >> (24 - 8 * k));
            }
        }
        ulid::ulid x;
        ulid::ulid y;
        REQUIRE_FALSE(fast.next(7, x));
        REQUIRE_FALSE(general.next(7, y));
        REQUIRE(x == y);
        REQUIRE(x.low() - seed_a.low() == c.bound);  // the step: (bound - 1) + 1
    }
}

TEST_CASE("next_n equals n calls of next()", "[monotonic][batch]") {
    ulid::monotonic_entropy<test::prng_reader> a(test::prng_reader(7), 1000);
    ulid::monotonic_entropy<test::prng_reader> b(test::prng_reader(7), 1000);
    std::vector<ulid::ulid> batch(300);
    const ulid::batch_result r = a.next_n(42, batch.data(), batch.size());
    REQUIRE(r.count == 300);
    REQUIRE_FALSE(r.ec);
    for (const auto& id : batch) {
        ulid::ulid one;
        REQUIRE_FALSE(b.next(42, one));
        REQUIRE(one == id);
    }
}

TEST_CASE("next_n moves to the next millisecond when one is used up", "[monotonic][batch]") {
    ulid::monotonic_entropy<test::prefixed_reader> m(
        test::prefixed_reader({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFD}, 5), 1);
    std::array<ulid::ulid, 6> out{};
    const ulid::batch_result r = m.next_n(9, out.data(), out.size());
    REQUIRE(r.count == 6);
    REQUIRE(out[2].time() == 9);  // ...FD, FE, FF
    REQUIRE(out[3].time() == 10);
    for (std::size_t i = 1; i < out.size(); ++i) REQUIRE(out[i - 1] < out[i]);
}

TEST_CASE("next_n stops at a failure, keeping what it wrote", "[monotonic][batch][errors]") {
    test::sequence_reader reader(std::vector<std::uint8_t>(10 + 2 * 4, 0x01));  // a seed and four increments
    ulid::monotonic_entropy<test::sequence_reader&> m(reader, 1000);
    std::array<ulid::ulid, 8> out{};
    const auto untouched = test::from_hex("0123456789abcdef0123456789abcdef");
    out.fill(untouched);
    const ulid::batch_result r = m.next_n(3, out.data(), out.size());
    REQUIRE(r.count == 5);
    REQUIRE(r.ec == ulid::errc::entropy_failure);
    for (std::size_t i = 1; i < 5; ++i) REQUIRE(out[i - 1] < out[i]);
    for (std::size_t i = 5; i < out.size(); ++i) REQUIRE(out[i] == untouched);
    const ulid::batch_result late = m.next_n(ulid::max_time + 1, out.data(), 1);
    REQUIRE(late.count == 0);
    REQUIRE(late.ec == ulid::errc::big_time);
}

TEST_CASE("the batch step past the last tick reports big_time and writes nothing", "[monotonic][batch][errors]") {
    // make_batch() hands the clock's tick to this step unchecked; a clock past
    // the year 10889 (out of the test clock's reach) must fail, not wrap.
    ulid::detail::monotonic_state g(1000);
    test::prng_reader source(3);
    std::array<ulid::ulid, 2> out{};
    const ulid::batch_result r = ulid::detail::monotonic<ulid::ulid_layout>::next_n(
        g, source, ulid::ulid_layout::max_tick + 1, out.data(), out.size());
    CHECK(r.count == 0);
    CHECK(r.ec == ulid::errc::big_time);
    CHECK(out[0] == ulid::ulid{});
}

// next_above(): monotonic_entropy's step on a state the caller keeps (the
// PostgreSQL extension's server-wide gen_monotonic_ulid()).

TEST_CASE("next_above gives the fresh ULID at a millisecond after the last one", "[monotonic][next_above]") {
    const ulid::entropy_array fresh{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    for (const ulid::ulid last :
         {ulid::ulid{}, ulid::ulid::from_high_low(0x0000000003E7FFFFULL, ~0ULL), ulid::min_at(999)}) {
        ulid::ulid out;
        REQUIRE(ulid::next_above(last, 1000, fresh, 7, out) == ulid::errc{});
        REQUIRE(out.time() == 1000);
        REQUIRE(out.entropy() == fresh);
        REQUIRE(last < out);
    }
    ulid::ulid top;
    REQUIRE(ulid::next_above(ulid::ulid{}, ulid::max_time, fresh, 1, top) == ulid::errc{});
    REQUIRE(top.time() == ulid::max_time);
    REQUIRE(top.entropy() == fresh);
}

TEST_CASE("next_above adds the step to the last ULID at the same or an earlier millisecond",
          "[monotonic][next_above]") {
    const ulid::entropy_array fresh{0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA};
    const ulid::ulid last = ulid::ulid::from_high_low((std::uint64_t{1000} << 16U) | 0x1234U, 0x00000000FFFFFFF0ULL);
    for (const std::uint64_t ms : {1000ULL, 999ULL, 0ULL}) {
        for (const std::uint64_t step : {1ULL, 2ULL, 0x10ULL, 0xFFFFFFFFULL}) {
            ulid::ulid out;
            REQUIRE(ulid::next_above(last, ms, fresh, step, out) == ulid::errc{});
            REQUIRE(out.time() == 1000);
            REQUIRE(out.high() == last.high());
            REQUIRE(out.low() == last.low() + step);
        }
    }
    ulid::ulid zero_step;
    REQUIRE(ulid::next_above(last, 1000, fresh, 0, zero_step) == ulid::errc{});
    REQUIRE(zero_step == ulid::ulid::from_high_low(last.high(), last.low() + 1U));  // 0 counts as 1
    // Carry from the low word into the counter's top 16 bits, same millisecond.
    const ulid::ulid low_top = ulid::ulid::from_high_low((std::uint64_t{1000} << 16U) | 0x1234U, ~0ULL);
    ulid::ulid carried;
    REQUIRE(ulid::next_above(low_top, 1000, fresh, 3, carried) == ulid::errc{});
    REQUIRE(carried == ulid::ulid::from_high_low((std::uint64_t{1000} << 16U) | 0x1235U, 2));
}

TEST_CASE("next_above moves to the next millisecond, freshly seeded, when the counter is used up",
          "[monotonic][next_above]") {
    const ulid::entropy_array fresh{0, 0, 0, 0, 0, 0, 0, 0, 0, 9};
    const ulid::ulid last = ulid::max_at(1000);
    for (const std::uint64_t ms : {1000ULL, 5ULL}) {
        ulid::ulid out;
        REQUIRE(ulid::next_above(last, ms, fresh, 1, out) == ulid::errc{});
        REQUIRE(out.time() == 1001);
        REQUIRE(out.entropy() == fresh);
        REQUIRE(last < out);
    }
    // Near the top, a step past it also moves on.
    const ulid::ulid near = ulid::ulid::from_high_low(last.high(), last.low() - 4U);
    ulid::ulid out;
    REQUIRE(ulid::next_above(near, 1000, fresh, 4, out) == ulid::errc{});
    REQUIRE(out == last);
    REQUIRE(ulid::next_above(near, 1000, fresh, 5, out) == ulid::errc{});
    REQUIRE(out.time() == 1001);
}

TEST_CASE("next_above fails at the top of the range and for times above max_time, writing nothing",
          "[monotonic][next_above][errors]") {
    const ulid::entropy_array fresh{1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    const ulid::ulid untouched = test::from_hex("0123456789abcdef0123456789abcdef");
    const ulid::ulid near_top = ulid::ulid::from_high_low(~0ULL, ~0ULL - 2U);
    ulid::ulid out = untouched;
    REQUIRE(ulid::next_above((ulid::ulid::max)(), ulid::max_time, fresh, 1, out) == ulid::errc::monotonic_overflow);
    REQUIRE(ulid::next_above((ulid::ulid::max)(), 0, fresh, 1, out) == ulid::errc::monotonic_overflow);
    REQUIRE(ulid::next_above(near_top, ulid::max_time, fresh, 3, out) == ulid::errc::monotonic_overflow);
    REQUIRE(ulid::next_above(ulid::ulid{}, ulid::max_time + 1, fresh, 1, out) == ulid::errc::big_time);
    REQUIRE(out == untouched);
    REQUIRE(ulid::next_above(near_top, ulid::max_time, fresh, 2, out) == ulid::errc{});
    REQUIRE(out == (ulid::ulid::max)());
}

TEST_CASE("next_above is always above the last ULID and steps by exactly the step within a millisecond",
          "[monotonic][next_above]") {
    std::mt19937_64 rng(33);
    for (int i = 0; i < 20000; ++i) {
        const ulid::byte_array b = test::random_bytes(rng);
        ulid::ulid last = ulid::ulid::from_bytes(b);
        // Every fourth case at the top of its counter, where the step carries.
        if (i % 4 == 0) last = ulid::max_at(last.time());
        const std::uint64_t ms = i % 2 == 0 ? last.time() : rng() >> 16U;
        ulid::entropy_array fresh{};
        for (auto& x : fresh) x = static_cast<std::uint8_t>(rng());
        const std::uint64_t step = 1U + rng() % 0xFFFFFFFFULL;  // [1, 2^32 - 1]
        ulid::ulid out;
        const ulid::errc e = ulid::next_above(last, ms, fresh, step, out);
        if (e == ulid::errc::monotonic_overflow) {
            REQUIRE(last.time() == ulid::max_time);
            continue;
        }
        REQUIRE(e == ulid::errc{});
        REQUIRE(last < out);
        if (out.time() == last.time()) {
            REQUIRE(out.high() - last.high() == (out.low() < last.low() ? 1U : 0U));
            REQUIRE(out.low() - last.low() == step);
        } else {
            REQUIRE(out.time() == std::max<std::uint64_t>(ms, last.time() + 1U));
            REQUIRE(out.entropy() == fresh);
        }
    }
}

TEST_CASE("next_above is monotonic_entropy's step: the same ULIDs from the same bytes", "[monotonic][next_above]") {
    // A seed 2^28 - 1 below the top of the counter, increment words for
    // steps 2, 2^24 and 2^32 - 1 (past the top), the next millisecond's seed.
    std::vector<std::uint8_t> bytes = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0x00, 0x00, 0x00};
    const std::vector<std::uint8_t> words = {0x00, 0x00, 0x00, 0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE};
    const ulid::entropy_array next_seed{9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
    bytes.insert(bytes.end(), words.begin(), words.end());
    bytes.insert(bytes.end(), next_seed.begin(), next_seed.end());
    ulid::monotonic_entropy<test::sequence_reader> m{test::sequence_reader(bytes)};
    ulid::ulid last;
    REQUIRE_FALSE(m.next(700, last));
    for (const std::uint64_t step : {2ULL, 0x01000000ULL, 0xFFFFFFFFULL}) {
        ulid::ulid mine;
        ulid::ulid theirs;
        REQUIRE_FALSE(m.next(700, theirs));
        REQUIRE(ulid::next_above(last, 700, next_seed, step, mine) == ulid::errc{});
        REQUIRE(mine == theirs);
        last = theirs;
    }
    REQUIRE(last.time() == 701);
    REQUIRE(last.entropy() == next_seed);
}

TEST_CASE("next_above is a constant expression", "[monotonic][next_above]") {
    constexpr auto stepped = [](ulid::ulid last, std::uint64_t ms, std::uint64_t step) {
        ulid::ulid out;
        return ulid::next_above(last, ms, ulid::entropy_array{}, step, out) == ulid::errc{} ? out : ulid::ulid{};
    };
    STATIC_REQUIRE(stepped(ulid::min_at(5), 5, 9) == ulid::ulid::from_high_low(5U << 16U, 9));
    STATIC_REQUIRE(stepped(ulid::max_at(5), 5, 1) == ulid::min_at(6));
}
