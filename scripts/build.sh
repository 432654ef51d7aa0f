#!/usr/bin/env bash
# Build everything: the Pyodide bundle with the engine wheel (build/pyodide/),
# then the site (site/) with `mkdocs build --strict`; the MkDocs hook then runs
# sitebuild/publish/postbuild.py (build/pyodide/ into site/pyodide/, quiz exports,
# sw.js, _headers, .br/.gz copies). RULES_SITE_URL: the site's address.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/build-runtime.sh
if [ ! -f mkdocs.yml ]; then
    echo "[build] нет mkdocs.yml: сайт собрать нельзя" >&2
    exit 1
fi
echo "[build] mkdocs build --strict"
# `python -m` from the repo root keeps the root on sys.path, so the hook can
# import sitebuild and rules_pkg (mkdocs restores sys.path after loading a hook).
# The end-of-life banner of Material for MkDocs is known (see DESIGN notes).
NO_MKDOCS_2_WARNING="${NO_MKDOCS_2_WARNING:-1}" .venv/bin/python -m mkdocs build --strict
echo "[build] сайт собран в site/"
