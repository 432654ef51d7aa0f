"""The header's title on a phone (newcomer 2026-12-05 § 16): it read «Правила
бильярд…», the site's name cut by an ellipsis at 390 px. On every page of the
site, at 390 and 360 px, neither of the header's two titles (the site's, and the
page's that replaces it once the page is scrolled) is cut: not by an ellipsis,
not mid-word, not by the header's edge."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# Each title of the header that does not show whole: its text and how it is cut.
CUT_TITLES = """() => {
  const header = document.querySelector('.md-header').getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll('.md-header__topic .md-ellipsis')) {
    const text = el.textContent.replace(/\\s+/g, ' ').trim();
    const box = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth) out.push(`«${text}»: ${el.scrollWidth} px in ${el.clientWidth}`);
    else if (el.scrollHeight > el.clientHeight + 1) out.push(`«${text}»: ${el.scrollHeight} px high in ${el.clientHeight}`);
    else if (box.height > header.height) out.push(`«${text}»: ${Math.round(box.height)} px high in a ${header.height} px header`);
    // A word cut in two: more lines than the words need, or a line ending inside a word.
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = [...new Set([...range.getClientRects()].map(r => Math.round(r.top)))].length;
    if (lines > text.split(' ').length) out.push(`«${text}»: ${lines} lines for its words`);
  }
  return out;
}"""


def site_pages(site_dir) -> list[str]:
    """Every page of the built site, as a path under its address (one per page type and more)."""
    pages = sorted(p.parent.relative_to(site_dir).as_posix() for p in site_dir.rglob("index.html")
                   if not {"assets", "pyodide", "search"} & set(p.relative_to(site_dir).parts))
    return [("" if p == "." else p + "/") for p in pages] + ["404.html"]


@pytest.mark.parametrize("width, height", [(390, 844), (360, 740)], ids=["390", "360"])
def test_no_page_cuts_the_header_title(make_page, base_url, site_dir, width, height):
    page = make_page(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                     device_scale_factor=2, service_workers="block")
    pages = site_pages(site_dir)
    assert len(pages) > 20 and "quizzes/kaiza/" in pages and "" in pages
    cut = {}
    for path in pages:
        page.goto(base_url + path, wait_until="domcontentloaded")
        page.locator(".md-header__topic .md-ellipsis").first.wait_for()
        if found := page.evaluate(CUT_TITLES):
            cut[path or "/"] = found
    assert cut == {}


# The header's title that shows (material fades the other one out), and the page's <h1>.
SHOWN_TITLE = """() => {
  const shown = [...document.querySelectorAll('.md-header__topic')]
    .filter(t => parseFloat(getComputedStyle(t).opacity) > 0.5);
  return { shown: shown.map(t => t.textContent.trim()), h1: document.querySelector('article h1').textContent.trim() };
}"""

TOOL_GAMES = ("kovboy", "kaiza", "probka", "pyat-sharov", "kladka-kiem", "po-chasovoy")


@pytest.mark.parametrize("game", TOOL_GAMES)
def test_a_tools_tab_names_its_game(make_page, base_url, game):
    """A tool's tab hides the page's title with the rule text; a newcomer with several matches saved
    could not tell which game's score sheet he was on (5 Dec, «Счёт» at 390 px). On «Счёт» and
    «Калькулятор» the header shows the game's name; on «Правила», at the top, the site's."""
    page = make_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, service_workers="block")
    page.add_init_script("localStorage.setItem('rules-site:offline-notice-shown', '1')")
    page.goto(f"{base_url}games/{game}/")
    page.locator(".rb-tabs").wait_for()
    for tab in ("tools", "calculator", "rules"):
        page.locator(f'.rb-tabs [data-rb-tab="{tab}"]').tap()
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(500)  # material's fade (0.15 s)
        title = page.evaluate(SHOWN_TITLE)
        want = "Правила бильярда" if tab == "rules" else title["h1"].replace("¶", "").strip()
        assert title["shown"] == [want], f"{game}, вкладка {tab}: в шапке {title['shown']}, а ждали «{want}»"


# The drawer's title (the site's name over the navigation): how it is cut, if it is.
DRAWER_TITLE_CUT = """() => {
  const el = document.querySelector('.md-nav--primary > .md-nav__title');
  const text = el.textContent.replace(/\\s+/g, ' ').trim();
  const range = document.createRange();
  range.selectNodeContents(el);
  const box = el.getBoundingClientRect();
  const over = [...range.getClientRects()].filter(r => r.width && (r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5));
  return { text, over: over.length, overflowX: el.scrollWidth - el.clientWidth, overflowY: el.scrollHeight - el.clientHeight };
}"""


@pytest.mark.parametrize("width, height", [(390, 844), (360, 740)], ids=["390", "360"])
def test_the_drawers_title_shows_the_whole_site_name(make_page, base_url, width, height):
    """The menu's title read «Правила бильярда: …» at 390 px (newcomer 2026-12-05-c, item 7):
    in the drawer the site's name shows whole, on as many lines as it needs."""
    page = make_page(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                     device_scale_factor=2, service_workers="block")
    page.goto(base_url)  # the drawer at its top level: the site's name is its title
    page.locator('.md-header label[for="__drawer"]').tap()
    page.wait_for_timeout(400)  # the drawer slides in (0.25 s)
    title = page.evaluate(DRAWER_TITLE_CUT)
    assert title["text"].startswith("Правила бильярда: тексты, калькуляторы, тесты"), title
    assert title["overflowX"] <= 0 and title["overflowY"] <= 1 and title["over"] == 0, title
