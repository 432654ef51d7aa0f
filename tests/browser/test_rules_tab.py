"""On a phone, «Правила» shows the rule text alone: each tool has its own tab.
A newcomer checking a rule mid-match (5 Dec, 390 px) tapped «Правила» and met the
calculator and the whole score sheet first — four swipes (1 800 px) to the first
rule of «Ковбой». Every game with a tool: with a match in progress on «Счёт»,
«Правила» shows the rules' first clause on the first screen (at 360 px a short
swipe below it) and no tool."""

from __future__ import annotations

import pytest
from tools_helpers import PHONE, PHONE_390, start_on_table

pytestmark = pytest.mark.browser

GAMES = ("kovboy", "kaiza", "probka", "pyat-sharov", "kladka-kiem", "po-chasovoy")

FIRST_HEADING = """() => { const h = document.querySelector('.rb-rules > *');
  const top = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--rb-sticky-top')) || 0;
  const r = h.getBoundingClientRect();
  return { text: h.textContent.trim(), top: r.top, bottom: r.bottom, sticky: top, height: innerHeight }; }"""


@pytest.mark.parametrize("phone", [PHONE_390, PHONE], ids=["390", "360"])
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_tab_opens_on_the_rules_not_on_the_tools(make_page, base_url, game, phone):
    page = make_page(**phone)
    start_on_table(page, base_url, game, ["Аня", "Борис"])
    page.locator(".rb-tabs [data-rb-tab=rules]").tap()
    heading = page.evaluate(FIRST_HEADING)
    # It begins on the first screen, two lines of it at least; at 360×740 the page's own
    # introduction and its quiz link above the rules leave it a short swipe down (a quarter screen).
    screens = 1 if phone is PHONE_390 else 1.25
    assert heading["sticky"] <= heading["top"] and heading["top"] + 48 <= screens * heading["height"], (
        f"{game}: первый пункт правил «{heading['text'][:40]}» не на первом экране вкладки «Правила»: {heading}")
    shown = [t for t in page.eval_on_selector_all(
        "[data-rb-tool]", "els => els.filter(e => e.getClientRects().length).map(e => e.id)")]
    assert not shown, f"{game}: на вкладке «Правила» видны инструменты: {shown}"
