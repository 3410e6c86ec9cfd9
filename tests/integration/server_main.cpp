// The Catch2 main of the tests that need a PostgreSQL server: without
// ULID_TEST_POSTGRESQL (a libpq connection string, e.g. "dbname=postgres"
// with PGHOST/PGPORT set) they exit 77, which ctest reports as skipped.
// tests/integration/postgresql_clients.sh sets it against a throwaway cluster.
#include <cstdio>
#include <cstdlib>

#if defined(ULID_CATCH2_MAJOR) && ULID_CATCH2_MAJOR >= 3
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

int main(int argc, char* argv[]) {
    if (std::getenv("ULID_TEST_POSTGRESQL") == nullptr) {
        std::puts(
            "skipped: no PostgreSQL server; bash tests/integration/postgresql_clients.sh runs this test "
            "against a throwaway cluster (or set ULID_TEST_POSTGRESQL to a libpq connection string)");
        return 77;
    }
    return Catch::Session().run(argc, argv);
}
