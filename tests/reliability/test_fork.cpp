// Process copies: a child never hangs on a lock its parent's threads held,
// never repeats its parent's entropy, and never holds its parent's keys,
// however it was made (fork(), glibc's _Fork(), a raw fork system call).
#include "catch.hpp"
#include "reliability.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <set>
#include <string>
#include <thread>
#include <vector>

#if !defined(_WIN32)
#include <csignal>

#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

namespace {

/// Ways to make a child process. The atfork handlers see only fork().
enum class spawn { fork, underscore_fork, raw_syscall };

const char* name(spawn how) {
    switch (how) {
        case spawn::fork:
            return "fork()";
        case spawn::underscore_fork:
            return "_Fork()";
        case spawn::raw_syscall:
            return "the fork system call";
    }
    return "?";
}

/// The spawns this platform has; a missing one is reported, not hidden.
std::vector<spawn> spawns() {
    std::vector<spawn> all{spawn::fork};
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    all.push_back(spawn::underscore_fork);
#else
    WARN("_Fork() is not available here (glibc 2.34 or later): not tested");
#endif
#if defined(__linux__) && (defined(SYS_fork) || defined(SYS_clone))
    all.push_back(spawn::raw_syscall);
#else
    WARN("no raw fork system call here: not tested");
#endif
    return all;
}

pid_t spawn_child(spawn how) {
    switch (how) {
        case spawn::fork:
            return ::fork();
        case spawn::underscore_fork:
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
            return ::_Fork();
#else
            return -1;
#endif
        case spawn::raw_syscall:
#if defined(__linux__) && defined(SYS_fork)
            return static_cast<pid_t>(::syscall(SYS_fork));
#elif defined(__linux__) && defined(SYS_clone)
            return static_cast<pid_t>(::syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0));
#else
            return -1;
#endif
    }
    return -1;
}

using entropy = std::array<std::uint8_t, 10>;

/// The entropy of `n` ULIDs from `make`, in order.
template <class Make>
std::vector<entropy> entropies(Make make, std::size_t n) {
    std::vector<entropy> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) out.push_back(make().entropy());
    return out;
}

/// Runs `make` `n` times in a child made by `how` and in the parent, and
/// returns the entropy values both produced (the child's come through a
/// pipe; the child touches no allocator after the spawn).
template <class Make>
std::size_t shared_entropy_after(spawn how, Make make, std::size_t n) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    std::vector<entropy> child_values(n);  // allocated before the spawn
    const pid_t pid = spawn_child(how);
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        for (std::size_t i = 0; i < n; ++i) child_values[i] = make().entropy();
        const auto bytes = static_cast<ssize_t>(n * sizeof(entropy));
        ::_exit(::write(fds[1], child_values.data(), static_cast<std::size_t>(bytes)) == bytes ? 0 : 1);
    }
    ::close(fds[1]);
    const std::vector<entropy> parent_values = entropies(make, n);
    std::size_t got = 0;
    auto* const into = reinterpret_cast<char*>(child_values.data());  // NOLINT: raw bytes of a trivial array
    while (got < n * sizeof(entropy)) {
        const ssize_t r = ::read(fds[0], into + got, n * sizeof(entropy) - got);
        if (r <= 0) break;
        got += static_cast<std::size_t>(r);
    }
    ::close(fds[0]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    REQUIRE(got == n * sizeof(entropy));
    const std::set<entropy> parent_set(parent_values.begin(), parent_values.end());
    std::size_t shared = 0;
    for (const entropy& e : child_values) shared += parent_set.count(e);
    return shared;
}

/// Forks `forks` children while `busy` runs on another thread; each child
/// calls make(), make_batch() and make_thread_local() under an alarm.
/// Returns how many children did not exit cleanly (hung or crashed).
template <class Busy>
int stuck_children(Busy busy, int forks) {
    std::atomic<bool> stop{false};
    std::atomic<bool> started{false};
    std::thread worker([&] {
        while (!stop.load(std::memory_order_relaxed)) {
            busy();
            started.store(true, std::memory_order_relaxed);
        }
    });
    while (!started.load()) std::this_thread::yield();
    int stuck = 0;
    for (int i = 0; i < forks; ++i) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::alarm(10);  // a hang ends as SIGALRM
            std::array<ulid::ulid, 64> batch{};
            const ulid::ulid a = ulid::make();
            ulid::make_batch(batch.data(), batch.size());
            const ulid::ulid b = ulid::make_thread_local();
            (void)b;
            ::_exit(a < batch[0] ? 0 : 3);
        }
        if (pid < 0) {
            ++stuck;
            continue;
        }
        int status = 0;
        if (::waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) ++stuck;
    }
    stop.store(true);
    worker.join();
    return stuck;
}

}  // namespace

TEST_CASE("a forked child's make() never hangs on the lock a parent's thread held at the fork", "[fork]") {
    SECTION("a thread looping on make_batch()") {
        std::vector<ulid::ulid> batch(4096);
        REQUIRE(stuck_children([&] { ulid::make_batch(batch.data(), batch.size()); }, 100) == 0);
    }
    SECTION("a thread looping on make()") {
        REQUIRE(stuck_children([] { (void)ulid::make(); }, 100) == 0);
    }
}

TEST_CASE("parent and child share no entropy value after fork()", "[fork]") {
    // Both generators keyed and mid-buffer in the parent before the spawn.
    (void)ulid::make();
    (void)ulid::make_thread_local();
    const auto shared = [](auto make) { return shared_entropy_after(spawn::fork, make, 2000); };
    CHECK(shared([] { return ulid::make(); }) == 0);
    CHECK(shared([] { return ulid::make_thread_local(); }) == 0);
}

TEST_CASE("parent and child share no entropy value after _Fork() or a raw fork system call", "[fork][wipeonfork]") {
    // No atfork handler runs for these: only the kernel's wipe tells the
    // child that it is a copy.
    (void)ulid::make();
    (void)ulid::make_thread_local();
    for (const spawn how : spawns()) {
        if (how == spawn::fork) continue;
        INFO(name(how));
        const auto shared = [how](auto make) { return shared_entropy_after(how, make, 2000); };
        CHECK(shared([] { return ulid::make(); }) == 0);
        CHECK(shared([] { return ulid::make_thread_local(); }) == 0);
    }
}

#if defined(__linux__)
TEST_CASE("a child that never draws holds no byte of its parent's keys or keystream", "[fork][wipeonfork]") {
    if (!ulid::detail::kernel_wipes_on_fork.load()) {
        (void)ulid::make();  // sets up the fork detection
    }
    if (!ulid::detail::kernel_wipes_on_fork.load()) {
        WARN("this kernel has no MADV_WIPEONFORK (Linux 4.14 or later): only fork() is covered, by the atfork handler");
        return;
    }
    (void)ulid::make();
    (void)ulid::make_thread_local();
    using access = ulid::detail::access;
    ulid::detail::keystream_state* const shared = access::keystream(access::wrapped(ulid::default_entropy()).source());
    ulid::detail::keystream_state* const own = access::keystream(ulid::thread_local_entropy().source());
    REQUIRE(shared != nullptr);
    REQUIRE(own != nullptr);
    REQUIRE(shared->epoch != 0);
    REQUIRE(own->epoch != 0);
    const auto all_zero = [](const ulid::detail::keystream_state& s) {
        const auto* const bytes = reinterpret_cast<const unsigned char*>(&s);  // NOLINT: inspecting raw memory
        for (std::size_t i = 0; i < sizeof s; ++i) {
            if (bytes[i] != 0) return false;
        }
        return true;
    };
    REQUIRE_FALSE(all_zero(*shared));
    for (const spawn how : spawns()) {
        INFO(name(how));
        const pid_t pid = spawn_child(how);
        REQUIRE(pid >= 0);
        if (pid == 0) ::_exit((all_zero(*shared) ? 0 : 1) | (all_zero(*own) ? 0 : 2));
        int status = 0;
        REQUIRE(::waitpid(pid, &status, 0) == pid);
        REQUIRE(WIFEXITED(status));
        CHECK((WEXITSTATUS(status) & 1) == 0);  // default_entropy()'s state
        CHECK((WEXITSTATUS(status) & 2) == 0);  // this thread's generator
    }
    // The parent's own state is untouched.
    REQUIRE_FALSE(all_zero(*shared));
}
#endif

#endif
