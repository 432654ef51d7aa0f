"""Quizzes and the тренажёр on the site (build time only).

The hook (``hooks.py``) calls two functions:

- :func:`setup` (on_config): load and check every ``quizzes/*.toml`` — a broken
  file stops the build with the loader's message — and register the block
  markers below on the Markdown extension's :class:`SiteContext`. The
  environment variable ``RULES_QUIZ_DIR`` points the build at another folder
  of quiz files (a trainer's drafts, the tests).
- :func:`page_markdown` (on_page_markdown): remember the page's URL (links in
  the rendered HTML are relative to it) and, on a game page that has a quiz,
  put a ``::: quiz-link GAME`` line after the page's last tool, so every game
  page links its quiz without hand-editing the game texts.

The quiz files of ``site/quizzes/`` (JSON payload, Moodle GIFT and two XML files,
print sheet, index: :func:`sitebuild.quiz.write_all`) are written after the pages by
``sitebuild.publish.postbuild.write_quiz_exports``, which also fails when a quiz has no page.

Markers (a line of its own, like the other markers of ``markdown_ext.py``):

``::: quiz ID``
    The quiz widget (practice, exam, variant by seed and N, print view;
    ``docs/assets/js/quiz/quiz.js``) with the quiz embedded as JSON, and a link
    to the quiz list's part for trainers (a learner sees no question id and no
    Moodle note; the downloads are on the list). Only on ``docs/quizzes/ID.md``: one committed page
    per quiz file, so the page can carry its own introduction and sits in the
    navigation like any other page.
``::: quiz-list``
    Every quiz with its question count and links (practice, exam, print,
    GIFT — with how many questions it leaves out —, Moodle XML).
``::: quiz-link GAME``
    The "test yourself" box of a game page (added automatically, see above).
``::: trainer``
    The тренажёр (``docs/assets/js/trainer/trainer.js``): the games that have a
    calculator, as the engine's ``games`` operation lists them, with what the
    browser needs to link a ruling's clauses to the game's page.
"""

from __future__ import annotations

import html
import json
import logging
import os
from pathlib import Path

from mkdocs.utils import get_relative_url

from sitebuild.pages.markdown_ext import (
    SiteBuildError,
    SiteContext,
    client_declaration,
    scan_markers,
)
from sitebuild.quiz import PRINT_SEED, files_for, gift, load_dir, render
from sitebuild.quiz.model import MIXED, Quiz

REPO_ROOT = Path(__file__).resolve().parents[2]
QUIZ_DIR = REPO_ROOT / "quizzes"
OUT_DIR = "quizzes"  # in the site: site/quizzes/<id>.json, .gift.txt, .moodle.xml, .print.html
PAGE_DIR = "quizzes"  # in docs/: docs/quizzes/<id>.md, one page per quiz
TRAINER_TOOL = "calculator"  # a game has a тренажёр when it has a shot calculator

log = logging.getLogger("mkdocs.hooks.rulebook.quiz")


def quiz_page_src(quiz_id: str) -> str:
    return f"{PAGE_DIR}/{quiz_id}.md"


def quiz_page_url(quiz_id: str, use_directory_urls: bool = True) -> str:
    return f"{PAGE_DIR}/{quiz_id}/" if use_directory_urls else f"{PAGE_DIR}/{quiz_id}.html"


def attr_json(value) -> str:
    """JSON for a double-quoted HTML attribute (compact, Cyrillic kept)."""
    return html.escape(json.dumps(value, ensure_ascii=False, separators=(",", ":")), quote=True)


class QuizSite:
    """The quizzes of one build and the pages that show them."""

    def __init__(self, context: SiteContext, quizzes: list[Quiz], *, use_directory_urls: bool = True):
        self.context = context
        self.quizzes = {q.id: q for q in quizzes}
        self.use_directory_urls = use_directory_urls
        self.page_url = ""
        self.pages: dict[str, str] = {}  # quiz id -> src of the page that shows it

    def register(self) -> None:
        self.context.extra_markers.update({
            "quiz": self.marker_quiz,
            "quiz-list": self.marker_quiz_list,
            "quiz-link": self.marker_quiz_link,
            "trainer": self.marker_trainer,
        })

    # ---- links ------------------------------------------------------------
    def rel(self, url: str) -> str:
        """A site URL (``quizzes/kovboy/``) relative to the page being rendered."""
        return get_relative_url(url, self.page_url)

    def root(self) -> str:
        return get_relative_url(".", self.page_url)

    def files(self, quiz_id: str) -> dict[str, str]:
        return {kind: self.rel(f"{OUT_DIR}/{name}") for kind, name in files_for(quiz_id).items()}

    def page_link(self, quiz_id: str) -> str:
        return self.rel(quiz_page_url(quiz_id, self.use_directory_urls))

    def game_link(self, game: str) -> str:
        return self.rel(f"games/{game}/" if self.use_directory_urls else f"games/{game}.html")

    def trainers_link(self) -> str:
        """The quiz list's part for trainers (docs/quizzes/index.md, «Для тренеров»)."""
        return self.rel(f"{PAGE_DIR}/" if self.use_directory_urls else f"{PAGE_DIR}/index.html") + "#trainers"

    def trainer_link(self) -> str:
        return self.rel("trainer/" if self.use_directory_urls else "trainer.html")

    def for_game(self, game: str) -> list[Quiz]:
        return [q for q in self.quizzes.values() if q.game == game]

    def where(self, line: str) -> str:
        return self.context.page.where(line)

    # ---- markers ----------------------------------------------------------
    def _quiz_of(self, args: str, line: str) -> Quiz:
        quiz_id = args.strip()
        if quiz_id not in self.quizzes:
            known = ", ".join(sorted(self.quizzes)) or "ни одного"
            raise SiteBuildError(f"{self.where(line)}нет теста «{quiz_id}» в quizzes/; есть: {known}")
        return self.quizzes[quiz_id]

    def marker_quiz(self, args: str, line: str) -> str:
        quiz = self._quiz_of(args, line)
        src = self.context.page.src
        if src != quiz_page_src(quiz.id):
            raise SiteBuildError(
                f"{self.where(line)}тест «{quiz.id}» показывается только на странице "
                f"docs/{quiz_page_src(quiz.id)} (одна страница — один файл quizzes/{quiz.id}.toml)")
        if quiz.id in self.pages and self.pages[quiz.id] != src:
            raise SiteBuildError(f"{self.where(line)}тест «{quiz.id}» уже есть на странице {self.pages[quiz.id]}")
        self.pages[quiz.id] = src
        payload = render.payload(quiz, self.root())
        return self.context.env.get_template("quiz-widget.html.j2").render(
            quiz=quiz, payload=attr_json(payload), files=self.files(quiz.id), trainers=self.trainers_link(),
            mixed=quiz.game == MIXED,
            game_links=[(g, self.context.catalog.declaration(g)["title"], self.game_link(g)) for g in quiz.games])

    def marker_quiz_list(self, args: str, line: str) -> str:
        if args.strip():
            raise SiteBuildError(f"{self.where(line)}у маркера «quiz-list» нет аргументов")
        items = [{"quiz": q, "page": self.page_link(q.id), "files": self.files(q.id),
                  "scenarios": sum(1 for x in q.questions if x.scenario), "gift_omitted": len(gift.omitted(q))}
                 for q in sorted(self.quizzes.values(), key=lambda q: (q.game == MIXED, self._order(q)))]
        return self.context.env.get_template("quiz-list.html.j2").render(items=items, print_seed=PRINT_SEED)

    def _order(self, quiz: Quiz) -> int:
        ids = self.context.catalog.game_ids()
        return ids.index(quiz.game) if quiz.game in ids else len(ids)

    def marker_quiz_link(self, args: str, line: str) -> str:
        game = args.strip()
        self.context.catalog.declaration(game, self.where(line))
        quizzes = self.for_game(game)
        if not quizzes:
            raise SiteBuildError(f"{self.where(line)}у игры «{game}» нет теста в quizzes/")
        has_trainer = TRAINER_TOOL in self.context.catalog.declaration(game)["tools"]
        return self.context.env.get_template("quiz-link.html.j2").render(
            items=[{"quiz": q, "page": self.page_link(q.id)} for q in quizzes],
            trainer=f"{self.trainer_link()}?game={game}" if has_trainer else None)

    def trainer_games(self) -> list[dict]:
        out = []
        for g in self.context.catalog.games():
            if TRAINER_TOOL not in g.get("tools", []):
                continue
            decl = self.context.catalog.declaration(g["id"])
            client = client_declaration(decl)
            # score: {forms, lower_wins} or None, so a solution words the game's own unit («удар»)
            out.append({"id": g["id"], "title": g["title"], "url": self.game_link(g["id"]),
                        "refs": client["refs"], "score": client["score"]})
        return out

    def marker_trainer(self, args: str, line: str) -> str:
        if args.strip():
            raise SiteBuildError(f"{self.where(line)}у маркера «trainer» нет аргументов")
        games = self.trainer_games()
        if not games:
            raise SiteBuildError(f"{self.where(line)}движок не объявляет ни одной игры с калькулятором")
        return self.context.env.get_template("trainer.html.j2").render(games=games, data=attr_json(games))

    # ---- hook parts -------------------------------------------------------
    def page_markdown(self, markdown: str, page) -> str:
        self.page_url = page.url
        game = page.meta.get("game")
        if not isinstance(game, str) or not self.for_game(game):
            return markdown
        return with_quiz_link(markdown, game)


def with_quiz_link(markdown: str, game: str) -> str:
    """Put ``::: quiz-link GAME`` after the page's last tool marker (or after its
    title when it has no tool), unless the page already has the marker."""
    lines = markdown.split("\n")
    last_tool = None
    title = None
    for i, (line, marker, in_code) in enumerate(scan_markers(lines)):
        if in_code:
            continue
        if marker and marker.group("name") == "quiz-link":
            return markdown
        if marker and marker.group("name") == "tool":
            last_tool = i
        if title is None and line.startswith("# "):
            title = i
    at = last_tool if last_tool is not None else title
    if at is None:
        return markdown
    return "\n".join(lines[:at + 1] + ["", f"::: quiz-link {game}", ""] + lines[at + 1:])


# ---- the hook's entry points ---------------------------------------------------

_site: QuizSite | None = None


def setup(context: SiteContext, config, quiz_dir: Path | None = None) -> QuizSite:
    """Load the quizzes (a broken file fails the build) and register the markers."""
    global _site
    quizzes = load_dir(quiz_dir or os.environ.get("RULES_QUIZ_DIR") or QUIZ_DIR)
    _site = QuizSite(context, quizzes, use_directory_urls=config.use_directory_urls)
    _site.register()
    return _site


def page_markdown(markdown: str, page) -> str:
    return _site.page_markdown(markdown, page) if _site else markdown

