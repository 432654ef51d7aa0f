"""The built site's offline pieces, checked on the files (no browser needed):
site/sw.js lists every page and every file of both runtimes (Pyodide, and MicroPython for
the first answer) with its true sha256, the
pages carry the engine starter and the manifest, and the
manifest's icons exist at the sizes it claims."""

from __future__ import annotations

import hashlib
import html
import json
import re
import struct
from pathlib import Path

import pytest

from sitebuild.publish import offline

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")


def sw_files(site: Path) -> tuple[str, dict[str, str]]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'^const VERSION = "([0-9a-f]{16})";$', text, re.M)
    files = re.search(r"^const FILES = (\{.*?\n\});$", text, re.M | re.S)
    assert version and files, "sw.js без VERSION или FILES"
    return version.group(1), json.loads(files.group(1))


@pytest.fixture(scope="module")
def runtime(site_dir):
    return json.loads((site_dir / "pyodide" / "runtime.json").read_text(encoding="utf-8"))


def test_service_worker_lists_every_page_and_the_runtime_with_true_hashes(site_dir, runtime):
    version, files = sw_files(site_dir)
    assert version == offline.version_of(files)
    pages = {offline.url_path(p.relative_to(site_dir).as_posix()) for p in site_dir.rglob("index.html")}
    assert pages <= set(files), sorted(pages - set(files))
    folder = f"pyodide/{runtime['path']}"
    for name in (*RUNTIME_FILES, runtime["stdlib"], runtime["wheel"]):
        assert folder + name in files, name
    assert "search/search_index.json" in files and "manifest.webmanifest" in files
    # The MicroPython first answer (sitebuild/micropython/site_bundle.py): offline, both runtimes are there.
    meta = re.search(r'<meta name="rules-runtime" content="([^"]+)">',
                     (site_dir / "games" / "kovboy" / "index.html").read_text(encoding="utf-8"))
    assert meta, "the page has no runtime meta"
    mp = json.loads(html.unescape(meta.group(1))).get("mp")
    # Built with it (RULES_MICROPYTHON=on): its folder is named and its three files listed.
    assert mp is None or re.fullmatch(r"[0-9a-f]{12}/", mp), mp
    for name in ("micropython.mjs", "micropython.wasm", "engine.pack") if mp else ():
        assert f"micropython/{mp}{name}" in files, name
    assert bool(mp) == (site_dir / "micropython").is_dir(), "MicroPython's files without the page naming them"
    for path, digest in files.items():
        data = (site_dir / offline._file_of(path)).read_bytes()
        assert hashlib.sha256(data).hexdigest() == digest, path
    # Not precached: the worker itself, source maps, build metadata, unused search languages.
    assert not [p for p in files if p == "sw.js" or p.endswith((".map", ".gz")) or p.endswith("runtime.json")]
    lunr = [p for p in files if "/lunr/" in p]
    # The site's search language «rus» carries lunr-languages' Russian in it (sitebuild/pages/search_index.py).
    assert sorted(p.rsplit("/", 1)[1] for p in lunr) == ["lunr.rus.min.js", "lunr.stemmer.support.min.js"]
    assert not (site_dir / folder / "python_stdlib.zip").exists()


def test_pages_start_the_engine_in_head_and_link_the_manifest(site_dir):
    page = site_dir / "games" / "kovboy" / "index.html"
    head = page.read_text(encoding="utf-8").split("</head>", 1)[0]
    # The engine's worker starts from <head>, after the runtime description it reads.
    assert head.index('name="rules-runtime"') < head.index('<script data-worker="../../assets/engine/worker.mjs">')
    assert (page.parent / "../../assets/engine/worker.mjs").resolve().is_file()
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in head
    assert f'<meta name="theme-color" content="{offline.THEME_COLOR}">' in head
    # 404.html is served at any depth: absolute paths.
    assert '<link rel="manifest" href="/manifest.webmanifest">' in (site_dir / "404.html").read_text(encoding="utf-8")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_manifest_is_russian_and_its_icons_exist(site_dir):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == "ru" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert re.search(r"[А-Яа-я]", manifest["name"]) and re.search(r"[А-Яа-я]", manifest["short_name"])
    assert len(manifest["short_name"]) <= 12
    assert manifest["theme_color"] == offline.THEME_COLOR
    purposes = set()
    for icon in manifest["icons"]:
        path = site_dir / icon["src"]
        assert path.is_file(), icon["src"]
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert icon["sizes"] == f"{w}x{h}", icon
    assert {"any", "maskable"} <= purposes
    assert png_size(site_dir / offline.TOUCH_ICON) == (180, 180)


def test_precache_list_rules_on_a_small_site(tmp_path):
    files = {
        "index.html": "<p>главная</p>", "games/kovboy/index.html": "<p>ковбой</p>", "404.html": "404",
        "sw.js": "old", "assets/javascripts/bundle.min.js.map": "{}", "sitemap.xml.gz": "gz",
        "pyodide/runtime.json": "{}", "pyodide/314.0.7/pyodide.asm.wasm": "wasm",
        "assets/javascripts/lunr/min/lunr.ru.min.js": "ru", "assets/javascripts/lunr/min/lunr.de.min.js": "de",
        "assets/javascripts/lunr/min/lunr.stemmer.support.min.js": "s",
        "assets/javascripts/lunr/tinyseg.js": "ja", "search/search_index.json": '{"config": {"lang": ["ru"]}}',
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    listed = offline.precache_list(tmp_path)
    assert sorted(listed) == sorted([
        "", "games/kovboy/", "404.html", "pyodide/314.0.7/pyodide.asm.wasm", "search/search_index.json",
        "assets/javascripts/lunr/min/lunr.ru.min.js", "assets/javascripts/lunr/min/lunr.stemmer.support.min.js"])
    assert listed[""] == hashlib.sha256("<p>главная</p>".encode()).hexdigest()
    summary = offline.write_service_worker(tmp_path, ["pyodide/314.0.7/pyodide.asm.wasm"])
    version, written = sw_files(tmp_path)
    assert written == listed and version == summary["version"] == offline.version_of(listed)
    # Any change of any listed file is a new version; a required file that is missing stops the build.
    (tmp_path / "games/kovboy/index.html").write_text("<p>ковбой 2</p>", encoding="utf-8")
    assert offline.write_service_worker(tmp_path)["version"] != version
    with pytest.raises(offline.OfflineError, match="python_stdlib"):
        offline.write_service_worker(tmp_path, ["pyodide/314.0.7/python_stdlib.trim-000000000000.zip"])


@pytest.mark.parametrize("url, base", [("", "./"), ("games/kovboy/", "../../"), ("api/", "../")])
def test_page_base(url, base):
    assert offline.page_base(url) == base


@pytest.mark.parametrize("site_url, base", [(None, "/"), ("https://example.org/rules", "/rules/"),
                                            ("https://example.org/", "/")])
def test_site_base(site_url, base):
    assert offline.site_base(site_url) == base
