-- Text input accepts every spelling of a UUID that PostgreSQL's own uuid_in
-- accepts (and rejects every one it rejects), plus the ULID forms; bad input
-- says which character is wrong and where.

-- 'ok' when the text converts, otherwise the error's SQLSTATE; never raises.
CREATE FUNCTION try_cast(s text, t regtype) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('SELECT %L::%s', s, t);
    RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END $$;

-- Differential against uuid_in: 32 hexadecimal digits with one hyphen
-- inserted at every place (0 to 32), two hyphens at every pair of places,
-- a doubled hyphen, braces balanced and not, upper case, a non-hex digit,
-- 31 and 33 digits, surrounding spaces. Every spelling must give the same
-- verdict as uuid, and the same 16 bytes when both accept it.
CREATE TEMP TABLE spellings AS
WITH hex(h) AS (VALUES ('01563e3ab5d3d6764c61efb99302bd5b')),
one AS (SELECT overlay(h PLACING '-' FROM i + 1 FOR 0) AS s FROM hex, generate_series(0, 32) i),
two AS (SELECT overlay(overlay(h PLACING '-' FROM j + 1 FOR 0) PLACING '-' FROM i + 1 FOR 0) AS s
        FROM hex, generate_series(0, 32) i, generate_series(i, 32) j),
base AS (SELECT h AS s FROM hex UNION SELECT s FROM one UNION SELECT s FROM two
         UNION SELECT '01563e3a-b5d3-d676-4c61-efb99302bd5b'
         UNION SELECT '0156-3e3a-b5d3-d676-4c61-efb9-9302-bd5b'),
decorated AS (SELECT s FROM base
              UNION SELECT '{' || s || '}' FROM base
              UNION SELECT '{' || s FROM base
              UNION SELECT s || '}' FROM base
              UNION SELECT upper(s) FROM base
              UNION SELECT ' ' || s FROM base
              UNION SELECT s || ' ' FROM base
              UNION SELECT overlay(s PLACING 'g' FROM 3 FOR 1) FROM base
              UNION SELECT substr(s, 2) FROM base
              UNION SELECT s || '0' FROM base
              UNION SELECT '{}' UNION SELECT '{' UNION SELECT '}' UNION SELECT '' UNION SELECT '-')
SELECT s, try_cast(s, 'uuid') AS as_uuid, try_cast(s, 'ulid') AS as_ulid FROM decorated;

SELECT count(*) AS spellings, count(*) FILTER (WHERE as_uuid = 'ok') AS uuid_accepts,
       count(*) FILTER (WHERE as_ulid = 'ok') AS ulid_accepts FROM spellings;
-- Disagreements: none.
SELECT s, as_uuid, as_ulid FROM spellings WHERE as_uuid IS DISTINCT FROM as_ulid ORDER BY s;
-- Where both accept, the same bytes.
SELECT count(*) AS same_bytes FROM spellings WHERE as_uuid = 'ok' AND s::uuid = s::ulid::uuid;
-- Some spellings by name.
SELECT '01563e3ab5d3d6764c61efb99302bd5b'::ulid AS plain_hex,
       '{01563e3a-b5d3-d676-4c61-efb99302bd5b}'::ulid AS braces,
       '0156-3e3a-b5d3-d676-4c61-efb9-9302-bd5b'::ulid AS every_four,
       '01563E3AB5D3D6764C61EFB99302BD5B'::ulid AS upper_hex,
       '01arz3ndektsv4rrffq69g5fav'::ulid AS lower_ulid;
-- Output is unchanged: always the 26-character form.
SELECT '{01563e3a-b5d3-d676-4c61-efb99302bd5b}'::ulid::text;

-- ALTER COLUMN ... TYPE ulid USING col::ulid over text in mixed spellings.
CREATE TABLE mixed (k text);
INSERT INTO mixed VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'), ('01563e3ab5d3d6764c61efb99302bd5c'),
                         ('{01563E3A-B5D3-D676-4C61-EFB99302BD5D}'), ('01563e3a-b5d3-d676-4c61-efb99302bd5e');
ALTER TABLE mixed ALTER COLUMN k TYPE ulid USING k::ulid;
SELECT k, k::uuid AS as_uuid FROM mixed ORDER BY k;
DROP TABLE mixed;

-- Errors: which character, and where (the library's explain(), as SQLite's
-- functions say it); positions in any UUID spelling count in the input as
-- given.
\set VERBOSITY default
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAU'::ulid;
SELECT '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid;
SELECT '01563e3a-b5d3-d676-4c61-efb99302bd5g'::ulid;
SELECT '{01563e3ab5d3d676xc61efb99302bd5b}'::ulid;
SELECT '01563e3ab5d3d6764c61efb99302bd5'::ulid;
SELECT '01563e3a--b5d3-d676-4c61-efb99302bd5b'::ulid;
SELECT '{01563e3a-b5d3-d676-4c61-efb99302bd5b'::ulid;
SELECT E'01ARYZ6S41TSV4RRFFQ69G5FA\t'::ulid;
-- Forms ulid's input does not read: a URN, a TypeID (ulid_from_typeid()
-- reads it), and UUID text to a function taking ulid (issue 49).
SELECT 'urn:uuid:01563e3a-b5d3-d676-4c61-efb99302bd5b'::ulid;
SELECT 'user_01h455vb4pex5vsknk084sn02q'::ulid;
SELECT ulid_ms('01890a5d-ac96-774b-bcce-b302099a8057'), ulid_ms('{01890a5dac96774bbcceb302099a8057}'),
       ulid_ms('01890A5DAC96774BBCCEB302099A8057');
DROP FUNCTION try_cast(text, regtype);

-- Multibyte input: positions and lengths in characters, the character
-- itself shown; under a LATIN1 client too.
SELECT ('01h455vb4pex5vsknk084sn0' || chr(26085) || 'x')::ulid;
SELECT (repeat(chr(26085), 27))::ulid;
SELECT ('{01563e3a-b5d3-d676-4c61-efb99302bd' || chr(26085) || '}')::ulid;
SET client_encoding = 'LATIN1';
SELECT ('01h455vb4pex5vsknk084sn0' || chr(233) || 'x')::ulid;
SELECT ('0156-3e3a-b5d3-d676-4c61-efb9-9302-bd' || chr(233) || '5')::ulid;
RESET client_encoding;
