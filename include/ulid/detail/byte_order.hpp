// SPDX-License-Identifier: MIT
// ulid/detail/byte_order.hpp: big- and little-endian loads and stores, x86
// feature detection and the SSSE3/AVX2 vector wrappers.
//
// Uses detail/config.hpp. Used by the codecs (detail/codec.hpp), ChaCha, the
// sources, generation and hashing. Tested in test_byte_order.cpp, test_codec,
// test_uuid, test_entropy_sources.

#ifndef ULID_DETAIL_BYTE_ORDER_HPP
#define ULID_DETAIL_BYTE_ORDER_HPP

namespace ulid {

// ---------------------------------------------------------------------------
// Byte order
// ---------------------------------------------------------------------------
// Uses nothing; used by the codecs, ChaCha, the sources, generation, hashing; tested in test_byte_order.cpp.

namespace detail {

#if ULID_LITTLE_ENDIAN
[[nodiscard]] inline std::uint64_t byteswap64(std::uint64_t v) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(v);
#else
    v = ((v & 0x00FF00FF00FF00FFULL) << 8U) | ((v >> 8U) & 0x00FF00FF00FF00FFULL);
    v = ((v & 0x0000FFFF0000FFFFULL) << 16U) | ((v >> 16U) & 0x0000FFFF0000FFFFULL);
    return (v << 32U) | (v >> 32U);
#endif
}
#endif

template <class Word>
[[nodiscard]] inline Word load_word(const std::uint8_t* p) noexcept {
    Word w = 0;
    std::memcpy(&w, p, sizeof w);
    return w;
}

/// The `n` bytes (1 to 8) at `p` as a big-endian number: at run time one
/// load and a byte swap where the byte order is known, a loop in constant
/// expressions.
[[nodiscard]] constexpr std::uint64_t load_be(const std::uint8_t* p, std::size_t n) noexcept {
#if ULID_LITTLE_ENDIAN && ULID_HAS_IS_CONSTANT_EVALUATED
    if (!__builtin_is_constant_evaluated()) {
#if defined(__GNUC__) || defined(__clang__)
        // The hot widths, two and four bytes, without a shift.
        if (n == 2) return __builtin_bswap16(load_word<std::uint16_t>(p));
        if (n == 4) return __builtin_bswap32(load_word<std::uint32_t>(p));
#endif
        std::uint64_t v = 0;
        std::memcpy(&v, p, n);
        return byteswap64(v) >> (64U - 8U * n);
    }
#endif
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v = (v << 8U) | p[i];
    return v;
}

/// Writes the low `n` bytes (1 to 8) of `v` at `p`, big-endian; as load_be,
/// one byte swap and store at run time.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal, every call site names its width
constexpr void store_be(std::uint8_t* p, std::size_t n, std::uint64_t v) noexcept {
#if ULID_LITTLE_ENDIAN && ULID_HAS_IS_CONSTANT_EVALUATED
    if (!__builtin_is_constant_evaluated()) {
#if defined(__GNUC__) || defined(__clang__)
        if (n == 2) {
            const auto swapped = static_cast<std::uint16_t>(__builtin_bswap16(static_cast<std::uint16_t>(v)));
            std::memcpy(p, &swapped, 2);
            return;
        }
#endif
        const std::uint64_t swapped = byteswap64(v << (64U - 8U * n));
        std::memcpy(p, &swapped, n);
        return;
    }
#endif
    for (std::size_t i = n; i-- > 0;) {
        p[i] = static_cast<std::uint8_t>(v);
        v >>= 8U;
    }
}

/// Eight bytes as a little-endian number (SipHash's word order).
[[nodiscard]] inline std::uint64_t read_le64(const std::uint8_t* p) noexcept {
#if ULID_LITTLE_ENDIAN
    std::uint64_t v = 0;
    std::memcpy(&v, p, sizeof v);
    return v;
#else
    std::uint64_t v = 0;
    for (std::size_t i = 8; i-- > 0;) v = (v << 8U) | p[i];
    return v;
#endif
}

/// Four bytes as a little-endian number (ChaCha's word order).
[[nodiscard]] inline std::uint32_t read_le32(const std::uint8_t* p) noexcept {
#if ULID_LITTLE_ENDIAN
    std::uint32_t v = 0;
    std::memcpy(&v, p, sizeof v);
    return v;
#else
    return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8U) |
           (static_cast<std::uint32_t>(p[2]) << 16U) | (static_cast<std::uint32_t>(p[3]) << 24U);
#endif
}

/// Writes `v` as four little-endian bytes.
inline void write_le32(std::uint8_t* p, std::uint32_t v) noexcept {
#if ULID_LITTLE_ENDIAN
    std::memcpy(p, &v, sizeof v);
#else
    for (std::size_t i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8U * i));
#endif
}

}  // namespace detail

// ---------------------------------------------------------------------------
// CPU features and vectors
// ---------------------------------------------------------------------------
// Uses the configuration; used by the codecs and ChaCha; tested in test_codec, test_uuid, test_entropy_sources.

namespace detail {

#if ULID_X86_SIMD

/// The SIMD features the codecs and ChaCha use, detected once at start-up.
/// Before that (a call during another translation unit's static
/// initialisation) both read false and the portable path runs, always correct.
struct cpu_features {
    bool ssse3 = false;
    bool avx2 = false;
};

[[nodiscard]] inline cpu_features detect_cpu_features() noexcept {
    cpu_features f;
#if defined(__GNUC__) || defined(__clang__)
    __builtin_cpu_init();
    // GCC returns int, clang bool.
    f.ssse3 = static_cast<bool>(__builtin_cpu_supports("ssse3"));
    f.avx2 = static_cast<bool>(__builtin_cpu_supports("avx2"));
#else
    std::array<int, 4> regs{};
    __cpuid(regs.data(), 0);
    const int max_leaf = regs[0];
    __cpuid(regs.data(), 1);
    f.ssse3 = (regs[2] & (1 << 9)) != 0;
    const bool os_saves_ymm = (regs[2] & (1 << 27)) != 0 && (regs[2] & (1 << 28)) != 0 && (_xgetbv(0) & 6) == 6;
    if (max_leaf >= 7 && os_saves_ymm) {
        __cpuidex(regs.data(), 7, 0);
        f.avx2 = (regs[1] & (1 << 5)) != 0;
    }
#endif
    return f;
}

inline const cpu_features host_cpu = detect_cpu_features();

// The x86 vector operations the kernels below use, each named after the
// intrinsic it stands for (mm_: 128 bits, mm256_: 256 bits), so that every
// kernel is written once. These wrappers, one instruction each, are the
// whole difference between the compilers.
#if ULID_X86_INTRINSICS
// MSVC (and GCC/clang under ULID_TEST_X86_INTRINSICS): the intrinsics.
using m128i = __m128i;
using m256i = __m256i;
ULID_SSSE3_OP m128i mm_loadu_si128(const void* p) noexcept { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
ULID_SSSE3_OP void mm_storeu_si128(void* p, m128i v) noexcept { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
ULID_SSSE3_OP void mm_storel_epi64(void* p, m128i v) noexcept { _mm_storel_epi64(static_cast<__m128i*>(p), v); }
ULID_SSSE3_OP m128i mm_set1_epi8(char x) noexcept { return _mm_set1_epi8(x); }
ULID_SSSE3_OP m128i mm_set1_epi16(short x) noexcept { return _mm_set1_epi16(x); }
ULID_SSSE3_OP m128i mm_cvtsi32_si128(int x) noexcept { return _mm_cvtsi32_si128(x); }
ULID_SSSE3_OP m128i mm_and_si128(m128i a, m128i b) noexcept { return _mm_and_si128(a, b); }
ULID_SSSE3_OP m128i mm_or_si128(m128i a, m128i b) noexcept { return _mm_or_si128(a, b); }
ULID_SSSE3_OP m128i mm_add_epi8(m128i a, m128i b) noexcept { return _mm_add_epi8(a, b); }
ULID_SSSE3_OP m128i mm_cmpgt_epi8(m128i a, m128i b) noexcept { return _mm_cmpgt_epi8(a, b); }
ULID_SSSE3_OP m128i mm_mulhi_epu16(m128i a, m128i b) noexcept { return _mm_mulhi_epu16(a, b); }
ULID_SSSE3_OP m128i mm_packus_epi16(m128i a, m128i b) noexcept { return _mm_packus_epi16(a, b); }
ULID_SSSE3_OP m128i mm_shuffle_epi8(m128i a, m128i b) noexcept { return _mm_shuffle_epi8(a, b); }
ULID_SSSE3_OP m128i mm_cmpeq_epi8(m128i a, m128i b) noexcept { return _mm_cmpeq_epi8(a, b); }
ULID_SSSE3_OP int mm_movemask_epi8(m128i v) noexcept { return _mm_movemask_epi8(v); }
ULID_SSSE3_OP m128i mm_maddubs_epi16(m128i a, m128i b) noexcept { return _mm_maddubs_epi16(a, b); }
ULID_SSSE3_OP m128i mm_unpacklo_epi8(m128i a, m128i b) noexcept { return _mm_unpacklo_epi8(a, b); }
ULID_SSSE3_OP m128i mm_unpackhi_epi8(m128i a, m128i b) noexcept { return _mm_unpackhi_epi8(a, b); }
template <int N>
ULID_SSSE3_OP m128i mm_srli_epi16(m128i v) noexcept {
    return _mm_srli_epi16(v, N);
}

ULID_AVX2_OP m256i mm256_loadu_si256(const void* p) noexcept {
    return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}
ULID_AVX2_OP void mm256_storeu_si256(void* p, m256i v) noexcept { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }
ULID_AVX2_OP m256i mm256_set1_epi8(char x) noexcept { return _mm256_set1_epi8(x); }
ULID_AVX2_OP m256i mm256_set1_epi16(short x) noexcept { return _mm256_set1_epi16(x); }
ULID_AVX2_OP m256i mm256_set1_epi32(int x) noexcept { return _mm256_set1_epi32(x); }
ULID_AVX2_OP m256i mm256_set1_epi64x(long long x) noexcept { return _mm256_set1_epi64x(x); }
ULID_AVX2_OP m256i mm256_setr_m128i(m128i lo, m128i hi) noexcept {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}
ULID_AVX2_OP m256i mm256_broadcastsi128_si256(m128i v) noexcept { return _mm256_broadcastsi128_si256(v); }
ULID_AVX2_OP m128i mm256_castsi256_si128(m256i v) noexcept { return _mm256_castsi256_si128(v); }
ULID_AVX2_OP m128i mm256_extracti128_hi(m256i v) noexcept { return _mm256_extracti128_si256(v, 1); }
ULID_AVX2_OP m256i mm256_and_si256(m256i a, m256i b) noexcept { return _mm256_and_si256(a, b); }
ULID_AVX2_OP m256i mm256_or_si256(m256i a, m256i b) noexcept { return _mm256_or_si256(a, b); }
ULID_AVX2_OP m256i mm256_xor_si256(m256i a, m256i b) noexcept { return _mm256_xor_si256(a, b); }
ULID_AVX2_OP m256i mm256_add_epi32(m256i a, m256i b) noexcept { return _mm256_add_epi32(a, b); }
template <int N>
ULID_AVX2_OP m256i mm256_slli_epi16(m256i v) noexcept {
    return _mm256_slli_epi16(v, N);
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi16(m256i v) noexcept {
    return _mm256_srli_epi16(v, N);
}
template <int N>
ULID_AVX2_OP m256i mm256_slli_epi32(m256i v) noexcept {
    return _mm256_slli_epi32(v, N);
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi32(m256i v) noexcept {
    return _mm256_srli_epi32(v, N);
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi64(m256i v) noexcept {
    return _mm256_srli_epi64(v, N);
}
ULID_AVX2_OP m256i mm256_shuffle_epi8(m256i a, m256i b) noexcept { return _mm256_shuffle_epi8(a, b); }
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the order of _mm256_blendv_epi8, which it stands in for
ULID_AVX2_OP m256i mm256_blendv_epi8(m256i a, m256i b, m256i mask) noexcept { return _mm256_blendv_epi8(a, b, mask); }
ULID_AVX2_OP int mm256_movemask_epi8(m256i v) noexcept { return _mm256_movemask_epi8(v); }
ULID_AVX2_OP m256i mm256_maddubs_epi16(m256i a, m256i b) noexcept { return _mm256_maddubs_epi16(a, b); }
ULID_AVX2_OP m256i mm256_madd_epi16(m256i a, m256i b) noexcept { return _mm256_madd_epi16(a, b); }
ULID_AVX2_OP m256i mm256_mul_epu32(m256i a, m256i b) noexcept { return _mm256_mul_epu32(a, b); }
#else
// GCC and clang: vector types, named as in their x86 builtins' signatures
// (q = 8, h = 16, s = 32, d = 64 bits; a final u: unsigned, qs: signed char,
// since char may be unsigned). Operators act lane by lane, shifts of
// unsigned lanes are logical, and a scalar operand stands for a vector of
// copies of it.
using m128i = long long __attribute__((vector_size(16)));
using m256i = unsigned __attribute__((vector_size(32)));  // ChaCha's lanes: no casts there, fewer spills
using v16qi = char __attribute__((vector_size(16)));
using v16qs = signed char __attribute__((vector_size(16)));
using v8hi = short __attribute__((vector_size(16)));
using v8hu = unsigned short __attribute__((vector_size(16)));
using v4si = int __attribute__((vector_size(16)));
using v32qi = char __attribute__((vector_size(32)));
using v32qs = signed char __attribute__((vector_size(32)));
using v16hi = short __attribute__((vector_size(32)));
using v16hu = unsigned short __attribute__((vector_size(32)));
using v8si = int __attribute__((vector_size(32)));
using v4di = long long __attribute__((vector_size(32)));
using v4du = unsigned long long __attribute__((vector_size(32)));
ULID_SSSE3_OP m128i mm_loadu_si128(const void* p) noexcept {
    m128i v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
ULID_SSSE3_OP void mm_storeu_si128(void* p, m128i v) noexcept { std::memcpy(p, &v, 16); }
ULID_SSSE3_OP void mm_storel_epi64(void* p, m128i v) noexcept { std::memcpy(p, &v, 8); }
ULID_SSSE3_OP m128i mm_set1_epi8(char x) noexcept { return reinterpret_cast<m128i>(v16qi{} + x); }
ULID_SSSE3_OP m128i mm_set1_epi16(short x) noexcept { return reinterpret_cast<m128i>(v8hi{} + x); }
ULID_SSSE3_OP m128i mm_cvtsi32_si128(int x) noexcept { return reinterpret_cast<m128i>(v4si{x, 0, 0, 0}); }
ULID_SSSE3_OP m128i mm_and_si128(m128i a, m128i b) noexcept { return a & b; }
ULID_SSSE3_OP m128i mm_or_si128(m128i a, m128i b) noexcept { return a | b; }
ULID_SSSE3_OP m128i mm_add_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(reinterpret_cast<v16qi>(a) + reinterpret_cast<v16qi>(b));
}
ULID_SSSE3_OP m128i mm_cmpgt_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(reinterpret_cast<v16qs>(a) > reinterpret_cast<v16qs>(b));
}
ULID_SSSE3_OP m128i mm_mulhi_epu16(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_ia32_pmulhuw128(reinterpret_cast<v8hi>(a), reinterpret_cast<v8hi>(b)));
}
ULID_SSSE3_OP m128i mm_packus_epi16(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_ia32_packuswb128(reinterpret_cast<v8hi>(a), reinterpret_cast<v8hi>(b)));
}
ULID_SSSE3_OP m128i mm_shuffle_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_ia32_pshufb128(reinterpret_cast<v16qi>(a), reinterpret_cast<v16qi>(b)));
}
ULID_SSSE3_OP m128i mm_cmpeq_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(reinterpret_cast<v16qi>(a) == reinterpret_cast<v16qi>(b));
}
ULID_SSSE3_OP int mm_movemask_epi8(m128i v) noexcept { return __builtin_ia32_pmovmskb128(reinterpret_cast<v16qi>(v)); }
ULID_SSSE3_OP m128i mm_maddubs_epi16(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_ia32_pmaddubsw128(reinterpret_cast<v16qi>(a), reinterpret_cast<v16qi>(b)));
}
ULID_SSSE3_OP m128i mm_unpacklo_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_shufflevector(reinterpret_cast<v16qi>(a), reinterpret_cast<v16qi>(b), 0,
                                                           16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23));
}
ULID_SSSE3_OP m128i mm_unpackhi_epi8(m128i a, m128i b) noexcept {
    return reinterpret_cast<m128i>(__builtin_shufflevector(reinterpret_cast<v16qi>(a), reinterpret_cast<v16qi>(b), 8,
                                                           24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31));
}
template <int N>
ULID_SSSE3_OP m128i mm_srli_epi16(m128i v) noexcept {
    return reinterpret_cast<m128i>(reinterpret_cast<v8hu>(v) >> N);
}

ULID_AVX2_OP m256i mm256_loadu_si256(const void* p) noexcept {
    m256i v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
ULID_AVX2_OP void mm256_storeu_si256(void* p, m256i v) noexcept { std::memcpy(p, &v, 32); }
ULID_AVX2_OP m256i mm256_set1_epi8(char x) noexcept { return reinterpret_cast<m256i>(v32qi{} + x); }
ULID_AVX2_OP m256i mm256_set1_epi16(short x) noexcept { return reinterpret_cast<m256i>(v16hi{} + x); }
ULID_AVX2_OP m256i mm256_set1_epi32(int x) noexcept { return reinterpret_cast<m256i>(v8si{} + x); }
ULID_AVX2_OP m256i mm256_set1_epi64x(long long x) noexcept { return reinterpret_cast<m256i>(v4di{} + x); }
ULID_AVX2_OP m256i mm256_setr_m128i(m128i lo, m128i hi) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_insert128i256(__builtin_shufflevector(lo, lo, 0, 1, -1, -1), hi, 1));
}
ULID_AVX2_OP m256i mm256_broadcastsi128_si256(m128i v) noexcept {
    return reinterpret_cast<m256i>(__builtin_shufflevector(v, v, 0, 1, 0, 1));
}
ULID_AVX2_OP m128i mm256_castsi256_si128(m256i v) noexcept {
    return reinterpret_cast<m128i>(__builtin_shufflevector(v, v, 0, 1, 2, 3));
}
ULID_AVX2_OP m128i mm256_extracti128_hi(m256i v) noexcept {
    return __builtin_ia32_extract128i256(reinterpret_cast<v4di>(v), 1);
}
ULID_AVX2_OP m256i mm256_and_si256(m256i a, m256i b) noexcept { return a & b; }
ULID_AVX2_OP m256i mm256_or_si256(m256i a, m256i b) noexcept { return a | b; }
ULID_AVX2_OP m256i mm256_xor_si256(m256i a, m256i b) noexcept { return a ^ b; }
ULID_AVX2_OP m256i mm256_add_epi32(m256i a, m256i b) noexcept { return a + b; }
template <int N>
ULID_AVX2_OP m256i mm256_slli_epi16(m256i v) noexcept {
    return reinterpret_cast<m256i>(reinterpret_cast<v16hu>(v) << N);
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi16(m256i v) noexcept {
    return reinterpret_cast<m256i>(reinterpret_cast<v16hu>(v) >> N);
}
template <int N>
ULID_AVX2_OP m256i mm256_slli_epi32(m256i v) noexcept {
    return v << N;
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi32(m256i v) noexcept {
    return v >> N;
}
template <int N>
ULID_AVX2_OP m256i mm256_srli_epi64(m256i v) noexcept {
    return reinterpret_cast<m256i>(reinterpret_cast<v4du>(v) >> N);
}
ULID_AVX2_OP m256i mm256_shuffle_epi8(m256i a, m256i b) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_pshufb256(reinterpret_cast<v32qi>(a), reinterpret_cast<v32qi>(b)));
}
/// A signed compare and a bitwise select rather than pblendvb: GCC 12 folds
/// __builtin_ia32_pblendvb256 into "mask < 0" on char lanes, which is never
/// true under -funsigned-char (its own _mm256_blendv_epi8 fails the same way
/// with g++ 12.2 -O2 -funsigned-char). GCC bug 110108, whose fix added the
/// test gcc.target/i386/pr110108-2.c for -funsigned-char:
/// https://gcc.gnu.org/bugzilla/show_bug.cgi?id=110108
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the order of _mm256_blendv_epi8, which it stands in for
ULID_AVX2_OP m256i mm256_blendv_epi8(m256i a, m256i b, m256i mask) noexcept {
    // On byte lanes, so that GCC still emits the single pblendvb.
    const auto take_b = reinterpret_cast<v32qi>(reinterpret_cast<v32qs>(mask) < 0);
    return reinterpret_cast<m256i>((reinterpret_cast<v32qi>(a) & ~take_b) | (reinterpret_cast<v32qi>(b) & take_b));
}
ULID_AVX2_OP int mm256_movemask_epi8(m256i v) noexcept {
    return __builtin_ia32_pmovmskb256(reinterpret_cast<v32qi>(v));
}
ULID_AVX2_OP m256i mm256_maddubs_epi16(m256i a, m256i b) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_pmaddubsw256(reinterpret_cast<v32qi>(a), reinterpret_cast<v32qi>(b)));
}
ULID_AVX2_OP m256i mm256_madd_epi16(m256i a, m256i b) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_pmaddwd256(reinterpret_cast<v16hi>(a), reinterpret_cast<v16hi>(b)));
}
ULID_AVX2_OP m256i mm256_mul_epu32(m256i a, m256i b) noexcept {
    return reinterpret_cast<m256i>(__builtin_ia32_pmuludq256(reinterpret_cast<v8si>(a), reinterpret_cast<v8si>(b)));
}
#endif

/// A 16-byte table in both halves of a register: the 256-bit shuffle looks
/// up within each half.
ULID_AVX2_OP m256i table256(const std::array<std::int8_t, 16>& t) noexcept {
    return mm256_broadcastsi128_si256(mm_loadu_si128(t.data()));
}

#endif

}  // namespace detail

}  // namespace ulid
#endif  // ULID_DETAIL_BYTE_ORDER_HPP
