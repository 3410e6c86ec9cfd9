// SPDX-License-Identifier: MIT
// ulid/detail/config_undef.hpp: undefines the internal macros of
// detail/config.hpp at the end of each public header. No include guard: it
// runs once per public header.
//
// Uses detail/config.hpp's macro names; used by every public header (last
// include); tested by tests/integration/macros_exported.cmake and macros_undefined.cpp.

// Internal macros end here, so that users' translation units see only the
// documented ones (ULID_VERSION*, ULID_EXCEPTIONS and their own settings).
#if !defined(ULID_KEEP_INTERNAL_MACROS)  // defined by the library's own tests
#undef ULID_HAS_SPAN
#undef ULID_HAS_THREE_WAY_COMPARISON
#undef ULID_HAS_EXPECTED
#undef ULID_HAS_FORMAT
#undef ULID_HAS_IS_CONSTANT_EVALUATED
#undef ULID_CONSTINIT
#undef ULID_CONSTEVAL
#undef ULID_LITTLE_ENDIAN
#undef ULID_X86_SIMD
#undef ULID_X86_INTRINSICS
#undef ULID_SSSE3_OP
#undef ULID_AVX2_OP
#undef ULID_HAS_VECTOR_EXTENSIONS
#undef ULID_CYCLE_CLOCK
#undef ULID_HAS_GETRANDOM
#undef ULID_HAS_ARC4RANDOM
#undef ULID_FORCE_INLINE
#undef ULID_NOINLINE
#undef ULID_COLD
#undef ULID_LIKELY
#undef ULID_UNLIKELY
#undef ULID_TARGET
#undef ULID_COMPILED_DECL
#undef ULID_COLD_INLINE
#undef ULID_DETAIL_CONFIG_HPP
#endif
