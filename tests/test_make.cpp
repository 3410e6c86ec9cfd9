// make(), must_make(ms), make_batch() and the default entropy.
#include "catch.hpp"
#include "support.hpp"

#include <array>
#include <chrono>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

TEST_CASE("make() produces a parseable ULID for the current time", "[make]") {
    const std::uint64_t before = ulid::now();
    const auto id = ulid::make();
    const std::uint64_t after = ulid::now();
    REQUIRE(ulid::must_parse(id.to_string()) == id);
    REQUIRE(id.time() >= before);
    REQUIRE(id.time() <= after + 1);  // +1: a used-up millisecond moves on
    STATIC_REQUIRE(noexcept(ulid::make()));
}

TEST_CASE("successive make() calls strictly increase", "[make]") {
    ulid::ulid prev = ulid::make();
    for (int i = 0; i < 200000; ++i) {
        const auto next = ulid::make();
        REQUIRE(prev < next);
        prev = next;
    }
}

TEST_CASE("must_make(ms) uses the given time", "[make]") {
    const auto a = ulid::must_make(1469918176385ULL);
    const auto b = ulid::must_make(1469918176385ULL);
    REQUIRE(a.time() == 1469918176385ULL);
    REQUIRE(a < b);  // same millisecond through the monotonic default source
    REQUIRE(ulid::must_make(0).time() == 0);
    REQUIRE(ulid::must_make(ulid::max_time).time() == ulid::max_time);
}

TEST_CASE("must_make(ms) and must_make_v7(ms) increase per millisecond whatever make() does between", "[make]") {
    // Issue 35: must_make(ms) shared make()'s state, so a make() between two
    // calls for one millisecond restarted it at random, below the first.
    const std::uint64_t times[] = {1469918176385ULL, ulid::now(), ulid::now() + 5000};
    for (const std::uint64_t ms : times) {
        ulid::ulid last = ulid::must_make(ms);
        ulid::ulid last_v7 = ulid::must_make_v7(ms);
        for (int i = 0; i < 200; ++i) {
            (void)ulid::make();
            (void)ulid::make_v7();
            std::array<ulid::ulid, 4> batch{};
            ulid::make_batch(batch.data(), batch.size());
            const ulid::ulid next = ulid::must_make(ms);
            const ulid::ulid next_v7 = ulid::must_make_v7(ms);
            INFO("ms " << ms << ", call " << i);
            REQUIRE(next.time() == ms);
            REQUIRE(last < next);
            REQUIRE(next_v7.time() == ms);
            REQUIRE(next_v7.is_uuidv7());
            REQUIRE(last_v7 < next_v7);
            last = next;
            last_v7 = next_v7;
        }
    }
}

TEST_CASE("must_make and must_make_v7 take a time_point, rounded down to its millisecond", "[make]") {
    const std::uint64_t ms = 1469918176385ULL;
    const auto t = ulid::time(ms) + std::chrono::microseconds(999);
    const ulid::ulid a = ulid::must_make(t);
    const ulid::ulid b = ulid::must_make(ulid::time(ms));
    REQUIRE(a.time() == ms);
    REQUIRE(a < b);  // one millisecond, one sequence
    const ulid::ulid v = ulid::must_make_v7(t);
    REQUIRE(v.time() == ms);
    REQUIRE(v.is_uuidv7());
    REQUIRE(v.uuid_version() == 7);
    REQUIRE(ulid::must_make(std::chrono::system_clock::time_point{}).time() == 0);
    try {
        (void)ulid::must_make_v7(ulid::max_time + 1);
        FAIL("must_make_v7(ms) did not throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::big_time);
    }
    REQUIRE(ulid::must_make_v7(ulid::max_time).time() == ulid::max_time);
}

TEST_CASE("must_make(ms) throws big_time above max_time", "[make][errors]") {
    // As the reference's MustNewDefault(time.Time{}) panics with ErrBigTime.
    try {
        (void)ulid::must_make(ulid::max_time + 1);
        FAIL("must_make(ms) did not throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::big_time);
    }
}

TEST_CASE("make_at(ms, out) and make_v7_at(ms, out) continue must_make(ms)'s and must_make_v7(ms)'s sequences",
          "[make]") {
    STATIC_REQUIRE(noexcept(ulid::make_at(0, std::declval<ulid::ulid&>())));
    STATIC_REQUIRE(noexcept(ulid::make_v7_at(0, std::declval<ulid::ulid&>())));
    // One generator behind both spellings: alternating them for one
    // millisecond, each ID is above the one before, whatever make() and
    // make_v7() do between.
    for (const std::uint64_t ms : {std::uint64_t{0}, std::uint64_t{1469918176385}, ulid::max_time}) {
        INFO("ms " << ms);
        ulid::ulid last = ulid::must_make(ms);
        ulid::ulid last_v7 = ulid::must_make_v7(ms);
        for (int i = 0; i < 1000; ++i) {
            ulid::ulid next;
            ulid::ulid next_v7;
            if (i % 2 == 0) {
                REQUIRE_FALSE(ulid::make_at(ms, next));
                REQUIRE_FALSE(ulid::make_v7_at(ms, next_v7));
            } else {
                next = ulid::must_make(ms);
                next_v7 = ulid::must_make_v7(ms);
            }
            (void)ulid::make();
            (void)ulid::make_v7();
            REQUIRE(next.time() == ms);
            REQUIRE(next_v7.time() == ms);
            REQUIRE(next_v7.is_uuidv7());
            REQUIRE(last < next);
            REQUIRE(last_v7 < next_v7);
            last = next;
            last_v7 = next_v7;
        }
    }
}

TEST_CASE("make_at(ms, out) and make_v7_at(ms, out) return big_time above max_time, out untouched", "[make][errors]") {
    const ulid::ulid before = ulid::must_make(5);
    ulid::ulid out = before;
    REQUIRE(ulid::make_at(ulid::max_time + 1, out) == ulid::errc::big_time);
    REQUIRE(out == before);
    REQUIRE(ulid::make_v7_at(ulid::max_time + 1, out) == ulid::errc::big_time);
    REQUIRE(out == before);
    REQUIRE(ulid::make_at(~std::uint64_t{0}, out) == ulid::errc::big_time);
    REQUIRE(out == before);
}

TEST_CASE("each make() is greater than every earlier make(), whatever other calls did to the shared source", "[make]") {
    // must_make(ms) and generate(ms, default_entropy(), out) with a time other
    // than now move the shared state to that millisecond; make() must still
    // continue above its own last ULID, not reseed below it.
    const std::uint64_t others[] = {5, ulid::now() - 1000, ulid::now() + 1, ulid::now() + 1000, ulid::max_time};
    for (int trial = 0; trial < 200; ++trial) {
        const std::uint64_t ms = others[static_cast<std::size_t>(trial) % std::size(others)];
        const ulid::ulid a = ulid::make();
        if (trial % 2 == 0) {
            REQUIRE(ulid::must_make(ms).time() == ms);
        } else {
            ulid::ulid moved;
            REQUIRE_FALSE(ulid::generate(ms, ulid::default_entropy(), moved));
            REQUIRE(moved.time() == ms);
        }
        const ulid::ulid b = ulid::make();
        INFO("trial " << trial << ", other time " << ms);
        REQUIRE(a < b);
    }
}

TEST_CASE("must_make(ms) with a far-future time does not hold make() in the future", "[make]") {
    (void)ulid::must_make(ulid::max_time);
    const std::uint64_t before = ulid::now();
    const auto id = ulid::make();
    REQUIRE(id.time() >= before);
    REQUIRE(id.time() <= ulid::now() + 1);
}

TEST_CASE("generate(ms, default_entropy(), out) is read_monotonic()'s sequence, apart from make()'s", "[make]") {
    ulid::default_entropy_type& source = ulid::default_entropy();
    // In one millisecond generate() takes one monotonic step (1 to
    // default_increment) past its own last ULID; make()'s IDs between do not
    // move it, nor it them.
    const std::uint64_t ms = ulid::now();
    ulid::ulid first;
    REQUIRE_FALSE(ulid::generate(ms, source, first));
    const ulid::ulid made = ulid::make();
    ulid::ulid next;
    REQUIRE_FALSE(ulid::generate(ms, source, next));
    INFO("first " << first.to_string() << ", made " << made.to_string() << ", next " << next.to_string());
    const std::uint64_t borrow = next.low() < first.low() ? 1U : 0U;
    REQUIRE(next.high() - first.high() == borrow);
    const std::uint64_t step = next.low() - first.low();
    REQUIRE(step >= 1U);
    REQUIRE(step <= ulid::monotonic_entropy<ulid::secure_entropy>::default_increment);
    CHECK(made < ulid::make());
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(ulid::generate(777, source, a));
    REQUIRE_FALSE(ulid::generate(777, source, b));
    REQUIRE(a < b);
    STATIC_REQUIRE(std::is_same_v<ulid::default_entropy_type,
                                  ulid::locked_monotonic_entropy<ulid::monotonic_entropy<ulid::secure_entropy>>>);
}

namespace {

/// next(made.time()) on the generator that made `made` takes one monotonic
/// step past it in its tick (next() keeps the floor `made` set); another
/// generator would start that millisecond afresh.
template <class Generator>
void check_steps_past(Generator& source, const ulid::ulid& made) {
    ulid::ulid next;
    REQUIRE_FALSE(source.next(made.time(), next));
    INFO("made " << made.to_string() << ", next " << next.to_string());
    const std::uint64_t borrow = next.low() < made.low() ? 1U : 0U;
    REQUIRE(next.high() - made.high() == borrow);
    const std::uint64_t step = next.low() - made.low();
    REQUIRE(step >= 1U);
    REQUIRE(step <= ulid::monotonic_entropy<ulid::secure_entropy>::default_increment);
}

}  // namespace

TEST_CASE("default_entropy<Layout>() and thread_local_entropy<Layout>() are the make functions' generators", "[make]") {
    STATIC_REQUIRE(std::is_same_v<decltype(ulid::default_entropy()), ulid::default_entropy_type&>);
    STATIC_REQUIRE(
        std::is_same_v<
            decltype(ulid::default_entropy<ulid::uuidv7_layout>()),
            ulid::locked_monotonic_entropy<ulid::monotonic_entropy<ulid::secure_entropy, ulid::uuidv7_layout>>&>);
    STATIC_REQUIRE(std::is_same_v<decltype(ulid::thread_local_entropy<ulid::uuidv7_layout>()),
                                  ulid::monotonic_entropy<ulid::secure_entropy, ulid::uuidv7_layout>&>);
    SECTION("make()") { check_steps_past(ulid::default_entropy<ulid::ulid_layout>(), ulid::make()); }
    SECTION("make_v7()") { check_steps_past(ulid::default_entropy<ulid::uuidv7_layout>(), ulid::make_v7()); }
    SECTION("make_thread_local()") { check_steps_past(ulid::thread_local_entropy(), ulid::make_thread_local()); }
    SECTION("make_v7_thread_local()") {
        check_steps_past(ulid::thread_local_entropy<ulid::uuidv7_layout>(), ulid::make_v7_thread_local());
    }
    SECTION("make_batch() and make_v7_batch()") {
        std::array<ulid::ulid, 3> batch{};
        ulid::make_batch(batch.data(), batch.size());
        check_steps_past(ulid::default_entropy(), batch.back());
        ulid::make_v7_batch(batch.data(), batch.size());
        check_steps_past(ulid::default_entropy<ulid::uuidv7_layout>(), batch.back());
    }
    SECTION("next_now() continues the make function's sequence") {
        const ulid::ulid made = ulid::make_v7();
        ulid::ulid next;
        REQUIRE_FALSE(ulid::default_entropy<ulid::uuidv7_layout>().next_now(next));
        REQUIRE(next.is_uuidv7());
        REQUIRE(made < next);
        REQUIRE(next < ulid::make_v7());
    }
}

#if !defined(ULID_TEST_CLOCK_STEP)
TEST_CASE("without ULID_TEST_CLOCK_STEP the generators' clock has no test hook to read", "[make][clock]") {
    // A constant, so no clock path loads anything for it.
    STATIC_REQUIRE(ulid::detail::clock_step_ns() == 0);
}
#endif

TEST_CASE("the deprecated make(ms) still compiles and is must_make(ms)", "[make]") {
    ULID_TEST_DEPRECATED_BEGIN
    const ulid::ulid id = ulid::make(1469918176385ULL);
    ULID_TEST_DEPRECATED_END
    REQUIRE(id.time() == 1469918176385ULL);
}

TEST_CASE("make_batch fills the buffer with increasing IDs that continue make()", "[make][batch]") {
    const auto before = ulid::make();
    std::vector<ulid::ulid> batch(5000);
    ulid::make_batch(batch.data(), batch.size());
    const auto after = ulid::make();
    REQUIRE(before < batch.front());
    for (std::size_t i = 1; i < batch.size(); ++i) REQUIRE(batch[i - 1] < batch[i]);
    REQUIRE(batch.back() < after);
    ulid::make_batch(nullptr, 0);  // an empty batch is fine
#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
    std::array<ulid::ulid, 3> three{};
    ulid::make_batch(std::span<ulid::ulid>(three));
    REQUIRE(three[0] < three[1]);
    REQUIRE(three[1] < three[2]);
#endif
}

TEST_CASE("make() and make_v7() interleaved are two sequences, each strictly increasing on its own", "[make][v7]") {
    // What api.md's "Which sequences are ordered against which" promises: no
    // call of one generator moves the other's sequence back or forward.
    ulid::ulid last_classic = ulid::make();
    ulid::ulid last_v7 = ulid::make_v7();
    for (int i = 0; i < 20000; ++i) {
        const ulid::ulid classic = ulid::make();
        const ulid::ulid v7 = ulid::make_v7();
        REQUIRE(last_classic < classic);
        REQUIRE(last_v7 < v7);
        REQUIRE(v7.is_uuidv7());
        last_classic = classic;
        last_v7 = v7;
    }
}
