"""«▾ ещё» under the drawing opens the shot's whole line. The place of the line is
three rows high; a tap on «▾ ещё» first scrolled the next rows into it, and a
newcomer read them as a text begun mid-sentence, with no way back to its start
(«Ковбой», notes/newcomer-2026-12-05.md; before that «Кайза», the night of 4 Dec).
Now a tap shows the whole text from its first word, nothing cut, «▴ свернуть» under
it; a second tap (or Enter) closes it to three rows from the start again."""

from __future__ import annotations

import pytest
from drawing_gestures import drawing_part
from test_tools_table import open_scorekeeper, tap_pocket
from tools_helpers import PHONE, PHONE_390

pytestmark = pytest.mark.browser


def long_line(tool, game: str) -> None:
    """A drawn shot whose line is longer than its place."""
    if game == "kovboy":
        for ball in (1, 3, 5):
            drawing_part(tool, "ball", ball).tap()
            tap_pocket(tool, "far-left")
        return
    balls = tool.locator("[data-rb-action-form] [data-rb-tap=ball]")
    for i in range(balls.count()):
        balls.nth(i).tap()
    tap_pocket(tool, "far-left")


OPEN = """e => { const box = e.getBoundingClientRect(); const words = e.querySelector('[data-rb-shot-words]');
  const r = words.getBoundingClientRect();
  return { open: e.classList.contains('rb-shot-said--open'), more: e.classList.contains('rb-shot-said--more'),
    whole: e.scrollHeight <= e.clientHeight + 1 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5,
    after: getComputedStyle(e, '::after').content, height: box.height, scrollTop: e.scrollTop }; }"""


@pytest.mark.parametrize("game, device", [("kaiza", PHONE_390), ("kaiza", PHONE), ("kovboy", PHONE_390), ("kovboy", PHONE)],
                         ids=["kaiza-390", "kaiza-360", "kovboy-390", "kovboy-360"])
def test_more_opens_the_whole_line_and_closes_it_again(tool_page, base_url, game, device):
    page = tool_page(device)
    tool = open_scorekeeper(page, base_url, game, ["Аня", "Борис"])
    long_line(tool, game)
    said = tool.locator("[data-rb-action-form] [data-rb-shot-said]")
    folded = said.evaluate(OPEN)
    assert folded["more"] and not folded["whole"], f"the line fits its place: nothing to unfold {folded}"
    said.tap()
    opened = said.evaluate(OPEN)
    assert opened["open"] and opened["whole"], f"«▾ ещё»: the line not shown whole from its start: {opened}"
    assert "свернуть" in opened["after"], f"no «▴ свернуть» under the opened line: {opened['after']}"
    said.tap()
    closed = said.evaluate(OPEN)
    assert not closed["open"] and closed["more"] and closed["scrollTop"] == 0, f"«▴ свернуть» did not close it: {closed}"
    assert abs(closed["height"] - folded["height"]) < 0.5, f"closed, the place is not three rows again: {closed}"
    said.focus()
    page.keyboard.press("Enter")
    assert said.evaluate(OPEN)["open"], "Enter on the place does not open the line"
    tap_pocket(tool, "far-right")  # a new line: the place is closed again
    page.wait_for_timeout(100)
    assert not said.evaluate(OPEN)["open"], "a new line leaves the place open"


ABOVE = """e => ({ above: e.classList.contains('rb-shot-said--above'), scrollTop: e.scrollTop,
  before: getComputedStyle(e, '::before').content, open: e.classList.contains('rb-shot-said--open'),
  first: e.querySelector('[data-rb-shot-words]').getBoundingClientRect().top >= e.getBoundingClientRect().top - 0.5 })"""


@pytest.mark.parametrize("device", [PHONE_390, PHONE], ids=["390", "360"])
def test_a_hint_below_a_long_line_says_its_start_is_above(tool_page, base_url, device):
    """A newcomer, «Кайза» at 390 px: a ball, then «За борт» — the place showed «красный.» and the hint,
    the line's start («Прицельные шары, вылетевшие за борт: …») scrolled away with nothing saying so.
    «▴ ещё» stands on its first row; a tap shows the whole text from its start."""
    page = tool_page(device)
    tool = open_scorekeeper(page, base_url, "kaiza", ["Аня", "Борис"])
    drawing_part(tool, "ball", "red").tap()
    tool.locator("[data-rb-action-form] [data-rb-shot-tool=out]").tap()
    said = tool.locator("[data-rb-action-form] [data-rb-shot-said]")
    page.wait_for_timeout(200)
    state = said.evaluate(ABOVE)
    if state["scrollTop"] <= 1:
        pytest.skip(f"the line and its hint fit the place here: {state}")
    assert state["above"] and "ещё" in state["before"], f"nothing says the line's start is above: {state}"
    said.tap()
    opened = said.evaluate(ABOVE)
    assert opened["open"] and opened["first"] and opened["scrollTop"] == 0, f"not shown from its start: {opened}"
