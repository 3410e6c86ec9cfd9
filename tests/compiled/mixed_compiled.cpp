// SPDX-License-Identifier: MIT
// The compiled-mode half of ulid_compiled_mixed: built with ULID_COMPILED
// (linked with ulid::compiled), beside mixed_header_only.cpp, built without.
#include <ulid/ulid.hpp>

#if !defined(ULID_COMPILED)
#error "this file is the compiled-mode half"
#endif

namespace mixed {
ulid::ulid make_compiled() noexcept { return ulid::make(); }
ulid::ulid make_v7_compiled() noexcept { return ulid::make_v7(); }
const void* generator_compiled() noexcept { return &ulid::default_entropy(); }
}  // namespace mixed
