// Faults below the library, in child processes: fork() under a monotonic
// source, and, on Linux, an operating system whose randomness calls fail,
// injected with a seccomp filter (getrandom missing as on kernels before
// 3.17, /dev/urandom that cannot be opened, or that fails to read).
#include "catch.hpp"
#include "reliability.hpp"

#include <array>
#include <string>

#if defined(__linux__) && defined(__has_include)
#if __has_include(<linux/seccomp.h>) && __has_include(<linux/filter.h>) && __has_include(<sys/prctl.h>)
#define ULID_TEST_SECCOMP 1
#include <cerrno>
#include <cstddef>
#include <vector>

#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif
#endif

#if !defined(_WIN32)

TEST_CASE("after fork() a monotonic source reseeds in the child instead of incrementing", "[faults][fork]") {
    // Same stream in parent and child: without the fork check the child's
    // next ID would be the parent's last plus an increment, which the
    // parent also produces: a duplicate across processes. Both paths:
    // next() and read_monotonic() (through generate()).
    ulid::monotonic_entropy<rel::faulty_reader> m(rel::faulty_reader(11, 0, rel::fault::error_code), 1);
    ulid::monotonic_entropy<rel::faulty_reader> r(rel::faulty_reader(12, 0, rel::fault::error_code), 1);
    ulid::ulid first;
    ulid::ulid first_r;
    REQUIRE_FALSE(m.next(500, first));
    REQUIRE_FALSE(ulid::generate(500, r, first_r));
    const std::uint64_t position = m.source().position();
    const std::uint64_t position_r = r.source().position();
    const rel::child_result child = rel::run_in_child([&]() -> std::string {
        // Ten fresh bytes from where the parent's stream stood: a reseed.
        const auto fresh_at = [](std::uint64_t seed, std::uint64_t at) {
            rel::faulty_reader twin(seed, 0, rel::fault::error_code);
            twin.seek(at);
            std::array<std::uint8_t, 10> fresh{};
            (void)twin.read(fresh.data(), fresh.size());
            return fresh;
        };
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

#endif

#if defined(ULID_TEST_SECCOMP)

namespace {

struct os_faults {
    bool no_getrandom = false;      // getrandom -> ENOSYS (kernel before 3.17)
    bool getrandom_denied = false;  // getrandom -> EPERM (a sandbox's seccomp filter)
    bool no_urandom = false;        // read-only open/openat -> EACCES
    bool failing_read = false;      // read on the descriptor the next open gets -> EIO
    int failing_read_fd = -1;       // that descriptor, found in the child
};

/// The offset of the low 32 bits of system call argument `i` in seccomp_data.
std::uint32_t arg_low_word(std::size_t i) {
    const std::size_t offset = offsetof(seccomp_data, args) + i * sizeof(std::uint64_t);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return static_cast<std::uint32_t>(offset + 4);
#else
    return static_cast<std::uint32_t>(offset);
#endif
}

/// Installs a seccomp filter in the calling (child) process; false when the
/// kernel refuses it.
bool install(const os_faults& f) {
    std::vector<sock_filter> program;
    const auto load_nr = [&] { program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr))); };
    const auto fail_if = [&](long nr, int error) {
        load_nr();
        program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(nr), 0, 1));
        program.push_back(
            BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (static_cast<std::uint32_t>(error) & SECCOMP_RET_DATA)));
    };
    if (f.no_getrandom) fail_if(SYS_getrandom, ENOSYS);
    if (f.getrandom_denied) fail_if(SYS_getrandom, EPERM);
    if (f.no_urandom) {
        // Read-only opens only (as of /dev/urandom): a --coverage build
        // still writes its counters, which it opens read-write.
        const auto fail_read_only_open = [&](long nr, std::uint32_t flags_arg) {
            load_nr();
            program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(nr), 0, 4));
            program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, flags_arg));
            program.push_back(BPF_STMT(BPF_ALU | BPF_AND | BPF_K, static_cast<std::uint32_t>(O_ACCMODE)));
            program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(O_RDONLY), 0, 1));
            program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | static_cast<std::uint32_t>(EACCES)));
        };
        fail_read_only_open(SYS_openat, arg_low_word(2));
#if defined(SYS_open)
        fail_read_only_open(SYS_open, arg_low_word(1));
#endif
    }
    if (f.failing_read_fd >= 0) {
        const std::uint32_t low_word = arg_low_word(0);
        load_nr();
        program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(SYS_read), 0, 3));
        program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, low_word));
        program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(f.failing_read_fd), 0, 1));
        program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | static_cast<std::uint32_t>(EIO)));
    }
    program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    sock_fprog prog{};
    prog.len = static_cast<unsigned short>(program.size());
    prog.filter = program.data();
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
    return ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0;
}

/// The descriptor the next open() will get.
int next_descriptor() {
    const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) ::close(fd);
    return fd;
}

template <class Body>
rel::child_result with_faults(const os_faults& f, Body body) {
    return rel::run_in_child([&]() -> std::string {
        os_faults faults = f;
        if (faults.failing_read) faults.failing_read_fd = next_descriptor();
        if (!install(faults)) return "cannot install the seccomp filter";
        std::string failure = body();
        // Keep the failing descriptor number taken, so that a --coverage
        // build's counter dump, which follows, reads its files elsewhere.
        if (faults.failing_read_fd >= 0) (void)::open("/dev/null", O_WRONLY | O_CLOEXEC);
        return failure;
    });
}

}  // namespace

TEST_CASE("without getrandom (ENOSYS) or with getrandom denied (EPERM) the OS source falls back to /dev/urandom",
          "[faults][os][seccomp]") {
    os_faults f;
    SECTION("ENOSYS, as on kernels before 3.17") { f.no_getrandom = true; }
    SECTION("EPERM, as under older Docker and systemd seccomp profiles") { f.getrandom_denied = true; }
    const rel::child_result child = with_faults(f, []() -> std::string {
        std::array<std::uint8_t, 64> a{};
        std::array<std::uint8_t, 64> b{};
        ulid::os_entropy os;
        if (os.read(a.data(), a.size()) || os.read(b.data(), b.size())) return "os_entropy failed";
        if (a == b) return "os_entropy repeated itself";
        // secure_entropy keys from the fallback, and make() works.
        const ulid::ulid x = ulid::make();
        const ulid::ulid y = ulid::make();
        if (!(x < y)) return "make() is not increasing";
        return "";
    });
    INFO(child.output);
    REQUIRE(child.exited);
    REQUIRE(child.exit_code == 0);
}

TEST_CASE("with no randomness from the OS every source reports entropy_failure and writes nothing",
          "[faults][os][errors][seccomp]") {
    const auto check = []() -> std::string {
        std::array<std::uint8_t, 16> buffer{};
        buffer.fill(0xEE);
        ulid::os_entropy os;
        if (os.read(buffer.data(), buffer.size()) != ulid::errc::entropy_failure) return "os_entropy did not fail";
        ulid::secure_entropy secure;
        if (secure.read(buffer.data(), buffer.size()) != ulid::errc::entropy_failure)
            return "secure_entropy did not fail";
        for (const std::uint8_t byte : buffer) {
            if (byte != 0xEE) return "a failed read wrote output";
        }
        ulid::monotonic_entropy<ulid::secure_entropy> m{ulid::secure_entropy{}};
        ulid::ulid out = rel::sentinel();
        if (m.next(1, out) != ulid::errc::entropy_failure) return "monotonic next() did not fail";
        if (ulid::generate(1, m, out) != ulid::errc::entropy_failure) return "generate() did not fail";
        if (!(out == rel::sentinel())) return "a failed call wrote its output";
        return "";
    };
    SECTION("getrandom missing and /dev/urandom cannot be opened") {
        os_faults f;
        f.no_getrandom = true;
        f.no_urandom = true;
        const rel::child_result child = with_faults(f, check);
        INFO(child.output);
        REQUIRE(child.exited);
        REQUIRE(child.exit_code == 0);
    }
    SECTION("getrandom missing and /dev/urandom fails to read") {
        os_faults f;
        f.no_getrandom = true;
        f.failing_read = true;  // on the descriptor /dev/urandom will get
        const rel::child_result child = with_faults(f, check);
        INFO(child.output);
        REQUIRE(child.exited);
        REQUIRE(child.exit_code == 0);
    }
    SECTION("getrandom failing with an error other than ENOSYS") {
        // EIO from getrandom is final: no fallback, a clean failure.
        const rel::child_result child = rel::run_in_child([&]() -> std::string {
            std::vector<sock_filter> program = {
                BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
                BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(SYS_getrandom), 0, 1),
                BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | static_cast<std::uint32_t>(EIO)),
                BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
            };
            sock_fprog prog{};
            prog.len = static_cast<unsigned short>(program.size());
            prog.filter = program.data();
            if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
                ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
                return "cannot install the seccomp filter";
            }
            return check();
        });
        INFO(child.output);
        REQUIRE(child.exited);
        REQUIRE(child.exit_code == 0);
    }
}

TEST_CASE("make() aborts with a message when the OS has no randomness at all", "[faults][os][errors][seccomp]") {
    os_faults f;
    f.no_getrandom = true;
    f.no_urandom = true;
    const rel::child_result child = with_faults(f, []() -> std::string {
        (void)ulid::make();
        return "make() returned";
    });
    INFO(child.output);
    REQUIRE(child.signal == SIGABRT);
    REQUIRE(child.output.find("ulid: make(): entropy source failed") != std::string::npos);
}

#endif
