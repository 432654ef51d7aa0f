#!/usr/bin/env bash
# Build the rules_pkg wheel (build/wheel/) and the self-hosted Pyodide bundle
# (build/pyodide/<version>/ + build/pyodide/runtime.json). No-op when nothing changed;
# --force rebuilds. See sitebuild/runtime/bundle.py.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [ ! -x .venv/bin/python ]; then
    echo "[runtime] нет .venv: сначала bash scripts/setup.sh" >&2
    exit 1
fi
exec .venv/bin/python -m sitebuild.runtime "$@"
