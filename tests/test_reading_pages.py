"""The pages that help reading, on the built site: the home page's games list,
the clause index («Пункты правил и толкования») and the glossary are
generated from the engine's declarations and agree with them; every link on
them (and on the game pages' rule text) reaches an existing page and anchor."""

from __future__ import annotations

import os
import posixpath
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from pagetext import Node, parse

from rules_pkg import api
from sitebuild.pages.index_markers import GAME_LINES

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("RULES_TEST_SITE") or ROOT / "site").resolve()  # as tests/browser/conftest.py

GAMES = api.handle({"op": "games"})["games"]


def describe(game: str) -> dict:
    return api.handle({"op": "describe", "game": game})["game"]


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "clauses" / "index.html").is_file():
        pytest.fail("сайт не собран: запустите bash scripts/build.sh")
    return SITE


@cache
def doc_of(path: Path) -> Node:
    return parse(path.read_text(encoding="utf-8"))


def ids_of(path: Path) -> set[str]:
    return {n.attrs["id"] for n in doc_of(path).iter() if "id" in n.attrs}


def target_of(page: Path, href: str) -> tuple[Path, str]:
    """The file and fragment a relative link of `page` points to."""
    parts = urlsplit(href)
    base = page.parent
    path = base if not parts.path else Path(posixpath.normpath(str(base / unquote(parts.path))))
    if path.is_dir() or href.endswith("/") or not parts.path:
        path = path / "index.html" if path != page else page
    return path, unquote(parts.fragment)


def broken_links(page: Path, scope: Node) -> list[str]:
    bad = []
    for a in scope.find_all("a"):
        href = a.attrs.get("href")
        if not href or href.startswith(("mailto:", "data:")):
            continue
        parts = urlsplit(href)
        if parts.scheme or parts.netloc:
            bad.append(f"{href}: ссылка на другой сайт")
            continue
        if not parts.path and parts.fragment:
            target, fragment = page, unquote(parts.fragment)
        else:
            target, fragment = target_of(page, href)
        if not target.is_file():
            if target.suffix in ("", ".html"):
                bad.append(f"{href}: нет {target}")
            continue
        if fragment and target.suffix == ".html" and fragment not in ids_of(target):
            bad.append(f"{href}: на странице нет якоря #{fragment}")
    return bad


@pytest.mark.parametrize("name", ["index.html", "clauses/index.html", "glossary/index.html",
                                  *[f"games/{g['id']}/index.html" for g in GAMES]])
def test_links_reach_a_page_and_an_anchor(site, name):
    page = site / name
    article = doc_of(page).find("article")
    assert broken_links(page, article) == []


# ---- the home page -----------------------------------------------------------------

def test_the_home_page_lists_every_game_with_its_tools(site):
    page = site / "index.html"
    games = doc_of(page).find("ul", "rb-games")
    assert games is not None
    items = games.find_all("li", "rb-game")
    assert [i.find("h3").text() for i in items] == [g["title"] for g in GAMES]
    assert set(GAME_LINES) == {g["id"] for g in GAMES}
    for item, game in zip(items, GAMES):
        assert GAME_LINES[game["id"]] in item.find("p", "rb-game-line").text()
        title_link = item.find("h3").find("a")
        assert target_of(page, title_link.attrs["href"])[0] == site / "games" / game["id"] / "index.html"
        tools = [a for a in item.find_all("a", "rb-chip-link") if "#rb-" in a.attrs.get("href", "")]
        anchors = [target_of(page, a.attrs["href"])[1] for a in tools]
        assert anchors == [f"rb-{kind}-{game['id']}" for kind in game["tools"]]
        if not game["tools"]:
            assert "калькулятора нет" in item.text()
        lost = any(c["status"] == "lost" for c in describe(game["id"])["clauses"])
        assert (item.find("span", "rb-game-badge") is not None) == lost


def test_the_home_page_names_the_tools_as_the_tools_do(site):
    text = doc_of(site / "index.html").find("ul", "rb-games").text()
    game_page = doc_of(site / "games" / "kovboy" / "index.html")
    for title in game_page.find_all("span", "rb-tool-title"):
        assert title.text() in text


# ---- the clause index ---------------------------------------------------------------

def test_the_clause_index_shows_no_clause_id(site):
    """A reader sees «§ 12» and the clause's words, never an id such as «kaiza-respot»
    (a newcomer read «§ kaiza-respot», «к пунктам kaiza-points-rest» there)."""
    doc = doc_of(site / "clauses" / "index.html")
    ids = {c["id"] for g in GAMES for c in describe(g["id"])["clauses"]}
    shown = " ".join(block.text() for block in doc.find_all("div") if "rb-ci" in block.classes)
    assert shown and not [i for i in ids if i in shown], sorted(i for i in ids if i in shown)[:5]


@pytest.mark.parametrize("game", [g["id"] for g in GAMES])
def test_the_clause_index_is_the_declaration(site, game):
    page = site / "clauses" / "index.html"
    doc = doc_of(page)
    heading = next(h for h in doc.find_all("h2") if h.attrs.get("id") == game)
    section = heading.parent.children[heading.parent.children.index(heading) + 1:]
    block = next(n for n in section if isinstance(n, Node) and "rb-ci" in n.classes)
    decl = describe(game)
    rows = block.find("table", "rb-ci-table").find("tbody").find_all("tr")
    assert len(rows) == len(decl["clauses"])
    for row, clause in zip(rows, decl["clauses"]):
        link = row.find("td", "rb-ci-id").find("a")
        assert target_of(page, link.attrs["href"]) == (site / "games" / game / "index.html", clause["id"])
        # named by its place in the text, not by its id (a newcomer read «§ kaiza-respot»)
        assert link.text().replace("\u00a0", " ") == f"§ {rows.index(row) + 1}", link.text()
        assert row.find("td", "rb-ci-title").text() == clause["title"]
        assert row.find("td", "rb-ci-status").text() == clause["status_name"]
        assert row.find("td", "rb-ci-note").text() == clause["note"]
    linked = {target_of(page, a.attrs["href"])[1] for a in block.find_all("a")}
    assert {t["id"] for t in decl["tolkovaniya"]} <= linked
    assert {o["id"] for o in decl["outside"]} <= linked
    summary = block.find("p", "rb-ci-summary").text()
    n = len(decl["clauses"])
    word = "пункт" if n % 10 == 1 and n % 100 != 11 else (
        "пункта" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "пунктов")
    assert f"{n} {word}:" in summary


def test_the_link_check_can_fail(site):
    page = site / "clauses" / "index.html"
    fake = parse('<article><a href="../games/kovboy/#no-such-clause">x</a><a href="../games/nope/">y</a>'
                 '<a href="#kovboy">ok</a><a href="https://example.org/">z</a></article>')
    bad = broken_links(page, fake)
    assert len(bad) == 3 and "#no-such-clause" in bad[0] and "nope" in bad[1] and "другой сайт" in bad[2]
