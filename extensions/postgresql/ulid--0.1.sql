-- SPDX-License-Identifier: MIT
-- ulid extension, version 0.1: the ulid type, its operators, btree and hash
-- operator classes, casts and generators. Implemented in ulid_postgresql.cpp.

\echo Use "CREATE EXTENSION ulid" to load this file. \quit

-- ---------------------------------------------------------------------------
-- The type
-- ---------------------------------------------------------------------------

CREATE TYPE ulid;

CREATE FUNCTION ulid_in(cstring) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_out(ulid) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_recv(internal) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_send(ulid) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- 16 bytes, by reference, never toasted or compressed (STORAGE plain).
-- ALIGNMENT char, like uuid: the binary-coercible casts to and from uuid
-- below (and so ALTER COLUMN ... TYPE ulid without a table rewrite) require
-- the two types to be physically identical, alignment included. It also
-- packs rows without padding. Comparison does not suffer: ulid_postgresql.cpp reads the
-- two 8-byte halves with unaligned loads, which cost the same as aligned
-- ones on x86-64 and arm64.
CREATE TYPE ulid (
    INPUT = ulid_in,
    OUTPUT = ulid_out,
    RECEIVE = ulid_recv,
    SEND = ulid_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain,
    CATEGORY = 'U'
);
COMMENT ON TYPE ulid IS 'Universally Unique Lexicographically Sortable Identifier (16 bytes)';

-- ---------------------------------------------------------------------------
-- Comparison
-- ---------------------------------------------------------------------------

CREATE FUNCTION ulid_eq(ulid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_ne(ulid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_lt(ulid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_le(ulid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_gt(ulid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_ge(ulid, ulid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_cmp(ulid, ulid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_hash(ulid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_hash_extended(ulid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

-- MERGES and HASHES let the planner choose merge and hash joins on =.
CREATE OPERATOR = (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- min() and max(); SORTOP lets the planner answer them from a btree index.
CREATE FUNCTION ulid_smaller(ulid, ulid) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_larger(ulid, ulid) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE AGGREGATE min(ulid) (
    SFUNC = ulid_smaller, STYPE = ulid, COMBINEFUNC = ulid_smaller, SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(ulid) (
    SFUNC = ulid_larger, STYPE = ulid, COMBINEFUNC = ulid_larger, SORTOP = >, PARALLEL = SAFE
);

-- The default btree class: PRIMARY KEY, UNIQUE, ORDER BY, range scans, merge
-- joins. Support 2 gives sorts and index builds abbreviated keys; support 4
-- (btequalimage) allows B-tree deduplication, since equal ULIDs are equal
-- bytes.
CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 ulid_cmp(ulid, ulid),
    FUNCTION 2 ulid_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);

-- The default hash class: hash joins, hash aggregation, hash indexes and
-- PARTITION BY HASH (which needs the extended, seeded function 2). Both are
-- PostgreSQL's hash_any over the 16 bytes: the same in every backend and on
-- every server of the same architecture.
CREATE OPERATOR CLASS ulid_hash_ops DEFAULT FOR TYPE ulid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 ulid_hash(ulid),
    FUNCTION 2 ulid_hash_extended(ulid, bigint);

-- ---------------------------------------------------------------------------
-- Generators
-- ---------------------------------------------------------------------------

CREATE FUNCTION gen_ulid() RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION gen_ulid() IS
    'a new ULID: the current millisecond and 80 bits from a secure generator';

-- PARALLEL RESTRICTED: without shared_preload_libraries the order holds
-- within one backend only, so parallel workers must not call it for the
-- leader.
CREATE FUNCTION gen_monotonic_ulid() RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_monotonic_ulid() IS
    'a new ULID above every earlier one of the server (library in shared_preload_libraries) or of this backend';

-- Superuser only by default: raising the server-wide floor to the maximum
-- would make gen_monotonic_ulid() fail for every user.
CREATE FUNCTION ulid_monotonic_advance(ulid) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
REVOKE ALL ON FUNCTION ulid_monotonic_advance(ulid) FROM PUBLIC;
COMMENT ON FUNCTION ulid_monotonic_advance(ulid) IS
    'raise gen_monotonic_ulid()''s floor so that its next result is above the argument (never lowers it)';

CREATE FUNCTION ulid_monotonic_scope() RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION ulid_monotonic_scope() IS
    '''server'' when gen_monotonic_ulid() is ordered across all backends, ''backend'' otherwise';

-- ---------------------------------------------------------------------------
-- Observers
-- ---------------------------------------------------------------------------

CREATE FUNCTION ulid_time(ulid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION ulid_time(ulid) IS 'the ULID''s timestamp (millisecond precision)';
CREATE FUNCTION ulid_ms(ulid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION ulid_ms(ulid) IS 'the ULID''s timestamp in Unix milliseconds';

-- ---------------------------------------------------------------------------
-- Casts
-- ---------------------------------------------------------------------------

-- uuid <-> ulid: the same 16 bytes, no function (the library's UUID form is
-- exactly these bytes). ASSIGNMENT, not IMPLICIT: implicit casts both ways
-- would make `ulid_col = uuid_col` ambiguous between the two = operators;
-- assignment is what INSERT/UPDATE and ALTER COLUMN ... TYPE without USING
-- need, so a uuid column converts in place without rewriting the table.
CREATE CAST (uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (ulid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;

-- text <-> ulid through the type's I/O functions (validating; both the ULID
-- and the UUID text forms are accepted). ASSIGNMENT both ways, as PostgreSQL
-- does for casts to text: a 26-character text key column converts with
-- ALTER COLUMN ... TYPE ulid, and bad text still raises 22P02.
CREATE CAST (ulid AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS ulid) WITH INOUT AS ASSIGNMENT;

-- bytea: explicit only, since any bytea is not a ULID (lengths other than 16
-- raise 22P03) and silently storing a key as bytea loses its type.
CREATE FUNCTION ulid_to_bytea(ulid) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_from_bytea(bytea) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (ulid AS bytea) WITH FUNCTION ulid_to_bytea(ulid);
CREATE CAST (bytea AS ulid) WITH FUNCTION ulid_from_bytea(bytea);

-- Timestamps: the smallest ULID of the millisecond (zero entropy), for range
-- conditions such as `id >= '2026-01-01'::timestamptz::ulid`, which are index
-- range scans (the timestamptz cast is IMMUTABLE, so the planner folds it to
-- a constant). Explicit only: the conversion drops the sub-millisecond part,
-- and an implicit one would let `id = now()` compare against a ULID no
-- generator produces. Times before 1970, after 10889 or infinite raise 22008.
CREATE FUNCTION ulid_from_timestamptz(timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- STABLE: a timestamp without time zone is read in the session's TimeZone,
-- exactly as the built-in timestamp -> timestamptz cast reads it.
CREATE FUNCTION ulid_from_timestamp(timestamp) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE CAST (timestamptz AS ulid) WITH FUNCTION ulid_from_timestamptz(timestamptz);
CREATE CAST (timestamp AS ulid) WITH FUNCTION ulid_from_timestamp(timestamp);
