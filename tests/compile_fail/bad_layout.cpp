// Must not compile: a monotonic_entropy over a user-written layout that
// breaks the bit budget of a layout. ULID_BAD picks the mistake (1 the
// issue's {sub_ms_bits = 0, counter_bits = 74}: six of the 128 bits belong to
// nothing; 2 a sub-millisecond clock of 12 bits whose max_tick still ends at
// max_time; 3 sub-millisecond bits the 64-bit tick cannot hold; 4 no counter
// at all). With ULID_COMPILE_OK the layout keeps the budget and the file
// compiles, which proves that the failure comes from the budget alone.
#include <ulid/ulid.hpp>

// ulid_layout's behaviour with other numbers.
struct user_layout : ulid::ulid_layout {
#if defined(ULID_COMPILE_OK)
    static constexpr unsigned counter_bits = 80;
#elif ULID_BAD == 1
    static constexpr unsigned counter_bits = 74;
#elif ULID_BAD == 2
    static constexpr unsigned sub_ms_bits = 12;
    static constexpr unsigned counter_bits = 68;
#elif ULID_BAD == 3
    static constexpr unsigned sub_ms_bits = 20;
    static constexpr unsigned counter_bits = 60;
    static constexpr std::uint64_t max_tick = (ulid::max_time << 20U) | ((std::uint64_t{1} << 20U) - 1U);
#else
    static constexpr unsigned fixed_bits = 80;
    static constexpr unsigned counter_bits = 0;
#endif
};

int main() {
    ulid::monotonic_entropy<ulid::zero_entropy, user_layout> source(ulid::zero_entropy{}, 1);
    ulid::ulid id;
    return source.next(1, id) ? 1 : 0;
}
