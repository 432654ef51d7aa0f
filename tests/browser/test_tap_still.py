"""A tap on a chip never scrolls the page (lib/tap-still.js).

A chip is a label over a 1 px check box at its middle (forms.css); a click on
a label focuses that box, and the browser scrolls to a focused box outside its
scroll port — the part of the screen above the record bar's scroll padding. So
a chip whose middle stood just above the record bar, shown and tappable, took
the desktop's tools column 327 px up at a tap (the walk: «Кайза» at 1280×800,
the board's names then cut at the column's top), and on a phone the page.
Here a chip beside the scorekeeper's drawing is put with its middle 4 px above the
record bar, tapped where it shows, and nothing may scroll; the chip is ticked.
"""

from __future__ import annotations

import pytest

from tools_helpers import DESKTOP, PHONE, open_game, sk, start_match

pytestmark = pytest.mark.browser

GAME = "kovboy"
# A chip beside the table drawing (the form view brings the next field up after a
# tap, on purpose: form.js keepNextFieldClear; the drawing's view moves nothing).
CHIP = f"{sk(GAME)} [data-rb-chip-field]:not([hidden]) label.rb-chip"

# The chip's middle put 4 px above the record bar's top, by the scroll of the box
# that scrolls it (the desktop's tools column, or the page); what scrolls and how far.
PLACE = """(sel) => {
  const chip = document.querySelector(sel);
  const bar = chip.closest('[data-rb-match]').querySelector('[data-rb-bar]');
  let box = chip.parentElement;
  while (box && box !== document.body && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
  const scroller = box && box !== document.body ? box : document.scrollingElement;
  const r = chip.getBoundingClientRect();
  scroller.scrollTop += (r.top + r.height / 2) - (bar.getBoundingClientRect().top - 4);
  window.__scroller = scroller;
  return chip.getBoundingClientRect().top;
}"""


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_tap_on_a_chip_above_the_record_bar_scrolls_nothing(tool_page, base_url, device):
    page = tool_page(DESKTOP if device == "desktop" else PHONE)
    open_game(page, base_url, GAME, sk(GAME), form_view=False)
    if device == "phone":
        page.locator(".rb-tabs [data-rb-tab=tools]").tap()
    start_match(page, GAME, ["Анна", "Борис"])
    chip = page.locator(CHIP).first
    assert chip.is_visible()
    top = page.evaluate(PLACE, CHIP)
    box = chip.bounding_box()
    before = page.evaluate("window.__scroller.scrollTop")
    bar_top = page.locator(f"{sk(GAME)} [data-rb-match] [data-rb-bar]").bounding_box()["y"]
    assert top + 8 < bar_top, "the chip's top part shows above the record bar"
    x, y = box["x"] + box["width"] / 2, top + 6
    if device == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    page.wait_for_timeout(400)
    assert chip.locator("input").is_checked(), "the tap ticked the chip"
    after = page.evaluate("window.__scroller.scrollTop")
    assert abs(after - before) < 1, f"a tap on the chip scrolled the page by {after - before:.0f} px"
