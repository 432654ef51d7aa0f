"""Two tabs on one saved match (two pages of one browser context, so one
localStorage), a shot recorded in each, in two games (tools_helpers.MECHANISM_GAMES): no
shot is ever lost silently.

- The `storage` event reaches the second tab: it follows the first tab's shot
  at once (says so), and its own shot is recorded on top of it.
- The event does not reach the second tab in time (it was busy with its own
  shot, or the phone had frozen it): only the record's revision stamp can tell
  that its write would overwrite the other tab's shot. The stale write is
  refused with a message, the other tab's shots are shown, the shot's fields
  stay filled, and recording it again keeps both."""

from __future__ import annotations

import pytest

from tools_helpers import (
    DESKTOP, MATCH_STEPS, MECHANISM_GAMES, history_count, open_game, play_button, play_step, reload_match, saved_actions, scores,
    screenshot, sk, start_short_match, status, wait_history,
)

pytestmark = pytest.mark.browser

# Registered before the page's own listener: while window.__missStorage is set,
# a storage event never reaches the scorekeeper (as when the tab was busy).
MISS_STORAGE = """window.addEventListener("storage", (event) => {
  if (window.__missStorage) event.stopImmediatePropagation();
});"""
# What the shot form holds: every checked box or chip, every typed value.
FORM_STATE = """form => [...form.querySelectorAll('input, select')].filter((el) => el.getClientRects().length)
  .map((el) => el.type === 'checkbox' || el.type === 'radio' ? `${el.name}=${el.value}:${el.checked}` : `${el.name}=${el.value}`)"""


def two_tabs_on_one_match(tool_page, base_url, game):
    """The first tab starts the game's short match and plays its first step; the
    second tab (the same browser) opens the saved match. Both pages."""
    first = tool_page(DESKTOP)
    open_game(first, base_url, game, sk(game))
    start_short_match(first, game)
    play_step(first, game, 0)

    second = first.context.new_page()  # the same browser: the same saved match
    second.page_errors = []
    second.on("pageerror", lambda exc: second.page_errors.append(str(exc)))
    second.add_init_script(MISS_STORAGE)
    second.goto(first.url)
    reload_match(second, game)
    wait_history(second, game, 1)
    assert scores(second, game) == scores(first, game)
    return first, second


def same_match_shown(page, other, game) -> None:
    assert history_count(page, game) == history_count(other, game)
    assert scores(page, game) == scores(other, game)
    assert status(page, game) == status(other, game)


@pytest.mark.parametrize("game", MECHANISM_GAMES)
def test_the_other_tab_follows_a_shot_and_records_on_top_of_it(tool_page, base_url, game):
    first, second = two_tabs_on_one_match(tool_page, base_url, game)
    play_step(first, game, 1)
    wait_history(second, game, 2)  # the storage event: followed without a reload
    same_match_shown(second, first, game)
    notice = second.locator(f"{sk(game)} [data-rb-notice]")
    assert "изменена в другой вкладке" in notice.inner_text()

    play_step(second, game, 2)
    assert len(saved_actions(second, game)) == 3
    wait_history(first, game, 3)
    same_match_shown(first, second, game)
    assert second.page_errors == [] and first.page_errors == []


@pytest.mark.parametrize("game", MECHANISM_GAMES)
def test_a_stale_write_is_refused_and_both_shots_are_kept(tool_page, base_url, game):
    first, second = two_tabs_on_one_match(tool_page, base_url, game)
    second.evaluate("window.__missStorage = true")
    play_step(first, game, 1)  # the second tab does not hear of it
    by_first = saved_actions(first, game)
    assert len(by_first) == 2 and history_count(second, game) == 1

    form = second.locator(f"{sk(game)} [data-rb-action-form]")
    MATCH_STEPS[game][2](form)
    filled = form.evaluate(FORM_STATE)
    play_button(form).click()
    error = second.locator(f"{sk(game)} [data-rb-match-error]")
    error.wait_for(state="visible")
    assert "изменили в другой вкладке" in error.inner_text()
    assert "запишите его снова" in error.inner_text()
    wait_history(second, game, 2)
    same_match_shown(second, first, game)  # the first tab's shot is shown in the second
    assert saved_actions(second, game) == by_first, "and is still saved"
    assert form.evaluate(FORM_STATE) == filled, "the shot's fields are kept"
    screenshot(second, f"two-tabs-stale-write-{game}", sk(game))

    before = history_count(second, game)
    play_button(form).click()  # the same shot again, now on top of the first tab's
    wait_history(second, game, before + 1)
    assert saved_actions(second, game)[:2] == by_first and len(saved_actions(second, game)) == 3

    reload_match(first, game)
    wait_history(first, game, 3)
    same_match_shown(first, second, game)
    assert second.page_errors == [] and first.page_errors == []
