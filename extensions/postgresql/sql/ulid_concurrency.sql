-- Many backends at once, without shared_preload_libraries: every
-- connection is a backend forked from the postmaster.
SELECT format('host=%s port=%s dbname=%s user=%s', current_setting('unix_socket_directories'),
              current_setting('port'), current_database(), current_user) AS connstr \gset

-- 8 connections insert 100000 gen_monotonic_ulid() values each, at the same
-- time: no duplicates anywhere, strictly increasing within each connection.
CREATE TABLE concurrent (conn integer, seq integer, before timestamptz, id ulid, after timestamptz);
SELECT count(*) AS connected FROM generate_series(1, 8) i, dblink_connect('c' || i, :'connstr') r WHERE r = 'OK';
-- A barrier: each connection waits for a shared advisory lock that this
-- session holds until all eight queries are sent, so that a connection
-- scheduled late on a small machine does not start after another ended.
SELECT pg_advisory_lock(4242) IS NOT NULL AS barrier_held;
SELECT count(*) AS sent FROM generate_series(1, 8) i,
  dblink_send_query('c' || i, format('INSERT INTO concurrent SELECT %s, g, clock_timestamp(), gen_monotonic_ulid(), '
                                     'clock_timestamp() FROM (SELECT pg_advisory_lock_shared(4242)) barrier, '
                                     'generate_series(1, 100000) g', i)) r
WHERE r = 1;
SELECT pg_advisory_unlock(4242) AS barrier_released;
SELECT i, status FROM generate_series(1, 8) i, dblink_get_result('c' || i) AS r(status text) ORDER BY i;
SELECT count(*) AS leftover FROM generate_series(1, 8) i, dblink_get_result('c' || i) AS r(status text);
SELECT count(*) AS n, count(DISTINCT id) AS distinct_ids, count(DISTINCT conn) AS connections FROM concurrent;
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order_within_connection
FROM (SELECT id, lag(id) OVER (PARTITION BY conn ORDER BY seq) AS prev FROM concurrent) s;
-- The connections did run at the same time: each started before any ended.
SELECT (SELECT max(t) FROM (SELECT min(before) AS t FROM concurrent GROUP BY conn) s) <
       (SELECT min(t) FROM (SELECT max(after) AS t FROM concurrent GROUP BY conn) s) AS overlapped;
SELECT count(*) AS disconnected FROM generate_series(1, 8) i, dblink_disconnect('c' || i) r WHERE r = 'OK';

-- gen_ulid() in 16 fresh backends: all of them distinct processes, and no
-- two values share their 80 entropy bits, so no backend repeats the random
-- stream of another (as it would if the generator state were inherited from
-- the postmaster).
CREATE TABLE forked AS
SELECT r.* FROM generate_series(1, 16) i,
  LATERAL dblink(:'connstr', format('SELECT %s, pg_backend_pid(), gen_ulid() FROM generate_series(1, 2000)', i))
    AS r(conn integer, pid integer, id ulid);
SELECT count(*) AS n, count(DISTINCT conn) AS connections, count(DISTINCT pid) AS processes,
       count(DISTINCT substr(id::bytea, 7)) AS distinct_entropy
FROM forked;

-- A parallel worker (another process forked from the postmaster) may call
-- gen_ulid(), which is PARALLEL SAFE, and draws its own stream;
-- gen_monotonic_ulid() is PARALLEL RESTRICTED, so it stays in the leader.
CREATE TABLE leader_values AS SELECT gen_ulid() AS id FROM generate_series(1, 2000);
-- force_parallel_mode before 16, debug_parallel_query since.
SELECT set_config(CASE WHEN current_setting('server_version_num')::int < 160000 THEN 'force_parallel_mode'
                       ELSE 'debug_parallel_query' END, 'on', false) AS parallel_query;
SET parallel_setup_cost = 0;
EXPLAIN (COSTS OFF) SELECT gen_ulid() FROM generate_series(1, 2000);
EXPLAIN (COSTS OFF) SELECT gen_monotonic_ulid() FROM generate_series(1, 2000);
CREATE TABLE worker_values AS SELECT gen_ulid() AS id FROM generate_series(1, 2000);
SELECT set_config(CASE WHEN current_setting('server_version_num')::int < 160000 THEN 'force_parallel_mode'
                       ELSE 'debug_parallel_query' END, 'off', false) AS parallel_query;
RESET parallel_setup_cost;
SELECT count(*) AS n, count(DISTINCT substr(id::bytea, 7)) AS distinct_entropy
FROM (SELECT id FROM leader_values UNION ALL SELECT id FROM worker_values) s;
DROP TABLE concurrent, forked, leader_values, worker_values;
