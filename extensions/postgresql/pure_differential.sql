-- SPDX-License-Identifier: MIT
-- ulid_pure.sql against the C extension (test.sh's pure_differential step):
-- the extension in schema ext, the companion in schema pure, in a database
-- of their own. psql -v spellings=tests/uuid_spellings.txt; every check
-- raises on a mismatch, so ON_ERROR_STOP fails the step.
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
SET search_path = pure, ext;

-- A check: `bad` rows that break `what`, zero or it fails.
CREATE FUNCTION pg_temp.expect_none(what text, bad bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF bad <> 0 THEN RAISE EXCEPTION 'pure_differential: % (% rows)', what, bad; END IF;
    RAISE NOTICE 'ok: %', what;
END
$$;
SET client_min_messages = notice;

-- 10^5 IDs from the extension, half of each layout.
CREATE TEMP TABLE ids AS
SELECT 'ulid' AS kind, ext.gen_ulid() AS id FROM generate_series(1, 100000)
UNION ALL SELECT 'v7', ext.gen_ulid_v7() FROM generate_series(1, 100000);

SELECT pg_temp.expect_none('ulid_encode(id::uuid) = id::text (10^5 IDs, half of each layout)',
       (SELECT count(*) FROM ids WHERE pure.ulid_encode(id::uuid) <> id::text));
SELECT pg_temp.expect_none('ulid_decode(text) = id::uuid, upper, lower and UUID text',
       (SELECT count(*) FROM ids WHERE pure.ulid_decode(id::text) <> id::uuid OR pure.ulid_decode(lower(id::text)) <> id::uuid
                                    OR pure.ulid_decode(id::uuid::text) <> id::uuid));
SELECT pg_temp.expect_none('ulid_time(id::uuid) = ext.ulid_time(id)',
       (SELECT count(*) FROM ids WHERE pure.ulid_time(id::uuid) <> ext.ulid_time(id)));
SELECT pg_temp.expect_none('TypeIDs both ways, prefixes user and empty',
       (SELECT count(*) FROM ids
        WHERE pure.ulid_to_typeid(id::uuid, 'user') <> ext.ulid_to_typeid(id, 'user')
           OR pure.ulid_to_typeid(id::uuid, '') <> ext.ulid_to_typeid(id, '')
           OR pure.ulid_from_typeid(ext.ulid_to_typeid(id, 'user'), 'user') <> id::uuid));
-- Bounds at times with microseconds, across the whole range of a ULID.
CREATE TEMP TABLE times AS
SELECT ext.ulid_time(id) + (random() * interval '1 millisecond') AS t FROM ids WHERE kind = 'v7' LIMIT 20000;
INSERT INTO times
SELECT timestamptz '1970-01-01 00:00:00+00' + random() * (timestamptz '10889-08-02 05:31:50.655+00' - timestamptz '1970-01-01 00:00:00+00')
FROM generate_series(1, 20000);
INSERT INTO times VALUES ('1970-01-01 00:00:00+00'), ('1970-01-01 00:00:00.000999+00'), ('10889-08-02 05:31:50.655999+00'),
                         ('2000-01-01 00:00:00+00'), ('1999-12-31 23:59:59.999999+00');
SELECT pg_temp.expect_none('bounds and time at 40005 times, 1970 to 10889',
       (SELECT count(*) FROM times
        WHERE pure.ulid_lower_bound(t) <> ext.ulid_lower_bound(t)::uuid OR pure.ulid_upper_bound(t) <> ext.ulid_upper_bound(t)::uuid
           OR pure.ulid_time(pure.ulid_lower_bound(t)) <> ext.ulid_time(ext.ulid_lower_bound(t))));
SELECT pg_temp.expect_none('given-time generators: the extension''s millisecond and rand_a',
       (SELECT count(*) FROM times
        WHERE pure.ulid_time(pure.gen_ulid(t)) <> ext.ulid_time(ext.gen_ulid(t))
           OR substr(pure.gen_ulid_v7(t)::text, 1, 18) <> substr(ext.gen_ulid_v7(t)::uuid::text, 1, 18)));

-- The companion's own IDs: valid, at the clock's time, distinct, and read
-- by the extension as the same IDs.
CREATE TEMP TABLE own AS
SELECT 'ulid' AS kind, clock_timestamp() AS before, pure.gen_ulid() AS id, clock_timestamp() AS after FROM generate_series(1, 100000)
UNION ALL SELECT 'v7', clock_timestamp(), pure.gen_ulid_v7(), clock_timestamp() FROM generate_series(1, 100000);
SELECT pg_temp.expect_none('gen_ulid_v7(): version 7, variant 10',
       (SELECT count(*) FROM own WHERE kind = 'v7' AND (substr(id::text, 15, 1) <> '7' OR substr(id::text, 20, 1) NOT IN ('8', '9', 'a', 'b'))));
SELECT pg_temp.expect_none('gen_ulid_v7(): rand_a within the 1/4096 ms of the clock',
       (SELECT count(*) FROM own WHERE kind = 'v7'
          AND ('x' || substr(replace(id::text, '-', ''), 1, 12) || substr(replace(id::text, '-', ''), 14, 3))::bit(60)::bigint
              NOT BETWEEN pure.ulid_pure_unix_us(before) * 4096 / 1000 AND pure.ulid_pure_unix_us(after) * 4096 / 1000));
SELECT pg_temp.expect_none('own IDs: time between the clock before and after',
       (SELECT count(*) FROM own WHERE pure.ulid_time(id) NOT BETWEEN date_trunc('milliseconds', before) AND after));
SELECT pg_temp.expect_none('own IDs: distinct', (SELECT count(*) - count(DISTINCT id) FROM own));
SELECT pg_temp.expect_none('own IDs: the extension reads the same text and time',
       (SELECT count(*) FROM own WHERE pure.ulid_encode(id) <> id::ext.ulid::text OR pure.ulid_time(id) <> ext.ulid_time(id::ext.ulid)));

-- Bad input: an error from both, the same SQLSTATE, and for the ULID form
-- and for times the same message and detail.
CREATE TEMP TABLE bad (input text);
INSERT INTO bad VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAU'), ('01ARYZ6S41TSV4RRFFQ69G5FAI'), ('01ARYZ6S41TSV4RRFFQ69G5FAL'),
    ('01ARYZ6S41TSV4RRFFQ69G5FAO'), ('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'), ('01ARYZ6S41TSV4RRFFQ69G5FA '), (' 1ARYZ6S41TSV4RRFFQ69G5FAV'),
    ('01ARYZ6S41TSV4RRFFQ69G5FA'), ('01ARYZ6S41TSV4RRFFQ69G5FAVV'), (''), ('01h455vb4pex5vsknk084sn0日x'),
    ('01563e3a-b5d3-d676-4c61-efb99302bd5g'), ('{01563e3ab5d3d676xc61efb99302bd5b}'), ('01563e3ab5d3d6764c61efb99302bd5'),
    ('01563e3a--b5d3-d676-4c61-efb99302bd5b'), ('{01563e3a-b5d3-d676-4c61-efb99302bd5b'), ('-01563e3ab5d3d6764c61efb99302bd5b');
-- The shared spellings table (tests/uuid_spellings.txt): its rejects as bad
-- input, its accepted spellings must decode to the table's UUID.
CREATE TEMP TABLE spellings (line text);
INSERT INTO spellings SELECT regexp_split_to_table(:'spellings', E'\n');
DELETE FROM spellings WHERE line ~ '^(#|\s*$)';
INSERT INTO bad SELECT split_part(line, ' ', 1) FROM spellings WHERE split_part(line, ' ', 2) = 'reject';
SELECT pg_temp.expect_none('the spellings table''s accepted UUIDs',
       (SELECT count(*) FROM spellings WHERE split_part(line, ' ', 2) <> 'reject'
          AND pure.ulid_decode(split_part(line, ' ', 1))::text <> split_part(line, ' ', 2)));
CREATE FUNCTION pg_temp.failure(sql text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE state text; msg text; det text;
BEGIN
    EXECUTE sql;
    RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
    RETURN state || ' ' || msg || ' / ' || det;
END
$$;
CREATE TEMP TABLE verdicts AS
SELECT input, pg_temp.failure(format('SELECT %L::ext.ulid', input)) AS ext,
       pg_temp.failure(format('SELECT pure.ulid_decode(%L)', input)) AS pure
FROM bad;
SELECT pg_temp.expect_none(format('%s bad ULID/UUID texts: an error in both, the same SQLSTATE', (SELECT count(*) FROM bad)),
       (SELECT count(*) FROM verdicts WHERE ext = 'no error' OR pure = 'no error' OR left(ext, 5) <> left(pure, 5)));
SELECT pg_temp.expect_none('bad 26-character texts: the same message and detail',
       (SELECT count(*) FROM verdicts WHERE length(input) = 26 AND ext <> pure));
SELECT pg_temp.expect_none('bad times: the same SQLSTATE, message and detail',
       (SELECT count(*) FROM (VALUES ('1969-12-31 23:59:59.999999+00'), ('10889-08-02 05:31:50.656+00'), ('infinity'), ('-infinity'),
                                     ('294276-12-31 23:59:59.999999+00')) v(t),
                             LATERAL (VALUES ('ulid_lower_bound'), ('ulid_upper_bound'), ('gen_ulid'), ('gen_ulid_v7')) f(fn)
        WHERE pg_temp.failure(format('SELECT ext.%s(%L::timestamptz)', fn, t))
              IS DISTINCT FROM pg_temp.failure(format('SELECT pure.%s(%L::timestamptz)', fn, t))
           OR pg_temp.failure(format('SELECT pure.%s(%L::timestamptz)', fn, t)) NOT LIKE '22008 %'));
SELECT pg_temp.expect_none('bad TypeIDs and prefixes: an error in both, the same SQLSTATE',
       (SELECT count(*) FROM (VALUES ('order_01h455vb4pex5vsknk084sn02q', 'user'), ('01h455vb4pex5vsknk084sn02q', 'user'),
                                     ('user_01h455vb4pex5vsknk084Sn02q', 'user'), ('user_81h455vb4pex5vsknk084sn02q', 'user'),
                                     ('user_01h455vb4pex5vsknk084sn02', 'user'), ('User_01h455vb4pex5vsknk084sn02q', 'user'),
                                     ('user_01h455vb4pex5vsknk084sn02q', 'User'), ('user_01h455vb4pex5vsknk084sn02q', 'a_'),
                                     ('user_01h455vb4pex5vsknk084sn02q', ''), ('_01h455vb4pex5vsknk084sn02q', '')) v(input, prefix),
             LATERAL (SELECT pg_temp.failure(format('SELECT ext.ulid_from_typeid(%L, %L)', input, prefix)) AS e,
                             pg_temp.failure(format('SELECT pure.ulid_from_typeid(%L, %L)', input, prefix)) AS p) r
        WHERE e = 'no error' OR p = 'no error' OR left(e, 5) <> left(p, 5)));
-- Volatility and parallel safety as the extension declares them, name for name.
SELECT pg_temp.expect_none('volatility, strictness and parallel safety as the extension''s',
       (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace AND n.nspname = 'pure'
        JOIN (pg_proc e JOIN pg_namespace en ON en.oid = e.pronamespace AND en.nspname = 'ext')
          ON e.proname = p.proname AND e.pronargs = p.pronargs
        WHERE (p.provolatile, p.proparallel, p.proisstrict) <> (e.provolatile, e.proparallel, e.proisstrict)));
