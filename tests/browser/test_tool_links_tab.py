"""A link that names a tool opens the game page on a phone with that tool's own tab
chosen: the home page's «Калькулятор удара» opened «Счёт» (the calculator and the
match under one tab named for the match: notes/newcomer-2026-12-04-night.md,
item 10). Every tool link of the home page and the games' list, every game: the
tab chosen is named as the link begins («Калькулятор удара» → «Калькулятор»,
«Счёт партии» → «Счёт»), its tool is on screen and the other tool is not; a reload,
and back and forward, keep that tab; the tab bar keeps its one row at 320 px."""

from __future__ import annotations

import pytest
from test_no_load_shift import SETTLED
from tools_helpers import PHONE, PHONE_390

pytestmark = pytest.mark.browser

LIST_PAGES = ("", "games/")
TOOL_LINK = 'a.rb-chip-link[href*="#rb-"]'


def pressed(page) -> str:
    return page.locator('.rb-tabs .rb-tab[aria-pressed="true"]').inner_text().strip()


def assert_tool_tab(page, link_text: str, tool_id: str, where: str) -> None:
    page.wait_for_selector(".rb-tabs .rb-tab[aria-pressed=true]")
    page.evaluate(SETTLED)
    tab = pressed(page)
    assert link_text.lower().startswith(tab.lower()), f"{where}: «{link_text}» открыла вкладку «{tab}»"
    assert page.locator(f"#{tool_id}").is_visible(), f"{where}: #{tool_id} не виден"
    others = page.locator(f".rb-split-tools > [data-rb-tool]:not(#{tool_id})")
    for i in range(others.count()):
        assert others.nth(i).is_hidden(), f"{where}: на вкладке «{tab}» виден и {others.nth(i).get_attribute('id')}"


@pytest.mark.parametrize("list_page", LIST_PAGES, ids=["home", "games"])
def test_a_link_that_names_a_tool_opens_that_tools_tab(make_page, base_url, list_page):
    page = make_page(**PHONE_390)
    page.goto(base_url + list_page)
    links = page.eval_on_selector_all(TOOL_LINK, "els => els.map(a => [a.getAttribute('href'), a.textContent.trim()])")
    assert len(links) >= 12, links
    for n, (href, text) in enumerate(links):
        # The reader had left the game page on another tab (a fresh session each time otherwise).
        page.evaluate("() => { for (const k of Object.keys(sessionStorage)) if (k.startsWith('rules-site:tab')) sessionStorage.removeItem(k); }")
        page.goto(base_url + list_page)
        link = page.locator(f'{TOOL_LINK}[href="{href}"]').first
        link.scroll_into_view_if_needed()
        link.tap()
        tool_id = href.split("#", 1)[1]
        page.wait_for_url(f"**#{tool_id}")
        assert_tool_tab(page, text, tool_id, f"{list_page or 'главная'} → {href}")
        if n < 2:  # one link of each tool: a reload, then back to the list and forward, keep the tab
            page.reload()
            assert_tool_tab(page, text, tool_id, f"{href} после перезагрузки")
            page.go_back()
            page.wait_for_selector(TOOL_LINK)
            page.go_forward()
            page.wait_for_url(f"**#{tool_id}")
            assert_tool_tab(page, text, tool_id, f"{href} назад и вперёд")


def test_the_tab_bar_keeps_one_row_at_320(make_page, base_url):
    page = make_page(**{**PHONE, "viewport": {"width": 320, "height": 640}})
    page.goto(base_url + "games/po-chasovoy/")
    tabs = page.locator(".rb-tabs .rb-tab")
    assert tabs.count() == 3, tabs.all_inner_texts()
    boxes = [tabs.nth(i).bounding_box() for i in range(tabs.count())]
    assert len({round(b["y"]) for b in boxes}) == 1, boxes
    assert all(b["height"] <= 41 for b in boxes), boxes
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
