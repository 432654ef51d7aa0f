"""Screenshots for a person to look at: every game page (and the home page,
the glossary, the clause index) at phone size, full page, in the light and
the dark scheme; the rule pages as printed; a glossary popup open.

Written to screenshots/pages/ (gitignored; the README names the folder):
``<page>-light.png``, ``<page>-dark.png``, ``print-<page>.png``,
``term-popup-<scheme>.png``. Each shot also checks what a person would
notice first: no sideways scrolling at 360 px, the scheme really applied,
the tools' rules loaded (or an error shown — never a spinner forever), no
script error, and in print no tool, header or navigation.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_pkg import api
from tools_helpers import wait_engine_ready

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "pages"
PHONE = {"width": 360, "height": 740}

GAMES = [g["id"] for g in api.handle({"op": "games"})["games"]]
OTHER_PAGES = {"home": "", "glossary": "glossary/", "clauses": "clauses/"}
PAGES = {g: f"games/{g}/" for g in GAMES} | OTHER_PAGES


def phone(shared_page, scheme: str):
    """One phone page per scheme for the file (these tests only look): a game page after
    the first boots from the cache. Without the offline service worker: every page is a
    first visit as the fresh context showed it, and no «saved» notice comes mid-file."""
    page = shared_page(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True,
                       color_scheme=scheme, service_workers="block")
    return page


def settle(page) -> None:
    """Wait until what a person sees is final: fonts, and each tool's rules
    loaded or failed (the badge then says so)."""
    page.wait_for_load_state("load")
    page.evaluate("document.fonts.ready.then(() => true)")
    if page.locator("[data-rb-tool]").count():
        wait_engine_ready(page, "[data-rb-tool]", states=("ready", "failed"))


def assert_fits(page, name: str) -> None:
    """Nothing scrolls sideways at phone width: not the page, and no box
    inside it (a table in a scrolling wrapper counts too)."""
    wide = page.evaluate("""() => {
        const width = document.documentElement.clientWidth;
        const out = [];
        // Text inside a box that clips it within the screen (a screen-reader-only line) is not seen.
        const clippedInside = (el) => {
            for (let a = el.parentElement; a; a = a.parentElement) {
                const st = getComputedStyle(a);
                if (st.overflowX !== 'visible' && a.getBoundingClientRect().right <= width + 1) return true;
            }
            return false;
        };
        for (const el of document.querySelectorAll('.md-content *')) {
            const r = el.getBoundingClientRect();
            const label = el.tagName.toLowerCase() + '.' + [...el.classList].join('.');
            const style = getComputedStyle(el);
            if (r.width && r.right > width + 1 && !el.closest('.md-typeset__scrollwrap') && !clippedInside(el)) {
                out.push(label + ' → ' + Math.round(r.right));
            }
            if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
                out.push(label + ' прокручивается вбок: ' + el.scrollWidth + ' > ' + el.clientWidth);
            }
        }
        return {scroll: document.documentElement.scrollWidth, width, out: out.slice(0, 5)};
    }""")
    assert wide["scroll"] <= wide["width"], f"{name}: страница шире экрана {wide}"
    assert wide["out"] == [], f"{name}: элементы выходят за край экрана {wide['out']}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_phone_screenshot(shared_page, base_url, name, scheme):
    page = phone(shared_page, scheme)
    page.goto(base_url + PAGES[name])
    settle(page)
    expected = "slate" if scheme == "dark" else "default"
    assert page.locator("body").get_attribute("data-md-color-scheme") == expected
    assert_fits(page, name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = SHOTS / f"{name}-{scheme}.png"
    page.screenshot(path=str(out), full_page=True)
    assert out.stat().st_size > 10_000
    assert page.page_errors == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_print_screenshot(make_page, base_url, name):
    page = make_page(viewport={"width": 794, "height": 1123}, color_scheme="dark")
    page.goto(base_url + PAGES[name])
    page.wait_for_load_state("load")
    page.emulate_media(media="print")
    hidden = page.evaluate("""() => [
        '.md-header', '.md-sidebar--primary', '.md-footer', '[data-rb-tool]', '.md-search'
      ].filter(sel => [...document.querySelectorAll(sel)].some(el => getComputedStyle(el).display !== 'none'))""")
    assert hidden == [], f"в печати видно: {hidden}"
    first = page.locator("a.clause-ref").first
    printed_id = first.evaluate("el => getComputedStyle(el, '::after').content")
    assert printed_id.strip('"') == first.get_attribute("id")
    color = page.evaluate("getComputedStyle(document.querySelector('.rb-rules p')).color")
    assert color in ("rgba(0, 0, 0, 0.87)", "rgb(0, 0, 0)"), color
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = SHOTS / f"print-{name}.png"
    page.screenshot(path=str(out), full_page=True)
    assert out.stat().st_size > 10_000


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_term_popup_screenshot(shared_page, base_url, scheme):
    page = phone(shared_page, scheme)
    page.goto(base_url + "games/kovboy/")
    page.wait_for_load_state("load")
    term = page.locator('.rb-rules .rb-term[data-term="karambol"]').first
    term.scroll_into_view_if_needed()
    term.tap()
    tip = page.locator("#rb-term-tip")
    tip.wait_for(state="visible")
    assert "Карамболь" in tip.inner_text()
    assert_fits(page, "term popup")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"term-popup-{scheme}.png"))
