#!/usr/bin/env bash
# Makes the README's screenshots (docs/screenshots/THEME-LANG.png): every theme in English
# and Chinese, a game in progress with the winning line on the wood board, under Xvfb; then
# analysis mode, a game review and puzzle mode in both languages.
#   scripts/screenshots.sh PATH/TO/gomoku
set -euo pipefail
game=${1:?usage: scripts/screenshots.sh PATH/TO/gomoku}
out="$(cd "$(dirname "$0")/.." && pwd)/docs/screenshots"
mkdir -p "$out"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
# A renju game at its end: black has just made five on row 8.
moves="h8 i9 i7 g9 j8 h9 j9 f9 e9 g10 g8 f7 k8 l8 j10 j7 k9 l9 i8"
for theme in wood dark high-contrast; do
  for lang in en zh; do
    file="$out/$theme-$lang.png"
    GOMOKU_DATA_DIR="$data/$theme-$lang" xvfb-run -a -s "-screen 0 1280x1024x24" \
      "$game" --theme "$theme" --lang "$lang" --mode two-players --rule renju \
      --moves "$moves" --screenshot "$file" > /dev/null 2>&1
    rm -f "$file.layout.json"
    echo "$file"
  done
done
# Analysis mode on a middle game, and the review of a saved game (black's l2, move 15, lets a
# win by fours go; the review window shows the last move).
analysed="h8 i9 h9 h10 i8 g8 j7 k6 j8 j6"
reviewed="c3 j12 d3 b3 i12 k12 e3 l12 f4 m9 m8 m10 f5 m11 l2 m12 n12 m13"
for lang in en zh; do
  file="$out/analysis-$lang.png"
  GOMOKU_DATA_DIR="$data/analysis-$lang" xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$game" --lang "$lang" --mode two-players --moves "$analysed" --analyse \
    --screenshot "$file" > /dev/null 2>&1
  rm -f "$file.layout.json"
  echo "$file"
  dir="$data/review-$lang"
  mkdir -p "$dir"
  cat > "$dir/history.json" <<JSON
{"format": "gomoku-history", "version": 1, "data": {"games": [
 {"format": "gomoku-record", "version": 1, "black": "Ann", "white": "Bo", "mode": "TwoPlayers",
  "rule": "Freestyle", "policy": "Refuse", "size": 15, "moves": "$reviewed",
  "result": {"winner": "White", "ending": "Five"}, "date": "2026-11-24T04:00:00Z"}]}}
JSON
  file="$out/review-$lang.png"
  GOMOKU_DATA_DIR="$dir" xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$game" --lang "$lang" --replay --review --screenshot "$file" > /dev/null 2>&1
  rm -f "$file.layout.json"
  echo "$file"
done
for lang in en zh; do
  file="$out/puzzle-$lang.png"
  GOMOKU_DATA_DIR="$data/puzzle-$lang" xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$game" --lang "$lang" --puzzles --screenshot "$file" > /dev/null 2>&1
  rm -f "$file.layout.json"
  echo "$file"
done
