// Entropy sources and helpers shared by the tests.
#pragma once

#include <ulid/ulid.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

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

}  // namespace test
