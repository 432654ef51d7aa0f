"""A new match's status line (who strikes first and how, the bank, the pocket to name) after «Начать
партию»: at 390×844 wholly between the bars in every game; at 360×740 whole or wholly under the bars
above — never a fragment (a newcomer, «Кладка» at 390 px: a chip cleared from the record bar's edge took
the line's first rows under the tab bar, and «…пирамиды или биток в любую лузу.» stood alone)."""

from __future__ import annotations

import pytest

from tools_helpers import PHONE as PHONE_360, PHONE_390, between_bars, sk, start_on_table

pytestmark = pytest.mark.browser

GAMES = {"kovboy": 3, "kaiza": 2, "kladka-kiem": 2, "probka": 3, "po-chasovoy": 2, "pyat-sharov": 2}

# The status line's words against the bars above: "" when whole or wholly under them, else where they stand.
STATUS_CUT = """sel => {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector(sel + " [data-rb-status-line]"));
  const top = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--rb-sticky-top")) || 0;
  const box = range.getBoundingClientRect();
  return box.bottom <= top + 1 || box.top >= top - 1 ? "" : `строка ${Math.round(box.top)}…${Math.round(box.bottom)} px, панели до ${Math.round(top)}`;
}"""


@pytest.mark.parametrize("phone", ["390", "360"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_new_matchs_status_line_is_never_a_fragment(tool_page, base_url, game, phone):
    page = tool_page(PHONE_390 if phone == "390" else PHONE_360)
    start_on_table(page, base_url, game, ["Оля", "Петя", "Вера"][:GAMES[game]])
    page.wait_for_timeout(500)  # the reveal's scroll
    assert page.evaluate(STATUS_CUT, sk(game)) == ""
    if phone == "390":
        assert between_bars(page, game, "[data-rb-status-line]", words=True) == ""
