"""CPython and Pyodide give exactly the same answers.

Every request of ``tests/api_cases.py`` goes through ``rules_pkg.api.handle_json``
twice: here under CPython, and under Pyodide (CPython 3.14 compiled to WebAssembly)
in one Node process (``run_api.mjs``) that loads the wheel the way the browser
does: ``loadPackage("rules-pkg")`` through the built ``pyodide-lock.json``.

The bundle is rebuilt first when the engine's sources changed since the last
build (a no-op otherwise), so the comparison is never made against a stale wheel.

Skipped when Node or node_modules/pyodide is missing, unless the environment
variable CI is set: there a missing runtime fails the test. (The helpers are in
``pyodide_harness.py``, shared with ``test_trimmed_stdlib.py``.)
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pyodide_harness as harness  # noqa: E402

pytestmark = pytest.mark.pyodide


@pytest.fixture(scope="module")
def pyodide_run(tmp_path_factory):
    harness.built_runtime()
    cases = harness.cases()
    responses, stderr = harness.run_pyodide(tmp_path_factory.mktemp("parity"), cases)
    return cases, responses, stderr


def test_pyodide_runs_python_314(pyodide_run):
    _, _, stderr = pyodide_run
    assert "Python 3.14." in stderr, stderr


def test_cpython_and_pyodide_answer_the_same(pyodide_run):
    cases, responses, _ = pyodide_run
    harness.assert_same_as_cpython(cases, responses)
