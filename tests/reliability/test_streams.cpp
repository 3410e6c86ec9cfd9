// iostreams: operator<< writes the text form (narrow and wide, honouring
// width and fill); operator>> reads one whitespace-delimited ULID and, on
// success, replaces the value.
#include "catch.hpp"
#include "reliability.hpp"

#include <iomanip>
#include <sstream>
#include <string>

TEST_CASE("operator<< writes the 26 characters, honouring width and fill", "[streams]") {
    const ulid::ulid id = ulid::must_parse("01ARYZ6S41TSV4RRFFQ69G5FAV");
    std::ostringstream out;
    out << id;
    REQUIRE(out.str() == "01ARYZ6S41TSV4RRFFQ69G5FAV");
    std::ostringstream padded;
    padded << std::setw(30) << std::setfill('*') << std::left << id;
    REQUIRE(padded.str() == "01ARYZ6S41TSV4RRFFQ69G5FAV****");
    std::wostringstream wide;
    wide << id;
    REQUIRE(wide.str() == L"01ARYZ6S41TSV4RRFFQ69G5FAV");
}

TEST_CASE("operator>> reads whitespace-delimited ULIDs in either case", "[streams]") {
    std::istringstream in("  01ARYZ6S41TSV4RRFFQ69G5FAV\t01aryz6s410000000000000000\n7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    ulid::ulid a = rel::sentinel();
    ulid::ulid b = rel::sentinel();
    ulid::ulid c = rel::sentinel();
    REQUIRE(static_cast<bool>(in >> a >> b));
    REQUIRE(a.to_string() == "01ARYZ6S41TSV4RRFFQ69G5FAV");
    REQUIRE(b.time() == 1469918176385ULL);
    REQUIRE(static_cast<bool>(in >> c));
    REQUIRE(in.eof());  // the last one ends the stream
    REQUIRE(c.to_string() == "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    ulid::ulid d = rel::sentinel();
    REQUIRE_FALSE(static_cast<bool>(in >> d));  // nothing left
    REQUIRE(d == rel::sentinel());

    std::wistringstream wide(L"01ARYZ6S41TSV4RRFFQ69G5FAV");
    ulid::ulid w;
    REQUIRE(static_cast<bool>(wide >> w));
    REQUIRE(w == a);
}

TEST_CASE("operator<< and operator>> round-trip", "[streams]") {
    rel::splitmix_reader reader(8);
    std::stringstream s;
    std::vector<ulid::ulid> ids;
    for (int i = 0; i < 100; ++i) {
        ids.push_back(ulid::must_generate(static_cast<std::uint64_t>(i) * 1000003U, reader));
        s << ids.back() << (i % 2 == 0 ? ' ' : '\n');
    }
    for (const ulid::ulid& expected : ids) {
        ulid::ulid got;
        REQUIRE(static_cast<bool>(s >> got));
        REQUIRE(got == expected);
    }
}
