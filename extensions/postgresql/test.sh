#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds and installs the ulid extension, starts a throwaway PostgreSQL
# cluster and runs, against it:
#   1. plain server:  make installcheck (every test in REGRESS), where
#      gen_monotonic_ulid() is ordered per backend;
#   2. restarted with shared_preload_libraries = 'ulid': monotonic_server,
#      where it is ordered across every backend;
#   3. crash_reinit: a backend killed with SIGKILL makes the postmaster
#      re-create shared memory; gen_monotonic_ulid() stays above its floor;
#      a full restart (documented) starts from the clock again;
#      uuid_spellings: tests/uuid_spellings.txt, the table of UUID spellings
#      the library, the tool and SQLite are tested with, through ulid's input
#      and the server's uuid_in;
#   4. dump_restore: pg_dump -Fc / pg_restore of a schema using the type,
#      its btree, hash and BRIN indexes and range and hash partitions;
#   5. logical_replication: a second cluster subscribes, with a text and a
#      binary (binary = true) subscription, to tables keyed by ulid; inserts,
#      updates (of keys too) and deletes converge to identical data;
#   6. quick_path: docs/databases.md's role, database and CREATE EXTENSION
#      blocks, pasted as written into a fresh server, then the application's;
#   7. pure_differential: ulid_pure.sql, the pure-SQL companion, against the
#      extension (pure_differential.sql).
# The clusters live in a mktemp folder, listen on a Unix socket in that
# folder only (listen_addresses = ''), run as `nobody` when this script runs
# as root, and are stopped and removed on exit, whatever happens.
#
# Usage: bash extensions/postgresql/test.sh        (PG_CONFIG=... picks the server)
# Tested with PostgreSQL 15, 17 and 18; REGRESS adds ulid_pg17 and ulid_pg18
# (the server's uuid_extract_*() and uuidv7()) where the server has them.
# Needs: postgresql-NN and postgresql-server-dev-NN (Debian), g++, make;
# `make install` writes into the server's directories, so run as root (CI)
# or as a user who may write there.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
export PG_CONFIG=${PG_CONFIG:-pg_config}
pg_version=$("$PG_CONFIG" --version)
echo "== ulid: PostgreSQL extension tests on $pg_version ($(command -v "$PG_CONFIG"))"

# The project's warnings, as errors: the extension builds warning-free.
make -C "$here" --no-print-directory ULID_WERROR=1
make -C "$here" --no-print-directory install >/dev/null

# shellcheck source=cluster.sh
. "$here/cluster.sh"
cluster_init C
echo "max_connections = 40" >>"$data/postgresql.conf"

show_diffs() {
    [ -f "$here/regression.diffs" ] && head -n 200 "$here/regression.diffs" >&2
    return 1
}

echo "== ulid: regression tests, plain server (port $port) [${SECONDS}s]"
cluster_start
timeout 600 make -C "$here" --no-print-directory installcheck || show_diffs
cluster_stop

echo "== ulid: regression tests, shared_preload_libraries = 'ulid' [${SECONDS}s]"
echo "shared_preload_libraries = 'ulid'" >>"$data/postgresql.conf"
cluster_start
timeout 600 make -C "$here" --no-print-directory installcheck REGRESS=monotonic_server || show_diffs
cluster_stop

psql_in() { local db=$1; shift; "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -d "$db" "$@"; }
fail() { echo "FAILED: $*" >&2; exit 1; }

echo "== ulid: crash_reinit, gen_monotonic_ulid() across a crash re-initialisation [${SECONDS}s]"
echo "wal_level = logical" >>"$data/postgresql.conf"
cluster_start
psql_in postgres -c "CREATE EXTENSION ulid"
# A floor an hour ahead of the clock, so that falling back to the clock shows.
floor=$(psql_in postgres -tAc "SELECT ulid_upper_bound(now() + interval '1 hour') AS f, ulid_monotonic_advance(ulid_upper_bound(now() + interval '1 hour'))" | cut -d'|' -f1)
# The backend kills itself: COPY TO PROGRAM runs a shell whose parent is the
# backend. The postmaster then ends every backend and re-creates shared
# memory.
psql_in postgres -c "COPY (SELECT 1) TO PROGRAM 'kill -KILL \$PPID'" >/dev/null 2>&1 || true
# Wait for the re-initialisation to start (the postmaster may take a moment
# to see its child die), then for the server to accept connections again.
for _ in $(seq 1 120); do
    grep -q "all server processes terminated; reinitializing" "$data.log" && break
    sleep 0.5
done
grep -q "all server processes terminated; reinitializing" "$data.log" || fail "crash_reinit: no re-initialisation in the server log"
for _ in $(seq 1 120); do
    psql_in postgres -tAc "SELECT 1" >/dev/null 2>&1 && break
    sleep 0.5
done
after_crash=$(psql_in postgres -tAc "SELECT gen_monotonic_ulid() > '$floor'::ulid")
[ "$after_crash" = t ] || fail "crash_reinit: gen_monotonic_ulid() fell below the floor $floor after a crash re-initialisation"
# A full restart keeps nothing (no state on disk): the clock again.
cluster_stop
cluster_start
after_restart=$(psql_in postgres -tAc "SELECT gen_monotonic_ulid() < '$floor'::ulid")
[ "$after_restart" = t ] || fail "crash_reinit: after a restart the floor was expected to be gone (docs say so)"
echo "ok: above the floor after a crash re-initialisation; from the clock after a restart"

echo "== ulid: uuid_spellings, the shared table of UUID spellings (tests/uuid_spellings.txt) [${SECONDS}s]"
# The cases the library, the tool and SQLite are tested with: ulid's input
# and the server's own uuid_in must each give the table's verdict.
spellings=$here/../../tests/uuid_spellings.txt
checked=0
while read -r input expected; do
    case $input in '' | '#'*) continue ;; esac
    as_ulid=$(psql_in postgres -tAc "SELECT '$input'::ulid::uuid::text" 2>/dev/null) || as_ulid=reject
    as_uuid=$(psql_in postgres -tAc "SELECT '$input'::uuid::text" 2>/dev/null) || as_uuid=reject
    [ "$as_ulid" = "$expected" ] || fail "uuid_spellings: '$input'::ulid gave $as_ulid, the table says $expected"
    [ "$as_uuid" = "$expected" ] || fail "uuid_spellings: '$input'::uuid (the server's uuid_in) gave $as_uuid, the table says $expected"
    checked=$((checked + 1))
done <"$spellings"
[ "$checked" -ge 20 ] || fail "uuid_spellings: only $checked cases read from $spellings"
echo "ok: $checked spellings: ulid's input and uuid_in agree with the table"

echo "== ulid: dump_restore, pg_dump -Fc and pg_restore [${SECONDS}s]"
# shellcheck source=dump_schema.sh
. "$here/dump_schema.sh"
"$bindir/createdb" dumpsrc
dump_schema_create dumpsrc
"$bindir/pg_dump" -Fc -f "$tmp/dumpsrc.dump" dumpsrc
"$bindir/createdb" dumpdst
"$bindir/pg_restore" --exit-on-error -d dumpdst "$tmp/dumpsrc.dump"
dump_state_of dumpsrc >"$tmp/dumpsrc.state"
dump_state_of dumpdst >"$tmp/dumpdst.state"
diff -u "$tmp/dumpsrc.state" "$tmp/dumpdst.state" || fail "dump_restore: the restored database differs"
dump_state_complete "$tmp/dumpsrc.state"
dump_restored_usable dumpdst
echo "ok: $(wc -l <"$tmp/dumpsrc.state") facts identical after pg_restore"

echo "== ulid: logical_replication, text and binary subscriptions [${SECONDS}s]"
sub=$tmp/sub
sub_port=$((port + 1))
cluster_init C "$sub" "$sub_port"
cluster_start "$sub"
psql_sub() { PGPORT=$sub_port psql_in "$@"; }
schema="CREATE EXTENSION ulid;
CREATE TABLE by_text (id ulid PRIMARY KEY DEFAULT gen_ulid(), ref uuid, v text);
CREATE TABLE by_binary (id ulid PRIMARY KEY DEFAULT gen_monotonic_ulid(), ref uuid, v text, h ulid);
CREATE INDEX ON by_binary USING hash (h);"
"$bindir/createdb" rep
PGPORT=$sub_port "$bindir/createdb" rep
psql_in rep -c "$schema"
psql_sub rep -c "$schema"
# Rows before the subscription (initial copy), then changes after it.
psql_in rep <<'SQL'
INSERT INTO by_text (ref, v) SELECT gen_random_uuid(), 'a' || g FROM generate_series(1, 500) g;
INSERT INTO by_binary (ref, v, h) SELECT gen_random_uuid(), 'a' || g, gen_ulid() FROM generate_series(1, 500) g;
CREATE PUBLICATION pub_text FOR TABLE by_text;
CREATE PUBLICATION pub_binary FOR TABLE by_binary;
SQL
conn="host=$sock port=$port user=$db_user dbname=rep"
psql_sub rep -c "CREATE SUBSCRIPTION sub_text CONNECTION '$conn' PUBLICATION pub_text" \
    -c "CREATE SUBSCRIPTION sub_binary CONNECTION '$conn' PUBLICATION pub_binary WITH (binary = true)" 2>&1 |
    grep -v "^NOTICE:  created replication slot" || true
[ "$(psql_sub rep -tAc "SELECT string_agg(subname || '=' || subbinary, ',' ORDER BY subname) FROM pg_subscription")" = \
    "sub_binary=true,sub_text=false" ] || fail "logical_replication: subscriptions not as created"
psql_in rep <<'SQL'
INSERT INTO by_text (ref, v) SELECT gen_random_uuid(), 'b' || g FROM generate_series(1, 500) g;
INSERT INTO by_binary (ref, v, h) SELECT gen_random_uuid(), 'b' || g, gen_ulid() FROM generate_series(1, 500) g;
UPDATE by_text SET v = v || '-updated' WHERE v LIKE '%7';
UPDATE by_binary SET v = v || '-updated', h = gen_ulid() WHERE v LIKE '%7';
-- Key updates: the replica identity is the ulid primary key.
UPDATE by_text SET id = gen_ulid() WHERE v LIKE '%3';
UPDATE by_binary SET id = gen_monotonic_ulid() WHERE v LIKE '%3';
DELETE FROM by_text WHERE v LIKE '%5';
DELETE FROM by_binary WHERE v LIKE '%5';
SQL
digest="SELECT (SELECT count(*) || ' ' || md5(string_agg(id::text || ref::text || v, ',' ORDER BY id)) FROM by_text) || ' / ' ||
               (SELECT count(*) || ' ' || md5(string_agg(id::text || ref::text || v || h::text, ',' ORDER BY id)) FROM by_binary)"
want=$(psql_in rep -tAc "$digest")
got=
for _ in $(seq 1 240); do
    got=$(psql_sub rep -tAc "$digest")
    [ "$got" = "$want" ] && break
    sleep 0.5
done
[ "$got" = "$want" ] || fail "logical_replication: subscriber has '$got', publisher '$want'"
# The replicated keys are usable on the subscriber: unique, indexed, and
# found by a cross-type lookup.
psql_sub rep -c "CREATE EXTENSION amcheck" -c "SELECT bt_index_check('by_binary_pkey', true)" >/dev/null
one=$(psql_in rep -tAc "SELECT id::uuid FROM by_text ORDER BY id LIMIT 1 OFFSET 100")
[ "$(psql_sub rep -tAc "SELECT count(*) FROM by_text WHERE id = '$one'::uuid")" = 1 ] ||
    fail "logical_replication: lookup by uuid on the subscriber"
psql_sub rep -qc "DROP SUBSCRIPTION sub_text" -c "DROP SUBSCRIPTION sub_binary"
cluster_stop "$sub"
cluster_stop
echo "ok: subscriber identical ($want)"

echo "== ulid: quick_path, docs/databases.md's role, database and extension on a fresh server [${SECONDS}s]"
# The two SQL blocks after the "pg-quick-path" markers, as the docs print
# them: the superuser's, then the application's, as its own role.
doc_block() {
    awk -v mark="<!-- pg-quick-path: $1 -->" '
        $0 == mark { found = 1; next }
        found && /^```sql$/ { inside = 1; next }
        inside && /^```$/ { exit }
        inside { print }' "$here/../../docs/databases.md"
}
doc_block superuser >"$tmp/quick_superuser.sql"
doc_block app >"$tmp/quick_app.sql"
[ -s "$tmp/quick_superuser.sql" ] && [ -s "$tmp/quick_app.sql" ] || fail "quick_path: the marked blocks are missing from docs/databases.md"
fresh=$tmp/fresh
fresh_port=$((port + 2))
cluster_init C "$fresh" "$fresh_port"
cluster_start "$fresh"
psql_fresh() { PGPORT=$fresh_port psql_in "$@"; }
psql_fresh postgres -f "$tmp/quick_superuser.sql" >/dev/null
PGUSER=app psql_fresh app -f "$tmp/quick_app.sql" >"$tmp/quick_app.out"
rows=$(PGUSER=app psql_fresh app -tAc "SELECT count(*) FROM events WHERE ulid_time(id) > now() - interval '1 hour'")
[ "$rows" = 2 ] || fail "quick_path: the application's table holds $rows fresh rows, not 2"
grep -q "second" "$tmp/quick_app.out" || fail "quick_path: the application's SELECT printed no rows"
# Per database, as the docs say: another database has no ulid until its own CREATE EXTENSION.
psql_fresh postgres -c "CREATE DATABASE other" >/dev/null
if psql_fresh other -c "SELECT NULL::ulid" >/dev/null 2>&1; then fail "quick_path: ulid exists in a database without CREATE EXTENSION"; fi
cluster_stop "$fresh"
echo "ok: the docs' quick path, pasted into a fresh server, gives the application its table"

echo "== ulid: pure_differential, ulid_pure.sql against the extension [${SECONDS}s]"
# The pure-SQL companion in schema pure, the extension in schema ext, in one
# database: they must agree (pure_differential.sql raises on any mismatch).
cluster_start
"$bindir/createdb" puretest
psql_in puretest -c "CREATE SCHEMA ext" -c "CREATE EXTENSION ulid SCHEMA ext"
psql_in puretest -v schema=pure -f "$here/ulid_pure.sql" >/dev/null
psql_in puretest -v spellings="$(cat "$here/../../tests/uuid_spellings.txt")" -f "$here/pure_differential.sql" \
    >"$tmp/pure.out" 2>&1 || { cat "$tmp/pure.out" >&2; fail "pure_differential"; }
sed -n 's/^psql:.*NOTICE:  //p' "$tmp/pure.out"
cluster_stop

echo "== ulid: all PostgreSQL tests passed on $pg_version [${SECONDS}s]"
