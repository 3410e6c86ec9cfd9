// ULIDs that are also RFC 9562 UUIDv7: make_v7() and its thread-local and
// batch forms, the uuidv7_layout generator behind them (sub-millisecond
// rand_a, rand_b growing by random increments, the step advancing when
// rand_b would overflow), uuid_version(), is_uuidv7() and to_uuidv7().
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#if !defined(_WIN32)
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace {

using v7_generator = ulid::monotonic_entropy<test::prng_reader, ulid::uuidv7_layout>;
using access = ulid::detail::test_access;

/// A generator whose first seed puts rand_b at its top, 2^62 - 1 (ten 0xFF
/// bytes), so that its first increment overflows.
using saturated_v7 = ulid::monotonic_entropy<test::prefixed_reader, ulid::uuidv7_layout>;
test::prefixed_reader saturated() { return test::prefixed_reader(std::vector<std::uint8_t>(10, 0xFF), 3); }

constexpr std::uint64_t rand_a(const ulid::ulid& id) { return id.high() & 0xFFFU; }
constexpr std::uint64_t rand_b(const ulid::ulid& id) { return id.low() & ((std::uint64_t{1} << 62U) - 1U); }
constexpr std::uint64_t tick(const ulid::ulid& id) { return (id.time() << 12U) | rand_a(id); }

/// RFC 9562 section 5.7, checked field by field on the bytes.
bool has_v7_layout(const ulid::ulid& id) {
    const ulid::byte_array b = id.bytes();
    return (b[6] >> 4U) == 0x7 && (b[8] >> 6U) == 0x2;
}

}  // namespace

TEST_CASE("every make_v7() ID is an RFC 9562 UUIDv7 and a valid ULID", "[uuidv7]") {
    for (int i = 0; i < 100000; ++i) {
        const ulid::ulid id = ulid::make_v7();
        if (!has_v7_layout(id) || !id.is_uuidv7() || id.uuid_version() != 7)
            FAIL("not a UUIDv7: " << id.encode().view());
        ulid::ulid back;
        REQUIRE_FALSE(ulid::parse(id.encode().view(), back));
        REQUIRE(back == id);
        REQUIRE_FALSE(ulid::parse_uuid(id.encode_uuid().view(), back));
        REQUIRE(back == id);
    }
    ulid::ulid batch[700];
    ulid::make_v7_batch(batch, 700);
    for (const ulid::ulid& id : batch) REQUIRE(has_v7_layout(id));
    REQUIRE(has_v7_layout(ulid::make_v7_thread_local()));
}

TEST_CASE("make_v7()'s time and rand_a are the system clock's millisecond and its fraction in 4096 steps",
          "[uuidv7][clock]") {
    int inside = 0;
    constexpr int samples = 10000;
    for (int i = 0; i < samples; ++i) {
        const std::uint64_t before = ulid::detail::now_v7_tick();
        const ulid::ulid id = ulid::make_v7();
        const std::uint64_t after = ulid::detail::now_v7_tick();
        // The floor may run ahead of the clock by a few steps when rand_b
        // overflows; otherwise the tick lies in the bracket.
        REQUIRE(tick(id) >= before);
        inside += tick(id) <= after ? 1 : 0;
        const auto ms = static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
                .count());
        REQUIRE(id.time() <= ms);
    }
    CHECK(inside >= samples * 99 / 100);
}

TEST_CASE("the clock's tick from seconds and nanoseconds (one division) equals the tick of their sum",
          "[uuidv7][clock]") {
    const auto check = [](std::uint64_t sec, std::uint64_t nsec) {
        INFO(sec << " s " << nsec << " ns");
        REQUIRE(ulid::detail::v7_tick(sec, nsec) == ulid::detail::v7_tick(sec * 1000000000U + nsec));
    };
    // Every edge of a step: the step's 1/4096 ms is 244.140625 ns.
    for (const std::uint64_t sec : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{1764993600},
                                    std::uint64_t{9223372035} /* the last whole second of int64 ns */}) {
        for (std::uint64_t step = 0; step < 4096 * 1000; step += 997) {
            const std::uint64_t nsec = step * 1000000U / 4096U;
            for (const std::uint64_t d : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}}) {
                if (nsec >= d) check(sec, nsec - d);
                check(sec, std::min<std::uint64_t>(nsec + d, 999999999U));
            }
        }
        check(sec, 999999999U);
    }
    std::mt19937_64 rng(37);
    for (int i = 0; i < 200000; ++i) check(rng() % 9223372036U, rng() % 1000000000U);
    // And the clock itself: now_v7_tick() lies between two reads of the
    // system clock, ticked the long way.
    const auto long_way = [] {
        return ulid::detail::v7_tick(static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
                .count()));
    };
    for (int i = 0; i < 10000; ++i) {
        const std::uint64_t before = long_way();
        const std::uint64_t tick = ulid::detail::now_v7_tick();
        const std::uint64_t after = long_way();
        REQUIRE(before <= tick);
        REQUIRE(tick <= after);
    }
}

TEST_CASE("make_v7() is strictly increasing on every thread and across threads", "[uuidv7]") {
    constexpr int threads = 4;
    constexpr std::size_t per_thread = 20000;
    std::vector<std::vector<ulid::ulid>> made(threads);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&made, t] {
            auto& ids = made[static_cast<std::size_t>(t)];
            ids.reserve(per_thread);
            for (std::size_t i = 0; i < per_thread; ++i) ids.push_back(ulid::make_v7());
        });
    }
    for (std::thread& w : workers) w.join();
    const test::merged_ids merged = test::merge_threads(made);
    REQUIRE(merged.out_of_order == 0);
    REQUIRE(std::adjacent_find(merged.sorted.begin(), merged.sorted.end()) == merged.sorted.end());
}

TEST_CASE("make_v7_thread_local() and make_v7_batch() are increasing", "[uuidv7]") {
    ulid::ulid previous = ulid::make_v7_thread_local();
    for (int i = 0; i < 10000; ++i) {
        const ulid::ulid next = ulid::make_v7_thread_local();
        REQUIRE(previous < next);
        previous = next;
    }
    const ulid::ulid before = ulid::make_v7();
    std::vector<ulid::ulid> batch(1000);
    ulid::make_v7_batch(batch.data(), batch.size());
    REQUIRE(before < batch.front());
    for (std::size_t i = 1; i < batch.size(); ++i) REQUIRE(batch[i - 1] < batch[i]);
    REQUIRE(batch.back() < ulid::make_v7());
}

TEST_CASE("a uuidv7_layout generator keeps its last tick when the clock steps back", "[uuidv7][clock]") {
    v7_generator g(test::prng_reader(1));
    const std::uint64_t start = (std::uint64_t{1700000000000} << 12U) | 100U;
    ulid::ulid previous;
    REQUIRE(access::next(g, start, previous) == ulid::errc{});
    REQUIRE(tick(previous) == start);
    for (std::uint64_t back = 1; back <= 5000; back += 7) {
        ulid::ulid id;
        REQUIRE(access::next(g, start - back, id) == ulid::errc{});
        REQUIRE(previous < id);
        REQUIRE(tick(id) >= start);
        REQUIRE(id.is_uuidv7());
        previous = id;
    }
    // The public next(ms) takes whole milliseconds: rand_a 0 of that ms.
    ulid::ulid later;
    REQUIRE_FALSE(g.next((start >> 12U) + 1, later));
    REQUIRE(later.time() == (start >> 12U) + 1);
    REQUIRE(rand_a(later) == 0);
}

TEST_CASE("next_now() reads the layout's clock: milliseconds, or 1/4096 ms for uuidv7_layout", "[uuidv7][clock]") {
    v7_generator v7(test::prng_reader(4));
    ulid::monotonic_entropy<test::prng_reader> classic(test::prng_reader(5));
    const std::uint64_t before = ulid::detail::now_v7_tick();
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(v7.next_now(a));
    REQUIRE_FALSE(classic.next_now(b));
    const std::uint64_t after = ulid::detail::now_v7_tick();
    REQUIRE(a.is_uuidv7());
    REQUIRE(tick(a) >= before);
    REQUIRE(tick(a) <= after);
    REQUIRE(b.time() >= before >> 12U);
    REQUIRE(b.time() <= after >> 12U);
    ulid::locked_monotonic_entropy<v7_generator> locked(std::in_place, test::prng_reader(6));
    ulid::ulid c;
    REQUIRE_FALSE(locked.next_now(c));
    REQUIRE(c.is_uuidv7());
    REQUIRE(tick(c) >= after);
}

TEST_CASE("within one step rand_b grows by a random increment; when it would overflow the step advances",
          "[uuidv7][faults]") {
    SECTION("increments within a step") {
        v7_generator g(test::prng_reader(2), 1000);
        ulid::ulid a;
        ulid::ulid b;
        REQUIRE(access::next(g, 5000, a) == ulid::errc{});
        REQUIRE(access::next(g, 5000, b) == ulid::errc{});
        REQUIRE(tick(a) == tick(b));
        REQUIRE(rand_b(b) > rand_b(a));
        REQUIRE(rand_b(b) - rand_b(a) <= 1000);
    }
    SECTION("rand_b at its top: the next step, never a wrap") {
        saturated_v7 g(saturated());
        ulid::ulid first;
        REQUIRE(access::next(g, 5000, first) == ulid::errc{});
        REQUIRE(rand_b(first) == (std::uint64_t{1} << 62U) - 1U);
        ulid::ulid second;
        REQUIRE(access::next(g, 5000, second) == ulid::errc{});
        REQUIRE(first < second);
        REQUIRE(tick(second) == 5001);
        REQUIRE(second.is_uuidv7());
    }
    SECTION("the last step of a millisecond moves to the next millisecond's first") {
        saturated_v7 g(saturated());
        const std::uint64_t last_step = (std::uint64_t{42} << 12U) | 0xFFFU;
        ulid::ulid first;
        ulid::ulid second;
        REQUIRE(access::next(g, last_step, first) == ulid::errc{});
        REQUIRE(access::next(g, last_step, second) == ulid::errc{});
        REQUIRE(second.time() == 43);
        REQUIRE(rand_a(second) == 0);
        REQUIRE(first < second);
    }
    SECTION("at the very last step of max_time it reports overflow, not a wrap") {
        saturated_v7 g(saturated());
        const std::uint64_t end = (ulid::max_time << 12U) | 0xFFFU;
        ulid::ulid first;
        REQUIRE(access::next(g, end, first) == ulid::errc{});
        ulid::ulid second = test::sentinel();
        REQUIRE(access::next(g, end, second) == ulid::errc::monotonic_overflow);
        REQUIRE(second == test::sentinel());
        REQUIRE(g.next(ulid::max_time + 1, second) == ulid::errc::big_time);
    }
}

TEST_CASE("every increment up to 2^64 - 1 keeps both layouts increasing, read_monotonic() included",
          "[uuidv7][monotonic]") {
    // The 62-bit rand_b with a step wider than the room above it: the step
    // advances, never a wrap of the counter.
    for (const std::uint64_t inc :
         {std::uint64_t{1} << 62U, std::uint64_t{0xE000000000000000U}, ~std::uint64_t{0} - 1U, ~std::uint64_t{0}}) {
        INFO("inc " << inc);
        const auto check = [](auto g) {
            ulid::ulid last;
            ulid::entropy_array last_read{};
            for (int i = 0; i < 20000; ++i) {
                ulid::ulid id;
                REQUIRE_FALSE(g.next(5000 + static_cast<std::uint64_t>(i / 64), id));
                if (i > 0) REQUIRE(last < id);
                last = id;
                ulid::entropy_array e{};
                const std::error_code ec = g.read_monotonic(77, e);
                if (ec) {
                    REQUIRE(ec == ulid::errc::monotonic_overflow);  // 77 is used up, for good
                    REQUIRE(g.read_monotonic(77, e) == ulid::errc::monotonic_overflow);
                    break;
                }
                if (i > 0) REQUIRE(last_read < e);
                last_read = e;
            }
        };
        check(v7_generator(test::prng_reader(inc), inc));
        check(ulid::monotonic_entropy<test::prng_reader>(test::prng_reader(inc), inc));
    }
}

TEST_CASE("uuid_version(), is_uuidv7() and to_uuidv7() on edge values", "[uuidv7][uuid]") {
    const ulid::ulid nil;
    const ulid::ulid max = ulid::ulid::from_high_low(~std::uint64_t{0}, ~std::uint64_t{0});
    STATIC_REQUIRE(ulid::to_uuidv7(ulid::ulid()).is_uuidv7());
    REQUIRE(nil.uuid_version() == 0);
    REQUIRE_FALSE(nil.is_uuidv7());
    REQUIRE(max.uuid_version() == 15);
    REQUIRE_FALSE(max.is_uuidv7());
    REQUIRE(ulid::to_uuidv7(nil).to_uuid_string() == "00000000-0000-7000-8000-000000000000");
    REQUIRE(ulid::to_uuidv7(max).to_uuid_string() == "ffffffff-ffff-7fff-bfff-ffffffffffff");
    // Version 7 with another variant is not a UUIDv7.
    REQUIRE_FALSE(ulid::ulid::from_high_low(0x7000U, 0).is_uuidv7());
    REQUIRE_FALSE(ulid::ulid::from_high_low(0x7000U, std::uint64_t{3} << 62U).is_uuidv7());
    // The time and the other 122 bits are kept; a UUIDv7 is unchanged.
    std::mt19937_64 rng(7);
    for (int i = 0; i < 1000; ++i) {
        const ulid::ulid id = test::random_ulid(rng);
        const ulid::ulid v7 = ulid::to_uuidv7(id);
        REQUIRE(v7.is_uuidv7());
        REQUIRE(v7.time() == id.time());
        REQUIRE((v7.high() & ~std::uint64_t{0xF000}) == (id.high() & ~std::uint64_t{0xF000}));
        REQUIRE((v7.low() << 2U) == (id.low() << 2U));
        REQUIRE(ulid::to_uuidv7(v7) == v7);
    }
}

#if !defined(_WIN32)
TEST_CASE("make_v7() IDs are ordered across processes that hand them to each other", "[uuidv7][fork]") {
    // A hand-off through a pipe takes far longer than one 244 ns step, so
    // each ID made after receiving the other process's is greater: the
    // cross-process order classic ULIDs cannot give within one millisecond.
    int to_child[2];
    int to_parent[2];
    REQUIRE(::pipe(to_child) == 0);
    REQUIRE(::pipe(to_parent) == 0);
    constexpr int round_trips = 3000;
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(to_child[1]);
        ::close(to_parent[0]);
        int status = 0;
        ulid::ulid received;
        for (int i = 0; i < round_trips; ++i) {
            if (::read(to_child[0], &received, sizeof received) != static_cast<ssize_t>(sizeof received)) {
                status = 2;
                break;
            }
            const ulid::ulid mine = ulid::make_v7();
            if (!(received < mine)) status = 1;
            if (::write(to_parent[1], &mine, sizeof mine) != static_cast<ssize_t>(sizeof mine)) status = 2;
        }
        test::flush_coverage();
        ::_exit(status);
    }
    ::close(to_child[0]);
    ::close(to_parent[1]);
    int out_of_order = 0;
    std::set<ulid::ulid> seen;
    for (int i = 0; i < round_trips; ++i) {
        const ulid::ulid mine = ulid::make_v7();
        REQUIRE(::write(to_child[1], &mine, sizeof mine) == static_cast<ssize_t>(sizeof mine));
        ulid::ulid received;
        REQUIRE(::read(to_parent[0], &received, sizeof received) == static_cast<ssize_t>(sizeof received));
        out_of_order += mine < received ? 0 : 1;
        seen.insert(mine);
        seen.insert(received);
        const ulid::ulid after = ulid::make_v7();
        out_of_order += received < after ? 0 : 1;
    }
    ::close(to_child[1]);
    ::close(to_parent[0]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);  // 1: the child saw an ID out of order
    CHECK(out_of_order == 0);
    CHECK(seen.size() == 2 * round_trips);
}

TEST_CASE("after fork, parent and child share no make_v7() rand_b", "[uuidv7][fork]") {
    (void)ulid::make_v7();
    (void)ulid::make_v7_thread_local();
    constexpr std::size_t n = 2000;
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    std::vector<std::uint64_t> child_values(2 * n);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        for (std::size_t i = 0; i < n; ++i) child_values[i] = rand_b(ulid::make_v7());
        for (std::size_t i = 0; i < n; ++i) child_values[n + i] = rand_b(ulid::make_v7_thread_local());
        const auto bytes = static_cast<ssize_t>(child_values.size() * sizeof(std::uint64_t));
        ::_exit(::write(fds[1], child_values.data(), static_cast<std::size_t>(bytes)) == bytes ? 0 : 1);
    }
    ::close(fds[1]);
    std::set<std::uint64_t> parent;
    for (std::size_t i = 0; i < n; ++i) parent.insert(rand_b(ulid::make_v7()));
    for (std::size_t i = 0; i < n; ++i) parent.insert(rand_b(ulid::make_v7_thread_local()));
    const std::size_t got = test::read_all(fds[0], child_values.data(), child_values.size() * sizeof(std::uint64_t));
    ::close(fds[0]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    REQUIRE(got == child_values.size() * sizeof(std::uint64_t));
    std::size_t shared = 0;
    for (const std::uint64_t v : child_values) shared += parent.count(v);
    CHECK(shared == 0);
}
#endif
