"""Instant navigation on a site built without site_url (as the README builds it).

mkdocs-material's instant navigation only follows links its sitemap.xml lists, and
a site built without ``site_url`` has an empty one, so every link was a full page
load that booted the engine again. The service worker (sitebuild/publish/offline_sw.js)
answers sitemap.xml with every stored page under its own scope: once the site is
saved, another game's page swaps in within the same document, and the engine's
worker (already booted) answers there at once.
"""

from __future__ import annotations

import re

import pytest
from tools_helpers import ENGINE_TIMEOUT_MS, SAVE_TIMEOUT_MS

pytestmark = [pytest.mark.browser, pytest.mark.full_engine]  # Pyodide as on a player's device (conftest.py SAVE_DATA)



def test_the_built_sitemap_is_empty_but_the_service_worker_lists_every_page(make_page, base_url, site_dir):
    assert "<loc>" not in (site_dir / "sitemap.xml").read_text(encoding="utf-8")  # built without site_url
    page = make_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base_url}games/kovboy/")
    page.wait_for_function("document.documentElement.dataset.rbOffline === 'saved'", timeout=SAVE_TIMEOUT_MS)
    text = page.evaluate("async () => (await fetch(new URL('../../sitemap.xml', location.href))).text()")
    locs = re.findall(r"<loc>([^<]+)</loc>", text)
    assert f"{base_url}games/kovboy/" in locs and f"{base_url}games/pyat-sharov/" in locs and base_url in locs
    assert all(loc.startswith(base_url) for loc in locs)


KOVBOY_MOUNTED = '[data-rb-tool="calculator"][data-rb-game="kovboy"][data-rb-mounted]'


def swaps_in_and_answers(page) -> None:
    """A tap on «Пять шаров» in the navigation (the menu's link, hidden or not)
    swaps that page into this document, and its calculator answers there."""
    page.evaluate("window.__sameDocument = true")
    page.wait_for_timeout(500)  # the sitemap is fetched after the page's scripts start
    page.evaluate("""() => [...document.querySelectorAll('a.md-nav__link')]
        .find((a) => a.textContent.includes('Пять шаров')).click()""")
    root = '[data-rb-tool="calculator"][data-rb-game="pyat-sharov"][data-rb-mounted]'
    page.wait_for_selector(root, state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.url.endswith("games/pyat-sharov/")
    assert page.evaluate("window.__sameDocument === true"), "a full page load, not instant navigation"
    page.eval_on_selector(f"{root} [data-rb-shot-tool=miss]", "b => b.click()")  # never an empty shot
    page.eval_on_selector(f"{root} form", "form => form.requestSubmit()")
    page.wait_for_selector(f"{root} [data-rb-result] .rb-ruling", state="attached", timeout=ENGINE_TIMEOUT_MS)


def test_another_games_page_swaps_in_without_a_page_load(make_page, base_url):
    page = make_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base_url}games/kovboy/")
    page.wait_for_function("document.documentElement.dataset.rbOffline === 'saved'", timeout=SAVE_TIMEOUT_MS)
    page.reload()  # now controlled by the service worker: material reads its sitemap
    page.wait_for_selector(KOVBOY_MOUNTED, state="attached", timeout=ENGINE_TIMEOUT_MS)  # «Правила» shows no tool
    swaps_in_and_answers(page)


def test_on_the_first_visit_too_another_games_page_swaps_in(make_page, base_url):
    """Not yet controlled by the service worker: the page's own sitemap copy
    (instant-sitemap.js) lists the pages, so the engine booted here answers there."""
    page = make_page(viewport={"width": 390, "height": 844}, service_workers="block")
    page.goto(f"{base_url}games/kovboy/")
    page.wait_for_selector(KOVBOY_MOUNTED, state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("navigator.serviceWorker.controller") is None
    swaps_in_and_answers(page)


def test_a_clause_opened_by_instant_navigation_is_the_pages_target(make_page, base_url):
    """pushState alone sets no :target: the clause a link opens on another page
    would lose its highlight (clauses.css) when that page is swapped in."""
    page = make_page(viewport={"width": 390, "height": 844}, service_workers="block")
    page.goto(base_url)
    page.wait_for_selector("[data-rb-offline]", state="attached")
    page.evaluate("window.__sameDocument = true")
    page.wait_for_timeout(500)  # the sitemap is fetched after the page's scripts start
    page.evaluate("""(href) => { const a = document.createElement('a'); a.href = href;
        document.querySelector('article').append(a); a.click(); }""", f"{base_url}games/kovboy/#kovboy-rule-4")
    page.wait_for_selector(KOVBOY_MOUNTED, state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("window.__sameDocument === true"), "a full page load, not instant navigation"
    page.wait_for_function("document.querySelector(':target')?.id === 'kovboy-rule-4'", timeout=10_000)
    assert page.evaluate("history.length") <= 3  # the page and its clause, no extra entry
