#!/usr/bin/env bash
# Set up, build and run every test (unit, property, Pyodide parity, browser).
# Extra arguments go to one pytest process, e.g.  bash scripts/test.sh -k parity -x
# Without arguments the suite runs in two processes side by side (notes/ci-time.md):
# the Chromium tests (tests/browser: they mostly wait on the browser, under one core)
# and every other test (CPU-bound: the engine, properties, Pyodide in Node, the three
# engines of tests/xengine). The other process's report is printed when both are done;
# the run fails if either fails.
# RULES_TEST_WORKERS=N runs the tests in N pytest-xdist processes instead (whole files
# per process: --dist loadfile keeps each file's shared page in one process). On this
# 2-core machine 2 or 4 such processes overloaded it: each of them ran browser tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
echo "[test] pytest"
workers="${RULES_TEST_WORKERS:-0}"
# The slowest tests are listed at the end: where CI's time goes (notes/ci-time.md).
if [ "$workers" != "0" ]; then
    exec .venv/bin/python -m pytest -n "$workers" --dist loadfile --durations=25 "$@"
fi
if [ "$#" -gt 0 ]; then
    exec .venv/bin/python -m pytest --durations=25 "$@"
fi
other_log="$(mktemp "${TMPDIR:-/tmp}/rules-test-other.XXXXXX")"
.venv/bin/python -m pytest tests --ignore=tests/browser --durations=15 >"$other_log" 2>&1 &
other=$!
trap 'if [ -n "$other" ]; then kill "$other" 2>/dev/null || true; fi; rm -f "$other_log"' EXIT
echo "[test] браузерные тесты (Chromium) здесь; остальные идут рядом, в процессе $other, их отчёт — в конце"
browser_rc=0
.venv/bin/python -m pytest tests/browser --durations=25 || browser_rc=$?
other_rc=0
wait "$other" || other_rc=$?
other=""
echo "[test] остальные тесты (шли рядом с браузерными):"
cat "$other_log"
echo "[test] браузерные: код $browser_rc; остальные: код $other_rc"
if [ "$browser_rc" != 0 ] || [ "$other_rc" != 0 ]; then
    exit 1
fi
