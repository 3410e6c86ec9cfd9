// A user's translation unit sees only the documented macros: the header
// undefines its internal ones at its end. Building this file is the test.
#include <ulid/ulid.hpp>

#if defined(ULID_X86_SIMD) || defined(ULID_LITTLE_ENDIAN) || defined(ULID_HAS_SPAN) ||                               \
    defined(ULID_HAS_THREE_WAY_COMPARISON) || defined(ULID_HAS_EXPECTED) || defined(ULID_HAS_FORMAT) ||              \
    defined(ULID_HAS_IS_CONSTANT_EVALUATED) || defined(ULID_HAS_VECTOR_EXTENSIONS) || defined(ULID_HAS_GETRANDOM) || \
    defined(ULID_HAS_ARC4RANDOM) || defined(ULID_FORCE_INLINE) || defined(ULID_NOINLINE) || defined(ULID_LIKELY) ||  \
    defined(ULID_UNLIKELY) || defined(ULID_TARGET) || defined(ULID_CONSTINIT) || defined(ULID_CYCLE_CLOCK) ||        \
    defined(ULID_CONSTEVAL)
#error "an internal ULID_ macro leaks out of <ulid/ulid.hpp>"
#endif
#if !defined(ULID_VERSION) || !defined(ULID_VERSION_MAJOR) || !defined(ULID_EXCEPTIONS)
#error "a documented ULID_ macro is missing"
#endif

int main() { return ulid::make().is_zero() ? 1 : 0; }
