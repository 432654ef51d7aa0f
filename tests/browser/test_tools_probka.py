"""«Игра с пробкой» in the browser: the six-player example of the text played
through the scorekeeper (any number of players, the shooter named at every
shot, the bank shown), reload, undo and redo; the calculator on the same
example."""

from __future__ import annotations

import pytest

from tools_helpers import (
    DESKTOP, PHONE, PHONE_390, calculate, calculator_page, field, last_ruling, match_page, no_horizontal_overflow, open_game, pick_player, pick_set,
    record, redo, reload_match, scores, set_bool, set_int, set_text, sk, start_match, status, table_rows, undo,
)

pytestmark = pytest.mark.browser
GAME = "probka"
PLAYERS = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор"]


def foul(player, *codes):
    def fill(form):
        pick_player(form, "shooter", player)
        pick_set(form, "fouls", *codes)
    return fill


def success(player):
    def fill(form):
        pick_player(form, "shooter", player)
        set_bool(form, "probka", True)
    return fill


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_six_player_example_of_the_text(tool_page, base_url, device):
    page, tool = match_page(tool_page, base_url, device, GAME, PLAYERS)
    assert scores(page, GAME) == [1] * 6
    assert "Банк — 6 очков" in status(page, GAME)
    # No turn order in the text: nobody is marked as the next to shoot.
    assert tool.locator(".rb-score--current").count() == 0

    # A shot without a shooter is refused with a Russian message at the field.
    # The message is shown once, at the field (scorekeeper-screen.js showRefused), tied to it.
    set_bool(tool.locator("[data-rb-action-form]"), "probka", True)
    tool.locator("[data-rb-play]").click()
    field_error = tool.locator('[data-rb-field="shooter"].rb-field--error [data-rb-field-message]')
    field_error.wait_for()
    assert "кто бил" in field_error.inner_text().lower()
    assert tool.locator('[data-rb-field="shooter"].rb-field--error').count() == 1
    assert tool.locator("[data-rb-match-error]").is_hidden()  # not said twice
    set_bool(tool.locator("[data-rb-action-form]"), "probka", False)

    record(page, GAME, foul("Борис", "v"))      # «Игрок под номером 2 совершает ошибку»
    assert scores(page, GAME) == [1, -5, 1, 1, 1, 1]
    assert "Банк — 12 очков" in status(page, GAME)
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    assert ruling.locator('.rb-fouls a[href="#probka-foul-v"]').count() == 1
    # The bank is a толкование, labelled where it is used: in the explanation «почему ▸» opens.
    ruling.locator(".rb-why-toggle").click()
    assert "этого в тексте правил нет" in ruling.inner_text().lower()
    assert ruling.locator('a[href="#probka-t-bank"]').count() >= 1

    record(page, GAME, foul("Глеб", "a"))       # № 4: −11, the sum 24
    record(page, GAME, foul("Егор", "g"))       # № 6: −23, the sum 48
    assert scores(page, GAME) == [1, -5, 1, -11, 1, -23]
    record(page, GAME, success("Егор"))         # «48 + (−23) = 25»
    assert scores(page, GAME) == [1, -5, 1, -11, 1, 25]
    ruling = last_ruling(page, GAME)
    # The new total said once, beside the points (said-once.js): «−23 → 25».
    assert "→ 25" in ruling.locator(".rb-before-after").first.inner_text().replace("\xa0", " ")
    assert ruling.locator(".rb-who").inner_text() == "Егор"
    # The prize rests on the толкования of the bank: marked beside the points in a few words,
    # the titles in full behind «почему» (the line stays a line, the drawing near).
    assert ruling.locator("a.rb-value-source").all_inner_texts() == ["по толкованию"]
    assert ruling.locator(".rb-verdict").bounding_box()["height"] < 140  # three full links: about 300 px
    # The bank history as a real table: the start and one row per shot.
    rows = table_rows(page, GAME)
    assert len(rows) == 5
    assert rows[-1][1] == "Егор" and rows[-1][3] == "−23 → 25" and rows[-1][4] == "48 → 96"
    history_text = tool.locator("[data-rb-history]").inner_text()
    no_horizontal_overflow(page)

    reload_match(page, GAME)
    assert scores(page, GAME) == [1, -5, 1, -11, 1, 25]
    assert table_rows(page, GAME) == rows
    assert tool.locator("[data-rb-history]").inner_text() == history_text

    undo(page, GAME)
    assert scores(page, GAME) == [1, -5, 1, -11, 1, -23]
    assert "Банк — 48 очков" in status(page, GAME)
    assert tool.locator("[data-rb-last] .rb-line-note").text_content() == "Отменена запись № 4:"
    assert tool.locator("[data-rb-last] .rb-ruling--undone").count() == 1  # struck through
    # all of its line, the § links after the words too (a newcomer saw the last link left unstruck)
    unstruck = tool.locator("[data-rb-last] .rb-verdict").evaluate("""line => [...line.querySelectorAll('a')]
        .filter(a => !a.closest('.rb-why-toggle') && !getComputedStyle(a.closest('.rb-line-main, .rb-line-basis') || a)
          .textDecorationLine.includes('line-through')).map(a => a.textContent)""")
    assert tool.locator("[data-rb-last] .rb-verdict a").count() > 0 and unstruck == [], unstruck
    redo(page, GAME)
    assert scores(page, GAME) == [1, -5, 1, -11, 1, 25]
    assert "Банк — 96 очков" in status(page, GAME)


def test_bank_switch_is_a_match_option(tool_page, base_url):
    page = tool_page(PHONE)
    open_game(page, base_url, GAME, sk(GAME))

    def unchanged(setup):
        field(setup, "bank_after_success").locator("label.rb-chip", has_text="не меняется").click()

    start_match(page, GAME, ["Анна", "Борис", "Вера"], unchanged)
    tool = page.locator(sk(GAME))
    assert "не меняется" in tool.locator("[data-rb-options-line]").inner_text()
    record(page, GAME, success("Вера"))
    assert scores(page, GAME) == [1, 1, 4]
    assert "Банк — 3 очка" in status(page, GAME)  # the bank did not grow
    assert last_ruling(page, GAME).locator('a[href="#probka-t-after-success"]').count() >= 1


def enter_the_success_example(tool):
    """The text's example: six players, bank 48, the sixth knocks the пробка down."""
    set_text(tool, "scores", "1, -5, 1, -11, 1, -23")
    set_int(tool, "bank", 48)
    set_int(tool, "shooter", 6)
    set_bool(tool, "probka", True)


def test_the_calculators_table_fits_a_390_px_phone(tool_page, base_url):
    """The five columns after the text's success shot fit the usability bench's phone: the bank's
    «48 → 96» is not past the screen's edge (a newcomer read «6 → 1» at the edge of a table
    scrolling sideways, 6 Dec). A narrower screen scrolls the table in its own box."""
    page, tool = calculator_page(tool_page, base_url, PHONE_390, GAME)
    enter_the_success_example(tool)
    calculate(page, GAME)
    wide = tool.locator(".rb-calc-after .rb-table-wrap").evaluate("w => [w.scrollWidth, w.clientWidth]")
    assert wide[0] <= wide[1] + 1, f"таблица шире экрана: {wide}"
    no_horizontal_overflow(page)


def test_calculator_on_the_example(tool_page, base_url):
    page, tool = calculator_page(tool_page, base_url, PHONE, GAME)
    # Typed over by a tap, the declared «1, 1» goes (a newcomer got «1, 11, -5, …»).
    scores_input = field(tool, "scores").locator("input")
    scores_input.tap()
    page.keyboard.type("1, -5")
    assert scores_input.input_value() == "1, -5"
    enter_the_success_example(tool)
    ruling = calculate(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "очки засчитаны"
    assert "+48 очков" in ruling.locator(".rb-points").inner_text()
    # The new total said once, beside the points (said-once.js): «−23 → 25».
    assert "→ 25" in ruling.locator(".rb-before-after").first.inner_text().replace("\xa0", " ")
    assert ruling.locator('.rb-cites a[href="#probka-example-success"]').count() == 1
    after = tool.locator(".rb-calc-after table")
    assert "48\u00a0→\u00a096" in after.inner_text()  # a change is never broken (lib/ru.js unbroken)
    # Changed inputs mark the shown answer as stale.
    set_int(tool, "shooter", 7)
    assert tool.locator("[data-rb-result] .rb-stale-note").is_visible()
    # A player number beyond the list is refused, naming the field; the old answer goes.
    calculate(page, GAME)
    assert tool.locator("[data-rb-result]").is_hidden()
    error = tool.locator('[data-rb-field="shooter"].rb-field--error [data-rb-field-message]')
    assert error.is_visible() and "№ 7" in error.inner_text()  # once, at the field
    assert tool.locator('[data-rb-field="shooter"].rb-field--error').count() == 1
    assert tool.locator("form [data-rb-error]").is_hidden()
    no_horizontal_overflow(page)


@pytest.mark.parametrize("codes", [("v",), ("a", "g")])
def test_a_foul_is_named_by_its_words_once(tool_page, base_url, codes):
    """The calculator's line said «Нарушение «в» — штраф 3 очка»: a letter a player cannot read without
    the text (a newcomer, 6 Dec). The line names each foul by its letter and its words, and behind
    «почему» the foul is not said again."""
    page, tool = calculator_page(tool_page, base_url, PHONE_390, GAME)
    set_text(tool, "scores", "1, 1, 1")
    set_int(tool, "bank", 3)
    set_int(tool, "shooter", 2)
    pick_set(tool, "fouls", *codes)
    line = calculate(page, GAME)
    said = line.locator(".rb-verdict").inner_text()
    words = {"v": "«в» (промах)", "a": "«а» (сыгрывание или касание пробки битком)", "g": "«г» (кладка в лузу битка)"}
    assert all(words[c] in said for c in codes), said
    line.locator(".rb-why-toggle").click()
    shown = [said] + line.locator(".rb-why .rb-summary, .rb-why .rb-fouls li, .rb-why .rb-lines li").all_inner_texts()
    assert sum(words[c] in text for text in shown for c in codes) == len(codes), shown
