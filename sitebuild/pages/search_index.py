"""The site's search index: what a reader looks for, and nothing else (build time).

mkdocs-material writes ``site/search/search_index.json`` with one entry per
heading of every page. That index has three faults for this site: a rule
text is one entry per heading (a game without headings is one entry, its
calculator form included), the glossary is one entry, and material's
``data-search-exclude`` lets the rest of an excluded element back in after
the first nested element of the same tag closes (its parser compares
elements by tag name), so a tool's form leaks into the index anyway.

This module rewrites the index from the built pages, honouring the same
exclusion mechanisms (``search: exclude`` front matter: such a page is not in
material's index, so it is not read here; ``data-search-exclude`` on an
element: the whole element, nested or not, is left out). The entries:

- every page, one entry per heading with an id (as material does), the
  page's first entry being the page itself; a heading with no text under it
  is dropped (its content is a table or a tool that is not indexed);
- a *unit* — a clause, a толкование or a fact from another source (its
  ``a.clause-ref`` anchor), a glossary term (its ``dt`` anchor) — is an
  entry of its own, opening at its anchor and titled with the game and the
  clause (titles come from the engine's declarations and the glossary, not
  from the page); its text is taken out of the section it stands in. A unit
  runs until the next unit or heading, an editorial box, or the end of the
  block it stands in;
- a quiz page (it holds a quiz widget) is only its title: its lead and its
  trainer's files are the same on every quiz page;
- never: forms, buttons, status and loading lines, hidden elements, code
  blocks (the API's and the quiz format's examples), inline code that looks
  like JSON, permalinks and editorial marks.

The text of an entry is HTML blocks (``<p>``): mkdocs-material's result shows
only the blocks that contain a match, so a clause's or a толкование's text is
cut into sentences and the snippet is the sentence around the match; a
term's definition stays one block (its quotes are blocks of their own).

The index's language is ``rus`` (``docs/assets/javascripts/lunr/min/
lunr.rus.min.js``, built with lunr-languages' Russian in front of it):
Russian stems with «ё» read as «е», and query words stemmed like the indexed
words (material adds ``*`` to every query word, and lunr skips the stemmer
for such words).

Entry points: :func:`build` (pure: index data, pages, tables -> new index
data) and :func:`post_build` (the hook's call after every page is written).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from sitebuild.pages import glossary as glossary_mod
from sitebuild.pages.markdown_ext import Catalog, SiteBuildError

INDEX_FILE = Path("search") / "search_index.json"
LANGUAGE = "rus"
LUNR_DIR = Path("assets") / "javascripts" / "lunr" / "min"
LANGUAGE_FILE = LUNR_DIR / f"lunr.{LANGUAGE}.min.js"
BASE_LANGUAGE_FILE = LUNR_DIR / "lunr.ru.min.js"  # lunr-languages' Russian, from mkdocs-material
# The ranking of a query of several words, run in the search worker after the language.
RANK_SCRIPT = Path(__file__).resolve().with_name("search_rank.js")
RANK_MARK = "Ranking of a query of several words"

# How much an entry of each kind weighs against a page's section (1). A
# glossary term ranks above a clause whose title has the same word (who types
# «фол» wants the definition first); the rule text ranks above a толкование
# or a fact from another source that repeats its words (they explain it).
KIND_BOOST = {"term": 3.0, "clause": 1.0, "tolkovanie": 0.2, "outside": 0.2}

# What is never text of the index.
SKIP_TAGS = frozenset({
    "script", "style", "svg", "noscript", "template", "iframe", "object", "canvas",
    "form", "button", "select", "option", "label", "input", "textarea", "output",
    "pre", "nav",
})
SKIP_ROLES = frozenset({"status", "alert", "progressbar"})
SKIP_CLASSES = frozenset({
    "headerlink",        # the ¶ of a heading (toc permalink)
    "clause-ref",        # the § of a clause (sitebuild/pages/markdown_ext.py)
    "rb-ed-mark",        # the * of an editorial correction, and its note
    "rb-ed-note",
    "rb-tolk-title",     # a толкование's own title (the entry's title)
    "rb-tolk-clauses",   # «Касается: …» / «Источник: …» lists
    "rb-gloss-anchor",   # the # of a glossary term
    "rb-gloss-uses",     # «Встречается в правилах: …» (sitebuild/pages/index_markers.py)
})
VOID_TAGS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                       "param", "source", "track", "wbr"})
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
BLOCK_TAGS = frozenset({"p", "li", "dd", "dt", "tr", "blockquote", "div", "section",
                        "details", "summary", "ol", "ul", "dl", "table", "figcaption", "caption"})
CELL_TAGS = frozenset({"td", "th"})  # a table row is one block, its cells words apart
# A unit ends when the block it stands in ends (the rule text, a толкование, the glossary list).
REGION_TAGS = frozenset({"div", "dl", "section", "details", "article", "table", "blockquote"})
EDITORIAL_BOX = "admonition"
QUIZ_WIDGET_ATTR = "data-rb-quiz"  # sitebuild/templates/quiz-widget.html.j2
JSONISH = re.compile(r'[{}\[\]"]')
SENTENCE_END = re.compile(r"(?<=[.!?…])(?<!\d\.)(?<!\s[а-яё]\.)\s+(?=[«(\"А-ЯЁA-Z0-9])")


@dataclass(frozen=True)
class Unit:
    """A result of its own: an anchor and the title of its entry."""
    anchor: str
    title: str
    kind: str  # clause, tolkovanie, outside, term
    owner: str  # the game id, or "glossary"


def engine_units(catalog: Catalog) -> dict[str, Unit]:
    """Clauses, толкования and facts from other sources of every game, by anchor."""
    units: dict[str, Unit] = {}
    for game in catalog.game_ids():
        decl = catalog.declaration(game)
        for kind, key, label in (("clause", "clauses", ""), ("tolkovanie", "tolkovaniya", "Толкование: "),
                                 ("outside", "outside", "Внешний источник: ")):
            for item in decl[key]:
                units[item["id"]] = Unit(item["id"], f"{decl['title']} · {label}{item['title']}", kind, game)
    return units


def glossary_units(glossary: glossary_mod.Glossary) -> dict[str, Unit]:
    """Every glossary term (rule texts' and this site's words), by its anchor on the glossary page."""
    return {glossary_mod.ANCHOR.format(t.id): Unit(glossary_mod.ANCHOR.format(t.id), t.title, "term", "glossary")
            for t in glossary.terms}


# --------------------------------------------------------------------------
# Reading one built page


@dataclass
class _Entry:
    anchor: str | None
    title: str = ""
    unit: Unit | None = None
    blocks: list[str] = field(default_factory=list)
    line: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.line.append(text)

    def close_block(self) -> None:
        text = re.sub(r"\s+", " ", "".join(self.line)).strip()
        if text:
            self.blocks.append(text)
        self.line = []


class PageReader(HTMLParser):
    """The entries of one page's <article>, in document order."""

    def __init__(self, units: dict[str, Unit]):
        super().__init__(convert_charrefs=True)
        self.units = units
        self.entries: list[_Entry] = []
        self.stack: list[str] = []     # open tags inside the article
        self.depth = -1                # stack depth of <article>, -1 outside it
        self.skip_at: int | None = None  # depth of the outermost skipped element
        self.skip_excluded = False       # skipped as not text at all (no unit starts inside)
        self.heading_at: int | None = None
        self.code_at: int | None = None
        self.code: list[str] = []
        self.section: _Entry | None = None
        self.unit: _Entry | None = None
        self.unit_region: int | None = None
        self.quiz = False
        self.seen_units: list[str] = []

    # ---- where text goes -------------------------------------------------------
    @property
    def target(self) -> _Entry | None:
        return self.unit if self.unit is not None else self.section

    def end_unit(self) -> None:
        if self.unit is not None:
            self.unit.close_block()
            self.unit = None
            self.unit_region = None

    def start_section(self, anchor: str | None) -> None:
        self.end_unit()
        if self.section is not None:
            self.section.close_block()
        self.section = _Entry(anchor if self.entries else None)
        self.entries.append(self.section)

    def start_unit(self, unit: Unit) -> None:
        self.end_unit()
        if self.section is not None:
            self.section.close_block()
        self.unit = _Entry(unit.anchor, unit.title, unit)
        self.entries.append(self.unit)
        self.seen_units.append(unit.anchor)
        # The block the unit stands in: the innermost open region element.
        self.unit_region = max((i for i, tag in enumerate(self.stack) if tag in REGION_TAGS), default=0)

    # ---- parser callbacks --------------------------------------------------------
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.depth < 0:
            if tag == "article":
                self.depth = len(self.stack)
                self.stack.append(tag)
            return
        if tag in VOID_TAGS:
            if tag == "br" and self.target is not None and self.skip_at is None:
                self.target.add(" ")
            return
        here = len(self.stack)
        self.stack.append(tag)
        if QUIZ_WIDGET_ATTR in attrs:
            self.quiz = True
        if self.skip_at is not None and self.skip_excluded:
            return
        classes = set((attrs.get("class") or "").split())
        unit = self.units.get(attrs.get("id") or "")
        if "clause-ref" in classes and unit is None:
            raise SiteBuildError(f"поиск: якорь «{attrs.get('id')}» не объявлен движком")
        if self.skip_at is not None:  # a title or a mark, where a unit may start (a толкование's title)
            if unit is not None:
                self.start_unit(unit)
            return
        if tag in HEADINGS and attrs.get("id"):
            self.start_section(attrs["id"])
            self.heading_at = here
            return
        if unit is not None:
            self.start_unit(unit)
        elif EDITORIAL_BOX in classes and self.unit is not None:
            self.end_unit()
        excluded = (tag in SKIP_TAGS or "hidden" in attrs or "data-search-exclude" in attrs
                    or attrs.get("role") in SKIP_ROLES or attrs.get("aria-hidden") == "true")
        if excluded or unit is not None or classes & SKIP_CLASSES:
            self.skip_at, self.skip_excluded = here, excluded
            return
        if tag == "code" and self.code_at is None:
            self.code_at, self.code = here, []
        if tag in BLOCK_TAGS and self.target is not None:
            self.target.close_block()
        elif tag in CELL_TAGS and self.target is not None:
            self.target.add(" ")

    def handle_endtag(self, tag):
        if self.depth < 0 or tag in VOID_TAGS or tag not in self.stack[self.depth:]:
            return
        while self.stack:
            here = len(self.stack) - 1
            closed = self.stack.pop()
            self._closed(closed, here)
            if closed == tag:
                break

    def _closed(self, tag: str, here: int) -> None:
        if here == self.depth:
            self.end_unit()
            if self.section is not None:
                self.section.close_block()
            self.depth = -1
            return
        if self.skip_at is not None:
            if here == self.skip_at:
                self.skip_at = None
            return
        if here == self.heading_at:
            self.heading_at = None
            self.section.title = re.sub(r"\s+", " ", "".join(self.section.line)).strip()
            self.section.line = []
            return
        if here == self.code_at:
            code = "".join(self.code)
            self.code_at = None
            if not JSONISH.search(code) and self.target is not None:
                self.target.add(code)
            return
        if tag in BLOCK_TAGS and self.target is not None:
            self.target.close_block()
        if self.unit_region is not None and here == self.unit_region:
            self.end_unit()

    def handle_data(self, data):
        if self.depth < 0 or self.skip_at is not None or self.section is None:
            return
        if self.code_at is not None:
            self.code.append(data)
        elif self.heading_at is not None:
            self.section.add(data)
        elif self.target is not None:
            self.target.add(data)


def sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_END.split(text) if s.strip()]


def _html_blocks(blocks: list[str]) -> str:
    return "".join(f"<p>{html.escape(b, quote=False)}</p>" for b in blocks)


def page_entries(page_html: str, url: str, units: dict[str, Unit]) -> tuple[list[dict], list[str]]:
    """The index entries of one built page, and the unit anchors it holds."""
    reader = PageReader(units)
    reader.feed(page_html)
    reader.close()
    if not reader.entries:
        return [], []
    if reader.quiz:
        first = reader.entries[0]
        return [{"location": url, "title": first.title, "text": ""}], []
    entries = []
    for n, entry in enumerate(reader.entries):
        entry.close_block()
        if entry.unit is not None and entry.unit.kind != "term":
            blocks = [s for b in entry.blocks for s in sentences(b)]
        else:
            blocks = entry.blocks
        if n > 0 and not blocks:
            continue  # a heading whose content is not indexed (a table, a tool)
        item = {"location": url + (f"#{entry.anchor}" if entry.anchor else ""),
                "title": entry.title, "text": _html_blocks(blocks)}
        if entry.unit is not None and KIND_BOOST[entry.unit.kind] != 1:
            item["boost"] = KIND_BOOST[entry.unit.kind]
        entries.append(item)
    return entries, reader.seen_units


# --------------------------------------------------------------------------
# The whole index


def page_file(site_dir: Path, url: str) -> Path:
    path = site_dir / url
    return path / "index.html" if url == "" or url.endswith("/") else path


def page_urls(index: dict) -> list[str]:
    """The pages mkdocs-material indexed (a page with ``search: exclude`` is not among them), in its order."""
    urls: dict[str, None] = {}
    for doc in index["docs"]:
        urls.setdefault(doc["location"].split("#", 1)[0], None)
    return list(urls)


def build(index: dict, pages: dict[str, str], units: dict[str, Unit]) -> dict:
    """The new index data from material's (its config and its list of pages),
    the built pages (url -> HTML) and the units (anchor -> Unit)."""
    docs: list[dict] = []
    seen: dict[str, str] = {}
    for url in page_urls(index):
        entries, anchors = page_entries(pages[url], url, units)
        for anchor in anchors:
            if anchor in seen:
                raise SiteBuildError(f"поиск: якорь «{anchor}» есть на страницах {seen[anchor]} и {url}")
            seen[anchor] = url
        docs.extend(entries)
    owners_with_page = {units[a].owner for a in seen}
    missing = [u.anchor for u in units.values() if u.owner in owners_with_page and u.anchor not in seen]
    if missing:
        raise SiteBuildError("поиск: не найдены на своих страницах: " + ", ".join(missing))
    config = dict(index["config"], lang=[LANGUAGE])
    return {"config": config, "docs": docs}


def bundle_language(site_dir: Path) -> None:
    """Put lunr-languages' Russian in front of the site's language file, and the
    ranking of several words (sitebuild/pages/search_rank.js) after it, so the
    search worker loads one file (and the service worker precaches the
    languages the index names: sitebuild/publish/offline.py)."""
    ours, base = site_dir / LANGUAGE_FILE, site_dir / BASE_LANGUAGE_FILE
    for path in (ours, base):
        if not path.is_file():
            raise SiteBuildError(f"нет {path}: язык поиска — docs/{LANGUAGE_FILE} и {BASE_LANGUAGE_FILE} темы")
    text = ours.read_text(encoding="utf-8")
    if "Lunr languages, `Russian` language" not in text:
        text = base.read_text(encoding="utf-8") + "\n" + text
    if RANK_MARK not in text:
        text += "\n" + RANK_SCRIPT.read_text(encoding="utf-8")
    ours.write_text(text, encoding="utf-8")


def post_build(site_dir: str | Path, catalog: Catalog) -> None:
    """Rewrite site/search/search_index.json (call after the search plugin wrote it)."""
    site_dir = Path(site_dir)
    path = site_dir / INDEX_FILE
    if not path.is_file():
        raise SiteBuildError(f"нет {path}: включите плагин search в mkdocs.yml")
    bundle_language(site_dir)
    index = json.loads(path.read_text(encoding="utf-8"))
    pages = {url: page_file(site_dir, url).read_text(encoding="utf-8") for url in page_urls(index)}
    units = engine_units(catalog) | glossary_units(glossary_mod.load())
    data = build(index, pages, units)
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
