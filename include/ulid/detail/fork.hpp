// SPDX-License-Identifier: MIT
// ulid/detail/fork.hpp: fork detection: the fork epoch in a page the kernel
// wipes in a child.
//
// Uses core.hpp's errors. Used by the lock, the sources, generation. Tested in
// test_fork, fork_safety/, atfork/, address_space/.

#ifndef ULID_DETAIL_FORK_HPP
#define ULID_DETAIL_FORK_HPP

namespace ulid::detail {

// ---------------------------------------------------------------------------
// Fork detection
// ---------------------------------------------------------------------------
// Uses errors; used by the lock, the sources, generation; tested in test_fork, fork_safety/, atfork/, address_space/.
//
// A process copy must never reuse its parent's keystream or monotonic state,
// nor wait for a lock that one of its parent's threads held. Every generator
// records the "fork epoch" it was keyed in and compares it with the current
// one on each call, and every lock holder marks the lock with it. The epoch
// lives in a page that the kernel zeroes in every child, however the child
// was made (fork(), _Fork(), a raw fork system call or clone without
// CLONE_VM, a fork() in a signal handler): MADV_WIPEONFORK on Linux 4.14 and later,
// minherit(INHERIT_ZERO) on FreeBSD and NetBSD, MAP_INHERIT_ZERO on OpenBSD.
// A child finds it zero and takes a fresh epoch, newer than any of its
// ancestors', so its generators reseed and a lock its parent's thread held
// reads as free. Where the kernel cannot wipe (older Linux, macOS), a
// pthread_atfork child handler zeroes it instead, which covers fork() only.
// No handler takes a lock, so none can block a fork. If the page cannot be
// mapped (address space exhausted), the generators refuse to run and locks
// are marked per process id until a later call maps it. The design is that
// of OpenBSD's arc4random and Linux's vDSO getrandom (a wiped page tells the
// child it is one); the lock marked with the epoch is this library's.

/// Pages mapped by map_fork_wiped() and not yet unmapped: what the library
/// holds outside the heap (the allocation tests count it).
inline std::atomic<std::size_t> fork_wiped_pages{0};

/// Maps `size` bytes of zeroed private memory that the kernel wipes in
/// child processes where it can; nullptr if nothing can be mapped. Not the
/// heap allocator: operator new and malloc are never called. `wiped` tells
/// whether the kernel promised the wipe.
#if ULID_COMPILED_DECL
[[nodiscard]] void* map_fork_wiped(std::size_t size, bool& wiped) noexcept;
#else
[[nodiscard]] ULID_COLD_INLINE void* map_fork_wiped(std::size_t size, bool& wiped) noexcept {
    wiped = false;
#if defined(_WIN32)
    (void)size;
    return nullptr;  // no fork on Windows: callers keep their state inline
#else
    void* const p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0);
    if (p == MAP_FAILED) return nullptr;
    fork_wiped_pages.fetch_add(1, std::memory_order_relaxed);
#if defined(MADV_WIPEONFORK)
    wiped = ::madvise(p, size, MADV_WIPEONFORK) == 0;  // EINVAL before Linux 4.14
#elif defined(MAP_INHERIT_ZERO)
    wiped = ::minherit(p, size, MAP_INHERIT_ZERO) == 0;
#elif defined(INHERIT_ZERO)
    wiped = ::minherit(p, size, INHERIT_ZERO) == 0;
#endif
#if defined(MADV_DONTDUMP)
    (void)::madvise(p, size, MADV_DONTDUMP);           // keys stay out of core dumps
#endif
    return p;
#endif
}
#endif

inline void unmap_fork_wiped(void* p, std::size_t size) noexcept {
#if defined(_WIN32)
    (void)p;
    (void)size;
#else
    if (p != nullptr && ::munmap(p, size) == 0) fork_wiped_pages.fetch_sub(1, std::memory_order_relaxed);
#endif
}

/// The word that holds the current epoch: in a fork-wiped page once
/// set_up_fork_detection() has mapped one; before that (and on Windows,
/// which has no fork) in ordinary memory, which only Windows writes.
inline std::atomic<std::uint64_t> epoch_fallback{0};
inline std::atomic<std::atomic<std::uint64_t>*> epoch_word{&epoch_fallback};
/// The last epoch handed out; inherited by children, so theirs is newer.
inline std::atomic<std::uint64_t> epoch_counter{0};
/// Whether the kernel wipes the epoch page in every child.
inline std::atomic<bool> kernel_wipes_on_fork{false};
/// The process (getpid()) that took the current epoch. A user's atfork child
/// handler registered before the library's may already have renewed the
/// epoch for this fork (by calling make()); the library's must not renew it
/// again, or the child's next make() would reseed below that one's ID.
inline std::atomic<std::int64_t> epoch_owner{0};

/// Set while the calling thread is inside a make function (see "Making
/// ULIDs" below). An atomic only so that a signal handler may read it;
/// relaxed loads and stores are plain moves.
inline thread_local std::atomic<bool> in_generator{false};

/// The child handler where the kernel cannot wipe (and beside the wipe,
/// for emulators that accept the advice and ignore it). It also clears the
/// forking thread's make-function mark: a fork() in a signal handler that
/// interrupted a make function leaves the mark set, but the interrupted call
/// does not resume in the child (which must not return into it).
inline void on_fork_child() noexcept {
    in_generator.store(false, std::memory_order_relaxed);
#if !defined(_WIN32)
    if (epoch_owner.load(std::memory_order_relaxed) == static_cast<std::int64_t>(::getpid())) return;
#endif
    epoch_word.load(std::memory_order_relaxed)->store(0, std::memory_order_relaxed);
}

/// Whether set_up_fork_detection() has finished: 0 not yet, or its page
/// could not be mapped (tried again by the next caller); 1 ready; 2 failed
/// for good (no wipe and no atfork handler).
inline std::atomic<int> fork_detection{0};
inline std::atomic<bool> atfork_registered{false};
/// The lock mark of a process that has no epoch page yet (see
/// process_mark_slow(), in "The lock"), with the process it belongs to:
/// (pid << 32) | mark.
inline std::atomic<std::uint64_t> pageless_mark{0};

/// Maps the epoch page and registers the atfork child handler. False when a
/// fork() could go unseen: no page yet (last_failure says no_memory; the
/// next call tries again), or no wipe and no handler (for good). Without a
/// static guard, which a child would wait on forever if another thread or an
/// interrupted frame of its parent was inside it: racing threads, and a
/// child, simply repeat the steps (a second registration of the handler is
/// harmless). Signals are blocked meanwhile, so a handler that forks cannot
/// interrupt pthread_atfork, whose lock glibc's fork() takes.
#if ULID_COMPILED_DECL
[[nodiscard]] ULID_NOINLINE bool set_up_fork_detection() noexcept;
#else
[[nodiscard]] ULID_NOINLINE ULID_COLD_INLINE bool set_up_fork_detection() noexcept {
    if (const int state = fork_detection.load(std::memory_order_acquire); state != 0) return state == 1;
#if defined(_WIN32)
    fork_detection.store(1, std::memory_order_release);
    return true;
#else
    sigset_t all;
    sigset_t saved;
    sigfillset(&all);
    const bool masked = ::pthread_sigmask(SIG_SETMASK, &all, &saved) == 0;
    std::atomic<std::uint64_t>* expected = &epoch_fallback;
    bool mapped = epoch_word.load(std::memory_order_acquire) != expected;
    if (!mapped) {
        bool wiped = false;
        if (void* const page = map_fork_wiped(sizeof(std::atomic<std::uint64_t>), wiped)) {
            // The wipe is the kernel's, the same for every racer: set it
            // first. A process that ran without its page keeps the mark its
            // locks carry as its epoch, so that a lock it holds stays its own.
            kernel_wipes_on_fork.store(wiped, std::memory_order_relaxed);
            const std::uint64_t pageless = pageless_mark.load(std::memory_order_relaxed);
            const std::uint64_t pid = static_cast<std::uint32_t>(::getpid());
            const std::uint64_t kept = pageless >> 32U == pid ? pageless & 0xFFFFFFFFU : 0U;
            if (kept != 0) epoch_owner.store(static_cast<std::int64_t>(pid), std::memory_order_relaxed);
            auto* const word = ::new (page) std::atomic<std::uint64_t>(kept);
            if (!epoch_word.compare_exchange_strong(expected, word, std::memory_order_acq_rel)) {
                unmap_fork_wiped(page, sizeof *word);
            }
            mapped = true;
        } else {
            last_failure = failure_cause::no_memory;
        }
    }
    if (!atfork_registered.load(std::memory_order_relaxed) && ::pthread_atfork(nullptr, nullptr, &on_fork_child) == 0) {
        atfork_registered.store(true, std::memory_order_relaxed);
    }
    const bool ready = mapped && (atfork_registered.load(std::memory_order_relaxed) ||
                                  kernel_wipes_on_fork.load(std::memory_order_relaxed));
    if (mapped) {
        if (!ready) last_failure = failure_cause::no_fork_detection;
        fork_detection.store(ready ? 1 : 2, std::memory_order_release);
    }
    if (masked) (void)::pthread_sigmask(SIG_SETMASK, &saved, nullptr);
    return ready;
#endif
}
#endif

/// The current epoch without any check: equal to what a generator recorded
/// exactly when no process copy has happened since. Two loads.
[[nodiscard]] ULID_FORCE_INLINE std::uint64_t fork_epoch() noexcept {
    // Acquire: the page behind the pointer was mapped by whichever thread
    // set up fork detection, possibly this very moment on another thread.
    return epoch_word.load(std::memory_order_acquire)->load(std::memory_order_relaxed);
}

/// A number no generator or lock of this process holds, newer than every
/// ancestor's. Its low half marks locks, so that half is never zero.
[[nodiscard]] inline std::uint64_t fresh_epoch() noexcept {
    std::uint64_t fresh = 0;
    do {
        fresh = epoch_counter.fetch_add(1, std::memory_order_relaxed) + 1;
    } while (static_cast<std::uint32_t>(fresh) == 0);
    return fresh;
}

/// The current epoch for a generator that is about to key itself: never
/// zero. Fails (returns 0) while fork detection is not ready (see
/// set_up_fork_detection()): then fork() could go unseen, and the
/// generator must not run.
#if ULID_COMPILED_DECL
[[nodiscard]] ULID_NOINLINE std::uint64_t fork_epoch_slow() noexcept;
#else
[[nodiscard]] ULID_NOINLINE ULID_COLD_INLINE std::uint64_t fork_epoch_slow() noexcept {
    if (!set_up_fork_detection()) return 0;
    std::atomic<std::uint64_t>& word = *epoch_word.load(std::memory_order_acquire);
    std::uint64_t current = word.load(std::memory_order_relaxed);
    while (current == 0) {
        // A new process (or the first call). Racing threads agree on one
        // through the exchange.
#if !defined(_WIN32)
        epoch_owner.store(static_cast<std::int64_t>(::getpid()), std::memory_order_relaxed);
#endif
        const std::uint64_t fresh = fresh_epoch();
        if (word.compare_exchange_strong(current, fresh, std::memory_order_relaxed)) current = fresh;
    }
    return current;
}
#endif

}  // namespace ulid::detail
#endif  // ULID_DETAIL_FORK_HPP
