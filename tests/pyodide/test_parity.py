"""CPython and Pyodide give exactly the same answers.

Every request of ``tests/api_cases.py`` goes through ``rules_pkg.api.handle_json``
twice: here under CPython, and under Pyodide (CPython 3.14 compiled to WebAssembly)
in one Node process (``sitebuild/runtime/pyodide_node.mjs call``) that boots the built
bundle the way the browser's worker does (trimmed standard library, the byte-code
wheel unpacked into site-packages) -- and once more in an interpreter restored
from a memory snapshot (``pyodide_node.mjs snapshot``), as a repeat visit does.

The bundle is rebuilt first when the engine's sources changed since the last
build (a no-op otherwise), so the comparison is never made against a stale wheel.

Skipped when Node or node_modules/pyodide is missing, unless the environment
variable CI is set: there a missing runtime fails the test. (The helpers are in
``pyodide_harness.py``, shared with ``test_trimmed_stdlib.py``.)
"""

from __future__ import annotations

import json
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


@pytest.fixture(scope="module")
def snapshot_run(tmp_path_factory):
    harness.built_runtime()
    work = tmp_path_factory.mktemp("snapshot")
    snapshot = work / "engine.snapshot"
    made = harness.run_node("snapshot", str(snapshot))
    cases = harness.cases()
    responses, stderr = harness.run_pyodide(work, cases, "--snapshot", str(snapshot))
    return cases, responses, stderr, made.stdout


def test_the_snapshot_run_was_restored_from_the_snapshot(snapshot_run):
    _, _, stderr, made = snapshot_run
    assert json.loads(made.strip().splitlines()[-1])["bytes"] > 1_000_000
    assert "boot: snapshot" in stderr, stderr


def test_an_interpreter_restored_from_a_snapshot_answers_as_cpython(snapshot_run):
    cases, responses, _, _ = snapshot_run
    harness.assert_same_as_cpython(cases, responses, "Pyodide restored from a snapshot")
