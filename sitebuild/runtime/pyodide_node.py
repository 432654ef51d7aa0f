"""Runs Python code in Pyodide under Node (``sitebuild/runtime/pyodide_node.mjs``, commands
``compile`` and ``trace``) for the build steps that need Pyodide's own interpreter: the
trimmed standard library (stdlib_trim), the byte-code wheel (wheel_bytecode).

Imports no other ``sitebuild`` module but ``project``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

try:
    from ..project import NODE_PYODIDE, ROOT
except ImportError:  # run as a plain script: sitebuild/runtime/ itself is on sys.path
    import sys
    sys.path.append(str(Path(__file__).resolve().parents[1]))  # sitebuild/, for project.py
    from project import NODE_PYODIDE, ROOT  # type: ignore[no-redef]

#: The Node side (booting Pyodide, the trace's stages). Only Python code lives in this file.
NODE_MODULE = Path(__file__).resolve().with_name("pyodide_node.mjs")
NODE_TIMEOUT = 600


class PyodideNodeError(RuntimeError):
    """Node or Pyodide is missing, or the code run in it failed."""


def node_binary() -> str:
    node = shutil.which("node")
    if node is None:
        raise PyodideNodeError("node is not installed: the trimmed standard library is built by Pyodide in Node")
    return node


def run_in_pyodide(code: str, input_path: Path, out: Path, **args) -> object:
    """Run Python ``code`` in Pyodide (Node) with ``input_path`` at /tmp/in.zip; what it
    writes to /tmp/out.zip is saved to ``out``. ``ARGS`` holds ``args`` as JSON text.
    Returns the value of the code's last expression."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="stdlib-trim-") as tmp:
        code_file = Path(tmp) / "code.py"
        code_file.write_text(code, encoding="utf-8")
        stdout = run_node("compile", str(code_file), str(Path(input_path).resolve()), str(out.resolve()),
                           "--args", json.dumps(args))
    return json.loads(stdout.strip().splitlines()[-1]).get("value")


def run_node(*argv: str) -> str:
    """``node sitebuild/runtime/pyodide_node.mjs ARGV...``; its stdout."""
    node = node_binary()
    if not (NODE_PYODIDE / "pyodide.mjs").is_file():
        raise PyodideNodeError("node_modules/pyodide is missing: run scripts/setup.sh (npm ci)")
    proc = subprocess.run([node, str(NODE_MODULE), *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=NODE_TIMEOUT)
    if proc.returncode != 0:
        raise PyodideNodeError(
            f"Pyodide in Node ({argv[0]}) failed ({proc.returncode}):\n{(proc.stderr or proc.stdout)[-4000:]}"
        )
    return proc.stdout


def trace_in_node(args: dict) -> dict:
    with tempfile.TemporaryDirectory(prefix="stdlib-trace-") as tmp:
        args_file, out_file = Path(tmp) / "args.json", Path(tmp) / "result.json"
        args_file.write_text(json.dumps(args), encoding="utf-8")
        run_node("trace", str(args_file), str(out_file))
        return json.loads(out_file.read_text(encoding="utf-8"))
