# Quick start: `make build` then `make test`. Both set up .venv on a fresh machine first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
WASM := $(and $(wildcard core/src),$(wildcard js/src),js/src/core.wasm)
CHROMIUM := /usr/bin/chromium
# Debian's PostgreSQL server (its initdb, whichever version): the store's tests and the server's
# benchmark start a throwaway one (tests/postgres.py); `install-postgresql` when it is missing.
POSTGRESQL := $(or $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb)),install-postgresql)
JS_DEPS := js/node_modules/.package-lock.json

.PHONY: build test test-js lint bench samples docs docs-serve clean core-test install-postgresql

# setup.py compiles the C core (core/, bound by wordlist/_core.c) and the pipeline's parsers with
# mypyc from the package's source; after an edit of the parsers the
# source runs as Python (pipeline/compiled.py) until they are compiled again, which an edit makes
# happen here: the same venv (same pyproject.toml) is only recompiled, offline. The WebAssembly
# core is built first, so that the reader's copy the install makes holds core.wasm.
$(STAMP): pyproject.toml $(wildcard setup.py pipeline/*.py pipeline/*/*.py pipeline/*/*/*.py wordlist/_core*.[ch] core/src/*.[ch] core/include/*.h) | $(WASM)
	if [ -x $(BIN)/python ] && cmp -s pyproject.toml $(VENV)/pyproject.toml; then \
	    $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e . ; \
	else \
	    $(PYTHON) -m venv $(VENV) && \
	    $(BIN)/python -m pip install --quiet --upgrade pip && \
	    $(BIN)/python -m pip install --quiet -e '.[dev]' && \
	    cp pyproject.toml $(VENV)/pyproject.toml ; \
	fi
	touch $(STAMP)

# The web page's JavaScript reader is a copy of js/src (git-ignored) that setup.py makes at every
# install; renewed here after an edit of js/src (the folder too: a file added or removed). Only
# where js/src is: not in the folder tests/test_docs.py runs the documentation in.
READER_COPY := $(if $(wildcard js/src),wordlist/server/static/js/index.js)
ifneq ($(READER_COPY),)
$(READER_COPY): js/src $(wildcard js/src/*.js) $(WASM) | $(STAMP)
	$(BIN)/python setup.py --quiet copy_reader
endif

# The C core built to WebAssembly for the JavaScript reader (js/src/core.js loads it; git-ignored,
# shipped with the reader and its page copy): Debian's clang and lld for wasm32 with wasi-libc
# (malloc, memcpy), installed here when missing as Chromium is. The module imports nothing. Only
# where core/ and js/src are (like the reader's copy); WASM is set at the top, as $(STAMP) needs it.
WASM_SOURCES := $(wildcard core/src/*.c core/src/*.h core/include/*.h)
WASI_LIBC := /usr/include/wasm32-wasi/stdlib.h
CORE_WARNINGS := -std=c11 -Wall -Wextra -Werror
ifneq ($(WASM),)
$(WASM): $(WASM_SOURCES) | $(WASI_LIBC)
	clang --target=wasm32-wasi -O2 $(CORE_WARNINGS) -mexec-model=reactor -Icore/include \
	    -Wl,--strip-all -Wl,-z,stack-size=1048576 -o $@.tmp $(filter %.c,$(WASM_SOURCES))
	mv $@.tmp $@
endif

$(WASI_LIBC):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang lld wasi-libc libclang-rt-dev-wasm32

# The core's own checks, with gcc: warnings as errors, and the C example and the fuzz driver built
# with AddressSanitizer and UBSan, run on a list `make build` wrote (any out-of-bounds read or
# undefined behaviour stops them). `make test` runs them.
CORE_TEST := outputs/core-test
SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -g -O1
core-test: build
	mkdir -p $(CORE_TEST)
	gcc $(CORE_WARNINGS) -O2 -fPIC -shared -Icore/include -o $(CORE_TEST)/libwordlist.so $(filter-out core/src/wasm.c,$(wildcard core/src/*.c))
	gcc $(CORE_WARNINGS) $(SANITIZE) -Icore/include -o $(CORE_TEST)/best_move core/examples/best_move.c $(filter-out core/src/wasm.c,$(wildcard core/src/*.c))
	gcc $(CORE_WARNINGS) $(SANITIZE) -Icore/include -o $(CORE_TEST)/fuzz core/test/fuzz.c $(filter-out core/src/wasm.c,$(wildcard core/src/*.c))
	$(CORE_TEST)/best_move outputs/en/wordgame "stare??"
	$(CORE_TEST)/best_move outputs/de/wordgame "äöüeen?"
	$(CORE_TEST)/fuzz outputs/en/wordgame/words.dawg outputs/de/balda/words.dawg

# The main job: extract the sample dumps in dumps/ and build every game word list into outputs/.
build: $(STAMP) $(READER_COPY) $(WASM)
	$(BIN)/wordlist build

test: $(STAMP) $(READER_COPY) $(WASM) $(CHROMIUM) $(POSTGRESQL) $(JS_DEPS) core-test
	$(BIN)/ruff check .
	$(BIN)/pytest -q

# The browser tests (tests/test_browser.py) drive Debian's Chromium with Playwright, whose own browser
# download is not reachable: installed here when missing (CI runs as root with Debian's repositories).
$(CHROMIUM):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core

# The server's tests on PostgreSQL (tests/test_store_backends.py and the servers on both backends)
# need its server binaries; the tests run the cluster themselves (no service is needed), as an
# unprivileged user when run as root.
install-postgresql:
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql

# TypeScript, to check the JavaScript reader's hand-written index.d.ts (js/package-lock.json pins it;
# the reader itself has no dependencies).
$(JS_DEPS): js/package.json js/package-lock.json
	cd js && npm ci --no-audit --no-fund --loglevel=error

# The JavaScript reader's conformance tests alone, on the lists `make build` writes: Python writes
# the vectors into outputs/js-vectors (the games' positions for the WebAssembly core into
# outputs/js-vectors/movegen, Python's random draws into outputs/js-vectors/random), Node (20 or
# later, no packages) checks them. `make test` runs the same tests through tests/test_js_reader.py,
# on lists it builds itself.
test-js: build
	rm -rf outputs/js-vectors
	$(BIN)/python -m tests.js_vectors outputs/js-vectors outputs/en/balda outputs/en/wordgame outputs/de/balda outputs/de/wordgame
	$(BIN)/python -m tests.js_movegen_vectors outputs/js-vectors/movegen outputs/en/balda outputs/en/wordgame outputs/de/balda outputs/de/wordgame
	$(BIN)/python -m tests.js_bot_vectors outputs/js-vectors/random
	node --test js/test/*.test.js

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Benchmarks write their figures to outputs/bench/*.json and print a table. BENCH picks some and
# options: make bench BENCH="scale --quick" (small dumps, minutes instead of half an hour).
bench: $(STAMP) $(POSTGRESQL)
	$(BIN)/python -m tests.bench.run_all $(BENCH)

# The documentation site (docs/ and mkdocs.yml; the `docs` extra) into site/, git-ignored. --strict:
# a link to a missing page or anchor fails the build. Material prints a notice about MkDocs 2.0 at
# every build unless told not to.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict --quiet --site-dir site

docs-serve: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs serve --strict --dev-addr 127.0.0.1:8001

# Regenerate the committed sample dumps from their readable sources in dumps/sample/.
samples: $(STAMP)
	$(BIN)/python dumps/make_samples.py

clean:
	rm -rf outputs site .pytest_cache .ruff_cache
