-- TypeIDs (jetify-com/typeid v0.3.0) at the edge: gen_typeid(), ulid_to_typeid(), ulid_from_typeid();
-- the key stays a 16-byte ulid and a lookup by TypeID uses the primary key's index.
CREATE EXTENSION IF NOT EXISTS ulid;

-- The specification's example, both ways.
SELECT ulid_to_typeid('01H455VB4PEX5VSKNK084SN02Q', 'prefix');
SELECT ulid_from_typeid('prefix_01h455vb4pex5vsknk084sn02q', 'prefix');
SELECT ulid_from_typeid('prefix_01h455vb4pex5vsknk084sn02q', 'prefix')::uuid;
SELECT ulid_to_typeid('01890a5d-ac96-774b-bcce-b302099a8057'::uuid::ulid, '');
SELECT ulid_from_typeid('01h455vb4pex5vsknk084sn02q', '');

-- New ones: the prefix, '_' and a lower-case UUIDv7, increasing, each reading back.
CREATE TEMP TABLE made AS SELECT n, gen_typeid('user') AS t FROM generate_series(1, 1000) n;
SELECT count(*) AS rows,
       bool_and(t ~ '^user_[0-7][0-9a-hjkmnp-tv-z]{25}$') AS shaped,
       bool_and(ulid_to_typeid(ulid_from_typeid(t, 'user'), 'user') = t) AS round_trip,
       bool_and(substr(ulid_from_typeid(t, 'user')::uuid::text, 15, 1) = '7') AS version_7
FROM made;
SELECT bool_and(a.t < b.t) AS increasing FROM made a JOIN made b ON b.n = a.n + 1;
-- One sequence with gen_ulid_v7().
SELECT ulid_from_typeid(gen_typeid('user'), 'user') < gen_ulid_v7() AND
       gen_ulid_v7() < ulid_from_typeid(gen_typeid('user'), 'user') AS one_sequence;

-- Errors: the rule and the position, or both prefixes.
SELECT ulid_from_typeid('order_01h455vb4pex5vsknk084sn02q', 'user');
SELECT ulid_from_typeid('01h455vb4pex5vsknk084sn02q', 'user');
SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084Sn02q', 'user');
SELECT ulid_from_typeid('user_81h455vb4pex5vsknk084sn02q', 'user');
SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084sn02', 'user');
SELECT ulid_from_typeid('User_01h455vb4pex5vsknk084sn02q', 'user');
-- A UUID where a TypeID belongs (issue 49): explain()'s words for it.
SELECT ulid_from_typeid('01563e3a-b5d3-d676-4c61-efb99302bd5b', 'user');
SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'User');
SELECT ulid_to_typeid(gen_ulid(), 'a_');
SELECT gen_typeid(repeat('a', 64));
-- STRICT: NULL in, NULL out.
SELECT gen_typeid(NULL) IS NULL AS a, ulid_to_typeid(NULL, 'user') IS NULL AS b,
       ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', NULL) IS NULL AS c;

-- The pattern of docs/databases.md: a ulid key, TypeIDs in the view, lookups through the key's index.
CREATE TEMP TABLE users (id ulid PRIMARY KEY DEFAULT gen_ulid_v7(), name text);
INSERT INTO users (name) SELECT 'user ' || n FROM generate_series(1, 2000) n;
ANALYZE users;
CREATE TEMP VIEW users_api AS SELECT ulid_to_typeid(id, 'user') AS id, name FROM users;
SELECT name FROM users
WHERE id = ulid_from_typeid((SELECT id FROM users_api WHERE name = 'user 1234'), 'user');
EXPLAIN (COSTS OFF) SELECT name FROM users WHERE id = ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user');
PREPARE by_typeid(text) AS SELECT name FROM users WHERE id = ulid_from_typeid($1, 'user');
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE by_typeid('user_01h455vb4pex5vsknk084sn02q');
RESET plan_cache_mode;
DEALLOCATE by_typeid;
DROP VIEW users_api;
DROP TABLE users;
DROP TABLE made;

-- Multibyte input: quoted up to 100 characters, cut between characters, and
-- counted in characters; under a LATIN1 client too (the database is UTF8),
-- where a character cut in two made the error an encoding error (22021).
SELECT ulid_from_typeid(repeat(chr(26085), 120) || '_01h455vb4pex5vsknk084sn02q', 'user');
SELECT ulid_from_typeid('u' || chr(26085) || 'er_01h455vb4pex5vsknk084sn02q', 'user');
SELECT ulid_from_typeid('user_01h455vb4pex5vs' || chr(26085) || 'k084sn02q', 'user');
SELECT gen_typeid(repeat(chr(26085), 120));
SET client_encoding = 'LATIN1';
SELECT ulid_from_typeid(repeat(chr(233), 120) || '_01h455vb4pex5vsknk084sn02q', 'user');
SELECT ulid_from_typeid('us' || chr(233) || 'r_01h455vb4pex5vsknk084sn02q', 'user');
SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084sn02' || chr(233) || chr(233), 'user');
SELECT ulid_to_typeid(gen_ulid(), repeat(chr(233), 101));
RESET client_encoding;
