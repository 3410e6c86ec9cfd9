// Generation from many threads at once: make(), make_batch() and
// make_thread_local(), and one shared locked source: no duplicates, each
// thread strictly increasing, every timestamp inside the wall-clock window of
// the run, and ordered across threads whenever one call finishes before
// another starts; and the shared generator's lock, at the end.
//
// The [stress] cases are their own ctest entry (ulid_tests_stress).
// ULID_STRESS_PER_THREAD sets their calls per thread (default 100000, 20000
// under ThreadSanitizer, so CI takes seconds); ULID_STRESS_PER_THREAD=1000000
// is the full 8 x 1 million run of issue 6.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
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

namespace {

constexpr std::size_t stress_threads = 8;

#if defined(__SANITIZE_THREAD__)
#define ULID_TEST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define ULID_TEST_TSAN 1
#endif
#endif

#if defined(ULID_TEST_TSAN)
// ThreadSanitizer makes each call many times slower; races show up in the
// interleavings, which a smaller count still has plenty of.
constexpr std::size_t default_per_thread = 20000;
#else
constexpr std::size_t default_per_thread = 100000;
#endif

std::size_t per_thread() { return test::env_count("ULID_STRESS_PER_THREAD", default_per_thread); }

/// Where the threads' IDs come from: one monotonic source behind the shared
/// lock, or a source of each thread's own.
enum class sources { one_shared, one_per_thread };

/// Whether `b`'s entropy is `a`'s plus 1 to `bound`, as 80-bit numbers: the
/// step one monotonic source takes within a millisecond.
bool one_step_apart(const ulid::ulid& a, const ulid::ulid& b, std::uint64_t bound) {
    const test::uint80 x = test::uint80::of(a.entropy());
    const test::uint80 y = test::uint80::of(b.entropy());
    const bool carry = y.low < x.low;
    if (y.high != x.high + (carry ? 1U : 0U)) return false;
    const std::uint64_t step = y.low - x.low;  // modulo 2^64, so right across the carry
    return step >= 1 && step <= bound;
}

/// Runs `produce(ids, count)` on each of thread_count threads, started
/// together, to append `count` IDs to that thread's `ids`, and checks the
/// whole output. With one shared source, the IDs of all threads in one
/// millisecond are one monotonic sequence: sorted, each is the one before
/// plus a step of the source's increment (a lock that let two threads
/// interleave their updates would leave a torn or repeated step).
template <class Produce>
void stress_with(Produce produce, sources from, std::size_t count, std::size_t thread_count = stress_threads) {
    REQUIRE(count > 0);
    std::vector<std::vector<ulid::ulid>> made(thread_count);
    for (auto& ids : made) ids.reserve(count);
    std::atomic<std::size_t> ready{0};
    std::atomic<bool> go{false};

    const std::uint64_t window_start = ulid::now();
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < thread_count; ++t) {
        threads.emplace_back([&, t] {
            ready.fetch_add(1);
            while (!go.load()) std::this_thread::yield();
            produce(made[t], count);
        });
    }
    while (ready.load() != thread_count) std::this_thread::yield();
    go.store(true);
    for (auto& th : threads) th.join();
    const std::uint64_t window_end = ulid::now();
    INFO("window " << window_start << " .. " << window_end << " ms, " << count << " per thread");

    std::size_t out_of_order = 0;
    std::size_t out_of_window = 0;
    std::vector<ulid::ulid> all;
    all.reserve(thread_count * count);
    for (const auto& ids : made) {
        REQUIRE(ids.size() == count);
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (i > 0 && !(ids[i - 1] < ids[i])) ++out_of_order;
            if (ids[i].time() < window_start || ids[i].time() > window_end) ++out_of_window;
        }
        all.insert(all.end(), ids.begin(), ids.end());
    }
    REQUIRE(out_of_order == 0);
    REQUIRE(out_of_window == 0);
    std::sort(all.begin(), all.end());
    const auto duplicate = std::adjacent_find(all.begin(), all.end());
    if (duplicate != all.end()) FAIL("duplicate ULID " << duplicate->to_string());
    if (from == sources::one_shared) {
        constexpr std::uint64_t increment = ulid::monotonic_entropy<ulid::secure_entropy>::default_increment;
        std::size_t same_ms = 0;
        std::size_t off_step = 0;
        for (std::size_t i = 1; i < all.size(); ++i) {
            if (all[i - 1].time() != all[i].time()) continue;
            ++same_ms;
            if (!one_step_apart(all[i - 1], all[i], increment)) ++off_step;
        }
        INFO(same_ms << " neighbours in a millisecond");
        REQUIRE(off_step == 0);
        REQUIRE(same_ms > 0);  // at least one millisecond held two IDs, so the step was checked
    }
}

/// stress_with() for a callable making one ID a call.
template <class MakeOne>
void stress(MakeOne make_one, sources from, std::size_t count, std::size_t thread_count = stress_threads) {
    stress_with(
        [&make_one](std::vector<ulid::ulid>& ids, std::size_t n) {
            for (std::size_t i = 0; i < n; ++i) ids.push_back(make_one());
        },
        from, count, thread_count);
}

}  // namespace

TEST_CASE("stress: 8 threads of make() through the default entropy", "[stress][concurrency]") {
    stress([] { return ulid::make(); }, sources::one_shared, per_thread());
}

TEST_CASE("stress: 8 threads of make_batch() through the default entropy, batches of 1 to 64",
          "[stress][concurrency]") {
    stress_with(
        [](std::vector<ulid::ulid>& ids, std::size_t n) {
            ids.resize(n);
            std::size_t size = 1;
            for (std::size_t i = 0; i < n; i += size) {
                size = std::min<std::size_t>(n - i, 1 + (i * 7) % 64);
                ulid::make_batch(ids.data() + i, size);
            }
        },
        sources::one_shared, per_thread());
}

TEST_CASE("stress: 8 threads of make_thread_local()", "[stress][concurrency]") {
    stress([] { return ulid::make_thread_local(); }, sources::one_per_thread, per_thread());
}

TEST_CASE("stress: 8 threads of make()'s path through one locked source with a custom reader",
          "[stress][concurrency]") {
    using source_type = ulid::locked_monotonic_entropy<ulid::monotonic_entropy<test::splitmix_reader>>;
    source_type shared(std::in_place, test::splitmix_reader(20261202), std::uint64_t{0});
    stress([&shared] { return ulid::detail::next_or_abort(shared, ulid::now()); }, sources::one_shared, per_thread());
}

TEST_CASE("stress: 8 threads through one locked source whose increments exhaust milliseconds",
          "[stress][concurrency]") {
    // A source stuck on 0xFF seeds every millisecond at the top of the
    // entropy, so the second call in a millisecond exhausts it and next()
    // moves on to the next millisecond: the clock-ahead path, under
    // contention. The IDs then run ahead of the clock, so only order and
    // uniqueness are checked here, not the window.
    using all_ones = ulid::monotonic_entropy<test::constant_reader>;
    ulid::locked_monotonic_entropy<all_ones> shared(std::in_place, test::constant_reader{0xFF}, std::uint64_t{1});
    const std::size_t count = std::min<std::size_t>(per_thread(), 20000);
    std::vector<std::vector<ulid::ulid>> made(stress_threads);
    std::vector<std::thread> threads;
    const std::uint64_t window_start = ulid::now();
    for (std::size_t t = 0; t < stress_threads; ++t) {
        threads.emplace_back([&, t] {
            for (std::size_t i = 0; i < count; ++i) made[t].push_back(ulid::detail::next_or_abort(shared, ulid::now()));
        });
    }
    for (auto& th : threads) th.join();
    const std::uint64_t window_end = ulid::now();
    const test::merged_ids merged = test::merge_threads(made);
    const std::vector<ulid::ulid>& all = merged.sorted;
    REQUIRE(merged.out_of_order == 0);
    REQUIRE(std::adjacent_find(all.begin(), all.end()) == all.end());
    // Every ID holds the all-ones entropy: each millisecond was used once.
    const auto not_all_ones = std::count_if(all.begin(), all.end(), [](const ulid::ulid& id) {
        return id.low() != ~std::uint64_t{0} || (id.high() & 0xFFFFU) != 0xFFFFU;
    });
    REQUIRE(not_all_ones == 0);
    // Each ID is at its call's clock reading or one millisecond past the ID before, whichever is later: the run
    // starts inside the window and runs ahead by one millisecond an ID at most, never skipping one.
    INFO("window " << window_start << " .. " << window_end << " ms; IDs " << all.front().time() << " .. "
                   << all.back().time() << " ms");
    REQUIRE(all.front().time() >= window_start);
    REQUIRE(all.back().time() - all.front().time() <= (all.size() - 1) + (window_end - window_start));
}

TEST_CASE("make() from many threads gives unique IDs, increasing within each thread", "[concurrency]") {
    stress([] { return ulid::make(); }, sources::one_shared, 50000);
}

TEST_CASE("a make() that starts after another finished returns a larger ID, on any thread", "[concurrency]") {
    std::mutex mutex;
    ulid::ulid largest_finished;
    std::atomic<int> violations{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 20000; ++i) {
                ulid::ulid bound;
                {
                    const std::lock_guard<std::mutex> lock(mutex);
                    bound = largest_finished;
                }
                // `bound` came from a make() that returned before this one starts.
                const ulid::ulid id = ulid::make();
                const std::lock_guard<std::mutex> lock(mutex);
                if (!(bound < id)) violations.fetch_add(1);
                if (largest_finished < id) largest_finished = id;
            }
        });
    }
    for (auto& th : threads) th.join();
    REQUIRE(violations.load() == 0);
}

TEST_CASE("make_thread_local increases within each thread and is unique across threads",
          "[concurrency][thread_local]") {
    stress([] { return ulid::make_thread_local(); }, sources::one_per_thread, 50000, 4);
    // Each thread has its own source.
    ulid::monotonic_entropy<ulid::secure_entropy>* mine = &ulid::thread_local_entropy();
    ulid::monotonic_entropy<ulid::secure_entropy>* other = nullptr;
    std::thread([&other] { other = &ulid::thread_local_entropy(); }).join();
    REQUIRE(mine != other);
    REQUIRE(mine == &ulid::thread_local_entropy());
}

// The shared generator's lock: a waiter sleeps in the kernel instead of
// starving a preempted holder, and a batch holds the lock one chunk at a time.

#if defined(__linux__)
TEST_CASE("a higher-priority waiter sleeps, so a preempted lower-priority holder finishes",
          "[lock][posix][skippable][sched_fifo]") {
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
        ulid::detail::fork_safe_mutex m;
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
    if (child.output.rfind("skip: ", 0) == 0) ULID_TEST_SKIP(child.output.substr(6) << " (needs root or CAP_SYS_NICE)");
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
    ulid::detail::fork_safe_mutex m;
    long counter = 0;
    std::vector<std::thread> pool;
    for (int t = 0; t < 4; ++t) {
        pool.emplace_back([&] {
            for (int i = 0; i < 100000; ++i) {
                const std::lock_guard<ulid::detail::fork_safe_mutex> lock(m);
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
