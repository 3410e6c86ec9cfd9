-- BRIN: the default minmax class, ulid_minmax_multi_ops and ulid_bloom_ops,
-- each giving the same rows as a sequential scan.
SET TimeZone = 'UTC';

-- 20000 rows in time order, as a table keyed by ULIDs fills up.
CREATE TABLE log (id ulid, n integer);
INSERT INTO log
SELECT overlay(ulid_lower_bound('2026-03-01 00:00:00+00'::timestamptz + g * interval '1 millisecond')::bytea
               PLACING substr(gen_ulid()::bytea, 7) FROM 7)::ulid, g
FROM generate_series(1, 20000) g;
CREATE INDEX log_minmax ON log USING brin (id) WITH (pages_per_range = 4);
CREATE INDEX log_multi ON log USING brin (id ulid_minmax_multi_ops) WITH (pages_per_range = 4);
CREATE INDEX log_bloom ON log USING brin (id ulid_bloom_ops) WITH (pages_per_range = 4);
ANALYZE log;
SELECT c.relname, opc.opcname, opc.opcdefault
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_opclass opc ON opc.oid = i.indclass[0]
WHERE i.indrelid = 'log'::regclass ORDER BY 1;

-- The same queries through each index alone, against a sequential scan.
CREATE TEMP TABLE answers (how text, q text, n bigint);
CREATE FUNCTION run_queries(how text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    mid ulid := (SELECT id FROM log WHERE n = 12345);
    c bigint;
BEGIN
    SELECT count(*) INTO c FROM log WHERE id = mid;
    INSERT INTO answers VALUES (how, 'eq', c);
    SELECT count(*) INTO c FROM log WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    INSERT INTO answers VALUES (how, 'eq_absent', c);
    SELECT count(*) INTO c FROM log
    WHERE id BETWEEN ulid_lower_bound('2026-03-01 00:00:05+00') AND ulid_upper_bound('2026-03-01 00:00:05.999+00');
    INSERT INTO answers VALUES (how, 'range', c);
    SELECT count(*) INTO c FROM log WHERE id < mid;
    INSERT INTO answers VALUES (how, 'lt', c);
    SELECT count(*) INTO c FROM log WHERE id >= mid;
    INSERT INTO answers VALUES (how, 'ge', c);
END $$;
SET enable_seqscan = off;
SET enable_indexscan = off;
DROP INDEX log_multi;
DROP INDEX log_bloom;
EXPLAIN (COSTS OFF) SELECT count(*) FROM log WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
SELECT run_queries('minmax');
CREATE INDEX log_multi ON log USING brin (id ulid_minmax_multi_ops) WITH (pages_per_range = 4);
DROP INDEX log_minmax;
EXPLAIN (COSTS OFF) SELECT count(*) FROM log WHERE id < '01ARZ3NDEKTSV4RRFFQ69G5FAV';
SELECT run_queries('minmax_multi');
CREATE INDEX log_bloom ON log USING brin (id ulid_bloom_ops) WITH (pages_per_range = 4);
DROP INDEX log_multi;
EXPLAIN (COSTS OFF) SELECT count(*) FROM log WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
SELECT run_queries('bloom');
RESET enable_seqscan;
RESET enable_indexscan;
DROP INDEX log_bloom;
SELECT run_queries('seqscan');
SELECT q, count(*) AS methods, count(DISTINCT n) AS answers, min(n) AS n FROM answers GROUP BY q ORDER BY q;
-- The minmax index skips most block ranges for a narrow window.
CREATE INDEX log_minmax ON log USING brin (id) WITH (pages_per_range = 4);
SET enable_seqscan = off;
-- The plan as 15 prints it: 18 adds decimals to row counts and an
-- "Index Searches" line.
CREATE FUNCTION analyzed_plan(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE l text;
BEGIN
    FOR l IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF) ' || query LOOP
        CONTINUE WHEN l ~ '^\s+Index Searches: ';
        RETURN NEXT regexp_replace(l, 'rows=(\d+)\.00 ', 'rows=\1 ', 'g');
    END LOOP;
END
$$;
SELECT analyzed_plan($q$SELECT count(*) FROM log
WHERE id BETWEEN ulid_lower_bound('2026-03-01 00:00:05+00') AND ulid_upper_bound('2026-03-01 00:00:05.099+00')$q$) AS plan;
RESET enable_seqscan;
DROP FUNCTION run_queries(text), analyzed_plan(text);
DROP TABLE log;
