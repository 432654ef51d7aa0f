"""Every game page says exactly what the source says.

For each game the engine knows, the rule text is taken from the BUILT page
(site/games/<id>/index.html): the element ``div.rb-rules`` of the article,
without what the editors added — editorial notes (admonitions, including the
«текст обрывается» boxes), the «§» clause links, heading permalinks, the
marks and notes of editorial fixes, table headers. Points tables are read
back as the source prints them: the cells of a row joined by a dash
(«а) по белому – 5 очков;»). The text is normalised (whitespace, dash
variants, quotes, ё/е) and compared word by word — punctuation included —
with the page's segment of the seed text in ../shared/seeds/.

The only allowed differences are listed in EDITS below, each with its reason;
an edit that no longer matches the seed fails too, so the list cannot go stale.
A word dropped from or added to a page fails the test with the first differing
words and their context (checked on doctored copies at the end of this file).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from pagetext import Node, first_difference, normalise, parse, tokens

from rules_pkg import api
from shared_seeds import seeds_missing

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("RULES_TEST_SITE") or ROOT / "site").resolve()  # as tests/browser/conftest.py
SEEDS = ROOT.parent / "shared" / "seeds"


# ---- where each game is in the seeds ----------------------------------------------

@dataclass(frozen=True)
class Segment:
    seed: str                # seed file prefix, e.g. "000"
    title_line: str | None   # the line with the game's title (not rule text); None: lost
    end_line: str | None     # the first line after the segment (the next game's title)


SEGMENTS = {
    "kovboy": Segment("000", "Ковбой", None),
    "pyat-sharov": Segment("001", "«Пять шаров с карамболями»", "«Кайза»"),
    "kaiza": Segment("001", "«Кайза»", None),
    "probka": Segment("002", None, "«Кладка шаров по часовой стрелке»"),
    "po-chasovoy": Segment("002", "«Кладка шаров по часовой стрелке»", "«Кладка шаров кием»"),
    "kladka-kiem": Segment("002", "«Кладка шаров кием»", "«Снимание шаров рукой»"),
    "snimanie-rukoy": Segment("002", "«Снимание шаров рукой»", None),
}

# Seed lines that are not part of any game's text, with the reason.
NOT_RULE_TEXT = {
    ("001", "Бильярд - [46]"): "колонтитул печатной книги (название и номер страницы)",
}

# A page whose title is not in the source (the h1 is checked against the
# title line everywhere else).
EDITORIAL_TITLES = {
    "probka": ("Игра с пробкой", "название и начало правил в источнике утрачены; название дано редакцией"),
}


# ---- the allowed differences ---------------------------------------------------------

@dataclass(frozen=True)
class Edit:
    game: str
    seed: str     # the text as the seed has it
    page: str     # the text as the page shows it
    kind: str     # "fix": marked <ins class="rb-ed" data-source=...>; "heading": an h2 of the rule text
    reason: str


HEADING = ("в книге заголовок стоит в начале абзаца; на странице он вынесен в заголовок "
           "раздела, знак после него опущен")
KOVBOY_HEADINGS = [
    "Количество игроков.", "Используемые шары.", "Расстановка шаров.", "Цель игры.",
    "Ведение счета.", "Начальный удар.", "Правила игры:", "Неправильно забитые шары.",
    "Выскочившие прицельные шары.", "Выскакивание за борт или падение в лузу битка.",
    "Штрафы за нарушения.",
]

EDITS = [
    Edit("kovboy", "би-тек", "биток", "fix", "опечатка источника; правка видна на странице и объяснена"),
    *[Edit("kovboy", h, h[:-1], "heading", HEADING) for h in KOVBOY_HEADINGS],
]

# Column headers of the points tables: added by the editors, named on the page.
TABLE_HEADERS = {
    "pyat-sharov": ["Карамболь", "Очки"],
}


# ---- reading the seeds and the pages ---------------------------------------------------

def seed_lines(prefix: str) -> list[str]:
    files = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    if len(files) != 1:
        seeds_missing(f"нет ровно одного файла {SEEDS}/{prefix}_*.txt")
    return files[0].read_text(encoding="utf-8").splitlines()


def segment_text(game: str) -> str:
    seg = SEGMENTS[game]
    lines = seed_lines(seg.seed)
    stripped = [line.strip() for line in lines]
    start = stripped.index(seg.title_line) + 1 if seg.title_line else 0
    end = stripped.index(seg.end_line, start) if seg.end_line else len(lines)
    return "\n".join(line for line in lines[start:end]
                     if (seg.seed, line.strip()) not in NOT_RULE_TEXT)


def apply_edits(game: str, text: str) -> list[str]:
    """The seed's tokens with the listed edits applied (each must match once)."""
    out = tokens(text)
    for edit in (e for e in EDITS if e.game == game):
        old, new = tokens(edit.seed), tokens(edit.page)
        hits = [i for i in range(len(out) - len(old) + 1) if out[i:i + len(old)] == old]
        assert len(hits) == 1, (
            f"{game}: правка «{edit.seed}» → «{edit.page}» встречается в источнике {len(hits)} раз, нужен 1")
        i = hits[0]
        out[i:i + len(old)] = new
    return out


def page_path(game: str) -> Path:
    return SITE / "games" / game / "index.html"


@pytest.fixture(scope="module")
def site() -> Path:
    if not page_path("kovboy").is_file():
        pytest.fail("сайт не собран: запустите bash scripts/build.sh")
    return SITE


def rule_text_node(html_text: str, where: str) -> Node:
    doc = parse(html_text)
    article = doc.find("article")
    assert article is not None, f"{where}: нет <article>"
    blocks = article.find_all("div", "rb-rules")
    assert len(blocks) == 1, f"{where}: текст правил должен быть в одном div.rb-rules, найдено {len(blocks)}"
    for cls in ("rb-tool", "rb-tolkovaniya", "rb-outside", "rb-quiz-link"):
        assert blocks[0].find(cls=cls) is None, f"{where}: в тексте правил оказался блок .{cls}"
    return blocks[0]


def strip_editorial(rules: Node) -> Node:
    """Remove, in place, everything the editors added to the rule text."""
    for node in list(rules.iter()):
        if node.parent is None and node is not rules:
            continue  # inside an already removed subtree
        cls = node.classes
        if ("admonition" in cls or "clause-ref" in cls or "headerlink" in cls
                or "rb-ed-mark" in cls or "rb-ed-note" in cls or "rb-term-defs" in cls
                or node.tag == "thead"):
            node.remove()
    for row in rules.find_all("tr"):
        cells = [c for c in row.children if isinstance(c, Node) and c.tag in ("td", "th")]
        joined = " – ".join(c.text() for c in cells)
        row.children = [joined]
    return rules


def page_tokens(html_text: str, where: str) -> list[str]:
    return tokens(strip_editorial(rule_text_node(html_text, where)).text())


def games() -> list[str]:
    return [g["id"] for g in api.handle({"op": "games"})["games"]]


# ---- the tests ------------------------------------------------------------------------

def test_every_game_has_a_segment_and_the_segments_cover_the_seeds():
    assert sorted(SEGMENTS) == sorted(games()), "у каждой игры движка должен быть отрезок источника"
    for prefix in sorted({s.seed for s in SEGMENTS.values()}):
        lines = [line.strip() for line in seed_lines(prefix)]
        covered = set()
        for game, seg in SEGMENTS.items():
            if seg.seed != prefix:
                continue
            start = lines.index(seg.title_line) if seg.title_line else 0
            end = lines.index(seg.end_line, start + 1) if seg.end_line else len(lines)
            overlap = covered & set(range(start, end))
            assert not overlap, f"{game}: отрезки источника {prefix} перекрываются"
            covered |= set(range(start, end))
        left = [lines[i] for i in range(len(lines))
                if i not in covered and lines[i] and (prefix, lines[i]) not in NOT_RULE_TEXT]
        assert left == [], f"строки источника {prefix}, не попавшие ни на одну страницу: {left}"


@pytest.mark.parametrize("game", sorted(SEGMENTS))
def test_page_text_is_the_seed_text(site, game):
    html_text = page_path(game).read_text(encoding="utf-8")
    expected = apply_edits(game, segment_text(game))
    actual = page_tokens(html_text, str(page_path(game)))
    problem = first_difference(expected, actual)
    assert problem is None, f"{game}: текст страницы расходится с источником — {problem}"


@pytest.mark.parametrize("game", sorted(SEGMENTS))
def test_page_title_is_the_source_title(site, game):
    doc = parse(page_path(game).read_text(encoding="utf-8"))
    h1 = [h for h in doc.find("article").find_all("h1")]
    assert len(h1) == 1
    for a in h1[0].find_all("a", "headerlink"):
        a.remove()
    title = h1[0].text()
    if game in EDITORIAL_TITLES:
        assert title == EDITORIAL_TITLES[game][0]
        assert SEGMENTS[game].title_line is None
    else:
        assert normalise(title) == normalise(SEGMENTS[game].title_line).strip('"')


@pytest.mark.parametrize("game", sorted(SEGMENTS))
def test_every_editorial_mark_on_the_page_is_a_listed_edit(site, game):
    """<ins class="rb-ed"> and headings in the rule text are exactly the EDITS."""
    rules = rule_text_node(page_path(game).read_text(encoding="utf-8"), game)
    fixes = sorted((n.attrs.get("data-source", ""), n.text()) for n in rules.find_all("ins", "rb-ed"))
    listed = sorted((e.seed, e.page) for e in EDITS if e.game == game and e.kind == "fix")
    assert fixes == listed, "правки на странице (ins.rb-ed с data-source) и список EDITS расходятся"
    for ins in rules.find_all("ins", "rb-ed"):
        assert ins.attrs.get("data-source") in ins.attrs.get("title", ""), "подсказка правки называет текст источника"
    headings = []
    for h in rules.iter():
        if h.tag in ("h2", "h3", "h4"):
            for a in h.find_all("a", "headerlink"):
                a.remove()
            headings.append(h.text())
    listed_h = [e.page for e in EDITS if e.game == game and e.kind == "heading"]
    assert headings == listed_h, "заголовки в тексте правил и заголовки из EDITS расходятся"
    headers = [th.text() for th in rules.find_all("th")
               if not any("admonition" in a.classes for a in th.ancestors())]
    expected_headers = TABLE_HEADERS.get(game, [])
    assert all(h in expected_headers for h in headers), f"неизвестные заголовки столбцов: {headers}"


@pytest.mark.parametrize("game", sorted(SEGMENTS))
def test_text_cut_off_in_the_source_is_said_at_that_place(site, game):
    """Where the engine declares a clause lost, the page has a «gap» box."""
    decl = api.handle({"op": "describe", "game": game})["game"]
    lost = [c["id"] for c in decl["clauses"] if c["status"] == "lost"]
    rules = rule_text_node(page_path(game).read_text(encoding="utf-8"), game)
    gaps = rules.find_all("div", "rb-gap")
    if not lost:
        assert gaps == []
        return
    assert gaps, f"{game}: текст оборван (пункты {lost}), но на странице нет рамки rb-gap"
    for gap in gaps:
        title = gap.find("p", "admonition-title").text()
        assert re.search(r"обрывается|утрачен", title), title


# ---- the test can fail ---------------------------------------------------------------

def _doctored(html_text: str, old: str, new: str) -> str:
    """The page with the first `old` inside the rule text replaced by `new`."""
    start = html_text.index('class="rb-rules"')
    assert old in html_text[start:], old
    return html_text[:start] + html_text[start:].replace(old, new, 1)


def _check(game: str, html_text: str) -> str | None:
    return first_difference(apply_edits(game, segment_text(game)), page_tokens(html_text, game))


def test_doctored_pages_fail(site):
    html_text = page_path("kovboy").read_text(encoding="utf-8")
    assert _check("kovboy", html_text) is None

    dropped = _check("kovboy", _doctored(html_text, "Любое число.", "число."))
    assert dropped and "на странице нет слов источника" in dropped and "[Любое]" in dropped

    added = _check("kovboy", _doctored(html_text, "Первым набрать", "Первым быстро набрать"))
    assert added and "на странице лишние слова" in added and "быстро" in added

    changed = _check("kovboy", _doctored(html_text, "совершившему три нарушения", "совершившему два нарушения"))
    assert changed and "слова отличаются" in changed and "два" in changed

    punctuation = _check("kovboy", _doctored(html_text, "Любое число.", "Любое число"))
    assert punctuation and "[.]" in punctuation

    # An unlisted «editorial fix» is still a difference.
    fixed = _check("kovboy", _doctored(html_text, "Первым набрать", '<ins class="rb-ed">Первым</ins> набрать'))
    assert fixed is None  # same words: only the markup changed
    unlisted = _check("kovboy", _doctored(html_text, "Первым набрать", '<ins class="rb-ed">Вторым</ins> набрать'))
    assert unlisted and "Вторым" in unlisted

    # Text inside an editorial note is not rule text: a source word moved into a
    # note is missing from the rule text.
    hidden = _check("kovboy", _doctored(
        html_text, "Любое число.</p>",
        '</p><div class="admonition note"><p>Любое число.</p></div>'))
    assert hidden and "[Любое число .]" in hidden


def test_doctored_table_fails(site):
    html_text = page_path("pyat-sharov").read_text(encoding="utf-8")
    assert _check("pyat-sharov", html_text) is None
    wrong = _check("pyat-sharov", _doctored(html_text, "<td>5 очков;</td>", "<td>6 очков;</td>"))
    assert wrong and "слова отличаются" in wrong
    lost_row = re.sub(r"<tr>\s*<td>[^<]*<a[^>]*id=\"pyat-sharov-1b\".*?</tr>", "", html_text, count=1, flags=re.DOTALL)
    assert lost_row != html_text
    missing = _check("pyat-sharov", lost_row)
    assert missing and "на странице нет слов источника" in missing and "красному" in missing


def test_edits_must_match_the_seed():
    EDITS.append(Edit("kovboy", "не-было-такого", "x", "fix", "проверка"))
    try:
        with pytest.raises(AssertionError, match="встречается в источнике 0 раз"):
            apply_edits("kovboy", segment_text("kovboy"))
    finally:
        EDITS.pop()
