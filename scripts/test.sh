#!/usr/bin/env bash
# Set up, build and run every test (unit, property, Pyodide parity, browser).
# Extra arguments go to pytest, e.g.  bash scripts/test.sh -k parity -x
# Tests run in RULES_TEST_WORKERS processes (default 2, whole files per process: pytest-xdist
# --dist loadfile keeps each file's shared page in one process). The browser tests mostly wait
# on page loads, so one process left the 2 cores idle half the time (4 processes overloaded them:
# load 26, timing-sensitive browser tests failed); RULES_TEST_WORKERS=0 runs
# everything in one process.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
echo "[test] pytest"
workers="${RULES_TEST_WORKERS:-2}"
if [ "$workers" = "0" ]; then
    exec .venv/bin/python -m pytest "$@"
fi
exec .venv/bin/python -m pytest -n "$workers" --dist loadfile "$@"
