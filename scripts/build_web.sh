#!/usr/bin/env bash
# Builds the web version into web-dist/ (or $1): a size-optimised release wasm (and the
# engine's own small module for the Web Worker the AI thinks in), the JS glue
# from wasm-bindgen at the exact version of the crate in Cargo.lock (installed when missing),
# the assets and index.html. Prints the bundle size at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-web-dist}
target_dir=${CARGO_TARGET_DIR:-target}
started=$(date +%s)
# Runs a step and prints how long it took.
step() {
  local name=$1; shift
  local t0; t0=$(date +%s)
  echo "==> $name"
  "$@"
  echo "==> $name: $(( $(date +%s) - t0 )) s"
}

scripts/deps.sh --web
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! command -v wasm-bindgen >/dev/null 2>&1 || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$version" ]; then
  echo "==> installing wasm-bindgen-cli $version"
  t0=$(date +%s)
  # Not --locked: a crate its lock file names has been yanked from crates.io. --force: cargo
  # skips a version it remembers installing even when the program is gone. --debug: unoptimised
  # it builds in 67 s instead of 149 s on two cores and writes the same files, 10 s slower.
  cargo install --force --debug wasm-bindgen-cli --version "$version"
  echo "==> installing wasm-bindgen-cli $version: $(( $(date +%s) - t0 )) s"
fi

step "the game's wasm (profile wasm-release)" \
  cargo build --locked --profile wasm-release --target wasm32-unknown-unknown --bin gomoku
wasm="$target_dir/wasm32-unknown-unknown/wasm-release/gomoku.wasm"

rm -rf "$out"
mkdir -p "$out"
# The name and producers sections only help debuggers: a tenth of the file.
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$out" --out-name gomoku "$wasm"
# (Debian's wasm-opt 108 saves another 7% but its output fails to instantiate in Chromium,
# so it is not used.)
cp -r assets "$out/assets"
# The page's loader shows the download's progress against the wasm's unpacked size.
sed "s/__WASM_BYTES__/$(stat -c %s "$out/gomoku_bg.wasm")/" web/index.html > "$out/index.html"

step "the engine's worker module (profile wasm-worker, the engine alone)" \
  cargo build --locked --profile wasm-worker --target wasm32-unknown-unknown -p gomoku-engine --no-default-features --bin gomoku-worker
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$out" --out-name gomoku_worker \
  "$target_dir/wasm32-unknown-unknown/wasm-worker/gomoku-worker.wasm"
cp web/engine-worker.js "$out/engine-worker.js"

# Installable and offline: the manifest, its icons (scripts/make_icons.py) and the service
# worker with the list of every file to cache and a version from their contents.
cp web/manifest.webmanifest "$out/manifest.webmanifest"
cp -r web/icons "$out/icons"
python3 - "$out" <<'PY'
import hashlib, json, pathlib, sys
out = pathlib.Path(sys.argv[1])
files = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file() and p.name != "sw.js")
digest = hashlib.sha256()
hashes = []
for f in files:
    data = (out / f).read_bytes()
    digest.update(f.encode() + b"\0" + data)
    hashes.append([f, hashlib.sha256(data).hexdigest()[:16]])
# "./" is the page itself: the same bytes as index.html.
hashes.insert(0, ["./", dict(hashes)["index.html"]])
sw = pathlib.Path("web/sw.js").read_text()
sw = sw.replace("__VERSION__", digest.hexdigest()[:16]).replace("__FILES__", json.dumps(hashes))
(out / "sw.js").write_text(sw)
print(f"==> service worker: {len(files)} files to cache offline")
PY

# Precompressed copies for servers that send them (gomoku-server --web does): gzip always,
# brotli where Node.js is there to make it (its zlib has brotli), with a 16 MiB window, the
# largest a browser takes: 1% smaller than the default 4 MiB on the game's 24 MB wasm.
compress() {
  for f in "$out"/*.wasm "$out"/*.js "$out"/index.html "$out"/manifest.webmanifest; do
    gzip -9 -k -f "$f"
  done
  if command -v node >/dev/null 2>&1; then
    node -e '
      const fs = require("fs"), zlib = require("zlib");
      for (const f of process.argv.slice(1)) {
        fs.writeFileSync(f + ".br", zlib.brotliCompressSync(fs.readFileSync(f), {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: fs.statSync(f).size },
        }));
      }' "$out"/*.wasm "$out"/*.js "$out"/index.html "$out"/manifest.webmanifest
  fi
}
step "gzip and brotli copies" compress

scripts/wasm_sizes.sh "web build in $out: the game's wasm" "$out/gomoku_bg.wasm"
scripts/wasm_sizes.sh "the engine worker's wasm" "$out/gomoku_worker_bg.wasm"
echo "==> web build done in $(( $(date +%s) - started )) s"
