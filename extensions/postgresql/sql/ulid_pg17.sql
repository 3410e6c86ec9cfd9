-- PostgreSQL 17 and later (test.sh runs this file there only): the server's
-- own uuid_extract_version() reads every gen_ulid_v7() value as version 7.
-- (17's uuid_extract_timestamp() reads version 1 only and gives NULL for 7;
-- 18's reads version 7 too: ulid_pg18 checks it.)
CREATE TEMP TABLE v7 AS SELECT gen_ulid_v7() AS id FROM generate_series(1, 20000);
SELECT count(*) AS n, count(*) FILTER (WHERE uuid_extract_version(id::uuid) = 7) AS version_7 FROM v7;
-- Variant 10 (RFC 9562), which uuid_extract_version() also requires.
SELECT count(*) FILTER (WHERE get_byte(id::bytea, 8) >> 6 = 2) AS rfc_variant FROM v7;
-- A gen_ulid() value has random bits there: a UUIDv7 by chance only, 1 in
-- 64 (about 16 of 1000; fewer than 100 with certainty for practical purposes).
SELECT count(*) FILTER (WHERE uuid_extract_version(gen_ulid()::uuid) = 7) < 100 AS gen_ulid_rarely_v7
FROM generate_series(1, 1000);
DROP TABLE v7;
-- gen_ulid_v7(shift) with an infinite interval (17 and later have them):
-- 22008, as ulid_lower_bound('infinity').
SELECT gen_ulid_v7(interval 'infinity');
SELECT gen_ulid_v7(interval '-infinity');
