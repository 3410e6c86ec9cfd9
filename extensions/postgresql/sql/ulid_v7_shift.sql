-- gen_ulid_v7(shift): PostgreSQL 18's uuidv7(shift) for ulid (its side by
-- side comparison with uuidv7(shift) is in ulid_pg18). The value's time, to
-- the 1/4096 ms of rand_a, as microseconds: the server's uuid_extract_*()
-- read milliseconds only, so the bytes are read here.
CREATE FUNCTION pg_temp.v7_version(u ulid) RETURNS int LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT CASE WHEN get_byte(ulid_to_bytea(u), 8) & 192 = 128 THEN get_byte(ulid_to_bytea(u), 6) >> 4 END $$;
CREATE FUNCTION pg_temp.v7_precise(u ulid) RETURNS timestamptz LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT ulid_time(u) + (((get_byte(ulid_to_bytea(u), 6) & 15) * 256 + get_byte(ulid_to_bytea(u), 7)) * 1000 / 4096)
                          * interval '1 microsecond' $$;
SET TimeZone = 'UTC';
CREATE TEMP TABLE shifted AS
SELECT g AS seq, s.shift, clock_timestamp() AS before, gen_ulid_v7(s.shift) AS id, clock_timestamp() AS after
FROM generate_series(1, 3000) g,
     (VALUES (interval '0'), (interval '-1 day'), (interval '1 hour 30 minutes'), (interval '-123.456 milliseconds'),
             (interval '-50 years')) s(shift);
-- Every value a UUIDv7 whose time, sub-millisecond fraction included, is the
-- clock's moved by the interval (within a microsecond each side: the clock
-- is read in nanoseconds, clock_timestamp() in microseconds).
SELECT shift, count(*) AS n, count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE pg_temp.v7_version(id) = 7) AS version_7,
       count(*) FILTER (WHERE pg_temp.v7_precise(id) BETWEEN before + shift - interval '1 microsecond'
                                                          AND after + shift + interval '1 microsecond') AS shifted
FROM shifted GROUP BY shift ORDER BY shift;
-- For one interval the values of a backend increase, as 18's do.
SELECT shift, count(*) FILTER (WHERE id <= previous) AS out_of_order
FROM (SELECT shift, id, lag(id) OVER (PARTITION BY shift ORDER BY seq) AS previous FROM shifted) s
WHERE previous IS NOT NULL GROUP BY shift ORDER BY shift;
DROP TABLE shifted;
-- Days and months as timestamptz + interval adds them, in the session's
-- TimeZone (across a daylight saving change a day is 23 or 25 hours).
SET TimeZone = 'America/New_York';
SELECT ulid_time(id) BETWEEN date_trunc('milliseconds', before + interval '1 month') AND after + interval '1 month'
       AS one_month
FROM (SELECT clock_timestamp() AS before, gen_ulid_v7(interval '1 month') AS id, clock_timestamp() AS after) s;
RESET TimeZone;
-- Times a ULID cannot hold: 22008 with ulid_lower_bound()'s words; an
-- interval that leaves timestamptz's range is the server's own 22008.
\set VERBOSITY default
SELECT gen_ulid_v7(interval '-100 years');
SELECT gen_ulid_v7(interval '9000 years');
SELECT gen_ulid_v7(interval '300000 years');
SELECT gen_ulid_v7(NULL::interval) IS NULL AS strict;
SELECT proname, pg_get_function_arguments(oid) AS args, provolatile, proparallel, proisstrict
FROM pg_proc WHERE proname = 'gen_ulid_v7' ORDER BY args;
