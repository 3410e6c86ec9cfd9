// Includes Catch2 v3 or v2, whichever the build found (ULID_CATCH2_MAJOR).
#pragma once

#if defined(ULID_CATCH2_MAJOR) && ULID_CATCH2_MAJOR >= 3
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#else
#include <catch2/catch.hpp>
#endif

#include <string>

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
