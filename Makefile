# Two commands for a fresh Debian machine: `make run` plays, `make test` checks everything.
.PHONY: run test deps brain bench web serve

run: deps
	cargo run --bin gomoku

test:
	scripts/test.sh

deps:
	scripts/deps.sh

brain:
	cargo build --release --no-default-features --bin gomoku-brain
	@echo "engine: $${CARGO_TARGET_DIR:-target}/release/gomoku-brain"

bench: deps
	cargo bench --bench engine

web:
	scripts/build_web.sh

serve: web
	scripts/serve_web.sh
