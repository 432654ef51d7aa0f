"""Hostile text under Pyodide: refused in little time and without growing the
WebAssembly heap (it was about 670 MB, never released, for a 3.9-million-character
string before the linear guard), with the same answer as CPython."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pyodide_harness as harness  # noqa: E402

pytestmark = pytest.mark.pyodide

ATTACKS = {
    "3.9M-char string": '{"op": "describe", "game": "' + "x" * 3_900_000 + '"}',
    "20 000 escaped quotes, unterminated": '{"op": "describe", "game": "' + '\\"' * 20_000,
    "2M escaped quotes, unterminated": '{"op": "describe", "game": "' + '\\"' * 1_950_000,
    "deep arrays": "[" * 1_000_000,
    "NaN": '{"op": "describe", "game": NaN}',
    "lone surrogate": '{"op": "describe", "game": "\\ud800"}',
    "huge integer": '{"op": "describe", "game": ' + "9" * 100_000 + "}",
}


def test_hostile_text_is_refused_cheaply_under_pyodide(tmp_path):
    harness.built_runtime()
    path = tmp_path / "attacks.json"
    path.write_text(json.dumps(ATTACKS), encoding="utf-8")
    done = subprocess.run([harness.node(), str(Path(__file__).with_name("hostile_text.mjs")), str(path)],
                          cwd=harness.ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    from rules_pkg.api import handle_json

    for name, got in result["attacks"].items():
        assert got["response"] == json.loads(handle_json(ATTACKS[name])), name
        assert not got["response"]["ok"] and got["response"]["error"]["code"] == "input"
        assert got["ms"] < 5000, (name, got["ms"])
        assert got["heap"] - result["start_heap"] < 64 * 2**20, (name, got["heap"] / 2**20)
