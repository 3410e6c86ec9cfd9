// SPDX-License-Identifier: MIT
// ulid/detail/codec.hpp: the definitions of class ulid, base32 and UUID
// text both ways, explain().
//
// Uses core.hpp's declarations, detail/byte_order.hpp. Used by core.hpp (and
// so by every file above it); explain()'s TypeID reading is in
// detail/type_id_text.hpp, below TypeIDs. Tested in test_value, test_codec,
// test_parse, test_uuid, test_text.

#ifndef ULID_DETAIL_CODEC_HPP
#define ULID_DETAIL_CODEC_HPP

// Included from a public header, after detail/config.hpp.
#include <ulid/detail/byte_order.hpp>

namespace ulid {

// ---------------------------------------------------------------------------
// The value type and the codecs
// ---------------------------------------------------------------------------
// Uses errors, byte order, vectors; used by all below; tested in test_value, test_codec, test_parse, test_uuid.

namespace detail {

inline constexpr std::uint8_t invalid_digit = 0xFF;

/// Character -> base32 value, both cases; invalid_digit for everything else
/// (including I, L, O and U, which Crockford reserves).
inline constexpr std::array<std::uint8_t, 256> decode_table = [] {
    std::array<std::uint8_t, 256> table{};
    for (auto& v : table) v = invalid_digit;
    for (std::size_t i = 0; i < alphabet.size(); ++i) {
        const auto c = static_cast<unsigned char>(alphabet[i]);
        table[c] = static_cast<std::uint8_t>(i);
        if (c >= 'A' && c <= 'Z') table[c + ('a' - 'A')] = static_cast<std::uint8_t>(i);
    }
    return table;
}();

inline constexpr std::string_view hex_digits = "0123456789abcdef";

/// Hex digit -> value, both cases; invalid_digit otherwise.
inline constexpr std::array<std::uint8_t, 256> hex_table = [] {
    std::array<std::uint8_t, 256> table{};
    for (auto& v : table) v = invalid_digit;
    for (std::size_t i = 0; i < 16; ++i) {
        const auto c = static_cast<unsigned char>(hex_digits[i]);
        table[c] = static_cast<std::uint8_t>(i);
        if (c >= 'a') table[c - ('a' - 'A')] = static_cast<std::uint8_t>(i);
    }
    return table;
}();

/// Offsets of the dashes in the 36-character UUID form.
[[nodiscard]] constexpr bool is_uuid_dash_position(std::size_t i) noexcept {
    return i == 8 || i == 13 || i == 18 || i == 23;
}

}  // namespace detail

namespace detail {

// The portable codec. Each character is five bits at a fixed position of
// the 128-bit value (the first has three, the 14th straddles the halves), so
// both directions unroll into independent shifts and table lookups; the
// index sequences make every shift a constant even at -O2.

template <std::size_t... I>
constexpr void encode_high(std::uint64_t hi, char* out, std::index_sequence<I...> /*unused*/) noexcept {
    ((out[I] = alphabet[(hi >> (61U - 5U * I)) & 31U]), ...);
}

template <std::size_t... I>
constexpr void encode_low(std::uint64_t lo, char* out, std::index_sequence<I...> /*unused*/) noexcept {
    ((out[14 + I] = alphabet[(lo >> (55U - 5U * I)) & 31U]), ...);
}

/// The portable encoder.
constexpr void encode_scalar(std::uint64_t hi, std::uint64_t lo, char* out) noexcept {
    encode_high(hi, out, std::make_index_sequence<13>{});
    out[13] = alphabet[((hi << 4U) | (lo >> 60U)) & 31U];
    encode_low(lo, out, std::make_index_sequence<12>{});
}

[[nodiscard]] constexpr std::uint64_t decode_digit(const char* text, std::size_t i) noexcept {
    return decode_table[static_cast<unsigned char>(text[i])];
}

template <std::size_t... I>
[[nodiscard]] constexpr std::uint64_t decode_high(const char* text, std::uint64_t& seen,
                                                  std::index_sequence<I...> /*unused*/) noexcept {
    seen |= (decode_digit(text, I) | ...);
    return ((decode_digit(text, I) << (61U - 5U * I)) | ...);
}

template <std::size_t... I>
[[nodiscard]] constexpr std::uint64_t decode_low(const char* text, std::uint64_t& seen,
                                                 std::index_sequence<I...> /*unused*/) noexcept {
    seen |= (decode_digit(text, 14 + I) | ...);
    return ((decode_digit(text, 14 + I) << (55U - 5U * I)) | ...);
}

/// The portable validating decoder (also the "..."_ulid literal's, at
/// compile time). Returns the first failed check.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): hi and lo in reading order, like high() and low()
[[nodiscard]] constexpr errc decode_scalar(const char* text, std::uint64_t& hi, std::uint64_t& lo) noexcept {
    // Invalid characters decode to 0xFF and valid digits are below 32, so
    // bit 7 of `seen` tells; an invalid digit's bits spill into h and l,
    // which are then not used.
    std::uint64_t seen = 0;
    const std::uint64_t middle = decode_digit(text, 13);
    seen |= middle;
    const std::uint64_t h = decode_high(text, seen, std::make_index_sequence<13>{}) | (middle >> 4U);
    const std::uint64_t l = decode_low(text, seen, std::make_index_sequence<12>{}) | (middle << 60U);
    if ((seen & 0x80U) != 0) return errc::invalid_characters;
    if (decode_digit(text, 0) > 7) return errc::overflow;
    hi = h;
    lo = l;
    return errc{};
}

// The portable UUID codec, unrolled the same way: hex digit j of the 128-bit
// value (four bits each, from the top) stands at a fixed offset of the text.

/// The offset of hex digit j (0-31) in the 36-character form, past the
/// dashes at 8, 13, 18 and 23.
[[nodiscard]] constexpr std::size_t uuid_digit_offset(std::size_t j) noexcept {
    return j + (j >= 8 ? 1U : 0U) + (j >= 12 ? 1U : 0U) + (j >= 16 ? 1U : 0U) + (j >= 20 ? 1U : 0U);
}

template <std::size_t First, std::size_t... I>
constexpr void encode_uuid_digits(std::uint64_t word, char* out, std::index_sequence<I...> /*unused*/) noexcept {
    ((out[uuid_digit_offset(First + I)] = hex_digits[(word >> (60U - 4U * I)) & 15U]), ...);
}

/// The portable UUID encoder: 36 characters, lower case.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): hi and lo in reading order, like high() and low()
constexpr void encode_uuid_scalar(std::uint64_t hi, std::uint64_t lo, char* out) noexcept {
    encode_uuid_digits<0>(hi, out, std::make_index_sequence<16>{});
    encode_uuid_digits<16>(lo, out, std::make_index_sequence<16>{});
    out[8] = '-';
    out[13] = '-';
    out[18] = '-';
    out[23] = '-';
}

[[nodiscard]] inline std::uint64_t decode_hex_digit(const char* text, std::size_t j) noexcept {
    return hex_table[static_cast<unsigned char>(text[uuid_digit_offset(j)])];
}

template <std::size_t First, std::size_t... I>
[[nodiscard]] std::uint64_t decode_uuid_digits(const char* text, std::uint64_t& seen,
                                               std::index_sequence<I...> /*unused*/) noexcept {
    seen |= (decode_hex_digit(text, First + I) | ...);
    return ((decode_hex_digit(text, First + I) << (60U - 4U * I)) | ...);
}

/// The portable validating UUID decoder of 36 characters.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): hi and lo in reading order, like high() and low()
[[nodiscard]] inline errc decode_uuid_scalar(const char* text, std::uint64_t& hi, std::uint64_t& lo) noexcept {
    // As decode_scalar: an invalid digit sets bit 7 of `seen`.
    std::uint64_t seen = 0;
    const std::uint64_t h = decode_uuid_digits<0>(text, seen, std::make_index_sequence<16>{});
    const std::uint64_t l = decode_uuid_digits<16>(text, seen, std::make_index_sequence<16>{});
    const bool dashes = text[8] == '-' && text[13] == '-' && text[18] == '-' && text[23] == '-';
    if ((seen & 0x80U) != 0 || !dashes) return errc::invalid_characters;
    hi = h;
    lo = l;
    return errc{};
}

#if ULID_X86_SIMD

/// alphabet[16 + i] - alphabet[i]: turns the character of value i into
/// that of value i + 16.
inline constexpr std::array<std::int8_t, 16> base32_upper_offsets = [] {
    std::array<std::int8_t, 16> t{};
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<std::int8_t>(alphabet[16 + i] - alphabet[i]);
    return t;
}();

/// Maps sixteen values 0-31 to their alphabet characters: a shuffle of the
/// first sixteen characters, plus a shuffle of the distance to the second
/// sixteen where the value is above 15.
ULID_TARGET("ssse3") inline m128i base32_digits_ssse3(m128i v) noexcept {
    const m128i upper = mm_and_si128(mm_cmpgt_epi8(v, mm_set1_epi8(15)),
                                     mm_shuffle_epi8(mm_loadu_si128(base32_upper_offsets.data()), v));
    return mm_add_epi8(mm_shuffle_epi8(mm_loadu_si128(alphabet.data()), v), upper);
}

/// encode_ssse3's shuffles: lane k of the group starting at byte g holds
/// bytes g+i and g+i+1 (high, low), i = 0 0 1 1 2 3 3 4, for g = 1, 6, 11
/// (-128: a zero byte, past the end).
inline constexpr std::array<std::array<std::int8_t, 16>, 3> encode_groups = {{
    {2, 1, 2, 1, 3, 2, 3, 2, 4, 3, 5, 4, 5, 4, 6, 5},
    {7, 6, 7, 6, 8, 7, 8, 7, 9, 8, 10, 9, 10, 9, 11, 10},
    {12, 11, 12, 11, 13, 12, 13, 12, 14, 13, 15, 14, 15, 14, -128, 15},
}};
/// Per lane, the multiplier 2^(16-s) whose high half shifts right by s.
inline constexpr std::array<std::int16_t, 8> encode_shifts = {32, 1024, 128, 4096, 512, 64, 2048, 256};

/// SSSE3 encoder. Byte 0 gives the first two characters; bytes 1-15 are
/// three groups of five bytes, eight characters each. For every character a
/// shuffle puts the two bytes holding its bits into a 16-bit lane, a
/// multiply-high shifts them into place and a mask keeps five bits; two
/// shuffles then map values to the alphabet.
ULID_TARGET("ssse3") inline void encode_ssse3(const std::uint8_t* bytes, char* out) noexcept {
    const m128i in = mm_loadu_si128(bytes);
    const m128i shift = mm_loadu_si128(encode_shifts.data());
    const m128i five_bits = mm_set1_epi16(31);
    const m128i g1 = mm_loadu_si128(encode_groups[0].data());
    const m128i g2 = mm_loadu_si128(encode_groups[1].data());
    const m128i g3 = mm_loadu_si128(encode_groups[2].data());
    const m128i v1 = mm_and_si128(mm_mulhi_epu16(mm_shuffle_epi8(in, g1), shift), five_bits);
    const m128i v2 = mm_and_si128(mm_mulhi_epu16(mm_shuffle_epi8(in, g2), shift), five_bits);
    const m128i v3 = mm_and_si128(mm_mulhi_epu16(mm_shuffle_epi8(in, g3), shift), five_bits);
    mm_storeu_si128(out + 2, base32_digits_ssse3(mm_packus_epi16(v1, v2)));
    mm_storel_epi64(out + 18, base32_digits_ssse3(mm_packus_epi16(v3, v3)));
    out[0] = alphabet[bytes[0] >> 5U];
    out[1] = alphabet[bytes[0] & 31U];
}

/// decode_avx2's tables, by a character's low nibble: its value among the
/// digits ('0'-'9'), the first letter row ('@' A-H I J K L M N O) and the
/// second (P-T U V-Z and five more); -1 where the character is invalid.
inline constexpr std::array<std::int8_t, 16> decode_digit_row = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1};
inline constexpr std::array<std::int8_t, 16> decode_letter_row4 = {-1, 10, 11, 12, 13, 14, 15, 16,
                                                                   17, -1, 18, 19, -1, 20, 21, -1};
inline constexpr std::array<std::int8_t, 16> decode_letter_row5 = {22, 23, 24, 25, 26, -1, 27, 28,
                                                                   29, 30, 31, -1, -1, -1, -1, -1};
/// By high nibble: 0x80 where the row is the digits (3); 0xFF where no row
/// applies (0-2, 8-15, which includes every byte above 0x7F).
inline constexpr std::array<std::int8_t, 16> decode_is_digit = {0, 0, 0, -128, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
inline constexpr std::array<std::int8_t, 16> decode_no_row = {-1, -1, -1, 0,  0,  0,  0,  0,
                                                              -1, -1, -1, -1, -1, -1, -1, -1};
/// decode_no_row for lower case only (a TypeID's suffix): the upper-case
/// rows (4, 5) have no row either, so the check costs no instruction.
inline constexpr std::array<std::int8_t, 16> decode_no_row_lower = {-1, -1, -1, 0,  -1, -1, 0,  0,
                                                                    -1, -1, -1, -1, -1, -1, -1, -1};
/// Where the decoded groups' bytes go. Low half: characters 2-9 -> bytes
/// 1-5, 10-17 -> bytes 6-10; high half: characters 18-25 -> bytes 11-15.
inline constexpr std::array<std::int8_t, 32> decode_order = {
    -1, 4,  3,  2,  1,  0,  12, 11, 10, 9,  8,  -1, -1, -1, -1, -1,  //
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 12, 11, 10, 9,  8};

/// AVX2 validating decoder. Characters 2-17 and 10-25 are loaded into the
/// two halves of a register (never reading past the 26 characters). Each
/// character's value comes from shuffle tables indexed by its low nibble:
/// one for digits, one for each of the two letter rows (upper and lower case
/// share them); the high nibble chooses among them, and any other high
/// nibble marks the character invalid (0xFF). Multiply-adds then merge the
/// values into 40-bit groups whose bytes a shuffle puts in order.
/// `LowerOnly` also rejects upper case, as invalid_characters.
template <bool LowerOnly = false>
ULID_TARGET("avx2")
inline errc decode_avx2(const char* text, std::uint8_t* bytes) noexcept {
    const std::uint8_t d0 = decode_table[static_cast<unsigned char>(text[0])];
    const std::uint8_t d1 = decode_table[static_cast<unsigned char>(text[1])];
    // Digits and lower-case letters have bit 5; upper-case letters lack it.
    const unsigned upper = LowerOnly ? ~static_cast<unsigned>(text[0] & text[1]) & 0x20U : 0U;
    const m256i x = mm256_setr_m128i(mm_loadu_si128(text + 2), mm_loadu_si128(text + 10));

    const m256i nibble = mm256_set1_epi8(0x0F);
    const m256i hi_nibble = mm256_and_si256(mm256_srli_epi16<4>(x), nibble);
    const m256i lo_nibble = mm256_and_si256(x, nibble);
    // Rows 5 and 7 have bit 4 set; shifted to bit 7 it picks the second
    // letter row.
    const m256i letter =
        mm256_blendv_epi8(mm256_shuffle_epi8(table256(decode_letter_row4), lo_nibble),
                          mm256_shuffle_epi8(table256(decode_letter_row5), lo_nibble), mm256_slli_epi16<3>(x));
    m256i v = mm256_blendv_epi8(letter, mm256_shuffle_epi8(table256(decode_digit_row), lo_nibble),
                                mm256_shuffle_epi8(table256(decode_is_digit), hi_nibble));
    v = mm256_or_si256(v, mm256_shuffle_epi8(table256(LowerOnly ? decode_no_row_lower : decode_no_row), hi_nibble));
    if ((static_cast<unsigned>(mm256_movemask_epi8(v)) | ((d0 | d1) & 0x80U) | upper) != 0)
        return errc::invalid_characters;
    if (d0 > 7) return errc::overflow;

    const m256i pairs = mm256_maddubs_epi16(v, mm256_set1_epi16(0x0120));       // v0 * 32 + v1
    const m256i quads = mm256_madd_epi16(pairs, mm256_set1_epi32(0x00010400));  // p0 * 1024 + p1
    const m256i groups = mm256_or_si256(mm256_mul_epu32(quads, mm256_set1_epi64x(1 << 20)),
                                        mm256_srli_epi64<32>(quads));  // q0 << 20 | q1
    const m256i placed = mm256_shuffle_epi8(groups, mm256_loadu_si256(decode_order.data()));
    m128i result = mm_or_si128(mm256_castsi256_si128(placed), mm256_extracti128_hi(placed));
    result = mm_or_si128(result, mm_cvtsi32_si128((d0 << 5U) | d1));
    mm_storeu_si128(bytes, result);
    return errc{};
}

/// encode_uuid_ssse3's shuffles of the 32 hex characters (a: digits 0-15,
/// b: 16-31) into the three 16-byte stores at offsets 0, 16 and 20; -128
/// leaves a zero byte, where the matching uuid_dashes_at_* puts a dash.
inline constexpr std::array<std::int8_t, 16> uuid_at_0_from_a = {0,    1, 2, 3,  4,  5,    6,  7,
                                                                 -128, 8, 9, 10, 11, -128, 12, 13};
inline constexpr std::array<std::int8_t, 16> uuid_at_16_from_a = {14,   15,   -128, -128, -128, -128, -128, -128,
                                                                  -128, -128, -128, -128, -128, -128, -128, -128};
inline constexpr std::array<std::int8_t, 16> uuid_at_16_from_b = {-128, -128, -128, 0, 1, 2, 3,  -128,
                                                                  4,    5,    6,    7, 8, 9, 10, 11};
inline constexpr std::array<std::int8_t, 16> uuid_at_20_from_b = {1, 2, 3,  -128, 4,  5,  6,  7,
                                                                  8, 9, 10, 11,   12, 13, 14, 15};
inline constexpr std::array<char, 16> uuid_dashes_at_0 = {0, 0, 0, 0, 0, 0, 0, 0, '-', 0, 0, 0, 0, '-', 0, 0};
inline constexpr std::array<char, 16> uuid_dashes_at_16 = {0, 0, '-', 0, 0, 0, 0, '-', 0, 0, 0, 0, 0, 0, 0, 0};
inline constexpr std::array<char, 16> uuid_dashes_at_20 = {0, 0, 0, '-', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

/// SSSE3 UUID encoder. The bytes' high and low nibbles, interleaved, index
/// a shuffle of the sixteen hex digits; four shuffles then place the 32
/// characters around the dashes, in three overlapping stores that write
/// exactly the 36 characters.
ULID_TARGET("ssse3") inline void encode_uuid_ssse3(const std::uint8_t* bytes, char* out) noexcept {
    const m128i in = mm_loadu_si128(bytes);
    const m128i nibble = mm_set1_epi8(0x0F);
    const m128i high = mm_and_si128(mm_srli_epi16<4>(in), nibble);
    const m128i low = mm_and_si128(in, nibble);
    const m128i digits = mm_loadu_si128(hex_digits.data());
    const m128i a = mm_shuffle_epi8(digits, mm_unpacklo_epi8(high, low));
    const m128i b = mm_shuffle_epi8(digits, mm_unpackhi_epi8(high, low));
    const m128i at_0 = mm_or_si128(mm_shuffle_epi8(a, mm_loadu_si128(uuid_at_0_from_a.data())),
                                   mm_loadu_si128(uuid_dashes_at_0.data()));
    const m128i at_16 = mm_or_si128(mm_or_si128(mm_shuffle_epi8(a, mm_loadu_si128(uuid_at_16_from_a.data())),
                                                mm_shuffle_epi8(b, mm_loadu_si128(uuid_at_16_from_b.data()))),
                                    mm_loadu_si128(uuid_dashes_at_16.data()));
    const m128i at_20 = mm_or_si128(mm_shuffle_epi8(b, mm_loadu_si128(uuid_at_20_from_b.data())),
                                    mm_loadu_si128(uuid_dashes_at_20.data()));
    mm_storeu_si128(out, at_0);
    mm_storeu_si128(out + 16, at_16);
    mm_storeu_si128(out + 20, at_20);
}

/// decode_uuid_ssse3's classes, a bit each: 1 a digit, 2 a letter a-f or
/// A-F, 4 a dash. A character is of a class exactly when the table by its
/// low nibble and the table by its high nibble both have that class's bit
/// (0x80-0xFF have none: no high nibble above 7 has a bit).
inline constexpr std::array<std::int8_t, 16> uuid_class_by_low = {1, 3, 3, 3, 3, 3, 3, 1, 1, 1, 0, 0, 0, 4, 0, 0};
inline constexpr std::array<std::int8_t, 16> uuid_class_by_high = {0, 0, 4, 1, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0};
/// A letter's value is its low nibble plus 9 ('a' is 0x61, value 10).
inline constexpr std::array<std::int8_t, 16> uuid_letter_offset = {0, 0, 0, 0, 9, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0};
/// The classes allowed at each offset of the loads at 0, 16 and 20.
inline constexpr std::array<std::int8_t, 16> uuid_classes_at_0 = {3, 3, 3, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 4, 3, 3};
inline constexpr std::array<std::int8_t, 16> uuid_classes_at_16 = {3, 3, 4, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3};
inline constexpr std::array<std::int8_t, 16> uuid_classes_at_20 = {3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
/// Where the 32 digit values go: digits 0-15 from the loads at 0 and 16,
/// digits 16-31 from those at 16 and 20.
inline constexpr std::array<std::int8_t, 16> uuid_first_from_0 = {0, 1,  2,  3,  4,  5,  6,    7,
                                                                  9, 10, 11, 12, 14, 15, -128, -128};
inline constexpr std::array<std::int8_t, 16> uuid_first_from_16 = {-128, -128, -128, -128, -128, -128, -128, -128,
                                                                   -128, -128, -128, -128, -128, -128, 0,    1};
inline constexpr std::array<std::int8_t, 16> uuid_second_from_16 = {3,    -128, -128, -128, -128, -128, -128, -128,
                                                                    -128, -128, -128, -128, -128, -128, -128, -128};
inline constexpr std::array<std::int8_t, 16> uuid_second_from_20 = {-128, 0, 1,  2,  4,  5,  6,  7,
                                                                    8,    9, 10, 11, 12, 13, 14, 15};

/// One 16-character load of decode_uuid_ssse3: its digits' values, and in
/// `bad` 0xFF where a character is not of a class `allowed` names.
struct uuid_chunk {
    m128i values;
    m128i bad;
};

ULID_TARGET("ssse3")
inline uuid_chunk classify_uuid_chunk(const char* text, const std::array<std::int8_t, 16>& allowed) noexcept {
    const m128i x = mm_loadu_si128(text);
    const m128i nibble = mm_set1_epi8(0x0F);
    const m128i low = mm_and_si128(x, nibble);
    const m128i high = mm_and_si128(mm_srli_epi16<4>(x), nibble);
    const m128i classes = mm_and_si128(mm_shuffle_epi8(mm_loadu_si128(uuid_class_by_low.data()), low),
                                       mm_shuffle_epi8(mm_loadu_si128(uuid_class_by_high.data()), high));
    const m128i bad = mm_cmpeq_epi8(mm_and_si128(classes, mm_loadu_si128(allowed.data())), mm_set1_epi8(0));
    return {mm_add_epi8(low, mm_shuffle_epi8(mm_loadu_si128(uuid_letter_offset.data()), high)), bad};
}

/// SSSE3 validating UUID decoder of 36 characters. Loads at offsets 0, 16
/// and 20 (never past the 36th character) are classified by nibble tables,
/// as in decode_avx2, against the classes each offset allows; shuffles then
/// gather the 32 digit values in order, and a multiply-add joins each pair
/// into a byte.
ULID_TARGET("ssse3") inline errc decode_uuid_ssse3(const char* text, std::uint8_t* bytes) noexcept {
    const uuid_chunk c0 = classify_uuid_chunk(text, uuid_classes_at_0);
    const uuid_chunk c16 = classify_uuid_chunk(text + 16, uuid_classes_at_16);
    const uuid_chunk c20 = classify_uuid_chunk(text + 20, uuid_classes_at_20);
    if (mm_movemask_epi8(mm_or_si128(mm_or_si128(c0.bad, c16.bad), c20.bad)) != 0) return errc::invalid_characters;
    const m128i first = mm_or_si128(mm_shuffle_epi8(c0.values, mm_loadu_si128(uuid_first_from_0.data())),
                                    mm_shuffle_epi8(c16.values, mm_loadu_si128(uuid_first_from_16.data())));
    const m128i second = mm_or_si128(mm_shuffle_epi8(c16.values, mm_loadu_si128(uuid_second_from_16.data())),
                                     mm_shuffle_epi8(c20.values, mm_loadu_si128(uuid_second_from_20.data())));
    const m128i pair = mm_set1_epi16(0x0110);  // the first digit times 16 plus the second
    mm_storeu_si128(bytes, mm_packus_epi16(mm_maddubs_epi16(first, pair), mm_maddubs_epi16(second, pair)));
    return errc{};
}

#endif

}  // namespace detail

inline std::error_code ulid::from_bytes(const std::uint8_t* data, std::size_t size, ulid& out) noexcept {
    if (size != binary_size || data == nullptr) return errc::data_size;
    std::memcpy(out.bytes_.data(), data, binary_size);
    return detail::success();
}

constexpr ulid ulid::from_high_low(std::uint64_t high, std::uint64_t low) noexcept {
    ulid id;
    detail::store_be(id.bytes_.data(), 8, high);
    detail::store_be(id.bytes_.data() + 8, 8, low);
    return id;
}

inline std::error_code ulid::to_bytes(std::uint8_t* out, std::size_t size) const noexcept {
    if (size < binary_size || out == nullptr) return errc::buffer_size;
    std::memcpy(out, bytes_.data(), binary_size);
    return detail::success();
}

constexpr std::uint64_t ulid::time() const noexcept { return detail::load_be(bytes_.data(), 8) >> 16U; }

inline std::error_code ulid::set_time(std::uint64_t ms) noexcept {
    if (ms > max_time) return errc::big_time;
    detail::store_be(bytes_.data(), 6, ms);
    return detail::success();
}

inline std::error_code ulid::set_entropy(const std::uint8_t* data, std::size_t size) noexcept {
    if (size != entropy_size || data == nullptr) return errc::data_size;
    std::memcpy(bytes_.data() + 6, data, entropy_size);
    return detail::success();
}

constexpr std::uint64_t ulid::high() const noexcept { return detail::load_be(bytes_.data(), 8); }
constexpr std::uint64_t ulid::low() const noexcept { return detail::load_be(bytes_.data() + 8, 8); }

constexpr ulid to_uuidv7(const ulid& id) noexcept {
    return ulid::from_high_low((id.high() & ~std::uint64_t{0xF000}) | 0x7000U,
                               (id.low() & ~(std::uint64_t{3} << 62U)) | (std::uint64_t{2} << 62U));
}

inline std::error_code ulid::encode(char* out, std::size_t size) const noexcept {
    if (size < encoded_size || out == nullptr) return errc::buffer_size;
    encode(out);
    return detail::success();
}

constexpr char* ulid::encode(char* out) const noexcept {
#if ULID_X86_SIMD && ULID_HAS_IS_CONSTANT_EVALUATED
    if (!__builtin_is_constant_evaluated() && detail::host_cpu.ssse3) {
        detail::encode_ssse3(bytes_.data(), out);
        return out + encoded_size;
    }
#endif
    detail::encode_scalar(high(), low(), out);
    return out + encoded_size;
}

constexpr char* ulid::encode_lower(char* out) const noexcept {
    encode(out);
    // '0'-'9' already have bit 5 set, so one OR lowers the letters only.
    for (std::size_t i = 0; i < encoded_size; ++i) out[i] = static_cast<char>(out[i] | 0x20);
    return out + encoded_size;
}

constexpr char* ulid::encode_uuid(char* out) const noexcept {
#if ULID_X86_SIMD && ULID_HAS_IS_CONSTANT_EVALUATED
    if (!__builtin_is_constant_evaluated() && detail::host_cpu.ssse3) {
        detail::encode_uuid_ssse3(bytes_.data(), out);
        return out + uuid_size;
    }
#endif
    detail::encode_uuid_scalar(high(), low(), out);
    return out + uuid_size;
}

inline std::error_code parse(std::string_view text, ulid& out) noexcept {
    if (text.size() != encoded_size) return errc::data_size;
#if ULID_X86_SIMD
    if (detail::host_cpu.avx2) {
        byte_array bytes;  // NOLINT(cppcoreguidelines-pro-type-member-init): written on success
        if (const errc e = detail::decode_avx2(text.data(), bytes.data()); e != errc{}) return e;
        out = ulid::from_bytes(bytes);
        return detail::success();
    }
#endif
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    if (const errc e = detail::decode_scalar(text.data(), hi, lo); e != errc{}) return e;
    out = ulid::from_high_low(hi, lo);
    return detail::success();
}

namespace detail {

/// Not constexpr, on purpose: a "..."_ulid literal that reaches it is a
/// compile error naming it (C++20, or a constant expression in C++17);
/// elsewhere it throws must_parse()'s exception, explain()'s words and all.
[[noreturn]] inline void invalid_ulid_literal(std::string_view text, errc e) {
    (void)must_parse(text);
    throw_error(make_error_code(e));  // unreachable: must_parse() refuses what decode_scalar() refused
}

}  // namespace detail

ULID_CONSTEVAL ulid literals::operator""_ulid(const char* text, std::size_t size) {
    if (size != encoded_size) detail::invalid_ulid_literal(std::string_view(text, size), errc::data_size);
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    if (const errc e = detail::decode_scalar(text, hi, lo); e != errc{}) {
        detail::invalid_ulid_literal(std::string_view(text, size), e);
    }
    return ulid::from_high_low(hi, lo);
}

inline ulid must_parse(std::string_view text) {
    ulid id;
    if (const std::error_code ec = parse(text, id)) {
#if ULID_EXCEPTIONS
        throw error(ec, explain(text, text_form::ulid));
#else
        std::array<char, 128> why{};
        (void)explain(text, why.data(), why.size(), text_form::ulid);
        std::fprintf(stderr, "ulid: fatal error: %s: %s\n", why.data(), error_message(errc_of(ec)));
        std::abort();
#endif
    }
    return id;
}

namespace detail {

/// The canonical 36 characters at `text` into `out`; `out` unchanged on error.
[[nodiscard]] inline errc parse_canonical_uuid(const char* text, ulid& out) noexcept {
#if ULID_X86_SIMD
    if (host_cpu.ssse3) {
        byte_array bytes;  // NOLINT(cppcoreguidelines-pro-type-member-init): written on success
        if (const errc e = decode_uuid_ssse3(text, bytes.data()); e != errc{}) return e;
        out = ulid::from_bytes(bytes);
        return errc{};
    }
#endif
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    if (const errc e = decode_uuid_scalar(text, hi, lo); e != errc{}) return e;
    out = ulid::from_high_low(hi, lo);
    return errc{};
}

/// Why a text is not one of the UUID spellings, as uuid_spelling() finds it.
enum class uuid_layout_error {
    none,
    unclosed_brace,  ///< '{' first without '}' last
    misplaced_dash,  ///< a '-' not right after a group of four digits, or after the last
    extra_digit,     ///< more than 32 digits
    few_digits,      ///< fewer than 32 digits
};

/// Where and why uuid_spelling() rejected a text (`at` 0-based).
struct uuid_layout {
    uuid_layout_error error = uuid_layout_error::none;
    std::size_t at = 0;
    std::size_t digits = 0;
};

/// The one definition of the UUID spellings every surface accepts (C++
/// parse_uuid()/parse_any(), the tool, SQLite, PostgreSQL): those of
/// PostgreSQL's uuid_in (string_to_uuid() in src/backend/utils/adt/uuid.c),
/// 32 digits, optionally in braces, with at most one '-' after any group of
/// four but the last. Rewrites them into the canonical 8-4-4-4-12 layout in
/// `out`. Only the layout is checked; the digits are left to the canonical
/// decoder, which judges them as it judges canonical text.
[[nodiscard]] constexpr uuid_layout uuid_spelling(std::string_view in, std::array<char, uuid_size>& out) noexcept {
    constexpr std::size_t digits = 32;
    std::size_t first = 0;
    std::size_t end = in.size();
    if (!in.empty() && in.front() == '{') {
        if (in.size() < 2 || in.back() != '}') return {uuid_layout_error::unclosed_brace, 0, 0};
        first = 1;
        --end;
    }
    std::size_t d = 0;  // digits copied so far
    bool after_dash = false;
    for (std::size_t i = first; i < end; ++i) {
        const char c = in[i];
        if (c == '-') {
            if (after_dash || d == 0 || d % 4 != 0 || d >= digits) return {uuid_layout_error::misplaced_dash, i, d};
            after_dash = true;
            continue;
        }
        if (d == digits) return {uuid_layout_error::extra_digit, i, d};
        // The canonical form's dashes stand after digits 8, 12, 16 and 20.
        out[d + (d >= 8 ? 1U : 0U) + (d >= 12 ? 1U : 0U) + (d >= 16 ? 1U : 0U) + (d >= 20 ? 1U : 0U)] = c;
        ++d;
        after_dash = false;
    }
    if (d != digits) return {uuid_layout_error::few_digits, end, d};
    out[8] = out[13] = out[18] = out[23] = '-';
    return {};
}

/// The lengths a UUID spelling can have: 32 digits, up to 7 dashes, braces.
inline constexpr std::size_t uuid_min_size = 32;
inline constexpr std::size_t uuid_max_size = 41;

}  // namespace detail

inline std::error_code parse_uuid(std::string_view text, ulid& out) noexcept {
    if (text.size() == uuid_size && detail::parse_canonical_uuid(text.data(), out) == errc{}) return detail::success();
    if (text.size() < detail::uuid_min_size || text.size() > detail::uuid_max_size) return errc::data_size;
    std::array<char, uuid_size> canonical{};
    if (detail::uuid_spelling(text, canonical).error != detail::uuid_layout_error::none) {
        return errc::invalid_characters;
    }
    if (const errc e = detail::parse_canonical_uuid(canonical.data(), out); e != errc{}) return e;
    return detail::success();
}

inline std::error_code parse_any(std::string_view text, ulid& out) noexcept {
    if (text.size() == encoded_size) return parse(text, out);
    return parse_uuid(text, out);
}

inline std::error_code parse_any(std::string_view text, ulid& out, text_form& form) noexcept {
    form = text.size() == encoded_size ? text_form::ulid : text_form::uuid;
    return parse_any(text, out);
}

constexpr uuid_text canonical_uuid_spelling(std::string_view text) noexcept {
    std::array<char, uuid_size> canonical{};
    if (detail::uuid_spelling(text, canonical).error != detail::uuid_layout_error::none) return {};
    return uuid_text(std::string_view(canonical.data(), canonical.size()));
}

constexpr fixed_text<4> shown_char(char c) noexcept {
    switch (c) {
        case '\'':
            return fixed_text<4>("\\'");
        case '\\':
            return fixed_text<4>("\\\\");
        case '\0':
            return fixed_text<4>("\\0");
        case '\t':
            return fixed_text<4>("\\t");
        case '\n':
            return fixed_text<4>("\\n");
        case '\r':
            return fixed_text<4>("\\r");
        default:
            break;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F) return fixed_text<4>(std::string_view(&c, 1));
    const std::array<char, 4> escaped = {'\\', 'x', detail::hex_digits[u >> 4U], detail::hex_digits[u & 15U]};
    return fixed_text<4>(std::string_view(escaped.data(), escaped.size()));
}

namespace detail {

/// Writes into a caller's buffer of `size` bytes as snprintf does: at most
/// size - 1 characters and a NUL, counting the full length.
class bounded_writer {
public:
    bounded_writer(char* out, std::size_t size) noexcept
        : out_(out), size_(out == nullptr ? 0 : size), limit_(size_ == 0 ? 0 : size_ - 1) {}
    void put(char c) noexcept {
        // Against a bound fixed at construction: g++ 12 at -O3 (s390x) took
        // `length_ + 1 < size_` for a possible write at offset -1.
        if (length_ < limit_) out_[length_] = c;
        ++length_;
    }
    void put(std::string_view s) noexcept {
        for (const char c : s) put(c);
    }
    void put_number(std::size_t n) noexcept {
        std::array<char, 20> digits{};
        std::size_t k = 0;
        do {
            digits[k++] = static_cast<char>('0' + n % 10);
            n /= 10;
        } while (n != 0);
        while (k > 0) put(digits[--k]);
    }
    /// A character in quotes, visible whatever it is (shown_char()): a
    /// CRLF file's '\r' must not vanish in a terminal.
    void put_shown(char c) noexcept {
        put('\'');
        put(shown_char(c).view());
        put('\'');
    }
    [[nodiscard]] std::size_t finish() noexcept {
        if (size_ > 0) out_[length_ < size_ ? length_ : size_ - 1] = '\0';
        return length_;
    }

private:
    char* out_;
    std::size_t size_;
    std::size_t limit_;  // the characters that fit before the terminating '\0'
    std::size_t length_ = 0;
};

inline void explain_length(bounded_writer& w, std::size_t got, text_form form) noexcept {
    w.put("got ");
    w.put_number(got);
    w.put(got == 1 ? " character, expected " : " characters, expected ");
    switch (form) {
        case text_form::ulid:
            w.put("26");
            break;
        // Every length a UUID spelling can have, not only the usual 36.
        case text_form::uuid:
            w.put("32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)");
            break;
        case text_form::any:
            w.put("26 (ULID) or 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)");
            break;
        case text_form::type_id:
            w.put("a TypeID");
            break;
    }
}

/// Whether `input` starts with "urn:uuid:" in any case (RFC 9562 section 4's
/// URN, RFC 8141's case-insensitive "urn" and namespace).
[[nodiscard]] constexpr bool is_uuid_urn(std::string_view input) noexcept {
    constexpr std::string_view urn = "urn:uuid:";
    if (input.size() < urn.size()) return false;
    for (std::size_t i = 0; i < urn.size(); ++i) {
        const char c = input[i];
        if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != urn[i]) return false;
    }
    return true;
}

inline void explain_ulid(bounded_writer& w, std::string_view input) noexcept {
    for (std::size_t i = 0; i < input.size(); ++i) {
        if (decode_table[static_cast<unsigned char>(input[i])] == invalid_digit) {
            w.put_shown(input[i]);
            w.put(" at position ");
            w.put_number(i + 1);
            w.put(" is not a Crockford base32 character");
            return;
        }
    }
    if (decode_table[static_cast<unsigned char>(input[0])] > 7) {
        w.put("first character ");
        w.put_shown(input[0]);
        w.put(" is above '7': the value would exceed 128 bits");
    }
}

inline void explain_uuid_canonical(bounded_writer& w, std::string_view input) noexcept {
    for (std::size_t i = 0; i < input.size(); ++i) {
        const bool dash = is_uuid_dash_position(i);
        if (dash ? input[i] == '-' : hex_table[static_cast<unsigned char>(input[i])] != invalid_digit) continue;
        w.put_shown(input[i]);
        w.put(" at position ");
        w.put_number(i + 1);
        w.put(dash ? " is not '-'" : " is not a hexadecimal digit");
        return;
    }
}

/// explain() for the UUID form, every spelling of uuid_spelling(); positions
/// count in the input as given.
// NOLINTNEXTLINE(readability-function-cognitive-complexity): one flat check per rule, in explain()'s order
inline void explain_uuid(bounded_writer& w, std::string_view input) noexcept {
    std::array<char, uuid_size> canonical{};
    const uuid_layout layout = uuid_spelling(input, canonical);
    if (layout.error == uuid_layout_error::none) {
        // The layout holds: the first character that is not a digit.
        const bool braced = input.front() == '{';
        for (std::size_t i = braced ? 1U : 0U; i < input.size() - (braced ? 1U : 0U); ++i) {
            if (input[i] == '-' || hex_table[static_cast<unsigned char>(input[i])] != invalid_digit) continue;
            w.put_shown(input[i]);
            w.put(" at position ");
            w.put_number(i + 1);
            w.put(" is not a hexadecimal digit");
            return;
        }
        return;
    }
    // The canonical layout's own words where it was meant: its length, or
    // its four dashes without braces.
    if (input.size() == uuid_size && input.front() != '{') return explain_uuid_canonical(w, input);
    // A character no spelling has anywhere comes before the layout's faults.
    for (std::size_t i = 0; i < input.size(); ++i) {
        const char c = input[i];
        const bool brace = (c == '{' && i == 0) || (c == '}' && i + 1 == input.size());
        if (brace || c == '-' || hex_table[static_cast<unsigned char>(c)] != invalid_digit) continue;
        w.put_shown(c);
        w.put(" at position ");
        w.put_number(i + 1);
        w.put(" is not a hexadecimal digit");
        return;
    }
    const bool digit_count =
        layout.error == uuid_layout_error::few_digits || layout.error == uuid_layout_error::extra_digit;
    std::size_t dashes = 0;
    for (const char c : input) dashes += c == '-' ? 1U : 0U;
    if (digit_count && dashes == 4 && input.front() != '{') {
        // The 8-4-4-4-12 form was meant, whose one length is 36.
        w.put("got ");
        w.put_number(input.size());
        w.put(" characters, expected 36 (a UUID with four dashes)");
        return;
    }
    switch (layout.error) {
        case uuid_layout_error::unclosed_brace:
            w.put("the '{' at position 1 is not closed by a '}' at the end");
            return;
        case uuid_layout_error::misplaced_dash:
            w.put("'-' at position ");
            w.put_number(layout.at + 1);
            w.put(" is out of place: a UUID allows one '-' after a group of four hexadecimal digits");
            return;
        case uuid_layout_error::extra_digit:
            w.put_shown(input[layout.at]);
            w.put(" at position ");
            w.put_number(layout.at + 1);
            w.put(" is past a UUID's 32 hexadecimal digits");
            return;
        case uuid_layout_error::few_digits:
        case uuid_layout_error::none:
            w.put("got ");
            w.put_number(layout.digits);
            w.put(" hexadecimal digits, expected 32 (a UUID)");
            return;
    }
}

}  // namespace detail

inline std::size_t explain(std::string_view input, char* out, std::size_t size, text_form form) noexcept {
    if (form == text_form::type_id) return detail::explain_type_id(input, nullptr, out, size);
    detail::bounded_writer w(out, size);
    // The URN is not one of the spellings every surface reads (PostgreSQL's
    // uuid_in refuses it), so it is named rather than read.
    if (form != text_form::ulid && detail::is_uuid_urn(input)) {
        w.put("a UUID URN: give the UUID without its 'urn:uuid:' prefix");
        return w.finish();
    }
    const bool uuid_length = input.size() >= detail::uuid_min_size && input.size() <= detail::uuid_max_size;
    const bool as_ulid = form == text_form::ulid || (form == text_form::any && input.size() == encoded_size);
    const bool as_uuid = form == text_form::uuid || (form == text_form::any && uuid_length);
    if (as_ulid && input.size() == encoded_size) {
        detail::explain_ulid(w, input);
    } else if (as_uuid && uuid_length) {
        detail::explain_uuid(w, input);
    } else {
        detail::explain_length(w, input.size(), form);
    }
    return w.finish();
}

inline std::string explain(std::string_view input, text_form form) {
    std::array<char, 96> buffer{};
    const std::size_t n = explain(input, buffer.data(), buffer.size(), form);
    if (n < buffer.size()) return std::string(buffer.data(), n);
    std::string message(n, '\0');
    (void)explain(input, message.data(), n + 1, form);
    return message;
}

namespace detail {

/// The form explain(input) explains against (see there).
[[nodiscard]] constexpr text_form likely_form(std::string_view input) noexcept {
    constexpr std::size_t npos = std::string_view::npos;
    if (input.size() == encoded_size) return text_form::ulid;
    if (input.find('_') != npos) return text_form::type_id;
    if (is_uuid_urn(input) || input.find('-') != npos || input.find('{') != npos || input.size() >= 31)
        return text_form::uuid;
    return text_form::ulid;
}

}  // namespace detail

inline std::size_t explain(std::string_view input, char* out, std::size_t size) noexcept {
    return explain(input, out, size, detail::likely_form(input));
}

inline std::string explain(std::string_view input) { return explain(input, detail::likely_form(input)); }

inline std::size_t explain_length(std::size_t length, text_form form, char* out, std::size_t size) noexcept {
    detail::bounded_writer w(out, size);
    detail::explain_length(w, length, form);
    return w.finish();
}

}  // namespace ulid
#endif  // ULID_DETAIL_CODEC_HPP
