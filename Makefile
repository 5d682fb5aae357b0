# iotyun — every target installs what it needs first.
# make run   install, build the console, migrate, seed the demo and serve http://127.0.0.1:8080/iotyun/
# make test  install and run every check: lint, Python tests (SQLite + PostgreSQL), web unit tests, browser tests

SHELL := /bin/bash
.DEFAULT_GOAL := help

# Recursive on purpose: evaluated at each use, so it finds uv once the first target has installed it.
UV = $(shell command -v uv 2>/dev/null || echo python3 -m uv)
PY := $(UV) run --frozen
NPM := npm --prefix web
HOST ?= 127.0.0.1
PORT ?= 8080
WEB_SOURCES := $(shell find web/src web/public web/index.html web/vite.config.ts web/tsconfig*.json -type f 2>/dev/null)

.PHONY: uv help install install-py install-web install-broker install-video install-browser install-bench web run serve migrate seed test test-py test-web test-e2e lint lint-py-and-types lint-web fmt gen bench clean

help:
	@echo "make run    install, build, migrate, seed the demo and serve the console at http://$(HOST):$(PORT)/iotyun/"
	@echo "make test   install and run lint, Python, web unit and browser tests"
	@echo "make lint | fmt | gen | migrate | seed | bench | clean"

# --- install ----------------------------------------------------------------------------------------------------

uv:
	@command -v uv >/dev/null 2>&1 || python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet uv

.venv/.stamp: uv.lock pyproject.toml | uv
	$(UV) sync --frozen
	@touch $@

web/node_modules/.stamp: web/package-lock.json web/package.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

install-py: .venv/.stamp install-broker install-video
install-web: web/node_modules/.stamp
install: install-py install-web

# Debian's mosquitto: `iotyun serve` runs it as the embedded broker. The package starts a system-wide broker on 1883
# when it is first installed, which would take the embedded one's port: when this target installed the package, that
# service is stopped and disabled. A mosquitto installed before (and whatever it runs) is left alone.
install-broker:
	@if [ ! -x /usr/sbin/mosquitto ]; then \
		echo "installing mosquitto"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq mosquitto >/dev/null; \
		if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet mosquitto 2>/dev/null; then \
			$$SUDO systemctl disable --now mosquitto >/dev/null 2>&1 || true; \
		elif [ -x /etc/init.d/mosquitto ]; then \
			$$SUDO /etc/init.d/mosquitto stop >/dev/null 2>&1 || true; \
			$$SUDO update-rc.d mosquitto disable >/dev/null 2>&1 || true; \
		fi; \
	fi

# Debian's ffmpeg: the encoder of the demo's own live stream (iotyun/video/demo_stream.py), which `make run`, the
# Python tests and the browser tests use. Without it the stream answers 503 and the players say so.
install-video:
	@if ! command -v ffmpeg >/dev/null 2>&1; then \
		echo "installing ffmpeg"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq ffmpeg >/dev/null; \
	fi

# Debian's chromium, its headless shell (what the browser tests drive: the same Blink on less processor time) and a
# CJK font (without one, Chinese renders as boxes).
install-browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromium-headless-shell >/dev/null 2>&1 \
		|| ! fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy"; then \
		echo "installing chromium, chromium-headless-shell and fonts-wqy-microhei"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium \
			chromium-headless-shell fonts-wqy-microhei >/dev/null; \
	fi

# Vite alone: `make lint` type-checks the console (tsc), which `make test` runs first.
web/dist/index.html: web/node_modules/.stamp $(WEB_SOURCES)
	cd web && npx --no-install vite build
	@touch $@

web: web/dist/index.html

# --- run --------------------------------------------------------------------------------------------------------

migrate: install-py
	$(PY) iotyun migrate

seed: migrate
	$(PY) iotyun seed --demo

# --demo: seeds the demo (idempotent) and runs its simulated gateways in-process, so live values show at once.
run: install web migrate
	$(PY) iotyun serve --demo --host $(HOST) --port $(PORT) --no-migrate

serve: run

# --- checks -----------------------------------------------------------------------------------------------------

# ESLint runs on one core for most of the lint's time; the Python checks and the type check run beside it on the
# other (each group's output is printed whole when it ends).
lint: install
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint-py-and-types lint-web

lint-py-and-types: install
	$(PY) ruff check iotyun tests bench
	$(PY) ruff format --check iotyun tests bench
	$(PY) mypy iotyun tests bench
	$(PY) lint-imports
	$(NPM) run typecheck

lint-web: install-web
	$(NPM) run lint

test-py: install-py
	$(PY) pytest -q -n 3 --durations=15

test-web: install-web
	$(NPM) test

test-e2e: install web install-browser
	$(NPM) run e2e

test: lint test-py test-web test-e2e

fmt: install
	$(PY) ruff check --fix iotyun tests
	$(PY) ruff format iotyun tests
	$(NPM) run format

gen: install
	$(PY) python -m iotyun.gen
	cd web && npx openapi-typescript src/types/openapi.gen.json -o src/types/api.gen.ts

install-bench:
	@if ! command -v wrk >/dev/null 2>&1; then \
		echo "installing wrk"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq wrk >/dev/null; \
	fi

# Every benchmark with its defaults; the device list and the report query (B9: bench/report_query.py, SQLite by
# default) also on PostgreSQL (127.0.0.1:5432), the ingest (B1, on PostgreSQL + Mosquitto by default) also on the
# embedded default (SQLite + the server's own Mosquitto). The first load (B5), the dashboards (B6: bench/dashboard.py),
# the screen designer (B7: bench/designer.py), the screen runtime (B8: bench/runtime.py) and the monitoring table
# (issue 35 point 7: bench/monitor_table.py) measure the built console in Chromium. The alarm storm (bench/alarm_storm.py, ~14 min) runs the embedded default with and without notification
# rules. The automations (bench/automations.py, issue 37 point 4) measure B1 with 1,000 enabled rules and without,
# alternated, on the embedded default and on PostgreSQL + Mosquitto.
bench: install-py install-bench web install-browser
	@for b in bench/*.py; do [ $$b = bench/compare.py ] || $(PY) python $$b || exit 1; done
	$(PY) python bench/device_list.py --db postgresql
	$(PY) python bench/ingest.py --db sqlite
	$(PY) python bench/report_query.py --db postgresql
	$(PY) python bench/automations.py --db postgresql
	$(PY) python bench/compare.py

clean:
	rm -rf .venv web/node_modules web/dist var .mypy_cache .ruff_cache .pytest_cache
