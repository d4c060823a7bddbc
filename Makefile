# holecard developer tasks. `make check` is what CI runs (.ci/run calls it).
#
#   make dev     check the prerequisites, create .venv, install what the main job and the
#                core tests need (DEV_DEPS: the build and lint tools, pytest, hypothesis),
#                build the extension (release) into it
#   make check   every check: rustfmt, clippy, Rust tests (optimised, with overflow checks
#                and debug assertions: Cargo.toml's ci-test profile; incl. the exhaustive
#                7-card test), the extension build, ruff, mypy --strict, stubtest, pytest
#                (which also builds the wheel and tests it installed in a fresh environment;
#                every extra group below is installed first, once, and Chromium for the
#                replayer tests, through apt-get, when missing), then mkdocs build --strict
#   make docs    the documentation site (mkdocs.yml, docs/) into site/
#   make wheel   the wheels (manylinux2014: one for every CPython >= 3.11, one built for
#                this CPython) and the sdist, into dist/ (DIST=folder for another;
#                tests/test_wheel.py builds through it)
#   make wheels  those, and an abi3 wheel for every other platform this machine can build
#                (Linux aarch64, musl, macOS, Windows), into dist/wheels/; wheels-test
#                checks each (tests/test_wheels_platforms.py builds through it)
#   make bench   criterion and Python benchmarks against phevaluator, eval7, PokerKit and
#                poker-equity, import time against `python -c pass` and `import json` (and
#                OMPEval, built from the source folder OMPEVAL_SRC names, when set)
#   make fmt     format Rust and Python
#   make fuzz    run every cargo-fuzz target for FUZZ_SECONDS (default 60) each
#   make soak    ten million random hands with invariant checks (release mode)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# The oldest Rust that builds the crate (Cargo.toml's rust-version) and the oldest Python.
MSRV   := $(shell sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)

.PHONY: dev docs prereqs browser check rust-check python-check wheel bench fmt clean fuzz soak

# Say what is missing before anything is downloaded or built.
prereqs:
	@command -v cargo >/dev/null 2>&1 || { echo "make: building holecard needs Rust $(MSRV) or newer: install it with rustup (https://rustup.rs), then run make again" >&2; exit 1; }
	@have=$$(rustc --version | cut -d' ' -f2); \
	if [ "$$(printf '%s\n%s\n' "$(MSRV)" "$$have" | sort -V | head -n1)" != "$(MSRV)" ]; then \
		echo "make: Rust $$have is older than $(MSRV), which holecard needs: run rustup update" >&2; exit 1; fi
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { echo "make: holecard needs Python 3.11 or newer as $(PYTHON) (make PYTHON=python3.12 ... picks another)" >&2; exit 1; }
	@$(PYTHON) -m venv --help >/dev/null 2>&1 || { echo "make: $(PYTHON) has no venv module: install it (Debian: apt-get install python3-venv)" >&2; exit 1; }

# What `make dev` installs: the build and the checking tools and what the core tests need
# (numpy comes with the extension). The heavier groups are installed by the targets that
# need them, each stamped in .venv once installed: the wheels' linker (zig), and for `make
# check` every group at once (ALL_DEPS). Each requirement is pinned as pyproject.toml's
# extras pin it (tests/test_release_files.py compares them).
DEV_DEPS      := "maturin>=1.9,<2" "numpy>=1.24" "pytest>=8" "hypothesis>=6.100" \
	"mypy>=1.10" "ruff>=0.6"
WHEEL_DEPS    := "ziglang>=0.13"
PLOT_DEPS     := "matplotlib>=3.7"
FRAMES_DEPS   := "pandas>=2" "polars>=1"
SCALE_DEPS    := "ray>=2.9" "dask[distributed]>=2024.1"
RL_DEPS       := "open_spiel>=1.5" "pettingzoo>=1.24" "gymnasium>=1.0"
# The peers the conformance tests compare with (tests/test_conformance_*.py).
PEERS_DEPS    := "pokerkit==0.7.7" "phevaluator>=0.6" "eval7>=0.1.10" "treys>=0.1.8"
# The replayer page in Chromium, the notebooks, pytest's plugins (benchmark fixture, the
# worker processes of `make check`).
BROWSER_DEPS  := "selenium>=4.20"
NOTEBOOK_DEPS := "nbclient>=0.10" "nbformat>=5.10" "ipykernel>=6.29"
PYTEST_DEPS   := "pytest-benchmark>=4" "pytest-xdist>=3.6"
# The release checks: every platform's wheels (LIEF, auditwheel), the workflows.
RELEASE_DEPS  := "lief>=0.16" "auditwheel>=6" "check-jsonschema>=0.29"
BENCH_DEPS    := "pokerkit==0.7.7" "phevaluator>=0.6" "eval7>=0.1.10" "poker-equity==0.1.1"
ALL_DEPS      := $(WHEEL_DEPS) $(PLOT_DEPS) $(FRAMES_DEPS) $(SCALE_DEPS) $(RL_DEPS) \
	$(PEERS_DEPS) $(BROWSER_DEPS) $(NOTEBOOK_DEPS) $(PYTEST_DEPS) $(RELEASE_DEPS)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet $(DEV_DEPS)
	touch $(STAMP)

# A group's stamp; `make check` installs all of them in one go and stamps each.
$(VENV)/.installed-wheel: $(STAMP)
	$(PY) -m pip install --quiet $(WHEEL_DEPS)
	touch $@
$(VENV)/.installed-release: $(STAMP)
	$(PY) -m pip install --quiet $(RELEASE_DEPS)
	touch $@
$(VENV)/.installed-all: $(STAMP)
	$(PY) -m pip install --quiet $(ALL_DEPS)
	touch $(VENV)/.installed-wheel $(VENV)/.installed-release $@

dev: prereqs $(STAMP)
	$(VENV)/bin/maturin develop --release --quiet --features test-hooks

# The documentation site (mkdocs.yml; the tools are pyproject's `docs` extra, which
# tests/test_docs_site.py checks equal to DOCS_TOOLS): `make docs` builds it into site/,
# `make check` builds it with --strict after pytest (no broken link, no missing reference).
DOCS_TOOLS := "mkdocs>=1.6" "mkdocs-material>=9.5" "mkdocstrings>=0.26" "mkdocstrings-python>=1.12"
DOCS_STAMP := $(VENV)/.docs-installed
$(DOCS_STAMP): $(STAMP) Makefile
	$(PY) -m pip install --quiet $(DOCS_TOOLS)
	touch $(DOCS_STAMP)

docs: dev $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

# The replayer tests drive a real Chromium (tests/test_replayer_browser.py): Debian's
# chromium and chromium-driver, installed once when missing (as root, or through sudo).
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "make: installing chromium and chromium-driver (the replayer tests drive them)"; \
		sudo=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$sudo apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends \
			chromium chromium-driver >/dev/null; \
	else \
		echo "make: the replayer tests need Chromium and its driver (Debian: apt-get install chromium chromium-driver)" >&2; exit 1; \
	fi

# Two wheels, both linked by zig against glibc 2.17 so that they install on any Linux of
# the last decade (manylinux2014): one on the stable ABI (abi3), for every CPython >= 3.11,
# and one for each CPython in WHEEL_PYTHONS (by default the one running make), in which a
# single evaluation takes about 0.8x the time (object access inline, not through function
# calls); pip takes the version-specific wheel where one fits. Each kind has its own target
# folder, which also keeps the development build's artefacts.
WHEEL_TARGET  := target/wheel
WHEEL_PYTHONS ?= $(PY)
DIST ?= dist
MATURIN_BUILD := PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(VENV)/bin/maturin build --release --zig \
	--compatibility manylinux2014 --out $(DIST)
wheel: prereqs $(STAMP) $(VENV)/.installed-wheel
	CARGO_TARGET_DIR=$(WHEEL_TARGET)/abi3 $(MATURIN_BUILD) --features abi3
	CARGO_TARGET_DIR=$(WHEEL_TARGET)/cpython $(MATURIN_BUILD) --interpreter $(WHEEL_PYTHONS)
	$(VENV)/bin/maturin sdist --out $(DIST)
	@for w in $(DIST)/*.whl; do echo "$$w:"; $(PY) -m zipfile -l "$$w"; done

# Every platform's wheels that this machine can build, into WHEELS_DIST: what `make wheel`
# builds (Linux x86-64 glibc, abi3 and this CPython's, and the sdist), then an abi3 wheel for
# each of WHEELS_TARGETS (target:platform tag), cross-compiled with zig as the linker
# (Windows: MinGW-w64), each in its own folder under WHEELS_TARGET (rustup adds a missing
# standard library). The other platforms' version-specific wheels come from the release
# workflow's native runners. A target that fails is named with its error, and make fails.
WHEELS_DIST    ?= dist/wheels
WHEELS_TARGET  ?= target/wheels
WHEELS_TARGETS ?= aarch64-unknown-linux-gnu:manylinux2014 \
	x86_64-unknown-linux-musl:musllinux_1_2 aarch64-unknown-linux-musl:musllinux_1_2 \
	x86_64-apple-darwin: aarch64-apple-darwin: x86_64-pc-windows-gnu:
# Not tried here, and why (the release workflow builds them on their own runners).
WHEELS_NOT_HERE := x86_64-pc-windows-msvc: Microsoft's C runtime and Windows SDK, which \
	cargo-xwin downloads from Microsoft at build time, cannot be fetched on this machine \
	(x86_64-pc-windows-gnu stands in for it here)
# Windows is linked by Debian's MinGW-w64 (installed through apt-get when missing), not
# zig: maturin 1.16's zig path has the DLL export PyInit_holecard._core, the module's
# whole dotted name, which does not exist, and the link fails.
WHEELS_MINGW := x86_64-pc-windows-gnu
.PHONY: wheels wheels-test arm64-root
wheels: prereqs $(STAMP) $(VENV)/.installed-wheel
	@mkdir -p $(WHEELS_TARGET)
	@echo "make wheels: x86_64-unknown-linux-gnu (manylinux2014: abi3 and this CPython's) and the sdist"
	@$(MAKE) --no-print-directory wheel DIST=$(WHEELS_DIST) >$(WHEELS_TARGET)/wheel.log 2>&1 \
		|| { tail -n 20 $(WHEELS_TARGET)/wheel.log >&2; exit 1; }
	@failed=""; \
	for spec in $(WHEELS_TARGETS); do \
		t=$${spec%%:*}; tag=$${spec#*:}; log=$(WHEELS_TARGET)/$$t.log; linker=--zig; \
		echo "make wheels: $$t$${tag:+ ($$tag)}"; \
		if ! rustup target list --installed 2>/dev/null | grep -qx "$$t" \
			&& ! rustup target add "$$t" >"$$log" 2>&1; then \
			echo "make wheels: cannot build $$t: rustup could not add its standard library: $$(grep -a -m1 -i error "$$log" || tail -n1 "$$log")" >&2; \
			failed="$$failed $$t"; continue; fi; \
		if [ "$$t" = "$(WHEELS_MINGW)" ]; then linker=""; \
			command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || { \
				echo "make wheels: installing gcc-mingw-w64-x86-64 (the Windows wheel's linker)"; \
				sudo=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
				$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install \
					-y -qq --no-install-recommends gcc-mingw-w64-x86-64 >/dev/null; }; fi; \
		if CARGO_TARGET_DIR=$(WHEELS_TARGET)/$$t PATH="$(CURDIR)/$(VENV)/bin:$$PATH" \
			$(VENV)/bin/maturin build --release $$linker --target "$$t" --features abi3 \
			$${tag:+--compatibility $$tag} --out $(WHEELS_DIST) >"$$log" 2>&1; then \
			grep -a 'Built wheel' "$$log" | sed 's/^.* to /    /'; \
		else \
			echo "make wheels: cannot build $$t: $$(grep -a -m1 -E '^error|Caused by|lld|undefined' "$$log" || tail -n1 "$$log") (all of it in $$log)" >&2; \
			failed="$$failed $$t"; fi; \
	done; \
	echo "make wheels: not built here: $(WHEELS_NOT_HERE)"; \
	if [ -n "$$failed" ]; then echo "make wheels: could not build:$$failed (the reasons are above)" >&2; exit 1; fi

# An arm64 Debian root in which the platform tests run the aarch64 wheel under QEMU user
# emulation (qemu-aarch64-static -L ROOT: no binfmt_misc handler to register, no chroot):
# Debian's own python3 and python3-numpy. debootstrap's first stage fetches and verifies the
# packages and they are unpacked with dpkg-deb (the second stage would run arm64 maintainer
# scripts, which needs binfmt_misc); the two links the alternatives system would make are
# made by hand. Kept outside the clone, in HOLECARD_CI_CACHE, and made again only when missing.
HOLECARD_CI_CACHE ?= $(HOME)/.cache/holecard-ci
ARM64_SUITE ?= bookworm
ARM64_ROOT  ?= $(HOLECARD_CI_CACHE)/debian-$(ARM64_SUITE)-arm64
arm64-root: $(ARM64_ROOT)/.complete
$(ARM64_ROOT)/.complete:
	@if ! command -v qemu-aarch64-static >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then \
		command -v apt-get >/dev/null 2>&1 || { echo "make: the aarch64 tests need qemu-user-static and debootstrap (Debian packages)" >&2; exit 1; }; \
		echo "make: installing qemu-user-static and debootstrap (the aarch64 wheel's tests)"; \
		sudo=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq \
			--no-install-recommends qemu-user-static debootstrap >/dev/null; fi
	rm -rf $(ARM64_ROOT).part && mkdir -p $(HOLECARD_CI_CACHE)
	debootstrap --arch=arm64 --foreign --variant=minbase --include=python3,python3-numpy \
		$(ARM64_SUITE) $(ARM64_ROOT).part >$(HOLECARD_CI_CACHE)/debootstrap.log
	cd $(ARM64_ROOT).part && for deb in var/cache/apt/archives/*.deb; do \
		dpkg-deb -x "$$deb" . || exit 1; done && rm -f var/cache/apt/archives/*.deb
	ln -sf blas/libblas.so.3 $(ARM64_ROOT).part/usr/lib/aarch64-linux-gnu/libblas.so.3
	ln -sf lapack/liblapack.so.3 $(ARM64_ROOT).part/usr/lib/aarch64-linux-gnu/liblapack.so.3
	rm -rf $(ARM64_ROOT) && mv $(ARM64_ROOT).part $(ARM64_ROOT) && touch $@

# The wheels of `make wheels`, each run where it can be (the aarch64 one under emulation)
# and checked statically otherwise (tests/test_wheels_platforms.py).
wheels-test: wheels arm64-root $(VENV)/.installed-release
	HOLECARD_WHEELS=$(WHEELS_DIST) HOLECARD_ARM64_ROOT=$(ARM64_ROOT) \
		$(PY) -m pytest -q tests/test_wheels_platforms.py

# pytest's worker processes (pytest-xdist): one per core of the CI machine. Each test file
# runs whole in one worker (--dist loadfile), so a module's fixtures (a built wheel, a
# cluster) are made once. PYTEST_WORKERS=0 runs everything in this process.
PYTEST_WORKERS ?= 2

check: rust-check python-check

rust-check:
	cargo fmt --all --check
	cargo clippy --all-targets --all-features -- -D warnings
	cargo test --profile ci-test --no-default-features
	cargo test --profile ci-test --no-default-features every_seven_card_hand -- --ignored

# Every extra group is installed first; HOLECARD_CHECK=1 tells the tests so: one of them
# (tests/test_first_contact.py) then fails if any group's package is missing.
python-check: dev $(VENV)/.installed-all browser $(DOCS_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m mypy --strict python/holecard tests
	$(PY) -m mypy.stubtest holecard._core
	HOLECARD_CHECK=1 PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(PY) -m pytest -n $(PYTEST_WORKERS) \
		--dist loadfile
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

bench: dev
	$(PY) -m pip install --quiet $(BENCH_DEPS)
	cargo bench --no-default-features
	$(PY) benches/python/bench_eval.py
	$(PY) benches/python/bench_import.py
	$(PY) benches/python/bench_games.py
	$(PY) benches/python/bench_equity.py
	$(PY) benches/python/bench_agents.py
	$(PY) benches/python/bench_sim.py
	@if [ -n "$(OMPEVAL_SRC)" ]; then \
		$(PY) benches/ompeval/bench_ompeval.py --src "$(OMPEVAL_SRC)"; \
	else \
		echo "make bench: OMPEval comparison skipped: OMPEVAL_SRC is not set (make bench OMPEVAL_SRC=/path/to/OMPEval; see benches/ompeval/bench_ompeval.py)"; \
	fi

fmt:
	cargo fmt --all
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	cargo clean
	rm -rf $(VENV) dist

# Fuzz every target for FUZZ_SECONDS each (cargo-fuzz; stable Rust with RUSTC_BOOTSTRAP).
FUZZ_SECONDS ?= 60
fuzz:
	cargo install --quiet cargo-fuzz
	cd fuzz && for t in $$(RUSTC_BOOTSTRAP=1 cargo fuzz list); do \
		RUSTC_BOOTSTRAP=1 cargo fuzz run -O $$t -- -max_total_time=$(FUZZ_SECONDS) || exit 1; \
	done

# Ten million random hands across every game, structure and option set (docs/rules.md §6).
soak:
	cargo test --release --no-default-features soak_ten_million -- --ignored
