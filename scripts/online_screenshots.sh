#!/usr/bin/env bash
# Makes the README's online screenshots (docs/screenshots/online-{lobby,game}-{en,zh}.png) under
# Xvfb: a local gomoku-server, games set up on it by examples/online_setup.rs, then the game
# in the lobby and back in its seat of a game in progress.
#   scripts/online_screenshots.sh TARGET_DIR     (TARGET_DIR/debug holds gomoku, gomoku-server
#                                                 and examples/online_setup)
set -euo pipefail
target=${1:?usage: scripts/online_screenshots.sh TARGET_DIR}
out="$(cd "$(dirname "$0")/.." && pwd)/docs/screenshots"
mkdir -p "$out"
work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkfifo "$work/listen"
"$target/debug/gomoku-server" --port 0 --db "$work/server.sqlite" > "$work/listen" 2> "$work/server.log" &
server_pid=$!
read -r line < "$work/listen"
addr=${line#listening on ws://}
addr=${addr%/ws}
echo "server at $addr"
for lang in en zh; do
  data="$work/data-$lang"
  mkdir -p "$data"
  "$target/debug/examples/online_setup" "$addr" "$data" 90 > "$work/code-$lang" &
  for _ in $(seq 100); do [ -s "$work/code-$lang" ] && break; sleep 0.2; done
  code=$(head -1 "$work/code-$lang")
  GOMOKU_DATA_DIR="$data" xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$target/debug/gomoku" --lang "$lang" --join "$code" --screenshot "$out/online-game-$lang.png" > "$work/game-$lang.log" 2>&1
  GOMOKU_DATA_DIR="$data" xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$target/debug/gomoku" --lang "$lang" --online --screenshot "$out/online-lobby-$lang.png" > "$work/lobby-$lang.log" 2>&1
  rm -f "$out"/online-*-"$lang".png.layout.json
  echo "$out/online-game-$lang.png $out/online-lobby-$lang.png"
done
