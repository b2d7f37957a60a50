#!/usr/bin/env bash
# A private, throwaway PostgreSQL cluster for the tests: its own data folder, a free port on
# 127.0.0.1, no password (only this machine's loopback reaches it), fsync off (a test
# database need not survive a power cut).
#
#   scripts/pg_cluster.sh start DIR [--watch PID]
#       makes and starts a cluster in DIR (which must not exist) and prints its URL,
#       postgres://postgres@127.0.0.1:PORT/postgres. With --watch, the cluster is stopped and
#       DIR removed once process PID has ended (a test run that is killed leaves nothing).
#   scripts/pg_cluster.sh stop DIR
#       stops it and removes DIR.
#   scripts/pg_cluster.sh halt DIR / resume DIR
#       stops the server at once (as a crash or an outage would: connections cut, nothing
#       shut down cleanly) and starts it again on the same port and data: a database that
#       blinks, for the outage tests.
#
# PostgreSQL refuses to run as root: as root the cluster runs as the user `postgres` (made by
# Debian's package). Programs are found on PATH or in /usr/lib/postgresql/*/bin; scripts/deps.sh
# --postgres installs them.
set -euo pipefail

usage() { sed -n '2,20p' "$0" >&2; exit 2; }
[ $# -ge 2 ] || usage
cmd=$1 dir=$2; shift 2
watch=""
while [ $# -gt 0 ]; do
  case "$1" in
    --watch) watch=${2:?--watch needs a PID}; shift 2 ;;
    *) usage ;;
  esac
done

bin=""
if command -v initdb >/dev/null 2>&1; then
  bin=$(dirname "$(readlink -f "$(command -v initdb)")")
else
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/initdb" ]; then bin=$d; break; fi
  done
fi
if [ -z "$bin" ]; then
  echo "pg_cluster.sh: PostgreSQL's programs are not installed; run scripts/deps.sh --postgres" >&2
  exit 1
fi

as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "pg_cluster.sh: running as root needs the user 'postgres' (Debian's package makes it)" >&2
    exit 1
  fi
  as_owner=(runuser -u postgres --)
fi

case "$cmd" in
  start)
    if [ -e "$dir" ]; then echo "pg_cluster.sh: $dir already exists" >&2; exit 1; fi
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ ${#as_owner[@]} -gt 0 ]; then chown postgres: "$dir"; chmod 700 "$dir"; fi
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync \
      --no-instructions >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = on
full_page_writes = off
max_connections = 200
shared_buffers = 64MB
CONF
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    if [ -n "$watch" ]; then
      # Detached from this script's output, so a caller reading it sees the end of it.
      setsid bash -c "while kill -0 $watch 2>/dev/null; do sleep 1; done; \
        ${as_owner[*]} '$bin/pg_ctl' -D '$dir/data' -m immediate stop >/dev/null 2>&1; \
        rm -rf '$dir'" </dev/null >/dev/null 2>&1 &
    fi
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -d "$dir/data" ]; then
      "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  halt)
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null
    ;;
  resume)
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    ;;
  *) usage ;;
esac
