"""No two controls of a tool overlap (two that scroll together), and a tap at
the centre of each lands on it (issue 16): every game's calculator and scorekeeper, at 360, 390, 768, 1024
and 1280 px, in the states a player sees — the calculator open, a match on the
table drawing, a shot being drawn, the form view. Each control is scrolled to
the middle of the screen first, so the sticky bars and the header are not in
the way of a control that a player would scroll to. Phone screenshots of each
game's match go to screenshots/tools/overlap-*.png."""

from __future__ import annotations

import pytest

from tools_helpers import calc, dismiss_toasts, screenshot, sk, start_on_table

pytestmark = pytest.mark.browser

GAMES = ["kovboy", "pyat-sharov", "probka", "kaiza", "kladka-kiem", "po-chasovoy"]  # every game with tools
WIDTHS = [360, 390, 768, 1024, 1280]
HEIGHT = 800

# Every visible control inside the tools, the overlapping pairs, and the
# controls whose centre is covered by something else (checked after scrolling
# the control to the middle of the screen).
CHECK = """sel => {
  const tools = [...document.querySelectorAll(sel)];
  const controls = [];
  for (const tool of tools) {
    for (const el of tool.querySelectorAll(
      "button, a[href], select, textarea, summary, label.rb-chip, label.rb-check, [data-rb-tap]," +
      " input:not([type=checkbox]):not([type=radio])")) {
      if (el.closest(".rb-visually-hidden, [hidden]") || el.getAttribute("tabindex") === "-1" && el.matches(".rb-visually-hidden *, .rb-visually-hidden")) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === "hidden") continue;
      if (controls.some((c) => c.contains(el) || el.contains(c))) continue;
      controls.push(el);
    }
  }
  const name = (el) => (el.getAttribute("aria-label") || el.textContent || el.tagName).trim().replace(/\\s+/g, " ").slice(0, 40);
  // A sticky bar covers what scrolls under it, as it should: two controls are
  // compared by their boxes only when they scroll together (the centre test
  // below finds a control a sticky bar covers where it is tapped).
  const stuck = (el) => {
    for (let n = el; n; n = n.parentElement) {
      const position = getComputedStyle(n).position;
      if (position === "sticky" || position === "fixed") return n;
    }
    return null;
  };
  const bars = controls.map(stuck);
  const overlaps = [];
  const boxes = controls.map((el) => el.getBoundingClientRect());
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      if (bars[i] !== bars[j]) continue;
      // Two parts of the table drawing: round hit areas, their boxes' corners
      // may meet; a tap at each one's centre must still land on it (below).
      if (controls[i].matches("[data-rb-tap]") && controls[j].matches("[data-rb-tap]")) continue;
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w >= 1 && h >= 1) overlaps.push(`«${name(controls[i])}» × «${name(controls[j])}»: ${Math.round(w)}×${Math.round(h)} px`);
    }
  }
  const covered = [];
  for (const el of controls) {
    el.scrollIntoView({ block: "center", inline: "nearest" });
    const r = el.getClientRects()[0];  // a link wrapped over two lines: the centre of its first line
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;  // wider than the screen: scrolls sideways
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) {
      covered.push(`«${name(el)}» под «${hit ? name(hit) : "ничем"}»`);
    }
  }
  return { count: controls.length, overlaps, covered };
}"""


def check(page, where: str) -> list[str]:
    result = page.evaluate(CHECK, "[data-rb-tool][open]")
    assert result["count"] > 0, f"{where}: ни одного элемента управления"
    return [f"{where}: пересекаются {o}" for o in result["overlaps"]] + [f"{where}: {c}" for c in result["covered"]]


def all_widths(page, state: str, game: str, tab: str = "tools") -> list[str]:
    """``tab``: the phone's tab of the tool checked («Счёт» or «Калькулятор»)."""
    problems = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        if width < 960 and page.locator(f".rb-tabs [data-rb-tab={tab}]").get_attribute("aria-pressed") != "true":
            page.locator(f".rb-tabs [data-rb-tab={tab}]").click()
        page.wait_for_timeout(50)
        problems += check(page, f"{game}, {state}, {width} px")
    page.set_viewport_size({"width": 390, "height": HEIGHT})
    return problems


def first_tap(page, game: str) -> None:
    """A shot being drawn: the first ball on the drawing (a pocket where no ball is tappable)."""
    form = page.locator(f"{sk(game)} [data-rb-action-form]")
    for part in ("ball", "pocket"):
        target = form.locator(f"[data-rb-tap={part}]:visible").first
        if target.count():
            target.click()
            return


@pytest.mark.parametrize("game", GAMES)
def test_no_control_overlaps_another(browser, base_url, game):
    context = browser.new_context(locale="ru-RU", viewport={"width": 390, "height": HEIGHT}, has_touch=True,
                                  service_workers="block", reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        start_on_table(page, base_url, game, [])
    except Exception:
        context.close()
        raise
    try:
        problems = all_widths(page, "партия на рисунке", game)
        page.set_viewport_size({"width": 390, "height": 844})
        screenshot(page, f"overlap-{game}-match")
        first_tap(page, game)
        problems += all_widths(page, "удар рисуется", game)
        mode = page.locator(f"{sk(game)} [data-rb-shot-mode=form]:visible")
        if mode.count():
            mode.click()
            problems += all_widths(page, "форма", game)
            page.locator(f"{sk(game)} [data-rb-shot-mode=drawing]").click()
        calculator = page.locator(calc(game))
        if calculator.count():
            page.locator(".rb-tabs [data-rb-tab=calculator]").click()  # 390 px: its own tab
            if not calculator.evaluate("el => el.open"):
                calculator.locator("> summary").click()
            dismiss_toasts(page)
            problems += all_widths(page, "калькулятор открыт", game, "calculator")
            page.set_viewport_size({"width": 390, "height": 844})
            calculator.locator("> summary").scroll_into_view_if_needed()
            screenshot(page, f"overlap-{game}-calculator")
        assert not problems, "\n".join(problems[:40]) + (f"\n… и ещё {len(problems) - 40}" if len(problems) > 40 else "")
    finally:
        context.close()
