"""The search index (sitebuild/pages/search_index.py, site/search/search_index.json):
every clause, толкование and glossary term is an entry of its own at its
anchor; no tool, form, status or JSON text is in it; the search language
(docs/assets/javascripts/lunr/min/lunr.rus.min.js) really stems the indexed
words and the query words, in mkdocs-material's own search worker under Node."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pagetext import normalise, parse

from rules_pkg import api
from sitebuild.pages import glossary as G
from sitebuild.pages import search_index as S
from sitebuild.pages.markdown_ext import SiteBuildError

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("RULES_TEST_SITE") or ROOT / "site").resolve()  # as tests/browser/conftest.py
GLOSSARY = G.load()


@pytest.fixture(scope="module")
def index() -> dict:
    path = SITE / "search" / "search_index.json"
    if not path.is_file():
        pytest.fail("сайт не собран: запустите bash scripts/build.sh")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def entries(index) -> dict[str, dict]:
    docs = {d["location"]: d for d in index["docs"]}
    assert len(docs) == len(index["docs"]), "два элемента индекса с одним адресом"
    return docs


def plain(text_html: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", text_html))).strip()


def words(text: str) -> list[str]:
    return re.findall(r"\w+", normalise(text).lower())


def declarations() -> list[dict]:
    return [api.handle({"op": "describe", "game": g["id"]})["game"] for g in api.handle({"op": "games"})["games"]]


# ---- what is in it -------------------------------------------------------------------------

def test_every_clause_tolkovanie_and_outside_fact_is_an_entry_at_its_anchor(entries):
    pages = {}
    for decl in declarations():
        page_file = SITE / "games" / decl["id"] / "index.html"
        if not page_file.is_file():
            continue
        doc = pages.setdefault(decl["id"], parse(page_file.read_text(encoding="utf-8")))
        anchors = {a.attrs["id"]: a for a in doc.find_all("a", "clause-ref")}
        for key in ("clauses", "tolkovaniya", "outside"):
            for item in decl[key]:
                entry = entries.get(f"games/{decl['id']}/#{item['id']}")
                assert entry is not None, f"{item['id']}: нет в поиске"
                assert entry["title"].startswith(decl["title"] + " · ") and entry["title"].endswith(item["title"])
                # Its words are the page's words around its anchor, in the page's order.
                block = anchors[item["id"]].parent
                while block.tag not in ("p", "li", "div"):
                    block = block.parent
                if key != "clauses":
                    block = block.parent  # the whole толкование
                page_words = " ".join(words(block.text()))
                first = " ".join(words(plain(entry["text"]))[:6])
                assert first and first in page_words, f"{item['id']}: «{first}» не из его текста"


def test_a_clause_holds_its_whole_text_and_nothing_of_the_next(entries):
    text = plain(entries["games/kovboy/#kovboy-rule-3"]["text"])
    assert text.startswith("3. После завершения любого удара") and text.rstrip().endswith("из-за передней линии.")
    assert "4." not in text and "§" not in text
    # The editorial note after 101-е очко is not the clause's text; the corrected word is.
    scoring = plain(entries["games/kovboy/#kovboy-scoring-101"]["text"])
    assert "сыграв биток карамболем" in scoring and "Правка редакции" not in scoring


def test_every_glossary_term_is_an_entry_with_its_definition(entries):
    for term in GLOSSARY.terms:
        entry = entries.get(f"glossary/#term-{term.id}")
        assert entry is not None, f"термина «{term.title}» нет в поиске"
        assert entry["title"] == term.title
        assert entry["text"].startswith(f"<p>{html.escape(term.definition, quote=False)}</p>")
        assert "Встречается в правилах" not in entry["text"]


def test_every_game_of_the_games_list_is_an_entry_with_its_own_line(entries):
    """One section held the whole list, and a result showed «Кайза» over the next game's line."""
    from sitebuild.pages.index_markers import GAME_LINES
    for page in ("", "games/"):
        for game in declarations():
            entry = entries.get(f"{page}#game-{game['id']}")
            assert entry is not None, f"{page or 'главная'}: игры «{game['title']}» нет в поиске отдельно"
            assert entry["title"] == game["title"]
            assert plain(entry["text"]).startswith(GAME_LINES[game["id"]])
            others = [line for gid, line in GAME_LINES.items() if gid != game["id"]]
            assert not any(line[:40] in plain(entry["text"]) for line in others), entry["text"]


def test_docs_prose_and_quiz_titles_are_in_and_quiz_pages_are_titles_only(entries):
    assert "rules_pkg" in entries["api/"]["text"]
    assert entries["quizzes/#moodle"]["text"]
    quiz_pages = [loc for loc in entries if re.fullmatch(r"quizzes/[a-z-]+/", loc)]
    assert len(quiz_pages) >= 7
    for loc in quiz_pages:
        assert entries[loc]["title"].startswith("Тест:") and entries[loc]["text"] == ""
        assert not any(other.startswith(loc + "#") for other in entries), f"{loc}: лишние разделы"


def test_each_page_comes_before_its_entries(index):
    seen = set()
    for doc in index["docs"]:
        path, _, anchor = doc["location"].partition("#")
        if anchor:
            assert path in seen, f"{doc['location']}: раньше своей страницы"  # mkdocs-material relies on it
        seen.add(path)


# ---- what is not ---------------------------------------------------------------------------

def tool_and_prose_texts() -> tuple[set[str], str]:
    """The texts of the tools, forms, status lines, hidden elements and code of every
    built page, and the rest of the pages' articles (what a reader reads)."""
    tools: set[str] = set()
    prose: list[str] = []
    for page in SITE.rglob("index.html"):
        doc = parse(page.read_text(encoding="utf-8"))
        article = doc.find("article")
        if article is None:
            continue
        nodes = [n for n in article.iter() if is_tool(n) and not any(is_tool(a) for a in n.ancestors())]
        for node in nodes:
            for part in re.split(r"\s{2,}", " ".join(_texts(node))):
                if len(normalise(part)) >= 14:
                    tools.add(normalise(part))
            node.remove()
        prose.append(normalise(article.text()))
    return tools, "\n".join(prose)


def is_tool(node) -> bool:
    a = node.attrs
    return ("data-rb-tool" in a or node.tag in ("form", "label", "button", "select", "pre", "noscript")
            or a.get("role") == "status" or "data-search-exclude" in a or "hidden" in a)


def _texts(node):
    for child in node.children:
        if isinstance(child, str):
            yield child
        else:
            yield "  "
            yield from _texts(child)


def test_no_tool_form_status_or_json_text(index):
    raw = "\n".join(plain(d["title"] + "  " + d["text"]) for d in index["docs"])
    for bad in ("загрузка правил", "Загружаются правила", "Загрузка теста", '{"', '":', "null,",
                "Форму можно заполнять"):
        assert bad not in raw, f"в поиске «{bad}»"
    # No text that only a tool, a form, a status line or a code block shows is an
    # entry's text (the prose may use the same words: a pocket's name, a label quoted).
    tools, prose = tool_and_prose_texts()
    assert len(tools) > 100  # the harvest works: forms, tools, code blocks
    body = "\n".join(normalise(plain(d["text"])) for d in index["docs"])
    leaks = sorted(t for t in tools if t in body and t not in prose)
    assert leaks == []


def test_a_sentence_after_a_full_stop_starts_with_a_capital(index):
    """A search result's text reads as sentences: a badge or a label that follows a
    sentence («… до 100 очков.» + «текст в источнике неполный») starts with a capital.
    Abbreviations («см.», «т. д.», «т. е.») and table cells run together are not sentences."""
    lower_after_stop = re.compile(r"[а-яё](?<!\bсм)(?<!\bт)(?<!\bд)(?<!\bе)(?<!\bг)(?<!\bп)\.\s+([а-яё][а-яё]+)")
    found = []
    for d in index["docs"]:
        if not d["location"].startswith(("games/", "#", "glossary/", "clauses/")) and d["location"]:
            continue
        for paragraph in re.findall(r"<p>(.*?)</p>", d["text"], flags=re.S):
            text = plain(paragraph)
            found += [f"{d['location']}: …{text[max(0, m.start() - 40):m.end()]}" for m in lower_after_stop.finditer(text)]
    assert found == []


def test_the_tool_markup_itself_is_excluded():
    page = (SITE / "games" / "kovboy" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<details class="rb-tool[^>]*data-search-exclude', page)


# ---- the reader, on small pages --------------------------------------------------------------

UNITS = {"c-1": S.Unit("c-1", "Игра · Пункт один", "clause", "g"),
         "c-2": S.Unit("c-2", "Игра · Пункт два", "clause", "g"),
         "term-x": S.Unit("term-x", "Икс", "term", "glossary")}


def read(body: str, units=UNITS) -> list[dict]:
    entries, _ = S.page_entries(f"<html><body><nav>меню</nav><article>{body}</article></body></html>", "p/", units)
    return entries


def test_nested_excluded_elements_stay_out():
    # mkdocs-material lets «после» back in after the inner </div>; this reader does not.
    out = read('<h1 id="t">Т</h1><p>до</p><div data-search-exclude><div>форма</div>после</div><p>дальше</p>')
    assert out == [{"location": "p/", "title": "Т", "text": "<p>до</p><p>дальше</p>"}]


def test_a_unit_runs_to_the_next_unit_or_heading_and_is_cut_into_sentences():
    out = read('<h1 id="t">Т</h1><div class="rb-rules">'
               '<p><a class="clause-ref" id="c-1" href="#c-1">§</a> Первое. Второе (см. выше), № 3.</p>'
               '<p class="rb-cont">Продолжение.</p>'
               '<p><a class="clause-ref" id="c-2" href="#c-2">§</a> 1. Другой пункт.</p>'
               '<h2 id="h">Раздел</h2><p>Текст раздела.</p></div>')
    assert out == [
        {"location": "p/", "title": "Т", "text": ""},
        {"location": "p/#c-1", "title": "Игра · Пункт один",
         "text": "<p>Первое.</p><p>Второе (см. выше), № 3.</p><p>Продолжение.</p>"},
        {"location": "p/#c-2", "title": "Игра · Пункт два", "text": "<p>1. Другой пункт.</p>"},
        {"location": "p/#h", "title": "Раздел", "text": "<p>Текст раздела.</p>"},
    ]


def test_forms_status_hidden_and_json_code_are_not_text():
    out = read('<h1 id="t">Т</h1><p role="status">Загрузка…</p><form><label>Поле</label></form>'
               '<p hidden>ошибка</p><p>Вызов <code>describe</code> и <code>{"op": "games"}</code>.</p>'
               '<pre><code>{"ok": true}</code></pre><h2 id="e">Пусто</h2><table><tr><td>x</td></tr></table>')
    assert out == [{"location": "p/", "title": "Т", "text": "<p>Вызов describe и .</p>"},
                   {"location": "p/#e", "title": "Пусто", "text": "<p>x</p>"}]


def test_a_term_weighs_more_and_an_unknown_clause_anchor_fails():
    out = read('<h1 id="t">Т</h1><dl><dt id="term-x"><a class="rb-gloss-anchor" href="#term-x">#</a> Икс</dt>'
               '<dd><p>Определение.</p><p class="rb-gloss-uses">Встречается…</p></dd></dl>')
    assert out[1] == {"location": "p/#term-x", "title": "Икс", "text": "<p>Определение.</p>",
                      "boost": S.KIND_BOOST["term"]}
    with pytest.raises(SiteBuildError, match="c-9"):
        read('<h1 id="t">Т</h1><p><a class="clause-ref" id="c-9">§</a> X</p>')


def test_a_unit_missing_from_its_page_fails_the_build():
    index = {"config": {"lang": ["ru"]}, "docs": [{"location": "p/", "title": "Т", "text": ""}]}
    page = '<article><h1 id="t">Т</h1><p><a class="clause-ref" id="c-1">§</a> Один.</p></article>'
    with pytest.raises(SiteBuildError, match="c-2"):
        S.build(index, {"p/": page}, {k: v for k, v in UNITS.items() if k != "term-x"})
    built = S.build(index, {"p/": page}, {"c-1": UNITS["c-1"]})
    assert built["config"]["lang"] == [S.LANGUAGE] and len(built["docs"]) == 2


# ---- the search language in mkdocs-material's own worker --------------------------------------

WORKER_RUN = r"""
const fs = require("fs"), path = require("path"), vm = require("vm");
const [site] = process.argv.slice(2);
const workers = path.join(site, "assets/javascripts/workers");
const worker = fs.readdirSync(workers).find(f => /^search\..*\.min\.js$/.test(f));
const replies = [];
const sandbox = {console, setTimeout, clearTimeout, URL, TextDecoder, TextEncoder};
sandbox.self = sandbox;
sandbox.postMessage = m => replies.push(m);
sandbox.addEventListener = (type, fn) => { sandbox.onmessage = fn; };
sandbox.importScripts = (...urls) => { for (const u of urls)
  vm.runInContext(fs.readFileSync(path.resolve(workers, u), "utf8"), sandbox); };
vm.createContext(sandbox);
vm.runInContext(fs.readFileSync(path.join(workers, worker), "utf8"), sandbox);
const index = JSON.parse(fs.readFileSync(path.join(site, "search/search_index.json"), "utf8"));
(async () => {
  await sandbox.onmessage({data: {type: 0, data: {config: index.config, docs: index.docs, options: {}}}});
  const lunr = sandbox.lunr, out = {ready: replies.pop().type};
  // What the index holds for these words of the texts, and what a query word becomes.
  const b = new lunr.Builder(); lunr.rus.call(b);
  out.indexed = Object.fromEntries(["карамболем", "лузу", "пятёрка", "58", "по", "«Начинаю»", "пять"].map(
    w => [w, b.pipeline.run([new lunr.Token(w.toLowerCase())]).map(String)]));
  out.query = Object.fromEntries(["карамболи", "луза", "пятёрка", "по"].map(w => [w, lunr.rus.queryWord(w)]));
  out.results = {};
  out.groups = {};
  for (const q of JSON.parse(process.argv[3])) {
    await sandbox.onmessage({data: {type: 2, data: q}});
    const items = replies.pop().data.items;
    out.results[q] = items.flat().filter(i => i.score > 0)
      .sort((x, y) => y.score - x.score).slice(0, 5).map(i => i.location);
    out.groups[q] = items.slice(0, 3).map(g => g.map(i => [i.location, i.score]));
  }
  console.log(JSON.stringify(out));
})();
"""


@pytest.fixture(scope="module")
def worker(index, tmp_path_factory):
    node = shutil.which("node")
    if node is None:
        pytest.skip("нет node (scripts/setup.sh ставит Node 20)")
    script = tmp_path_factory.mktemp("search") / "run.js"
    script.write_text(WORKER_RUN, encoding="utf-8")
    queries = ["карамболем", "лузами", "пятёрка", "по солнцу", "«Начинаю»", "ЛУЗА", "пробка штраф"]
    proc = subprocess.run([node, str(script), str(SITE), json.dumps(queries, ensure_ascii=False)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_index_holds_stems_with_yo_as_ye_and_keeps_numbers(worker):
    assert worker["ready"] == 1
    assert worker["indexed"] == {"карамболем": ["карамбол"], "лузу": ["луз"], "пятёрка": ["пятерк"],
                                 "58": ["58"], "по": [], "«Начинаю»": ["начина"], "пять": ["пят"]}


def test_query_words_are_stemmed_like_the_index(worker):
    assert worker["query"] == {"карамболи": ["карамбол"], "луза": ["луз"], "пятёрка": ["пятерк"], "по": []}


def test_word_forms_find_the_same_entries(worker):
    r = worker["results"]
    assert "glossary/#term-karambol" in r["карамболем"][:3]
    assert "glossary/#term-luza" in r["лузами"][:3] and "glossary/#term-luza" in r["ЛУЗА"][:3]
    assert "games/kovboy/#kovboy-balls" in r["пятёрка"][:3]  # the text says «пятерка»
    assert "games/po-chasovoy/#po-chasovoy-basis" in r["по солнцу"][:3]
    assert "games/kladka-kiem/#kladka-kiem-start" in r["«Начинаю»"][:3]


def unfolded(group: list[list]) -> list[str]:
    """What mkdocs-material shows of a page's results without «Ещё N на этой странице»:
    the page, and its sections that score as the group's best (renderSearchResultItem)."""
    threshold = group[0][1]
    sections = [(loc, score) for loc, score in group if "#" in loc]
    shown = []
    for loc, score in sections:
        if score < threshold:
            break
        shown.append(loc)
    return shown


def test_a_clause_with_every_word_ranks_above_an_entry_with_one(worker):
    # «пробка штраф»: the clauses about the penalty have both words in their titles;
    # the glossary's «Банк (в игре с пробкой)» has one in its title, the page
    # «Игра с пробкой» one. A penalty clause comes first, unfolded, before the glossary.
    groups = worker["groups"]["пробка штраф"]
    pages = [g[0][0].split("#")[0] for g in groups]
    assert pages[0] == "games/probka/", groups
    shown = unfolded(groups[0])
    assert shown and shown[0] in ("games/probka/#probka-fouls", "games/probka/#probka-penalty"), groups[0][:5]
    assert "glossary/#term-bank" not in shown
