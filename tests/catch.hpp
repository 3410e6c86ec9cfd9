// Includes Catch2 v3 or v2, whichever the build found (ULID_CATCH2_MAJOR).
#pragma once

#if defined(ULID_CATCH2_MAJOR) && ULID_CATCH2_MAJOR >= 3
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#else
#include <catch2/catch.hpp>
#endif

#include <iostream>
#include <string>

// ULID_TEST_SKIP(reason): the case cannot run here, for `reason` (streamable,
// as in INFO): it ends now, prints "skipped: <reason>" on standard output and
// counts as skipped, never as passed. Such a case carries the tag
// [skippable] and one of its own, and runs as its own ctest entry
// (ulid_add_skippable in CMakeLists.txt): a program whose every case ran
// skipped exits 4, ctest's SKIP_RETURN_CODE. Catch2 3.3 and later do this
// with SKIP; with v2 (no SKIP) the case returns and catch_main.cpp counts it.
// Use it in the case's own body: under v2 it is a `return`.
#if defined(ULID_CATCH2_MAJOR) && ULID_CATCH2_MAJOR >= 3 && defined(SKIP)
#define ULID_TEST_SKIP(reason)                           \
    do {                                                 \
        std::cout << "skipped: " << reason << std::endl; \
        SKIP(reason);                                    \
    } while (false)
#else
namespace test {
/// The cases that called ULID_TEST_SKIP in this run (catch_main.cpp reads it).
inline int skipped_cases = 0;  // NOLINT(cppcoreguidelines-avoid-non-const-global-variables)
}  // namespace test
#define ULID_TEST_SKIP(reason)                           \
    do {                                                 \
        std::cout << "skipped: " << reason << std::endl; \
        WARN("skipped: " << reason);                     \
        ++::test::skipped_cases;                         \
        return;                                          \
    } while (false)
#endif

namespace test {
// A matcher for a string that holds `part`, for CHECK_THAT. v3 renamed v2's
// Catch::Matchers::Contains to ContainsSubstring (its Contains matches an
// element of a range), and includes matchers only on request.
inline auto text_contains(const std::string& part) {
#if defined(ULID_CATCH2_MAJOR) && ULID_CATCH2_MAJOR >= 3
    return Catch::Matchers::ContainsSubstring(part);
#else
    return Catch::Matchers::Contains(part);
#endif
}
}  // namespace test
