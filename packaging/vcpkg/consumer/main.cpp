#include <ulid/ulid.hpp>

#include <cstdio>

int main() {
    const ulid::ulid id = ulid::make();
    ulid::ulid parsed;
    if (ulid::parse(id.to_string(), parsed) || parsed != id) return 1;
    std::printf("ulid vcpkg consumer: %s\n", id.to_string().c_str());
    return 0;
}
