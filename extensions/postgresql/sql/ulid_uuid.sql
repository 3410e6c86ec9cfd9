-- ulid against uuid: the six comparison operators in both argument orders,
-- agreeing with uuid's own; in the btree and hash families, so that a ulid
-- index serves a uuid parameter, and merge and hash joins work across the
-- two types.

CREATE TEMP TABLE vals AS
SELECT v::ulid AS id FROM (VALUES ('00000000000000000000000000'), ('00000000000000000000000001'),
                                  ('01ARZ3NDEKTSV4RRFFQ69G5FAV'), ('01ARZ3NDEKTSV4RRFFQ69G5FAW'),
                                  ('01ARZ3NDEK0000000000000000'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
                                  ('7ZZZZZZZZZZZZZZZZZZZZZZZZY'), ('40000000000000000000000000'),
                                  ('3ZZZZZZZZZZZZZZZZZZZZZZZZZ'), ('0000000000ZZZZZZZZZZZZZZZZ')) v(v);
-- Every pair, every operator, both orders: the cross-type result equals
-- uuid's result on the same bytes.
SELECT count(*) AS pairs,
       bool_and((a.id = b.id::uuid) = (a.id::uuid = b.id::uuid) AND (a.id::uuid = b.id) = (a.id::uuid = b.id::uuid)
            AND (a.id <> b.id::uuid) = (a.id::uuid <> b.id::uuid) AND (a.id::uuid <> b.id) = (a.id::uuid <> b.id::uuid)
            AND (a.id < b.id::uuid) = (a.id::uuid < b.id::uuid) AND (a.id::uuid < b.id) = (a.id::uuid < b.id::uuid)
            AND (a.id <= b.id::uuid) = (a.id::uuid <= b.id::uuid) AND (a.id::uuid <= b.id) = (a.id::uuid <= b.id::uuid)
            AND (a.id > b.id::uuid) = (a.id::uuid > b.id::uuid) AND (a.id::uuid > b.id) = (a.id::uuid > b.id::uuid)
            AND (a.id >= b.id::uuid) = (a.id::uuid >= b.id::uuid) AND (a.id::uuid >= b.id) = (a.id::uuid >= b.id::uuid))
           AS agree_with_uuid,
       -- and with ulid's own order, which is the same
       bool_and((a.id < b.id::uuid) = (a.id < b.id) AND (a.id::uuid >= b.id) = (a.id >= b.id)) AS agree_with_ulid,
       count(*) FILTER (WHERE a.id = b.id::uuid) AS equal_pairs
FROM vals a, vals b;
-- Equal values hash equally across the types (required by the hash family).
SELECT bool_and(ulid_hash(id) = uuid_hash(id::uuid)) AS hash,
       bool_and(ulid_hash_extended(id, 42) = uuid_hash_extended(id::uuid, 42)) AS hash_extended FROM vals;

-- The families hold the cross-type members.
SELECT f.opfname, am.amname, count(*) FILTER (WHERE o.amoplefttype <> o.amoprighttype) AS cross_type_operators
FROM pg_opfamily f JOIN pg_am am ON am.oid = f.opfmethod JOIN pg_amop o ON o.amopfamily = f.oid
WHERE f.opfname IN ('ulid_ops', 'ulid_hash_ops') GROUP BY 1, 2 ORDER BY 1;

CREATE TABLE new_items (id ulid PRIMARY KEY, n integer);
CREATE TABLE old_items (id uuid PRIMARY KEY, n integer);
INSERT INTO new_items SELECT gen_monotonic_ulid(), g FROM generate_series(1, 3000) g;
INSERT INTO old_items SELECT id, n FROM new_items WHERE n % 3 = 0;
ANALYZE new_items;
ANALYZE old_items;

-- A uuid parameter uses the ulid index.
PREPARE by_uuid(uuid) AS SELECT n FROM new_items WHERE id = $1;
EXPLAIN (COSTS OFF) EXECUTE by_uuid('01563e3a-b5d3-d676-4c61-efb99302bd5b');
SELECT n FROM new_items WHERE id = (SELECT id::uuid FROM new_items WHERE n = 1234);
EXPLAIN (COSTS OFF) SELECT n FROM new_items WHERE id >= '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid ORDER BY id LIMIT 1;
-- and a ulid parameter the uuid index (the family of uuid_ops is uuid's own,
-- so this one filters instead: documented).
EXPLAIN (COSTS OFF) SELECT n FROM old_items WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid;

-- Joins across the two types: merge, hash and nested loop give the same rows.
SET enable_nestloop = off;
SET enable_hashjoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM new_items a JOIN old_items b ON a.id = b.id;
SELECT count(*), sum(a.n - b.n) FROM new_items a JOIN old_items b ON a.id = b.id;
RESET enable_hashjoin;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM new_items a JOIN old_items b ON b.id = a.id;
SELECT count(*), sum(a.n - b.n) FROM new_items a JOIN old_items b ON b.id = a.id;
RESET enable_mergejoin;
RESET enable_nestloop;
-- Foreign keys: a uuid column may reference a ulid key (ulid_ops holds
-- = (ulid, uuid) and = (uuid, uuid), which is what PostgreSQL looks for in
-- the key's family), and both directions of the constraint are enforced.
CREATE TABLE uuid_refs (item uuid REFERENCES new_items (id));
INSERT INTO uuid_refs SELECT id FROM new_items WHERE n = 3;
INSERT INTO uuid_refs VALUES ('01563e3a-b5d3-d676-4c61-efb99302bd5b');
\set VERBOSITY terse
DELETE FROM new_items WHERE n = 3;  -- (terse: the detail would show a random key)
\set VERBOSITY default
SELECT count(*) FROM uuid_refs r JOIN new_items i ON i.id = r.item;
DROP TABLE uuid_refs;
-- Not the other way: a ulid column cannot reference a uuid key, since the
-- key's family is PostgreSQL's uuid_ops. docs/databases.md shows the
-- in-place ALTER COLUMN ... TYPE ulid that makes the types match.
-- (VERBOSITY terse: PostgreSQL 18 words the DETAIL differently.)
\set VERBOSITY terse
CREATE TABLE ulid_refs (item ulid REFERENCES old_items (id));
\set VERBOSITY default
DROP TABLE new_items, old_items;
