# Quick start: `make build` then `make test`. Both set up .venv on a fresh machine first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test lint bench samples clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The main job: extract the sample dumps in dumps/ and build every game word list into outputs/.
build: $(STAMP)
	$(BIN)/wordlist build

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Benchmarks write their figures to outputs/bench/*.json and print a table.
bench: $(STAMP)
	$(BIN)/python -m tests.bench.run_all

# Regenerate the committed sample dumps from their readable sources in dumps/sample/.
samples: $(STAMP)
	$(BIN)/python dumps/make_samples.py

clean:
	rm -rf outputs .pytest_cache .ruff_cache
