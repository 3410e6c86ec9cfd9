-- ulid_lower_bound() and ulid_upper_bound(): the smallest and largest ULID
-- of a millisecond, and the time-window pattern they make an index range
-- scan.
SET TimeZone = 'UTC';
SET DateStyle = 'ISO, YMD';

SELECT ulid_lower_bound('2016-07-30 23:54:10.259+00'), ulid_upper_bound('2016-07-30 23:54:10.259+00');
-- Sub-millisecond parts fall in their millisecond.
SELECT ulid_lower_bound('2016-07-30 23:54:10.259999+00') = ulid_lower_bound('2016-07-30 23:54:10.259+00') AS lower,
       ulid_upper_bound('2016-07-30 23:54:10.259999+00') = ulid_upper_bound('2016-07-30 23:54:10.259+00') AS upper;
-- The lower bound is the timestamptz cast; the upper bound is one below the
-- next millisecond's lower bound (the next ULID in byte order).
SELECT ulid_lower_bound('2026-01-01 12:00:00.001+00') = '2026-01-01 12:00:00.001+00'::timestamptz::ulid AS as_cast,
       substr(ulid_upper_bound('2026-01-01 12:00:00.001+00')::bytea, 7) = '\xffffffffffffffffffff'::bytea AS ones,
       ulid_upper_bound('2026-01-01 12:00:00.001+00') < ulid_lower_bound('2026-01-01 12:00:00.002+00') AS below_next,
       ulid_time(ulid_upper_bound('2026-01-01 12:00:00.001+00')) = '2026-01-01 12:00:00.001+00' AS same_ms;
-- The ends of the range, and outside it (22008, like the casts).
SELECT ulid_lower_bound('1970-01-01 00:00:00+00'), ulid_upper_bound('10889-08-02 05:31:50.655+00');
SELECT ulid_upper_bound('1969-12-31 23:59:59.999+00');
SELECT ulid_upper_bound('10889-08-02 05:31:50.656+00');
-- PostgreSQL's last 30 years (294246 to 294276 AD) are more than 2^63 us
-- after 1970: too big, not "before 1970" (a wrapped sum).
SELECT ulid_lower_bound('294250-01-01 00:00+00');
SELECT '294276-12-31 23:59:59.999999+00'::timestamptz::ulid;
SELECT ulid_lower_bound('infinity');
SELECT ulid_upper_bound(NULL) IS NULL AS strict;
SELECT proname, provolatile, proparallel, proisstrict FROM pg_proc
WHERE proname IN ('ulid_lower_bound', 'ulid_upper_bound') ORDER BY proname;

-- Three ULIDs in each of 2000 milliseconds: the smallest, the largest and
-- a random one.
CREATE TABLE events (id ulid PRIMARY KEY, at timestamptz);
INSERT INTO events
SELECT b.id, t
FROM generate_series('2026-03-01 00:00:00+00'::timestamptz, '2026-03-01 00:00:01.999+00', '1 millisecond') t,
     LATERAL (VALUES (ulid_lower_bound(t)), (ulid_upper_bound(t)),
                     (overlay(ulid_lower_bound(t)::bytea PLACING substr(gen_ulid()::bytea, 7) FROM 7)::ulid)) b(id);
ANALYZE events;
-- The window [.100, .199]: all 3 * 100 rows, read by an index range scan.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events
WHERE id BETWEEN ulid_lower_bound('2026-03-01 00:00:00.100+00') AND ulid_upper_bound('2026-03-01 00:00:00.199+00');
SELECT count(*) FROM events
WHERE id BETWEEN ulid_lower_bound('2026-03-01 00:00:00.100+00') AND ulid_upper_bound('2026-03-01 00:00:00.199+00');
SELECT count(*) FROM events WHERE at BETWEEN '2026-03-01 00:00:00.100+00' AND '2026-03-01 00:00:00.199+00';
-- The trap: a cast as the upper end stops at the first ULID of .199 and
-- misses the rest of that millisecond.
SELECT count(*) AS with_cast_upper FROM events
WHERE id BETWEEN '2026-03-01 00:00:00.100+00'::timestamptz::ulid AND '2026-03-01 00:00:00.199+00'::timestamptz::ulid;
-- The half-open form with the next millisecond's lower bound is the same
-- window.
SELECT count(*) FROM events
WHERE id >= ulid_lower_bound('2026-03-01 00:00:00.100+00') AND id < ulid_lower_bound('2026-03-01 00:00:00.200+00');
-- With parameters too (a generic plan still scans the index).
PREPARE win(timestamptz, timestamptz) AS
SELECT count(*) FROM events WHERE id BETWEEN ulid_lower_bound($1) AND ulid_upper_bound($2);
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE win('2026-03-01 00:00:01+00', '2026-03-01 00:00:01.009+00');
EXECUTE win('2026-03-01 00:00:01+00', '2026-03-01 00:00:01.009+00');
RESET plan_cache_mode;
DROP TABLE events;
