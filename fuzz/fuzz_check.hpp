// A check that stays on in every build type and tells libFuzzer about it: the
// harnesses abort, so the input is saved as a crash reproducer.
#pragma once

#include <ulid/ulid.hpp>

#include <cstdio>
#include <cstdlib>

#define ULID_FUZZ_CHECK(condition)                                                             \
    do {                                                                                       \
        if (!(condition)) {                                                                    \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
            std::abort();                                                                      \
        }                                                                                      \
    } while (false)

namespace fuzz {

/// A ULID that no harness input can turn into by accident of an error path.
inline ulid::ulid sentinel() noexcept {
    return ulid::ulid::from_bytes(
        {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef});
}

}  // namespace fuzz
