# Two commands for a fresh Debian machine: `make run` plays, `make test` checks everything.
.PHONY: run test deps brain

run: deps
	cargo run --bin gomoku

test:
	scripts/test.sh

deps:
	scripts/deps.sh

brain: deps
	cargo build --release --bin gomoku-brain
	@echo "engine: $${CARGO_TARGET_DIR:-target}/release/gomoku-brain"
