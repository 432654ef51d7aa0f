"""A tap is never lost to a scroll made at its press: in the new-match form, the names typed,
the first tap on a condition's chip («б) слабый игрок получает право…», «Кладка шаров кием»)
chose nothing — the press focused the form (tabindex="-1"), the focus keeper scrolled 41 px for
it, and the release landed beside the chip (a newcomer, 390 px). Every game whose new-match form
has a choice of chips, at 390 and 360 px."""

from __future__ import annotations

import pytest

from tools_helpers import PHONE, PHONE_390, open_scorekeeper

pytestmark = pytest.mark.browser

GAMES = ["probka", "kaiza", "kladka-kiem"]  # the others' new-match forms have names only


@pytest.mark.parametrize("phone", [PHONE_390, PHONE], ids=["390", "360"])
@pytest.mark.parametrize("game", GAMES)
def test_the_first_tap_on_a_chip_after_typing_a_name_chooses_it(tool_page, base_url, game, phone):
    page = tool_page(phone)
    setup = open_scorekeeper(page, base_url, game).locator("[data-rb-setup]")
    chips = setup.locator("label.rb-chip:visible:has(input[type=radio]:not(:checked))")
    assert chips.count() > 0, f"«{game}»: в форме новой партии нет выбора фишками"
    rows = setup.locator("[data-rb-players] .rb-player-row input")
    rows.nth(0).tap()
    page.keyboard.type("Екатерина")
    rows.nth(1).tap()
    page.keyboard.type("Александр")  # the focus stays in the name field: the next tap leaves it
    chip = chips.last
    radio = chip.locator("input")
    choice = setup.locator(f"input[name='{radio.get_attribute('name')}'][value='{radio.get_attribute('value')}']")
    label = chip.inner_text()
    chip.scroll_into_view_if_needed()
    box = chip.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert choice.is_checked(), f"первое касание «{label}» ничего не выбрало"
