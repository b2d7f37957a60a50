#!/usr/bin/env bash
# Prints a wasm file's size raw, gzip (-9) and brotli (quality 11, a 16 MiB window, through Node.js's zlib):
#   scripts/wasm_sizes.sh LABEL FILE
# The precompressed copies beside it (FILE.gz, FILE.br) are measured when they are as new as
# FILE; otherwise the file is compressed here.
set -euo pipefail
label=${1:?usage: scripts/wasm_sizes.sh LABEL FILE}
file=${2:?usage: scripts/wasm_sizes.sh LABEL FILE}
fresh() { [ -f "$1" ] && [ ! "$1" -ot "$file" ]; }
raw=$(stat -c %s "$file")
if fresh "$file.gz"; then gz=$(stat -c %s "$file.gz"); else gz=$(gzip -9 -c "$file" | wc -c); fi
if fresh "$file.br"; then
  br="$(( $(stat -c %s "$file.br") / 1024 )) KiB brotli"
elif command -v node >/dev/null 2>&1; then
  br=$(node -e '
    const fs = require("fs"), zlib = require("zlib");
    const data = fs.readFileSync(process.argv[1]);
    console.log(zlib.brotliCompressSync(data, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    } }).length);' "$file")
  br="$((br / 1024)) KiB brotli"
else
  br="no brotli (no Node.js)"
fi
echo "==> $label: $((raw / 1024)) KiB raw, $((gz / 1024)) KiB gzip, $br"
