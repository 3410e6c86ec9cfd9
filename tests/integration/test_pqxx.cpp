// libpqxx support from <ulid/pqxx.hpp>, against a PostgreSQL server with the
// ulid extension (ULID_TEST_POSTGRESQL; see server_main.cpp).
#include "catch.hpp"

#include <ulid/pqxx.hpp>
#include <ulid/ulid.hpp>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <pqxx/pqxx>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");

pqxx::connection connect() { return pqxx::connection(std::getenv("ULID_TEST_POSTGRESQL")); }

// A query with parameters, the way each libpqxx major wants it: 6 has
// exec_params(), which 7 and 8 deprecate for exec(query, params).
template <typename... Args>
pqxx::result run(pqxx::transaction_base& tx, const std::string& query, Args&&... args) {
#if PQXX_VERSION_MAJOR >= 8
    return tx.exec(query, pqxx::params{tx, std::forward<Args>(args)...});
#elif PQXX_VERSION_MAJOR == 7
    return tx.exec(query, pqxx::params{std::forward<Args>(args)...});
#else
    return tx.exec_params(query, std::forward<Args>(args)...);
#endif
}

// As run(), for a query that returns exactly one row.
template <typename... Args>
pqxx::row run1(pqxx::transaction_base& tx, const std::string& query, Args&&... args) {
#if PQXX_VERSION_MAJOR >= 7
    return run(tx, query, std::forward<Args>(args)...).one_row();  // (8's result[0] is a row_ref)
#else
    const pqxx::result result = run(tx, query, std::forward<Args>(args)...);
    REQUIRE(result.size() == 1);
    return result[0];
#endif
}

// A fresh temporary table with a ulid, a uuid and a text column.
void make_table(pqxx::work& tx) {
    (void)tx.exec("CREATE EXTENSION IF NOT EXISTS ulid");
    (void)tx.exec("CREATE TEMP TABLE ids (k serial PRIMARY KEY, u ulid, g uuid, s text)");
}

}  // namespace

TEST_CASE("a query parameter sends a ulid that ulid, uuid and text columns store", "[pqxx]") {
    pqxx::connection c = connect();
    pqxx::work tx(c);
    make_table(tx);
    run(tx, "INSERT INTO ids (u, g, s) VALUES ($1, $2::ulid, $3)", sample, sample, sample);
    run(tx, "INSERT INTO ids (u, g, s) VALUES ($1, $2, $3)", sample, sample.to_uuid_string(), sample);

    // What the server holds, as its own text.
    const pqxx::result held = tx.exec("SELECT u::text, g::text, s FROM ids ORDER BY k");
    REQUIRE(held.size() == 2);
    for (const auto& row : held) {
        CHECK(row[0].as<std::string>() == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
        CHECK(row[1].as<std::string>() == sample.to_uuid_string());
        CHECK(row[2].as<std::string>() == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    }
    // Parameters compare on the server, too.
    CHECK(run1(tx, "SELECT count(*) FROM ids WHERE u = $1 AND s = $1::text", sample)[0].as<int>() == 2);
}

TEST_CASE("field.as<ulid>() reads ulid, uuid and text columns", "[pqxx]") {
    pqxx::connection c = connect();
    pqxx::work tx(c);
    make_table(tx);
    std::vector<ulid::ulid> ids;
    for (int i = 0; i < 50; ++i) ids.push_back(ulid::make());
    ids.push_back(ulid::ulid::nil());
    ids.push_back(ulid::ulid::max());
    for (const ulid::ulid& id : ids) run(tx, "INSERT INTO ids (u, g, s) VALUES ($1, $1::ulid, $1)", id);

    const pqxx::result rows = tx.exec("SELECT u, g, s FROM ids ORDER BY u");
    std::vector<ulid::ulid> sorted = ids;
    std::sort(sorted.begin(), sorted.end());
    // (result::size_type is int from libpqxx 7 on, std::size_t before.)
    REQUIRE(static_cast<std::size_t>(rows.size()) == sorted.size());
    std::size_t i = 0;
    for (const auto& row : rows) {
        CHECK(row[0].as<ulid::ulid>() == sorted[i]);  // the server sorts as we do
        CHECK(row[1].as<ulid::ulid>() == sorted[i]);
        CHECK(row[2].as<ulid::ulid>() == sorted[i]);
        ++i;
    }
    // Lower-case text reads too.
    CHECK(run1(tx, "SELECT '01arz3ndektsv4rrffq69g5fav'")[0].as<ulid::ulid>() == sample);
    CHECK(run1(tx, "SELECT $1", std::string(sample.encode_lower()))[0].as<ulid::ulid>() == sample);
}

TEST_CASE("NULL the libpqxx way", "[pqxx]") {
    // The optional-like type of every major: a smart pointer (Debian's
    // libpqxx 6.4 is built without PQXX_HAVE_OPTIONAL).
    pqxx::connection c = connect();
    pqxx::work tx(c);
    make_table(tx);
    run(tx, "INSERT INTO ids (u, g, s) VALUES ($1, $2, $3)", std::unique_ptr<ulid::ulid>{},
        std::unique_ptr<ulid::ulid>{}, std::make_unique<ulid::ulid>(sample));
    const pqxx::row row = run1(tx, "SELECT u, g, s FROM ids");
    CHECK(row[0].is_null());
    CHECK(row[1].is_null());
    CHECK_FALSE(row[2].is_null());
    CHECK_THROWS_AS(row[0].as<ulid::ulid>(), pqxx::conversion_error);
    CHECK(row[0].as<ulid::ulid>(ulid::ulid::max()) == ulid::ulid::max());
    CHECK(row[0].as<std::unique_ptr<ulid::ulid>>() == nullptr);
    ulid::ulid kept = sample;
    CHECK_FALSE(row[0].to(kept));
    CHECK(kept == sample);
    const auto present = row[2].as<std::unique_ptr<ulid::ulid>>();
    REQUIRE(present != nullptr);
    CHECK(*present == sample);
}

#if PQXX_VERSION_MAJOR >= 7
TEST_CASE("std::optional<ulid> carries NULL (libpqxx 7 and 8)", "[pqxx]") {
    pqxx::connection c = connect();
    pqxx::work tx(c);
    make_table(tx);
    run(tx, "INSERT INTO ids (u, s) VALUES ($1, $2)", std::optional<ulid::ulid>{}, std::optional<ulid::ulid>{sample});
    const pqxx::row row = run1(tx, "SELECT u, s FROM ids");
    CHECK(row[0].is_null());
    CHECK_FALSE(row[0].as<std::optional<ulid::ulid>>().has_value());
    CHECK(row[1].as<std::optional<ulid::ulid>>() == sample);
}
#endif

TEST_CASE("pqxx::to_string() and pqxx::from_string() convert without a server", "[pqxx]") {
    CHECK(pqxx::to_string(sample) == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    // from_string(text, out): the form libpqxx 6, 7 and 8 all have.
    ulid::ulid id;
    pqxx::from_string(std::string("01arz3ndektsv4rrffq69g5fav"), id);
    CHECK(id == sample);
    id = ulid::ulid::nil();
    pqxx::from_string(sample.to_uuid_string(), id);
    CHECK(id == sample);
    CHECK_THROWS_AS(pqxx::from_string(std::string("01ARZ3NDEKTSV4RRFFQ69G5FA"), id), pqxx::conversion_error);
    CHECK(id == sample);
}

TEST_CASE("text that is no ULID throws pqxx::conversion_error saying why", "[pqxx]") {
    pqxx::connection c = connect();
    pqxx::nontransaction tx(c);
    const auto read = [&](const std::string& query) { return run1(tx, query)[0].as<ulid::ulid>(); };
    CHECK_THROWS_AS(read("SELECT ''"), pqxx::conversion_error);
    CHECK_THROWS_AS(read("SELECT 42"), pqxx::conversion_error);
    CHECK_THROWS_AS(read("SELECT '81ARZ3NDEKTSV4RRFFQ69G5FAV'"), pqxx::conversion_error);
    CHECK_THROWS_AS(read("SELECT 'now'::timestamptz"), pqxx::conversion_error);
    try {
        (void)read("SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAU'");
        FAIL("no conversion_error");
    } catch (const pqxx::conversion_error& e) {
        // (Plain find(): Catch2 v2 and v3 name their substring matcher differently.)
        const std::string what = e.what();
        CHECK(what.find("ulid::ulid") != std::string::npos);
        CHECK(what.find("'U'") != std::string::npos);
    }
    ulid::ulid kept = sample;
    CHECK_THROWS_AS(run1(tx, "SELECT 'x'")[0].to(kept), pqxx::conversion_error);
    CHECK(kept == sample);
    // The server, too, refuses what is no ULID in a ulid column.
    CHECK_THROWS_AS(run(tx, "SELECT $1::ulid", std::string("not a ulid")), pqxx::data_exception);
}

namespace {

struct order_tag {
    static constexpr std::string_view prefix = "order";
};
using order_id = ulid::typed_id<order_tag>;

const order_id sample_order(sample);

}  // namespace

TEST_CASE("a typed_id is a parameter and a field as a ulid is", "[pqxx][typeid]") {
    // Issue 49: exec_params0(..., order_id) failed with an incomplete string_traits.
    pqxx::connection c = connect();
    pqxx::work tx(c);
    make_table(tx);
    run(tx, "INSERT INTO ids (u, g, s) VALUES ($1, $2::ulid, $3)", sample_order, sample_order, sample_order);
    // The parameter is the ID's text: the prefix is the column's.
    const pqxx::row held = run1(tx, "SELECT u::text, g::text, s FROM ids");
    CHECK(held[0].as<std::string>() == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    CHECK(held[1].as<std::string>() == sample.to_uuid_string());
    CHECK(held[2].as<std::string>() == "01ARZ3NDEKTSV4RRFFQ69G5FAV");

    // ulid, uuid and text columns read back, and a view's TypeID text.
    const pqxx::row row = run1(tx, "SELECT u, g, s, ulid_to_typeid(u, 'order') FROM ids WHERE u = $1", sample_order);
    CHECK(row[0].as<order_id>() == sample_order);
    CHECK(row[1].as<order_id>() == sample_order);
    CHECK(row[2].as<order_id>() == sample_order);
    CHECK(row[3].as<std::string>() == "order_01arz3ndektsv4rrffq69g5fav");
    CHECK(row[3].as<order_id>() == sample_order);
    order_id read;
    CHECK(row[3].to(read));
    CHECK(read == sample_order);

    std::vector<order_id> made;
    for (int i = 0; i < 20; ++i) made.push_back(order_id::make());
    for (const order_id& id : made) run(tx, "INSERT INTO ids (u) VALUES ($1)", id);
    const pqxx::result rows = tx.exec("SELECT u FROM ids WHERE u <> '01ARZ3NDEKTSV4RRFFQ69G5FAV' ORDER BY u");
    REQUIRE(static_cast<std::size_t>(rows.size()) == made.size());
    std::size_t i = 0;
    for (const auto& r : rows) CHECK(r[0].as<order_id>() == made[i++]);  // made() increases
}

TEST_CASE("a typed_id field refuses another type's TypeID with the library's words", "[pqxx][typeid]") {
    pqxx::connection c = connect();
    pqxx::nontransaction tx(c);
    order_id kept = sample_order;
    const auto error_of = [&](const std::string& query) -> std::string {
        try {
            (void)run1(tx, query)[0].to(kept);
        } catch (const pqxx::conversion_error& e) {
            return e.what();
        }
        return "no conversion_error";
    };
    (void)tx.exec("CREATE EXTENSION IF NOT EXISTS ulid");
    const std::string wrong = error_of("SELECT ulid_to_typeid('01ARZ3NDEKTSV4RRFFQ69G5FAV', 'user')");
    CHECK_THAT(wrong, test::text_contains("ulid::typed_id<order>"));
    CHECK_THAT(wrong, test::text_contains(ulid::explain_type_id("user_01arz3ndektsv4rrffq69g5fav", "order")));
    CHECK_THAT(wrong, test::text_contains(ulid::make_error_code(ulid::errc::wrong_prefix).message()));
    CHECK_THAT(error_of("SELECT 'order_01ARZ3NDEKTSV4RRFFQ69G5FAV'"),
               test::text_contains("is not a lower-case Crockford base32 character"));
    CHECK_THAT(error_of("SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAU'"), test::text_contains("'U' at position 26"));
    CHECK_THAT(error_of("SELECT 'orde_01arz3ndektsv4rrffq69g5fav'"),
               test::text_contains("prefix 'orde' where 'order' was expected"));
    CHECK(kept == sample_order);
}

TEST_CASE("a typed_id carries NULL the libpqxx way", "[pqxx][typeid]") {
    pqxx::connection c = connect();
    pqxx::work tx(c);
    make_table(tx);
    run(tx, "INSERT INTO ids (u, s) VALUES ($1, $2)", std::unique_ptr<order_id>{},
        std::make_unique<order_id>(sample_order));
    const pqxx::row row = run1(tx, "SELECT u, s FROM ids");
    CHECK(row[0].is_null());
    CHECK_THROWS_AS(row[0].as<order_id>(), pqxx::conversion_error);
    CHECK(row[0].as<order_id>(order_id()) == order_id());
    CHECK(row[0].as<std::unique_ptr<order_id>>() == nullptr);
    order_id kept = sample_order;
    CHECK_FALSE(row[0].to(kept));
    CHECK(kept == sample_order);
    const auto present = row[1].as<std::unique_ptr<order_id>>();
    REQUIRE(present != nullptr);
    CHECK(*present == sample_order);
#if PQXX_VERSION_MAJOR >= 7
    CHECK_FALSE(row[0].as<std::optional<order_id>>().has_value());
    CHECK(row[1].as<std::optional<order_id>>() == sample_order);
#endif
}

TEST_CASE("pqxx::to_string() and from_string() convert a typed_id without a server", "[pqxx][typeid]") {
    CHECK(pqxx::to_string(sample_order) == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    order_id id;
    pqxx::from_string(std::string("order_01arz3ndektsv4rrffq69g5fav"), id);
    CHECK(id == sample_order);
    id = order_id();
    pqxx::from_string(sample.to_uuid_string(), id);
    CHECK(id == sample_order);
    CHECK_THROWS_AS(pqxx::from_string(std::string("user_01arz3ndektsv4rrffq69g5fav"), id), pqxx::conversion_error);
    CHECK_THROWS_AS(pqxx::from_string(std::string("_01arz3ndektsv4rrffq69g5fav"), id), pqxx::conversion_error);
    CHECK_THROWS_AS(pqxx::from_string(std::string(""), id), pqxx::conversion_error);
    CHECK(id == sample_order);
}
