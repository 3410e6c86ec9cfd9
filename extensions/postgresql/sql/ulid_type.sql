-- The type: text and UUID input, canonical output, every input error,
-- comparison, ordering against uuid, casts, in-place migration from uuid.
CREATE EXTENSION ulid;

-- Round trips: canonical upper case out; lower and mixed case in.
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid;
SELECT '01arz3ndektsv4rrffq69g5fav'::ulid;
SELECT '01aRz3NdEkTsV4rRfFq69G5fAv'::ulid = '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS same;
SELECT '00000000000000000000000000'::ulid AS min, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid AS max;
-- The UUID form reads the same 16 bytes, either case.
SELECT '01563e3a-b5d3-d676-4c61-efb99302bd5b'::ulid;
SELECT '01563E3A-B5D3-D676-4C61-EFB99302BD5B'::ulid::uuid;
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::uuid::ulid::text::ulid;
-- The text form round-trips for many random values (asserted, not printed).
SELECT count(*) AS n, bool_and(id::text::ulid = id) AS text_ok,
       bool_and(id::uuid::text::ulid = id) AS uuid_ok,
       bool_and(length(id::text) = 26 AND id::text = upper(id::text)) AS canonical,
       bool_and(lower(id::text)::ulid = id) AS lower_ok
FROM (SELECT gen_ulid() AS id FROM generate_series(1, 1000)) s;

-- Every input error: 22P02 with the library's message as detail.
SELECT ''::ulid;
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FA'::ulid;      -- 25 characters
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAVX'::ulid;    -- 27 characters
SELECT ' 01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid;    -- no trimming
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAU'::ulid;     -- U is not Crockford base32
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAI'::ulid;     -- nor I, L, O
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAL'::ulid;
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAO'::ulid;
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FA-'::ulid;
SELECT E'01ARZ3NDEKTSV4RRFFQ69G5FA\u00e9'::ulid;  -- 26 characters, 27 bytes
SELECT '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid;     -- above 128 bits
SELECT 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid;
SELECT '01563e3a-b5d3-d676-4c61-efb99302bd5g'::ulid;  -- not hexadecimal
SELECT '01563e3ab5d3-d676-4c61-efb99302bd5b0'::ulid;  -- dash out of place
SELECT '01563e3ab5d3d6764c61efb99302bd5b'::ulid;      -- UUID without dashes
SELECT '{01563e3a-b5d3-d676-4c61-efb99302bd5b}'::ulid;
-- Errors inside a statement change nothing.
CREATE TABLE bad_input (id ulid PRIMARY KEY);
INSERT INTO bad_input VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'), ('01ARZ3NDEKTSV4RRFFQ69G5FAU');
SELECT count(*) FROM bad_input;
DROP TABLE bad_input;
-- NULL stays NULL.
SELECT NULL::ulid IS NULL AS is_null, NULL::text::ulid IS NULL AS from_text;

-- Comparison operators, against a value differing only in the last bit and
-- one differing only in the first character.
WITH v(a, b) AS (VALUES
    ('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid, '01ARZ3NDEKTSV4RRFFQ69G5FAW'::ulid),
    ('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid, '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid),
    ('11ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid, '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid),
    ('00000000000000000000000000'::ulid, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid))
SELECT a, b, a = b AS eq, a <> b AS ne, a < b AS lt, a <= b AS le, a > b AS gt, a >= b AS ge,
       ulid_cmp(a, b) AS cmp
FROM v;

-- Ordering agrees with uuid ordering (bytes) for random values, including
-- values sharing their first 8 bytes (so the low half decides).
CREATE TEMP TABLE order_check AS
SELECT gen_ulid() AS id FROM generate_series(1, 2000);
INSERT INTO order_check
SELECT ('01563e3a-b5d3-d676-' || substr(md5(g::text), 1, 4) || '-' || substr(md5(g::text), 5, 12))::ulid
FROM generate_series(1, 2000) g;
SELECT count(*) AS n,
       (SELECT array_agg(id::uuid ORDER BY id) FROM order_check) =
       (SELECT array_agg(id::uuid ORDER BY id::uuid) FROM order_check) AS same_order,
       (SELECT array_agg(id::uuid ORDER BY id DESC) FROM order_check) =
       (SELECT array_agg(id::uuid ORDER BY id::uuid DESC) FROM order_check) AS same_order_desc,
       (SELECT array_agg(id::uuid ORDER BY id) FROM order_check) =
       (SELECT array_agg(id::uuid ORDER BY id::text COLLATE "C") FROM order_check) AS text_order
FROM order_check;
SELECT count(*) AS pairs, bool_and((a < b) = (a::uuid < b::uuid)) AS lt_agrees,
       bool_and(ulid_cmp(a, b) = -ulid_cmp(b, a)) AS antisymmetric
FROM (SELECT id AS a, lead(id) OVER (ORDER BY random()) AS b FROM order_check) s
WHERE b IS NOT NULL;
SELECT min(id), max(id) FROM (VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid), ('00000000000000000000000001'::ulid),
                                     ('7ZZZZZZZZZZZZZZZZZZZZZZZZY'::ulid)) v(id);

-- Casts: bytea (both ways, 16 bytes only), uuid, text.
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::bytea;
SELECT '\x01563e3ab5d3d6764c61efb99302bd5b'::bytea::ulid;
SELECT '\x01563e3ab5d3d6764c61efb99302bd'::bytea::ulid;
SELECT '\x01563e3ab5d3d6764c61efb99302bd5b00'::bytea::ulid;
SELECT ''::bytea::ulid;
SELECT castcontext, castmethod, castsource::regtype, casttarget::regtype
FROM pg_cast WHERE castsource = 'ulid'::regtype OR casttarget = 'ulid'::regtype
ORDER BY castsource::regtype::text, casttarget::regtype::text;
-- Assignment casts: uuid and text values go into ulid columns and back.
CREATE TEMP TABLE assign (u ulid, t text, v uuid);
INSERT INTO assign (u) VALUES ('01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid);
INSERT INTO assign (u) VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAW'::text);
UPDATE assign SET t = u, v = u;
SELECT * FROM assign ORDER BY u;
INSERT INTO assign (u) VALUES ('not a ulid'::text);
-- A timestamp needs an explicit cast.
INSERT INTO assign (u) VALUES (now());
-- ulid = uuid compares directly (the cross-type operators, ulid_uuid.sql).
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid = '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid;
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid = '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid::ulid AS eq;

-- Migrating a uuid key column in place: the cast is binary-coercible, so the
-- table is not rewritten (same relfilenode); indexes are rebuilt for the new
-- operator class; values, order and constraints carry over.
CREATE TABLE migrate (id uuid PRIMARY KEY, note text);
INSERT INTO migrate
SELECT ('01563e3a-b5d3-d676-' || substr(md5(g::text), 1, 4) || '-' || substr(md5(g::text), 5, 12))::uuid, 'row ' || g
FROM generate_series(1, 1000) g;
CREATE TEMP TABLE migrate_before AS SELECT id::text AS id_text, note FROM migrate;
SELECT pg_relation_filenode('migrate') AS filenode_before \gset
ALTER TABLE migrate ALTER COLUMN id TYPE ulid;
SELECT pg_relation_filenode('migrate') = :filenode_before AS not_rewritten,
       format_type(atttypid, atttypmod) AS new_type
FROM pg_attribute WHERE attrelid = 'migrate'::regclass AND attname = 'id';
SELECT count(*) AS n, bool_and(m.id = b.id_text::uuid::ulid) AS same_values
FROM migrate m JOIN migrate_before b USING (note);
SELECT indexrelid::regclass, opcname FROM pg_index i JOIN pg_opclass o ON o.oid = i.indclass[0]
WHERE indrelid = 'migrate'::regclass;
INSERT INTO migrate SELECT id, 'duplicate' FROM migrate LIMIT 1;
-- And back.
ALTER TABLE migrate ALTER COLUMN id TYPE uuid;
SELECT pg_relation_filenode('migrate') = :filenode_before AS not_rewritten,
       count(*) AS n, bool_and(m.id = b.id_text::uuid) AS same_values
FROM migrate m JOIN migrate_before b USING (note);
DROP TABLE migrate;
-- A foreign key between uuid columns: converting either side alone fails
-- (no implicit cast, on purpose); drop the constraint, convert both, add it
-- back, in one transaction.
CREATE TABLE parent (id uuid PRIMARY KEY);
CREATE TABLE child (parent_id uuid REFERENCES parent, n integer);
INSERT INTO parent SELECT md5(g::text)::uuid FROM generate_series(1, 100) g;
INSERT INTO child SELECT md5((g % 100 + 1)::text)::uuid, g FROM generate_series(1, 300) g;
-- (VERBOSITY terse: PostgreSQL 18 words the DETAIL differently.)
\set VERBOSITY terse
ALTER TABLE child ALTER COLUMN parent_id TYPE ulid;
\set VERBOSITY default
BEGIN;
ALTER TABLE child DROP CONSTRAINT child_parent_id_fkey;
ALTER TABLE parent ALTER COLUMN id TYPE ulid;
ALTER TABLE child ALTER COLUMN parent_id TYPE ulid;
ALTER TABLE child ADD CONSTRAINT child_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES parent;
COMMIT;
SELECT count(*) AS joined FROM child c JOIN parent p ON p.id = c.parent_id;
INSERT INTO child VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV', 0);
DROP TABLE child, parent;

-- The type's shape: 16 bytes, by reference, char-aligned, plain storage,
-- physically identical to uuid.
SELECT t.typlen, t.typbyval, t.typalign, t.typstorage,
       (t.typlen, t.typbyval, t.typalign) = (u.typlen, u.typbyval, u.typalign) AS like_uuid
FROM pg_type t, pg_type u WHERE t.oid = 'ulid'::regtype AND u.oid = 'uuid'::regtype;
SELECT pg_column_size('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid) AS datum_size;
