// No child process, however it is made, and no fork() from a signal handler
// can hang on a lock of this library: the default generator's, a
// locked_monotonic_entropy of the user's own, or the thread-local
// generator's state. Each scenario runs in a supervised process that is
// killed if it does not finish; each child it makes calls the generators
// under an alarm. Its own program: the user's atfork handlers below must be
// registered before the library's first use, as an application's would be.
#include "catch.hpp"
#include "support.hpp"

#include <ulid/ulid.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

// ---------------------------------------------------------------------------
// Supervision

// Each scenario runs through test::run_in_child(), whose time limit turns a
// hang in the scenario's own process (a fork() that never returns) into a
// failure.
#define REQUIRE_SCENARIO_PASSES(outcome_expr)        \
    do {                                             \
        const test::child_result o = (outcome_expr); \
        INFO("scenario output: " << o.output);       \
        REQUIRE_FALSE(o.hung);                       \
        REQUIRE(o.signal == 0);                      \
        REQUIRE(o.exit_code == 0);                   \
    } while (false)

/// What a child does first: make(), make_batch() and make_thread_local()
/// under an alarm (a hang ends as SIGALRM), each sequence increasing.
/// Exits 0 on success. Touches no allocator.
[[noreturn]] void child_makes_ids() {
    ::alarm(5);
    const ulid::ulid a = ulid::make();
    std::array<ulid::ulid, 300> batch{};  // more than one chunk of the lock
    ulid::make_batch(batch.data(), batch.size());
    const ulid::ulid b = ulid::make();
    const ulid::ulid t1 = ulid::make_thread_local();
    const ulid::ulid t2 = ulid::make_thread_local();
    bool ordered = a < batch.front() && batch.back() < b && t1 < t2;
    for (std::size_t i = 1; i < batch.size(); ++i) ordered = ordered && batch[i - 1] < batch[i];
    test::flush_coverage();
    ::_exit(ordered ? 0 : 3);
}

/// Waits for `pid` (a child that runs under its own alarm) and says whether
/// it ended well.
bool ended_well(pid_t pid) {
    int status = 0;
    const bool ok = pid > 0 && ::waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) std::fprintf(stderr, "child status %d\n", status);
    return ok;
}

using test::name;
using test::spawn;
using test::spawn_child;

/// Whether the kernel wipes the library's pages in a child: only then are
/// children made without fork() covered (docs/design.md).
bool kernel_wipes() {
    (void)ulid::make();
    return ulid::detail::kernel_wipes_on_fork.load();
}

/// Runs `busy` on `threads` threads until destroyed.
class busy_threads {
public:
    template <class Busy>
    busy_threads(int threads, Busy busy) {
        for (int i = 0; i < threads; ++i) {
            workers_.emplace_back([this, busy] {
                while (!stop_.load(std::memory_order_relaxed)) {
                    busy();
                    laps_.fetch_add(1, std::memory_order_relaxed);
                }
            });
        }
        while (laps_.load() < 10) std::this_thread::yield();
    }
    busy_threads(const busy_threads&) = delete;
    busy_threads& operator=(const busy_threads&) = delete;
    ~busy_threads() {
        stop_.store(true);
        for (std::thread& t : workers_) t.join();
    }

private:
    std::atomic<bool> stop_{false};
    std::atomic<long> laps_{0};
    std::vector<std::thread> workers_;
};

// ---------------------------------------------------------------------------
// The user's own atfork handlers, registered before the library is used.

enum : int { in_prepare = 1, in_parent = 2, in_child = 4, every_generator_in_child = 8 };
std::atomic<int> atfork_calls_make{0};  // which handlers call make(); none until a test says so
ulid::ulid made_in_prepare;
ulid::ulid made_in_parent;
ulid::ulid made_in_child;
ulid::ulid made_in_child_v7;
ulid::ulid made_in_child_thread_local;
ulid::ulid made_in_child_v7_thread_local;

void user_prepare() {
    if ((atfork_calls_make.load() & in_prepare) != 0) made_in_prepare = ulid::make();
}
void user_parent() {
    if ((atfork_calls_make.load() & in_parent) != 0) made_in_parent = ulid::make();
}
void user_child() {
    if ((atfork_calls_make.load() & in_child) != 0) made_in_child = ulid::make();
    if ((atfork_calls_make.load() & every_generator_in_child) != 0) {
        made_in_child = ulid::make();
        made_in_child_v7 = ulid::make_v7();
        made_in_child_thread_local = ulid::make_thread_local();
        made_in_child_v7_thread_local = ulid::make_v7_thread_local();
    }
}

const bool user_handlers_registered = ::pthread_atfork(&user_prepare, &user_parent, &user_child) == 0;

}  // namespace

// ---------------------------------------------------------------------------

TEST_CASE("a fork() from a signal handler that interrupted make() on the same thread hangs neither process",
          "[fork][signalfork]") {
    // Crash reporters and supervisors fork from handlers. The signal lands
    // wherever the thread is, often while make() holds the lock; the fork
    // must not wait for it, and the child's make() must not either.
    const auto scenario = [](bool thread_local_generator) {
        return test::run_in_child([thread_local_generator]() -> std::string {
            constexpr int forks = 200;
            static std::array<pid_t, forks> children{};
            static std::atomic<int> made{0};
            struct sigaction action {};
            action.sa_handler = [](int) {
                const int saved = errno;
                const int i = made.load(std::memory_order_relaxed);
                if (i < forks) {
                    const pid_t pid = ::fork();
                    if (pid == 0) child_makes_ids();
                    children[static_cast<std::size_t>(i)] = pid;
                    made.store(i + 1, std::memory_order_relaxed);
                }
                errno = saved;
            };
            sigemptyset(&action.sa_mask);
            action.sa_flags = SA_RESTART;
            // Set-up is not async-signal-safe (docs/design.md, "Signal
            // handlers"): the first calls come before the handler.
            (void)ulid::make();
            (void)ulid::make_thread_local();
            if (::sigaction(SIGUSR1, &action, nullptr) != 0) return "sigaction failed";
            const pthread_t self = ::pthread_self();
            std::atomic<bool> done{false};
            std::thread sender([&] {
                while (!done.load()) {
                    ::pthread_kill(self, SIGUSR1);
                    std::this_thread::sleep_for(std::chrono::microseconds(200));
                }
            });
            while (made.load(std::memory_order_relaxed) < forks) {
                for (int i = 0; i < 1000; ++i) {
                    (void)(thread_local_generator ? ulid::make_thread_local() : ulid::make());
                }
            }
            done.store(true);
            sender.join();
            int bad = 0;
            for (const pid_t pid : children) bad += ended_well(pid) ? 0 : 1;
            return bad == 0 ? "" : std::to_string(bad) + " of " + std::to_string(forks) + " children hung or failed";
        });
    };
    SECTION("make()") { REQUIRE_SCENARIO_PASSES(scenario(false)); }
    SECTION("make_thread_local()") { REQUIRE_SCENARIO_PASSES(scenario(true)); }
}

TEST_CASE("children made without fork() never hang while other threads run make() and make_batch()",
          "[fork][wipeonfork][rawfork][skippable][kernel_wipe]") {
    if (!kernel_wipes()) {
        ULID_TEST_SKIP(
            "this kernel does not wipe pages in a child (MADV_WIPEONFORK, Linux 4.14): only fork() is "
            "covered, by the atfork handler");
    }
    for (const spawn how : test::reported_spawns()) {
        INFO(name(how));
        REQUIRE_SCENARIO_PASSES(test::run_in_child([how]() -> std::string {
            constexpr int forks = 150;
            std::vector<ulid::ulid> batch(4096);
            const busy_threads singles(1, [] { (void)ulid::make(); });
            const busy_threads batches(1, [&batch] { ulid::make_batch(batch.data(), batch.size()); });
            int bad = 0;
            for (int i = 0; i < forks; ++i) {
                const pid_t pid = spawn_child(how);
                if (pid == 0) child_makes_ids();
                bad += ended_well(pid) ? 0 : 1;
            }
            return bad == 0 ? "" : std::to_string(bad) + " of " + std::to_string(forks) + " children hung or failed";
        }));
    }
}

TEST_CASE("a child's make() takes default_entropy()'s lock even when another thread held it at the fork", "[fork]") {
    // Deterministic: the lock is held for the whole fork.
    const bool wipes = kernel_wipes();
    for (const spawn how : test::reported_spawns()) {
        if (how != spawn::fork && !wipes) continue;  // not covered there (docs/design.md)
        INFO(name(how));
        REQUIRE_SCENARIO_PASSES(test::run_in_child([how]() -> std::string {
            std::atomic<int> phase{0};
            std::thread holder([&] {
                ulid::detail::test_access::mutex(ulid::default_entropy()).lock();
                phase.store(1);
                while (phase.load() != 2) std::this_thread::yield();
                ulid::detail::test_access::mutex(ulid::default_entropy()).unlock();
            });
            while (phase.load() != 1) std::this_thread::yield();
            const pid_t pid = spawn_child(how);
            if (pid == 0) child_makes_ids();
            const bool ok = ended_well(pid);
            phase.store(2);
            holder.join();
            return ok ? "" : "the child hung or failed";
        }));
    }
}

namespace {

/// A byte reader that blocks the thread named `blocker` inside read() until
/// released, so that thread holds the wrapping lock; every other thread
/// (and every thread of a child) gets bytes at once.
struct blocking_reader {
    std::atomic<bool>* holding;
    std::atomic<bool>* release;
    pthread_t blocker;

    std::error_code read(std::uint8_t* dst, std::size_t n) const {
        if (::pthread_equal(::pthread_self(), blocker) != 0) {
            holding->store(true);
            while (!release->load()) std::this_thread::yield();
        }
        return ulid::os_entropy::read(dst, n);
    }
};

}  // namespace

TEST_CASE("a user-owned locked_monotonic_entropy held by another thread at the fork is free in the child", "[fork]") {
    const bool wipes = kernel_wipes();
    for (const spawn how : test::reported_spawns()) {
        if (how != spawn::fork && !wipes) continue;  // not covered there (docs/design.md)
        INFO(name(how));
        REQUIRE_SCENARIO_PASSES(test::run_in_child([how]() -> std::string {
            std::atomic<bool> holding{false};
            std::atomic<bool> release{false};
            std::atomic<bool> started{false};
            std::optional<ulid::locked_monotonic_entropy<ulid::monotonic_entropy<blocking_reader>>> shared;
            std::thread holder([&] {
                while (!started.load()) std::this_thread::yield();
                ulid::ulid id;
                (void)shared->next(1000, id);  // blocks in its first read, holding the lock
            });
            shared.emplace(std::in_place, blocking_reader{&holding, &release, holder.native_handle()});
            started.store(true);
            while (!holding.load()) std::this_thread::yield();
            const pid_t pid = spawn_child(how);
            if (pid == 0) {
                ::alarm(5);
                ulid::ulid a;
                ulid::ulid b;
                const bool ok = !shared->next(1000, a) && !shared->next(1000, b) && a < b && a.time() == 1000;
                test::flush_coverage();
                ::_exit(ok ? 0 : 3);
            }
            const bool ok = ended_well(pid);
            release.store(true);
            holder.join();
            return ok ? "" : "the child hung or failed";
        }));
    }
}

TEST_CASE("a user's atfork handlers may call make() in prepare, parent and child", "[fork]") {
    REQUIRE(user_handlers_registered);
    for (const int where : {in_prepare, in_parent, in_child}) {
        INFO("make() in the " << (where == in_prepare  ? "prepare"
                                  : where == in_parent ? "parent"
                                                       : "child")
                              << " handler");
        REQUIRE_SCENARIO_PASSES(test::run_in_child([where]() -> std::string {
            const ulid::ulid before = ulid::make();
            atfork_calls_make.store(where);
            const pid_t pid = ::fork();
            if (pid == 0) {
                ::alarm(5);
                const bool ok = where != in_child || before.time() <= made_in_child.time();
                test::flush_coverage();
                ::_exit(ok ? 0 : 3);
            }
            atfork_calls_make.store(0);
            const bool ok = ended_well(pid);
            if (where == in_prepare && !(before < made_in_prepare)) return "prepare's make() is out of order";
            if (where == in_parent && !(before < made_in_parent)) return "parent's make() is out of order";
            if (!(before < ulid::make())) return "make() after the fork is out of order";
            return ok ? "" : "the child hung or failed";
        }));
    }
}

TEST_CASE("after a user's atfork child handler made IDs, the child's next IDs are greater", "[fork]") {
    // The user's child handler, registered before the library's, runs first
    // and renews the fork epoch; the library's handler must not renew it a
    // second time, which would reseed the child's generators below the IDs
    // the user's handler made. Random seeds: a thousand children make the
    // chance of a lucky pass negligible (a reseed falls below about half
    // the time).
    REQUIRE(user_handlers_registered);
    REQUIRE_SCENARIO_PASSES(test::run_in_child([]() -> std::string {
        (void)ulid::make();
        (void)ulid::make_v7();
        (void)ulid::make_thread_local();
        (void)ulid::make_v7_thread_local();
        atfork_calls_make.store(every_generator_in_child);
        constexpr int children = 1000;
        int bad = 0;
        for (int i = 0; i < children; ++i) {
            const pid_t pid = ::fork();
            if (pid == 0) {
                ::alarm(5);
                const bool ok = made_in_child < ulid::make() && made_in_child_v7 < ulid::make_v7() &&
                                made_in_child_thread_local < ulid::make_thread_local() &&
                                made_in_child_v7_thread_local < ulid::make_v7_thread_local();
                test::flush_coverage();
                ::_exit(ok ? 0 : 3);
            }
            bad += ended_well(pid) ? 0 : 1;
        }
        atfork_calls_make.store(0);
        return bad == 0 ? ""
                        : std::to_string(bad) + " of " + std::to_string(children) +
                              " children made an ID not above their atfork handler's, or failed";
    }));
}

// ---------------------------------------------------------------------------
// A _Fork() child's first thread-local call (issue 45, item 5)

#if defined(__linux__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#define ULID_TEST_HAS_UNDERSCORE_FORK 1
#else
#define ULID_TEST_HAS_UNDERSCORE_FORK 0
#endif

#if ULID_TEST_HAS_UNDERSCORE_FORK
namespace {

/// Set in the environment of the copy of this program that runs
/// first_thread_local_in_forks() before Catch2's main.
constexpr const char* single_arena_copy = "ULID_TEST_SINGLE_ARENA_COPY";

/// How many heaps (malloc arenas) glibc's malloc_info() lists.
int malloc_heaps() {
    std::array<char, 1 << 16> text{};
    FILE* const f = ::fmemopen(text.data(), text.size() - 1, "w");
    if (f == nullptr) return -1;
    const int r = ::malloc_info(0, f);
    std::fclose(f);
    if (r != 0) return -1;
    int heaps = 0;
    for (const char* p = text.data(); (p = std::strstr(p, "<heap nr=")) != nullptr; ++p) ++heaps;
    return heaps;
}

/// The scenario of the test below, in a process whose malloc has a single
/// arena: four threads allocate and free in a tight loop, so that malloc's
/// one lock is held most of the time, and the main thread, which has made
/// no thread-local call, makes children with _Fork(). _Fork() runs no
/// atfork handler, so glibc does not reset malloc's locks in the child: a
/// child whose first thread-local call allocated (as a thread_local with a
/// destructor does, through __cxa_thread_atexit_impl's calloc) would wait
/// for a thread that does not exist there. Each child dies by its alarm
/// if it hangs. Half the children come before any thread of the process
/// has made a thread-local call, half after one thread has made its own
/// and exited.
std::string first_thread_local_in_forks() {
    constexpr int children = 80;
    (void)ulid::make();  // the process's set-up, without a thread-local form
    std::atomic<bool> stop{false};
    std::vector<std::thread> allocators;
    allocators.reserve(4);
    for (std::size_t t = 0; t < 4; ++t) {
        allocators.emplace_back([&stop, t] {
            std::size_t size = 16 + t;
            while (!stop.load(std::memory_order_relaxed)) {
                void* volatile p = std::malloc(size);  // volatile: the pair is not elided
                std::free(p);
                size = size < 4000 ? size * 2 : 16 + t;
            }
        });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const int heaps = malloc_heaps();
    std::array<pid_t, children> pids{};
    for (int i = 0; i < children; ++i) {
        if (i == children / 2) {
            std::thread([] {
                (void)ulid::make_thread_local();
                (void)ulid::make_v7_thread_local();
            }).join();
        }
        const pid_t pid = ::_Fork();
        if (pid == 0) {
            ::alarm(5);
            // Each thread-local entry point is the first call in some children.
            bool ok = true;
            switch (i % 4) {
                case 0:
                    (void)ulid::make_thread_local();
                    break;
                case 1:
                    (void)ulid::make_v7_thread_local();
                    break;
                case 2:
                    ok = !ulid::observe_thread_local(ulid::ulid{}).ec;
                    break;
                default:
                    (void)ulid::thread_local_entropy();
                    break;
            }
            const ulid::ulid a = ulid::make_thread_local();
            const ulid::ulid b = ulid::make_thread_local();
            // No test::flush_coverage() here: gcov's dump opens its files with
            // fdopen(), which calls malloc() and so waits for the very lock this
            // child must never wait for, holding the lock of a .gcda file that
            // every other test program's exit then waits for. These children's
            // counters are left out of a coverage build.
            ::_exit(ok && a < b ? 0 : 3);
        }
        pids[static_cast<std::size_t>(i)] = pid;
    }
    stop.store(true);
    for (std::thread& t : allocators) t.join();
    int hung = 0;
    int failed = 0;
    for (const pid_t pid : pids) {
        int status = 0;
        if (pid <= 0 || ::waitpid(pid, &status, 0) != pid) {
            ++failed;
        } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
            ++hung;
        } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            ++failed;
        }
    }
    std::string failure;
    if (heaps != 1) failure += "malloc has " + std::to_string(heaps) + " heaps, not one; ";
    if (hung + failed != 0) {
        failure += std::to_string(hung) + " of " + std::to_string(children) +
                   " _Fork() children hung in their first thread-local call, " + std::to_string(failed) + " failed";
    }
    return failure;
}

/// In the copy only: runs the scenario and leaves, before Catch2's main
/// (and before any thread), with its verdict on stderr.
[[maybe_unused]] const bool single_arena_copy_ran = [] {
    if (std::getenv(single_arena_copy) == nullptr) return false;
    const std::string failure = first_thread_local_in_forks();
    if (!failure.empty()) {
        const ssize_t written = ::write(2, failure.data(), failure.size());
        (void)written;
    }
    test::flush_coverage();
    ::_exit(failure.empty() ? 0 : 1);
}();

}  // namespace
#endif

// Only where there is a _Fork() (glibc 2.34 or later, on Linux).
#if ULID_TEST_HAS_UNDERSCORE_FORK
TEST_CASE("a _Fork() child's first thread-local call takes no lock while its parent's threads allocate",
          "[fork][rawfork]") {
    // A single malloc arena makes a held malloc lock at the fork likely. It
    // must be set before the process's first thread: glibc hands a new
    // thread a free arena of a thread that has ended, whatever the limit,
    // and this program has run threads. So the scenario runs in a fresh
    // copy of the program, with MALLOC_ARENA_MAX=1 in its environment, and
    // checks that malloc has one heap.
    REQUIRE_SCENARIO_PASSES(test::run_in_child(
        []() -> std::string {
            if (::setenv("MALLOC_ARENA_MAX", "1", 1) != 0 || ::setenv(single_arena_copy, "1", 1) != 0) {
                return "setenv failed";
            }
            ::execl("/proc/self/exe", "/proc/self/exe", static_cast<char*>(nullptr));
            return "exec of /proc/self/exe failed";
        },
        std::chrono::seconds(60)));
}
#endif
