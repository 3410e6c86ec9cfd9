// SPDX-License-Identifier: MIT
// ulid/detail/monotonic.hpp: layouts (ulid_layout, uuidv7_layout) and
// monotonic generation: monotonic<Layout>, access, the process and thread
// generators.
//
// Uses detail/clock.hpp, detail/sources.hpp, detail/lock.hpp. Used by
// generator.hpp (the make functions). Tested in test_monotonic, test_observe,
// test_uuidv7, test_generator_model, compile_fail/.

#ifndef ULID_DETAIL_MONOTONIC_HPP
#define ULID_DETAIL_MONOTONIC_HPP

// Included from a public header, after detail/config.hpp.
#include <ulid/detail/clock.hpp>
#include <ulid/detail/lock.hpp>
#include <ulid/detail/sources.hpp>

namespace ulid {

// ---------------------------------------------------------------------------
// Layouts
// ---------------------------------------------------------------------------
// Uses time; used by generation and the make functions; tested in test_uuidv7, test_monotonic, compile_fail/.
//
// Each layout's whole behaviour (see ulid_layout); monotonic_entropy and the
// make functions are written once over them.

ULID_FORCE_INLINE std::uint64_t ulid_layout::now_tick() noexcept { return detail::clock_ms(); }

inline std::uint64_t ulid_layout::handler_tick() noexcept { return detail::system_clock_ms(); }

constexpr ulid ulid_layout::make_id(std::uint64_t tick, std::uint64_t high, std::uint64_t low) noexcept {
    return ulid::from_high_low((tick << 16U) | high, low);
}

constexpr void ulid_layout::seed(const entropy_array& fresh, detail::monotonic_state::position& counter) noexcept {
    counter.high = detail::load_be(fresh.data(), 2);
    counter.low = detail::load_be(fresh.data() + 2, 8);
}

constexpr detail::observed_place ulid_layout::place(const ulid& x) noexcept {
    return {x.time(), x.high() & 0xFFFFU, x.low(), true};
}

// uuidv7_layout: the precise system clock, since the cycle counter's error
// (tens of ns measured, but up to about 500 ns while NTP changes the rate,
// docs/design.md) is not well under one 244 ns step, which make_v7()'s
// order across processes rests on.
ULID_FORCE_INLINE std::uint64_t uuidv7_layout::now_tick() noexcept { return detail::now_v7_tick(); }

inline std::uint64_t uuidv7_layout::handler_tick() noexcept { return detail::now_v7_tick(); }

constexpr ulid uuidv7_layout::make_id(std::uint64_t tick, std::uint64_t /*high*/, std::uint64_t low) noexcept {
    // RFC 9562 section 5.7: unix_ts_ms, ver 0111, rand_a, var 10, rand_b.
    const std::uint64_t ms = tick >> 12U;
    const std::uint64_t rand_a = tick & 0xFFFU;
    return ulid::from_high_low((ms << 16U) | 0x7000U | rand_a, (std::uint64_t{2} << 62U) | low);
}

constexpr void uuidv7_layout::seed(const entropy_array& fresh, detail::monotonic_state::position& counter) noexcept {
    counter.high = 0;
    counter.low = detail::load_be(fresh.data() + 2, 8) & ((std::uint64_t{1} << 62U) - 1U);
}

constexpr detail::observed_place uuidv7_layout::place(const ulid& x) noexcept {
    // A UUIDv7 is placed exactly; any other ID sorts before or after all
    // UUIDv7 IDs of its millisecond or tick by its version and variant bits,
    // which sit where a UUIDv7's are constant.
    const std::uint64_t ms = x.time();
    const std::uint64_t version = (x.high() >> 12U) & 0xFU;
    const std::uint64_t tick = (ms << 12U) | (x.high() & 0xFFFU);
    const std::uint64_t variant = x.low() >> 62U;
    if (version != 7) return {(version < 7 ? ms : ms + 1U) << 12U, 0, 0, false};
    if (variant != 2) return {variant < 2 ? tick : tick + 1U, 0, 0, false};
    return {tick, 0, x.low() & ((std::uint64_t{1} << 62U) - 1U), true};
}

// ---------------------------------------------------------------------------
// Monotonic generation
// ---------------------------------------------------------------------------
// Uses layouts, drawing, the lock; used by the make functions; tested in test_monotonic, test_observe, test_uuidv7.

// monotonic_state holds two positions, each a tick, a counter and the fork
// epoch it was seeded in, and no call of one sequence touches the other's:
//
//   last   next()'s: next(t) works at max(t, last.tick); at last.tick it adds
//          a random step to last's counter (a used-up counter moves on to
//          the next tick), at a later tick it reseeds. observe(x) puts last
//          above x when it is not already (the receive rule of a hybrid
//          logical clock, Kulkarni et al. 2014: x's tick, and a counter that
//          absorbs the chain of observed IDs). So every next() ID is above
//          every earlier one and every observed x: the state is its proof.
//   read   read_monotonic()'s, oklog/ulid's Monotonic: at read.tick a step,
//          at any other tick a reseed; a used-up tick stays used up.
//
// A position seeded in another process (a fork's child sees the parent's
// epoch) is never continued: its tick still bounds next() from below, but
// its counter is drawn afresh, so a child never repeats its parent's IDs.

namespace detail {

/// The largest counter of a layout's low word (all 64 bits for ulid_layout,
/// whose counter carries into the high word).
template <class Layout>
inline constexpr std::uint64_t max_low = Layout::counter_bits >= 64 ? std::numeric_limits<std::uint64_t>::max()
                                                                    : (std::uint64_t{1} << Layout::counter_bits) - 1U;

constexpr monotonic_state::monotonic_state(std::uint64_t bound) noexcept
    : inc(bound), draw(uniform_plan::below(bound)) {}

inline std::atomic<std::chrono::milliseconds::rep> max_clock_skew_ms{default_max_clock_skew.count()};

/// observe()'s bound (see max_clock_skew()): how far the timestamp of `x` is
/// ahead of `local_ms`, with errc::clock_skew when that is beyond the bound.
[[nodiscard]] inline observe_result check_skew(const ulid& x, std::uint64_t local_ms) noexcept {
    observe_result r;
    r.ahead = std::chrono::milliseconds(static_cast<std::int64_t>(x.time()) - static_cast<std::int64_t>(local_ms));
    if (r.ahead.count() > max_clock_skew_ms.load(std::memory_order_relaxed)) r.ec = make_error_code(errc::clock_skew);
    return r;
}

/// monotonic_entropy's algorithm, on its state `g` and its source.
template <class Layout>
struct monotonic {
    using position = monotonic_state::position;

    /// Whether `p` was seeded in this process, so that its counter may be continued.
    [[nodiscard]] static ULID_FORCE_INLINE bool live(const position& p) noexcept {
        return p.epoch == fork_epoch() && p.epoch != 0;
    }

    /// read_monotonic() at `tick`, which the caller has checked.
    template <class S>
    [[nodiscard]] static ULID_FORCE_INLINE errc read(monotonic_state& g, S& source, std::uint64_t tick,
                                                     entropy_array& out) noexcept {
        position& p = g.read;
        errc s = errc{};
        if (tick == p.tick && live(p)) {
            s = p.exhausted ? errc::monotonic_overflow : increment(g, p, source);
            if (s == errc::monotonic_overflow) p.exhausted = true;
        } else {
            s = reseed(p, source, tick);
        }
        if (s == errc{}) out = make_id(p).entropy();
        return s;
    }

    /// next() at `tick`.
    template <class S>
    [[nodiscard]] static ULID_FORCE_INLINE errc next(monotonic_state& g, S& source, std::uint64_t tick,
                                                     ulid& out) noexcept {
        if (tick > Layout::max_tick) return errc::big_time;
        position& p = g.last;
        if (tick <= p.tick) {  // the clock at or behind the last ID's tick (or an observed one): stay there
            tick = p.tick;
            if (ULID_LIKELY(live(p))) {
                const errc s = increment(g, p, source);
                if (ULID_LIKELY(s == errc{})) {
                    out = make_id(p);
                    return errc{};
                }
                if (s != errc::monotonic_overflow || tick == Layout::max_tick) return s;
                ++tick;
            }
        }
        if (const errc s = reseed(p, source, tick); s != errc{}) return s;
        out = make_id(p);
        return errc{};
    }

    /// next_n() at `tick`.
    template <class S>
    [[nodiscard]] static batch_result next_n(monotonic_state& g, S& source, std::uint64_t tick, ulid* out,
                                             std::size_t n) noexcept {
        batch_result result;
        while (result.count < n) {
            errc s = next(g, source, tick, out[result.count]);
            if (s == errc{}) {
                ++result.count;
                // The rest of the batch stays in this tick while the counter
                // lasts: only the increment remains per ULID.
                while (result.count < n) {
                    s = increment(g, g.last, source);
                    if (s != errc{}) break;
                    out[result.count++] = make_id(g.last);
                }
                if (s == errc{} || s == errc::monotonic_overflow) continue;
            }
            result.ec = to_error_code(s);
            break;
        }
        return result;
    }

    /// The bits of the counter's high word.
    static constexpr std::uint64_t max_high = Layout::counter_bits > 64
                                                  ? (std::uint64_t{1} << (Layout::counter_bits - 64U)) - 1U
                                                  : 0U;

    [[nodiscard]] static constexpr observed_place place_of(const ulid& x) noexcept {
        observed_place p = Layout::place(x);
        // The top counter of a tick: only the next tick is above it.
        if (p.exact && p.high == max_high && p.low == max_low<Layout>) p = {p.tick + 1U, 0, 0, false};
        return p;
    }

    /// The counter observe() puts above an observed one, (high, low), which
    /// is not the top: high:low + 1 + r, with r the low `bits` bits of the
    /// fresh counter (fresh_high, fresh_low). `bits` is 16 under the bit
    /// width of the room above high:low, so that the room lasts for about
    /// 2^16 observe hops in one tick (an observe chain at full speed stays in
    /// its tick, as a hybrid logical clock's counter absorbs the chain); but
    /// at least 32 while the room has more (half the room, below that), so
    /// that two processes that observe the same ID land far apart, not
    /// within one increment.
    // NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal: old, then fresh, high before low
    [[nodiscard]] static constexpr position place_above(std::uint64_t high, std::uint64_t low,
                                                        std::uint64_t fresh_low) noexcept {
        const std::uint64_t room_high = ~high & max_high;
        const std::uint64_t room_low = ~low & max_low<Layout>;
        const unsigned width = room_high != 0 ? 64U + bit_width(room_high) : bit_width(room_low);
        const unsigned half = width - 1U;  // r below 2^half stays under the top
        // At most 63, since a layout has at most 80 counter bits (layout_fits).
        const unsigned bits = half > 48U ? half - 16U : half > 32U ? 32U : half;
        const std::uint64_t r = fresh_low & ((std::uint64_t{1} << bits) - 1U);
        std::uint64_t sum = low + r;
        std::uint64_t carry = sum < low ? 1U : 0U;
        sum += 1U;
        carry += sum == 0 ? 1U : 0U;
        position p;
        p.high = high + carry;
        p.low = sum;
        return p;
    }

    /// Where observe() puts next()'s sequence for an ID at `place` (a tick
    /// within the layout): above `place` with the fresh counter of `fresh`,
    /// or at the fresh counter itself when every ID of the tick is above it.
    [[nodiscard]] static constexpr position placed(const observed_place& place, const entropy_array& fresh) noexcept {
        position seeded;
        Layout::seed(fresh, seeded);
        position p = place.exact ? place_above(place.high, place.low, seeded.low) : seeded;
        p.tick = place.tick;
        return p;
    }

    /// observe() of `x`, whose distance from the clock the caller checked.
    template <class S>
    [[nodiscard]] static errc observe(monotonic_state& g, S& source, const ulid& x) noexcept {
        const observed_place place = place_of(x);
        if (place.tick > Layout::max_tick) return errc::big_time;
        position& p = g.last;
        // next() works at p.tick or later: already above x when that tick
        // is later, or when x is below every ID of it, or below p itself.
        if (place.tick < p.tick || (place.tick == p.tick && !place.exact)) return errc{};
        if (place.tick == p.tick && live(p) && (p.high > place.high || (p.high == place.high && p.low >= place.low))) {
            return errc{};
        }
        entropy_array fresh{};
        std::uint64_t epoch = 0;
        if (const errc s = draw_fresh(p, source, fresh, epoch); s != errc{}) return s;
        p = placed(place, fresh);
        p.epoch = epoch;
        return errc{};
    }

    [[nodiscard]] static constexpr ulid make_id(const position& p) noexcept {
        return Layout::make_id(p.tick, p.high, p.low);
    }

    /// Ten fresh bytes from `source`, and the epoch a position seeded from
    /// them holds: `p`'s own while it is live, else the current one.
    template <class S>
    [[nodiscard]] static errc draw_fresh(const position& p, S& source, entropy_array& fresh,
                                         std::uint64_t& epoch) noexcept {
        // Once per millisecond for ulid_layout, but every few calls for
        // uuidv7_layout, whose ticks are 244 ns: the epoch is asked for only
        // when it may have changed.
        epoch = live(p) ? p.epoch : fork_epoch_slow();
        if (epoch == 0) return errc::entropy_failure;  // a fork could not be watched
        return read_entropy(source, fresh);
    }

    /// `p` afresh at `tick`; unchanged on failure.
    template <class S>
    [[nodiscard]] ULID_NOINLINE static errc reseed(position& p, S& source, std::uint64_t tick) noexcept {
        entropy_array fresh{};
        std::uint64_t epoch = 0;
        if (const errc s = draw_fresh(p, source, fresh, epoch); s != errc{}) return s;
        Layout::seed(fresh, p);
        p.tick = tick;
        p.epoch = epoch;
        p.exhausted = false;
        return errc{};
    }

    struct step_draw {
        errc error = errc{};
        std::uint64_t step = 0;
    };

    // Out of line, and returning by value, so that its loop does not cost the
    // inline path registers.
    template <class S>
    [[nodiscard]] ULID_NOINLINE static step_draw draw_step_slow(const uniform_plan& plan, S& source) noexcept {
        step_draw d;
        d.error = random_below(source, plan, d.step);
        return d;
    }

    /// Adds a uniform random step in [1, inc] to `p`'s counter; at the top
    /// of the counter, errc::monotonic_overflow with `p` unchanged.
    template <class S>
    [[nodiscard]] static ULID_FORCE_INLINE errc increment(const monotonic_state& g, position& p, S& source) noexcept {
        std::uint64_t step = 0;
        // A 32-bit word already buffered by a keystream source serves most
        // draws; a rejected word stays consumed, as in the general draw's
        // loop, so the result is the same either way.
        bool drawn = false;
        if constexpr (is_keystream_source<std::remove_const_t<S>>::value) {
            std::uint32_t word = 0;
            if (ULID_LIKELY(g.draw.bytes == 4 && keystream_access::try_read_be32(source, word))) {
                step = word & g.draw.mask;
                drawn = ULID_LIKELY(step < g.draw.bound);
            }
        }
        if (!drawn) {
            const step_draw d = draw_step_slow(g.draw, source);
            if (d.error != errc{}) return d.error;
            step = d.step;
        }
        step += 1;  // [0, inc) -> [1, inc]
        return ULID_LIKELY(add_step(p, step)) ? errc{} : errc::monotonic_overflow;
    }

    /// Adds `step` (any value up to 2^64 - 1) to the counter of `p`; false,
    /// `p` unchanged, when the sum would pass the counter's top. The one step
    /// rule: increment() and next_above() both use it.
    [[nodiscard]] static constexpr ULID_FORCE_INLINE bool add_step(position& p, std::uint64_t step) noexcept {
        if constexpr (Layout::counter_bits > 64) {
            const std::uint64_t sum = p.low + step;
            const std::uint64_t high = p.high + (sum < p.low ? 1U : 0U);
            if (ULID_UNLIKELY(high >> (Layout::counter_bits - 64) != 0)) return false;
            p.high = high;
            p.low = sum;
        } else {
            if (ULID_UNLIKELY(step > max_low<Layout> - p.low)) return false;
            p.low += step;
        }
        return true;
    }
};

/// The library's path into its generators: the make functions' and
/// generate()'s calls in ticks (milliseconds, or 1/4096 ms for make_v7()),
/// returning an errc, under the lock where there is one.
struct access {
    template <class S, class L>
    [[nodiscard]] static ULID_FORCE_INLINE errc next(monotonic_entropy<S, L>& g, std::uint64_t tick,
                                                     ulid& out) noexcept {
        return monotonic<L>::next(g.state_, g.source_, tick, out);
    }

    template <class S, class L>
    [[nodiscard]] static ULID_FORCE_INLINE errc next(locked_monotonic_entropy<monotonic_entropy<S, L>>& g,
                                                     std::uint64_t tick, ulid& out) noexcept {
        const lock_guard lock(g.mutex_);
        return next(g.monotonic_, tick, out);
    }

    /// observe() of `x` without the clock check, which the caller made.
    template <class S, class L>
    [[nodiscard]] static errc observe(locked_monotonic_entropy<monotonic_entropy<S, L>>& g, const ulid& x) noexcept {
        const lock_guard lock(g.mutex_);
        return observe(g.monotonic_, x);
    }

    template <class S, class L>
    [[nodiscard]] static errc observe(monotonic_entropy<S, L>& g, const ulid& x) noexcept {
        return monotonic<L>::observe(g.state_, g.source_, x);
    }

    template <class S, class L>
    [[nodiscard]] static batch_result next_n(locked_monotonic_entropy<monotonic_entropy<S, L>>& g, std::uint64_t tick,
                                             ulid* out, std::size_t n) noexcept {
        monotonic_entropy<S, L>& m = g.monotonic_;
        return next_n_in_chunks(g.mutex_, g.batch_chunk, out, n, [&](ulid* part, std::size_t count) {
            return monotonic<L>::next_n(m.state_, m.source_, tick, part, count);
        });
    }

    /// read_monotonic() at `ms`, which the caller has checked against max_time.
    template <class S, class L>
    [[nodiscard]] static ULID_FORCE_INLINE errc read_monotonic(monotonic_entropy<S, L>& g, std::uint64_t ms,
                                                               entropy_array& out) noexcept {
        return monotonic<L>::read(g.state_, g.source_, ms << L::sub_ms_bits, out);
    }

    template <class S, class L>
    [[nodiscard]] static ULID_FORCE_INLINE errc read_monotonic(locked_monotonic_entropy<monotonic_entropy<S, L>>& g,
                                                               std::uint64_t ms, entropy_array& out) noexcept {
        const lock_guard lock(g.mutex_);
        return read_monotonic(g.monotonic_, ms, out);
    }
};

}  // namespace detail

constexpr errc next_above(const ulid& last, std::uint64_t ms, const entropy_array& fresh, std::uint64_t step,
                          ulid& out) noexcept {
    if (ms > max_time) return errc::big_time;
    const detail::observed_place at = ulid_layout::place(last);
    detail::monotonic_state::position p;
    if (ms <= at.tick) {
        p.high = at.high;
        p.low = at.low;
        if (detail::monotonic<ulid_layout>::add_step(p, step == 0 ? 1U : step)) {
            out = ulid_layout::make_id(at.tick, p.high, p.low);
            return errc{};
        }
        if (at.tick == ulid_layout::max_tick) return errc::monotonic_overflow;
        ms = at.tick + 1U;  // the millisecond is used up: next() reseeds the next one
    }
    ulid_layout::seed(fresh, p);
    out = ulid_layout::make_id(ms, p.high, p.low);
    return errc{};
}

constexpr errc place_above(const ulid& x, const entropy_array& fresh, ulid& out) noexcept {
    using algorithm = detail::monotonic<ulid_layout>;
    const detail::observed_place at = algorithm::place_of(x);
    if (at.tick > ulid_layout::max_tick) return errc::big_time;
    out = algorithm::make_id(algorithm::placed(at, fresh));
    return errc{};
}

template <class Source, class Layout>
monotonic_entropy<Source, Layout>::monotonic_entropy(Source source, std::uint64_t inc) noexcept(
    std::is_nothrow_move_constructible_v<Source>)
    : state_(inc == 0 ? default_increment : inc), source_(std::forward<Source>(source)) {
    static_assert(detail::is_entropy_source_v<source_type>,
                  "monotonic_entropy<Source>: Source must be a byte reader "
                  "(std::error_code read(std::uint8_t*, std::size_t)) or a UniformRandomBitGenerator");
}

template <class Source, class Layout>
constexpr monotonic_entropy<Source, Layout>::monotonic_entropy(std::in_place_t /*tag*/, std::uint64_t inc) noexcept(
    std::is_nothrow_default_constructible_v<Source>)
    : state_(inc == 0 ? default_increment : inc), source_() {
    static_assert(detail::is_entropy_source_v<source_type>, "monotonic_entropy<Source>: as the constructor above");
}

template <class Source, class Layout>
std::error_code monotonic_entropy<Source, Layout>::read_monotonic(std::uint64_t ms, entropy_array& out) noexcept {
    if (ms > max_time) return errc::big_time;
    return detail::to_error_code(detail::monotonic<Layout>::read(state_, source_, ms << Layout::sub_ms_bits, out));
}

template <class Source, class Layout>
std::error_code monotonic_entropy<Source, Layout>::next(std::uint64_t ms, ulid& out) noexcept {
    if (ms > max_time) return errc::big_time;
    return detail::to_error_code(detail::monotonic<Layout>::next(state_, source_, ms << Layout::sub_ms_bits, out));
}

template <class Source, class Layout>
std::error_code monotonic_entropy<Source, Layout>::next_now(ulid& out) noexcept {
    return detail::to_error_code(detail::monotonic<Layout>::next(state_, source_, Layout::now_tick(), out));
}

template <class Source, class Layout>
batch_result monotonic_entropy<Source, Layout>::next_n(std::uint64_t ms, ulid* out, std::size_t n) noexcept {
    if (ms > max_time) return {0, errc::big_time};
    return detail::monotonic<Layout>::next_n(state_, source_, ms << Layout::sub_ms_bits, out, n);
}

template <class Source, class Layout>
observe_result monotonic_entropy<Source, Layout>::observe(const ulid& x) noexcept {
    observe_result r = detail::check_skew(x, Layout::now_tick() >> Layout::sub_ms_bits);
    if (!r.ec) r.ec = detail::to_error_code(detail::monotonic<Layout>::observe(state_, source_, x));
    return r;
}

template <class Monotonic>
observe_result locked_monotonic_entropy<Monotonic>::observe(const ulid& x) noexcept {
    const detail::lock_guard lock(mutex_);
    return monotonic_.observe(x);
}

template <class Monotonic>
std::error_code locked_monotonic_entropy<Monotonic>::read_monotonic(std::uint64_t ms, entropy_array& out) noexcept {
    const detail::lock_guard lock(mutex_);
    return monotonic_.read_monotonic(ms, out);
}

template <class Monotonic>
std::error_code locked_monotonic_entropy<Monotonic>::next(std::uint64_t ms, ulid& out) noexcept {
    const detail::lock_guard lock(mutex_);
    return monotonic_.next(ms, out);
}

template <class Monotonic>
std::error_code locked_monotonic_entropy<Monotonic>::next_now(ulid& out) noexcept {
    const detail::lock_guard lock(mutex_);
    return monotonic_.next_now(out);
}

template <class Monotonic>
batch_result locked_monotonic_entropy<Monotonic>::next_n(std::uint64_t ms, ulid* out, std::size_t n) noexcept {
    return detail::next_n_in_chunks(mutex_, batch_chunk, out, n,
                                    [&](ulid* part, std::size_t count) { return monotonic_.next_n(ms, part, count); });
}

namespace detail {

// Signal handlers. A make function called in a handler that interrupted a
// make function on the same thread must not touch what the interrupted call
// holds: the lock (not recursive: it would wait for itself), a generator
// half-way through a step (both calls would return the same ID), the
// thread's clock line while it is re-anchored. Each make function marks its
// thread for its duration; a call that finds the mark set makes its IDs
// from nothing it shares: the system clock read directly and fresh bytes
// from the kernel, on its own stack. Unique as any random IDs are (80 random
// bits, 62 for UUIDv7, per tick), increasing within the call, but not
// ordered with the process's other IDs. The mark is a plain load and two
// plain stores per call, no system call and no atomic read-modify-write:
// the cost of blocking signals (a system call each way) would be most of
// make()'s.

/// Whether a make function that found its thread marked runs in a handler
/// that interrupted a make function of this very process. A copy of the
/// process made in such a handler (fork() there, as crash reporters do)
/// inherits the mark, but the interrupted call never resumes in it (it must
/// not return from the handler into that call): its calls clear the mark and
/// take the ordinary path, where fork detection renews their state. A copy
/// is told by the epoch's owner, another process.
#if ULID_COMPILED_DECL
ULID_NOINLINE bool interrupted_in_this_process() noexcept;
#else
ULID_NOINLINE ULID_COLD_INLINE bool interrupted_in_this_process() noexcept {
#if !defined(_WIN32)
    const std::int64_t owner = epoch_owner.load(std::memory_order_relaxed);
    if (owner != 0 && owner != static_cast<std::int64_t>(::getpid())) {
        in_generator.store(false, std::memory_order_relaxed);
        return false;
    }
#endif
    return true;
}
#endif

/// Marks the calling thread as inside a make function for its lifetime,
/// unless it already was: reentered(), a handler interrupted one. The
/// signal fences (no instruction) keep the compiler from moving the marked
/// section's memory accesses outside the mark.
class generator_entry {
public:
    ULID_FORCE_INLINE generator_entry() noexcept : reentered_(in_generator.load(std::memory_order_relaxed)) {
        if (ULID_UNLIKELY(reentered_)) reentered_ = interrupted_in_this_process();
        if (ULID_LIKELY(!reentered_)) {
            in_generator.store(true, std::memory_order_relaxed);
            std::atomic_signal_fence(std::memory_order_seq_cst);
        }
    }
    generator_entry(const generator_entry&) = delete;
    generator_entry& operator=(const generator_entry&) = delete;
    ULID_FORCE_INLINE ~generator_entry() {
        if (ULID_LIKELY(!reentered_)) {
            std::atomic_signal_fence(std::memory_order_seq_cst);
            in_generator.store(false, std::memory_order_relaxed);
        }
    }
    [[nodiscard]] bool reentered() const noexcept { return reentered_; }

private:
    bool reentered_;
};

/// `n` increasing IDs at `tick` or later into out[0, n) for a reentered make
/// function: a generator of its own on the stack, seeded from the kernel,
/// with monotonic_entropy's increments (moving to the next tick when a
/// tick's counter is used up). Keeps errno, as a handler must. Cold (compiled
/// for size): it runs only in a signal handler, and every make() translation
/// unit compiles it.
template <class Layout>
[[nodiscard]] ULID_COLD errc make_in_handler(std::uint64_t tick, ulid* out, std::size_t n) noexcept {
#if !defined(_WIN32)
    const int saved_errno = errno;
#endif
    handler_entropy source;
    monotonic_state g(monotonic_entropy<secure_entropy>::default_increment);
    errc s = errc{};
    bool seeded = false;
    for (std::size_t made = 0; made < n;) {
        s = seeded ? monotonic<Layout>::increment(g, g.last, source) : errc::monotonic_overflow;
        if (s == errc::monotonic_overflow) {
            if (seeded && tick == Layout::max_tick) break;
            tick += seeded ? 1U : 0U;
            entropy_array fresh{};
            if (tick > Layout::max_tick) {
                s = errc::big_time;
            } else if (!source.fill(fresh.data(), fresh.size())) {
                s = errc::entropy_failure;
            } else {
                s = errc{};
            }
            if (s != errc{}) break;
            Layout::seed(fresh, g.last);
            g.last.tick = tick;
            seeded = true;
        } else if (s != errc{}) {
            break;
        }
        out[made++] = monotonic<Layout>::make_id(g.last);
    }
#if !defined(_WIN32)
    errno = saved_errno;
#endif
    return s;
}

/// make_in_handler() at the current time, aborting on the failures the make
/// functions promise never to report. Out of line: off their fast paths.
template <class Layout>
ULID_NOINLINE void make_in_handler_or_abort(ulid* out, std::size_t n, const char* caller) noexcept {
    if (const errc s = make_in_handler<Layout>(Layout::handler_tick(), out, n); s != errc{}) fatal(caller, s);
}

template <class Layout>
[[nodiscard]] ULID_NOINLINE ulid make_one_in_handler(const char* caller) noexcept {
    ulid id;
    make_in_handler_or_abort<Layout>(&id, 1, caller);
    return id;
}

/// A process-wide generator: constant-initialized (no code at start-up, and
/// no guard of a function-local static, which a child would wait on forever
/// if its parent's thread was inside it) and never destroyed, so make()
/// stays valid during static destruction.
template <class T>
union process_generator {
    constexpr process_generator() noexcept : value(std::in_place, std::in_place, std::uint64_t{0}) {}
    ~process_generator() {}  // NOLINT(modernize-use-equals-default): must not destroy `value`
    process_generator(const process_generator&) = delete;
    process_generator& operator=(const process_generator&) = delete;
    T value;
};

template <class Layout>
ULID_CONSTINIT inline process_generator<default_entropy_t<Layout>> default_generator;
// must_make(ms) and must_make_v7(ms): apart from make()'s, so that make()
// moving the clock's state on cannot restart a given millisecond below its
// earlier IDs.
template <class Layout>
ULID_CONSTINIT inline process_generator<default_entropy_t<Layout>> given_generator;

#if defined(__GLIBC__)
/// Runs the thread-local generators' release at thread exit through POSIX
/// thread-specific data: one key for the process, made with a destructor
/// by pthread_key_create(), and pthread_setspecific() for each thread that
/// has a generator to release. This replaces a thread_local with a
/// destructor, whose first use in a thread registers it through
/// __cxa_thread_atexit_impl(), which calls calloc(): in a child made by
/// _Fork() (no atfork handler, so malloc's locks are not reset) that waits
/// forever for a malloc lock another thread of the parent held at the copy.
/// With glibc (nptl/pthread_key_create.c, pthread_setspecific.c,
/// pthread_create.c), what this relies on:
/// - pthread_key_create() takes a free slot with one compare-exchange: no
///   lock, no allocation, so it is safe in such a child too; racing
///   threads each make a key, the first one stored wins and the others are
///   deleted (pthread_key_delete() is a compare-exchange as well).
/// - pthread_setspecific() stores a key below PTHREAD_KEY_2NDLEVEL_SIZE (32)
///   in the thread's descriptor, without allocating. A key of 32 or above
///   goes in a second-level block that the thread calloc()s on its first
///   such store: then (a process that already uses 32 keys) a child's first
///   thread-local call can wait for malloc as before, and nowhere else.
/// - A thread that ends (returns or calls pthread_exit()) runs the C++
///   thread_local destructors first, then the key destructors: a generator
///   stays usable in every thread_local destructor, and is released after.
/// - exit() runs no key destructor for the thread that calls it (the main
///   thread, usually): its generators are not released, which the ending
///   process makes moot (the kernel frees the pages; the keys die with the
///   process), and make_thread_local() keeps working in static destructors.
/// Other C libraries keep the thread_local (thread_generator::owner):
/// FreeBSD's pthread_setspecific() allocates its table on a thread's first
/// call, and the order of key and thread_local destructors is not checked
/// there; Windows has no fork. So does code compiled for a shared library
/// (thread_exit_by_key).
class thread_exit_list {
public:
    /// One thread-local generator to release at its thread's exit.
    struct entry {
        void (*release)() noexcept;
        entry* next;
    };

    /// Puts `e` on the calling thread's list. False when there is no key
    /// (every key of the process is taken) or it cannot be set: the caller
    /// then releases its generator another way.
    [[nodiscard]] static bool enlist(entry& e) noexcept {
        const std::uintptr_t key = key_plus_one();
        if (key == 0 || ::pthread_setspecific(static_cast<pthread_key_t>(key - 1), &head_) != 0) return false;
        e.next = head_;
        head_ = &e;
        return true;
    }

private:
    static inline thread_local entry* head_ = nullptr;
    /// The process's key plus one; 0 until made. Inherited by children.
    static inline std::atomic<std::uintptr_t> key_{0};

    /// The key's destructor. glibc clears the key's value before calling
    /// it, and calls it again (up to PTHREAD_DESTRUCTOR_ITERATIONS rounds)
    /// if a release enlists a new generator.
    static void release_all(void* /*unused*/) noexcept {
        while (entry* const e = head_) {
            head_ = e->next;
            e->release();
        }
    }

    [[nodiscard]] static std::uintptr_t key_plus_one() noexcept {
        static_assert(std::is_integral_v<pthread_key_t>, "glibc's pthread_key_t is an index");
        std::uintptr_t current = key_.load(std::memory_order_acquire);
        if (current != 0) return current;
        pthread_key_t made{};
        if (::pthread_key_create(&made, &release_all) != 0) return 0;
        const auto mine = static_cast<std::uintptr_t>(made) + 1U;
        if (key_.compare_exchange_strong(current, mine, std::memory_order_acq_rel)) return mine;
        (void)::pthread_key_delete(made);
        return current;
    }
};

/// Whether the thread-local generators use thread_exit_list: not in code
/// compiled for a shared library (position-independent, not an
/// executable). glibc does not unload a library while a thread_local
/// destructor of it is pending, but a key's destructor would run in a
/// dlclose()d library's unmapped code when a thread that used it ends; and
/// in a library loaded by dlopen() a thread's first use of its
/// thread-local memory can call malloc() anyway (dynamic TLS).
#if defined(__PIC__) && !defined(__PIE__)
inline constexpr bool thread_exit_by_key = false;
#else
inline constexpr bool thread_exit_by_key = true;
#endif
#endif

/// The calling thread's own generator of type T, built in the thread's
/// static storage on first use (no heap) and destroyed at thread exit, which
/// wipes its key and unmaps its page. With glibc the first use takes no
/// lock and allocates nothing (thread_exit_list says how and when not).
template <class T>
struct thread_generator {
    static inline thread_local T* instance = nullptr;
    static inline thread_local bool released = false;

    /// Destroys the thread's generator, once, at thread exit.
    static void release() noexcept {
        // A handler's make function must not use the generator while it is
        // destroyed.
        const generator_entry entry;
        if (T* const owned = instance) {
            owned->~T();
            instance = nullptr;
        }
        released = true;
    }

    /// The release where there is no thread_exit_list, or it has no key.
    struct owner {
        owner() = default;
        owner(const owner&) = delete;
        owner& operator=(const owner&) = delete;
        ~owner() { release(); }
    };

    [[nodiscard]] static ULID_FORCE_INLINE T& get() noexcept {
        T* const current = instance;
        return current != nullptr ? *current : create();
    }

    ULID_NOINLINE static T& create() noexcept {
        alignas(T) thread_local std::array<unsigned char, sizeof(T)> storage;
        instance = ::new (static_cast<void*>(storage.data())) T(std::in_place);
        // A generator made after its thread's release has run (by another
        // key's destructor, or a thread_local's where there is no
        // thread_exit_list) is never destroyed: its page stays mapped until
        // the process ends (one page, only in that case).
        if (!released) {
#if defined(__GLIBC__)
            if constexpr (thread_exit_by_key) {
                thread_local thread_exit_list::entry exit_entry{};
                exit_entry.release = &release;
                if (thread_exit_list::enlist(exit_entry)) return *instance;
            }
#endif
            thread_local owner guard;
        }
        return *instance;
    }
};

}  // namespace detail

template <class Layout>
default_entropy_t<Layout>& default_entropy() noexcept {
    return detail::default_generator<Layout>.value;
}

template <class Layout>
ULID_FORCE_INLINE monotonic_entropy<secure_entropy, Layout>& thread_local_entropy() noexcept {
    return detail::thread_generator<monotonic_entropy<secure_entropy, Layout>>::get();
}

}  // namespace ulid
#endif  // ULID_DETAIL_MONOTONIC_HPP
