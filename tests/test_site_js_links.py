"""Every script the built site names is in the site: each ``src``/``href`` of a ``.js``
or ``.mjs`` file in ``site/**/*.html``, and each module specifier (``import … from``,
``import(…)``, ``export … from``, ``new URL(…, import.meta.url)``) in those pages'
inline scripts and in ``site/assets/js/**/*.js`` resolves to a file of ``site/``.
The page code lives in a folder per component (docs/assets/js/*/), so a module
moved without its importers or the build's path lists following is found here,
before a browser would fail to load it."""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("RULES_TEST_SITE") or ROOT / "site").resolve()  # as tests/browser/conftest.py

SCRIPT = r"""([^"'`\s]+\.m?js(?:\?[^"'`\s]*)?)"""
#: A module specifier: import … from "x", import "x", import("x"), export … from "x";
#: not a JSDoc type ({import("x").T}, typeof import("x"), A | import("x").B: the
#: inlined scripts keep their comments), which loads nothing.
SPECIFIER = re.compile(r"""(?:\bfrom|(?<!\{)(?<!typeof )(?<!\| )\bimport)\s*\(?\s*["']""" + SCRIPT + r"""["']""")
#: A file a module finds beside itself: new URL("x.mjs", import.meta.url).
BESIDE = re.compile(r"""new URL\(\s*["']""" + SCRIPT + r"""["']\s*,\s*import\.meta\.url""")
#: A page's script or preload: src="x.js", href="x.mjs".
ATTRIBUTE = re.compile(r"""\b(?:src|href)=["']""" + SCRIPT + r"""["']""")


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "index.html").is_file() or not (SITE / "assets" / "js").is_dir():
        pytest.fail("сайт не собран: запустите bash scripts/build.sh")
    return SITE


def target(site: Path, origin: Path, ref: str) -> Path | None:
    """The file of ``site`` that ``ref`` (found in ``origin``) names, or None when it is not the site's own."""
    parts = urlsplit(ref)
    if parts.scheme or parts.netloc or not (parts.path.startswith(("/", "./", "../")) or origin.suffix == ".html"):
        return None  # another host, or a bare specifier (none in the site's code)
    path = unquote(parts.path)
    if path.startswith("/"):
        return site / path.lstrip("/")
    return Path(os.path.normpath(origin.parent / PurePosixPath(path)))


def in_comment(text: str, at: int) -> bool:
    """True on a comment line (``//``, ``/*``, `` *``): the scripts inlined in a page keep their comments."""
    line = text[text.rfind("\n", 0, at) + 1:at].lstrip()
    return line.startswith(("//", "/*", "*"))


def specifiers(text: str, patterns) -> list[str]:
    return [m.group(1) for pattern in patterns for m in pattern.finditer(text) if not in_comment(text, m.start())]


def references(site: Path) -> list[tuple[Path, str]]:
    found = []
    for page in sorted(site.rglob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        found += [(page, ref) for ref in specifiers(text, (ATTRIBUTE, SPECIFIER, BESIDE))]
    for module in sorted((site / "assets" / "js").rglob("*.js")):
        text = module.read_text(encoding="utf-8")
        found += [(module, ref) for ref in specifiers(text, (SPECIFIER, BESIDE))]
    return found


def test_every_script_the_site_names_is_in_the_site(site):
    found = references(site)
    missing = sorted({f"{origin.relative_to(site)}: {ref}" for origin, ref in found
                      if (path := target(site, origin, ref)) is not None and not path.is_file()})
    assert missing == []
    # The check sees what it must: the tools' entry on a game page, a component's
    # own imports, and the dispatcher's import() of each component.
    names = {(origin.relative_to(site).as_posix(), ref) for origin, ref in found}
    assert any(o == "games/kovboy/index.html" and r.endswith("assets/js/tools.js") for o, r in names), names
    assert any(o.startswith("assets/js/scorekeeper/") and r.startswith("../") for o, r in names)
    assert any(o == "assets/js/tools.js" and r.startswith("./calculator/") for o, r in names)


def test_a_moved_module_would_be_found(tmp_path):
    # The same check on a site where one import names a file that is not there.
    js = tmp_path / "assets" / "js" / "calculator"
    js.mkdir(parents=True)
    (tmp_path / "index.html").write_text('<script type="module" src="assets/js/tools.js"></script>', encoding="utf-8")
    (tmp_path / "assets" / "js" / "tools.js").write_text('import("./calculator/index.js");', encoding="utf-8")
    (js / "index.js").write_text('import{h}from"../lib/dom.js";new URL("../../vendor/q.mjs",import.meta.url);\n'
                                 '/** @type {import("../lib/types.js").View} */\n// types come in as import("./t.js")',
                                 encoding="utf-8")
    missing = sorted(ref for origin, ref in references(tmp_path)
                     if (path := target(tmp_path, origin, ref)) is not None and not path.is_file())
    assert missing == ["../../vendor/q.mjs", "../lib/dom.js"]
