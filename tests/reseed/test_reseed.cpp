// secure_entropy asks the operating system for a new key after
// reseed_bytes of keystream and after reseed_interval, and never on the
// common path. Its own program: it replaces glibc's getrandom() to count the
// calls, which would count every other test's calls too.
#include "catch.hpp"

#include <ulid/ulid.hpp>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {
std::atomic<int> getrandom_calls{0};
}  // namespace

// Found before glibc's definition: the executable's own symbol wins.
extern "C" ssize_t getrandom(void* buffer, std::size_t length, unsigned int flags) {
    getrandom_calls.fetch_add(1, std::memory_order_relaxed);
    return ::syscall(SYS_getrandom, buffer, length, flags);
}

namespace {

using access = ulid::detail::test_access;

/// Reads `n` bytes from `source` in 8-byte pieces, as make() would.
void draw(ulid::secure_entropy& source, std::size_t n) {
    std::array<std::uint8_t, 8> piece{};
    for (std::size_t done = 0; done < n; done += piece.size()) REQUIRE_FALSE(source.read(piece.data(), piece.size()));
}

}  // namespace

TEST_CASE("the getrandom() counter sees the library's calls", "[reseed]") {
    const int before = getrandom_calls.load();
    ulid::os_entropy os;
    std::array<std::uint8_t, 16> bytes{};
    REQUIRE_FALSE(os.read(bytes.data(), bytes.size()));
    REQUIRE(getrandom_calls.load() == before + 1);
}

TEST_CASE("secure_entropy takes a new operating-system key after reseed_bytes of keystream", "[reseed]") {
    ulid::secure_entropy source;
    const int before = getrandom_calls.load();
    draw(source, 8);  // keys it
    REQUIRE(getrandom_calls.load() == before + 1);
    // Up to the bound: fast key erasure alone, no system call.
    constexpr std::size_t per_refill = 512 - 32;
    const std::size_t refills_before_bound = (ulid::secure_entropy::reseed_bytes + 511) / 512;
    draw(source, refills_before_bound * per_refill - 8 - 64);
    REQUIRE(getrandom_calls.load() == before + 1);
    const std::array<std::uint32_t, 8> key_before = access::keystream(source)->key;
    // Across the next refills: exactly one more key from the OS.
    draw(source, 2 * per_refill);
    REQUIRE(getrandom_calls.load() == before + 2);
    REQUIRE(access::keystream(source)->since_os_key <= 2 * 512);
    REQUIRE(access::keystream(source)->key != key_before);
    // And the count starts again: another reseed_bytes before the next.
    draw(source, refills_before_bound * per_refill - 4 * per_refill);
    REQUIRE(getrandom_calls.load() == before + 2);
    draw(source, 4 * per_refill);
    REQUIRE(getrandom_calls.load() == before + 3);
}

TEST_CASE("secure_entropy takes a new operating-system key once reseed_interval has passed, at its next refill",
          "[reseed]") {
    ulid::secure_entropy source;
    draw(source, 8);
    ulid::detail::keystream_state& state = *access::keystream(source);
    const int before = getrandom_calls.load();
    // Within the interval: refills without a system call.
    draw(source, 3 * 512);
    REQUIRE(getrandom_calls.load() == before);
    // As if the key were older than the interval: the next refill reseeds.
    state.os_key_time -= ulid::secure_entropy::reseed_interval.count() + 1;
    const std::int64_t stale = state.os_key_time;
    draw(source, 512);
    REQUIRE(getrandom_calls.load() == before + 1);
    REQUIRE(state.os_key_time > stale);
    draw(source, 3 * 512);
    REQUIRE(getrandom_calls.load() == before + 1);
}

TEST_CASE("make() makes no system call on its common path and reseeds as its keystream runs out", "[reseed]") {
    (void)ulid::make();
    const int before = getrandom_calls.load();
    // About 4 bytes of keystream per make() within a millisecond, 10 on a new
    // one: 20000 calls use well under reseed_bytes.
    for (int i = 0; i < 2000; ++i) (void)ulid::make();
    REQUIRE(getrandom_calls.load() - before <= 1);
    // A million make() calls use several times reseed_bytes.
    std::vector<ulid::ulid> ids(1000000);
    for (ulid::ulid& id : ids) id = ulid::make();
    const int reseeds = getrandom_calls.load() - before;
    CHECK(reseeds >= 4);
    CHECK(reseeds <= 200);
    for (std::size_t i = 1; i < ids.size(); ++i) REQUIRE(ids[i - 1] < ids[i]);
}
