#!/usr/bin/env bash
# `make dist`: the desktop game for Linux as one archive, dist/gomoku-VERSION-linux-ARCH.tar.gz:
# the game (its pictures, sounds and fonts built in), its icon and .desktop entry, a short
# README and the font's licence. Prints the archive's path and size.
#   scripts/dist.sh
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir=${CARGO_TARGET_DIR:-target}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
name="gomoku-$version-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)"

cargo build --locked --profile dist --bin gomoku

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir="$stage/$name"
mkdir -p "$dir"
install -m 755 "$target_dir/dist/gomoku" "$dir/gomoku"
install -m 644 desktop/gomoku.desktop desktop/gomoku.png desktop/README.md \
  assets/fonts/LICENSE-wqy-microhei.txt "$dir/"
# The copy starts on its own (no display needed to print its options).
"$dir/gomoku" --help > /dev/null

mkdir -p dist
archive="dist/$name.tar.gz"
# The same files give the same archive: names in order, no owners, dated by the last commit.
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -C "$stage" -cf - "$name" \
  | gzip -9n > "$archive"
bytes() { wc -c < "$1" | tr -d ' '; }
echo "$archive: $(( $(bytes "$archive") / 1024 )) KiB ($(bytes "$archive") bytes; the game alone $(bytes "$dir/gomoku") bytes)"
