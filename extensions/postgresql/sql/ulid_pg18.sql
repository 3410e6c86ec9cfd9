-- PostgreSQL 18 and later (test.sh runs this file there only): the server's
-- uuidv7() and gen_ulid_v7() called alternately, each call a statement of
-- its own (microseconds apart), come out in call order, as uuid and as ulid:
-- the two share the layout, sub-millisecond time in rand_a included.
CREATE TEMP TABLE calls (n bigint GENERATED ALWAYS AS IDENTITY, who text, id uuid);
DO $$
BEGIN
    FOR i IN 1..5000 LOOP
        INSERT INTO calls (who, id) VALUES ('uuidv7', uuidv7());
        INSERT INTO calls (who, id) VALUES ('gen_ulid_v7', gen_ulid_v7()::uuid);
    END LOOP;
END
$$;
SELECT who, count(*) AS n, count(*) FILTER (WHERE uuid_extract_version(id) = 7) AS version_7
FROM calls GROUP BY who ORDER BY who;
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order_as_uuid,
       count(*) FILTER (WHERE id::ulid <= prev::ulid) AS out_of_order_as_ulid
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM calls) s
WHERE prev IS NOT NULL;
-- uuid_extract_timestamp() (version 7 since 18) reads every gen_ulid_v7()
-- value's millisecond, the one ulid_time() reads.
CREATE TEMP TABLE v7 AS SELECT gen_ulid_v7() AS id FROM generate_series(1, 20000);
SELECT count(*) AS n,
       count(*) FILTER (WHERE uuid_extract_timestamp(id::uuid) = ulid_time(id)) AS same_time,
       count(*) FILTER (WHERE uuid_extract_timestamp(id::uuid) BETWEEN now() - interval '1 hour'
                                                                AND clock_timestamp()) AS recent
FROM v7;
DROP TABLE v7;
-- uuidv7(interval) shifts the time: ulid_time() reads it as PostgreSQL does.
SELECT ulid_time(u::ulid) = uuid_extract_timestamp(u) AS same_time
FROM (SELECT uuidv7(interval '-1 day') AS u) s;
DROP TABLE calls;
