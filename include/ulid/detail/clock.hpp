// SPDX-License-Identifier: MIT
// ulid/detail/clock.hpp: the generators' clock: the system clock in
// milliseconds, or the calibrated cycle counter (ULID_CYCLE_CLOCK).
//
// Uses core.hpp's time. Used by layouts, generation and the make functions.
// Tested in test_clock.cpp, test_time.cpp.

#ifndef ULID_DETAIL_CLOCK_HPP
#define ULID_DETAIL_CLOCK_HPP

namespace ulid::detail {

// The generators' clock. make(), make_thread_local() and make_batch() read
// CLOCK_REALTIME interpolated by the CPU's cycle counter, the scheme of
// Abseil's absl::Now() (absl/time/clock.cc): a kernel sample anchors a line
// whose slope, the counter's period, is measured over 10 ms to 1 s of earlier
// samples. Abseil reads the kernel clock between two counter reads; here the
// counter is read between two kernel reads (take_cycle_sample() says why).
// Unlike Abseil each thread keeps its own anchor and takes a new one every
// millisecond (on the first read after it), so the line never runs far, and
// every read is checked against CLOCK_REALTIME_COARSE (a vDSO read of the
// kernel's last update): an estimate behind it, or ahead by more than a tick
// plus 50 ms (it lags by up to 17 ms in a busy VM), is not used. The kernel
// clock answers instead, and the sample it takes judges the anchor: off by
// more than 20 us plus 1000 ppm of the time since means a step of the real
// clock, a suspend, a migration, a counter gone back or a changed rate, and
// the slope is forgotten until measured again. No lock, no shared write on
// the fast path; a forked child inherits a slope and an anchor that still
// hold, because the counter and CLOCK_REALTIME are the machine's, not the
// process's. docs/design.md has the reasoning; ULID_NO_CYCLE_CLOCK turns it
// off.

#if defined(ULID_TEST_CLOCK_STEP)
/// Test hook: nanoseconds added to every read of the real-time clock by the
/// generators, to simulate a step of CLOCK_REALTIME.
inline std::atomic<std::int64_t> clock_step_for_testing{0};
[[nodiscard]] inline std::int64_t clock_step_ns() noexcept {
    return clock_step_for_testing.load(std::memory_order_relaxed);
}
#else
// Without the test-only switch the hook is a constant: no load on any clock path.
[[nodiscard]] constexpr std::int64_t clock_step_ns() noexcept { return 0; }
#endif

/// The system clock in Unix milliseconds, with the test hook's step.
[[nodiscard]] ULID_FORCE_INLINE std::uint64_t system_clock_ms() noexcept {
    const std::int64_t step = clock_step_ns();
    if (ULID_LIKELY(step == 0)) return now();
    using clock = std::chrono::system_clock;
    return timestamp(clock::now() + std::chrono::duration_cast<clock::duration>(std::chrono::nanoseconds(step)));
}

#if ULID_CYCLE_CLOCK

inline constexpr std::uint64_t cycle_refresh_ns = 1000000;       // a new anchor each ms
inline constexpr std::uint64_t cycle_slope_min_ns = 10000000;    // slope measured over 10 ms...
inline constexpr std::uint64_t cycle_slope_max_ns = 1000000000;  // ...to 1 s of samples
inline constexpr std::uint64_t cycle_early_ns = 20000;           // allowed behind the coarse clock
inline constexpr std::uint64_t cycle_late_ns = 50000000;         // ahead of it beyond a tick
inline constexpr std::uint64_t cycle_sample_max_ns = 20000;      // widest usable sample

/// What the slow path did (tests and docs/performance.md read them).
struct cycle_clock_counts {
    std::atomic<std::uint64_t> samples{0};  // kernel samples taken
    std::atomic<std::uint64_t> slopes{0};   // slopes measured and published
    std::atomic<std::uint64_t> resets{0};   // anchors found off: the slope forgotten
};
inline cycle_clock_counts cycle_counts;

/// The counter's period in 2^-32 ns, shared by all threads; 0 when unknown.
inline std::atomic<std::uint64_t> cycle_slope{0};

/// One thread's line: ns = base_ns + (counter - base_ticks) * slope / 2^32,
/// used while counter - base_ticks < limit (limit 0: not calibrated).
struct cycle_clock_line {
    std::uint64_t base_ticks = 0;
    std::uint64_t base_ns = 0;
    std::uint64_t slope = 0;
    std::uint64_t limit = 0;
    std::uint64_t window = 0;      // the estimate's allowed span above coarse - cycle_early_ns
    std::uint64_t from_ticks = 0;  // the sample the slope is measured from
    std::uint64_t from_ns = 0;
};
inline thread_local cycle_clock_line cycle_line;

[[nodiscard]] ULID_FORCE_INLINE std::uint64_t read_counter() noexcept {
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#else
    std::uint64_t ticks = 0;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(ticks));
    return ticks;
#endif
}

[[nodiscard]] ULID_FORCE_INLINE std::uint64_t kernel_ns(clockid_t clock) noexcept {
    timespec ts{};
    (void)::clock_gettime(clock, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000U + static_cast<std::uint64_t>(ts.tv_nsec) +
           static_cast<std::uint64_t>(clock_step_ns());
}

/// (a * b) >> 32 without overflow for any result below 2^64.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a product: the order does not matter
[[nodiscard]] inline std::uint64_t mul_shift32(std::uint64_t a, std::uint64_t b) noexcept {
    const std::uint64_t ah = a >> 32U;
    const std::uint64_t al = a & 0xffffffffU;
    const std::uint64_t bh = b >> 32U;
    const std::uint64_t bl = b & 0xffffffffU;
    return ((ah * bh) << 32U) + ah * bl + al * bh + ((al * bl) >> 32U);
}

/// The coarse clock's tick plus cycle_early_ns and cycle_late_ns; 0 when the
/// counter cannot be trusted: no invariant TSC (CPUID 0x80000007, EDX bit 8),
/// no counter frequency on AArch64, or a coarse tick above 20 ms.
#if ULID_COMPILED_DECL
[[nodiscard]] std::uint64_t detect_cycle_clock_window() noexcept;
#else
[[nodiscard]] ULID_COLD_INLINE std::uint64_t detect_cycle_clock_window() noexcept {
#if defined(__x86_64__)
    unsigned a = 0x80000000U;
    unsigned b = 0;
    unsigned c = 0;
    unsigned d = 0;
    __asm__ __volatile__("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
    if (a < 0x80000007U) return std::uint64_t{0};
    a = 0x80000007U;
    c = 0;
    __asm__ __volatile__("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
    if ((d & (1U << 8U)) == 0) return std::uint64_t{0};
#else
    std::uint64_t frequency = 0;
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(frequency));
    if (frequency == 0) return std::uint64_t{0};
#endif
    timespec tick{};
    if (::clock_getres(CLOCK_REALTIME_COARSE, &tick) != 0 || tick.tv_sec != 0 || tick.tv_nsec > 20000000) {
        return std::uint64_t{0};
    }
    return static_cast<std::uint64_t>(tick.tv_nsec) + cycle_early_ns + cycle_late_ns;
}
#endif

/// detect_cycle_clock_window(), once it has run; all ones before. Not a
/// function-local static: its guard could be held by a parent's thread at a
/// fork, and the child would wait on it forever. Threads that race work out
/// the same value.
inline std::atomic<std::uint64_t> cycle_window_cache{~std::uint64_t{0}};

[[nodiscard]] inline std::uint64_t cycle_clock_window() noexcept {
    std::uint64_t window = cycle_window_cache.load(std::memory_order_relaxed);
    if (ULID_UNLIKELY(window == ~std::uint64_t{0})) {
        window = detect_cycle_clock_window();
        cycle_window_cache.store(window, std::memory_order_relaxed);
    }
    return window;
}

/// A kernel sample: the counter, the kernel time beside it, and how far
/// apart the two kernel reads that bracket it were.
struct cycle_sample {
    std::uint64_t ticks = 0;
    std::uint64_t ns = 0;
    std::uint64_t width = ~std::uint64_t{0};
};

/// Sample: the narrowest of three, the least likely to have been interrupted.
/// The counter is read between two kernel reads (Abseil reads the kernel
/// between two counter reads), so that the width is in nanoseconds before
/// any slope is known.
[[nodiscard]] inline cycle_sample take_cycle_sample() noexcept {
    cycle_sample best;
    for (int i = 0; i < 3; ++i) {
        const std::uint64_t before = kernel_ns(CLOCK_REALTIME);
        const std::uint64_t t = read_counter();
        const std::uint64_t after = kernel_ns(CLOCK_REALTIME);
        if (after - before < best.width) {
            best.width = after - before;
            best.ticks = t;
            best.ns = before + best.width / 2;
        }
    }
    cycle_counts.samples.fetch_add(1, std::memory_order_relaxed);
    return best;
}

/// What a new sample says of the line it replaces.
enum class cycle_verdict {
    holds,  // on the line, or no line to judge
    stale,  // over a second old: rates and steps cannot be told apart, no blame
    off,    // went back, or missed: the slope is not to be trusted
};

/// Judge: a line missing its sample by more than 20 us plus 1000 ppm of the
/// time since has seen a step, a suspend, a migration or a changed rate.
[[nodiscard]] inline cycle_verdict judge_cycle_line(const cycle_clock_line& line, const cycle_sample& s) noexcept {
    if (line.slope == 0) return cycle_verdict::holds;
    if (s.ticks < line.base_ticks || s.ns < line.base_ns) return cycle_verdict::off;
    const std::uint64_t since = s.ns - line.base_ns;
    if (since > cycle_slope_max_ns) return cycle_verdict::stale;
    const std::uint64_t estimate = line.base_ns + mul_shift32(s.ticks - line.base_ticks, line.slope);
    const std::uint64_t off = estimate > s.ns ? estimate - s.ns : s.ns - estimate;
    return off > cycle_early_ns + since / 1000U ? cycle_verdict::off : cycle_verdict::holds;
}

/// Measure: the slope over `span` ns (10 ms to 1 s) and `ticks`, or 0 if a
/// counter so fast or slow is not sane (1 MHz to 20 GHz) or it moved from the
/// known `slope` by more than 0.1 % (NTP slews at most 0.05 %).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal: elapsed time, then the ticks it took
[[nodiscard]] inline std::uint64_t measure_cycle_slope(std::uint64_t span, std::uint64_t ticks,
                                                       std::uint64_t slope) noexcept {
    const std::uint64_t measured = (span << 32U) / ticks;
    const bool sane = measured >= (std::uint64_t{1} << 32U) / 20U && measured <= (std::uint64_t{1000} << 32U);
    const std::uint64_t moved = measured > slope ? measured - slope : slope - measured;
    return sane && (slope == 0 || moved <= slope / 1000U) ? measured : 0;
}

/// Anchor: the line restarts at the sample, for the next millisecond of
/// counter ticks (none while no slope is known).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal: the known slope, then the window it holds for
inline void anchor_cycle_line(cycle_clock_line& line, const cycle_sample& s, std::uint64_t slope,
                              std::uint64_t window) noexcept {
    line.base_ticks = s.ticks;
    line.base_ns = s.ns;
    line.slope = slope;
    line.limit = slope == 0 ? 0 : (cycle_refresh_ns << 32U) / slope;
    line.window = window;
}

/// The kernel clock, and a new sample for the calling thread's line: sample,
/// judge the old line, measure the slope, anchor the new line.
#if ULID_COMPILED_DECL
ULID_NOINLINE std::uint64_t cycle_clock_slow() noexcept;
#else
ULID_NOINLINE ULID_COLD_INLINE std::uint64_t cycle_clock_slow() noexcept {
    const std::uint64_t window = cycle_clock_window();
    if (window == 0) return kernel_ns(CLOCK_REALTIME);
    cycle_clock_line& line = cycle_line;
    std::uint64_t slope = cycle_slope.load(std::memory_order_relaxed);
    if (slope == 0 && line.from_ns != 0) {
        // Waiting to measure a slope: the kernel clock alone.
        const std::uint64_t ns = kernel_ns(CLOCK_REALTIME);
        if (ns - line.from_ns < cycle_slope_min_ns) return ns;
    }
    const cycle_sample s = take_cycle_sample();
    if (s.width > cycle_sample_max_ns) return s.ns;

    const cycle_verdict verdict = judge_cycle_line(line, s);
    if (verdict == cycle_verdict::off) {
        cycle_counts.resets.fetch_add(1, std::memory_order_relaxed);
        cycle_slope.store(0, std::memory_order_relaxed);
        slope = 0;
    }
    // A slope is measured over 10 ms to 1 s: a longer span (a thread idle
    // for seconds) cannot tell a rate from a step, and would overflow.
    if (verdict != cycle_verdict::holds || line.from_ns == 0 || s.ns < line.from_ns ||
        s.ns - line.from_ns > cycle_slope_max_ns) {
        line.from_ticks = s.ticks;
        line.from_ns = s.ns;
    } else if (s.ns - line.from_ns >= cycle_slope_min_ns && s.ticks > line.from_ticks) {
        const std::uint64_t span = s.ns - line.from_ns;
        slope = measure_cycle_slope(span, s.ticks - line.from_ticks, slope);
        cycle_slope.store(slope, std::memory_order_relaxed);
        if (slope != 0) cycle_counts.slopes.fetch_add(1, std::memory_order_relaxed);
        if (span >= cycle_slope_max_ns || slope == 0) {
            line.from_ticks = s.ticks;
            line.from_ns = s.ns;
        }
    }
    anchor_cycle_line(line, s, slope, window);
    return s.ns;
}
#endif

/// CLOCK_REALTIME in nanoseconds, from the counter when it can be trusted.
[[nodiscard]] ULID_FORCE_INLINE std::uint64_t clock_ns() noexcept {
    const cycle_clock_line& line = cycle_line;
    if (ULID_LIKELY(line.limit != 0)) {
        const std::uint64_t coarse = kernel_ns(CLOCK_REALTIME_COARSE);
        const std::uint64_t ticks = read_counter() - line.base_ticks;
        if (ULID_LIKELY(ticks < line.limit)) {
            const std::uint64_t ns = line.base_ns + ((ticks * line.slope) >> 32U);
            if (ULID_LIKELY(ns + cycle_early_ns - coarse < line.window)) return ns;
        }
    }
    return cycle_clock_slow();
}

/// Whether the calling thread's next clock read may come from the counter.
[[nodiscard]] inline bool cycle_clock_running() noexcept {
    return cycle_line.limit != 0 && cycle_slope.load(std::memory_order_relaxed) != 0;
}

/// The generators' clock in Unix milliseconds.
[[nodiscard]] ULID_FORCE_INLINE std::uint64_t clock_ms() noexcept { return clock_ns() / 1000000U; }

#else

[[nodiscard]] inline bool cycle_clock_running() noexcept { return false; }

[[nodiscard]] ULID_FORCE_INLINE std::uint64_t clock_ms() noexcept { return system_clock_ms(); }

#endif

/// The tick of a Unix time in nanoseconds: the millisecond, then the
/// fraction of it in 4096 steps (rounded down).
[[nodiscard]] constexpr std::uint64_t v7_tick(std::uint64_t ns) noexcept {
    return ((ns / 1000000U) << 12U) | (((ns % 1000000U) << 12U) / 1000000U);
}

/// v7_tick(sec * 10^9 + nsec) with one division: the second is a whole
/// 4096000 ticks, and nsec * 4096 / 10^6 is nsec * 512 / 125000.
[[nodiscard]] constexpr std::uint64_t v7_tick(std::uint64_t sec, std::uint64_t nsec) noexcept {
    return sec * 4096000U + nsec * 512U / 125000U;
}

/// The current time in 1/4096 ms (RFC 9562 section 6.2, method 3: 12 bits of
/// sub-millisecond precision, as PostgreSQL 18's uuidv7()), from the precise
/// system clock: make_v7()'s order across processes rests on it.
[[nodiscard]] inline std::uint64_t now_v7_tick() noexcept {
    const std::int64_t step = clock_step_ns();
#if defined(__linux__)
    // The clock system_clock::now() reads, without its count of nanoseconds
    // (a multiply) and the two divisions that count then needs.
    timespec ts{};
    if (ULID_LIKELY(step == 0) && ::clock_gettime(CLOCK_REALTIME, &ts) == 0 && ts.tv_sec >= 0) {
        return v7_tick(static_cast<std::uint64_t>(ts.tv_sec), static_cast<std::uint64_t>(ts.tv_nsec));
    }
#endif
    const auto ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count() +
        step;
    return ns < 0 ? 0 : v7_tick(static_cast<std::uint64_t>(ns));
}

}  // namespace ulid::detail
#endif  // ULID_DETAIL_CLOCK_HPP
