#!/usr/bin/env bash
# Installs what building and testing need, skipping whatever is already there.
#   scripts/deps.sh          native build: Debian packages for Bevy, rustfmt, clippy
#   scripts/deps.sh --web    also the wasm32 target
#   scripts/deps.sh --e2e    also what the end-to-end tests run on (Xvfb, xdotool, Mesa's
#                            software Vulkan, Chromium, nginx)
#   scripts/deps.sh --postgres  also PostgreSQL's server programs (the tests start a private
#                            throwaway cluster with scripts/pg_cluster.sh; nothing is set up)
#   scripts/deps.sh --book   also mdbook, which builds the book in docs/book (scripts/book.sh)
set -euo pipefail

want_web=0
want_e2e=0
want_pg=0
want_book=0
for a in "$@"; do
  case "$a" in
    --web) want_web=1 ;;
    --e2e) want_e2e=1 ;;
    --postgres) want_pg=1 ;;
    --book) want_book=1 ;;
    *) echo "deps.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

# Debian packages Bevy links against (audio, input devices, windowing), a full CJK font for
# players' names beyond the interface's own Chinese (the game works without it), and a renderer
# that works on any machine: the Vulkan loader and Mesa's Vulkan drivers (a graphics card's own
# driver where Mesa has one, llvmpipe in software everywhere else).
packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev fonts-wqy-microhei
  libvulkan1 mesa-vulkan-drivers)
if [ "$want_e2e" -eq 1 ]; then
  # nginx and openssl: the reverse-proxy example (docs/deploy/) run in front of two servers;
  # webp and pngquant: make screenshots (a palette, then lossless WebP).
  packages+=(xvfb xauth xdotool python3 chromium nginx openssl webp pngquant)
  # Node and npm may come from elsewhere than Debian (as on our CI machines): only when absent.
  command -v node >/dev/null 2>&1 || packages+=(nodejs)
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi
# PostgreSQL's programs (initdb, pg_ctl, postgres) from Debian's package, where no version is
# installed. Debian's package also makes a cluster of its own, which the tests never use.
if [ "$want_pg" -eq 1 ] && ! command -v initdb >/dev/null 2>&1 &&
  ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  packages+=(postgresql)
fi
missing=()
if command -v dpkg >/dev/null 2>&1; then
  for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "==> installing Debian packages: ${missing[*]}"
    # Another installation (an update running in the background) holds the package manager's
    # lock: wait for it, at most ten minutes, instead of failing at once.
    lock=(-o DPkg::Lock::Timeout=600)
    if command -v fuser >/dev/null 2>&1 &&
      fuser /var/lib/dpkg/lock-frontend /var/lib/apt/lists/lock >/dev/null 2>&1; then
      echo "==> another package installation is running; waiting for it (at most 10 minutes)"
    fi
    "${sudo_cmd[@]}" apt-get "${lock[@]}" update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get "${lock[@]}" install -y -qq "${missing[@]}"
  fi
else
  echo "==> not a Debian system: install the equivalents of ${packages[*]} yourself (see docs/book/src/getting-started.md)"
fi

for component in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    echo "==> adding rustup component $component"
    rustup component add "$component"
  fi
done

if [ "$want_web" -eq 1 ] && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "==> adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$want_e2e" -eq 1 ] && [ ! -d tests/e2e/node_modules/playwright-core ]; then
  echo "==> installing playwright-core for the web end-to-end test"
  npm --prefix tests/e2e install --no-audit --no-fund --loglevel=error
fi

# mdbook for the book (docs/book): the last 0.4 release, built without its web server and file
# watcher (only `mdbook build` is used), where no mdbook is on the PATH.
if [ "$want_book" -eq 1 ] && ! command -v mdbook >/dev/null 2>&1; then
  echo "==> installing mdbook (cargo install; a few minutes the first time)"
  cargo install --locked mdbook --version 0.4.52 --no-default-features --features search
fi
