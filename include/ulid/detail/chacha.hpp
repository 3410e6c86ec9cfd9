// SPDX-License-Identifier: MIT
// ulid/detail/chacha.hpp: the ChaCha keystream blocks, portable and AVX2.
//
// Uses detail/byte_order.hpp (byte order, vectors). Used by the entropy
// sources (secure_entropy). Tested in test_entropy_sources.cpp.

#ifndef ULID_DETAIL_CHACHA_HPP
#define ULID_DETAIL_CHACHA_HPP

// Included from a public header, after detail/config.hpp.
#include <ulid/detail/byte_order.hpp>

namespace ulid::detail {

// ---------------------------------------------------------------------------
// ChaCha
// ---------------------------------------------------------------------------
// Uses vectors and byte order; used by the entropy sources (secure_entropy); tested in test_entropy_sources.cpp.

[[nodiscard]] constexpr std::uint32_t rotl32(std::uint32_t v, unsigned c) noexcept {
    return (v << c) | (v >> (32U - c));
}

/// "expand 32-byte k", the first four words of every ChaCha state.
inline constexpr std::array<std::uint32_t, 4> chacha_constants = {0x61707865U, 0x3320646eU, 0x79622d32U, 0x6b206574U};

#if !ULID_HAS_VECTOR_EXTENSIONS
/// Four 32-bit lanes for compilers without vector extensions.
struct lanes4 {
    std::array<std::uint32_t, 4> v;
    std::uint32_t& operator[](std::size_t i) { return v[i]; }
    std::uint32_t operator[](std::size_t i) const { return v[i]; }
    lanes4& operator+=(const lanes4& o) {
        for (std::size_t i = 0; i < 4; ++i) v[i] += o.v[i];
        return *this;
    }
    friend lanes4 operator+(lanes4 a, const lanes4& b) { return a += b; }
    friend lanes4 operator^(lanes4 a, const lanes4& b) {
        for (std::size_t i = 0; i < 4; ++i) a.v[i] ^= b.v[i];
        return a;
    }
};
#endif

// One ChaCha double round of the state words x[0..15]: the quarter round
// `qr` on each column, then on each diagonal (RFC 8439, 2.3). Every kernel
// shares this schedule; a macro, so that each kernel's own quarter round
// inlines under its target attribute (a shared function must be force-inlined
// across that attribute, and then clang's AVX2 code was 2-3 % slower).
#define ULID_CHACHA_DOUBLE_ROUND(qr, x)   \
    qr((x)[0], (x)[4], (x)[8], (x)[12]);  \
    qr((x)[1], (x)[5], (x)[9], (x)[13]);  \
    qr((x)[2], (x)[6], (x)[10], (x)[14]); \
    qr((x)[3], (x)[7], (x)[11], (x)[15]); \
    qr((x)[0], (x)[5], (x)[10], (x)[15]); \
    qr((x)[1], (x)[6], (x)[11], (x)[12]); \
    qr((x)[2], (x)[7], (x)[8], (x)[13]);  \
    qr((x)[3], (x)[4], (x)[9], (x)[14])

// The keystream of chacha_blocks4/8 is stored word-major: word w of every
// block in turn, each word little-endian (a fixed permutation of the blocks'
// bytes, written with whole-vector stores). The tests check it against an
// RFC 8439 block function of their own.

/// Four consecutive ChaCha blocks computed side by side, one block per lane
/// of a 4 x 32-bit vector (SSE2, NEON and the like, through GCC/clang vector
/// extensions; plain arrays elsewhere). Block `l` uses the 64-bit block
/// counter `counter + l` (words 12 and 13) and a zero nonce (words 14 and
/// 15), as in the original ChaCha; the 256 bytes go to `out` word-major (see
/// the layout above).
template <int Rounds>
void chacha_blocks4(const std::array<std::uint32_t, 8>& key, std::uint64_t counter, std::uint8_t* out) noexcept {
#if ULID_HAS_VECTOR_EXTENSIONS
    using lanes = std::uint32_t __attribute__((vector_size(16)));
    const auto splat = [](std::uint32_t v) { return lanes{v, v, v, v}; };
    const auto rotl = [](lanes v, unsigned c) { return (v << c) | (v >> (32U - c)); };
#else
    using lanes = lanes4;
    const auto splat = [](std::uint32_t v) { return lanes{{v, v, v, v}}; };
    const auto rotl = [](lanes x, unsigned c) {
        for (std::size_t i = 0; i < 4; ++i) x.v[i] = rotl32(x.v[i], c);
        return x;
    };
#endif
    std::array<lanes, 16> input{};
    for (std::size_t w = 0; w < 4; ++w) input[w] = splat(chacha_constants[w]);
    for (std::size_t w = 0; w < 8; ++w) input[4 + w] = splat(key[w]);
    input[14] = splat(0);
    input[15] = splat(0);
    for (std::size_t l = 0; l < 4; ++l) {
        input[12][l] = static_cast<std::uint32_t>(counter + l);
        input[13][l] = static_cast<std::uint32_t>((counter + l) >> 32U);
    }
    std::array<lanes, 16> x = input;
    const auto quarter_round = [&rotl](lanes& a, lanes& b, lanes& c, lanes& d) {
        a += b;
        d = rotl(d ^ a, 16);
        c += d;
        b = rotl(b ^ c, 12);
        a += b;
        d = rotl(d ^ a, 8);
        c += d;
        b = rotl(b ^ c, 7);
    };
    for (int i = 0; i < Rounds; i += 2) {
        ULID_CHACHA_DOUBLE_ROUND(quarter_round, x);
    }
    for (std::size_t w = 0; w < 16; ++w) {
        const lanes sum = x[w] + input[w];
#if ULID_HAS_VECTOR_EXTENSIONS && ULID_LITTLE_ENDIAN
        std::memcpy(out + 16 * w, &sum, 16);
#else
        for (std::size_t l = 0; l < 4; ++l) write_le32(out + 16 * w + 4 * l, sum[l]);
#endif
    }
}

#if ULID_X86_SIMD
template <int C>
ULID_AVX2_OP m256i chacha_rotl_avx2(m256i v) noexcept {
    return mm256_or_si256(mm256_slli_epi32<C>(v), mm256_srli_epi32<32 - C>(v));
}

/// Byte shuffles that rotate each 32-bit lane left by 16 and by 8 bits.
inline constexpr std::array<std::int8_t, 16> chacha_rot16 = {2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
inline constexpr std::array<std::int8_t, 16> chacha_rot8 = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

ULID_TARGET("avx2") inline void chacha_quarter_round_avx2(m256i& a, m256i& b, m256i& c, m256i& d) noexcept {
    // Rotations by 16 and 8 move whole bytes: one shuffle each.
    a = mm256_add_epi32(a, b);
    d = mm256_shuffle_epi8(mm256_xor_si256(d, a), table256(chacha_rot16));
    c = mm256_add_epi32(c, d);
    b = chacha_rotl_avx2<12>(mm256_xor_si256(b, c));
    a = mm256_add_epi32(a, b);
    d = mm256_shuffle_epi8(mm256_xor_si256(d, a), table256(chacha_rot8));
    c = mm256_add_epi32(c, d);
    b = chacha_rotl_avx2<7>(mm256_xor_si256(b, c));
}

/// Eight consecutive ChaCha blocks, one per 32-bit lane of AVX2 registers:
/// the same keystream layout as chacha_blocks4, with eight lanes (see
/// the layout above).
template <int Rounds>
ULID_TARGET("avx2")
void chacha_blocks8_avx2(const std::array<std::uint32_t, 8>& key, std::uint64_t counter, std::uint8_t* out) noexcept {
    // Plain arrays: as a template argument __m256i loses its attributes
    // (GCC warns, -Wignored-attributes).
    m256i input[16];  // NOLINT(modernize-avoid-c-arrays): see above
    for (std::size_t w = 0; w < 4; ++w) input[w] = mm256_set1_epi32(static_cast<int>(chacha_constants[w]));
    for (std::size_t w = 0; w < 8; ++w) input[4 + w] = mm256_set1_epi32(static_cast<int>(key[w]));
    std::array<std::uint32_t, 8> low{};
    std::array<std::uint32_t, 8> high{};
    for (std::size_t l = 0; l < 8; ++l) {
        low[l] = static_cast<std::uint32_t>(counter + l);
        high[l] = static_cast<std::uint32_t>((counter + l) >> 32U);
    }
    input[12] = mm256_loadu_si256(low.data());
    input[13] = mm256_loadu_si256(high.data());
    input[14] = mm256_set1_epi32(0);
    input[15] = mm256_set1_epi32(0);
    m256i x[16];  // NOLINT(modernize-avoid-c-arrays): see above
    std::memcpy(x, input, sizeof x);
    for (int i = 0; i < Rounds; i += 2) {
        ULID_CHACHA_DOUBLE_ROUND(chacha_quarter_round_avx2, x);
    }
    for (std::size_t w = 0; w < 16; ++w) mm256_storeu_si256(out + 32 * w, mm256_add_epi32(x[w], input[w]));
}
#endif

}  // namespace ulid::detail

#if !defined(ULID_KEEP_INTERNAL_MACROS)
#undef ULID_CHACHA_DOUBLE_ROUND
#endif

#endif  // ULID_DETAIL_CHACHA_HPP
