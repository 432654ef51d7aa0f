"""MkDocs hooks of the rulebook site (build time only).

- on_config: register the Markdown extension (clause anchors, tool markers)
  with a build-time view of the rules engine, and read the Pyodide runtime
  description written by scripts/build-runtime.sh.
- on_page_markdown / on_page_content: tell the extension which page it renders
  and check, for a game page, that its anchors are exactly the ids the engine
  declares (clauses, толкования, outside facts).
- on_post_page: put the runtime description in a <meta> so the browser knows
  the versioned Pyodide URL and the package name, and inline
  docs/assets/js/early-anchors.js in <head> (it must run before the theme);
  then sitebuild/offline.py's tags: the web app manifest and the inlined
  engine starter (docs/assets/js/engine-boot.js).
- on_post_build: copy build/pyodide/ into site/pyodide/ (and list the games
  the engine knows that have no page yet); last, write site/sw.js, the
  service worker that keeps the whole site offline (sitebuild/offline.py).
"""

from __future__ import annotations

import html
import json
import logging
import re
import shutil
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def _ensure_path() -> None:
    # MkDocs restores sys.path after loading a hook file, so this runs again
    # in on_config before the engine is imported.
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))


_ensure_path()

from sitebuild.markdown_ext import (  # noqa: E402
    Catalog, RulebookExtension, SiteBuildError, SiteContext,
)
from sitebuild import quiz_pages  # noqa: E402  (quiz pages, downloads, тренажёр)
from sitebuild import offline  # noqa: E402  (service worker, manifest, engine start in <head>)
from sitebuild import index_markers  # noqa: E402  (games list, clause index, glossary)
from sitebuild import search_index  # noqa: E402  (the search index: clauses, terms, no tool text)

log = logging.getLogger("mkdocs.hooks.rulebook")

RUNTIME_DIR = REPO_ROOT / "build" / "pyodide"
RUNTIME_HINT = "запустите scripts/build-runtime.sh (или scripts/build.sh), он собирает build/pyodide/"

EARLY_SCRIPT = "assets/js/early-anchors.js"  # inlined into <head>, see that file

_context: SiteContext | None = None
_runtime: dict | None = None
_early_script: str = ""
_game_pages: dict[str, str] = {}


def _load_engine() -> Catalog:
    _ensure_path()
    for name in [m for m in sys.modules if m == "rules_pkg" or m.startswith("rules_pkg.")]:
        del sys.modules[name]  # `mkdocs serve` rebuilds: take the engine as it is now
    try:
        from rules_pkg import api
    except Exception as exc:  # noqa: BLE001 - any import failure stops the build
        raise SiteBuildError(f"не удалось импортировать rules_pkg.api: {exc!r}") from exc
    return Catalog(api.handle)


def _read_runtime() -> dict:
    info_file = RUNTIME_DIR / "runtime.json"
    if not info_file.is_file():
        raise SiteBuildError(f"нет {info_file.relative_to(REPO_ROOT)}: {RUNTIME_HINT}")
    try:
        info = json.loads(info_file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SiteBuildError(f"{info_file.relative_to(REPO_ROOT)} — не JSON ({exc}): {RUNTIME_HINT}") from None
    version, package = info.get("version"), info.get("package")
    if not isinstance(version, str) or not isinstance(package, str):
        raise SiteBuildError(f"в {info_file.relative_to(REPO_ROOT)} нет version/package: {RUNTIME_HINT}")
    path = info.get("path") or f"{version}/"
    if not isinstance(path, str) or not path.endswith("/") or ".." in path or path.startswith("/"):
        raise SiteBuildError(f"в {info_file.relative_to(REPO_ROOT)} неверный path {path!r}: {RUNTIME_HINT}")
    version_dir = RUNTIME_DIR / path
    for needed in ("pyodide.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
        if not (version_dir / needed).is_file():
            raise SiteBuildError(f"нет {(version_dir / needed).relative_to(REPO_ROOT)}: {RUNTIME_HINT}")
    lock = json.loads((version_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    if package not in lock.get("packages", {}):
        raise SiteBuildError(
            f"пакета «{package}» нет в {(version_dir / 'pyodide-lock.json').relative_to(REPO_ROOT)}: {RUNTIME_HINT}")
    # The trimmed standard library the worker passes as stdLibURL (sitebuild/stdlib_trim.py).
    stdlib = info.get("stdlib")
    if not isinstance(stdlib, str) or not re.fullmatch(r"python_stdlib\.trim-[0-9a-f]{12}\.zip", stdlib) \
            or not (version_dir / stdlib).is_file():
        raise SiteBuildError(f"в {info_file.relative_to(REPO_ROOT)} нет собранной stdlib ({stdlib!r}): {RUNTIME_HINT}")
    return {"version": version, "path": path, "package": package, "stdlib": stdlib}


def _read_early_script(docs_dir: str) -> str:
    path = Path(docs_dir) / EARLY_SCRIPT
    if not path.is_file():
        raise SiteBuildError(f"нет {path}")
    text = path.read_text(encoding="utf-8")
    if "</script" in text.lower() or "<!--" in text:
        raise SiteBuildError(f"{path}: встраиваемый скрипт не может содержать </script или <!--")
    return text


def on_config(config, **kwargs):
    global _context, _runtime, _early_script
    _runtime = _read_runtime()
    _early_script = _read_early_script(config.docs_dir)
    _context = SiteContext(_load_engine())
    _context.catalog.games()  # fail early when the engine is not there
    _game_pages.clear()
    config.markdown_extensions.append(RulebookExtension(_context))
    quiz_pages.setup(_context, config)  # a broken quizzes/*.toml stops the build here
    index_markers.setup(_context, config)  # a broken sitebuild/glossary.toml stops the build here
    return config


def on_page_markdown(markdown, page, config, files, **kwargs):
    game = page.meta.get("game")
    if game is not None and not isinstance(game, str):
        raise SiteBuildError(f"{page.file.src_uri}: game в front matter должен быть строкой")
    if game is not None:
        if game in _game_pages:
            raise SiteBuildError(
                f"{page.file.src_uri}: игра «{game}» уже описана на странице {_game_pages[game]}")
        _game_pages[game] = page.file.src_uri
    _context.begin_page(page.file.src_uri, game)
    markdown = quiz_pages.page_markdown(markdown, page)
    markdown = index_markers.page_markdown(markdown, page)
    return markdown


def on_page_content(html_text, page, config, files, **kwargs):
    state = _context.page
    # Anchors rendered from stashed HTML (толкования, outside facts) are not
    # seen by MkDocs' own anchor collection: register them for link checks.
    if page.present_anchor_ids is not None:
        page.present_anchor_ids = set(page.present_anchor_ids) | set(state.anchors)
    if state.game is not None:
        declared = _context.catalog.anchor_ids(state.game)
        missing = [i for i in declared if i not in state.anchors]
        extra = [i for i in state.anchors if i not in declared]
        if missing or extra:
            parts = []
            if missing:
                parts.append("движок объявляет, но на странице нет якорей: " + ", ".join(missing))
            if extra:
                parts.append("на странице есть якоря, которых движок не объявляет: " + ", ".join(extra))
            raise SiteBuildError(f"{state.src}: " + "; ".join(parts))
    return html_text


def _head_additions(base: str) -> str:
    meta = ('<meta name="rules-runtime" content="'
            + html.escape(json.dumps(_runtime, separators=(",", ":")), quote=True) + '">')
    script = f"<script>\n{_early_script}</script>"
    return f"{meta}\n{script}\n" + offline.head_html(base, _runtime)


def on_post_page(output, page, config, **kwargs):
    if "</head>" not in output:
        raise SiteBuildError(f"{page.file.src_uri}: в HTML нет </head>")
    output = index_markers.post_page(output, page)  # the glossary: where each term appears
    return output.replace("</head>", _head_additions(offline.page_base(page.url)) + "</head>", 1)


def on_post_template(output_content, template_name, config, **kwargs):
    # 404.html and other theme pages load the same scripts as the pages.
    if template_name.endswith(".html") and "</head>" in output_content:
        base = offline.site_base(config.site_url)
        return output_content.replace("</head>", _head_additions(base) + "</head>", 1)
    return output_content


def on_post_build(config, **kwargs):
    # A game without a page has no tool on the site, so no ruling can link
    # into the void; say so, do not fail (pages arrive game by game).
    missing = [g for g in _context.catalog.game_ids() if g not in _game_pages]
    if missing:
        log.info("игры без страницы на сайте (их инструментов нет): %s", ", ".join(missing))
    _read_runtime()  # the runtime may have changed since on_config (mkdocs serve)
    target = Path(config.site_dir) / "pyodide"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(RUNTIME_DIR, target)
    log.info("Pyodide %s и пакет %s скопированы в %s", _runtime["version"], _runtime["package"], target)
    quiz_pages.post_build(config)  # site/quizzes/: JSON, GIFT, Moodle XML, print sheets
    index_markers.post_build()  # every glossary term appears in some rule text
    search_index.post_build(config, _context.catalog)  # site/search/search_index.json rewritten
    # Keep this last: site/sw.js lists (with hashes) every file written above.
    offline.write_service_worker(config.site_dir, offline.runtime_files(_runtime))
