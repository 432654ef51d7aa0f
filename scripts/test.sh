#!/usr/bin/env bash
# Set up, build and run every test (unit, property, Pyodide parity, browser).
# Extra arguments go to pytest, e.g.  bash scripts/test.sh -k parity -x
# RULES_TEST_WORKERS=N runs the tests in N processes (pytest-xdist, whole files per process:
# --dist loadfile keeps each file's shared page in one process). The default is one process:
# on this 2-core machine 4 processes overloaded it (load 26, timing-sensitive browser tests
# failed) and 2 were no faster (85 % of the suite in 43 min, against 51 min in one process),
# since every browser test boots Pyodide (notes/ci-time.md).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
echo "[test] pytest"
workers="${RULES_TEST_WORKERS:-0}"
# The 25 slowest tests are listed at the end: where CI's time goes (notes/ci-time.md).
if [ "$workers" = "0" ]; then
    exec .venv/bin/python -m pytest --durations=25 "$@"
fi
exec .venv/bin/python -m pytest -n "$workers" --dist loadfile --durations=25 "$@"
