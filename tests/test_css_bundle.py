"""The site's own stylesheets as one file per run (sitebuild/publish/css_bundle.py, issue 28 § 2):
the cascade's order kept, an optional sheet (quiz.css) its own file at its place,
the bundled component files gone, a second run a no-op; and the built site so."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from sitebuild.publish import css_bundle, postbuild

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("RULES_TEST_SITE") or ROOT / "site")  # as the browser tests take it
COMPONENTS = ("a.css", "b.css", "quiz.css", "c.css")


def link(base: str, name: str) -> str:
    return f'<link rel="stylesheet" href="{base}assets/css/{name}">'


def fake_site(tmp_path: Path) -> Path:
    css = tmp_path / "assets" / "css"
    css.mkdir(parents=True)
    for name in COMPONENTS:
        (css / name).write_text(f".{name[:-4]} {{ color: red; }}\n", encoding="utf-8")
    game = "\n      ".join(link("../", n) for n in ("a.css", "b.css", "c.css"))
    quiz = "\n      ".join(link("../", n) for n in COMPONENTS)
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "index.html").write_text(f"<head>\n      {game}\n</head><body>игра</body>", encoding="utf-8")
    (tmp_path / "quiz").mkdir()
    (tmp_path / "quiz" / "index.html").write_text(f"<head>\n      {quiz}\n</head><body>тест</body>", encoding="utf-8")
    (tmp_path / "404.html").write_text(f"<head>{link('/', 'a.css')}{link('/', 'b.css')}{link('/', 'c.css')}</head>",
                                       encoding="utf-8")
    return tmp_path


def linked(page: Path) -> list[str]:
    return re.findall(r'href="[^"]*?(assets/css/[\w.-]+)"', page.read_text(encoding="utf-8"))


def test_a_run_becomes_one_file_with_the_same_rules_in_the_same_order(tmp_path):
    site = fake_site(tmp_path)
    css_bundle.bundle_site(site, frozenset({"assets/css/quiz.css"}))
    [bundle] = linked(site / "game" / "index.html")
    text = (site / bundle).read_text(encoding="utf-8")
    assert [text.index(f".{n} ") for n in "abc"] == sorted(text.index(f".{n} ") for n in "abc")
    assert linked(site / "404.html") == [bundle]  # the same run: the same file, from an absolute base
    assert (site / "404.html").read_text(encoding="utf-8").count('href="/assets/css/site-') == 1


def test_an_optional_sheet_stays_its_own_file_at_its_place(tmp_path):
    site = fake_site(tmp_path)
    css_bundle.bundle_site(site, frozenset({"assets/css/quiz.css"}))
    first, quiz, last = linked(site / "quiz" / "index.html")
    assert quiz == "assets/css/quiz.css" and (site / quiz).is_file()
    assert ".a " in (site / first).read_text() and ".b " in (site / first).read_text()
    assert (site / last).read_text().count("{") == 1 and ".c " in (site / last).read_text()
    # the components a bundle took in are gone (nothing links them; not precached twice)
    assert sorted(p.name for p in (site / "assets" / "css").glob("*.css") if not p.name.startswith("site-")) \
        == ["quiz.css"]


def test_a_second_run_changes_nothing(tmp_path):
    site = fake_site(tmp_path)
    css_bundle.bundle_site(site, frozenset({"assets/css/quiz.css"}))
    pages = {p: p.read_text(encoding="utf-8") for p in site.rglob("*.html")}
    files = sorted(p.name for p in (site / "assets" / "css").iterdir())
    again = css_bundle.bundle_site(site, frozenset({"assets/css/quiz.css"}))
    assert again.made == {}
    assert {p: p.read_text(encoding="utf-8") for p in site.rglob("*.html")} == pages
    assert sorted(p.name for p in (site / "assets" / "css").iterdir()) == files


def test_links_apart_are_refused_rather_than_reordered(tmp_path):
    site = fake_site(tmp_path)
    (site / "404.html").write_text(f"<head>{link('/', 'a.css')}<style>p{{}}</style>{link('/', 'b.css')}</head>")
    with pytest.raises(css_bundle.BundleError, match="не подряд"):
        css_bundle.bundle_site(site)


def test_a_missing_stylesheet_is_named(tmp_path):
    site = fake_site(tmp_path)
    (site / "assets" / "css" / "b.css").unlink()
    with pytest.raises(css_bundle.BundleError, match="assets/css/b.css"):
        css_bundle.bundle_site(site)


def test_the_built_site_links_one_file_of_its_own_css_or_three_with_a_quiz():
    if not (SITE / "games" / "kovboy" / "index.html").is_file():
        pytest.skip("site/ is not built (scripts/build.sh)")
    counts = {}
    for page in SITE.rglob("*.html"):
        rel = page.relative_to(SITE).as_posix()
        if rel.startswith("pyodide/") or "data-md-component" not in page.read_text(encoding="utf-8"):
            continue
        sheets = linked(page)
        assert all((SITE / css).is_file() for css in sheets), rel
        counts[rel] = len(sheets)
    quiz_pages = {rel for rel in counts if "assets/css/quiz.css" in linked(SITE / rel)}
    assert counts["games/kovboy/index.html"] == 1 and "trainer/index.html" in quiz_pages
    assert all(n == (3 if rel in quiz_pages else 1) for rel, n in counts.items()), counts
    assert set(postbuild.TOOL_CSS) == {"assets/css/quiz.css"}
