"""The calculator at the table (issue 26, § 2): «Ковбой», a player at 88 pots
the 5 — is that a foul? On a 390×844 phone with touch, from the closed panel:
at most 5 taps, nothing scrolled once the panel is open (no swipe to a field
behind the sticky «Рассчитать / Сбросить» bar), the verdict in view, its line
saying what happened and what follows, and «почему» adding only what the line
does not say. Then every field of the form, focused, stands clear of the
sticky bars. One page load."""

from __future__ import annotations

import re

import pytest

from tools_helpers import PHONE as PHONE_360, PHONE_390
from tools_helpers import ENGINE_TIMEOUT_MS, HOLD_CALLS, bar_on_screen_with_form_below, calc, calculator_page, dismiss_toasts, wait_engine_ready

GAME = "kovboy"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "service_workers": "block", "reduced_motion": "reduce"}
# The element at the centre of a part is the part (not a sticky bar over it),
# and the part is inside the viewport: a tap there needs no scroll.
TAPPABLE = """el => {
  const r = el.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
  if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (el === hit || el.contains(hit));
}"""
# Viewport bounds left free by the sticky bars: the header and the tab bar
# above, the tool's sticky button bar below.
FREE = """sel => {
  const tool = document.querySelector(sel);
  let top = 0;
  for (const el of document.querySelectorAll('.md-header, .rb-tabs')) {
    const s = getComputedStyle(el);
    if (s.display !== 'none' && (s.position === 'sticky' || s.position === 'fixed')) top = Math.max(top, el.getBoundingClientRect().bottom);
  }
  const bar = tool.querySelector('.rb-buttons--sticky');
  return [top, bar ? Math.min(innerHeight, bar.getBoundingClientRect().top) : innerHeight];
}"""
# The text outside the focused element that its focus ring (outline and offset) runs over.
RING_OVER_TEXT = """sel => {
  const el = document.activeElement, tool = document.querySelector(sel);
  if (!el || !tool.contains(el)) return ['фокус не в калькуляторе'];
  const s = getComputedStyle(el), grow = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth);
  const r = el.getBoundingClientRect();
  const ring = { top: r.top - grow, bottom: r.bottom + grow, left: r.left - grow, right: r.right + grow };
  const out = [], walker = document.createTreeWalker(tool, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const t = walker.currentNode;
    if (el.contains(t) || !t.data.trim() || !t.parentElement.getClientRects().length) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    for (const b of range.getClientRects()) {
      if (b.width && b.bottom > ring.top && b.top < ring.bottom && b.right > ring.left && b.left < ring.right) out.push(t.data.trim());
    }
  }
  return out;
}"""
# Every layout-shift entry of the page (buffered), with whether input had just come.
SHIFTS = """window.__rbShifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__rbShifts.push(
  { value: e.value, recent: e.hadRecentInput, nodes: (e.sources || []).map((s) => s.node ? (s.node.className || s.node.nodeName) : '?') });
}).observe({ type: 'layout-shift', buffered: true });"""
SENTENCE = re.compile(r"(?<=[.!?…])\s+(?=[А-ЯЁA-Z0-9«(])")


def sentence_key(s: str) -> str:
    plain = re.sub(r"[\s.!?…;]+$", "", re.sub(r"\s+", " ", s.lower().replace("ё", "е"))).strip()
    unlabelled = re.sub(r"^[а-яa-z ]{2,24}:\s+", "", plain)
    return unlabelled if len(unlabelled) >= 8 else plain


def test_calculator_dispute_in_five_taps_without_scrolling(tool_page, base_url):
    page = tool_page(PHONE)
    page.add_init_script(SHIFTS)
    page.goto(f"{base_url}games/{GAME}/")
    tool = page.locator(calc(GAME))
    wait_engine_ready(page, calc(GAME))
    dismiss_toasts(page)
    taps = []

    def tap(part, name):
        assert part.evaluate(TAPPABLE), f"«{name}» не на экране или закрыт липкой панелью: нужна прокрутка"
        before = page.evaluate("scrollY")
        part.tap()
        taps.append(name)
        return before

    # The tool's own tab opens it at the top («Правила» shows no tool).
    tap(page.locator(".rb-tabs [data-rb-tab=calculator]"), "Калькулятор")
    page.wait_for_timeout(100)  # the panel opens (reduced motion: no animation)
    start = page.evaluate("scrollY")
    tap(tool.locator("[data-rb-tap=ball][data-rb-id='5']"), "шар 5")
    tap(tool.locator("[data-rb-tap=pocket][data-rb-id='\"far-left\"']"), "луза")
    score = tool.locator(f"#rb-calculator-{GAME}-situation-score")
    tap(score, "очки перед ударом")
    page.keyboard.type("88")  # the value is selected on focus: the digits replace it
    assert score.input_value() == "88"
    assert page.evaluate("scrollY") == start, "поле очков пришлось прокручивать"
    shifts_before = page.evaluate("window.__rbShifts.length")
    tap(tool.locator("[data-rb-submit]"), "Рассчитать")
    line = tool.locator("[data-rb-result] .rb-ruling--line")
    line.wait_for(timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=calc(GAME))

    assert len(taps) <= 5, taps
    # The verdict has the focus: its ring stays off the text around it («УДАР» under it).
    assert page.evaluate(RING_OVER_TEXT, calc(GAME)) == []
    # …and the answer stands apart from the «Удар» heading under it (it touched it: newcomer 2026-12-05-e).
    gap = tool.evaluate("""el => el.querySelector('.rb-group-title').getBoundingClientRect().top
      - el.querySelector('[data-rb-result]').getBoundingClientRect().bottom""")
    assert gap >= 12, gap
    # The answer comes in above the form without moving anything on screen (no layout shift, the
    # tap's own 0.5 s included); the page then scrolls it up under the bars by itself.
    assert shifts_since(page, shifts_before) == [], shifts_since(page, shifts_before)
    top, bottom = page.evaluate(FREE, calc(GAME))
    verdict = line.locator(".rb-verdict").bounding_box()
    assert top <= verdict["y"] and verdict["y"] + verdict["height"] <= bottom, (verdict, top, bottom)
    # The line says what happened, the score, who plays next and the clause.
    said = line.locator(".rb-verdict").inner_text()
    assert line.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    assert "88 + 5 = 93" in said and "Следующий удар: Игрок 2" in said, said
    assert "88\u00a0→\u00a088" in said, said
    assert line.locator('.rb-verdict a[href="#kovboy-rule-4"]').count() == 1
    # «почему» adds only what the line does not say: no sentence twice.
    line.locator(".rb-why-toggle").tap()
    why = line.locator(".rb-why")
    assert why.is_visible()
    shown = [said] + why.locator(".rb-summary, .rb-fouls li, .rb-lines li").all_inner_texts()
    sentences = [s for text in shown for s in SENTENCE.split(text.replace("§", "\n§")) for s in [s.split("\n§")[0].strip()] if s]
    keys = [sentence_key(s) for s in sentences]
    assert len(keys) == len(set(keys)), sentences
    assert sum("88 + 5 = 93" in s for s in sentences) == 1, sentences
    assert why.locator(".rb-lines li").count() >= 1  # what follows: the penalty, the re-spot…
    # Said once there too: no «Нарушение:» under the «НАРУШЕНИЕ» badge, each clause linked once
    # («§ Штраф» stood under two lines; newcomer 2026-12-05-e).
    lines = why.locator(".rb-lines li").all_inner_texts()
    assert not [t for t in lines if t.lower().startswith("нарушение:")], lines
    hrefs = why.locator(".rb-lines a").evaluate_all("els => els.map((a) => a.getAttribute('href'))")
    assert len(hrefs) == len(set(hrefs)), hrefs
    # A number stays with its word («93» / «очка» broke): each joined run (lib/dom.js keepTogether)
    # stands on one line, in the line and behind «почему» alike; the text itself is unchanged.
    runs = line.evaluate("""el => [...el.querySelectorAll('.rb-together')].filter((s) => s.getClientRects().length)
      .map((s) => [s.textContent, s.getClientRects().length])""")
    assert any("Игрок 2" in text for text, _ in runs), runs
    assert any("88 + 5 = 93" in text for text, _ in runs), runs  # «(88 + 5» / «= 93)» broke (newcomer, 5 Dec night)
    assert any(text.startswith("§ ") for text, _ in runs), runs  # «§» / «Штраф» broke
    assert len(runs) >= 3 and all(n == 1 for _, n in runs), runs
    assert "\u00a0" not in line.locator(".rb-summary").first.inner_text()

    # Every field of the form, focused, stands clear of the sticky bars.
    assert_focus_clear_of_bars(page, tool)


def shifts_since(page, seen: int) -> list[dict]:
    """The layout shifts since `seen`, the invisible ones (< 0.0005, as the walk) left out."""
    return [e for e in page.evaluate("window.__rbShifts")[seen:] if e["value"] >= 0.0005]


def test_an_answer_that_comes_late_moves_nothing_and_is_brought_up(tool_page, base_url):
    """The walk's finding: the first answer, more than 0.5 s after «Рассчитать» (the engine still
    starting), stood above the form and pushed it down under the thumb (layout shift 0.21–0.35).
    It now comes in with the form kept in place, and the page scrolls it up under the bars."""
    page = tool_page(PHONE)
    page.add_init_script(SHIFTS)
    page.add_init_script(HOLD_CALLS)
    page.goto(f"{base_url}games/{GAME}/")
    tool = page.locator(calc(GAME))
    wait_engine_ready(page, calc(GAME))
    dismiss_toasts(page)
    page.locator(".rb-tabs [data-rb-tab=calculator]").tap()
    tool.locator("[data-rb-tap=ball][data-rb-id='5']").tap()
    tool.locator("[data-rb-tap=pocket][data-rb-id='\"far-left\"']").tap()
    page.evaluate("() => { window.rbHold = true; }")
    tool.locator("[data-rb-submit]").tap()
    page.wait_for_function("() => window.rbHeld.length > 0", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_timeout(800)  # past the 0.5 s in which a shift counts as the tap's
    seen = page.evaluate("window.__rbShifts.length")
    page.evaluate("() => window.rbRelease()")
    line = tool.locator("[data-rb-result] .rb-ruling--line")
    line.wait_for(timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=calc(GAME))
    page.wait_for_timeout(300)  # the scroll that brings it up
    assert shifts_since(page, seen) == [], shifts_since(page, seen)
    top, bottom = page.evaluate(FREE, calc(GAME))
    verdict = line.locator(".rb-verdict").bounding_box()
    assert top <= verdict["y"] and verdict["y"] + verdict["height"] <= bottom, (verdict, top, bottom)
    assert tool.evaluate("el => el.querySelector('[data-rb-result]') === document.activeElement")


def test_a_tab_tapped_while_the_page_loads_brings_the_form_up_and_the_answer_lands_where_it_began(tool_page, base_url):
    """The usability bench's path: the «Калькулятор» tab tapped as soon as the page shows (its code
    not yet mounted on a first visit). Once drawn, the form comes up under the bars as it does for a
    tap after the mount (it stayed under the title: the score, then the drawing, needed a swipe), the
    score above the drawing; the answer then stands where the form began: the page does not move."""
    page = tool_page(PHONE)
    page.add_init_script(SHIFTS)
    page.goto(f"{base_url}games/{GAME}/", wait_until="commit")
    page.locator(".rb-tabs [data-rb-tab=calculator]").tap()
    tool = page.locator(calc(GAME))
    wait_engine_ready(page, calc(GAME))
    page.wait_for_timeout(300)  # the frames after the mount
    dismiss_toasts(page)
    top, _ = page.evaluate(FREE, calc(GAME))
    form_top = tool.locator("[data-rb-form]").evaluate("el => el.getBoundingClientRect().top")
    assert top - 1 <= form_top <= top + 24, (form_top, top)
    score = tool.locator(f"#rb-calculator-{GAME}-situation-score")
    ball = tool.locator("[data-rb-tap=ball][data-rb-id='5']")
    assert score.evaluate(TAPPABLE) and ball.evaluate(TAPPABLE)
    start = page.evaluate("scrollY")
    score.tap()
    page.keyboard.type("88")
    ball.tap()
    tool.locator("[data-rb-tap=pocket][data-rb-id='\"far-left\"']").tap()
    seen = page.evaluate("window.__rbShifts.length")
    tool.locator("[data-rb-submit]").tap()
    line = tool.locator("[data-rb-result] .rb-ruling--line")
    line.wait_for(timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=calc(GAME))
    page.wait_for_timeout(300)
    assert page.evaluate("scrollY") == start
    assert shifts_since(page, seen) == [], shifts_since(page, seen)
    result_top = tool.locator("[data-rb-result]").evaluate("el => el.getBoundingClientRect().top")
    assert top <= result_top <= form_top + 24, (result_top, form_top)
    assert "88 + 5 = 93" in line.locator(".rb-verdict").inner_text()
    # The answer has the focus; its ring's corners are the cards' (a square one clashed: a newcomer).
    radius = tool.locator("[data-rb-result]").evaluate(
        "el => document.activeElement === el ? getComputedStyle(el).borderTopLeftRadius : 'not focused'")
    assert radius not in ("0px", "not focused"), radius


# The calculator's controls that a bar cuts to a sliver: less of them shows between the bars than a
# target's 24 px (axe target-size; the site's own measure, lib/match-reveal.js cutAt), yet some does.
CUT_BY_BARS = """([sel, top, bottom]) => [...document.querySelector(sel).querySelectorAll(
    'button, input:not([type=hidden]), select, label.rb-chip, a[href], summary')]
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden'
    && !el.closest('.rb-buttons--sticky, svg'))
  .map(el => [el.textContent.trim().slice(0, 30) || el.id, el.getBoundingClientRect()])
  .filter(([, r]) => { const shown = Math.min(r.bottom, bottom) - Math.max(r.top, top);
    return r.width >= 1 && r.height >= 1 && shown > 0.01 && shown < Math.min(24, r.height) - 0.5; })
  .map(([name, r]) => `${name} ${Math.round(r.top)}…${Math.round(r.bottom)}`)"""


OPEN_CUT = {  # found by this test; not yet fixed
    "kovboy": "open: «Положение перед ударом» 770…814, 20 px of it over the «Рассчитать» bar at 360×740",
}


@pytest.mark.parametrize("game", [pytest.param(g, marks=pytest.mark.xfail(reason=OPEN_CUT[g], strict=False)) if g in OPEN_CUT
                                  else g for g in ["kovboy", "probka", "pyat-sharov", "kaiza", "kladka-kiem", "po-chasovoy"]])
def test_a_calculator_opened_while_the_page_loads_leaves_no_control_under_a_bar(tool_page, base_url, game):
    """The «Калькулятор» tab tapped on a first visit: once the form has come up and the drawing is
    drawn, no control is cut by the tab bar or the «Рассчитать» bar to less than a target's size."""
    page = tool_page(PHONE)
    page.goto(f"{base_url}games/{game}/", wait_until="commit")
    page.locator(".rb-tabs [data-rb-tab=calculator]").tap()
    wait_engine_ready(page, calc(game))
    page.wait_for_timeout(600)  # the frames after the mount, a smooth scroll
    dismiss_toasts(page)
    top, bottom = page.evaluate(FREE, calc(game))
    assert page.evaluate(CUT_BY_BARS, [calc(game), top, bottom]) == []


def assert_focus_clear_of_bars(page, tool) -> None:
    controls = tool.locator("form input:not([type=hidden]), form select")
    hidden = []
    for i in range(controls.count()):
        control = controls.nth(i)
        if not control.evaluate("el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'"):
            continue
        page.evaluate("() => window.scrollTo(0, 0)")
        control.evaluate("el => el.focus()")
        top, bottom = page.evaluate(FREE, calc(GAME))
        box = control.evaluate("el => { const r = (el.closest('label.rb-chip') || el).getBoundingClientRect(); return [r.top, r.bottom]; }")
        if box[0] < top - 1 or box[1] > bottom + 1:
            hidden.append((control.evaluate("el => el.id || el.name || el.value"), box, top, bottom))
    assert hidden == []


def test_the_calculate_bar_stays_on_screen_however_far_the_answer_pushes_the_form(tool_page, base_url):
    """A newcomer opened «почему» under a long answer and «Рассчитать / Сбросить» left the screen (the bar
    sticky inside the form, which the answer above pushed down): the bar sticks to the whole tool."""
    page = tool_page(PHONE)
    page.goto(base_url + f"games/{GAME}/")
    page.locator(".rb-tabs [data-rb-tab=calculator]").tap()
    wait_engine_ready(page, calc(GAME))
    bar_on_screen_with_form_below(page, calc(GAME), "[data-rb-result]", "[data-rb-submit]")


@pytest.mark.parametrize("device", [PHONE_360, PHONE_390], ids=["360", "390"])
def test_the_shots_legend_names_who_strikes_beside_the_mode_buttons(tool_page, base_url, device):
    """«Удар: Игрок 1» (the answer says «Следующий удар: Игрок 2»): the legend shows whole, not under
    «На столе» / «Формой» (a newcomer: «Удар — бьёт Игрок 1» ran under them)."""
    page, tool = calculator_page(tool_page, base_url, device, GAME)
    legend = tool.locator("[data-rb-form] legend").first
    assert legend.inner_text().strip().lower() == "удар: игрок 1"
    words = legend.evaluate("""el => { const r = document.createRange(); r.selectNodeContents(el);
      const b = r.getBoundingClientRect(); return [b.left, b.right, b.top, b.bottom]; }""")
    for mode in tool.locator("[data-rb-form] [data-rb-shot-mode]").all():
        box = mode.bounding_box()
        apart = words[1] <= box["x"] or box["x"] + box["width"] <= words[0] \
            or words[3] <= box["y"] or box["y"] + box["height"] <= words[2]
        assert apart, (words, box)


@pytest.mark.parametrize("game", ["kovboy", "probka", "pyat-sharov", "kaiza", "kladka-kiem", "po-chasovoy"])
def test_calculate_with_nothing_drawn_says_why_between_the_bars(tool_page, base_url, game):
    """«Рассчитать» tapped on a phone with nothing drawn: the message that says what to draw stands
    whole between the tab bar and the «Рассчитать» bar. It stood under that bar, unseen, and the tap
    seemed to do nothing (the walk, «пробка» at 390×844, seed 1680). The message is the page's own
    («нарисуйте удар…») or the engine's on the field it names («Кладка»: the first stroke's kind)."""
    page = tool_page(PHONE)
    page.goto(f"{base_url}games/{game}/")
    page.locator(".rb-tabs [data-rb-tab=calculator]").tap()
    tool = page.locator(calc(game))
    wait_engine_ready(page, calc(game))
    page.wait_for_timeout(600)  # the form brought up under the bars
    dismiss_toasts(page)
    tool.locator("[data-rb-submit]").tap()
    message = tool.locator("[data-rb-form] [data-rb-error]:visible, [data-rb-form] [data-rb-field-message]:visible").first
    message.wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_timeout(300)
    assert message.inner_text().strip()
    top, bottom = page.evaluate(FREE, calc(game))
    box = message.bounding_box()
    assert top - 1 <= box["y"] and box["y"] + box["height"] <= bottom + 1, (box, top, bottom)
    assert page.evaluate(CUT_BY_BARS, [calc(game), top, bottom]) == []


def test_a_tap_on_a_control_half_under_the_tab_bar_takes(tool_page, base_url):
    """«Формой» in «пробка»'s calculator, half under the tab bar, tapped where it shows: the page
    scrolled it clear for its focus between the finger's release and the click, and the click went
    to the panel — the form view never came (the walk, entry-differs, seeds 1680–1683). The scroll
    waits for the click: the tap takes, and the button ends clear of the bars."""
    game = "probka"
    page = tool_page(PHONE)
    page.goto(f"{base_url}games/{game}/")
    page.locator(".rb-tabs [data-rb-tab=calculator]").tap()
    wait_engine_ready(page, calc(game))
    page.wait_for_timeout(600)
    dismiss_toasts(page)
    button = page.locator(f"{calc(game)} [data-rb-shot-mode=form]")
    top, _ = page.evaluate(FREE, calc(game))
    box = button.bounding_box()
    page.evaluate("d => window.scrollBy(0, d)", box["y"] - (top - box["height"] / 2))  # half of it under the bar
    page.wait_for_timeout(100)
    box = button.bounding_box()
    assert box["y"] < top < box["y"] + box["height"], (box, top)
    page.touchscreen.tap(box["x"] + box["width"] / 2, (top + box["y"] + box["height"]) / 2)
    page.wait_for_timeout(500)
    assert button.get_attribute("aria-pressed") == "true"
    assert page.locator(f"{calc(game)} [data-rb-field=probka]").is_visible()
    assert button.bounding_box()["y"] >= top - 1
