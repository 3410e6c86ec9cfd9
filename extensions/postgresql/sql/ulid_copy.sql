-- COPY in and out, text and binary (binary goes through ulid_send and
-- ulid_recv).
CREATE TABLE copied (id ulid, note text);
COPY copied FROM STDIN;
01ARZ3NDEKTSV4RRFFQ69G5FAV	upper case
01arz3ndektsv4rrffq69g5faw	lower case
01563e3a-b5d3-d676-4c61-efb99302bd5d	uuid form
00000000000000000000000000	zero
7ZZZZZZZZZZZZZZZZZZZZZZZZZ	max
\N	null
\.
COPY copied TO STDOUT;
COPY (SELECT id FROM copied ORDER BY id DESC) TO STDOUT WITH (FORMAT csv, HEADER);
-- A bad value stops the COPY and loads nothing.
COPY copied FROM STDIN;
01ARZ3NDEKTSV4RRFFQ69G5FAX	fine
01ARZ3NDEKTSV4RRFFQ69G5FAU	bad character
\.
SELECT count(*) FROM copied;

-- Binary, through a file and back: the same values, NULL included.
\copy copied TO 'results/ulid_copy.bin' WITH (FORMAT binary)
CREATE TABLE copied_back (LIKE copied);
\copy copied_back FROM 'results/ulid_copy.bin' WITH (FORMAT binary)
SELECT count(*) AS n, count(*) FILTER (WHERE c.id IS NOT DISTINCT FROM b.id) AS same
FROM copied c JOIN copied_back b USING (note);
-- Many random values survive binary and text round trips.
CREATE TABLE many AS SELECT gen_ulid() AS id FROM generate_series(1, 5000);
\copy many TO 'results/ulid_many.bin' WITH (FORMAT binary)
\copy many TO 'results/ulid_many.txt'
CREATE TABLE many_bin (id ulid);
CREATE TABLE many_txt (id ulid);
\copy many_bin FROM 'results/ulid_many.bin' WITH (FORMAT binary)
\copy many_txt FROM 'results/ulid_many.txt'
SELECT (SELECT count(*) FROM many) AS n,
       (SELECT count(*) FROM many JOIN many_bin USING (id)) AS binary_matches,
       (SELECT count(*) FROM many JOIN many_txt USING (id)) AS text_matches;
-- Binary input of any length but 16 bytes is an error (22P03): a bytea
-- column's binary COPY output read as ulid.
CREATE TABLE wrong_size (b bytea);
INSERT INTO wrong_size VALUES ('\x01563e3ab5d3d6764c61efb99302bd');
\copy wrong_size TO 'results/ulid_short.bin' WITH (FORMAT binary)
\copy copied (id) FROM 'results/ulid_short.bin' WITH (FORMAT binary)
UPDATE wrong_size SET b = '\x01563e3ab5d3d6764c61efb99302bd5b00';
\copy wrong_size TO 'results/ulid_long.bin' WITH (FORMAT binary)
\copy copied (id) FROM 'results/ulid_long.bin' WITH (FORMAT binary)
UPDATE wrong_size SET b = '\x01563e3ab5d3d6764c61efb99302bd5b';
\copy wrong_size TO 'results/ulid_exact.bin' WITH (FORMAT binary)
\copy copied (id) FROM 'results/ulid_exact.bin' WITH (FORMAT binary)
SELECT id, note FROM copied WHERE note IS NULL;
DROP TABLE copied, copied_back, many, many_bin, many_txt, wrong_size;
