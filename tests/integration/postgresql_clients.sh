#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The client-library tests that need a PostgreSQL server with the ulid
# extension: ulid_integration_pqxx (libpqxx),
# ulid_integration_soci_postgresql (SOCI), and <ulid/partition.hpp>'s hash
# partitions against where the server puts rows (ulid_partition_route with
# partition_route.sql), and docs/surfaces.md's walk through psql. Installs the extension as
# extensions/postgresql/test.sh does, builds the programs in
# build/postgresql-clients, starts a throwaway cluster (extensions/postgresql/
# cluster.sh: a mktemp folder, a Unix socket only, `nobody` when run as root,
# removed on exit) and runs them there (the client libraries' through ctest). A program whose library
# is not installed shows as a skipped ulid_skipped_integration_* test, with its reason.
#
# Usage: bash tests/integration/postgresql_clients.sh   (PG_CONFIG=... picks the server)
# Needs what test.sh needs, plus cmake, ninja, catch2, libpqxx-dev, libsoci-dev.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
ext=$root/extensions/postgresql
build=$root/build/postgresql-clients
export PG_CONFIG=${PG_CONFIG:-pg_config}
mkdir -p "$build"

make -C "$ext" --no-print-directory
make -C "$ext" --no-print-directory install >/dev/null

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DULID_BUILD_TESTS=ON -DULID_BUILD_TOOLS=OFF \
    -DULID_FETCH_DEPS=OFF -DULID_INSTALL=OFF >"$build.configure.log" 2>&1 || { cat "$build.configure.log" >&2; exit 1; }
grep -E 'ulid_integration_(pqxx|soci_postgresql) is not built' "$build.configure.log" || true
cmake --build "$build" --parallel 2 --target ulid_postgresql_clients ulid_surfaces_reference

# shellcheck source=../../extensions/postgresql/cluster.sh
. "$ext/cluster.sh"
cluster_init C
cluster_start
# <ulid/partition.hpp>: 10^5 IDs routed on the client, then placed by the
# server in tables partitioned by HASH on a ulid and on a uuid column; every
# row must be where ulid::postgres_partition() said.
echo "== ulid: hash-partition routing against PostgreSQL's placement"
"$build/tests/integration/ulid_partition_route" 100000 2 3 7 16 1000 |
    "$bindir/psql" -X -q -d postgres -v ON_ERROR_STOP=1 -v moduli='{2,3,7,16,1000}' \
        -f "$root/tests/integration/partition_route.sql"
echo "== ulid: client libraries against PostgreSQL (port $port)"
export ULID_TEST_POSTGRESQL="dbname=postgres"
ctest --test-dir "$build" --output-on-failure --no-tests=error \
    -R '^ulid_(skipped_)?integration_(pqxx|soci_postgresql)$'
# docs/surfaces.md: PostgreSQL held to the C++ library's outputs and words.
echo "== ulid: the surface walk through psql"
"$bindir/psql" -X -q -d postgres -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION IF NOT EXISTS ulid'
bash "$root/tests/surfaces/walk.sh" --reference "$build/tests/surfaces/ulid_surfaces_reference" \
    --inputs "$root/tests/surfaces/inputs.txt" --psql "$bindir/psql"
cluster_stop
echo "== ulid: PostgreSQL client tests passed"
