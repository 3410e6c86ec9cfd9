// Sources and helpers shared by the reliability tests: a seekable
// deterministic stream, sources that fail on a chosen read, scripted clocks.
#pragma once

#include <ulid/ulid.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace rel {

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

/// A known ULID that no test produces, to detect writes on error paths.
inline ulid::ulid sentinel() noexcept {
    return ulid::ulid::from_bytes(
        {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef});
}

}  // namespace rel
