# make run  — set everything up and start the online server (http://127.0.0.1:8000, SQLite)
# make play — set everything up and start the terminal game menu
# make test — set everything up, run mypy --strict on all of src, then every test
# make test-fast — set everything up, then every test not marked slow (no PostgreSQL, no browser)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run play test test-fast bench install install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Installed once, and again only when pyproject.toml changes (make run does not reinstall each time).
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

install: $(VENV)/.installed

install-test: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,rl,tune]' -e examples/toy-game

run: install
	$(BIN)/dreamtable serve

play: install
	$(BIN)/dreamtable

# The server tests run against a real PostgreSQL too: .ci/postgres.sh installs (Debian's postgresql),
# starts it on loopback and prints its URL, unless DREAMTABLE_TEST_PG already names one. The browser
# tests drive Debian's chromium; .ci/browser.sh installs it and axe-core (npm) and prints axe's path.
test: install-test
	$(BIN)/mypy
	DREAMTABLE_TEST_PG="$${DREAMTABLE_TEST_PG:-$$(.ci/postgres.sh)}" \
	DREAMTABLE_TEST_AXE="$${DREAMTABLE_TEST_AXE:-$$(.ci/browser.sh)}" $(BIN)/pytest

# The edit-test loop: the kit's checks, the rules, the terminal and the server on SQLite. The tests
# marked slow (statistical and strength tests, PostgreSQL, the browser, load and long runs) wait for
# make test.
test-fast: install-test
	$(BIN)/pytest -m "not slow"

bench: install
	$(BIN)/dreamtable bench

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache
