// monotonic_entropy never goes out of order: the input is decoded into a
// generator (either layout, any increment, a seeded or input-fed source)
// and a sequence of next(), next_now(), next_n(), read_monotonic() and
// observe() calls at arbitrary times, and every result is checked against a
// model of the rules:
//
// - every next-family ID (next, next_now, next_n) is strictly greater than
//   every earlier one and than every x observed successfully, at or after
//   the time asked for, and a UUIDv7 with uuidv7_layout; errors: big_time
//   only above max_time, monotonic_overflow only at max_time,
//   entropy_failure only from a source that is not random;
// - next_n() writes out[0, count) and nothing past it;
// - read_monotonic(ms) at the ms of its own last success gives a greater
//   ID at ms or monotonic_overflow, after which that ms stays used up until
//   another ms is read; at another ms it succeeds;
// - observe(x) takes an x within max_clock_skew() of the clock and refuses
//   one further ahead with clock_skew.
//
// Input: byte 0 chooses the layout, the source and how times are based;
// bytes 1-8 the increment, 9-14 a base time, 15-22 the source's seed; then
// one operation per byte with its arguments in the bytes after it. next_now()
// and observe() read the clock, the rest is deterministic.
#include "fuzz_check.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <system_error>
#include <utility>
#include <vector>

namespace {

/// The input's bytes in order; zeros once it runs out.
class input {
public:
    input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    [[nodiscard]] bool done() const { return position_ >= size_; }
    std::uint8_t byte() { return position_ < size_ ? data_[position_++] : 0; }
    std::uint64_t word(std::size_t bytes) {
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < bytes; ++i) v = (v << 8U) | byte();
        return v;
    }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t position_ = 0;
};

/// A byte reader: splitmix64 bytes (random), the input's bytes over and
/// over, or one byte value for ever (the last two are not random: their
/// draws may all be rejected).
class fuzz_source {
public:
    enum kind : std::uint8_t { splitmix, input_bytes, all_ones, all_zeros };

    fuzz_source(kind k, std::uint64_t seed, const std::uint8_t* data, std::size_t size)
        : kind_(k), state_(seed), bytes_(data, data + size) {
        if (bytes_.empty()) bytes_.push_back(0);
    }

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) dst[i] = next_byte();
        return {};
    }

    [[nodiscard]] bool random() const { return kind_ == splitmix; }

private:
    std::uint8_t next_byte() {
        switch (kind_) {
            case splitmix: {
                state_ += 0x9E3779B97F4A7C15ULL;
                std::uint64_t z = state_;
                z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
                z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
                return static_cast<std::uint8_t>((z ^ (z >> 31U)) >> 56U);
            }
            case input_bytes: {
                const std::uint8_t b = bytes_[position_ % bytes_.size()];
                ++position_;
                return b;
            }
            case all_ones:
                return 0xFF;
            case all_zeros:
                return 0;
        }
        return 0;
    }

    kind kind_;
    std::uint64_t state_;
    std::vector<std::uint8_t> bytes_;
    std::size_t position_ = 0;
};

/// What the rules remember.
struct model {
    bool made = false;
    ulid::ulid last{};
    bool observed = false;
    ulid::ulid observed_max{};
    bool read = false;
    std::uint64_t read_ms = 0;
    ulid::ulid read_last{};
    bool read_used_up = false;

    [[nodiscard]] std::uint64_t floor_ms() const {
        std::uint64_t t = made ? last.time() : 0;
        if (observed) t = std::max(t, observed_max.time());
        return t;
    }
};

constexpr std::uint64_t clock_slack_ms = 5;

template <class Layout>
class harness {
public:
    harness(fuzz_source source, std::uint64_t inc) : g_(std::move(source), inc) {}

    void next_id(const ulid::ulid& id, std::uint64_t ms_low) {
        if (m_.made) ULID_FUZZ_CHECK(m_.last < id);
        if (m_.observed) ULID_FUZZ_CHECK(m_.observed_max < id);
        if constexpr (Layout::sub_ms_bits != 0) ULID_FUZZ_CHECK(id.is_uuidv7());
        ULID_FUZZ_CHECK(id.time() >= ms_low);
        m_.last = id;
        m_.made = true;
    }

    void next_failed(std::error_code ec, std::uint64_t ms) {
        if (ec == ulid::errc::big_time) {
            ULID_FUZZ_CHECK(ms > ulid::max_time);
        } else if (ec == ulid::errc::monotonic_overflow) {
            ULID_FUZZ_CHECK(std::max(ms, m_.floor_ms()) == ulid::max_time);
        } else {
            ULID_FUZZ_CHECK(ec == ulid::errc::entropy_failure && !g_.source().random());
        }
    }

    void next(std::uint64_t ms) {
        ulid::ulid id = fuzz::sentinel();
        const std::error_code ec = g_.next(ms, id);
        if (ec) {
            ULID_FUZZ_CHECK(id == fuzz::sentinel());
            next_failed(ec, ms);
            return;
        }
        ULID_FUZZ_CHECK(ms <= ulid::max_time);
        next_id(id, ms);
    }

    void next_now() {
        const std::uint64_t before = ulid::now();
        ulid::ulid id = fuzz::sentinel();
        const std::error_code ec = g_.next_now(id);
        if (ec) {
            next_failed(ec, before);
            return;
        }
        next_id(id, before > clock_slack_ms ? before - clock_slack_ms : 0);
    }

    void next_n(std::uint64_t ms, std::size_t n) {
        std::vector<ulid::ulid> out(n, fuzz::sentinel());
        const ulid::batch_result r = g_.next_n(ms, out.data(), n);
        ULID_FUZZ_CHECK(r.count <= n);
        for (std::size_t i = 0; i < r.count; ++i) next_id(out[i], ms);
        for (std::size_t i = r.count; i < n; ++i) ULID_FUZZ_CHECK(out[i] == fuzz::sentinel());
        if (r.ec) {
            next_failed(r.ec, ms);
        } else {
            ULID_FUZZ_CHECK(r.count == n);
            if (n != 0) ULID_FUZZ_CHECK(ms <= ulid::max_time);
        }
    }

    void read(std::uint64_t ms) {
        ulid::entropy_array e{};
        const std::error_code ec = g_.read_monotonic(ms, e);
        if (ms > ulid::max_time) {
            ULID_FUZZ_CHECK(ec == ulid::errc::big_time);
            return;
        }
        if (ec == ulid::errc::entropy_failure && !g_.source().random()) return;  // changes nothing
        ulid::ulid id;
        ULID_FUZZ_CHECK(!id.set_time(ms));
        id.set_entropy(e);
        if (m_.read && ms == m_.read_ms) {
            if (m_.read_used_up) {
                ULID_FUZZ_CHECK(ec == ulid::errc::monotonic_overflow);
                return;
            }
            if (ec == ulid::errc::monotonic_overflow) {
                m_.read_used_up = true;
                return;
            }
            ULID_FUZZ_CHECK(!ec);
            ULID_FUZZ_CHECK(m_.read_last < id);
        } else {
            ULID_FUZZ_CHECK(!ec);
        }
        if constexpr (Layout::sub_ms_bits != 0) ULID_FUZZ_CHECK(id.is_uuidv7());
        m_.read = true;
        m_.read_ms = ms;
        m_.read_last = id;
        m_.read_used_up = false;
    }

    void observe(const ulid::ulid& x) {
        const auto skew = static_cast<std::uint64_t>(ulid::max_clock_skew().count());
        const std::uint64_t before = ulid::now();
        const ulid::observe_result r = g_.observe(x);
        if (!r.ec) {
            ULID_FUZZ_CHECK(x.time() <= before + skew + clock_slack_ms);
            if (!m_.observed || m_.observed_max < x) m_.observed_max = x;
            m_.observed = true;
        } else if (r.ec == ulid::errc::clock_skew) {
            ULID_FUZZ_CHECK(x.time() + clock_slack_ms > before + skew);
        } else if (r.ec == ulid::errc::big_time) {
            ULID_FUZZ_CHECK(x.time() == ulid::max_time);
        } else {
            ULID_FUZZ_CHECK(r.ec == ulid::errc::entropy_failure && !g_.source().random());
        }
    }

    [[nodiscard]] const model& state() const { return m_; }

private:
    ulid::monotonic_entropy<fuzz_source, Layout> g_;
    model m_;
};

/// A time from one byte: mostly a few ms around the base; the edges of the
/// range; the times the generator last used.
std::uint64_t pick_ms(std::uint8_t b, std::uint64_t base, const model& m) {
    if (b < 0xE0) {
        const std::uint64_t up = base + b % 16U;
        return up < 8U ? 0 : up - 8U;
    }
    switch (b & 0x0FU) {
        case 0:
            return 0;
        case 1:
            return ulid::max_time;
        case 2:
            return ulid::max_time - 1U;
        case 3:
            return ulid::max_time + 1U;
        case 4:
            return ~std::uint64_t{0};
        case 5:
            return base + (std::uint64_t{1} << 20U);
        case 6:
            return m.made ? m.last.time() : base;
        case 7:
            return m.read ? m.read_ms : base;
        case 8:
            return m.observed ? m.observed_max.time() : base;
        case 9:
            return ulid::now();
        default:
            return base;
    }
}

/// An ID to observe: its time near the clock (or the base, or the last ID),
/// its shape from one byte, its other bits from the input.
ulid::ulid pick_x(input& in, std::uint64_t base, const model& m) {
    const std::uint8_t how = in.byte();
    const auto delta = static_cast<std::int64_t>(static_cast<std::int8_t>(in.byte()));
    std::uint64_t ms = 0;
    switch (how & 3U) {
        case 0:  // -512 ms to +508 ms from the clock
            ms = static_cast<std::uint64_t>(static_cast<std::int64_t>(ulid::now()) + delta * 4);
            break;
        case 1:
            ms = static_cast<std::uint64_t>(static_cast<std::int64_t>(base) + delta);
            break;
        case 2:
            ms = m.made ? m.last.time() : ulid::now();
            break;
        default:
            ms = ulid::now() + static_cast<std::uint64_t>(delta & 0x7F) * 1000U;
            break;
    }
    ms &= ulid::max_time;
    std::uint64_t high = (ms << 16U) | in.word(2);
    std::uint64_t low = in.word(8);
    switch ((how >> 2U) & 7U) {
        case 0:  // a UUIDv7
            high = (high & ~std::uint64_t{0xF000}) | 0x7000U;
            low = (low & ~(std::uint64_t{3} << 62U)) | (std::uint64_t{2} << 62U);
            break;
        case 1:  // the last ID of its millisecond
            high |= 0xFFFFU;
            low = ~std::uint64_t{0};
            break;
        case 2:  // the top UUIDv7 counter of its step
            high = (high & ~std::uint64_t{0xF000}) | 0x7000U;
            low = ~std::uint64_t{0} >> 1U;
            break;
        case 3:  // after every UUIDv7 of its millisecond
            high |= 0x8000U;
            break;
        case 4:  // the last next-family ID, or just above it
            if (m.made && m.last.time() == ms) {
                high = m.last.high();
                low = m.last.low() + static_cast<std::uint64_t>(how >> 5U);
                if (low < m.last.low()) low = m.last.low();
            }
            break;
        default:
            break;
    }
    return ulid::ulid::from_high_low(high, low);
}

template <class Layout>
void run(input& in, fuzz_source source, std::uint64_t inc, std::uint64_t base) {
    harness<Layout> h(std::move(source), inc);
    for (std::size_t ops = 0; !in.done() && ops < 512; ++ops) {
        const std::uint8_t op = in.byte();
        switch (op % 6U) {
            case 0:
                h.next(pick_ms(in.byte(), base, h.state()));
                break;
            case 1:
                h.next_now();
                break;
            case 2: {
                const std::uint64_t ms = pick_ms(in.byte(), base, h.state());
                const std::uint8_t n = in.byte();
                h.next_n(ms, n == 0xFF ? 300U : n % 17U);
                break;
            }
            case 3:
                h.read(pick_ms(in.byte(), base, h.state()));
                break;
            case 4:
                h.observe(pick_x(in, base, h.state()));
                break;
            default:
                base = std::min<std::uint64_t>(base + static_cast<std::uint64_t>(op >> 4U), ulid::max_time);
                break;
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    const std::uint8_t config = in.byte();
    const std::uint64_t inc = in.word(8);
    const std::uint64_t given_base = in.word(6);
    const std::uint64_t seed = in.word(8);
    // Bit 4: times around the clock, else around the base the input gives.
    const std::uint64_t base = (config & 0x10U) != 0 ? ulid::now() : given_base;
    const auto kind = static_cast<fuzz_source::kind>((config >> 1U) & 3U);
    fuzz_source source(kind, seed, data, size);
    if ((config & 1U) == 0) {
        run<ulid::ulid_layout>(in, std::move(source), inc, base);
    } else {
        run<ulid::uuidv7_layout>(in, std::move(source), inc, base);
    }
    return 0;
}
