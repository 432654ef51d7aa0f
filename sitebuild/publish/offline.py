"""Offline after one visit, installable, and an early start (build time only).

Called from sitebuild/hooks.py:

- ``engine_start_html(base)``: docs/assets/js/engine-client/engine-boot.js, inlined at the top of
  ``<head>``: it starts the engine's worker while the ``<head>`` is parsed
  (engine-client.js adopts it), before the page's stylesheets and scripts.
- ``head_html(base, runtime)`` (on_post_page / on_post_template): what every page's
  ``<head>`` gets for installation:
  * the web app manifest, the theme colour and the Apple touch icon.

  No ``<link rel="preload">`` for the runtime: measured with ``scripts/bench.py
  --variant preload`` (preloads of pyodide.mjs, pyodide.asm.mjs, the wasm, the
  standard library, the lock and the wheel, ``as="fetch" crossorigin``), the first
  result on the emulated phone's cold visit was the same (30.8–31.2 s either way):
  the worker started from the ``<head>`` asks for them two round trips later, while
  the page's own files fill the link anyway. The preloads cost a console warning
  per file on every page load ("preloaded but not used": the page never uses
  them, its worker does), and nothing was downloaded twice either way (the
  worker's requests waited for the preloads in the HTTP cache).
- ``write_service_worker(site_dir)`` (on_post_build, after everything else is in
  site/): ``site/sw.js`` = ``VERSION`` + ``FILES`` (every file the site needs, with
  its sha256) + ``sitebuild/publish/offline_sw.js``. See that file for what the worker does.

What is not precached: ``sw.js`` itself, source maps, ``sitemap.xml.gz``, the
Pyodide bundle's ``runtime.json`` (build metadata), and the lunr language files the
search does not load (only the languages in ``search_index.json``).
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import os
import re
import urllib.parse
from pathlib import Path

from sitebuild.project import sha256_file

log = logging.getLogger("mkdocs.hooks.rulebook.offline")

RUNTIME_DIR = Path(__file__).resolve().parents[2] / "build" / "pyodide"

SW_NAME = "sw.js"
SW_SOURCE = Path(__file__).resolve().with_name("offline_sw.js")
MANIFEST_NAME = "manifest.webmanifest"
THEME_COLOR = "#4cae4f"  # the header (mkdocs-material "green"); also in the manifest
TOUCH_ICON = "assets/icons/icon-180.png"
ENGINE_WORKER = "assets/engine/worker.mjs"
ENGINE_BOOT = Path(__file__).resolve().parents[2] / "docs" / "assets" / "js" / "engine-client" / "engine-boot.js"

#: Paths (relative to the site root, "/" separated) never precached.
EXCLUDE = (
    re.compile(r"^sw\.js$"),
    re.compile(r"\.map$"),
    re.compile(r"\.gz$"),
    re.compile(r"\.br$"),  # precompressed copies (sitebuild/publish/postbuild.py): the host's business
    re.compile(r"^_headers$"),  # read by the host, not served on Netlify / Cloudflare Pages
    re.compile(r"^pyodide/runtime\.json$"),
)
LUNR = re.compile(r"^assets/javascripts/lunr/(?:min/lunr\.([a-z]+)\.min\.js|(tinyseg|wordcut)\.js)$")
LUNR_ALWAYS = {"stemmer", "multi"}  # lunr.stemmer.support.min.js; lunr.multi only for >1 language


class OfflineError(RuntimeError):
    pass


def _wheel(runtime: dict) -> str:
    """The wheel's file name, from the bundle's lock file (written by sitebuild/runtime/bundle.py)."""
    lock = RUNTIME_DIR / runtime["path"] / "pyodide-lock.json"
    try:
        return json.loads(lock.read_text(encoding="utf-8"))["packages"][runtime["package"]]["file_name"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise OfflineError(f"{lock}: не найдено колесо пакета {runtime['package']} ({exc!r})") from None


def runtime_files(runtime: dict) -> list[str]:
    """Site paths of the files the engine's worker fetches, in the order it needs them, then
    MicroPython's when the page has it (all must be precached; scripts/bench.py --variant
    preload preloads them)."""
    folder = f"pyodide/{runtime['path']}"
    names = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", runtime["stdlib"],
             "pyodide-lock.json", _wheel(runtime))
    from sitebuild.micropython import site_bundle  # the MicroPython first answer, when built

    return [folder + name for name in names] + (site_bundle.site_files(runtime["mp"]) if runtime.get("mp") else [])


def head_html(base: str, runtime: dict) -> str:
    """Tags for a page's <head>; ``base`` is the page's way to the site root ("../../" or "/")."""
    def href(path: str) -> str:
        return html.escape(base + path, quote=True)

    lines = [
        f'<link rel="manifest" href="{href(MANIFEST_NAME)}">',
        f'<meta name="theme-color" content="{THEME_COLOR}">',
        f'<link rel="apple-touch-icon" href="{href(TOUCH_ICON)}">',
    ]
    return "\n".join(lines) + "\n"


def engine_start_html(base: str, now: bool = True) -> str:
    """The inlined engine starter; it goes right after <meta name="rules-runtime">, which
    it reads at once, at the top of <head> (sitebuild/publish/postbuild.py): an inline script after
    the stylesheets would wait for all of them. ``now`` false (a page without a tool that
    asks the engine): it starts once the page is idle (engine-client.js), the text first."""
    later = "" if now else ' data-rb-engine="later"'
    return f'<script data-worker="{html.escape(base + ENGINE_WORKER, quote=True)}"{later}>\n{_engine_boot()}</script>\n'


def _engine_boot() -> str:
    text = ENGINE_BOOT.read_text(encoding="utf-8")
    if "</script" in text.lower() or "<!--" in text:
        raise OfflineError(f"{ENGINE_BOOT}: встраиваемый скрипт не может содержать </script или <!--")
    return text


def page_base(page_url: str) -> str:
    """The relative way from a page ("games/kovboy/") to the site root ("../../")."""
    depth = page_url.count("/") if page_url not in ("", ".") else 0
    return "../" * depth or "./"


def site_base(site_url: str | None) -> str:
    """For pages served at any depth (404.html): the site's absolute path ("/" or "/rules/")."""
    path = urllib.parse.urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def _search_languages(site: Path) -> set[str]:
    index = site / "search" / "search_index.json"
    if not index.is_file():
        return set()
    try:
        langs = json.loads(index.read_text(encoding="utf-8")).get("config", {}).get("lang", [])
    except (ValueError, AttributeError):
        return set()
    return {lang for lang in langs if isinstance(lang, str)}


def _wanted(rel: str, languages: set[str]) -> bool:
    if any(p.search(rel) for p in EXCLUDE):
        return False
    m = LUNR.match(rel)
    if m:
        lang, extra = m.groups()
        if extra == "tinyseg":
            return "ja" in languages
        if extra == "wordcut":
            return bool({"hi", "th"} & languages)
        if lang == "multi":
            return len(languages) > 1
        return lang in LUNR_ALWAYS or lang in languages
    return True


def url_path(rel: str) -> str:
    """The URL path (relative to the site root) a file is asked for: pages by their directory."""
    if rel == "index.html":
        rel = ""
    elif rel.endswith("/index.html"):
        rel = rel[: -len("index.html")]
    return urllib.parse.quote(rel, safe="/")


def precache_list(site_dir: str | os.PathLike) -> dict[str, str]:
    """{URL path relative to the site root: sha256} of every file a visitor may need."""
    site = Path(site_dir)
    languages = _search_languages(site)
    files: dict[str, str] = {}
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(site).as_posix()
        if _wanted(rel, languages):
            files[url_path(rel)] = sha256_file(path)
    return files


def version_of(files: dict[str, str]) -> str:
    h = hashlib.sha256()
    for path in sorted(files):
        h.update(f"{path}\0{files[path]}\n".encode())
    return h.hexdigest()[:16]


def render_service_worker(files: dict[str, str]) -> str:
    source = SW_SOURCE.read_text(encoding="utf-8")
    version = version_of(files)
    return (
        "// Generated by sitebuild/publish/offline.py from sitebuild/publish/offline_sw.js: do not edit.\n"
        f"const VERSION = {json.dumps(version)};\n"
        f"const FILES = {json.dumps(files, indent=0, sort_keys=True)};\n\n"
        + source
    )


def write_service_worker(site_dir: str | os.PathLike, required: list[str] = ()) -> dict:
    """Write site/sw.js; ``required`` site paths must be in the list. Returns a summary."""
    site = Path(site_dir)
    files = precache_list(site)
    missing = [p for p in required if url_path(p) not in files]
    if missing:
        raise OfflineError("в списке файлов для работы без сети нет: " + ", ".join(missing))
    (site / SW_NAME).write_text(render_service_worker(files), encoding="utf-8")
    total = sum((site / _file_of(p)).stat().st_size for p in files)
    summary = {"version": version_of(files), "files": len(files), "bytes": total}
    from rules_pkg.ru import plural

    n = summary["files"]
    log.info("sw.js: версия %s, %d %s, %.1f МБ для работы без сети",
             summary["version"], n, plural(n, "файл", "файла", "файлов"), total / 1e6)
    return summary


def _file_of(path: str) -> str:
    rel = urllib.parse.unquote(path)
    return rel + "index.html" if rel == "" or rel.endswith("/") else rel
