#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A database with ulid keys moves between PostgreSQL majors by pg_dump and
# pg_restore: the dump is made on one server (say the Debian 12 host's 15),
# restored on another (say Debian unstable's 18, in a root), and the restored
# database must hold exactly what the dumped one held (dump_schema.sh: data
# per partition, btree, hash and BRIN index definitions, range and hash
# partition bounds, a view), and its btree and partition pruning must work.
#
#   PG_CONFIG=<old pg_config> bash extensions/postgresql/major_upgrade.sh dump DIR
#       writes DIR/ulid.dump (pg_dump -Fc), DIR/ulid.state (the facts) and
#       DIR/ulid.version (the server that made them);
#   PG_CONFIG=<new pg_config> bash extensions/postgresql/major_upgrade.sh restore DIR
#       restores DIR/ulid.dump into a fresh database and compares.
# Each side builds and installs the extension for its server and runs a
# throwaway cluster (cluster.sh), so DIR is all the two sides share (only
# pg_dump and pg_restore, which run as the caller, touch it).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
export PG_CONFIG=${PG_CONFIG:-pg_config}
usage() {
    echo "usage: PG_CONFIG=... $0 dump|restore DIR" >&2
    exit 2
}
[ $# -eq 2 ] || usage
mode=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)
[ "$mode" = dump ] || [ "$mode" = restore ] || usage
pg_version=$("$PG_CONFIG" --version)

make -C "$here" --no-print-directory ULID_WERROR=1 >/dev/null
make -C "$here" --no-print-directory install >/dev/null

# shellcheck source=cluster.sh
. "$here/cluster.sh"
# shellcheck source=dump_schema.sh
. "$here/dump_schema.sh"
psql_in() { local db=$1; shift; "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -d "$db" "$@"; }
fail() { echo "FAILED: $*" >&2; exit 1; }

cluster_init C
cluster_start
if [ "$mode" = dump ]; then
    echo "== ulid: major_upgrade, dumping on $pg_version"
    "$bindir/createdb" ulidsrc
    dump_schema_create ulidsrc
    "$bindir/pg_dump" -Fc -f "$dir/ulid.dump" ulidsrc
    dump_state_of ulidsrc >"$dir/ulid.state"
    dump_state_complete "$dir/ulid.state"
    echo "$pg_version" >"$dir/ulid.version"
    echo "ok: $dir/ulid.dump, $(wc -l <"$dir/ulid.state") facts"
else
    [ -f "$dir/ulid.dump" ] && [ -f "$dir/ulid.state" ] || fail "major_upgrade: no ulid.dump and ulid.state in $dir (run the dump side first)"
    from=$(cat "$dir/ulid.version" 2>/dev/null || echo "an unknown server")
    echo "== ulid: major_upgrade, restoring a dump of $from on $pg_version"
    "$bindir/createdb" ulidsrc
    "$bindir/pg_restore" --exit-on-error -d ulidsrc "$dir/ulid.dump"
    dump_state_of ulidsrc >"$tmp/restored.state"
    dump_state_complete "$dir/ulid.state"
    diff -u "$dir/ulid.state" "$tmp/restored.state" || fail "major_upgrade: the database restored on $pg_version differs from the one dumped on $from"
    dump_restored_usable ulidsrc
    echo "ok: $(wc -l <"$dir/ulid.state") facts identical after restoring a dump of $from on $pg_version"
fi
cluster_stop
