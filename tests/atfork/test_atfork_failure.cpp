// When the fork handlers cannot be registered, a fork() could not be
// detected, so every generator refuses to run rather than risk a child
// repeating its parent's IDs. Its own program: it replaces pthread_atfork()
// for the whole process, and the library registers its handlers once.
#include "catch.hpp"
#include "support.hpp"

#include <ulid/ulid.hpp>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <string>

namespace {
std::atomic<int> atfork_calls{0};
}  // namespace

// Found before glibc's (which is linked from libc_nonshared.a only when the
// program lacks one): registration fails as it does when memory runs out.
extern "C" int pthread_atfork(void (*)(), void (*)(), void (*)()) {
    atfork_calls.fetch_add(1, std::memory_order_relaxed);
    return ENOMEM;
}

TEST_CASE("secure_entropy refuses to serve bytes without fork detection", "[atfork]") {
    ulid::secure_entropy source;
    std::array<std::uint8_t, 16> bytes{};
    REQUIRE(source.read(bytes.data(), bytes.size()) == ulid::errc::entropy_failure);
    REQUIRE(atfork_calls.load() >= 1);
}

TEST_CASE("a monotonic source refuses to seed without fork detection, changing nothing", "[atfork]") {
    ulid::monotonic_entropy<ulid::os_entropy> m{ulid::os_entropy{}};
    ulid::ulid id = test::sentinel();
    REQUIRE(m.next(500, id) == ulid::errc::entropy_failure);
    REQUIRE(ulid::generate(500, m, id) == ulid::errc::entropy_failure);
    REQUIRE(id == test::sentinel());
}

TEST_CASE("make() aborts with its message without fork detection", "[atfork]") {
    const test::child_result child = test::run_in_child([]() -> std::string {
        (void)ulid::make();
        return "make() returned";
    });
    INFO(child.output);
    REQUIRE(child.signal == SIGABRT);
    REQUIRE(child.output.find("ulid: make(): entropy source failed") != std::string::npos);
}
