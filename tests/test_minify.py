"""The site's JavaScript minified in place (sitebuild/publish/minify.py, issue 28 § 2): smaller,
still one ES module per file with its imports as written, a source map beside each
file holding the original text, the same behaviour under node, a second run a no-op,
the engine's files untouched, and a syntax error a MinifyError that leaves the site
as it was."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sitebuild.publish import minify
from sitebuild.publish.minify import MinifyError, minify_site_js

ON_CI = os.environ.get("CI") == "true"
needs_esbuild = pytest.mark.skipif(
    not minify.ESBUILD.exists() and not ON_CI,
    reason=f"{minify.ESBUILD} is missing: run scripts/setup.sh (with CI=true this fails instead)",
)
needs_node = pytest.mark.skipif(
    shutil.which("node") is None and not ON_CI, reason="node is not on PATH (with CI=true this fails instead)"
)

A_JS = """\
// A comment that must not survive minification.
import { b } from "./b.js";

/** The word for one point (must stay UTF-8, not \\u escapes). */
export const label = "очко";

/** Adds b's value to n, the long way round. */
export function addB(n) {
  const aVeryLongLocalVariableName = n + b(n);
  return aVeryLongLocalVariableName * 2;
}
"""

B_JS = """\
// b's body stays in b.js: nothing is bundled into a.js.
export function b(n) {
  const markerText = "b-body-marker";
  return n + markerText.length;
}
"""

ENGINE_JS = "// The worker: never minified.\nself.onmessage = (event) => { self.postMessage(event.data); };\n"

C_MJS = """\
import { addB, label } from "./assets/js/a.js";
console.log(JSON.stringify([addB(3), addB(-7), label]));
"""


def fake_site(root: Path) -> Path:
    js = root / "assets" / "js"
    js.mkdir(parents=True)
    (js / "a.js").write_text(A_JS, encoding="utf-8")
    (js / "b.js").write_text(B_JS, encoding="utf-8")
    (root / "assets" / "engine").mkdir()
    (root / "assets" / "engine" / "worker.js").write_text(ENGINE_JS, encoding="utf-8")
    (root / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (root / "c.mjs").write_text(C_MJS, encoding="utf-8")
    return root


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def run_node(root: Path) -> str:
    proc = subprocess.run(["node", "c.mjs"], cwd=root, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@needs_esbuild
def test_minified_modules_keep_their_imports_and_lose_comments_and_long_names(tmp_path):
    js = fake_site(tmp_path) / "assets" / "js"
    result = minify_site_js(tmp_path)
    a = (js / "a.js").read_text(encoding="utf-8")
    b = (js / "b.js").read_text(encoding="utf-8")
    assert result["files"] == 2
    assert result["before"] == len(A_JS.encode()) + len(B_JS.encode())
    assert result["after"] == (js / "a.js").stat().st_size + (js / "b.js").stat().st_size
    assert result["after"] < result["before"]
    assert "must not survive" not in a and "aVeryLongLocalVariableName" not in a
    assert "markerText" not in b
    assert 'from"./b.js"' in a.replace(" ", "")  # still an import of the other module
    assert "b-body-marker" not in a and "b-body-marker" in b  # not bundled
    assert "очко" in a  # --charset=utf8: no \u escapes
    assert a.rstrip().endswith("//# sourceMappingURL=a.js.map")
    assert b.rstrip().endswith("//# sourceMappingURL=b.js.map")


@needs_esbuild
def test_source_maps_beside_each_file_hold_the_original_text(tmp_path):
    js = fake_site(tmp_path) / "assets" / "js"
    minify_site_js(tmp_path)
    for name, original in (("a.js", A_JS), ("b.js", B_JS)):
        text = (js / f"{name}.map").read_text(encoding="utf-8")
        source_map = json.loads(text)
        assert source_map["sources"] == [name]
        assert source_map["sourcesContent"] == [original]
        assert source_map["mappings"]
        assert str(tmp_path) not in text  # no path from the build machine
    assert not (tmp_path / "assets" / "engine" / "worker.js.map").exists()


@needs_esbuild
@needs_node
def test_minified_modules_behave_the_same_under_node(tmp_path):
    fake_site(tmp_path)
    before = run_node(tmp_path)
    assert json.loads(before) == [38, -2, "очко"]
    minify_site_js(tmp_path)
    assert "aVeryLongLocalVariableName" not in (tmp_path / "assets" / "js" / "a.js").read_text(encoding="utf-8")
    assert run_node(tmp_path) == before


@needs_esbuild
def test_a_second_run_changes_nothing(tmp_path):
    fake_site(tmp_path)
    minify_site_js(tmp_path)
    once = snapshot(tmp_path)
    assert minify_site_js(tmp_path) == {"files": 0, "before": 0, "after": 0}
    assert snapshot(tmp_path) == once


@needs_esbuild
def test_the_engine_directory_is_left_alone(tmp_path):
    fake_site(tmp_path)
    minify_site_js(tmp_path)
    assert (tmp_path / "assets" / "engine" / "worker.js").read_bytes() == ENGINE_JS.encode()
    assert sorted(p.name for p in (tmp_path / "assets" / "engine").iterdir()) == ["worker.js"]


def folder_site(root: Path) -> Path:
    """A site whose modules are all in folders of ``assets/js/`` (one folder per component)."""
    js = root / "assets" / "js"
    (js / "calc").mkdir(parents=True)
    (js / "lib").mkdir()
    (js / "calc" / "a.js").write_text(A_JS.replace('"./b.js"', '"../lib/b.js"'), encoding="utf-8")
    (js / "lib" / "b.js").write_text(B_JS, encoding="utf-8")
    (root / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (root / "c.mjs").write_text(C_MJS.replace("./assets/js/a.js", "./assets/js/calc/a.js"), encoding="utf-8")
    return js


@needs_esbuild
@needs_node
def test_modules_in_folders_are_minified_where_they_are(tmp_path):
    js = folder_site(tmp_path)
    before = run_node(tmp_path)
    result = minify_site_js(tmp_path)
    assert result["files"] == 2
    assert sorted(p.relative_to(js).as_posix() for p in js.rglob("*") if p.is_file()) == [
        "calc/a.js", "calc/a.js.map", "lib/b.js", "lib/b.js.map"]
    a = (js / "calc" / "a.js").read_text(encoding="utf-8")
    assert 'from"../lib/b.js"' in a.replace(" ", "") and "aVeryLongLocalVariableName" not in a
    assert a.rstrip().endswith("//# sourceMappingURL=a.js.map")
    assert json.loads((js / "lib" / "b.js.map").read_text(encoding="utf-8"))["sources"] == ["b.js"]
    assert run_node(tmp_path) == before


@needs_esbuild
def test_modules_of_one_folder_only_stay_in_it(tmp_path):
    # esbuild's default output base is the inputs' common folder: without --outbase
    # the two files of lib/ would be written to assets/js/ itself.
    js = folder_site(tmp_path)
    (js / "calc" / "a.js").unlink()
    minify_site_js(tmp_path)
    assert sorted(p.relative_to(js).as_posix() for p in js.rglob("*") if p.is_file()) == ["lib/b.js", "lib/b.js.map"]


@needs_esbuild
def test_a_syntax_error_raises_and_leaves_the_files_as_they_were(tmp_path):
    js = fake_site(tmp_path) / "assets" / "js"
    broken = A_JS + "export function (\n"
    (js / "a.js").write_text(broken, encoding="utf-8")
    before = snapshot(tmp_path)
    with pytest.raises(MinifyError, match="a.js"):
        minify_site_js(tmp_path)
    assert (js / "a.js").read_text(encoding="utf-8") == broken
    assert snapshot(tmp_path) == before  # b.js untouched too, no map written


def test_a_missing_esbuild_says_to_run_setup(tmp_path, monkeypatch):
    fake_site(tmp_path)
    before = snapshot(tmp_path)
    monkeypatch.setattr(minify, "ESBUILD", tmp_path / "no-such" / "esbuild")
    with pytest.raises(MinifyError, match=r"не найден esbuild.*scripts/setup\.sh"):
        minify_site_js(tmp_path)
    assert snapshot(tmp_path) == before


def test_a_site_without_scripts_needs_no_esbuild(tmp_path, monkeypatch):
    monkeypatch.setattr(minify, "ESBUILD", tmp_path / "no-such" / "esbuild")
    assert minify_site_js(tmp_path) == {"files": 0, "before": 0, "after": 0}
