# holecard developer tasks. `make check` is what CI runs (.ci/run calls it).
#
#   make dev     create .venv, install the dev tools, build the extension (release)
#   make check   every check: rustfmt, clippy, Rust tests (incl. the exhaustive 7-card
#                test in release), the extension build, ruff, mypy --strict, stubtest, pytest
#   make bench   criterion and Python benchmarks against phevaluator, eval7 and PokerKit
#   make fmt     format Rust and Python
#   make fuzz    run every cargo-fuzz target for FUZZ_SECONDS (default 60) each
#   make soak    ten million random hands with invariant checks (release mode)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: dev check rust-check python-check bench fmt clean fuzz soak

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet "maturin>=1.7,<2" "numpy>=1.24" "hypothesis>=6.100" \
		"pytest>=8" "pytest-benchmark>=4" "mypy>=1.10" "ruff>=0.6" "matplotlib>=3.7"
	touch $(STAMP)

dev: $(STAMP)
	$(VENV)/bin/maturin develop --release --quiet

check: rust-check python-check

rust-check:
	cargo fmt --all --check
	cargo clippy --all-targets --all-features -- -D warnings
	cargo test --no-default-features
	cargo test --release --no-default-features every_seven_card_hand -- --ignored

python-check: dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m mypy --strict python/holecard tests
	$(PY) -m mypy.stubtest holecard._core
	$(PY) -m pytest

bench: dev
	$(PY) -m pip install --quiet phevaluator eval7 "pokerkit==0.7.7"
	cargo bench --no-default-features
	$(PY) benches/python/bench_eval.py
	$(PY) benches/python/bench_games.py

fmt:
	cargo fmt --all
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	cargo clean
	rm -rf $(VENV)

# Fuzz every target for FUZZ_SECONDS each (cargo-fuzz; stable Rust with RUSTC_BOOTSTRAP).
FUZZ_SECONDS ?= 60
fuzz:
	cargo install --quiet cargo-fuzz
	cd fuzz && for t in $$(RUSTC_BOOTSTRAP=1 cargo fuzz list); do \
		RUSTC_BOOTSTRAP=1 cargo fuzz run -O $$t -- -max_total_time=$(FUZZ_SECONDS) || exit 1; \
	done

# Ten million random hands across every game, structure and option set (RULES §6).
soak:
	cargo test --release --no-default-features soak_ten_million -- --ignored
