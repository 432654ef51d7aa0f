"""Nothing on a game page moves by itself while it loads and its rules engine
boots (issue 26 §4, walker finding 16): every layout-shift entry from the
navigation until the engine is ready and the tools are drawn, on every game
page, on a desktop (the rules and the tools side by side: the tools' column
was made after the first paint, 0.07–0.12) and a phone (the «Правила»/«Счёт»
tabs; «Счёт» is tapped at once, so the scorekeeper is on screen while the
engine's words change every second). A shift within 0.5 s of the tap is the
tap's own (hadRecentInput, left out of CLS as by the browser). One page load
per game and viewport."""

from __future__ import annotations

import pytest

from tools_helpers import DESKTOP, calc, dismiss_toasts, sk, wait_engine_ready

pytestmark = pytest.mark.browser

GAMES = ("kovboy", "pyat-sharov", "kaiza", "probka", "po-chasovoy", "kladka-kiem")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "service_workers": "block", "reduced_motion": "reduce"}

# Every layout-shift entry since the navigation (buffered), with what moved.
SHIFTS = r"""window.__loadShifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__loadShifts.push({
  value: e.value, recent: e.hadRecentInput, t: Math.round(e.startTime),
  nodes: (e.sources || []).map((s) => {
    const n = s.node && (s.node.nodeType === 1 ? s.node : s.node.parentElement);
    if (!n) return "?";
    return n.tagName.toLowerCase() + [...n.classList].slice(0, 2).map((c) => "." + c).join("")
      + " " + Math.round(s.previousRect.top) + "→" + Math.round(s.currentRect.top);
  }),
}); }).observe({ type: "layout-shift", buffered: true });"""

# Two frames after the last change: whatever the engine's answer drew is laid out and painted.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_game_page_does_not_move_while_it_loads(tool_page, base_url, viewport):
    moved = {}
    page = tool_page(DESKTOP if viewport == "desktop" else PHONE)
    page.add_init_script(SHIFTS)
    for game in GAMES:
        page.goto(f"{base_url}games/{game}/")
        if viewport == "phone":
            page.locator(".rb-tabs [data-rb-tab=tools]").tap()
        wait_engine_ready(page, sk(game))
        wait_engine_ready(page, calc(game))
        page.evaluate(SETTLED)
        dismiss_toasts(page)
        shifts = page.evaluate("() => window.__loadShifts.filter((s) => !s.recent)")
        if shifts:
            moved[game] = (round(sum(s["value"] for s in shifts), 4), shifts)
    assert moved == {}, f"страница сдвигается сама при загрузке ({viewport}): {moved}"
