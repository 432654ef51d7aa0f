"""The site built by Zensical (the generator after mkdocs-material, same
mkdocs.yml; pinned in requirements-dev.txt), then by sitebuild/publish/postbuild.py.

Zensical runs the Markdown extension listed in mkdocs.yml
(sitebuild/extension.py) but no MkDocs hook. The test builds a copy of the
project's docs/ and mkdocs.yml into a temporary folder and checks that every
anchor the engine declares is on its game page, that the tools are rendered,
and that the steps after the pages work on Zensical's output.

What current Zensical cannot do is asserted too (docs/publish.md records it),
so the test says so when a new Zensical changes it:

- no hook runs after the pages: ``python -m sitebuild.publish.postbuild site`` is a
  second command;
- no hook runs once every page is rendered, so the glossary page lacks its
  "Встречается в правилах" lines (MkDocs fills them in on_post_page).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rules_pkg import api

ROOT = Path(__file__).resolve().parents[1]
ZENSICAL_VERSION = "0.0.73"  # requirements-dev.txt
ID_RE = re.compile(r'\bid="([^"]+)"')
USES_RE = re.compile(r'<p class="rb-gloss-uses"[^>]*>(.*?)</p>', re.S)


class ClauseAnchors(HTMLParser):
    """The ids of the ``<a class="clause-ref">`` anchors of a page."""

    def __init__(self):
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "clause-ref" in (attrs.get("class") or "").split() and attrs.get("id"):
            self.ids.append(attrs["id"])


def clause_anchors(text: str) -> list[str]:
    parser = ClauseAnchors()
    parser.feed(text)
    return parser.ids


def game_ids() -> list[str]:
    return [g["id"] for g in api.handle({"op": "games"})["games"]]


def declaration(game: str) -> dict:
    return api.handle({"op": "describe", "game": game})["game"]


@pytest.fixture(scope="module")
def zensical_site(tmp_path_factory) -> tuple[Path, str]:
    zensical = pytest.importorskip("zensical")
    from importlib.metadata import version

    assert version("zensical") == ZENSICAL_VERSION, "requirements-dev.txt pins another Zensical"
    if not (ROOT / "build" / "pyodide" / "runtime.json").is_file():
        pytest.skip("нет build/pyodide (scripts/build-runtime.sh)")
    del zensical
    # Zensical wants docs_dir and site_dir inside the folder of its config file.
    project = tmp_path_factory.mktemp("zensical")
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(ROOT / "sitebuild" / "theme", project / "sitebuild" / "theme")  # theme.custom_dir
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("RULES_SITE_URL", None)
    # From the repository's root, so `sitebuild.extension` (mkdocs.yml) imports.
    proc = subprocess.run([sys.executable, "-m", "zensical", "build", "--clean", "-f", str(project / "mkdocs.yml")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-3000:]
    return project / "site", output


def test_zensical_builds_without_warnings(zensical_site):
    _, output = zensical_site
    assert "anchor does not exist" not in output, output[-3000:]
    assert "No issues found" in output, output[-3000:]
    assert "Traceback" not in output


@pytest.mark.parametrize("game", game_ids())
def test_every_declared_anchor_is_on_the_game_page(zensical_site, game):
    site, _ = zensical_site
    page = site / "games" / game / "index.html"
    if not (ROOT / "docs" / "games" / f"{game}.md").is_file():
        pytest.skip(f"у игры {game} нет страницы")
    text = page.read_text(encoding="utf-8")
    decl = declaration(game)
    anchors = clause_anchors(text)  # clauses, and толкования drawn the same way
    declared = {item["id"] for key in ("clauses", "tolkovaniya", "outside") for item in decl[key]}
    assert len(anchors) == len(set(anchors)), f"{game}: якорь дважды"
    assert {c["id"] for c in decl["clauses"]} <= set(anchors), f"{game}: нет якорей пунктов"
    assert set(anchors) <= declared, f"{game}: якоря, которых движок не объявляет"
    ids = set(ID_RE.findall(text))
    for key in ("tolkovaniya", "outside"):
        missing = [item["id"] for item in decl[key] if item["id"] not in ids]
        assert not missing, f"{game}: нет якорей {key}: {missing}"
    for tool in decl["tools"]:
        assert f'class="rb-tool rb-tool--{tool}"' in text, f"{game}: нет инструмента {tool}"


def test_postbuild_completes_a_zensical_site(zensical_site):
    site, _ = zensical_site
    # Limitation: Zensical runs no hook, so nothing after the pages is there yet.
    assert not (site / "sw.js").exists() and not (site / "pyodide").exists()
    assert '<meta name="rules-runtime"' not in (site / "index.html").read_text(encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "sitebuild.publish.postbuild", str(site)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for page in ("index.html", "games/kovboy/index.html", "404.html"):
        head = (site / page).read_text(encoding="utf-8").split("</head>", 1)[0]
        assert '<meta name="rules-runtime"' in head and "data-worker=" in head, page
    assert (site / "sw.js").is_file() and (site / "_headers").is_file()
    assert (site / "quizzes" / "kovboy.gift.txt").is_file()
    assert any((site / "pyodide").rglob("pyodide.asm.wasm.br"))


def test_known_limitation_glossary_uses_are_empty(zensical_site):
    """MkDocs fills "Встречается в правилах" once every page is rendered; Zensical has
    no such hook. When this fails, Zensical can do it: update docs/publish.md."""
    site, _ = zensical_site
    uses = USES_RE.findall((site / "glossary" / "index.html").read_text(encoding="utf-8"))
    assert uses, "на странице словаря нет мест для «Встречается в правилах»"
    assert all(not u.strip() for u in uses)
