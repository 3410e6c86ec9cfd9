// std::hash<ulid::ulid> in the standard unordered containers.
#include "catch.hpp"

#include <ulid/ulid.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
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

TEST_CASE("a crafted family of IDs does not collide in the hash (no hash flooding)", "[hash]") {
    // Under the earlier unkeyed multiply-and-fold hash, every ID whose first
    // eight bytes read (in machine order) as 0x9E3779B97F4A7C14 hashed to
    // one value, whatever its last eight bytes, e.g. 0MFH57ZEBS6YFF90M7AD2MJ35E:
    // an unordered_set of them degrades to quadratic time.
    constexpr std::uint64_t fixed = 0x9E3779B97F4A7C14ULL;
    constexpr std::uint64_t n = 10000;
    std::unordered_set<std::size_t> hashes;
    std::unordered_set<ulid::ulid> set;
    for (std::uint64_t i = 0; i < n; ++i) {
        std::array<std::uint8_t, 16> bytes{};
        std::memcpy(bytes.data(), &fixed, 8);
        const std::uint64_t tail = i * 0x2545F4914F6CDD1DULL;
        std::memcpy(bytes.data() + 8, &tail, 8);
        const ulid::ulid id = ulid::ulid::from_bytes(bytes);
        hashes.insert(std::hash<ulid::ulid>{}(id));
        set.insert(id);
    }
    CHECK(hashes.size() >= n - 2);  // a 64-bit keyed hash: collisions only by chance
    std::size_t longest = 0;
    for (std::size_t bucket = 0; bucket < set.bucket_count(); ++bucket) {
        longest = std::max(longest, set.bucket_size(bucket));
    }
    CHECK(longest <= 16);
}

TEST_CASE("the hash is SipHash-1-3 under the process key, checked against the reference SipHash-2-4 vector", "[hash]") {
    // The reference implementation's test vector for a 16-byte message:
    // key 00 01 .. 0f, message 00 01 .. 0f (SipHash paper, appendix A;
    // vectors.h of the reference code, entry 16).
    ulid::detail::hash_key key{0x0706050403020100ULL, 0x0F0E0D0C0B0A0908ULL};
    std::array<std::uint8_t, 16> message{};
    for (std::size_t i = 0; i < message.size(); ++i) message[i] = static_cast<std::uint8_t>(i);
    REQUIRE(ulid::detail::siphash<2, 4>(key, message.data()) == 0x3F2ACC7F57C29BDBULL);
    // std::hash is the 1-3 variant of the same function under the process key.
    const ulid::ulid id = ulid::ulid::from_bytes(message);
    const std::size_t h = std::hash<ulid::ulid>{}(id);
    const ulid::detail::hash_key process = ulid::detail::process_hash_key();
    REQUIRE(process.k0 != 0);
    REQUIRE(process.k1 != 0);
    REQUIRE(h == static_cast<std::size_t>(ulid::detail::siphash<1, 3>(process, message.data())));
}

#if defined(ULID_HASH_PRINT)
TEST_CASE("two processes hash the same ID differently", "[hash]") {
    // A helper program prints the hash of one fixed ID; two runs are two
    // processes, each keyed from the operating system.
    const auto run = []() -> std::string {
        std::string out;
        FILE* pipe = ::popen(ULID_HASH_PRINT, "r");
        REQUIRE(pipe != nullptr);
        char buffer[128];
        while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
        REQUIRE(::pclose(pipe) == 0);
        return out;
    };
    const std::string first = run();
    const std::string second = run();
    REQUIRE_FALSE(first.empty());
    REQUIRE(first != second);
}
#endif
