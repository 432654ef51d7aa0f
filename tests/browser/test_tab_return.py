"""Coming back to a game's tool on a phone (a newcomer's session, 5 December,
item 1). A match in progress is played at a table: a player who comes back to
«Счёт» from «Правила» comes back to record the next shot, so the tab shows the
status line, the board and the next input between the bars — even when the
player had scrolled it down to «История» before leaving (it opened there,
mid-history). And the tab the player last chose for a game is the one a
reload shows: «Кайза» opened from «Калькулятор удара» reopened on
«Калькулятор» after a reload although the player had gone on to keep score
(the address still named the calculator)."""

from __future__ import annotations

import pytest

from test_tools_steady import OPENING_DECISION, SHOTS, act, assert_screen, tap
from tools_helpers import PHONE_390, between_bars, sk, start_on_table

pytestmark = pytest.mark.browser

GAMES = sorted(SHOTS)  # every game with a scorekeeper


def pressed(page) -> str:
    return page.locator('.rb-tabs .rb-tab[aria-pressed="true"]').get_attribute("data-rb-tab")


@pytest.mark.parametrize("game", GAMES)
def test_coming_back_to_score_shows_where_the_match_goes_on(tool_page, base_url, game):
    page = tool_page(PHONE_390)
    tool = start_on_table(page, base_url, game, ["Аня", "Борис"])
    if game in OPENING_DECISION:
        act(page, game, tool.locator("[data-rb-decision] button").first)
    for step in SHOTS[game][0]:
        tap(tool, step)
    act(page, game, tool.locator("[data-rb-play]"))
    # The player reads the history, then the rules, and comes back.
    page.evaluate("sel => document.querySelector(sel + ' [data-rb-history]').scrollIntoView({ block: 'start' })", sk(game))
    page.locator(".rb-tabs [data-rb-tab=rules]").tap()
    page.evaluate("() => window.scrollBy(0, 900)")
    page.locator(".rb-tabs [data-rb-tab=tools]").tap()
    where = between_bars(page, game, "[data-rb-status-line]")
    assert where == "", f"{game}: после возврата на «Счёт» строка хода не на экране ({where})"
    assert_screen(page, game, "после возврата на «Счёт»", ("рисунок стола",) if game == "probka" else ())


@pytest.mark.parametrize("game", GAMES)
def test_a_reload_shows_the_tab_last_chosen(tool_page, base_url, game):
    page = tool_page(PHONE_390)
    page.goto(f"{base_url}games/{game}/#rb-calculator-{game}")  # «Калькулятор удара» of the games' list
    page.wait_for_selector(".rb-tabs .rb-tab[aria-pressed=true]")
    assert pressed(page) == "calculator"
    page.locator(".rb-tabs [data-rb-tab=tools]").tap()
    page.reload()
    page.wait_for_selector(".rb-tabs .rb-tab[aria-pressed=true]")
    assert pressed(page) == "tools", f"{game}: после перезагрузки открыта вкладка «{pressed(page)}», а не «Счёт»"
    assert page.locator(sk(game)).is_visible()
    page.locator(".rb-tabs [data-rb-tab=rules]").tap()
    page.reload()
    page.wait_for_selector(".rb-tabs .rb-tab[aria-pressed=true]")
    assert pressed(page) == "rules", f"{game}: после перезагрузки открыта вкладка «{pressed(page)}», а не «Правила»"
