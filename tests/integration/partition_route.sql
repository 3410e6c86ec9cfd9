-- SPDX-License-Identifier: MIT
-- Where PostgreSQL puts rows of tables partitioned by HASH on a ulid and on a
-- uuid column, against where <ulid/partition.hpp> said it would. Run by
-- tests/integration/postgresql_clients.sh: psql -v moduli='{2,3,7,16}'
-- -f partition_route.sql, with partition_route's rows (ULID, UUID,
-- {remainder for each modulus}, the moduli in the same order) on psql's
-- standard input. Fails (ON_ERROR_STOP) on any row elsewhere than predicted.
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS ulid;
DROP SCHEMA IF EXISTS partition_route CASCADE;
CREATE SCHEMA partition_route;
SET search_path = partition_route, public;

CREATE TABLE routed (id ulid NOT NULL, u uuid NOT NULL, expected int[] NOT NULL);
\copy routed FROM pstdin
-- The two columns hold the same 16 bytes (the extension's cross-type =).
DO $$
BEGIN
    IF EXISTS (SELECT FROM routed WHERE NOT (id = u)) THEN
        RAISE EXCEPTION 'partition_route: a ULID and its UUID form differ';
    END IF;
END $$;

SELECT set_config('partition_route.moduli', :'moduli', false) IS NOT NULL AS moduli_set \gset
CREATE TABLE results (column_type text, modulus int, partitions int, rows bigint, mismatches bigint);

DO $$
DECLARE
    moduli int[] := current_setting('partition_route.moduli')::int[];
    m int;
    t text;
    total bigint;
    bad bigint;
    used int;
BEGIN
    FOR i IN 1 .. cardinality(moduli) LOOP
        m := moduli[i];
        FOREACH t IN ARRAY ARRAY['ulid', 'uuid'] LOOP
            EXECUTE format('CREATE TABLE %I (id %s NOT NULL, expected int NOT NULL) PARTITION BY HASH (id)',
                           t || '_' || m, t);
            FOR r IN 0 .. m - 1 LOOP
                EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
                               t || '_' || m || '_' || r, t || '_' || m, m, r);
            END LOOP;
            EXECUTE format('INSERT INTO %I SELECT %s, expected[%s] FROM routed',
                           t || '_' || m, CASE t WHEN 'ulid' THEN 'id' ELSE 'u' END, i);
            -- tableoid: the partition PostgreSQL put the row in.
            EXECUTE format('SELECT count(*), count(*) FILTER (WHERE tableoid::regclass::text <> %L || expected),'
                           ' count(DISTINCT tableoid) FROM %I', t || '_' || m || '_', t || '_' || m)
                INTO total, bad, used;
            INSERT INTO results VALUES (t, m, used, total, bad);
        END LOOP;
    END LOOP;
END $$;

SELECT column_type, modulus, partitions AS partitions_used, rows, mismatches FROM results ORDER BY modulus, column_type;

DO $$
BEGIN
    IF EXISTS (SELECT FROM results WHERE mismatches <> 0 OR rows <> (SELECT count(*) FROM routed)) THEN
        RAISE EXCEPTION 'partition_route: rows in another partition than ulid::postgres_partition() predicted';
    END IF;
    IF NOT EXISTS (SELECT FROM results) THEN
        RAISE EXCEPTION 'partition_route: no moduli given';
    END IF;
END $$;
DROP SCHEMA partition_route CASCADE;
