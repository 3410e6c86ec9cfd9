// boost::hash and Boost's hashed containers through ulid::hash_value (in
// <ulid/ulid.hpp>: no integration header needed).
#include "catch.hpp"

#include <ulid/ulid.hpp>

#include <boost/container_hash/hash.hpp>
#include <boost/multi_index/hashed_index.hpp>
#include <boost/multi_index/member.hpp>
#include <boost/multi_index/ordered_index.hpp>
#include <boost/multi_index_container.hpp>
#include <boost/unordered_map.hpp>
#include <boost/unordered_set.hpp>
#include <functional>
#include <string>

namespace {

struct order {
    ulid::ulid id;
    std::string item;
};

}  // namespace

TEST_CASE("boost::hash<ulid> is std::hash<ulid>", "[boost]") {
    for (int i = 0; i < 100; ++i) {
        const ulid::ulid id = ulid::make();
        CHECK(boost::hash<ulid::ulid>{}(id) == std::hash<ulid::ulid>{}(id));
    }
    CHECK(boost::hash<ulid::ulid>{}(ulid::ulid::nil()) != boost::hash<ulid::ulid>{}(ulid::ulid::max()));
}

TEST_CASE("ulids key boost::unordered_map and boost::unordered_set", "[boost]") {
    boost::unordered_map<ulid::ulid, int> map;
    boost::unordered_set<ulid::ulid> set;
    for (int i = 0; i < 1000; ++i) {
        const ulid::ulid id = ulid::make();
        map.emplace(id, i);
        set.insert(id);
    }
    const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    map[sample] = -1;
    CHECK(map.size() == 1001);
    CHECK(set.size() == 1000);
    CHECK(map.at(sample) == -1);
    CHECK(set.count(sample) == 0);
}

TEST_CASE("ulids index a Boost.MultiIndex container, hashed and ordered", "[boost]") {
    namespace bmi = boost::multi_index;
    using orders =
        bmi::multi_index_container<order,
                                   bmi::indexed_by<bmi::hashed_unique<bmi::member<order, ulid::ulid, &order::id>>,
                                                   bmi::ordered_unique<bmi::member<order, ulid::ulid, &order::id>>>>;
    orders all;
    const ulid::ulid first = ulid::make();
    const ulid::ulid second = ulid::make();
    CHECK(all.insert({second, "b"}).second);
    CHECK(all.insert({first, "a"}).second);
    CHECK_FALSE(all.insert({first, "again"}).second);
    CHECK(all.find(first)->item == "a");
    CHECK(all.get<1>().begin()->id == first);  // ordered by time
}
