#!/bin/sh
# The test emulator of the mingw-w64-x86_64 toolchain:
#   wine-run.sh <wine64> <prefix> <program.exe> [arguments...]
# runs the program under Wine in <prefix>, creating the prefix first if
# needed. Headless: no X display, no stdin, no debug channels.
set -eu
wine="$1"
export WINEPREFIX="$2"
shift 2
export WINEDEBUG=-all
unset DISPLAY WAYLAND_DISPLAY
# Creating a prefix takes seconds and two Wine processes must not race on
# it (ctest runs tests in parallel): the first creates it, under a lock,
# and the others wait.
mkdir -p "$(dirname "$WINEPREFIX")"
(
  flock 9
  if [ ! -f "$WINEPREFIX/system.reg" ]; then
    "$wine" wineboot --init >"$WINEPREFIX.log" 2>&1 </dev/null || {
      cat "$WINEPREFIX.log" >&2
      exit 1
    }
  fi
) 9>"$WINEPREFIX.lock"
exec "$wine" "$@" </dev/null
