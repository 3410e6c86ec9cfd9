// Must not compile where deprecation warnings are errors: each name kept for
// one release (docs/api.md, "Deprecated and removed names") warns. ULID_BAD
// picks the name (1 is_zero(), 2 make(ms)); with ULID_COMPILE_OK the file uses
// their replacements (is_nil(), must_make(ms)) and compiles, which proves the
// failure comes from the deprecation alone.
#include <ulid/ulid.hpp>

#pragma GCC diagnostic error "-Wdeprecated-declarations"

int main() {
#if defined(ULID_COMPILE_OK)
    const bool nil = ulid::ulid{}.is_nil();
    const ulid::ulid id = ulid::must_make(1469918176385ULL);
#elif ULID_BAD == 1
    const bool nil = ulid::ulid{}.is_zero();
    const ulid::ulid id = ulid::must_make(1469918176385ULL);
#else
    const bool nil = ulid::ulid{}.is_nil();
    const ulid::ulid id = ulid::make(1469918176385ULL);
#endif
    return nil && id.time() != 0 ? 0 : 1;
}
