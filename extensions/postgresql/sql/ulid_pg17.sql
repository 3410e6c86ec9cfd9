-- PostgreSQL 17 and later (test.sh runs this file there only): the server's
-- own uuid_extract_version() and uuid_extract_timestamp() read every
-- gen_ulid_v7() value as a version 7 UUID holding the ULID's millisecond.
CREATE TEMP TABLE v7 AS SELECT gen_ulid_v7() AS id FROM generate_series(1, 20000);
SELECT count(*) AS n,
       count(*) FILTER (WHERE uuid_extract_version(id::uuid) = 7) AS version_7,
       count(*) FILTER (WHERE uuid_extract_timestamp(id::uuid) = ulid_time(id)) AS same_time,
       count(*) FILTER (WHERE uuid_extract_timestamp(id::uuid) BETWEEN now() - interval '1 hour'
                                                                AND clock_timestamp()) AS recent
FROM v7;
-- Variant 10 (RFC 9562), which uuid_extract_version() also requires.
SELECT count(*) FILTER (WHERE get_byte(id::bytea, 8) >> 6 = 2) AS rfc_variant FROM v7;
DROP TABLE v7;
