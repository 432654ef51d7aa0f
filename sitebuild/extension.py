"""The Python-Markdown extension of the rulebook site, as listed in mkdocs.yml.

``markdown_extensions: [..., sitebuild.extension]`` makes every page's text:
clause anchors ``{§id}`` and block markers (``sitebuild/pages/markdown_ext.py``),
quiz and reading markers (``quiz_pages.py``, ``index_markers.py``, which
register on the same :class:`SiteContext`), glossary terms
(``glossary.py``), and the check that a game page carries exactly the anchors
the engine declares. It runs under any generator that runs Python-Markdown
extensions:

- **MkDocs** (``hooks.py``, a thin hook): ``on_config`` calls
  :func:`start_build` with the config's values, ``on_page_markdown`` tells
  :func:`expect_page` which page comes next (MkDocs gives extensions no page).
- **Zensical**: the page comes from Zensical's own rendering context
  (``zensical.extensions.context``); the build is started at the first page.

What is not page text (the Pyodide copy, the quiz exports, the service worker,
the tags every page gets in ``<head>``) is done after the generator by
``sitebuild/publish/postbuild.py``.

Without a started build (MkDocs checking its config, a bare
``markdown.Markdown``) the extension registers nothing, so loading it never
loads the engine or the quizzes; a bad quiz file stops the build in
``on_config`` with a clean message instead.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from markdown import Extension
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # the engine (rules_pkg) sits beside sitebuild/
    sys.path.insert(0, str(REPO_ROOT))

from sitebuild.pages.markdown_ext import Catalog, RulebookExtension, SiteBuildError, SiteContext  # noqa: E402


@dataclass
class PageFile:
    src_uri: str


@dataclass
class Page:
    """What the page-text code needs of a page (the attribute names MkDocs uses)."""

    src: str  # "games/kovboy.md", relative to docs_dir
    url: str  # "games/kovboy/"
    meta: dict = field(default_factory=dict)

    @property
    def file(self) -> PageFile:
        return PageFile(self.src)


def load_engine() -> Catalog:
    # `mkdocs serve` rebuilds in one process: take the engine as it is now.
    for name in [m for m in sys.modules if m == "rules_pkg" or m.startswith("rules_pkg.")]:
        del sys.modules[name]
    try:
        from rules_pkg import api
    except Exception as exc:  # noqa: BLE001 - any import failure stops the build
        raise SiteBuildError(f"не удалось импортировать rules_pkg.api: {exc!r}") from exc
    return Catalog(api.handle)


class SiteBuild:
    """The page-text state of one build: the engine, the markers, the pages seen."""

    def __init__(self, docs_dir: str | Path = "docs", use_directory_urls: bool = True):
        from sitebuild.pages import index_markers, quiz_pages  # they import markdown_ext

        self.context = SiteContext(load_engine())
        self.context.catalog.games()  # fail early when the engine is not there
        self.game_pages: dict[str, str] = {}  # game -> src of its page
        self.expected: Page | None = None
        options = SimpleNamespace(docs_dir=str(docs_dir), use_directory_urls=use_directory_urls,
                                  markdown_extensions=[])
        quiz_pages.setup(self.context, options)  # a broken quizzes/*.toml stops the build here
        index_markers.setup(self.context, options)  # a broken sitebuild/pages/glossary.toml stops it here
        # In the order the hook used to append them to MkDocs' list.
        self.extensions: list[Extension] = [RulebookExtension(self.context), *options.markdown_extensions]

    def begin_page(self, page: Page) -> None:
        game = page.meta.get("game")
        if game is not None and not isinstance(game, str):
            raise SiteBuildError(f"{page.src}: game в front matter должен быть строкой")
        if game is not None:
            if self.game_pages.get(game, page.src) != page.src:
                raise SiteBuildError(f"{page.src}: игра «{game}» уже описана на странице {self.game_pages[game]}")
            self.game_pages[game] = page.src
        self.context.begin_page(page.src, game)

    @staticmethod
    def page_markdown(markdown: str, page: Page) -> str:
        from sitebuild.pages import index_markers, quiz_pages

        markdown = quiz_pages.page_markdown(markdown, page)
        return index_markers.page_markdown(markdown, page)

    def check_anchors(self) -> None:
        """A game page carries exactly the anchors the engine declares."""
        state = self.context.page
        if state.game is None:
            return
        declared = self.context.catalog.anchor_ids(state.game)
        missing = [i for i in declared if i not in state.anchors]
        extra = [i for i in state.anchors if i not in declared]
        parts = []
        if missing:
            parts.append("движок объявляет, но на странице нет якорей: " + ", ".join(missing))
        if extra:
            parts.append("на странице есть якоря, которых движок не объявляет: " + ", ".join(extra))
        if parts:
            raise SiteBuildError(f"{state.src}: " + "; ".join(parts))


_build: SiteBuild | None = None


def start_build(docs_dir: str | Path = "docs", use_directory_urls: bool = True) -> SiteBuild:
    """A fresh build (engine reloaded, quizzes and glossary checked)."""
    global _build
    _build = None
    _build = SiteBuild(docs_dir, use_directory_urls)
    return _build


def current_build() -> SiteBuild | None:
    return _build


def expect_page(src: str, url: str, meta: dict) -> None:
    """MkDocs: the next Markdown conversion is this page."""
    if _build is None:
        raise SiteBuildError("sitebuild.extension: сборка не начата (start_build)")
    _build.expected = Page(src, url, dict(meta or {}))


def _zensical_page(md) -> Page | None:
    try:
        from zensical.extensions.context import ContextPreprocessor
    except ImportError:
        return None
    found = ContextPreprocessor.from_markdown(md)
    if found is None:
        return None
    return Page(found.page.path, found.page.url, dict(found.page.meta or {}))


def _zensical_build() -> SiteBuild:
    global _build
    if _build is None:
        from zensical.config import get_config

        config = get_config()
        _build = SiteBuild(config.get("docs_dir") or "docs", bool(config.get("use_directory_urls", True)))
    return _build


class BeginPage(Preprocessor):
    """First of all: tell the markers which page this is, then the page-wide rewrites
    (``::: quiz-link`` after the last tool, ``::: clause-index`` expanded)."""

    def __init__(self, md, build: SiteBuild, page: Page | None):
        super().__init__(md)
        self.build = build
        self.page = page

    def run(self, lines: list[str]) -> list[str]:
        page = self.page or self.build.expected
        if page is None:
            raise SiteBuildError("sitebuild.extension: неизвестно, какая страница собирается")
        self.build.expected = None
        self.build.begin_page(page)
        return self.build.page_markdown("\n".join(lines), page).split("\n")


class CheckAnchors(Postprocessor):
    def __init__(self, md, build: SiteBuild):
        super().__init__(md)
        self.build = build

    def run(self, text: str) -> str:
        self.build.check_anchors()
        return text


class SiteExtension(Extension):
    def extendMarkdown(self, md):  # noqa: N802 (Python-Markdown API)
        page = _zensical_page(md)
        build = _zensical_build() if page is not None else _build
        if build is None:
            return  # no build started (MkDocs validating its config)
        # Before everything, as the hook's on_page_markdown was (whitespace normalisation is 30).
        md.preprocessors.register(BeginPage(md, build, page), "rulebook_page", 100)
        for extension in build.extensions:
            extension.extendMarkdown(md)
        # Last of all, as the hook's on_page_content was.
        md.postprocessors.register(CheckAnchors(md, build), "rulebook_check_anchors", -100)


def makeExtension(**kwargs):  # noqa: N802 (Python-Markdown API)
    return SiteExtension(**kwargs)
