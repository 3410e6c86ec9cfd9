// std::hash<ulid::ulid> in the standard unordered containers.
#include "catch.hpp"

#include <ulid/ulid.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

constexpr std::uint64_t base_time = 1469922850259U;

/// The ULID at base_time + offset with zero entropy.
ulid::ulid at_time(std::uint64_t offset) {
    std::array<std::uint8_t, 16> bytes{};
    const std::uint64_t ms = base_time + offset;
    for (std::size_t i = 0; i < 6; ++i) bytes[5 - i] = static_cast<std::uint8_t>(ms >> (8 * i));
    return ulid::ulid::from_bytes(bytes);
}

/// The ULID at base_time whose entropy, read as a number, is `entropy`.
ulid::ulid with_entropy(std::uint64_t entropy) {
    std::array<std::uint8_t, 16> bytes = at_time(0).bytes();
    for (std::size_t i = 0; i < 8; ++i) bytes[15 - i] = static_cast<std::uint8_t>(entropy >> (8 * i));
    return ulid::ulid::from_bytes(bytes);
}

}  // namespace

TEST_CASE("std::hash is usable and consistent with ==", "[hash]") {
    STATIC_REQUIRE(std::is_nothrow_invocable_v<std::hash<ulid::ulid>, const ulid::ulid&>);
    const ulid::ulid a = ulid::make();
    const ulid::ulid b = ulid::ulid::from_bytes(a.bytes());
    CHECK(std::hash<ulid::ulid>{}(a) == std::hash<ulid::ulid>{}(b));
}

TEST_CASE("ULIDs as keys of std::unordered_map", "[hash]") {
    std::unordered_map<ulid::ulid, std::string> names;
    std::vector<ulid::ulid> ids;
    for (int i = 0; i < 1000; ++i) {
        ids.push_back(ulid::make());
        names.emplace(ids.back(), std::to_string(i));
    }
    REQUIRE(names.size() == ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto found = names.find(ids[i]);
        REQUIRE(found != names.end());
        CHECK(found->second == std::to_string(i));
    }
    CHECK(names.find(ulid::ulid{}) == names.end());
    CHECK(names.count(ulid::must_parse(ids[42].to_string())) == 1);
}

TEST_CASE("ULIDs in std::unordered_set", "[hash]") {
    std::unordered_set<ulid::ulid> set;
    const ulid::ulid id = ulid::make();
    CHECK(set.insert(id).second);
    CHECK_FALSE(set.insert(ulid::ulid::from_bytes(id.bytes())).second);
    CHECK(set.size() == 1);
    CHECK(set.erase(id) == 1);
    CHECK(set.empty());
}

TEST_CASE("the hash tells apart ULIDs that differ only in time or only in entropy", "[hash]") {
    // Common in tests and with zero_entropy: equal entropy, nearby times; and
    // monotonic runs: one millisecond, nearby entropy.
    std::unordered_set<std::size_t> by_time;
    std::unordered_set<std::size_t> by_entropy;
    constexpr std::uint64_t n = 10000;
    for (std::uint64_t i = 0; i < n; ++i) {
        by_time.insert(std::hash<ulid::ulid>{}(at_time(i)));
        by_entropy.insert(std::hash<ulid::ulid>{}(with_entropy(i)));
    }
    CHECK(by_time.size() == n);
    CHECK(by_entropy.size() == n);

    // And they spread over the buckets of a container instead of piling up.
    std::unordered_set<ulid::ulid> set;
    for (std::uint64_t i = 0; i < n; ++i) set.insert(at_time(i));
    std::size_t longest = 0;
    for (std::size_t bucket = 0; bucket < set.bucket_count(); ++bucket) {
        longest = std::max(longest, set.bucket_size(bucket));
    }
    CHECK(longest <= 16);
}
