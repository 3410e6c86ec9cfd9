# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# Sourced by scripts/fresh-machine-test and scripts/release-test: a minimal
# Debian root (mmdebstrap --variant=minbase) built from this machine's Debian
# mirror, holding a clone of this repository's HEAD, and a way to run
# commands in it with no network but that mirror.
#
# How GitHub is made unreachable: the commands run in a network namespace of
# their own, which has only a loopback interface: no route, no DNS. The one
# way out is a relay on 127.0.0.1:80 that forwards through a Unix socket to
# the mirror's host, port 80, and the root's /etc/hosts points the mirror's
# name at 127.0.0.1. Before anything runs inside, root_run checks that
# github.com, codeload.github.com and a GitHub address (140.82.112.3) cannot
# be reached.
#
# The caller defines say() and fail() and sets `tag` (its name, for messages).

# Debian's names for the releases the harness knows: codename (accepted
# aliases: 12, 13, unstable), and a phrase for messages.
root_release() {
    case $1 in
        bookworm | 12) release=bookworm release_name="Debian 12 (bookworm)" ;;
        trixie | 13) release=trixie release_name="Debian 13 (trixie)" ;;
        sid | unstable) release=sid release_name="Debian unstable (sid)" ;;
        *) fail "unknown release '$1': this harness knows bookworm (12), trixie (13) and sid (unstable)" ;;
    esac
}

# This machine's Debian mirror (deb822 or one-line sources), unless MIRROR
# says otherwise; it must be http:// on port 80 (the relay's one way out).
root_mirror() {
    if [ -z "${MIRROR:-}" ]; then
        MIRROR=$(grep -hsoE 'https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list.d/*.sources \
            /etc/apt/sources.list.d/*.list /etc/apt/sources.list | head -n 1 | tr -d ' ' || true)
    fi
    MIRROR=${MIRROR%/}
    case $MIRROR in
        http://*) ;;
        *) fail "MIRROR must be an http:// Debian mirror (got '$MIRROR')" ;;
    esac
    mirror_host=${MIRROR#http://}
    mirror_host=${mirror_host%%/*}
    case $mirror_host in *:*) fail "a mirror with a port is not supported: $MIRROR" ;; esac
}

root_tools() {
    local missing=()
    command -v mmdebstrap >/dev/null || missing+=(mmdebstrap)
    command -v socat >/dev/null || missing+=(socat)
    command -v unshare >/dev/null || fail "util-linux's unshare is missing"
    if [ "${#missing[@]}" -gt 0 ]; then
        say "installing ${missing[*]}"
        apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends "${missing[@]}" >/dev/null ||
            fail "could not install ${missing[*]} (apt-get install ${missing[*]})"
    fi
}

# root_make <dir> <log>: the minimal root of $release. The mirror here may be
# a frozen snapshot whose Release files are past their Valid-Until date; apt
# is told to accept them, in the harness only (--aptopt also writes the line
# into the root's /etc/apt/apt.conf.d/99mmdebstrap, so the root's own apt
# accepts them too). scripts/setup never does this. The root is thrown away,
# so dpkg skips its fsync calls (force-unsafe-io, kept for the root's own
# dpkg too): installing is I/O-bound and this is most of its cost.
root_make() {
    local dir=$1 log=$2 sources=()
    case $release in
        sid) sources=("deb $MIRROR sid main") ;;
        *) sources=("deb $MIRROR $release main" "deb $MIRROR $release-updates main"
            "deb ${MIRROR}-security $release-security main") ;;
    esac
    mmdebstrap --quiet --mode=root --variant=minbase --aptopt='Acquire::Check-Valid-Until "false"' \
        --dpkgopt=force-unsafe-io \
        "$release" "$dir" "${sources[@]}" >"$log" 2>&1 || {
        cat "$log" >&2
        fail "the minimal $release_name root could not be built (mmdebstrap failed, output above; mirror $MIRROR)"
    }
}

# root_clone <repo> <dir>: HEAD of the repository into <dir>/root/ulid.
root_clone() {
    local repo=$1 dir=$2
    head_commit=$(git -C "$repo" rev-parse HEAD)
    if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
        say "note: uncommitted changes are not tested; the test uses HEAD $head_commit"
    fi
    git clone --quiet --no-hardlinks "$repo" "$dir/root/ulid"
    git -C "$dir/root/ulid" checkout --quiet --detach "$head_commit"
}

# root_relay <dir> <work>: names resolve to the relay only, whose outside end
# (a Unix socket to the mirror's port 80) starts here; root_stop ends it.
root_relay() {
    local dir=$1 work=$2
    printf '127.0.0.1 localhost\n127.0.0.1 %s\n' "$mirror_host" >"$dir/etc/hosts"
    : >"$dir/etc/resolv.conf"
    socat UNIX-LISTEN:"$work/relay.sock",fork TCP:"$mirror_host":80 &
    relay_pid=$!
}
root_stop() {
    [ -z "${relay_pid:-}" ] || kill "$relay_pid" 2>/dev/null || true
    relay_pid=""
}

# root_run <dir> <work> <body> [args...]: runs the bash script <body> in a
# new network, mount and PID namespace (every process in it ends with it),
# after loopback, the inside end of the relay, /proc and /dev for the chroot
# and the GitHub check. The body sees root=<dir>, work=<work>, its own
# arguments as $1..., and in_root CMD (CMD run by bash in the chroot, with a
# clean environment plus the variables named in ROOT_ENV).
root_run() {
    local dir=$1 work=$2 body=$3
    shift 3
    {
        cat <<'PROLOGUE'
set -euo pipefail
root=$1 work=$2 tag=$3
shift 3
ip link set lo up
socat TCP-LISTEN:80,bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:"$work/relay.sock" &
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
in_root() {
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 ${ROOT_ENV:-} \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin /bin/bash -c "$1"
}
for target in github.com/443 140.82.112.3/443 codeload.github.com/443; do
    if in_root "timeout 10 bash -c 'exec 3<>/dev/tcp/$target'" 2>/dev/null; then
        echo "$tag: FAIL: $target is reachable from the test root" >&2
        exit 1
    fi
done
echo "$tag: github.com, codeload.github.com and 140.82.112.3 are unreachable"
PROLOGUE
        cat "$body"
    } >"$work/inside.sh"
    unshare --net --mount --pid --fork bash "$work/inside.sh" "$dir" "$work" "${tag:?}" "$@"
}

# The fresh-machine checks, as a root_run body with arguments <first>
# <second> (README's two commands): both run as written, as root; then
# scripts/setup again (it must install nothing) and as a user through sudo
# with sqlite3 removed (it must install it, and the tool must be the user's).
# With --no-sudo, not the last: release-test's CI profile leaves it to
# fresh-machine-test's Debian 12 root, as that code path is the same on every
# release. Each command's output is in $work/command<n>.log, its time in
# $work/command<n>.seconds.
root_fresh_body() {
    local sudo=1
    [ "${1:-}" != --no-sudo ] || sudo=0
    cat <<'FRESH'
first=$1 second=$2
for n in 1 2; do
    if [ "$n" -eq 1 ]; then cmd=$first; else cmd=$second; fi
    t=$(date +%s)
    echo "$tag: running command $n: $cmd"
    set +e
    # The CPU time too (user + system, of every process in the root): on a
    # shared machine the wall time says little about the cost.
    { TIMEFORMAT='%0U+%0S'; time in_root "cd /root/ulid && $cmd" </dev/null 2>&1 | tee "$work/command$n.log"; } 2>"$work/command$n.cpu"
    status=$? # pipefail: in_root's status, not tee's
    set -e
    echo "$(($(date +%s) - t))" >"$work/command$n.seconds"
    if [ "$status" -ne 0 ]; then
        echo "$tag: FAIL: command $n ($cmd) exited with $status" >&2
        exit 1
    fi
done

echo "$tag: scripts/setup a second time"
in_root "cd /root/ulid && scripts/setup" </dev/null >"$work/again.log" 2>&1 ||
    { cat "$work/again.log"; echo "$tag: FAIL: a second scripts/setup failed" >&2; exit 1; }
grep -q 'every package is already installed' "$work/again.log" ||
    { cat "$work/again.log"; echo "$tag: FAIL: a second scripts/setup installed something" >&2; exit 1; }
FRESH
    [ "$sudo" -eq 1 ] || return 0
    cat <<'FRESH'

echo "$tag: scripts/setup as a user with sudo, sqlite3 removed"
in_root "apt-get -qq install -y --no-install-recommends sudo >/dev/null && apt-get -qq remove -y sqlite3 >/dev/null &&
    useradd -m dev && echo 'dev ALL=(ALL) NOPASSWD: ALL' >/etc/sudoers.d/dev &&
    git clone -q /root/ulid /home/dev/ulid && chown -R dev: /home/dev/ulid" </dev/null
in_root "cd /home/dev/ulid && runuser -u dev -- env HOME=/home/dev scripts/setup" </dev/null >"$work/sudo.log" 2>&1 ||
    { cat "$work/sudo.log"; echo "$tag: FAIL: scripts/setup through sudo failed" >&2; exit 1; }
grep -q 'setup: installed sqlite3' "$work/sudo.log" ||
    { cat "$work/sudo.log"; echo "$tag: FAIL: scripts/setup through sudo did not install sqlite3" >&2; exit 1; }
in_root "test \"\$(stat -c %U /home/dev/ulid/build/dev/tools/ulid/ulid)\" = dev" ||
    { echo "$tag: FAIL: the tool built through sudo is not the user's" >&2; exit 1; }
FRESH
}

# After root_fresh_body (given the same --no-sudo): what it printed proves
# the ULIDs.
root_fresh_verdict() {
    local work=$1 log checked=(command1 again sudo)
    [ "${2:-}" != --no-sudo ] || checked=(command1 again)
    for log in "${checked[@]}"; do
        grep -qE '^[0-7][0-9A-HJKMNP-TV-Z]{25}$' "$work/$log.log" || fail "$log: scripts/setup printed no ULID"
    done
    if [ "${#checked[@]}" -eq 3 ]; then
        say "a second scripts/setup installed nothing; as a user through sudo it installed the missing sqlite3"
    else
        say "a second scripts/setup installed nothing (the sudo check is fresh-machine-test's, on Debian 12)"
    fi
    say "command 1 printed: $(grep -E '^[0-7][0-9A-HJKMNP-TV-Z]{25}$' "$work/command1.log" | tr '\n' ' ')"
}

# README's two fresh-machine commands, exactly as README.md shows them:
# sets first and second.
root_readme_commands() {
    local readme=$1 commands
    commands=$(sed -n '/^<!-- fresh-machine -->$/,/^```$/p' "$readme" | sed '1,2d;$d')
    [ "$(printf '%s\n' "$commands" | grep -c .)" -eq 2 ] ||
        fail "README.md's <!-- fresh-machine --> block must hold exactly two commands, found:
$commands"
    # shellcheck disable=SC2034 # for the caller
    first=$(printf '%s\n' "$commands" | sed -n 1p)
    # shellcheck disable=SC2034 # for the caller
    second=$(printf '%s\n' "$commands" | sed -n 2p)
}
