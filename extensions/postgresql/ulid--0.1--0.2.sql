-- SPDX-License-Identifier: MIT
-- ulid extension, 0.1 -> 0.2: ulid-uuid operators in the btree and hash
-- families, BRIN operator classes, ulid_lower_bound()/ulid_upper_bound().
-- (gen_ulid() becoming increasing within a backend is in the module, not
-- here.) A fresh CREATE EXTENSION runs ulid--0.1.sql and then this script;
-- CONTRIBUTING.md says how to add the next one.

\echo Use "ALTER EXTENSION ulid UPDATE TO '0.2'" to load this file. \quit

-- ---------------------------------------------------------------------------
-- ulid against uuid
-- ---------------------------------------------------------------------------

-- The same C functions as ulid against ulid: a uuid datum is the same 16
-- bytes, and uuid orders them as ulid does (byte order), so a = b here is
-- exactly a::uuid = b::uuid.
CREATE FUNCTION ulid_uuid_eq(ulid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_eq' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_ne(ulid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_ne' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_lt(ulid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_lt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_le(ulid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_le' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_gt(ulid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_gt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_ge(ulid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_ge' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_cmp(ulid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'ulid_cmp' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_eq(uuid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_eq' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_ne(uuid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_ne' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_lt(uuid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_lt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_le(uuid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_le' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_gt(uuid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_gt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_ge(uuid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'ulid_ge' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_cmp(uuid, ulid) RETURNS integer
    AS 'MODULE_PATHNAME', 'ulid_cmp' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

-- MERGES and HASHES on =: merge and hash joins between a ulid and a uuid
-- column. Both need the operators below in a btree and a hash family.
CREATE OPERATOR = (
    LEFTARG = ulid, RIGHTARG = uuid, FUNCTION = ulid_uuid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = ulid, RIGHTARG = uuid, FUNCTION = ulid_uuid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = ulid, RIGHTARG = uuid, FUNCTION = ulid_uuid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = ulid, RIGHTARG = uuid, FUNCTION = ulid_uuid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = ulid, RIGHTARG = uuid, FUNCTION = ulid_uuid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = ulid, RIGHTARG = uuid, FUNCTION = ulid_uuid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR = (
    LEFTARG = uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- The btree family ulid_ops gains the cross-type operators with their
-- comparison functions, and uuid's own operators and support functions, so
-- that it is complete over {ulid, uuid}: the planner then scans a ulid index
-- for `id = $1::uuid` and merge-joins ulid against uuid (it needs each
-- side's sort operator in the family of the = operator). uuid's operators
-- stay in uuid_ops too: an operator may belong to several families.
ALTER OPERATOR FAMILY ulid_ops USING btree ADD
    OPERATOR 1 < (ulid, uuid),
    OPERATOR 2 <= (ulid, uuid),
    OPERATOR 3 = (ulid, uuid),
    OPERATOR 4 >= (ulid, uuid),
    OPERATOR 5 > (ulid, uuid),
    FUNCTION 1 (ulid, uuid) ulid_uuid_cmp(ulid, uuid),
    OPERATOR 1 < (uuid, ulid),
    OPERATOR 2 <= (uuid, ulid),
    OPERATOR 3 = (uuid, ulid),
    OPERATOR 4 >= (uuid, ulid),
    OPERATOR 5 > (uuid, ulid),
    FUNCTION 1 (uuid, ulid) uuid_ulid_cmp(uuid, ulid),
    OPERATOR 1 < (uuid, uuid),
    OPERATOR 2 <= (uuid, uuid),
    OPERATOR 3 = (uuid, uuid),
    OPERATOR 4 >= (uuid, uuid),
    OPERATOR 5 > (uuid, uuid),
    FUNCTION 1 (uuid, uuid) uuid_cmp(uuid, uuid),
    FUNCTION 2 (uuid, uuid) uuid_sortsupport(internal);

-- The hash family likewise: ulid_hash and uuid_hash are both hash_any over
-- the same 16 bytes, so equal values hash equally across the two types, as
-- a cross-type hash family requires.
ALTER OPERATOR FAMILY ulid_hash_ops USING hash ADD
    OPERATOR 1 = (ulid, uuid),
    OPERATOR 1 = (uuid, ulid),
    OPERATOR 1 = (uuid, uuid),
    FUNCTION 1 (uuid, uuid) uuid_hash(uuid),
    FUNCTION 2 (uuid, uuid) uuid_hash_extended(uuid, bigint);

-- ---------------------------------------------------------------------------
-- BRIN
-- ---------------------------------------------------------------------------

-- ULIDs follow insertion time, so the rows of a block range hold a narrow
-- band of them: minmax summaries pay, as for a timestamp column. The
-- support functions are PostgreSQL's generic ones (14 and later), as for
-- uuid.
CREATE OPERATOR CLASS ulid_minmax_ops DEFAULT FOR TYPE ulid USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 brin_minmax_opcinfo(internal),
    FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 brin_minmax_union(internal, internal, internal),
    STORAGE ulid;

-- Several ranges per block range: for tables whose IDs come from more than
-- one clock (several writers, back-filled rows). Distance 11 is uuid's,
-- which reads the 16 bytes as one big-endian number, as a ULID is.
CREATE OPERATOR CLASS ulid_minmax_multi_ops FOR TYPE ulid USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 brin_minmax_multi_opcinfo(internal),
    FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
    FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
    FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
    FUNCTION 5 brin_minmax_multi_options(internal),
    FUNCTION 11 brin_minmax_multi_distance_uuid(internal, internal),
    STORAGE ulid;

-- Equality only, for lookups of random IDs in tables where order does not
-- follow the physical layout.
CREATE OPERATOR CLASS ulid_bloom_ops FOR TYPE ulid USING brin AS
    OPERATOR 1 =,
    FUNCTION 1 brin_bloom_opcinfo(internal),
    FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
    FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
    FUNCTION 4 brin_bloom_union(internal, internal, internal),
    FUNCTION 5 brin_bloom_options(internal),
    FUNCTION 11 ulid_hash(ulid),
    STORAGE ulid;

-- ---------------------------------------------------------------------------
-- Time windows
-- ---------------------------------------------------------------------------

-- `id BETWEEN ulid_lower_bound(a) AND ulid_upper_bound(b)` holds exactly the
-- ULIDs of the milliseconds from a's through b's; with constants (or
-- parameters) it is an index range scan. `b::ulid` as the upper end would
-- miss the rows of b's millisecond. Out-of-range times raise 22008, as the
-- casts do.
CREATE FUNCTION ulid_lower_bound(timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_lower_bound(timestamptz) IS
    'the smallest ULID of the timestamp''s millisecond (entropy all zeros)';
CREATE FUNCTION ulid_upper_bound(timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_upper_bound(timestamptz) IS
    'the largest ULID of the timestamp''s millisecond (entropy all ones)';

COMMENT ON FUNCTION gen_ulid() IS
    'a new ULID: the current millisecond and secure random entropy, above this backend''s previous gen_ulid() result';

CREATE FUNCTION gen_ulid_v7() RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION gen_ulid_v7() IS
    'a new ULID that is also an RFC 9562 UUIDv7 (sub-millisecond time in rand_a), above this backend''s previous gen_ulid_v7() result';
