"""A page with no tool that asks the engine (the home page, the glossary,
«Пункты правил», the quizzes) starts it only once the page has loaded and the
browser is idle, or at once when a link to a game is touched (issue 28 § 2): a
reader on a weak signal gets the text first. The engine still starts on such a
page, so the first visit still saves the offline copy (offline.js registers the
service worker once the engine has loaded). A game page starts it while it is
parsed, as before. The workers a page creates are counted by a wrapper of ``Worker``."""

from __future__ import annotations

import pytest

from tools_helpers import ENGINE_TIMEOUT_MS

pytestmark = [pytest.mark.browser, pytest.mark.full_engine]  # Pyodide as on a player's device (conftest.py SAVE_DATA)

# Counts the workers the page creates, and how many there were when the page had loaded.
COUNT_WORKERS = ("window.__workers = 0; const W = window.Worker;"
                 " window.Worker = function (...a) { window.__workers += 1; return new W(...a); };"
                 " document.addEventListener('DOMContentLoaded', () => { window.__workersAtParsed = window.__workers; });"
                 " window.addEventListener('load', () => { window.__workersAtLoad = window.__workers; });")


def test_a_page_without_a_tool_starts_the_engine_after_it_has_loaded(make_page, base_url):
    page = make_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.add_init_script(COUNT_WORKERS)
    page.goto(base_url + "glossary/", wait_until="load")
    assert page.locator('script[data-rb-engine="later"]').count() == 1
    assert page.evaluate("window.__workersAtLoad") == 0, "the glossary started the engine before its text had loaded"
    # Idle after the load: the engine starts, and with it the offline copy is saved.
    page.wait_for_function("window.__workers === 1", timeout=10_000)
    page.wait_for_function("['registered', 'saved'].includes(document.documentElement.dataset.rbOffline)",
                           timeout=ENGINE_TIMEOUT_MS)
    assert page.page_errors == []


def never_idle_phone(make_page):
    """A phone page whose browser is never idle (a long page still busy: nothing starts by
    itself), no service worker, its workers counted."""
    page = make_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                     service_workers="block")
    page.add_init_script("window.requestIdleCallback = () => 0;")
    page.add_init_script(COUNT_WORKERS)
    return page


def test_no_worker_before_the_load_nor_without_idle_but_a_game_link_starts_it(make_page, base_url):
    page = never_idle_phone(make_page)
    page.goto(base_url + "glossary/", wait_until="load")
    page.wait_for_timeout(1500)
    assert page.evaluate("window.__workers") == 0, "the glossary started the engine before it was idle"
    # A finger on a link to a game: the engine starts before the game page is asked for.
    page.evaluate("""() => { const a = [...document.querySelectorAll('a[href]')]
        .find((el) => /games\\/[^/#?]+\\/?([#?]|$)/.test(el.getAttribute('href')));
      a.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })); }""")
    page.wait_for_function("window.__workers === 1", timeout=5_000)
    assert page.page_errors == []


def test_a_game_page_starts_the_engine_while_it_is_parsed(make_page, base_url):
    page = never_idle_phone(make_page)
    page.goto(base_url + "games/kovboy/", wait_until="domcontentloaded")
    assert page.locator('script[data-rb-engine="later"]').count() == 0
    assert page.evaluate("window.__workersAtParsed") == 1
    assert page.page_errors == []
