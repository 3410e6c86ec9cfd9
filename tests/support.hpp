// Helpers shared by every test file: entropy sources (fixed, seeded,
// failing on a chosen read), clocks and thread helpers, hex conversions, the
// codecs' edge inputs, pipe I/O, and the fork harness for tests that run
// code in a child process.
#pragma once

#include "catch.hpp"

#include <ulid/ulid.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#if !defined(_WIN32)
#include <cerrno>
#include <chrono>
#include <csignal>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#endif

#if defined(ULID_TEST_GCOV)
// libgcov's: writes the counters of a --coverage build now.
extern "C" void __gcov_dump(void);
#endif

// ULID_TEST_DEPRECATED_BEGIN ... ULID_TEST_DEPRECATED_END: code between them
// uses deprecated names on purpose (the tests that the old names still work).
#if defined(__GNUC__)
#define ULID_TEST_DEPRECATED_BEGIN \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wdeprecated-declarations\"")
#define ULID_TEST_DEPRECATED_END _Pragma("GCC diagnostic pop")
#elif defined(_MSC_VER)
#define ULID_TEST_DEPRECATED_BEGIN __pragma(warning(push)) __pragma(warning(disable : 4996))
#define ULID_TEST_DEPRECATED_END __pragma(warning(pop))
#else
#define ULID_TEST_DEPRECATED_BEGIN
#define ULID_TEST_DEPRECATED_END
#endif

namespace test {

/// A byte reader that serves a fixed byte sequence and then fails, like Go's
/// bytes.NewReader (which returns io.EOF when exhausted).
class sequence_reader {
public:
    explicit sequence_reader(std::vector<std::uint8_t> bytes) : bytes_(std::move(bytes)) {}

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        ++reads_;
        if (bytes_.size() - position_ < n) return std::make_error_code(std::errc::io_error);
        std::memcpy(dst, bytes_.data() + position_, n);
        position_ += n;
        return {};
    }

    [[nodiscard]] std::size_t consumed() const { return position_; }
    [[nodiscard]] std::size_t reads() const { return reads_; }

private:
    std::vector<std::uint8_t> bytes_;
    std::size_t position_ = 0;
    std::size_t reads_ = 0;
};

/// A byte reader over a seeded std::mt19937_64: good randomness, reproducible.
class prng_reader {
public:
    explicit prng_reader(std::uint64_t seed) : engine_(seed) {}

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(engine_() >> 56U);
        return {};
    }

private:
    std::mt19937_64 engine_;
};

/// Serves `prefix` first, then bytes from a seeded PRNG.
class prefixed_reader {
public:
    prefixed_reader(std::vector<std::uint8_t> prefix, std::uint64_t seed) : prefix_(std::move(prefix)), rest_(seed) {}

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            if (position_ < prefix_.size()) {
                dst[i] = prefix_[position_++];
            } else {
                std::uint8_t b = 0;
                (void)rest_.read(&b, 1);
                dst[i] = b;
            }
        }
        return {};
    }

private:
    std::vector<std::uint8_t> prefix_;
    std::size_t position_ = 0;
    prng_reader rest_;
};

/// A byte reader stuck on one byte value.
struct constant_reader {
    std::uint8_t value;
    std::size_t reads = 0;

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        ++reads;
        std::memset(dst, value, n);
        return {};
    }
};

/// A byte reader that always fails.
struct failing_reader {
    std::size_t reads = 0;
    std::error_code read(std::uint8_t*, std::size_t) {
        ++reads;
        return std::make_error_code(std::errc::io_error);
    }
};

/// A byte reader whose reads succeed (with PRNG bytes) until told to fail.
class switchable_reader {
public:
    explicit switchable_reader(std::uint64_t seed, bool* fail) : bytes_(seed), fail_(fail) {}

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        if (*fail_) return std::make_error_code(std::errc::io_error);
        return bytes_.read(dst, n);
    }

private:
    prng_reader bytes_;
    bool* fail_;
};

/// A UniformRandomBitGenerator stuck on one value, with a chosen range.
template <std::uint64_t Min, std::uint64_t Max>
struct constant_generator {
    using result_type = std::uint64_t;
    static constexpr result_type min() { return Min; }
    static constexpr result_type max() { return Max; }
    result_type value;
    std::size_t calls = 0;
    result_type operator()() {
        ++calls;
        return value;
    }
};

/// A UniformRandomBitGenerator that throws, as std::random_device may.
struct throwing_generator {
    using result_type = std::uint32_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return 0xFFFFFFFFU; }
    result_type operator()() { throw std::runtime_error("no entropy"); }
};

/// The entropy bytes as an 80-bit number split into (high 16, low 64).
struct uint80 {
    std::uint64_t high;
    std::uint64_t low;

    static uint80 of(const std::array<std::uint8_t, 10>& e) {
        uint80 v{0, 0};
        for (std::size_t i = 0; i < 2; ++i) v.high = (v.high << 8U) | e[i];
        for (std::size_t i = 2; i < 10; ++i) v.low = (v.low << 8U) | e[i];
        return v;
    }
};

/// b - a for entropies known to differ by less than 2^64.
inline std::uint64_t step_between(const std::array<std::uint8_t, 10>& a, const std::array<std::uint8_t, 10>& b) {
    return uint80::of(b).low - uint80::of(a).low;
}

/// 16 bytes from `rng`.
inline std::array<std::uint8_t, 16> random_bytes(std::mt19937_64& rng) {
    std::array<std::uint8_t, 16> b{};
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    return b;
}

/// `count` random 16-byte values from a generator seeded `seed`, then the
/// edge values of the codecs' byte lanes: every byte one of 00 FF 80 7F 55
/// AA 0F F0 (sign bit, nibbles, alternating bits), and each such byte alone
/// at each position among zeros.
inline std::vector<std::array<std::uint8_t, 16>> random_and_edge_bytes(std::uint64_t seed, std::size_t count) {
    std::mt19937_64 rng(seed);
    std::vector<std::array<std::uint8_t, 16>> inputs;
    for (std::size_t i = 0; i < count; ++i) inputs.push_back(random_bytes(rng));
    for (const std::uint8_t fill : std::array<std::uint8_t, 8>{0x00, 0xFF, 0x80, 0x7F, 0x55, 0xAA, 0x0F, 0xF0}) {
        std::array<std::uint8_t, 16> all{};
        all.fill(fill);
        inputs.push_back(all);
        for (std::size_t i = 0; i < 16; ++i) {
            std::array<std::uint8_t, 16> one{};
            one[i] = fill;
            inputs.push_back(one);
        }
    }
    return inputs;
}

/// A ULID of 16 bytes from `rng`.
inline ulid::ulid random_ulid(std::mt19937_64& rng) { return ulid::ulid::from_bytes(random_bytes(rng)); }

/// `s` in lower case (ASCII).
inline std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
    return s;
}

inline ulid::ulid from_hex(const std::string& hex) {
    std::array<std::uint8_t, 16> bytes{};
    for (std::size_t i = 0; i < 16; ++i)
        bytes[i] = static_cast<std::uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
    return ulid::ulid::from_bytes(bytes);
}

inline std::string to_hex(const ulid::ulid& id) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (const std::uint8_t b : id.bytes()) {
        out += digits[b >> 4U];
        out += digits[b & 15U];
    }
    return out;
}

/// splitmix64 (Steele, Lea, Flood): value i of the stream seeded `seed` is
/// mix(seed + (i + 1) * gamma), so any position can be reached directly.
class splitmix_stream {
public:
    explicit splitmix_stream(std::uint64_t seed) noexcept : seed_(seed) {}

    [[nodiscard]] std::uint64_t next() noexcept { return at(position_++); }
    [[nodiscard]] std::uint64_t position() const noexcept { return position_; }
    void seek(std::uint64_t position) noexcept { position_ = position; }

private:
    [[nodiscard]] std::uint64_t at(std::uint64_t i) const noexcept {
        std::uint64_t z = seed_ + (i + 1U) * 0x9E3779B97F4A7C15ULL;
        z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31U);
    }

    std::uint64_t seed_;
    std::uint64_t position_ = 0;
};

/// A byte reader over splitmix64, one stream value a byte. Good randomness,
/// reproducible, cheap: the custom source of the stress tests.
class splitmix_reader {
public:
    explicit splitmix_reader(std::uint64_t seed) noexcept : stream_(seed) {}

    [[nodiscard]] std::error_code read(std::uint8_t* dst, std::size_t n) noexcept {
        for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(stream_.next() >> 56U);
        return {};
    }

private:
    splitmix_stream stream_;
};

/// How a faulty source fails on its chosen read.
enum class fault { error_code, exception };

/// A byte reader whose k-th read (counting from 1; 0 = never) fails, by an
/// error code or by throwing, without consuming the stream; every other read
/// succeeds. Seekable, so a twin can be kept at the same stream position.
class faulty_reader {
public:
    faulty_reader(std::uint64_t seed, std::size_t fail_on, fault how) noexcept
        : stream_(seed), fail_on_(fail_on), how_(how) {}

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        ++reads_;
        if (reads_ == fail_on_) {
            if (how_ == fault::exception) throw std::runtime_error("injected entropy fault");
            return std::make_error_code(std::errc::io_error);
        }
        for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(stream_.next() >> 56U);
        return {};
    }

    [[nodiscard]] std::size_t reads() const noexcept { return reads_; }
    [[nodiscard]] std::uint64_t position() const noexcept { return stream_.position(); }
    void seek(std::uint64_t position) noexcept { stream_.seek(position); }

private:
    splitmix_stream stream_;
    std::size_t fail_on_;
    fault how_;
    std::size_t reads_ = 0;
};

/// A 64-bit UniformRandomBitGenerator whose k-th call (from 1; 0 = never)
/// throws without consuming the stream, as std::random_device may throw.
class faulty_generator {
public:
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type{0}; }

    faulty_generator(std::uint64_t seed, std::size_t fail_on) noexcept : stream_(seed), fail_on_(fail_on) {}

    result_type operator()() {
        ++calls_;
        if (calls_ == fail_on_) throw std::runtime_error("injected entropy fault");
        return stream_.next();
    }

    [[nodiscard]] std::size_t reads() const noexcept { return calls_; }
    [[nodiscard]] std::uint64_t position() const noexcept { return stream_.position(); }
    void seek(std::uint64_t position) noexcept { stream_.seek(position); }

private:
    splitmix_stream stream_;
    std::size_t fail_on_;
    std::size_t calls_ = 0;
};

/// A non-negative integer from the environment, or `fallback` when unset or
/// not a number.
inline std::size_t env_count(const char* name, std::size_t fallback) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') return fallback;
    char* end = nullptr;
    const unsigned long long n = std::strtoull(value, &end, 10);
    if (end == nullptr || *end != '\0') return fallback;
    return static_cast<std::size_t>(n);
}

/// Each thread's IDs merged and sorted, and how many times a thread's own
/// sequence failed to increase.
struct merged_ids {
    std::vector<ulid::ulid> sorted;
    std::size_t out_of_order = 0;
};

inline merged_ids merge_threads(const std::vector<std::vector<ulid::ulid>>& made) {
    merged_ids merged;
    for (const auto& ids : made) {
        for (std::size_t i = 1; i < ids.size(); ++i) merged.out_of_order += ids[i - 1] < ids[i] ? 0U : 1U;
        merged.sorted.insert(merged.sorted.end(), ids.begin(), ids.end());
    }
    std::sort(merged.sorted.begin(), merged.sorted.end());
    return merged;
}

/// A known ULID that no test produces, to detect writes on error paths.
inline ulid::ulid sentinel() noexcept {
    return ulid::ulid::from_bytes(
        {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef});
}

/// Writes the coverage counters of a --coverage build (ULID_TEST_GCOV) now:
/// a child process that leaves by _exit() or abort() would otherwise lose
/// them. Does nothing in other builds.
inline void flush_coverage() noexcept {
#if defined(ULID_TEST_GCOV)
#if !defined(_WIN32)
    // A child's alarm times the library, not this dump: every child of a
    // scenario merges into the same .gcda files under a file lock, in turn.
    (void)::alarm(0);
#endif
    __gcov_dump();
#endif
}

#if !defined(_WIN32)
/// Ways to make a child process. The library's atfork handler sees only
/// fork(); the others are seen only through the kernel's wipe.
enum class spawn { fork, underscore_fork, sys_fork, raw_clone };

inline const char* name(spawn how) {
    switch (how) {
        case spawn::fork:
            return "fork()";
        case spawn::underscore_fork:
            return "_Fork()";
        case spawn::sys_fork:
            return "syscall(SYS_fork)";
        case spawn::raw_clone:
            return "raw clone(SIGCHLD)";
    }
    return "?";
}

/// A child made by `how`: 0 in the child, its pid in the parent, -1 where
/// this platform lacks that way.
inline pid_t spawn_child(spawn how) {
    switch (how) {
        case spawn::fork:
            return ::fork();
        case spawn::underscore_fork:
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
            return ::_Fork();
#else
            return -1;
#endif
        case spawn::sys_fork:
#if defined(__linux__) && defined(SYS_fork)
            return static_cast<pid_t>(::syscall(SYS_fork));
#else
            return -1;
#endif
        case spawn::raw_clone:
#if defined(__linux__) && defined(SYS_clone) && defined(__s390x__)
            // clone(2): s390 takes the stack first and the flags second.
            return static_cast<pid_t>(::syscall(SYS_clone, 0, SIGCHLD, 0, 0, 0));
#elif defined(__linux__) && defined(SYS_clone) && (defined(__x86_64__) || defined(__aarch64__))
            return static_cast<pid_t>(::syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0));
#else
            return -1;
#endif
    }
    return -1;
}

/// The ways this platform has, each tried once; `missing` collects the
/// others, for the caller to report.
inline std::vector<spawn> spawns(std::vector<spawn>* missing = nullptr) {
    std::vector<spawn> all;
    for (const spawn how : {spawn::fork, spawn::underscore_fork, spawn::sys_fork, spawn::raw_clone}) {
        const pid_t pid = spawn_child(how);
        if (pid == 0) ::_exit(0);
        if (pid < 0) {
            if (missing != nullptr) missing->push_back(how);
            continue;
        }
        int status = 0;
        (void)::waitpid(pid, &status, 0);
        all.push_back(how);
    }
    return all;
}

/// spawns(), with a warning in the test's report for each way this platform
/// lacks: a missing one is reported, not hidden.
inline std::vector<spawn> reported_spawns() {
    std::vector<spawn> missing;
    std::vector<spawn> all = spawns(&missing);
    for (const spawn how : missing) WARN(name(how) << " is not available here: not tested");
    return all;
}

/// Writes all `n` bytes of `data` to `fd`, again after a signal
/// interrupts; false when the pipe or file refuses.
inline bool write_exact(int fd, const void* data, std::size_t n) {
    const auto* p = static_cast<const char*>(data);
    while (n > 0) {
        const ssize_t w = ::write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= static_cast<std::size_t>(w);
    }
    return true;
}

/// Reads exactly `n` bytes from `fd` into `data`, again after a signal
/// interrupts; false at end of file or on an error before all arrived.
inline bool read_exact(int fd, void* data, std::size_t n) {
    auto* p = static_cast<char*>(data);
    while (n > 0) {
        const ssize_t r = ::read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        p += r;
        n -= static_cast<std::size_t>(r);
    }
    return true;
}

/// Reads up to `size` bytes from `fd` into `into` until end of file;
/// returns how many arrived.
inline std::size_t read_all(int fd, void* into, std::size_t size) {
    std::size_t got = 0;
    while (got < size) {
        const ssize_t r = ::read(fd, static_cast<char*>(into) + got, size - got);
        if (r <= 0) break;
        got += static_cast<std::size_t>(r);
    }
    return got;
}

/// How a child process ended and what it wrote to stderr.
struct child_result {
    bool exited = false;
    bool hung = false;  // still running at the time limit, then killed
    int exit_code = -1;
    int signal = 0;
    std::string output;
};

/// Runs `body` in a forked child whose stderr comes back through a pipe,
/// killed (SIGKILL, `hung`) if it has not closed that pipe after `limit`.
/// The child exits 0 when `body` returns an empty string, else writes the
/// string and exits 1; a SIGABRT in the child keeps its default action
/// (after flushing coverage), not Catch2's handler. The one way the tests
/// run code in a child process and wait for it.
template <class Body>
child_result run_in_child(Body body, std::chrono::seconds limit = std::chrono::seconds(120)) {
    child_result result;
    int ends[2] = {-1, -1};
    if (::pipe(ends) != 0) return result;
    const pid_t child = ::fork();
    if (child < 0) return result;
    if (child == 0) {
        ::dup2(ends[1], 2);
        ::close(ends[0]);
        std::signal(SIGABRT, [](int) {
            flush_coverage();
            std::signal(SIGABRT, SIG_DFL);
            std::raise(SIGABRT);
        });
        const std::string failure = body();
        if (!failure.empty()) {
            const ssize_t written = ::write(2, failure.data(), failure.size());
            (void)written;
        }
        flush_coverage();
        ::_exit(failure.empty() ? 0 : 1);
    }
    ::close(ends[1]);
    // Reads until the child (and any process it forked) closes the pipe,
    // waking every 5 ms to check the deadline, so a hang ends the wait.
    const auto deadline = std::chrono::steady_clock::now() + limit;
    char buffer[512];
    for (;;) {
        pollfd readable{ends[0], POLLIN, 0};
        const int ready = ::poll(&readable, 1, 5);
        if (ready > 0) {
            const ssize_t got = ::read(ends[0], buffer, sizeof buffer);
            if (got <= 0) break;
            result.output.append(buffer, static_cast<std::size_t>(got));
        } else if (ready < 0 && errno != EINTR) {
            break;
        } else if (std::chrono::steady_clock::now() > deadline) {
            ::kill(child, SIGKILL);
            result.hung = true;
            break;
        }
    }
    ::close(ends[0]);
    int status = 0;
    if (::waitpid(child, &status, 0) != child) return result;
    result.exited = WIFEXITED(status);
    result.exit_code = result.exited ? WEXITSTATUS(status) : -1;
    result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return result;
}
#endif

}  // namespace test
