// The generators never go out of order: a model-based test. Random
// sequences of every public operation run on every kind of generator, and a
// model that remembers only what the guarantees need checks each result:
//
// - next(), next_now(), next_n() of one generator (its "next family"): every
//   ID is strictly greater than every earlier ID of that family and than
//   every ID the generator observed successfully; at `ms` or later and at
//   most one millisecond past the last ID, the observed IDs and `ms`; a
//   UUIDv7 with uuidv7_layout. Errors: errc::big_time for an `ms` above
//   max_time, errc::monotonic_overflow only at max_time.
// - read_monotonic(ms) is a sequence of its own: at the `ms` of its own last
//   success the ID at `ms` with the result is strictly greater than the last,
//   or the call fails with errc::monotonic_overflow, and then every later
//   read at that `ms` fails too until another `ms` is read; at another `ms`
//   it succeeds. It is not ordered against next().
// - observe(x) succeeds for an x within max_clock_skew() of the clock, and
//   refuses with errc::clock_skew, changing nothing, one further ahead.
// - The process-wide generators: make(), make_batch() and
//   default_entropy().next() are one next family, make_v7() and its forms
//   another, each thread's thread-local generators two more; ulid::observe()
//   feeds the first two, observe_thread_local() the thread-local ones;
//   generate(ms, default_entropy<L>(), out), read_monotonic() on the
//   thread-local generators, must_make(ms) and must_make_v7(ms) are read
//   sequences.
//
// Every sequence has its own seed; a failure names it, the step and the last
// operations. ULID_MODEL_SEED runs one sequence (seed and generators as
// reported; times follow the real clock), ULID_MODEL_SEQUENCES scales the
// number of sequences of each test case.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace {

using ulid::errc;

constexpr std::uint64_t inc_2_63 = std::uint64_t{1} << 63U;

/// Every increment the model runs: 0 is the default, 2^32 - 1.
constexpr std::array<std::uint64_t, 8> increments{
    1, 2, 1000, 0, 0xFFFFFFFFU, inc_2_63, 0xE000000000000000ULL, ~std::uint64_t{0}};

/// The clock of the generators (the calibrated cycle counter for make()) and
/// now() may differ by a little.
constexpr std::uint64_t clock_slack_ms = 5;

/// The kinds of violation, counted over every sequence of a test case.
enum class violation : std::size_t {
    next_not_above_next,      // a next-family ID not greater than an earlier one
    next_not_above_observed,  // a next-family ID not greater than an observed x
    next_not_uuidv7,          // uuidv7_layout gave an ID that is not a UUIDv7
    next_before_ms,           // an ID before the time asked for
    next_ahead,               // an ID more than a millisecond past every reason for its time
    next_error,               // an error the rules do not allow, or success where one is due
    batch_untouched,          // next_n() wrote past its count, or a count above n
    read_not_above,           // read_monotonic() at its last ms did not grow
    read_after_overflow,      // read_monotonic() at a used-up ms succeeded
    read_not_uuidv7,          // uuidv7_layout's read is not a UUIDv7
    read_new_ms_failed,       // read_monotonic() failed at an ms new to its sequence
    read_error,               // another error the rules do not allow
    observe_refused,          // observe() refused an x within the skew bound
    observe_error,            // another error from observe(), or an x beyond the bound taken
    count
};

constexpr std::size_t violation_kinds = static_cast<std::size_t>(violation::count);

const char* name(violation v) {
    static constexpr std::array<const char*, violation_kinds> names{
        "next-family ID not above an earlier next-family ID",
        "next-family ID not above an observed ID",
        "next-family ID of uuidv7_layout not a UUIDv7",
        "next-family ID before the time asked for",
        "next-family ID more than 1 ms past the last ID, the observed IDs and the time",
        "next-family error the rules do not allow",
        "next_n() count above n or a write past the count",
        "read_monotonic() at its last ms not above its last result",
        "read_monotonic() succeeded at an ms it had used up",
        "read_monotonic() of uuidv7_layout not a UUIDv7",
        "read_monotonic() failed at an ms new to its sequence",
        "read_monotonic() error the rules do not allow",
        "observe() refused an ID within max_clock_skew()",
        "observe() error the rules do not allow",
    };
    return names[static_cast<std::size_t>(v)];
}

std::uint64_t below(std::mt19937_64& rng, std::uint64_t n) { return rng() % n; }

bool chance(std::mt19937_64& rng, std::uint64_t percent) { return below(rng, 100) < percent; }

/// `base` moved by `offset` milliseconds, kept within [0, 2^48 + 16).
std::uint64_t shifted(std::uint64_t base, std::int64_t offset) {
    if (offset < 0 && static_cast<std::uint64_t>(-offset) > base) return 0;
    return base + static_cast<std::uint64_t>(offset);
}

std::string hex(const ulid::ulid& id) { return test::to_hex(id); }

std::string errc_name(std::error_code ec) {
    if (!ec) return "ok";
    return ec.message();
}

/// What the rules remember of one generator's next family and read sequence.
struct stream_model {
    bool made = false;  // the next family's largest ID
    ulid::ulid last{};
    bool observed = false;  // the largest ID observed successfully
    ulid::ulid observed_max{};
    bool read = false;  // the read sequence's last success
    std::uint64_t read_ms = 0;
    ulid::ulid read_last{};
    bool read_used_up = false;

    /// The time of the largest ID the next family must stay above.
    [[nodiscard]] std::uint64_t floor_ms() const {
        std::uint64_t t = made ? last.time() : 0;
        if (observed) t = std::max(t, observed_max.time());
        return t;
    }
};

/// One operation as the failure report shows it.
struct record {
    std::size_t step = 0;
    const char* op = "";
    std::string target;
    std::string label;  // what the summary counts violations under; target.op when empty
    std::uint64_t ms = 0;
    bool has_ms = false;
    std::size_t n = 0;
    bool has_x = false;
    ulid::ulid x{};
    std::error_code ec;
    std::vector<ulid::ulid> results;
};

/// The checker: the rules over a model, a count of each kind of violation,
/// and the first failure in full.
class checker {
public:
    void begin(std::uint64_t seed, std::uint64_t base, std::string setup) {
        seed_ = seed;
        base_ = base;
        setup_ = std::move(setup);
        trace_.clear();
        seen_ = {};
        sequence_keys_.clear();
        ++sequences_;
    }

    record& log(std::size_t step, const char* op, std::string target) {
        trace_.emplace_back();
        record& r = trace_.back();
        r.step = step;
        r.op = op;
        r.target = std::move(target);
        return r;
    }

    /// A next-family ID asked for at `ms_low` or later, by a clock that read
    /// at most `ms_high` (equal for next(ms)).
    void next_id(stream_model& s, const ulid::ulid& id, std::uint64_t ms_low, std::uint64_t ms_high, bool v7) {
        if (s.made && !(s.last < id)) {
            fail(violation::next_not_above_next, "got " + hex(id) + ", earlier " + hex(s.last));
            s.last = id;  // the model follows, so that one fault is not reported at every later step
        } else if (s.observed && !(s.observed_max < id)) {
            fail(violation::next_not_above_observed, "got " + hex(id) + ", observed " + hex(s.observed_max));
        }
        if (v7 && !id.is_uuidv7()) fail(violation::next_not_uuidv7, "got " + hex(id));
        if (id.time() < ms_low) fail(violation::next_before_ms, "got " + hex(id));
        const std::uint64_t bound = std::max(ms_high, s.floor_ms()) + 1U;
        if (id.time() > bound) {
            fail(violation::next_ahead,
                 "got " + hex(id) + " at " + std::to_string(id.time()) + ", bound " + std::to_string(bound));
        }
        if (!s.made || s.last < id) s.last = id;
        s.made = true;
    }

    /// A next-family call that failed with `ec` at `ms`.
    void next_failed(const stream_model& s, std::error_code ec, std::uint64_t ms) {
        const bool big = ec == errc::big_time && ms > ulid::max_time;
        const bool used_up = ec == errc::monotonic_overflow && std::max(ms, s.floor_ms()) == ulid::max_time;
        if (!big && !used_up) fail(violation::next_error, errc_name(ec) + " at " + std::to_string(ms));
    }

    /// A next-family call at `ms` above max_time that did not fail.
    void next_past_max(std::uint64_t ms) { fail(violation::next_error, "no big_time at " + std::to_string(ms)); }

    /// next_n(): out[0, count) are IDs of the next family, the rest untouched.
    void batch(stream_model& s, const ulid::batch_result& r, const std::vector<ulid::ulid>& out, std::size_t n,
               std::uint64_t ms_low, std::uint64_t ms_high, bool v7) {
        if (r.count > n) {
            fail(violation::batch_untouched, "count " + std::to_string(r.count) + " of " + std::to_string(n));
            return;
        }
        for (std::size_t i = 0; i < r.count; ++i) next_id(s, out[i], ms_low, ms_high, v7);
        for (std::size_t i = r.count; i < n; ++i) {
            if (out[i] != test::sentinel()) {
                fail(violation::batch_untouched, "out[" + std::to_string(i) + "] written past count");
            }
        }
        if (r.count < n && !r.ec) fail(violation::next_error, "count below n without an error");
        if (r.ec) next_failed(s, r.ec, ms_high);
    }

    /// read_monotonic(ms) (or what reads it: generate(), must_make()).
    void read(stream_model& s, std::uint64_t ms, std::error_code ec, const ulid::entropy_array& e, bool v7) {
        if (ms > ulid::max_time) {
            if (ec != errc::big_time) fail(violation::read_error, errc_name(ec) + " above max_time");
            return;
        }
        ulid::ulid id;
        (void)id.set_time(ms);
        id.set_entropy(e);
        if (s.read && ms == s.read_ms) {
            if (s.read_used_up) {
                if (ec != errc::monotonic_overflow) {
                    fail(violation::read_after_overflow, errc_name(ec) + " at " + std::to_string(ms));
                }
                return;
            }
            if (ec == errc::monotonic_overflow) {
                s.read_used_up = true;
                return;
            }
            if (ec) {
                fail(violation::read_error, errc_name(ec) + " at its last ms");
                return;
            }
            if (!(s.read_last < id)) fail(violation::read_not_above, "got " + hex(id) + ", last " + hex(s.read_last));
        } else if (ec) {
            fail(violation::read_new_ms_failed, errc_name(ec) + " at " + std::to_string(ms));
            return;
        }
        if (v7 && !id.is_uuidv7()) fail(violation::read_not_uuidv7, "got " + hex(id));
        s.read = true;
        s.read_ms = ms;
        s.read_last = id;
        s.read_used_up = false;
    }

    /// observe(x), with the clock read just before the call as `now`; the
    /// models of every generator it feeds.
    void observe(const std::vector<stream_model*>& fed, const ulid::ulid& x, const ulid::observe_result& r,
                 std::uint64_t now) {
        const auto skew = static_cast<std::uint64_t>(ulid::max_clock_skew().count());
        if (!r.ec) {
            if (x.time() > now + skew + clock_slack_ms) fail(violation::observe_error, "took " + hex(x));
            for (stream_model* s : fed) {
                if (!s->observed || s->observed_max < x) s->observed_max = x;
                s->observed = true;
            }
        } else if (r.ec == errc::clock_skew) {
            if (x.time() + clock_slack_ms <= now + skew) fail(violation::observe_refused, "refused " + hex(x));
        } else if (!(r.ec == errc::big_time && x.time() == ulid::max_time)) {
            fail(violation::observe_error, errc_name(r.ec) + " for " + hex(x));
        }
    }

    /// Counts of each kind, and the first failure's report.
    [[nodiscard]] std::size_t total() const {
        std::size_t t = 0;
        for (const std::size_t c : counts_) t += c;
        return t;
    }
    [[nodiscard]] const std::array<std::size_t, violation_kinds>& counts() const { return counts_; }
    /// The first failure of each kind seen, in full.
    [[nodiscard]] std::string first_failures() const {
        std::string out;
        const std::string head = "first of its kind: ";
        for (const std::string& text : firsts_) {
            if (!text.empty()) out += text.compare(0, head.size(), head) == 0 ? text : head + text;
        }
        return out;
    }
    [[nodiscard]] std::size_t sequences() const { return sequences_; }
    [[nodiscard]] std::size_t failed_sequences() const { return failed_sequences_; }

    /// "count x kind" lines of every kind seen, each followed by the calls
    /// that showed it ("count in call").
    [[nodiscard]] std::string summary() const {
        std::string out;
        for (std::size_t k = 0; k < violation_kinds; ++k) {
            if (counts_[k] == 0) continue;
            out += "  " + std::to_string(counts_[k]) + " x " + name(static_cast<violation>(k)) + "\n";
            const std::string prefix = std::to_string(k) + "|";
            for (const auto& [key, n] : by_call_) {
                if (key.compare(0, prefix.size(), prefix) == 0) {
                    out += "      " + std::to_string(n) + " in " + key.substr(prefix.size()) + "\n";
                }
            }
        }
        return out;
    }

    /// The "kind|call" keys of this sequence's violations, one a line.
    [[nodiscard]] std::string sequence_keys() const {
        std::string out;
        for (const std::string& key : sequence_keys_) out += key + "\n";
        return out;
    }

    /// Adds a sequence's "kind|call" keys (a child process's, read back).
    void add_keys(const std::string& keys) {
        std::array<bool, violation_kinds> kinds{};
        for (std::size_t from = 0; from < keys.size();) {
            std::size_t end = keys.find('\n', from);
            if (end == std::string::npos) end = keys.size();
            const std::string key = keys.substr(from, end - from);
            const auto kind = static_cast<std::size_t>(std::strtoul(key.c_str(), nullptr, 10));
            if (kind < violation_kinds) {
                if (!kinds[kind]) ++counts_[kind];
                kinds[kind] = true;
                ++by_call_[key];
            }
            from = end + 1;
        }
    }
    void set_first_failure(std::size_t kind, std::string text) {
        if (kind < violation_kinds && firsts_[kind].empty()) firsts_[kind] = std::move(text);
    }
    void add_sequences(std::size_t n, std::size_t failed) {
        sequences_ += n;
        failed_sequences_ += failed;
    }

private:
    // Counts sequences: a kind of violation once in each sequence that shows it.
    void fail(violation v, const std::string& detail) {
        const std::size_t kind = static_cast<std::size_t>(v);
        std::string call = "?";
        if (!trace_.empty()) {
            const record& r = trace_.back();
            call = r.label.empty() ? r.target + "." + r.op : r.label;
        }
        const std::string key = std::to_string(kind) + "|" + call;
        if (std::find(sequence_keys_.begin(), sequence_keys_.end(), key) == sequence_keys_.end()) {
            sequence_keys_.push_back(key);
            ++by_call_[key];
        }
        if (seen_[kind]) return;
        if (std::none_of(seen_.begin(), seen_.end(), [](bool b) { return b; })) ++failed_sequences_;
        seen_[kind] = true;
        ++counts_[kind];
        if (!firsts_[kind].empty()) return;
        const std::string head = "seed " + std::to_string(seed_) + ", step " +
                                 std::to_string(trace_.empty() ? std::size_t{0} : trace_.back().step) + ", base ms " +
                                 std::to_string(base_) + ": ";
        std::string& text = firsts_[kind];
        text = head + name(v) + ": " + detail + "\n" + setup_ + "last operations:\n";
        const std::size_t from = trace_.size() > 24 ? trace_.size() - 24 : 0;
        for (std::size_t i = from; i < trace_.size(); ++i) text += describe(trace_[i]);
    }

    [[nodiscard]] std::string describe(const record& r) const {
        std::string line = "  #" + std::to_string(r.step) + " " + r.target + "." + r.op + "(";
        if (r.has_ms) {
            const std::uint64_t distance = r.ms > base_ ? r.ms - base_ : base_ - r.ms;
            if (distance > 100000) {
                line += "ms=" + std::to_string(r.ms);
            } else {
                line += "ms=base" + std::string(r.ms >= base_ ? "+" : "-") + std::to_string(distance);
            }
        }
        if (r.n != 0) line += std::string(r.has_ms ? ", " : "") + "n=" + std::to_string(r.n);
        if (r.has_x) line += "x=" + hex(r.x);
        line += ") -> " + errc_name(r.ec);
        const std::size_t shown = std::min<std::size_t>(r.results.size(), 3);
        for (std::size_t i = 0; i < shown; ++i) line += " " + hex(r.results[i]);
        if (r.results.size() > shown) line += " ... " + hex(r.results.back());
        return line + "\n";
    }

    std::uint64_t seed_ = 0;
    std::uint64_t base_ = 0;
    std::string setup_;
    std::vector<record> trace_;
    std::array<bool, violation_kinds> seen_{};
    std::vector<std::string> sequence_keys_;
    std::map<std::string, std::size_t> by_call_;
    std::array<std::size_t, violation_kinds> counts_{};
    std::array<std::string, violation_kinds> firsts_;
    std::size_t sequences_ = 0;
    std::size_t failed_sequences_ = 0;
};

/// An ID to observe: its time from `ms`, its other bits random, shaped like
/// a UUIDv7, at a counter's top or bottom, or a classic ID that sorts after
/// every UUIDv7 of its millisecond (byte 6 of 0x80 or more).
ulid::ulid shaped_id(std::mt19937_64& rng, std::uint64_t ms) {
    std::uint64_t high = (ms << 16U) | (rng() & 0xFFFFU);
    std::uint64_t low = rng();
    switch (below(rng, 8)) {
        case 0:  // a UUIDv7
            high = (high & ~std::uint64_t{0xF000}) | 0x7000U;
            low = (low & ~(std::uint64_t{3} << 62U)) | (std::uint64_t{2} << 62U);
            break;
        case 1:  // the last ID of its millisecond
            high |= 0xFFFFU;
            low = ~std::uint64_t{0};
            break;
        case 2:  // the top UUIDv7 counter of a random step
            high = (high & ~std::uint64_t{0xF000}) | 0x7000U;
            low = ~std::uint64_t{0} >> 1U;
            break;
        case 3:  // the top UUIDv7 of its millisecond
            high |= 0x7FFFU;
            high &= ~std::uint64_t{0x8000};
            low = ~std::uint64_t{0} >> 1U;
            break;
        case 4:  // after every UUIDv7 of its millisecond
            high |= 0x8000U;
            break;
        case 5:  // the first ID of its millisecond, or close
            high &= ~std::uint64_t{0xFFFF};
            low &= 0xFFU;
            break;
        default:
            break;
    }
    return ulid::ulid::from_high_low(high, low);
}

// ---------------------------------------------------------------------------
// User-owned generators: monotonic_entropy and locked_monotonic_entropy.
// ---------------------------------------------------------------------------

/// The public operations of one generator, whatever its type.
class generator {
public:
    generator(std::string description, std::string label, bool v7)
        : description_(std::move(description)), label_(std::move(label)), v7_(v7) {}
    generator(const generator&) = delete;
    generator& operator=(const generator&) = delete;
    virtual ~generator() = default;

    virtual std::error_code next(std::uint64_t ms, ulid::ulid& out) = 0;
    virtual std::error_code next_now(ulid::ulid& out) = 0;
    virtual ulid::batch_result next_n(std::uint64_t ms, ulid::ulid* out, std::size_t n) = 0;
    virtual std::error_code read_monotonic(std::uint64_t ms, ulid::entropy_array& out) = 0;
    virtual ulid::observe_result observe(const ulid::ulid& x) = 0;

    [[nodiscard]] const std::string& description() const { return description_; }
    /// The layout and the increment, which the summary counts by.
    [[nodiscard]] const std::string& label() const { return label_; }
    [[nodiscard]] bool v7() const { return v7_; }

private:
    std::string description_;
    std::string label_;
    bool v7_;
};

template <class G>
class generator_of final : public generator {
public:
    generator_of(std::unique_ptr<G> g, std::string description, std::string label, bool v7)
        : generator(std::move(description), std::move(label), v7), g_(std::move(g)) {}

    std::error_code next(std::uint64_t ms, ulid::ulid& out) override { return g_->next(ms, out); }
    std::error_code next_now(ulid::ulid& out) override { return g_->next_now(out); }
    ulid::batch_result next_n(std::uint64_t ms, ulid::ulid* out, std::size_t n) override {
        return g_->next_n(ms, out, n);
    }
    std::error_code read_monotonic(std::uint64_t ms, ulid::entropy_array& out) override {
        return g_->read_monotonic(ms, out);
    }
    ulid::observe_result observe(const ulid::ulid& x) override { return g_->observe(x); }

private:
    std::unique_ptr<G> g_;
};

/// The generator families of the test cases.
enum class family { byte_reader, bit_generator, locked };

template <class Layout>
std::unique_ptr<generator> make_generator_of(family f, std::uint64_t seed, std::uint64_t inc) {
    constexpr bool v7 = Layout::sub_ms_bits != 0;
    const std::string layout = v7 ? "uuidv7_layout" : "ulid_layout";
    char inc_text[40];
    std::snprintf(inc_text, sizeof inc_text, "inc 0x%" PRIx64, inc);
    const std::string tail = ", " + layout + ">, " + inc_text + ", source seed " + std::to_string(seed);
    const std::string label = layout + ", " + inc_text;
    switch (f) {
        case family::byte_reader: {
            using G = ulid::monotonic_entropy<test::prng_reader, Layout>;
            return std::make_unique<generator_of<G>>(std::make_unique<G>(test::prng_reader(seed), inc),
                                                     "monotonic_entropy<prng_reader" + tail, label, v7);
        }
        case family::bit_generator: {
            using G = ulid::monotonic_entropy<std::mt19937_64, Layout>;
            return std::make_unique<generator_of<G>>(std::make_unique<G>(std::mt19937_64(seed), inc),
                                                     "monotonic_entropy<std::mt19937_64" + tail, label, v7);
        }
        case family::locked: {
            // Half over each kind of source.
            if (seed % 2 == 0) {
                using G = ulid::locked_monotonic_entropy<ulid::monotonic_entropy<test::prng_reader, Layout>>;
                return std::make_unique<generator_of<G>>(
                    std::make_unique<G>(std::in_place, test::prng_reader(seed), inc),
                    "locked_monotonic_entropy<monotonic_entropy<prng_reader" + tail, label, v7);
            }
            using G = ulid::locked_monotonic_entropy<ulid::monotonic_entropy<std::mt19937_64, Layout>>;
            return std::make_unique<generator_of<G>>(
                std::make_unique<G>(std::in_place, std::mt19937_64(seed), inc),
                "locked_monotonic_entropy<monotonic_entropy<std::mt19937_64" + tail, label, v7);
        }
    }
    return nullptr;
}

/// One generator of the sequence and what the model knows of it.
struct slot {
    std::unique_ptr<generator> g;
    stream_model model;
};

/// A time for a next() or read_monotonic() call: mostly a few milliseconds
/// around the sequence's base, often the time of an ID a generator returned,
/// sometimes the clock, and in a "wild" sequence far past, far future,
/// max_time and above.
std::uint64_t pick_ms(std::mt19937_64& rng, std::uint64_t base, const std::vector<slot>& slots, bool wild) {
    const std::uint64_t r = below(rng, 100);
    if (r < 65) return shifted(base, static_cast<std::int64_t>(below(rng, 7)) - 3);
    if (r < 85) {
        const slot& s = slots[below(rng, slots.size())];
        if (s.model.made && chance(rng, 50)) return s.model.last.time();
        if (s.model.read) return s.model.read_ms;
        return base;
    }
    if (r < 92 || !wild) return ulid::now();
    switch (below(rng, 5)) {
        case 0:
            return below(rng, 2) == 0 ? 0 : shifted(base, -1000000);
        case 1:
            return base + 10000000U;
        case 2:
            return ulid::max_time - below(rng, 2);
        case 3:
            return ulid::max_time + 1U + below(rng, 3);
        default:
            return ~std::uint64_t{0} - below(rng, 2);
    }
}

/// An ID to observe: near the base, near the clock (a second behind to
/// 400 ms ahead), an ID a generator returned (or one above it), or one too far
/// ahead to be taken.
ulid::ulid pick_x(std::mt19937_64& rng, std::uint64_t base, const std::vector<slot>& slots) {
    const std::uint64_t r = below(rng, 100);
    if (r < 50) return shaped_id(rng, shifted(base, static_cast<std::int64_t>(below(rng, 7)) - 3));
    if (r < 65) return shaped_id(rng, shifted(ulid::now(), static_cast<std::int64_t>(below(rng, 1401)) - 1000));
    if (r < 92) {
        const slot& s = slots[below(rng, slots.size())];
        if (s.model.made && s.model.last.time() <= ulid::now() + 400) {
            const ulid::ulid last = s.model.last;
            const std::uint64_t low = last.low();
            // The ID itself, or a little above it (without leaving its ms).
            const std::uint64_t bump = below(rng, 3) == 0 ? 0 : below(rng, 1U << 20U);
            return ulid::ulid::from_high_low(last.high(), low > ~bump ? low : low + bump);
        }
        return shaped_id(rng, base);
    }
    if (r < 96) return shaped_id(rng, ulid::now() + 2000U + below(rng, 1000));
    return shaped_id(rng, 32503680000000U);  // the year 3000
}

/// One sequence of random operations on 1 to 3 generators of `f`.
void run_user_sequence(checker& check, family f, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const bool wild = chance(rng, 25);
    // A third of the sequences only call next() and read_monotonic() of one
    // generator at two adjacent milliseconds, where the two sequences meet
    // most often.
    const bool focused = chance(rng, 33);
    std::vector<slot> slots(focused ? 1U : 1U + below(rng, 3));
    std::string setup = focused ? "next() and read_monotonic() at base and base+1; generators:\n" : "generators:\n";
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const std::uint64_t inc = increments[below(rng, increments.size())];
        const std::uint64_t source_seed = rng();
        slots[i].g = chance(rng, 50) ? make_generator_of<ulid::ulid_layout>(f, source_seed, inc)
                                     : make_generator_of<ulid::uuidv7_layout>(f, source_seed, inc);
        setup += "  g" + std::to_string(i) + ": " + slots[i].g->description() + "\n";
    }
    std::uint64_t base = ulid::now();
    check.begin(seed, base, setup);
    const std::size_t steps = 40 + below(rng, 60);
    std::vector<ulid::ulid> out;
    for (std::size_t step = 0; step < steps; ++step) {
        const std::size_t which = below(rng, slots.size());
        slot& s = slots[which];
        generator& g = *s.g;
        const std::string target = "g" + std::to_string(which);
        const std::uint64_t op = focused ? 46U * below(rng, 2) : below(rng, 100);
        if (op < 30) {
            const std::uint64_t ms = focused ? base + below(rng, 2) : pick_ms(rng, base, slots, wild);
            record& r = check.log(step, "next", target);
            r.label = g.label();
            r.ms = ms;
            r.has_ms = true;
            ulid::ulid id = test::sentinel();
            r.ec = g.next(ms, id);
            if (!r.ec) r.results.push_back(id);
            if (r.ec) {
                check.next_failed(s.model, r.ec, ms);
            } else if (ms > ulid::max_time) {
                check.next_past_max(ms);
            } else {
                check.next_id(s.model, id, ms, ms, g.v7());
            }
        } else if (op < 36) {
            record& r = check.log(step, "next_now", target);
            r.label = g.label();
            const std::uint64_t before = ulid::now();
            ulid::ulid id = test::sentinel();
            r.ec = g.next_now(id);
            const std::uint64_t after = ulid::now();
            if (r.ec) {
                check.next_failed(s.model, r.ec, after);
            } else {
                r.results.push_back(id);
                check.next_id(s.model, id, before > clock_slack_ms ? before - clock_slack_ms : 0,
                              after + clock_slack_ms, g.v7());
            }
        } else if (op < 46) {
            const std::uint64_t ms = pick_ms(rng, base, slots, wild);
            // Mostly short batches; now and then one longer than the locked
            // wrapper's chunk.
            const std::size_t n = chance(rng, 2) ? 257U + below(rng, 20) : below(rng, 7);
            record& r = check.log(step, "next_n", target);
            r.label = g.label();
            r.ms = ms;
            r.has_ms = true;
            r.n = n;
            out.assign(n, test::sentinel());
            const ulid::batch_result b = g.next_n(ms, out.data(), n);
            r.ec = b.ec;
            r.results.assign(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(std::min(b.count, n)));
            if (ms > ulid::max_time && n != 0 && !b.ec) {
                check.next_past_max(ms);
            } else {
                check.batch(s.model, b, out, n, ms, ms, g.v7());
            }
        } else if (op < 76) {
            const std::uint64_t ms = focused ? base + below(rng, 2) : pick_ms(rng, base, slots, wild);
            record& r = check.log(step, "read_monotonic", target);
            r.label = g.label();
            r.ms = ms;
            r.has_ms = true;
            ulid::entropy_array e{};
            r.ec = g.read_monotonic(ms, e);
            if (!r.ec) {
                ulid::ulid id;
                (void)id.set_time(ms);
                id.set_entropy(e);
                r.results.push_back(id);
            }
            check.read(s.model, ms, r.ec, e, g.v7());
        } else if (op < 96) {
            const ulid::ulid x = pick_x(rng, base, slots);
            record& r = check.log(step, "observe", target);
            r.label = g.label();
            r.x = x;
            r.has_x = true;
            const std::uint64_t now = ulid::now();
            const ulid::observe_result o = g.observe(x);
            r.ec = o.ec;
            check.observe({&s.model}, x, o, now);
        } else {
            // Time passes for the sequence's times.
            base += 1U + below(rng, 3);
        }
    }
}

void run_user_family(family f, std::uint64_t first_seed, std::size_t sequences) {
    checker check;
    const std::size_t one = test::env_count("ULID_MODEL_SEED", 0);
    const auto t0 = std::chrono::steady_clock::now();
    if (one != 0) {
        run_user_sequence(check, f, one);
    } else {
        for (std::size_t i = 0; i < sequences; ++i) run_user_sequence(check, f, first_seed + i);
    }
    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    INFO(check.failed_sequences() << " of " << check.sequences() << " sequences failed, in " << elapsed.count()
                                  << " ms; violations, by generator:\n"
                                  << check.summary() << check.first_failures());
    CHECK(check.sequences() > 0);
    REQUIRE(check.total() == 0);
}

// ---------------------------------------------------------------------------
// The process-wide generators, in a child process per sequence: the floors
// observe() raises there never reach the other tests of this program.
// ---------------------------------------------------------------------------

#if !defined(_WIN32)

/// What the model knows of the process-wide generators: default_entropy()
/// (make()'s next family; generate()'s read sequence), the same for
/// uuidv7_layout, the calling thread's thread-local generators of both
/// layouts, and must_make()'s and must_make_v7()'s read sequences.
struct process_model {
    stream_model classic;
    stream_model v7;
    stream_model thread_classic;
    stream_model thread_v7;
    stream_model given;
    stream_model given_v7;
    /// The last few distinct times of make() and make_v7() IDs, newest last.
    std::vector<std::uint64_t> recent;

    void saw(std::uint64_t ms) {
        if (!recent.empty() && recent.back() == ms) return;
        recent.push_back(ms);
        if (recent.size() > 4) recent.erase(recent.begin());
    }
};

/// A time for generate(), must_make(), next() on a process-wide generator:
/// the clock, a few ms around it, the time of a recent make() or make_v7()
/// ID, and (`far`) far past, far future, max_time and above.
std::uint64_t pick_process_ms(std::mt19937_64& rng, const process_model& m, bool far) {
    const std::uint64_t r = below(rng, 100);
    if (r < 30) return shifted(ulid::now(), static_cast<std::int64_t>(below(rng, 3)) - 1);
    if (r < 50) return shifted(ulid::now(), static_cast<std::int64_t>(below(rng, 7)) - 3);
    if (r < 92 || !far) return m.recent.empty() ? ulid::now() : m.recent[below(rng, m.recent.size())];
    switch (below(rng, 4)) {
        case 0:
            return shifted(ulid::now(), -10000000);
        case 1:
            return ulid::now() + 1000000000U;
        case 2:
            return ulid::max_time;
        default:
            return ulid::max_time + 1U;
    }
}

/// An ID for ulid::observe() and its kin: near the clock (a second behind
/// to 400 ms ahead), a make function's last ID or a little above it, or too
/// far ahead to be taken.
ulid::ulid pick_process_x(std::mt19937_64& rng, const process_model& m) {
    const std::uint64_t r = below(rng, 100);
    if (r < 40) return shaped_id(rng, shifted(ulid::now(), static_cast<std::int64_t>(below(rng, 7)) - 3));
    if (r < 60) return shaped_id(rng, shifted(ulid::now(), static_cast<std::int64_t>(below(rng, 1401)) - 1000));
    if (r < 92) {
        const stream_model& s = chance(rng, 50) ? m.classic : m.v7;
        if (s.made && s.last.time() <= ulid::now() + 400) {
            const std::uint64_t bump = below(rng, 3) == 0 ? 0 : below(rng, 1U << 20U);
            const std::uint64_t low = s.last.low();
            return ulid::ulid::from_high_low(s.last.high(), low > ~bump ? low : low + bump);
        }
        return shaped_id(rng, ulid::now());
    }
    return shaped_id(rng, ulid::now() + 2000U + below(rng, 100000));
}

/// A make function's IDs, checked as next-family IDs made by the clock.
template <class Make>
void made_now(checker& check, record& r, process_model& recent_times, stream_model& s, bool v7, Make make,
              std::size_t n) {
    std::vector<ulid::ulid> ids(n, test::sentinel());
    const std::uint64_t before = ulid::now();
    make(ids.data(), n);
    const std::uint64_t after = ulid::now();
    r.results = ids;
    for (const ulid::ulid& id : ids) {
        recent_times.saw(id.time());
        check.next_id(s, id, before > clock_slack_ms ? before - clock_slack_ms : 0, after + clock_slack_ms, v7);
    }
}

/// generate(ms, source, out) on a process-wide source: its read sequence.
template <class Source>
void generated(checker& check, record& r, stream_model& s, bool v7, Source& source, std::uint64_t ms) {
    ulid::ulid id = test::sentinel();
    r.ec = ulid::generate(ms, source, id);
    if (!r.ec) r.results.push_back(id);
    check.read(s, ms, r.ec, id.entropy(), v7);
}

/// must_make(ms) or must_make_v7(ms): a read sequence that throws.
template <class Must>
void must_made(checker& check, record& r, stream_model& s, bool v7, Must must, std::uint64_t ms) {
    ulid::ulid id = test::sentinel();
    try {
        id = must(ms);
        r.results.push_back(id);
    } catch (const ulid::error& e) {
        r.ec = e.code();
    }
    check.read(s, ms, r.ec, id.entropy(), v7);
}

/// next(ms) on a process-wide or thread-local generator.
template <class G>
void next_on(checker& check, record& r, stream_model& s, bool v7, G& g, std::uint64_t ms) {
    ulid::ulid id = test::sentinel();
    r.ec = g.next(ms, id);
    if (r.ec) {
        check.next_failed(s, r.ec, ms);
    } else {
        r.results.push_back(id);
        if (ms > ulid::max_time) {
            check.next_past_max(ms);
        } else {
            check.next_id(s, id, ms, ms, v7);
        }
    }
}

template <class G>
void observed_by(checker& check, record& r, const std::vector<stream_model*>& fed, G observe_x, const ulid::ulid& x) {
    r.x = x;
    r.has_x = true;
    const std::uint64_t now = ulid::now();
    const ulid::observe_result o = observe_x(x);
    r.ec = o.ec;
    check.observe(fed, x, o, now);
}

/// One sequence of random calls of the process-wide functions, in this
/// process.
void run_process_sequence(checker& check, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const bool far = chance(rng, 30);
    // Half the sequences only make, generate and wait, so that make() meets
    // generate() at the times around its own often.
    const bool focused = chance(rng, 50);
    process_model m;
    check.begin(seed, ulid::now(),
                std::string(far ? "far times too" : "times near the clock") + (focused ? ", focused\n" : "\n"));
    const std::size_t steps = 40 + below(rng, 80);
    auto& classic = ulid::default_entropy();
    auto& v7 = ulid::default_entropy<ulid::uuidv7_layout>();
    auto& thread_classic = ulid::thread_local_entropy();
    auto& thread_v7 = ulid::thread_local_entropy<ulid::uuidv7_layout>();
    for (std::size_t step = 0; step < steps; ++step) {
        static constexpr std::array<std::uint64_t, 20> focused_ops{0,  2,  5,  8,  10, 12, 14, 16, 64, 66,
                                                                   68, 70, 72, 75, 78, 80, 84, 88, 90, 98};
        const std::uint64_t op = focused ? focused_ops[below(rng, focused_ops.size())] : below(rng, 100);
        const std::size_t n = chance(rng, 3) ? 300U : 1U + below(rng, 5);
        if (op < 12) {
            record& r = check.log(step, "make", "ulid");
            made_now(
                check, r, m, m.classic, false, [](ulid::ulid* out, std::size_t) { out[0] = ulid::make(); }, 1);
        } else if (op < 20) {
            record& r = check.log(step, "make_v7", "ulid");
            made_now(
                check, r, m, m.v7, true, [](ulid::ulid* out, std::size_t) { out[0] = ulid::make_v7(); }, 1);
        } else if (op < 25) {
            record& r = check.log(step, "make_batch", "ulid");
            r.n = n;
            made_now(
                check, r, m, m.classic, false, [](ulid::ulid* out, std::size_t k) { ulid::make_batch(out, k); }, n);
        } else if (op < 29) {
            record& r = check.log(step, "make_v7_batch", "ulid");
            r.n = n;
            made_now(
                check, r, m, m.v7, true, [](ulid::ulid* out, std::size_t k) { ulid::make_v7_batch(out, k); }, n);
        } else if (op < 33) {
            record& r = check.log(step, "make_thread_local", "ulid");
            made_now(
                check, r, m, m.thread_classic, false,
                [](ulid::ulid* out, std::size_t) { out[0] = ulid::make_thread_local(); }, 1);
        } else if (op < 36) {
            record& r = check.log(step, "make_v7_thread_local", "ulid");
            made_now(
                check, r, m, m.thread_v7, true,
                [](ulid::ulid* out, std::size_t) { out[0] = ulid::make_v7_thread_local(); }, 1);
        } else if (op < 40) {
            const std::uint64_t ms = pick_process_ms(rng, m, false);
            const bool classic_layout = chance(rng, 50);
            record& r = check.log(step, "next", classic_layout ? "default_entropy()" : "default_entropy<v7>()");
            r.ms = ms;
            r.has_ms = true;
            if (classic_layout) {
                next_on(check, r, m.classic, false, classic, ms);
            } else {
                next_on(check, r, m.v7, true, v7, ms);
            }
        } else if (op < 45) {
            const std::uint64_t ms = pick_process_ms(rng, m, far);
            const bool classic_layout = chance(rng, 50);
            record& r =
                check.log(step, "next", classic_layout ? "thread_local_entropy()" : "thread_local_entropy<v7>()");
            r.ms = ms;
            r.has_ms = true;
            if (classic_layout) {
                next_on(check, r, m.thread_classic, false, thread_classic, ms);
            } else {
                next_on(check, r, m.thread_v7, true, thread_v7, ms);
            }
        } else if (op < 49) {
            const std::uint64_t ms = pick_process_ms(rng, m, far);
            const bool classic_layout = chance(rng, 50);
            record& r = check.log(step, "read_monotonic",
                                  classic_layout ? "thread_local_entropy()" : "thread_local_entropy<v7>()");
            r.ms = ms;
            r.has_ms = true;
            ulid::entropy_array e{};
            r.ec = classic_layout ? thread_classic.read_monotonic(ms, e) : thread_v7.read_monotonic(ms, e);
            check.read(classic_layout ? m.thread_classic : m.thread_v7, ms, r.ec, e, !classic_layout);
        } else if (op < 57) {
            record& r = check.log(step, "observe", "ulid");
            observed_by(
                check, r, {&m.classic, &m.v7}, [](const ulid::ulid& x) { return ulid::observe(x); },
                pick_process_x(rng, m));
        } else if (op < 61) {
            record& r = check.log(step, "observe_thread_local", "ulid");
            observed_by(
                check, r, {&m.thread_classic, &m.thread_v7},
                [](const ulid::ulid& x) { return ulid::observe_thread_local(x); }, pick_process_x(rng, m));
        } else if (op < 64) {
            const std::uint64_t which = below(rng, 4);
            static constexpr std::array<const char*, 4> targets{"default_entropy()", "default_entropy<v7>()",
                                                                "thread_local_entropy()", "thread_local_entropy<v7>()"};
            record& r = check.log(step, "observe", targets[which]);
            const ulid::ulid x = pick_process_x(rng, m);
            switch (which) {
                case 0:
                    observed_by(
                        check, r, {&m.classic}, [&](const ulid::ulid& y) { return classic.observe(y); }, x);
                    break;
                case 1:
                    observed_by(
                        check, r, {&m.v7}, [&](const ulid::ulid& y) { return v7.observe(y); }, x);
                    break;
                case 2:
                    observed_by(
                        check, r, {&m.thread_classic}, [&](const ulid::ulid& y) { return thread_classic.observe(y); },
                        x);
                    break;
                default:
                    observed_by(
                        check, r, {&m.thread_v7}, [&](const ulid::ulid& y) { return thread_v7.observe(y); }, x);
                    break;
            }
        } else if (op < 78) {
            const std::uint64_t ms = pick_process_ms(rng, m, far);
            record& r = check.log(step, "generate", "default_entropy()");
            r.ms = ms;
            r.has_ms = true;
            generated(check, r, m.classic, false, classic, ms);
        } else if (op < 86) {
            const std::uint64_t ms = pick_process_ms(rng, m, far);
            record& r = check.log(step, "generate", "default_entropy<v7>()");
            r.ms = ms;
            r.has_ms = true;
            generated(check, r, m.v7, true, v7, ms);
        } else if (op < 93) {
            const std::uint64_t ms = pick_process_ms(rng, m, far);
            record& r = check.log(step, "must_make", "ulid");
            r.ms = ms;
            r.has_ms = true;
            must_made(
                check, r, m.given, false, [](std::uint64_t t) { return ulid::must_make(t); }, ms);
        } else if (op < 98) {
            const std::uint64_t ms = pick_process_ms(rng, m, far);
            record& r = check.log(step, "must_make_v7", "ulid");
            r.ms = ms;
            r.has_ms = true;
            must_made(
                check, r, m.given_v7, true, [](std::uint64_t t) { return ulid::must_make_v7(t); }, ms);
        } else {
            (void)check.log(step, "wait_for_next_ms", "clock");
            const std::uint64_t from = ulid::now();
            while (ulid::now() == from) {
            }
        }
    }
}

#endif

}  // namespace

TEST_CASE(
    "monotonic_entropy over a byte reader: next IDs rise above every earlier next ID and every observed ID; "
    "read_monotonic() rises within its ms",
    "[monotonic][observe][model]") {
    run_user_family(family::byte_reader, 1000000, test::env_count("ULID_MODEL_SEQUENCES", 3000));
}

TEST_CASE(
    "monotonic_entropy over a UniformRandomBitGenerator: next IDs rise above every earlier next ID and every "
    "observed ID; read_monotonic() rises within its ms",
    "[monotonic][observe][model]") {
    run_user_family(family::bit_generator, 2000000, test::env_count("ULID_MODEL_SEQUENCES", 3000));
}

TEST_CASE(
    "locked_monotonic_entropy: next IDs rise above every earlier next ID and every observed ID; "
    "read_monotonic() rises within its ms",
    "[monotonic][observe][model]") {
    run_user_family(family::locked, 3000000, test::env_count("ULID_MODEL_SEQUENCES", 2000));
}

#if !defined(_WIN32)
TEST_CASE(
    "make(), make_v7(), their batches and thread-local forms rise above every earlier ID of their sequence "
    "and every observed ID, whatever generate() and must_make() did; generate() and must_make() rise "
    "within their ms",
    "[make][observe][model][fork]") {
    checker total;
    const std::size_t one = test::env_count("ULID_MODEL_SEED", 0);
    const std::size_t sequences = one != 0 ? 1 : test::env_count("ULID_MODEL_SEQUENCES", 300);
    std::size_t died = 0;
    std::string death;
    for (std::size_t i = 0; i < sequences; ++i) {
        const std::uint64_t seed = one != 0 ? one : 4000000U + i;
        // The child reports its violations as "kind|call" lines, "--", then the report.
        const test::child_result r = test::run_in_child(
            [seed] {
                checker check;
                run_process_sequence(check, seed);
                if (check.total() == 0) return std::string();
                return check.sequence_keys() + "--\n" + check.first_failures();
            },
            std::chrono::seconds(30));
        if (r.exited && r.exit_code == 0) {
            total.add_sequences(1, 0);
            continue;
        }
        const std::size_t bar = r.output.find("--\n");
        if (r.exited && r.exit_code == 1 && bar != std::string::npos) {
            const std::string keys = r.output.substr(0, bar);
            total.add_keys(keys);
            total.set_first_failure(static_cast<std::size_t>(std::strtoul(keys.c_str(), nullptr, 10)),
                                    r.output.substr(bar + 3));
            total.add_sequences(1, 1);
        } else {
            ++died;
            if (death.empty()) {
                death = "seed " + std::to_string(seed) + ": the child " + (r.hung ? "hung" : "died") + ", signal " +
                        std::to_string(r.signal) + ": " + r.output;
            }
        }
    }
    INFO(total.failed_sequences() << " of " << sequences << " sequences failed, " << died
                                  << " children died; violations, by call:\n"
                                  << total.summary() << total.first_failures() << death);
    CHECK(died == 0);
    REQUIRE(total.total() == 0);
}
#endif
