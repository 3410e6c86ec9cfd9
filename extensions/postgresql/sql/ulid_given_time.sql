-- gen_ulid(timestamptz), gen_ulid_v7(timestamptz), gen_typeid(text,
-- timestamptz): a fresh random ID at a given time, ordered within the
-- session for one time, with the bounds functions' errors.
SET TimeZone = 'UTC';
SET DateStyle = 'ISO, YMD';
-- Run alone too (REGRESS=ulid_given_time): the extension if not there yet.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS ulid;
RESET client_min_messages;

-- At the given millisecond (the sub-millisecond part dropped, as the bounds
-- do), inside that millisecond's bounds.
SELECT ulid_time(gen_ulid('2026-01-10 12:34:56.789123+00')) AS ulid_at,
       ulid_time(gen_ulid_v7(timestamptz '2026-01-10 12:34:56.789123+00')) AS v7_at,
       ulid_ms(gen_ulid('1970-01-01 00:00:00+00')) AS first_ms,
       ulid_ms(gen_ulid_v7(timestamptz '10889-08-02 05:31:50.655999+00')) AS last_ms;
SELECT gen_ulid(t) BETWEEN ulid_lower_bound(t) AND ulid_upper_bound(t) AS ulid_in_bounds,
       gen_ulid_v7(t) BETWEEN ulid_lower_bound(t) AND ulid_upper_bound(t) AS v7_in_bounds
FROM (VALUES ('2026-01-10 12:34:56.789123+00'::timestamptz)) v(t);

-- v7: version 7 and variant 10, and rand_a the fraction of the millisecond
-- in 1/4096 steps (123 us: 123 * 4096 / 1000 = 503 = 0x1f7), as uuidv7().
SELECT substr(id::uuid::text, 15, 1) AS version, substr(id::uuid::text, 20, 1) IN ('8', '9', 'a', 'b') AS variant,
       substr(id::uuid::text, 16, 3) AS rand_a
FROM (SELECT gen_ulid_v7(timestamptz '2026-01-10 12:34:56.789123+00') AS id) s;
SELECT substr(gen_ulid_v7(timestamptz '2026-01-10 12:34:56.789+00')::uuid::text, 16, 3) AS rand_a_zero,
       substr(gen_ulid_v7(timestamptz '2026-01-10 12:34:56.789999+00')::uuid::text, 16, 3) AS rand_a_top;

-- Repeated calls for one time: strictly increasing in call order and all
-- distinct, each form, even with calls for other times in between.
CREATE TEMP TABLE given (n int, u ulid, v ulid, other ulid, t text);
INSERT INTO given
SELECT g, gen_ulid('2026-02-01 00:00:00.5+00'), gen_ulid_v7(timestamptz '2026-02-01 00:00:00.5+00'),
       gen_ulid_v7(timestamptz '2026-02-01 00:00:00.5005+00'), gen_typeid('user', '2026-02-01 00:00:00.5+00')
FROM generate_series(1, 10000) g;
SELECT count(*) FILTER (WHERE u <= pu) AS ulid_out_of_order, count(*) FILTER (WHERE v <= pv) AS v7_out_of_order,
       count(DISTINCT ulid_ms(u)) AS ulid_ms_values, count(DISTINCT ulid_ms(v)) AS v7_ms_values
FROM (SELECT u, v, lag(u) OVER (ORDER BY n) AS pu, lag(v) OVER (ORDER BY n) AS pv FROM given) s;
SELECT count(DISTINCT u) AS ulid_distinct, count(DISTINCT v) AS v7_distinct, count(DISTINCT t) AS typeid_distinct,
       count(*) FILTER (WHERE t !~ '^user_[0-7][0-9a-hjkmnp-tv-z]{25}$') AS typeid_malformed,
       count(*) FILTER (WHERE ulid_from_typeid(t, 'user') BETWEEN ulid_lower_bound('2026-02-01 00:00:00.5+00')
                                                             AND ulid_upper_bound('2026-02-01 00:00:00.5+00')) AS typeid_at_time
FROM given;
-- gen_typeid(prefix, t) draws from gen_ulid_v7(t)'s sequence: one order.
SELECT gen_ulid_v7(timestamptz '2026-02-01 00:00:00.5+00') < ulid_from_typeid(gen_typeid('user', '2026-02-01 00:00:00.5+00'), 'user')
       AS typeid_after_v7;
-- Not moved by the now-generators: gen_ulid() in between keeps the order.
SELECT a < c AS still_ordered
FROM (SELECT gen_ulid('2026-02-01 00:00:00.5+00') AS a, gen_ulid() AS b, gen_ulid('2026-02-01 00:00:00.5+00') AS c) s;
-- An earlier time gives that time (it is not held at the later one).
SELECT ulid_time(gen_ulid('2026-01-01 00:00:00+00')) AS earlier, ulid_time(gen_ulid_v7(timestamptz '2020-01-01 00:00:00+00')) AS earlier_v7;

-- Out of range: the bounds functions' 22008 and words, at both ends.
\set VERBOSITY default
SELECT gen_ulid('1969-12-31 23:59:59.999+00');
SELECT gen_ulid_v7(timestamptz '10889-08-02 05:31:50.656+00');
SELECT gen_typeid('user', '-infinity');
SELECT gen_ulid_v7(timestamptz '294250-01-01 00:00+00');
\set VERBOSITY sqlstate
SELECT gen_ulid('infinity');
SELECT gen_typeid('user', '1969-12-31 23:59:59.999+00');
\set VERBOSITY default
-- A bad prefix is the prefix error of gen_typeid(text).
SELECT gen_typeid('User', now());

-- STRICT: NULL in, NULL out.
SELECT gen_ulid(NULL::timestamptz) IS NULL AS ulid_null, gen_ulid_v7(NULL::timestamptz) IS NULL AS v7_null,
       gen_typeid('user', NULL) IS NULL AS typeid_null_time, gen_typeid(NULL, now()) IS NULL AS typeid_null_prefix;
SELECT p.oid::regprocedure AS function, provolatile, proparallel, proisstrict FROM pg_proc p
WHERE proname IN ('gen_ulid', 'gen_ulid_v7', 'gen_typeid') AND 'timestamptz'::regtype = ANY (proargtypes::oid[])
ORDER BY p.oid::regprocedure::text;
-- A named argument picks the timestamptz form without a cast.
SELECT ulid_time(gen_ulid_v7(at => '2026-03-01 10:00+00')) AS named;
DROP TABLE given;
