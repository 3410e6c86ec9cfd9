#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds and installs the ulid extension, starts a throwaway PostgreSQL
# cluster and runs the regression tests against it, twice:
#   1. plain server:  make installcheck (every test in REGRESS), where
#      gen_monotonic_ulid() is ordered per backend;
#   2. restarted with shared_preload_libraries = 'ulid': monotonic_server,
#      where it is ordered across every backend.
# The cluster lives in a mktemp folder, listens on a Unix socket in that
# folder only (listen_addresses = ''), runs as `nobody` when this script runs
# as root, and is stopped and removed on exit, whatever happens.
#
# Usage: bash extensions/postgresql/test.sh        (PG_CONFIG=... picks the server)
# Needs: postgresql-15 and postgresql-server-dev-15 (Debian), g++, make;
# `make install` writes into the server's directories, so run as root (CI)
# or as a user who may write there.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
export PG_CONFIG=${PG_CONFIG:-pg_config}
bindir=$("$PG_CONFIG" --bindir)

make -C "$here" --no-print-directory
make -C "$here" --no-print-directory install >/dev/null

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ulid-pg.XXXXXX")
data=$tmp/data
sock=$tmp/sock
mkdir -p "$sock"

cleanup() {
    status=$?
    if [ -f "$data/postmaster.pid" ]; then
        as_db_user "$bindir/pg_ctl" -D "$data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    fi
    if [ "$status" -ne 0 ] && [ -f "$tmp/server.log" ]; then
        echo "--- server log (last 50 lines) ---" >&2
        tail -n 50 "$tmp/server.log" >&2 || true
    fi
    rm -rf "$tmp"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# As root the server must run as an unprivileged user; clients (psql,
# pg_regress) stay root and connect as that user's role over the socket.
if [ "$(id -u)" -eq 0 ]; then
    db_user=nobody
    chown -R "$db_user" "$tmp"
    as_db_user() { (cd "$tmp" && runuser -u "$db_user" -- "$@"); }
    if ! as_db_user test -w "$tmp"; then
        echo "$0: $db_user cannot reach $tmp; set TMPDIR to a folder every user can traverse, such as /tmp" >&2
        exit 1
    fi
else
    db_user=$(id -un)
    as_db_user() { (cd "$tmp" && "$@"); }
fi

show_diffs() {
    [ -f "$here/regression.diffs" ] && head -n 200 "$here/regression.diffs" >&2
    return 1
}

# A port of our own: the socket directory is private anyway, but the port
# also names PostgreSQL's shared-memory key, so avoid the default 5432.
port=$((20000 + $$ % 20000))

as_db_user timeout 120 "$bindir/initdb" -D "$data" -U "$db_user" --auth=trust --no-sync -E UTF8 --locale=C >"$tmp/initdb.log" 2>&1 ||
    { cat "$tmp/initdb.log" >&2; exit 1; }
cat >>"$data/postgresql.conf" <<EOF
listen_addresses = ''
unix_socket_directories = '$sock'
port = $port
fsync = off
max_connections = 40
EOF

start_server() {
    as_db_user "$bindir/pg_ctl" -D "$data" -l "$tmp/server.log" -w -t 60 start >/dev/null
}
stop_server() {
    as_db_user "$bindir/pg_ctl" -D "$data" -m fast -w -t 60 stop >/dev/null
}

export PGHOST=$sock PGPORT=$port PGUSER=$db_user
unset PGDATABASE PGSERVICE PGOPTIONS

echo "== ulid: regression tests, plain server (port $port)"
start_server
timeout 600 make -C "$here" --no-print-directory installcheck || show_diffs
stop_server

echo "== ulid: regression tests, shared_preload_libraries = 'ulid'"
echo "shared_preload_libraries = 'ulid'" >>"$data/postgresql.conf"
start_server
timeout 600 make -C "$here" --no-print-directory installcheck REGRESS=monotonic_server || show_diffs
stop_server

echo "== ulid: all PostgreSQL tests passed"
