"""sitebuild/runtime/pyodide_node.mjs, the one way to run Pyodide outside the browser.

Its ``call`` command is exercised by test_parity.py and test_trimmed_stdlib.py
(the whole API suite), ``compile`` and ``trace`` by every runtime build
(sitebuild/runtime/stdlib_trim.py, sitebuild/runtime/wheel_bytecode.py). Here: the command line,
``boot`` on both paths, ``compile``, and a broken snapshot refused.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pyodide_harness as harness  # noqa: E402

pytestmark = pytest.mark.pyodide


def _node(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([harness.node(), str(harness.NODE_MODULE), *args], cwd=harness.ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("args", [(), ("nonsense",), ("boot", "--bogus"), ("call",), ("boot", "--index")])
def test_bad_command_lines_exit_2_with_usage(args):
    proc = _node(*args)
    assert proc.returncode == 2, proc.stderr
    assert "usage: node sitebuild/runtime/pyodide_node.mjs" in proc.stderr


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory):
    harness.built_runtime()
    path = tmp_path_factory.mktemp("node") / "engine.snapshot"
    made = json.loads(harness.run_node("snapshot", str(path)).stdout.strip().splitlines()[-1])
    assert made["bytes"] == path.stat().st_size
    return path


def _boot(*args: str) -> dict:
    return json.loads(harness.run_node("boot", *args).stdout.strip().splitlines()[-1])


def test_boot_takes_the_normal_path_and_then_the_snapshot(snapshot):
    normal = _boot()
    restored = _boot("--snapshot", str(snapshot))
    assert normal["path"] == "normal" and restored["path"] == "snapshot"
    for row in (normal, restored):
        assert row["total"] >= row["load"] > 0


def test_a_corrupt_snapshot_fails_the_boot(snapshot, tmp_path):
    bad = tmp_path / "bad.snapshot"
    data = bytearray(snapshot.read_bytes())
    data[:64] = bytes(64)
    bad.write_bytes(bytes(data))
    proc = _node("boot", "--snapshot", str(bad))
    assert proc.returncode == 1


def test_compile_runs_python_on_a_zip(tmp_path):
    harness.node()
    src = tmp_path / "in.zip"
    with zipfile.ZipFile(src, "w") as zf:
        zf.writestr("a.txt", "привет")
    code = tmp_path / "code.py"
    code.write_text(
        "import json, sys, zipfile\n"
        "n = json.loads(ARGS)['n']\n"
        "data = zipfile.ZipFile('/tmp/in.zip').read('a.txt') * n\n"
        "with zipfile.ZipFile('/tmp/out.zip', 'w') as z:\n"
        "    z.writestr('b.txt', data)\n"
        "'%d.%d' % sys.version_info[:2]\n", encoding="utf-8")
    out = tmp_path / "out.zip"
    proc = harness.run_node("compile", str(code), str(src), str(out), "--args", '{"n": 2}')
    assert json.loads(proc.stdout.strip().splitlines()[-1])["value"] == "3.14"
    assert zipfile.ZipFile(out).read("b.txt").decode() == "приветпривет"
