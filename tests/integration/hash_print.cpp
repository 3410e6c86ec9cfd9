// Prints std::hash of one fixed ULID: run twice, it shows whether two
// processes share a hash key (they must not).
#include <ulid/ulid.hpp>

#include <cstdio>

int main() {
    const ulid::ulid id = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    std::printf("%zu\n", std::hash<ulid::ulid>{}(id));
    return 0;
}
