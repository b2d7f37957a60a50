#!/usr/bin/env bash
# The whole check, stage by stage, with the time each stage took.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
stage() {
  local name=$1; shift
  local t0; t0=$(date +%s)
  echo "==> $name"
  "$@"
  echo "==> $name: $(( $(date +%s) - t0 )) s"
}

target_dir=${CARGO_TARGET_DIR:-target}
# The crowd test opens 2,000 spectators' connections (it uses fewer under a lower limit).
ulimit -n 8192 2>/dev/null || true

stage "dependencies" scripts/deps.sh --web --e2e --postgres --book
stage "tracked tree within its budget (2,000 files, 40 MB)" scripts/tree_budget.sh
stage "format" cargo fmt --all -- --check
stage "book (links checked, mdbook build)" scripts/book.sh
stage "no import circle in any crate" python3 scripts/import_circles.py
stage "clippy" cargo clippy --workspace --all-targets --locked -- -D warnings
# The engine is a library for others: every public item documented, no broken doc links, the
# README's example compiled and run, and the crate packaged and built as crates.io would.
stage "engine, protocol and server docs" env RUSTDOCFLAGS="-D warnings" cargo doc --locked --no-deps -p gomoku-engine -p gomoku-net -p gomoku-server
stage "engine doc tests (the crate README's example)" cargo test --locked -p gomoku-engine --doc
stage "engine package" cargo package --locked --allow-dirty -p gomoku-engine
# Not the examples: tools built by their own make targets (clippy above checks them), which
# would add eight more programs to link against Bevy here.
stage "tests" cargo test --workspace --locked --lib --bins --tests
# The game itself is compiled for the web by the web build below; checking it here too cost a
# fourth build of Bevy (four minutes cold). What the web build does not compile is checked here.
stage "wasm check, the engine and the command-line programs" cargo check --locked --target wasm32-unknown-unknown -p gomoku-engine -p gomoku-net --lib --bins
# With the tests' profile: the tests above built these very programs (the server's and the
# game's tests run them), so nothing is compiled again (the dev profile's lower optimisation
# would build the whole game a second time: four minutes on one core).
stage "game build" cargo build --locked --profile test --workspace --bin gomoku --bin gomoku-server
stage "reverse proxy (the book's nginx example: TLS in front of two servers on PostgreSQL)" node tests/e2e/proxy.mjs --server "$target_dir/debug/gomoku-server"
stage "engine build" cargo build --locked -p gomoku-engine --bin gomoku-brain
stage "renju cross-check" python3 scripts/renju_crosscheck.py --engine "$target_dir/debug/gomoku-brain" --positions 400 --seed 1
stage "desktop end-to-end" python3 tests/e2e/desktop.py --game "$target_dir/debug/gomoku" --out "$target_dir/e2e"
stage "web build" scripts/build_web.sh "$target_dir/web-dist"
stage "web page's loader (first visits served by gomoku-server --web: compressed and cached files, progress, failures)" node tests/e2e/loader.mjs --server "$target_dir/debug/gomoku-server" --dist "$target_dir/web-dist" --out "$target_dir/e2e"
stage "engine worker build, release (the web test compares its speed)" cargo build --locked --release -p gomoku-engine --bin gomoku-worker
stage "web end-to-end" node tests/e2e/web.mjs --dist "$target_dir/web-dist" --out "$target_dir/e2e" --native "$target_dir/release/gomoku-worker"
stage "phone end-to-end (portrait, touch, device scale factor 3)" node tests/e2e/mobile.mjs --dist "$target_dir/web-dist" --out "$target_dir/e2e"
stage "online end-to-end (the desktop game against the web game through a local server)" node tests/e2e/online.mjs --server "$target_dir/debug/gomoku-server" --game "$target_dir/debug/gomoku" --dist "$target_dir/web-dist" --out "$target_dir/e2e"
echo "==> all stages passed in $(( $(date +%s) - started )) s"
