-- Observers, timestamp casts, generators in a backend without
-- shared_preload_libraries.
SET TimeZone = 'UTC';
SET DateStyle = 'ISO, YMD';

-- ulid_time / ulid_ms on known values.
SELECT ulid_ms('01ARZ3NDEKTSV4RRFFQ69G5FAV'), ulid_time('01ARZ3NDEKTSV4RRFFQ69G5FAV');
SELECT ulid_ms('00000000000000000000000000'), ulid_time('00000000000000000000000000');
SELECT ulid_ms('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), ulid_time('7ZZZZZZZZZZZZZZZZZZZZZZZZZ');

-- timestamptz -> ulid: the smallest ULID of the millisecond.
SELECT '2026-01-01'::timestamptz::ulid;
SELECT '2016-07-30 23:54:10.259999+00'::timestamptz::ulid, '01ARZ3NDEK0000000000000000'::ulid;
SELECT ulid_time('2016-07-30 23:54:10.259999+00'::timestamptz::ulid);
SELECT '1970-01-01 00:00:00+00'::timestamptz::ulid;
SELECT '10889-08-02 05:31:50.655+00'::timestamptz::ulid;  -- the last millisecond
-- Every ULID of a millisecond sorts between its floor and the next one's.
SELECT '2016-07-30 23:54:10.259+00'::timestamptz::ulid <= '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS above_floor,
       '2016-07-30 23:54:10.260+00'::timestamptz::ulid > '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS below_next,
       '2016-07-30 23:54:10.258+00'::timestamptz::ulid < '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS above_previous;
-- Out of range: before 1970, after 10889, infinite (22008).
SELECT '1969-12-31 23:59:59.999+00'::timestamptz::ulid;
SELECT '10889-08-02 05:31:50.656+00'::timestamptz::ulid;
SELECT 'infinity'::timestamptz::ulid;
SELECT '-infinity'::timestamptz::ulid;
-- timestamp -> ulid reads the timestamp in the session's TimeZone, as the
-- built-in timestamp -> timestamptz cast does.
SELECT '2026-01-01 00:00:00'::timestamp::ulid = '2026-01-01 00:00:00+00'::timestamptz::ulid AS utc;
SET TimeZone = 'Asia/Tokyo';
SELECT '2026-01-01 09:00:00'::timestamp::ulid = '2026-01-01 00:00:00+00'::timestamptz::ulid AS tokyo,
       '2026-01-01 09:00:00'::timestamp::ulid = '2026-01-01 09:00:00'::timestamp::timestamptz::ulid AS as_builtin;
SET TimeZone = 'UTC';
SELECT '1969-12-31 23:59:59'::timestamp::ulid;
SELECT 'infinity'::timestamp::ulid;

-- gen_ulid(): the current millisecond (between clock readings taken before
-- and after), distinct values, secure entropy (no two share their entropy).
CREATE TEMP TABLE gen AS
SELECT g AS seq, clock_timestamp() AS before, gen_ulid() AS id, clock_timestamp() AS after
FROM generate_series(1, 10000) g;
SELECT count(*) AS n, count(DISTINCT id) AS distinct_ids,
       count(DISTINCT substr(id::bytea, 7)) AS distinct_entropy,
       bool_and(ulid_time(id) >= date_trunc('milliseconds', before) AND ulid_time(id) <= after) AS timed
FROM gen;
-- Strictly increasing in call order within the backend (so a primary key
-- defaulting to it appends to the index), across statements too.
SELECT bool_and(id > previous) AS increasing
FROM (SELECT id, lag(id) OVER (ORDER BY seq) AS previous FROM gen) s WHERE previous IS NOT NULL;
SELECT gen_ulid() > (SELECT max(id) FROM gen) AS above_earlier_statements;
-- Within a millisecond the entropy grows by a random step below 2^32, so the
-- first six entropy bytes (48 bits) of two consecutive values of one
-- millisecond differ by at most one carry: each step is small, not a fresh
-- draw of 80 bits.
SELECT bool_and(('x' || encode(substr(id::bytea, 7, 6), 'hex'))::bit(48)::bigint -
                ('x' || encode(substr(previous::bytea, 7, 6), 'hex'))::bit(48)::bigint BETWEEN 0 AND 1) AS small_steps
FROM (SELECT id, lag(id) OVER (ORDER BY seq) AS previous FROM gen) s
WHERE ulid_ms(id) = ulid_ms(previous);
SELECT provolatile, proparallel FROM pg_proc WHERE proname IN ('gen_ulid', 'gen_monotonic_ulid') ORDER BY proname;

-- gen_ulid_v7(): every value, cast to uuid, is an RFC 9562 UUIDv7 as
-- PostgreSQL 18 reads one. These two functions repeat the bit tests of its
-- uuid_extract_version() and uuid_extract_timestamp() (src/backend/utils/
-- adt/uuid.c): NULL unless the variant bits are 10; the version is the high
-- nibble of byte 6; a version-7 timestamp is bytes 0-5 in milliseconds.
CREATE FUNCTION pg18_uuid_extract_version(u uuid) RETURNS int LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT CASE WHEN get_byte(uuid_send(u), 8) & 192 = 128 THEN get_byte(uuid_send(u), 6) >> 4 END $$;
CREATE FUNCTION pg18_uuid_extract_timestamp(u uuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT CASE WHEN pg18_uuid_extract_version(u) = 7
                THEN to_timestamp(('x' || encode(substr(uuid_send(u), 1, 6), 'hex'))::bit(48)::bigint / 1000.0) END $$;
CREATE TEMP TABLE gen_v7 AS
SELECT g AS seq, clock_timestamp() AS before, gen_ulid_v7() AS id, clock_timestamp() AS after
FROM generate_series(1, 10000) g;
SELECT count(DISTINCT id) AS distinct_ids,
       bool_and(pg18_uuid_extract_version(id::uuid) = 7) AS version_7,
       bool_and(pg18_uuid_extract_timestamp(id::uuid) = ulid_time(id)) AS same_time,
       bool_and(ulid_time(id) >= date_trunc('milliseconds', before) AND ulid_time(id) <= after) AS timed
FROM gen_v7;
SELECT bool_and(id > previous) AS increasing
FROM (SELECT id, lag(id) OVER (ORDER BY seq) AS previous FROM gen_v7) s WHERE previous IS NOT NULL;
-- A classic gen_ulid() value is not a UUIDv7 (its version nibble is random):
-- among 10000 about 1/16 * 1/4 would pass by chance, never all.
SELECT bool_and(pg18_uuid_extract_version(id::uuid) IS NOT DISTINCT FROM 7) AS classic_all_v7 FROM gen;
SELECT provolatile, proparallel FROM pg_proc WHERE oid = 'gen_ulid_v7()'::regprocedure;

-- gen_monotonic_ulid() without shared_preload_libraries: ordered within this
-- backend.
SELECT ulid_monotonic_scope();
CREATE TEMP TABLE mono AS
SELECT g AS seq, clock_timestamp() AS before, gen_monotonic_ulid() AS id, clock_timestamp() AS after
FROM generate_series(1, 20000) g;
SELECT count(*) AS n, count(DISTINCT id) AS distinct_ids,
       bool_and(ulid_time(id) >= date_trunc('milliseconds', before) AND ulid_time(id) <= after) AS timed
FROM mono;
-- Strictly increasing in call order, across statements too.
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY seq) AS prev FROM mono) s;
SELECT max(id) < gen_monotonic_ulid() AS next_statement_higher FROM mono;

-- Within a millisecond each value is the last one plus a random step in
-- [1, 2^32 - 1] (the library's monotonic step, ulid::next_above()): 2000
-- values from a floor far ahead of the clock, all in the floor's
-- millisecond; `low` is the last 64 bits, which start at 0 and stay below
-- 2^43. Steps all below 2^31 would be a 2^-2000 chance.
SELECT ulid_monotonic_advance('7ZZZZZZZZX0000000000000000');
CREATE TEMP TABLE steps AS
SELECT g AS seq, ('x' || right(encode(ulid_to_bytea(id), 'hex'), 16))::bit(64)::bigint AS low, id
FROM (SELECT g, gen_monotonic_ulid() AS id FROM generate_series(1, 2000) g) s;
SELECT count(*) FILTER (WHERE ulid_ms(id) <> ulid_ms('7ZZZZZZZZX0000000000000000')) AS other_ms,
       min(step) >= 1 AS steps_at_least_1, max(step) <= 4294967295 AS steps_at_most_2_32_minus_1,
       max(step) >= 2147483648 AS steps_random
FROM (SELECT id, low - lag(low, 1, 0::bigint) OVER (ORDER BY seq) AS step FROM steps) s;

-- ulid_monotonic_advance(): the next value is above the floor; a lower
-- floor changes nothing; a floor whose millisecond is used up moves on to
-- the next millisecond (with fresh entropy); nothing is left above the
-- maximum (2200H).
SELECT ulid_monotonic_advance('7ZZZZZZZZY0000000000000000');
SELECT (x > '7ZZZZZZZZY0000000000000000'::ulid) AS above,
       ulid_ms(x) = ulid_ms('7ZZZZZZZZY0000000000000000') AS same_ms
FROM gen_monotonic_ulid() x;
SELECT ulid_monotonic_advance('01ARZ3NDEKTSV4RRFFQ69G5FAV');
SELECT gen_monotonic_ulid() > '7ZZZZZZZZY0000000000000000'::ulid AS still_above;
SELECT ulid_monotonic_advance('7ZZZZZZZZYZZZZZZZZZZZZZZZZ');
SELECT ulid_ms(x) = ulid_ms('7ZZZZZZZZYZZZZZZZZZZZZZZZZ') + 1 AS next_ms
FROM gen_monotonic_ulid() x;
SELECT ulid_monotonic_advance('7ZZZZZZZZZZZZZZZZZZZZZZZZZ');
SELECT gen_monotonic_ulid();
SELECT gen_monotonic_ulid();
-- gen_ulid() does not share that state.
SELECT gen_ulid() < '7ZZZZZZZZZ0000000000000000'::ulid AS independent;
-- Only superusers may move the floor.
CREATE ROLE ulid_test_user;
SET ROLE ulid_test_user;
SELECT ulid_monotonic_advance('01ARZ3NDEKTSV4RRFFQ69G5FAV');
SELECT gen_ulid() IS NOT NULL AS can_generate;
RESET ROLE;
DROP ROLE ulid_test_user;

-- min() and max(), and strictness.
SELECT min(id), max(id) FROM (VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid), ('00000000000000000000000001'::ulid),
                                     ('7ZZZZZZZZZZZZZZZZZZZZZZZZY'::ulid), (NULL)) v(id);
SELECT ulid_time(NULL), ulid_ms(NULL), NULL::timestamptz::ulid;
