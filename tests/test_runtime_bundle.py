"""Checks on the built Pyodide bundle (build/pyodide/, made by scripts/build-runtime.sh).

Not run against a stale build: the bundle is brought up to date first (a no-op
when nothing changed). Skipped when the runtime cannot be built here, unless the
environment variable CI is set, where that fails.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# python_stdlib.zip: the worker boots the trimmed one (stdLibURL, runtime.json "stdlib").
NOT_SHIPPED = ("python_stdlib.zip", "pyodide.js", "pyodide.d.ts", "ffi.d.ts", "pyodide.mjs.map", "pyodide.js.map",
               "console.html", "console-v2.html", "package.json", "README.md")


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="module")
def bundle():
    from sitebuild.runtime import bundle as runtime

    try:
        info = runtime.ensure_built(quiet=True)
    except runtime.BuildError as exc:
        if _in_ci():
            pytest.fail(f"cannot build the Pyodide bundle: {exc}", pytrace=False)
        pytest.skip(f"cannot build the Pyodide bundle: {exc}")
    folder = ROOT / "build" / "pyodide" / info["version"]
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    return info, folder, lock


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_runtime_json_matches_package_json(bundle):
    info, _, _ = bundle
    on_disk = json.loads((ROOT / "build" / "pyodide" / "runtime.json").read_text(encoding="utf-8"))
    assert on_disk == info
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    assert info["version"] == pinned
    assert info["package"] == "rules-pkg"
    assert info["python"].startswith("3.14.")


def test_runtime_files_exist(bundle):
    info, folder, _ = bundle
    for name in (*RUNTIME_FILES, "pyodide-lock.json", info["wheel"], info["stdlib"]):
        assert (folder / name).is_file(), name
        assert (folder / name).stat().st_size == info["files"][name], name
    upstream = ROOT / "node_modules" / "pyodide"
    for name in RUNTIME_FILES:
        assert _sha256(folder / name) == _sha256(upstream / name), f"{name} differs from node_modules"
    for name in NOT_SHIPPED:
        assert not (folder / name).exists(), f"{name} is not needed at run time"
    assert sorted(p.name for p in folder.iterdir()) == sorted(info["files"])


def test_lock_lists_the_wheel_with_its_sha256(bundle):
    info, folder, lock = bundle
    entry = lock["packages"][info["package"]]
    assert entry["name"] == info["package"]
    assert entry["file_name"] == info["wheel"]
    assert entry["package_type"] == "package"
    assert entry["depends"] == []
    assert "rules_pkg" in entry["imports"]
    assert entry["sha256"] == _sha256(folder / info["wheel"]) == info["wheel_sha256"]
    assert info["lock_sha256"] == _sha256(folder / "pyodide-lock.json")
    # Pyodide's own lock file, trimmed to the one package the page loads
    upstream = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["info"] == upstream["info"]
    assert list(lock["packages"]) == [info["package"]]
    assert info["files"]["pyodide-lock.json"] < 2000


def _names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as zf:
        return zf.namelist()


def test_wheel_holds_only_the_engine(bundle):
    info, folder, _ = bundle
    for wheel in (ROOT / "build" / "wheel" / info["wheel"], folder / info["wheel"]):
        names = _names(wheel)
        stray = [n for n in names if not n.startswith("rules_pkg/") and not n.startswith("rules_pkg-")]
        assert not stray, stray
        dist_info = {n.split("/")[0] for n in names if n.startswith("rules_pkg-")}
        assert len(dist_info) == 1 and dist_info.pop().endswith(".dist-info")
        assert not [n for n in names if "__pycache__" in n]
        assert not [n for n in names if n.startswith(("tests/", "sitebuild/", "docs/"))]
    # build/wheel/: the source wheel (pip); the browser's copy: the same modules as byte code.
    assert "rules_pkg/api.py" in _names(ROOT / "build" / "wheel" / info["wheel"])
    shipped = _names(folder / info["wheel"])
    assert "rules_pkg/api.pyc" in shipped
    assert not [n for n in shipped if n.endswith(".py")], "the browser's wheel holds source"


def test_every_engine_module_is_in_the_wheel(bundle):
    info, folder, _ = bundle
    sources = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "rules_pkg").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    source_wheel = set(_names(ROOT / "build" / "wheel" / info["wheel"]))
    assert sources <= source_wheel, sorted(sources - source_wheel)
    shipped = set(_names(folder / info["wheel"]))
    compiled = {name + "c" for name in sources}
    assert compiled <= shipped, sorted(compiled - shipped)


def test_shipped_wheel_is_byte_code_for_pyodide_with_a_true_record(bundle):
    import base64
    import csv
    import io

    info, folder, _ = bundle
    with zipfile.ZipFile(folder / info["wheel"]) as zf:
        magic = {zf.read(n)[:4] for n in zf.namelist() if n.endswith(".pyc")}
        record_name = next(n for n in zf.namelist() if n.endswith(".dist-info/RECORD"))
        rows = list(csv.reader(io.StringIO(zf.read(record_name).decode())))
        for name, digest, size in rows:
            if name == record_name:
                continue
            data = zf.read(name)
            expected = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (expected, len(data)), name
        assert {r[0] for r in rows} == set(zf.namelist())
    # One magic number, CPython 3.14's: compiled by Pyodide's own interpreter.
    assert len(magic) == 1
    assert int.from_bytes(magic.pop()[:2], "little") in range(3600, 3700)
