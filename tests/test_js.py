"""The page's JavaScript: `tsc --noEmit` (tsconfig.json: the // @ts-check modules
with their JSDoc types) is clean, and the `node --test` suites (tests/js/) of
the DOM-free controllers pass. Part of the README's test command."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TSC = ROOT / "node_modules" / ".bin" / "tsc"


def test_typescript_check_is_clean():
    if not TSC.exists():
        pytest.fail("node_modules/.bin/tsc нет: запустите bash scripts/setup.sh")
    result = subprocess.run([str(TSC), "--noEmit", "-p", "tsconfig.json"], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_node_test_suites_pass():
    node = shutil.which("node")
    assert node, "нужен Node"
    suites = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert suites
    result = subprocess.run([node, "--test", *suites], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout
