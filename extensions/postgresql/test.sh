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

make -C "$here" --no-print-directory
make -C "$here" --no-print-directory install >/dev/null

# shellcheck source=cluster.sh
. "$here/cluster.sh"
cluster_init C
echo "max_connections = 40" >>"$data/postgresql.conf"

show_diffs() {
    [ -f "$here/regression.diffs" ] && head -n 200 "$here/regression.diffs" >&2
    return 1
}

echo "== ulid: regression tests, plain server (port $port)"
cluster_start
timeout 600 make -C "$here" --no-print-directory installcheck || show_diffs
cluster_stop

echo "== ulid: regression tests, shared_preload_libraries = 'ulid'"
echo "shared_preload_libraries = 'ulid'" >>"$data/postgresql.conf"
cluster_start
timeout 600 make -C "$here" --no-print-directory installcheck REGRESS=monotonic_server || show_diffs
cluster_stop

echo "== ulid: all PostgreSQL tests passed"
