# Two commands from a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run demo test test-fast soak bench bench-server golden clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	$(BIN)/pip install --quiet -e '.[server]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/activate
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

# The web app on http://127.0.0.1:8000/ with its matches in ./ludoteca.sqlite3.
run: $(VENV)/.installed
	$(BIN)/ludoteca serve

demo: $(VENV)/.installed
	$(BIN)/ludoteca demo

# worksteal: an idle worker takes queued tests from the busy one, so the long runs spread.
test: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests bench examples
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --dist worksteal -m "not soak" --durations=30

# The long runs CI leaves out (docs/benchmarks.md gives their time): run before a release or
# after a change to a game's rules.
soak: $(VENV)/.installed-dev
	$(BIN)/pytest -n 2 --dist worksteal -m soak

# The edit loop: everything but the long conformance runs and the browser tests.
test-fast: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests bench examples
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --dist worksteal -m "not slow and not browser and not soak"

bench: $(VENV)/.installed
	$(BIN)/python bench/engine.py

bench-server: $(VENV)/.installed-dev
	$(BIN)/python bench/server.py

golden: $(VENV)/.installed-dev
	$(BIN)/python tests/golden/regenerate.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
