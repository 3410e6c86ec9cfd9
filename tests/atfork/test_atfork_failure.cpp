// When a fork() could go unseen (the kernel does not wipe the library's
// pages in a child and the atfork handler cannot be registered), every
// generator refuses to run rather than risk a child repeating its parent's
// IDs; where the kernel wipes, no handler is needed. Its own program: it
// replaces pthread_atfork() and madvise() for the whole process. Each case
// runs in a child that sets the library up afresh.
#include "catch.hpp"
#include "support.hpp"

#include <ulid/ulid.hpp>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <string>

#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {
std::atomic<int> atfork_calls{0};
std::atomic<bool> kernel_without_wipe{false};
}  // namespace

// Found before glibc's (which is linked from libc_nonshared.a only when the
// program lacks one): registration fails as it does when memory runs out.
extern "C" int pthread_atfork(void (*)(), void (*)(), void (*)()) {
    atfork_calls.fetch_add(1, std::memory_order_relaxed);
    return ENOMEM;
}

// A kernel older than Linux 4.14 rejects MADV_WIPEONFORK with EINVAL.
extern "C" int madvise(void* address, std::size_t length, int advice) {
    if (advice == MADV_WIPEONFORK && kernel_without_wipe.load()) {
        errno = EINVAL;
        return -1;
    }
    return static_cast<int>(::syscall(SYS_madvise, address, length, advice));
}

TEST_CASE("without a kernel wipe or fork handlers, the generators refuse to run", "[atfork][fork]") {
    const test::child_result child = test::run_in_child([]() -> std::string {
        kernel_without_wipe.store(true);
        ulid::secure_entropy source;
        std::array<std::uint8_t, 16> bytes{};
        if (source.read(bytes.data(), bytes.size()) != ulid::errc::entropy_failure)
            return "secure_entropy served bytes";
        if (atfork_calls.load() < 1) return "no registration was tried";
        ulid::monotonic_entropy<ulid::os_entropy> m{ulid::os_entropy{}};
        ulid::ulid id = test::sentinel();
        if (m.next(500, id) != ulid::errc::entropy_failure) return "next() seeded";
        if (ulid::generate(500, m, id) != ulid::errc::entropy_failure) return "read_monotonic() seeded";
        if (!(id == test::sentinel())) return "a refused call wrote its output";
        return "";
    });
    INFO(child.output);
    REQUIRE(child.exited);
    REQUIRE(child.exit_code == 0);
}

TEST_CASE("without a kernel wipe or fork handlers, make() aborts with its message", "[atfork][fork]") {
    const test::child_result child = test::run_in_child([]() -> std::string {
        kernel_without_wipe.store(true);
        (void)ulid::make();
        return "make() returned";
    });
    INFO(child.output);
    REQUIRE(child.signal == SIGABRT);
    REQUIRE(child.output.find("ulid: make(): no fork detection") != std::string::npos);
}

TEST_CASE("where the kernel wipes a child's pages, the generators need no fork handler", "[atfork][fork][wipeonfork]") {
    const test::child_result child = test::run_in_child([]() -> std::string {
        ulid::secure_entropy source;
        std::array<std::uint8_t, 16> bytes{};
        if (source.read(bytes.data(), bytes.size())) return "secure_entropy failed";
        if (!ulid::detail::kernel_wipes_on_fork.load()) return "this kernel does not wipe (MADV_WIPEONFORK)";
        if (atfork_calls.load() < 1) return "no registration was tried";
        const ulid::ulid a = ulid::make();
        const ulid::ulid b = ulid::make();
        return a < b ? "" : "make() is out of order";
    });
    INFO(child.output);
    REQUIRE(child.exited);
    REQUIRE(child.exit_code == 0);
}
