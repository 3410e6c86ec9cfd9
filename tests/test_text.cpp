// Text for people: the allocation-free text form that cannot be misprinted,
// either form in one parse, explanations of failed parses, RFC 3339 times.
#include "catch.hpp"
#include "support.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#if defined(__cpp_lib_format) && __cpp_lib_format >= 201907L
#include <format>
#endif

TEST_CASE("encode() gives a NUL-terminated text that prints as exactly 26 characters", "[text]") {
    const ulid::ulid id = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    const ulid::ulid_text t = id.encode();
    REQUIRE(t.size() == 26);
    REQUIRE(std::strlen(t.c_str()) == 26);
    REQUIRE(std::strlen(id.encode().data()) == 26);  // what `std::cout << id.encode().data()` reads
    REQUIRE(t.c_str()[26] == '\0');
    std::ostringstream out;
    out << t << '|' << id.encode().data() << '|';
    REQUIRE(out.str() == "01ARZ3NDEKTSV4RRFFQ69G5FAV|01ARZ3NDEKTSV4RRFFQ69G5FAV|");
    std::ostringstream padded;
    padded.width(28);
    padded.fill('*');
    padded << t;
    REQUIRE(padded.str() == "**01ARZ3NDEKTSV4RRFFQ69G5FAV");
}

TEST_CASE("ulid_text converts to std::string_view and compares with strings either way", "[text]") {
    const ulid::ulid_text t = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV").encode();
    const std::string_view v = t;
    REQUIRE(v == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    const std::string s = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    REQUIRE(t == s);
    REQUIRE(s == t);
    REQUIRE(t == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    REQUIRE("01ARZ3NDEKTSV4RRFFQ69G5FAV" == t);
    REQUIRE(t != "01ARZ3NDEKTSV4RRFFQ69G5FAW");
    REQUIRE(t.str() == s);
    REQUIRE(std::string(t.begin(), t.end()) == s);
    STATIC_REQUIRE(std::is_trivially_copyable_v<ulid::ulid_text>);
    STATIC_REQUIRE(!std::is_convertible_v<ulid::ulid_text, const char*>);  // no silent decay to a pointer
    const ulid::uuid_text u = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV").encode_uuid();
    REQUIRE(u == "01563e3a-b5d3-d676-4c61-efb99302bd5b");
    REQUIRE(std::strlen(u.c_str()) == 36);
}

TEST_CASE("fixed_text keeps at most its capacity", "[text]") {
    const ulid::fixed_text<4> t(std::string_view("abcdef"));
    REQUIRE(t == "abcd");
    REQUIRE(std::strlen(t.c_str()) == 4);
    REQUIRE(ulid::fixed_text<4>().empty());
}

TEST_CASE("parse_any() takes either form, strictly", "[text][parse]") {
    const ulid::ulid id = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    ulid::ulid out;
    REQUIRE_FALSE(ulid::parse_any("01ARZ3NDEKTSV4RRFFQ69G5FAV", out));
    REQUIRE(out == id);
    out = ulid::ulid();
    REQUIRE_FALSE(ulid::parse_any("01563E3A-B5D3-D676-4C61-EFB99302BD5B", out));
    REQUIRE(out == id);
    const ulid::ulid before = out;
    REQUIRE(ulid::parse_any("01ARZ3NDEKTSV4RRFFQ69G5FA", out) == ulid::errc::data_size);
    REQUIRE(ulid::parse_any("", out) == ulid::errc::data_size);
    REQUIRE(ulid::parse_any("01ARZ3NDEKTSV4RRFFQ69G5FAU", out) == ulid::errc::invalid_characters);
    REQUIRE(ulid::parse_any("81ARZ3NDEKTSV4RRFFQ69G5FAV", out) == ulid::errc::overflow);
    REQUIRE(ulid::parse_any("01563e3a_b5d3-d676-4c61-efb99302bd5b", out) == ulid::errc::invalid_characters);
    REQUIRE(out == before);  // unchanged by every failure
}

TEST_CASE("parse_any() with a form says which form it read, on success and on error", "[text][parse]") {
    using ulid::text_form;
    const ulid::ulid id = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    ulid::ulid out;
    text_form form = text_form::type_id;
    REQUIRE_FALSE(ulid::parse_any("01arz3ndektsv4rrffq69g5fav", out, form));
    CHECK(form == text_form::ulid);
    CHECK(out == id);
    form = text_form::type_id;
    out = ulid::ulid();
    REQUIRE_FALSE(ulid::parse_any("{01563E3AB5D3D6764C61EFB99302BD5B}", out, form));
    CHECK(form == text_form::uuid);
    CHECK(out == id);
    // On error: the form whose rules the text broke, the one explain() needs.
    const ulid::ulid before = out;
    const std::string_view bad_ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAU";
    REQUIRE(ulid::parse_any(bad_ulid, out, form) == ulid::errc::invalid_characters);
    CHECK(form == text_form::ulid);
    CHECK(ulid::explain(bad_ulid, form) == "'U' at position 26 is not a Crockford base32 character");
    const std::string_view bad_uuid = "01563e3g-b5d3-d676-4c61-efb99302bd5b";
    REQUIRE(ulid::parse_any(bad_uuid, out, form) == ulid::errc::invalid_characters);
    CHECK(form == text_form::uuid);
    CHECK(ulid::explain(bad_uuid, form) == "'g' at position 8 is not a hexadecimal digit");
    REQUIRE(ulid::parse_any("01ARZ3NDEKTSV4RRFFQ69G5FA", out, form) == ulid::errc::data_size);
    CHECK(form == text_form::uuid);
    CHECK(out == before);
    // The same result as parse_any() without the form, over every length.
    std::string text;
    for (std::size_t n = 0; n <= 42; ++n, text += 'A') {
        ulid::ulid a;
        ulid::ulid b;
        CHECK(ulid::parse_any(text, a, form) == ulid::parse_any(text, b));
        CHECK(form == (n == 26 ? text_form::ulid : text_form::uuid));
    }
}

TEST_CASE("explain_length() gives explain()'s words for a length alone", "[text]") {
    using ulid::text_form;
    std::array<char, 128> buffer{};
    const std::string_view many =
        "got 100000 characters, expected 26 (ULID) or 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)";
    CHECK(ulid::explain_length(100000, text_form::any, buffer.data(), buffer.size()) == many.size());
    CHECK(std::string_view(buffer.data()) == many);
    const std::string_view one = "got 1 character, expected 26";
    CHECK(ulid::explain_length(1, text_form::ulid, buffer.data(), buffer.size()) == one.size());
    CHECK(std::string_view(buffer.data()) == one);
    // As explain() says it of a whole input of that length.
    const std::string long_input(300, '0');
    CHECK(ulid::explain_length(300, text_form::uuid, buffer.data(), buffer.size()) ==
          ulid::explain(long_input, text_form::uuid).size());
    CHECK(std::string_view(buffer.data()) == ulid::explain(long_input, text_form::uuid));
    // Writes like snprintf: cut, NUL-terminated, the full length returned.
    std::array<char, 8> small{};
    CHECK(ulid::explain_length(27, text_form::ulid, small.data(), small.size()) == 30);
    CHECK(std::string_view(small.data()) == "got 27 ");
    CHECK(ulid::explain_length(27, text_form::ulid, nullptr, 0) == 30);
}

TEST_CASE("shown_char() shows a character as explain() does, visibly", "[text]") {
    STATIC_REQUIRE(ulid::shown_char('A') == std::string_view("A"));
    STATIC_REQUIRE(ulid::shown_char('\t') == std::string_view("\\t"));
    CHECK(ulid::shown_char(' ') == std::string_view(" "));
    CHECK(ulid::shown_char('~') == std::string_view("~"));
    CHECK(ulid::shown_char('\'') == std::string_view("\\'"));
    CHECK(ulid::shown_char('\\') == std::string_view("\\\\"));
    CHECK(ulid::shown_char('\0') == std::string_view("\\0"));
    CHECK(ulid::shown_char('\n') == std::string_view("\\n"));
    CHECK(ulid::shown_char('\r') == std::string_view("\\r"));
    CHECK(ulid::shown_char('\x7F') == std::string_view("\\x7f"));
    CHECK(ulid::shown_char('\x1B') == std::string_view("\\x1b"));
    CHECK(ulid::shown_char('\xC3') == std::string_view("\\xc3"));
    // Every byte: printable ASCII stays itself, nothing else does, and it is
    // what explain() puts between its quotes.
    for (int b = 0; b < 256; ++b) {
        const char c = static_cast<char>(b);
        const ulid::fixed_text<4> shown = ulid::shown_char(c);
        const bool printable = b >= 0x20 && b < 0x7F && c != '\'' && c != '\\';
        CHECK((shown.size() == 1) == printable);
        for (const char s : shown) CHECK((s >= 0x20 && s < 0x7F));
        std::string input = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
        input[25] = c;
        ulid::ulid scratch;
        if (!ulid::parse(input, scratch)) continue;
        CHECK(ulid::explain(input, ulid::text_form::ulid) ==
              "'" + shown.str() + "' at position 26 is not a Crockford base32 character");
    }
}

TEST_CASE("explain() says what is wrong: lengths, characters shown visibly with positions, overflow", "[text]") {
    using ulid::text_form;
    CHECK(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5FAV").empty());
    CHECK(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5FAVX") == "got 27 characters, expected 26");
    CHECK(ulid::explain("") == "got 0 characters, expected 26");
    CHECK(ulid::explain("0") == "got 1 character, expected 26");
    CHECK(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5FAU") == "'U' at position 26 is not a Crockford base32 character");
    CHECK(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5FA\r") == "'\\r' at position 26 is not a Crockford base32 character");
    CHECK(ulid::explain(std::string_view("\0"
                                         "1ARZ3NDEKTSV4RRFFQ69G5FAV",
                                         26)) == "'\\0' at position 1 is not a Crockford base32 character");
    CHECK(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5F\xC3\xA9") ==
          "'\\xc3' at position 25 is not a Crockford base32 character");
    CHECK(ulid::explain("01ARZ3NDEK'SV4RRFFQ69G5FAV") == "'\\'' at position 11 is not a Crockford base32 character");
    CHECK(ulid::explain("81ARZ3NDEKTSV4RRFFQ69G5FAV") ==
          "first character '8' is above '7': the value would exceed 128 bits");
    CHECK(ulid::explain("01563e3a-b5d3-d676-4c61-efb99302bd5b", text_form::uuid).empty());
    CHECK(ulid::explain("01563e3a-b5d3-d676-4c61-efb99302bd5", text_form::uuid) ==
          "got 35 characters, expected 36 (a UUID with four dashes)");
    CHECK(ulid::explain("01563e3g-b5d3-d676-4c61-efb99302bd5b", text_form::uuid) ==
          "'g' at position 8 is not a hexadecimal digit");
    CHECK(ulid::explain("01563e3ab-5d3-d676-4c61-efb99302bd5b", text_form::uuid) == "'b' at position 9 is not '-'");
    CHECK(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5FA", text_form::any) ==
          "got 25 characters, expected 26 (ULID) or 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)");
    CHECK(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5FAU", text_form::any) ==
          "'U' at position 26 is not a Crockford base32 character");
    CHECK(ulid::explain("01563e3g-b5d3-d676-4c61-efb99302bd5b", text_form::any) ==
          "'g' at position 8 is not a hexadecimal digit");
}

TEST_CASE("explain() without a form explains the form the input was most likely meant as", "[text]") {
    // Issue 35: a UUID with one bad digit was answered "got 36 characters, expected 26".
    CHECK(ulid::explain("01563df3-6481-d676-4c61-efb99302bd5g") == "'g' at position 36 is not a hexadecimal digit");
    CHECK(ulid::explain("01563df3-6481-d676-4c61-efb99302bd5") ==
          "got 35 characters, expected 36 (a UUID with four dashes)");
    CHECK(ulid::explain("01563df3-6481-d676-4c61-efb99302bd5b").empty());
    CHECK(ulid::explain("user_01h455vb4pex5vsknk084sn02Q") ==
          ulid::explain("user_01h455vb4pex5vsknk084sn02Q", ulid::text_form::type_id));
    CHECK_THAT(ulid::explain("user_01h455vb4pex5vsknk084sn02Q"), test::text_contains("position 31"));
    CHECK(ulid::explain("user_01h455vb4pex5vsknk084sn02q").empty());
    // 26 characters are a ULID whatever they hold; short and a little long too.
    CHECK(ulid::explain("01ARZ3NDEKTSV4RRFF-69G5FAV") == "'-' at position 19 is not a Crockford base32 character");
    CHECK(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5FAVX") == "got 27 characters, expected 26");
    CHECK(ulid::explain(std::string(40, '0')) == "'0' at position 33 is past a UUID's 32 hexadecimal digits");
    CHECK(ulid::explain(std::string(42, '0')) ==
          "got 42 characters, expected 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)");
    // The buffer form judges alike.
    std::array<char, 64> why{};
    const std::string_view uuid = "01563df3-6481-d676-4c61-efb99302bd5g";
    REQUIRE(ulid::explain(uuid, why.data(), why.size()) == ulid::explain(uuid).size());
    CHECK(std::string(why.data()) == ulid::explain(uuid, ulid::text_form::uuid));
    // must_parse reads only the ULID form and says so.
    try {
        (void)ulid::must_parse(uuid);
        FAIL("must_parse did not throw");
    } catch (const ulid::error& e) {
        CHECK_THAT(std::string(e.what()), test::text_contains("got 36 characters, expected 26"));
    }
}

TEST_CASE("explain() agrees with parse(): empty exactly when the input parses", "[text]") {
    std::mt19937_64 rng(7);
    const std::string_view pool = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzIiLlOoUu-\r\n \x80";
    for (int i = 0; i < 20000; ++i) {
        std::string input(rng() % 3 == 0 ? 25 + rng() % 3 : 26, '0');
        for (char& c : input) c = pool[rng() % pool.size()];
        ulid::ulid out;
        const bool parses = !ulid::parse(input, out);
        INFO(input);
        REQUIRE(ulid::explain(input).empty() == parses);
        REQUIRE(ulid::explain(input, ulid::text_form::any).empty() == !ulid::parse_any(input, out));
    }
}

TEST_CASE("explain() into a caller's buffer writes like snprintf and never allocates", "[text]") {
    const std::string full = ulid::explain("abc");
    std::array<char, 10> small{};
    small.fill('#');
    REQUIRE(ulid::explain("abc", small.data(), small.size()) == full.size());
    REQUIRE(std::string(small.data()) == full.substr(0, 9));
    std::array<char, 64> big{};
    REQUIRE(ulid::explain("abc", big.data(), big.size()) == full.size());
    REQUIRE(std::string(big.data()) == full);
    REQUIRE(ulid::explain("abc", nullptr, 0) == full.size());
    std::array<char, 4> untouched{'x', 'x', 'x', 'x'};
    REQUIRE(ulid::explain("01ARZ3NDEKTSV4RRFFQ69G5FAV", untouched.data(), untouched.size()) == 0);
    REQUIRE(untouched[0] == '\0');
}

TEST_CASE("days_from_civil() and civil_from_days() are inverse, before 1970 too", "[text][time]") {
    using ulid::civil_date;
    STATIC_REQUIRE(ulid::days_from_civil(civil_date{1970, 1, 1}) == 0);
    STATIC_REQUIRE(ulid::days_from_civil(civil_date{2000, 3, 1}) == 11017);
    STATIC_REQUIRE(ulid::days_from_civil(civil_date{1969, 12, 31}) == -1);
    STATIC_REQUIRE(ulid::days_from_civil(civil_date{-1, 3, 1}) == -719834);
    STATIC_REQUIRE(ulid::civil_from_days(-719834).year == -1);
    STATIC_REQUIRE(ulid::civil_from_days(11016).day == 29);  // 2000-02-29
    for (std::int64_t days = -800000; days <= 3300000; days += 997) {
        const civil_date date = ulid::civil_from_days(days);
        REQUIRE(ulid::days_from_civil(date) == days);
        REQUIRE(date.month >= 1);
        REQUIRE(date.month <= 12);
        REQUIRE(date.day >= 1);
        REQUIRE(date.day <= 31);
    }
}

TEST_CASE("rfc3339() writes UTC with milliseconds, every ULID time up to the year 10889", "[text][time]") {
    CHECK(ulid::rfc3339(0) == "1970-01-01T00:00:00.000Z");
    CHECK(ulid::rfc3339(1469918176385) == "2016-07-30T22:36:16.385Z");
    CHECK(ulid::rfc3339(ulid::must_parse("01ARYZ6S41TSV4RRFFQ69G5FAV")) == "2016-07-30T22:36:16.385Z");
    CHECK(ulid::rfc3339(951782400000) == "2000-02-29T00:00:00.000Z");  // a leap day of a century leap year
    CHECK(ulid::rfc3339(253402300799999) == "9999-12-31T23:59:59.999Z");
    CHECK(ulid::rfc3339(253402300800000) == "10000-01-01T00:00:00.000Z");
    CHECK(ulid::rfc3339(ulid::max_time) == "10889-08-02T05:31:50.655Z");
    CHECK(ulid::rfc3339(ulid::max_time + 1).empty());
    // Against the C library's gmtime over random times it can represent:
    // up to the year 9999, or 3000 with Windows' gmtime_s.
#if defined(_WIN32)
    constexpr std::uint64_t gmtime_limit = 32503680000000ULL;  // 3000-01-01
#else
    constexpr std::uint64_t gmtime_limit = 253402300800000ULL;  // 10000-01-01
#endif
    std::mt19937_64 rng(11);
    for (int i = 0; i < 20000; ++i) {
        const std::uint64_t ms = rng() % gmtime_limit;
        const auto seconds = static_cast<std::time_t>(ms / 1000);
        std::tm parts{};
#if defined(_WIN32)
        REQUIRE(gmtime_s(&parts, &seconds) == 0);
#else
        REQUIRE(gmtime_r(&seconds, &parts) != nullptr);
#endif
        std::array<char, 32> expected{};
        const std::size_t n = std::strftime(expected.data(), expected.size(), "%Y-%m-%dT%H:%M:%S", &parts);
        REQUIRE(n == 19);
        std::string want(expected.data(), n);
        const auto millis = static_cast<unsigned>(ms % 1000);
        want += '.';
        want += static_cast<char>('0' + millis / 100);
        want += static_cast<char>('0' + millis / 10 % 10);
        want += static_cast<char>('0' + millis % 10);
        want += 'Z';
        INFO(ms);
        REQUIRE(ulid::rfc3339(ms) == want);
    }
}

TEST_CASE("error_message() is the error code's message, without allocating", "[text][errors]") {
    for (int e = 1; e <= static_cast<int>(ulid::errc::wrong_version); ++e) {
        const auto code = static_cast<ulid::errc>(e);
        REQUIRE(std::string(ulid::error_message(code)) == ulid::make_error_code(code).message());
    }
    STATIC_REQUIRE(noexcept(ulid::error_message(ulid::errc::data_size)));
}

// std::format is not in g++ 12's libstdc++ nor clang 14's libc++ (Debian 12):
// this case compiles only with a newer standard library.
#if defined(__cpp_lib_format) && __cpp_lib_format >= 201907L
TEST_CASE("std::format's {:l} writes lower case and {:u} the UUID form, with a string's specification", "[text]") {
    const ulid::ulid id = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    const std::string lower = "01arz3ndektsv4rrffq69g5fav";
    const std::string uuid = "01563e3a-b5d3-d676-4c61-efb99302bd5b";
    CHECK(std::format("{}", id) == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    CHECK(std::format("{:l}", id) == lower);
    CHECK(std::format("{:u}", id) == uuid);
    CHECK(std::format("{:>30l}", id) == "    " + lower);
    CHECK(std::format("{:*^40u}", id) == "**" + uuid + "**");
    CHECK(std::format("{:.8u}", id) == "01563e3a");
    CHECK(std::format("{0:l} {0:u} {0}", id) == lower + " " + uuid + " 01ARZ3NDEKTSV4RRFFQ69G5FAV");
    CHECK_THROWS_AS(std::vformat("{:x}", std::make_format_args(id)), std::format_error);
    CHECK_THROWS_AS(std::vformat("{:lu}", std::make_format_args(id)), std::format_error);
}
#endif

TEST_CASE("explain() names a UUID URN and every length a UUID spelling can have", "[text][uuid]") {
    using ulid::text_form;
    // Issue 49: a pasted URN was "got 45 characters, expected 36". It is not
    // read (PostgreSQL's uuid_in, which every surface follows, refuses it),
    // so it is named, in any case and with any spelling after it.
    const std::string_view urn_words = "a UUID URN: give the UUID without its 'urn:uuid:' prefix";
    for (const std::string_view urn :
         {"urn:uuid:01563df3-6481-d676-4c61-efb99302bd5b", "URN:UUID:01563DF3-6481-D676-4C61-EFB99302BD5B",
          "urn:uuid:01563df36481d6764c61efb99302bd5b", "Urn:Uuid:{01563df3-6481-d676-4c61-efb99302bd5b}",
          "urn:uuid:", "urn:uuid:not-a-uuid"}) {
        INFO(urn);
        ulid::ulid id = ulid::ulid::from_high_low(1, 2);
        CHECK(ulid::parse_uuid(urn, id));
        CHECK(ulid::parse_any(urn, id));
        CHECK(id == ulid::ulid::from_high_low(1, 2));
        CHECK(ulid::explain(urn, text_form::uuid) == urn_words);
        CHECK(ulid::explain(urn, text_form::any) == urn_words);
        CHECK(ulid::explain(urn) == urn_words);
    }
    // Only the whole "urn:uuid:" is the URN; the ULID form keeps its length words.
    CHECK(ulid::explain("urn:uuid01563df36481d6764c61efb99302bd5b", text_form::uuid) ==
          "'u' at position 1 is not a hexadecimal digit");
    CHECK(ulid::explain("urn:uuid:01563df3-6481-d676-4c61-efb99302bd5b", text_form::ulid) ==
          "got 45 characters, expected 26");
    // The length words name every length a spelling has, 32 to 41, not only 36.
    const std::string_view uuid_lengths = "32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)";
    CHECK(ulid::explain(std::string(31, '0'), text_form::uuid) ==
          "got 31 characters, expected " + std::string(uuid_lengths));
    CHECK(ulid::explain(std::string(42, '0'), text_form::any) ==
          "got 42 characters, expected 26 (ULID) or " + std::string(uuid_lengths));
    for (std::size_t n = 32; n <= 41; ++n) {
        INFO(n);
        // A spelling of each length reads: braces from 34, and dashes after groups of four.
        const bool braced = n >= 34;
        std::string text(32, 'a');
        for (std::size_t d = 0; d < n - 32 - (braced ? 2 : 0); ++d) text.insert(28 - 4 * d, 1, '-');
        if (braced) text = "{" + text + "}";
        REQUIRE(text.size() == n);
        ulid::ulid id;
        CHECK_FALSE(ulid::parse_uuid(text, id));
        CHECK(ulid::explain(text, text_form::uuid).empty());
    }
    // Four dashes mean the 8-4-4-4-12 form, whose one length is 36.
    CHECK(ulid::explain("01563df3-6481-d676-4c61-efb99302bd5b0", text_form::uuid) ==
          "got 37 characters, expected 36 (a UUID with four dashes)");
}

TEST_CASE("the formatters and explain() share one text-form enum", "[text]") {
    // Issue 46: text_form and a formatter-only enum had to change together.
    constexpr std::string_view u = "u}";
    constexpr std::string_view l = ">30l}";
    constexpr std::string_view plain = ">30}";
    STATIC_REQUIRE(ulid::detail::split_format_spec(u.begin(), u.end()).form == ulid::text_form::uuid);
    STATIC_REQUIRE(ulid::detail::split_format_spec(l.begin(), l.end()).form == ulid::text_form::ulid);
    STATIC_REQUIRE(ulid::detail::split_format_spec(l.begin(), l.end()).lower);
    STATIC_REQUIRE(ulid::detail::split_format_spec(plain.begin(), plain.end()).form == ulid::text_form::ulid);
    STATIC_REQUIRE_FALSE(ulid::detail::split_format_spec(plain.begin(), plain.end()).lower);
    constexpr ulid::ulid id = ulid::ulid::from_high_low(0x01563E3AB5D3D676ULL, 0x4C61EFB99302BD5BULL);
    STATIC_REQUIRE(ulid::detail::formatted_text(id, ulid::text_form::uuid, false).view() ==
                   "01563e3a-b5d3-d676-4c61-efb99302bd5b");
    STATIC_REQUIRE(ulid::detail::formatted_text(id, ulid::text_form::ulid, true).view() == id.encode_lower().view());
    STATIC_REQUIRE(ulid::detail::formatted_text(id, ulid::text_form::ulid, false).view() == id.encode().view());
}
