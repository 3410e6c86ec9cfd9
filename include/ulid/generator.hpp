// SPDX-License-Identifier: MIT
// ulid/generator.hpp: making IDs: entropy sources, monotonic generation,
// make() and its forms, observe().
//
// Uses core.hpp and, beneath it, detail/clock.hpp, detail/fork.hpp,
// detail/lock.hpp, detail/chacha.hpp, detail/sources.hpp, detail/monotonic.hpp.
// Defines typeid.hpp's typed_id::make() and make_type_id(prefix, out). Used by
// ulid.hpp. Tested in test_make,
// test_monotonic, test_observe, test_entropy_sources, test_concurrency, test_fork
// and the process tests (fork_safety/, signal/, reseed/, alloc/, ...).

#ifndef ULID_GENERATOR_HPP
#define ULID_GENERATOR_HPP

#include <ulid/core.hpp>
#include <ulid/typeid.hpp>

// The internal macros, up to detail/config_undef.hpp at the end.
#include <ulid/detail/config.hpp>

namespace ulid {

// ---------------------------------------------------------------------------
// Entropy sources
// ---------------------------------------------------------------------------
//
// generate() accepts three kinds of source, detected at compile time:
//  - a monotonic source: std::error_code read_monotonic(std::uint64_t ms,
//    entropy_array& out), like monotonic_entropy below;
//  - a byte reader: std::error_code read(std::uint8_t* dst, std::size_t n),
//    filling all n bytes or failing;
//  - a standard UniformRandomBitGenerator (std::mt19937_64,
//    std::random_device, ...).
// A source's own error codes and exceptions are reported as
// errc::entropy_failure.

namespace detail {

// What the classes below hold; their code is in part 2, where internal
// paths pass an errc (errc{} for success) and convert it to a
// std::error_code once, at the public boundary.

/// Who reaches the private state of the classes below: the library's own
/// paths (access: the generators, in part 2's "Monotonic generation";
/// keystream_access: a secure_entropy's buffer, in "The entropy sources")
/// and, apart from them, the tests (test_access, at part 2's end).
struct access;
struct keystream_access;
struct test_access;

/// The secret state of a secure_entropy: key, unserved keystream and the
/// bookkeeping that says when to rekey. All zero means "not keyed", so a
/// page the kernel wiped in a child process reads as a generator that must
/// rekey before its next byte.
struct keystream_state {
    std::uint64_t epoch;         // fork epoch at keying; 0 until keyed
    std::size_t remaining;       // unserved bytes at the end of buffer
    std::uint64_t since_os_key;  // keystream bytes made since the last OS key
    std::int64_t os_key_time;    // steady-clock milliseconds of the last OS key
    std::array<std::uint32_t, 8> key;
    std::array<std::uint8_t, 512> buffer;
};

/// Where a secure_entropy keeps its keystream_state: a page of its own,
/// mapped on the first read, which the kernel wipes in a child process; on
/// Windows, which has no fork(), inside the object.
#if defined(_WIN32)
using keystream_slot = keystream_state;
#else
using keystream_slot = keystream_state*;
#endif

/// How to draw uniform values in [0, bound): `width` bits (the bit width of
/// bound - 1), from a byte reader as `bytes` whole bytes (1, 2, 4 or 8) with
/// the excess high bits masked off. Worked out once per bound.
struct uniform_plan {
    std::uint64_t bound = 1;
    std::uint64_t mask = 0;
    unsigned width = 0;
    unsigned bytes = 0;

    [[nodiscard]] static constexpr uniform_plan below(std::uint64_t bound) noexcept;
};

/// The state of a monotonic_entropy besides its source: two sequences that
/// never share a counter, so that no call of one can move the other.
struct monotonic_state {
    /// A tick of time (a millisecond, or 1/4096 ms with uuidv7_layout) and
    /// the counter that grows within it, as a high and a low word, with the
    /// fork epoch it was seeded in (0: never seeded).
    struct position {
        std::uint64_t tick = 0;
        std::uint64_t high = 0;
        std::uint64_t low = 0;
        std::uint64_t epoch = 0;
        bool exhausted = false;  // read_monotonic()'s only: the tick's counter is used up
    };

    /// Increments in [1, bound].
    constexpr explicit monotonic_state(std::uint64_t bound) noexcept;

    /// next()'s sequence: its last ID, or the place observe() set above an
    /// observed ID. Every next() ID is above it, at its tick or later.
    position last;
    /// read_monotonic()'s sequence, oklog/ulid's: its last entropy.
    position read;
    std::uint64_t inc;
    uniform_plan draw;  // how to draw a step in [0, inc)
};

/// Where an observed ID falls among a layout's IDs: every ID at a tick above
/// `tick` is greater, and so is every ID at `tick` when not `exact`, or one
/// whose counter is above (high, low) when `exact`. A `tick` above the
/// layout's last tick means that no ID is greater.
struct observed_place {
    std::uint64_t tick = 0;
    std::uint64_t high = 0;
    std::uint64_t low = 0;
    bool exact = false;
};

/// Whether `Layout` keeps the bit budget of a layout (see ulid_layout): its
/// parts fill the 128 bits, with 1 to 80 counter bits, a tick that fits 64
/// bits, and max_tick the last tick of max_time.
template <class Layout>
inline constexpr bool layout_fits = 48 + Layout::sub_ms_bits + Layout::fixed_bits + Layout::counter_bits == 128 &&
                                    Layout::counter_bits >= 1 && Layout::counter_bits <= 80 &&
                                    Layout::sub_ms_bits <= 16 &&
                                    Layout::max_tick == ((max_time << Layout::sub_ms_bits) |
                                                         ((std::uint64_t{1} << Layout::sub_ms_bits) - 1U));

}  // namespace detail

/// A byte reader that writes zeros: the documented way to generate a ULID
/// with zero entropy (as oklog/ulid's New(ms, nil)). Never fails.
struct zero_entropy {
    /// Fills dst[0, n) with zeros.
    [[nodiscard]] static std::error_code read(std::uint8_t* dst, std::size_t n) noexcept;
};

/// A byte reader straight from the operating system's CSPRNG: one system
/// call per read (about a microsecond), so prefer secure_entropy for volume.
/// Stateless and thread-safe; fails with errc::entropy_failure only if the
/// system has no randomness to give.
struct os_entropy {
    /// Fills dst[0, n) or reports errc::entropy_failure.
    [[nodiscard]] static std::error_code read(std::uint8_t* dst, std::size_t n) noexcept;
};

/// A cryptographically secure byte reader: ChaCha8 in user space with fast
/// key erasure, keyed and reseeded from the operating system (the designs of
/// Go's math/rand/v2 and OpenBSD's arc4random); a child process rekeys
/// before its first byte. How and why: docs/design.md (The generator, Fork
/// and other process copies, Reseeding).
/// Each object maps one page on its first read (not the heap allocator) and
/// unmaps it when destroyed. Move-only; not thread-safe: wrap it
/// (locked_monotonic_entropy does). Fails with errc::entropy_failure only if
/// the operating system gives no key or no page.
class secure_entropy {
public:
    /// ChaCha rounds per block: 8, which keeps a wide margin over the best
    /// known attacks (on 7 rounds) at a cost of about one cycle per byte.
    static constexpr int rounds = 8;
    /// Keystream bytes between two keys from the operating system: 64 KiB,
    /// as Rust's ThreadRng. A key costs one getrandom call (about 0.5 us),
    /// under 0.01 ns per byte served at this interval.
    static constexpr std::uint64_t reseed_bytes = std::uint64_t{64} * 1024;
    /// Longest time one operating-system key is used: 60 s (Linux's own
    /// CRNG reseeds on that period).
    static constexpr std::chrono::milliseconds reseed_interval{60000};

    secure_entropy() noexcept = default;
    secure_entropy(const secure_entropy&) = delete;
    secure_entropy& operator=(const secure_entropy&) = delete;
    secure_entropy(secure_entropy&& other) noexcept;
    secure_entropy& operator=(secure_entropy&& other) noexcept;
    ~secure_entropy();

    /// Fills dst[0, n) with keystream bytes.
    [[nodiscard]] std::error_code read(std::uint8_t* dst, std::size_t n) noexcept;

private:
    friend struct detail::keystream_access;
    friend struct detail::test_access;
    detail::keystream_slot keystream_{};
};

// ---------------------------------------------------------------------------
// Monotonic generation
// ---------------------------------------------------------------------------

/// What a batch call did: `count` ULIDs written, then stopped by `ec` (zero
/// when all were written), like std::to_chars_result.
struct batch_result {
    std::size_t count = 0;
    std::error_code ec;
};

/// What an observe() call did with an ID `x`. `ec` is zero when `x` was
/// taken (every later ID of the generators it names is greater than `x`) and
/// errc::clock_skew when `x` was refused for being more than
/// max_clock_skew() ahead of the local clock (nothing changed); `ahead` is
/// how far the timestamp of `x` is ahead of the local clock in either case
/// (negative when behind).
///
/// It is the library's std::error_code with one more field: it converts to
/// std::error_code, and in a condition it is true on error, as an
/// std::error_code is, so `if (ulid::observe(x))` and `std::error_code ec =
/// ulid::observe(x);` read as they do for every other fallible call.
struct observe_result {
    std::error_code ec;
    std::chrono::milliseconds ahead{0};

    /// True when `x` was not taken (`ec` is set), as std::error_code.
    [[nodiscard]] explicit operator bool() const noexcept { return static_cast<bool>(ec); }
    /// `ec`: observe_result where a std::error_code is expected.
    // NOLINTNEXTLINE(google-explicit-constructor): the rule's std::error_code, so usable wherever one is
    [[nodiscard]] operator std::error_code() const noexcept { return ec; }
};

/// The default of max_clock_skew(): 500 ms, CockroachDB's default maximum
/// clock offset between nodes.
inline constexpr std::chrono::milliseconds default_max_clock_skew{500};

/// How far ahead of the local clock an ID may be for observe() to take it:
/// the bound on how far observing can carry a process's IDs ahead of its
/// clock. Process-wide, default_max_clock_skew until set. Thread-safe.
[[nodiscard]] inline std::chrono::milliseconds max_clock_skew() noexcept;

/// Sets max_clock_skew() for every later observe() of the process (a
/// negative value counts as zero). Lowering it does not lower a floor that
/// an earlier observe() set. Thread-safe.
inline void set_max_clock_skew(std::chrono::milliseconds skew) noexcept;

/// What a monotonic generator makes: its second template argument, a policy
/// that owns the layout's behaviour. The library's two:
/// - ulid_layout: the classic ULID, 48-bit Unix milliseconds and 80 bits
///   that grow within a millisecond.
/// - uuidv7_layout: ULIDs that are also RFC 9562 UUIDv7 (section 5.7):
///   unix_ts_ms, version 0111, rand_a, variant 10, rand_b. rand_a holds the
///   fraction of the millisecond in 4096 steps of about 244 ns (section 6.2,
///   method 3, as PostgreSQL 18's uuidv7()); rand_b is random and grows by a
///   random increment within a step (method 2); when it would overflow, the
///   step advances.
///
/// A layout has the static members below; monotonic_entropy, the make
/// functions and default_entropy<Layout>() are written once over them. A
/// tick is 2^-sub_ms_bits ms; the counter that grows within a tick is a high
/// word (counter_bits - 64 bits, when above 64) and a low word. Its 48 bits
/// of milliseconds (first, as in every ULID), sub_ms_bits, fixed_bits and
/// counter_bits must add up to the 128 bits of an ID, with 1 to 80 counter
/// bits and a tick that fits 64 bits: monotonic_entropy over a layout that
/// breaks that budget does not compile.
/// - now_tick(): the current tick as the make functions read it.
/// - handler_tick(): the current tick from the system clock itself
///   (async-signal-safe), for make functions called in a signal handler.
/// - make_id(tick, high, low): the ID at `tick` with counter high:low.
/// - seed(fresh, counter): a fresh counter from ten random bytes.
/// - place(x): where an observed ID `x` falls among the layout's IDs.
struct ulid_layout {
    /// Bits of sub-millisecond time after the milliseconds.
    static constexpr unsigned sub_ms_bits = 0;
    /// Bits that grow within one tick.
    static constexpr unsigned counter_bits = 80;
    /// Bits that are the same in every ID (none here).
    static constexpr unsigned fixed_bits = 0;
    static_assert(48 + sub_ms_bits + fixed_bits + counter_bits == 128, "a ULID is 128 bits");
    /// The last tick: max_time.
    static constexpr std::uint64_t max_tick = max_time;

    /// The calibrated cycle-counter clock, in milliseconds (Part 2, "Time").
    [[nodiscard]] static std::uint64_t now_tick() noexcept;
    /// now(), the system clock.
    [[nodiscard]] static std::uint64_t handler_tick() noexcept;
    /// The timestamp `tick`, then the 16 + 64 counter bits.
    [[nodiscard]] static constexpr ulid make_id(std::uint64_t tick, std::uint64_t high, std::uint64_t low) noexcept;
    /// All ten bytes, in order.
    static constexpr void seed(const entropy_array& fresh, detail::monotonic_state::position& counter) noexcept;
    /// Every ID is placed exactly.
    [[nodiscard]] static constexpr detail::observed_place place(const ulid& x) noexcept;
};

/// See ulid_layout.
struct uuidv7_layout {
    /// rand_a: the fraction of the millisecond in 4096 steps.
    static constexpr unsigned sub_ms_bits = 12;
    /// rand_b.
    static constexpr unsigned counter_bits = 62;
    /// The version (4 bits) and the variant (2 bits).
    static constexpr unsigned fixed_bits = 6;
    static_assert(48 + sub_ms_bits + fixed_bits + counter_bits == 128, "a UUIDv7 is 128 bits");
    /// The last 1/4096 ms of max_time.
    static constexpr std::uint64_t max_tick = (max_time << sub_ms_bits) | ((std::uint64_t{1} << sub_ms_bits) - 1U);

    /// The precise system clock in 1/4096 ms (not the cycle counter, whose
    /// error is not well under one step: docs/design.md).
    [[nodiscard]] static std::uint64_t now_tick() noexcept;
    /// now_tick(), which is the system clock already.
    [[nodiscard]] static std::uint64_t handler_tick() noexcept;
    /// unix_ts_ms, version 7, rand_a from `tick`; variant 10, rand_b `low`.
    [[nodiscard]] static constexpr ulid make_id(std::uint64_t tick, std::uint64_t high, std::uint64_t low) noexcept;
    /// rand_b from the last eight bytes.
    static constexpr void seed(const entropy_array& fresh, detail::monotonic_state::position& counter) noexcept;
    /// A UUIDv7 exactly; any other ID before or after all UUIDv7 IDs of its
    /// millisecond or step, by its version and variant bits.
    [[nodiscard]] static constexpr detail::observed_place place(const ulid& x) noexcept;
};

namespace detail {

template <class... Layouts>
struct layout_list {};

/// The library's layouts: observe() and observe_thread_local() take an ID
/// into the generators of each.
using library_layouts = layout_list<ulid_layout, uuidv7_layout>;

}  // namespace detail

/// Entropy that grows strictly within a millisecond, as oklog/ulid's
/// Monotonic(r, inc). Owns its source (use a reference type, e.g.
/// monotonic_entropy<std::random_device&>, to borrow one) and its state, and
/// copies bytes out.
///
/// read_monotonic(ms) with the same ms as its own last success returns the
/// last entropy plus a uniform random increment in [1, inc] (inc == 0 means
/// 2^32 - 1, any inc up to 2^64 - 1 works); with any other ms it draws fresh
/// bytes. next() keeps a sequence of its own, which read_monotonic() never
/// moves nor follows. An all-zero draw is a
/// valid seed. If the increment would pass the top of the counter (2^80 - 1)
/// the call fails with errc::monotonic_overflow and every later call with
/// that ms fails too; a different ms reseeds. A failing source gives
/// errc::entropy_failure and changes nothing. In a child process after a
/// fork the next call reseeds. Not thread-safe: wrap it in
/// locked_monotonic_entropy to share it.
///
/// With uuidv7_layout every ID is an RFC 9562 UUIDv7, the counter is rand_b
/// (62 bits), and read_monotonic(ms) gives the ten bytes after the timestamp
/// at the start of that millisecond (rand_a zero); make_v7() and next_now() use
/// the sub-millisecond time.
template <class Source, class Layout = ulid_layout>
class monotonic_entropy {
    using source_type = std::remove_reference_t<Source>;
    static_assert(detail::layout_fits<Layout>,
                  "monotonic_entropy<Source, Layout>: Layout breaks the bit budget of a layout (48 bits of "
                  "milliseconds, sub_ms_bits, fixed_bits and counter_bits fill 128 bits; 1 to 80 counter bits; see "
                  "ulid_layout)");

public:
    /// The increment used when inc == 0, as in oklog/ulid.
    static constexpr std::uint64_t default_increment = 0xFFFFFFFFU;

    /// Takes ownership of `source`; `inc` bounds the random increment.
    explicit monotonic_entropy(Source source,
                               std::uint64_t inc = 0) noexcept(std::is_nothrow_move_constructible_v<Source>);

    /// Builds the source by default construction, in place; `inc` as above.
    /// A constant expression when the source's default constructor is one.
    constexpr explicit monotonic_entropy(std::in_place_t /*tag*/, std::uint64_t inc = 0) noexcept(
        std::is_nothrow_default_constructible_v<Source>);

    /// Entropy for `ms` into `out`; see the class comment. `ms` above
    /// max_time gives errc::big_time. `out` is written only on success.
    [[nodiscard]] std::error_code read_monotonic(std::uint64_t ms, entropy_array& out) noexcept;

    /// The next ULID at `ms` or later, never below the last one next()
    /// produced: an `ms` earlier than next()'s last timestamp (a clock
    /// stepping back) keeps that timestamp, and a millisecond whose entropy is
    /// used up moves on to the next millisecond. This is what make() does
    /// with the current time. Only next() sets that floor, so a
    /// read_monotonic() call with a far-future time cannot hold next() there,
    /// and next() continues above its own last ULID whatever read_monotonic()
    /// did meanwhile. Fails with errc::big_time (`ms`
    /// above max_time), errc::monotonic_overflow (entropy used up at
    /// max_time) or errc::entropy_failure; `out` is written only on success.
    [[nodiscard]] std::error_code next(std::uint64_t ms, ulid& out) noexcept;

    /// next() at the current time, read as make() does for ulid_layout
    /// (the calibrated cycle counter, milliseconds) and as make_v7() does for
    /// uuidv7_layout (the system clock, 1/4096 ms). Errors as next().
    [[nodiscard]] std::error_code next_now(ulid& out) noexcept;

    /// `n` successive next(ms) ULIDs into out[0, n), in increasing order.
    /// Stops at the first failure: out[0, count) are then valid and the
    /// rest untouched.
    [[nodiscard]] batch_result next_n(std::uint64_t ms, ulid* out, std::size_t n) noexcept;

    /// Causal order (docs/design.md, Causal order; the receive rule of
    /// Kulkarni et al.'s hybrid logical clocks): after a successful
    /// observe(x), every later next(), next_n() and next_now() ULID is greater
    /// than `x` (as 128-bit values; `x` may be of either layout);
    /// read_monotonic() is not ordered by it. The floor only rises: an `x`
    /// below what next() would give anyway changes nothing.
    /// IDs stay at the floor until the clock passes it, then return to clock
    /// time. Refuses with errc::clock_skew, changing nothing, an `x` whose
    /// timestamp is more than max_clock_skew() ahead of the generator's clock
    /// (as next_now() reads it), so IDs run at most that far ahead of the
    /// clock (one tick more when `x` is the last ID of its tick). Other
    /// errors, also changing nothing: errc::entropy_failure (fresh bytes for
    /// the counter could not be read), errc::big_time (no ID above `x`
    /// exists). Never allocates or throws.
    [[nodiscard]] observe_result observe(const ulid& x) noexcept;

    /// The bound of the random increment (inc, or 2^32 - 1 when built with 0).
    [[nodiscard]] std::uint64_t increment_bound() const noexcept { return state_.inc; }

    /// The owned source.
    [[nodiscard]] source_type& source() noexcept { return source_; }

private:
    friend struct detail::access;

    detail::monotonic_state state_;
    Source source_;
};

/// monotonic_entropy's step (ulid_layout) on a state the caller keeps, such
/// as a database server's shared memory: the ULID after `last` at Unix
/// millisecond `ms`, by next()'s rule. For an `ms` after last.time() it is
/// the ULID at `ms` with entropy `fresh`. Otherwise (the same millisecond, or
/// a clock behind it) it is `last` plus `step` in its 80-bit counter, and
/// when that passes the counter's top, the ULID at last.time() + 1 with
/// entropy `fresh`. `step` is the random increment, drawn by the caller
/// uniformly from [1, inc] (monotonic_entropy's default: [1, 2^32 - 1]); 0
/// counts as 1. So every result is greater than `last`. Errors, with `out`
/// untouched: errc::big_time (`ms` above max_time), errc::monotonic_overflow
/// (the counter used up at max_time: no ULID above `last` by this rule).
/// Pure (no clock, no randomness, no allocation, no shared state), so safe
/// on any thread; the caller's lock guards `last` and `out`.
[[nodiscard]] constexpr errc next_above(const ulid& last, std::uint64_t ms, const entropy_array& fresh,
                                        std::uint64_t step, ulid& out) noexcept;

/// observe()'s placement (ulid_layout) on a state the caller keeps, as
/// next_above() is next()'s step: the ULID that monotonic_entropy::observe(x)
/// leaves as its last, so that next_above() from it continues above `x`. It
/// is at x's millisecond, above `x` by 1 + r, r from the low bits of
/// `fresh` cut to leave room for about 2^16 more placements in that
/// millisecond (an observe chain stays there) yet at least 2^32 wide where
/// the room allows (about 2^62 for a random `x`), so that two callers who
/// observe the same `x` with their own fresh bytes land far apart. When `x`
/// is the last ULID of its millisecond: the next millisecond, entropy
/// `fresh`. errc::big_time, `out` untouched, when no ULID is above `x`. Pure,
/// like next_above().
[[nodiscard]] constexpr errc place_above(const ulid& x, const entropy_array& fresh, ulid& out) noexcept;

namespace detail {

/// The lock of locked_monotonic_entropy, for critical sections of a few
/// nanoseconds (its code, and why it is built so: part 2, "The lock"; here
/// because the class holds one). In a process copy (a child however made,
/// but for a clone that shares memory) a lock that a parent's thread held is
/// free. Meets the Lockable requirements; not recursive, not fair; never
/// allocates or fails. Per process: in memory shared with another process
/// each would take over the other's hold (see locked_monotonic_entropy).
class fork_safe_mutex {
public:
    void lock() noexcept;
    [[nodiscard]] bool try_lock() noexcept;
    void unlock() noexcept;
    /// unlock(), and when a waiter sleeps, a short wait for it to take the
    /// lock before the caller may take it again: for callers that relock at
    /// once (a batch between chunks), which would otherwise win every time
    /// against a waiter that is still waking up.
    void unlock_and_hand_over() noexcept;

private:
    friend struct test_access;
    std::atomic<std::uint32_t> state_{0};  // see lock_held_by()
    std::atomic<std::uint32_t> sleepers_{0};
};

}  // namespace detail

/// A monotonic source made safe to share between threads: every public
/// member function holds an internal lock while it touches
/// the wrapped state (next_n() in chunks), and there is no other way to
/// reach that state (no accessor, no base class, no conversion). Neither
/// copyable nor movable. The lock is free in a child process however the
/// child was made, even if another thread held it at the fork, and the
/// child's first call reseeds (see monotonic_entropy); no atfork handler
/// takes it. Where the kernel cannot wipe memory in a child (older Linux,
/// macOS) this holds for fork() only.
///
/// An object of one process: not for memory shared between processes
/// (MAP_SHARED, shm_open, System V). Its lock is marked with its holder's
/// fork epoch, and a holder marked by another process is taken over, which
/// is what frees a lock in a process copy, where that holder does not exist;
/// two live processes would both enter. The keystream of a secure_entropy
/// is in a private page the other process cannot see, and waiters sleep on
/// a process-private futex. Not async-signal-safe: a signal handler that
/// interrupted a call on one must not call it.
template <class Monotonic>
class locked_monotonic_entropy {
public:
    /// Wraps `monotonic`, taking ownership.
    explicit locked_monotonic_entropy(Monotonic monotonic) noexcept(std::is_nothrow_move_constructible_v<Monotonic>)
        : monotonic_(std::move(monotonic)) {}

    /// Builds the wrapped source in place from `args`.
    template <class... Args>
    constexpr explicit locked_monotonic_entropy(std::in_place_t /*tag*/, Args&&... args) noexcept(
        std::is_nothrow_constructible_v<Monotonic, Args...>)
        : monotonic_(std::forward<Args>(args)...) {}

    locked_monotonic_entropy(const locked_monotonic_entropy&) = delete;
    locked_monotonic_entropy& operator=(const locked_monotonic_entropy&) = delete;

    /// Monotonic::read_monotonic under the lock.
    [[nodiscard]] std::error_code read_monotonic(std::uint64_t ms, entropy_array& out) noexcept;

    /// Monotonic::next under the lock.
    [[nodiscard]] std::error_code next(std::uint64_t ms, ulid& out) noexcept;

    /// Monotonic::next_now under the lock (the clock is read inside it).
    [[nodiscard]] std::error_code next_now(ulid& out) noexcept;

    /// Most ULIDs one next_n() makes under one hold of the lock.
    static constexpr std::size_t batch_chunk = 256;

    /// Monotonic::next_n, taking the lock once per batch_chunk ULIDs, so
    /// that other threads wait for one chunk at most. The
    /// batch is increasing; other callers' ULIDs may fall between chunks.
    [[nodiscard]] batch_result next_n(std::uint64_t ms, ulid* out, std::size_t n) noexcept;

    /// Monotonic::observe under the lock (the clock is read inside it): every
    /// later ID from any thread's call is greater than `x`.
    [[nodiscard]] observe_result observe(const ulid& x) noexcept;

private:
    friend struct detail::access;
    friend struct detail::test_access;

    detail::fork_safe_mutex mutex_;
    Monotonic monotonic_;
};

/// The type of default_entropy<Layout>(): ChaCha8 keyed from the operating
/// system, monotonic with the default increment, behind a lock.
template <class Layout = ulid_layout>
using default_entropy_t = locked_monotonic_entropy<monotonic_entropy<secure_entropy, Layout>>;

/// The type of default_entropy(), make()'s source.
using default_entropy_type = default_entropy_t<ulid_layout>;

/// The process-wide, thread-safe monotonic source of `Layout`:
/// default_entropy() is make()'s (and make_batch()'s),
/// default_entropy<uuidv7_layout>() is make_v7()'s. One object per layout in
/// the program. Built at compile time (no start-up code, no heap), and never
/// destroyed, so the make functions stay valid during static destruction.
/// Cannot fail. Its lock is free in every child process (see
/// locked_monotonic_entropy). Not async-signal-safe itself: the make
/// functions are. Its next_now() is the make function's step (the layout's
/// clock) with errors returned, not aborted on.
template <class Layout = ulid_layout>
[[nodiscard]] default_entropy_t<Layout>& default_entropy() noexcept;

/// The calling thread's own secure monotonic source of `Layout` (that of
/// make_thread_local(), or of make_v7_thread_local() for uuidv7_layout): the
/// same generator as default_entropy<Layout>() without the lock, so it is
/// monotonic within its thread only; ULIDs from different threads are
/// unique but not ordered with each other. Built in the thread's static
/// storage on first use (no heap; its keystream page is mapped then) and
/// destroyed at thread exit, which wipes its key and unmaps the page.
template <class Layout = ulid_layout>
[[nodiscard]] monotonic_entropy<secure_entropy, Layout>& thread_local_entropy() noexcept;

// ---------------------------------------------------------------------------
// Making ULIDs
// ---------------------------------------------------------------------------
//
// The make functions (make, must_make, make_thread_local, make_batch and
// their make_v7 forms) are async-signal-safe once set up: a signal handler
// may call any of them, also while it interrupted a make function on its
// own thread. It never hangs and never returns an ID that another call
// returned; the interrupted call, and every call its thread makes after,
// keep their order. IDs made by a handler that interrupted a make function
// are increasing within that call but not ordered with the process's other
// IDs (they may sort before the interrupted call's). Set-up is not
// async-signal-safe: the process's first call of a make function (it maps
// pages and registers an atfork handler) and a thread's first call of a
// thread-local form (it also registers a thread-exit destructor); make them
// before installing a handler that calls make functions or forks. Direct calls on default_entropy(),
// thread_local_entropy() or a source of your own are not covered: a handler that interrupted one must not call that
// object, nor a make function that uses it.
//
// The make functions abort with a message, never return an error, and only
// for these causes: the clock is past the year 10889 (or an ID of its last
// millisecond is used up); no page of memory could be mapped for a
// generator's state or the fork epoch (address space exhausted: the first
// call of the process, or of a thread for the thread-local forms, maps one;
// a later call tries again); the operating system gives no randomness; or
// fork detection is impossible (the kernel does not wipe pages in a child
// and pthread_atfork fails). The message names the cause.
//
// A child made by clone(CLONE_VM) without CLONE_THREAD shares its parent's
// memory and, with glibc, its parent thread's thread-local storage: no make
// function may be called there while the parent runs (the thread-local forms
// would share one generator, the others one signal mark and clock line).

/// A ULID with timestamp `ms` and entropy from `source` (see "Entropy
/// sources"): a byte reader's first ten bytes become the entropy in order; a
/// monotonic source is asked with read_monotonic. Errors: `ms` above max_time
/// -> errc::big_time (checked first, before the source is touched); the
/// source's errc::monotonic_overflow; any source failure ->
/// errc::entropy_failure. `out` is written only on success. Allocates only
/// if the source does; thread-safe if the source is.
template <class Source>
[[nodiscard]] std::error_code generate(std::uint64_t ms, Source& source, ulid& out) noexcept;

/// As generate(), returning the ULID; throws ulid::error on failure (aborts
/// with a message when exceptions are disabled).
template <class Source>
[[nodiscard]] ulid must_generate(std::uint64_t ms, Source& source);

/// A new ULID for the current time from default_entropy(). Thread-safe, never
/// throws, never allocates. Each make() is strictly greater than every
/// earlier make() in the process, on any thread: when the clock steps back it
/// keeps the last timestamp, and when a millisecond's entropy is used up it
/// moves to the next millisecond; calls that pass their own time through
/// default_entropy() (must_make(ms), generate()) do not change that; an ID
/// made in a signal handler that interrupted a make function on the same
/// thread is unique but not ordered (see above). Async-signal-safe once set
/// up. Aborts with a message only for the causes listed above.
[[nodiscard]] inline ulid make() noexcept;

/// A ULID at time `ms` (as oklog/ulid's MustNewDefault), from a process-wide
/// generator for given times, apart from make()'s: successive must_make()
/// calls for one millisecond are strictly increasing, on any thread, whatever
/// make() and make_v7() calls come between; a call for another millisecond
/// starts that one afresh (random), so a millisecond left and come back to
/// is not ordered against its earlier IDs. Not ordered against make()'s IDs
/// of the same millisecond (each sequence is increasing on its own; IDs of
/// different milliseconds sort by time). Throws ulid::error with
/// errc::big_time or errc::monotonic_overflow (aborts with a message when
/// exceptions are disabled); never allocates. Async-signal-safe as make()
/// is, while it does not throw; a handler's ID is a fresh random one at `ms`.
[[nodiscard]] inline ulid must_make(std::uint64_t ms);

/// must_make(timestamp(t)): `t` rounded down to its millisecond, times
/// before 1970 as 0.
[[nodiscard]] inline ulid must_make(std::chrono::system_clock::time_point t);

/// As must_make(ms), each ID an RFC 9562 UUIDv7 at `ms` (rand_a zero, the
/// counter in rand_b), from a given-time generator of its own: strictly
/// increasing across calls for one millisecond, apart from make_v7()'s
/// sequence. Errors and aborts as must_make(ms).
[[nodiscard]] inline ulid must_make_v7(std::uint64_t ms);

/// must_make_v7(timestamp(t)).
[[nodiscard]] inline ulid must_make_v7(std::chrono::system_clock::time_point t);

/// The earlier name of must_make(ms), kept for one release.
[[nodiscard, deprecated("use ulid::must_make(ms): it throws, like the other must_ helpers")]] inline ulid make(
    std::uint64_t ms);

/// make() without the lock, from thread_local_entropy(): strictly increasing
/// within the calling thread, unique across threads, but not ordered across
/// threads. Never throws or allocates; async-signal-safe and aborts as
/// make() does.
[[nodiscard]] inline ulid make_thread_local() noexcept;

/// Fills out[0, n) with n ULIDs from default_entropy() that continue make()'s
/// sequence in increasing order, reading the clock once and taking the lock
/// once per 256 ULIDs (other threads' make() may fall between those
/// chunks). Never throws or allocates; async-signal-safe and aborts as
/// make() does (a handler's batch is increasing, not ordered with others).
inline void make_batch(ulid* out, std::size_t n) noexcept;

#if ULID_HAS_SPAN
/// make_batch() over a span.
inline void make_batch(std::span<ulid> out) noexcept;
#endif

/// A new ULID that is also an RFC 9562 UUIDv7 (see uuidv7_layout): encode()
/// gives a valid ULID, encode_uuid() a valid version-7 UUID. Each make_v7()
/// is strictly greater than every earlier make_v7() in the process, on any
/// thread, through clock step-backs (the last tick is kept). rand_a holds
/// the precise system clock's fraction of the millisecond, so an ID made
/// after another process's make_v7() ID was received (any hand-off slower
/// than one 244 ns step, on a clock that did not step back) is greater,
/// which classic ULIDs of one millisecond cannot promise. Thread-safe, never
/// throws, never allocates; the same ChaCha8 entropy, fork, reseed and
/// signal-handler guarantees as make(), from a process-wide generator of its
/// own. Aborts as make() does.
[[nodiscard]] inline ulid make_v7() noexcept;

/// make_v7() without the lock, from the calling thread's own generator (as
/// make_thread_local()): increasing within the thread, unique across threads.
[[nodiscard]] inline ulid make_v7_thread_local() noexcept;

/// Fills out[0, n) with n ULIDs that continue make_v7()'s sequence in
/// increasing order, as make_batch() does for make().
inline void make_v7_batch(ulid* out, std::size_t n) noexcept;

#if ULID_HAS_SPAN
/// make_v7_batch() over a span.
inline void make_v7_batch(std::span<ulid> out) noexcept;
#endif

/// Causal order across processes and machines: after observe(x) returns a
/// zero `ec`, every later make(), make_v7(), make_batch() and make_v7_batch()
/// ID of the process, on any thread, is greater than `x`, whatever the
/// clocks of the process that made `x` and of this one say (so an ID made
/// after receiving `x` sorts after it). Refuses with errc::clock_skew an `x`
/// more than max_clock_skew() ahead of the local clock, changing nothing;
/// `ahead` says how far ahead it was. Taken IDs carry make()'s IDs at most
/// max_clock_skew() (plus one tick) ahead of the clock; the floor never goes
/// back, and once the clock passes it IDs return to clock time. Orders only
/// what the caller has seen: IDs of unrelated events on different machines
/// are ordered by their clocks alone. Thread-safe (it takes the generators'
/// locks), never throws, never allocates; not async-signal-safe. Other
/// errors (errc::entropy_failure, errc::big_time for an `x` at the last
/// tick) leave the generator that failed unchanged. Does not touch the
/// thread-local generators: see observe_thread_local().
[[nodiscard]] inline observe_result observe(const ulid& x) noexcept;

/// observe() for the calling thread's own generators: make_thread_local() and
/// make_v7_thread_local() on this thread then give IDs greater than `x`
/// (other threads' thread-local generators are not touched; those order only
/// within their thread). Errors as observe(); never throws or allocates
/// (a thread's first use builds its generators, as the make functions do).
[[nodiscard]] inline observe_result observe_thread_local(const ulid& x) noexcept;

#if ULID_HAS_EXPECTED
/// generate() returning std::expected (C++23).
template <class Source>
[[nodiscard]] std::expected<ulid, std::error_code> generate(std::uint64_t ms, Source& source) noexcept;
#endif

}  // namespace ulid
// ===========================================================================
// The implementation
// ===========================================================================

#include <ulid/detail/chacha.hpp>
#include <ulid/detail/clock.hpp>
#include <ulid/detail/fork.hpp>
#include <ulid/detail/lock.hpp>
#include <ulid/detail/monotonic.hpp>
#include <ulid/detail/sources.hpp>

namespace ulid {

// ---------------------------------------------------------------------------
// Making ULIDs
// ---------------------------------------------------------------------------
// Uses generation (through access); used by TypeIDs; tested in test_make, test_concurrency, signal/, alloc/.

template <class Source>
std::error_code generate(std::uint64_t ms, Source& source, ulid& out) noexcept {
    static_assert(detail::is_monotonic_source<Source>::value || detail::is_entropy_source_v<Source>,
                  "generate(ms, source, out): source must be a monotonic source, a byte reader "
                  "or a UniformRandomBitGenerator");
    if (ms > max_time) return errc::big_time;
    entropy_array e{};
    errc s = errc{};
    if constexpr (detail::has_errc_read<Source>::value) {
        s = detail::access::read_monotonic(source, ms, e);
    } else if constexpr (detail::is_monotonic_source<Source>::value) {
        s = detail::guarded([&]() -> errc { return errc_of(source.read_monotonic(ms, e)); });
    } else {
        s = detail::read_entropy(source, e);
    }
    if (s != errc{}) return detail::to_error_code(s);
    out = ulid::from_high_low((ms << 16U) | detail::load_be(e.data(), 2), detail::load_be(e.data() + 2, 8));
    return detail::success();
}

template <class Source>
ulid must_generate(std::uint64_t ms, Source& source) {
    ulid id;
    if (const std::error_code ec = generate(ms, source, id)) detail::throw_error(ec);
    return id;
}

namespace detail {

/// make()'s path: the next ULID of a library monotonic source at `tick`,
/// aborting with a message on the failures make() promises never to report.
template <class Monotonic>
[[nodiscard]] ULID_FORCE_INLINE ulid next_or_abort(Monotonic& source, std::uint64_t tick,
                                                   const char* caller = "make()") noexcept {
    ulid id;
    if (const errc s = access::next(source, tick, id); ULID_UNLIKELY(s != errc{})) fatal(caller, s);
    return id;
}

}  // namespace detail

namespace detail {

// The make functions, once for every layout; make() and make_v7() (and
// their forms) are their names for ulid_layout and uuidv7_layout.

template <class Layout>
[[nodiscard]] ULID_FORCE_INLINE ulid make_now(const char* caller) noexcept {
    const generator_entry entry;
    if (ULID_UNLIKELY(entry.reentered())) return make_one_in_handler<Layout>(caller);
    return next_or_abort(default_entropy<Layout>(), Layout::now_tick(), caller);
}

template <class Layout>
[[nodiscard]] ULID_FORCE_INLINE ulid make_now_thread_local(const char* caller) noexcept {
    const generator_entry entry;
    if (ULID_UNLIKELY(entry.reentered())) return make_one_in_handler<Layout>(caller);
    return next_or_abort(thread_local_entropy<Layout>(), Layout::now_tick(), caller);
}

template <class Layout>
ULID_FORCE_INLINE void make_now_batch(ulid* out, std::size_t n, const char* caller) noexcept {
    const generator_entry entry;
    if (ULID_UNLIKELY(entry.reentered())) return make_in_handler_or_abort<Layout>(out, n, caller);
    const batch_result result = access::next_n(default_entropy<Layout>(), Layout::now_tick(), out, n);
    if (result.ec) fatal(caller, result.ec);
}

/// observe() of `x` on the process-wide (or the calling thread's) generator
/// of each layout in turn, stopping at the first failure.
template <bool ThreadLocal, class... Layouts>
[[nodiscard]] errc observe_each(layout_list<Layouts...> /*layouts*/, const ulid& x) noexcept {
    errc s = errc{};
    const auto one = [&](auto& generator) {
        s = access::observe(generator, x);
        return s == errc{};
    };
    if constexpr (ThreadLocal) {
        (void)(one(thread_local_entropy<Layouts>()) && ...);
    } else {
        (void)(one(default_entropy<Layouts>()) && ...);
    }
    return s;
}

/// make_at(ms, out) and make_v7_at(ms, out), on the Layout's given-time generator.
template <class Layout>
[[nodiscard]] std::error_code make_given(std::uint64_t ms, ulid& out) noexcept {
    const generator_entry entry;
    if (ULID_UNLIKELY(entry.reentered())) {
        const errc s = ms > max_time ? errc::big_time : make_in_handler<Layout>(ms << Layout::sub_ms_bits, &out, 1);
        return s == errc{} ? success() : make_error_code(s);
    }
    return generate(ms, given_generator<Layout>.value, out);
}

/// must_make(ms) and must_make_v7(ms): make_given(), throwing its error.
template <class Layout>
[[nodiscard]] ulid must_make_given(std::uint64_t ms) {
    ulid id;
    if (const std::error_code ec = make_given<Layout>(ms, id)) throw_error(ec);
    return id;
}

}  // namespace detail

/// must_make(ms)'s ID, from the same process-wide given-time generator (so
/// the two share one sequence per millisecond), with the error returned
/// instead of thrown: for code that must neither throw nor abort, such as a
/// database extension. Errors: `ms` above max_time -> errc::big_time; a
/// millisecond's entropy used up -> errc::monotonic_overflow; no randomness
/// from the operating system -> errc::entropy_failure. `out` is written only
/// on success. Thread-safe; never throws or allocates; async-signal-safe
/// once set up, as must_make() is.
[[nodiscard]] inline std::error_code make_at(std::uint64_t ms, ulid& out) noexcept {
    return detail::make_given<ulid_layout>(ms, out);
}

/// make_at() for must_make_v7(ms)'s sequence: an RFC 9562 UUIDv7 at `ms`
/// (rand_a zero, the counter in rand_b). Errors and guarantees as make_at().
[[nodiscard]] inline std::error_code make_v7_at(std::uint64_t ms, ulid& out) noexcept {
    return detail::make_given<uuidv7_layout>(ms, out);
}

inline ulid make() noexcept { return detail::make_now<ulid_layout>("make()"); }

inline ulid must_make(std::uint64_t ms) { return detail::must_make_given<ulid_layout>(ms); }

inline ulid must_make(std::chrono::system_clock::time_point t) { return must_make(timestamp(t)); }

inline ulid must_make_v7(std::uint64_t ms) { return detail::must_make_given<uuidv7_layout>(ms); }

inline ulid must_make_v7(std::chrono::system_clock::time_point t) { return must_make_v7(timestamp(t)); }

inline ulid make(std::uint64_t ms) { return must_make(ms); }

inline ulid make_thread_local() noexcept { return detail::make_now_thread_local<ulid_layout>("make_thread_local()"); }

inline void make_batch(ulid* out, std::size_t n) noexcept {
    detail::make_now_batch<ulid_layout>(out, n, "make_batch()");
}

inline ulid make_v7() noexcept { return detail::make_now<uuidv7_layout>("make_v7()"); }

inline ulid make_v7_thread_local() noexcept {
    return detail::make_now_thread_local<uuidv7_layout>("make_v7_thread_local()");
}

inline void make_v7_batch(ulid* out, std::size_t n) noexcept {
    detail::make_now_batch<uuidv7_layout>(out, n, "make_v7_batch()");
}

inline std::chrono::milliseconds max_clock_skew() noexcept {
    return std::chrono::milliseconds(detail::max_clock_skew_ms.load(std::memory_order_relaxed));
}

inline void set_max_clock_skew(std::chrono::milliseconds skew) noexcept {
    detail::max_clock_skew_ms.store(skew.count() < 0 ? 0 : skew.count(), std::memory_order_relaxed);
}

// The thread is marked as in a make function meanwhile, so that a signal
// handler's make() does not wait for a lock this thread holds; one check of
// the clock judges `x` for both generators.
inline observe_result observe(const ulid& x) noexcept {
    const detail::generator_entry entry;
    observe_result r = detail::check_skew(x, detail::clock_ms());
    if (r.ec) return r;
    r.ec = detail::to_error_code(detail::observe_each<false>(detail::library_layouts{}, x));
    return r;
}

inline observe_result observe_thread_local(const ulid& x) noexcept {
    const detail::generator_entry entry;
    observe_result r = detail::check_skew(x, detail::clock_ms());
    if (r.ec) return r;
    r.ec = detail::to_error_code(detail::observe_each<true>(detail::library_layouts{}, x));
    return r;
}

#if ULID_HAS_SPAN
inline void make_batch(std::span<ulid> out) noexcept { make_batch(out.data(), out.size()); }
inline void make_v7_batch(std::span<ulid> out) noexcept { make_v7_batch(out.data(), out.size()); }
#endif

#if ULID_HAS_EXPECTED
template <class Source>
std::expected<ulid, std::error_code> generate(std::uint64_t ms, Source& source) noexcept {
    ulid id;
    if (const std::error_code ec = generate(ms, source, id)) return std::unexpected(ec);
    return id;
}
#endif

}  // namespace ulid

// The TypeID calls that make new IDs (declared in typeid.hpp).
namespace ulid {

template <class Tag>
typed_id<Tag> typed_id<Tag>::make() noexcept {
    return typed_id(make_v7());
}

inline std::error_code make_type_id(std::string_view prefix, type_id& out) noexcept {
    if (!is_type_id_prefix(prefix)) return errc::invalid_prefix;
    return make_type_id(prefix, make_v7(), out);
}

}  // namespace ulid

// make()'s slow path for both layouts: in compiled mode instantiated once,
// in src/ulid.cpp (the inline hot path stays in every translation unit).
#if ULID_COMPILED_DECL || defined(ULID_COMPILED_SOURCE)
namespace ulid {
#if ULID_COMPILED_DECL
extern template errc detail::monotonic<ulid_layout>::reseed<secure_entropy>(detail::monotonic_state::position&,
                                                                            secure_entropy&, std::uint64_t) noexcept;
extern template ulid detail::make_one_in_handler<ulid_layout>(const char*) noexcept;
extern template void detail::make_in_handler_or_abort<ulid_layout>(ulid*, std::size_t, const char*) noexcept;
extern template errc detail::monotonic<uuidv7_layout>::reseed<secure_entropy>(detail::monotonic_state::position&,
                                                                              secure_entropy&, std::uint64_t) noexcept;
extern template ulid detail::make_one_in_handler<uuidv7_layout>(const char*) noexcept;
extern template void detail::make_in_handler_or_abort<uuidv7_layout>(ulid*, std::size_t, const char*) noexcept;
#else
template errc detail::monotonic<ulid_layout>::reseed<secure_entropy>(detail::monotonic_state::position&,
                                                                     secure_entropy&, std::uint64_t) noexcept;
template ulid detail::make_one_in_handler<ulid_layout>(const char*) noexcept;
template void detail::make_in_handler_or_abort<ulid_layout>(ulid*, std::size_t, const char*) noexcept;
template errc detail::monotonic<uuidv7_layout>::reseed<secure_entropy>(detail::monotonic_state::position&,
                                                                       secure_entropy&, std::uint64_t) noexcept;
template ulid detail::make_one_in_handler<uuidv7_layout>(const char*) noexcept;
template void detail::make_in_handler_or_abort<uuidv7_layout>(ulid*, std::size_t, const char*) noexcept;
#endif
}  // namespace ulid
#endif

#include <ulid/detail/config_undef.hpp>

#endif  // ULID_GENERATOR_HPP
