-- gen_monotonic_ulid() with the library in shared_preload_libraries: one
-- sequence for the whole server, in shared memory under one LWLock.
-- test.sh runs this after restarting the server with that setting.
CREATE EXTENSION IF NOT EXISTS ulid;
SELECT ulid_monotonic_scope();
SELECT format('host=%s port=%s dbname=%s user=%s', current_setting('unix_socket_directories'),
              current_setting('port'), current_database(), current_user) AS connstr \gset

-- 8 connections at once, each row recording the clock before and after its
-- call.
CREATE TABLE concurrent (conn integer, seq integer, before timestamptz, id ulid, after timestamptz);
SELECT count(*) AS connected FROM generate_series(1, 8) i, dblink_connect('c' || i, :'connstr') r WHERE r = 'OK';
SELECT count(*) AS sent FROM generate_series(1, 8) i,
  dblink_send_query('c' || i, format('INSERT INTO concurrent SELECT %s, g, clock_timestamp(), gen_monotonic_ulid(), '
                                     'clock_timestamp() FROM generate_series(1, 30000) g', i)) r
WHERE r = 1;
SELECT i, status FROM generate_series(1, 8) i, dblink_get_result('c' || i) AS r(status text) ORDER BY i;
SELECT count(*) AS leftover FROM generate_series(1, 8) i, dblink_get_result('c' || i) AS r(status text);
SELECT (SELECT max(t) FROM (SELECT min(before) AS t FROM concurrent GROUP BY conn) s) <
       (SELECT min(t) FROM (SELECT max(after) AS t FROM concurrent GROUP BY conn) s) AS overlapped;
-- No duplicates; strictly increasing within each connection.
SELECT count(*) AS n, count(DISTINCT id) AS distinct_ids FROM concurrent;
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order_within_connection
FROM (SELECT id, lag(id) OVER (PARTITION BY conn ORDER BY seq) AS prev FROM concurrent) s;
-- Global order: whenever one call finished before another began (by the
-- clock, in any two connections), its ULID is the smaller. For each row,
-- the earliest end among all rows with a larger ULID must not precede its
-- start. (Per-backend generators fail this within a millisecond.)
SELECT count(*) AS real_time_order_violations
FROM (SELECT before, min(after) OVER (ORDER BY id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS end_of_larger
      FROM concurrent) s
WHERE end_of_larger < before;

-- Two backends called alternately, one call at a time: the values rise
-- strictly in call order. (Consecutive calls mostly share a millisecond:
-- with per-backend state, as without shared_preload_libraries, this was
-- checked to fail, 173 of 400 out of order.)
CREATE TABLE alternating (k integer, id ulid);
DO $$
BEGIN
    FOR k IN 1..400 LOOP
        INSERT INTO alternating
        SELECT k, r.id FROM dblink('c' || (1 + k % 2), 'SELECT gen_monotonic_ulid()') AS r(id ulid);
    END LOOP;
END
$$;
SELECT count(*) AS calls, count(*) FILTER (WHERE id <= prev) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY k) AS prev FROM alternating) s;

-- This backend's own calls continue the same sequence.
SELECT gen_monotonic_ulid() > max(id) AS after_all_others FROM concurrent;

-- ulid_observe() in one backend orders every backend's gen_monotonic_ulid()
-- after the ID: here the largest ID of a millisecond 300 ms ahead of the
-- clock, below which the other backend's values lie until it is observed.
SELECT ulid_upper_bound(clock_timestamp() + interval '300 ms') AS seen \gset
SELECT r.id < :'seen'::ulid AS other_backend_below_before
FROM dblink('c6', 'SELECT gen_monotonic_ulid()') AS r(id ulid);
SELECT ulid_observe(:'seen');
SELECT r.id > :'seen'::ulid AS other_backend_above_after
FROM dblink('c6', 'SELECT gen_monotonic_ulid()') AS r(id ulid);

-- Raising the floor in one backend raises it for all.
SELECT (now() + interval '1 day')::ulid AS floor \gset
SELECT ulid_monotonic_advance(:'floor');
SELECT r.id > :'floor'::ulid AS other_backend_above_floor
FROM dblink('c5', 'SELECT gen_monotonic_ulid()') AS r(id ulid);

SELECT count(*) AS disconnected FROM generate_series(1, 8) i, dblink_disconnect('c' || i) r WHERE r = 'OK';
DROP TABLE concurrent, alternating;

-- gen_monotonic_ulid() after ulid_observe(x) lands where observe() places
-- its generators: far above x (its top 40 entropy bits not all x's), not
-- within one step (< 2^32) of it. x: the first ULID of a millisecond ahead.
SELECT ulid_lower_bound(clock_timestamp() + interval '300 ms') AS x \gset
SELECT ulid_observe(:'x');
SELECT g > :'x'::ulid AS above,
       ulid_time(g) > ulid_time(:'x') OR substr(encode(ulid_to_bytea(g), 'hex'), 13, 10) <> '0000000000' AS far_above
FROM (SELECT gen_monotonic_ulid() AS g) s;
