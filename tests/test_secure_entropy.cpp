// The default entropy: ChaCha20 keyed from the operating system, fork-safe.
#include "catch.hpp"
#include "support.hpp"

#include <set>
#include <string>
#include <utility>
#include <vector>

#if !defined(_WIN32)
#include <sys/wait.h>
#include <unistd.h>
#endif

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
    for (std::size_t i = 0; i < 4; ++i) s[i] = ulid::detail::chacha_constants[i];
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

TEST_CASE("the ChaCha20 block function matches RFC 8439 section 2.3.2", "[secure][chacha]") {
    std::array<std::uint8_t, 32> key{};
    for (std::size_t i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(i);
    const std::array<std::uint8_t, 12> nonce = {0, 0, 0, 0x09, 0, 0, 0, 0x4a, 0, 0, 0, 0};
    const auto block = serialize(ulid::detail::chacha_block<20>(rfc_state(key, 1, nonce)));
    REQUIRE(block == hex64("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                           "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"));
}

TEST_CASE("the ChaCha20 block function matches RFC 8439 appendix A.1 vector 1", "[secure][chacha]") {
    const auto block = serialize(ulid::detail::chacha_block<20>(rfc_state({}, 0, {})));
    REQUIRE(block == hex64("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                           "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"));
}

TEST_CASE("the quarter round matches RFC 8439 section 2.1.1", "[secure][chacha]") {
    std::array<std::uint32_t, 16> x{};
    x[0] = 0x11111111U;
    x[1] = 0x01020304U;
    x[2] = 0x9b8d6f43U;
    x[3] = 0x01234567U;
    ulid::detail::chacha_quarter_round(x, 0, 1, 2, 3);
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
    REQUIRE_FALSE(ulid::detail::access::try_read_be32(source, word));
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
        while (ulid::detail::access::try_read_be32(source, word)) {
            take();
            ++words;
        }
        for (int i = 0; i < extra; ++i) REQUIRE_FALSE(ulid::detail::access::try_read_be32(source, word));
        int reads = 0;
        do {
            std::uint8_t byte = 0;
            REQUIRE_FALSE(source.read(&byte, 1));
            ++reads;
        } while (!ulid::detail::access::try_read_be32(source, word));
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

#if !defined(_WIN32)
namespace {

/// Runs `make` in a forked child and returns what it wrote to a pipe.
template <class Make>
std::string in_child(Make make) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        const std::string text = make();
        const auto written = ::write(fds[1], text.data(), text.size());
        ::_exit(written == static_cast<ssize_t>(text.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    std::string result;
    char buffer[256];
    for (;;) {
        const auto n = ::read(fds[0], buffer, sizeof buffer);
        if (n <= 0) break;
        result.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    return result;
}

}  // namespace

TEST_CASE("after fork, parent and child never share secure_entropy output", "[secure][fork]") {
    ulid::secure_entropy source;
    std::array<std::uint8_t, 8> warm{};
    REQUIRE_FALSE(source.read(warm.data(), warm.size()));  // leaves buffered bytes behind

    const auto draw = [&source] {
        std::array<std::uint8_t, 64> bytes{};
        (void)source.read(bytes.data(), bytes.size());
        return std::string(bytes.begin(), bytes.end());
    };
    const std::string child = in_child(draw);
    const std::string parent = draw();
    REQUIRE(child.size() == 64);
    REQUIRE(child != parent);
}

TEST_CASE("after fork, try_read_be32 in the child declines until the source rekeys", "[secure][fork]") {
    ulid::secure_entropy source;
    std::array<std::uint8_t, 8> warm{};
    REQUIRE_FALSE(source.read(warm.data(), warm.size()));  // leaves buffered words behind

    const std::string child = in_child([&source] {
        std::uint32_t word = 0;
        const bool served_inherited = ulid::detail::access::try_read_be32(source, word);
        std::array<std::uint8_t, 4> fresh{};
        const bool rekeyed = !source.read(fresh.data(), fresh.size());
        const bool served_after = ulid::detail::access::try_read_be32(source, word);
        return std::string(served_inherited ? "inherited" : "declined") + (rekeyed && served_after ? " ok" : " bad");
    });
    REQUIRE(child == "declined ok");
    std::uint32_t word = 0;
    REQUIRE(ulid::detail::access::try_read_be32(source, word));  // the parent's buffer is untouched
}

TEST_CASE("after fork, make() in the child does not repeat the parent's entropy", "[secure][fork]") {
    (void)ulid::make();  // the default source now holds state and buffered keystream
    const auto draw = [] {
        std::string text;
        for (int i = 0; i < 4; ++i) text += ulid::make().to_string();
        return text;
    };
    const std::string child = in_child(draw);
    const std::string parent = draw();
    REQUIRE(child.size() == 4 * 26);
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            // Compare the entropy characters only: timestamps may coincide.
            REQUIRE(child.substr(static_cast<std::size_t>(i) * 26 + 10, 16) !=
                    parent.substr(static_cast<std::size_t>(j) * 26 + 10, 16));
        }
    }
}
#endif
