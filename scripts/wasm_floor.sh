#!/usr/bin/env bash
# The web build's floor: examples/wasm_floor (Bevy's DefaultPlugins with the game's features,
# egui, a camera, a sprite and an egui window, nothing of the game) built as the web build
# builds the game, then its sizes beside the game's (when scripts/build_web.sh has run).
#   scripts/wasm_floor.sh [WEB_DIST]
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}
dist=${1:-web-dist}
scripts/deps.sh --web
cargo build --locked --profile wasm-release --target wasm32-unknown-unknown --example wasm_floor
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$out" --out-name floor "$target_dir/wasm32-unknown-unknown/wasm-release/examples/wasm_floor.wasm"
scripts/wasm_sizes.sh "the floor (Bevy and egui, no game)" "$out/floor_bg.wasm"
if [ -f "$dist/gomoku_bg.wasm" ]; then
  scripts/wasm_sizes.sh "the game ($dist)" "$dist/gomoku_bg.wasm"
fi
