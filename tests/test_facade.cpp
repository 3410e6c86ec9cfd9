// Private IDs (<ulid/facade.hpp>): the UUIDv4 facade of a UUIDv7 (UUIDv47).
// UUIDv47's published vectors; an independent oracle written here from the
// SipHash paper and UUIDv47's description (byte by byte, unlike the header's
// word-wise code), checked against the paper's vector and then against the
// header on random IDs and keys; round trips of a million IDs; wrong keys;
// errors that write nothing; the key's parsing; TypeIDs; static checks.
#include "catch.hpp"
#include "support.hpp"

#include <ulid/facade.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

// ---------------------------------------------------------------------------
// The oracle
// ---------------------------------------------------------------------------

/// SipHash-2-4 of any message, as the paper (Aumasson and Bernstein, "SipHash:
/// a fast short-input PRF", 2012) describes it: the key and the message as
/// little-endian words, the last word holding the remaining bytes and the
/// length mod 256 in its top byte, c = 2 rounds a word, d = 4 at the end.
std::uint64_t oracle_siphash24(const std::array<std::uint8_t, 16>& key, const std::vector<std::uint8_t>& message) {
    const auto word = [](const std::uint8_t* p, std::size_t n) {
        std::uint64_t w = 0;
        for (std::size_t i = 0; i < n; ++i) w += static_cast<std::uint64_t>(p[i]) << (8 * i);
        return w;
    };
    const auto rotl = [](std::uint64_t x, int b) { return (x << b) | (x >> (64 - b)); };
    const std::uint64_t k0 = word(key.data(), 8);
    const std::uint64_t k1 = word(key.data() + 8, 8);
    std::array<std::uint64_t, 4> v{k0 ^ 0x736f6d6570736575ULL, k1 ^ 0x646f72616e646f6dULL, k0 ^ 0x6c7967656e657261ULL,
                                   k1 ^ 0x7465646279746573ULL};
    const auto sip_round = [&] {
        v[0] += v[1];
        v[2] += v[3];
        v[1] = rotl(v[1], 13);
        v[3] = rotl(v[3], 16);
        v[1] ^= v[0];
        v[3] ^= v[2];
        v[0] = rotl(v[0], 32);
        v[2] += v[1];
        v[0] += v[3];
        v[1] = rotl(v[1], 17);
        v[3] = rotl(v[3], 21);
        v[1] ^= v[2];
        v[3] ^= v[0];
        v[2] = rotl(v[2], 32);
    };
    std::vector<std::uint64_t> words;
    const std::size_t full = message.size() / 8;
    for (std::size_t i = 0; i < full; ++i) words.push_back(word(message.data() + 8 * i, 8));
    words.push_back(word(message.data() + 8 * full, message.size() % 8) |
                    (static_cast<std::uint64_t>(message.size() & 0xFF) << 56));
    for (const std::uint64_t m : words) {
        v[3] ^= m;
        sip_round();
        sip_round();
        v[0] ^= m;
    }
    v[2] ^= 0xFF;
    for (int i = 0; i < 4; ++i) sip_round();
    return v[0] ^ v[1] ^ v[2] ^ v[3];
}

/// UUIDv47's transform spelled out on the 16 bytes: the 10-byte message
/// [b6 & 0x0F, b7, b8 & 0x3F, b9..b15], the mask its SipHash's low 48 bits,
/// XORed big-endian into bytes 0-5, then the version nibble and the variant.
std::array<std::uint8_t, 16> oracle_transform(std::array<std::uint8_t, 16> b, const std::array<std::uint8_t, 16>& key,
                                              int version) {
    std::vector<std::uint8_t> message{static_cast<std::uint8_t>(b[6] & 0x0F), b[7],
                                      static_cast<std::uint8_t>(b[8] & 0x3F)};
    for (std::size_t i = 9; i < 16; ++i) message.push_back(b[i]);
    const std::uint64_t mask = oracle_siphash24(key, message) & 0xFFFFFFFFFFFFULL;
    for (std::size_t i = 0; i < 6; ++i) b[i] = static_cast<std::uint8_t>(b[i] ^ ((mask >> (8 * (5 - i))) & 0xFF));
    b[6] = static_cast<std::uint8_t>((b[6] & 0x0F) | (version << 4));
    b[8] = static_cast<std::uint8_t>((b[8] & 0x3F) | 0x80);
    return b;
}

std::array<std::uint8_t, 16> key_bytes(std::uint64_t k0, std::uint64_t k1) {
    std::array<std::uint8_t, 16> key{};
    for (std::size_t i = 0; i < 8; ++i) {
        key[i] = static_cast<std::uint8_t>(k0 >> (8 * i));
        key[8 + i] = static_cast<std::uint8_t>(k1 >> (8 * i));
    }
    return key;
}

/// Random 16 bytes made a UUIDv7 (version 7, variant 10), every other bit random.
ulid::ulid random_v7(std::mt19937_64& rng) { return ulid::to_uuidv7(test::random_ulid(rng)); }

/// The ID a UUID text spells (a test's own literal: it must parse).
ulid::ulid from_uuid(std::string_view text) {
    ulid::ulid id;
    REQUIRE_FALSE(ulid::parse_uuid(text, id));
    return id;
}

const ulid::ulid sentinel = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");

struct user_tag {
    static constexpr std::string_view prefix = "user";
};

template <class T, class = void>
struct streamable : std::false_type {};
template <class T>
struct streamable<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};

}  // namespace

TEST_CASE("the oracle's SipHash-2-4 gives the paper's vector and UUIDv47's", "[facade]") {
    std::array<std::uint8_t, 16> key{};
    for (std::size_t i = 0; i < 16; ++i) key[i] = static_cast<std::uint8_t>(i);
    std::vector<std::uint8_t> message;
    for (int i = 0; i < 15; ++i) message.push_back(static_cast<std::uint8_t>(i));
    // The SipHash paper, Appendix A: key 00..0f, message 00..0e.
    REQUIRE(oracle_siphash24(key, message) == 0xa129ca6149be45e5ULL);

    // UUIDv47's tests.c (test_siphash_switch_and_vectors_subset), github.com/stateless-me/uuidv47
    // at 81ba63f, MIT: key 00..0f, message 00..(len-1) for len 0..12, as little-endian words.
    const std::uint64_t want[13] = {0x726fdb47dd0e0e31, 0x74f839c593dc67fd, 0x0d6c8009d9a94f5a, 0x85676696d7fb7e2d,
                                    0xcf2794e0277187b7, 0x18765564cd99a68d, 0xcbc9466e58fee3ce, 0xab0200f58b01d137,
                                    0x93f5f5799a932462, 0x9e0082df0ba9e4b0, 0x7a5dbbc594ddb9f3, 0xf4b32f46226bada7,
                                    0x751e8fbc860ee5fb};
    for (std::size_t len = 0; len < 13; ++len) {
        INFO(len);
        REQUIRE(oracle_siphash24(key, std::vector<std::uint8_t>(message.data(), message.data() + len)) == want[len]);
    }
}

namespace {
// UUIDv47's facades: from the Go port github.com/n2p5/uuid47 (uuid47_test.go, TestExactCCompatibility, at
// 48f3e0d, MIT), "generated from the C implementation" (stateless-me/uuidv47): the first is UUIDv47's
// demo.c, the third to fifth its tests.c's round-trip inputs 0-2. Key {k0, k1} as uuidv47_key_t.
constexpr ulid::facade_key uuidv47_key(0x0123456789abcdefULL, 0xfedcba9876543210ULL);
const std::pair<const char*, const char*> uuidv47_vectors[] = {
    {"018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f", "2463c780-7fca-4def-8c3f-7b1a2c4d5e6f"},
    {"00000000-0000-7000-8000-000000000000", "22d97126-9609-4000-8000-000000000000"},
    {"00000000-007b-7aaa-8123-456789abcdef", "b108050e-46b6-4aaa-8123-456789abcdef"},
    {"00000010-007b-7aad-9032-547698badcfe", "bc75bd50-97ef-4aad-9032-547698badcfe"},
    {"00000020-007b-7aa4-a301-6745ab89efcd", "a3e09c87-bf85-4aa4-a301-6745ab89efcd"},
};
}  // namespace

TEST_CASE("to_facade and from_facade give UUIDv47's published vectors, and so does the oracle", "[facade]") {
    for (const auto& [v7_text, facade_text] : uuidv47_vectors) {
        INFO(v7_text);
        const ulid::ulid v7 = from_uuid(v7_text);
        const ulid::ulid want = from_uuid(facade_text);
        ulid::ulid facade;
        REQUIRE_FALSE(ulid::to_facade(v7, uuidv47_key, facade));
        REQUIRE(facade == want);
        REQUIRE(std::string(facade.encode_uuid().view()) == facade_text);
        ulid::ulid back;
        REQUIRE_FALSE(ulid::from_facade(facade, uuidv47_key, back));
        REQUIRE(back == v7);
        const auto key = key_bytes(0x0123456789abcdefULL, 0xfedcba9876543210ULL);
        REQUIRE(oracle_transform(v7.bytes(), key, 4) == want.bytes());
        REQUIRE(oracle_transform(want.bytes(), key, 7) == v7.bytes());
    }
}

TEST_CASE("the transform is constexpr (C++17): UUIDv47's demo vector at compile time", "[facade]") {
    constexpr ulid::ulid v7 = ulid::ulid::from_high_low(0x018f2d9f9a2a7defULL, 0x8c3f7b1a2c4d5e6fULL);
    constexpr ulid::ulid facade = ulid::detail::facade_transform(v7, uuidv47_key, 4);
    STATIC_REQUIRE(facade == ulid::ulid::from_high_low(0x2463c7807fca4defULL, 0x8c3f7b1a2c4d5e6fULL));
    STATIC_REQUIRE(ulid::detail::facade_transform(facade, uuidv47_key, 7) == v7);
    constexpr std::uint8_t raw[16] = {0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01,
                                      0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe};
    STATIC_REQUIRE(ulid::facade_key::from_bytes(raw) == uuidv47_key);
    STATIC_REQUIRE(ulid::facade_key::from_bytes(uuidv47_key.bytes()) == uuidv47_key);
    STATIC_REQUIRE(noexcept(ulid::to_facade(v7, uuidv47_key, std::declval<ulid::ulid&>())));
    STATIC_REQUIRE(noexcept(ulid::from_facade(v7, uuidv47_key, std::declval<ulid::ulid&>())));
    STATIC_REQUIRE(noexcept(ulid::facade_key::parse("", std::declval<ulid::facade_key&>())));
    STATIC_REQUIRE(noexcept(ulid::facade_key::generate(std::declval<ulid::facade_key&>())));
    STATIC_REQUIRE(std::is_trivially_copyable_v<ulid::facade_key>);
    STATIC_REQUIRE(sizeof(ulid::facade_key) == 16);
    // A secret: no operator<< (and so no text in a log line through iostreams).
    STATIC_REQUIRE_FALSE(streamable<ulid::facade_key>::value);
    STATIC_REQUIRE(streamable<ulid::ulid>::value);
}

TEST_CASE("the header agrees with the oracle on random IDs under many keys, both ways", "[facade]") {
    std::mt19937_64 rng(47);
    std::array<std::uint8_t, 16> key{};
    ulid::facade_key k;
    int checked = 0;
    for (int i = 0; i < 120000; ++i) {
        if (i % 64 == 0) {
            key = test::random_bytes(rng);
            k = ulid::facade_key::from_bytes(key);
        }
        const ulid::ulid v7 = random_v7(rng);
        ulid::ulid facade;
        ulid::ulid back;
        if (ulid::to_facade(v7, k, facade) || facade.bytes() != oracle_transform(v7.bytes(), key, 4)) {
            FAIL("to_facade differs from the oracle on " << v7.encode_uuid().view());
        }
        // Any version-4 RFC ID decodes, not only the facades made here.
        const ulid::ulid v4 = ulid::ulid::from_high_low((v7.high() & ~0xF000ULL) | 0x4000U, v7.low());
        if (ulid::from_facade(v4, k, back) || back.bytes() != oracle_transform(v4.bytes(), key, 7)) {
            FAIL("from_facade differs from the oracle on " << v4.encode_uuid().view());
        }
        ++checked;
    }
    REQUIRE(checked == 120000);
}

TEST_CASE("a million IDs round-trip, each facade an RFC version 4 UUID", "[facade]") {
    std::mt19937_64 rng(4747);
    ulid::facade_key key;
    std::size_t time_kept = 0;
    std::size_t failures = 0;
    for (int i = 0; i < 1000000; ++i) {
        if (i % 1000 == 0) key = ulid::facade_key::from_bytes(test::random_bytes(rng));
        const ulid::ulid v7 = i % 2 == 0 ? ulid::make_v7() : random_v7(rng);
        ulid::ulid facade;
        ulid::ulid back;
        const bool ok = !ulid::to_facade(v7, key, facade) && facade.uuid_version() == 4 && facade.low() >> 62U == 2 &&
                        facade.bytes()[6] >> 4U == 4 &&
                        std::equal(v7.bytes().begin() + 7, v7.bytes().end(), facade.bytes().begin() + 7) &&
                        !ulid::from_facade(facade, key, back) && back == v7;
        if (!ok && failures++ < 5) {
            FAIL_CHECK("no round trip for " << v7.encode_uuid().view() << " -> " << facade.encode_uuid().view()
                                            << " -> " << back.encode_uuid().view());
        }
        time_kept += static_cast<std::size_t>(facade.time() == v7.time());
    }
    REQUIRE(failures == 0);
    // The time is masked by 48 pseudo-random bits: kept by chance about 2^-48 of the time.
    REQUIRE(time_kept == 0);

    // The text: "xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx".
    for (int i = 0; i < 1000; ++i) {
        ulid::ulid facade;
        REQUIRE_FALSE(ulid::to_facade(ulid::make_v7(), key, facade));
        const std::string text(facade.encode_uuid().view());
        REQUIRE(text.size() == 36);
        REQUIRE(text[14] == '4');
        REQUIRE(std::string("89ab").find(text[19]) != std::string::npos);
    }
}

TEST_CASE("in place: out may be the input", "[facade]") {
    const ulid::ulid v7 = from_uuid("018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f");
    ulid::ulid id = v7;
    REQUIRE_FALSE(ulid::to_facade(id, uuidv47_key, id));
    REQUIRE(id == from_uuid("2463c780-7fca-4def-8c3f-7b1a2c4d5e6f"));
    REQUIRE_FALSE(ulid::from_facade(id, uuidv47_key, id));
    REQUIRE(id == v7);
}

TEST_CASE("a wrong key never gives back the original, only another UUIDv7", "[facade]") {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20000; ++i) {
        const auto right = test::random_bytes(rng);
        auto near = right;
        near[static_cast<std::size_t>(rng() % 16)] ^= static_cast<std::uint8_t>(1U << (rng() % 8));
        const ulid::ulid v7 = i % 2 == 0 ? ulid::make_v7() : random_v7(rng);
        ulid::ulid facade;
        REQUIRE_FALSE(ulid::to_facade(v7, ulid::facade_key::from_bytes(right), facade));
        for (const auto& wrong : {near, test::random_bytes(rng)}) {
            ulid::ulid back;
            REQUIRE_FALSE(ulid::from_facade(facade, ulid::facade_key::from_bytes(wrong), back));
            if (back == v7) FAIL("a wrong key decoded " << v7.encode_uuid().view());
            REQUIRE(back.is_uuidv7());
            REQUIRE(back.uuid_version() == 7);
            // Only the time differs: the random bits are not encrypted.
            REQUIRE(back.low() == v7.low());
            REQUIRE((back.high() & 0xFFFFU) == (v7.high() & 0xFFFFU));
        }
    }
}

TEST_CASE("an input of the wrong kind gives errc::wrong_version and writes nothing", "[facade][errors]") {
    std::mt19937_64 rng(11);
    std::size_t classic = 0;
    for (int i = 0; i < 10000; ++i) {
        const ulid::ulid any = test::random_ulid(rng);
        ulid::ulid out = sentinel;
        const std::error_code to = ulid::to_facade(any, uuidv47_key, out);
        if (any.is_uuidv7()) {
            REQUIRE_FALSE(to);
        } else {
            ++classic;
            REQUIRE(to == ulid::errc::wrong_version);
            REQUIRE(out == sentinel);
        }
        out = sentinel;
        const std::error_code from = ulid::from_facade(any, uuidv47_key, out);
        if (any.uuid_version() == 4 && any.low() >> 62U == 2) {
            REQUIRE_FALSE(from);
        } else {
            REQUIRE(from == ulid::errc::wrong_version);
            REQUIRE(out == sentinel);
        }
    }
    REQUIRE(classic > 9000);

    const ulid::ulid v7 = ulid::make_v7();
    ulid::ulid facade;
    REQUIRE_FALSE(ulid::to_facade(v7, uuidv47_key, facade));
    const std::pair<ulid::ulid, bool> cases[] = {
        {ulid::ulid::nil(), true},                                                           // version 0
        {(ulid::ulid::max)(), true},                                                         // version 15
        {ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV"), true},                              // a classic ULID
        {ulid::ulid::from_high_low(v7.high(), v7.low() | (std::uint64_t{3} << 62)), true},   // v7, variant 11
        {ulid::ulid::from_high_low(v7.high(), v7.low() & ~(std::uint64_t{1} << 63)), true},  // v7, variant 0x
        {facade, true},                                                                      // a facade is not a v7
        {ulid::ulid::from_high_low(facade.high(), facade.low() | (std::uint64_t{3} << 62)), false},
        {ulid::ulid::from_high_low(facade.high(), facade.low() & ~(std::uint64_t{1} << 63)), false},
        {v7, false},  // a v7 is not a facade
    };
    for (const auto& [input, for_to] : cases) {
        INFO(input.encode_uuid().view());
        ulid::ulid out = sentinel;
        REQUIRE((for_to ? ulid::to_facade(input, uuidv47_key, out) : ulid::from_facade(input, uuidv47_key, out)) ==
                ulid::errc::wrong_version);
        REQUIRE(out == sentinel);
    }
    REQUIRE(std::error_code(ulid::errc::wrong_version).message() == ulid::error_message(ulid::errc::wrong_version));
}

TEST_CASE("facade_key: 32 hex digits as k0 || k1 little-endian, as UUIDv47's PostgreSQL extension", "[facade]") {
    // UUIDv47's test_uuid47.sql holds key '0011223344556677:8899aabbccddeeff' equal to the bytea
    // '\x00112233445566778899aabbccddeeff', which its key_from_bytea reads as two little-endian words.
    ulid::facade_key key;
    REQUIRE_FALSE(ulid::facade_key::parse("00112233445566778899aabbccddeeff", key));
    REQUIRE(key == ulid::facade_key(0x7766554433221100ULL, 0xffeeddccbbaa9988ULL));
    ulid::facade_key upper;
    REQUIRE_FALSE(ulid::facade_key::parse("00112233445566778899AABBCCDDEEFF", upper));
    REQUIRE(upper == key);
    const ulid::byte_array bytes = key.bytes();
    for (std::size_t i = 0; i < 16; ++i) REQUIRE(bytes[i] == static_cast<std::uint8_t>(0x11 * i));
    REQUIRE(ulid::facade_key::from_bytes(bytes) == key);
    ulid::facade_key demo;
    REQUIRE_FALSE(ulid::facade_key::parse("efcdab89674523011032547698badcfe", demo));
    REQUIRE(demo == uuidv47_key);

    const ulid::facade_key untouched(1, 2);
    const std::pair<std::string, ulid::errc> bad[] = {
        {"", ulid::errc::data_size},
        {"00112233445566778899aabbccddeef", ulid::errc::data_size},
        {"00112233445566778899aabbccddeeff0", ulid::errc::data_size},
        {"0x00112233445566778899aabbccddeeff", ulid::errc::data_size},
        {"0011223344556677:8899aabbccddeeff", ulid::errc::data_size},
        {"00112233445566778899aabbccddeefg", ulid::errc::invalid_characters},
        {"g0112233445566778899aabbccddeeff", ulid::errc::invalid_characters},
        {"00112233-4455-6677-8899-aabbccdd", ulid::errc::invalid_characters},
        {"0011223344556677 8899aabbccddeef", ulid::errc::invalid_characters},
        {std::string("00112233445566778899aabbccddee\0f", 32), ulid::errc::invalid_characters},
        {std::string("00112233445566778899aabbccddee\xc3\xa9", 32), ulid::errc::invalid_characters},
    };
    for (const auto& [text, want] : bad) {
        INFO(text);
        ulid::facade_key out = untouched;
        REQUIRE(ulid::facade_key::parse(text, out) == want);
        REQUIRE(out == untouched);
    }
    // Every character that is not a hex digit, at every position.
    for (int c = 0; c < 256; ++c) {
        const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        for (std::size_t at = 0; at < 32; at += 7) {
            std::string text(32, 'a');
            text[at] = static_cast<char>(c);
            ulid::facade_key out = untouched;
            const std::error_code ec = ulid::facade_key::parse(text, out);
            REQUIRE(static_cast<bool>(ec) == !hex);
            if (!hex) REQUIRE(out == untouched);
        }
    }
}

TEST_CASE("facade_key::generate() gives a fresh key from the operating system", "[facade]") {
    ulid::facade_key a;
    ulid::facade_key b;
    REQUIRE_FALSE(ulid::facade_key::generate(a));
    REQUIRE_FALSE(ulid::facade_key::generate(b));
    REQUIRE(a != ulid::facade_key());
    REQUIRE(a != b);
    const ulid::ulid v7 = ulid::make_v7();
    ulid::ulid fa;
    ulid::ulid fb;
    REQUIRE_FALSE(ulid::to_facade(v7, a, fa));
    REQUIRE_FALSE(ulid::to_facade(v7, b, fb));
    REQUIRE(fa != fb);
}

TEST_CASE("TypeIDs: the facade keeps the prefix and hides the time", "[facade][typeid]") {
    const auto user = ulid::typed_id<user_tag>::make();
    ulid::typed_id<user_tag> shown;
    REQUIRE_FALSE(ulid::to_facade(user, uuidv47_key, shown));
    REQUIRE(shown.id().uuid_version() == 4);
    ulid::ulid plain;
    REQUIRE_FALSE(ulid::to_facade(user.id(), uuidv47_key, plain));
    REQUIRE(shown.id() == plain);
    const std::string text(shown.encode().view());
    REQUIRE(text.rfind("user_", 0) == 0);
    ulid::typed_id<user_tag> parsed;
    REQUIRE_FALSE(ulid::parse(text, parsed));
    ulid::typed_id<user_tag> back;
    REQUIRE_FALSE(ulid::from_facade(parsed, uuidv47_key, back));
    REQUIRE(back == user);

    ulid::typed_id<user_tag> out(sentinel);
    REQUIRE(ulid::to_facade(ulid::typed_id<user_tag>(sentinel), uuidv47_key, out) == ulid::errc::wrong_version);
    REQUIRE(ulid::from_facade(user, uuidv47_key, out) == ulid::errc::wrong_version);
    REQUIRE(out.id() == sentinel);

    ulid::type_id order;
    REQUIRE_FALSE(ulid::make_type_id("order_line", order));
    ulid::type_id order_shown;
    REQUIRE_FALSE(ulid::to_facade(order, uuidv47_key, order_shown));
    REQUIRE(order_shown.prefix() == "order_line");
    REQUIRE(order_shown.id().uuid_version() == 4);
    ulid::type_id order_back;
    REQUIRE_FALSE(ulid::from_facade(order_shown, uuidv47_key, order_back));
    REQUIRE(order_back == order);
    ulid::type_id in_place = order;
    REQUIRE_FALSE(ulid::to_facade(in_place, uuidv47_key, in_place));
    REQUIRE(in_place == order_shown);
    ulid::type_id untouched;
    REQUIRE_FALSE(ulid::make_type_id("account", sentinel, untouched));
    ulid::type_id kept = untouched;
    REQUIRE(ulid::to_facade(untouched, uuidv47_key, kept) == ulid::errc::wrong_version);
    REQUIRE(ulid::from_facade(order, uuidv47_key, kept) == ulid::errc::wrong_version);
    REQUIRE(kept == untouched);
}
