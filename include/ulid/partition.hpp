// SPDX-License-Identifier: MIT
// ulid/partition.hpp: which hash partition PostgreSQL puts an ID in, and a
// stable, cross-process hash and shard number.
//
// Opt-in, kept out of ulid.hpp: only programs that route rows or shard need
// it. Uses ulid.hpp's value type and detail::rotl64; needs no library (no
// libpq). Tested in tests/test_partition.cpp (vectors a PostgreSQL 15 server
// computed, SipHash vectors from OpenSSL) and, against where a real server
// puts 10^5 rows, by tests/integration/partition_route.cpp through
// tests/integration/postgresql_clients.sh. docs/databases.md, "Routing rows
// to hash partitions", shows the use; docs/api.md has the contracts.
//
//   postgres_hash_extended(id, seed)   uuid_hash_extended(id::uuid, seed), the ulid extension's
//                                      ulid_hash_extended: hash_any_extended over the 16 bytes
//   postgres_partition_hash(id)        the row hash PARTITION BY HASH (id) divides by the modulus
//   postgres_partition(id, modulus)    the remainder of the partition the row goes to
//   stable_hash(id)                    SipHash-2-4 of the 16 bytes under a fixed, published key
//   shard_of(id, n)                    a shard in [0, n) from the 80 random bits, not the time
//
// All are constexpr (C++17), noexcept, allocation-free and thread-safe.
// This header defines no macros but its include guard.
//
// The PostgreSQL functions are written from PostgreSQL's source (its
// development branch; the seed and hash_combine64() checked against 15's
// installed headers, the placement against servers 15, 17 and 18 by
// postgresql_clients.sh): hash_bytes_extended() in src/common/hashfn.c (Bob Jenkins'
// lookup3, 2006, as PostgreSQL adapted it: 32-bit words of the key in the
// server's byte order, a non-zero seed mixed in first as a 12-byte block,
// the result b << 32 | c), HASH_PARTITION_SEED in
// src/include/catalog/partition.h, hash_combine64() in
// src/include/common/hashfn.h, and compute_partition_hash_value() and
// get_partition_for_tuple() in src/backend/partitioning/partbounds.c and
// src/backend/executor/execPartition.c (rowHash % modulus, unsigned 64-bit).
// lookup3 reads the key in the server's byte order: these are the values of
// a little-endian server (x86-64, AArch64, ppc64el, riscv64). A big-endian
// server (s390x) places rows differently, as it does for every type
// (PostgreSQL's pg_dump has --load-via-partition-root for that move).

#ifndef ULID_PARTITION_HPP
#define ULID_PARTITION_HPP

#include <ulid/core.hpp>

#include <cstddef>
#include <cstdint>

namespace ulid {

/// PostgreSQL's HASH_PARTITION_SEED (src/include/catalog/partition.h): the
/// seed every PARTITION BY HASH key is hashed with.
inline constexpr std::uint64_t postgres_partition_seed = 0x7A5B22367996DCFDULL;

/// What postgres_partition() and shard_of() return for a modulus or shard
/// count of 0, where no remainder exists. No valid call returns it: with a
/// modulus m >= 1 the remainder is at most m - 1 <= 2^64 - 2.
inline constexpr std::uint64_t no_partition = ~std::uint64_t{0};

/// PostgreSQL's hash_any_extended(id's 16 bytes, 16, seed) on a
/// little-endian server: uuid_hash_extended(uuid, seed) for the UUID with
/// the same 16 bytes, and the ulid extension's ulid_hash_extended(ulid,
/// seed). SQL returns it as a bigint: std::int64_t of this value. Seed 0
/// means "unseeded", as in PostgreSQL.
[[nodiscard]] constexpr std::uint64_t postgres_hash_extended(const ulid& id, std::uint64_t seed) noexcept;

/// The 64-bit row hash PostgreSQL computes for a table partitioned by
/// HASH on this one column (a ulid, or a uuid with the same 16 bytes):
/// hash_combine64(0, postgres_hash_extended(id, postgres_partition_seed)).
/// A row goes to the partition WITH (MODULUS m, REMAINDER r) for which
/// this value % m == r. One column only: a key of several columns combines
/// each column's hash in turn, which this header does not offer.
[[nodiscard]] constexpr std::uint64_t postgres_partition_hash(const ulid& id) noexcept;

/// The REMAINDER of the partition PostgreSQL's PARTITION BY HASH (id) puts
/// `id` in, among partitions of modulus `modulus`: postgres_partition_hash(id)
/// % modulus. The same for a ulid column (the ulid extension) and a uuid
/// column holding the same 16 bytes. PostgreSQL takes moduli 1 to
/// 2147483647; larger ones are computed the same way. Where the partitions
/// have different moduli (allowed when each divides the next), the row
/// goes to the partition (m, postgres_partition(id, m)) that exists.
/// Precondition: modulus >= 1. With modulus 0 it returns no_partition, which
/// no valid modulus gives.
[[nodiscard]] constexpr std::uint64_t postgres_partition(const ulid& id, std::uint64_t modulus) noexcept;

/// A 64-bit hash of the ID that is the same in every process, on every
/// platform, in every version of this library and in any language:
/// SipHash-2-4 (Aumasson and Bernstein, 2012) of the ID's 16 bytes in
/// their binary order (bytes(); the UUID form's bytes), under the fixed
/// 128-bit key 00 01 02 ... 0f (the SipHash paper's test key: k0 =
/// 0x0706050403020100, k1 = 0x0f0e0d0c0b0a0908), the result read as
/// SipHash's little-endian 64-bit output. The key is public, so anyone can
/// make IDs that collide: use it to spread IDs this system mints, not to
/// defend a table against chosen keys (std::hash<ulid::ulid> is keyed per
/// process for that).
[[nodiscard]] constexpr std::uint64_t stable_hash(const ulid& id) noexcept;

/// The shard, in [0, n), of `id` among `n` shards, the same in every
/// process: SipHash-2-4 under stable_hash()'s key of the ID's last 10 bytes
/// (entropy(): the 80 random bits of a ULID; of a UUIDv7 its 74 random bits
/// with the version and variant bits, which are the same in every v7),
/// mapped to [0, n) by Lemire's multiply-shift, (hash * n) >> 64 in 128-bit
/// arithmetic. The time does not enter, so IDs of one millisecond and
/// consecutive IDs of a monotonic generator spread like random ones, and
/// an ID's shard does not change with its timestamp. Bias: each shard
/// receives floor(2^64 / n) or that plus one of the 2^64 hash values, a
/// relative difference below n / 2^64. Changing n moves most IDs; see
/// docs/databases.md. Precondition: n >= 1; with n = 0 it returns
/// no_partition.
[[nodiscard]] constexpr std::uint64_t shard_of(const ulid& id, std::uint64_t n) noexcept;

// ---------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------

namespace detail {

[[nodiscard]] constexpr std::uint32_t pg_rot(std::uint32_t x, unsigned k) noexcept {
    return (x << k) | (x >> (32U - k));
}

/// lookup3's mix() as src/common/hashfn.c spells it.
constexpr void pg_mix(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c) noexcept {
    a -= c;
    a ^= pg_rot(c, 4);
    c += b;
    b -= a;
    b ^= pg_rot(a, 6);
    a += c;
    c -= b;
    c ^= pg_rot(b, 8);
    b += a;
    a -= c;
    a ^= pg_rot(c, 16);
    c += b;
    b -= a;
    b ^= pg_rot(a, 19);
    a += c;
    c -= b;
    c ^= pg_rot(b, 4);
    b += a;
}

/// lookup3's final().
constexpr void pg_final(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c) noexcept {
    c ^= b;
    c -= pg_rot(b, 14);
    a ^= c;
    a -= pg_rot(c, 11);
    b ^= a;
    b -= pg_rot(a, 25);
    c ^= b;
    c -= pg_rot(b, 16);
    a ^= c;
    a -= pg_rot(c, 4);
    b ^= a;
    b -= pg_rot(a, 14);
    c ^= b;
    c -= pg_rot(b, 24);
}

/// Bytes k[at..at+n) (n <= 4) as the low bytes of a little-endian word.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal; offset then count, as memcpy's order
[[nodiscard]] constexpr std::uint32_t pg_load_le(const std::uint8_t* k, std::size_t at, std::size_t n) noexcept {
    std::uint32_t v = 0;
    for (std::size_t i = n; i-- > 0;) v = (v << 8U) | k[at + i];
    return v;
}

/// PostgreSQL's hash_bytes_extended(k, len, seed) on a little-endian server,
/// for any length (the tests check it against hashtextextended() on every
/// tail length; the public functions call it with 16 bytes). Its aligned
/// and unaligned paths agree on such a server: both read little-endian
/// words, and the tail's bytes land in the same places.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal; hash_bytes_extended()'s own parameters
[[nodiscard]] constexpr std::uint64_t pg_hash_bytes_extended(const std::uint8_t* k, std::size_t len,
                                                             std::uint64_t seed) noexcept {
    // PostgreSQL's keylen is an int and len a uint32: the length wraps into
    // the initial state modulo 2^32.
    std::uint32_t a = 0x9e3779b9U + static_cast<std::uint32_t>(len) + 3923095U;
    std::uint32_t b = a;
    std::uint32_t c = a;
    if (seed != 0) {
        a += static_cast<std::uint32_t>(seed >> 32U);
        b += static_cast<std::uint32_t>(seed);
        pg_mix(a, b, c);
    }
    std::size_t at = 0;
    for (; len - at >= 12; at += 12) {
        a += pg_load_le(k, at, 4);
        b += pg_load_le(k, at + 4, 4);
        c += pg_load_le(k, at + 8, 4);
        pg_mix(a, b, c);
    }
    const std::size_t rest = len - at;
    // The lowest byte of c is left for the length, as in lookup3: the 9th
    // to 11th bytes of the tail go to c's upper three bytes.
    if (rest > 8) c += pg_load_le(k, at + 8, rest - 8) << 8U;
    if (rest > 4) b += pg_load_le(k, at + 4, (rest > 8 ? 8 : rest) - 4);
    if (rest > 0) a += pg_load_le(k, at, rest > 4 ? 4 : rest);
    pg_final(a, b, c);
    return (std::uint64_t{b} << 32U) | c;
}

/// PostgreSQL's hash_combine64(a, b) (src/include/common/hashfn.h).
[[nodiscard]] constexpr std::uint64_t pg_hash_combine64(std::uint64_t a, std::uint64_t b) noexcept {
    a ^= b + 0x49a0f4dd15e5a8e3ULL + (a << 54U) + (a >> 7U);
    return a;
}

/// SipHash-2-4 of k[0..len) under stable_hash()'s key, len < 256.
/// Byte-wise so that it is constexpr; ulid.hpp's detail::siphash is fixed
/// to 16 bytes and word loads.
[[nodiscard]] constexpr std::uint64_t stable_sip24(const std::uint8_t* k, std::size_t len) noexcept {
    constexpr std::uint64_t k0 = 0x0706050403020100ULL;
    constexpr std::uint64_t k1 = 0x0f0e0d0c0b0a0908ULL;
    std::uint64_t v0 = k0 ^ 0x736f6d6570736575ULL;
    std::uint64_t v1 = k1 ^ 0x646f72616e646f6dULL;
    std::uint64_t v2 = k0 ^ 0x6c7967656e657261ULL;
    std::uint64_t v3 = k1 ^ 0x7465646279746573ULL;
    const auto round = [&]() noexcept {
        v0 += v1;
        v1 = rotl64(v1, 13) ^ v0;
        v0 = rotl64(v0, 32);
        v2 += v3;
        v3 = rotl64(v3, 16) ^ v2;
        v0 += v3;
        v3 = rotl64(v3, 21) ^ v0;
        v2 += v1;
        v1 = rotl64(v1, 17) ^ v2;
        v2 = rotl64(v2, 32);
    };
    const auto compress = [&](std::uint64_t m) noexcept {
        v3 ^= m;
        round();
        round();
        v0 ^= m;
    };
    std::size_t at = 0;
    for (; len - at >= 8; at += 8) {
        std::uint64_t m = 0;
        for (std::size_t i = 8; i-- > 0;) m = (m << 8U) | k[at + i];
        compress(m);
    }
    std::uint64_t last = std::uint64_t{len & 0xFFU} << 56U;
    for (std::size_t i = len - at; i-- > 0;) last |= std::uint64_t{k[at + i]} << (8U * i);
    compress(last);
    v2 ^= 0xFFU;
    round();
    round();
    round();
    round();
    return v0 ^ v1 ^ v2 ^ v3;
}

/// The high 64 bits of the 128-bit product a * b, in 64-bit arithmetic
/// (constexpr, and the same on targets without a 128-bit type).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a product; the order does not matter
[[nodiscard]] constexpr std::uint64_t mul_high64(std::uint64_t a, std::uint64_t b) noexcept {
    const std::uint64_t a_lo = a & 0xFFFFFFFFU;
    const std::uint64_t a_hi = a >> 32U;
    const std::uint64_t b_lo = b & 0xFFFFFFFFU;
    const std::uint64_t b_hi = b >> 32U;
    const std::uint64_t lo_lo = a_lo * b_lo;
    const std::uint64_t lo_hi = a_lo * b_hi;
    const std::uint64_t hi_lo = a_hi * b_lo;
    const std::uint64_t middle = (lo_lo >> 32U) + (lo_hi & 0xFFFFFFFFU) + (hi_lo & 0xFFFFFFFFU);
    return a_hi * b_hi + (lo_hi >> 32U) + (hi_lo >> 32U) + (middle >> 32U);
}

}  // namespace detail

constexpr std::uint64_t postgres_hash_extended(const ulid& id, std::uint64_t seed) noexcept {
    return detail::pg_hash_bytes_extended(id.bytes().data(), binary_size, seed);
}

constexpr std::uint64_t postgres_partition_hash(const ulid& id) noexcept {
    // compute_partition_hash_value(): rowHash starts at 0 and folds in each
    // non-null key column's hash; one column here.
    return detail::pg_hash_combine64(0, postgres_hash_extended(id, postgres_partition_seed));
}

constexpr std::uint64_t postgres_partition(const ulid& id, std::uint64_t modulus) noexcept {
    return modulus == 0 ? no_partition : postgres_partition_hash(id) % modulus;
}

constexpr std::uint64_t stable_hash(const ulid& id) noexcept {
    return detail::stable_sip24(id.bytes().data(), binary_size);
}

constexpr std::uint64_t shard_of(const ulid& id, std::uint64_t n) noexcept {
    // Bytes 6..15: after the 48-bit time, whatever the layout.
    return n == 0 ? no_partition : detail::mul_high64(detail::stable_sip24(id.bytes().data() + 6, 10), n);
}

}  // namespace ulid

#endif  // ULID_PARTITION_HPP
