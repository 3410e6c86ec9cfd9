// observe(): causal order across processes. An ID made after observing x is
// greater than x whatever the clocks say; an x beyond the skew bound is
// refused and changes nothing. The process-wide cases run in child processes
// (with clocks skewed through the test seam), so that the floors they raise
// never reach the other tests of this program.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

#if !defined(_WIN32)
#include <sched.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace {

using namespace std::chrono_literals;

/// 3000-01-01T00:00:00Z in Unix milliseconds.
constexpr std::uint64_t year_3000_ms = 32503680000000;

/// A random ID whose time is within [now + from, now + to] ms; the rest of
/// its bits random, or shaped like a UUIDv7, or at a counter's edges.
ulid::ulid random_near_now(std::mt19937_64& rng, std::int64_t from, std::int64_t to) {
    const auto base = static_cast<std::int64_t>(ulid::now());
    const auto ms = static_cast<std::uint64_t>(base + std::uniform_int_distribution<std::int64_t>(from, to)(rng));
    std::uint64_t high = (ms << 16U) | (rng() & 0xFFFFU);
    std::uint64_t low = rng();
    switch (rng() % 6) {
        case 0:  // a UUIDv7
            high = (high & ~std::uint64_t{0xF000}) | 0x7000U;
            low = (low & ~(std::uint64_t{3} << 62U)) | (std::uint64_t{2} << 62U);
            break;
        case 1:  // the top of the ULID counter
            high |= 0xFFFFU;
            low = ~std::uint64_t{0};
            break;
        case 2:  // the top of the UUIDv7 counter at a random sub-millisecond tick
            high = (high & ~std::uint64_t{0xF000}) | 0x7000U;
            low = ~std::uint64_t{0} >> 1U;
            break;
        case 3:  // a version nibble of 7 with another variant
            high = (high & ~std::uint64_t{0xF000}) | 0x7000U;
            break;
        default:
            break;
    }
    return ulid::ulid::from_high_low(high, low);
}

template <class Layout>
void check_user_generator_orders_after_observed(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    ulid::monotonic_entropy<test::prng_reader, Layout> g{test::prng_reader(seed)};
    ulid::ulid last;
    bool any = false;
    std::size_t wrong = 0;
    for (int round = 0; round < 20000; ++round) {
        const ulid::ulid x = random_near_now(rng, -1000, 400);
        const ulid::observe_result r = g.observe(x);
        REQUIRE_FALSE(r.ec);
        // Between observing and making, read_monotonic() may move the state
        // to another millisecond: next() must still resume above x.
        if (rng() % 4 == 0) {
            ulid::entropy_array e{};
            REQUIRE_FALSE(g.read_monotonic(ulid::now() + rng() % 3 - 1, e));
        }
        const std::uint64_t at = ulid::now() - 1000 + rng() % 1400;
        ulid::ulid id;
        REQUIRE_FALSE(g.next(at, id));
        if (!(x < id)) ++wrong;
        if (any && !(last < id)) ++wrong;
        if constexpr (Layout::sub_ms_bits != 0) {
            if (!id.is_uuidv7()) ++wrong;
        }
        last = id;
        any = true;
    }
    CHECK(wrong == 0);
}

#if !defined(_WIN32)
std::int64_t step_ns(std::chrono::milliseconds offset) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(offset).count();
}

/// Runs `body` in a child process and returns its exit status (0: passed).
template <class Body>
int in_child(Body body) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int status = body();
        test::flush_coverage();  // _exit() skips the coverage counters' writer
        ::_exit(status);
    }
    int status = 0;
    if (pid < 0 || ::waitpid(pid, &status, 0) != pid) return 255;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 254;
}

/// A child's end of two pipes: reads 17-byte messages (a kind and an ID),
/// answers with the ID it made after observing the one received.
struct peer {
    pid_t pid = -1;
    int to = -1;
    int from = -1;
};

/// What a peer makes on a message of kind k: 0 make(), 1 make_v7(),
/// 2 make_batch(), 3 make_v7_batch() (the first of four; the four increase).
ulid::ulid make_of_kind(std::uint8_t kind) {
    std::array<ulid::ulid, 4> batch{};
    switch (kind) {
        case 0:
            return ulid::make();
        case 1:
            return ulid::make_v7();
        case 2:
            ulid::make_batch(batch.data(), batch.size());
            break;
        default:
            ulid::make_v7_batch(batch.data(), batch.size());
            break;
    }
    for (std::size_t i = 1; i < batch.size(); ++i) {
        if (!(batch[i - 1] < batch[i])) return ulid::ulid{};  // the parent sees it out of order
    }
    return batch[0];
}

[[noreturn]] void serve(int in, int out, std::chrono::milliseconds offset, bool observing) {
    ulid::detail::clock_step_for_testing.store(step_ns(offset));
    ulid::set_max_clock_skew(4s);
    std::array<std::uint8_t, 17> message{};
    while (test::read_exact(in, message.data(), message.size())) {
        ulid::byte_array bytes{};
        std::copy(message.begin() + 1, message.end(), bytes.begin());
        const ulid::ulid x = ulid::ulid::from_bytes(bytes);
        if (observing && ulid::observe(x).ec) ::_exit(3);
        const ulid::ulid id = make_of_kind(message[0]);
        if (!test::write_exact(out, id.bytes().data(), id.bytes().size())) ::_exit(4);
    }
    ::_exit(0);
}

/// Five processes whose clocks are offset -2 s, -300 ms, 0, +150 ms and
/// +1.5 s pass an ID around a ring and then across random pairs; each
/// receiver observes it and makes a new one. Returns how many new IDs were
/// not greater than the one received (or not valid UUIDv7 when they should be).
std::size_t out_of_order_in_skewed_processes(bool observing, std::size_t rounds) {
    const std::array<std::chrono::milliseconds, 5> offsets{-2000ms, -300ms, 0ms, 150ms, 1500ms};
    std::array<peer, 5> peers{};
    for (std::size_t i = 0; i < peers.size(); ++i) {
        int down[2];
        int up[2];
        REQUIRE(::pipe(down) == 0);
        REQUIRE(::pipe(up) == 0);
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            ::close(down[1]);
            ::close(up[0]);
            for (std::size_t j = 0; j < i; ++j) {
                ::close(peers[j].to);
                ::close(peers[j].from);
            }
            serve(down[0], up[1], offsets[i], observing);
        }
        ::close(down[0]);
        ::close(up[1]);
        peers[i] = {pid, down[1], up[0]};
    }
    std::mt19937_64 rng(36);
    std::size_t wrong = 0;
    for (std::uint8_t kind = 0; kind < 4; ++kind) {
        ulid::ulid message = kind % 2 == 0 ? ulid::make() : ulid::make_v7();
        std::size_t at = 0;
        for (std::size_t round = 0; round < rounds; ++round) {
            // The first half is the ring; then random pairs.
            const std::size_t next =
                round < rounds / 2 ? (at + 1) % peers.size() : (at + 1 + rng() % (peers.size() - 1)) % peers.size();
            std::array<std::uint8_t, 17> out{};
            out[0] = kind;
            std::copy(message.bytes().begin(), message.bytes().end(), out.begin() + 1);
            REQUIRE(test::write_exact(peers[next].to, out.data(), out.size()));
            ulid::byte_array bytes{};
            REQUIRE(test::read_exact(peers[next].from, bytes.data(), bytes.size()));
            const ulid::ulid made = ulid::ulid::from_bytes(bytes);
            if (!(message < made)) ++wrong;
            if (kind % 2 == 1 && !made.is_uuidv7()) ++wrong;
            message = made;
            at = next;
        }
    }
    for (peer& p : peers) {
        ::close(p.to);
        ::close(p.from);
        int status = 0;
        REQUIRE(::waitpid(p.pid, &status, 0) == p.pid);
        CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    }
    return wrong;
}

/// Two processes, clocks 1.5 s apart, hand an ID back and forth through
/// shared memory (a spin on a sequence number: hand-offs of tens to
/// hundreds of nanoseconds); each observes what it receives and makes the
/// next. Returns the count out of order, or SIZE_MAX on a failure.
std::size_t out_of_order_over_shared_memory(std::uint8_t kind, std::size_t rounds) {
    struct slot {
        std::atomic<std::uint64_t> seq;
        std::atomic<std::uint64_t> high;
        std::atomic<std::uint64_t> low;
        std::atomic<std::uint64_t> wrong;
    };
    static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "atomics shared between processes");
    void* const page = ::mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    REQUIRE(page != MAP_FAILED);
    auto* const s = ::new (page) slot{};
    // Each side waits for its turn (odd seq for one, even for the other),
    // observes the ID there, makes one and passes the turn on.
    auto play = [s, kind, rounds](std::uint64_t parity, std::chrono::milliseconds offset) {
        ulid::detail::clock_step_for_testing.store(step_ns(offset));
        ulid::set_max_clock_skew(4s);
        for (std::uint64_t turn = parity; turn < 2 * rounds; turn += 2) {
            // Spins (hand-offs of tens of nanoseconds when both run), yielding
            // now and then so that a loaded machine still gets through.
            for (unsigned spins = 1; s->seq.load(std::memory_order_acquire) != turn; ++spins) {
                if (spins % 4096 == 0) ::sched_yield();
            }
            const ulid::ulid x = ulid::ulid::from_high_low(s->high.load(std::memory_order_relaxed),
                                                           s->low.load(std::memory_order_relaxed));
            if (turn != 0 && ulid::observe(x).ec) return 3;
            const ulid::ulid id = make_of_kind(kind);
            if (turn != 0 && !(x < id)) s->wrong.fetch_add(1, std::memory_order_relaxed);
            s->high.store(id.high(), std::memory_order_relaxed);
            s->low.store(id.low(), std::memory_order_relaxed);
            s->seq.store(turn + 1, std::memory_order_release);
        }
        return 0;
    };
    const pid_t ahead = ::fork();
    if (ahead == 0) ::_exit(play(0, 1500ms));
    const pid_t behind = ::fork();
    if (behind == 0) ::_exit(play(1, 0ms));
    int status_ahead = 0;
    int status_behind = 0;
    const bool reaped = ::waitpid(ahead, &status_ahead, 0) == ahead && ::waitpid(behind, &status_behind, 0) == behind;
    const bool passed = reaped && WIFEXITED(status_ahead) && WEXITSTATUS(status_ahead) == 0 &&
                        WIFEXITED(status_behind) && WEXITSTATUS(status_behind) == 0;
    const std::uint64_t wrong = s->wrong.load();
    ::munmap(page, 4096);
    return passed ? static_cast<std::size_t>(wrong) : SIZE_MAX;
}
#endif

}  // namespace

TEST_CASE("a user-owned generator's next IDs are above every ID it observed", "[observe]") {
    check_user_generator_orders_after_observed<ulid::ulid_layout>(1);
    check_user_generator_orders_after_observed<ulid::uuidv7_layout>(2);
}

TEST_CASE("two generators observing one ID draw apart, not one increment apart", "[observe]") {
    std::mt19937_64 rng(7);
    std::size_t close = 0;
    for (int i = 0; i < 1000; ++i) {
        const ulid::ulid x =
            ulid::ulid::from_high_low((ulid::now() << 16U) | (rng() & 0x7FFFU), rng());  // room above the counter
        ulid::monotonic_entropy<test::prng_reader> a{test::prng_reader(rng())};
        ulid::monotonic_entropy<test::prng_reader> b{test::prng_reader(rng())};
        REQUIRE_FALSE(a.observe(x).ec);
        REQUIRE_FALSE(b.observe(x).ec);
        ulid::ulid ia;
        ulid::ulid ib;
        REQUIRE_FALSE(a.next(x.time(), ia));
        REQUIRE_FALSE(b.next(x.time(), ib));
        REQUIRE(x < ia);
        REQUIRE(x < ib);
        REQUIRE(ia.time() == x.time());
        // Within 2^40 of each other only if the draws above x were not wide.
        const auto [near_a, near_b] = std::minmax(ia, ib);
        if (near_b.high() == near_a.high() && near_b.low() - near_a.low() < (std::uint64_t{1} << 40U)) ++close;
    }
    CHECK(close < 5);
}

TEST_CASE("an observe chain of 10 000 hops stays in its millisecond, each hop far above the last", "[observe]") {
    // Each hop is what a process does with an ID it receives: observe it and
    // make the next. The counter absorbs the chain (a hybrid logical clock's
    // receive rule), so the chain never runs ahead into the next millisecond.
    std::mt19937_64 rng(11);
    const std::uint64_t now = ulid::now();
    for (int chain = 0; chain < 8; ++chain) {
        ulid::ulid x = ulid::ulid::from_high_low((now << 16U) | (rng() % 0xFFFFU), rng());  // room of 2^64 or more
        for (int hop = 0; hop < 10000; ++hop) {
            ulid::monotonic_entropy<test::prng_reader> g{test::prng_reader(rng())};
            REQUIRE_FALSE(g.observe(x).ec);
            ulid::ulid y;
            REQUIRE_FALSE(g.next(x.time(), y));
            REQUIRE(x < y);
            REQUIRE(y.time() == now);
            // At least 2^32 above x: the draw above it is at least 32 bits wide.
            REQUIRE((y.high() != x.high() || y.low() - x.low() > (std::uint64_t{1} << 32U)));
            x = y;
        }
    }
}

TEST_CASE("observe() refuses an ID beyond the skew bound and changes nothing", "[observe]") {
    const std::uint64_t seed = 99;
    ulid::monotonic_entropy<test::prng_reader> g(test::prng_reader{seed});
    ulid::monotonic_entropy<test::prng_reader> twin(test::prng_reader{seed});
    const std::uint64_t now = ulid::now();
    ulid::ulid before;
    ulid::ulid twin_before;
    REQUIRE_FALSE(g.next(now, before));
    REQUIRE_FALSE(twin.next(now, twin_before));
    REQUIRE(before == twin_before);

    REQUIRE(ulid::max_clock_skew() == ulid::default_max_clock_skew);
    REQUIRE(ulid::default_max_clock_skew >= 500ms);
    const std::array<ulid::ulid, 3> refused{
        ulid::ulid::from_high_low(year_3000_ms << 16U, 0),
        ulid::ulid::from_high_low((now + 1000) << 16U, 0),  // just past the bound: 500 ms
        ulid::ulid::from_high_low(~std::uint64_t{0}, ~std::uint64_t{0}),
    };
    for (const ulid::ulid& x : refused) {
        const ulid::observe_result r = g.observe(x);
        CHECK(r.ec == ulid::errc::clock_skew);
        CHECK(r.ahead > ulid::default_max_clock_skew);
        CHECK(r.ahead.count() <= static_cast<std::int64_t>(x.time() - now));
        CHECK(r.ahead.count() >= static_cast<std::int64_t>(x.time() - now) - 1000);
    }
    // Nothing changed: the generator goes on exactly as its twin.
    for (int i = 0; i < 3; ++i) {
        ulid::ulid a;
        ulid::ulid b;
        REQUIRE_FALSE(g.next(now, a));
        REQUIRE_FALSE(twin.next(now, b));
        CHECK(a == b);
    }
    CHECK(ulid::error_message(ulid::errc::clock_skew) ==
          std::string("clock skew: the observed ID is further ahead of the local clock than max_clock_skew()"));
}

TEST_CASE("the skew bound is settable; IDs return to clock time once the clock passes the floor", "[observe]") {
    ulid::set_max_clock_skew(2s);
    ulid::monotonic_entropy<test::prng_reader> g(test::prng_reader{5});
    const std::uint64_t now = ulid::now();
    const ulid::ulid x = ulid::ulid::from_high_low(((now + 1500) << 16U) | 0x1234U, 42);
    const ulid::observe_result r = g.observe(x);
    ulid::set_max_clock_skew(-5ms);
    CHECK(ulid::max_clock_skew() == 0ms);
    ulid::set_max_clock_skew(ulid::default_max_clock_skew);
    REQUIRE_FALSE(r.ec);
    CHECK(r.ahead >= 1400ms);
    CHECK(r.ahead <= 1500ms);
    ulid::ulid id;
    REQUIRE_FALSE(g.next(now, id));  // the clock behind the floor: at the floor
    CHECK(x < id);
    CHECK(id.time() == x.time());
    // An older ID does not lower the floor.
    REQUIRE_FALSE(g.observe(ulid::ulid::from_high_low(now << 16U, 0)).ec);
    ulid::ulid again;
    REQUIRE_FALSE(g.next(now, again));
    CHECK(id < again);
    // The clock past the floor: clock time again.
    ulid::ulid later;
    REQUIRE_FALSE(g.next(now + 2000, later));
    CHECK(later.time() == now + 2000);
}

TEST_CASE("observe() of an ID with nothing above it fails with big_time and changes nothing", "[observe]") {
    ulid::set_max_clock_skew(std::chrono::milliseconds(std::numeric_limits<std::int64_t>::max()));
    ulid::monotonic_entropy<test::prng_reader> classic(test::prng_reader{3});
    ulid::monotonic_entropy<test::prng_reader, ulid::uuidv7_layout> v7(test::prng_reader{3});
    const ulid::observe_result a = classic.observe((ulid::ulid::max)());
    const ulid::observe_result b = v7.observe((ulid::ulid::max)());
    // The top UUIDv7 of the last tick: no UUIDv7 is above it.
    const ulid::observe_result c =
        v7.observe(ulid::ulid::from_high_low((ulid::max_time << 16U) | 0x7FFFU, ~(std::uint64_t{1} << 62U)));
    ulid::set_max_clock_skew(ulid::default_max_clock_skew);
    CHECK(a.ec == ulid::errc::big_time);
    CHECK(b.ec == ulid::errc::big_time);
    CHECK(c.ec == ulid::errc::big_time);
    // No floor was raised: an ID at a time read once is at that time (a
    // second read may be a millisecond on, under qemu).
    const std::uint64_t at = ulid::now();
    ulid::ulid id;
    REQUIRE_FALSE(classic.next(at, id));
    CHECK(id.time() == at);
}

TEST_CASE("observe() with a failing source reports entropy_failure and changes nothing", "[observe][errors]") {
    bool fail = false;
    bool twin_fail = false;
    ulid::monotonic_entropy<test::switchable_reader> g{test::switchable_reader(11, &fail)};
    ulid::monotonic_entropy<test::switchable_reader> twin{test::switchable_reader(11, &twin_fail)};
    const std::uint64_t now = ulid::now();
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(g.next(now, a));
    REQUIRE_FALSE(twin.next(now, b));
    // Above the generator's position in its millisecond: fresh counter bytes are needed.
    const ulid::ulid x = ulid::ulid::from_high_low((now << 16U) | 0x7FFFU, 0);
    fail = true;
    const ulid::observe_result r = g.observe(x);
    fail = false;
    CHECK(r.ec == ulid::errc::entropy_failure);
    REQUIRE_FALSE(g.next(now, a));
    REQUIRE_FALSE(twin.next(now, b));
    CHECK(a == b);
}

// observe() on a generator's own state, case by case (ulid_layout: an 80-bit
// counter, the ID's high word holding its top 16 bits).

namespace {

ulid::ulid id_at(std::uint64_t ms, std::uint64_t counter_high, std::uint64_t counter_low) {
    return ulid::ulid::from_high_low((ms << 16U) | counter_high, counter_low);
}

std::uint64_t counter_high(const ulid::ulid& id) { return id.high() & 0xFFFFU; }

}  // namespace

TEST_CASE("place_above() is observe()'s placement on a state kept elsewhere", "[observe]") {
    std::mt19937_64 rng(12);
    const std::uint64_t now = ulid::now();
    for (int i = 0; i < 2000; ++i) {
        ulid::entropy_array fresh{};
        for (std::uint8_t& b : fresh) b = static_cast<std::uint8_t>(rng());
        // Random counters, and some at and just below the top of the ms.
        const std::uint64_t high = i % 10 == 0 ? 0xFFFFU : rng() & 0xFFFFU;
        const std::uint64_t low = i % 20 == 0 ? ~std::uint64_t{0} - static_cast<std::uint64_t>(i % 3) : rng();
        const ulid::ulid x = id_at(now, high, low);
        ulid::ulid placed;
        REQUIRE(ulid::place_above(x, fresh, placed) == ulid::errc{});
        REQUIRE(x < placed);
        // A generator with increment 1 whose next bytes are `fresh` observes
        // x and makes placed + 1 (or reseeds the next ms with `fresh`).
        ulid::monotonic_entropy<test::prefixed_reader> g{
            test::prefixed_reader(std::vector<std::uint8_t>(fresh.begin(), fresh.end()), 0), 1};
        REQUIRE_FALSE(g.observe(x).ec);
        ulid::ulid next;
        REQUIRE_FALSE(g.next(now, next));
        INFO("x " << x.to_string() << " placed " << placed.to_string() << " next " << next.to_string());
        if ((placed.high() & 0xFFFFU) == 0xFFFFU && placed.low() == ~std::uint64_t{0}) {
            CHECK(next.time() == placed.time() + 1);  // the top of its ms: next() moves on
        } else {
            ulid::ulid expected;
            REQUIRE(ulid::next_above(placed, now, fresh, 1, expected) == ulid::errc{});
            CHECK(next == expected);
        }
        if (x.high() == ((now << 16U) | 0xFFFFU) && x.low() == ~std::uint64_t{0}) {
            // Nothing above x in its ms: the next ms, seeded with `fresh`.
            CHECK(placed == ulid::must_generate(now + 1, *std::make_unique<test::sequence_reader>(
                                                             std::vector<std::uint8_t>(fresh.begin(), fresh.end()))));
        } else {
            CHECK(placed.time() == now);
        }
    }
    ulid::ulid out = test::sentinel();
    CHECK(ulid::place_above(ulid::ulid::max(), ulid::entropy_array{}, out) == ulid::errc::big_time);
    CHECK(out == test::sentinel());
    STATIC_REQUIRE(noexcept(ulid::place_above(ulid::ulid{}, ulid::entropy_array{}, out)));
}

TEST_CASE("observe() of an ID whose counter has no room in its top bits places above it in the same ms", "[observe]") {
    const std::uint64_t now = ulid::now();
    for (std::uint64_t seed = 0; seed < 64; ++seed) {
        ulid::monotonic_entropy<test::prng_reader> g{test::prng_reader(seed)};
        const ulid::ulid x = id_at(now, 0xFFFFU, seed * 0x0123456789ABCDEFULL >> 2U);  // low below 2^62
        REQUIRE_FALSE(g.observe(x).ec);
        ulid::ulid id;
        REQUIRE_FALSE(g.next(now, id));
        CHECK(x < id);
        CHECK(id.time() == now);  // the room above x's counter is 2^64 - low, more than a draw
        CHECK(counter_high(id) == 0xFFFFU);
    }
    // One below the top: the only place above it is the top, so next() moves on.
    ulid::monotonic_entropy<test::prng_reader> g{test::prng_reader(3)};
    const ulid::ulid x = id_at(now, 0xFFFFU, ~std::uint64_t{0} - 1U);
    REQUIRE_FALSE(g.observe(x).ec);
    ulid::ulid id;
    REQUIRE_FALSE(g.next(now, id));
    CHECK(id.time() == now + 1);
}

TEST_CASE("observe() places at x + 1 + r with the carry out of the low word", "[observe]") {
    // Fresh counter bytes all 0xFF: r is 63 bits set (16 bits under the
    // room's width of 80, so that the room lasts for many observe hops), so
    // x's counter 0:2^63 gives 2^63 + (2^63 - 1) + 1 = 2^64, whose low word
    // is 0 only through the carry of the + 1.
    const std::uint64_t now = ulid::now();
    ulid::monotonic_entropy<test::prefixed_reader> g{test::prefixed_reader(std::vector<std::uint8_t>(10, 0xFF), 9), 1};
    REQUIRE_FALSE(g.observe(id_at(now, 0, std::uint64_t{1} << 63U)).ec);
    ulid::ulid id;
    REQUIRE_FALSE(g.next(now, id));  // an increment of 1
    CHECK(id == id_at(now, 1, 1));
}

TEST_CASE("observe() of an ID at or below the generator's position in its ms changes only the floor", "[observe]") {
    const std::uint64_t now = ulid::now();
    const auto made = [now] {
        ulid::monotonic_entropy<test::prng_reader> g{test::prng_reader(21)};
        ulid::ulid a;
        REQUIRE_FALSE(g.next(now, a));
        return a;
    }();
    const std::uint64_t h = counter_high(made);
    const std::uint64_t l = made.low();
    REQUIRE(h > 0);  // room below and above in both words for the cases
    REQUIRE(h < 0xFFFFU);
    REQUIRE(l > 0);
    struct at_or_below {
        const char* what;
        ulid::ulid x;
    };
    for (const at_or_below& c :
         {at_or_below{"the position itself", made}, at_or_below{"a lower low word", id_at(now, h, l - 1U)},
          at_or_below{"a lower high word, a higher low word", id_at(now, h - 1U, ~std::uint64_t{0})}}) {
        INFO(c.what);
        ulid::monotonic_entropy<test::prng_reader> g{test::prng_reader(21)};
        ulid::monotonic_entropy<test::prng_reader> twin{test::prng_reader(21)};
        ulid::ulid a;
        ulid::ulid b;
        REQUIRE_FALSE(g.next(now, a));
        REQUIRE_FALSE(twin.next(now, b));
        REQUIRE_FALSE(g.observe(c.x).ec);
        for (int i = 0; i < 3; ++i) {
            REQUIRE_FALSE(g.next(now, a));
            REQUIRE_FALSE(twin.next(now, b));
            CHECK(a == b);
        }
    }
    for (const ulid::ulid x : {id_at(now, h, l + 1U), id_at(now, h + 1U, 0)}) {
        ulid::monotonic_entropy<test::prng_reader> g{test::prng_reader(21)};
        ulid::ulid a;
        REQUIRE_FALSE(g.next(now, a));
        REQUIRE_FALSE(g.observe(x).ec);
        REQUIRE_FALSE(g.next(now, a));
        CHECK(x < a);
    }
}

TEST_CASE("observe() of an ID in a ms that next() has used up and left changes nothing", "[observe]") {
    // The position three below the top, then a step too large for it: next()
    // moves on to the next ms, and an ID above the old position is no reason
    // to go back there.
    const std::uint64_t now = ulid::now();
    std::vector<std::uint8_t> near_top(10, 0xFF);
    near_top[9] = 0xFC;
    ulid::monotonic_entropy<test::prefixed_reader> g{test::prefixed_reader(near_top, 4)};
    ulid::monotonic_entropy<test::prefixed_reader> twin{test::prefixed_reader(near_top, 4)};
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(g.next(now, a));
    REQUIRE_FALSE(twin.next(now, b));
    REQUIRE(a == id_at(now, 0xFFFFU, ~std::uint64_t{0} - 3U));
    REQUIRE_FALSE(g.next(now, a));  // the ms is used up: the next one
    REQUIRE_FALSE(twin.next(now, b));
    REQUIRE(a.time() == now + 1);
    REQUIRE_FALSE(g.observe(id_at(now, 0xFFFFU, ~std::uint64_t{0} - 1U)).ec);
    for (int i = 0; i < 3; ++i) {
        REQUIRE_FALSE(g.next(now, a));
        REQUIRE_FALSE(twin.next(now, b));
        CHECK(a == b);
        CHECK(a.time() == now + 1);
    }
}

TEST_CASE("observe() raises next()'s position whatever read_monotonic() reads between, and next() continues above it",
          "[observe]") {
    const std::uint64_t now = ulid::now();
    // `below`: after the first continuation, read at another ms again and
    // observe an ID below next()'s position: nothing changes.
    const auto run = [now](bool below) {
        ulid::monotonic_entropy<test::prng_reader> g{test::prng_reader(5)};
        REQUIRE_FALSE(g.observe(id_at(now, 0x1000U, 0)).ec);  // the floor and the position at `now`
        ulid::entropy_array e{};
        REQUIRE_FALSE(g.read_monotonic(now + 1, e));  // read_monotonic()'s own sequence
        const ulid::ulid y = id_at(now, 0xFFF0U, 0);  // above next()'s position
        REQUIRE_FALSE(g.observe(y).ec);
        ulid::ulid id;
        REQUIRE_FALSE(g.next(now, id));
        CHECK(y < id);
        CHECK(id.time() == now);
        REQUIRE_FALSE(g.read_monotonic(now + 1, e));
        if (below) REQUIRE_FALSE(g.observe(id_at(now, counter_high(id), 0)).ec);
        ulid::ulid next_id;
        REQUIRE_FALSE(g.next(now, next_id));
        CHECK(id < next_id);
        CHECK(next_id.time() == now);
        return next_id;
    };
    CHECK(run(true) == run(false));
}

TEST_CASE("observe() of an exact ID by a generator never seeded fails with a failing source, changing nothing",
          "[observe][errors]") {
    const std::uint64_t now = ulid::now();
    bool fail = true;
    ulid::monotonic_entropy<test::switchable_reader> g{test::switchable_reader(12, &fail)};
    CHECK(g.observe(id_at(now, 0x1000U, 0)).ec == ulid::errc::entropy_failure);
    fail = false;
    bool twin_fail = false;
    ulid::monotonic_entropy<test::switchable_reader> twin{test::switchable_reader(12, &twin_fail)};
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(g.next(now - 5, a));  // no floor was raised: the past is still open
    REQUIRE_FALSE(twin.next(now - 5, b));
    CHECK(a == b);
}

#if !defined(_WIN32)
TEST_CASE("observe() in a child process keeps nothing of the parent's state but places above x", "[observe][fork]") {
    const std::uint64_t now = ulid::now();
    ulid::monotonic_entropy<test::prng_reader> g{test::prng_reader(8)};
    ulid::ulid parent;
    REQUIRE_FALSE(g.next(now, parent));
    // Far above the parent's position: placed above it on the parent's state,
    // the child's next call would reseed and most likely fall below x.
    const ulid::ulid x = id_at(now, 0xFFF0U, 0);
    REQUIRE(parent < x);
    const int status = in_child([&] {
        if (g.observe(x).ec) return 1;
        ulid::ulid id;
        if (g.next(now, id)) return 2;
        return (x < id && id.time() == now) ? 0 : 3;
    });
    CHECK(status == 0);
}
#endif

#if !defined(_WIN32)
TEST_CASE("observe() orders make(), make_v7() and the batches; refused IDs change nothing", "[observe][fork]") {
    const int status = in_child([] {
        const ulid::ulid x = ulid::ulid::from_high_low(((ulid::now() + 400) << 16U) | 0xFFFFU, ~std::uint64_t{0});
        if (ulid::observe(x).ec) return 1;
        if (!(x < ulid::make()) || !(x < ulid::make_v7())) return 2;
        std::array<ulid::ulid, 300> batch{};
        ulid::make_batch(batch.data(), batch.size());
        if (!(x < batch[0])) return 3;
        ulid::make_v7_batch(batch.data(), batch.size());
        if (!(x < batch[0]) || !batch[0].is_uuidv7()) return 4;
        // Refused: year 3000, and an ID past the bound, read just before its
        // observe() and with 250 ms to spare: under qemu-user beside other
        // tests a few milliseconds can pass between two lines.
        const ulid::ulid before = ulid::make();
        for (const bool far : {true, false}) {
            const std::uint64_t ms = far ? year_3000_ms : ulid::now() + 750;
            const ulid::observe_result r = ulid::observe(ulid::ulid::from_high_low(ms << 16U, 0));
            if (r.ec != ulid::errc::clock_skew || r.ahead <= 500ms) return 5;
        }
        const ulid::ulid after = ulid::make();
        if (!(before < after) || after.time() > x.time() + 1) return 6;
        return 0;
    });
    CHECK(status == 0);
}

TEST_CASE("observe_thread_local() orders the calling thread's generators", "[observe][fork]") {
    const int status = in_child([] {
        const ulid::ulid x = ulid::ulid::from_high_low(((ulid::now() + 300) << 16U) | 0x7ABCU, ~std::uint64_t{0});
        (void)ulid::make_thread_local();
        if (ulid::observe_thread_local(x).ec) return 1;
        if (!(x < ulid::make_thread_local())) return 2;
        if (!(x < ulid::make_v7_thread_local())) return 3;
        return 0;
    });
    CHECK(status == 0);
}

TEST_CASE("processes with skewed clocks: zero out of order across a ring and random pairs", "[observe][fork]") {
    const std::size_t rounds = test::env_count("ULID_OBSERVE_ROUNDS", 4000);
    CHECK(out_of_order_in_skewed_processes(true, rounds) == 0);
    // The control: without observe() the clocks put IDs out of order.
    CHECK(out_of_order_in_skewed_processes(false, 200) > 0);
}

TEST_CASE("hand-offs over shared memory between skewed clocks: zero out of order", "[observe][fork]") {
    for (std::uint8_t kind = 0; kind < 4; ++kind) {
        INFO("kind " << int(kind));
        CHECK(out_of_order_over_shared_memory(kind, 20000) == 0);
    }
}
#endif

TEST_CASE("observe_result reads as the std::error_code of every other fallible call, ahead kept", "[observe]") {
    // Issue 49: `if (ulid::observe(x))` did not compile.
    STATIC_REQUIRE(std::is_convertible_v<ulid::observe_result, std::error_code>);
    STATIC_REQUIRE(std::is_constructible_v<bool, ulid::observe_result>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<ulid::observe_result, bool>);  // explicit, as error_code's
    ulid::monotonic_entropy<test::prng_reader> g(test::prng_reader{7});
    const std::uint64_t now = ulid::now();
    const ulid::ulid behind = ulid::ulid::from_high_low((now - 2000) << 16U, 0);
    const ulid::ulid ahead = ulid::ulid::from_high_low(year_3000_ms << 16U, 0);
    if (g.observe(behind)) FAIL("an ID behind the clock was refused");
    const std::error_code taken = g.observe(behind);
    CHECK_FALSE(taken);
    if (const ulid::observe_result r = g.observe(ahead)) {
        CHECK(r.ec == ulid::errc::clock_skew);
        CHECK(r.ahead > ulid::max_clock_skew());
    } else {
        FAIL("an ID in the year 3000 was taken");
    }
    const std::error_code refused = g.observe(ahead);
    CHECK(refused == ulid::errc::clock_skew);
    const ulid::observe_result r = g.observe(behind);
    CHECK_FALSE(static_cast<bool>(r));
    CHECK(static_cast<std::error_code>(r) == r.ec);
    CHECK(r.ahead < 0ms);
    // And the process-wide form, in a condition as the README writes it (a
    // refused ID, which changes nothing: the floor stays out of other tests).
    bool refused_in_condition = false;
    if (ulid::observe(ahead)) refused_in_condition = true;
    CHECK(refused_in_condition);
    CHECK(static_cast<std::error_code>(ulid::observe(ahead)) == ulid::errc::clock_skew);
}
