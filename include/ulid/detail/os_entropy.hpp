// SPDX-License-Identifier: MIT
// ulid/detail/os_entropy.hpp: randomness from the operating system
// (getrandom and the like), secure_wipe(), handler_entropy.
//
// Uses core.hpp's errors. Used by hashing (core.hpp: the key), the sources and
// the signal path. Tested in test_entropy_sources, test_faults, signal/.

#ifndef ULID_DETAIL_OS_ENTROPY_HPP
#define ULID_DETAIL_OS_ENTROPY_HPP

// ---------------------------------------------------------------------------
// Entropy from the operating system
// ---------------------------------------------------------------------------
// Uses errors; used by the sources, the signal path, hashing; tested in test_entropy_sources, test_faults, signal/.

namespace ulid::detail {

#if !defined(_WIN32)
/// `n` bytes from the kernel through system calls only (getrandom, else
/// /dev/urandom), all async-signal-safe: no lock of the C library is taken.
#if ULID_COMPILED_DECL
[[nodiscard]] bool os_random_syscalls(std::uint8_t* dst, std::size_t n) noexcept;
#else
[[nodiscard]] ULID_COLD_INLINE bool os_random_syscalls(std::uint8_t* dst, std::size_t n) noexcept {
#if ULID_HAS_GETRANDOM
    bool fall_back = false;
    while (n > 0 && !fall_back) {
        const ssize_t got = ::getrandom(dst, n, 0);
        if (got > 0) {
            dst += got;
            n -= static_cast<std::size_t>(got);
        } else if (got < 0 && (errno == ENOSYS || errno == EPERM)) {
            // ENOSYS: a kernel older than 3.17. EPERM: a seccomp filter
            // (older Docker and systemd profiles) that still lets
            // /dev/urandom be read.
            fall_back = true;
        } else if (!(got < 0 && errno == EINTR)) {
            return false;
        }
    }
    if (n == 0) return true;
#endif
    int fd = -1;
    do {
        fd = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return false;
    while (n > 0) {
        const ssize_t got = ::read(fd, dst, n);
        if (got > 0) {
            dst += got;
            n -= static_cast<std::size_t>(got);
        } else if (!(got < 0 && errno == EINTR)) {
            ::close(fd);
            return false;
        }
    }
    ::close(fd);
    return true;
}
#endif
#endif

/// Fills `dst` with `n` bytes from the operating system's CSPRNG
/// (getrandom, arc4random_buf, BCryptGenRandom or /dev/urandom).
#if ULID_COMPILED_DECL
[[nodiscard]] bool os_random(std::uint8_t* dst, std::size_t n) noexcept;
#else
[[nodiscard]] ULID_COLD_INLINE bool os_random(std::uint8_t* dst, std::size_t n) noexcept {
#if defined(_WIN32)
    constexpr unsigned long use_system_preferred_rng = 0x00000002UL;
    while (n > 0) {
        const auto chunk = static_cast<unsigned long>(n < (1U << 20U) ? n : (1U << 20U));
        if (BCryptGenRandom(nullptr, dst, chunk, use_system_preferred_rng) != 0) return false;
        dst += chunk;
        n -= chunk;
    }
    return true;
#elif ULID_HAS_ARC4RANDOM
    ::arc4random_buf(dst, n);
    return true;
#else
    return os_random_syscalls(dst, n);
#endif
}
#endif

/// os_random() for a generator called in a signal handler that interrupted
/// one on its own thread: arc4random_buf takes a lock (macOS, FreeBSD) that
/// the interrupted call may hold.
[[nodiscard]] inline bool os_random_in_handler(std::uint8_t* dst, std::size_t n) noexcept {
#if defined(_WIN32)
    return os_random(dst, n);
#else
    return os_random_syscalls(dst, n);
#endif
}

/// Zeroes `n` bytes with volatile stores, which the compiler may not drop as
/// dead (a plain memset before the end of an object's life may be removed).
inline void secure_wipe(void* p, std::size_t n) noexcept {
    volatile unsigned char* b = static_cast<unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) b[i] = 0;
}

/// The entropy of a make function called in a signal handler that
/// interrupted one on its own thread (make_in_handler()): bytes from the
/// kernel through async-signal-safe system calls, buffered on the caller's
/// stack and wiped there.
class handler_entropy {
public:
    handler_entropy() noexcept = default;
    handler_entropy(const handler_entropy&) = delete;
    handler_entropy& operator=(const handler_entropy&) = delete;
    ~handler_entropy() { secure_wipe(pool_.data(), pool_.size()); }

    /// Fills dst[0, n); false if the kernel gives no randomness.
    [[nodiscard]] ULID_COLD bool fill(std::uint8_t* dst, std::size_t n) noexcept {
        while (n > 0) {
            if (left_ == 0) {
                if (!os_random_in_handler(pool_.data(), pool_.size())) {
                    last_failure = failure_cause::no_randomness;
                    return false;
                }
                left_ = pool_.size();
            }
            const std::size_t take = n < left_ ? n : left_;
            std::uint8_t* const p = pool_.data() + (pool_.size() - left_);
            std::memcpy(dst, p, take);
            secure_wipe(p, take);
            left_ -= take;
            dst += take;
            n -= take;
        }
        return true;
    }

    /// The byte-reader form, for the source traits; the library calls fill(),
    /// which builds no std::error_code.
    [[nodiscard]] std::error_code read(std::uint8_t* dst, std::size_t n) noexcept {
        return fill(dst, n) ? std::error_code() : std::make_error_code(std::errc::io_error);
    }

private:
    std::array<std::uint8_t, 256> pool_{};
    std::size_t left_ = 0;
};

[[nodiscard]] inline std::int64_t steady_ms() noexcept {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace ulid::detail
#endif  // ULID_DETAIL_OS_ENTROPY_HPP
