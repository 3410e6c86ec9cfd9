// An operating system whose randomness calls fail, on Linux: a seccomp
// filter, installed in a child process, makes chosen system calls return an
// error (getrandom missing as on kernels before 3.17, or denied, or failing;
// /dev/urandom that cannot be opened, or that fails to read). Shared by the
// library's fault tests and the SQLite extension's. ULID_TEST_SECCOMP is
// defined where it can be used.
#pragma once

#if defined(__linux__) && defined(__has_include)
#if __has_include(<linux/seccomp.h>) && __has_include(<linux/filter.h>) && __has_include(<sys/prctl.h>)
#define ULID_TEST_SECCOMP 1
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

namespace test {

struct os_faults {
    bool no_getrandom = false;      // getrandom -> ENOSYS (kernel before 3.17)
    bool getrandom_denied = false;  // getrandom -> EPERM (a sandbox's seccomp filter)
    int getrandom_error = 0;        // getrandom -> this errno, when not 0 (EIO: final, no fallback)
    bool no_urandom = false;        // read-only open/openat -> EACCES
    bool failing_read = false;      // read on the descriptor the next open gets -> EIO
    int failing_read_fd = -1;       // that descriptor, found in the child
};

/// The offset of the low 32 bits of system call argument `i` in seccomp_data.
inline std::uint32_t arg_low_word(std::size_t i) {
    const std::size_t offset = offsetof(seccomp_data, args) + i * sizeof(std::uint64_t);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return static_cast<std::uint32_t>(offset + 4);
#else
    return static_cast<std::uint32_t>(offset);
#endif
}

/// Installs a seccomp filter in the calling (child) process; false when the
/// kernel refuses it.
inline bool install(const os_faults& f) {
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
    if (f.getrandom_error != 0) fail_if(SYS_getrandom, f.getrandom_error);
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

}  // namespace test

#endif
#endif
