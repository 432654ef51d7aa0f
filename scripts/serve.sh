#!/usr/bin/env bash
# Set up, build and serve the site at http://127.0.0.1:8000 (PORT=... to change).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
exec .venv/bin/python sitebuild/serve.py site --host 127.0.0.1 --port "${PORT:-8000}" "$@"
