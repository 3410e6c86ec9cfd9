// Clock faults through source.next(clock(), id), the exact path of make()
// with an injected clock: a clock that steps backwards, stands still and
// jumps forwards. Output stays strictly increasing, follows the clock
// whenever the clock is ahead of the last ID, and make() never throws.
#include "catch.hpp"
#include "reliability.hpp"

#include <algorithm>
#include <atomic>
#include <random>
#include <thread>
#include <vector>

#if !defined(_WIN32)
#include <csignal>
#include <string>

#include <sys/wait.h>
#include <unistd.h>
#endif

namespace {

/// What make() does with a library monotonic source, for a chosen clock:
/// next(clock(), id), aborting on an error (never expected here).
template <class Monotonic, class Clock>
ulid::ulid next_at(Monotonic& source, Clock&& clock) {
    ulid::ulid id;
    if (const std::error_code ec = source.next(clock(), id)) {
        std::fprintf(stderr, "next() failed: %s\n", ec.message().c_str());
        std::abort();
    }
    return id;
}

constexpr std::uint64_t day = 24ULL * 60 * 60 * 1000;
constexpr std::uint64_t start = 1700000000000ULL;  // November 2023

/// A clock script: stands still, steps back by 1 ms, by a second, by a day
/// and to zero, jumps forwards by a day and by years, returns to normal.
std::vector<std::uint64_t> faulty_clock_script() {
    std::vector<std::uint64_t> script;
    std::uint64_t t = start;
    for (int i = 0; i < 50; ++i) script.push_back(t);    // standing still
    for (int i = 0; i < 50; ++i) script.push_back(++t);  // normal
    script.push_back(t - 1);                             // back 1 ms
    script.push_back(t - 1000);                          // back 1 s
    for (int i = 0; i < 20; ++i) script.push_back(t - 1000);
    script.push_back(t + 5);  // ahead again
    script.push_back(t - day);
    script.push_back(0);                               // the epoch
    script.push_back(t + day);                         // jump forwards a day
    for (int i = 0; i < 20; ++i) script.push_back(t);  // and back: held at t + day
    script.push_back(t + day + 1);                     // catching up
    script.push_back(t + 3650 * day);                  // ten years ahead
    script.push_back(t + 3650 * day);
    script.push_back(t + 2 * day);                                                     // back again
    for (std::uint64_t i = 0; i < 200; ++i) script.push_back(t + 3650 * day + i / 7);  // normal, 7 a ms
    script.push_back(ulid::max_time - 2);                                              // to the end of time
    script.push_back(ulid::max_time - 10);
    script.push_back(ulid::max_time);
    script.push_back(ulid::max_time - 1);
    return script;
}

template <class Monotonic>
void check_against_script(Monotonic& source) {
    const std::vector<std::uint64_t> script = faulty_clock_script();
    std::size_t tick = 0;
    auto clock = [&] { return script[tick++]; };
    STATIC_REQUIRE(noexcept(source.next(std::uint64_t{0}, std::declval<ulid::ulid&>())));

    ulid::ulid last;
    for (std::size_t i = 0; i < script.size(); ++i) {
        INFO("call " << i << ", clock " << script[i]);
        const ulid::ulid id = next_at(source, clock);
        REQUIRE(tick == i + 1);  // one clock read a call
        if (i > 0) {
            REQUIRE(last < id);
            // The clock when it is ahead, else the last timestamp held.
            REQUIRE(id.time() == std::max(script[i], last.time()));
        } else {
            REQUIRE(id.time() == script[0]);
        }
        last = id;
    }
    REQUIRE(last.time() == ulid::max_time);
}

}  // namespace

TEST_CASE("next() with a clock that steps back, stands still and jumps forwards", "[clock][faults]") {
    SECTION("monotonic_entropy with a custom reader, default increment") {
        ulid::monotonic_entropy<rel::splitmix_reader> source(rel::splitmix_reader(1));
        check_against_script(source);
    }
    SECTION("monotonic_entropy with std::mt19937_64, increment 1") {
        ulid::monotonic_entropy<std::mt19937_64> source(std::mt19937_64(2), 1);
        check_against_script(source);
    }
    SECTION("locked_monotonic_entropy with the secure default source") {
        ulid::default_entropy_type source(std::in_place, ulid::secure_entropy{}, std::uint64_t{0});
        check_against_script(source);
    }
}

TEST_CASE("a standing clock with used-up milliseconds: make() runs ahead one millisecond at a time",
          "[clock][faults]") {
    // All-ones seeds and an increment of 1: each millisecond holds one ID.
    struct all_ones {
        std::error_code read(std::uint8_t* dst, std::size_t n) noexcept {
            std::fill(dst, dst + n, std::uint8_t{0xFF});
            return {};
        }
    };
    ulid::monotonic_entropy<all_ones> source(all_ones{}, 1);
    std::uint64_t clock_value = 5000;
    auto clock = [&] { return clock_value; };
    ulid::ulid last = next_at(source, clock);
    REQUIRE(last.time() == 5000);
    for (std::uint64_t i = 1; i <= 100; ++i) {
        const ulid::ulid id = next_at(source, clock);  // the clock stands at 5000
        REQUIRE(last < id);
        REQUIRE(id.time() == 5000 + i);
        last = id;
    }
    clock_value = 4000;  // steps back: still one past the last
    ulid::ulid id = next_at(source, clock);
    REQUIRE(id.time() == 5101);
    REQUIRE(last < id);
    clock_value = 9000;  // jumps forwards: follows the clock again
    id = next_at(source, clock);
    REQUIRE(id.time() == 9000);
    id = next_at(source, clock);
    REQUIRE(id.time() == 9001);
}

TEST_CASE("threads sharing a source and a jittery clock get increasing, unique IDs", "[clock][faults][concurrency]") {
    // Each read of the shared clock lands between 3 ms behind and 4 ms ahead
    // of a slowly rising line, so consecutive reads step back and forth.
    std::atomic<std::uint64_t> reads{0};
    auto clock = [&reads] {
        const std::uint64_t n = reads.fetch_add(1);
        const std::uint64_t jitter = (n * 0x9E3779B97F4A7C15ULL) >> 61U;  // 0..7
        return start + n / 64 + 4 - jitter;
    };
    ulid::locked_monotonic_entropy<ulid::monotonic_entropy<rel::splitmix_reader>> source(
        std::in_place, rel::splitmix_reader(3), std::uint64_t{1} << 20U);
    constexpr std::size_t threads_count = 4;
    constexpr std::size_t per_thread = 20000;
    std::vector<std::vector<ulid::ulid>> made(threads_count);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < threads_count; ++t) {
        threads.emplace_back([&, t] {
            made[t].reserve(per_thread);
            for (std::size_t i = 0; i < per_thread; ++i) made[t].push_back(next_at(source, clock));
        });
    }
    for (auto& th : threads) th.join();
    const rel::merged_ids merged = rel::merge_threads(made);
    const std::vector<ulid::ulid>& all = merged.sorted;
    REQUIRE(merged.out_of_order == 0);
    REQUIRE(std::adjacent_find(all.begin(), all.end()) == all.end());
    REQUIRE(all.size() == threads_count * per_thread);
    // Never behind the lowest clock reading, never ahead of the highest.
    REQUIRE(all.front().time() >= start - 3);
    REQUIRE(all.back().time() <= start + (threads_count * per_thread) / 64 + 4);
}

#if !defined(_WIN32)
TEST_CASE("make()'s path aborts with a message, never throws, when the clock is past max_time",
          "[clock][faults][errors]") {
    // The one failure make() cannot report: checked in a child process.
    const rel::child_result child = rel::run_in_child([] {
        ulid::monotonic_entropy<rel::splitmix_reader> source(rel::splitmix_reader(4));
        (void)ulid::detail::next_or_abort(source, ulid::max_time + 1);
        return std::string("make() returned");
    });
    INFO(child.output);
    REQUIRE(child.signal == SIGABRT);
    REQUIRE(child.output.find("ulid: make(): timestamp too big") != std::string::npos);
}
#endif
