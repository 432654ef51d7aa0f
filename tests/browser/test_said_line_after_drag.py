"""The line under the drawing that says what was drawn (a newcomer's session,
4 December, item 8): in «Кайза» it stood under the record bar after a drag —
the reveal after a record brought the drawing and its tools above the bar, not
the line under them. It is on screen after a drag now, the page not moved by
the drag itself."""

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
    assert page.evaluate("scrollY") == y, "the drag moved the page"
    assert between_bars(page, GAME, "[data-rb-action-form] [data-rb-shot-said]") == "", f"«{words}»"
