"""The share link's decoder (docs/assets/js/match-link.js) under ``node --test``:
tests/js/match-link.test.mjs (round trip; a small link that would inflate past
MAX_DECODED is refused before it is unpacked)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_match_link_js_unit_tests_pass():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--test", str(ROOT / "tests" / "js" / "match-link.test.mjs")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout
