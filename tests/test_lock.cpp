// The shared generator's lock: a waiter sleeps in the kernel instead of
// starving a preempted holder, and a batch holds the lock one chunk at a time.
#include "catch.hpp"
#include "support.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#include <unistd.h>
#endif

#if defined(__linux__)
TEST_CASE("a higher-priority waiter sleeps, so a preempted lower-priority holder finishes", "[lock][posix]") {
    // One CPU, SCHED_FIFO: the holder runs at priority 1, the waiter at 2.
    // A waiter that only spins or yields keeps the CPU forever (a yield
    // gives way to equal priorities only); one that sleeps lets the holder
    // run and unlock. In a child, under an alarm, so a hang fails the test.
    const test::child_result child = test::run_in_child([]() -> std::string {
        ::alarm(20);
        cpu_set_t one{};
        CPU_ZERO(&one);
        CPU_SET(0, &one);
        if (::sched_setaffinity(0, sizeof one, &one) != 0) return "skip: cannot pin to one CPU";
        sched_param low{};
        low.sched_priority = 1;
        if (::pthread_setschedparam(::pthread_self(), SCHED_FIFO, &low) != 0) return "skip: SCHED_FIFO not permitted";
        ulid::detail::fast_mutex m;
        std::atomic<bool> held{false};
        std::thread holder([&] {  // inherits CPU 0 and SCHED_FIFO priority 1
            m.lock();
            held.store(true);
            // Work long enough to be preempted by the waiter.
            const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
            while (std::chrono::steady_clock::now() < until) ::sched_yield();  // lets an equal priority in
            m.unlock();
        });
        while (!held.load()) ::sched_yield();
        sched_param high{};
        high.sched_priority = 2;
        if (::pthread_setschedparam(::pthread_self(), SCHED_FIFO, &high) != 0) return "cannot raise the priority";
        m.lock();  // preempts the holder
        m.unlock();
        holder.join();
        return "";
    });
    if (child.output.rfind("skip:", 0) == 0) {
        WARN(child.output << " (run as root for this test)");
        return;
    }
    INFO(child.output);
    REQUIRE(child.signal == 0);  // SIGALRM: the waiter starved the holder
    REQUIRE(child.exited);
    REQUIRE(child.exit_code == 0);
}
#endif

TEST_CASE("make_batch() holds the shared lock one chunk at a time, so make() gets in between", "[lock]") {
    // A batch far longer than a chunk on one thread; make() in a loop on
    // another. With the lock held for the whole batch, every make() would
    // sort before or after all of it.
    std::vector<ulid::ulid> batch(std::size_t{1} << 21U);
    std::atomic<bool> done{false};
    std::atomic<bool> looping{false};
    std::vector<ulid::ulid> singles;
    singles.reserve(std::size_t{1} << 22U);
    std::thread other([&] {
        while (!done.load(std::memory_order_relaxed)) {
            singles.push_back(ulid::make());
            looping.store(true, std::memory_order_relaxed);
        }
    });
    while (!looping.load()) std::this_thread::yield();
    ulid::make_batch(batch.data(), batch.size());
    done.store(true);
    other.join();
    for (std::size_t i = 1; i < batch.size(); ++i) REQUIRE(batch[i - 1] < batch[i]);
    std::size_t inside = 0;
    for (const ulid::ulid& id : singles) inside += (batch.front() < id && id < batch.back()) ? 1U : 0U;
    INFO(singles.size() << " make() calls during the batch");
    REQUIRE(inside > 0);
}

TEST_CASE("locked_monotonic_entropy::next_n is increasing and complete across its chunks", "[lock]") {
    ulid::locked_monotonic_entropy<ulid::monotonic_entropy<ulid::secure_entropy>> source(
        ulid::monotonic_entropy<ulid::secure_entropy>(ulid::secure_entropy{}));
    constexpr std::size_t chunk = decltype(source)::batch_chunk;
    for (const std::size_t n : {std::size_t{0}, std::size_t{1}, chunk - 1, chunk, chunk + 1, 3 * chunk + 7}) {
        std::vector<ulid::ulid> out(n + 1, test::sentinel());
        const ulid::batch_result r = source.next_n(1000, out.data(), n);
        REQUIRE_FALSE(r.ec);
        REQUIRE(r.count == n);
        for (std::size_t i = 1; i < n; ++i) REQUIRE(out[i - 1] < out[i]);
        REQUIRE(out[n] == test::sentinel());
    }
    // A failure in a later chunk stops there: big_time on every chunk.
    std::vector<ulid::ulid> out(2 * chunk);
    const ulid::batch_result r = source.next_n(ulid::max_time + 1, out.data(), out.size());
    REQUIRE(r.count == 0);
    REQUIRE(r.ec == ulid::errc::big_time);
}

TEST_CASE("the shared generator's lock excludes other threads", "[lock]") {
    ulid::detail::fast_mutex m;
    long counter = 0;
    std::vector<std::thread> pool;
    for (int t = 0; t < 4; ++t) {
        pool.emplace_back([&] {
            for (int i = 0; i < 100000; ++i) {
                const std::lock_guard<ulid::detail::fast_mutex> lock(m);
                ++counter;
            }
        });
    }
    for (auto& th : pool) th.join();
    REQUIRE(counter == 400000);
    REQUIRE(m.try_lock());
    REQUIRE_FALSE(m.try_lock());
    m.unlock();
}
