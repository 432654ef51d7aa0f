"""What the player goes on to comes up by itself on a 360 × 740 phone
(shot-input.js bringUp; the walk found each as a swipe needed before a tap):

- once a shot is drawn, the chip fields below the drawing come out from under
  the record bar, the drawing kept whole on screen («по часовой»: «Если луза не
  та — ошибку заметили сразу» stood 56 px under the bar after every pocket);
- where the chips stand above the drawing («пробка», four players: the
  shooter's number at every shot), a chip tapped brings the drawing up (it
  stood at 680…861 px of 740 after every record).

Every tap here lands where the control shows, as a finger does (no
scroll-into-view of Playwright's own).
"""

from __future__ import annotations

import pytest

from tools_helpers import PHONE, PHONE as PHONE_360, PHONE_390, between_bars, sk, start_on_table, tap_where_it_shows

pytestmark = pytest.mark.browser

TABLE = "[data-rb-action-form] .rb-table-svg"
NOTICED = '[data-rb-action-form] [data-rb-field="noticed"]'

# The lines read first (the panel's title, the status line, the board's names) that the
# bars above cut through: each must be whole or wholly under them (lib/scroll-room.js WHOLE).
LINES_CUT_ABOVE = """sel => { const edge = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--rb-sticky-top')) || 0;
  const out = [];
  for (const el of document.querySelector(sel).querySelectorAll('summary, [data-rb-status-line], [data-rb-scores] .rb-score-name')) {
    const range = document.createRange(); range.selectNodeContents(el);
    for (const b of range.getClientRects()) {
      if (b.height >= 1 && b.top < edge - 1 && b.bottom > edge + 1) out.push([el.textContent.trim().slice(0, 40), Math.round(b.top), Math.round(b.bottom), edge]);
    }
  }
  return out; }"""


def test_a_drawn_pocket_brings_the_noticed_check_box_up(tool_page, base_url):
    game = "po-chasovoy"
    page = tool_page(PHONE_360)
    tool = start_on_table(page, base_url, game, ["Аня", "Борис"])
    tool.locator("[data-rb-decision] [data-rb-choice]").first.tap()
    page.wait_for_function("sel => !document.querySelector(sel + ' [data-rb-decision]') || "
                           "document.querySelector(sel + ' [data-rb-decision]').hidden", arg=sk(game))
    page.wait_for_timeout(300)
    # a pocket that is not the one named: the check box is what the player answers next
    pocket = tool.locator("[data-rb-action-form] .rb-table-svg [data-rb-tap=pocket][data-rb-id='\"right-middle\"']")
    tap_where_it_shows(page, pocket)
    where = between_bars(page, game, NOTICED)
    assert not where, f"«ошибку заметили сразу» is not on screen after the pocket was drawn: {where}"
    where = between_bars(page, game, TABLE)
    assert not where, f"the drawing left the screen: {where}"


def test_a_shooter_chip_brings_the_drawing_up_in_probka(tool_page, base_url):
    game = "probka"
    page = tool_page(PHONE_360)
    tool = start_on_table(page, base_url, game, ["Аня", "Борис", "Вера", "Глеб"])
    chips = tool.locator('[data-rb-action-form] [data-rb-field="shooter"] label.rb-chip')
    # One shot recorded (Аня, no result): after it the board's two rows and the ruling stand
    # above the chips, and the drawing is below the screen's bottom.
    tap_where_it_shows(page, chips.nth(0))
    tool.locator("[data-rb-action-form] [data-rb-shot-tool=miss]").tap()
    tool.locator("[data-rb-play]").tap()
    page.wait_for_function("sel => document.querySelector(sel + ' [data-rb-history]').dataset.rbTotal === '1'"
                           " && !document.querySelector('[data-rb-busy]')", arg=sk(game))
    page.wait_for_timeout(400)
    shooter = chips.nth(1)
    tap_where_it_shows(page, shooter)
    assert shooter.locator("input").is_checked()
    where = between_bars(page, game, TABLE)
    assert not where, f"the drawing is not on screen after the shooter's chip: {where}"
    where = between_bars(page, game, '[data-rb-action-form] [data-rb-field="shooter"]')
    assert not where, f"the chip tapped left the screen: {where}"
    assert page.evaluate(LINES_CUT_ABOVE, sk(game)) == []



@pytest.mark.parametrize("game", ["kovboy", "kaiza"])
def test_a_ball_tapped_on_a_drawing_of_several_moves_nothing(tool_page, base_url, game):
    # A newcomer at 360 × 740 («Ковбой», after one record): a tap on ball 1 moved the page 125 px
    # (the chips below were brought up), and the second tap, meant for the next ball, switched
    # «Заказ лузы» on. On a drawing of several balls the player goes on tapping it: nothing moves.
    page = tool_page(PHONE_360)
    tool = start_on_table(page, base_url, game, ["Аня", "Борис"])
    tool.locator("[data-rb-action-form] [data-rb-shot-tool=miss]").tap()
    tool.locator("[data-rb-play]").tap()
    page.wait_for_function("sel => document.querySelector(sel + ' [data-rb-history]').dataset.rbTotal === '1'"
                           " && !document.querySelector('[data-rb-busy]')", arg=sk(game))
    # A decision the rules ask after it («Ковбой»: a miss at the break) takes the drawing's place: answered first,
    # else the «ball» tapped below was one of its choices (the test passed by a record that moved nothing).
    if tool.locator("[data-rb-decision]").is_visible():
        tool.locator("[data-rb-decision] button").first.tap()
        page.wait_for_function("sel => document.querySelector(sel + ' [data-rb-history]').dataset.rbTotal === '2'"
                               " && !document.querySelector('[data-rb-busy]')", arg=sk(game))
    page.wait_for_timeout(400)
    total = tool.locator("[data-rb-history]").get_attribute("data-rb-total")
    balls = tool.locator(f"{TABLE} [data-rb-tap=ball]")
    first, second = balls.nth(0), balls.nth(1)
    before = second.bounding_box()
    scrolled = page.evaluate("scrollY")
    tap_where_it_shows(page, first)
    page.wait_for_timeout(400)
    assert tool.locator("[data-rb-history]").get_attribute("data-rb-total") == total, "the tap recorded something"
    assert page.evaluate("scrollY") == scrolled, f"the page moved {page.evaluate('scrollY') - scrolled} px after a ball's tap"
    after = second.bounding_box()
    assert abs(after["y"] - before["y"]) < 1, (before, after)


@pytest.mark.parametrize("device", [PHONE_360, PHONE_390], ids=["360", "390"])
def test_a_tap_that_gives_a_hint_brings_the_hint_up_in_probka(tool_page, base_url, device):
    """A newcomer, «пробка» at 390 px: after «1. Аня» and the object ball, «Отмечен прицельный шар:
    нажмите пробку, если он её сбил…» showed one line above the record bar, the rest under it. The
    hint a tap gives is read now: it comes out whole, the drawing stays on screen."""
    game = "probka"
    page = tool_page(device)
    tool = start_on_table(page, base_url, game, ["Аня", "Борис", "Вера"])
    tap_where_it_shows(page, tool.locator('[data-rb-action-form] [data-rb-field="shooter"] label.rb-chip').nth(0))
    tap_where_it_shows(page, tool.locator(f"{TABLE} [data-rb-tap=ball][data-rb-id='\"object\"']"))
    hint = tool.locator("[data-rb-action-form] [data-rb-shot-hint]")
    assert "нажмите пробку" in hint.inner_text()
    where = between_bars(page, game, "[data-rb-action-form] [data-rb-shot-said]")
    assert not where, f"the hint is not whole on screen: {where}"
    where = between_bars(page, game, TABLE)
    assert not where, f"the drawing left the screen: {where}"
    assert page.evaluate(LINES_CUT_ABOVE, sk(game)) == []


def test_the_call_buttons_hint_comes_out_from_under_the_record_bar(tool_page, base_url):
    """A newcomer, «Ковбой» with four players at 360 px: after «Заказ лузы» its hint «Нажмите заказанную
    лузу.» stood under the record bar. A hint the drawing's buttons give is read now, as a tap's."""
    game = "kovboy"
    page = tool_page(PHONE_360)
    tool = start_on_table(page, base_url, game, ["Анна", "Борис", "Вера", "Глеб"])
    for _ in range(2):  # the break (the тройка into a pocket), then a miss: the ruling's line above the input
        if tool.locator("[data-rb-history]").get_attribute("data-rb-total") == "1":
            tap_where_it_shows(page, tool.locator("[data-rb-action-form] [data-rb-shot-tool=miss]"))
        else:
            tap_where_it_shows(page, tool.locator(f"{TABLE} [data-rb-tap=ball][data-rb-id='3']"))
            tap_where_it_shows(page, tool.locator(f"{TABLE} [data-rb-tap=pocket][data-rb-id='\"far-left\"']"))
        total = tool.locator("[data-rb-history]").get_attribute("data-rb-total")
        tool.locator("[data-rb-play]").tap()
        page.wait_for_function("([sel, n]) => document.querySelector(sel + ' [data-rb-history]').dataset.rbTotal !== n"
                               " && !document.querySelector('[data-rb-busy]')", arg=[sk(game), total])
        page.wait_for_timeout(400)
    tap_where_it_shows(page, tool.locator("[data-rb-action-form] [data-rb-shot-tool=call]"))
    hint = tool.locator("[data-rb-action-form] [data-rb-shot-hint]")
    assert "заказанную лузу" in hint.inner_text()
    where = between_bars(page, game, "[data-rb-action-form] [data-rb-shot-said]")
    assert not where, f"the hint is not whole on screen: {where}"
    assert page.evaluate(LINES_CUT_ABOVE, sk(game)) == []
