#!/usr/bin/env bash
# Set up, build and serve the site at http://127.0.0.1:8000 (PORT=... to change).
# The build gets the address it is served at (RULES_SITE_URL, unless given):
# mkdocs-material's instant navigation only follows links of the site's own
# sitemap, so moving between pages keeps the rules engine running.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export RULES_SITE_URL="${RULES_SITE_URL:-http://127.0.0.1:${PORT:-8000}/}"
bash scripts/setup.sh
bash scripts/build.sh
exec .venv/bin/python sitebuild/publish/serve.py site --host 127.0.0.1 --port "${PORT:-8000}" "$@"
