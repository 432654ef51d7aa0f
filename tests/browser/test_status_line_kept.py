"""The status line after a record (a newcomer's session, 4 December, item 6):
it says who plays and the score («Банк — 16 очков» in «пробка», «Ход: Борис.»
in «Кайза»), so the reveal after a record keeps it on screen, whole, rather than
the input's lower part (which can be scrolled to). Before, when the whole input
did not fit with it, the reveal hid it under the bars: with four players in
«пробка» the bank was never on screen."""

from __future__ import annotations

import pytest

from test_tools_steady import OPENING_DECISION, PHONE_360, SHOTS, act, assert_screen, tap
from tools_helpers import PHONE_390, between_bars, start_on_table

pytestmark = pytest.mark.browser

FOUR = ["Аня", "Борис", "Вера", "Глеб"]
CASES = {
    "probka-390": (PHONE_390, "probka", FOUR, [[("player", 1), ("tool", "miss")], [("player", 2), ("tool", "miss")]]),
    "probka-360": (PHONE_360, "probka", FOUR, [[("player", 1), ("tool", "miss")], [("player", 2), ("tool", "miss")]]),
    "kaiza-390": (PHONE_390, "kaiza", FOUR[:2], [[("tool", "miss")], [("ball", "red"), ("pocket", "far-left")],
                                                 [("tool", "miss")]]),
    "kaiza-360": (PHONE_360, "kaiza", FOUR[:2], [[("tool", "miss")], [("ball", "red"), ("pocket", "far-left")],
                                                 [("tool", "miss")]]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_status_line_stays_on_screen_after_a_record(tool_page, base_url, case):
    device, game, players, shots = CASES[case]
    page = tool_page(device)
    tool = start_on_table(page, base_url, game, players)
    for i, shot in enumerate(shots):
        for step in shot:
            tap(tool, step)
        act(page, game, tool.locator("[data-rb-play]"))
        where = between_bars(page, game, "[data-rb-status-line]")
        said = tool.locator("[data-rb-status-line]").inner_text()
        assert where == "", f"{case}, удар {i + 1}: «{said}» не на экране ({where})"
        assert_screen(page, game, f"удар {i + 1}", ("рисунок стола",) if game == "probka" else ())


def assert_status_shown(page, game: str, case: str, when: str) -> None:
    where = between_bars(page, game, "[data-rb-status-line]")
    said = page.locator(f"#rb-scorekeeper-{game} [data-rb-status-line]").inner_text()
    assert where == "", f"{case}, {when}: «{said}» не на экране ({where})"


@pytest.mark.parametrize("phone", ["390", "360"])
@pytest.mark.parametrize("game", sorted(SHOTS))
def test_the_status_line_is_on_screen_from_the_start(tool_page, base_url, game, phone):
    """A newcomer's session, 5 December, item 2: after «Начать партию» the status
    line («Ход: Маша…», «Банк — 32 очка») stood under the tab bar («Кладка кием» at
    360: the reveal let it go wholly under the bars for the input below), and at
    360 × 740 in «По часовой» after every record (a chip the record bar cut was
    cleared by moving the page up). Every game, both phones, four players where
    the game allows them: after the start, the opening decision and each record."""
    page = tool_page(PHONE_360 if phone == "360" else PHONE_390)
    case = f"{game}-{phone}"
    tool = start_on_table(page, base_url, game, FOUR if game in ("kovboy", "probka") else FOUR[:2])
    assert_status_shown(page, game, case, "после «Начать партию»")
    if game in OPENING_DECISION:
        act(page, game, tool.locator("[data-rb-decision] button").first)
        assert_status_shown(page, game, case, "после решения")
    for i, shot in enumerate(SHOTS[game]):
        for step in shot:
            tap(tool, step)
        act(page, game, tool.locator("[data-rb-play]"))
        assert_status_shown(page, game, case, f"удар {i + 1}")


# The drawing's balls (its upper part: rules_pkg/drawing.py puts them there) above the record bar.
BALLS_SHOWN = """sel => { const tool = document.querySelector(sel);
  const bar = tool.querySelector('[data-rb-play]').closest('[data-rb-bar]').getBoundingClientRect().top;
  const balls = [...tool.querySelectorAll('[data-rb-action-form] [data-rb-tap=ball]')].filter((b) => b.getClientRects().length);
  return balls.length ? balls.filter((b) => b.getBoundingClientRect().bottom > bar + 0.5).length : -1; }"""


@pytest.mark.parametrize("players", [2, 4])
def test_probka_balls_stay_on_screen_with_the_status_line(tool_page, base_url, players):
    """«Пробка» at 390 × 844 (a newcomer's session, 5 December, item 3): the status
    line, the board, the last ruling and the chips above the drawing are taller than
    the room, so the status line leads and the drawing's lower part is scrolled to;
    its upper part, where its balls are tapped, stays on screen after the start and
    after every record, with four players too."""
    page = tool_page(PHONE_390)
    tool = start_on_table(page, base_url, "probka", FOUR[:players])
    for i in range(players + 1):
        if i:
            for step in [("player", (i - 1) % players + 1), ("tool", "miss")]:
                tap(tool, step)
            act(page, "probka", tool.locator("[data-rb-play]"))
        assert_status_shown(page, "probka", f"probka-{players}", f"удар {i}")
        hidden = page.evaluate(BALLS_SHOWN, "#rb-scorekeeper-probka")
        assert hidden == 0, f"{players} игрока, удар {i}: шаров рисунка под панелью записи: {hidden}"
