// operator<< and operator>>: the text form through iostreams.
#include "catch.hpp"

#include <ulid/ulid.hpp>

#include <array>
#include <iomanip>
#include <sstream>
#include <string>

namespace {

constexpr const char* sample_text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

ulid::ulid sample() { return ulid::must_parse(sample_text); }

ulid::ulid other() { return ulid::must_parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"); }

}  // namespace

TEST_CASE("operator<< writes the 26-character upper-case text", "[iostream]") {
    std::ostringstream out;
    out << sample();
    CHECK(out.str() == sample_text);

    std::ostringstream zero;
    zero << ulid::ulid{};
    CHECK(zero.str() == "00000000000000000000000000");
}

TEST_CASE("operator<< honours width, fill and alignment", "[iostream]") {
    std::ostringstream right;
    right << std::setw(30) << std::setfill('*') << sample() << '|';
    CHECK(right.str() == std::string("****") + sample_text + "|");

    std::ostringstream left;
    left << std::left << std::setw(28) << sample() << '|';
    CHECK(left.str() == std::string(sample_text) + "  |");

    // The width applies to one output only.
    std::ostringstream once;
    once << std::setw(27) << sample() << sample();
    CHECK(once.str() == std::string(" ") + sample_text + sample_text);
}

TEST_CASE("operator<< writes to wide streams", "[iostream]") {
    std::wostringstream out;
    out << sample();
    CHECK(out.str() == L"01ARZ3NDEKTSV4RRFFQ69G5FAV");
}

TEST_CASE("operator>> reads whitespace-separated ULIDs, either case", "[iostream]") {
    std::istringstream in("  01ARZ3NDEKTSV4RRFFQ69G5FAV\n\t7zzzzzzzzzzzzzzzzzzzzzzzzz next");
    ulid::ulid a;
    ulid::ulid b;
    in >> a >> b;
    REQUIRE(in);
    CHECK(a == sample());
    CHECK(b == other());
    std::string rest;
    in >> rest;
    CHECK(rest == "next");
}

TEST_CASE("operator>> round-trips operator<<", "[iostream]") {
    std::stringstream io;
    const ulid::ulid id = ulid::make();
    io << id << ' ' << sample();
    ulid::ulid x;
    ulid::ulid y;
    REQUIRE(io >> x >> y);
    CHECK(x == id);
    CHECK(y == sample());
}

TEST_CASE("operator>> at the end of the input sets eofbit, not failbit", "[iostream]") {
    std::istringstream in(sample_text);
    ulid::ulid id;
    in >> id;
    CHECK(id == sample());
    CHECK(in.eof());
    CHECK_FALSE(in.fail());
}

TEST_CASE("operator>> reads from wide streams", "[iostream]") {
    std::wistringstream in(L"01ARZ3NDEKTSV4RRFFQ69G5FAV");
    ulid::ulid id;
    in >> id;
    CHECK_FALSE(in.fail());
    CHECK(id == sample());
}

TEST_CASE("operator>> sets failbit on bad input and leaves the ULID untouched", "[iostream]") {
    const std::array<const char*, 7> bad = {
        "01ARZ3NDEKTSV4RRFFQ69G5FA",    // 25 characters
        "01ARZ3NDEKTSV4RRFFQ69G5FAVX",  // 27 characters
        "01ARZ3NDEKTSV4RRFFQ69G5FAU",   // U is not in the alphabet
        "01ARZ3NDEKTSV4RRFFQ69G5FA!",   // punctuation
        "81ARZ3NDEKTSV4RRFFQ69G5FAV",   // first character above 7: overflow
        "",                             // nothing at all
        "   ",                          // only whitespace
    };
    for (const char* text : bad) {
        INFO("input: '" << text << "'");
        std::istringstream in(text);
        ulid::ulid id = other();
        in >> id;
        CHECK(in.fail());
        CHECK(id == other());
    }
}

TEST_CASE("operator>> does nothing on a stream already in error", "[iostream]") {
    std::istringstream in(sample_text);
    in.setstate(std::ios::failbit);
    ulid::ulid id = other();
    in >> id;
    CHECK(id == other());
    in.clear();
    std::string untouched;
    in >> untouched;
    CHECK(untouched == sample_text);
}
