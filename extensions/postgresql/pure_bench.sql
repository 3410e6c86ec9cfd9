-- SPDX-License-Identifier: MIT
-- Generation cost of the pure-SQL companion (schema pure) against the C
-- extension (schema ext) and, on 18, the server's uuidv7(): 10^5 IDs each,
-- the best of three runs, timed with clock_timestamp() deltas in one
-- backend. Figures in docs/databases.md.
CREATE FUNCTION pg_temp.best_ms(sql text) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz; best numeric; d numeric;
BEGIN
    FOR i IN 1..3 LOOP
        t0 := clock_timestamp();
        EXECUTE sql;
        d := extract(epoch FROM clock_timestamp() - t0) * 1000;
        best := least(best, d);
    END LOOP;
    RETURN round(best, 1);
END
$$;
SELECT v.what, pg_temp.best_ms(v.sql) AS ms_per_100000
FROM (VALUES ('ext.gen_ulid()', 'SELECT count(ext.gen_ulid()) FROM generate_series(1, 100000)'),
             ('ext.gen_ulid_v7()', 'SELECT count(ext.gen_ulid_v7()) FROM generate_series(1, 100000)'),
             ('pure.gen_ulid()', 'SELECT count(pure.gen_ulid()) FROM generate_series(1, 100000)'),
             ('pure.gen_ulid_v7()', 'SELECT count(pure.gen_ulid_v7()) FROM generate_series(1, 100000)'),
             ('gen_random_uuid()', 'SELECT count(gen_random_uuid()) FROM generate_series(1, 100000)'),
             ('generate_series alone', 'SELECT count(g) FROM generate_series(1, 100000) g'),
             ('ext: id::text', 'SELECT count(ext.gen_ulid_v7()::text) FROM generate_series(1, 100000)'),
             ('pure: ulid_encode(id)', 'SELECT count(pure.ulid_encode(pure.gen_ulid_v7())) FROM generate_series(1, 100000)')) v(what, sql);
SELECT CASE WHEN current_setting('server_version_num')::int >= 180000
            THEN 'uuidv7(): ' || pg_temp.best_ms('SELECT count(uuidv7()) FROM generate_series(1, 100000)') || ' ms'
            ELSE 'uuidv7(): skipped, the server is ' || current_setting('server_version') || ' (uuidv7() is in 18 and later)' END AS uuidv7;
