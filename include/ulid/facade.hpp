// SPDX-License-Identifier: MIT
// ulid/facade.hpp: private IDs, a UUIDv4 facade for UUIDv7 keys (UUIDv47).
//
// Opt-in, kept out of ulid.hpp: most programs never need it. Uses ulid.hpp's
// value type, its TypeIDs, os_entropy (for new keys), detail::rotl64 and
// detail::secure_wipe; uses nothing else. Used by the SQL extensions and the
// tool (ulid_to_facade / ulid_from_facade). Tested in tests/test_facade.cpp
// (UUIDv47's vectors, an independent byte-wise oracle), tests/alloc/,
// tests/uuidv7/ (the npm uuid package), fuzz/fuzz_facade.cpp; measured in
// bench/ulid_bench.cpp. docs/design.md, "Private IDs", says what it hides and
// what it does not.
//
// The construction is UUIDv47's (github.com/stateless-me/uuidv47, MIT), bit
// for bit, written here from its published description: the 48-bit
// timestamp of a UUIDv7 XORed with the low 48 bits of SipHash-2-4, under a
// 128-bit key, of the ID's own 74 random bits as 10 bytes
//     [byte 6 & 0x0F] [byte 7] [byte 8 & 0x3F] [bytes 9..15]
// (the same in the v7 and in its facade, so the mask can be recomputed from
// either); the version nibble becomes 4 (back to 7 on the way in), the RFC
// variant is kept, and the random bits are not changed.
//
//   facade_key                       a SipHash key {k0, k1}; parse(hex32), from_bytes(16), generate()
//   to_facade(v7, key, out)          UUIDv7 -> its version-4 facade (also typed_id<Tag>, type_id)
//   from_facade(facade, key, out)    the facade -> the UUIDv7 (also typed_id<Tag>, type_id)
//
// This header defines no macros but its include guard.

#ifndef ULID_FACADE_HPP
#define ULID_FACADE_HPP

#include <ulid/typeid.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <system_error>

namespace ulid {

namespace detail {
struct facade_access;
}  // namespace detail

/// A 128-bit SipHash key for to_facade() and from_facade(): UUIDv47's
/// {k0, k1}. Trivially copyable, 16 bytes; nothing here throws or allocates.
/// The key is a secret: it has no operator<<, no formatter and no text
/// form, and no error message of this library holds it; bytes() gives it
/// out only to be stored. It is not wiped when destroyed: it is a value type
/// that is copied freely (registers, stack copies inside the hash), so a
/// wiping destructor would give a false promise and cost constexpr and
/// trivial copying; keep keys in long-lived storage you wipe yourself.
/// Default-constructed: the all-zero key, a placeholder for parse() or
/// generate() to fill, never a key to use.
class facade_key {
public:
    /// The all-zero key (a placeholder, not a secret).
    constexpr facade_key() noexcept = default;

    /// The key {k0, k1} as UUIDv47's uuidv47_key_t holds it.
    constexpr facade_key(std::uint64_t k0, std::uint64_t k1) noexcept : k0_(k0), k1_(k1) {}

    /// The key from 16 bytes k0 || k1, each little-endian: the form of
    /// UUIDv47's PostgreSQL extension (`key bytea`) and of bytes().
    // NOLINTNEXTLINE(modernize-avoid-c-arrays): a 16-byte array literal or buffer binds here, sized
    [[nodiscard]] static constexpr facade_key from_bytes(const std::uint8_t (&bytes)[16]) noexcept {
        return {load_le(bytes, 0), load_le(bytes, 8)};
    }
    /// As from_bytes(const std::uint8_t (&)[16]), from a byte_array.
    [[nodiscard]] static constexpr facade_key from_bytes(const byte_array& bytes) noexcept {
        return {load_le(bytes.data(), 0), load_le(bytes.data(), 8)};
    }

    /// Reads 32 hexadecimal digits, either case, as the 16 bytes of
    /// from_bytes() (UUIDv47's `uuid47.key` without a colon, and the
    /// PostgreSQL extension's `'\x...'::bytea`). Errors: a length other than
    /// 32 -> errc::data_size; a character that is not a hexadecimal digit ->
    /// errc::invalid_characters. On error `out` is unchanged; the message
    /// never quotes the input. Never allocates.
    [[nodiscard]] static std::error_code parse(std::string_view hex32, facade_key& out) noexcept;

    /// A new key from the operating system's randomness (os_entropy). Fails
    /// with errc::entropy_failure, `out` unchanged, only when the system
    /// gives no randomness. Thread-safe; never allocates.
    [[nodiscard]] static std::error_code generate(facade_key& out) noexcept;

    /// The 16 bytes k0 || k1, each little-endian (from_bytes() reads them
    /// back): to store a generated key. Handle them as the secret they are.
    [[nodiscard]] constexpr byte_array bytes() const noexcept {
        byte_array out{};
        for (std::size_t i = 0; i < 8; ++i) {
            out[i] = static_cast<std::uint8_t>(k0_ >> (8U * i));
            out[8 + i] = static_cast<std::uint8_t>(k1_ >> (8U * i));
        }
        return out;
    }

    [[nodiscard]] friend constexpr bool operator==(const facade_key& a, const facade_key& b) noexcept {
        return a.k0_ == b.k0_ && a.k1_ == b.k1_;
    }
    [[nodiscard]] friend constexpr bool operator!=(const facade_key& a, const facade_key& b) noexcept {
        return !(a == b);
    }

private:
    friend struct detail::facade_access;

    [[nodiscard]] static constexpr std::uint64_t load_le(const std::uint8_t* p, std::size_t at) noexcept {
        std::uint64_t v = 0;
        for (std::size_t i = 8; i-- > 0;) v = (v << 8U) | p[at + i];
        return v;
    }

    std::uint64_t k0_ = 0;
    std::uint64_t k1_ = 0;
};

/// The facade of the UUIDv7 `v7` under `key`: UUIDv47's
/// uuidv47_encode_v4facade, bit for bit. The 48-bit time is masked, the
/// version nibble is 4, the RFC variant and the 74 random bits are kept, so
/// the facade is a valid RFC 9562 UUIDv4 with no readable time and no order.
/// `v7` must be a UUIDv7 (version 7, variant 10, as make_v7() makes);
/// anything else, classic ULIDs included, gives errc::wrong_version and
/// leaves `out` unchanged (a classic ULID's bits where the version and the
/// variant go are random, so a version-4 facade could not give them back;
/// to_uuidv7() or make_v7() give a UUIDv7). `out` may be `v7`.
/// Deterministic; noexcept, no allocation, about one SipHash of 10 bytes.
[[nodiscard]] inline std::error_code to_facade(const ulid& v7, const facade_key& key, ulid& out) noexcept;

/// The UUIDv7 behind `facade` under `key`: UUIDv47's
/// uuidv47_decode_v4facade, bit for bit; from_facade(to_facade(x)) == x.
/// `facade` must be version 4 with the RFC variant (10); anything else
/// gives errc::wrong_version and leaves `out` unchanged. Every such input
/// decodes to some UUIDv7: this is not a MAC, and under a wrong key the
/// result is a different, well-formed UUIDv7, so look the result up before
/// trusting it. `out` may be `facade`. noexcept, no allocation.
[[nodiscard]] inline std::error_code from_facade(const ulid& facade, const facade_key& key, ulid& out) noexcept;

/// to_facade() of a TypeID's ID under the same prefix: "user_..." that shows
/// no time. Errors and guarantees as to_facade(const ulid&, ...).
template <class Tag>
[[nodiscard]] std::error_code to_facade(const typed_id<Tag>& v7, const facade_key& key, typed_id<Tag>& out) noexcept;
/// from_facade() of a TypeID's ID under the same prefix.
template <class Tag>
[[nodiscard]] std::error_code from_facade(const typed_id<Tag>& facade, const facade_key& key,
                                          typed_id<Tag>& out) noexcept;
/// to_facade() of a run-time TypeID's ID; the prefix is kept.
[[nodiscard]] inline std::error_code to_facade(const type_id& v7, const facade_key& key, type_id& out) noexcept;
/// from_facade() of a run-time TypeID's ID; the prefix is kept.
[[nodiscard]] inline std::error_code from_facade(const type_id& facade, const facade_key& key, type_id& out) noexcept;

// ---------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------

namespace detail {

/// The key's words, for the transform below (facade_key keeps them private).
struct facade_access {
    [[nodiscard]] static constexpr std::uint64_t k0(const facade_key& key) noexcept { return key.k0_; }
    [[nodiscard]] static constexpr std::uint64_t k1(const facade_key& key) noexcept { return key.k1_; }
};

/// One SipRound (Aumasson and Bernstein, 2012) on v[0..3].
constexpr void facade_sip_round(std::uint64_t& v0, std::uint64_t& v1, std::uint64_t& v2, std::uint64_t& v3) noexcept {
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
}

/// The low 48 bits of SipHash-2-4, under {k0, k1}, of a 10-byte message
/// given as SipHash's two little-endian words: `m0` its bytes 0-7, `m1` its
/// bytes 8-9 (the length byte is added here). ulid.hpp's
/// detail::siphash<C, D> is not reused: it is fixed to 16-byte messages (its
/// length block says 16) and, through its word loads, not constexpr; the
/// rounds are the same (detail::rotl64 is shared).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal; SipHash's words in the paper's order
[[nodiscard]] constexpr std::uint64_t facade_mask(std::uint64_t m0, std::uint64_t m1, std::uint64_t k0,
                                                  std::uint64_t k1) noexcept {
    m1 |= std::uint64_t{10} << 56U;
    std::uint64_t v0 = k0 ^ 0x736f6d6570736575ULL;
    std::uint64_t v1 = k1 ^ 0x646f72616e646f6dULL;
    std::uint64_t v2 = k0 ^ 0x6c7967656e657261ULL;
    std::uint64_t v3 = k1 ^ 0x7465646279746573ULL;
    v3 ^= m0;
    facade_sip_round(v0, v1, v2, v3);
    facade_sip_round(v0, v1, v2, v3);
    v0 ^= m0;
    v3 ^= m1;
    facade_sip_round(v0, v1, v2, v3);
    facade_sip_round(v0, v1, v2, v3);
    v0 ^= m1;
    v2 ^= 0xFFU;
    facade_sip_round(v0, v1, v2, v3);
    facade_sip_round(v0, v1, v2, v3);
    facade_sip_round(v0, v1, v2, v3);
    facade_sip_round(v0, v1, v2, v3);
    return (v0 ^ v1 ^ v2 ^ v3) & 0xFFFFFFFFFFFFULL;
}

/// `id` with its time masked and its version nibble set to `version`; the
/// variant set to RFC's 10 (already so in every accepted input). Unchecked:
/// the error_code forms check the input. The transform is its own inverse
/// but for the version, since the mask does not depend on the time.
[[nodiscard]] constexpr ulid facade_transform(const ulid& id, const facade_key& key, unsigned version) noexcept {
    const byte_array& b = id.bytes();
    // Bytes 8-15 as a little-endian word, spelled out so that compilers make
    // it one load (a loop they leave as a loop).
    const std::uint64_t tail = std::uint64_t{b[8]} | std::uint64_t{b[9]} << 8U | std::uint64_t{b[10]} << 16U |
                               std::uint64_t{b[11]} << 24U | std::uint64_t{b[12]} << 32U | std::uint64_t{b[13]} << 40U |
                               std::uint64_t{b[14]} << 48U | std::uint64_t{b[15]} << 56U;
    // UUIDv47's message [b6 & 0x0F, b7, b8 & 0x3F, b9 .. b15] as SipHash's words.
    const std::uint64_t m0 =
        std::uint64_t{b[6] & 0x0FU} | std::uint64_t{b[7]} << 8U | (tail & ~std::uint64_t{0xC0}) << 16U;
    const std::uint64_t m1 = tail >> 48U;
    const std::uint64_t mask = facade_mask(m0, m1, facade_access::k0(key), facade_access::k1(key));
    const std::uint64_t high = id.high();
    const std::uint64_t low = id.low();
    const std::uint64_t time = (high >> 16U) ^ mask;
    return ulid::from_high_low((time << 16U) | (std::uint64_t{version} << 12U) | (high & 0x0FFFU),
                               (low & ~(std::uint64_t{3} << 62U)) | (std::uint64_t{2} << 62U));
}

/// True for version 4 with the RFC variant: what to_facade() gives.
[[nodiscard]] constexpr bool is_facade_shaped(const ulid& id) noexcept {
    return id.uuid_version() == 4 && id.low() >> 62U == 2;
}

[[nodiscard]] constexpr int facade_hex_digit(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace detail

inline std::error_code facade_key::parse(std::string_view hex32, facade_key& out) noexcept {
    if (hex32.size() != 32) return errc::data_size;
    byte_array bytes{};
    for (std::size_t i = 0; i < 16; ++i) {
        const int hi = detail::facade_hex_digit(hex32[2 * i]);
        const int lo = detail::facade_hex_digit(hex32[2 * i + 1]);
        if ((hi | lo) < 0) {
            detail::secure_wipe(bytes.data(), bytes.size());
            return errc::invalid_characters;
        }
        bytes[i] = static_cast<std::uint8_t>((hi << 4) | lo);
    }
    out = from_bytes(bytes);
    detail::secure_wipe(bytes.data(), bytes.size());
    return {};
}

inline std::error_code facade_key::generate(facade_key& out) noexcept {
    byte_array bytes{};
    // os_entropy::read()'s call, without the generator's header.
    const bool ok = detail::os_random(bytes.data(), bytes.size());
    if (ok) out = from_bytes(bytes);
    detail::secure_wipe(bytes.data(), bytes.size());
    return ok ? std::error_code() : make_error_code(errc::entropy_failure);
}

inline std::error_code to_facade(const ulid& v7, const facade_key& key, ulid& out) noexcept {
    if (!v7.is_uuidv7()) return errc::wrong_version;
    out = detail::facade_transform(v7, key, 4);
    return {};
}

inline std::error_code from_facade(const ulid& facade, const facade_key& key, ulid& out) noexcept {
    if (!detail::is_facade_shaped(facade)) return errc::wrong_version;
    out = detail::facade_transform(facade, key, 7);
    return {};
}

template <class Tag>
std::error_code to_facade(const typed_id<Tag>& v7, const facade_key& key, typed_id<Tag>& out) noexcept {
    ulid id;
    if (const std::error_code ec = to_facade(v7.id(), key, id)) return ec;
    out = typed_id<Tag>(id);
    return {};
}

template <class Tag>
std::error_code from_facade(const typed_id<Tag>& facade, const facade_key& key, typed_id<Tag>& out) noexcept {
    ulid id;
    if (const std::error_code ec = from_facade(facade.id(), key, id)) return ec;
    out = typed_id<Tag>(id);
    return {};
}

inline std::error_code to_facade(const type_id& v7, const facade_key& key, type_id& out) noexcept {
    ulid id;
    if (const std::error_code ec = to_facade(v7.id(), key, id)) return ec;
    // The prefix is valid, so this cannot fail; built apart, since `out` may be `v7`.
    type_id result;
    const std::error_code ec = make_type_id(v7.prefix(), id, result);
    if (!ec) out = result;
    return ec;
}

inline std::error_code from_facade(const type_id& facade, const facade_key& key, type_id& out) noexcept {
    ulid id;
    if (const std::error_code ec = from_facade(facade.id(), key, id)) return ec;
    type_id result;
    const std::error_code ec = make_type_id(facade.prefix(), id, result);
    if (!ec) out = result;
    return ec;
}

}  // namespace ulid

#endif  // ULID_FACADE_HPP
