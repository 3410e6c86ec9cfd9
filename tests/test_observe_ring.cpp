// observe() around a ring: four processes whose clocks are offset by
// -200 ms, 0, +100 ms and +250 ms pass an ID from one to the next over pipes
// as fast as they can. Each observes the ID it receives, makes one (make(),
// make_v7(), or the two in turn) and passes that on. With the default
// max_clock_skew() (500 ms, more than the 450 ms between the clocks) every
// observe() must take its ID, every ID made must be greater than the one
// received, and no ID may run more than 2 ms ahead of the fastest clock
// (real time + 250 ms), however many times the floor is passed around.
#include "catch.hpp"
#include "support.hpp"

#if !defined(_WIN32)

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using namespace std::chrono_literals;

constexpr std::size_t nodes = 4;
constexpr std::array<std::chrono::milliseconds, nodes> offsets{-200ms, 0ms, 100ms, 250ms};
constexpr std::chrono::milliseconds fastest = 250ms;

/// What makes the ID passed on: make(), make_v7(), or make() and make_v7()
/// on alternate hand-offs.
enum class mode : std::uint8_t { make = 1, make_v7 = 2, alternate = 3 };

const char* name(mode m) {
    switch (m) {
        case mode::make:
            return "make()";
        case mode::make_v7:
            return "make_v7()";
        case mode::alternate:
            return "make() and make_v7() in turn";
    }
    return "?";
}

/// One hand-off: its number, whether the ring is to stop, the ID.
struct message {
    std::uint64_t hop = 0;
    std::uint64_t stop = 0;
    std::array<std::uint8_t, 16> id{};
};

/// What a node saw, sent to the parent when it stops.
struct node_report {
    std::uint64_t received = 0;
    std::uint64_t refusals = 0;
    std::uint64_t out_of_order = 0;
    std::uint64_t not_uuidv7 = 0;
    std::int64_t max_lead_us = INT64_MIN;  // of an ID's millisecond over real time + 250 ms
    std::uint64_t hops = 0;                // the last hop number seen
    std::uint64_t failure = 0;             // nonzero: the node could not go on (a pipe broke)
};

std::int64_t real_now_us() {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

/// Whether hand-off `hop` makes a UUIDv7. In turn: every other hop, and
/// every node in turn too (the parity shifts each round of the four), so that
/// each clock, the fastest included, makes both kinds.
bool expects_uuidv7(mode m, std::uint64_t hop) {
    return m == mode::make_v7 || (m == mode::alternate && (hop + hop / nodes) % 2 == 1);
}

ulid::ulid make_for(mode m, std::uint64_t hop) { return expects_uuidv7(m, hop) ? ulid::make_v7() : ulid::make(); }

/// A node of the ring: reads from `in`, writes to `out`, reports to `report`.
/// Node 0 starts the ring and stops it after `hand_offs` hops or `budget`.
[[noreturn]] void run_node(std::size_t index, int in, int out, int report, mode m, std::uint64_t hand_offs,
                           std::chrono::milliseconds budget) {
    std::signal(SIGPIPE, SIG_IGN);  // the ring's last write may find its reader gone
    ulid::detail::clock_step_for_testing.store(
        std::chrono::duration_cast<std::chrono::nanoseconds>(offsets[index]).count());
    node_report r;
    const auto started = std::chrono::steady_clock::now();
    if (index == 0) {
        message first;
        const ulid::ulid id = make_for(m, 0);
        std::copy(id.bytes().begin(), id.bytes().end(), first.id.begin());
        if (!test::write_exact(out, &first, sizeof first)) r.failure = 1;
    }
    message msg;
    while (r.failure == 0) {
        if (!test::read_exact(in, &msg, sizeof msg)) {
            r.failure = 2;
            break;
        }
        if (msg.stop != 0) {
            (void)test::write_exact(out, &msg, sizeof msg);
            break;
        }
        ++r.received;
        r.hops = msg.hop;
        if (index == 0 && (msg.hop >= hand_offs || std::chrono::steady_clock::now() - started > budget)) {
            msg.stop = 1;
            if (!test::write_exact(out, &msg, sizeof msg)) r.failure = 3;
            // Waits for the stop to come round, so that every node has stopped.
            if (r.failure == 0 && !test::read_exact(in, &msg, sizeof msg)) r.failure = 4;
            break;
        }
        const ulid::ulid x = ulid::ulid::from_bytes(msg.id);
        if (ulid::observe(x).ec) ++r.refusals;
        const std::uint64_t hop = msg.hop + 1;
        const ulid::ulid y = make_for(m, hop);
        const std::int64_t fastest_us = real_now_us() + std::chrono::microseconds(fastest).count();
        r.max_lead_us = std::max(r.max_lead_us, static_cast<std::int64_t>(y.time()) * 1000 - fastest_us);
        if (!(x < y)) ++r.out_of_order;
        if (expects_uuidv7(m, hop) && !y.is_uuidv7()) ++r.not_uuidv7;
        msg.hop = hop;
        std::copy(y.bytes().begin(), y.bytes().end(), msg.id.begin());
        if (!test::write_exact(out, &msg, sizeof msg)) r.failure = 5;
    }
    (void)test::write_exact(report, &r, sizeof r);
    test::flush_coverage();
    ::_exit(0);
}

/// The ring's totals for one mode.
struct ring_result {
    std::string failure;  // empty when every node reported
    std::uint64_t hand_offs = 0;
    std::uint64_t refusals = 0;
    std::uint64_t out_of_order = 0;
    std::uint64_t not_uuidv7 = 0;
    std::int64_t max_lead_us = INT64_MIN;
    std::array<std::int64_t, nodes> node_lead_us{};
    std::chrono::milliseconds took{0};
};

ring_result run_ring(mode m, std::uint64_t hand_offs, std::chrono::milliseconds budget, std::chrono::seconds limit) {
    ring_result result;
    const auto started = std::chrono::steady_clock::now();
    std::array<std::array<int, 2>, nodes> ring{};     // ring[i]: node i reads [0], node i - 1 writes [1]
    std::array<std::array<int, 2>, nodes> reports{};  // node i writes [1], the parent reads [0]
    for (std::size_t i = 0; i < nodes; ++i) {
        if (::pipe(ring[i].data()) != 0 || ::pipe(reports[i].data()) != 0) {
            result.failure = "pipe() failed";
            return result;
        }
    }
    std::array<pid_t, nodes> pids{};
    pids.fill(-1);
    for (std::size_t i = 0; i < nodes; ++i) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            const std::size_t next = (i + 1) % nodes;
            for (std::size_t j = 0; j < nodes; ++j) {
                if (j != i) ::close(ring[j][0]);
                if (j != next) ::close(ring[j][1]);
                ::close(reports[j][0]);
                if (j != i) ::close(reports[j][1]);
            }
            run_node(i, ring[i][0], ring[next][1], reports[i][1], m, hand_offs, budget);
        }
        pids[i] = pid;
        if (pid < 0) result.failure = "fork() failed";
    }
    for (std::size_t i = 0; i < nodes; ++i) {
        ::close(ring[i][0]);
        ::close(ring[i][1]);
        ::close(reports[i][1]);
    }
    // Each node's report, or the deadline: then every node is killed.
    const auto deadline = std::chrono::steady_clock::now() + limit;
    std::array<node_report, nodes> got{};
    std::array<bool, nodes> have{};
    while (result.failure.empty() && std::count(have.begin(), have.end(), true) < static_cast<std::ptrdiff_t>(nodes)) {
        if (std::chrono::steady_clock::now() > deadline) {
            result.failure = "the ring did not finish within " + std::to_string(limit.count()) + " s";
            break;
        }
        std::array<pollfd, nodes> fds{};
        for (std::size_t i = 0; i < nodes; ++i) fds[i] = {have[i] ? -1 : reports[i][0], POLLIN, 0};
        if (::poll(fds.data(), fds.size(), 10) < 0 && errno != EINTR) {
            result.failure = "poll() failed";
            break;
        }
        for (std::size_t i = 0; i < nodes; ++i) {
            if (have[i] || fds[i].revents == 0) continue;
            if (!test::read_exact(reports[i][0], &got[i], sizeof got[i])) {
                result.failure = "node " + std::to_string(i) + " died before it reported";
                break;
            }
            have[i] = true;
        }
    }
    for (std::size_t i = 0; i < nodes; ++i) {
        if (!result.failure.empty() && pids[i] > 0) ::kill(pids[i], SIGKILL);
    }
    for (std::size_t i = 0; i < nodes; ++i) {
        ::close(reports[i][0]);
        int status = 0;
        if (pids[i] > 0 && ::waitpid(pids[i], &status, 0) == pids[i] && result.failure.empty() &&
            !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            result.failure = "node " + std::to_string(i) + " did not exit cleanly";
        }
    }
    for (std::size_t i = 0; i < nodes && result.failure.empty(); ++i) {
        const node_report& r = got[i];
        if (r.failure != 0)
            result.failure = "node " + std::to_string(i) + " failed at step " + std::to_string(r.failure);
        result.refusals += r.refusals;
        result.out_of_order += r.out_of_order;
        result.not_uuidv7 += r.not_uuidv7;
        if (i == 0) result.hand_offs = r.hops;
        if (r.received != 0) result.max_lead_us = std::max(result.max_lead_us, r.max_lead_us);
        result.node_lead_us[i] = r.max_lead_us;
    }
    result.took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    return result;
}

}  // namespace

TEST_CASE(
    "a ring of four processes with clocks 450 ms apart: every observe() takes its ID, every ID is above "
    "the one received, none more than 2 ms ahead of the fastest clock",
    "[observe][fork]") {
    const std::uint64_t hand_offs = test::env_count("ULID_RING_HAND_OFFS", 10000);
    REQUIRE(ulid::max_clock_skew() == ulid::default_max_clock_skew);
    for (const mode m : {mode::make, mode::make_v7, mode::alternate}) {
        INFO("mode " << static_cast<int>(m) << ": " << name(m));
        const ring_result r = run_ring(m, hand_offs, 1000ms, 20s);
        REQUIRE(r.failure.empty());
        std::printf(
            "observe ring, mode %d (%s): %llu hand-offs in %lld ms, %llu refused, %llu out of order, "
            "%llu not UUIDv7, largest lead over real time + 250 ms: %.3f ms\n",
            static_cast<int>(m), name(m), static_cast<unsigned long long>(r.hand_offs),
            static_cast<long long>(r.took.count()), static_cast<unsigned long long>(r.refusals),
            static_cast<unsigned long long>(r.out_of_order), static_cast<unsigned long long>(r.not_uuidv7),
            static_cast<double>(r.max_lead_us) / 1000.0);
        std::printf("  largest lead of each node's IDs (clocks -200, 0, +100, +250 ms): %.3f, %.3f, %.3f, %.3f ms\n",
                    static_cast<double>(r.node_lead_us[0]) / 1000.0, static_cast<double>(r.node_lead_us[1]) / 1000.0,
                    static_cast<double>(r.node_lead_us[2]) / 1000.0, static_cast<double>(r.node_lead_us[3]) / 1000.0);
        CHECK(r.hand_offs >= 1000);
        CHECK(r.refusals == 0);
        CHECK(r.out_of_order == 0);
        CHECK(r.not_uuidv7 == 0);
        CHECK(r.max_lead_us <= 2000);
    }
}

#endif
