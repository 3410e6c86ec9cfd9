// Must not compile: a "..."_ulid literal that does not parse. ULID_BAD picks
// the mistake (1 a character outside the alphabet, 2 a wrong length, 3 a
// value above 128 bits); ULID_IN_CONSTEXPR puts the literal in a constexpr
// variable (what C++17 needs for a compile error), otherwise it is used as
// an ordinary expression (a compile error only where the literal is
// consteval, C++20). With ULID_COMPILE_OK the literal is valid and the file
// compiles, which proves that the failure comes from the literal alone.
#include <ulid/ulid.hpp>

using namespace ulid::literals;

#if defined(ULID_COMPILE_OK)
#define ULID_TEXT "01ARZ3NDEKTSV4RRFFQ69G5FAV"
#elif ULID_BAD == 1
#define ULID_TEXT "01ARZ3NDEKTSV4RRFFQ69G5FAU"
#elif ULID_BAD == 2
#define ULID_TEXT "01ARZ3NDEKTSV4RRFFQ69G5FA"
#else
#define ULID_TEXT "81ARZ3NDEKTSV4RRFFQ69G5FAV"
#endif

int main() {
#if defined(ULID_IN_CONSTEXPR)
    constexpr ulid::ulid id = ULID_TEXT ""_ulid;
#else
    const ulid::ulid id = ULID_TEXT ""_ulid;
#endif
    return id.is_nil() ? 1 : 0;
}
