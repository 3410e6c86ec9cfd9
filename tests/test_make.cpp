// make(), make(ms) and the default entropy.
#include "catch.hpp"
#include "support.hpp"

#include <type_traits>

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

TEST_CASE("make(ms) uses the given time", "[make]") {
    const auto a = ulid::make(1469918176385ULL);
    const auto b = ulid::make(1469918176385ULL);
    REQUIRE(a.time() == 1469918176385ULL);
    REQUIRE(a < b);  // same millisecond through the monotonic default source
    REQUIRE(ulid::make(0).time() == 0);
    REQUIRE(ulid::make(ulid::max_time).time() == ulid::max_time);
}

TEST_CASE("make(ms) throws big_time above max_time", "[make][errors]") {
    // As the reference's MustNewDefault(time.Time{}) panics with ErrBigTime.
    try {
        (void)ulid::make(ulid::max_time + 1);
        FAIL("make(ms) did not throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::big_time);
    }
}

TEST_CASE("make(ms) with an old time reseeds the default source; make() resumes from the clock", "[make]") {
    // Documented in README: a caller passing its own time through the
    // default source moves its state, so only the clock's order remains.
    const auto a = ulid::make();
    const auto old = ulid::make(5);
    const auto b = ulid::make();
    const auto c = ulid::make();
    REQUIRE(old.time() == 5);
    REQUIRE(b.time() >= a.time());
    REQUIRE(b < c);
}

TEST_CASE("make(ms) with a far-future time does not hold make() in the future", "[make]") {
    (void)ulid::make(ulid::max_time);
    const std::uint64_t before = ulid::now();
    const auto id = ulid::make();
    REQUIRE(id.time() >= before);
    REQUIRE(id.time() <= ulid::now() + 1);
}

TEST_CASE("generate(ms, default_entropy(), out) is the public fast path", "[make]") {
    ulid::default_entropy_type& source = ulid::default_entropy();
    REQUIRE(&source == &ulid::default_entropy());
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(ulid::generate(777, source, a));
    REQUIRE_FALSE(ulid::generate(777, source, b));
    REQUIRE(a < b);
    STATIC_REQUIRE(std::is_same_v<ulid::default_entropy_type,
                                  ulid::locked_monotonic_entropy<ulid::monotonic_entropy<ulid::secure_entropy>>>);
}
