"""The line under the drawing that says what was drawn (a newcomer's session,
4 December, item 8): in «Кайза» it stood under the record bar after a drag —
the reveal after a record brought the drawing and its tools above the bar, not
the line under them. It is on screen after a drag now, and the drag moves
the page only to bring up the chip field the player answers next when nothing
of it showed (shot-input.js bringChipsUp: «Заказ» under the record bar), the
table kept whole between the bars."""

from __future__ import annotations

import pytest

from drawing_gestures import drawing_part, touch_drag
from test_tools_steady import PHONE_360, act, tap
from tools_helpers import PHONE_390, between_bars, start_on_table

pytestmark = pytest.mark.browser

GAME = "kaiza"


@pytest.mark.parametrize("records", [0, 1, 2])
@pytest.mark.parametrize("phone", ["360", "390"])
def test_the_drawn_shots_line_is_on_screen_after_a_drag(tool_page, base_url, phone, records):
    page = tool_page(PHONE_360 if phone == "360" else PHONE_390)
    tool = start_on_table(page, base_url, GAME, ["Аня", "Борис"])
    for _ in range(records):
        tap(tool, ("tool", "miss"))
        act(page, GAME, tool.locator("[data-rb-play]"))  # the reveal after a record
    y = page.evaluate("scrollY")
    touch_drag(page, drawing_part(tool, "ball", "red"), drawing_part(tool, "pocket", "far-left"))
    page.wait_for_timeout(200)
    words = tool.locator("[data-rb-action-form] [data-rb-shot-words]").inner_text()
    assert "луз" in words, words
    moved = page.evaluate("scrollY") - y
    assert moved >= 0, f"the drag moved the page down by {-moved} px"
    if moved:
        # only up, and only so far that a chip field below the table shows whole with the table itself
        assert between_bars(page, GAME, "[data-rb-action-form] .rb-table-svg") == "", "the table left the screen"
        assert page.evaluate(CHIP_FIELD_BROUGHT_UP, "#rb-scorekeeper-" + GAME), f"the drag moved the page by {moved} px for nothing"
    assert between_bars(page, GAME, "[data-rb-action-form] [data-rb-shot-said]") == "", f"«{words}»"


# A chip field below the drawn table stands whole above the record bar.
CHIP_FIELD_BROUGHT_UP = """sel => { const tool = document.querySelector(sel);
  const bar = tool.querySelector('[data-rb-play]').closest('[data-rb-bar]').getBoundingClientRect().top;
  const table = tool.querySelector('[data-rb-action-form] .rb-table-svg').getBoundingClientRect().bottom;
  return [...tool.querySelectorAll('[data-rb-action-form] [data-rb-chip-field]')].some((f) => {
    const r = f.getBoundingClientRect();
    return r.height > 0 && r.top >= table - 1 && r.bottom <= bar + 1; }); }"""
