#!/usr/bin/env bash
# Runs differential.js with the npm package typeid-js (pinned), installed once
# into the build folder. Exits 77 (skipped) only when node or npm is missing.
set -euo pipefail
oracle="$1"
cache="$2"
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "skipped: node and npm are needed for the differential test against the npm typeid-js package (apt-get install nodejs npm)"
  exit 77
fi
if [ ! -f "$cache/node_modules/typeid-js/package.json" ]; then
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-audit --no-fund --no-save --silent typeid-js@1.2.0
fi
node "$here/differential.js" "$oracle" "$cache/node_modules"
