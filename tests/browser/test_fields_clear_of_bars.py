"""The form view's fields are never behind a sticky bar (issue 26, the random
walk's «covered-control (форма)» and «(калькулятор)»): in the scorekeeper's
«Формой» and in the calculator's form, the field a player taps next after a
choice is on screen and uncovered — not under the record bar («↶ ↷ Записать
удар Очистить»), the calculator's «Рассчитать / Сбросить», the header or the
phone's tab bar — and so is a field focused by Tab; after «Сбросить» the
calculator's first field is; and the page moves on the least it takes, the
field above the one set staying on screen. «Ковбой» (its form is the longest), a phone
(390×844, touch) and a desktop (1280×800: the tools' column scrolls by
itself): one page load each, both tools on it."""

from __future__ import annotations

import pytest

from tools_helpers import calc, dismiss_toasts, open_game, sk, start_match, start_on_table, use_form_view, wait_engine_ready

GAME = "kovboy"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "service_workers": "block", "reduced_motion": "reduce"}
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "service_workers": "block", "reduced_motion": "reduce"}

# The room of `el` without a tool's bar: under the sticky header and tab bar, inside the column that scrolls it.
ROOM_OF = """const roomOf = (el) => {
  let top = 0, bottom = innerHeight;
  for (const b of document.querySelectorAll('.md-header, .rb-tabs')) {
    const s = getComputedStyle(b);
    if (s.display !== 'none' && (s.position === 'sticky' || s.position === 'fixed')) top = Math.max(top, b.getBoundingClientRect().bottom);
  }
  for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
    const y = getComputedStyle(n).overflowY;
    if ((y === 'auto' || y === 'scroll') && n.scrollHeight > n.clientHeight) {
      const r = n.getBoundingClientRect(); top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom); break;
    }
  }
  return [top, bottom];
};"""
# Is `el` seen whole between the bars that stay on screen, and is it what a tap
# at its centre hits? The bars: the header and the phone's tab bar above (and
# the top of the column that scrolls the tools), the form's sticky bar below.
CLEAR = """([el, bar]) => {
  """ + ROOM_OF + """
  let [top, bottom] = roomOf(el);
  const b = document.querySelector(bar);
  if (b && getComputedStyle(b).position === 'sticky') bottom = Math.min(bottom, b.getBoundingClientRect().top);
  const target = el.closest('label.rb-chip') || el;
  const r = target.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const ok = r.top >= top - 1 && r.bottom <= bottom + 1 && !!hit && (target.contains(hit) || hit.contains(target));
  return ok ? '' : `${el.closest('[data-rb-field]') ? el.closest('[data-rb-field]').dataset.rbField : el.textContent.trim()}: `
    + `${Math.round(r.top)}–${Math.round(r.bottom)} px, видно ${Math.round(top)}–${Math.round(bottom)}, в центре ${hit ? hit.tagName.toLowerCase() + '.' + [...hit.classList].join('.') : '—'}`;
}"""
FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 30))))"
# The control of a field a player taps to set it, and the fields shown after `name`.
CONTROL = ("label.rb-chip:visible, button[data-rb-option]:visible, label.rb-check:visible, "
           "select:visible, .rb-int input:visible")
SHOWN_AFTER = """([form, name]) => {
  const fields = [...document.querySelector(form).querySelectorAll('[data-rb-field]')].filter((f) => f.getClientRects().length > 0);
  const at = name === null ? -1 : fields.findIndex((f) => f.dataset.rbField === name);
  return fields.slice(at + 1).map((f) => f.dataset.rbField);
}"""


# The bottom of field `name` (its last shown part) against the top of the room (the bars above, the column's top).
BOTTOM_AND_TOP = """([form, name]) => {
  """ + ROOM_OF + """
  const f = [...document.querySelector(form).querySelectorAll(`[data-rb-field="${name}"]`)].find((x) => x.getClientRects().length);
  return f ? [f.getBoundingClientRect().bottom, roomOf(f)[0]] : null;
}"""


def tap(page, locator, mobile: bool) -> None:
    locator.tap() if mobile else locator.click()


def tap_where_seen(page, locator, mobile: bool) -> None:
    """A tap at the middle of a control seen clear of the bars (CLEAR): at that point, as a finger
    lands, not through Playwright's scroll into view (which moved a chip ending on the column's last
    pixel 350 px up before the press)."""
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y) if mobile else page.mouse.click(x, y)


# A field a player goes on tapping (a set's chips, a sequence's balls, a stepper): a tap there moves
# nothing (form.js takesMoreTaps), so the field after it may need a swipe; after any other it may not.
MORE_TAPS = ("set", "sequence")


def walk_fields(page, form: str, bar: str, mobile: bool, limit: int = 7) -> list[str]:
    """Field after field, as a player fills the form: before each tap the
    control must be clear of the bars (no swipe, no tap on a bar) — unless the
    field before takes more taps — and a tap on a field that takes more taps
    moves nothing; returns what was not so."""
    problems, name, still = [], None, False
    for _ in range(limit):
        after = page.evaluate(SHOWN_AFTER, [form, name])
        if not after:
            break
        above, name = name, after[0]
        field = page.locator(f"{form} [data-rb-field={name}]:visible").first
        control = field.locator(CONTROL).first
        if not control.count():
            continue
        problem = page.evaluate(CLEAR, [control.element_handle(), bar])
        if problem:
            if not still:
                problems.append(problem)
            # a player's swipe: the control to the middle of the screen, clear of the bars (Playwright's own
            # scrolling stops at the window's edge, under a sticky bar, and its tap then scrolls again)
            control.evaluate("el => el.scrollIntoView({ block: 'center' })")
            page.evaluate(FRAMES)
        tag = control.evaluate("el => el.tagName.toLowerCase()")
        still = field.get_attribute("data-rb-kind") in MORE_TAPS
        before = control.bounding_box()["y"]
        above_before = page.evaluate(BOTTOM_AND_TOP, [form, above]) if above else None
        if tag == "select":
            control.select_option(index=1)
        elif tag == "input":
            tap_where_seen(page, control, mobile)
            page.keyboard.type("1")
        else:
            tap_where_seen(page, control, mobile)
        page.evaluate(FRAMES)
        page.wait_for_timeout(150)
        moved = control.bounding_box()["y"] - before
        if still and abs(moved) > 1:
            problems.append(f"{name}: после нажатия страница сдвинулась на {moved:.0f} px")
        # The page moves on the least it takes: the field above the one set, if it showed, still shows (bringing
        # the field set to the top took «Заказанная луза» and «Сколько шаров упало» off the screen: a newcomer, 6 Dec).
        above_after = page.evaluate(BOTTOM_AND_TOP, [form, above]) if above_before else None
        if above_before and above_after and above_before[0] > above_before[1] + 24 and above_after[0] <= above_after[1] + 1:
            problems.append(f"{above}: ушло за верхнюю панель после нажатия на {name} (сдвиг {moved:.0f} px)")
    return problems


def walk_tab(page, form: str, bar: str, stops: int = 14) -> list[str]:
    """Tab from the form's first field: every focused control is clear of the bars."""
    covered = []
    first = page.locator(f"{form} [data-rb-field]:visible").first.locator(CONTROL).first
    first.focus()
    for _ in range(stops):
        page.keyboard.press("Tab")
        page.evaluate(FRAMES)
        inside = page.evaluate("([form, bar]) => { const a = document.activeElement;"
                               " return !!a.closest(form) && !a.closest(bar) && !!a.closest('[data-rb-field]'); }", [form, bar])
        if not inside:
            continue
        problem = page.evaluate(f"([bar]) => ({CLEAR})([document.activeElement, bar])", [bar])
        if problem:
            covered.append(problem)
    return covered


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_form_fields_clear_of_the_sticky_bars(tool_page, base_url, screen):
    mobile = screen == "phone"
    page = tool_page(PHONE if mobile else DESKTOP)
    use_form_view(page)
    if mobile:
        start_on_table(page, base_url, GAME, ["Аня", "Борис"])
    else:
        open_game(page, base_url, GAME, sk(GAME))
        start_match(page, GAME, ["Аня", "Борис"])
    form, bar = f"{sk(GAME)} [data-rb-action-form]", f"{sk(GAME)} [data-rb-match] > .rb-sk-bar"
    assert walk_fields(page, form, bar, mobile) == [], "«Формой»: следующее поле под липкой панелью или поле выше ушло с экрана"
    assert walk_tab(page, form, bar) == [], "«Формой»: поле в фокусе под липкой панелью"

    # The calculator on the same page (on a phone its own tab): its form, «Сбросить», field after field, Tab.
    if mobile:
        tap(page, page.locator(".rb-tabs [data-rb-tab=calculator]"), mobile)
    tool = page.locator(calc(GAME))
    wait_engine_ready(page, calc(GAME))
    dismiss_toasts(page)
    if not tool.evaluate("el => el.open"):
        tap(page, tool.locator(":scope > summary"), mobile)
    form, bar = f"{calc(GAME)} [data-rb-form]", f"{calc(GAME)} .rb-buttons--sticky"
    page.locator(f"{form} [data-rb-field]:visible").last.scroll_into_view_if_needed()
    tap(page, page.locator(f"{calc(GAME)} [data-rb-reset]"), mobile)
    page.evaluate(FRAMES)
    first = page.locator(f"{form} [data-rb-field]:visible").first.locator(CONTROL).first
    assert page.evaluate(CLEAR, [first.element_handle(), bar]) == "", "после «Сбросить» первое поле не на экране"
    assert walk_fields(page, form, bar, mobile, limit=9) == [], "калькулятор: следующее поле под липкой панелью или поле выше ушло с экрана"
    assert walk_tab(page, form, bar) == [], "калькулятор: поле в фокусе под липкой панелью"


# A field set, and the focus gone on to a later field before the next frame (Tab
# pressed quickly on a busy phone: CI's keyboard run of «Игра с пробкой»): the
# scroll asked for the field left behind must not move the focused one (it had
# taken it under «Рассчитать»; form.js showNextField): the page stays where the
# focus took it.
SET_THEN_FOCUS_ON = """([set, on]) => {
  document.querySelector(set).click();
  document.querySelector(on).focus();
}"""


# Where the focus goes: a later field (Tab), or out of the form (the answer takes
# the focus after Enter; here the calculator's own summary stands for it).
ONWARD = {"field": "#rb-calculator-probka-situation-scores", "out": "#rb-calculator-probka > summary"}


@pytest.mark.parametrize("onward", list(ONWARD))
def test_a_field_set_then_left_before_the_next_frame_keeps_the_focus_in_place(tool_page, base_url, onward):
    page = tool_page(PHONE)
    open_game(page, base_url, "probka", calc("probka"))
    page.evaluate("sel => { document.querySelector(sel).open = true; }", calc("probka"))
    page.locator("#rb-calculator-probka-shot-action-shooter").fill("2")
    page.locator("#rb-calculator-probka-shot-action-probka").scroll_into_view_if_needed()
    page.evaluate(SET_THEN_FOCUS_ON, ["#rb-calculator-probka-shot-action-probka", ONWARD[onward]])
    placed = page.evaluate("() => document.activeElement.getBoundingClientRect().top")
    page.evaluate(FRAMES)
    page.evaluate(FRAMES)
    assert page.evaluate("sel => document.activeElement === document.querySelector(sel)", ONWARD[onward])
    moved = page.evaluate("() => document.activeElement.getBoundingClientRect().top") - placed
    assert abs(moved) < 1, f"элемент в фокусе сдвинут на {moved:.0f} px после того, как фокус ушёл к нему"
    if onward == "field":
        problem = page.evaluate(f"([bar]) => ({CLEAR})([document.activeElement, bar])", [f"{calc('probka')} .rb-buttons--sticky"])
        assert problem == "", f"поле в фокусе под липкой панелью: {problem}"
