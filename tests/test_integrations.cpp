// Integrations with the standard library: iostreams (operator<< and
// operator>>, narrow and wide) and std::hash in the unordered containers.
// {fmt} and std::expected have their own programs (tests/integration/).
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iomanip>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

// --- iostreams ---------------------------------------------------------------

namespace {

constexpr const char* stream_text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

ulid::ulid stream_sample() { return ulid::must_parse(stream_text); }

ulid::ulid other() { return ulid::must_parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"); }

}  // namespace

TEST_CASE("operator<< writes the 26-character upper-case text", "[iostream]") {
    std::ostringstream out;
    out << stream_sample();
    CHECK(out.str() == stream_text);

    std::ostringstream zero;
    zero << ulid::ulid{};
    CHECK(zero.str() == "00000000000000000000000000");
}

TEST_CASE("operator<< honours width, fill and alignment", "[iostream]") {
    std::ostringstream right;
    right << std::setw(30) << std::setfill('*') << stream_sample() << '|';
    CHECK(right.str() == std::string("****") + stream_text + "|");

    std::ostringstream left;
    left << std::left << std::setw(28) << stream_sample() << '|';
    CHECK(left.str() == std::string(stream_text) + "  |");

    std::ostringstream left_filled;
    left_filled << std::setw(30) << std::setfill('*') << std::left << ulid::must_parse("01ARYZ6S41TSV4RRFFQ69G5FAV");
    CHECK(left_filled.str() == "01ARYZ6S41TSV4RRFFQ69G5FAV****");

    // The width applies to one output only.
    std::ostringstream once;
    once << std::setw(27) << stream_sample() << stream_sample();
    CHECK(once.str() == std::string(" ") + stream_text + stream_text);
}

TEST_CASE("operator<< writes to wide streams", "[iostream]") {
    std::wostringstream out;
    out << stream_sample();
    CHECK(out.str() == L"01ARZ3NDEKTSV4RRFFQ69G5FAV");
}

TEST_CASE("operator>> reads whitespace-separated ULIDs, either case", "[iostream]") {
    std::istringstream in("  01ARZ3NDEKTSV4RRFFQ69G5FAV\n\t7zzzzzzzzzzzzzzzzzzzzzzzzz next");
    ulid::ulid a;
    ulid::ulid b;
    in >> a >> b;
    REQUIRE(in);
    CHECK(a == stream_sample());
    CHECK(b == other());
    std::string rest;
    in >> rest;
    CHECK(rest == "next");

    // Tabs between IDs; the last one ends the stream, and a read past it
    // fails and leaves the ULID as it was.
    std::istringstream more("  01ARYZ6S41TSV4RRFFQ69G5FAV\t01aryz6s410000000000000000\n7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    ulid::ulid c = test::sentinel();
    ulid::ulid d = test::sentinel();
    ulid::ulid e = test::sentinel();
    REQUIRE(static_cast<bool>(more >> c >> d));
    REQUIRE(c.to_string() == "01ARYZ6S41TSV4RRFFQ69G5FAV");
    REQUIRE(d.time() == 1469918176385ULL);
    REQUIRE(static_cast<bool>(more >> e));
    REQUIRE(more.eof());
    REQUIRE(e.to_string() == "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    ulid::ulid f = test::sentinel();
    REQUIRE_FALSE(static_cast<bool>(more >> f));
    REQUIRE(f == test::sentinel());
}

TEST_CASE("operator>> round-trips operator<<", "[iostream]") {
    std::stringstream io;
    const ulid::ulid id = ulid::make();
    io << id << ' ' << stream_sample();
    ulid::ulid x;
    ulid::ulid y;
    REQUIRE(io >> x >> y);
    CHECK(x == id);
    CHECK(y == stream_sample());

    // Many IDs, separated by spaces and newlines.
    test::splitmix_reader reader(8);
    std::stringstream s;
    std::vector<ulid::ulid> ids;
    for (int i = 0; i < 100; ++i) {
        ids.push_back(ulid::must_generate(static_cast<std::uint64_t>(i) * 1000003U, reader));
        s << ids.back() << (i % 2 == 0 ? ' ' : '\n');
    }
    for (const ulid::ulid& expected : ids) {
        ulid::ulid got;
        REQUIRE(static_cast<bool>(s >> got));
        REQUIRE(got == expected);
    }
}

TEST_CASE("operator>> at the end of the input sets eofbit, not failbit", "[iostream]") {
    std::istringstream in(stream_text);
    ulid::ulid id;
    in >> id;
    CHECK(id == stream_sample());
    CHECK(in.eof());
    CHECK_FALSE(in.fail());
}

TEST_CASE("operator>> reads from wide streams", "[iostream]") {
    std::wistringstream in(L"01ARZ3NDEKTSV4RRFFQ69G5FAV");
    ulid::ulid id;
    in >> id;
    CHECK_FALSE(in.fail());
    CHECK(id == stream_sample());
}

TEST_CASE("operator>> sets failbit on bad input and leaves the ULID untouched", "[iostream]") {
    const std::array<const char*, 7> bad = {
        "01ARZ3NDEKTSV4RRFFQ69G5FA",    // 25 characters
        "01ARZ3NDEKTSV4RRFFQ69G5FAVX",  // 27 characters
        "01ARZ3NDEKTSV4RRFFQ69G5FAU",   // U is not in the alphabet
        "01ARZ3NDEKTSV4RRFFQ69G5FA!",   // punctuation
        "81ARZ3NDEKTSV4RRFFQ69G5FAV",   // first character above 7: overflow
        "",                             // nothing at all
        "   ",                          // only whitespace
    };
    for (const char* text : bad) {
        INFO("input: '" << text << "'");
        std::istringstream in(text);
        ulid::ulid id = other();
        in >> id;
        CHECK(in.fail());
        CHECK(id == other());
    }
}

TEST_CASE("operator>> does nothing on a stream already in error", "[iostream]") {
    std::istringstream in(stream_text);
    in.setstate(std::ios::failbit);
    ulid::ulid id = other();
    in >> id;
    CHECK(id == other());
    in.clear();
    std::string untouched;
    in >> untouched;
    CHECK(untouched == stream_text);
}

// --- std::hash ---------------------------------------------------------------

namespace {

constexpr std::array<std::uint8_t, 16> sample_bytes = {0x01, 0x56, 0x3d, 0xf3, 0x64, 0x81, 0x00, 0x11,
                                                       0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99};

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

TEST_CASE("std::hash is usable and reads every bit of the value", "[hash]") {
    STATIC_REQUIRE(std::is_nothrow_invocable_v<std::hash<ulid::ulid>, const ulid::ulid&>);
    const std::hash<ulid::ulid> hash;
    const ulid::ulid a = ulid::make();
    // The same value built apart hashes the same.
    CHECK(hash(a) == hash(ulid::ulid::from_high_low(a.high(), a.low())));
    // Any one bit changed changes the hash (a 64-bit keyed hash: a collision
    // among these 128 would be a defect, not chance).
    for (std::size_t bit = 0; bit < 128; ++bit) {
        std::array<std::uint8_t, 16> bytes = a.bytes();
        bytes[bit / 8] = static_cast<std::uint8_t>(bytes[bit / 8] ^ (1U << (bit % 8)));
        INFO("bit " << bit);
        CHECK(hash(ulid::ulid::from_bytes(bytes)) != hash(a));
    }
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

TEST_CASE("equal ulids hash equal and distinct ones spread out", "[hash]") {
    const std::hash<ulid::ulid> hash;
    const auto a = ulid::ulid::from_bytes(sample_bytes);
    const auto b = ulid::ulid::from_bytes(sample_bytes);
    REQUIRE(hash(a) == hash(b));
    STATIC_REQUIRE(noexcept(hash(a)));

    // Zero-entropy IDs one millisecond apart, and IDs with a single bit set
    // anywhere (structured inputs that weak mixers fold together), must not
    // collide.
    std::set<ulid::ulid> distinct;
    std::unordered_set<std::size_t> seen;
    for (std::uint64_t ms = 0; ms < 10000; ++ms) {
        ulid::ulid id;
        REQUIRE_FALSE(id.set_time(ms));
        distinct.insert(id);
        seen.insert(hash(id));
    }
    for (std::size_t byte = 0; byte < 16; ++byte) {
        for (unsigned bit = 0; bit < 8; ++bit) {
            auto bytes = std::array<std::uint8_t, 16>{};
            bytes[byte] = static_cast<std::uint8_t>(1U << bit);
            distinct.insert(ulid::ulid::from_bytes(bytes));
            seen.insert(hash(ulid::ulid::from_bytes(bytes)));
        }
    }
    REQUIRE(seen.size() == distinct.size());
}

TEST_CASE("hash_value, found by argument-dependent lookup, is std::hash's value", "[hash]") {
    const ulid::ulid a = ulid::make();
    const ulid::ulid b = ulid::make();
    CHECK(hash_value(a) == std::hash<ulid::ulid>{}(a));
    CHECK(hash_value(b) == std::hash<ulid::ulid>{}(b));
    CHECK(hash_value(a) != hash_value(b));
    STATIC_REQUIRE(noexcept(hash_value(a)));
}
