"""The glossary (sitebuild/pages/glossary.py, sitebuild/pages/glossary.toml): word forms
found as whole words, terms marked only in the rule text and without changing
it, and the built pages: every marked term has its definition, every quote
from a rule text is really there, the glossary page says where each term is."""

from __future__ import annotations

import os
import re
from pathlib import Path

import markdown
import pytest
from pagetext import Node, normalise, parse

from rules_pkg import api
from sitebuild.pages import glossary as G
from sitebuild.pages.markdown_ext import SiteBuildError

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("RULES_TEST_SITE") or ROOT / "site").resolve()  # as tests/browser/conftest.py

GLOSSARY = G.load()
MATCHER = G.Matcher(GLOSSARY)


def found(text: str) -> list[tuple[str, str]]:
    return [(text[a:b], term) for a, b, term in MATCHER.find(text)]


# ---- the data ---------------------------------------------------------------------

def test_the_glossary_loads_and_has_the_terms_the_issue_names():
    titles = {G.fold(t.title) for t in GLOSSARY.rule_terms()}
    for word in ("биток", "прицельный шар", "луза", "карамболь", "дуплет", "дом", "серия", "фол",
                 "фора", "пирамида", "пробка", "туш", "машинка", "мазик"):
        assert any(title.startswith(word) for title in titles), word
    assert all(t.definition and t.forms for t in GLOSSARY.rule_terms())
    assert all(not t.forms for t in GLOSSARY.site_terms())


def _write(tmp_path, text: str) -> Path:
    path = tmp_path / "glossary.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_form_of_two_terms_fails(tmp_path):
    path = _write(tmp_path, """
[[term]]
id = "a"
title = "А"
forms = ["шар"]
definition = "x"
[[term]]
id = "b"
title = "Б"
forms = ["Шар"]
definition = "y"
""")
    with pytest.raises(SiteBuildError, match="форма «Шар» уже есть у термина «a»"):
        G.load(path)


@pytest.mark.parametrize("body, message", [
    ('id = "a"\ntitle = "А"\ndefinition = "x"\n', "forms"),
    ('id = "A b"\ntitle = "А"\nforms = ["а"]\ndefinition = "x"\n', "id «A b»"),
    ('id = "a"\ntitle = "А"\nforms = ["а"]\ndefinition = "x"\ncolour = "red"\n', "лишние поля colour"),
    ('id = "a"\ntitle = "А"\nforms = ["а"]\n', "definition"),
])
def test_a_bad_term_fails_with_the_field(tmp_path, body, message):
    with pytest.raises(SiteBuildError, match=re.escape(message)):
        G.load(_write(tmp_path, "[[term]]\n" + body))


# ---- finding the forms ---------------------------------------------------------------

def test_forms_are_whole_words_in_any_case():
    assert found("Биток коснулся битка, а битком играли") == [
        ("Биток", "bitok"), ("битка", "bitok"), ("битком", "bitok")]
    assert found("битковый") == []
    assert found("из-за передней линии") == [("передней линии", "perednyaya-liniya")]


def test_a_phrase_wins_over_its_words():
    assert found("по двум прицельным шарам") == [("прицельным шарам", "pritselny-shar")]
    assert found("элементы карамболя и лузного бильярда") == [
        ("карамболя", "karambol"), ("лузного бильярда", "luzny-bilyard")]


def test_yo_and_line_breaks_do_not_hide_a_form():
    assert found("отражённый удар") == [("отражённый удар", "otrazhenny-udar")]
    assert found("прицельного\n  шара") == [("прицельного\n  шара", "pritselny-shar")]


def test_names_of_games_are_not_marked():
    assert found("Так же как и «Игра от бортов», борт") == [("борт", "bort")]
    assert found("В «Кладке шаров кием» используется фора") == [("фора", "fora")]
    assert found("играть кием") == [("кием", "kiy")]


# ---- marking a page -------------------------------------------------------------------

SOURCE = """
# Биток и луза

<div class="rb-rules" markdown>

Биток в лузу, [биток](#x) и снова биток.

## Луза

!!! note "Примечание редакции"
    Биток.

Текст *лузу* и `биток`.

</div>

Биток вне текста правил.
"""


def render(source: str) -> tuple[str, G.PageTerms]:
    reports = []
    ext = G.GlossaryExtension(GLOSSARY, lambda: "../glossary/", reports.append)
    out = markdown.markdown(source, extensions=["attr_list", "admonition", "md_in_html", "toc", ext])
    assert len(reports) == 1
    return out, reports[0]


def test_terms_are_marked_only_in_the_rule_text():
    out, report = render(SOURCE)
    doc = parse(out)
    terms = doc.find_all("span", "rb-term")
    # Once per section: «снова биток» is plain text, the «лузу» after the heading is marked again.
    assert [t.text() for t in terms] == ["Биток", "лузу", "лузу"]
    for t in terms:
        assert not any(a.tag in ("a", "h1", "h2", "code") or "admonition" in a.classes for a in t.ancestors())
        assert any("rb-rules" in a.classes for a in t.ancestors())
    assert list(report.first_clause) == ["bitok", "luza"]


def test_the_visible_text_does_not_change():
    plain = markdown.markdown(SOURCE, extensions=["attr_list", "admonition", "md_in_html", "toc"])
    marked, _ = render(SOURCE)
    doc = parse(marked)
    for defs in doc.find_all("div", "rb-term-defs"):
        defs.remove()
    assert doc.text() == parse(plain).text()


def test_first_occurrence_is_in_the_tab_order_and_definitions_follow_once():
    out, _ = render(SOURCE)
    doc = parse(out)
    terms = doc.find_all("span", "rb-term")
    assert [t.attrs["tabindex"] for t in terms] == ["0", "0", "-1"]
    defs = doc.find_all("div", "rb-term-defs")
    assert len(defs) == 1 and "hidden" in defs[0].attrs and "data-search-exclude" in defs[0].attrs
    ids = {p.attrs["id"]: p for p in defs[0].find_all("p")}
    assert sorted(ids) == ["rb-term-def-bitok", "rb-term-def-luza"]
    for t in terms:
        assert t.attrs["aria-describedby"] in ids
    bitok = ids["rb-term-def-bitok"]
    assert bitok.attrs["data-title"] == "Биток"
    assert bitok.attrs["data-href"] == "../glossary/#term-bitok"
    assert bitok.text() == GLOSSARY.by_id()["bitok"].definition


def test_a_page_without_rule_text_gets_nothing():
    out, report = render("Биток и луза.\n")
    assert "rb-term" not in out and report.first_clause == {}


# ---- the built site ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "glossary" / "index.html").is_file():
        pytest.fail("сайт не собран: запустите bash scripts/build.sh")
    return SITE


def game_ids() -> list[str]:
    return [g["id"] for g in api.handle({"op": "games"})["games"]]


def page(path: Path) -> Node:
    return parse(path.read_text(encoding="utf-8"))


def clause_block(doc: Node, clause: str) -> Node:
    anchor = next(a for a in doc.find_all("a", "clause-ref") if a.attrs.get("id") == clause)
    node = anchor.parent
    while node.tag not in ("p", "li", "tr", "div"):
        node = node.parent
    return node


@pytest.mark.parametrize("game", game_ids())
def test_every_marked_term_has_its_definition_on_the_page(site, game):
    doc = page(site / "games" / game / "index.html")
    terms = doc.find_all("span", "rb-term")
    assert terms, f"{game}: ни одного термина в тексте правил"
    defs = {n.attrs["id"]: n for n in doc.find_all("p") if n.attrs.get("id", "").startswith("rb-term-def-")}
    for t in terms:
        assert t.attrs["aria-describedby"] in defs
        assert any("rb-rules" in a.classes for a in t.ancestors())
        assert not any(a.tag in ("a", "h1", "h2", "h3", "th") or "admonition" in a.classes for a in t.ancestors())
    tab_stops = [t.attrs["data-term"] for t in terms if t.attrs["tabindex"] == "0"]
    assert len(tab_stops) == len(set(tab_stops)) == len(defs)
    for d in defs.values():
        assert d.attrs["data-href"].startswith("../../glossary/#term-")


@pytest.mark.parametrize("game", game_ids())
def test_a_term_is_underlined_once_in_each_section(site, game):
    doc = page(site / "games" / game / "index.html")
    for rules in doc.find_all("div", "rb-rules"):
        sections: list[list[str]] = [[]]
        for node in rules.iter():
            if node.tag in ("h2", "h3", "h4"):
                sections.append([])
            elif "rb-term" in node.classes:
                sections[-1].append(node.attrs["data-term"])
        for terms in sections:
            assert len(terms) == len(set(terms)), f"{game}: термин подчёркнут дважды в разделе: {terms}"


def test_a_term_of_several_sections_is_underlined_in_each_but_not_at_every_use(site):
    doc = page(site / "games" / "kovboy" / "index.html")
    rules = doc.find("div", "rb-rules")
    marked = [n for n in rules.iter() if "rb-term" in n.classes and n.attrs["data-term"] == "luza"]
    uses = [hit for hit in MATCHER.find(rules.text()) if hit[2] == "luza"]
    assert 2 <= len(marked) < len(uses), (len(marked), len(uses))


def test_quotes_are_the_words_of_their_clause(site):
    owners = {c["id"]: g for g in game_ids()
              for c in api.handle({"op": "describe", "game": g})["game"]["clauses"]}
    pages = {}
    for term in GLOSSARY.rule_terms():
        for q in term.quotes:
            game = owners[q.clause]
            doc = pages.setdefault(game, page(site / "games" / game / "index.html"))
            text = normalise(clause_block(doc, q.clause).text())
            assert normalise(q.text) in text, f"{term.id}: «{q.text}» нет в пункте {q.clause}"


def test_a_quotes_link_names_its_game_and_clause(site):
    """«— Кайза, §» said neither which clause nor why «§» (newcomer 2026-12-05-c, item 7):
    the link says the game and the clause's title, as the clause reads on its page."""
    titles = {c["id"]: (g["title"], c["title"]) for g in (api.handle({"op": "describe", "game": gid})["game"]
                                                           for gid in game_ids()) for c in g["clauses"]}
    links = [p.find("a") for p in page(site / "glossary" / "index.html").find_all("p", "rb-gloss-quote")]
    assert len(links) >= 10
    for a in links:
        game, title = titles[a.attrs["href"].split("#")[1]]
        assert normalise(a.text()) == normalise(f"{game}, § {title}"), a.text()


def test_the_glossary_page(site):
    doc = page(site / "glossary" / "index.html")
    article = doc.find("article")
    assert "Определения — редакционные" in article.text()
    anchors = {dt.attrs.get("id") for dt in article.find_all("dt")}
    assert anchors == {f"term-{t.id}" for t in GLOSSARY.terms}
    uses = article.find_all("p", "rb-gloss-uses")
    assert len(uses) == len(GLOSSARY.rule_terms())
    for p in uses:
        assert p.text().startswith("Встречается в правилах:") and p.find_all("a")
    assert "data-rb-term-uses" not in (site / "glossary" / "index.html").read_text(encoding="utf-8")


def test_the_glossary_page_has_an_alphabetical_index(site):
    doc = page(site / "glossary" / "index.html")
    nav = doc.find("nav", "rb-gloss-index")
    assert nav is not None and "data-search-exclude" in nav.attrs
    anchors = {dt.attrs["id"]: dt for dt in doc.find_all("dt")}
    letters, linked = [], []
    for row in nav.find_all("li"):
        letter = row.find("span", "rb-gloss-letter").text()
        letters.append(letter)
        for a in row.find_all("a"):
            target = a.attrs["href"].removeprefix("#")
            assert target in anchors, a.attrs["href"]
            title = G.fold(a.text()).strip("«»")
            assert title.upper().startswith(letter) and a.text() in anchors[target].text()
            linked.append((title, target))
    assert letters == sorted(letters, key=G.fold) and len(letters) == len(set(letters))
    assert [t for t, _ in linked] == sorted(t for t, _ in linked)  # alphabetical within and across letters
    assert sorted(a for _, a in linked) == sorted(f"term-{t.id}" for t in GLOSSARY.terms)
