"""The status line after a record (a newcomer's session, 4 December, item 6):
it says who plays and the score («Банк — 16 очков» in «пробка», «Ход: Борис.»
in «Кайза»), so the reveal after a record keeps it on screen, whole, rather than
the input's lower part (which can be scrolled to). Before, when the whole input
did not fit with it, the reveal hid it under the bars: with four players in
«пробка» the bank was never on screen."""

from __future__ import annotations

import pytest

from test_tools_steady import PHONE_360, act, assert_screen, tap
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
    # A newcomer, 6 Dec: «Ход: Борис» behind the tab bar after every shot, the blank of its held box shown
    # («Ковбой», 390 px); «Банк — 6 очков.» never on screen with three players.
    "kovboy-390": (PHONE_390, "kovboy", FOUR[:2], [[("ball", 3)], [("tool", "miss")], [("ball", 1)], [("tool", "miss")]]),
    "probka-390-three": (PHONE_390, "probka", FOUR[:3], [[("player", 1), ("tool", "miss")], [("player", 2), ("tool", "miss")],
                                                        [("player", 3), ("tool", "miss")]]),
    # A newcomer, 6 Dec (late evening): after a foul «д» — its line taller than a miss's — the board led and
    # «Банк — N очков.» went under the tab bar, after most shots and after an undo and a redo.
    "probka-390-three-fouls": (PHONE_390, "probka", FOUR[:3], [[("player", 1), ("chip", "fouls", "d")],
                                                              [("player", 2), ("tool", "miss")],
                                                              [("player", 3), ("chip", "fouls", "d")]]),
    "probka-360-three-fouls": (PHONE_360, "probka", FOUR[:3], [[("player", 1), ("chip", "fouls", "d")],
                                                              [("player", 2), ("tool", "miss")]]),
}
# Open: with three players at 390 px the board, the held verdict, the chips and the drawing fill the room,
# and the status line («Банк — 3 очка.», 16 px) gives way to the drawing (match-reveal.js readingDelta).
STILL_OPEN: set[str] = set()


def case_param(case):
    reason = "«пробка», три игрока, 390 px: строка банка уступает место рисунку (открыто)"
    return pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=reason)) if case in STILL_OPEN else case


@pytest.mark.parametrize("case", [case_param(c) for c in sorted(CASES)])
def test_the_status_line_stays_on_screen_after_a_record(tool_page, base_url, case):
    device, game, players, shots = CASES[case]
    page = tool_page(device)
    tool = start_on_table(page, base_url, game, players)
    for i, shot in enumerate(shots):
        for step in shot:
            tap(tool, step)
        act(page, game, tool.locator("[data-rb-play]"))
        where = between_bars(page, game, "[data-rb-status-line]", words=True)
        said = tool.locator("[data-rb-status-line]").inner_text()
        assert where == "", f"{case}, удар {i + 1}: «{said}» не на экране ({where})"
        assert_screen(page, game, f"удар {i + 1}", ("рисунок стола",) if game == "probka" else ())


@pytest.mark.parametrize("device", [PHONE_390, PHONE_360], ids=["390", "360"])
def test_the_bank_stays_on_screen_after_an_undo_and_a_redo(tool_page, base_url, device):
    page = tool_page(device)
    tool = start_on_table(page, base_url, "probka", FOUR[:3])
    for shot in [[("player", 1), ("chip", "fouls", "d")], [("player", 3), ("chip", "fouls", "d")]]:
        for step in shot:
            tap(tool, step)
        act(page, "probka", tool.locator("[data-rb-play]"))
    for button in ("undo", "redo"):
        act(page, "probka", tool.locator(f"[data-rb-{button}]"))
        where = between_bars(page, "probka", "[data-rb-status-line]", words=True)
        said = tool.locator("[data-rb-status-line]").inner_text()
        assert where == "", f"после «{button}»: «{said}» не на экране ({where})"


def test_a_new_match_opens_with_the_bank_and_who_bids_on_screen(tool_page, base_url):
    """A newcomer started «пробка» with three players at 390 px and never saw «Банк — 3 очка; кто бьёт
    следующим, … в каждом ударе укажите номер игрока»: the start took the drawing's foot into the room
    and the status line under the tab bar. On a new match the words and the board come first, so long as
    the drawing stays on the screen (at 360 × 740 it would not: there the drawing still comes first)."""
    page = tool_page(PHONE_390)
    start_on_table(page, base_url, "probka", FOUR[:3])
    page.wait_for_timeout(200)
    where = between_bars(page, "probka", "[data-rb-status-line]", words=True)
    assert where == "", f"«Банк …» не на экране после «Начать партию» ({where})"
    assert between_bars(page, "probka", "[data-rb-scores]") == ""
