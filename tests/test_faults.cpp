// Faults around the library: a byte reader or generator failing on its k-th
// read (nothing written, no partial state), clocks that step back, stand still
// or jump forwards (output stays strictly increasing, make() never throws),
// and, on Linux, an operating system whose randomness calls fail, injected
// with a seccomp filter in a child process (getrandom missing as on kernels
// before 3.17, /dev/urandom that cannot be opened, or that fails to read).
#include "catch.hpp"
#include "os_faults.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#if !defined(_WIN32)
#include <csignal>

#include <sys/wait.h>
#include <unistd.h>
#endif

// --- entropy sources that fail ---------------------------------------------

namespace {

enum class path { read_monotonic, next };
enum class wrapper { plain, locked };

// A small increment bound so that every call reads the source at least once
// (a bound of 1 reads nothing) and several reads land in one millisecond.
constexpr std::uint64_t increment = 1000;
constexpr std::size_t calls = 40;

/// The clock of call i: three calls a millisecond, so calls alternate
/// between reseeding and incrementing.
std::uint64_t clock_of(std::size_t i) { return 1000 + i / 3; }

template <class Monotonic>
std::error_code step(Monotonic& m, path p, std::uint64_t ms, ulid::ulid& out) {
    if (p == path::next) return m.next(ms, out);
    return ulid::generate(ms, m, out);
}

template <class Source>
struct runner {
    using plain_type = ulid::monotonic_entropy<Source&>;
    using locked_type = ulid::locked_monotonic_entropy<plain_type>;

    /// Runs the call schedule with `faulty` and a never-failing `twin`.
    static void run(Source& faulty, Source& twin, path p, wrapper w) {
        if (w == wrapper::plain) {
            plain_type a(faulty, increment);
            plain_type b(twin, increment);
            check(a, b, faulty, twin, p);
        } else {
            locked_type a(std::in_place, faulty, increment);
            locked_type b(std::in_place, twin, increment);
            check(a, b, faulty, twin, p);
        }
    }

    template <class Monotonic>
    static void check(Monotonic& m, Monotonic& reference, Source& faulty, Source& twin, path p) {
        std::size_t failures = 0;
        bool just_failed = false;
        bool have_last = false;
        ulid::ulid last;
        for (std::size_t i = 0; i < calls; ++i) {
            INFO("call " << i << " at ms " << clock_of(i) << ", read " << faulty.reads());
            const std::uint64_t position = faulty.position();
            ulid::ulid out = test::sentinel();
            const std::error_code ec = step(m, p, clock_of(i), out);
            if (ec) {
                ++failures;
                REQUIRE(ec == ulid::errc::entropy_failure);
                REQUIRE(out == test::sentinel());
                just_failed = true;
                continue;  // the twin never makes this call
            }
            // The twin reads the same stream bytes for the same call.
            twin.seek(position);
            ulid::ulid expected;
            REQUIRE_FALSE(step(reference, p, clock_of(i), expected));
            REQUIRE(twin.position() == faulty.position());
            REQUIRE(out == expected);
            REQUIRE(out.time() >= clock_of(i));
            if (have_last) REQUIRE(last < out);
            last = out;
            have_last = true;
            just_failed = false;
        }
        REQUIRE(failures == 1);
        REQUIRE_FALSE(just_failed);  // the call after the failure succeeded
    }
};

const char* name(path p) { return p == path::next ? "next" : "read_monotonic"; }
const char* name(wrapper w) { return w == wrapper::locked ? "locked" : "plain"; }

}  // namespace

TEST_CASE("a byte reader failing on its k-th read, k = 1..20: entropy_failure, no output, no partial state",
          "[faults][entropy]") {
    for (const test::fault how : {test::fault::error_code, test::fault::exception}) {
        for (const path p : {path::read_monotonic, path::next}) {
            for (const wrapper w : {wrapper::plain, wrapper::locked}) {
                for (std::size_t k = 1; k <= 20; ++k) {
                    INFO("k " << k << ", " << (how == test::fault::exception ? "throws" : "error code") << ", "
                              << name(p) << ", " << name(w));
                    test::faulty_reader faulty(77, k, how);
                    test::faulty_reader twin(77, 0, how);
                    runner<test::faulty_reader>::run(faulty, twin, p, w);
                    REQUIRE(faulty.reads() > k);
                }
            }
        }
    }
}

TEST_CASE("a generator throwing on its k-th call, k = 1..20: entropy_failure, no output, no partial state",
          "[faults][entropy]") {
    // A reseed takes two calls (64 + 16 bits), so a fault on the second one
    // comes after the first has consumed a value: the twin is re-aligned to
    // the stream position before each call, the monotonic state must match.
    for (const path p : {path::read_monotonic, path::next}) {
        for (const wrapper w : {wrapper::plain, wrapper::locked}) {
            for (std::size_t k = 1; k <= 20; ++k) {
                INFO("k " << k << ", " << name(p) << ", " << name(w));
                test::faulty_generator faulty(99, k);
                test::faulty_generator twin(99, 0);
                runner<test::faulty_generator>::run(faulty, twin, p, w);
                REQUIRE(faulty.reads() > k);
            }
        }
    }
}

TEST_CASE("a source that keeps failing leaves the state untouched until it recovers", "[faults][entropy]") {
    // Reads 3..12 fail: a run of failures in both reseed and increment.
    struct flaky {
        test::splitmix_stream stream{5};
        std::size_t reads = 0;
        std::error_code read(std::uint8_t* dst, std::size_t n) {
            ++reads;
            if (reads >= 3 && reads <= 12) return std::make_error_code(std::errc::io_error);
            for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(stream.next() >> 56U);
            return {};
        }
    };
    flaky source;
    ulid::monotonic_entropy<flaky&> m(source, increment);
    ulid::ulid a;
    ulid::ulid b;
    REQUIRE_FALSE(m.next(10, a));  // read 1: seed
    REQUIRE_FALSE(m.next(10, b));  // read 2: increment
    REQUIRE(a < b);
    for (int i = 0; i < 5; ++i) {
        ulid::ulid out = test::sentinel();
        REQUIRE(m.next(10, out) == ulid::errc::entropy_failure);  // increments fail
        REQUIRE(out == test::sentinel());
        REQUIRE(m.next(11, out) == ulid::errc::entropy_failure);  // reseeds fail
        REQUIRE(out == test::sentinel());
    }
    ulid::ulid c;
    REQUIRE_FALSE(m.next(10, c));  // the floor is still 10: an increment of b
    REQUIRE(c.time() == 10);
    REQUIRE(b < c);
    const std::uint64_t step_size = c.low() - b.low();
    REQUIRE(step_size >= 1);
    REQUIRE(step_size <= increment);
    ulid::ulid d;
    REQUIRE_FALSE(m.next(11, d));
    REQUIRE(c < d);
    REQUIRE(d.time() == 11);
}

TEST_CASE("next_n with a reader failing on its k-th read, k = 1..20: a valid prefix, the rest untouched",
          "[faults][entropy][batch]") {
    using plain_type = ulid::monotonic_entropy<test::faulty_reader&>;
    for (const wrapper w : {wrapper::plain, wrapper::locked}) {
        for (std::size_t k = 1; k <= 20; ++k) {
            INFO("k " << k << ", " << name(w));
            test::faulty_reader faulty(55, k, test::fault::error_code);
            test::faulty_reader twin(55, 0, test::fault::error_code);
            plain_type reference(twin, increment);
            std::array<ulid::ulid, 30> first{};
            std::array<ulid::ulid, 10> second{};
            first.fill(test::sentinel());
            second.fill(test::sentinel());
            ulid::batch_result r1;
            ulid::batch_result r2;
            std::uint64_t position = 0;
            const auto run = [&](auto& m) {
                r1 = m.next_n(7000, first.data(), first.size());
                position = faulty.position();
                r2 = m.next_n(7000, second.data(), second.size());
            };
            if (w == wrapper::plain) {
                plain_type m(faulty, increment);
                run(m);
            } else {
                ulid::locked_monotonic_entropy<plain_type> m(std::in_place, faulty, increment);
                run(m);
            }
            // Every ID needs at least one read, so read k falls in the first batch.
            REQUIRE(r1.ec == ulid::errc::entropy_failure);
            REQUIRE(r1.count < first.size());
            for (std::size_t i = r1.count; i < first.size(); ++i) REQUIRE(first[i] == test::sentinel());
            for (std::size_t i = 0; i < r1.count; ++i) {
                ulid::ulid expected;
                REQUIRE_FALSE(reference.next(7000, expected));
                REQUIRE(first[i] == expected);
            }
            // The second batch continues from the last good state.
            REQUIRE_FALSE(r2.ec);
            REQUIRE(r2.count == second.size());
            twin.seek(position);
            for (std::size_t i = 0; i < second.size(); ++i) {
                ulid::ulid expected;
                REQUIRE_FALSE(reference.next(7000, expected));
                REQUIRE(second[i] == expected);
                if (i > 0) REQUIRE(second[i - 1] < second[i]);
            }
            if (r1.count > 0) REQUIRE(first[r1.count - 1] < second[0]);
        }
    }
}

// --- clocks that misbehave -----------------------------------------------------

namespace {

/// What make() does with a library monotonic source, for a chosen clock:
/// next(clock(), id), aborting on an error (never expected here).
template <class Monotonic, class Clock>
ulid::ulid next_at(Monotonic& source, Clock&& clock) {
    ulid::ulid id;
    if (const std::error_code ec = source.next(clock(), id)) {
        std::fprintf(stderr, "next() failed: %s\n", ec.message().c_str());
        std::abort();
    }
    return id;
}

constexpr std::uint64_t day = 24ULL * 60 * 60 * 1000;
constexpr std::uint64_t start = 1700000000000ULL;  // November 2023

/// A clock script: stands still, steps back by 1 ms, by a second, by a day
/// and to zero, jumps forwards by a day and by years, returns to normal.
std::vector<std::uint64_t> faulty_clock_script() {
    std::vector<std::uint64_t> script;
    std::uint64_t t = start;
    for (int i = 0; i < 50; ++i) script.push_back(t);    // standing still
    for (int i = 0; i < 50; ++i) script.push_back(++t);  // normal
    script.push_back(t - 1);                             // back 1 ms
    script.push_back(t - 1000);                          // back 1 s
    for (int i = 0; i < 20; ++i) script.push_back(t - 1000);
    script.push_back(t + 5);  // ahead again
    script.push_back(t - day);
    script.push_back(0);                               // the epoch
    script.push_back(t + day);                         // jump forwards a day
    for (int i = 0; i < 20; ++i) script.push_back(t);  // and back: held at t + day
    script.push_back(t + day + 1);                     // catching up
    script.push_back(t + 3650 * day);                  // ten years ahead
    script.push_back(t + 3650 * day);
    script.push_back(t + 2 * day);                                                     // back again
    for (std::uint64_t i = 0; i < 200; ++i) script.push_back(t + 3650 * day + i / 7);  // normal, 7 a ms
    script.push_back(ulid::max_time - 2);                                              // to the end of time
    script.push_back(ulid::max_time - 10);
    script.push_back(ulid::max_time);
    script.push_back(ulid::max_time - 1);
    return script;
}

template <class Monotonic>
void check_against_script(Monotonic& source) {
    const std::vector<std::uint64_t> script = faulty_clock_script();
    std::size_t tick = 0;
    auto clock = [&] { return script[tick++]; };
    STATIC_REQUIRE(noexcept(source.next(std::uint64_t{0}, std::declval<ulid::ulid&>())));

    ulid::ulid last;
    for (std::size_t i = 0; i < script.size(); ++i) {
        INFO("call " << i << ", clock " << script[i]);
        const ulid::ulid id = next_at(source, clock);
        REQUIRE(tick == i + 1);  // one clock read a call
        if (i > 0) {
            REQUIRE(last < id);
            // The clock when it is ahead, else the last timestamp held.
            REQUIRE(id.time() == std::max(script[i], last.time()));
        } else {
            REQUIRE(id.time() == script[0]);
        }
        last = id;
    }
    REQUIRE(last.time() == ulid::max_time);
}

}  // namespace

TEST_CASE("next() with a clock that steps back, stands still and jumps forwards", "[clock][faults]") {
    SECTION("monotonic_entropy with a custom reader, default increment") {
        ulid::monotonic_entropy<test::splitmix_reader> source(test::splitmix_reader(1));
        check_against_script(source);
    }
    SECTION("monotonic_entropy with std::mt19937_64, increment 1") {
        ulid::monotonic_entropy<std::mt19937_64> source(std::mt19937_64(2), 1);
        check_against_script(source);
    }
    SECTION("locked_monotonic_entropy with the secure default source") {
        ulid::default_entropy_type source(std::in_place, ulid::secure_entropy{}, std::uint64_t{0});
        check_against_script(source);
    }
}

TEST_CASE("a standing clock with used-up milliseconds: make() runs ahead one millisecond at a time",
          "[clock][faults]") {
    // All-ones seeds and an increment of 1: each millisecond holds one ID.
    ulid::monotonic_entropy<test::constant_reader> source(test::constant_reader{0xFF}, 1);
    std::uint64_t clock_value = 5000;
    auto clock = [&] { return clock_value; };
    ulid::ulid last = next_at(source, clock);
    REQUIRE(last.time() == 5000);
    for (std::uint64_t i = 1; i <= 100; ++i) {
        const ulid::ulid id = next_at(source, clock);  // the clock stands at 5000
        REQUIRE(last < id);
        REQUIRE(id.time() == 5000 + i);
        last = id;
    }
    clock_value = 4000;  // steps back: still one past the last
    ulid::ulid id = next_at(source, clock);
    REQUIRE(id.time() == 5101);
    REQUIRE(last < id);
    clock_value = 9000;  // jumps forwards: follows the clock again
    id = next_at(source, clock);
    REQUIRE(id.time() == 9000);
    id = next_at(source, clock);
    REQUIRE(id.time() == 9001);
}

TEST_CASE("threads sharing a source and a jittery clock get increasing, unique IDs", "[clock][faults][concurrency]") {
    // Each read of the shared clock lands between 3 ms behind and 4 ms ahead
    // of a slowly rising line, so consecutive reads step back and forth.
    std::atomic<std::uint64_t> reads{0};
    auto clock = [&reads] {
        const std::uint64_t n = reads.fetch_add(1);
        const std::uint64_t jitter = (n * 0x9E3779B97F4A7C15ULL) >> 61U;  // 0..7
        return start + n / 64 + 4 - jitter;
    };
    ulid::locked_monotonic_entropy<ulid::monotonic_entropy<test::splitmix_reader>> source(
        std::in_place, test::splitmix_reader(3), std::uint64_t{1} << 20U);
    constexpr std::size_t threads_count = 4;
    constexpr std::size_t per_thread = 20000;
    std::vector<std::vector<ulid::ulid>> made(threads_count);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < threads_count; ++t) {
        threads.emplace_back([&, t] {
            made[t].reserve(per_thread);
            for (std::size_t i = 0; i < per_thread; ++i) made[t].push_back(next_at(source, clock));
        });
    }
    for (auto& th : threads) th.join();
    const test::merged_ids merged = test::merge_threads(made);
    const std::vector<ulid::ulid>& all = merged.sorted;
    REQUIRE(merged.out_of_order == 0);
    REQUIRE(std::adjacent_find(all.begin(), all.end()) == all.end());
    REQUIRE(all.size() == threads_count * per_thread);
    // Never behind the lowest clock reading, never ahead of the highest.
    REQUIRE(all.front().time() >= start - 3);
    REQUIRE(all.back().time() <= start + (threads_count * per_thread) / 64 + 4);
}

#if !defined(_WIN32)
TEST_CASE("make()'s path aborts with a message, never throws, when the clock is past max_time",
          "[clock][faults][errors]") {
    // The one failure make() cannot report: checked in a child process.
    const test::child_result child = test::run_in_child([] {
        ulid::monotonic_entropy<test::splitmix_reader> source(test::splitmix_reader(4));
        (void)ulid::detail::next_or_abort(source, ulid::max_time + 1, "make()");
        return std::string("make() returned");
    });
    INFO(child.output);
    REQUIRE(child.signal == SIGABRT);
    REQUIRE(child.output.find("ulid: make(): timestamp too big") != std::string::npos);
}
#endif

// --- an operating system without randomness ---------------------------------

#if defined(ULID_TEST_SECCOMP)

namespace {

using test::os_faults;

/// The descriptor the next open() will get.
int next_descriptor() {
    const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) ::close(fd);
    return fd;
}

template <class Body>
test::child_result with_faults(const os_faults& f, Body body) {
    return test::run_in_child([&]() -> std::string {
        os_faults faults = f;
        if (faults.failing_read) faults.failing_read_fd = next_descriptor();
        if (!test::install(faults)) return "cannot install the seccomp filter";
        std::string failure = body();
        // Keep the failing descriptor number taken, so that a --coverage
        // build's counter dump, which follows, reads its files elsewhere.
        if (faults.failing_read_fd >= 0) (void)::open("/dev/null", O_WRONLY | O_CLOEXEC);
        return failure;
    });
}

}  // namespace

TEST_CASE("without getrandom (ENOSYS) or with getrandom denied (EPERM) the OS source falls back to /dev/urandom",
          "[faults][os][seccomp]") {
    os_faults f;
    SECTION("ENOSYS, as on kernels before 3.17") { f.no_getrandom = true; }
    SECTION("EPERM, as under older Docker and systemd seccomp profiles") { f.getrandom_denied = true; }
    const test::child_result child = with_faults(f, []() -> std::string {
        std::array<std::uint8_t, 64> a{};
        std::array<std::uint8_t, 64> b{};
        ulid::os_entropy os;
        if (os.read(a.data(), a.size()) || os.read(b.data(), b.size())) return "os_entropy failed";
        if (a == b) return "os_entropy repeated itself";
        // secure_entropy keys from the fallback, and make() works.
        const ulid::ulid x = ulid::make();
        const ulid::ulid y = ulid::make();
        if (!(x < y)) return "make() is not increasing";
        return "";
    });
    INFO(child.output);
    REQUIRE(child.exited);
    REQUIRE(child.exit_code == 0);
}

TEST_CASE("with no randomness from the OS every source reports entropy_failure and writes nothing",
          "[faults][os][errors][seccomp]") {
    const auto check = []() -> std::string {
        std::array<std::uint8_t, 16> buffer{};
        buffer.fill(0xEE);
        ulid::os_entropy os;
        if (os.read(buffer.data(), buffer.size()) != ulid::errc::entropy_failure) return "os_entropy did not fail";
        ulid::secure_entropy secure;
        if (secure.read(buffer.data(), buffer.size()) != ulid::errc::entropy_failure)
            return "secure_entropy did not fail";
        for (const std::uint8_t byte : buffer) {
            if (byte != 0xEE) return "a failed read wrote output";
        }
        ulid::monotonic_entropy<ulid::secure_entropy> m{ulid::secure_entropy{}};
        ulid::ulid out = test::sentinel();
        if (m.next(1, out) != ulid::errc::entropy_failure) return "monotonic next() did not fail";
        if (ulid::generate(1, m, out) != ulid::errc::entropy_failure) return "generate() did not fail";
        if (!(out == test::sentinel())) return "a failed call wrote its output";
        return "";
    };
    SECTION("getrandom missing and /dev/urandom cannot be opened") {
        os_faults f;
        f.no_getrandom = true;
        f.no_urandom = true;
        const test::child_result child = with_faults(f, check);
        INFO(child.output);
        REQUIRE(child.exited);
        REQUIRE(child.exit_code == 0);
    }
    SECTION("getrandom missing and /dev/urandom fails to read") {
        os_faults f;
        f.no_getrandom = true;
        f.failing_read = true;  // on the descriptor /dev/urandom will get
        const test::child_result child = with_faults(f, check);
        INFO(child.output);
        REQUIRE(child.exited);
        REQUIRE(child.exit_code == 0);
    }
    SECTION("getrandom failing with an error other than ENOSYS") {
        // EIO from getrandom is final: no fallback, a clean failure.
        const test::child_result child = test::run_in_child([&]() -> std::string {
            os_faults f;
            f.getrandom_error = EIO;
            if (!test::install(f)) return "cannot install the seccomp filter";
            return check();
        });
        INFO(child.output);
        REQUIRE(child.exited);
        REQUIRE(child.exit_code == 0);
    }
}

TEST_CASE("make() aborts with a message when the OS has no randomness at all", "[faults][os][errors][seccomp]") {
    os_faults f;
    f.no_getrandom = true;
    f.no_urandom = true;
    const test::child_result child = with_faults(f, []() -> std::string {
        (void)ulid::make();
        return "make() returned";
    });
    INFO(child.output);
    REQUIRE(child.signal == SIGABRT);
    REQUIRE(child.output.find("ulid: make(): the operating system gave no randomness") != std::string::npos);
}

#endif
