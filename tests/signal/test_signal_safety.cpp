// Every make function may be called from a signal handler, also one that
// interrupted the same make function on the same thread: it never hangs and
// never returns an ID another call returned; the interrupted call's thread
// keeps its order. A thread loops on one make function while another thread
// sends it signals whose handler calls the same function; every ID, the
// handler's included, is collected and checked. Each scenario runs in a
// supervised process that is killed if it hangs. Its own program, so that
// its signal handlers and long runs stay apart from the rest of the suite.
#include "catch.hpp"
#include "support.hpp"

#include <ulid/ulid.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <pthread.h>
#include <time.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

namespace {

/// Which make function a scenario drives; the handler calls the same one.
enum class maker { make, make_thread_local, make_batch, make_v7, make_v7_thread_local, make_v7_batch, must_make };

const char* name(maker m) {
    switch (m) {
        case maker::make:
            return "make()";
        case maker::make_thread_local:
            return "make_thread_local()";
        case maker::make_batch:
            return "make_batch()";
        case maker::make_v7:
            return "make_v7()";
        case maker::make_v7_thread_local:
            return "make_v7_thread_local()";
        case maker::make_v7_batch:
            return "make_v7_batch()";
        case maker::must_make:
            return "must_make(ms)";
    }
    return "?";
}

bool is_v7(maker m) { return m == maker::make_v7 || m == maker::make_v7_thread_local || m == maker::make_v7_batch; }

/// IDs per call: a batch spans more than one of the lock's 256-ID chunks in
/// the loop, a few in the handler.
constexpr std::size_t loop_batch = 300;
constexpr std::size_t handler_batch = 4;

/// A fixed time for must_make(ms): the loop and the handler share its
/// millisecond, the case where equal IDs could arise.
constexpr std::uint64_t fixed_ms = 1469918176385;

void make_into(maker m, ulid::ulid* out, std::size_t n) noexcept {
    switch (m) {
        case maker::make:
            for (std::size_t i = 0; i < n; ++i) out[i] = ulid::make();
            break;
        case maker::make_thread_local:
            for (std::size_t i = 0; i < n; ++i) out[i] = ulid::make_thread_local();
            break;
        case maker::make_batch:
            ulid::make_batch(out, n);
            break;
        case maker::make_v7:
            for (std::size_t i = 0; i < n; ++i) out[i] = ulid::make_v7();
            break;
        case maker::make_v7_thread_local:
            for (std::size_t i = 0; i < n; ++i) out[i] = ulid::make_v7_thread_local();
            break;
        case maker::make_v7_batch:
            ulid::make_v7_batch(out, n);
            break;
        case maker::must_make:
            // One millisecond's 80-bit counter lasts for ~2^48 calls: none throws.
            for (std::size_t i = 0; i < n; ++i) out[i] = ulid::must_make(fixed_ms);
            break;
    }
}

// What the handler shares with the test: preallocated before the signals
// start, written with lock-free atomics and plain stores only.
maker handler_maker = maker::make;
ulid::ulid* handler_ids = nullptr;
std::size_t handler_capacity = 0;
std::atomic<std::size_t> handler_used{0};
std::atomic<std::size_t> handler_calls{0};
std::atomic<std::size_t> handler_reentered{0};  // calls that interrupted a make function
std::atomic<std::size_t> handler_unordered{0};  // handler batches not increasing

void on_signal(int) {
    const int saved = errno;
    const std::size_t n =
        handler_maker == maker::make_batch || handler_maker == maker::make_v7_batch ? handler_batch : 1;
    const std::size_t at = handler_used.fetch_add(n, std::memory_order_relaxed);
    if (at + n <= handler_capacity) {
        if (ulid::detail::in_generator.load(std::memory_order_relaxed)) {
            handler_reentered.fetch_add(1, std::memory_order_relaxed);
        }
        ulid::ulid* const out = handler_ids + at;
        make_into(handler_maker, out, n);
        for (std::size_t i = 1; i < n; ++i) {
            if (!(out[i - 1] < out[i])) handler_unordered.fetch_add(1, std::memory_order_relaxed);
        }
        handler_calls.fetch_add(1, std::memory_order_relaxed);
    }
    errno = saved;
}

/// How many of `sorted_a` (strictly increasing) also occur in `sorted_b`
/// (sorted), and how many of `sorted_b` repeat.
std::size_t shared_or_repeated(const std::vector<ulid::ulid>& sorted_a, const std::vector<ulid::ulid>& sorted_b) {
    std::size_t count = 0;
    for (std::size_t i = 1; i < sorted_b.size(); ++i) count += sorted_b[i - 1] == sorted_b[i] ? 1U : 0U;
    auto a = sorted_a.begin();
    for (const ulid::ulid& id : sorted_b) {
        a = std::lower_bound(a, sorted_a.end(), id);
        if (a == sorted_a.end()) break;
        count += *a == id ? 1U : 0U;
    }
    return count;
}

/// The scenario: this thread makes IDs with `m` in rounds of `round` IDs
/// while another thread sends it `signals` signals, one at a time (the next
/// once the last was handled: pending signals would merge), each handled by
/// a call of the same make function. "" when the loop's IDs increase
/// throughout, each handler batch increases, no ID of the handler equals
/// another ID (the loop's included), and some handler calls did interrupt a
/// make function (else the run proved nothing).
std::string signals_during(maker m, std::size_t round, std::size_t signals) {
    std::vector<ulid::ulid> loop(round);
    std::vector<ulid::ulid> handled(signals * handler_batch);
    handler_maker = m;
    handler_ids = handled.data();
    handler_capacity = handled.size();
    ulid::ulid last;
    make_into(m, &last, 1);  // the first call sets up (not async-signal-safe)

    struct sigaction action {};
    action.sa_handler = &on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (::sigaction(SIGUSR1, &action, nullptr) != 0) return "sigaction failed";

    // The signals: on Linux a timer that fires every 50 us and signals this
    // thread (the kernel delivers it as soon as the thread runs, so it lands
    // wherever the thread was, mostly inside a make function); elsewhere a
    // thread that sends the next signal once the last was handled (pending
    // signals would merge).
    std::atomic<bool> done{false};
    std::size_t sent = 0;
#if defined(__linux__)
    sigevent event{};
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = SIGUSR1;
    event._sigev_un._tid = static_cast<pid_t>(::syscall(SYS_gettid));
    timer_t timer{};
    if (::timer_create(CLOCK_MONOTONIC, &event, &timer) != 0) return "timer_create failed";
    itimerspec period{};
    period.it_interval.tv_nsec = 50000;
    period.it_value.tv_nsec = 50000;
    if (::timer_settime(timer, 0, &period, nullptr) != 0) return "timer_settime failed";
    std::thread sender([] {});
#else
    const pthread_t self = ::pthread_self();
    std::thread sender([&] {
        while (!done.load(std::memory_order_relaxed) && sent < signals) {
            const std::size_t before = handler_calls.load(std::memory_order_relaxed);
            if (::pthread_kill(self, SIGUSR1) != 0) break;
            ++sent;
            while (handler_calls.load(std::memory_order_relaxed) == before && !done.load(std::memory_order_relaxed)) {
                std::this_thread::yield();
            }
        }
    });
#endif
    const std::size_t step = m == maker::make_batch || m == maker::make_v7_batch ? loop_batch : 64;
    std::size_t made = 0;
    std::size_t backwards = 0;
    std::size_t shared = 0;
    std::size_t not_v7 = 0;
    std::size_t off_time = 0;
    const auto check = [&](std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            backwards += last < loop[i] ? 0U : 1U;
            last = loop[i];
            not_v7 += is_v7(m) && !loop[i].is_uuidv7() ? 1U : 0U;
            off_time += m == maker::must_make && loop[i].time() != fixed_ms ? 1U : 0U;
        }
    };
    std::size_t handled_checked = 0;
    // At least two rounds, and until the signals are in (or a hundred rounds
    // have shown that they do not come).
    while ((made < 2 * round || handler_calls.load(std::memory_order_relaxed) < signals) && made < 100 * round) {
        for (std::size_t filled = 0; filled < round;) {
            const std::size_t n = round - filled < step ? round - filled : step;
            make_into(m, loop.data() + filled, n);
            filled += n;
        }
        made += round;
        check(round);
        // The loop's IDs are increasing (checked above), so sorted: each
        // handler ID made so far is looked up in this round's.
        handled_checked = handler_used.load() < handler_capacity ? handler_used.load() : handler_capacity;
        std::vector<ulid::ulid> so_far(handled.begin(), handled.begin() + static_cast<std::ptrdiff_t>(handled_checked));
        std::sort(so_far.begin(), so_far.end());
        if (backwards == 0) shared += shared_or_repeated(loop, so_far);
    }
    done.store(true);
    sender.join();
#if defined(__linux__)
    (void)::timer_delete(timer);
    sent = handler_calls.load();
#endif
    // The last signal may still be pending: block it before leaving.
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGUSR1);
    (void)::pthread_sigmask(SIG_BLOCK, &block, nullptr);

    std::string failure;
    const std::size_t in_handler = handler_used.load() < handler_capacity ? handler_used.load() : handler_capacity;
    for (std::size_t i = 0; i < in_handler; ++i) {
        not_v7 += is_v7(m) && !handled[i].is_uuidv7() ? 1U : 0U;
        off_time += m == maker::must_make && handled[i].time() != fixed_ms ? 1U : 0U;
    }
    if (backwards != 0) failure += std::to_string(backwards) + " of the loop's IDs not above the one before; ";
    if (handler_unordered.load() != 0) failure += "handler batches out of order; ";
    if (shared != 0) failure += std::to_string(shared) + " duplicate IDs; ";
    if (not_v7 != 0) failure += std::to_string(not_v7) + " IDs not UUIDv7; ";
    if (off_time != 0) failure += std::to_string(off_time) + " IDs not at must_make's time; ";
    if (handler_reentered.load() == 0) failure += "no signal interrupted a make function: nothing was tested; ";
    const std::string counts = std::to_string(made) + " loop IDs, " + std::to_string(handler_calls.load()) +
                               " handler calls, " + std::to_string(handler_reentered.load()) +
                               " of them inside a make function, " + std::to_string(sent) + " signals";
    // ULID_SIGNAL_STATS=1 prints the counts of a passing run too.
    if (std::getenv("ULID_SIGNAL_STATS") != nullptr) std::fprintf(stderr, "%s: %s\n", name(m), counts.c_str());
    return failure.empty() ? "" : failure + "(" + counts + ")";
}

}  // namespace

// A make function called in a signal handler that interrupted it on the same
// thread: no hang, no duplicate, the interrupted thread's order kept.
TEST_CASE("make functions in signal handlers that interrupted them", "[signal]") {
    // ULID_SIGNAL_COUNT scales the run: signals handled per make function
    // (default 20 000), while the loop makes at least 100 IDs per signal
    // (2 000 000 by default; coverage's slow build asks for fewer).
    const std::size_t signals = test::env_count("ULID_SIGNAL_COUNT", 20000);
    const std::size_t round = 50 * signals;
    for (const maker m : {maker::make, maker::make_thread_local, maker::make_batch, maker::make_v7,
                          maker::make_v7_thread_local, maker::make_v7_batch, maker::must_make}) {
        INFO(name(m));
        const test::child_result child = test::run_in_child(
            [m, round, signals] { return signals_during(m, round, signals); }, std::chrono::seconds(120));
        INFO(child.output);
        CHECK_FALSE(child.hung);
        CHECK(child.signal == 0);
        CHECK(child.exit_code == 0);
    }
}
