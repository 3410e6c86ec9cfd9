// <ulid/partition.hpp>: PostgreSQL's hash-partition placement computed on the
// client, and the stable hash and shard number.
//
// The PostgreSQL vectors below were computed by a real server (PostgreSQL
// 15.20, Debian 12, x86-64, a cluster initialised with --locale=C, so that
// text hashing is deterministic) with
//   SELECT u, uuid_hash_extended(u::uuid, 0), uuid_hash_extended(u::uuid, 8816678312871386365),
//          uuid_hash_extended(u::uuid, 1), uuid_hash(u::uuid) FROM (VALUES (...)) v(u);
//   SELECT length(s), hashtextextended(s, 0), hashtextextended(s, 8816678312871386365),
//          hashtextextended(s, -1)
//     FROM (SELECT left('abcdefghijklmnopqrstuvwxyz0123456789', n) FROM generate_series(0, 30) n) t(s);
//   -- for each modulus m: CREATE TABLE t<m> (u uuid) PARTITION BY HASH (u); then
//   SELECT u, m, r FROM v, generate_series(0, m - 1) r WHERE satisfies_hash_partition('t<m>'::regclass, m, r, u);
// (8816678312871386365 is HASH_PARTITION_SEED, 0x7A5B22367996DCFD.)
// hashtextextended() is hash_any_extended() over the text's bytes under a
// deterministic collation: it checks the lookup3 code on every tail length
// (0 to 11 bytes after 0, 1 or 2 blocks), which the 16-byte IDs alone do not.
// The SipHash vectors were computed by OpenSSL 3.0 (`openssl mac -macopt
// hexkey:000102030405060708090a0b0c0d0e0f -macopt size:8 SIPHASH`, whose
// output is the little-endian 64-bit value); the 16-byte one, 0x3f2acc7f57c29bdb
// for the bytes 00..0f, is also the SipHash paper's reference vector.
// Where a real server puts 10^5 rows: tests/integration/partition_route.cpp.
#include "catch.hpp"

#include <ulid/partition.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace {

ulid::ulid from_uuid(std::string_view text) {
    ulid::ulid id;
    REQUIRE_FALSE(ulid::parse_uuid(text, id));
    return id;
}

constexpr std::uint64_t u64(long long v) noexcept { return static_cast<std::uint64_t>(v); }

struct uuid_vector {
    std::string_view uuid;
    long long seed0;
    long long partition_seed;
    long long seed1;
    long long hash32;  // uuid_hash(u), an int4 in SQL
};

// clang-format off
constexpr std::array<uuid_vector, 6> uuid_vectors{{
    {"00000000-0000-0000-0000-000000000000", -6859010066814654381LL, -5281082146396728638LL, -865649419113463301LL, 1353656403},
    {"ffffffff-ffff-ffff-ffff-ffffffffffff", 293445543803463785LL, -148986464341306210LL, -8212000089874860457LL, -682383255},
    {"00010203-0405-0607-0809-0a0b0c0d0e0f", -2148041578476338960LL, 2950855207133075148LL, -3700347038597973699LL, -1339686672},
    {"01563e3a-b5d3-d676-4c61-efb99302bd5b", -3839841441052676603LL, -1140286044431666071LL, -6354456681552388519LL, -1069863419},
    {"0190b1f6-4d3e-7a2b-9c1d-2e3f4a5b6c7d", -1875278261845718377LL, 265601165468293287LL, 2068106256485362625LL, 1135381143},
    {"80000000-0000-0000-0000-000000000001", -7832355016052584228LL, -1351141102771169102LL, 1259318229727769314LL, 1232064732},
}};

struct text_vector {
    std::size_t length;  // of 'abcdefghijklmnopqrstuvwxyz0123456789'
    long long seed0;
    long long partition_seed;
    long long seed_minus_1;
};

constexpr std::array<text_vector, 31> text_vectors{{
    {0, -6939563903564495251LL, -5700645584453517373LL, -5142811166230430645LL},
    {1, 3591986179850072241LL, -6705225459120232837LL, 8688456822845412000LL},
    {2, 2833316173711343549LL, 596009030900183869LL, 3639176434904646991LL},
    {3, -6747756470228489321LL, 3628778498291917250LL, 1911237551546830967LL},
    {4, -1038429303365892052LL, 4029384952263848046LL, -8506387423880103258LL},
    {5, 3076356108696143428LL, 4809259092934399961LL, 1101614911744638770LL},
    {6, 290958262752763840LL, -658605897836517514LL, -8726566599983568251LL},
    {7, -6158032784613548338LL, -1516236981150442578LL, 6620770052711690062LL},
    {8, -8882191227074733005LL, -7754745184861941070LL, 3589487173844465705LL},
    {9, -3278210106038014113LL, -7860738947571725408LL, -2999851607155231060LL},
    {10, -3183301415634409076LL, -8306284229451770207LL, -5021275161817138704LL},
    {11, 3112909444737856467LL, -2046435308545367432LL, 2833918571160852060LL},
    {12, -7556637188122330412LL, -7876791541613377658LL, -3669402583748189229LL},
    {13, 8871624171452417744LL, -6785754114725280077LL, 6205390682044465928LL},
    {14, 4973135103275945525LL, -5209977316171801933LL, -8987595384538607212LL},
    {15, 9043359162837317271LL, 3744103518171237272LL, -7615068487785081078LL},
    {16, 878954068520307163LL, -2963246452690924729LL, 5590415279907605704LL},
    {17, 981995727863167554LL, -4290088002765369671LL, -2953348790902433648LL},
    {18, 484589330715449564LL, -3976194482402635722LL, -8506089820271521831LL},
    {19, -232611774418841497LL, 6411573653485454739LL, -1422852774862433387LL},
    {20, 772495730612720881LL, -3730286019426601237LL, -558738407119253020LL},
    {21, 7996419909667933074LL, -9009476528635760866LL, -2291028065551762409LL},
    {22, 5065299895581918398LL, 1804191968730614896LL, -2645673675841555979LL},
    {23, -1198571854151947912LL, -7324642668702903167LL, 8540048242465105909LL},
    {24, -1933194731779935345LL, -10959101940276370LL, -1203456767747787834LL},
    {25, 5649064133428767341LL, 1383018584709609407LL, -5957734741082924352LL},
    {26, -6612928417832572997LL, -7171292135076916904LL, -4178256369493887523LL},
    {27, -2380771206696995028LL, -3591893460407905134LL, 978050875546916519LL},
    {28, 6812267027916543695LL, -5796803543855781931LL, 7638266707842923175LL},
    {29, 945567879077619982LL, -6585685641171239353LL, -1998907388309585741LL},
    {30, -6220525620039254070LL, 6288301289192221736LL, 8828302980483065957LL},
}};
// clang-format on

struct placement {
    std::string_view uuid;
    std::array<std::uint64_t, 5> remainders;  // for moduli 2, 3, 7, 16, 1000
};
constexpr std::array<std::uint64_t, 5> moduli{2, 3, 7, 16, 1000};
constexpr std::array<placement, 6> placements{{
    {"00000000-0000-0000-0000-000000000000", {1, 0, 2, 5, 925}},
    {"ffffffff-ffff-ffff-ffff-ffffffffffff", {1, 1, 0, 1, 353}},
    {"00010203-0405-0607-0809-0a0b0c0d0e0f", {1, 2, 0, 15, 711}},
    {"01563e3a-b5d3-d676-4c61-efb99302bd5b", {0, 1, 1, 12, 492}},
    {"0190b1f6-4d3e-7a2b-9c1d-2e3f4a5b6c7d", {0, 2, 6, 10, 850}},
    {"80000000-0000-0000-0000-000000000001", {1, 0, 2, 5, 461}},
}};

constexpr std::string_view alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";

}  // namespace

TEST_CASE("postgres_hash_extended is uuid_hash_extended", "[partition]") {
    for (const auto& v : uuid_vectors) {
        INFO(v.uuid);
        const ulid::ulid id = from_uuid(v.uuid);
        CHECK(ulid::postgres_hash_extended(id, 0) == u64(v.seed0));
        CHECK(ulid::postgres_hash_extended(id, ulid::postgres_partition_seed) == u64(v.partition_seed));
        CHECK(ulid::postgres_hash_extended(id, 1) == u64(v.seed1));
        // Seed 0 agrees with the 32-bit uuid_hash in its low half (PostgreSQL's promise for hash opclasses).
        CHECK(static_cast<std::uint32_t>(ulid::postgres_hash_extended(id, 0)) == static_cast<std::uint32_t>(v.hash32));
    }
}

TEST_CASE("lookup3 as PostgreSQL adapted it: every tail length", "[partition]") {
    std::array<std::uint8_t, 36> bytes{};
    for (std::size_t i = 0; i < alphabet.size(); ++i) bytes[i] = static_cast<std::uint8_t>(alphabet[i]);
    for (const auto& v : text_vectors) {
        INFO("length " << v.length);
        CHECK(ulid::detail::pg_hash_bytes_extended(bytes.data(), v.length, 0) == u64(v.seed0));
        CHECK(ulid::detail::pg_hash_bytes_extended(bytes.data(), v.length, ulid::postgres_partition_seed) ==
              u64(v.partition_seed));
        CHECK(ulid::detail::pg_hash_bytes_extended(bytes.data(), v.length, ~std::uint64_t{0}) == u64(v.seed_minus_1));
    }
}

TEST_CASE("postgres_partition: where the server put each row", "[partition]") {
    for (const auto& p : placements) {
        const ulid::ulid id = from_uuid(p.uuid);
        for (std::size_t i = 0; i < moduli.size(); ++i) {
            INFO(p.uuid << " modulus " << moduli[i]);
            CHECK(ulid::postgres_partition(id, moduli[i]) == p.remainders[i]);
        }
    }
}

TEST_CASE("postgres_partition: the row hash and the moduli at the edges", "[partition]") {
    for (const auto& v : uuid_vectors) {
        INFO(v.uuid);
        const ulid::ulid id = from_uuid(v.uuid);
        // hash_combine64(0, h) is h + 0x49a0f4dd15e5a8e3 (mod 2^64).
        const std::uint64_t row = u64(v.partition_seed) + 0x49a0f4dd15e5a8e3ULL;
        CHECK(ulid::postgres_partition_hash(id) == row);
        CHECK(ulid::postgres_partition(id, 1) == 0);
        CHECK(ulid::postgres_partition(id, 2147483647) == row % 2147483647U);  // PostgreSQL's largest modulus
        CHECK(ulid::postgres_partition(id, std::uint64_t{1} << 32U) == (row & 0xFFFFFFFFU));
        CHECK(ulid::postgres_partition(id, ~std::uint64_t{0} - 1) == row % (~std::uint64_t{0} - 1));
        CHECK(ulid::postgres_partition(id, ~std::uint64_t{0}) == row % ~std::uint64_t{0});
        CHECK(ulid::postgres_partition(id, ~std::uint64_t{0}) != ulid::no_partition);
        // The modulus-0 precondition: the documented result, never a remainder.
        CHECK(ulid::postgres_partition(id, 0) == ulid::no_partition);
        CHECK(ulid::shard_of(id, 0) == ulid::no_partition);
    }
}

TEST_CASE("stable_hash and shard_of: published SipHash-2-4 vectors", "[partition]") {
    struct vector {
        std::string_view uuid;
        std::uint64_t hash;                   // SipHash-2-4 of the 16 bytes
        std::uint64_t tail_hash;              // SipHash-2-4 of bytes 6..15
        std::array<std::uint64_t, 5> shards;  // for n = 2, 3, 7, 16, 1000
    };
    constexpr std::array<std::uint64_t, 5> counts{2, 3, 7, 16, 1000};
    const std::array<vector, 5> vectors{{
        {"00000000-0000-0000-0000-000000000000", 0x98a0d3c0ef557701ULL, 0x11dbd2d1776f12b1ULL, {0, 0, 0, 1, 69}},
        {"ffffffff-ffff-ffff-ffff-ffffffffffff", 0xa06ef3ea6d6b622eULL, 0x2d284c93527c252dULL, {0, 0, 1, 2, 176}},
        {"00010203-0405-0607-0809-0a0b0c0d0e0f", 0x3f2acc7f57c29bdbULL, 0x65efd5b6bc4be9b0ULL, {0, 1, 2, 6, 398}},
        {"01563e3a-b5d3-d676-4c61-efb99302bd5b", 0xe1cfa35a44172bf1ULL, 0x6bb9659a67fc1534ULL, {0, 1, 2, 6, 420}},
        {"0190b1f6-4d3e-7a2b-9c1d-2e3f4a5b6c7d", 0xe68efd068bbce87dULL, 0xc6dc6347f5bea3e0ULL, {1, 2, 5, 12, 776}},
    }};
    for (const auto& v : vectors) {
        INFO(v.uuid);
        const ulid::ulid id = from_uuid(v.uuid);
        CHECK(ulid::stable_hash(id) == v.hash);
        CHECK(ulid::detail::stable_sip24(id.bytes().data() + 6, 10) == v.tail_hash);
        for (std::size_t i = 0; i < counts.size(); ++i) CHECK(ulid::shard_of(id, counts[i]) == v.shards[i]);
        CHECK(ulid::shard_of(id, 1) == 0);
        CHECK(ulid::shard_of(id, ~std::uint64_t{0}) == ulid::detail::mul_high64(v.tail_hash, ~std::uint64_t{0}));
    }
    // The paper's 15-byte vector, through the same code.
    std::array<std::uint8_t, 15> paper{};
    for (std::size_t i = 0; i < paper.size(); ++i) paper[i] = static_cast<std::uint8_t>(i);
    CHECK(ulid::detail::stable_sip24(paper.data(), paper.size()) == 0xa129ca6149be45e5ULL);
    CHECK(ulid::detail::stable_sip24(paper.data(), 0) == 0x726fdb47dd0e0e31ULL);
}

TEST_CASE("shard_of ignores the time and spreads consecutive IDs", "[partition]") {
    const ulid::ulid base = from_uuid("01563e3a-b5d3-d676-4c61-efb99302bd5b");
    // The time does not enter: the same random bits at any time, same shard.
    for (const std::uint64_t ms : {std::uint64_t{0}, std::uint64_t{1}, base.time() + 1, ulid::max_time}) {
        ulid::ulid moved = base;
        REQUIRE_FALSE(moved.set_time(ms));
        CHECK(ulid::shard_of(moved, 1000) == ulid::shard_of(base, 1000));
        CHECK((ulid::stable_hash(moved) != ulid::stable_hash(base)));  // which hashes all 16 bytes
    }
    // 100 000 consecutive IDs (a monotonic generator's increments of 1 in one
    // millisecond) over 16 shards. The inputs are fixed, so the counts are
    // too: the bound cannot fail by chance. Expected 6250 a shard; +-5 % is
    // about 4 standard deviations of a uniform spread.
    std::array<std::uint32_t, 16> counts{};
    for (std::uint64_t i = 0; i < 100000; ++i) {
        const ulid::ulid id = ulid::ulid::from_high_low(base.high(), base.low() + i);
        const std::uint64_t shard = ulid::shard_of(id, counts.size());
        REQUIRE(shard < counts.size());
        ++counts[shard];
    }
    for (std::size_t s = 0; s < counts.size(); ++s) {
        INFO("shard " << s << ": " << counts[s]);
        CHECK(counts[s] > 5937);
        CHECK(counts[s] < 6563);
    }
}

TEST_CASE("Lemire's reduction: exact, and buckets differ by at most one value", "[partition]") {
    using ulid::detail::mul_high64;
    CHECK(mul_high64(0, 0) == 0);
    CHECK(mul_high64(~std::uint64_t{0}, ~std::uint64_t{0}) == ~std::uint64_t{0} - 1);
    CHECK(mul_high64(std::uint64_t{1} << 63U, 2) == 1);
    CHECK(mul_high64(0xFFFFFFFFFFFFFFFFULL, 1000) == 999);
#if defined(__SIZEOF_INT128__)
    __extension__ using u128 = unsigned __int128;
    std::uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 10000; ++i) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        const std::uint64_t y = (x >> 17U) ^ (x << 23U);
        CHECK(mul_high64(x, y) == static_cast<std::uint64_t>((u128{x} * y) >> 64U));
    }
    // Shard j of n starts at the hash ceil(j * 2^64 / n): each shard's share
    // of the 2^64 values is floor(2^64 / n) or one more.
    for (const std::uint64_t n :
         {std::uint64_t{3}, std::uint64_t{7}, std::uint64_t{1000}, std::uint64_t{0xFFFFFFFFFFFULL}}) {
        for (const std::uint64_t j : {std::uint64_t{1}, n / 2, n - 1}) {
            const u128 start = ((u128{j} << 64U) + n - 1) / n;
            const auto h = static_cast<std::uint64_t>(start);
            CHECK(mul_high64(h, n) == j);
            CHECK(mul_high64(h - 1, n) == j - 1);
        }
    }
#endif
}

TEST_CASE("constexpr, noexcept", "[partition]") {
    constexpr ulid::ulid id = ulid::ulid::from_high_low(0x01563e3ab5d3d676ULL, 0x4c61efb99302bd5bULL);
    STATIC_REQUIRE(ulid::postgres_partition(id, 16) == 12);
    STATIC_REQUIRE(ulid::postgres_partition(id, 0) == ulid::no_partition);
    STATIC_REQUIRE(ulid::postgres_hash_extended(id, 0) == u64(-3839841441052676603LL));
    STATIC_REQUIRE(ulid::stable_hash(id) == 0xe1cfa35a44172bf1ULL);
    STATIC_REQUIRE(ulid::shard_of(id, 1000) == 420);
    static_assert(ulid::postgres_partition_hash(id) % 7 == 1, "a constant expression, as the server placed it");
    STATIC_REQUIRE(noexcept(ulid::postgres_partition(id, 2)));
    STATIC_REQUIRE(noexcept(ulid::shard_of(id, 2)));
    STATIC_REQUIRE(noexcept(ulid::stable_hash(id)));
    STATIC_REQUIRE(std::is_same_v<decltype(ulid::postgres_partition(id, 2)), std::uint64_t>);
}
