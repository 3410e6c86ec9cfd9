#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Benchmarks the PostgreSQL extension on a throwaway cluster (not run by CI).
#
#   bash bench/postgresql.sh              (PG_CONFIG=..., N_GEN, N_ROWS, REPS override)
#
# Reports, as ratios within this one run, medians of REPS interleaved
# repetitions (REPS >= 3):
#   1. generation alone: SELECT count(f()) over N_GEN rows for gen_ulid(),
#      gen_monotonic_ulid() (server-wide mode), gen_ulid_v7(),
#      gen_random_uuid(), and the bare generate_series()
#      loop, which is subtracted to give the cost per call; and pgcrypto's
#      gen_random_bytes(16), i.e. pg_strong_random() alone, which is what
#      dominates gen_random_uuid();
#   2. primary-key inserts of N_ROWS rows, one INSERT ... SELECT each, into
#      tables keyed by bigint identity, uuid DEFAULT gen_random_uuid(), ulid
#      DEFAULT gen_ulid(), gen_monotonic_ulid() and gen_ulid_v7():
#        a. with generation: the key from the column's DEFAULT;
#        b. keys generated beforehand (by the same function, in call order),
#           so only the index's work differs;
#      time relative to the bigint table, index size relative to it, and
#      leaf density (pgstattuple's pgstatindex) of the primary key.
#   The goals of issue 21 for gen_ulid() are checked and printed: leaf
#   density >= 85 %, index <= 1.45x bigint's, insert time <= 1.2x bigint's.
#   On PostgreSQL 18 its uuidv7() joins both parts (table k_uuidv7), and so
#   does the pg_uuidv7 extension's uuid_generate_v7() where installed
#   (k_pg_uuidv7); the goals of issue 31 are printed: gen_ulid_v7() costs at
#   most 1.0x uuidv7() per call, and its primary key is as dense (leaf
#   density within 1 point of uuidv7()'s).
# The cluster (initdb in a mktemp folder, Unix socket only, as `nobody` when
# run as root) has the library in shared_preload_libraries, fsync off and a
# large max_wal_size, the same for every contender; it is removed on exit.
# Needs the extension built and installed (extensions/postgresql/test.sh does
# both, or make -C extensions/postgresql install) and pgstattuple (part of
# Debian's postgresql-NN, as is pgcrypto).
set -euo pipefail

PG_CONFIG=${PG_CONFIG:-pg_config}
N_GEN=${N_GEN:-1000000}
N_ROWS=${N_ROWS:-1000000}
REPS=${REPS:-3}
[ "$REPS" -ge 3 ] || { echo "REPS must be at least 3 (medians)" >&2; exit 2; }

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

psql_run -c "CREATE EXTENSION ulid; CREATE EXTENSION pgstattuple;" \
    -c "CREATE TABLE timings (kind text, label text, rep int, ms float8)"
echo "PostgreSQL: $(psql_run -tAc 'SHOW server_version'), ulid $(psql_run -tAc "SELECT extversion FROM pg_extension WHERE extname = 'ulid'"), ulid_monotonic_scope: $(psql_run -tAc 'SELECT ulid_monotonic_scope()')"
echo "machine: $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)"
echo "N_GEN=$N_GEN N_ROWS=$N_ROWS REPS=$REPS"

if [ "$(psql_run -tAc "SELECT to_regprocedure('gen_ulid_v7()') IS NOT NULL")" != t ]; then
    echo "bench/postgresql.sh: the installed extension has no gen_ulid_v7(); install this tree's (0.2):" \
        "make -C extensions/postgresql install" >&2
    exit 1
fi
generators="gen_random_uuid gen_ulid gen_monotonic_ulid gen_ulid_v7"
tables="k_bigint k_uuid k_ulid k_ulid_monotonic k_ulid_v7"
# PostgreSQL 18's own uuidv7(), and the pg_uuidv7 extension's
# uuid_generate_v7() where it is installed (Debian: postgresql-18-pg-uuidv7):
# the UUIDv7 generators gen_ulid_v7() stands next to.
has_uuidv7=$(psql_run -tAc "SELECT to_regprocedure('uuidv7()') IS NOT NULL")
if [ "$has_uuidv7" = t ]; then
    generators="$generators uuidv7"
    tables="$tables k_uuidv7"
else
    echo "(PostgreSQL $(psql_run -tAc 'SHOW server_version') has no uuidv7() (18 does): not measured)"
fi
if psql_run -c "CREATE EXTENSION pg_uuidv7" 2>/dev/null; then
    generators="$generators uuid_generate_v7"
    tables="$tables k_pg_uuidv7"
    has_pg_uuidv7=t
else
    has_pg_uuidv7=f
    echo "(the pg_uuidv7 extension is not installed: uuid_generate_v7() not measured)"
fi
# What dominates gen_random_uuid(): its 16 bytes come from pg_strong_random()
# (OpenSSL's RAND_bytes on Debian), which pgcrypto's gen_random_bytes() also
# calls alone.
if psql_run -c "CREATE EXTENSION pgcrypto" 2>/dev/null; then
    extra_gen="gen_random_bytes(16)"
else
    extra_gen=
    echo "(pgcrypto not available: pg_strong_random() alone not measured)"
fi

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

echo
echo "== 1. generation alone, $N_GEN values, median of $REPS interleaved repetitions"
for rep in $(seq 1 "$REPS"); do
    timed gen "generate_series only" "$rep" "SELECT count(g) FROM generate_series(1, $N_GEN) g"
    for f in $generators; do
        timed gen "$f()" "$rep" "SELECT count($f()) FROM generate_series(1, $N_GEN)"
    done
    if [ -n "$extra_gen" ]; then
        timed gen "$extra_gen" "$rep" "SELECT count($extra_gen) FROM generate_series(1, $N_GEN)"
    fi
done
psql_run -v n="$N_GEN" <<'EOF'
WITH m AS (SELECT label, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms FROM timings WHERE kind = 'gen' GROUP BY label),
     loop AS (SELECT ms FROM m WHERE label = 'generate_series only')
SELECT m.label, round(m.ms::numeric, 1) AS median_ms,
       round(((m.ms - loop.ms) * 1e6 / :n)::numeric, 1) AS ns_per_call,
       round(((m.ms - loop.ms) / nullif((SELECT ms FROM m WHERE label = 'gen_random_uuid()') - loop.ms, 0))::numeric, 3)
           AS per_call_vs_uuid
FROM m, loop ORDER BY m.ms;
EOF

echo
echo "== 2. primary-key inserts, $N_ROWS rows each, median of $REPS interleaved repetitions"
psql_run <<EOF
CREATE TABLE k_bigint (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, n integer);
CREATE TABLE k_uuid (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n integer);
CREATE TABLE k_ulid (id ulid PRIMARY KEY DEFAULT gen_ulid(), n integer);
CREATE TABLE k_ulid_monotonic (id ulid PRIMARY KEY DEFAULT gen_monotonic_ulid(), n integer);
CREATE TABLE k_ulid_v7 (id ulid PRIMARY KEY DEFAULT gen_ulid_v7(), n integer);
-- Keys generated beforehand, in call order (a fresh heap is read back in
-- insertion order).
CREATE TABLE src_uuid AS SELECT gen_random_uuid() AS id FROM generate_series(1, $N_ROWS);
CREATE TABLE src_ulid AS SELECT gen_ulid() AS id FROM generate_series(1, $N_ROWS);
CREATE TABLE src_ulid_monotonic AS SELECT gen_monotonic_ulid() AS id FROM generate_series(1, $N_ROWS);
CREATE TABLE src_ulid_v7 AS SELECT gen_ulid_v7() AS id FROM generate_series(1, $N_ROWS);
EOF
if [ "$has_uuidv7" = t ]; then
    psql_run -c "CREATE TABLE k_uuidv7 (id uuid PRIMARY KEY DEFAULT uuidv7(), n integer)" \
        -c "CREATE TABLE src_uuidv7 AS SELECT uuidv7() AS id FROM generate_series(1, $N_ROWS)"
fi
if [ "$has_pg_uuidv7" = t ]; then
    psql_run -c "CREATE TABLE k_pg_uuidv7 (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n integer)" \
        -c "CREATE TABLE src_pg_uuidv7 AS SELECT uuid_generate_v7() AS id FROM generate_series(1, $N_ROWS)"
fi
# A first run also creates the WAL segments every later run recycles: warm up
# on a scratch table so that no contender pays for it.
psql_run -c "CREATE TABLE warm_up (id ulid PRIMARY KEY DEFAULT gen_ulid(), n integer)" \
    -c "INSERT INTO warm_up (n) SELECT g FROM generate_series(1, $N_ROWS) g" -c "DROP TABLE warm_up"

insert_with_default() { echo "INSERT INTO $1 (n) SELECT g FROM generate_series(1, $N_ROWS) g"; }
insert_pregenerated() {
    if [ "$1" = k_bigint ]; then
        echo "INSERT INTO k_bigint (id, n) OVERRIDING SYSTEM VALUE SELECT g, g FROM generate_series(1, $N_ROWS) g"
    else
        echo "INSERT INTO $1 (id, n) SELECT id, 0 FROM src_${1#k_}"
    fi
}
read -r -a order <<<"$tables"
for rep in $(seq 1 "$REPS"); do
    # Rotate the order each repetition, so no table always goes first.
    rotated=("${order[@]:rep % ${#order[@]}}" "${order[@]:0:rep % ${#order[@]}}")
    for t in "${rotated[@]}"; do
        psql_run -c "TRUNCATE $t RESTART IDENTITY" -c "CHECKPOINT"
        timed pregen "$t" "$rep" "$(insert_pregenerated "$t")"
    done
    for t in "${rotated[@]}"; do
        psql_run -c "TRUNCATE $t RESTART IDENTITY" -c "CHECKPOINT"
        timed insert "$t" "$rep" "$(insert_with_default "$t")"
    done
    echo "  repetition $rep of $REPS done"
done
# The tables now hold the last with-generation run: size and density.
psql_run <<'EOF'
CREATE TABLE sizes AS
SELECT t.label, pg_relation_size((t.label || '_pkey')::regclass) AS index_bytes,
       (pgstatindex(t.label || '_pkey')).avg_leaf_density AS leaf_density
FROM (SELECT DISTINCT label FROM timings WHERE kind = 'insert') t;
WITH med AS (SELECT kind, label, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms
             FROM timings WHERE kind IN ('insert', 'pregen') GROUP BY kind, label),
     base AS (SELECT kind, ms FROM med WHERE label = 'k_bigint'),
     sb AS (SELECT index_bytes FROM sizes WHERE label = 'k_bigint')
SELECT s.label AS table_name,
       (SELECT pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid
        AND a.attnum = d.adnum WHERE d.adrelid = s.label::regclass AND a.attname = 'id') AS key_default,
       round((i.ms / 1000)::numeric, 2) AS insert_s,
       round((i.ms / (SELECT ms FROM base WHERE kind = 'insert'))::numeric, 2) AS insert_vs_bigint,
       round((p.ms / 1000)::numeric, 2) AS pregenerated_s,
       round((p.ms / (SELECT ms FROM base WHERE kind = 'pregen'))::numeric, 2) AS pregenerated_vs_bigint,
       pg_size_pretty(s.index_bytes) AS index_size,
       round(s.index_bytes::numeric / (SELECT index_bytes FROM sb), 2) AS index_vs_bigint,
       round(s.leaf_density::numeric, 1) AS leaf_density_pct
FROM sizes s JOIN med i ON i.kind = 'insert' AND i.label = s.label JOIN med p ON p.kind = 'pregen' AND p.label = s.label
ORDER BY i.ms;
EOF
echo
echo "== goals for gen_ulid() as a primary-key default (issue 21)"
psql_run -tA <<'EOF'
WITH med AS (SELECT label, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms
             FROM timings WHERE kind = 'insert' GROUP BY label),
     u AS (SELECT * FROM sizes WHERE label = 'k_ulid'), b AS (SELECT * FROM sizes WHERE label = 'k_bigint')
SELECT format('leaf density %s %% (goal >= 85): %s', round(u.leaf_density::numeric, 1),
              CASE WHEN u.leaf_density >= 85 THEN 'met' ELSE 'MISSED' END) FROM u
UNION ALL
SELECT format('index %s x bigint''s (goal <= 1.45): %s', round(u.index_bytes::numeric / b.index_bytes, 2),
              CASE WHEN u.index_bytes <= 1.45 * b.index_bytes THEN 'met' ELSE 'MISSED' END) FROM u, b
UNION ALL
SELECT format('insert time %s x bigint''s (goal <= 1.2): %s',
              round(((SELECT ms FROM med WHERE label = 'k_ulid') / (SELECT ms FROM med WHERE label = 'k_bigint'))::numeric, 2),
              CASE WHEN (SELECT ms FROM med WHERE label = 'k_ulid') <= 1.2 * (SELECT ms FROM med WHERE label = 'k_bigint')
                   THEN 'met' ELSE 'MISSED' END);
EOF
if [ "$has_uuidv7" = t ]; then
    echo
    echo "== goals for gen_ulid_v7() next to PostgreSQL 18's uuidv7() (issue 31)"
    psql_run -tA <<'EOF'
WITH m AS (SELECT label, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms FROM timings WHERE kind = 'gen' GROUP BY label),
     per_call AS (SELECT m.label, m.ms - l.ms AS ms FROM m, m l WHERE l.label = 'generate_series only'),
     v AS (SELECT ms FROM per_call WHERE label = 'gen_ulid_v7()'), p AS (SELECT ms FROM per_call WHERE label = 'uuidv7()'),
     u AS (SELECT * FROM sizes WHERE label = 'k_ulid_v7'), w AS (SELECT * FROM sizes WHERE label = 'k_uuidv7')
SELECT format('per call %s x uuidv7()''s (goal <= 1.0): %s', round((v.ms / p.ms)::numeric, 3),
              CASE WHEN v.ms <= p.ms THEN 'met' ELSE 'MISSED' END) FROM v, p
UNION ALL
SELECT format('primary-key leaf density %s %% against uuidv7()''s %s %% (goal: as dense, within 1 point): %s',
              round(u.leaf_density::numeric, 1), round(w.leaf_density::numeric, 1),
              CASE WHEN u.leaf_density >= w.leaf_density - 1 THEN 'met' ELSE 'MISSED' END) FROM u, w
UNION ALL
SELECT format('primary-key index %s x uuidv7()''s', round(u.index_bytes::numeric / w.index_bytes, 3)) FROM u, w;
EOF
fi
