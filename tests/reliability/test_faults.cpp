// Faulty entropy: a source that fails on its k-th read, for every k in 1..20,
// through read_monotonic (generate) and next(), plain and locked, with error
// codes, exceptions and a throwing generator. The failing call reports
// errc::entropy_failure and writes nothing; the monotonic state is exactly
// as if the call had never been made: a twin that never fails, kept at the
// same stream position, produces the very same IDs before and after.
#include "catch.hpp"
#include "reliability.hpp"

#include <array>
#include <string>
#include <type_traits>

namespace {

enum class path { read_monotonic, next };
enum class wrapper { plain, locked };

// A small increment bound so that every call reads the source at least once
// (a bound of 1 reads nothing) and several reads land in one millisecond.
constexpr std::uint64_t increment = 1000;
constexpr std::size_t calls = 40;

/// The clock of call i: three calls a millisecond, so calls alternate
/// between reseeding and incrementing.
std::uint64_t clock_of(std::size_t i) { return 1000 + i / 3; }

template <class Monotonic>
std::error_code step(Monotonic& m, path p, std::uint64_t ms, ulid::ulid& out) {
    if (p == path::next) return m.next(ms, out);
    return ulid::generate(ms, m, out);
}

template <class Source>
struct runner {
    using plain_type = ulid::monotonic_entropy<Source&>;
    using locked_type = ulid::locked_monotonic_entropy<plain_type>;

    /// Runs the call schedule with `faulty` and a never-failing `twin`.
    static void run(Source& faulty, Source& twin, path p, wrapper w) {
        if (w == wrapper::plain) {
            plain_type a(faulty, increment);
            plain_type b(twin, increment);
            check(a, b, faulty, twin, p);
        } else {
            locked_type a(std::in_place, faulty, increment);
            locked_type b(std::in_place, twin, increment);
            check(a, b, faulty, twin, p);
        }
    }

    template <class Monotonic>
    static void check(Monotonic& m, Monotonic& reference, Source& faulty, Source& twin, path p) {
        std::size_t failures = 0;
        bool just_failed = false;
        bool have_last = false;
        ulid::ulid last;
        for (std::size_t i = 0; i < calls; ++i) {
            INFO("call " << i << " at ms " << clock_of(i) << ", read " << faulty.reads());
            const std::uint64_t position = faulty.position();
            ulid::ulid out = rel::sentinel();
            const std::error_code ec = step(m, p, clock_of(i), out);
            if (ec) {
                ++failures;
                REQUIRE(ec == ulid::errc::entropy_failure);
                REQUIRE(out == rel::sentinel());
                just_failed = true;
                continue;  // the twin never makes this call
            }
            // The twin reads the same stream bytes for the same call.
            twin.seek(position);
            ulid::ulid expected;
            REQUIRE_FALSE(step(reference, p, clock_of(i), expected));
            REQUIRE(twin.position() == faulty.position());
            REQUIRE(out == expected);
            REQUIRE(out.time() >= clock_of(i));
            if (have_last) REQUIRE(last < out);
            last = out;
            have_last = true;
            just_failed = false;
        }
        REQUIRE(failures == 1);
        REQUIRE_FALSE(just_failed);  // the call after the failure succeeded
    }
};

const char* name(path p) { return p == path::next ? "next" : "read_monotonic"; }
const char* name(wrapper w) { return w == wrapper::locked ? "locked" : "plain"; }

}  // namespace

TEST_CASE("a byte reader failing on its k-th read, k = 1..20: entropy_failure, no output, no partial state",
          "[faults][entropy]") {
    for (const rel::fault how : {rel::fault::error_code, rel::fault::exception}) {
        for (const path p : {path::read_monotonic, path::next}) {
            for (const wrapper w : {wrapper::plain, wrapper::locked}) {
                for (std::size_t k = 1; k <= 20; ++k) {
                    INFO("k " << k << ", " << (how == rel::fault::exception ? "throws" : "error code") << ", "
                              << name(p) << ", " << name(w));
                    rel::faulty_reader faulty(77, k, how);
                    rel::faulty_reader twin(77, 0, how);
                    runner<rel::faulty_reader>::run(faulty, twin, p, w);
                    REQUIRE(faulty.reads() > k);
                }
            }
        }
    }
}

TEST_CASE("a generator throwing on its k-th call, k = 1..20: entropy_failure, no output, no partial state",
          "[faults][entropy]") {
    // A reseed takes two calls (64 + 16 bits), so a fault on the second one
    // comes after the first has consumed a value: the twin is re-aligned to
    // the stream position before each call, the monotonic state must match.
    for (const path p : {path::read_monotonic, path::next}) {
        for (const wrapper w : {wrapper::plain, wrapper::locked}) {
            for (std::size_t k = 1; k <= 20; ++k) {
                INFO("k " << k << ", " << name(p) << ", " << name(w));
                rel::faulty_generator faulty(99, k);
                rel::faulty_generator twin(99, 0);
                runner<rel::faulty_generator>::run(faulty, twin, p, w);
                REQUIRE(faulty.reads() > k);
            }
        }
    }
}

TEST_CASE("a source that keeps failing leaves the state untouched until it recovers", "[faults][entropy]") {
    // Reads 3..12 fail: a run of failures in both reseed and increment.
    struct flaky {
        rel::splitmix_stream stream{5};
        std::size_t reads = 0;
        std::error_code read(std::uint8_t* dst, std::size_t n) {
            ++reads;
            if (reads >= 3 && reads <= 12) return std::make_error_code(std::errc::io_error);
            for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(stream.next() >> 56U);
            return {};
        }
    };
    flaky source;
    ulid::monotonic_entropy<flaky&> m(source, increment);
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(m.next(10, a));  // read 1: seed
    REQUIRE_FALSE(m.next(10, b));  // read 2: increment
    REQUIRE(a < b);
    for (int i = 0; i < 5; ++i) {
        ulid::ulid out = rel::sentinel();
        REQUIRE(m.next(10, out) == ulid::errc::entropy_failure);  // increments fail
        REQUIRE(out == rel::sentinel());
        REQUIRE(m.next(11, out) == ulid::errc::entropy_failure);  // reseeds fail
        REQUIRE(out == rel::sentinel());
    }
    ulid::ulid c;
    REQUIRE_FALSE(m.next(10, c));  // the floor is still 10: an increment of b
    REQUIRE(c.time() == 10);
    REQUIRE(b < c);
    const std::uint64_t step_size = c.low() - b.low();
    REQUIRE(step_size >= 1);
    REQUIRE(step_size <= increment);
    ulid::ulid d;
    REQUIRE_FALSE(m.next(11, d));
    REQUIRE(c < d);
    REQUIRE(d.time() == 11);
}

TEST_CASE("next_n with a reader failing on its k-th read, k = 1..20: a valid prefix, the rest untouched",
          "[faults][entropy][batch]") {
    using plain_type = ulid::monotonic_entropy<rel::faulty_reader&>;
    for (const wrapper w : {wrapper::plain, wrapper::locked}) {
        for (std::size_t k = 1; k <= 20; ++k) {
            INFO("k " << k << ", " << name(w));
            rel::faulty_reader faulty(55, k, rel::fault::error_code);
            rel::faulty_reader twin(55, 0, rel::fault::error_code);
            plain_type reference(twin, increment);
            std::array<ulid::ulid, 30> first{};
            std::array<ulid::ulid, 10> second{};
            first.fill(rel::sentinel());
            second.fill(rel::sentinel());
            ulid::batch_result r1;
            ulid::batch_result r2;
            std::uint64_t position = 0;
            const auto run = [&](auto& m) {
                r1 = m.next_n(7000, first.data(), first.size());
                position = faulty.position();
                r2 = m.next_n(7000, second.data(), second.size());
            };
            if (w == wrapper::plain) {
                plain_type m(faulty, increment);
                run(m);
            } else {
                ulid::locked_monotonic_entropy<plain_type> m(std::in_place, faulty, increment);
                run(m);
            }
            // Every ID needs at least one read, so read k falls in the first batch.
            REQUIRE(r1.ec == ulid::errc::entropy_failure);
            REQUIRE(r1.count < first.size());
            for (std::size_t i = r1.count; i < first.size(); ++i) REQUIRE(first[i] == rel::sentinel());
            for (std::size_t i = 0; i < r1.count; ++i) {
                ulid::ulid expected;
                REQUIRE_FALSE(reference.next(7000, expected));
                REQUIRE(first[i] == expected);
            }
            // The second batch continues from the last good state.
            REQUIRE_FALSE(r2.ec);
            REQUIRE(r2.count == second.size());
            twin.seek(position);
            for (std::size_t i = 0; i < second.size(); ++i) {
                ulid::ulid expected;
                REQUIRE_FALSE(reference.next(7000, expected));
                REQUIRE(second[i] == expected);
                if (i > 0) REQUIRE(second[i - 1] < second[i]);
            }
            if (r1.count > 0) REQUIRE(first[r1.count - 1] < second[0]);
        }
    }
}
