// A user's translation unit sees the documented macros; building this file
// is the test. That no internal one leaks is macros_exported.cmake's job:
// it reads the header's own #define lines instead of a list kept here.
#include <ulid/ulid.hpp>

#if !defined(ULID_VERSION) || !defined(ULID_VERSION_MAJOR) || !defined(ULID_EXCEPTIONS)
#error "a documented ULID_ macro is missing"
#endif

int main() { return ulid::make().is_nil() ? 1 : 0; }
