-- Private IDs (UUIDv47): ulid_to_facade(id, key) and ulid_from_facade(facade,
-- key). The key is 16 bytes, k0 then k1, each little-endian, as UUIDv47's own
-- PostgreSQL extension takes it.
--
-- UUIDv47's published vector (its demo, and the README of each port): key
-- k0 = 0x0123456789abcdef, k1 = 0xfedcba9876543210.
SELECT ulid_to_facade('018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f', '\xefcdab89674523011032547698badcfe') AS facade;
SELECT ulid_from_facade('2463c780-7fca-4def-8c3f-7b1a2c4d5e6f', '\xefcdab89674523011032547698badcfe')::uuid AS v7;
-- Round trips under a random key: every facade a version-4 UUID of the RFC
-- variant with the v7's random bits, distinct, and back to the v7 exactly.
CREATE TEMP TABLE keys AS
SELECT decode(md5(random()::text), 'hex') AS key, decode(md5(random()::text), 'hex') AS other;
CREATE TEMP TABLE private AS
SELECT g AS seq, id, ulid_to_facade(id, key) AS facade
FROM (SELECT g, gen_ulid_v7() AS id FROM generate_series(1, 10000) g) s, keys;
SELECT count(*) AS n, count(DISTINCT facade) AS distinct_facades,
       count(*) FILTER (WHERE get_byte(uuid_send(facade), 6) >> 4 = 4
                          AND get_byte(uuid_send(facade), 8) >> 6 = 2) AS version_4,
       count(*) FILTER (WHERE substr(uuid_send(facade), 8) = substr(ulid_to_bytea(id), 8)
                          AND get_byte(uuid_send(facade), 6) & 15 = get_byte(ulid_to_bytea(id), 6) & 15)
           AS random_bits_kept,
       count(*) FILTER (WHERE ulid_from_facade(facade, key) = id) AS round_trips
FROM private, keys;
-- The facades show no order: about half of the neighbours are out of order.
SELECT count(*) FILTER (WHERE facade < previous) BETWEEN 4000 AND 6000 AS unordered
FROM (SELECT facade, lag(facade) OVER (ORDER BY seq) AS previous FROM private) s WHERE previous IS NOT NULL;
-- Another key decodes every facade to a UUIDv7 (it is not a MAC), but not to
-- the original (one chance in 2^48 each).
SELECT count(*) FILTER (WHERE get_byte(ulid_to_bytea(ulid_from_facade(facade, other)), 6) >> 4 = 7)
           AS other_key_gives_v7,
       count(*) FILTER (WHERE ulid_from_facade(facade, other) = id) AS other_key_gives_original
FROM private, keys;
-- gen_ulid_v7(shift)'s IDs have facades too.
SELECT ulid_from_facade(ulid_to_facade(id, key), key) = id AS shifted_round_trip
FROM (SELECT gen_ulid_v7(interval '-1 day') AS id) s, keys;
DROP TABLE private;

-- Errors: 22023 for a key that is not 16 bytes, 22P02 for an ID of the wrong
-- version; no message, detail or hint holds the key.
\set VERBOSITY default
SELECT ulid_to_facade('018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f', '\xefcdab89674523011032547698badc');
SELECT ulid_from_facade('2463c780-7fca-4def-8c3f-7b1a2c4d5e6f', '\xefcdab89674523011032547698badcfe00');
SELECT ulid_to_facade('018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f', '');
-- A version-4 UUID, and a classic ULID whose version nibble is not 7.
SELECT ulid_to_facade('f47ac10b-58cc-4372-a567-0e02b2c3d479', '\xefcdab89674523011032547698badcfe');
SELECT ulid_to_facade('01ARZ3NDEKTSV4RRFFQ69G5FAV', '\xefcdab89674523011032547698badcfe');
-- Version 7 with another variant.
SELECT ulid_to_facade('018f2d9f-9a2a-7def-cc3f-7b1a2c4d5e6f', '\xefcdab89674523011032547698badcfe');
-- A UUIDv7 is not a facade, nor a version-4 UUID of another variant.
SELECT ulid_from_facade('018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f', '\xefcdab89674523011032547698badcfe');
SELECT ulid_from_facade('2463c780-7fca-4def-0c3f-7b1a2c4d5e6f', '\xefcdab89674523011032547698badcfe');
CREATE FUNCTION pg_temp.error_of(q text, key bytea) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    m text;
    d text;
    h text;
BEGIN
    EXECUTE q USING key;
    RETURN 'no error';
EXCEPTION WHEN others THEN
    GET STACKED DIAGNOSTICS m = MESSAGE_TEXT, d = PG_EXCEPTION_DETAIL, h = PG_EXCEPTION_HINT;
    RETURN SQLSTATE || CASE WHEN concat(m, d, h) ILIKE '%' || encode(key, 'hex') || '%'
                              OR concat(m, d, h) LIKE '%' || encode(key, 'escape') || '%'
                            THEN ' (quotes the key)' ELSE '' END;
END
$$;
SELECT pg_temp.error_of('SELECT ulid_to_facade(gen_ulid_v7(), $1)', '\x0123456789abcdef0123456789abcd') AS short_key,
       pg_temp.error_of('SELECT ulid_from_facade(gen_random_uuid(), $1)', '\x0123456789abcdef0123456789abcdef01')
           AS long_key,
       pg_temp.error_of('SELECT ulid_to_facade(gen_random_uuid()::ulid, $1)', key) AS not_v7,
       pg_temp.error_of('SELECT ulid_from_facade(gen_ulid_v7()::uuid, $1)', key) AS not_facade
FROM keys;
-- NULL in, NULL out (STRICT); properties.
SELECT ulid_to_facade(NULL, '\xefcdab89674523011032547698badcfe') IS NULL AS null_id,
       ulid_to_facade(gen_ulid_v7(), NULL) IS NULL AS null_key,
       ulid_from_facade(NULL, '\xefcdab89674523011032547698badcfe') IS NULL AS null_facade,
       ulid_from_facade(gen_random_uuid(), NULL) IS NULL AS null_key_back;
SELECT proname, pg_get_function_arguments(oid) AS args, prorettype::regtype AS returns, provolatile, proparallel,
       proisstrict
FROM pg_proc WHERE proname IN ('ulid_to_facade', 'ulid_from_facade') ORDER BY proname;
DROP TABLE keys;
