"""Reflow (WCAG 1.4.10): every game's tools at 320 CSS px wide, as a 1280 px
screen at 400 % zoom (320×256) and a small phone (320×640). At each step —
the rules, the tools' tab with the table drawing, the form view, the
scorekeeper's setup and a started match — the page does not scroll
sideways, no label or chip text is cut, no two texts or controls overlap,
and the sticky chrome (header, tabs, button bars) covers at most 40 % of the
window's height. Screenshots go to screenshots/reflow/ for a person."""

from __future__ import annotations

import pytest

from test_tools_layout import GAMES as TOOL_GAMES
from tools_helpers import (
    ENGINE_TIMEOUT_MS, ROOT, calc, dismiss_toasts, open_tool, sk, start_match, wait_engine_ready,
)

pytestmark = pytest.mark.browser

SHOTS = ROOT / "screenshots" / "reflow"
SIZES = {"320x256": {"width": 320, "height": 256}, "320x640": {"width": 320, "height": 640}}
PLAYERS = {"probka": ["Анна", "Борис", "Вера"]}

# Texts and controls shown in the tools (and the page's chrome): what must
# neither be cut nor overlap another.
PARTS = ("label, legend, summary, button, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]),"
         " .rb-chip, .rb-label, .rb-help, .rb-group-title, .rb-tab, h1, h2, h3, .rb-score, .rb-status")

CUT = """parts => [...document.querySelectorAll(parts)].filter(el => {
    if (!el.checkVisibility({visibilityProperty: true}) || el.closest('[hidden], .rb-visually-hidden, .md-sidebar, .md-search')) return false;
    const s = getComputedStyle(el);
    if (el.matches('input, select') || s.overflowX === 'visible' && s.textOverflow !== 'ellipsis') return false;
    return el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 2;
}).map(el => el.outerHTML.replace(/\\s+/g, ' ').slice(0, 120))"""

OVERLAP = """parts => {
    const els = [...document.querySelectorAll(parts)].filter(el =>
        el.checkVisibility({visibilityProperty: true, opacityProperty: true})
        && !el.closest('[hidden], .rb-visually-hidden, .md-sidebar, .md-search, [aria-hidden=true]'));
    // Visually hidden parts (a 1 px clip) are not drawn. A text's own extent (a legend or label box spans the whole row; what
    // must not be covered is its words), a control's whole box.
    const extent = el => { if (el.matches('button, select, input, .rb-chip')) return el.getBoundingClientRect();
        const range = document.createRange(); range.selectNodeContents(el); return range.getBoundingClientRect(); };
    const boxes = els.filter(el => { const r = el.getBoundingClientRect(); return r.width > 2 && r.height > 2; })
        .map(el => [el, extent(el)]).filter(([, r]) => r.width > 2 && r.height > 2);
    const out = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [a, p] = boxes[i], [b, q] = boxes[j];
        if (a.contains(b) || b.contains(a)) continue;
        // An input in its label, a chip's parts: one control.
        if (a.closest('label') && a.closest('label') === b.closest('label')) continue;
        const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (w > 1 && h > 1) {
            // Content scrolling under sticky chrome is not an overlap of the
            // layout (the chrome's share of the window is measured apart).
            const fixed = el => { for (let n = el; n; n = n.parentElement) {
                const pos = getComputedStyle(n).position; if (pos === 'sticky' || pos === 'fixed') return true; }
                return false; };
            if (fixed(a) || fixed(b)) continue;
            const d = el => el.tagName.toLowerCase() + '.' + [...el.classList].join('.')
                + ' «' + (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 30) + '»';
            out.push(d(a) + ' × ' + d(b));
        }
    }
    return out;
}"""

# The part of the window's height under sticky or fixed chrome.
CHROME = """() => {
    const spans = [];
    for (const el of document.querySelectorAll('body *')) {
        const pos = getComputedStyle(el).position;
        if (pos !== 'sticky' && pos !== 'fixed') continue;
        if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
        const r = el.getBoundingClientRect();
        const top = Math.max(0, r.top), bottom = Math.min(innerHeight, r.bottom);
        const shown = Math.min(innerWidth, r.right) - Math.max(0, r.left);
        if (bottom - top > 1 && shown > 40) spans.push([top, bottom]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let covered = 0, end = 0;
    for (const [t, b] of spans) { if (b > end) { covered += b - Math.max(t, end); end = b; } }
    return covered / innerHeight;
}"""


def check(page, label: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{label}.png"))
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{label}: страница шире окна ({width} > {inner})"
    cut = page.evaluate(CUT, PARTS)
    assert cut == [], f"{label}: обрезан текст:\n" + "\n".join(cut)
    overlaps = page.evaluate(OVERLAP, PARTS)
    assert overlaps == [], f"{label}: элементы налезают друг на друга:\n" + "\n".join(overlaps)
    chrome = page.evaluate(CHROME)
    assert chrome <= 0.4, f"{label}: липкие панели занимают {chrome:.0%} высоты окна"


def scroll_to(page, selector: str) -> None:
    page.locator(selector).first.evaluate("el => el.scrollIntoView({block: 'center'})")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(TOOL_GAMES))
def test_tools_reflow_at_320(tool_page, base_url, game, size):
    page = tool_page({"viewport": SIZES[size], "service_workers": "block", "reduced_motion": "reduce"})
    page.goto(f"{base_url}games/{game}/")
    dismiss_toasts(page)
    check(page, f"{game}-{size}-rules")

    page.locator(".rb-tabs [data-rb-tab=calculator]").click()
    wait_engine_ready(page, calc(game))
    open_tool(page, calc(game))
    tool = page.locator(calc(game))
    scroll_to(page, f"{calc(game)} [data-rb-form]")
    check(page, f"{game}-{size}-calculator")
    to_form = tool.locator("[data-rb-shot-mode=form]")
    if to_form.count() and to_form.is_visible():
        scroll_to(page, f"{calc(game)} [data-rb-shot]")
        check(page, f"{game}-{size}-drawing")
        to_form.click()
        scroll_to(page, f"{calc(game)} [data-rb-action]")
        check(page, f"{game}-{size}-calculator-form-view")
    scroll_to(page, f"{calc(game)} [data-rb-submit]")
    check(page, f"{game}-{size}-calculator-buttons")

    page.locator(".rb-tabs [data-rb-tab=tools]").click()  # «Счёт»: the scorekeeper's own tab
    open_tool(page, sk(game))
    scroll_to(page, f"{sk(game)} [data-rb-setup]")
    check(page, f"{game}-{size}-scorekeeper-setup")
    names = PLAYERS.get(game, ["Анна", "Борис"])
    start_match(page, game, names)
    page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=sk(game),
                           timeout=ENGINE_TIMEOUT_MS)
    scroll_to(page, f"{sk(game)} [data-rb-match]")
    check(page, f"{game}-{size}-scorekeeper-match")
    scroll_to(page, f"{sk(game)} [data-rb-action-form]:visible, {sk(game)} [data-rb-decision]:visible")
    check(page, f"{game}-{size}-scorekeeper-form")
