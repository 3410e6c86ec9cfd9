# SPDX-License-Identifier: MIT
# The dump/restore test's database, sourced by test.sh (dump and restore on
# one server) and major_upgrade.sh (dump on one major, restore on another):
# a schema using the type, its btree, hash and BRIN indexes, range and hash
# partitions and a view, and what must survive a pg_dump/pg_restore.
# Needs psql_in DB ... and fail MESSAGE from the caller.

# Creates the schema and its data in database $1.
dump_schema_create() {
    psql_in "$1" <<'SQL'
CREATE EXTENSION ulid;
CREATE TABLE legacy (id uuid PRIMARY KEY);
CREATE TABLE items (id ulid PRIMARY KEY DEFAULT gen_ulid(), legacy_id uuid REFERENCES legacy, note text);
CREATE INDEX items_hash ON items USING hash (id);
CREATE INDEX items_brin ON items USING brin (id);
CREATE INDEX items_bloom ON items USING brin (id ulid_bloom_ops);
CREATE INDEX items_multi ON items USING brin (id ulid_minmax_multi_ops);
CREATE TABLE events (id ulid NOT NULL, what text) PARTITION BY RANGE (id);
CREATE TABLE events_2026_01 PARTITION OF events
    FOR VALUES FROM (ulid_lower_bound('2026-01-01 00:00:00+00')) TO (ulid_lower_bound('2026-02-01 00:00:00+00'));
CREATE TABLE events_2026_02 PARTITION OF events
    FOR VALUES FROM (ulid_lower_bound('2026-02-01 00:00:00+00')) TO (ulid_lower_bound('2026-03-01 00:00:00+00'));
CREATE TABLE events_default PARTITION OF events DEFAULT;
CREATE INDEX ON events (id);
CREATE TABLE shards (id ulid PRIMARY KEY, n integer) PARTITION BY HASH (id);
CREATE TABLE shards_0 PARTITION OF shards FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE shards_1 PARTITION OF shards FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE shards_2 PARTITION OF shards FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO legacy SELECT gen_random_uuid() FROM generate_series(1, 200);
INSERT INTO items (legacy_id, note) SELECT id, 'n' || row_number() OVER () FROM legacy;
INSERT INTO events
SELECT overlay(ulid_lower_bound(t)::bytea PLACING substr(gen_ulid()::bytea, 7) FROM 7)::ulid, 'at ' || t
FROM generate_series('2025-12-30 00:00:00+00'::timestamptz, '2026-03-02 00:00:00+00', '7 hours') t;
INSERT INTO shards SELECT gen_ulid(), g FROM generate_series(1, 3000) g;
CREATE VIEW recent AS SELECT id, what FROM events WHERE id >= ulid_lower_bound('2026-02-01 00:00:00+00');
SQL
}

# Everything that must survive, as text: data with its partition, index and
# partition definitions, and the view.
dump_state_of() {
    psql_in "$1" -tA <<'SQL'
SELECT 'items', md5(string_agg(id::text || legacy_id::text || note, ',' ORDER BY id)) FROM items;
SELECT 'events', tableoid::regclass, count(*), md5(string_agg(id::text || what, ',' ORDER BY id))
FROM events GROUP BY tableoid ORDER BY 2;
SELECT 'shards', tableoid::regclass, count(*), md5(string_agg(id::text || n, ',' ORDER BY id))
FROM shards GROUP BY tableoid ORDER BY 2;
SELECT 'index', indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname;
SELECT 'bound', c.relname, pg_get_expr(c.relpartbound, c.oid) FROM pg_class c WHERE c.relispartition ORDER BY 2;
-- (16 stopped qualifying the columns of a one-table view: events.id is id.)
SELECT 'view', regexp_replace(pg_get_viewdef('recent'::regclass), 'events\.', '', 'g');
SELECT 'recent', count(*) FROM recent;
SQL
}

# Checks that state file $1 holds every kind of fact (so that an empty or
# partial state cannot compare equal).
dump_state_complete() {
    local fact
    for fact in "ulid_bloom_ops" "ulid_minmax_multi_ops" "USING hash (id)" "^bound|events_2026_02|FOR VALUES FROM" \
        "^bound|shards_2|FOR VALUES WITH" "^events|events_default|" "^shards|shards_2|" "^recent|"; do
        grep -q -- "$fact" "$1" || { cat "$1"; fail "dump_restore: nothing matches $fact"; }
    done
}

# Checks that the restored database $1 is usable: amcheck on the btree, and
# partition pruning by ulid_lower_bound()/ulid_upper_bound().
dump_restored_usable() {
    psql_in "$1" -tAc "CREATE EXTENSION IF NOT EXISTS amcheck; SELECT bt_index_check('items_pkey', true)" >/dev/null
    psql_in "$1" -tA <<'SQL' | grep -q "events_2026_01" || fail "dump_restore: no pruning to events_2026_01"
EXPLAIN (COSTS OFF) SELECT * FROM events
WHERE id BETWEEN ulid_lower_bound('2026-01-10 00:00:00+00') AND ulid_upper_bound('2026-01-11 00:00:00+00');
SQL
}
