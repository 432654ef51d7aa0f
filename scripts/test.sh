#!/usr/bin/env bash
# Set up, build and run every test (unit, property, Pyodide parity, browser).
# Extra arguments go to pytest, e.g.  bash scripts/test.sh -k parity -x
# The tests run in two processes (pytest-xdist, whole files per process: --dist loadfile keeps
# each file's shared page in one process): on this 2-core machine the whole run took 24 min against 34 in one,
# since a browser test's page answers through MicroPython and leaves half the CPU idle
# (notes/ci-time.md). RULES_TEST_WORKERS=N sets the number; 0 runs one process (to debug).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
echo "[test] pytest"
workers="${RULES_TEST_WORKERS:-2}"
# The 25 slowest tests are listed at the end: where CI's time goes (notes/ci-time.md);
# RULES_TEST_DURATIONS=0 lists every test's time (to see how the two processes share the files).
durations="${RULES_TEST_DURATIONS:-25}"
if [ "$workers" = "0" ]; then
    exec .venv/bin/python -m pytest --durations="$durations" "$@"
fi
exec .venv/bin/python -m pytest -n "$workers" --dist loadfile --durations="$durations" "$@"
