"""The trimmed standard library is enough: every API case gives CPython's answer.

``sitebuild/runtime/stdlib_trim.py`` packs only the modules listed in
``sitebuild/runtime/stdlib_modules.txt`` (traced under Pyodide) into
``build/pyodide/<version>/python_stdlib.trim-<hash>.zip``, as Python 3.14 byte code.
Here every request of ``tests/api_cases.py`` runs under Pyodide in Node booted with
``stdLibURL`` pointing at that file, and must equal CPython's response.

The static check (rules_pkg imports nothing the list lacks) needs no Node. The rest
is skipped without Node or node_modules/pyodide, unless CI is set: there it fails.
"""

from __future__ import annotations

import hashlib
import re
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pyodide_harness as harness  # noqa: E402

from sitebuild.runtime import stdlib_trim  # noqa: E402

ROOT = harness.ROOT


@pytest.fixture(scope="module")
def full_zip():
    if not stdlib_trim.FULL_ZIP.is_file():
        harness.unavailable("node_modules/pyodide is missing (bash scripts/setup.sh)")
    return stdlib_trim.FULL_ZIP


def test_rules_pkg_imports_only_listed_stdlib_modules(full_zip):
    from sitebuild.runtime import bundle as runtime

    lst = stdlib_trim.check(pyodide_version=runtime.PYODIDE_VERSION)
    assert len(lst.packed) > 50  # Pyodide's own start-up needs that many
    assert {"json", "dataclasses", "typing", "random"} <= set(lst.packed)
    assert {"os", "io", "codecs"} <= lst.frozen  # in the interpreter, not in the zip


def test_the_check_names_an_unlisted_import_and_the_fix(full_zip, tmp_path):
    pkg = tmp_path / "rules_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("import json\n", encoding="utf-8")
    (pkg / "late.py").write_text("def f():\n    import csv\n    from xml.dom import minidom\n", encoding="utf-8")
    with pytest.raises(stdlib_trim.TrimError) as err:
        stdlib_trim.check(package_dir=pkg)
    message = str(err.value)
    assert "csv" in message and "xml.dom.minidom" in message and "late.py:2" in message
    assert "json" not in message.split(":", 1)[1].split("Run")[0]
    assert stdlib_trim.UPDATE_COMMAND in message


def test_the_list_is_for_the_pinned_pyodide(full_zip):
    from sitebuild.runtime import bundle as runtime

    lst = stdlib_trim.read_list()
    assert lst.pyodide == runtime.PYODIDE_VERSION
    with pytest.raises(stdlib_trim.TrimError, match="traced under Pyodide"):
        stdlib_trim.check(lst, pyodide_version="0.0.1")


@pytest.fixture(scope="module")
def trimmed():
    info = harness.built_runtime()
    path = ROOT / "build" / "pyodide" / info["version"] / info["stdlib"]
    return info, path


@pytest.mark.pyodide
def test_runtime_json_names_the_trimmed_zip(trimmed):
    info, path = trimmed
    assert re.fullmatch(r"python_stdlib\.trim-[0-9a-f]{12}\.zip", info["stdlib"])
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    assert info["stdlib_sha256"] == digest and digest.startswith(info["stdlib"][19:31])
    assert info["files"][info["stdlib"]] == len(data)
    assert len(data) < stdlib_trim.FULL_ZIP.stat().st_size * 0.7  # the full one is not shipped
    with zipfile.ZipFile(path) as zf:
        infos = zf.infolist()
    names = [i.filename for i in infos]
    assert names == sorted(names)
    assert all(i.date_time == (1980, 1, 1, 0, 0, 0) for i in infos)
    suffix = ".pyc" if info["stdlib_pyc"] else ".py"
    assert all(n.endswith(suffix) for n in names), [n for n in names if not n.endswith(suffix)][:5]
    assert info["stdlib_modules"] == len(stdlib_trim.read_list().packed)


@pytest.mark.pyodide
def test_rebuilding_gives_the_same_bytes(trimmed, tmp_path):
    _, path = trimmed
    lst = stdlib_trim.read_list()
    again = stdlib_trim.pack(stdlib_trim.entries_for(lst.packed, stdlib_trim.zip_index()), tmp_path / "again.zip")
    assert again.read_bytes() == path.read_bytes()


@pytest.fixture(scope="module")
def trimmed_run(trimmed, tmp_path_factory):
    _, path = trimmed
    cases = harness.cases()
    responses, stderr = harness.run_pyodide(tmp_path_factory.mktemp("trimmed"), cases, "--stdlib", str(path))
    return cases, responses, stderr


@pytest.mark.pyodide
def test_pyodide_booted_the_trimmed_stdlib(trimmed, trimmed_run):
    _, path = trimmed
    _, _, stderr = trimmed_run
    assert "Python 3.14." in stderr, stderr
    assert f"stdlib: {path.stat().st_size} bytes" in stderr, stderr


@pytest.mark.pyodide
def test_every_api_case_answers_as_cpython_with_the_trimmed_stdlib(trimmed_run):
    cases, responses, _ = trimmed_run
    harness.assert_same_as_cpython(cases, responses, "Pyodide, trimmed stdlib")
