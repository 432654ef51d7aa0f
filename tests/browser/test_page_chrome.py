"""The page around the tools on a 390 × 844 phone (issue 26 §2): the tab bar
right under the header (no blank band), headings without a jumped level, the
engine's progress with a figure from the start and nothing moving when the
engine is ready (its box took 156 px and went), and a reload into a saved
match that never shows the empty setup form first. Two page loads."""

from __future__ import annotations

import re

import pytest

from tools_helpers import (
    ENGINE_TIMEOUT_MS, MATCH_DRAWN, calc, dismiss_toasts, open_tool, sk, start_match, wait_engine_ready,
)

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "service_workers": "block", "reduced_motion": "reduce"}
GAME = "kovboy"

# Every layout shift the page makes by itself (not right after an input), summed.
SHIFTS = """window.__shift = 0; window.__shifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) {
  window.__shift += e.value;
  window.__shifts.push([Math.round(performance.now()), e.value,
    e.sources.map((s) => (s.node && s.node.className || "?") + " " + Math.round(s.previousRect.top) + "→" + Math.round(s.currentRect.top))]);
} }).observe({ type: "layout-shift", buffered: true });"""

# Whether the new-match form was ever seen (a frame at a time) before the saved match was drawn.
SETUP_WATCH = """window.__setupSeen = [];
const look = () => {
  const form = document.querySelector("[data-rb-tool=scorekeeper] [data-rb-setup]");
  if (form && form.getClientRects().length && !form.closest("[hidden]") && getComputedStyle(form).visibility !== "hidden"
      && form.getBoundingClientRect().bottom > 0 && form.getBoundingClientRect().top < innerHeight) {
    window.__setupSeen.push(Math.round(performance.now()));
  }
  const match = document.querySelector("[data-rb-tool=scorekeeper] [data-rb-match]");
  if (!(match && !match.hidden && !match.hasAttribute("data-rb-pending"))) requestAnimationFrame(look);
};
requestAnimationFrame(look);
new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });"""

# Heading levels in document order that go down by more than one (h1 → h3).
JUMPS = """() => {
  const out = [];
  let last = 0;
  for (const h of document.querySelectorAll("article h1, article h2, article h3, article h4, article h5, article h6")) {
    const level = Number(h.tagName[1]);
    if (last && level > last + 1) out.push(`h${last} → h${level} «${h.textContent.trim().slice(0, 40)}»`);
    last = level;
  }
  return out;
}"""

BAND = """() => {
  const header = document.querySelector(".md-header").getBoundingClientRect();
  const tabs = document.querySelector(".rb-tabs").getBoundingClientRect();
  return Math.round(tabs.top - header.bottom);
}"""


def test_first_visit_moves_nothing_and_a_reload_shows_no_setup_form(tool_page, base_url):
    page = tool_page(PHONE)
    page.add_init_script(SHIFTS)

    # A slow first visit: both runtimes (the first answer's, MicroPython, and Pyodide) held
    # until the loading state has been looked at, then let through.
    held, released = [], []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route(re.compile(r".*/(pyodide|micropython)/.*\.wasm$"), hold)
    page.goto(f"{base_url}games/{GAME}/")
    dismiss_toasts(page)
    assert page.evaluate(BAND) <= 1, f"между шапкой и вкладками пустая полоса {page.evaluate(BAND)} px"
    assert page.evaluate(JUMPS) == [], page.evaluate(JUMPS)
    page.locator(".rb-tabs [data-rb-tab=calculator]").tap()
    open_tool(page, calc(GAME))
    badge = page.locator(f"{calc(GAME)} [data-rb-engine-badge]")
    page.wait_for_function("sel => document.querySelector(sel).dataset.rbEngine", arg=calc(GAME))  # mounted
    assert page.evaluate(f"document.querySelector('{calc(GAME)}').dataset.rbEngine") == "loading"
    assert re.search(r"загрузка… \d", badge.inner_text()), badge.inner_text()  # a figure, not only «загрузка…»
    page.wait_for_timeout(300)
    before = page.evaluate("window.__shift")
    released.append(True)
    for route in held:
        route.continue_()
    wait_engine_ready(page, calc(GAME))
    wait_engine_ready(page, sk(GAME))
    page.wait_for_timeout(500)  # a shift is reported after the frame that made it
    moved = page.evaluate("window.__shift") - before
    assert moved < 0.01, f"сдвиг при готовности правил {moved:.3f}: {page.evaluate('window.__shifts')}"

    page.locator(".rb-tabs [data-rb-tab=tools]").tap()  # «Счёт»: the scorekeeper's own tab
    open_tool(page, sk(GAME))
    start_match(page, GAME, ["Анна", "Борис"])
    page.add_init_script(SETUP_WATCH)
    page.reload()
    page.wait_for_function(MATCH_DRAWN, arg=sk(GAME), timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("window.__setupSeen") == [], "после перезагрузки мелькнула пустая форма новой партии"
    assert page.evaluate(JUMPS) == [], page.evaluate(JUMPS)
