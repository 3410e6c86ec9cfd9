// The error of the generators' clock against CLOCK_REALTIME: each read of
// ulid::detail::clock_ns() is bracketed by two reads of the system clock.
// Prints how many reads fell outside their bracket and by how much, and the
// distance to the bracket's middle for brackets under 100 ns wide (the
// others were interrupted and say nothing about the clock). Between bursts
// of reads it sleeps, so that anchors of every age are sampled.
//
//   build/bench/bench/ulid_clock_error [seconds, default 10] [threads, default 1]
#include <ulid/ulid.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

namespace {

std::uint64_t system_ns() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count());
}

struct tally {
    std::uint64_t reads = 0;
    std::uint64_t counter_reads = 0;  // reads while the counter served this thread
    std::uint64_t outside = 0;
    std::uint64_t worst_outside_ns = 0;
    std::vector<std::uint64_t> from_middle;  // narrow brackets only
};

tally measure(std::uint64_t seconds) {
    tally t;
    const std::uint64_t end = system_ns() + seconds * 1000000000U;
    while (system_ns() < end) {
        for (int i = 0; i < 1000; ++i) {
            const bool counter = ulid::detail::cycle_clock_running();
            const std::uint64_t before = system_ns();
            const std::uint64_t ns = ulid::detail::clock_ns();
            const std::uint64_t after = system_ns();
            ++t.reads;
            t.counter_reads += counter ? 1U : 0U;
            if (ns < before || ns > after) {
                ++t.outside;
                t.worst_outside_ns = std::max(t.worst_outside_ns, ns < before ? before - ns : ns - after);
            }
            if (after - before < 100) {
                const std::uint64_t middle = before + (after - before) / 2;
                t.from_middle.push_back(ns > middle ? ns - middle : middle - ns);
            }
        }
        std::this_thread::sleep_for(std::chrono::microseconds(300));
    }
    return t;
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint64_t seconds = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10;
    const unsigned threads = argc > 2 ? static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10)) : 1U;
    tally all;
    std::mutex m;
    std::vector<std::thread> team;
    for (unsigned i = 0; i < std::max(threads, 1U); ++i) {
        team.emplace_back([&] {
            tally t = measure(seconds);
            const std::lock_guard<std::mutex> lock(m);
            all.reads += t.reads;
            all.counter_reads += t.counter_reads;
            all.outside += t.outside;
            all.worst_outside_ns = std::max(all.worst_outside_ns, t.worst_outside_ns);
            all.from_middle.insert(all.from_middle.end(), t.from_middle.begin(), t.from_middle.end());
        });
    }
    for (auto& th : team) th.join();
    std::sort(all.from_middle.begin(), all.from_middle.end());
    const auto quantile = [&](double q) {
        if (all.from_middle.empty()) return std::uint64_t{0};
        return all.from_middle[static_cast<std::size_t>(q * static_cast<double>(all.from_middle.size() - 1))];
    };
    std::printf("%llu reads in %llu s on %u thread(s), %.1f %% from the counter\n",
                static_cast<unsigned long long>(all.reads), static_cast<unsigned long long>(seconds), threads,
                all.reads == 0 ? 0.0 : 100.0 * static_cast<double>(all.counter_reads) / static_cast<double>(all.reads));
    std::printf("outside [system clock before, after]: %llu reads, at most %llu ns\n",
                static_cast<unsigned long long>(all.outside), static_cast<unsigned long long>(all.worst_outside_ns));
    std::printf("|clock - middle| over %zu brackets < 100 ns wide: median %llu, p99 %llu, p99.9 %llu, max %llu ns\n",
                all.from_middle.size(), static_cast<unsigned long long>(quantile(0.5)),
                static_cast<unsigned long long>(quantile(0.99)), static_cast<unsigned long long>(quantile(0.999)),
                static_cast<unsigned long long>(quantile(1.0)));
#if ULID_CYCLE_CLOCK
    std::printf("slow path: %llu kernel samples, %llu slopes measured, %llu anchors found off\n",
                static_cast<unsigned long long>(ulid::detail::cycle_counts.samples.load()),
                static_cast<unsigned long long>(ulid::detail::cycle_counts.slopes.load()),
                static_cast<unsigned long long>(ulid::detail::cycle_counts.resets.load()));
#endif
    return 0;
}
