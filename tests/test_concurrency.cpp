// make() from many threads: unique, ordered per thread, and ordered across
// threads whenever one call finishes before another starts.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

TEST_CASE("make() from many threads gives unique IDs, increasing within each thread", "[concurrency]") {
    constexpr std::size_t thread_count = 8;
    constexpr std::size_t per_thread = 50000;
    std::vector<std::vector<ulid::ulid>> made(thread_count);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < thread_count; ++t) {
        threads.emplace_back([&made, t] {
            made[t].reserve(per_thread);
            for (std::size_t i = 0; i < per_thread; ++i) made[t].push_back(ulid::make());
        });
    }
    for (auto& th : threads) th.join();

    std::vector<ulid::ulid> all;
    for (const auto& ids : made) {
        REQUIRE(std::adjacent_find(ids.begin(), ids.end(),
                                   [](const ulid::ulid& a, const ulid::ulid& b) { return !(a < b); }) == ids.end());
        all.insert(all.end(), ids.begin(), ids.end());
    }
    std::sort(all.begin(), all.end());
    REQUIRE(std::adjacent_find(all.begin(), all.end()) == all.end());
    REQUIRE(all.size() == thread_count * per_thread);
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
