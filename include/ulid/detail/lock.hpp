// SPDX-License-Identifier: MIT
// ulid/detail/lock.hpp: fork_safe_mutex: mark, body, batch hand-over.
//
// Uses detail/fork.hpp (its mark). Used by generation. Tested in
// test_concurrency, test_fork, fork_safety/, address_space/.

#ifndef ULID_DETAIL_LOCK_HPP
#define ULID_DETAIL_LOCK_HPP

// Included from a public header, after detail/config.hpp.
#include <ulid/detail/fork.hpp>

namespace ulid::detail {

// ---------------------------------------------------------------------------
// The lock
// ---------------------------------------------------------------------------
// Uses fork detection (its mark); used by generation; tests: test_concurrency, test_fork, fork_safety/, address_space/.

/// The mark a lock holder of this process leaves: the low half of the fork
/// epoch, never zero, different from every ancestor's (unless 2^31
/// generations of children lie between: lock_held_by() keeps 31 bits of it).
/// Without fork detection, where every generator refuses to run, a lock
/// still needs a mark that no other live process holds: one taken for this
/// process id, which set_up_fork_detection() makes the epoch if the page
/// maps later, so that a lock held across that moment stays this process's.
#if ULID_COMPILED_DECL
ULID_NOINLINE std::uint32_t process_mark_slow() noexcept;
#else
ULID_NOINLINE ULID_COLD_INLINE std::uint32_t process_mark_slow() noexcept {
    if (const std::uint64_t epoch = fork_epoch_slow(); epoch != 0) return static_cast<std::uint32_t>(epoch);
#if defined(_WIN32)
    return 1U;
#else
    const std::uint64_t pid = static_cast<std::uint32_t>(::getpid());
    std::uint64_t seen = pageless_mark.load(std::memory_order_relaxed);
    while (seen >> 32U != pid) {
        const std::uint64_t mine = (pid << 32U) | static_cast<std::uint32_t>(fresh_epoch());
        if (pageless_mark.compare_exchange_strong(seen, mine, std::memory_order_relaxed)) seen = mine;
    }
    return static_cast<std::uint32_t>(seen);
#endif
}
#endif

[[nodiscard]] ULID_FORCE_INLINE std::uint32_t process_mark() noexcept {
    const auto mark = static_cast<std::uint32_t>(fork_epoch());
    return ULID_LIKELY(mark != 0) ? mark : process_mark_slow();
}

/// Tells the CPU that this thread is spinning (x86 pause, Arm yield).
inline void cpu_relax() noexcept {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause();
#elif (defined(__GNUC__) || defined(__clang__)) && (defined(__aarch64__) || defined(__arm__))
    __asm__ __volatile__("yield");
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    _mm_pause();
#elif defined(_MSC_VER) && (defined(_M_ARM64) || defined(_M_ARM))
    __yield();
#endif
}

/// Sleeps in the kernel while `word` holds `expected`, until wake_all() or
/// about a millisecond has passed: a futex on Linux, a short sleep elsewhere.
inline void sleep_while_equal(std::atomic<std::uint32_t>& word, std::uint32_t expected) noexcept {
#if defined(__linux__) && defined(SYS_futex)
    timespec limit{};
    limit.tv_nsec = 1000000;
    (void)::syscall(SYS_futex, static_cast<void*>(&word), FUTEX_WAIT_PRIVATE, expected, &limit, nullptr, 0);
#else
    if (word.load(std::memory_order_relaxed) == expected) std::this_thread::sleep_for(std::chrono::microseconds(100));
#endif
}

inline void wake_all(std::atomic<std::uint32_t>& word) noexcept {
#if defined(__linux__) && defined(SYS_futex)
    (void)::syscall(SYS_futex, static_cast<void*>(&word), FUTEX_WAKE_PRIVATE, INT32_MAX, nullptr, nullptr, 0);
#else
    (void)word;
#endif
}

/// A fork_safe_mutex's word: the mark of the process that took the lock
/// last, shifted left, and the held bit. Free, it keeps the mark, so a
/// process copy can tell its own lock from one it inherited.
[[nodiscard]] constexpr std::uint32_t lock_held_by(std::uint32_t mark) noexcept { return (mark << 1U) | 1U; }

/// Takes a fork_safe_mutex whose word is `state` for `self`
/// (lock_held_by(this process's mark)) if it is free, or was last taken in
/// another process (an ancestor): held or not, that lock is ours to take,
/// and the waiters it counts are not in this process.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal: the lock word, then its waiter count
[[nodiscard]] inline bool try_take_lock(std::atomic<std::uint32_t>& state, std::atomic<std::uint32_t>& sleepers,
                                        std::uint32_t self) noexcept {
    std::uint32_t seen = state.load(std::memory_order_relaxed);
    if (seen == self || !state.compare_exchange_strong(seen, self, std::memory_order_acquire)) return false;
    if (seen != (self & ~1U)) sleepers.store(0, std::memory_order_relaxed);
    return true;
}

#if ULID_COMPILED_DECL
ULID_NOINLINE void take_lock_contended(std::atomic<std::uint32_t>& state, std::atomic<std::uint32_t>& sleepers,
                                       std::uint32_t self) noexcept;
#else
ULID_NOINLINE ULID_COLD_INLINE void take_lock_contended(std::atomic<std::uint32_t>& state,
                                                        std::atomic<std::uint32_t>& sleepers,
                                                        std::uint32_t self) noexcept {
    if (try_take_lock(state, sleepers, self)) return;  // an ancestor's hold: no wait
    // About a thousand pause instructions first (tens of microseconds,
    // far longer than a make() takes), doubling twice; then sleep.
    for (unsigned pauses = 1024; pauses <= 4096; pauses *= 2) {
        for (unsigned i = 0; i < pauses; ++i) cpu_relax();
        if (try_take_lock(state, sleepers, self)) return;
    }
    sleepers.fetch_add(1, std::memory_order_seq_cst);
    while (!try_take_lock(state, sleepers, self)) sleep_while_equal(state, self);
    // Never below zero: a takeover may have cleared the count meanwhile.
    std::uint32_t count = sleepers.load(std::memory_order_relaxed);
    while (count != 0 && !sleepers.compare_exchange_weak(count, count - 1, std::memory_order_relaxed)) {
    }
}
#endif

// Why the lock is built so (its contract is at its class, in part 1). Waiters
// back off exponentially before sleeping: on virtual machines spread over a
// large CPU, a waiter that polls often steals the cache line from the holder
// mid-section and throughput collapses. They then sleep in the kernel, so a
// preempted holder gets the CPU back even under SCHED_FIFO. Release is a
// plain store (an atomic exchange there cost make() a fifth of its time), so
// the holder can miss a waiter that is just going to sleep: every sleep also
// ends after a millisecond. A lock word marked by an ancestor process (see
// "Fork detection") was held, if at all, by a thread that does not exist in
// this one, and counts waiters that do not either: it is taken over and the
// count cleared; the state it guards, possibly half-written, is discarded
// because its epoch is stale too.
inline void fork_safe_mutex::lock() noexcept {
    const std::uint32_t self = lock_held_by(process_mark());
    std::uint32_t expected = self & ~1U;  // free, last taken in this process
    if (ULID_LIKELY(state_.compare_exchange_strong(expected, self, std::memory_order_acquire))) return;
    take_lock_contended(state_, sleepers_, self);
}

inline bool fork_safe_mutex::try_lock() noexcept {
    return try_take_lock(state_, sleepers_, lock_held_by(process_mark()));
}

inline void fork_safe_mutex::unlock() noexcept {
    // Only the holder writes the word while the lock is held.
    state_.store(state_.load(std::memory_order_relaxed) & ~1U, std::memory_order_release);
    if (ULID_UNLIKELY(sleepers_.load(std::memory_order_relaxed) != 0)) wake_all(state_);
}

inline void fork_safe_mutex::unlock_and_hand_over() noexcept {
    unlock();
    if (ULID_UNLIKELY(sleepers_.load(std::memory_order_relaxed) != 0)) {
        for (unsigned i = 0; i < 4096 && (state_.load(std::memory_order_relaxed) & 1U) == 0; ++i) cpu_relax();
    }
}

/// Holds a fork_safe_mutex for its lifetime (std::lock_guard without <mutex>).
class lock_guard {
public:
    explicit lock_guard(fork_safe_mutex& m) noexcept : m_(m) { m_.lock(); }
    lock_guard(const lock_guard&) = delete;
    lock_guard& operator=(const lock_guard&) = delete;
    ~lock_guard() { m_.unlock(); }

private:
    fork_safe_mutex& m_;
};

/// `n` ULIDs from `part(out, count)` calls of at most batch_chunk each,
/// each under one hold of `mutex`.
template <class Part>
[[nodiscard]] batch_result next_n_in_chunks(fork_safe_mutex& mutex, std::size_t chunk_size, ulid* out, std::size_t n,
                                            Part part) noexcept {
    batch_result result;
    while (result.count < n) {
        const std::size_t chunk = n - result.count < chunk_size ? n - result.count : chunk_size;
        mutex.lock();
        const batch_result done = part(out + result.count, chunk);
        mutex.unlock_and_hand_over();
        result.count += done.count;
        if (done.ec) {
            result.ec = done.ec;
            break;
        }
    }
    return result;
}

}  // namespace ulid::detail
#endif  // ULID_DETAIL_LOCK_HPP
