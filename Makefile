# Two commands do everything (see README.md):
#   make serve   set up, build and serve the site on http://127.0.0.1:8000
#   make test    the same set-up (plus Debian's chromium), then the whole test suite, which builds the site
# Set-up steps are stamped in .stamps/ and redone only when pyproject.toml, constraints.txt or package-lock.json change.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .stamps
CHROMIUM := /usr/bin/chromium
CHECKED := tutor tools bench docs/hooks tests
export NO_MKDOCS_2_WARNING := 1
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: serve build test check bench catalogs check-catalogs setup-docs setup-test chromium clean

serve: build
	$(PY) -m mkdocs serve --strict --dev-addr 127.0.0.1:8000

build: setup-docs
	$(PY) tools/catalogs.py compile
	$(PY) -m mkdocs build --strict

# The browser tests build the site themselves (strict, with the Pyodide artefacts), once per run,
# while the other worker runs the tests that need no site.
test: setup-test chromium check
	$(PY) tools/catalogs.py compile
	$(PY) -m pytest -n auto --dist loadscope

# The static checks (configured in pyproject.toml): lint, types, and the layers between packages.
check: setup-test
	$(VENV)/bin/ruff check $(CHECKED)
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# bench_solver.py needs a part: the simulator's speed and a bounded solver run (`rates` over every
# variant takes long: run it by hand).
BENCH_SOLVER_PARTS := speed;solve fortunes-favour --deals 200 --timeout 2;solve forty-thieves --deals 10 --timeout 5

bench: setup-test chromium
	$(PY) tools/catalogs.py compile
	$(PY) -m mkdocs build --strict
	@failed=""; for script in bench/*.py; do \
	  if [ $$script = bench/bench_solver.py ]; then IFS=';' read -ra runs <<< "$(BENCH_SOLVER_PARTS)"; else runs=(""); fi; \
	  for args in "$${runs[@]}"; do echo "== $$script $$args"; \
	    nice -n 10 $(PY) $$script $$args || failed="$$failed $$script $$args;"; done; done; \
	if [ -n "$$failed" ]; then echo "== these benchmarks stopped with an error:$$failed" >&2; exit 1; fi

# Extract new messages from the sources, update every language's .po, compile the changed ones.
catalogs: setup-docs
	$(PY) tools/catalogs.py

check-catalogs: setup-docs
	$(PY) tools/catalogs.py check

setup-docs: $(STAMPS)/python-docs $(STAMPS)/npm
setup-test: $(STAMPS)/python-test $(STAMPS)/npm

$(VENV)/bin/python:
	@$(PYTHON) -m venv $(VENV) || { echo >&2; \
	  echo "Could not create $(VENV) with $(PYTHON) -m venv. On Debian: apt-get install python3-venv" >&2; \
	  exit 1; }

$(STAMPS)/python-docs: pyproject.toml constraints.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -c constraints.txt -e '.[docs]'
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/python-test: pyproject.toml constraints.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -c constraints.txt -e '.[docs,test]'
	@mkdir -p $(STAMPS) && touch $@ $(STAMPS)/python-docs

$(STAMPS)/npm: package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@mkdir -p $(STAMPS) && touch $@

# The browser tests drive Debian's chromium (Playwright downloads no browser of its own).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian's chromium for the browser tests"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "The browser tests need Debian's chromium at $(CHROMIUM)." >&2; \
	    echo "Install it as root: apt-get update && apt-get install -y chromium" >&2; \
	    exit 1; \
	  fi; \
	fi

clean:
	rm -rf site build $(STAMPS) .pytest_cache
