-- JIT with inlining (of the bitcode, when installed) gives the same answers
-- as the interpreter, and the plan says it compiled, inlined and optimised.
-- A server may have no JIT provider: Debian ships PostgreSQL 18's llvmjit.so
-- apart, in postgresql-18-jit (scripts/release-test installs it for sid),
-- where 15's and 17's is in the server package; or jit_provider names a
-- library that does not load. There
-- pg_jit_available() is false with jit = on, and the plan check is left out
-- with a line saying why, which is expected/ulid_jit_1.out (pg_regress
-- accepts either expected file); the answers are checked both ways.
SET TimeZone = 'UTC';
SET max_parallel_workers_per_gather = 0;
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS ulid;
RESET client_min_messages;

-- 20000 events 13 s apart from 2026-01-01, in time order, random entropy.
CREATE TABLE jit_events (id ulid PRIMARY KEY, n integer NOT NULL);
INSERT INTO jit_events
SELECT overlay(ts::ulid::bytea PLACING substr(gen_ulid()::bytea, 7) FROM 7)::ulid, g
FROM (SELECT g, '2026-01-01'::timestamptz + (g * interval '13 seconds') AS ts
      FROM generate_series(1, 20000) g) s;
VACUUM ANALYZE jit_events;

SET jit = on; SET jit_above_cost = 0; SET jit_inline_above_cost = 0; SET jit_optimize_above_cost = 0;
SELECT pg_jit_available() AS jit_available \gset
\if :jit_available
CREATE TEMP TABLE jit_plan (line text);
DO $$
DECLARE l text;
BEGIN
    FOR l IN EXECUTE 'EXPLAIN (ANALYZE, FORMAT TEXT) SELECT count(*) FROM jit_events WHERE id > ''2026-01-03''::timestamptz::ulid AND ulid_ms(id) > 0' LOOP
        INSERT INTO jit_plan VALUES (l);
    END LOOP;
END
$$;
SELECT trim(line) AS jit FROM jit_plan WHERE line ~ '^\s+Options:';
DROP TABLE jit_plan;
\else
-- Fixed words (not the provider's name), so that one expected file holds
-- for every way of missing it.
SELECT 'JIT is not available: jit = on, but the server could not load its jit_provider (on Debian, install '
       'postgresql-NN-jit where the server packages it apart); the plan check is left out' AS skipped;
\endif
SELECT count(*) AS in_range FROM jit_events
WHERE id >= '2026-01-02 12:00'::timestamptz::ulid AND id < '2026-01-02 13:00'::timestamptz::ulid AND n > 0;
SELECT count(*) FILTER (WHERE a < b) AS lt, count(*) FILTER (WHERE a = b) AS eq, count(*) FILTER (WHERE a > b) AS gt
FROM (SELECT id AS a, lag(id) OVER (ORDER BY n) AS b FROM jit_events) s;
SELECT count(*) AS ms_agree FROM jit_events WHERE ulid_ms(id) = (extract(epoch FROM ulid_time(id)) * 1000)::bigint;
RESET jit; RESET jit_above_cost; RESET jit_inline_above_cost; RESET jit_optimize_above_cost;
DROP TABLE jit_events;
