#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Benchmarks the PostgreSQL extension on a throwaway cluster (not run by CI).
#
#   bash bench/postgresql.sh              (PG_CONFIG=..., N_GEN, N_ROWS, REPS override)
#
# Reports, as ratios within this one run:
#   1. generation: SELECT count(f()) over N_GEN rows for gen_ulid(),
#      gen_monotonic_ulid() (server-wide mode) and gen_random_uuid(); REPS
#      interleaved repetitions, best and median;
#   2. inserting N_ROWS rows (after a warm-up, best of two rounds run in
#      opposite orders) into a table whose primary key defaults to
#      ulid gen_monotonic_ulid() / uuid gen_random_uuid() / text
#      gen_monotonic_ulid()::text (database collation C.UTF-8, and COLLATE "C"):
#      time, table and index size.
# The cluster (initdb in a mktemp folder, Unix socket only, as `nobody` when
# run as root) has the library in shared_preload_libraries, fsync off and a
# large max_wal_size, the same for every contender; it is removed on exit.
# Needs the extension built and installed (extensions/postgresql/test.sh does
# both, or make -C extensions/postgresql install).
set -euo pipefail

PG_CONFIG=${PG_CONFIG:-pg_config}
N_GEN=${N_GEN:-1000000}
N_ROWS=${N_ROWS:-5000000}
REPS=${REPS:-5}

# shellcheck source=../extensions/postgresql/cluster.sh
. "$(cd "$(dirname "$0")/.." && pwd)/extensions/postgresql/cluster.sh"
cluster_init C.UTF-8
cat >>"$data/postgresql.conf" <<EOF
shared_preload_libraries = 'ulid'
synchronous_commit = off
full_page_writes = off
max_wal_size = '8GB'
checkpoint_timeout = '30min'
shared_buffers = '1GB'
maintenance_work_mem = '256MB'
max_parallel_workers_per_gather = 0
jit = off
EOF
cluster_start
export PGDATABASE=postgres
psql_run() { "$bindir/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }

psql_run -c "CREATE EXTENSION ulid; CREATE TABLE timings (kind text, label text, rep int, ms float8);"
echo "PostgreSQL: $(psql_run -tAc 'SHOW server_version'), ulid_monotonic_scope: $(psql_run -tAc 'SELECT ulid_monotonic_scope()')"
echo "machine: $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)"

# One statement timed by the server's clock, recorded in `timings`.
timed() {
    local kind=$1 label=$2 rep=$3 statement=$4
    psql_run <<EOF
SELECT clock_timestamp() AS t0 \gset
\o /dev/null
$statement;
\o
INSERT INTO timings VALUES ('$kind', '$label', $rep, extract(epoch FROM clock_timestamp() - :'t0'::timestamptz) * 1000);
EOF
}

echo "== generation, $N_GEN values, $REPS interleaved repetitions"
for rep in $(seq 1 "$REPS"); do
    for f in gen_random_uuid gen_ulid gen_monotonic_ulid; do
        timed gen "$f()" "$rep" "SELECT count($f()) FROM generate_series(1, $N_GEN)"
    done
done
psql_run <<'EOF'
SELECT label, round(min(ms)::numeric, 1) AS best_ms,
       round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ms))::numeric, 1) AS median_ms,
       round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) /
              (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FROM timings
               WHERE kind = 'gen' AND label = 'gen_random_uuid()'))::numeric, 3) AS median_vs_uuid
FROM timings WHERE kind = 'gen' GROUP BY label ORDER BY median_ms;
EOF

echo "== primary-key inserts, $N_ROWS rows each (one INSERT ... SELECT), best of 2 rounds in opposite orders"
psql_run <<'EOF'
CREATE TABLE k_ulid (id ulid PRIMARY KEY DEFAULT gen_monotonic_ulid(), n integer);
CREATE TABLE k_uuid (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n integer);
CREATE TABLE k_text (id text PRIMARY KEY DEFAULT gen_monotonic_ulid()::text, n integer);
CREATE TABLE k_text_c (id text COLLATE "C" PRIMARY KEY DEFAULT gen_monotonic_ulid()::text, n integer);
EOF
# A first run also creates the WAL segments every later run recycles: warm up
# on a scratch table so that no contender pays for it.
psql_run -c "CREATE TABLE warm_up (id ulid PRIMARY KEY DEFAULT gen_monotonic_ulid(), n integer)" \
    -c "INSERT INTO warm_up (n) SELECT g FROM generate_series(1, $N_ROWS) g" -c "DROP TABLE warm_up"
for round in 1 2; do
    order="k_ulid k_uuid k_text k_text_c"
    [ "$round" -eq 2 ] && order="k_text_c k_text k_uuid k_ulid"
    for t in $order; do
        psql_run -c "TRUNCATE $t" -c "CHECKPOINT"
        timed insert "$t" "$round" "INSERT INTO $t (n) SELECT g FROM generate_series(1, $N_ROWS) g"
    done
done
psql_run <<'EOF'
SELECT t.label AS table_name, format_type(a.atttypid, NULL) || coalesce(' COLLATE ' || c.collname, '') AS key_type,
       round((t.ms / 1000)::numeric, 2) AS best_insert_s,
       round((t.ms / (SELECT min(ms) FROM timings WHERE kind = 'insert' AND label = 'k_uuid'))::numeric, 3) AS time_vs_uuid,
       pg_size_pretty(pg_relation_size(t.label::regclass)) AS table_size,
       pg_size_pretty(pg_relation_size((t.label || '_pkey')::regclass)) AS index_size,
       round(pg_relation_size((t.label || '_pkey')::regclass)::numeric /
             pg_relation_size('k_uuid_pkey'), 3) AS index_vs_uuid
FROM (SELECT label, min(ms) AS ms FROM timings WHERE kind = 'insert' GROUP BY label) t
JOIN pg_attribute a ON a.attrelid = t.label::regclass AND a.attname = 'id'
LEFT JOIN pg_collation c ON c.oid = a.attcollation AND c.collname <> 'default'
ORDER BY t.ms;
EOF
