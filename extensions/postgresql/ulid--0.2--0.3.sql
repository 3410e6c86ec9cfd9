-- SPDX-License-Identifier: MIT
-- ulid extension, 0.2 -> 0.3: TypeIDs (jetify-com/typeid v0.3.0) as a text
-- form at the edge. The prefix belongs to the column, so the key stays a
-- 16-byte ulid: ulid_to_typeid(id, 'user') in views and APIs, lookups by
-- ulid_from_typeid($1, 'user'), which the primary key's index serves.

\echo Use "ALTER EXTENSION ulid UPDATE TO '0.3'" to load this file. \quit

CREATE FUNCTION gen_typeid(prefix text) RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gen_typeid(text) IS
    'a new TypeID: the prefix, ''_'' and gen_ulid_v7()''s next value in lower-case base32 (the same sequence)';

CREATE FUNCTION ulid_to_typeid(id ulid, prefix text) RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_typeid(ulid, text) IS
    'the ID as a TypeID under the prefix (at most 63 of a-z and _, starting and ending with a letter)';

CREATE FUNCTION ulid_from_typeid(typeid text, prefix text) RETURNS ulid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_from_typeid(text, text) IS
    'the ID of a TypeID that must carry the prefix; an error names the rule and position, or both prefixes';
