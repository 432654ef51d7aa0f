#!/usr/bin/env bash
# Set up, build and run every test (unit, property, Pyodide parity, browser).
# Extra arguments go to pytest, e.g.  bash scripts/test.sh -k parity -x
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
echo "[test] pytest"
exec .venv/bin/python -m pytest "$@"
