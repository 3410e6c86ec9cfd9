// <ulid/boost.hpp>: a ULID and a boost::uuids::uuid hold the same 128 bits.
#include "catch.hpp"

#include <ulid/boost.hpp>
#include <ulid/ulid.hpp>  // make_v7(): boost.hpp brings only the value core

#include <boost/functional/hash.hpp>
#include <boost/uuid/random_generator.hpp>
#include <boost/uuid/uuid_io.hpp>
#include <string>

namespace {
const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
}  // namespace

TEST_CASE("to_boost_uuid keeps the bytes and the UUID text", "[boost]") {
    const boost::uuids::uuid u = ulid::to_boost_uuid(sample);
    CHECK(boost::uuids::to_string(u) == sample.to_uuid_string());
    CHECK(std::equal(u.begin(), u.end(), sample.bytes().begin(), sample.bytes().end()));
    CHECK(ulid::to_boost_uuid(ulid::ulid::nil()).is_nil());
}

TEST_CASE("from_boost_uuid is its inverse, for any UUID", "[boost]") {
    boost::uuids::random_generator random;
    for (int i = 0; i < 1000; ++i) {
        const boost::uuids::uuid u = random();
        CHECK(ulid::to_boost_uuid(ulid::from_boost_uuid(u)) == u);
        const ulid::ulid id = ulid::make_v7();
        const boost::uuids::uuid v = ulid::to_boost_uuid(id);
        CHECK((v.begin()[6] >> 4U) == 7);  // Boost before 1.86 reports version 7 as unknown
        CHECK(v.variant() == boost::uuids::uuid::variant_rfc_4122);
        CHECK(ulid::from_boost_uuid(v) == id);
    }
    CHECK(ulid::from_boost_uuid(boost::uuids::uuid{}) == ulid::ulid::nil());
}
