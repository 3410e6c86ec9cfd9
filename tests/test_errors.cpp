// Every error path of the public API, one errc value per test case: the exact
// error, and the output (ULID, buffer, array, stream value) left as it was.
// This file is the one map of the error paths, so that a new error path
// without a test shows up here; the feature files check errors only where the
// order or interplay of checks is the feature (e.g. parse's length, then
// characters, then overflow).
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

const ulid::ulid sentinel = test::sentinel();
constexpr std::array<std::uint8_t, 10> sentinel_entropy = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0};

template <class F>
ulid::error thrown_by(F&& f) {
    try {
        f();
    } catch (const ulid::error& e) {
        return e;
    }
    FAIL("no ulid::error thrown");
    return ulid::error(ulid::errc{});
}

/// A source stuck on 0xFF with an increment of 1: the second call in a
/// millisecond exhausts the entropy.
using exhausting = ulid::monotonic_entropy<test::constant_reader>;
exhausting make_exhausting() { return exhausting(test::constant_reader{0xFF}, 1); }

}  // namespace

TEST_CASE("errc::data_size from every call that takes a length", "[errors][data_size]") {
    ulid::ulid out = sentinel;
    const std::array<std::uint8_t, 17> bytes{};
    for (const std::size_t size : {0U, 1U, 15U, 17U}) {
        INFO("size " << size);
        REQUIRE(ulid::ulid::from_bytes(bytes.data(), size, out) == ulid::errc::data_size);
        REQUIRE(out == sentinel);
        REQUIRE(out.set_entropy(bytes.data(), size == 15 ? 9 : size) == ulid::errc::data_size);
        REQUIRE(out == sentinel);
    }
    REQUIRE(ulid::ulid::from_bytes(nullptr, 16, out) == ulid::errc::data_size);
    REQUIRE(out.set_entropy(nullptr, 10) == ulid::errc::data_size);
    REQUIRE(out.set_entropy(bytes.data(), 11) == ulid::errc::data_size);
    REQUIRE(out == sentinel);

    const std::string text = "01ARYZ6S41TSV4RRFFQ69G5FAV";
    for (std::size_t n = 0; n <= 40; ++n) {
        if (n == 26) continue;
        INFO("length " << n);
        const std::string s = (text + text).substr(0, n);
        REQUIRE(ulid::parse(s, out) == ulid::errc::data_size);
        REQUIRE(out == sentinel);
        // Lengths 32 to 41 may be a UUID spelling (tests/uuid_spellings.txt).
        if (n < 32) REQUIRE(ulid::parse_uuid(s, out) == ulid::errc::data_size);
        REQUIRE(out == sentinel);
    }
    // The length is judged before the characters: 27 characters, valid or not.
    for (const std::string_view s :
         {std::string_view("0000XSNJG0MQJHBF4QX1EFD6Y3 "), std::string_view("!!!!!!!!!!!!!!!!!!!!!!!!!!!")}) {
        REQUIRE(ulid::parse(s, out) == ulid::errc::data_size);
        REQUIRE(out == sentinel);
    }
    REQUIRE(thrown_by([] { (void)ulid::must_parse("01ARYZ"); }).code() == ulid::errc::data_size);
    // A 27-character word is too long for operator>>: failbit, value kept.
    std::istringstream in(text + "0");
    in >> out;
    REQUIRE(in.fail());
    REQUIRE(out == sentinel);
#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
    REQUIRE(ulid::ulid::from_bytes(std::span<const std::uint8_t>(bytes.data(), 15), out) == ulid::errc::data_size);
    REQUIRE(out.set_entropy(std::span<const std::uint8_t>(bytes.data(), 11)) == ulid::errc::data_size);
    REQUIRE(out == sentinel);
#endif
}

TEST_CASE("errc::invalid_characters from parse, parse_uuid and operator>>", "[errors][invalid_characters]") {
    ulid::ulid out = sentinel;
    const std::string good = "01ARYZ6S41TSV4RRFFQ69G5FAV";
    for (std::size_t i = 0; i < good.size(); ++i) {
        for (const char bad : {'I', 'L', 'O', 'U', 'i', 'l', 'o', 'u', '\0', '-', ' ', '\x80', '\xFF'}) {
            std::string s = good;
            s[i] = bad;
            INFO("position " << i << ", char " << static_cast<int>(static_cast<unsigned char>(bad)));
            REQUIRE(ulid::parse(s, out) == ulid::errc::invalid_characters);
            REQUIRE(out == sentinel);
        }
    }
    // Invalid characters win over overflow (the reference's order).
    REQUIRE(ulid::parse("8ZZZZZZZZZZZZZZZZZZZZZZZZU", out) == ulid::errc::invalid_characters);
    REQUIRE(thrown_by([] { (void)ulid::must_parse("01ARYZ6S41TSV4RRFFQ69G5FAU"); }).code() ==
            ulid::errc::invalid_characters);

    const std::string uuid = "01563df3-6481-0000-0000-000000000000";
    for (std::size_t i = 0; i < uuid.size(); ++i) {
        const std::string bad_chars = uuid[i] == '-' ? std::string("0a+") : std::string("gGx-+\0\xFF", 7);
        for (const char bad : bad_chars) {
            std::string s = uuid;
            s[i] = bad;
            INFO("uuid position " << i << ", char " << static_cast<int>(static_cast<unsigned char>(bad)));
            REQUIRE(ulid::parse_uuid(s, out) == ulid::errc::invalid_characters);
            REQUIRE(out == sentinel);
        }
    }
    std::istringstream in("01ARYZ6S41TSV4RRFFQ69G5FAU next");
    in >> out;
    REQUIRE(in.fail());
    REQUIRE(out == sentinel);
}

TEST_CASE("errc::buffer_size from to_bytes and checked encode, writing nothing", "[errors][buffer_size]") {
    const ulid::ulid id = test::from_hex("00003b9aca00a5e515bc97e85cf69bc3");
    std::array<std::uint8_t, 16> bytes{};
    std::array<char, 26> text{};
    for (std::size_t size = 0; size < 16; ++size) {
        bytes.fill(0xEE);
        REQUIRE(id.to_bytes(bytes.data(), size) == ulid::errc::buffer_size);
        for (const std::uint8_t b : bytes) REQUIRE(b == 0xEE);
    }
    for (std::size_t size = 0; size < 26; ++size) {
        text.fill('#');
        REQUIRE(id.encode(text.data(), size) == ulid::errc::buffer_size);
        for (const char c : text) REQUIRE(c == '#');
    }
    REQUIRE(id.to_bytes(nullptr, 16) == ulid::errc::buffer_size);
    REQUIRE(id.encode(nullptr, 26) == ulid::errc::buffer_size);
}

TEST_CASE("errc::big_time from every call that takes a timestamp, checked before anything else", "[errors][big_time]") {
    for (const std::uint64_t ms : {ulid::max_time + 1, ulid::max_time + 12345, ~std::uint64_t{0}}) {
        INFO("ms " << ms);
        ulid::ulid out = sentinel;
        REQUIRE(out.set_time(ms) == ulid::errc::big_time);
        REQUIRE(out == sentinel);

        test::failing_reader reader;
        REQUIRE(ulid::generate(ms, reader, out) == ulid::errc::big_time);
        REQUIRE(reader.reads == 0);  // time is checked before the source
        REQUIRE(out == sentinel);

        ulid::monotonic_entropy<test::failing_reader&> m(reader);
        std::array<std::uint8_t, 10> e = sentinel_entropy;
        REQUIRE(m.read_monotonic(ms, e) == ulid::errc::big_time);
        REQUIRE(e == sentinel_entropy);
        REQUIRE(m.next(ms, out) == ulid::errc::big_time);
        REQUIRE(ulid::generate(ms, m, out) == ulid::errc::big_time);
        const ulid::batch_result batch = m.next_n(ms, &out, 1);
        REQUIRE(batch.ec == ulid::errc::big_time);
        REQUIRE(batch.count == 0);
        REQUIRE(reader.reads == 0);
        REQUIRE(out == sentinel);

        ulid::locked_monotonic_entropy<ulid::monotonic_entropy<std::mt19937_64>> locked(std::in_place,
                                                                                        std::mt19937_64(1));
        REQUIRE(locked.read_monotonic(ms, e) == ulid::errc::big_time);
        REQUIRE(locked.next(ms, out) == ulid::errc::big_time);
        REQUIRE(locked.next_n(ms, &out, 1).ec == ulid::errc::big_time);
        REQUIRE(e == sentinel_entropy);
        REQUIRE(out == sentinel);

        REQUIRE(thrown_by([ms] { (void)ulid::must_make(ms); }).code() == ulid::errc::big_time);
        ulid::zero_entropy zero;
        REQUIRE(thrown_by([&zero, ms] { (void)ulid::must_generate(ms, zero); }).code() == ulid::errc::big_time);
    }
}

TEST_CASE("errc::overflow from parse for every first character above 7", "[errors][overflow]") {
    ulid::ulid out = sentinel;
    for (const char first : ulid::alphabet.substr(8)) {
        for (const bool lower_case : {false, true}) {
            std::string s = "0ZZZZZZZZZZZZZZZZZZZZZZZZZ";
            s[0] = lower_case ? static_cast<char>(first | 0x20) : first;
            if (lower_case && first <= '9') continue;
            INFO(s);
            REQUIRE(ulid::parse(s, out) == ulid::errc::overflow);
            REQUIRE(out == sentinel);
        }
    }
    // Whatever follows the first character.
    for (const char* s : {"80000000000000000000000000", "80000000000000000000000001", "90000000000000000000000000",
                          "A0000000000000000000000000", "zzzzzzzzzzzzzzzzzzzzzzzzzz"}) {
        INFO(s);
        REQUIRE(ulid::parse(s, out) == ulid::errc::overflow);
        REQUIRE(out == sentinel);
    }
    REQUIRE(thrown_by([] { (void)ulid::must_parse("80000000000000000000000000"); }).code() == ulid::errc::overflow);
    std::istringstream in("80000000000000000000000000");
    in >> out;
    REQUIRE(in.fail());
    REQUIRE(out == sentinel);
}

TEST_CASE("errc::monotonic_overflow from read_monotonic, generate, next and must_generate",
          "[errors][monotonic_overflow]") {
    std::array<std::uint8_t, 10> e = sentinel_entropy;
    ulid::ulid out = sentinel;

    exhausting m = make_exhausting();
    std::array<std::uint8_t, 10> first{};
    REQUIRE_FALSE(m.read_monotonic(7, first));
    REQUIRE(m.read_monotonic(7, e) == ulid::errc::monotonic_overflow);
    REQUIRE(m.read_monotonic(7, e) == ulid::errc::monotonic_overflow);  // and stays so
    REQUIRE(e == sentinel_entropy);
    REQUIRE(ulid::generate(7, m, out) == ulid::errc::monotonic_overflow);
    REQUIRE(out == sentinel);
    REQUIRE(thrown_by([&m] { (void)ulid::must_generate(7, m); }).code() == ulid::errc::monotonic_overflow);

    // next() moves on to the next millisecond, except at the end of time.
    exhausting n = make_exhausting();
    ulid::ulid last;
    REQUIRE_FALSE(n.next(ulid::max_time, last));
    REQUIRE(n.next(ulid::max_time, out) == ulid::errc::monotonic_overflow);
    REQUIRE(n.next(ulid::max_time - 5, out) == ulid::errc::monotonic_overflow);
    REQUIRE(out == sentinel);

    // next_n: the IDs before the failure, the rest untouched.
    exhausting b = make_exhausting();
    std::array<ulid::ulid, 4> batch{};
    batch.fill(sentinel);
    const ulid::batch_result at_end = b.next_n(ulid::max_time, batch.data(), batch.size());
    REQUIRE(at_end.ec == ulid::errc::monotonic_overflow);
    REQUIRE(at_end.count == 1);
    REQUIRE(batch[0].time() == ulid::max_time);
    for (std::size_t i = 1; i < batch.size(); ++i) REQUIRE(batch[i] == sentinel);

    ulid::locked_monotonic_entropy<exhausting> locked(make_exhausting());
    REQUIRE_FALSE(locked.read_monotonic(9, first));
    REQUIRE(locked.read_monotonic(9, e) == ulid::errc::monotonic_overflow);
    REQUIRE(ulid::generate(9, locked, out) == ulid::errc::monotonic_overflow);
    REQUIRE_FALSE(locked.next(ulid::max_time, last));
    REQUIRE(locked.next(ulid::max_time, out) == ulid::errc::monotonic_overflow);
    const ulid::batch_result locked_end = locked.next_n(ulid::max_time, &out, 1);
    REQUIRE(locked_end.ec == ulid::errc::monotonic_overflow);
    REQUIRE(locked_end.count == 0);
    REQUIRE(e == sentinel_entropy);
    REQUIRE(out == sentinel);
}

TEST_CASE("errc::entropy_failure from every kind of source failure", "[errors][entropy_failure]") {
    ulid::ulid out = sentinel;
    std::array<std::uint8_t, 10> e = sentinel_entropy;

    SECTION("a byte reader reporting an error") {
        test::failing_reader reader;
        REQUIRE(ulid::generate(1, reader, out) == ulid::errc::entropy_failure);
        ulid::monotonic_entropy<test::failing_reader&> m(reader);
        REQUIRE(m.read_monotonic(1, e) == ulid::errc::entropy_failure);
        REQUIRE(m.next(1, out) == ulid::errc::entropy_failure);
        const ulid::batch_result batch = m.next_n(1, &out, 1);
        REQUIRE(batch.ec == ulid::errc::entropy_failure);
        REQUIRE(batch.count == 0);
        REQUIRE(thrown_by([&reader] { (void)ulid::must_generate(1, reader); }).code() == ulid::errc::entropy_failure);
    }
    SECTION("a byte reader throwing") {
        struct throwing_reader {
            std::error_code read(std::uint8_t*, std::size_t) { throw std::runtime_error("no entropy"); }
        } reader;
        REQUIRE(ulid::generate(1, reader, out) == ulid::errc::entropy_failure);
        ulid::monotonic_entropy<throwing_reader&> m(reader);
        REQUIRE(m.next(1, out) == ulid::errc::entropy_failure);
        REQUIRE(m.read_monotonic(1, e) == ulid::errc::entropy_failure);
    }
    SECTION("a generator throwing") {
        test::throwing_generator g;
        REQUIRE(ulid::generate(1, g, out) == ulid::errc::entropy_failure);
        ulid::monotonic_entropy<test::throwing_generator&> m(g);
        REQUIRE(m.next(1, out) == ulid::errc::entropy_failure);
    }
    SECTION("a generator without a usable range, or stuck on rejected values") {
        test::constant_generator<3, 3> flat{3};
        REQUIRE(ulid::generate(1, flat, out) == ulid::errc::entropy_failure);
        test::constant_generator<0, 2> stuck{2};  // 1 bit a call; 2 is always rejected
        REQUIRE(ulid::generate(1, stuck, out) == ulid::errc::entropy_failure);
        REQUIRE(stuck.calls == 128);
    }
    SECTION("an increment whose every draw is rejected") {
        // inc 5: draws of 3 bits, accepted below 5; a reader stuck on 0xFF
        // always draws 7. Seeding works, the increment ends in bounded time.
        ulid::monotonic_entropy<test::constant_reader> m(test::constant_reader{0xFF}, 5);
        std::array<std::uint8_t, 10> seeded{};
        REQUIRE_FALSE(m.read_monotonic(3, seeded));
        REQUIRE(m.read_monotonic(3, e) == ulid::errc::entropy_failure);
        ulid::monotonic_entropy<test::constant_reader> n(test::constant_reader{0xFF}, 5);
        ulid::ulid first;
        REQUIRE_FALSE(n.next(3, first));
        REQUIRE(n.next(3, out) == ulid::errc::entropy_failure);
        REQUIRE(n.source().reads == 1 + 128);
    }
    SECTION("a custom monotonic source reporting a foreign error or throwing") {
        struct foreign {
            std::error_code read_monotonic(std::uint64_t, std::array<std::uint8_t, 10>&) {
                return std::make_error_code(std::errc::device_or_resource_busy);
            }
        } a;
        REQUIRE(ulid::generate(1, a, out) == ulid::errc::entropy_failure);
        struct throwing {
            std::error_code read_monotonic(std::uint64_t, std::array<std::uint8_t, 10>&) {
                throw std::runtime_error("no entropy");
            }
        } b;
        REQUIRE(ulid::generate(1, b, out) == ulid::errc::entropy_failure);
        struct own_error {
            std::error_code read_monotonic(std::uint64_t, std::array<std::uint8_t, 10>&) {
                return ulid::errc::monotonic_overflow;  // the library's own codes pass through
            }
        } c;
        REQUIRE(ulid::generate(1, c, out) == ulid::errc::monotonic_overflow);
    }
    REQUIRE(out == sentinel);
    REQUIRE(e == sentinel_entropy);
}

namespace {
struct account_tag {
    static constexpr std::string_view prefix = "account";
};
}  // namespace

TEST_CASE("errc::invalid_prefix and errc::wrong_prefix from every TypeID call", "[errors][typeid]") {
    ulid::type_id any;
    REQUIRE_FALSE(ulid::make_type_id("kept", sentinel, any));
    const ulid::type_id kept = any;
    ulid::typed_id<account_tag> typed(sentinel);
    ulid::ulid raw = sentinel;
    for (const std::string_view prefix : {"Account", "_a", "a_", "a1", "a-b", "a b"}) {
        CAPTURE(prefix);
        const std::string text = std::string(prefix) + "_01h455vb4pex5vsknk084sn02q";
        REQUIRE(ulid::parse_type_id(text, any) == ulid::errc::invalid_prefix);
        REQUIRE(ulid::parse(text, typed) == ulid::errc::invalid_prefix);
        REQUIRE(ulid::parse_type_id(text, "account", raw) == ulid::errc::invalid_prefix);
        REQUIRE(ulid::parse_type_id("account_01h455vb4pex5vsknk084sn02q", prefix, raw) == ulid::errc::invalid_prefix);
        REQUIRE(ulid::make_type_id(prefix, any) == ulid::errc::invalid_prefix);
        REQUIRE(ulid::make_type_id(prefix, sentinel, any) == ulid::errc::invalid_prefix);
    }
    for (const char* text : {"order_01h455vb4pex5vsknk084sn02q", "01h455vb4pex5vsknk084sn02q",
                             "accounts_01h455vb4pex5vsknk084sn02q", "a_account_01h455vb4pex5vsknk084sn02q"}) {
        CAPTURE(text);
        REQUIRE(ulid::parse(text, typed) == ulid::errc::wrong_prefix);
        REQUIRE(ulid::parse_type_id(text, "account", raw) == ulid::errc::wrong_prefix);
        std::istringstream in(text);
        in >> typed;
        REQUIRE(in.fail());
    }
    REQUIRE(any == kept);
    REQUIRE(typed.id() == sentinel);
    REQUIRE(raw == sentinel);
}

TEST_CASE("each errc has its own message, and ulid::error carries the code", "[errors]") {
    std::vector<std::string> messages;
    for (int v = 1; v <= static_cast<int>(ulid::errc::wrong_version); ++v) {
        const auto e = static_cast<ulid::errc>(v);
        const std::error_code ec = e;
        REQUIRE(ec.category() == ulid::ulid_category());
        REQUIRE(ec.message() == std::string(ulid::error_message(e)));
        messages.push_back(ec.message());
        const ulid::error from_errc(e);
        const ulid::error from_code(ec);
        REQUIRE(from_errc.code() == e);
        REQUIRE(from_code.code() == e);
    }
    std::sort(messages.begin(), messages.end());
    REQUIRE(std::adjacent_find(messages.begin(), messages.end()) == messages.end());
    REQUIRE(std::string(ulid::error_message(static_cast<ulid::errc>(0))) == "unknown ulid error");
    REQUIRE(std::error_code(static_cast<ulid::errc>(99)).message() == "unknown ulid error");
}

TEST_CASE("a failed parse() speaks of the ULID text only: no UUID, no hexadecimal", "[errors]") {
    // parse() accepts only the 26-character form, so its message must not
    // send the reader looking for a UUID. One input per error parse() returns.
    for (const char* text : {"01ARYZ6S41TSV4RRFFQ69G5FA", "01ARYZ6S41TSV4RRFFQ69G5FAU", "81ARYZ6S41TSV4RRFFQ69G5FAV"}) {
        ulid::ulid out = sentinel;
        const std::error_code ec = ulid::parse(text, out);
        REQUIRE(ec);
        REQUIRE(out == sentinel);
        std::string message = ec.message();
        std::transform(message.begin(), message.end(), message.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        CAPTURE(text, message);
        CHECK(message.find("uuid") == std::string::npos);
        CHECK(message.find("hex") == std::string::npos);
    }
}

TEST_CASE("errc_of() gives the errc behind a code, and entropy_failure for a source's own error", "[errors]") {
    for (int v = 1; v <= static_cast<int>(ulid::errc::wrong_version); ++v) {
        const auto e = static_cast<ulid::errc>(v);
        REQUIRE(ulid::errc_of(ulid::make_error_code(e)) == e);
    }
    REQUIRE(ulid::errc_of(std::make_error_code(std::errc::io_error)) == ulid::errc::entropy_failure);
    REQUIRE(ulid::errc_of(std::error_code(5, std::system_category())) == ulid::errc::entropy_failure);
    REQUIRE(ulid::errc_of(std::error_code()) == ulid::errc{});
    REQUIRE(ulid::errc_of(ulid::make_error_code(ulid::errc{})) == ulid::errc{});
}
