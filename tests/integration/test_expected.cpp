// The C++23 std::expected forms: parse(text), parse_uuid(text) and
// generate(ms, source). Built only where <expected> exists.
#include "catch.hpp"

#include <ulid/ulid.hpp>

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace {

constexpr std::string_view sample_text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

struct failing_reader {
    static std::error_code read(std::uint8_t* /*dst*/, std::size_t /*n*/) {
        return std::make_error_code(std::errc::io_error);
    }
};

}  // namespace

using result = std::expected<ulid::ulid, std::error_code>;

TEST_CASE("the expected forms have the documented types and never throw", "[expected]") {
    STATIC_REQUIRE(std::is_same_v<decltype(ulid::parse(std::string_view{})), result>);
    STATIC_REQUIRE(std::is_same_v<decltype(ulid::parse_uuid(std::string_view{})), result>);
    STATIC_REQUIRE(noexcept(ulid::parse(std::string_view{})));
    STATIC_REQUIRE(noexcept(ulid::parse_uuid(std::string_view{})));
    ulid::zero_entropy zero;
    STATIC_REQUIRE(std::is_same_v<decltype(ulid::generate(0, zero)), result>);
    STATIC_REQUIRE(noexcept(ulid::generate(0, zero)));
}

TEST_CASE("parse(text) returns the ULID or the error", "[expected]") {
    const result ok = ulid::parse(sample_text);
    REQUIRE(ok.has_value());
    CHECK(ok->to_string() == sample_text);
    CHECK(*ok == ulid::must_parse(sample_text));

    // A string literal and a std::string pick the expected form too.
    CHECK(ulid::parse("01ARZ3NDEKTSV4RRFFQ69G5FAV").has_value());
    CHECK(ulid::parse(std::string(sample_text)).has_value());

    CHECK(ulid::parse("short").error() == ulid::errc::data_size);
    CHECK(ulid::parse("01ARZ3NDEKTSV4RRFFQ69G5FAU").error() == ulid::errc::invalid_characters);
    CHECK(ulid::parse("81ARZ3NDEKTSV4RRFFQ69G5FAV").error() == ulid::errc::overflow);
    CHECK(ulid::parse("").error().category() == ulid::ulid_category());
}

TEST_CASE("parse_uuid(text) returns the ULID or the error", "[expected]") {
    const result ok = ulid::parse_uuid("01563e3a-b5d3-d676-4c61-efb99302bd5b");
    REQUIRE(ok.has_value());
    CHECK(ok->to_string() == sample_text);
    CHECK(ulid::parse_uuid("01563e3a").error() == ulid::errc::data_size);
    CHECK(ulid::parse_uuid("01563e3a-b5d3-d676-4c61-efb99302bd5x").error() == ulid::errc::invalid_characters);
}

TEST_CASE("generate(ms, source) returns the ULID or the error", "[expected]") {
    ulid::zero_entropy zero;
    const result ok = ulid::generate(1469922850259U, zero);
    REQUIRE(ok.has_value());
    CHECK(ok->time() == 1469922850259U);
    CHECK(ok->to_string() == "01ARZ3NDEK0000000000000000");

    CHECK(ulid::generate(ulid::max_time + 1, zero).error() == ulid::errc::big_time);
    failing_reader failing;
    CHECK(ulid::generate(0, failing).error() == ulid::errc::entropy_failure);

    ulid::monotonic_entropy<ulid::secure_entropy> monotonic{ulid::secure_entropy{}};
    const result first = ulid::generate(1, monotonic);
    const result second = ulid::generate(1, monotonic);
    REQUIRE(first.has_value());
    REQUIRE(second.has_value());
    CHECK(*first < *second);

#if __cpp_lib_expected >= 202211L
    // The monadic operations (libstdc++ 13, libc++ 17) compose without an if.
    const auto time_of = ulid::parse(sample_text).transform([](const ulid::ulid& id) { return id.time(); });
    CHECK(time_of.value() == 1469922850259U);
#endif
}
