#!/usr/bin/env bash
# The book (docs/book): its links checked, then built with mdbook, and the built pages' links
# checked. Built under ${CARGO_TARGET_DIR:-target}/book, outside the clone when CARGO_TARGET_DIR
# is set; mdbook comes from `scripts/deps.sh --book`.
#
# Pages show the screenshots by a path relative to the page (../../../screenshots/... from a
# page one folder deep), which resolves in the repository. mdbook copies only docs/book/src,
# so the HTML is built two folders below a folder that gets a copy of docs/screenshots, where
# the same relative paths resolve: OUT/html/book/index.html and OUT/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 scripts/check_book.py

target_dir=${CARGO_TARGET_DIR:-target}
mkdir -p "$target_dir"
out="$(cd "$target_dir" && pwd)/book"
html="$out/html/book"
mkdir -p "$out"
rm -rf "$html" "$out/screenshots"
mdbook build docs/book -d "$html"
cp -R docs/screenshots "$out/screenshots"
python3 scripts/check_book.py --html "$html"
echo "book: $html/index.html"
