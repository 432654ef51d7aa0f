"""CPython and Pyodide give exactly the same answers.

Every request of ``tests/api_cases.py`` goes through ``rules_pkg.api.handle_json``
twice: here under CPython, and under Pyodide (CPython 3.14 compiled to WebAssembly)
in one Node process (``run_api.mjs``) that loads the wheel the way the browser
does: ``loadPackage("rules-pkg")`` through the built ``pyodide-lock.json``.

The bundle is rebuilt first when the engine's sources changed since the last
build (a no-op otherwise), so the comparison is never made against a stale wheel.

Skipped when Node or node_modules/pyodide is missing, unless the environment
variable CI is set: there a missing runtime fails the test.
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_api.mjs")
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

pytestmark = pytest.mark.pyodide

NODE_TIMEOUT = 900  # seconds, for the whole batch


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _unavailable(reason: str):
    if _in_ci():
        pytest.fail(f"{reason} (CI is set: the Pyodide runtime must be there)", pytrace=False)
    pytest.skip(reason)


def _cases() -> list[dict]:
    from tests.api_cases import CASES

    return list(CASES)


def _cpython(request: dict) -> dict:
    from rules_pkg import api

    try:
        return json.loads(api.handle_json(json.dumps(request, ensure_ascii=False)))
    except BaseException:  # noqa: BLE001 - reported as a difference, like run_api.mjs does
        return {"__exception__": traceback.format_exc()}


@pytest.fixture(scope="module")
def pyodide_run(tmp_path_factory):
    node = shutil.which("node")
    if node is None:
        _unavailable("node is not installed")
    if not (ROOT / "node_modules" / "pyodide" / "package.json").is_file():
        _unavailable("node_modules/pyodide is missing (bash scripts/setup.sh)")
    from sitebuild import runtime

    try:
        runtime.ensure_built(quiet=True)
    except runtime.BuildError as exc:
        _unavailable(f"cannot build the Pyodide bundle: {exc}")

    cases = _cases()
    requests = tmp_path_factory.mktemp("parity") / "requests.json"
    requests.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    proc = subprocess.run(
        [node, str(RUNNER), str(requests)],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=NODE_TIMEOUT,
    )
    if proc.returncode != 0:
        pytest.fail(f"run_api.mjs exited with {proc.returncode}:\n{proc.stderr[-4000:]}", pytrace=False)
    try:
        responses = json.loads(proc.stdout)
    except json.JSONDecodeError as exc:
        pytest.fail(f"run_api.mjs printed no JSON ({exc}): {proc.stdout[:500]!r}", pytrace=False)
    return cases, responses, proc.stderr


def test_pyodide_runs_python_314(pyodide_run):
    _, _, stderr = pyodide_run
    assert "Python 3.14." in stderr, stderr


def _pretty(value) -> list[str]:
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True).splitlines()


def test_cpython_and_pyodide_answer_the_same(pyodide_run):
    cases, responses, _ = pyodide_run
    assert len(cases) > 0, "tests/api_cases.py has no cases"
    assert len(responses) == len(cases), (len(responses), len(cases))
    differing = []
    for index, (request, theirs) in enumerate(zip(cases, responses)):
        ours = _cpython(request)
        if ours != theirs or "__exception__" in ours:
            differing.append((index, request, ours, theirs))
    if differing:
        index, request, ours, theirs = differing[0]
        diff = "\n".join(
            difflib.unified_diff(_pretty(ours), _pretty(theirs), "CPython", "Pyodide", lineterm="", n=2)
        )
        if len(diff) > 6000:
            diff = diff[:6000] + "\n..."
        if not diff:  # equal, but both raised
            diff = ours.get("__exception__", "")
        pytest.fail(
            f"{len(differing)} of {len(cases)} cases differ; first: case #{index}\n"
            f"request: {json.dumps(request, ensure_ascii=False)}\n{diff}",
            pytrace=False,
        )
