// Must not compile: typed_id<user> and typed_id<order> neither compare nor
// convert. ULID_MIX selects the misuse; with ULID_COMPILE_OK the file uses
// each type correctly and compiles, which proves the misuse is the failure.
#include <ulid/ulid.hpp>

struct user {
    static constexpr std::string_view prefix = "user";
};
struct order {
    static constexpr std::string_view prefix = "order";
};

int main() {
    const ulid::typed_id<user> u = ulid::typed_id<user>::make();
    const ulid::typed_id<order> o = ulid::typed_id<order>::make();
#if defined(ULID_COMPILE_OK)
    const ulid::typed_id<order> o2(static_cast<ulid::ulid>(u));  // explicit, through the raw 128 bits
    return (o2.id() == u.id() && o != o2) ? 0 : 1;
#elif ULID_MIX == 1
    return u == o ? 1 : 0;  // comparing two tags
#elif ULID_MIX == 2
    const ulid::typed_id<order> o2 = u;  // converting one tag to another
    return o2 == o ? 1 : 0;
#elif ULID_MIX == 3
    const ulid::typed_id<user> u2 = ulid::make_v7();  // implicit from a raw ulid
    return u2 == u ? 1 : 0;
#elif ULID_MIX == 4
    const ulid::typed_id<order> o2 = static_cast<ulid::typed_id<order> >(u);  // even a cast refuses
    return o2 == o ? 1 : 0;
#endif
}
