-- Versioning: CREATE EXTENSION ulid VERSION '0.1' followed by ALTER EXTENSION
-- ulid UPDATE yields exactly the objects of a fresh install of the default
-- version, and keeps the data stored under the old one.

-- Everything that defines the extension, one line per fact: each member
-- with its properties, the contents of its operator families, comments and
-- privileges.
CREATE FUNCTION ulid_extension_digest() RETURNS SETOF text LANGUAGE sql AS $$
WITH m AS (
    SELECT d.classid, d.objid FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
    WHERE d.refclassid = 'pg_extension'::regclass AND e.extname = 'ulid' AND d.deptype = 'e'
      -- The array type ulid[], which comes with the type, is a member of
      -- its own only on newer servers (18): left out.
      AND NOT EXISTS (SELECT FROM pg_type t
                      WHERE d.classid = 'pg_type'::regclass AND t.oid = d.objid AND t.typcategory = 'A')
)
SELECT pg_describe_object(m.classid, m.objid, 0) ||
       coalesce(' comment=' || obj_description(m.objid, m.classid::regclass::text), '') ||
       CASE m.classid
           WHEN 'pg_proc'::regclass THEN
               (SELECT format(' volatile=%s parallel=%s strict=%s leakproof=%s src=%s returns=%s acl=%s', provolatile,
                              proparallel, proisstrict, proleakproof, prosrc, prorettype::regtype, proacl)
                FROM pg_proc WHERE oid = m.objid)
           WHEN 'pg_operator'::regclass THEN
               (SELECT format(' function=%s commutator=%s negator=%s restrict=%s join=%s hashes=%s merges=%s',
                              oprcode, oprcom::regoperator, oprnegate::regoperator, oprrest, oprjoin, oprcanhash,
                              oprcanmerge)
                FROM pg_operator WHERE oid = m.objid)
           WHEN 'pg_opclass'::regclass THEN
               (SELECT format(' default=%s keytype=%s family=%s', opcdefault, opckeytype::regtype,
                              (SELECT opfname FROM pg_opfamily WHERE oid = opcfamily))
                FROM pg_opclass WHERE oid = m.objid)
           WHEN 'pg_cast'::regclass THEN
               (SELECT format(' context=%s method=%s', castcontext, castmethod) FROM pg_cast WHERE oid = m.objid)
           WHEN 'pg_type'::regclass THEN
               (SELECT format(' len=%s align=%s storage=%s category=%s', typlen, typalign, typstorage, typcategory)
                FROM pg_type WHERE oid = m.objid)
           ELSE ''
       END
FROM m
UNION ALL
SELECT pg_describe_object('pg_amop'::regclass, a.oid, 0) || ' purpose=' || a.amoppurpose::text
FROM pg_amop a JOIN m ON m.classid = 'pg_opfamily'::regclass AND m.objid = a.amopfamily
UNION ALL
SELECT pg_describe_object('pg_amproc'::regclass, p.oid, 0)
FROM pg_amproc p JOIN m ON m.classid = 'pg_opfamily'::regclass AND m.objid = p.amprocfamily
$$;

CREATE EXTENSION ulid;
SELECT extversion FROM pg_extension WHERE extname = 'ulid';
CREATE TEMP TABLE fresh AS SELECT ulid_extension_digest() AS fact;
DROP EXTENSION ulid;

CREATE EXTENSION ulid VERSION '0.1';
SELECT extversion FROM pg_extension WHERE extname = 'ulid';
-- 0.1 has none of 0.2's additions.
SELECT to_regprocedure('ulid_upper_bound(timestamptz)') IS NULL AS no_bounds,
       to_regoperator('=(ulid,uuid)') IS NULL AS no_cross_type;
-- Data stored under 0.1, with an index of each class, survives the update.
CREATE TABLE kept (id ulid PRIMARY KEY, u uuid);
CREATE INDEX kept_hash ON kept USING hash (id);
INSERT INTO kept SELECT id, id::uuid FROM (SELECT gen_monotonic_ulid() AS id FROM generate_series(1, 1000)) s;

ALTER EXTENSION ulid UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'ulid';
SELECT count(*) AS facts FROM fresh;
-- The difference in both directions: empty when the two are the same.
(SELECT 'only fresh' AS side, fact FROM fresh EXCEPT SELECT 'only fresh', ulid_extension_digest())
UNION ALL
(SELECT 'only updated', ulid_extension_digest() EXCEPT SELECT 'only updated', fact FROM fresh)
ORDER BY 1, 2;
-- The digest sees what an update script could get wrong, not just names:
-- a changed property, a missing family member, a missing comment each show.
-- (Today a fresh install runs ulid--0.1.sql and then the update script, as
-- PostgreSQL's contrib modules do, so the two paths share their scripts;
-- the comparison guards the day a version gets its own full script.)
SELECT count(*) > 0 AS sees_amop FROM fresh WHERE fact LIKE 'operator 1 (ulid, uuid) of operator family ulid_ops%';
BEGIN;
ALTER FUNCTION gen_ulid() PARALLEL RESTRICTED;
ALTER OPERATOR FAMILY ulid_hash_ops USING hash DROP OPERATOR 1 (uuid, ulid);
COMMENT ON FUNCTION ulid_upper_bound(timestamptz) IS NULL;
(SELECT 'only fresh' AS side, fact FROM fresh EXCEPT SELECT 'only fresh', ulid_extension_digest())
UNION ALL
(SELECT 'only updated', ulid_extension_digest() EXCEPT SELECT 'only updated', fact FROM fresh)
ORDER BY 1, 2;
ROLLBACK;

SELECT count(*), count(DISTINCT id) FROM kept;
SELECT bool_and(id = u) AS cross_type_equal FROM kept;
SET enable_seqscan = off;
SELECT count(*) FROM kept WHERE id = (SELECT u FROM kept ORDER BY u DESC LIMIT 1);
RESET enable_seqscan;
DROP TABLE kept;
DROP EXTENSION ulid;
DROP FUNCTION ulid_extension_digest();
