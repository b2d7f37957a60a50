#!/usr/bin/env bash
# Makes the README's screenshots (docs/screenshots/THEME-LANG.png): every theme in English
# and Chinese, a game in progress with the winning line on the wood board, under Xvfb.
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
