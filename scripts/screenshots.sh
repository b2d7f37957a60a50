#!/usr/bin/env bash
# Makes the screenshots of the README and the book: every screen of the game in each of its eight
# languages (en zh zh-tw ja ko vi ru cs), in a 1280x800, a 1920x1080 and a portrait (540x960)
# window, each under its own Xvfb, into docs/screenshots/SIZE/SCREEN-LANG.webp (and one at twice
# the pixels, as on a hi-DPI screen, in docs/screenshots/1280x800@2x/). The game writes PNG; each
# picture is kept as lossless WebP (cwebp, Debian's webp: scripts/deps.sh --e2e), the same pixels
# in three quarters of the bytes. The players and finished games come from
# examples/screenshot_data (a fixed seed), the online screens from a local gomoku-server with
# games set up by examples/online_setup.
#   scripts/screenshots.sh TARGET_DIR [SIZE ...] [--only SCREEN] [--langs "L ..."]
# TARGET_DIR/debug holds gomoku, gomoku-server and examples/{screenshot_data,online_setup}
# (make screenshots builds them). SIZE defaults to all three; --only makes one screen; --langs
# the languages given (their codes, as --lang takes them; all eight by default).
set -euo pipefail
target=${1:?usage: scripts/screenshots.sh TARGET_DIR [SIZE ...] [--only SCREEN]}
shift
sizes=()
only=
langs=(en zh zh-tw ja ko vi ru cs)
while [ $# -gt 0 ]; do
  case $1 in
    --only) only=${2:?--only needs a screen}; shift 2 ;;
    --langs) read -r -a langs <<< "${2//,/ }"; shift 2 ;;
    *x*) sizes+=("$1"); shift ;;
    *) echo "screenshots.sh: $1: give sizes as WxH, --only SCREEN or --langs \"L ...\"" >&2; exit 2 ;;
  esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(1280x800 1920x1080 540x960)
[ ${#langs[@]} -gt 0 ] || { echo "screenshots.sh: --langs needs at least one language" >&2; exit 2; }
game="$target/debug/gomoku"
root="$(cd "$(dirname "$0")/.." && pwd)/docs/screenshots"
work=$(mktemp -d)
server_pid=
setup_pid=
cleanup() {
  for pid in $server_pid $setup_pid; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
if ! command -v cwebp > /dev/null; then
  echo "screenshots.sh: no cwebp, which keeps the pictures as WebP: scripts/deps.sh --e2e (or apt-get install webp)" >&2
  exit 1
fi

"$target/debug/examples/screenshot_data" "$work/data" > /dev/null
quantize=false
if command -v pngquant > /dev/null; then
  quantize=true
else
  echo "screenshots.sh: no pngquant (apt-get install pngquant): the pictures stay twice as large" >&2
fi

# A renju game at its end: black has just made five on row 8.
won="h8 i9 i7 g9 j8 h9 j9 f9 e9 g10 g8 f7 k8 l8 j10 j7 k9 l9 i8"
# A timed game against the AI, black (the player) to move.
playing="h8 i9 h9 h10 i8 g8 j7 k6 j8 j6 g10 k8"
# Analysis mode's middle game.
analysed="h8 i9 h9 h10 i8 g8 j7 k6 j8 j6"

# shot NAME SIZE LANG ARGS...: one picture, from a fresh copy of the data folder.
shot() {
  local name=$1 size=$2 lang=$3
  shift 3
  [ -z "$only" ] || [ "$only" = "$name" ] || return 0
  local dir="$root/$size${SCALE:+@${SCALE}x}" data="$work/run"
  local file="$dir/$name-$lang.webp" png="$work/shot.png"
  mkdir -p "$dir"
  rm -rf "$data"
  cp -r "${DATA_FROM:-$work/data}" "$data"
  # SCALE=2: a hi-DPI screen (the window is SIZE in points, twice that in pixels).
  local scale=${SCALE:-1} screen
  screen="$(( ${size%x*} * scale ))x$(( ${size#*x} * scale ))"
  if ! WINIT_X11_SCALE_FACTOR=$scale GOMOKU_DATA_DIR="$data" xvfb-run -a -s "-screen 0 ${screen}x24" \
    "$game" --window "$size" --lang "$lang" "$@" --screenshot "$png" > "$work/log" 2>&1; then
    echo "screenshots.sh: $name ($size, $lang) failed:" >&2
    tail -20 "$work/log" >&2
    exit 1
  fi
  if $quantize; then
    # A palette of up to 256 colours, dithered: half the bytes, the same picture to the eye.
    # (Exit 99: that would lose too much; the picture stays as it was.)
    pngquant --quality=80-98 --speed 1 --strip --force --output "$png" "$png" || [ $? -eq 99 ]
  fi
  # Lossless WebP (-exact: the colour under transparent pixels kept too): the very same pixels.
  cwebp -lossless -z 9 -exact -metadata none -quiet "$png" -o "$file"
  rm -f "$png" "$png.layout.json"
  echo "$file"
}

# online_shots SIZE LANG: the lobby, Ann's Account window and her seat in a timed game a few moves in, on a
# server of their own with the games online_setup plays on it (kept connected meanwhile).
online_shots() {
  local size=$1 lang=$2 data="$work/online"
  case $only in ""|online-*) ;; *) return 0 ;; esac
  rm -rf "$data" "$work/listen" "$work/code" "$work/server.sqlite"*
  cp -r "$work/data" "$data"
  mkfifo "$work/listen"
  "$target/debug/gomoku-server" --port 0 --db "$work/server.sqlite" > "$work/listen" 2> "$work/server.log" &
  server_pid=$!
  local line addr code
  read -r line < "$work/listen"
  addr=${line#listening on ws://}
  addr=${addr%/ws}
  "$target/debug/examples/online_setup" "$addr" "$data" 120 > "$work/code" &
  setup_pid=$!
  for _ in $(seq 150); do [ -s "$work/code" ] && break; sleep 0.2; done
  code=$(head -1 "$work/code")
  DATA_FROM="$data" shot online-game "$size" "$lang" --join "$code"
  DATA_FROM="$data" shot online-lobby "$size" "$lang" --online
  # Ann's Account window: her rating, the password form, the devices signed in.
  DATA_FROM="$data" shot online-account "$size" "$lang" --account
  kill "$setup_pid" "$server_pid" 2>/dev/null || true
  wait "$setup_pid" "$server_pid" 2>/dev/null || true
  setup_pid= server_pid=
}

for size in "${sizes[@]}"; do
  for lang in "${langs[@]}"; do
    shot menu "$size" "$lang"
    shot play-ai "$size" "$lang" --mode human-black --level 3 --time 5+3 --moves "$playing"
    for theme in wood dark high-contrast; do
      shot "won-$theme" "$size" "$lang" --theme "$theme" --mode two-players --rule renju --moves "$won"
    done
    shot past-position "$size" "$lang" --mode two-players --rule renju --moves "$won" --past-move 9
    shot opening "$size" "$lang" --mode two-players --opening swap2 --moves "h8 i9 j10"
    shot analysis "$size" "$lang" --mode two-players --moves "$analysed" --analyse
    shot replay "$size" "$lang" --replay
    shot review "$size" "$lang" --replay --review
    shot puzzles "$size" "$lang" --puzzles
    shot players "$size" "$lang" --show players
    shot games "$size" "$lang" --show games
    shot settings "$size" "$lang" --show settings
    online_shots "$size" "$lang"
  done
done
# A hi-DPI screen (scale factor 2): text and stones drawn at the screen's pixels (in Chinese,
# when Chinese is among the languages).
for size in "${sizes[@]}"; do
  [ "$size" = 1280x800 ] || continue
  [[ " ${langs[*]} " == *" zh "* ]] || continue
  SCALE=2 shot play-ai "$size" zh --mode human-black --level 3 --time 5+3 --moves "$playing"
done
