# Two commands for a fresh Debian machine: `make run` plays, `make test` checks everything.
.PHONY: run test deps brain bench frames screenshots web wasm-floor serve server load dist book

run: deps
	cargo run --bin gomoku

test:
	scripts/test.sh

deps:
	scripts/deps.sh

book: ; scripts/deps.sh --book && scripts/book.sh

brain:
	cargo build --release -p gomoku-engine --bin gomoku-brain
	@echo "engine: $${CARGO_TARGET_DIR:-target}/release/gomoku-brain"

bench: deps
	cargo bench -p gomoku-engine --bench engine

# Frame times while the AI thinks and the win animation plays, under Xvfb (figures).
frames: deps
	cargo build --bin gomoku
	python3 scripts/frame_times.py --game "$${CARGO_TARGET_DIR:-target}/debug/gomoku" --runs 3

# The screenshots of the README and the book: every screen in the eight languages at 1280x800, 1920x1080 and 540x960
# (SIZES="1280x800" for fewer), under Xvfb.
screenshots: deps
	cargo build --workspace --bin gomoku --bin gomoku-server --example screenshot_data --example online_setup
	scripts/screenshots.sh "$${CARGO_TARGET_DIR:-target}" $(SIZES)

# The desktop game for Linux as one archive in dist/ (the game with its pictures and sounds
# built in, its icon and .desktop entry, a README); prints the archive's path and size.
dist: deps
	scripts/dist.sh

web:
	scripts/build_web.sh

# What the web build weighs before the game adds anything: Bevy and egui with the game's
# features and nothing else (examples/wasm_floor), beside the game's own figures.
wasm-floor: web
	scripts/wasm_floor.sh

serve: web
	scripts/serve_web.sh

# The online server on ws://127.0.0.1:7878/ws (no Bevy: builds in a few minutes the first
# time). Options after ARGS=, e.g. make server ARGS="--port 9000 --db /tmp/games.sqlite".
server:
	cargo run -p gomoku-server -- $(ARGS)

# Load benchmark: 2,000 bot pairs play at once against a local server, each move after about a
# second's thought (THINK=0: as fast as the server answers), 2,000 spectators watch one game and
# leave at once halfway, 20 connections flood it (GAMES=, MOVES=, THINK=, SPECTATORS=,
# FLOODERS= to change); prints moves/s, round-trip p50/p99, the crowd's players' round trip,
# how soon floods were cut off, the server's memory per game and per connection, and a
# database check.
GAMES ?= 2000
MOVES ?= 40
THINK ?= 1000
SPECTATORS ?= 2000
FLOODERS ?= 20
#
# SERVERS=3: the same bots over 1, 2 and 3 servers sharing one PostgreSQL database (a private
# throwaway cluster; PostgreSQL installed where missing), black and white on different
# servers so every move crosses between them: moves/s and round-trip p50/p99 side by side
# (no crowd and no flood in this mode).
SERVERS ?=
load:
	$(if $(SERVERS),scripts/deps.sh --postgres)
	cargo build --release -p gomoku-server --bin gomoku-server --example server_load
	ulimit -n 16384 2>/dev/null || ulimit -n 8192 2>/dev/null; \
	"$${CARGO_TARGET_DIR:-target}/release/examples/server_load" \
		--server "$${CARGO_TARGET_DIR:-target}/release/gomoku-server" --games $(GAMES) \
		--moves $(MOVES) --think $(THINK) \
		$(if $(SERVERS),--servers $(SERVERS),--spectators $(SPECTATORS) --flooders $(FLOODERS))
