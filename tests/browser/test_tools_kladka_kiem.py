"""«Кладка шаров кием» in the browser: the stroke counter. Two players, a
handicap chosen in the new-match form, penalty strokes (a double hit, a touch
outside a stroke), fewer strokes win; reload, undo and redo of the result;
the calculator's verdict against the opponent's total."""

from __future__ import annotations

import pytest

from tools_helpers import (
    DESKTOP, PHONE, PHONE_390, calculate, calculator_page, current_player, last_ruling, match_page, no_horizontal_overflow, open_game,
    pick_action, pick_choice, record, redo, reload_match, scores, screenshot, set_bool, set_int, sk, start_match,
    start_on_table, status,
    table_rows, undo,
)

pytestmark = pytest.mark.browser
GAME = "kladka-kiem"


def handicap_b_for_anna(setup):
    """Фора «б»: Борис, the strong player, gives Анна 3 strokes."""
    pick_choice(setup, "handicap", "strokes")
    pick_choice(setup, "strong", 1)
    set_int(setup, "handicap_strokes", 3)


def stroke(potted, opening=None, double_hit=False):
    def fill(form):
        pick_action(form, "shot")
        if opening:
            pick_choice(form, "opening", opening)
        set_int(form, "potted", potted)
        set_bool(form, "double_hit", double_hit)
    return fill


def touch(how):
    def fill(form):
        pick_action(form, "touch")
        pick_choice(form.locator('[data-rb-action="touch"]'), "touch", how)
    return fill


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_match_with_handicap_and_penalties(tool_page, base_url, device):
    page, tool = match_page(tool_page, base_url, device, GAME, ["Анна", "Борис"], handicap_b_for_anna)
    options = tool.locator("[data-rb-options-line]").inner_text()
    assert "б) слабый игрок" in options and "второй в списке игроков" in options and "3" in options
    assert current_player(page, GAME) == "Анна"

    record(page, GAME, stroke(6, opening="break"))
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-points").inner_text() == "+1 удар"
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "засчитано"
    record(page, GAME, stroke(10, double_hit=True))      # all 16 potted, one penalty stroke
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    assert ruling.locator(".rb-points").inner_text() == "+2 удара, из них 1 штрафной"  # a part of the count, after a comma
    # The foul cited by the line's § («§ Двойной удар»), and not said again behind «почему» (a newcomer).
    assert ruling.locator('.rb-verdict a[href="#kladka-kiem-penalty-a"]').count() == 1
    assert ruling.locator(".rb-why .rb-fouls").count() == 0
    assert scores(page, GAME) == [3, 0]
    assert current_player(page, GAME) == "Борис"

    record(page, GAME, stroke(1, opening="cue-ball"))
    record(page, GAME, stroke(8))
    record(page, GAME, touch("cue"))                     # a touch outside a stroke: +1
    assert last_ruling(page, GAME).locator('.rb-fouls a[href="#kladka-kiem-penalty-b"]').count() == 1
    record(page, GAME, stroke(7))
    assert scores(page, GAME) == [3, 4]
    assert "Победитель: Анна (с учётом форы — 3 против 7)" in status(page, GAME)
    assert tool.locator(".rb-score--winner .rb-score-name").inner_text() == "Анна"
    assert not tool.locator("[data-rb-action-group]").is_visible()
    assert not tool.locator("[data-rb-play]").is_visible()  # nothing to record; undo stays in the bar
    ruling = last_ruling(page, GAME)  # Борис's last stroke ends the match; Анна wins
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "партия окончена"
    assert ruling.locator('.rb-cites a[href="#kladka-kiem-handicap-b"]').count() == 1
    assert table_rows(page, GAME) == [["Анна", "3", "1", "0", "3"], ["Борис (даёт фору)", "4", "1", "0", "7"]]
    # Strokes, not points, and the plural forms are right.
    assert tool.locator("[data-rb-scores] .rb-score-said").first.text_content() == "3 удара"
    no_horizontal_overflow(page)

    reload_match(page, GAME)
    assert scores(page, GAME) == [3, 4]
    assert "Победитель: Анна" in status(page, GAME)
    undo(page, GAME)
    assert "Победитель" not in status(page, GAME)
    assert current_player(page, GAME) == "Борис"
    assert tool.locator("[data-rb-action-form]").is_visible()
    redo(page, GAME)
    assert "Победитель: Анна" in status(page, GAME)


def test_calculator_compares_with_the_opponent(tool_page, base_url):
    page, tool = calculator_page(tool_page, base_url, PHONE, GAME)
    set_int(tool, "balls_left", 5)
    set_int(tool, "strokes", 10)
    set_int(tool, "penalties", 1)
    set_int(tool, "opponent_total", 14)
    set_int(tool.locator("[data-rb-action]"), "potted", 5)
    ruling = calculate(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "победа"
    assert "12 против 14" in ruling.locator(".rb-summary").inner_text()
    # The one-line answer: the strokes charged and the total before → after.
    assert ruling.locator(".rb-points").inner_text() == "+1 удар"
    assert ruling.locator(".rb-before-after").inner_text() == "11\u00a0→\u00a012"
    assert ruling.locator('details.rb-cite a[href="#kladka-kiem-outcomes"]').count() == 1
    assert tool.locator(".rb-calc-after tbody tr").count() == 2
    # The handicap fields show only with a handicap.
    assert tool.locator('[data-rb-field="strong"]').is_hidden()
    pick_choice(tool, "handicap", "mixed")
    assert tool.locator('[data-rb-field="handicap_strokes"]').is_visible()
    no_horizontal_overflow(page)


def test_opening_field_and_rack_follow_the_shooter(tool_page, base_url):
    """«Первый удар игрока» is asked only before a player's first stroke (the engine
    refuses it later), and the drawing's rack shows the balls the shooter has left
    beside the cue ball, not the full rack."""
    page = tool_page(PHONE)
    open_game(page, base_url, GAME, sk(GAME))
    start_match(page, GAME, ["Анна", "Борис"])
    tool = page.locator(sk(GAME))
    opening = tool.locator('[data-rb-action="shot"] [data-rb-field="opening"]')
    rack = tool.locator(".rb-t-pyramid circle")
    assert opening.is_visible() and rack.count() == 15
    # The first stroke cannot go without it (the view's needed_fields): its two choices, no «не указано»
    # that could only be refused.
    assert offered(opening) == ["Разбивка пирамиды", "Биток в лузу"]
    record(page, GAME, stroke(6, opening="break"))
    assert current_player(page, GAME) == "Анна"              # she strikes on
    assert not opening.is_visible() and rack.count() == 9  # 16 less 6 potted, less the cue ball
    screenshot(page, "kladka-second-stroke")
    record(page, GAME, stroke(2))                          # recorded without the opening field
    assert last_ruling(page, GAME).locator(".rb-points").inner_text() == "+1 удар"
    assert rack.count() == 7
    record(page, GAME, stroke(8))                          # her last balls: Борис's turn
    assert current_player(page, GAME) == "Борис"
    assert opening.is_visible() and rack.count() == 15     # Борис has not struck yet
    assert offered(opening) == ["Разбивка пирамиды", "Биток в лузу"]
    # Drawn so from the saved match too, before the engine has loaded (the summary keeps needed_fields).
    page.reload()
    page.wait_for_function("sel => !document.querySelector(sel + ' [data-rb-match]').hidden", arg=sk(GAME))
    assert offered(opening) == ["Разбивка пирамиды", "Биток в лузу"]


def offered(field) -> list[str]:
    """The choices a chip field shows."""
    return [c.inner_text().strip() for c in field.locator("label.rb-chip").all() if c.is_visible()]


# Every ball the drawing shows (in the pockets, the pyramid) against the rail, the drawn
# table's edge, in screen pixels: the ones that stick out past it.
BALLS_PAST_THE_RAIL = """sel => {
  const tool = document.querySelector(sel);
  const rail = tool.querySelector('[data-rb-action-form] .rb-t-rail').getBoundingClientRect();
  return [...tool.querySelectorAll('[data-rb-action-form] .rb-t-in, [data-rb-action-form] .rb-t-pyramid circle')]
    .map(c => c.getBoundingClientRect())
    .filter(b => b.left < rail.left - 0.5 || b.right > rail.right + 0.5 || b.top < rail.top - 0.5 || b.bottom > rail.bottom + 0.5)
    .map(b => `${Math.round(b.left)}–${Math.round(b.right)} × ${Math.round(b.top)}–${Math.round(b.bottom)}`);
}"""


def test_an_impossible_count_is_still_drawn_on_the_table(tool_page, base_url):
    """Newcomer 2026-12-05 § 12: more balls potted than lie on the table is refused
    by the engine, but the row of balls drawn in the pocket ran past the rail.
    Every corner and middle pocket, far more taps than balls: nothing past the edge
    (tests/js/table-layout.test.mjs checks the layout for any count)."""
    page = tool_page(PHONE_390)
    tool = start_on_table(page, base_url, GAME, ["Анна", "Борис"])
    for pocket in ("near-left", "far-right", "left-middle"):
        spot = tool.locator(f"[data-rb-action-form] [data-rb-tap=pocket][data-rb-id='\"{pocket}\"']")
        for _ in range(20):
            spot.tap()
    assert tool.locator("[data-rb-action-form] .rb-t-in").count() == 60
    assert page.evaluate(BALLS_PAST_THE_RAIL, sk(GAME)) == []
