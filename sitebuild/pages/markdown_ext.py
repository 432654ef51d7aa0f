"""Markdown extension of the rulebook site (build time only, never shipped).

Two kinds of syntax, both checked against the rules engine's declarations so a
page and the engine cannot drift apart:

``{§kovboy-rule-4}`` at the start of a paragraph or a list item
    A clause marker. It renders as a visible anchor
    ``<a class="clause-ref" id="kovboy-rule-4" href="#kovboy-rule-4">§</a>``.
    The id must be a clause the engine declares (for the page's game, when the
    page names one) and may appear only once on a page.

A line ``::: NAME ARGS`` on its own (outside fenced code)
    A block marker, replaced by HTML rendered with Jinja2:

    - ``::: tool KIND GAME``: the tool (``calculator``, ``scorekeeper``...)
      rendered by ``templates/KIND.html.j2`` from the game's declaration; KIND
      must be listed in the declaration's ``tools``.
    - ``::: tolkovaniya GAME``: the game's толкования, each with its anchor.
    - ``::: outside GAME``: the facts taken from outside the source text.
    - ``::: api-example [cli] [collapsed] {JSON request}``: the request and the
      engine's real answer, computed at build time. ``cli`` runs the command
      line (``python -m rules_pkg``) instead of calling ``handle``; the string
      ``"$prev.state"`` inside the request stands for the ``state`` of the
      previous example's answer on the same page.

Anything unknown (marker, tool kind, game, clause id, field kind) fails the
build with a message naming the page, the marker and what is allowed.

The extension does not know MkDocs: ``extension.py`` (the extension listed in
mkdocs.yml) gives it a :class:`SiteContext` and tells it which page is being
rendered.
"""

from __future__ import annotations

import html
import json
import re
import shlex
import subprocess
import sys
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import jinja2
from markdown import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup

try:  # MkDocs shows a PluginError as a clean one-line build failure.
    from mkdocs.exceptions import PluginError as _ErrorBase
except ImportError:  # pragma: no cover - used outside MkDocs
    _ErrorBase = Exception

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
REPO_ROOT = Path(__file__).resolve().parents[2]

ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MARKER_RE = re.compile(r"^:::[ \t]*(?P<name>\S+)(?:[ \t]+(?P<args>.*?))?[ \t]*$")
FENCE_RE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")
CLAUSE_PATTERN = r"\{§(?P<id>[^}\s]*)\}"
API_FLAGS = ("cli", "collapsed")


def scan_markers(lines):
    """Each Markdown line as ``(line, marker, in_code)``: ``marker`` is the ``::: name args``
    match of a line outside fenced code (else None); ``in_code`` is true for a fence line and
    every line inside one. The one fence scanner of the build."""
    fence = None
    for line in lines:
        m = FENCE_RE.match(line)
        if m:
            mark = m.group(1)
            if fence is None:
                fence = mark
            elif mark[0] == fence[0] and len(mark) >= len(fence):
                fence = None
            yield line, None, True
            continue
        yield line, (MARKER_RE.match(line) if fence is None else None), fence is not None


class SiteBuildError(_ErrorBase):
    """A page, a marker or the engine's declaration is wrong: the build stops."""


# --------------------------------------------------------------------------
# The engine, seen from the build


class Catalog:
    """Build-time access to the rules engine through its JSON API only."""

    def __init__(self, handle: Callable[[dict], dict]):
        self._handle = handle
        self._declarations: dict[str, dict] = {}
        self._games: list[dict] | None = None

    def call(self, request: dict) -> dict:
        response = self._handle(json.loads(json.dumps(request)))
        if not isinstance(response, dict) or "ok" not in response:
            raise SiteBuildError(f"rules_pkg.api.handle вернул не ответ API на запрос {request!r}: {response!r}")
        return response

    def games(self) -> list[dict]:
        if self._games is None:
            response = self.call({"op": "games"})
            games = response.get("games")
            if not response.get("ok") or not isinstance(games, list):
                raise SiteBuildError(
                    "rules_pkg не ответил на {\"op\": \"games\"} списком игр "
                    f"(движок ещё заглушка?): {response!r}")
            self._games = games
        return self._games

    def game_ids(self) -> list[str]:
        return [g["id"] for g in self.games()]

    def declaration(self, game: str, where: str = "") -> dict:
        if game not in self._declarations:
            if game not in self.game_ids():
                raise SiteBuildError(
                    f"{where}неизвестная игра «{game}»: движок знает {', '.join(self.game_ids()) or 'ни одной'}")
            response = self.call({"op": "describe", "game": game})
            decl = response.get("game")
            if not response.get("ok") or not isinstance(decl, dict):
                raise SiteBuildError(f"{where}движок не описал игру «{game}»: {response!r}")
            for key in ("id", "title", "tools", "situation", "options", "actions",
                        "clauses", "tolkovaniya", "outside", "players"):
                if key not in decl:
                    raise SiteBuildError(f"{where}в описании игры «{game}» нет поля «{key}» (см. ARCHITECTURE.md)")
            self._declarations[game] = decl
        return self._declarations[game]

    def anchor_ids(self, game: str) -> dict[str, str]:
        """Every id the game's page must carry as an anchor: id -> kind."""
        decl = self.declaration(game)
        ids: dict[str, str] = {}
        for kind, key in (("clause", "clauses"), ("tolkovanie", "tolkovaniya"), ("outside", "outside")):
            for item in decl[key]:
                ids[item["id"]] = kind
        return ids

    def all_clause_ids(self) -> dict[str, str]:
        """Clause id -> game, over every game."""
        return {c["id"]: g for g in self.game_ids() for c in self.declaration(g)["clauses"]}


# --------------------------------------------------------------------------
# What one page produced


@dataclass
class PageState:
    src: str
    game: str | None = None
    anchors: dict[str, str] = field(default_factory=dict)  # id -> kind
    tools: list[tuple[str, str]] = field(default_factory=list)
    last_response: dict | None = None

    def where(self, marker: str = "") -> str:
        return f"{self.src}: {marker + ': ' if marker else ''}"

    def add_anchor(self, anchor: str, kind: str, marker: str) -> None:
        if anchor in self.anchors:
            raise SiteBuildError(f"{self.where(marker)}якорь «{anchor}» уже есть на этой странице")
        self.anchors[anchor] = kind


class SiteContext:
    """Shared by the hook and the extension: the engine, the templates, the page."""

    def __init__(self, catalog: Catalog, python: str | None = None):
        self.catalog = catalog
        self.python = python or sys.executable
        self.page = PageState(src="(страница)")
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(TEMPLATES)),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
        )
        self.env.globals["fail"] = self._template_fail
        self.env.filters["plural"] = plural
        # Block markers registered by other build modules (e.g. sitebuild/pages/quiz_pages.py):
        # name -> render(args, line) -> HTML.
        self.extra_markers: dict[str, Callable[[str, str], str]] = {}

    @staticmethod
    def _template_fail(message: str) -> None:
        raise SiteBuildError(message)

    def begin_page(self, src: str, game: str | None) -> PageState:
        if game is not None:
            self.catalog.declaration(game, f"{src}: front matter game: ")
        self.page = PageState(src=src, game=game)
        return self.page

    # ---- markers -------------------------------------------------------
    def render_marker(self, name: str, args: str, line: str) -> str:
        page = self.page
        renderers = {
            "tool": self._tool,
            "tolkovaniya": self._tolkovaniya,
            "outside": self._outside,
            "api-example": self._api_example,
            **self.extra_markers,
        }
        if name not in renderers:
            raise SiteBuildError(
                f"{page.where(line)}неизвестный маркер «{name}»; есть: {', '.join(renderers)}")
        return renderers[name](args, line)

    def _game_for_marker(self, game: str, line: str) -> dict:
        page = self.page
        decl = self.catalog.declaration(game, page.where(line))
        if page.game is not None and page.game != game:
            raise SiteBuildError(
                f"{page.where(line)}страница описывает игру «{page.game}», а маркер — «{game}»")
        if page.game is None:
            raise SiteBuildError(
                f"{page.where(line)}маркер игры на странице без «game: {game}» в front matter")
        return decl

    def _tool(self, args: str, line: str) -> str:
        parts = args.split()
        if len(parts) != 2:
            raise SiteBuildError(f"{self.page.where(line)}ожидается «::: tool ВИД ИГРА»")
        kind, game = parts
        decl = self._game_for_marker(game, line)
        if kind not in decl["tools"]:
            raise SiteBuildError(
                f"{self.page.where(line)}у игры «{game}» нет инструмента «{kind}»; "
                f"движок объявляет: {', '.join(decl['tools']) or 'ничего'}")
        if not ID_RE.match(kind) or not (TEMPLATES / f"{kind}.html.j2").is_file():
            raise SiteBuildError(
                f"{self.page.where(line)}нет шаблона sitebuild/templates/{kind}.html.j2 для инструмента «{kind}»")
        if (kind, game) in self.page.tools:
            raise SiteBuildError(f"{self.page.where(line)}инструмент «{kind}» уже есть на этой странице")
        self.page.tools.append((kind, game))
        return self.env.get_template(f"{kind}.html.j2").render(
            game=decl, kind=kind, uid=f"rb-{kind}-{game}", client=client_declaration(decl))

    def _tolkovaniya(self, args: str, line: str) -> str:
        game = args.strip()
        decl = self._game_for_marker(game, line)
        clause_titles = {c["id"]: c["title"] for c in decl["clauses"]}
        for t in decl["tolkovaniya"]:
            self.page.add_anchor(t["id"], "tolkovanie", line)
            for ref in t.get("clauses", []):
                if ref not in clause_titles:
                    raise SiteBuildError(
                        f"{self.page.where(line)}толкование «{t['id']}» ссылается на неизвестный пункт «{ref}»")
        return self.env.get_template("marker-tolkovaniya.html.j2").render(
            game=decl, items=decl["tolkovaniya"], clause_titles=clause_titles, paragraphs=paragraphs)

    def _outside(self, args: str, line: str) -> str:
        game = args.strip()
        decl = self._game_for_marker(game, line)
        for o in decl["outside"]:
            self.page.add_anchor(o["id"], "outside", line)
        return self.env.get_template("marker-outside.html.j2").render(
            game=decl, items=decl["outside"], paragraphs=paragraphs)

    def _api_example(self, args: str, line: str) -> str:
        flags = []
        rest = args.strip()
        while rest and not rest.startswith("{"):
            word, _, rest = rest.partition(" ")
            if word not in API_FLAGS:
                raise SiteBuildError(
                    f"{self.page.where(line)}неизвестный флаг «{word}»; есть: {', '.join(API_FLAGS)}")
            flags.append(word)
            rest = rest.strip()
        try:
            request = json.loads(rest)
        except json.JSONDecodeError as exc:
            raise SiteBuildError(f"{self.page.where(line)}запрос — не JSON: {exc}") from None
        request = self._substitute_prev(request, line)
        if "cli" in flags:
            argument = json.dumps(request, ensure_ascii=False)
            proc = subprocess.run(
                [self.python, "-m", "rules_pkg", argument], cwd=REPO_ROOT,
                capture_output=True, text=True, timeout=60)
            if proc.returncode not in (0, 1) or not proc.stdout.strip():
                raise SiteBuildError(
                    f"{self.page.where(line)}python -m rules_pkg завершился с кодом {proc.returncode}: "
                    f"{proc.stderr.strip()[-500:]}")
            try:
                response = json.loads(proc.stdout)
            except json.JSONDecodeError:
                raise SiteBuildError(f"{self.page.where(line)}python -m rules_pkg напечатал не JSON") from None
            command = f"python -m rules_pkg {shlex.quote(argument)}"
            output = json.dumps(response, ensure_ascii=False, indent=2)
        else:
            response = self.catalog.call(request)
            command = None
            output = json.dumps(response, ensure_ascii=False, indent=2)
        if response.get("ok") is not True and (response.get("error") or {}).get("code") == "internal":
            raise SiteBuildError(f"{self.page.where(line)}движок ответил внутренней ошибкой: {response!r}")
        self.page.last_response = response
        return self.env.get_template("marker-api-example.html.j2").render(
            command=command,
            request=highlight_json(json.dumps(request, ensure_ascii=False, indent=2)),
            response=highlight_json(output),
            collapsed="collapsed" in flags,
            response_lines=output.count("\n") + 1,
            ok=response.get("ok") is True)

    def _substitute_prev(self, value: Any, line: str) -> Any:
        if value == "$prev.state":
            prev = self.page.last_response
            if not prev or "state" not in prev:
                raise SiteBuildError(f"{self.page.where(line)}«$prev.state»: в предыдущем примере нет state")
            return prev["state"]
        if isinstance(value, dict):
            return {k: self._substitute_prev(v, line) for k, v in value.items()}
        if isinstance(value, list):
            return [self._substitute_prev(v, line) for v in value]
        return value

    # ---- clause markers --------------------------------------------------
    def clause_anchor(self, clause: str) -> etree.Element:
        page = self.page
        marker = f"{{§{clause}}}"
        if not ID_RE.match(clause):
            raise SiteBuildError(f"{page.where(marker)}неверный id пункта (нужны строчные латинские буквы, цифры и дефисы)")
        if page.game is not None:
            titles = {c["id"]: c["title"] for c in self.catalog.declaration(page.game)["clauses"]}
            if clause not in titles:
                raise SiteBuildError(
                    f"{page.where(marker)}игра «{page.game}» не объявляет пункт «{clause}» "
                    f"(объявлены: {', '.join(titles)})")
        else:
            owners = self.catalog.all_clause_ids()
            if clause not in owners:
                raise SiteBuildError(f"{page.where(marker)}ни одна игра не объявляет пункт «{clause}»")
            titles = {c["id"]: c["title"] for c in self.catalog.declaration(owners[clause])["clauses"]}
        page.add_anchor(clause, "clause", marker)
        title = titles[clause]
        el = etree.Element("a", {
            "class": "clause-ref",
            "id": clause,
            "href": f"#{clause}",
            "title": "Ссылка на этот пункт",
            "aria-label": f"{title}: ссылка на этот пункт",
            "data-clause-title": title,
        })
        el.text = "§"
        return el


def client_declaration(decl: dict) -> dict:
    """The part of a declaration the browser needs to render rulings."""
    return {
        "id": decl["id"],
        "title": decl["title"],
        "players": decl["players"],
        # {forms, lower_wins} or None (the text defines no score): how the tools word the score.
        "score": decl.get("score"),
        "board_note": decl.get("board_note"),  # what the board's cards do not show (match-board.js renderBoard)
        "refs": {
            **{c["id"]: {"kind": "clause", "title": c["title"]} for c in decl["clauses"]},
            **{t["id"]: {"kind": "tolkovanie", "title": t["title"]} for t in decl["tolkovaniya"]},
            **{o["id"]: {"kind": "outside", "title": o["title"]} for o in decl["outside"]},
        },
    }


def plural(n: int, one: str, few: str, many: str) -> str:
    """«1 игрок», «2 игрока», «5 игроков»: the number and its word (the rule is rules_pkg.ru's)."""
    from rules_pkg import ru  # the engine's one rule; imported here, as the build's other uses of the engine are
    return f"{n} {ru.plural(n, one, few, many)}"


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text or "") if p.strip()]


def highlight_json(code: str) -> Markup:
    try:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import JsonLexer
    except ImportError:  # pragma: no cover
        return Markup(html.escape(code))
    return Markup(highlight(code, JsonLexer(), HtmlFormatter(nowrap=True)).rstrip("\n"))


# --------------------------------------------------------------------------
# Python-Markdown glue


class MarkerPreprocessor(Preprocessor):
    """Replace ``::: name args`` lines by stashed HTML blocks."""

    def __init__(self, md, context: SiteContext):
        super().__init__(md)
        self.context = context

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        for line, marker, _ in scan_markers(lines):
            if not marker:
                out.append(line)
                continue
            rendered = self.context.render_marker(marker.group("name"), marker.group("args") or "", line.strip())
            placeholder = self.md.htmlStash.store(rendered)
            out.extend(["", placeholder, ""])
        return out


class ClauseMarkerInline(InlineProcessor):
    def __init__(self, pattern: str, context: SiteContext):
        super().__init__(pattern)
        self.context = context

    def handleMatch(self, m, data):  # noqa: N802 (Python-Markdown API)
        if m.start(0) != 0:
            raise SiteBuildError(
                f"{self.context.page.where(m.group(0).strip())}маркер пункта должен стоять "
                "в самом начале абзаца или пункта списка")
        return self.context.clause_anchor(m.group("id")), m.start(0), m.end(0)


class SkipLinkTarget(Treeprocessor):
    """The page title, where mkdocs-material's skip link («Перейти к
    содержанию», to the first heading) lands: the heading takes the focus
    (tabindex −1), so the focus is never left on <body> (2.4.3); its own
    permalink («¶», added by ``toc``) leads to the top of the page itself, so
    a mouse may still use it but it is no Tab stop: the next stop is the
    page's first real control (issue 17: ≤ 20 presses to a ruling)."""

    def run(self, root):
        for h1 in root.iter("h1"):
            h1.set("tabindex", "-1")
            for link in h1.iter("a"):
                if "headerlink" in (link.get("class") or "").split():
                    link.set("tabindex", "-1")


class RulebookExtension(Extension):
    def __init__(self, context: SiteContext, **kwargs):
        self.context = context
        super().__init__(**kwargs)

    def extendMarkdown(self, md):  # noqa: N802 (Python-Markdown API)
        # After whitespace normalisation (30), before raw HTML blocks (20).
        md.preprocessors.register(MarkerPreprocessor(md, self.context), "rulebook_markers", 25)
        # After code spans (190): a marker inside `code` stays text.
        md.inlinePatterns.register(ClauseMarkerInline(CLAUSE_PATTERN, self.context), "rulebook_clause", 185)
        # After ``toc`` (5), which adds the headings' permalinks.
        md.treeprocessors.register(SkipLinkTarget(md), "rulebook_skip_target", 4)
