// Out of address space: the generators fail with a message that says so, and
// fork detection that could not map its page at the first lock tries again
// later and never serves a child made without fork() a lock it cannot take
// over. Each scenario runs in a fresh child process of this program, which
// never uses the library itself, so that the library's first use happens
// under a squeezed RLIMIT_AS. Its own program for that reason.
#include "catch.hpp"
#include "support.hpp"

#include <ulid/ulid.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <thread>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

/// Grows this thread's stack by `bytes` now, so that it need not grow (and
/// map) under the squeeze.
ULID_NOINLINE void grow_stack(std::size_t bytes) {
    std::array<volatile unsigned char, 4096> page{};
    page[0] = 1;
    if (bytes > page.size()) grow_stack(bytes - page.size());
}

/// Limits the address space to what is mapped now, so that the next mmap
/// fails (ENOMEM); small mallocs still find room in the heap's arena.
bool squeeze_address_space() {
    grow_stack(256 * 1024);
    std::FILE* statm = std::fopen("/proc/self/statm", "r");
    if (statm == nullptr) return false;
    unsigned long pages = 0;
    const bool read = std::fscanf(statm, "%lu", &pages) == 1;
    std::fclose(statm);
    if (!read) return false;
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) != 0) return false;
    limit.rlim_cur = static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
    return ::setrlimit(RLIMIT_AS, &limit) == 0;
}

void release_address_space() {
    rlimit limit{};
    (void)::getrlimit(RLIMIT_AS, &limit);
    limit.rlim_cur = limit.rlim_max;
    (void)::setrlimit(RLIMIT_AS, &limit);
}

/// How a scenario's process ended, and what it wrote to standard error.
struct ending {
    bool exited = false;
    int code = -1;
    int signal = 0;
    std::string stderr_text;
};

/// Runs `scenario` in a child process with its standard error captured,
/// killed after 60 s.
template <class Scenario>
ending run_child(Scenario scenario) {
    ending result;
    int ends[2] = {-1, -1};
    REQUIRE(::pipe(ends) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        // The test framework's handlers stay out: an abort is the child's result.
        for (const int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGALRM, SIGTERM})
            (void)std::signal(sig, SIG_DFL);
        ::close(ends[0]);
        (void)::dup2(ends[1], 2);
        const int code = scenario();
        test::flush_coverage();
        ::_exit(code);
    }
    ::close(ends[1]);
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            (void)::waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    char buffer[512];
    for (ssize_t got = 0; (got = ::read(ends[0], buffer, sizeof buffer)) > 0;) {
        result.stderr_text.append(buffer, static_cast<std::size_t>(got));
    }
    ::close(ends[0]);
    result.exited = WIFEXITED(status);
    if (result.exited) result.code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    return result;
}

/// Waits for `pid` (which runs under its own alarm) and says whether it
/// exited with 0.
bool ended_well(pid_t pid) {
    int status = 0;
    const bool ok = pid > 0 && ::waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) std::fprintf(stderr, "a child ended with status %d\n", status);
    return ok;
}

using user_source = ulid::locked_monotonic_entropy<ulid::monotonic_entropy<test::splitmix_reader>>;

}  // namespace

TEST_CASE("out of address space at the first call, a make function aborts with a message that says so",
          "[addressspace]") {
    const auto under_squeeze = [](void (*make)()) {
        return run_child([make] {
            if (!squeeze_address_space()) return 10;
            make();
            return 0;  // not reached: make() has no page
        });
    };
    const std::pair<const char*, void (*)()> makers[] = {
        {"make()", [] { (void)ulid::make(); }},
        {"make_v7()", [] { (void)ulid::make_v7(); }},
        {"make_thread_local()", [] { (void)ulid::make_thread_local(); }},
        {"make_v7_thread_local()", [] { (void)ulid::make_v7_thread_local(); }},
        {"make_batch()",
         [] {
             std::array<ulid::ulid, 4> out{};
             ulid::make_batch(out.data(), out.size());
         }},
        {"make_v7_batch()",
         [] {
             std::array<ulid::ulid, 4> out{};
             ulid::make_v7_batch(out.data(), out.size());
         }},
    };
    for (const auto& [name, make] : makers) {
        INFO(name);
        const ending e = under_squeeze(make);
        INFO("standard error: " << e.stderr_text);
        CHECK(e.signal == SIGABRT);
        CHECK(e.stderr_text.find(std::string("ulid: ") + name + ": no memory for the generator's page") !=
              std::string::npos);
        CHECK(e.stderr_text.find("randomness") == std::string::npos);
    }
}

TEST_CASE(
    "fork detection that could not map its page at the first lock maps it later; children without fork() "
    "never hang on a lock",
    "[addressspace][wipeonfork][rawfork]") {
    for (const test::spawn how : test::reported_spawns()) {
        INFO(test::name(how));
        const ending e = run_child([how] {
            // The helper thread exists before the squeeze: its stack is a mapping.
            std::atomic<int> phase{0};
            std::atomic<bool> running{false};
            user_source shared(std::in_place, test::splitmix_reader(7));
            std::thread holder([&] {
                running.store(true);
                while (phase.load() != 1) std::this_thread::yield();
                ulid::detail::test_access::mutex(shared).lock();  // the lock, while the page is missing
                phase.store(2);
                while (phase.load() != 3) std::this_thread::yield();
                ulid::detail::test_access::mutex(shared).unlock();
                while (phase.load() != 4) std::this_thread::yield();
                ulid::detail::test_access::mutex(ulid::default_entropy()).lock();  // once the page is there
                phase.store(5);
                while (phase.load() != 6) std::this_thread::yield();
                ulid::detail::test_access::mutex(ulid::default_entropy()).unlock();
            });
            const auto finish = [&](int code) {
                phase.store(6);
                holder.join();
                return code;
            };
            // A new thread maps its own memory as it starts (a sanitizer's
            // signal stack, say), which must happen before the squeeze.
            while (!running.load()) std::this_thread::yield();
            if (!squeeze_address_space()) return finish(10);
            // The process's first lock, with no page for the fork epoch: a
            // user's generator refuses (it could not see a fork) but the
            // lock works.
            ulid::ulid id;
            if (shared.next(1000, id) != ulid::errc::entropy_failure) return finish(11);
            phase.store(1);
            while (phase.load() != 2) std::this_thread::yield();
            // A child made now, while the page is still missing and another
            // thread holds the lock, takes it over.
            pid_t pid = test::spawn_child(how);
            if (pid == 0) {
                ::alarm(5);
                ulid::detail::test_access::mutex(shared).lock();
                ::_exit(0);
            }
            if (!ended_well(pid)) return finish(12);
            phase.store(3);
            release_address_space();
            // The page maps now; the process's lock is still its own.
            if (shared.next(1000, id) || ulid::make().is_nil()) return finish(13);
            phase.store(4);
            while (phase.load() != 5) std::this_thread::yield();
            // The kernel wipes the epoch page in this child: the lock the
            // other thread holds is free there.
            pid = test::spawn_child(how);
            if (pid == 0) {
                ::alarm(5);
                const ulid::ulid a = ulid::make();
                const ulid::ulid b = ulid::make();
                const bool ok = a < b;
                if (!ok)
                    std::fprintf(stderr, "make() went back: %s, then %s\n", a.encode().c_str(), b.encode().c_str());
                test::flush_coverage();
                ::_exit(ok ? 0 : 3);
            }
            return finish(ended_well(pid) ? 0 : 14);
        });
        INFO("standard error: " << e.stderr_text);
        CHECK(e.exited);
        CHECK(e.code == 0);
    }
}
