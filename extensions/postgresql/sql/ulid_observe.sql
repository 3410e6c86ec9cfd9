-- ulid_observe(id): causal order. An application passes the last ID it saw;
-- the session's generators, and gen_monotonic_ulid(), then give IDs above it
-- even when the application's clock runs ahead of the server's, up to
-- ulid.max_clock_skew (500 ms). An ID further ahead is refused and changes
-- nothing.
CREATE EXTENSION IF NOT EXISTS ulid;

-- An old ID changes nothing; NULL in, NULL out.
SELECT ulid_observe('01ARYZ6S41TSV4RRFFQ69G5FAV');
SELECT ulid_observe(NULL) IS NULL AS null_in_null_out;
SHOW ulid.max_clock_skew;

-- Beyond the bound (2 s ahead; the year 3000): refused, with how far ahead.
\set VERBOSITY terse
SELECT ulid_observe(ulid_lower_bound(clock_timestamp() + interval '2 s'));
SELECT ulid_observe(ulid_lower_bound('3000-01-01 00:00:00+00'));
\set VERBOSITY default
DO $$
DECLARE
    message text;
    detail text;
BEGIN
    PERFORM ulid_observe(ulid_lower_bound(clock_timestamp() + interval '2 s'));
    RAISE 'accepted';
EXCEPTION WHEN invalid_parameter_value THEN
    GET STACKED DIAGNOSTICS message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
    RAISE NOTICE '%', message;
    RAISE NOTICE 'detail says how far ahead: %',
        detail ~ '^[0-9A-HJKMNP-TV-Z]{26} is (19|20)[0-9]{2} ms ahead; ulid\.max_clock_skew allows 500 ms\.$';
END $$;
-- ... and nothing changed: every generator is still at the clock.
SELECT ulid_time(gen_ulid()) <= clock_timestamp() AS gen_ulid,
       ulid_time(gen_ulid_v7()) <= clock_timestamp() AS gen_ulid_v7,
       ulid_time(gen_monotonic_ulid()) <= clock_timestamp() AS gen_monotonic_ulid;

-- A client whose clock is 300 ms ahead sent the largest ID of its
-- millisecond: the server's IDs are below it until observed, above it after.
CREATE TEMP TABLE peer AS SELECT ulid_upper_bound(clock_timestamp() + interval '300 ms') AS id;
SELECT gen_ulid() < id AS gen_ulid, gen_ulid_v7() < id AS gen_ulid_v7,
       gen_monotonic_ulid() < id AS gen_monotonic_ulid FROM peer;
SELECT ulid_observe(id) FROM peer;
SELECT gen_ulid() > id AS gen_ulid, gen_ulid_v7() > id AS gen_ulid_v7,
       ulid_from_typeid(gen_typeid('event'), 'event') > id AS gen_typeid,
       gen_monotonic_ulid() > id AS gen_monotonic_ulid FROM peer;

-- Thousands of rounds, each from a client clock 0 to 400 ms ahead.
CREATE FUNCTION pg_temp.out_of_order(rounds int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
    seen ulid;
    wrong int := 0;
BEGIN
    FOR i IN 1..rounds LOOP
        seen := ulid_upper_bound(clock_timestamp() + random() * interval '400 ms');
        PERFORM ulid_observe(seen);
        IF NOT (gen_ulid() > seen AND gen_ulid_v7() > seen AND gen_monotonic_ulid() > seen) THEN
            wrong := wrong + 1;
        END IF;
    END LOOP;
    RETURN wrong;
END
$$;
SELECT pg_temp.out_of_order(3000) AS out_of_order;

-- The bound is a superuser's setting; any user may observe.
SET ulid.max_clock_skew = '5s';
SELECT ulid_observe(ulid_lower_bound(clock_timestamp() + interval '2 s'));
RESET ulid.max_clock_skew;
CREATE ROLE regress_ulid_observer;
SET ROLE regress_ulid_observer;
SET ulid.max_clock_skew = '10s';
SELECT ulid_observe('01ARYZ6S41TSV4RRFFQ69G5FAV');
RESET ROLE;
DROP ROLE regress_ulid_observer;

-- Parallel workers are processes with generators of their own: the floor
-- reaches them through the setting ulid.observed_floor, which the leader
-- passes to every worker it starts. A forced parallel plan with the leader
-- not participating, so that the workers make every value (before this was
-- fixed: all 200000 at or below the observed ID). The setting is hidden and
-- written by ulid_observe() only. A new session, so that no floor of the
-- tests above is in place.
\c
CREATE TABLE parallel_rows AS SELECT g FROM generate_series(1, 200000) g;
ANALYZE parallel_rows;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
-- The workers a query's plan launched, and whether a node below the Gather
-- (run by the workers) calls the generator named.
CREATE FUNCTION pg_temp.workers_ran(query text, generator text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
    launched int := 0;
    below_gather boolean := false;
    in_workers boolean := false;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || query LOOP
        IF line ~ 'Workers Launched: ' THEN
            launched := substring(line FROM 'Workers Launched: ([0-9]+)')::int;
            below_gather := true;
        ELSIF below_gather AND strpos(line, 'Output: ') > 0 AND strpos(line, generator) > 0 THEN
            in_workers := true;
        END IF;
    END LOOP;
    RETURN format('workers launched: %s, %s in workers: %s', launched > 0, generator, in_workers);
END
$$;
SELECT ulid_upper_bound(clock_timestamp() + interval '400 ms') AS x \gset
SELECT ulid_observe(:'x');
SELECT pg_temp.workers_ran(format('SELECT count(*) FILTER (WHERE gen_ulid() <= %L::ulid) FROM parallel_rows', :'x'), 'gen_ulid()');
SELECT pg_temp.workers_ran(format('SELECT count(*) FILTER (WHERE gen_ulid_v7() <= %L::ulid) FROM parallel_rows', :'x'), 'gen_ulid_v7()');
SELECT pg_temp.workers_ran(format('SELECT count(*) FILTER (WHERE gen_typeid(''t'') <= ulid_to_typeid(%L, ''t'')) FROM parallel_rows', :'x'), 'gen_typeid(');
SELECT ulid_upper_bound(clock_timestamp() + interval '400 ms') AS x \gset
SELECT ulid_observe(:'x');
SELECT count(*) AS rows, count(*) FILTER (WHERE gen_ulid() <= :'x'::ulid) AS gen_ulid_at_or_below,
       count(*) FILTER (WHERE gen_ulid_v7() <= :'x'::ulid) AS gen_ulid_v7_at_or_below,
       count(*) FILTER (WHERE ulid_from_typeid(gen_typeid('t'), 't') <= :'x'::ulid) AS gen_typeid_at_or_below
FROM parallel_rows;
-- A rolled-back observation still holds (the generators do not roll back).
BEGIN;
SELECT ulid_upper_bound(clock_timestamp() + interval '400 ms') AS x \gset
SELECT ulid_observe(:'x');
ROLLBACK;
SELECT count(*) FILTER (WHERE gen_ulid() <= :'x'::ulid) AS gen_ulid_at_or_below_after_rollback FROM parallel_rows;
SELECT current_setting('ulid.observed_floor') = :'x' AS setting_is_the_floor;
SET ulid.observed_floor = '01ARYZ6S41TSV4RRFFQ69G5FAV';
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;
DROP TABLE parallel_rows;

-- gen_monotonic_ulid() after ulid_observe(x) lands where observe() places
-- its generators: far above x (its top 40 entropy bits not all x's), not
-- within one step (< 2^32) of it. x: the first ULID of a millisecond ahead.
SELECT ulid_lower_bound(clock_timestamp() + interval '300 ms') AS x \gset
SELECT ulid_observe(:'x');
SELECT g > :'x'::ulid AS above,
       ulid_time(g) > ulid_time(:'x') OR substr(encode(ulid_to_bytea(g), 'hex'), 13, 10) <> '0000000000' AS far_above
FROM (SELECT gen_monotonic_ulid() AS g) s;
