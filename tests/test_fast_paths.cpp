// The fast paths agree with the portable reference paths: SIMD codecs with
// the scalar codec, the four-lane ChaCha with the one-block function, batch
// and per-thread generation with make().
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <random>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace {

std::array<std::uint8_t, 16> random_bytes(std::mt19937_64& rng) {
    std::array<std::uint8_t, 16> b{};
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    return b;
}

/// Every way this build can decode `text`, all of which must agree.
void require_decoders_agree(const std::string& text) {
    INFO("text " << text);
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    const ulid::errc scalar = ulid::detail::decode_scalar(text.data(), hi, lo);
    ulid::ulid parsed = test::from_hex("0123456789abcdef0123456789abcdef");
    const std::error_code ec = ulid::parse(text, parsed);
    REQUIRE(static_cast<int>(scalar) == ec.value());
    if (!ec) REQUIRE(parsed == ulid::ulid::from_high_low(hi, lo));
#if ULID_X86_SIMD
    if (ulid::detail::cpu.avx2) {
        std::array<std::uint8_t, 16> bytes{};
        const ulid::errc simd = ulid::detail::decode_avx2(text.data(), bytes.data());
        REQUIRE(simd == scalar);
        if (simd == ulid::errc{}) REQUIRE(ulid::ulid::from_bytes(bytes) == parsed);
    }
#endif
}

/// A reproducible byte stream (`prefix`, then a seeded PRNG), read through
/// read() only.
class stream_reader {
public:
    explicit stream_reader(std::uint64_t seed, std::vector<std::uint8_t> prefix = {})
        : engine_(seed), prefix_(std::move(prefix)) {}

    std::error_code read(std::uint8_t* dst, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) dst[i] = next_byte();
        return {};
    }

    [[nodiscard]] std::size_t consumed() const { return consumed_; }

protected:
    std::uint8_t next_byte() {
        ++consumed_;
        if (consumed_ <= prefix_.size()) return prefix_[consumed_ - 1];
        return static_cast<std::uint8_t>(engine_() >> 56U);
    }

private:
    std::mt19937_64 engine_;
    std::vector<std::uint8_t> prefix_;
    std::size_t consumed_ = 0;
};

/// The same stream, also offering try_read_be32, which declines every third
/// call (as a source with an empty buffer would).
class word_reader : public stream_reader {
public:
    using stream_reader::stream_reader;

    bool try_read_be32(std::uint32_t& out) noexcept {
        if (++calls_ % 3 == 0) return false;
        std::uint32_t word = 0;
        for (int i = 0; i < 4; ++i) word = (word << 8U) | next_byte();
        out = word;
        return true;
    }

    [[nodiscard]] std::size_t calls() const { return calls_; }

private:
    std::size_t calls_ = 0;
};

/// try_read_be32 without noexcept: not taken as the accelerator.
class unsure_word_reader : public stream_reader {
public:
    using stream_reader::stream_reader;
    bool try_read_be32(std::uint32_t& /*out*/) { return false; }
};

}  // namespace

TEST_CASE("increments drawn through try_read_be32 equal the general draw's, words at hand or not", "[fast]") {
    STATIC_REQUIRE(ulid::detail::has_try_read_be32<word_reader>::value);
    STATIC_REQUIRE_FALSE(ulid::detail::has_try_read_be32<stream_reader>::value);
    STATIC_REQUIRE_FALSE(ulid::detail::has_try_read_be32<unsure_word_reader>::value);
    // The default increment (32-bit words, rejection only of 2^32 - 1), one
    // that rejects nearly half the words, and two that do not use 32-bit
    // words at all.
    for (const std::uint64_t inc :
         {std::uint64_t{0}, (std::uint64_t{1} << 31U) + 1U, std::uint64_t{1000}, std::uint64_t{1} << 40U}) {
        INFO("inc " << inc);
        ulid::monotonic_entropy<word_reader> fast(word_reader(99), inc);
        ulid::monotonic_entropy<stream_reader> general(stream_reader(99), inc);
        std::uint64_t ms = 5;
        for (int i = 0; i < 20000; ++i) {
            if (i % 1000 == 999) ++ms;  // reseeds as well as increments
            ulid::ulid a;
            ulid::ulid b;
            REQUIRE_FALSE(fast.next(ms, a));
            REQUIRE_FALSE(general.next(ms, b));
            REQUIRE(a == b);
        }
        REQUIRE(fast.source().consumed() == general.source().consumed());
        const bool uses_words = inc == 0 || inc == (std::uint64_t{1} << 31U) + 1U;
        REQUIRE((fast.source().calls() > 0) == uses_words);
    }
}

TEST_CASE("a word at the bound is rejected by try_read_be32's path as by the general draw", "[fast]") {
    // After a ten-byte seed: a word equal to the bound (rejected), then one
    // just below it (the largest step, inc).
    struct scripted {
        std::uint64_t inc;
        std::uint32_t bound;
    };
    for (const scripted c : {scripted{0, 0xFFFFFFFFU}, scripted{(std::uint64_t{1} << 31U) + 1U, 0x80000001U}}) {
        INFO("inc " << c.inc);
        std::vector<std::uint8_t> prefix(10, 0x00);
        for (const std::uint32_t w : {c.bound, c.bound - 1U}) {
            for (int shift = 24; shift >= 0; shift -= 8) prefix.push_back(static_cast<std::uint8_t>(w >> shift));
        }
        ulid::monotonic_entropy<word_reader> fast(word_reader(1, prefix), c.inc);
        ulid::monotonic_entropy<stream_reader> general(stream_reader(1, prefix), c.inc);
        ulid::ulid seed_a;
        ulid::ulid seed_b;
        ulid::ulid a;
        ulid::ulid b;
        REQUIRE_FALSE(fast.next(7, seed_a));
        REQUIRE_FALSE(general.next(7, seed_b));
        REQUIRE_FALSE(fast.next(7, a));
        REQUIRE_FALSE(general.next(7, b));
        REQUIRE(a == b);
        REQUIRE(a.low() - seed_a.low() == c.bound);  // the step: (bound - 1) + 1
        REQUIRE(fast.source().consumed() == 18);
    }
}

TEST_CASE("from_high_low is the inverse of high() and low()", "[fast]") {
    std::mt19937_64 rng(21);
    for (int i = 0; i < 10000; ++i) {
        const auto id = ulid::ulid::from_bytes(random_bytes(rng));
        REQUIRE(ulid::ulid::from_high_low(id.high(), id.low()) == id);
    }
    constexpr auto id = ulid::ulid::from_high_low(0x0102030405060708ULL, 0x090a0b0c0d0e0f10ULL);
    STATIC_REQUIRE(id.bytes()[0] == 0x01);
    STATIC_REQUIRE(id.bytes()[15] == 0x10);
    STATIC_REQUIRE(id.time() == 0x010203040506ULL);
}

TEST_CASE("encode agrees with the scalar encoder on random and edge values", "[fast][codec]") {
    std::mt19937_64 rng(22);
    std::vector<std::array<std::uint8_t, 16>> inputs;
    for (int i = 0; i < 200000; ++i) inputs.push_back(random_bytes(rng));
    for (const std::uint8_t fill : std::array<std::uint8_t, 6>{0x00, 0xFF, 0x80, 0x7F, 0x55, 0xAA}) {
        std::array<std::uint8_t, 16> b{};
        b.fill(fill);
        inputs.push_back(b);
        for (std::size_t i = 0; i < 16; ++i) {
            auto one = std::array<std::uint8_t, 16>{};
            one[i] = fill;
            inputs.push_back(one);
        }
    }
    for (const auto& b : inputs) {
        const auto id = ulid::ulid::from_bytes(b);
        std::array<char, 26> scalar{};
        ulid::detail::encode_scalar(id.high(), id.low(), scalar.data());
        REQUIRE(id.encode() == std::string_view(scalar.data(), scalar.size()));
#if ULID_X86_SIMD
        if (ulid::detail::cpu.ssse3) {
            std::array<char, 28> simd{};
            simd.fill('#');
            ulid::detail::encode_ssse3(b.data(), simd.data());
            REQUIRE(std::equal(scalar.begin(), scalar.end(), simd.begin()));
            REQUIRE(simd[26] == '#');  // writes exactly 26 characters
        }
#endif
    }
}

TEST_CASE("every byte value at every position decodes the same on every path", "[fast][codec]") {
    std::mt19937_64 rng(23);
    for (int base = 0; base < 6; ++base) {
        auto bytes = random_bytes(rng);
        bytes[0] &= 0x7F;
        std::string text = ulid::ulid::from_bytes(bytes).to_string();
        if (base % 2 == 1) {
            std::transform(text.begin(), text.end(), text.begin(),
                           [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); });
        }
        for (std::size_t pos = 0; pos < 26; ++pos) {
            for (int c = 0; c < 256; ++c) {
                std::string mutated = text;
                mutated[pos] = static_cast<char>(c);
                require_decoders_agree(mutated);
            }
        }
    }
}

TEST_CASE("random texts decode the same on every path", "[fast][codec]") {
    std::mt19937_64 rng(24);
    const std::string chars = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzILOUilou@[`{/:\x7f\x80\xff ";
    for (int i = 0; i < 100000; ++i) {
        std::string text(26, '0');
        for (auto& c : text) c = chars[rng() % (i % 4 == 0 ? chars.size() : 32)];
        require_decoders_agree(text);
    }
}

TEST_CASE("the vectorised ChaCha matches the one-block function", "[fast][secure]") {
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
        if (ulid::detail::cpu.avx2) ulid::detail::chacha_blocks8_avx2<8>(key, counter, eight8.data());
#endif
        for (std::size_t block = 0; block < 8; ++block) {
            std::array<std::uint32_t, 16> state{};
            for (std::size_t i = 0; i < 4; ++i) state[i] = ulid::detail::chacha_constants[i];
            for (std::size_t i = 0; i < 8; ++i) state[4 + i] = key[i];
            state[12] = static_cast<std::uint32_t>(counter + block);
            state[13] = static_cast<std::uint32_t>((counter + block) >> 32U);
            const auto one20 = ulid::detail::chacha_block<20>(state);
            const auto one8 = ulid::detail::chacha_block<8>(state);
            for (std::size_t i = 0; i < 64; ++i) {
                const auto byte20 = static_cast<std::uint8_t>(one20[i / 4] >> (8U * (i % 4)));
                const auto byte8 = static_cast<std::uint8_t>(one8[i / 4] >> (8U * (i % 4)));
                if (block < 4) {
                    REQUIRE(four20[ulid::detail::chacha_stream_offset(4, block, i)] == byte20);
                    REQUIRE(four8[ulid::detail::chacha_stream_offset(4, block, i)] == byte8);
                }
#if ULID_X86_SIMD
                if (ulid::detail::cpu.avx2) REQUIRE(eight8[ulid::detail::chacha_stream_offset(8, block, i)] == byte8);
#endif
            }
        }
    }
}

TEST_CASE("ChaCha8 matches the published test vector (zero key and nonce)", "[fast][secure]") {
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
        REQUIRE(stream[ulid::detail::chacha_stream_offset(4, i / 64, i % 64)] == want);
    }
}

TEST_CASE("make_batch fills the buffer with increasing IDs that continue make()", "[fast][batch]") {
    const auto before = ulid::make();
    std::vector<ulid::ulid> batch(5000);
    ulid::make_batch(batch.data(), batch.size());
    const auto after = ulid::make();
    REQUIRE(before < batch.front());
    for (std::size_t i = 1; i < batch.size(); ++i) REQUIRE(batch[i - 1] < batch[i]);
    REQUIRE(batch.back() < after);
    ulid::make_batch(nullptr, 0);  // an empty batch is fine
#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
    std::array<ulid::ulid, 3> three{};
    ulid::make_batch(std::span<ulid::ulid>(three));
    REQUIRE(three[0] < three[1]);
    REQUIRE(three[1] < three[2]);
#endif
}

TEST_CASE("next_n equals n calls of next()", "[fast][batch]") {
    ulid::monotonic_entropy<test::prng_reader> a(test::prng_reader(7), 1000);
    ulid::monotonic_entropy<test::prng_reader> b(test::prng_reader(7), 1000);
    std::vector<ulid::ulid> batch(300);
    const ulid::batch_result r = a.next_n(42, batch.data(), batch.size());
    REQUIRE(r.count == 300);
    REQUIRE_FALSE(r.ec);
    for (const auto& id : batch) {
        ulid::ulid one;
        REQUIRE_FALSE(b.next(42, one));
        REQUIRE(one == id);
    }
}

TEST_CASE("next_n moves to the next millisecond when one is used up", "[fast][batch]") {
    ulid::monotonic_entropy<test::prefixed_reader> m(
        test::prefixed_reader({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFD}, 5), 1);
    std::array<ulid::ulid, 6> out{};
    const ulid::batch_result r = m.next_n(9, out.data(), out.size());
    REQUIRE(r.count == 6);
    REQUIRE(out[2].time() == 9);  // ...FD, FE, FF
    REQUIRE(out[3].time() == 10);
    for (std::size_t i = 1; i < out.size(); ++i) REQUIRE(out[i - 1] < out[i]);
}

TEST_CASE("next_n stops at a failure, keeping what it wrote", "[fast][batch][errors]") {
    test::sequence_reader reader(std::vector<std::uint8_t>(10 + 2 * 4, 0x01));  // a seed and four increments
    ulid::monotonic_entropy<test::sequence_reader&> m(reader, 1000);
    std::array<ulid::ulid, 8> out{};
    const auto untouched = test::from_hex("0123456789abcdef0123456789abcdef");
    out.fill(untouched);
    const ulid::batch_result r = m.next_n(3, out.data(), out.size());
    REQUIRE(r.count == 5);
    REQUIRE(r.ec == ulid::errc::entropy_failure);
    for (std::size_t i = 1; i < 5; ++i) REQUIRE(out[i - 1] < out[i]);
    for (std::size_t i = 5; i < out.size(); ++i) REQUIRE(out[i] == untouched);
    const ulid::batch_result late = m.next_n(ulid::max_time + 1, out.data(), 1);
    REQUIRE(late.count == 0);
    REQUIRE(late.ec == ulid::errc::big_time);
}

TEST_CASE("make_thread_local increases within each thread and is unique across threads", "[fast][thread_local]") {
    constexpr std::size_t threads = 4;
    constexpr std::size_t per_thread = 50000;
    std::vector<std::vector<ulid::ulid>> made(threads);
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < threads; ++t) {
        pool.emplace_back([&made, t] {
            made[t].reserve(per_thread);
            for (std::size_t i = 0; i < per_thread; ++i) made[t].push_back(ulid::make_thread_local());
        });
    }
    for (auto& th : pool) th.join();
    std::vector<ulid::ulid> all;
    for (const auto& ids : made) {
        for (std::size_t i = 1; i < ids.size(); ++i) REQUIRE(ids[i - 1] < ids[i]);
        all.insert(all.end(), ids.begin(), ids.end());
    }
    std::sort(all.begin(), all.end());
    REQUIRE(std::adjacent_find(all.begin(), all.end()) == all.end());
    // Each thread has its own source.
    ulid::monotonic_entropy<ulid::secure_entropy>* mine = &ulid::thread_local_entropy();
    ulid::monotonic_entropy<ulid::secure_entropy>* other = nullptr;
    std::thread([&other] { other = &ulid::thread_local_entropy(); }).join();
    REQUIRE(mine != other);
    REQUIRE(mine == &ulid::thread_local_entropy());
}

TEST_CASE("the spin lock excludes other threads", "[fast][lock]") {
    ulid::detail::fast_mutex m;
    long counter = 0;
    std::vector<std::thread> pool;
    for (int t = 0; t < 4; ++t) {
        pool.emplace_back([&] {
            for (int i = 0; i < 100000; ++i) {
                const std::lock_guard<ulid::detail::fast_mutex> lock(m);
                ++counter;
            }
        });
    }
    for (auto& th : pool) th.join();
    REQUIRE(counter == 400000);
    REQUIRE(m.try_lock());
    REQUIRE_FALSE(m.try_lock());
    m.unlock();
}
