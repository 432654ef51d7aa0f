"""Reading the rulebook: the home page's games list, the clause index and the
glossary (build time only).

The hook (``hooks.py``) calls:

- :func:`setup` (on_config): load the glossary (``sitebuild/pages/glossary.toml``),
  register the block markers below on the Markdown extension's
  :class:`SiteContext`, and add the glossary's Markdown extension (terms of
  the rule text are marked, see ``sitebuild/pages/glossary.py``);
- :func:`page_markdown` (on_page_markdown): remember the page (links in the
  rendered HTML are relative to it) and expand ``::: clause-index`` without
  arguments into one heading and one ``::: clause-index GAME`` per game, so
  the headings are Markdown headings (table of contents, permalinks);
- :func:`post_page` (on_post_page): on the glossary page, fill in where each
  term appears — known only once every game page is rendered (MkDocs renders
  every page's content before it writes any page);
- :func:`post_build`: a term of the rule texts that appears on no page fails
  the build (its forms are wrong).

Markers (a line of their own):

``::: games-list``
    Every game the engine knows: title, one editorial line (``GAME_LINES``),
    the tools its declaration lists (named by the tools' own templates) and
    its quiz, with links; a badge when the source text is incomplete (the
    engine declares a clause «lost»).
``::: clause-index GAME``
    The game's clauses (id linking to the anchor on the game's page, title,
    status, note), its толкования and its facts from outside the text — all
    from the engine's declaration, so the list cannot drift from the engine.
``::: glossary terms`` / ``::: glossary site``
    The glossary's terms of the rule texts / words of this site; the first
    starts with the page's alphabetical index of every term (both lists).
"""

from __future__ import annotations

import html
import re
from collections import Counter
from pathlib import Path

from mkdocs.utils import get_relative_url

from sitebuild.pages import glossary as glossary_mod
from sitebuild.pages.markdown_ext import SiteBuildError, SiteContext, scan_markers

GAME_PAGE = "games/{}.md"
QUIZ_PAGE = "quizzes/{}.md"  # sitebuild/pages/quiz_pages.py: one page per quiz, quiz id = game id
GLOSSARY_PAGE = "glossary.md"
TOOL_ANCHOR = "rb-{kind}-{game}"  # the id markdown_ext.py gives a tool's panel

# One line per game for the home page: editorial text, not the rule text.
GAME_LINES = {
    "kovboy": "Карамболь и лузы: единица, тройка, пятерка и биток; партия до 101 очка, "
              "последнее очко — карамболем от единицы в заказанную лузу.",
    "pyat-sharov": "Как «Русская партия», но засчитываются только шары, сыгранные карамболем; "
                   "очки — по таблице из текста.",
    "kaiza": "Пять шаров, у каждого игрока свой белый биток; партия до 60 очков.",
    "probka": "Штраф и приз равны общему банку, который растёт с каждой ошибкой; "
              "побеждает первый, набравший 100 очков.",
    "po-chasovoy": "Шары кладут по порядку номеров, и у каждого своя луза — "
                   "следующая по часовой стрелке.",
    "kladka-kiem": "Положить все шары с кия за наименьшее число ударов; ошибка — лишний удар; "
                   "фора трёх видов.",
    "snimanie-rukoy": "Сохранились только расстановка и разбивка: что дальше, в источнике утрачено.",
}

STATUS_ORDER = ("implemented", "not_computable", "lost")
# What a clause status means (editorial; the status names come from the engine).
STATUS_HELP = {
    "implemented": "калькулятор и счёт партии применяют этот пункт",
    "not_computable": "пункт говорит о том, что происходит не за столом или не зависит от удара, "
                      "поэтому посчитать его нельзя",
    "lost": "текста пункта в источнике нет: он оборван или утрачен",
}
USES_RE = re.compile(r'<p class="rb-gloss-uses" data-rb-term-uses="([a-z0-9-]+)"></p>')


def doc_url(src: str, use_directory_urls: bool = True) -> str:
    """The site URL of a Markdown page (as MkDocs makes it)."""
    stem = src.removesuffix(".md")
    if not use_directory_urls:
        return stem + ".html"
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem[:-len("index")]
    return stem + "/"


class ReadingSite:
    """The reading aids of one build: markers, glossary marking, links."""

    def __init__(self, context: SiteContext, glossary: glossary_mod.Glossary, docs_dir: str | Path,
                 use_directory_urls: bool = True):
        self.context = context
        self.glossary = glossary
        self.docs_dir = Path(docs_dir)
        self.use_directory_urls = use_directory_urls
        self.page_url = ""
        self.page_game: str | None = None
        # term id -> game -> the clause of its first occurrence on that game's page
        self.uses: dict[str, dict[str, str | None]] = {}
        self.glossary_rendered = False

    def register(self) -> None:
        self.context.extra_markers.update({
            "games-list": self.marker_games_list,
            "clause-index": self.marker_clause_index,
            "clause-statuses": self.marker_clause_statuses,
            "glossary": self.marker_glossary,
        })

    def extension(self) -> glossary_mod.GlossaryExtension:
        return glossary_mod.GlossaryExtension(self.glossary, self.glossary_href, self.record)

    # ---- links ------------------------------------------------------------
    def rel(self, src: str, anchor: str = "") -> str:
        """Link from the page being rendered to a Markdown page (and anchor)."""
        url = get_relative_url(doc_url(src, self.use_directory_urls), self.page_url)
        return url + (f"#{anchor}" if anchor else "")

    def exists(self, src: str) -> bool:
        return (self.docs_dir / src).is_file()

    def glossary_href(self) -> str | None:
        return self.rel(GLOSSARY_PAGE) if self.exists(GLOSSARY_PAGE) else None

    def where(self, line: str) -> str:
        return self.context.page.where(line)

    def no_args(self, name: str, args: str, line: str) -> None:
        if args.strip():
            raise SiteBuildError(f"{self.where(line)}у маркера «{name}» нет аргументов")

    # ---- ::: games-list ------------------------------------------------------
    def tool_name(self, kind: str) -> str:
        """A tool's name as its own template titles it («Калькулятор удара»)."""
        template = self.context.env.get_template(f"{kind}.html.j2")
        block = template.blocks.get("title")
        if block is None:
            raise SiteBuildError(f"в шаблоне sitebuild/templates/{kind}.html.j2 нет блока title")
        return "".join(block(template.new_context({}))).strip()

    def marker_games_list(self, args: str, line: str) -> str:
        self.no_args("games-list", args, line)
        items = []
        for game in self.context.catalog.games():
            gid = game["id"]
            if gid not in GAME_LINES:
                raise SiteBuildError(
                    f"{self.where(line)}для игры «{gid}» нет строки описания: добавьте её в "
                    "GAME_LINES в sitebuild/pages/index_markers.py")
            decl = self.context.catalog.declaration(gid)
            page = GAME_PAGE.format(gid)
            has_page = self.exists(page)
            tools = [{"name": self.tool_name(kind),
                      "url": self.rel(page, TOOL_ANCHOR.format(kind=kind, game=gid)) if has_page else None}
                     for kind in decl["tools"]]
            quiz = QUIZ_PAGE.format(gid)
            items.append({
                "id": gid,
                "title": decl["title"],
                "line": GAME_LINES[gid],
                "url": self.rel(page) if has_page else None,
                "tools": tools,
                "quiz": self.rel(quiz) if self.exists(quiz) else None,
                "incomplete": any(c["status"] == "lost" for c in decl["clauses"]),
            })
        unused = sorted(set(GAME_LINES) - {g["id"] for g in self.context.catalog.games()})
        if unused:
            raise SiteBuildError(f"{self.where(line)}GAME_LINES описывает игры, которых движок не знает: "
                                 + ", ".join(unused))
        return self.context.env.get_template("marker-games-list.html.j2").render(games=items)

    # ---- ::: clause-index ----------------------------------------------------
    def expand_clause_index(self, markdown: str) -> str:
        """``::: clause-index`` alone -> a heading and a marker per game."""
        out = []
        for line, marker, _ in scan_markers(markdown.split("\n")):
            if marker and marker.group("name") == "clause-index" and not (marker.group("args") or "").strip():
                out += ["::: clause-statuses", ""]
                for game in self.context.catalog.games():
                    out += [f"## {game['title']} {{ #{game['id']} }}", "", f"::: clause-index {game['id']}", ""]
                continue
            out.append(line)
        return "\n".join(out)

    def marker_clause_index(self, args: str, line: str) -> str:
        gid = args.strip()
        decl = self.context.catalog.declaration(gid, self.where(line))
        page = GAME_PAGE.format(gid)
        if not self.exists(page):
            raise SiteBuildError(f"{self.where(line)}у игры «{gid}» нет страницы docs/{page}")
        clause_titles = {c["id"]: c["title"] for c in decl["clauses"]}
        clause_numbers = {c["id"]: i for i, c in enumerate(decl["clauses"], 1)}
        counts = Counter(c["status"] for c in decl["clauses"])
        names = {c["status"]: c.get("status_name") or c["status"] for c in decl["clauses"]}
        summary = [(names[s], counts[s]) for s in STATUS_ORDER if counts[s]]
        summary += [(names[s], n) for s, n in counts.items() if s not in STATUS_ORDER]
        return self.context.env.get_template("marker-clause-index.html.j2").render(
            game=decl, page=self.rel(page), clauses=decl["clauses"], summary=summary,
            tolkovaniya=decl["tolkovaniya"], outside=decl["outside"], clause_titles=clause_titles,
            clause_numbers=clause_numbers)

    def marker_clause_statuses(self, args: str, line: str) -> str:
        self.no_args("clause-statuses", args, line)
        names: dict[str, str] = {}
        for game in self.context.catalog.game_ids():
            for c in self.context.catalog.declaration(game)["clauses"]:
                names.setdefault(c["status"], c.get("status_name") or c["status"])
        unknown = sorted(set(names) - set(STATUS_HELP))
        if unknown:
            raise SiteBuildError(f"{self.where(line)}движок объявляет статусы пунктов без объяснения: "
                                 f"{', '.join(unknown)} (добавьте их в STATUS_HELP в sitebuild/pages/index_markers.py)")
        statuses = [(s, names[s], STATUS_HELP[s]) for s in STATUS_ORDER if s in names]
        statuses += [(s, names[s], STATUS_HELP[s]) for s in sorted(names) if s not in STATUS_ORDER]
        return self.context.env.get_template("marker-clause-statuses.html.j2").render(statuses=statuses)

    # ---- ::: glossary --------------------------------------------------------
    def marker_glossary(self, args: str, line: str) -> str:
        part = args.strip()
        if part not in ("terms", "site"):
            raise SiteBuildError(f"{self.where(line)}ожидается «::: glossary terms» или «::: glossary site»")
        if self.context.page.src != GLOSSARY_PAGE:
            raise SiteBuildError(f"{self.where(line)}словарь показывается только на странице docs/{GLOSSARY_PAGE}")
        self.glossary_rendered = True
        owners = self.context.catalog.all_clause_ids()
        terms = self.glossary.rule_terms() if part == "terms" else self.glossary.site_terms()
        items = []
        for term in sorted(terms, key=lambda t: glossary_mod.fold(t.title).strip("«»")):
            quotes = []
            for q in term.quotes:
                if q.clause not in owners:
                    raise SiteBuildError(
                        f"{self.where(line)}термин «{term.id}»: цитата ссылается на неизвестный пункт «{q.clause}»")
                gid = owners[q.clause]
                decl = self.context.catalog.declaration(gid)
                title = next(c["title"] for c in decl["clauses"] if c["id"] == q.clause)
                quotes.append({"text": q.text, "url": self.rel(GAME_PAGE.format(gid), q.clause),
                               "game": decl["title"], "clause_title": title})
            items.append({"term": term, "anchor": glossary_mod.ANCHOR.format(term.id), "quotes": quotes})
        index = self.alphabet() if part == "terms" else []
        return self.context.env.get_template("marker-glossary.html.j2").render(
            items=items, site=part == "site", index=index)

    def alphabet(self) -> list[tuple[str, list[dict]]]:
        """Every term of the glossary page (the rule texts' and this site's words)
        by its first letter, in alphabetical order: the page's index."""
        letters: dict[str, list[dict]] = {}
        for term in sorted(self.glossary.terms, key=lambda t: glossary_mod.fold(t.title).strip("«»")):
            letter = glossary_mod.fold(term.title).strip("«»")[:1].upper()
            letters.setdefault(letter, []).append(
                {"title": term.title, "anchor": glossary_mod.ANCHOR.format(term.id), "site": term.site})
        return list(letters.items())

    # ---- marking, recorded per page ------------------------------------------
    def record(self, found: glossary_mod.PageTerms) -> None:
        if self.page_game is None:
            return
        for term, clause in found.first_clause.items():
            self.uses.setdefault(term, {})[self.page_game] = clause

    def uses_html(self, term_id: str, page_url: str) -> str:
        where = self.uses.get(term_id, {})
        links = []
        for game in self.context.catalog.game_ids():
            if game not in where:
                continue
            url = get_relative_url(doc_url(GAME_PAGE.format(game), self.use_directory_urls), page_url)
            if where[game]:
                url += f"#{where[game]}"
            title = self.context.catalog.declaration(game)["title"]
            links.append(f'<a href="{html.escape(url)}">{html.escape(title)}</a>')
        if not links:
            return ""
        return f'<p class="rb-gloss-uses">Встречается в правилах: {", ".join(links)}.</p>'

    # ---- hook parts ----------------------------------------------------------
    def page_markdown(self, markdown: str, page) -> str:
        self.page_url = page.url
        game = page.meta.get("game")
        self.page_game = game if isinstance(game, str) else None
        return self.expand_clause_index(markdown)

    def post_page(self, output: str, page) -> str:
        if page.file.src_uri != GLOSSARY_PAGE:
            return output
        return USES_RE.sub(lambda m: self.uses_html(m.group(1), page.url), output)

    def post_build(self) -> None:
        if not self.glossary_rendered:
            return  # no glossary page in this build (e.g. a partial test build)
        unused = [t.id for t in self.glossary.rule_terms() if t.id not in self.uses]
        if unused:
            raise SiteBuildError(
                "термины словаря не встречаются ни в одном тексте правил (проверьте формы в "
                "sitebuild/pages/glossary.toml): " + ", ".join(unused))


# ---- the hook's entry points ---------------------------------------------------

_site: ReadingSite | None = None


def setup(context: SiteContext, config) -> ReadingSite:
    """Load the glossary (a bad entry fails the build), register the markers and
    the glossary's Markdown extension."""
    global _site
    _site = ReadingSite(context, glossary_mod.load(), config.docs_dir,
                        use_directory_urls=config.use_directory_urls)
    _site.register()
    config.markdown_extensions.append(_site.extension())
    return _site


def page_markdown(markdown: str, page) -> str:
    return _site.page_markdown(markdown, page) if _site else markdown


def post_page(output: str, page) -> str:
    return _site.post_page(output, page) if _site else output


def post_build() -> None:
    if _site:
        _site.post_build()
