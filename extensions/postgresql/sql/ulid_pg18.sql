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
-- gen_ulid_v7(shift) beside 18's uuidv7(shift): both version 7, the same
-- time shift (the two calls a moment apart: within a second), in a time zone
-- whose days are 23 or 25 hours across a daylight saving change.
SET TimeZone = 'America/New_York';
CREATE TEMP TABLE side AS
SELECT s.label, uuidv7(s.shift) AS theirs, gen_ulid_v7(s.shift) AS ours
FROM generate_series(1, 200) g,
     (VALUES ('a minus day', interval '-1 day'), ('b two hours', interval '2 hours'),
             ('c months and days', interval '-3 months 4 days'), ('d sub-millisecond', interval '-7.5 milliseconds'),
             ('e ten years', interval '10 years')) s(label, shift);
SELECT label, count(*) AS n,
       count(*) FILTER (WHERE uuid_extract_version(theirs) = 7 AND uuid_extract_version(ours::uuid) = 7) AS both_v7,
       count(*) FILTER (WHERE abs(extract(epoch FROM uuid_extract_timestamp(ours::uuid)
                                                     - uuid_extract_timestamp(theirs))) < 1) AS same_shift
FROM side GROUP BY label ORDER BY label;
DROP TABLE side;
RESET TimeZone;
-- For one interval, called alternately, the two come out in call order, as
-- the unshifted pair does above.
CREATE TEMP TABLE shifted_calls (n bigint GENERATED ALWAYS AS IDENTITY, id uuid);
DO $$
BEGIN
    FOR i IN 1..2000 LOOP
        INSERT INTO shifted_calls (id) VALUES (uuidv7(interval '-1 hour'));
        INSERT INTO shifted_calls (id) VALUES (gen_ulid_v7(interval '-1 hour')::uuid);
    END LOOP;
END
$$;
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM shifted_calls) s
WHERE prev IS NOT NULL;
DROP TABLE shifted_calls;
