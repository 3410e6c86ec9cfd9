-- SPDX-License-Identifier: MIT
-- ulid extension, 0.3 -> 0.4: causal order. ulid_observe(id) makes every
-- later ID of the session's generators (and of gen_monotonic_ulid() in its
-- scope) greater than an ID seen elsewhere, even when that machine's clock
-- runs ahead of this server's, up to ulid.max_clock_skew (500 ms).
-- gen_ulid_v7(shift), PostgreSQL 18's uuidv7(shift) for ulid. ulid_to_facade() and
-- ulid_from_facade(), private IDs (UUIDv47).

\echo Use "ALTER EXTENSION ulid UPDATE TO '0.4'" to load this file. \quit

-- PARALLEL UNSAFE: it moves the leader's generators and writes the setting
-- ulid.observed_floor, which carries the floor to parallel workers and which
-- PostgreSQL lets no one write in parallel mode (a query calling it is then
-- planned without workers).
CREATE FUNCTION ulid_observe(id ulid) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
COMMENT ON FUNCTION ulid_observe(ulid) IS
    'every later gen_ulid(), gen_ulid_v7(), gen_typeid() of the session and gen_monotonic_ulid() is above the ID; refused (22023) for an ID more than ulid.max_clock_skew ahead of the clock';

-- PostgreSQL 18's uuidv7(shift interval): VOLATILE, STRICT, PARALLEL SAFE as
-- it is.
CREATE FUNCTION gen_ulid_v7(shift interval) RETURNS ulid
    AS 'MODULE_PATHNAME', 'gen_ulid_v7_shift' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gen_ulid_v7(interval) IS
    'a new ULID that is also an RFC 9562 UUIDv7 at the current time moved by the interval (PostgreSQL 18''s uuidv7(shift)); 22008 for a time before 1970 or after 10889';

-- Private IDs (UUIDv47): a UUIDv4-looking facade of a UUIDv7 key under a
-- 16-byte key (k0 then k1, little-endian, as UUIDv47's extension takes it).
-- IMMUTABLE: the result depends on the arguments alone.
CREATE FUNCTION ulid_to_facade(id ulid, key bytea) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_facade(ulid, bytea) IS
    'the UUIDv47 facade of a UUIDv7 under a 16-byte key: a version-4 UUID that shows no time; 22P02 for an ID that is not a UUIDv7, 22023 for a key that is not 16 bytes';
CREATE FUNCTION ulid_from_facade(facade uuid, key bytea) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_from_facade(uuid, bytea) IS
    'the UUIDv7 behind a UUIDv47 facade under a 16-byte key (a wrong key gives another UUIDv7: look it up); 22P02 for a UUID that is not version 4, 22023 for a key that is not 16 bytes';

-- Generation at a given time (issue 48): a fresh random ID at that time (its
-- millisecond; for the v7 forms also its fraction, in rand_a), ordered within
-- the session for one given time as the library's must_make(ms) and
-- must_make_v7(ms) are; 22008, as ulid_lower_bound(), for a time a ULID
-- cannot hold. gen_typeid(prefix, t) shares gen_ulid_v7(t)'s sequence.
CREATE FUNCTION gen_ulid(at timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME', 'gen_ulid_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gen_ulid(timestamptz) IS
    'a new ULID at the timestamp''s millisecond, random entropy; increasing within the session for one millisecond';
CREATE FUNCTION gen_ulid_v7(at timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME', 'gen_ulid_v7_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gen_ulid_v7(timestamptz) IS
    'a new UUIDv7-layout ID at the timestamp (sub-millisecond fraction in rand_a); increasing within the session for one time';
CREATE FUNCTION gen_typeid(prefix text, at timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'gen_typeid_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gen_typeid(text, timestamptz) IS
    'a new TypeID under the prefix at the timestamp: gen_ulid_v7(timestamptz)''s next value';
