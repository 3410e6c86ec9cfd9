// fork() and its relatives: a child never repeats its parent's entropy
// (monotonic sources reseed, secure_entropy rekeys, the key pages are wiped
// where the kernel can), and never hangs on a lock a parent's thread held.
#include "catch.hpp"
#include "support.hpp"

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

using test::name;
using test::spawn;
using test::spawn_child;

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
    const std::size_t got = test::read_all(fds[0], child_values.data(), n * sizeof(entropy));
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

TEST_CASE("a child's first lock forgets the sleeping waiters its parent counted", "[fork]") {
    // The window where a parent's lock is free but a waiter it woke has not
    // yet taken itself off the count: a fork there must not leave the child
    // waking sleepers that do not exist on every unlock.
    ulid::detail::fork_safe_mutex lock;
    lock.lock();
    lock.unlock();
    std::atomic<std::uint32_t>& sleepers = ulid::detail::test_access::sleepers(lock);
    sleepers.store(3);
    const test::child_result child = test::run_in_child([&]() -> std::string {
        lock.lock();
        const std::uint32_t counted = sleepers.load();
        lock.unlock();
        return counted == 0 ? "" : "the child still counts " + std::to_string(counted) + " sleepers";
    });
    INFO(child.output);
    REQUIRE(child.exited);
    REQUIRE(child.exit_code == 0);
    // In the parent the count belongs to its own (here simulated) waiters.
    lock.lock();
    REQUIRE(sleepers.load() == 3);
    lock.unlock();
    sleepers.store(0);
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
    for (const spawn how : test::reported_spawns()) {
        if (how == spawn::fork) continue;
        INFO(name(how));
        const auto shared = [how](auto make) { return shared_entropy_after(how, make, 2000); };
        CHECK(shared([] { return ulid::make(); }) == 0);
        CHECK(shared([] { return ulid::make_thread_local(); }) == 0);
    }
}

#if defined(__linux__)
TEST_CASE("a child that never draws holds no byte of its parent's keys or keystream",
          "[fork][wipeonfork][skippable][kernel_wipe]") {
    if (!ulid::detail::kernel_wipes_on_fork.load()) {
        (void)ulid::make();  // sets up the fork detection
    }
    if (!ulid::detail::kernel_wipes_on_fork.load()) {
        ULID_TEST_SKIP(
            "this kernel does not wipe pages in a child (MADV_WIPEONFORK, Linux 4.14): only fork() is "
            "covered, by the atfork handler");
    }
    (void)ulid::make();
    (void)ulid::make_thread_local();
    using access = ulid::detail::test_access;
    ulid::detail::keystream_state* const shared = access::keystream(access::wrapped(ulid::default_entropy()).source());
    ulid::detail::keystream_state* const own = access::keystream(ulid::thread_local_entropy().source());
    REQUIRE(shared != nullptr);
    REQUIRE(own != nullptr);
    REQUIRE(shared->epoch != 0);
    REQUIRE(own->epoch != 0);
    const auto all_zero = [](const ulid::detail::keystream_state& s) {
        const auto* const bytes = reinterpret_cast<const unsigned char*>(&s);  // inspecting raw memory
        for (std::size_t i = 0; i < sizeof s; ++i) {
            if (bytes[i] != 0) return false;
        }
        return true;
    };
    REQUIRE_FALSE(all_zero(*shared));
    for (const spawn how : test::reported_spawns()) {
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

#if !defined(_WIN32)

namespace {

/// The ten bytes a faulty_reader seeded with `seed` serves from stream
/// position `at`: what a reseed there reads.
std::array<std::uint8_t, 10> fresh_at(std::uint64_t seed, std::uint64_t at) {
    test::faulty_reader twin(seed, 0, test::fault::error_code);
    twin.seek(at);
    std::array<std::uint8_t, 10> fresh{};
    (void)twin.read(fresh.data(), fresh.size());
    return fresh;
}

}  // namespace

TEST_CASE("after fork() a monotonic source reseeds in the child instead of incrementing", "[faults][fork]") {
    // Same stream in parent and child: without the fork check the child's
    // next ID would be the parent's last plus an increment, which the
    // parent also produces: a duplicate across processes. Both paths:
    // next() and read_monotonic() (through generate()).
    ulid::monotonic_entropy<test::faulty_reader> m(test::faulty_reader(11, 0, test::fault::error_code), 1);
    ulid::monotonic_entropy<test::faulty_reader> r(test::faulty_reader(12, 0, test::fault::error_code), 1);
    ulid::ulid first;
    ulid::ulid first_r;
    REQUIRE_FALSE(m.next(500, first));
    REQUIRE_FALSE(ulid::generate(500, r, first_r));
    const std::uint64_t position = m.source().position();
    const std::uint64_t position_r = r.source().position();
    const test::child_result child = test::run_in_child([&]() -> std::string {
        // Ten fresh bytes from where the parent's stream stood: a reseed.
        ulid::ulid id;
        if (m.next(500, id)) return "next() failed in the child";
        if (id.time() != 500) return "the child moved off the millisecond";
        if (id.entropy() != fresh_at(11, position)) return "next() in the child incremented the parent's state";
        ulid::ulid again;
        if (m.next(500, again) || !(id < again)) return "next() in the child is not monotonic after its reseed";
        ulid::ulid id_r;
        if (ulid::generate(500, r, id_r)) return "read_monotonic() failed in the child";
        if (id_r.entropy() != fresh_at(12, position_r)) {
            return "read_monotonic() in the child incremented the parent's state";
        }
        return "";
    });
    INFO(child.output);
    REQUIRE(child.exited);
    REQUIRE(child.exit_code == 0);
    // The parent's own states are untouched: they increment as before.
    ulid::ulid second;
    REQUIRE_FALSE(m.next(500, second));
    REQUIRE(second.low() - first.low() == 1);
    ulid::ulid second_r;
    REQUIRE_FALSE(ulid::generate(500, r, second_r));
    REQUIRE(second_r.low() - first_r.low() == 1);
}

TEST_CASE("a forked child never resumes a millisecond its parent's next() had set aside", "[faults][fork]") {
    // In the parent, next() is at 500 and read_monotonic() has moved to 700,
    // setting next()'s state at 500 aside (so that a later next() goes on
    // above it). The child's calls at 500 must reseed instead of resuming
    // it: that would give the parent's next ID there. `left` has not moved
    // off 500 yet; its child leaves and comes back.
    ulid::monotonic_entropy<test::faulty_reader> aside(test::faulty_reader(13, 0, test::fault::error_code), 1);
    ulid::monotonic_entropy<test::faulty_reader> left(test::faulty_reader(14, 0, test::fault::error_code), 1);
    ulid::ulid id;
    REQUIRE_FALSE(aside.next(500, id));
    REQUIRE_FALSE(left.next(500, id));
    REQUIRE_FALSE(ulid::generate(700, aside, id));
    const std::uint64_t position = aside.source().position();
    const std::uint64_t position_left = left.source().position();
    const test::child_result child = test::run_in_child([&]() -> std::string {
        ulid::ulid at_500;
        if (ulid::generate(500, aside, at_500)) return "read_monotonic() failed in the child";
        if (at_500.entropy() != fresh_at(13, position)) return "the child resumed the parent's state at 500";
        ulid::ulid after;
        if (aside.next(500, after) || !(at_500 < after)) return "next() in the child is not above its own ID";
        ulid::ulid away;
        if (ulid::generate(700, left, away)) return "read_monotonic() failed in the child";
        if (away.entropy() != fresh_at(14, position_left)) return "the child did not reseed at 700";
        ulid::ulid back;
        if (ulid::generate(500, left, back)) return "read_monotonic() failed in the child";
        if (back.entropy() != fresh_at(14, position_left + 10)) return "the child resumed the parent's state at 500";
        return "";
    });
    INFO(child.output);
    REQUIRE(child.exited);
    REQUIRE(child.exit_code == 0);
}

#endif

#if !defined(_WIN32)
namespace {

/// Runs `make` in a forked child and returns what it wrote to a pipe.
template <class Make>
std::string in_child(Make make) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        const std::string text = make();
        const auto written = ::write(fds[1], text.data(), text.size());
        ::_exit(written == static_cast<ssize_t>(text.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    std::string result;
    char buffer[256];
    for (;;) {
        const auto n = ::read(fds[0], buffer, sizeof buffer);
        if (n <= 0) break;
        result.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    return result;
}

}  // namespace

TEST_CASE("after fork, parent and child never share secure_entropy output", "[secure][fork]") {
    ulid::secure_entropy source;
    std::array<std::uint8_t, 8> warm{};
    REQUIRE_FALSE(source.read(warm.data(), warm.size()));  // leaves buffered bytes behind

    const auto draw = [&source] {
        std::array<std::uint8_t, 64> bytes{};
        (void)source.read(bytes.data(), bytes.size());
        return std::string(bytes.begin(), bytes.end());
    };
    const std::string child = in_child(draw);
    const std::string parent = draw();
    REQUIRE(child.size() == 64);
    REQUIRE(child != parent);
}

TEST_CASE("after fork, the buffered-word path in the child declines until the source rekeys", "[secure][fork]") {
    ulid::secure_entropy source;
    std::array<std::uint8_t, 8> warm{};
    REQUIRE_FALSE(source.read(warm.data(), warm.size()));  // leaves buffered words behind

    const std::string child = in_child([&source] {
        std::uint32_t word = 0;
        const bool served_inherited = ulid::detail::test_access::try_read_be32(source, word);
        std::array<std::uint8_t, 4> fresh{};
        const bool rekeyed = !source.read(fresh.data(), fresh.size());
        const bool served_after = ulid::detail::test_access::try_read_be32(source, word);
        return std::string(served_inherited ? "inherited" : "declined") + (rekeyed && served_after ? " ok" : " bad");
    });
    REQUIRE(child == "declined ok");
    std::uint32_t word = 0;
    REQUIRE(ulid::detail::test_access::try_read_be32(source, word));  // the parent's buffer is untouched
}

TEST_CASE("after fork, make() in the child does not repeat the parent's entropy", "[secure][fork]") {
    (void)ulid::make();  // the default source now holds state and buffered keystream
    const auto draw = [] {
        std::string text;
        for (int i = 0; i < 4; ++i) text += ulid::make().to_string();
        return text;
    };
    const std::string child = in_child(draw);
    const std::string parent = draw();
    REQUIRE(child.size() == 4 * 26);
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            // Compare the entropy characters only: timestamps may coincide.
            REQUIRE(child.substr(static_cast<std::size_t>(i) * 26 + 10, 16) !=
                    parent.substr(static_cast<std::size_t>(j) * 26 + 10, 16));
        }
    }
}
#endif
