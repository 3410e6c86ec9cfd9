// Entropy sources: generate() and must_generate() with every kind of source
// (byte readers, standard generators, monotonic sources), the operating
// system's randomness, and secure_entropy, the default: ChaCha8 (8 rounds)
// keyed from the operating system, its vectorised blocks checked against a
// one-block reference written from RFC 8439. Fork safety is in test_fork.cpp.
#include "catch.hpp"
#include "support.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

// --- ChaCha reference --------------------------------------------------------
// The library's ChaCha runs 4 or 8 blocks side by side; these one-block
// functions, written from RFC 8439 (section 2.3), are what it is checked
// against, and are themselves checked against the RFC's vectors below.
namespace test {

/// "expand 32-byte k", the ChaCha constants (RFC 8439 section 2.3).
inline constexpr std::array<std::uint32_t, 4> chacha_sigma = {0x61707865U, 0x3320646eU, 0x79622d32U, 0x6b206574U};

constexpr std::uint32_t rotate_left(std::uint32_t v, unsigned c) noexcept { return (v << c) | (v >> (32U - c)); }

/// The quarter round on words a, b, c, d of `x` (RFC 8439 section 2.1).
constexpr void quarter_round(std::array<std::uint32_t, 16>& x, std::size_t a, std::size_t b, std::size_t c,
                             std::size_t d) noexcept {
    x[a] += x[b];
    x[d] = rotate_left(x[d] ^ x[a], 16);
    x[c] += x[d];
    x[b] = rotate_left(x[b] ^ x[c], 12);
    x[a] += x[b];
    x[d] = rotate_left(x[d] ^ x[a], 8);
    x[c] += x[d];
    x[b] = rotate_left(x[b] ^ x[c], 7);
}

/// The ChaCha block function with `Rounds` rounds (20 in RFC 8439, 8 for
/// ChaCha8): column and diagonal rounds alternate, then the input is added.
template <int Rounds>
constexpr std::array<std::uint32_t, 16> chacha_block(const std::array<std::uint32_t, 16>& input) noexcept {
    std::array<std::uint32_t, 16> x = input;
    for (int round = 0; round < Rounds; round += 2) {
        quarter_round(x, 0, 4, 8, 12);
        quarter_round(x, 1, 5, 9, 13);
        quarter_round(x, 2, 6, 10, 14);
        quarter_round(x, 3, 7, 11, 15);
        quarter_round(x, 0, 5, 10, 15);
        quarter_round(x, 1, 6, 11, 12);
        quarter_round(x, 2, 7, 8, 13);
        quarter_round(x, 3, 4, 9, 14);
    }
    for (std::size_t i = 0; i < 16; ++i) x[i] += input[i];
    return x;
}

/// Where byte `i` (0-63) of block `block` lands in the output of the
/// library's `lanes`-wide ChaCha: word-major, so word w of every block
/// comes before word w + 1 of any, each word's 4 bytes little-endian.
constexpr std::size_t chacha_stream_offset(std::size_t lanes, std::size_t block, std::size_t i) noexcept {
    return ((i / 4) * lanes + block) * 4 + i % 4;
}

}  // namespace test

// --- generate() with every kind of source ------------------------------------

namespace {
const ulid::ulid sentinel = test::from_hex("0123456789abcdef0123456789abcdef");
}

TEST_CASE("a byte reader's first ten bytes become the entropy, in order", "[generate]") {
    test::sequence_reader reader({0xa5, 0xe5, 0x15, 0xbc, 0x97, 0xe8, 0x5c, 0xf6, 0x9b, 0xc3, 0x01, 0x02});
    ulid::ulid id;
    REQUIRE_FALSE(ulid::generate(1000000000ULL, reader, id));
    REQUIRE(test::to_hex(id) == "00003b9aca00a5e515bc97e85cf69bc3");
    REQUIRE(id.to_string() == "0000XSNJG0MQJHBF4QX1EFD6Y3");
    REQUIRE(reader.consumed() == 10);
}

TEST_CASE("zero entropy is one documented source away", "[generate]") {
    ulid::zero_entropy zero;
    ulid::ulid id = sentinel;
    REQUIRE_FALSE(ulid::generate(100000, zero, id));
    REQUIRE(test::to_hex(id) == "0000000186a000000000000000000000");
    REQUIRE(id.to_string() == "00000031N00000000000000000");
    REQUIRE(ulid::must_generate(1469918176385ULL, zero).to_string() == "01ARYZ6S410000000000000000");
}

TEST_CASE("generate with 0xFF entropy gives 0xFF entropy bytes", "[generate]") {
    test::constant_reader ff{0xFF};
    const auto id = ulid::must_generate(100000, ff);
    REQUIRE(test::to_hex(id) == "0000000186a0ffffffffffffffffffff");
}

TEST_CASE("generate checks the time first and leaves source and output alone", "[generate][errors]") {
    test::sequence_reader reader(std::vector<std::uint8_t>(10, 0x11));
    auto out = sentinel;
    REQUIRE(ulid::generate(ulid::max_time + 1, reader, out) == ulid::errc::big_time);
    REQUIRE(reader.reads() == 0);
    REQUIRE(out == sentinel);

    test::failing_reader failing;
    REQUIRE(ulid::generate(ulid::max_time + 1, failing, out) == ulid::errc::big_time);
    REQUIRE(failing.reads == 0);

    REQUIRE_FALSE(ulid::generate(ulid::max_time, reader, out));
    REQUIRE(out.time() == ulid::max_time);
}

TEST_CASE("a failing byte reader gives entropy_failure and no output", "[generate][errors]") {
    test::sequence_reader short_reader({1, 2, 3});  // like strings.NewReader("")
    auto out = sentinel;
    REQUIRE(ulid::generate(0, short_reader, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);

    test::failing_reader failing;
    REQUIRE(ulid::generate(0, failing, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);
}

TEST_CASE("a generator that throws gives entropy_failure and no output", "[generate][errors]") {
    test::throwing_generator g;
    auto out = sentinel;
    REQUIRE(ulid::generate(0, g, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);
}

TEST_CASE("must_generate throws ulid::error with the errc", "[generate][errors]") {
    test::failing_reader failing;
    try {
        (void)ulid::must_generate(0, failing);
        FAIL("must_generate did not throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::entropy_failure);
    }
    ulid::zero_entropy zero;
    try {
        (void)ulid::must_generate(ulid::max_time + 1, zero);
        FAIL("must_generate did not throw");
    } catch (const ulid::error& e) {
        REQUIRE(e.code() == ulid::errc::big_time);
    }
}

TEST_CASE("standard generators are accepted as sources", "[generate]") {
    ulid::ulid a;
    ulid::ulid b;
    SECTION("std::mt19937_64 (64 bits a call)") {
        std::mt19937_64 g1(42);
        std::mt19937_64 g2(42);
        REQUIRE_FALSE(ulid::generate(5, g1, a));
        REQUIRE_FALSE(ulid::generate(5, g2, b));
        REQUIRE(a == b);  // reproducible from the seed
        // The first draw supplies entropy bytes 0-7 big-endian.
        std::mt19937_64 g3(42);
        const std::uint64_t first = g3();
        REQUIRE(test::uint80::of(a.entropy()).high == (first >> 48U));
    }
    SECTION("std::mt19937 (32 bits a call)") {
        std::mt19937 g(42);
        REQUIRE_FALSE(ulid::generate(5, g, a));
        REQUIRE_FALSE(ulid::generate(5, g, b));
        REQUIRE(a != b);
    }
    SECTION("std::minstd_rand (a range that is not a power of two)") {
        std::minstd_rand g(42);
        REQUIRE_FALSE(ulid::generate(5, g, a));
        REQUIRE_FALSE(ulid::generate(5, g, b));
        REQUIRE(a != b);
    }
    SECTION("std::random_device (non-copyable, borrowed)") {
        std::random_device rd;
        REQUIRE_FALSE(ulid::generate(5, rd, a));
        REQUIRE_FALSE(ulid::generate(5, rd, b));
        REQUIRE(a != b);
    }
    REQUIRE(a.time() == 5);
}

TEST_CASE("bits from a generator with an odd range are uniform", "[generate]") {
    // minstd_rand yields [1, 2^31 - 2]: 30 bits a call after rejection. Each
    // entropy bit must be set about half the time.
    std::minstd_rand g(1);
    std::array<int, 80> ones{};
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        const auto e = ulid::must_generate(0, g).entropy();
        for (std::size_t bit = 0; bit < 80; ++bit) ones[bit] += (e[bit / 8] >> (7 - bit % 8)) & 1;
    }
    for (std::size_t bit = 0; bit < 80; ++bit) {
        INFO("bit " << bit);
        REQUIRE(ones[bit] > n / 2 - 800);
        REQUIRE(ones[bit] < n / 2 + 800);
    }
}

TEST_CASE("a generator with no usable range gives entropy_failure in bounded time", "[generate][errors]") {
    // Range [0, 5]: two bits a call, values 4 and 5 rejected. Stuck on 5,
    // every draw is rejected.
    test::constant_generator<0, 5> stuck{5};
    auto out = sentinel;
    REQUIRE(ulid::generate(0, stuck, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);
    REQUIRE(stuck.calls <= 128);
    // A single-value range carries no randomness at all.
    test::constant_generator<7, 7> flat{7};
    REQUIRE(ulid::generate(0, flat, out) == ulid::errc::entropy_failure);
    REQUIRE(flat.calls == 0);
}

TEST_CASE("os_entropy and secure_entropy are byte readers that give distinct ids", "[generate]") {
    ulid::os_entropy os;
    ulid::secure_entropy secure;
    const auto a = ulid::must_generate(1, os);
    const auto b = ulid::must_generate(1, os);
    const auto c = ulid::must_generate(1, secure);
    const auto d = ulid::must_generate(1, secure);
    REQUIRE(a != b);
    REQUIRE(c != d);
    REQUIRE(a.time() == 1);
}

TEST_CASE("generate through a monotonic source uses read_monotonic", "[generate][monotonic]") {
    ulid::monotonic_entropy<test::prng_reader> m(test::prng_reader(1), 1);
    const auto a = ulid::must_generate(77, m);
    const auto b = ulid::must_generate(77, m);
    REQUIRE(test::step_between(a.entropy(), b.entropy()) == 1);
    REQUIRE(b.time() == 77);
}

TEST_CASE("a custom monotonic source's foreign error becomes entropy_failure", "[generate][errors]") {
    struct custom {
        std::error_code read_monotonic(std::uint64_t, std::array<std::uint8_t, 10>&) {
            return std::make_error_code(std::errc::resource_unavailable_try_again);
        }
    } source;
    auto out = sentinel;
    REQUIRE(ulid::generate(1, source, out) == ulid::errc::entropy_failure);
    REQUIRE(out == sentinel);
}

// --- secure_entropy and its ChaCha --------------------------------------------

namespace {

std::array<std::uint8_t, 64> serialize(const std::array<std::uint32_t, 16>& words) {
    std::array<std::uint8_t, 64> out{};
    for (std::size_t i = 0; i < 64; ++i) out[i] = static_cast<std::uint8_t>(words[i / 4] >> (8U * (i % 4)));
    return out;
}

std::array<std::uint8_t, 64> hex64(const std::string& hex) {
    std::array<std::uint8_t, 64> out{};
    for (std::size_t i = 0; i < 64; ++i)
        out[i] = static_cast<std::uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
    return out;
}

std::array<std::uint32_t, 16> rfc_state(const std::array<std::uint8_t, 32>& key, std::uint32_t counter,
                                        const std::array<std::uint8_t, 12>& nonce) {
    std::array<std::uint32_t, 16> s{};
    for (std::size_t i = 0; i < 4; ++i) s[i] = test::chacha_sigma[i];
    auto word = [](const std::uint8_t* p) {
        return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8U) |
               (static_cast<std::uint32_t>(p[2]) << 16U) | (static_cast<std::uint32_t>(p[3]) << 24U);
    };
    for (std::size_t i = 0; i < 8; ++i) s[4 + i] = word(key.data() + 4 * i);
    s[12] = counter;
    for (std::size_t i = 0; i < 3; ++i) s[13 + i] = word(nonce.data() + 4 * i);
    return s;
}

}  // namespace

TEST_CASE("the ChaCha20 reference block function matches RFC 8439 section 2.3.2", "[secure][chacha]") {
    std::array<std::uint8_t, 32> key{};
    for (std::size_t i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(i);
    const std::array<std::uint8_t, 12> nonce = {0, 0, 0, 0x09, 0, 0, 0, 0x4a, 0, 0, 0, 0};
    const auto block = serialize(test::chacha_block<20>(rfc_state(key, 1, nonce)));
    REQUIRE(block == hex64("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                           "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"));
}

TEST_CASE("the ChaCha20 reference block function matches RFC 8439 appendix A.1 vector 1", "[secure][chacha]") {
    const auto block = serialize(test::chacha_block<20>(rfc_state({}, 0, {})));
    REQUIRE(block == hex64("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                           "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"));
}

TEST_CASE("the reference quarter round matches RFC 8439 section 2.1.1", "[secure][chacha]") {
    std::array<std::uint32_t, 16> x{};
    x[0] = 0x11111111U;
    x[1] = 0x01020304U;
    x[2] = 0x9b8d6f43U;
    x[3] = 0x01234567U;
    test::quarter_round(x, 0, 1, 2, 3);
    REQUIRE(x[0] == 0xea2a92f4U);
    REQUIRE(x[1] == 0xcb1cf8ceU);
    REQUIRE(x[2] == 0x4581472eU);
    REQUIRE(x[3] == 0x5881c4bbU);
}

TEST_CASE("secure_entropy serves bytes across refills without repeating", "[secure]") {
    ulid::secure_entropy source;
    std::set<std::array<std::uint8_t, 16>> seen;
    // 16-byte reads cross every refill boundary many times.
    for (int i = 0; i < 20000; ++i) {
        std::array<std::uint8_t, 16> chunk{};
        REQUIRE_FALSE(source.read(chunk.data(), chunk.size()));
        REQUIRE(seen.insert(chunk).second);
    }
    std::array<std::uint8_t, 1000> big{};
    REQUIRE_FALSE(source.read(big.data(), big.size()));
    REQUIRE_FALSE(source.read(big.data(), 0));
}

TEST_CASE("secure_entropy output looks uniform", "[secure]") {
    ulid::secure_entropy source;
    std::array<int, 256> counts{};
    std::array<std::uint8_t, 4096> buffer{};
    for (int i = 0; i < 64; ++i) {
        REQUIRE_FALSE(source.read(buffer.data(), buffer.size()));
        for (const auto b : buffer) counts[b]++;
    }
    // 262144 bytes: 1024 expected per value, sd 32.
    double chi2 = 0;
    for (const int n : counts) chi2 += (n - 1024.0) * (n - 1024.0) / 1024.0;
    REQUIRE(chi2 < 255 + 6 * 22.6);
}

TEST_CASE("two secure_entropy objects are keyed independently", "[secure]") {
    ulid::secure_entropy a;
    ulid::secure_entropy b;
    std::array<std::uint8_t, 32> x{};
    std::array<std::uint8_t, 32> y{};
    REQUIRE_FALSE(a.read(x.data(), x.size()));
    REQUIRE_FALSE(b.read(y.data(), y.size()));
    REQUIRE(x != y);
}

TEST_CASE("a moved-from secure_entropy rekeys instead of repeating the moved state", "[secure]") {
    ulid::secure_entropy a;
    std::array<std::uint8_t, 16> warm{};
    REQUIRE_FALSE(a.read(warm.data(), warm.size()));
    ulid::secure_entropy b(std::move(a));
    std::array<std::uint8_t, 64> from_a{};
    std::array<std::uint8_t, 64> from_b{};
    REQUIRE_FALSE(a.read(from_a.data(), from_a.size()));  // NOLINT(bugprone-use-after-move): documented behaviour
    REQUIRE_FALSE(b.read(from_b.data(), from_b.size()));
    REQUIRE(from_a != from_b);
}

TEST_CASE("secure_entropy's buffered-word path serves buffered words and declines, consuming nothing, when none are",
          "[secure]") {
    ulid::secure_entropy source;
    std::uint32_t word = 0x12345678U;
    // Not keyed yet: nothing is buffered.
    REQUIRE_FALSE(ulid::detail::test_access::try_read_be32(source, word));
    REQUIRE(word == 0x12345678U);

    // A round: take words until the buffer declines, decline `extra` more
    // times, then read single bytes until a word is at hand again (the bytes
    // left over, then a refill). Every round starts at the same place in a
    // fresh buffer, so a decline that consumed anything would change the
    // counts of the rounds with extra declines.
    std::set<std::uint64_t> pairs;
    std::uint32_t previous = 0;
    int taken = 0;
    const auto take = [&] {
        if (taken++ % 2 == 1) REQUIRE(pairs.insert((std::uint64_t{previous} << 32U) | word).second);
        previous = word;
    };
    const auto round = [&](int extra) {
        int words = 0;
        while (ulid::detail::test_access::try_read_be32(source, word)) {
            take();
            ++words;
        }
        for (int i = 0; i < extra; ++i) REQUIRE_FALSE(ulid::detail::test_access::try_read_be32(source, word));
        int reads = 0;
        do {
            std::uint8_t byte = 0;
            REQUIRE_FALSE(source.read(&byte, 1));
            ++reads;
        } while (!ulid::detail::test_access::try_read_be32(source, word));
        take();
        return std::make_pair(words, reads);
    };
    std::uint8_t first = 0;
    REQUIRE_FALSE(source.read(&first, 1));  // keys and fills the buffer
    const auto reference = round(0);
    REQUIRE(reference.first > 0);
    for (int i = 0; i < 8; ++i) {
        const auto r = round(i % 2 == 0 ? 5 : 0);
        // After the first round, one word of each buffer went to the round before.
        REQUIRE(r.first == reference.first - 1);
        REQUIRE(r.second == reference.second);
    }
}

TEST_CASE("the vectorised ChaCha matches the one-block function", "[secure][chacha]") {
    std::mt19937_64 rng(25);
    for (int trial = 0; trial < 50; ++trial) {
        std::array<std::uint32_t, 8> key{};
        for (auto& k : key) k = static_cast<std::uint32_t>(rng());
        const std::uint64_t counter = trial == 0 ? 0xFFFFFFFCULL : rng() >> 8U;  // crosses the 32-bit word
        std::array<std::uint8_t, 256> four20{};
        ulid::detail::chacha_blocks4<20>(key, counter, four20.data());
        std::array<std::uint8_t, 256> four8{};
        ulid::detail::chacha_blocks4<8>(key, counter, four8.data());
#if ULID_X86_SIMD
        std::array<std::uint8_t, 512> eight8{};
        if (ulid::detail::host_cpu.avx2) ulid::detail::chacha_blocks8_avx2<8>(key, counter, eight8.data());
#endif
        for (std::size_t block = 0; block < 8; ++block) {
            std::array<std::uint32_t, 16> state{};
            for (std::size_t i = 0; i < 4; ++i) state[i] = test::chacha_sigma[i];
            for (std::size_t i = 0; i < 8; ++i) state[4 + i] = key[i];
            state[12] = static_cast<std::uint32_t>(counter + block);
            state[13] = static_cast<std::uint32_t>((counter + block) >> 32U);
            const auto one20 = test::chacha_block<20>(state);
            const auto one8 = test::chacha_block<8>(state);
            for (std::size_t i = 0; i < 64; ++i) {
                const auto byte20 = static_cast<std::uint8_t>(one20[i / 4] >> (8U * (i % 4)));
                const auto byte8 = static_cast<std::uint8_t>(one8[i / 4] >> (8U * (i % 4)));
                if (block < 4) {
                    REQUIRE(four20[test::chacha_stream_offset(4, block, i)] == byte20);
                    REQUIRE(four8[test::chacha_stream_offset(4, block, i)] == byte8);
                }
#if ULID_X86_SIMD
                if (ulid::detail::host_cpu.avx2) REQUIRE(eight8[test::chacha_stream_offset(8, block, i)] == byte8);
#endif
            }
        }
    }
}

TEST_CASE("ChaCha8 matches the published test vector (zero key and nonce)", "[secure][chacha]") {
    // draft-strombergson-chacha-test-vectors, TC1, 256-bit key, 8 rounds:
    // the first two blocks of keystream.
    const std::string expected =
        "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e"
        "984ce172b9216f419f445367456d5619314a42a3da86b001387bfdb80e0cfe42"
        "d2aefa0deaa5c151bf0adb6c01f2a5adc0fd581259f9a2aadcf20f8fd566a26b"
        "5032ec38bbc5da98ee0c6f568b872a65a08abf251deb21bb4b56e5d8821e68aa";
    std::array<std::uint8_t, 256> stream{};
    ulid::detail::chacha_blocks4<8>({}, 0, stream.data());
    for (std::size_t i = 0; i < 128; ++i) {
        INFO("byte " << i);
        const auto want = static_cast<std::uint8_t>(std::stoul(expected.substr(2 * i, 2), nullptr, 16));
        REQUIRE(stream[test::chacha_stream_offset(4, i / 64, i % 64)] == want);
    }
}

namespace {
/// Hides secure_entropy's read(): the draws must call this one.
struct derived_secure_entropy : ulid::secure_entropy {
    std::error_code read(std::uint8_t* dst, std::size_t n) noexcept {
        for (std::size_t i = 0; i < n; ++i) dst[i] = 0x5A;
        return {};
    }
};
}  // namespace

TEST_CASE("the draws take bytes straight from a keystream only for secure_entropy itself", "[entropy]") {
    STATIC_REQUIRE(ulid::detail::is_keystream_source<ulid::secure_entropy>::value);
    STATIC_REQUIRE_FALSE(ulid::detail::is_keystream_source<derived_secure_entropy>::value);
    STATIC_REQUIRE_FALSE(ulid::detail::is_keystream_source<std::mt19937_64>::value);
    derived_secure_entropy source;
    std::uint8_t byte = 0;
    REQUIRE(ulid::detail::read_bytes(source, &byte, 1) == ulid::errc{});
    REQUIRE(byte == 0x5A);
}

namespace {
/// A user's monotonic source: generate() asks it through its read_monotonic().
struct own_monotonic {
    std::error_code read_monotonic(std::uint64_t /*ms*/, ulid::entropy_array& /*out*/) noexcept { return {}; }
};
struct derived_monotonic : ulid::monotonic_entropy<ulid::secure_entropy> {};
}  // namespace

TEST_CASE("generate() reads the library's own generators as an errc, and only those", "[entropy]") {
    using generator = ulid::monotonic_entropy<ulid::secure_entropy>;
    STATIC_REQUIRE(ulid::detail::has_errc_read<generator>::value);
    STATIC_REQUIRE(ulid::detail::has_errc_read<ulid::locked_monotonic_entropy<generator>>::value);
    STATIC_REQUIRE(ulid::detail::has_errc_read<ulid::default_entropy_t<ulid::uuidv7_layout>>::value);
    STATIC_REQUIRE(ulid::detail::has_errc_read<derived_monotonic>::value);  // binds as a reference to its base
    STATIC_REQUIRE_FALSE(ulid::detail::has_errc_read<const generator>::value);
    STATIC_REQUIRE_FALSE(ulid::detail::has_errc_read<own_monotonic>::value);
    STATIC_REQUIRE_FALSE(ulid::detail::has_errc_read<ulid::secure_entropy>::value);
    generator g{ulid::secure_entropy{}};
    ulid::ulid id;
    REQUIRE_FALSE(ulid::generate(5, g, id));
    REQUIRE(id.time() == 5);
}
