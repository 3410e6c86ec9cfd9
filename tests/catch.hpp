// Includes Catch2 v3 or v2, whichever the build found (ULID_CATCH2_MAJOR).
#pragma once

#if defined(ULID_CATCH2_MAJOR) && ULID_CATCH2_MAJOR >= 3
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#else
#include <catch2/catch.hpp>
#endif
