# Embarque Legal — the two commands a newcomer needs:
#   make run    install everything, build the search index, load demo data, serve on http://127.0.0.1:8000
#   make test   install everything the tests need and run the whole suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
DATA_DIR ?= var
HOST   ?= 127.0.0.1
PORT   ?= 8000
export PORTAL_DATA_DIR ?= $(abspath $(DATA_DIR))

.PHONY: run test test-fast eval eval-heldout fit install install-test index demo drills translations translations-extract translations-update benchmarks clean

# pip's own notices (setuptools' generic "editable installation" notice, index
# warnings) go to $(VENV)/install.log; the log is shown in full only if pip fails.
PIP_LOG := $(VENV)/install.log
PIP_INSTALL = $(BIN)/pip install --quiet --disable-pip-version-check
# The long installs: pip's lines go to the log, and a line every 10 s says how far it got.
PIP_INSTALL_PROGRESS = bash scripts/with-progress.sh $(PIP_LOG) $(BIN)/pip install --disable-pip-version-check --progress-bar off

$(BIN)/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is required (found %s)" % sys.version.split()[0]'
	@echo "Criando o ambiente Python em $(VENV)/"
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip >$(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@echo "Instalando o portal e suas dependências (pyproject.toml)…"
	@$(PIP_INSTALL_PROGRESS) -e . || { cat $(PIP_LOG); exit 1; }
	@$(BIN)/python -c 'import importlib.metadata as m; print("  instalado: embarque-legal %s (Flask %s, Whoosh %s, Pillow %s); detalhes em $(PIP_LOG)" % tuple(m.version(p) for p in ("embarque-legal", "flask", "whoosh-reloaded", "pillow")))'
	@touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	@echo "Instalando as ferramentas de teste (pytest, Playwright, Hypothesis…)"
	@$(PIP_INSTALL_PROGRESS) -e ".[test]" || { cat $(PIP_LOG); exit 1; }
	@touch $@

install: $(VENV)/.installed translations
	@bash scripts/install-wordlist.sh

install-test: install $(VENV)/.installed-test
	@bash scripts/install-test-deps.sh

## Compile the interface translations (pt_BR is the source language).
translations: $(VENV)/.installed
	@if ls portal/translations/*/LC_MESSAGES/messages.po >/dev/null 2>&1; then \
		$(BIN)/pybabel -q compile -d portal/translations && \
		echo "  traduções compiladas: $$(ls portal/translations | grep -v '\.pot$$' | tr '\n' ' ')"; fi

## Extract the marked strings into messages.pot and merge them into each catalog.
translations-extract: $(VENV)/.installed
	$(BIN)/pybabel extract -F babel.cfg -k _l -o portal/translations/messages.pot --no-location --sort-output --project "Embarque Legal" .

translations-update: translations-extract
	$(BIN)/pybabel update -i portal/translations/messages.pot -d portal/translations --no-fuzzy-matching

## Build the search index only when the statutes or the indexing code changed.
index: install
	@$(BIN)/flask --app app index build --if-stale --resumo

## Demonstration registry (only when no real registry was imported).
demo: install
	@$(BIN)/flask --app app registry demo

# The address is printed by the first gunicorn worker once it has warmed up (PORTAL_READY_LINE,
# gunicorn.conf.py), so the first request after it never waits for the warm-up (issue #31); gunicorn's
# own start-up lines ("Listening at", one "Booting worker" per process) stay out unless PORTAL_LOG_LEVEL says so.
run: install index demo
	@echo ""
	@echo "Iniciando o portal: cada processo carrega as leis antes de atender (alguns segundos)…"
	@# The channels' worker (WhatsApp, Telegram) beside gunicorn; it exits at once when PORTAL_CHANNELS is empty.
	@# Links in receipts and QR codes are built on PORTAL_BASE_URL: unless set, the address served here.
	@export PORTAL_BASE_URL="$${PORTAL_BASE_URL:-http://$(HOST):$(PORT)}"; \
	 $(BIN)/flask --app app channels worker --if-enabled & worker=$$!; \
	 trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	 PORTAL_READY_LINE="Embarque Legal em http://$(HOST):$(PORT)  (dados em $(PORTAL_DATA_DIR); Ctrl+C para parar)" \
	 PORTAL_LOG_LEVEL="$${PORTAL_LOG_LEVEL:-warning}" \
	 PORTAL_BIND=$(HOST):$(PORT) $(BIN)/gunicorn --config gunicorn.conf.py app:app

## The suite split over the machine's cores by pytest-xdist (one worker per core, at most 8: each
## worker has a Redis database of its own, tests/conftest.py).  worksteal: each worker starts on a
## contiguous half, so a module's fixtures are mostly built once, and an idle worker takes tests
## from a busy one.  TEST_WORKERS=0 runs everything in this one process.  The browser tests' screenshots
## (reviewers' material, not checks) are left out unless E2E_SCREENSHOTS=1.
TEST_WORKERS ?= auto
TEST_XDIST = -n $(TEST_WORKERS) --maxprocesses 8 --dist worksteal --durations=15

test: install-test
	E2E_SCREENSHOTS=$${E2E_SCREENSHOTS:-0} $(BIN)/python -m pytest $(TEST_XDIST)

## The evaluation sets (evaluation/sets.yaml), outside the test suite: figures written to
## evaluation/results/<date>.md, floors (evaluation/floors.yaml) asserted.  CI runs it after `make test`.
eval: install
	$(BIN)/python -m evaluation.run --quiet

## Refit the reader of stories (knowledge/reader/fitted.json) after a change to the fine tables, the unit
## questions, the lexicon or the development stories; tests/test_reader.py fails while it is stale.
## The threshold of "facts told or a situation asked about" (knowledge/assistant/telling.json) after a change
## to the narratives or the unit questions; tests/test_telling.py fails while it is stale.
## Then the law answers' confidence (knowledge/assistant/confidence.json): every development question is
## answered once and its candidates recorded (slow: ~30 min), then the model is fitted on them.
fit: install
	$(BIN)/python -m evaluation.fit_reader
	$(BIN)/python -m evaluation.fit_telling
	$(BIN)/python -m evaluation.fit_law collect
	$(BIN)/python -m evaluation.fit_law fit

## A held-out set, run once (SET=name): only aggregates, recorded with the commit.
eval-heldout: install
	$(BIN)/python -m evaluation.run --heldout $(SET)

## For the edit-test loop (developers; CI runs `make test`): everything but the browser
## tests (tests/e2e), the API fuzzing and the multi-process drills (markers in pyproject.toml).
test-fast: install-test
	$(BIN)/python -m pytest $(TEST_XDIST) -q --ignore=tests/e2e --ignore=tests/test_api_fuzz.py -m "not fuzz and not drill"

benchmarks: install
	@scripts/install-bench-deps.sh
	$(BIN)/python benchmarks/search.py
	$(BIN)/python benchmarks/lookup.py
	$(BIN)/python benchmarks/history.py
	$(BIN)/python benchmarks/http_load.py
	$(BIN)/python benchmarks/assistant.py
	$(BIN)/python benchmarks/memory.py

## Load and fault drills against a real gunicorn (5,000 complaints, worker killed, DB locked/read-only, index missing/corrupt).
drills: install
	$(BIN)/python benchmarks/faults.py

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis
