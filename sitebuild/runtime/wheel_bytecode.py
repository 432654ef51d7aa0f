"""The engine's wheel as Python 3.14 byte code, for the browser (build time only).

``sitebuild/runtime/bundle.py`` ships ``build/pyodide/<version>/rules_pkg-<v>-py3-none-any.whl``
made by this module from the source wheel in ``build/wheel/``: every module of the
package is compiled by Pyodide's own CPython (in Node, through
``pyodide_node.run_in_pyodide``, so the magic number is Pyodide's) to an unchecked
hash-based ``.pyc`` that takes the place of its ``.py`` (a sourceless import), and
``RECORD`` lists the new files with their hashes. The ``.dist-info`` is unchanged
otherwise. Entries are sorted and dated 1980-01-01: the same sources give the same
bytes.

Why: importing the engine from source compiles ~275 KB of Python at every start,
about a third of the import (profiled in Node). On the emulated phone (CPU 4x) the
byte code saved ~0.3 s per start, for ~90 KB more on the first visit
(``scripts/bench.py --variant wheel-source`` measures the other way round).
A traceback from inside the engine then shows no source lines (nor line numbers,
below); the worker only shows the error's last line anyway.

**Smaller.** The byte code is compiled with ``optimize=2`` (no docstrings; the engine
has no ``assert`` and reads no ``__doc__`` but the command line's, which the browser
never runs) and without line tables (``co_linetable`` emptied in every code object:
a traceback then names the file and the function, not the line). The wheel on the
wire: 264 KB -> about 160 KB, the largest part of what the first visit loads beyond
bare Pyodide (issue 19). The Pyodide parity suite runs the whole API on this wheel.
"""

from __future__ import annotations

from pathlib import Path

try:
    from .pyodide_node import PyodideNodeError, run_in_pyodide
except ImportError:  # run as a plain script: sitebuild/runtime/ itself is on sys.path
    from pyodide_node import PyodideNodeError, run_in_pyodide  # type: ignore[no-redef]

#: Runs in Pyodide: /tmp/in.zip (the source wheel) -> /tmp/out.zip. Returns the
#: number of modules compiled.
_COMPILE_PY = r"""
import base64, csv, hashlib, io, sys, zipfile, importlib.util
import importlib._bootstrap_external as _be

def _record_hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "sha256=" + digest

def _stripped(code):
    # code and the code objects in its constants, without line tables
    consts = tuple(_stripped(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)

def _compile_wheel():
    site = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
    items, compiled, record_name = [], 0, None
    with zipfile.ZipFile("/tmp/in.zip") as zin:
        for info in zin.infolist():
            name, data = info.filename, zin.read(info)
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            if name.endswith(".py") and ".dist-info/" not in name:
                code = _stripped(compile(data, site + name, "exec", dont_inherit=True, optimize=2))
                data = _be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                name += "c"
                compiled += 1
            items.append((name, data))
    if record_name is None:
        raise ValueError("the wheel has no RECORD")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for name, data in sorted(items):
        writer.writerow([name, _record_hash(data), len(data)])
    writer.writerow([record_name, "", ""])
    items.append((record_name, out.getvalue().encode()))
    with zipfile.ZipFile("/tmp/out.zip", "w") as zout:
        for name, data in sorted(items):
            zi = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            zi.create_system = 3
            zi.external_attr = 0o100644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(zi, data, compresslevel=9)
    return compiled

_compile_wheel()
"""


def compile_wheel(source: Path, dest: Path) -> int:
    """Write ``dest``: the wheel ``source`` with its modules as byte code. Returns how many."""
    count = run_in_pyodide(_COMPILE_PY, Path(source).resolve(), Path(dest).resolve())
    if not isinstance(count, int) or count <= 0:
        raise PyodideNodeError(f"{source.name}: no module was compiled ({count!r})")
    return count
