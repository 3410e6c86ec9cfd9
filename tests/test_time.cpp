// Time: now(), timestamp(), time() and the ulid's timestamp().
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <chrono>
#include <random>

using std::chrono::milliseconds;
using std::chrono::system_clock;

TEST_CASE("now() is the system clock in milliseconds, rounded down", "[time]") {
    const auto before = std::chrono::floor<milliseconds>(system_clock::now().time_since_epoch()).count();
    const std::uint64_t ms = ulid::now();
    const auto after = std::chrono::floor<milliseconds>(system_clock::now().time_since_epoch()).count();
    REQUIRE(ms >= static_cast<std::uint64_t>(before));
    REQUIRE(ms <= static_cast<std::uint64_t>(after));
}

TEST_CASE("timestamp() truncates to the millisecond", "[time]") {
    const system_clock::time_point t{std::chrono::duration_cast<system_clock::duration>(std::chrono::seconds(1)) +
                                     std::chrono::duration_cast<system_clock::duration>(std::chrono::microseconds(1))};
    REQUIRE(ulid::timestamp(t) == 1000);
    const system_clock::time_point u{
        std::chrono::duration_cast<system_clock::duration>(std::chrono::microseconds(1999))};
    REQUIRE(ulid::timestamp(u) == 1);
}

TEST_CASE("timestamp() of a time before 1970 is 0", "[time]") {
    const system_clock::time_point t{std::chrono::duration_cast<system_clock::duration>(milliseconds(-5))};
    REQUIRE(ulid::timestamp(t) == 0);
    REQUIRE(ulid::timestamp(system_clock::time_point::min()) == 0);
}

TEST_CASE("time() and timestamp() round-trip every millisecond the clock can hold", "[time]") {
    const auto limit =
        static_cast<std::uint64_t>(std::chrono::duration_cast<milliseconds>(system_clock::duration::max()).count());
    const std::uint64_t top = std::min(limit, ulid::max_time);
    std::mt19937_64 rng(9);
    for (int i = 0; i < 100000; ++i) {
        const std::uint64_t ms = rng() % (top + 1);
        REQUIRE(ulid::timestamp(ulid::time(ms)) == ms);
    }
    REQUIRE(ulid::timestamp(ulid::time(0)) == 0);
    REQUIRE(ulid::timestamp(ulid::time(top)) == top);
}

TEST_CASE("time() saturates instead of overflowing the clock", "[time]") {
    const auto limit =
        static_cast<std::uint64_t>(std::chrono::duration_cast<milliseconds>(system_clock::duration::max()).count());
    if (limit < ulid::max_time) {
        // libstdc++'s nanosecond clock ends in 2262, long before 10889.
        REQUIRE(ulid::time(ulid::max_time) == system_clock::time_point::max());
        REQUIRE(ulid::time(limit + 1) == system_clock::time_point::max());
        REQUIRE(ulid::time(limit) < system_clock::time_point::max());
    } else {
        REQUIRE(ulid::timestamp(ulid::time(ulid::max_time)) == ulid::max_time);
    }
}

TEST_CASE("a ulid's timestamp() is time() of its milliseconds", "[time]") {
    ulid::ulid id;
    REQUIRE_FALSE(id.set_time(1469918176385ULL));
    REQUIRE(id.timestamp() == ulid::time(1469918176385ULL));
    REQUIRE(ulid::timestamp(id.timestamp()) == 1469918176385ULL);
    const auto top = ulid::must_parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    REQUIRE(top.timestamp() == ulid::time(ulid::max_time));
}

TEST_CASE("the difference between a time and its round trip is below a millisecond", "[time]") {
    const auto original = system_clock::now();
    const auto recovered = ulid::time(ulid::timestamp(original));
    REQUIRE(original - recovered < milliseconds(1));
    REQUIRE(original >= recovered);
}

TEST_CASE("min_at() and max_at() bound a millisecond's ULIDs, as SQL's ulid_lower_bound/ulid_upper_bound", "[time]") {
    constexpr std::uint64_t ms = 1469922850259ULL;  // the SQL test's 2016-07-30 23:54:10.259
    STATIC_REQUIRE(ulid::min_at(ms).time() == ms);
    STATIC_REQUIRE(ulid::min_at(0) == ulid::ulid::nil());
    STATIC_REQUIRE(ulid::max_at(ulid::max_time) == (ulid::ulid::max)());
    REQUIRE(ulid::min_at(ms).to_string() == "01ARZ3NDEK0000000000000000");
    REQUIRE(ulid::max_at(ms).to_string() == "01ARZ3NDEKZZZZZZZZZZZZZZZZ");
    REQUIRE(ulid::max_at(ms).time() == ms);
    REQUIRE(ulid::max_at(ms) < ulid::min_at(ms + 1));
    REQUIRE(ulid::min_at(ms - 1) < ulid::min_at(ms));
    for (int i = 0; i < 100; ++i) {
        const ulid::ulid id = ulid::must_make(ms);
        const ulid::ulid v7 = ulid::must_make_v7(ms);
        REQUIRE(ulid::min_at(ms) <= id);
        REQUIRE(id <= ulid::max_at(ms));
        REQUIRE(ulid::min_at(ms) <= v7);
        REQUIRE(v7 <= ulid::max_at(ms));
    }
    // A time_point is rounded down to its millisecond.
    const auto t = ulid::time(ms) + std::chrono::microseconds(999);
    REQUIRE(ulid::min_at(t) == ulid::min_at(ms));
    REQUIRE(ulid::max_at(t) == ulid::max_at(ms));
    for (const auto bad : {ulid::max_time + 1, ~std::uint64_t{0}}) {
        try {
            (void)ulid::min_at(bad);
            FAIL("min_at() did not throw");
        } catch (const ulid::error& e) {
            REQUIRE(e.code() == ulid::errc::big_time);
        }
        try {
            (void)ulid::max_at(bad);
            FAIL("max_at() did not throw");
        } catch (const ulid::error& e) {
            REQUIRE(e.code() == ulid::errc::big_time);
        }
    }
}
