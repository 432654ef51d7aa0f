"""«Кайза» in the browser: points by the text and by толкование (labelled), a
miss, a ball that fell against the call; the 58/59 switch as a match option;
reload, undo and redo; the calculator's value taken from an outside source."""

from __future__ import annotations

import pytest

from tools_helpers import (
    DESKTOP, PHONE, calculate, calculator_page, current_player, field, last_ruling, match_page, no_horizontal_overflow,
    pick_choice, pick_set, record, redo, reload_match, scores, set_bool, set_int, status, undo,
)

pytestmark = pytest.mark.browser
GAME = "kaiza"


def potted(ball, pocket, call="yes", from_spot_1=None):
    """from_spot_1: the first shot's answer to «упал красный с 1-й точки» (None: left «не указано»)."""
    def fill(form):
        set_bool(form, "contact", True)
        pick_choice(form, "ball", ball)
        pick_choice(form, "pocket", pocket)
        pick_choice(form, "call", call)
        if from_spot_1 is not None:
            pick_choice(form, "red_from_spot_1", from_spot_1)
    return fill


def miss(form):
    set_bool(form, "contact", False)


def not_credited(setup):
    pick_choice(setup, "white_58_59", "not-credited")


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_match_series_miss_and_call(tool_page, base_url, device):
    page, tool = match_page(tool_page, base_url, device, GAME, ["Анна", "Борис"], not_credited)
    assert "не засчитываются" in tool.locator("[data-rb-options-line]").inner_text()
    assert "первым ударом нельзя" in status(page, GAME)

    record(page, GAME, potted("red", "far-left", from_spot_1=False))  # 3 points by the text
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-points").inner_text() == "+3 очка"
    assert ruling.locator('details.rb-cite a[href="#kaiza-points-red"]').count() == 1
    record(page, GAME, potted("yellow", "right-middle"))       # 12 points: a толкование
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-points").inner_text() == "+12 очков"
    assert ruling.locator('.rb-cites--tolkovanie a[href="#kaiza-t-yellow-middle"]').count() == 1
    assert scores(page, GAME) == [15, 0]
    record(page, GAME, miss)
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    assert ruling.locator('.rb-fouls a[href="#kaiza-t-miss"]').count() == 1
    assert current_player(page, GAME) == "Борис"
    record(page, GAME, potted("white", "far-right", call="wrong"))
    assert last_ruling(page, GAME).locator(".rb-badge").inner_text().strip().lower() == "без очков"
    assert scores(page, GAME) == [15, 0] and current_player(page, GAME) == "Анна"
    no_horizontal_overflow(page)

    reload_match(page, GAME)
    assert scores(page, GAME) == [15, 0] and current_player(page, GAME) == "Анна"
    assert "не засчитываются" in tool.locator("[data-rb-options-line]").inner_text()
    undo(page, GAME)
    undo(page, GAME)
    assert current_player(page, GAME) == "Анна"
    redo(page, GAME)
    assert current_player(page, GAME) == "Борис"


def test_calculator_labels_the_outside_value(tool_page, base_url):
    page, tool = calculator_page(tool_page, base_url, PHONE, GAME)
    set_int(tool, "score", 50)
    set_int(tool, "opponent_score", 20)
    action = tool.locator("[data-rb-action]")
    assert action.locator('[data-rb-field="pocket"]').is_hidden()  # shown only once a ball is chosen
    pick_choice(action, "ball", "white")
    pick_choice(action, "pocket", "far-left")
    set_int(action, "carom_reds", 1)
    ruling = calculate(page, GAME)
    assert ruling.locator(".rb-points").inner_text() == "+4 очка"
    # The value is not the text's: the folded line itself says where it comes from, once: the
    # deciding link «внешний источник: …», no «по внешнему источнику» beside the points for it again.
    source = ruling.locator('.rb-verdict a.rb-ref[href="#kaiza-o-white"]')
    assert source.count() == 1 and source.inner_text().startswith("внешний источник: ")
    why = ruling.locator(".rb-lines")
    assert "внешний источник" in why.inner_text()
    # A line's citations are § links, not the links' addresses spelt out as text.
    assert why.locator('a.rb-ref[href="#kaiza-o-white"]').count() == 1
    assert "http" not in why.inner_text() and "[object" not in why.inner_text()
    assert "этого в тексте правил нет" in ruling.locator(".rb-section-title--outside").inner_text().lower()
    assert ruling.locator('.rb-cites--outside a[href="#kaiza-o-white"]').count() == 1
    no_horizontal_overflow(page)


def test_first_shot_red_is_asked_not_assumed(tool_page, base_url):
    """Whether the first shot's red came from the 1st spot decides a foul, and the
    player may not have said it: «не указано» is refused, never read as «нет»."""
    page, tool = calculator_page(tool_page, base_url, PHONE, GAME)
    set_bool(tool, "first_shot", True)
    action = tool.locator("[data-rb-action]")
    set_bool(action, "contact", True)
    pick_choice(action, "ball", "red")
    pick_choice(action, "pocket", "far-left")
    pick_choice(action, "call", "yes")
    asked = field(action, "red_from_spot_1")
    assert asked.locator("input[value='null']").is_checked()  # nothing assumed
    assert calculate(page, GAME).count() == 0
    error = tool.locator('[data-rb-field="red_from_spot_1"].rb-field--error [data-rb-field-message]')
    assert "1-й точки" in error.inner_text()  # once, at the field
    assert tool.locator("form [data-rb-error]").is_hidden()
    pick_choice(action, "red_from_spot_1", False)
    assert calculate(page, GAME).locator(".rb-points").inner_text() == "+3 очка"
    pick_choice(action, "red_from_spot_1", True)
    ruling = calculate(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "нарушение"


def test_first_shot_foul_line_says_the_foul_and_cites_it(tool_page, base_url):
    """A foul that changes no score (the first shot's red from the 1st spot): the
    scorekeeper's line says what was wrong, cites the clause and its толкование
    told apart by «;», and «почему» does not say it again."""
    page, tool = match_page(tool_page, base_url, PHONE, GAME, ["Анна", "Борис"])
    record(page, GAME, potted("red", "far-left", from_spot_1=True))
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    said = ruling.locator(".rb-line-what").inner_text()
    assert "Первым ударом партии нельзя класть в лузу красный шар с 1-й точки" in said
    cites = ruling.locator(".rb-verdict .rb-fouls")
    assert cites.locator('a[href="#kaiza-first-shot"]').count() == 1
    assert cites.locator('a[href="#kaiza-t-first-shot"]').count() == 1
    assert "; толкование: " in cites.inner_text()  # told apart by «;» and named a толкование in words
    # Each «;» is held by the link before it (one box): never alone on a line of its own.
    loose = cites.evaluate("el => [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.includes(';')).length")
    assert loose == 0 and cites.locator(".rb-cited").first.inner_text().endswith(";")
    ruling.locator(".rb-why-toggle").click()
    assert ruling.locator(".rb-why").inner_text().count("нельзя класть в лузу красный шар с 1-й точки") == 0
    assert current_player(page, GAME) == "Борис"


def test_a_ball_off_the_table_the_line_says_the_next_shot_is_lost(tool_page, base_url):
    """A newcomer: «Зоя БЕЗ ОЧКОВ § …» alone; that she loses her next shot stood behind «почему»."""
    page, _tool = match_page(tool_page, base_url, PHONE, GAME, ["Зоя", "Женя"])

    def off_table(form):
        set_bool(form, "contact", True)
        pick_set(form, "off_table", "yellow")
    record(page, GAME, off_table)
    line = last_ruling(page, GAME)
    assert "Зоя лишается следующего удара (прицельный шар за бортом)" in line.locator(".rb-line-what").inner_text()
    assert line.locator(".rb-badge").inner_text().strip().lower() == "без очков"
