"""Shared by the Pyodide tests: run the API cases under Pyodide in Node
(``sitebuild/runtime/pyodide_node.mjs call``, the one Node module that boots Pyodide the
way the browser's worker does) and compare them with CPython.

Missing Node, node_modules/pyodide or a runtime that cannot be built skips the
test, unless the environment variable CI is set: there it fails.
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
NODE_MODULE = ROOT / "sitebuild" / "runtime" / "pyodide_node.mjs"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

NODE_TIMEOUT = 900  # seconds, for the whole batch


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def unavailable(reason: str):
    if in_ci():
        pytest.fail(f"{reason} (CI is set: the Pyodide runtime must be there)", pytrace=False)
    pytest.skip(reason)


def cases() -> list[dict]:
    from tests.api_cases import CASES

    return list(CASES)


def cpython(request: dict) -> dict:
    from rules_pkg import api

    try:
        return json.loads(api.handle_json(json.dumps(request, ensure_ascii=False)))
    except BaseException:  # noqa: BLE001 - reported as a difference, like pyodide_node.mjs does
        return {"__exception__": traceback.format_exc()}


def node() -> str:
    """Node's path; skips (fails in CI) when Node or node_modules/pyodide is missing."""
    found = shutil.which("node")
    if found is None:
        unavailable("node is not installed")
    if not (ROOT / "node_modules" / "pyodide" / "package.json").is_file():
        unavailable("node_modules/pyodide is missing (bash scripts/setup.sh)")
    return found


def built_runtime() -> dict:
    """runtime.json after bringing build/pyodide/ up to date (a no-op when it is)."""
    node()
    from sitebuild.runtime import bundle as runtime

    try:
        return runtime.ensure_built(quiet=True)
    except runtime.BuildError as exc:
        unavailable(f"cannot build the Pyodide bundle: {exc}")


def run_node(*args: str) -> subprocess.CompletedProcess:
    """``node sitebuild/runtime/pyodide_node.mjs ARGS...``; fails the test on a non-zero exit."""
    proc = subprocess.run(
        [node(), str(NODE_MODULE), *args],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=NODE_TIMEOUT,
    )
    if proc.returncode != 0:
        pytest.fail(f"pyodide_node.mjs {args[0]} exited with {proc.returncode}:\n{proc.stderr[-4000:]}",
                    pytrace=False)
    return proc


def run_pyodide(workdir: Path, requests: list[dict], *args: str) -> tuple[list, str]:
    """Responses of ``pyodide_node.mjs call`` (extra ``args`` such as ``--stdlib ZIP``,
    ``--snapshot FILE``) and its stderr."""
    path = Path(workdir) / "requests.json"
    path.write_text(json.dumps(requests, ensure_ascii=False), encoding="utf-8")
    proc = run_node("call", str(path), *args)
    try:
        responses = json.loads(proc.stdout)
    except json.JSONDecodeError as exc:
        pytest.fail(f"pyodide_node.mjs call printed no JSON ({exc}): {proc.stdout[:500]!r}", pytrace=False)
    return responses, proc.stderr


def _pretty(value) -> list[str]:
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True).splitlines()


def assert_same_as_cpython(requests: list[dict], responses: list, where: str = "Pyodide") -> None:
    """Every response equals CPython's, and none is a Python exception."""
    assert len(requests) > 0, "tests/api_cases.py has no cases"
    assert len(responses) == len(requests), (len(responses), len(requests))
    differing = []
    for index, (request, theirs) in enumerate(zip(requests, responses)):
        ours = cpython(request)
        if ours != theirs or "__exception__" in ours:
            differing.append((index, request, ours, theirs))
    if differing:
        index, request, ours, theirs = differing[0]
        diff = "\n".join(
            difflib.unified_diff(_pretty(ours), _pretty(theirs), "CPython", where, lineterm="", n=2)
        )
        if len(diff) > 6000:
            diff = diff[:6000] + "\n..."
        if not diff:  # equal, but both raised
            diff = ours.get("__exception__", "")
        pytest.fail(
            f"{len(differing)} of {len(requests)} cases differ; first: case #{index}\n"
            f"request: {json.dumps(request, ensure_ascii=False)}\n{diff}",
            pytrace=False,
        )
