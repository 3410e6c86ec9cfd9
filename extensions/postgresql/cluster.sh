# SPDX-License-Identifier: MIT
# A throwaway PostgreSQL cluster, sourced by extensions/postgresql/test.sh and
# bench/postgresql.sh: initdb in a mktemp folder, a Unix socket in that
# folder only (listen_addresses = ''), run as `nobody` when the caller is
# root, stopped and removed on exit whatever happens (the server log's tail
# is shown when the caller fails).
#
#   cluster_init LOCALE [DIR PORT]   creates it; append settings to "$data/postgresql.conf"
#   cluster_start [DIR], cluster_stop [DIR]
#   as_db_user CMD...     runs CMD as the server's user, in the cluster folder
# DIR and PORT default to "$data" and "$port"; a second cluster (a logical
# replication subscriber) takes another DIR under "$tmp" and another PORT,
# and shares the socket folder. Every cluster under "$tmp" is stopped on exit.
# Sets bindir, tmp, data, sock, port and db_user; exports PGHOST, PGPORT and
# PGUSER. Needs PG_CONFIG (default pg_config).

bindir=$("${PG_CONFIG:-pg_config}" --bindir)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ulid-pg.XXXXXX")
data=$tmp/data
sock=$tmp/sock
mkdir -p "$sock"

cluster_cleanup() {
    local status=$?
    local pid log
    for pid in "$tmp"/*/postmaster.pid; do
        [ -f "$pid" ] || continue
        as_db_user "$bindir/pg_ctl" -D "$(dirname "$pid")" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    done
    if [ "$status" -ne 0 ]; then
        for log in "$tmp"/*.log; do
            [ -f "$log" ] && [ "$(basename "$log")" != initdb.log ] || continue
            echo "--- $(basename "$log") (last 50 lines) ---" >&2
            tail -n 50 "$log" >&2 || true
        done
    fi
    rm -rf "$tmp"
    exit "$status"
}
trap cluster_cleanup EXIT
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

# A port of our own: the socket directory is private anyway, but the port
# also names PostgreSQL's shared-memory key, so avoid the default 5432.
port=$((20000 + $$ % 20000))

cluster_init() {
    local dir=${2:-$data} p=${3:-$port}
    as_db_user timeout 120 "$bindir/initdb" -D "$dir" -U "$db_user" --auth=trust --no-sync -E UTF8 \
        --locale="$1" >"$tmp/initdb.log" 2>&1 || { cat "$tmp/initdb.log" >&2; exit 1; }
    cat >>"$dir/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$sock'
port = $p
fsync = off
CONF
}
# The server log of the cluster in DIR is DIR.log.
cluster_start() { as_db_user "$bindir/pg_ctl" -D "${1:-$data}" -l "${1:-$data}.log" -w -t 60 start >/dev/null; }
cluster_stop() { as_db_user "$bindir/pg_ctl" -D "${1:-$data}" -m fast -w -t 60 stop >/dev/null; }

export PGHOST=$sock PGPORT=$port PGUSER=$db_user
unset PGDATABASE PGSERVICE PGOPTIONS
