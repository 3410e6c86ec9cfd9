// Writes COUNT IDs for PostgreSQL's COPY, each with the hash partition
// <ulid/partition.hpp> says the server puts it in for each MODULUS:
//     ULID <tab> the same 16 bytes as a UUID <tab> {remainder for each modulus}
// tests/integration/postgresql_clients.sh loads them into tables partitioned
// by HASH on a ulid and on a uuid column (partition_route.sql) and counts the
// rows that landed elsewhere (tableoid), which must be none.
// The IDs: the edges (nil, max, 00..0f, one bit set at each end), then in
// turn make()'s (runs of one millisecond: consecutive IDs), make_v7()'s and
// arbitrary 128-bit values from a fixed splitmix64 stream.
#include <ulid/partition.hpp>
#include <ulid/ulid.hpp>  // make(), make_v7(): partition.hpp brings only the value core

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

std::uint64_t splitmix64(std::uint64_t& state) noexcept {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
}

void write_row(const ulid::ulid& id, const std::vector<std::uint64_t>& moduli) {
    std::printf("%s\t%s\t{", id.encode().c_str(), id.encode_uuid().c_str());
    for (std::size_t i = 0; i < moduli.size(); ++i) {
        std::printf(i == 0 ? "%llu" : ",%llu",
                    static_cast<unsigned long long>(ulid::postgres_partition(id, moduli[i])));
    }
    std::printf("}\n");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s COUNT MODULUS...\n", argv[0]);
        return 2;
    }
    const unsigned long long count = std::strtoull(argv[1], nullptr, 10);
    std::vector<std::uint64_t> moduli;
    for (int i = 2; i < argc; ++i) {
        const unsigned long long m = std::strtoull(argv[i], nullptr, 10);
        if (m == 0) {
            std::fprintf(stderr, "%s: a modulus must be at least 1, got %s\n", argv[0], argv[i]);
            return 2;
        }
        moduli.push_back(m);
    }
    std::vector<ulid::ulid> edges{
        ulid::ulid::nil(), (ulid::ulid::max)(), ulid::ulid::from_high_low(0x0001020304050607ULL, 0x08090a0b0c0d0e0fULL),
        ulid::ulid::from_high_low(0, 1), ulid::ulid::from_high_low(std::uint64_t{1} << 63U, 0)};
    std::uint64_t state = 20240601;
    for (unsigned long long n = 0; n < count; ++n) {
        if (n < edges.size()) {
            write_row(edges[n], moduli);
        } else if (n % 3 == 0) {
            write_row(ulid::make(), moduli);
        } else if (n % 3 == 1) {
            write_row(ulid::make_v7(), moduli);
        } else {
            const std::uint64_t high = splitmix64(state);
            write_row(ulid::ulid::from_high_low(high, splitmix64(state)), moduli);
        }
    }
    return std::fflush(stdout) == 0 ? 0 : 1;
}
