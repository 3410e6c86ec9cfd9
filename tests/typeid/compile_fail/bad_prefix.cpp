// Must not compile: a Tag whose prefix breaks TypeID's rules (upper case).
// With ULID_COMPILE_OK the prefix is valid and the file compiles, which
// proves that the failure comes from the prefix alone.
#include <ulid/ulid.hpp>

struct account {
#ifdef ULID_COMPILE_OK
    static constexpr std::string_view prefix = "account";
#else
    static constexpr std::string_view prefix = "Account";
#endif
};

int main() { return ulid::typed_id<account>::make().encode().empty() ? 1 : 0; }
