"""Undo and redo by keyboard, for every game with a scorekeeper: when the
focused button goes disabled (the last record undone, the last undo redone)
the focus moves to the bar's other button, never to the page's <body> (a
keyboard or screen-reader user would be thrown back to the page's top)."""

from __future__ import annotations

import pytest

from tools_helpers import DESKTOP, SCOREKEEPER_GAMES, history_count, open_game, play_step, sk, start_short_match, wait_history

pytestmark = pytest.mark.browser

FOCUSED = "() => { const el = document.activeElement; return el ? (el.dataset.rbUndo !== undefined ? 'undo'" \
          " : el.dataset.rbRedo !== undefined ? 'redo' : el.tagName.toLowerCase()) : null; }"


def press_focused(page, game: str, change: int) -> None:
    """Enter on the focused button; waits for the history to change by `change`."""
    before = history_count(page, game)
    page.keyboard.press("Enter")
    wait_history(page, game, before + change)


@pytest.mark.parametrize("game", SCOREKEEPER_GAMES)
def test_focus_stays_in_the_bar_when_undo_or_redo_goes_disabled(tool_page, base_url, game):
    page = tool_page(DESKTOP)
    open_game(page, base_url, game, sk(game))
    start_short_match(page, game)
    play_step(page, game, 0)
    undo = page.locator(f"{sk(game)} [data-rb-undo]")
    redo = page.locator(f"{sk(game)} [data-rb-redo]")
    undo.focus()
    assert page.evaluate(FOCUSED) == "undo"

    press_focused(page, game, -1)  # the only record undone: undo goes disabled under the focus
    assert undo.is_disabled()
    assert page.evaluate(FOCUSED) == "redo", "the focus went to the redo button"

    press_focused(page, game, +1)  # redone: nothing left to redo
    assert redo.is_disabled()
    assert page.evaluate(FOCUSED) == "undo", "the focus went back to the undo button"
