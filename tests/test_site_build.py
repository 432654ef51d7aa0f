"""Checks on the built site (site/): the game page and the engine agree on
every clause id, the tools' forms come from the declaration, the runtime is
where the pages say, and nothing in the site names another host that a
browser would load from."""

from __future__ import annotations

import fnmatch
import json
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from rules_pkg import api
from shared_seeds import seeds_missing

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
KOVBOY_PAGE = SITE / "games" / "kovboy" / "index.html"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


@pytest.fixture(scope="module")
def site() -> Path:
    if not (KOVBOY_PAGE.is_file() and (SITE / "pyodide" / "runtime.json").is_file()):
        proc = subprocess.run(["bash", "scripts/build.sh"], cwd=ROOT, capture_output=True, text=True)
        if proc.returncode != 0 or not KOVBOY_PAGE.is_file():
            pytest.fail("сайт не собран, и scripts/build.sh не смог его собрать:\n"
                        + (proc.stdout + proc.stderr)[-3000:])
    return SITE


@pytest.fixture(scope="module")
def kovboy() -> dict:
    response = api.handle({"op": "describe", "game": "kovboy"})
    assert response["ok"], response
    return response["game"]


class Elements(HTMLParser):
    """Every start tag as (tag, attrs dict)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.items.append((tag, {k: (v or "") for k, v in attrs}))


def elements(path: Path) -> list[tuple[str, dict]]:
    parser = Elements()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.items


# ---- the game page and the engine -------------------------------------------

def test_every_declared_id_is_an_anchor_on_the_kovboy_page(site, kovboy):
    anchors = [a["id"] for tag, a in elements(KOVBOY_PAGE)
               if tag == "a" and "clause-ref" in a.get("class", "").split() and a.get("id")]
    declared = ([c["id"] for c in kovboy["clauses"]] + [t["id"] for t in kovboy["tolkovaniya"]]
                + [o["id"] for o in kovboy["outside"]])
    assert len(anchors) == len(set(anchors)), "повторяющиеся якоря"
    assert sorted(anchors) == sorted(declared)
    for tag, a in elements(KOVBOY_PAGE):
        if tag == "a" and "clause-ref" in a.get("class", "").split():
            assert a["href"] == f"#{a['id']}"


def test_the_seed_text_is_on_the_page(site):
    """Every word of seed 000 appears on the page in order (editorial fix aside;
    list numbers «1)», «1.» are rendered by the lists themselves)."""
    seed = next((ROOT.parent / "shared" / "seeds").glob("000_*.txt"), None)
    if seed is None:
        seeds_missing("нет ../shared/seeds/000_*.txt")
    words = lambda text: re.findall(r"[0-9A-Za-zА-Яа-яЁё]+", text)  # noqa: E731
    raw = seed.read_text(encoding="utf-8").replace("би-тек", "биток")
    source = words(re.sub(r"(?m)^\s*\d+[.)]\s", "", raw))
    text = re.sub(r"<[^>]+>", " ", KOVBOY_PAGE.read_text(encoding="utf-8"))
    page = words(text)
    i = 0
    for word in page:
        if i < len(source) and word == source[i]:
            i += 1
    assert i == len(source), f"текст источника обрывается на слове №{i + 1}: «{source[i]}»"


def test_tool_forms_are_the_declaration(site, kovboy):
    fields = [(a.get("data-rb-scope"), a.get("data-rb-field"))
              for tag, a in elements(KOVBOY_PAGE) if a.get("data-rb-field")]
    lead = [("situation", f["name"]) for f in kovboy["situation"] if f.get("lead")]
    situation = [("situation", f["name"]) for f in kovboy["situation"] if not f.get("lead")]
    options = [("options", f["name"]) for f in kovboy["options"]]
    shot = [("action", f["name"]) for a in kovboy["actions"] if a["type"] != "decision" for f in a["fields"]]
    # The calculator (the score a dispute starts from, the shot, then the rest of the situation),
    # then the scorekeeper (decisions come from the match view).
    assert lead == [("situation", "score")]
    assert fields == lead + shot + situation + options + options + shot
    tools = [a["data-rb-tool"] for tag, a in elements(KOVBOY_PAGE) if a.get("data-rb-tool")]
    assert sorted(tools) == sorted(kovboy["tools"])


def test_the_calculator_says_who_strikes_in_its_shots_legend(site, kovboy):
    html = KOVBOY_PAGE.read_text(encoding="utf-8")
    legend = html.index("data-rb-shooter")
    # as the scorekeeper's «Удар: Аня»: short enough to stand beside «На столе» / «Формой» (a newcomer:
    # «Удар — бьёт Игрок 1» ran under them)
    assert html[legend:legend + 80].split(">", 1)[1].startswith(f": {kovboy['calculator_shooter']}</span></legend>")
    assert legend < html.index('data-rb-scope="action"')


@pytest.mark.parametrize("game", ["kovboy", "kaiza", "pyat-sharov"])
def test_the_calculator_asks_the_score_above_the_shot_outside_the_fold(site, game):
    """The player's score, which a dispute starts from, stands above the drawing (a newcomer swiped
    402 px down to it behind the sticky bar and back up to the drawing), not in the folded situation."""
    html = (site / "games" / game / "index.html").read_text(encoding="utf-8")
    calc = html[html.index(f'id="rb-calculator-{game}"'):html.index(f'id="rb-scorekeeper-{game}"')]
    score = calc.index('data-rb-scope="situation"')
    assert 'data-rb-field="score"' in calc[score - 200:score]
    assert score < calc.index('data-rb-scope="action"') < calc.index('data-rb-fold="situation"')
    assert calc.count('data-rb-field="score"') == 1


def test_pages_know_where_the_runtime_is(site):
    runtime = json.loads((site / "pyodide" / "runtime.json").read_text(encoding="utf-8"))
    for page in site.rglob("*.html"):
        if page.name.endswith(".print.html"):
            continue  # a quiz's standalone print sheet (sitebuild/quiz): no script, no engine
        metas = [a for tag, a in elements(page) if tag == "meta" and a.get("name") == "rules-runtime"]
        assert len(metas) == 1, page
        info = json.loads(metas[0]["content"])
        assert info["package"] == runtime["package"]
        lock = json.loads((site / "pyodide" / info["path"] / "pyodide-lock.json").read_text(encoding="utf-8"))
        assert info["package"] in lock["packages"]
        wheel = lock["packages"][info["package"]]["file_name"]
        assert (site / "pyodide" / info["path"] / wheel).is_file()


# ---- no other host ------------------------------------------------------------

URL_RE = re.compile(r"""https?://[^\s"'`()<>\\]+""")

# Absolute URLs that vendor files contain but that no page of this site makes
# the browser load. Each entry: (file glob under site/, host, why it is harmless).
# A new host in a vendor file fails the test until someone has looked at it.
VENDOR_ALLOWED = [
    ("*", "www.w3.org", "XML namespaces (SVG, XLink), never fetched"),
    ("sitemap.xml", "www.sitemaps.org", "the sitemap's XML namespace"),
    ("assets/vendor/qrcode-generator/qrcode.mjs", "www.d-project.com", "author's address in the licence comment"),
    ("assets/vendor/qrcode-generator/qrcode.mjs", "www.opensource.org", "MIT licence link in the licence comment"),
    ("assets/vendor/qrcode-generator/qrcode.mjs", "www.denso-wave.com",
     "trademark notice (QR Code is a registered trademark of DENSO WAVE) in a comment"),
    ("assets/stylesheets/*.css", "fontawesome.com", "licence comment of the icon font"),
    ("assets/javascripts/bundle.*.js", "unpkg.com",
     "ResizeObserver polyfill (only if the browser lacks ResizeObserver; every browser that runs "
     "module workers has it) and Mermaid (only for mermaid diagrams; the site has none)"),
    ("assets/javascripts/bundle.*.js", "api.github.com", "repository facts, only with repo_url (unset)"),
    ("assets/javascripts/bundle.*.js", "${e}", "repository facts URL template, only with repo_url (unset)"),
    ("assets/javascripts/bundle.*.js", "clipboardjs.com", "licence comment"),
    ("assets/javascripts/workers/search.*.js", "lunrjs.com", "licence comment"),
    ("assets/javascripts/workers/search.*.js", "tartarus.org", "comment (Porter stemmer)"),
    ("assets/javascripts/workers/search.*.js", "bit.ly", "comment"),
    # Language support files of the search index: comments only, and of them the
    # Russian page loads lunr.ru and lunr.stemmer.support.
    ("assets/javascripts/lunr/*", "www.mozilla.org", "licence comments (MPL)"),
    ("assets/javascripts/lunr/*", "github.com", "comments"),
    ("assets/javascripts/lunr/*", "snowball.tartarus.org", "comments"),
    ("assets/javascripts/lunr/*", "code.google.com", "comments"),
    ("assets/javascripts/lunr/*", "chasen.org", "comments"),
    ("assets/javascripts/lunr/wordcut.js", "*", "bundled third-party comments; the file is only for Thai"),
    ("pyodide/*/pyodide.mjs", "cdn.jsdelivr.net",
     "default package CDN, replaced because worker.mjs passes packageBaseUrl (checked below)"),
    ("pyodide/*/pyodide.asm.mjs", "${t}", "URL template of the same package CDN, unused"),
    ("micropython/*/micropython.mjs", "emscripten.org",
     "a link to Emscripten's FAQ in a warning text for a page opened from file://"),
]


def vendor_allowed(rel: str, host: str) -> bool:
    # fnmatch: "*" also matches "/", so "assets/javascripts/lunr/*" is the whole folder.
    return any(fnmatch.fnmatchcase(rel, glob) and (allowed == "*" or host == allowed)
               for glob, allowed, _why in VENDOR_ALLOWED)


def hosts_in(text: str) -> set[str]:
    out = set()
    for url in URL_RE.findall(text):
        host = url.split("://", 1)[1].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
        out.add(host.split(":", 1)[0] if not host.startswith("$") else host)
    return out


def test_html_loads_nothing_from_another_host(site):
    bad = []
    for page in site.rglob("*.html"):
        rel = page.relative_to(site).as_posix()
        for tag, attrs in elements(page):
            for name, value in attrs.items():
                if name == "xmlns" or name.startswith("xmlns:"):
                    continue  # namespaces are names, not downloads
                for url in URL_RE.findall(value):
                    if urlsplit(url).hostname not in LOCAL_HOSTS:
                        bad.append(f"{rel}: <{tag} {name}={url}>")
        # Inline scripts and styles, too (the runtime <meta>, the early anchor script...).
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"<(?:script|style)\b[^>]*>(.*?)</(?:script|style)>", text, re.S):
            bad += [f"{rel}: inline {h}" for h in hosts_in(block) if h not in LOCAL_HOSTS]
    assert bad == []


def test_our_own_assets_name_no_other_host(site):
    ours = [p for p in (ROOT / "docs" / "assets").rglob("*") if p.suffix in (".js", ".mjs", ".css")]
    assert ours
    bad = [f"{p.relative_to(ROOT)}: {h}" for p in ours for h in hosts_in(p.read_text(encoding="utf-8"))]
    assert bad == []


def test_vendor_files_name_only_reviewed_hosts(site):
    bad = []
    for path in site.rglob("*"):
        if path.suffix not in (".js", ".mjs", ".css", ".xml", ".json") or not path.is_file():
            continue
        rel = path.relative_to(site).as_posix()
        if rel.startswith("search/"):
            continue  # the search index is the pages' own text, checked as HTML
        for host in hosts_in(path.read_text(encoding="utf-8", errors="replace")):
            if host not in LOCAL_HOSTS and not vendor_allowed(rel, host):
                bad.append(f"{rel}: {host}")
    assert bad == []


def test_pyodide_package_cdn_is_replaced_by_the_site(site):
    worker = (site / "assets" / "engine" / "worker.mjs").read_text(encoding="utf-8")
    assert re.search(r"packageBaseUrl:\s*indexURL", worker)
    assert re.search(r"lockFileURL:\s*`\$\{indexURL\}pyodide-lock.json`", worker)


def page_folders(site: Path) -> set[str]:
    """The folders of the site's pages, as a reader may type them (games/ of games/kovboy/)."""
    folders = set()
    for page in site.rglob("index.html"):
        rel = page.parent.relative_to(site)
        if rel.parts and rel.parts[0] in ("assets", "pyodide", "search"):
            continue
        folders.update(rel.parents)
    return {f.as_posix() for f in folders if f.as_posix() != "."}


def test_every_folder_of_pages_has_a_page(site):
    """A reader who shortens /games/kovboy/ to /games/ gets a page, not a host's 404
    or a directory listing (the newcomer's session, issue 26)."""
    folders = page_folders(site)
    assert "games" in folders  # the check sees the folders of the game pages
    assert sorted(f for f in folders if not (site / f / "index.html").is_file()) == []
    games = (site / "games" / "index.html").read_text(encoding="utf-8")
    for response in api.handle({"op": "games"})["games"]:
        assert f'href="{response["id"]}/"' in games, response["id"]


def test_the_missing_page_speaks_russian_and_leads_home(site):
    """The newcomer's session: a missing address showed mkdocs-material's
    «404 - Not found», the site's only English page. It is the site's own now."""
    page = (site / "404.html").read_text(encoding="utf-8")
    assert "Not found" not in page
    assert "<h1>Такой страницы нет (404)</h1>" in page
    home = re.search(r'<a href="([^"]*)">главную страницу</a>', page)
    logo = re.search(r'href="([^"]*)" title="Правила', page)
    assert home and logo and home.group(1) == logo.group(1), (home, logo)
