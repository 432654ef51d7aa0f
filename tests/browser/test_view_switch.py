"""«Формой» after a record keeps what the player was reading on screen (a newcomer,
6 Dec, «пробка» with three players at 390 px: the tap scrolled the page 188 px, the
board and the last ruling went under the tab bar). The form's first field comes out
from under the record bar if it is covered; the chips of a long list below it do not
pull the page up (form.js showNextField)."""

from __future__ import annotations

import pytest

from test_tools_steady import act, play_two_shots, tap
from tools_helpers import PHONE_390, between_bars, start_on_table

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["kovboy", "kaiza", "probka", "kladka-kiem", "pyat-sharov", "po-chasovoy"])
def test_the_form_view_keeps_the_board_and_the_ruling_on_screen(tool_page, base_url, game):
    page = tool_page(PHONE_390)
    tool = play_two_shots(page, base_url, game)
    assert between_bars(page, game, "[data-rb-scores]") == "", "табло не на экране до «Формой»"
    tool.locator("[data-rb-action-form]").get_by_role("button", name="Формой").tap()
    page.wait_for_timeout(400)  # two frames and the reveal's move, if any
    for part, name in (("[data-rb-scores]", "табло"), ("[data-rb-last]", "последнее решение")):
        where = between_bars(page, game, part)
        assert where == "", f"{game}: после «Формой» {name} не на экране ({where})"


def test_three_players_in_probka_keep_the_board_after_a_foul_and_the_form_view(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = start_on_table(page, base_url, "probka", ["Аня", "Борис", "Вера"])
    for shot in ([("player", 1), ("chip", "fouls", "d")], [("player", 2), ("tool", "miss")]):
        for step in shot:
            tap(tool, step)
        act(page, "probka", tool.locator("[data-rb-play]"))
    tool.locator("[data-rb-action-form]").get_by_role("button", name="Формой").tap()
    page.wait_for_timeout(400)
    for part in ("[data-rb-scores]", "[data-rb-last]"):
        assert between_bars(page, "probka", part) == "", part
