// The baseline the codec targets are judged against: a plain table-driven,
// unrolled byte-wise encoder and a non-validating decoder, the scheme of
// oklog/ulid and NUlid. The shifts were generated mechanically from the bit
// layout; the benchmark checks both against the library before timing.
#pragma once

#include <array>
#include <cstdint>

namespace baseline {

inline constexpr char table[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

inline constexpr std::array<std::uint8_t, 256> decode_table = [] {
    std::array<std::uint8_t, 256> d{};
    for (auto& v : d) v = 0xFF;
    for (std::uint8_t i = 0; i < 32; ++i) {
        d[static_cast<unsigned char>(table[i])] = i;
        if (table[i] >= 'A') d[static_cast<unsigned char>(table[i] + 32)] = i;
    }
    return d;
}();

inline void encode(const std::uint8_t* b, char* out) noexcept {
    out[0] = table[((b[0] & 0xE0U) >> 5U)];
    out[1] = table[(b[0] & 0x1FU)];
    out[2] = table[((b[1] & 0xF8U) >> 3U)];
    out[3] = table[((b[1] & 0x07U) << 2U) | ((b[2] & 0xC0U) >> 6U)];
    out[4] = table[((b[2] & 0x3EU) >> 1U)];
    out[5] = table[((b[2] & 0x01U) << 4U) | ((b[3] & 0xF0U) >> 4U)];
    out[6] = table[((b[3] & 0x0FU) << 1U) | ((b[4] & 0x80U) >> 7U)];
    out[7] = table[((b[4] & 0x7CU) >> 2U)];
    out[8] = table[((b[4] & 0x03U) << 3U) | ((b[5] & 0xE0U) >> 5U)];
    out[9] = table[(b[5] & 0x1FU)];
    out[10] = table[((b[6] & 0xF8U) >> 3U)];
    out[11] = table[((b[6] & 0x07U) << 2U) | ((b[7] & 0xC0U) >> 6U)];
    out[12] = table[((b[7] & 0x3EU) >> 1U)];
    out[13] = table[((b[7] & 0x01U) << 4U) | ((b[8] & 0xF0U) >> 4U)];
    out[14] = table[((b[8] & 0x0FU) << 1U) | ((b[9] & 0x80U) >> 7U)];
    out[15] = table[((b[9] & 0x7CU) >> 2U)];
    out[16] = table[((b[9] & 0x03U) << 3U) | ((b[10] & 0xE0U) >> 5U)];
    out[17] = table[(b[10] & 0x1FU)];
    out[18] = table[((b[11] & 0xF8U) >> 3U)];
    out[19] = table[((b[11] & 0x07U) << 2U) | ((b[12] & 0xC0U) >> 6U)];
    out[20] = table[((b[12] & 0x3EU) >> 1U)];
    out[21] = table[((b[12] & 0x01U) << 4U) | ((b[13] & 0xF0U) >> 4U)];
    out[22] = table[((b[13] & 0x0FU) << 1U) | ((b[14] & 0x80U) >> 7U)];
    out[23] = table[((b[14] & 0x7CU) >> 2U)];
    out[24] = table[((b[14] & 0x03U) << 3U) | ((b[15] & 0xE0U) >> 5U)];
    out[25] = table[(b[15] & 0x1FU)];
}

/// Decodes 26 characters without validating them (invalid input gives
/// undefined bytes, as the reference's lenient Parse does).
inline void decode(const char* s, std::uint8_t* out) noexcept {
    const auto& d = decode_table;
    out[0] =
        static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[0])] << 5U) | d[static_cast<unsigned char>(s[1])]);
    out[1] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[2])] << 3U) |
                                       (d[static_cast<unsigned char>(s[3])] >> 2U));
    out[2] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[3])] << 6U) |
                                       (d[static_cast<unsigned char>(s[4])] << 1U) |
                                       (d[static_cast<unsigned char>(s[5])] >> 4U));
    out[3] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[5])] << 4U) |
                                       (d[static_cast<unsigned char>(s[6])] >> 1U));
    out[4] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[6])] << 7U) |
                                       (d[static_cast<unsigned char>(s[7])] << 2U) |
                                       (d[static_cast<unsigned char>(s[8])] >> 3U));
    out[5] =
        static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[8])] << 5U) | d[static_cast<unsigned char>(s[9])]);
    out[6] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[10])] << 3U) |
                                       (d[static_cast<unsigned char>(s[11])] >> 2U));
    out[7] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[11])] << 6U) |
                                       (d[static_cast<unsigned char>(s[12])] << 1U) |
                                       (d[static_cast<unsigned char>(s[13])] >> 4U));
    out[8] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[13])] << 4U) |
                                       (d[static_cast<unsigned char>(s[14])] >> 1U));
    out[9] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[14])] << 7U) |
                                       (d[static_cast<unsigned char>(s[15])] << 2U) |
                                       (d[static_cast<unsigned char>(s[16])] >> 3U));
    out[10] =
        static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[16])] << 5U) | d[static_cast<unsigned char>(s[17])]);
    out[11] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[18])] << 3U) |
                                        (d[static_cast<unsigned char>(s[19])] >> 2U));
    out[12] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[19])] << 6U) |
                                        (d[static_cast<unsigned char>(s[20])] << 1U) |
                                        (d[static_cast<unsigned char>(s[21])] >> 4U));
    out[13] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[21])] << 4U) |
                                        (d[static_cast<unsigned char>(s[22])] >> 1U));
    out[14] = static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[22])] << 7U) |
                                        (d[static_cast<unsigned char>(s[23])] << 2U) |
                                        (d[static_cast<unsigned char>(s[24])] >> 3U));
    out[15] =
        static_cast<std::uint8_t>((d[static_cast<unsigned char>(s[24])] << 5U) | d[static_cast<unsigned char>(s[25])]);
}

}  // namespace baseline
