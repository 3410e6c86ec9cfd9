// libpqxx support from <ulid/pqxx.hpp>, against a PostgreSQL server with the
// ulid extension (ULID_TEST_POSTGRESQL; see server_main.cpp).
#include "catch.hpp"

#include <ulid/pqxx.hpp>
#include <ulid/ulid.hpp>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <vector>

namespace {

const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");

pqxx::connection connect() { return pqxx::connection(std::getenv("ULID_TEST_POSTGRESQL")); }

// A fresh temporary table with a ulid, a uuid and a text column.
void make_table(pqxx::work& tx) {
    tx.exec0("CREATE EXTENSION IF NOT EXISTS ulid");
    tx.exec0("CREATE TEMP TABLE ids (k serial PRIMARY KEY, u ulid, g uuid, s text)");
}

}  // namespace

TEST_CASE("exec_params sends a ulid that ulid, uuid and text columns store", "[pqxx]") {
    pqxx::connection c = connect();
    pqxx::work tx(c);
    make_table(tx);
    tx.exec_params0("INSERT INTO ids (u, g, s) VALUES ($1, $2::ulid, $3)", sample, sample, sample);
    tx.exec_params0("INSERT INTO ids (u, g, s) VALUES ($1, $2, $3)", sample, sample.to_uuid_string(), sample);

    // What the server holds, as its own text.
    const pqxx::result held = tx.exec("SELECT u::text, g::text, s FROM ids ORDER BY k");
    REQUIRE(held.size() == 2);
    for (const auto& row : held) {
        CHECK(row[0].as<std::string>() == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
        CHECK(row[1].as<std::string>() == sample.to_uuid_string());
        CHECK(row[2].as<std::string>() == "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    }
    // Parameters compare on the server, too.
    CHECK(tx.exec_params1("SELECT count(*) FROM ids WHERE u = $1 AND s = $1::text", sample)[0].as<int>() == 2);
}

TEST_CASE("field.as<ulid>() reads ulid, uuid and text columns", "[pqxx]") {
    pqxx::connection c = connect();
    pqxx::work tx(c);
    make_table(tx);
    std::vector<ulid::ulid> ids;
    for (int i = 0; i < 50; ++i) ids.push_back(ulid::make());
    ids.push_back(ulid::ulid::nil());
    ids.push_back(ulid::ulid::max());
    for (const ulid::ulid& id : ids) tx.exec_params0("INSERT INTO ids (u, g, s) VALUES ($1, $1::ulid, $1)", id);

    const pqxx::result rows = tx.exec("SELECT u, g, s FROM ids ORDER BY u");
    std::vector<ulid::ulid> sorted = ids;
    std::sort(sorted.begin(), sorted.end());
    REQUIRE(rows.size() == sorted.size());
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        CHECK(rows[i][0].as<ulid::ulid>() == sorted[i]);  // the server sorts as we do
        CHECK(rows[i][1].as<ulid::ulid>() == sorted[i]);
        CHECK(rows[i][2].as<ulid::ulid>() == sorted[i]);
    }
    // Lower-case text reads too.
    CHECK(tx.exec1("SELECT '01arz3ndektsv4rrffq69g5fav'")[0].as<ulid::ulid>() == sample);
    CHECK(tx.exec_params1("SELECT $1", std::string(sample.encode_lower()))[0].as<ulid::ulid>() == sample);
}

TEST_CASE("NULL the libpqxx way", "[pqxx]") {
    // Debian's libpqxx 6.4 is built without PQXX_HAVE_OPTIONAL, so its
    // optional-like parameter and field type is a smart pointer.
    pqxx::connection c = connect();
    pqxx::work tx(c);
    make_table(tx);
    tx.exec_params0("INSERT INTO ids (u, g, s) VALUES ($1, $2, $3)", std::unique_ptr<ulid::ulid>{},
                    std::unique_ptr<ulid::ulid>{}, std::make_unique<ulid::ulid>(sample));
    const pqxx::row row = tx.exec1("SELECT u, g, s FROM ids");
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

TEST_CASE("text that is no ULID throws pqxx::conversion_error saying why", "[pqxx]") {
    pqxx::connection c = connect();
    pqxx::nontransaction tx(c);
    const auto read = [&](const std::string& query) { return tx.exec1(query)[0].as<ulid::ulid>(); };
    CHECK_THROWS_AS(read("SELECT ''"), pqxx::conversion_error);
    CHECK_THROWS_AS(read("SELECT 42"), pqxx::conversion_error);
    CHECK_THROWS_AS(read("SELECT '81ARZ3NDEKTSV4RRFFQ69G5FAV'"), pqxx::conversion_error);
    CHECK_THROWS_AS(read("SELECT 'now'::timestamptz"), pqxx::conversion_error);
    try {
        (void)read("SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAU'");
        FAIL("no conversion_error");
    } catch (const pqxx::conversion_error& e) {
        CHECK_THAT(e.what(), test::text_contains("ulid::ulid") && test::text_contains("'U'"));
    }
    ulid::ulid kept = sample;
    CHECK_THROWS_AS(tx.exec1("SELECT 'x'")[0].to(kept), pqxx::conversion_error);
    CHECK(kept == sample);
    // The server, too, refuses what is no ULID in a ulid column.
    CHECK_THROWS_AS(tx.exec_params("SELECT $1::ulid", std::string("not a ulid")), pqxx::data_exception);
}
