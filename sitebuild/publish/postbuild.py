"""What the build does to the site after the generator wrote its pages.

    python -m sitebuild.publish.postbuild SITE_DIR [--site-url URL]

It knows nothing of MkDocs or Zensical: it works on the built folder. The
MkDocs hook (``hooks.py``) runs the same :data:`STEPS` in ``on_post_build``;
after ``zensical build`` it is run by hand (docs/publish.md). ``--site-url``
defaults to the environment variable ``RULES_SITE_URL``, as in mkdocs.yml.

The steps, in order (each is one plain function of :class:`BuiltSite`):

1. :func:`add_head`: every page of the generator's theme gets, at the top of
   ``<head>``, the runtime description (``<meta name="rules-runtime">``: the
   versioned Pyodide URL and the package name) and the inlined engine starter
   (before any stylesheet), and before ``</head>`` the inlined
   ``docs/assets/js/page/early-anchors.js`` (it must run before the theme; it also puts a game
   page's tools into their column while the page is parsed and holds the first paint
   until then, so the page does not shift) and
   ``sitebuild/publish/offline.py``'s tags (web app manifest); a stylesheet of
   :data:`TOOL_CSS` is left out of a page without its tools (:func:`drop_tool_css`);
   then :func:`bundle_stylesheets`: each page's run of the site's own stylesheets
   becomes one file (``sitebuild/publish/css_bundle.py``; a :data:`TOOL_CSS` sheet stays
   its own file); and :func:`minify_js`: the page modules of ``assets/js/``
   minified by esbuild, a source map beside each (``sitebuild/publish/minify.py``).
2. :func:`copy_runtime`: ``build/pyodide/`` into ``site/pyodide/``; then
   :func:`copy_vendored`: the npm libraries the pages load, into
   ``site/assets/vendor/`` (``sitebuild/publish/vendor.py``).
3. :func:`write_quiz_exports`: ``site/quizzes/``: JSON, GIFT, Moodle XML,
   print sheets (``sitebuild/quiz``); a quiz without its page fails.
4. :func:`rewrite_search_index`: MkDocs' ``search/search_index.json`` rebuilt
   clause by clause, term by term, without tool text (``sitebuild/pages/search_index.py``).
5. :func:`write_service_worker`: ``site/sw.js`` lists (with hashes) every
   file written above, so it comes after them.
6. :func:`write_headers_file`: ``site/_headers`` (Netlify / Cloudflare Pages
   syntax): the cache policy of ``sitebuild/publish/serve.py`` for hosts that read one.
7. :func:`precompress`: ``.br`` and ``.gz`` beside every large text file and
   the ``.wasm``, for hosts that serve precompressed files. Brotli quality 11,
   cached by content in ``build/precompressed/`` (see :data:`BROTLI_QUALITY`).

The ``.br``/``.gz`` copies and ``_headers`` are not in the service worker's
list (``offline.EXCLUDE``).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import json
import logging
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from sitebuild.publish import offline, vendor  # noqa: E402
from sitebuild.micropython import site_bundle as mp_bundle  # noqa: E402
from sitebuild.pages.markdown_ext import SiteBuildError  # noqa: E402
from sitebuild.quiz import QuizError, QuizErrors  # noqa: E402
from sitebuild.publish.serve import IMMUTABLE, REVALIDATE, cache_control  # noqa: E402

log = logging.getLogger("mkdocs.hooks.rulebook.postbuild")  # shown by `mkdocs build`

RUNTIME_DIR = REPO_ROOT / "build" / "pyodide"
RUNTIME_HINT = "запустите scripts/build-runtime.sh (или scripts/build.sh), он собирает build/pyodide/"
EARLY_SCRIPT = REPO_ROOT / "docs" / "assets" / "js" / "page" / "early-anchors.js"
SITEMAP_SCRIPT = REPO_ROOT / "docs" / "assets" / "js" / "page" / "instant-sitemap.js"
SEARCH_SCRIPT = REPO_ROOT / "docs" / "assets" / "js" / "page" / "search-lazy.js"
QUIZ_DIR = REPO_ROOT / "quizzes"
QUIZ_OUT = "quizzes"  # site/quizzes/<id>.json, .gift.txt, .moodle.xml, .print.html

#: A page written by the generator's theme (mkdocs-material and Zensical alike);
#: the quiz print sheets and other plain HTML files do not have it.
THEME_PAGE = 'data-md-component="'
RUNTIME_META = '<meta name="rules-runtime"'

#: Stylesheets only some tools need, and those tools (their data-rb-tool): a page
#: without them does not link the stylesheet. mkdocs-material's instant navigation
#: brings a page's <head> elements along (it appends the ones the new page has and
#: the shown one lacks, and removes the others), so a quiz page reached from a game
#: page gets its stylesheet all the same. quiz.css is 31 KB a game page's first
#: answer would otherwise wait for (issue 19).
TOOL_CSS = {"assets/css/quiz.css": ("quiz", "quiz-files", "trainer")}

HEADERS_FILE = "_headers"
PRECOMPRESSED = (".br", ".gz")
#: What gets precompressed: text the browser fetches, and the WebAssembly.
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".wasm",
                ".pack"}  # .pack: the engine for MicroPython (sitebuild/micropython/site_bundle.py)
#: Smaller files gain less than a request header weighs.
MIN_PRECOMPRESS = 1024
#: Measured on pyodide.asm.wasm (9.6 MB): quality 9 gives 3.10 MB in 1.2 s, 10 gives
#: 2.79 MB in 13 s, 11 gives 2.74 MB in 23 s; text gains 12 % from 9 to 11. The
#: files hardly change between builds, so 11 is paid once: the result is cached
#: by content hash in build/precompressed/.
BROTLI_QUALITY = 11
GZIP_LEVEL = 9
CACHE_DIR = REPO_ROOT / "build" / "precompressed"


@dataclass
class BuiltSite:
    root: Path
    site_url: str | None
    runtime: dict


def read_runtime() -> dict:
    """build/pyodide/runtime.json (written by scripts/build-runtime.sh), checked."""
    info_file = RUNTIME_DIR / "runtime.json"
    where = info_file.relative_to(REPO_ROOT)
    if not info_file.is_file():
        raise SiteBuildError(f"нет {where}: {RUNTIME_HINT}")
    try:
        info = json.loads(info_file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SiteBuildError(f"{where} — не JSON ({exc}): {RUNTIME_HINT}") from None
    version, package = info.get("version"), info.get("package")
    if not isinstance(version, str) or not isinstance(package, str):
        raise SiteBuildError(f"в {where} нет version/package: {RUNTIME_HINT}")
    path = info.get("path") or f"{version}/"
    if not isinstance(path, str) or not path.endswith("/") or ".." in path or path.startswith("/"):
        raise SiteBuildError(f"в {where} неверный path {path!r}: {RUNTIME_HINT}")
    version_dir = RUNTIME_DIR / path
    for needed in ("pyodide.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
        if not (version_dir / needed).is_file():
            raise SiteBuildError(f"нет {(version_dir / needed).relative_to(REPO_ROOT)}: {RUNTIME_HINT}")
    lock = json.loads((version_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    if package not in lock.get("packages", {}):
        raise SiteBuildError(
            f"пакета «{package}» нет в {(version_dir / 'pyodide-lock.json').relative_to(REPO_ROOT)}: {RUNTIME_HINT}")
    # The trimmed standard library the worker passes as stdLibURL (sitebuild/runtime/stdlib_trim.py).
    stdlib = info.get("stdlib")
    if not isinstance(stdlib, str) or not re.fullmatch(r"python_stdlib\.trim-[0-9a-f]{12}\.zip", stdlib) \
            or not (version_dir / stdlib).is_file():
        raise SiteBuildError(f"в {where} нет собранной stdlib ({stdlib!r}): {RUNTIME_HINT}")
    # The WebAssembly binary's decoded size: the worker counts its download in
    # bytes on the wire from a gzip body's decoded bytes (worker.mjs, countWasm).
    wasm = (version_dir / "pyodide.asm.wasm").stat().st_size
    runtime = {"version": version, "path": path, "package": package, "stdlib": stdlib, "wasm": wasm}
    # The MicroPython first answer (sitebuild/micropython/site_bundle.py; its ENABLED switch).
    if mp_bundle.ENABLED:
        try:
            runtime["mp"] = mp_bundle.prepare()
        except mp_bundle.BundleError as exc:
            raise SiteBuildError(str(exc)) from None
    return runtime


def open_site(site_dir: str | os.PathLike, site_url: str | None) -> BuiltSite:
    root = Path(site_dir)
    if site_url and not site_url.endswith("/"):
        site_url += "/"  # as MkDocs normalises site_url
    if not (root / "index.html").is_file():
        raise SiteBuildError(f"{root}: нет index.html — это не собранный сайт")
    return BuiltSite(root, site_url or None, read_runtime())


# ---- 1. <head> -------------------------------------------------------------------

def _inline_script(path: Path) -> str:
    if not path.is_file():
        raise SiteBuildError(f"нет {path}")
    text = path.read_text(encoding="utf-8")
    if "</script" in text.lower() or "<!--" in text:
        raise SiteBuildError(f"{path}: встраиваемый скрипт не может содержать </script или <!--")
    # Every page carries it: its comment lines stay in the source file. (Its strings
    # are one line each, so a line that starts with // is a comment.)
    return "".join(line + "\n" for line in text.splitlines() if line.strip() and not line.lstrip().startswith("//"))


def head_additions(base: str, runtime: dict, early_script: str, sitemap_script: str | None = None,
                   search_script: str | None = None, engine_now: bool = True) -> tuple[str, str]:
    """What a page's <head> gets: (top, end).

    ``top`` goes right after ``<meta charset>``: the runtime's meta and the engine's
    start (offline.engine_start_html), so the worker starts before the browser has
    even asked for the page's stylesheets (an inline script after them waits for
    all of them: 0.5-0.9 s on the benchmark's phone). ``end`` goes before
    ``</head>``: the early anchor guard, for a build without site_url the first
    visit's sitemap (instant-sitemap.js, told the way to the site root), the
    search held until it is used (search-lazy.js), and the manifest's tags
    (offline.head_html). ``engine_now`` false: a page without a tool that asks the
    engine (:func:`asks_engine`) starts it once the page is idle."""
    meta = ('<meta name="rules-runtime" content="'
            + html.escape(json.dumps(runtime, separators=(",", ":")), quote=True) + '">')
    script = f"<script>\n{early_script}</script>"
    if sitemap_script is not None:
        script += f'\n<script data-root="{html.escape(base, quote=True)}">\n{sitemap_script}</script>'
    if search_script is not None:
        script += f"\n<script>\n{search_script}</script>"
    return f"{meta}\n" + offline.engine_start_html(base, engine_now), f"{script}\n" + offline.head_html(base, runtime)


#: Where the top of <head> ends: after the charset declaration, which must come first.
HEAD_TOP = (re.compile(r"<meta charset=[^>]*>\n?", re.IGNORECASE), re.compile(r"<head(?:\s[^>]*)?>\n?", re.IGNORECASE))


def with_head(text: str, top: str, end: str) -> str:
    text = text.replace("</head>", end + "</head>", 1)
    found = HEAD_TOP[0].search(text) or HEAD_TOP[1].search(text)
    return text[: found.end()] + top + text[found.end():] if found else text.replace("</head>", top + "</head>", 1)


def page_base(rel: str, site_url: str | None) -> str:
    """The way from a built page (``games/kovboy/index.html``) to the site root.
    404.html is served at any depth, so it gets the site's absolute path."""
    if rel == "404.html":
        return offline.site_base(site_url)
    url = rel[: -len("index.html")] if rel == "index.html" or rel.endswith("/index.html") else rel
    return offline.page_base(url)


def add_head(site: BuiltSite) -> None:
    early = _inline_script(EARLY_SCRIPT)
    # A build with site_url has a sitemap that lists its pages already.
    sitemap = _inline_script(SITEMAP_SCRIPT) if site.site_url is None else None
    search = _inline_script(SEARCH_SCRIPT)
    count = 0
    for path in sorted(site.root.rglob("*.html")):
        rel = path.relative_to(site.root).as_posix()
        if rel.startswith("pyodide/"):
            continue
        text = path.read_text(encoding="utf-8")
        if THEME_PAGE not in text or RUNTIME_META in text:
            continue  # not a theme page, or done already (a second run)
        if "</head>" not in text:
            raise SiteBuildError(f"{rel}: в HTML нет </head>")
        top, end = head_additions(page_base(rel, site.site_url), site.runtime, early, sitemap,
                                  search if 'data-md-component="search"' in text else None,
                                  engine_now=asks_engine(text))
        path.write_text(drop_tool_css(with_head(text, top, end)), encoding="utf-8")
        count += 1
    log.info("страниц с движком в <head>: %d", count)


def asks_engine(text: str) -> bool:
    """Whether a built page has a tool that asks the engine (its template marks it
    ``data-rb-asks-engine``: the calculator, the scorekeeper, the тренажёр): such a page starts
    the engine while it is parsed, any other once it is idle (engine-client.js)."""
    return " data-rb-asks-engine" in text


def bundle_stylesheets(site: BuiltSite) -> None:
    """One stylesheet link per run of the site's own CSS (sitebuild/publish/css_bundle.py)."""
    from sitebuild.publish import css_bundle

    try:
        done = css_bundle.bundle_site(site.root, frozenset(TOOL_CSS))
    except css_bundle.BundleError as exc:
        raise SiteBuildError(str(exc)) from exc
    from rules_pkg.ru import plural

    pages, made = done.pages, len(done.made)
    log.info("таблицы стилей сайта: %d %s, %d %s вместо %d", pages, plural(pages, "страница", "страницы", "страниц"),
             made, plural(made, "файл", "файла", "файлов"), len({css for run in done.made for css in run}))


def minify_js(site: BuiltSite) -> None:
    """The page modules minified in place, a source map beside each (sitebuild/publish/minify.py)."""
    from sitebuild.publish import minify

    try:
        done = minify.minify_site_js(site.root)
    except minify.MinifyError as exc:
        raise SiteBuildError(str(exc)) from exc
    from rules_pkg.ru import plural

    files = done["files"]
    log.info("модули страниц: %d %s, %d → %d байт", files, plural(files, "файл", "файла", "файлов"),
             done["before"], done["after"])


def drop_tool_css(text: str) -> str:
    """A page's HTML without the stylesheets of :data:`TOOL_CSS` whose tools it lacks."""
    for css, tools in TOOL_CSS.items():
        if not any(f'data-rb-tool="{tool}"' in text for tool in tools):
            text = re.sub(r'<link rel="stylesheet" href="[^"]*?' + re.escape(css) + r'">\n?', "", text)
    return text


# ---- 2. the Pyodide runtime --------------------------------------------------------

def copy_runtime(site: BuiltSite) -> None:
    target = site.root / "pyodide"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(RUNTIME_DIR, target)
    log.info("Pyodide %s и пакет %s скопированы в %s", site.runtime["version"], site.runtime["package"], target)
    if "mp" in site.runtime:
        log.info("MicroPython и движок для первого ответа: %s", mp_bundle.copy_into(site.root, site.runtime["mp"]))


def copy_vendored(site: BuiltSite) -> None:
    """Libraries from npm the pages load (sitebuild/publish/vendor.py), into site/assets/vendor/."""
    log.info("из npm в сайт: %s", ", ".join(vendor.copy_vendored(site.root)))


# ---- 3. quiz exports -----------------------------------------------------------------

def quiz_page_file(quiz_id: str) -> str:
    """Where the generator wrote the page of ``docs/quizzes/ID.md`` (directory URLs)."""
    return f"{QUIZ_OUT}/{quiz_id}/index.html"


def write_quiz_exports(site: BuiltSite) -> None:
    from sitebuild.quiz import load_dir, write_all

    quizzes = load_dir(Path(os.environ.get("RULES_QUIZ_DIR") or QUIZ_DIR))  # a bad file: QuizError
    missing = [q.id for q in quizzes if not (site.root / quiz_page_file(q.id)).is_file()]
    if missing:
        raise SiteBuildError("у тестов нет страницы на сайте: " + ", ".join(
            f"«{q}» (создайте docs/quizzes/{q}.md со строкой «::: quiz {q}»)" for q in missing))
    # Links stay relative in the site's copies: the quiz page makes them absolute from
    # its own address at download time (docs/assets/js/quiz-files/quiz-export.js), so a file is right
    # on any host and under any base path, whatever address the build was given.
    built = write_all(quizzes, site.root / QUIZ_OUT)
    log.info("тесты: %d, файлов в %s/: %d", len(quizzes), QUIZ_OUT, len(built.files))


# ---- 4. the service worker -------------------------------------------------------------

def write_service_worker(site: BuiltSite) -> None:
    offline.write_service_worker(site.root, offline.runtime_files(site.runtime) + list(vendor.VENDORED))


# ---- 5. _headers -------------------------------------------------------------------------

def headers_file(site_dir: Path) -> str:
    """Netlify / Cloudflare Pages ``_headers``: the same cache policy as sitebuild/publish/serve.py.

    Those hosts apply every rule whose path matches and join the values of a
    header given twice, so no rule here is a catch-all: each file with a
    policy of its own is listed by its path. Everything else keeps the host's
    default (both revalidate every time)."""
    immutable, revalidate = [], ["/sw.js"]
    for path in sorted(site_dir.rglob("*")):
        rel = path.relative_to(site_dir).as_posix()
        if not path.is_file() or rel.endswith(PRECOMPRESSED) or rel == HEADERS_FILE:
            continue
        url = "/" + rel
        if cache_control(url) == IMMUTABLE:
            immutable.append(url)
        elif rel.endswith(".html"):
            revalidate.append("/" + offline.url_path(rel) if rel.endswith("index.html") else url)
    lines = ["# Written by sitebuild/publish/postbuild.py (docs/publish.md): cache policy for hosts that read _headers.",
             "# Versioned runtime files: their bytes are fixed by the Pyodide version in the path."]
    for url in immutable:
        lines += [url, f"  Cache-Control: {IMMUTABLE}"]
        if url.endswith(".wasm"):
            lines.append("  Content-Type: application/wasm")
    lines.append("# The service worker and the pages: always revalidate.")
    for url in revalidate:
        lines += [url, f"  Cache-Control: {REVALIDATE}"]
    return "\n".join(lines) + "\n"


def write_headers_file(site: BuiltSite) -> None:
    (site.root / HEADERS_FILE).write_text(headers_file(site.root), encoding="utf-8")


# ---- 6. precompressed copies ---------------------------------------------------------------

def _brotli(data: bytes) -> bytes:
    import brotli

    return brotli.compress(data, quality=BROTLI_QUALITY)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)


ENCODERS = {".br": _brotli, ".gz": _gzip}


def decompress(data: bytes, suffix: str) -> bytes:
    if suffix == ".br":
        import brotli

        return brotli.decompress(data)
    return gzip.decompress(data)


def _same_content(target: Path, suffix: str, data: bytes) -> bool:
    if not target.is_file():
        return False
    try:
        return decompress(target.read_bytes(), suffix) == data
    except Exception:  # noqa: BLE001 - a broken copy is simply rewritten
        return False


def should_precompress(rel: str, size: int) -> bool:
    return (size >= MIN_PRECOMPRESS and Path(rel).suffix.lower() in COMPRESSIBLE
            and not rel.endswith(PRECOMPRESSED))


def _compressed(data: bytes, suffix: str, used: set[Path]) -> bytes:
    key = hashlib.sha256(data).hexdigest()
    level = BROTLI_QUALITY if suffix == ".br" else GZIP_LEVEL
    cached = CACHE_DIR / f"{key}-{level}{suffix}"
    used.add(cached)
    try:
        return cached.read_bytes()
    except FileNotFoundError:  # not yet (or pruned meanwhile by another build of this tree)
        pass
    out = ENCODERS[suffix](data)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(cached.suffix + ".tmp")
    tmp.write_bytes(out)
    tmp.replace(cached)
    return out


def precompress(site: BuiltSite) -> None:
    used: set[Path] = set()
    count = 0
    for path in sorted(site.root.rglob("*")):
        rel = path.relative_to(site.root).as_posix()
        if not path.is_file() or not should_precompress(rel, path.stat().st_size):
            continue
        data = path.read_bytes()
        for suffix in PRECOMPRESSED:
            out = _compressed(data, suffix, used)
            target = path.with_name(path.name + suffix)
            if _same_content(target, suffix, data):
                continue  # e.g. MkDocs' own sitemap.xml.gz
            if len(out) < len(data):
                target.write_bytes(out)
                count += 1
            elif target.exists():
                target.unlink()
    if CACHE_DIR.is_dir():  # keep only what this build used
        for old in CACHE_DIR.iterdir():
            if old not in used:
                old.unlink()
    log.info("сжатых копий (.br, .gz): %d", count)


# ---- the search index ------------------------------------------------------------

def rewrite_search_index(site: BuiltSite) -> None:
    """MkDocs' search_index.json rewritten clause by clause (sitebuild/pages/search_index.py).
    Zensical writes its own index (search.json) in another format: left as it is."""
    from rules_pkg.api import handle
    from sitebuild.pages import search_index
    from sitebuild.pages.markdown_ext import Catalog

    if not (site.root / search_index.INDEX_FILE).is_file():
        log.info("нет %s (генератор не MkDocs): индекс поиска оставлен как есть", search_index.INDEX_FILE)
        return
    search_index.post_build(site.root, Catalog(handle))


#: The steps after the generator, in order (see the module's docstring). The service
#: worker comes after every file it lists (it hashes them); the copies come last.
STEPS = (add_head, bundle_stylesheets, minify_js, copy_runtime, copy_vendored, write_quiz_exports, rewrite_search_index, write_service_worker,
         write_headers_file, precompress)


def run(site_dir: str | os.PathLike, site_url: str | None = None) -> BuiltSite:
    site = open_site(site_dir, site_url)
    for step in STEPS:
        step(site)
    return site


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sitebuild.publish.postbuild",
        description="Шаги сборки после генератора сайта (MkDocs или Zensical).")
    parser.add_argument("site_dir", help="папка собранного сайта (site)")
    parser.add_argument("--site-url", default=os.environ.get("RULES_SITE_URL") or None,
                        help="адрес сайта (по умолчанию — переменная RULES_SITE_URL)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        run(args.site_dir, args.site_url)
    except (SiteBuildError, offline.OfflineError, QuizError, QuizErrors) as exc:
        print(f"postbuild: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
