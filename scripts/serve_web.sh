#!/usr/bin/env bash
# Serves the web build (web-dist/ or $1) on http://localhost:${PORT:-8080}/
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-web-dist}
[ -f "$dir/index.html" ] || { echo "no web build in $dir: run make web first" >&2; exit 1; }
echo "serving $dir on http://localhost:${PORT:-8080}/"
exec python3 -m http.server "${PORT:-8080}" --bind 127.0.0.1 --directory "$dir"
