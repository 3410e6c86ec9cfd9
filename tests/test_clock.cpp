// The generators' clock (the cycle-counter clock where it runs, the system
// clock elsewhere): make()'s millisecond lies between two reads of the system
// clock taken around it, for at least 99.5 % of a long series of calls and
// never more than 1 ms outside, also across a step of the real-time clock,
// in another thread and in a forked child.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <sstream>
#include <string>
#include <thread>

namespace {

constexpr std::size_t series_length = 500000;

/// The real-time clock as the generators see it (with the simulated step),
/// in Unix milliseconds.
std::uint64_t seen_now_ms() {
    const auto ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count() +
        ulid::detail::clock_step_for_testing.load();
    return static_cast<std::uint64_t>(ns) / 1000000U;
}

/// How a series of timestamps fell against their brackets.
struct bracket_tally {
    std::size_t calls = 0;
    std::size_t inside = 0;
    std::uint64_t worst_ms = 0;  // farthest outside its bracket

    void add(std::uint64_t before, std::uint64_t ms, std::uint64_t after) {
        ++calls;
        if (ms >= before && ms <= after) {
            ++inside;
        } else {
            worst_ms = std::max(worst_ms, ms < before ? before - ms : ms - after);
        }
    }
    [[nodiscard]] double inside_share() const {
        return calls == 0 ? 0 : static_cast<double>(inside) / static_cast<double>(calls);
    }
    [[nodiscard]] std::string describe() const {
        std::ostringstream s;
        s << inside << " of " << calls << " inside, worst " << worst_ms << " ms outside";
        return s.str();
    }
    /// The promise: at least 99.5 % inside, none more than 1 ms outside.
    [[nodiscard]] bool holds() const { return calls > 0 && inside_share() >= 0.995 && worst_ms <= 1; }
};

/// `read` (returning Unix ms) called `n` times, each between two reads of
/// the clock the generators see.
template <class Read>
bracket_tally bracket(Read read, std::size_t n) {
    bracket_tally tally;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t before = seen_now_ms();
        const std::uint64_t ms = read();
        const std::uint64_t after = seen_now_ms();
        tally.add(before, ms, after);
    }
    return tally;
}

/// Whether this build and machine should run the cycle-counter clock.
bool cycle_clock_expected() {
#if ULID_CYCLE_CLOCK
    return ulid::detail::cycle_clock_window() != 0;
#else
    return false;
#endif
}

/// Reads the clock for up to a second, until the calling thread reads the
/// counter (the slope takes 10 ms to measure). Reports whether it does.
bool warm_up() {
    if (!cycle_clock_expected()) return false;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (!ulid::detail::cycle_clock_running() && std::chrono::steady_clock::now() < until) {
        (void)ulid::detail::clock_ms();
    }
    return ulid::detail::cycle_clock_running();
}

/// Requires the counter to serve this thread where it should; elsewhere
/// says that the system clock was tested instead.
void require_counter_in_use() {
    const bool running = warm_up();
    if (cycle_clock_expected()) {
        REQUIRE(running);
    } else {
        WARN("the cycle-counter clock does not run in this build or on this machine: the system clock is tested");
    }
}

/// Reads the clock until the calling thread has just taken a new anchor, so
/// that the next millisecond of reads would use it unchecked were it not for
/// the coarse clock's guard.
void take_fresh_anchor() {
#if ULID_CYCLE_CLOCK
    if (!cycle_clock_expected()) return;
    // The sample may find the old anchor off (after an earlier step) and
    // forget the slope: then warm up again and take another.
    for (int attempt = 0; attempt < 10; ++attempt) {
        REQUIRE(warm_up());
        const std::uint64_t samples = ulid::detail::cycle_counts.samples.load();
        while (ulid::detail::cycle_counts.samples.load() == samples) (void)ulid::detail::clock_ms();
        if (ulid::detail::cycle_clock_running()) return;
    }
    FAIL("no fresh anchor in 10 attempts");
#endif
}

std::uint64_t resets() {
#if ULID_CYCLE_CLOCK
    return ulid::detail::cycle_counts.resets.load();
#else
    return 0;
#endif
}

/// Holds a simulated step of CLOCK_REALTIME for the generators for its
/// lifetime; afterwards waits until make() no longer holds a time ahead of
/// the real clock, so that later tests start clean.
class simulated_step {
public:
    explicit simulated_step(std::chrono::milliseconds step) : step_(step) {
        ulid::detail::clock_step_for_testing.store(std::chrono::duration_cast<std::chrono::nanoseconds>(step).count());
    }
    simulated_step(const simulated_step&) = delete;
    simulated_step& operator=(const simulated_step&) = delete;
    ~simulated_step() {
        ulid::detail::clock_step_for_testing.store(0);
        if (step_.count() > 0) std::this_thread::sleep_for(step_ + std::chrono::milliseconds(5));
    }

private:
    std::chrono::milliseconds step_;
};

// Both more than CLOCK_REALTIME_COARSE ever lags; back far enough that make()
// holds its time for the whole series.
constexpr std::chrono::milliseconds forward_step{200};
constexpr std::chrono::milliseconds backward_step{-10000};

}  // namespace

TEST_CASE("make() is within the system clock's bracket for 99.5 % of a long series, never 1 ms outside", "[clock]") {
    require_counter_in_use();
    const bracket_tally tally = bracket([] { return ulid::make().time(); }, series_length);
    INFO(tally.describe());
    REQUIRE(tally.holds());
}

TEST_CASE("make_thread_local() and make_batch() read the same clock, within the same bracket", "[clock]") {
    require_counter_in_use();
    const bracket_tally own = bracket([] { return ulid::make_thread_local().time(); }, series_length);
    INFO("make_thread_local(): " << own.describe());
    REQUIRE(own.holds());
    std::array<ulid::ulid, 4> batch{};
    const bracket_tally batches = bracket(
        [&batch] {
            ulid::make_batch(batch.data(), batch.size());
            return batch.front().time();
        },
        series_length / 4);
    INFO("make_batch(): " << batches.describe());
    REQUIRE(batches.holds());
}

TEST_CASE("the clock is within the bracket in a new thread from its first call", "[clock]") {
    require_counter_in_use();  // the slope is known: a new thread needs only an anchor
    bracket_tally tally;
    bool running = false;
    std::thread([&] {
        tally = bracket([] { return ulid::make().time(); }, series_length / 5);
        running = ulid::detail::cycle_clock_running();
    }).join();
    INFO(tally.describe());
    REQUIRE(tally.holds());
    if (cycle_clock_expected()) REQUIRE(running);
}

// Only where the cycle-counter clock is built in (not in ulid_tests_system_clock); its own ctest entry, since a
// machine whose counter is not uniform cannot run it.
#if ULID_CYCLE_CLOCK
TEST_CASE("a read more than a second after a thread's first sample measures no slope from that span",
          "[clock][faults][skippable][cycle_clock]") {
    if (!cycle_clock_expected()) {
        ULID_TEST_SKIP("this machine's cycle counter is not uniform, so the generators read the system clock");
    }
    REQUIRE(warm_up());
    const std::uint64_t known = ulid::detail::cycle_slope.load();
    std::uint64_t published = 0;
    std::thread([&] {
        // This thread's line starts while no slope is known. Its next read
        // comes 20 ms later by the counter but 2^32 ns + 40 ms later by the
        // kernel clock (a simulated step): a span past 2^32 ns overflows a
        // 64-bit span << 32, which here would leave a slope twice the true
        // one, within the plausible range.
        ulid::detail::cycle_slope.store(0);
        (void)ulid::detail::clock_ms();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        ulid::detail::clock_step_for_testing.store((std::int64_t{1} << 32) + 20000000);
        (void)ulid::detail::clock_ms();
        published = ulid::detail::cycle_slope.load();
        ulid::detail::clock_step_for_testing.store(0);
    }).join();
    INFO("known slope " << known << ", published " << published);
    const std::uint64_t off = published > known ? published - known : known - published;
    REQUIRE((published == 0 || off <= known / 1000));
    REQUIRE(warm_up());
}
#endif

TEST_CASE("a forward step of the real-time clock: make() follows it at once", "[clock][faults]") {
    require_counter_in_use();
    const std::uint64_t resets_before = resets();
    take_fresh_anchor();
    const simulated_step step(forward_step);
    const bracket_tally tally = bracket([] { return ulid::make().time(); }, series_length);
    INFO(tally.describe());
    REQUIRE(tally.holds());
    if (cycle_clock_expected()) {
        REQUIRE(resets() > resets_before);  // the counter's line was found off, not used
        REQUIRE(warm_up());                 // and the counter serves again once re-measured
        const bracket_tally again = bracket([] { return ulid::make().time(); }, series_length / 5);
        INFO("after recalibration: " << again.describe());
        REQUIRE(again.holds());
    }
}

TEST_CASE("a backward step of the real-time clock: the clock follows it, make() holds its last time",
          "[clock][faults]") {
    require_counter_in_use();
    const std::uint64_t resets_before = resets();
    const ulid::ulid last = ulid::make();
    take_fresh_anchor();
    const simulated_step step(backward_step);
    const bracket_tally tally = bracket([] { return ulid::detail::clock_ms(); }, series_length);
    INFO(tally.describe());
    REQUIRE(tally.holds());
    if (cycle_clock_expected()) REQUIRE(resets() > resets_before);
    // make()'s step-back behaviour: never below its last ULID, at its last
    // time until the clock catches up.
    const ulid::ulid next = ulid::make();
    REQUIRE(last < next);
    REQUIRE(next.time() == last.time());
}

TEST_CASE("a step smaller than the coarse clock shows is seen within a millisecond", "[clock][faults]") {
    // A step back of up to about 54 ms, or (simulated) forward by less than
    // CLOCK_REALTIME_COARSE lags, passes the coarse check; the next anchor,
    // at most 1 ms later, sees it.
    for (const std::chrono::milliseconds small : {std::chrono::milliseconds(5), std::chrono::milliseconds(-5)}) {
        INFO("step " << small.count() << " ms");
        require_counter_in_use();
        take_fresh_anchor();
        const simulated_step step(small);
        const auto start = std::chrono::steady_clock::now();
        bracket_tally early;
        bracket_tally late;
        // Judged on a count of calls as well as on time: a thread that a
        // loaded machine deschedules for most of 20 ms would otherwise judge
        // the promise (99.5 %) on a few hundred calls.
        while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(20) || late.calls < 100000) {
            const bool settled = std::chrono::steady_clock::now() - start > std::chrono::microseconds(1500);
            const std::uint64_t before = seen_now_ms();
            const std::uint64_t ms = ulid::detail::clock_ms();
            const std::uint64_t after = seen_now_ms();
            (settled ? late : early).add(before, ms, after);
        }
        INFO("first 1.5 ms: " << early.describe() << "; after: " << late.describe());
        REQUIRE(early.worst_ms <= 6);
        REQUIRE(late.holds());
    }
}

#if !defined(_WIN32)
TEST_CASE("after fork(), the child's make() is within the bracket from its first call", "[clock][fork]") {
    require_counter_in_use();
    const bool expected = cycle_clock_expected();
    const test::child_result child = test::run_in_child([expected]() -> std::string {
        // The child inherits the parent's slope and anchor: the counter
        // serves its first read, with no calibration of its own.
        if (expected && !ulid::detail::cycle_clock_running()) return "the child does not read the counter";
        const bracket_tally tally = bracket([] { return ulid::make().time(); }, series_length / 2);
        if (!tally.holds()) return "child: " + tally.describe();
        if (expected && !ulid::detail::cycle_clock_running()) return "the child stopped reading the counter";
        return {};
    });
    INFO(child.output);
    REQUIRE(child.exited);
    REQUIRE(child.exit_code == 0);
}
#endif

#if ULID_CYCLE_CLOCK
TEST_CASE("a new sample judges the line it replaces: on it, stale, gone back or missed", "[clock]") {
    using ulid::detail::cycle_verdict;
    ulid::detail::cycle_clock_line line;
    line.base_ticks = 1000000;
    line.base_ns = 5000000000;
    line.slope = std::uint64_t{1} << 32U;  // 1 ns a tick
    const auto judge = [&line](std::uint64_t ticks, std::uint64_t ns) {
        ulid::detail::cycle_sample s;
        s.ticks = ticks;
        s.ns = ns;
        s.width = 0;
        return ulid::detail::judge_cycle_line(line, s);
    };
    // 10 ms on: 20 us + 10 us allowed either way.
    CHECK(judge(line.base_ticks + 10000000, line.base_ns + 10000000) == cycle_verdict::holds);
    CHECK(judge(line.base_ticks + 10000000, line.base_ns + 10000000 + 29000) == cycle_verdict::holds);
    CHECK(judge(line.base_ticks + 10000000, line.base_ns + 10000000 + 31000) == cycle_verdict::off);
    CHECK(judge(line.base_ticks + 10000000 + 31000, line.base_ns + 10000000) == cycle_verdict::off);
    CHECK(judge(line.base_ticks - 1, line.base_ns + 10) == cycle_verdict::off);
    CHECK(judge(line.base_ticks + 10, line.base_ns - 1) == cycle_verdict::off);
    // Over a second on, a miss is not blamed on the line.
    CHECK(judge(line.base_ticks + 2000000000, line.base_ns + 2000000000 + 5000000) == cycle_verdict::stale);
    line.slope = 0;  // no line to judge
    CHECK(judge(0, 0) == cycle_verdict::holds);
}

TEST_CASE("a measured slope is kept only if sane and within 0.1 % of the known one", "[clock]") {
    using ulid::detail::measure_cycle_slope;
    const std::uint64_t one_ns = std::uint64_t{1} << 32U;
    CHECK(measure_cycle_slope(10000000, 10000000, 0) == one_ns);
    CHECK(measure_cycle_slope(10000000, 10000000, one_ns + one_ns / 2000U) == one_ns);
    CHECK(measure_cycle_slope(10000000, 10000000, one_ns + one_ns / 500U) == 0);
    CHECK(measure_cycle_slope(10000000, 400000000, 0) == 0);             // 40 GHz
    CHECK(measure_cycle_slope(10000000, 5000, 0) == 0);                  // 500 kHz
    CHECK(measure_cycle_slope(10000000, 200000000, 0) == one_ns / 20U);  // 20 GHz
}
#endif
