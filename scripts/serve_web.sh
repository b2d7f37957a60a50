#!/usr/bin/env bash
# Serves the web build (web-dist/ or $1) on http://localhost:${PORT:-8080}/ with the online
# server beside it: the page's default server address (its own origin, /ws) reaches it, so
# online play works in the browser. Games are kept in ${GOMOKU_SERVER_DB:-gomoku-server.sqlite}.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-web-dist}
[ -f "$dir/index.html" ] || { echo "no web build in $dir: run make web first" >&2; exit 1; }
echo "serving $dir on http://localhost:${PORT:-8080}/ (online games on ws://localhost:${PORT:-8080}/ws)"
exec cargo run --quiet --locked -p gomoku-server --bin gomoku-server -- \
  --web "$dir" --port "${PORT:-8080}"
