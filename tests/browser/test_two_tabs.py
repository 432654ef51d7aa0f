"""Two tabs on one saved match (two pages of one browser context, so one
localStorage), a shot recorded in each: no shot is ever lost silently.

The `storage` event lets the second tab follow the first
(test_tools_saved_matches.py, test_a_second_tab_follows_the_match); here the
event does not reach the second tab in time (it was busy with its own shot, or
the phone had frozen it), so only the record's revision stamp can tell that
its write would overwrite the other tab's shot. The stale write is refused with
a message, the other tab's shots are shown, the shot's fields stay filled, and
recording it again keeps both."""

from __future__ import annotations

import pytest

from tools_helpers import (
    DESKTOP, open_game, pot, record, reload_match, saved_records, scores, screenshot, sk,
    start_match, wait_history,
)

pytestmark = pytest.mark.browser
GAME = "kovboy"
SK = sk(GAME)

# Registered before the page's own listener: while window.__missStorage is set,
# a storage event never reaches the scorekeeper (as when the tab was busy).
MISS_STORAGE = """window.addEventListener("storage", (event) => {
  if (window.__missStorage) event.stopImmediatePropagation();
});"""


def only_record(page) -> dict:
    records = list(saved_records(page, GAME).values())
    assert len(records) == 1
    return records[0]


def test_a_stale_write_is_refused_and_both_shots_are_kept(tool_page, base_url):
    first = tool_page(DESKTOP)
    open_game(first, base_url, GAME, SK)
    start_match(first, GAME, ["Анна", "Борис"])
    record(first, GAME, pot(3))

    second = first.context.new_page()  # the same browser: the same saved match
    second.page_errors = []
    second.on("pageerror", lambda exc: second.page_errors.append(str(exc)))
    second.add_init_script(MISS_STORAGE)
    second.goto(first.url)
    reload_match(second, GAME)
    assert scores(second, GAME) == [3, 0]

    second.evaluate("window.__missStorage = true")
    record(first, GAME, pot(5))  # the second tab does not hear of it
    assert scores(second, GAME) == [3, 0]

    form = second.locator(f"{SK} [data-rb-action-form]")
    pot(1)(form)
    form.locator("[data-rb-play]").click()
    error = second.locator(f"{SK} [data-rb-match-error]")
    error.wait_for(state="visible")
    assert "изменили в другой вкладке" in error.inner_text()
    assert "запишите его снова" in error.inner_text()
    wait_history(second, GAME, 2)
    assert scores(second, GAME) == [8, 0], "the first tab's shot is shown in the second"
    assert only_record(second)["state"]["actions"][-1]["pocketed"] == [5], "and is still saved"
    assert form.locator('[data-rb-field="pocketed"] input[value="1"]').is_checked(), "the shot is kept"
    screenshot(second, "two-tabs-stale-write", SK)

    record(second, GAME)  # the same shot again, now on top of the first tab's
    assert scores(second, GAME) == [9, 0]
    assert [a["pocketed"] for a in only_record(second)["state"]["actions"]] == [[3], [5], [1]]

    reload_match(first, GAME)
    assert scores(first, GAME) == [9, 0]
    wait_history(first, GAME, 3)
    assert second.page_errors == []
