// SPDX-License-Identifier: MIT
// The ulid::compiled library (README, "Compiled mode"): the cold paths that
// <ulid/ulid.hpp> only declares under ULID_COMPILED, defined once. Built with
// the same configuration macros as the programs that link it.
//
// Uses the whole header set; used by programs built with ULID_COMPILED
// (CMake: ulid::compiled); tested by the asan preset's suite (ULID_TEST_COMPILED)
// and tests/compiled/ (both modes in one program).
#define ULID_COMPILED_SOURCE
#include <ulid/ulid.hpp>
