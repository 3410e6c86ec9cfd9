-- SPDX-License-Identifier: MIT
-- ulid_pure: the ulid extension's functions in plain SQL and PL/pgSQL, on
-- uuid columns, for servers where C extensions cannot be installed (Amazon
-- RDS, Cloud SQL, Supabase and other managed services). PostgreSQL 13 or
-- later; nothing here needs a superuser or any extension.
--
--   psql -v schema=ulid_pure -f ulid_pure.sql     (schema: default ulid_pure)
--
-- installs into that schema (created if missing), then, in the application:
--   SET search_path = ulid_pure, public;   (or ALTER ROLE ... SET search_path)
--   CREATE TABLE events (id uuid PRIMARY KEY DEFAULT gen_ulid_v7(), ...);
--
-- The names are the extension's, so an application moves between the two
-- by changing search_path and the column type (uuid here, ulid there; see
-- docs/databases.md). Differences: ulid_encode(id) and ulid_decode(text)
-- stand for the ulid type's text output and input (a uuid column prints as a
-- UUID); the generators are random within a millisecond, not increasing
-- within the session (no per-session state); and everything is far slower
-- (docs/databases.md has the figures). Run again to upgrade: every function
-- is CREATE OR REPLACE.
--
-- Randomness: gen_random_uuid() (core since PostgreSQL 13) fills its 122
-- random bits from pg_strong_random(), the server's cryptographically
-- secure generator (OpenSSL's RAND_bytes, or /dev/urandom in builds without
-- OpenSSL), never from random(), whose generator is seedable and
-- predictable. Each ID takes 80 (ULID) or 62 (UUIDv7 rand_b) of those bits.

\if :{?schema}
\else
\set schema ulid_pure
\endif
CREATE SCHEMA IF NOT EXISTS :"schema";

-- Every function below names the others with their schema (@schema@, put in
-- by the replace() at the end, as an extension script's @extschema@): they
-- find each other whatever the caller's search_path, and a caller's
-- search_path cannot put another function first. No SET search_path on the
-- functions: it would keep the generators from being inlined into the
-- query, and a VOLATILE SQL function that is not inlined cannot run in a
-- parallel CREATE TABLE AS (its command counter increment is refused).
SELECT replace($install$

-- Internal: Unix microseconds of a timestamptz, exact on every supported
-- server (extract(epoch ...) is double precision before 14, too coarse
-- for microseconds past the year 2255). No range checks.
CREATE OR REPLACE FUNCTION @schema@.ulid_pure_unix_us(t timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT ((extract(day FROM t - timestamptz '1970-01-01 00:00:00+00')::bigint * 24
             + extract(hour FROM t - timestamptz '1970-01-01 00:00:00+00')::bigint) * 60
            + extract(minute FROM t - timestamptz '1970-01-01 00:00:00+00')::bigint) * 60000000
           + extract(microseconds FROM t - timestamptz '1970-01-01 00:00:00+00')::bigint
$$;

-- Internal: as ulid_pure_unix_us(), with the extension's errors (22008, its
-- words) for a time a ULID cannot hold.
CREATE OR REPLACE FUNCTION @schema@.ulid_pure_checked_us(t timestamptz) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    IF NOT isfinite(t) THEN
        RAISE EXCEPTION 'timestamp out of range for type ulid' USING ERRCODE = '22008',
            DETAIL = 'ULIDs hold finite times only, not infinity.';
    END IF;
    IF t < timestamptz '1970-01-01 00:00:00+00' THEN
        RAISE EXCEPTION 'timestamp out of range for type ulid' USING ERRCODE = '22008',
            DETAIL = 'ULIDs start at 1970-01-01 00:00:00 UTC.';
    END IF;
    -- Compared before subtracting: the difference from 1970 of PostgreSQL's
    -- last years overflows an interval.
    IF t >= timestamptz '10889-08-02 05:31:50.656+00' THEN
        RAISE EXCEPTION 'timestamp out of range for type ulid' USING ERRCODE = '22008',
            DETAIL = 'timestamp too big: above the 48-bit maximum 281474976710655 ms';
    END IF;
    RETURN @schema@.ulid_pure_unix_us(t);
END
$$;

-- Internal: 22P02 for text that is no ULID, in the extension's words.
CREATE OR REPLACE FUNCTION @schema@.ulid_pure_reject(input text, detail text, hint boolean) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
    RAISE EXCEPTION 'invalid input syntax for type ulid: "%"', input USING ERRCODE = '22P02', DETAIL = detail,
        HINT = CASE WHEN hint THEN 'A ulid is written as 26 Crockford base32 characters, or as a UUID: 32 '
                                   'hexadecimal digits, optionally in braces, with a hyphen allowed after any '
                                   'group of four.' ELSE '' END;
END
$$;

-- Internal: 22023 for a TypeID prefix against the specification (at most 63
-- of a-z and '_', starting and ending with a letter, or empty).
CREATE OR REPLACE FUNCTION @schema@.ulid_pure_check_prefix(prefix text, function_name text) RETURNS void
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    IF prefix !~ '^([a-z]([a-z_]{0,61}[a-z])?)?$' THEN
        RAISE EXCEPTION '%: invalid TypeID prefix "%"', function_name, prefix USING ERRCODE = '22023',
            DETAIL = 'invalid TypeID prefix: at most 63 of a-z and ''_'', starting and ending with a letter';
    END IF;
END
$$;

-- --- generation ---------------------------------------------------------------
-- Each generator is one expression with no FROM, so that the planner inlines
-- it into the calling query (see above).

-- Internal: the first 8 bytes of a UUIDv7 at Unix microsecond `us`: the
-- millisecond, version 7, and in rand_a the fraction of the millisecond in
-- 1/4096 steps (as the extension's gen_ulid_v7() and PostgreSQL 18's
-- uuidv7()).
CREATE OR REPLACE FUNCTION @schema@.ulid_pure_v7_prefix(us bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT substr(int8send(us / 1000), 3, 6) || int2send((28672 + us % 1000 * 4096 / 1000)::smallint)
$$;

-- A new ULID: the current millisecond and 80 random bits (bytes 0-5 and
-- 10-13 of a version 4 UUID, which hold no version or variant bits).
CREATE OR REPLACE FUNCTION @schema@.gen_ulid() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
    SELECT encode(substr(int8send(@schema@.ulid_pure_unix_us(clock_timestamp()) / 1000), 3, 6)
                  || overlay(substr(uuid_send(gen_random_uuid()), 1, 14) PLACING ''::bytea FROM 7 FOR 4), 'hex')::uuid
$$;

-- A new ULID that is also an RFC 9562 UUIDv7: ulid_pure_v7_prefix() of the
-- current time, then the variant and 62 random bits of a version 4 UUID's
-- last 8 bytes as rand_b.
CREATE OR REPLACE FUNCTION @schema@.gen_ulid_v7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
    SELECT encode(@schema@.ulid_pure_v7_prefix(@schema@.ulid_pure_unix_us(clock_timestamp()))
                  || substr(uuid_send(gen_random_uuid()), 9, 8), 'hex')::uuid
$$;

-- As gen_ulid(), at a given time (its millisecond); 22008 as
-- ulid_lower_bound() outside what a ULID holds.
CREATE OR REPLACE FUNCTION @schema@.gen_ulid(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE AS $$
    SELECT encode(substr(int8send(@schema@.ulid_pure_checked_us(at) / 1000), 3, 6)
                  || overlay(substr(uuid_send(gen_random_uuid()), 1, 14) PLACING ''::bytea FROM 7 FOR 4), 'hex')::uuid
$$;

-- As gen_ulid_v7(), at a given time (its millisecond, and the fraction in
-- rand_a); 22008 as ulid_lower_bound().
CREATE OR REPLACE FUNCTION @schema@.gen_ulid_v7(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE AS $$
    SELECT encode(@schema@.ulid_pure_v7_prefix(@schema@.ulid_pure_checked_us(at))
                  || substr(uuid_send(gen_random_uuid()), 9, 8), 'hex')::uuid
$$;

-- --- text ---------------------------------------------------------------------

-- The 26-character Crockford base32 text, upper case, as the ulid type
-- prints: 5 bits a character, the first holding the top 3. One expression
-- (generated), so that the planner inlines it.
CREATE OR REPLACE FUNCTION @schema@.ulid_encode(id uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 0) >> 5) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 0) & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 1) >> 3 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 1) << 8 | get_byte(uuid_send(id), 2)) >> 6 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 2) >> 1 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 2) << 8 | get_byte(uuid_send(id), 3)) >> 4 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 3) << 8 | get_byte(uuid_send(id), 4)) >> 7 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 4) >> 2 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 4) << 8 | get_byte(uuid_send(id), 5)) >> 5 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 5) & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 6) >> 3 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 6) << 8 | get_byte(uuid_send(id), 7)) >> 6 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 7) >> 1 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 7) << 8 | get_byte(uuid_send(id), 8)) >> 4 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 8) << 8 | get_byte(uuid_send(id), 9)) >> 7 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 9) >> 2 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 9) << 8 | get_byte(uuid_send(id), 10)) >> 5 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 10) & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 11) >> 3 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 11) << 8 | get_byte(uuid_send(id), 12)) >> 6 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 12) >> 1 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 12) << 8 | get_byte(uuid_send(id), 13)) >> 4 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 13) << 8 | get_byte(uuid_send(id), 14)) >> 7 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 14) >> 2 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((get_byte(uuid_send(id), 14) << 8 | get_byte(uuid_send(id), 15)) >> 5 & 31) + 1, 1)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(uuid_send(id), 15) & 31) + 1, 1)
$$;

-- The ulid type's input: 26 Crockford base32 characters in either case
-- (I, L, O and U are not letters of it, as in the library: no aliases), the
-- first at most 7; or any UUID spelling uuid_in takes (32 hexadecimal
-- digits, either case, optionally in braces, a '-' after any group of four),
-- the same spellings the extension's input takes. Anything else is 22P02
-- with the extension's message, and its detail where this can tell as
-- cheaply (UUID spellings get a shorter one).
CREATE OR REPLACE FUNCTION @schema@.ulid_decode(input text) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    a constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    u text;
    bits bit(130);
    bad integer;
BEGIN
    IF length(input) = 26 THEN
        IF input !~ '^[0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz]{26}$' THEN
            bad := (SELECT min(i) FROM generate_series(1, 26) i
                    WHERE strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz', substr(input, i, 1)) = 0);
            RETURN @schema@.ulid_pure_reject(input, format('%L at position %s is not a Crockford base32 character',
                                                  substr(input, bad, 1), bad), false);
        END IF;
        IF substr(input, 1, 1) > '7' THEN
            RETURN @schema@.ulid_pure_reject(input, format('first character %L is above ''7'': the value would exceed 128 bits',
                                                  substr(input, 1, 1)), false);
        END IF;
        -- Unrolled (generated): a PL/pgSQL simple expression, no query.
        u := upper(input);
        bits := (strpos(a, substr(u, 1, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 2, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 3, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 4, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 5, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 6, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 7, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 8, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 9, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 10, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 11, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 12, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 13, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 14, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 15, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 16, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 17, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 18, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 19, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 20, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 21, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 22, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 23, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 24, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 25, 1)) - 1)::bit(5)
                || (strpos(a, substr(u, 26, 1)) - 1)::bit(5);
        RETURN (lpad(to_hex(substring(bits FROM 3 FOR 64)::bigint), 16, '0')
                || lpad(to_hex(substring(bits FROM 67 FOR 64)::bigint), 16, '0'))::uuid;
    END IF;
    IF length(input) NOT BETWEEN 32 AND 41 THEN
        RETURN @schema@.ulid_pure_reject(input, format('got %s characters, expected 26 (ULID) or 32 to 41 (UUID: 36 with dashes, 32 without, 38 in braces)', length(input)), true);
    END IF;
    BEGIN
        RETURN input::uuid;
    EXCEPTION WHEN invalid_text_representation THEN
        RETURN @schema@.ulid_pure_reject(input, 'not a UUID spelling: 32 hexadecimal digits, optionally in braces, with one ''-'' allowed after any group of four', true);
    END;
END
$$;

-- --- time ---------------------------------------------------------------------

-- The ID's millisecond as timestamptz. IMMUTABLE: timestamp + interval and
-- AT TIME ZONE 'UTC' are, and the interval has no days or months, so the
-- session's TimeZone plays no part. Seconds and milliseconds apart, so that
-- no double precision product loses microseconds up to the year 10889.
CREATE OR REPLACE FUNCTION @schema@.ulid_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT (timestamp '1970-01-01 00:00:00' + (ms / 1000) * interval '1 second'
            + (ms % 1000) * interval '1 millisecond') AT TIME ZONE 'UTC'
    FROM (SELECT ('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::bigint AS ms) s
$$;

-- The smallest ID of the timestamp's millisecond (random part all zeros).
CREATE OR REPLACE FUNCTION @schema@.ulid_lower_bound(t timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT (lpad(to_hex(@schema@.ulid_pure_checked_us(t) / 1000), 12, '0') || '00000000000000000000')::uuid
$$;

-- The largest ID of the timestamp's millisecond (random part all ones).
CREATE OR REPLACE FUNCTION @schema@.ulid_upper_bound(t timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT (lpad(to_hex(@schema@.ulid_pure_checked_us(t) / 1000), 12, '0') || 'ffffffffffffffffffff')::uuid
$$;

-- --- TypeIDs (jetify-com/typeid v0.3.0) ---------------------------------------

-- The ID as a TypeID: the prefix, '_' (none for an empty prefix) and the 26
-- characters in lower case.
CREATE OR REPLACE FUNCTION @schema@.ulid_to_typeid(id uuid, prefix text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    PERFORM @schema@.ulid_pure_check_prefix(prefix, 'ulid_to_typeid()');
    RETURN CASE WHEN prefix = '' THEN '' ELSE prefix || '_' END || lower(@schema@.ulid_encode(id));
END
$$;

-- The ID of a TypeID that must carry the prefix; 22P02 otherwise.
CREATE OR REPLACE FUNCTION @schema@.ulid_from_typeid(input text, prefix text) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    cut integer := length(input) - strpos(reverse(input), '_') + 1;  -- the last '_', or beyond the end
    found text := CASE WHEN strpos(input, '_') = 0 THEN '' ELSE substr(input, 1, cut - 1) END;
    suffix text := CASE WHEN strpos(input, '_') = 0 THEN input ELSE substr(input, cut + 1) END;
    why text;
BEGIN
    PERFORM @schema@.ulid_pure_check_prefix(prefix, 'ulid_from_typeid()');
    IF strpos(input, '_') = 1 THEN
        why := 'an empty prefix is written without its ''_''';
    ELSIF found <> prefix THEN
        why := CASE WHEN found = '' THEN format('no prefix where %L was expected', prefix)
                    WHEN prefix = '' THEN format('prefix %L where none was expected', found)
                    ELSE format('prefix %L where %L was expected', found, prefix) END;
    ELSIF length(suffix) <> 26 THEN
        why := format('the suffix has %s characters, expected 26', length(suffix));
    ELSIF suffix !~ '^[0123456789abcdefghjkmnpqrstvwxyz]{26}$' THEN
        why := (SELECT format('%L at position %s is not a lower-case Crockford base32 character',
                              substr(suffix, i, 1), length(input) - 26 + i)
                FROM generate_series(1, 26) i
                WHERE strpos('0123456789abcdefghjkmnpqrstvwxyz', substr(suffix, i, 1)) = 0 ORDER BY i LIMIT 1);
    ELSIF substr(suffix, 1, 1) > '7' THEN
        why := format('suffix''s first character %L at position %s is above ''7'': the value would exceed 128 bits',
                      substr(suffix, 1, 1), length(input) - 25);
    ELSE
        RETURN @schema@.ulid_decode(suffix);
    END IF;
    RAISE EXCEPTION 'invalid TypeID: "%"', input USING ERRCODE = '22P02', DETAIL = why;
END
$$;

$install$, '@schema@', quote_ident(:'schema')) \gexec
