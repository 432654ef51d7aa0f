"""«Кладка шаров по часовой стрелке» in the browser: the pocket guide. The
opponent names the pocket of ball 1 (a decision in the view), every ball's
pocket in a real table, the next ball, a wrong pocket noticed at once, the
late-error rule; no score anywhere (the text defines none)."""

from __future__ import annotations

import pytest

from tools_helpers import (
    DESKTOP, PHONE, PHONE_390, calculate, calculator_page, decide, history_count, last_ruling, match_page, no_horizontal_overflow, pick_action, pick_choice,
    play_button, record, redo, reload_match, set_bool, set_int, sk, start_on_table, status, table_rows, undo, wait_history,
)

pytestmark = pytest.mark.browser
GAME = "po-chasovoy"


def ball_into(pocket, noticed=None):
    """The shot into ``pocket``; ``noticed`` for a pocket but the designated one (the field shows
    only there: the view's field_when), None for the designated one (it is not shown)."""
    def fill(form):
        pick_action(form, "shot")
        pick_choice(form, "pocket", pocket)
        field = form.locator('[data-rb-field="noticed"]')
        assert field.is_visible() is (noticed is not None), f"«ошибку заметили сразу» for {pocket}"
        if noticed is not None:
            set_bool(form, "noticed", noticed)
    return fill


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_pocket_guide_with_a_late_error(tool_page, base_url, device):
    page, tool = match_page(tool_page, base_url, device, GAME, ["Анна", "Борис"])

    # First the opponent names the pocket of ball 1: buttons, not the form.
    decision = tool.locator("[data-rb-decision]")
    assert decision.is_visible() and not tool.locator("[data-rb-action-group]").is_visible()
    assert not tool.locator("[data-rb-play]").is_visible()  # nothing to record; undo stays in the bar
    assert "Борис" in decision.inner_text()
    assert decision.locator('a[href="#po-chasovoy-first-pocket"]').count() == 1
    # The clause in brackets before the question's colon, not after it, where it read as the
    # answer (newcomer 2026-12-05-e, item 5).
    question = decision.locator("[data-rb-decision-question]").inner_text().strip()
    assert question.endswith("»):") and "«единица» (§ " in question, question
    # The text defines no score: no numbers on the score cards, no «очков» anywhere.
    assert tool.locator("[data-rb-scores] .rb-score-points").count() == 0
    assert "очк" not in tool.locator("[data-rb-match]").inner_text()
    # The cards are names alone: the board says why, once, from the start (a newcomer read them as the turn lost).
    note = tool.locator("[data-rb-scores] .rb-sk-board-note")
    assert note.inner_text().startswith("Кто бьёт после первого удара, текст не определяет")
    decide(page, GAME, "дальняя левая")
    assert note.is_visible() and tool.locator("[data-rb-scores] .rb-sk-board-note").count() == 1

    assert "Очередной шар — 1, луза — дальняя левая угловая" in status(page, GAME)
    rows = table_rows(page, GAME)
    assert rows[0] == ["1", "Дальняя левая угловая"] and rows[1] == ["2", "Дальняя правая угловая"]
    assert rows[6] == ["7", "Дальняя левая угловая"] and len(rows) == 15

    # «Ошибка обнаружена» only while an error is unnoticed (the view's idle_actions): a chip the engine
    # could only refuse is not offered (a newcomer: «Незамеченной ошибки сейчас нет»).
    found_chip = tool.locator('label.rb-chip:has([data-rb-action-type][value=\'"error_found"\'])')
    assert found_chip.count() == 1 and not found_chip.is_visible()
    assert found_chip.bounding_box()["height"] > 20  # its place kept: the drawing never moves for it
    record(page, GAME, ball_into("far-left"))
    assert last_ruling(page, GAME).locator(".rb-badge").inner_text().strip().lower() == "записано"
    assert "Очередной шар — 2, луза — дальняя правая угловая" in status(page, GAME)

    # Ball 2 into the wrong pocket, noticed at once: not counted, the ball goes back.
    record(page, GAME, ball_into("near-left", noticed=True))
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    assert ruling.locator('.rb-fouls a[href="#po-chasovoy-forbidden"]').count() == 1
    # The line says what happened (the wrong pocket); what follows is behind «почему» and in the status.
    assert "Не та луза: удар не засчитывается" in ruling.locator(".rb-line-what").inner_text()
    # What comes next is said once, by the status line right above the ruling (the summary
    # says it in the same words, so the line leaves it out).
    assert "Очередной шар — 2, луза — дальняя правая угловая." in status(page, GAME)
    assert "Очередной шар" not in ruling.inner_text()  # what shows: the line («почему» closed)

    # Ball 2 into the wrong pocket, unnoticed; later the error is found.
    record(page, GAME, ball_into("near-left", noticed=False))
    assert "ошибка с шара 2 ещё не обнаружена" in status(page, GAME)
    assert found_chip.is_visible()
    assert "Очередной шар" not in last_ruling(page, GAME).inner_text()  # the status says it
    assert tool.locator("[data-rb-table] thead").text_content().strip().endswith("Луза по прежнему порядку")

    def error_found(form):
        pick_action(form, "error_found")
        assert play_button(form).inner_text() == "Записать"

    record(page, GAME, error_found)
    ruling = last_ruling(page, GAME)
    assert "все сыгранные в лузы шары засчитываются" in ruling.locator(".rb-line-what").inner_text()
    assert ruling.locator('a[href="#po-chasovoy-late-order"]').count() >= 1
    assert "Очередной шар — 3, луза — левая средняя" in status(page, GAME)
    assert table_rows(page, GAME)[0] == ["3", "Левая средняя"]
    assert not found_chip.is_visible()  # found: nothing unnoticed now
    no_horizontal_overflow(page)

    reload_match(page, GAME)
    assert "Очередной шар — 3, луза — левая средняя" in status(page, GAME)
    assert page.locator(f"{sk(GAME)} [data-rb-history] > li").count() == 5
    undo(page, GAME)
    assert "ошибка с шара 2 ещё не обнаружена" in status(page, GAME)
    redo(page, GAME)
    assert "Очередной шар — 3, луза — левая средняя" in status(page, GAME)


def test_calculator_names_the_pocket_of_the_next_ball(tool_page, base_url):
    page, tool = calculator_page(tool_page, base_url, PHONE, GAME)
    set_int(tool, "ball", 3)
    pick_choice(tool, "known", "first")
    pick_choice(tool.locator('[data-rb-fold="situation"]'), "pocket", "far-left")  # the shot comes first now
    pick_choice(tool.locator("[data-rb-action]"), "pocket", "right-middle")
    ruling = calculate(page, GAME)
    assert "Шар 3 — в назначенную лузу (правая средняя)" in ruling.locator(".rb-summary").inner_text()
    assert ruling.locator(".rb-points").count() == 0  # no score in this game
    assert ruling.locator('details.rb-cite a[href="#po-chasovoy-mnemonic-3"]').count() == 1
    # Every later ball's pocket (12 rows) is folded under one line: the answer stays short.
    folded = tool.locator("details.rb-calc-after")
    assert folded.locator("summary").inner_text() == "После удара: таблица (12 строк)"
    assert not folded.evaluate("el => el.open")
    assert tool.locator("[data-rb-result]").bounding_box()["height"] < 400
    folded.locator("summary").click()
    after = tool.locator(".rb-calc-after tbody tr").first.inner_text()
    assert "4" in after and "Правая угловая со стороны «дома»" in after

    # The same shot into another pocket, noticed: a wrong pocket, with its clause.
    pick_choice(tool.locator("[data-rb-action]"), "pocket", "near-left")
    ruling = calculate(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    assert ruling.locator('.rb-fouls a[href="#po-chasovoy-forbidden"]').count() == 1
    no_horizontal_overflow(page)


UNCOVERED = """el => { const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) return `off screen: ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && (el.contains(hit) || hit.contains(el) || (el.closest('label') || el).contains(hit)) ? '' : `covered by ${hit && hit.className}`; }"""


@pytest.mark.parametrize("device", [PHONE, PHONE_390], ids=["360", "390"])
def test_after_a_drawn_shot_the_drawing_and_the_noticed_chip_where_it_matters_are_on_screen(tool_page, base_url, device):
    """After each drawn shot the board, the drawing and the ✕ are on screen, none under the record
    bar (the ✕ beside the drawn shot's line, not on a row of its own). «Ошибку заметили сразу»
    matters only for a pocket other than the designated one (the view's field_when): it is not
    shown for the designated pocket, and the page does not move (newcomer 2026-12-07-b/c item 1:
    at 360 × 740 every pocket tap scrolled 56–74 px to bring it up, the status line under the tab
    bar); for a wrong pocket it is shown, on screen."""
    page = tool_page(device)
    tool = start_on_table(page, base_url, GAME, ["Анна", "Борис"])
    decide(page, GAME, "дальняя левая")
    noticed = '[data-rb-action=shot] [data-rb-field="noticed"] label'
    for i, (pocket, designated) in enumerate([("far-left", True), ("far-right", True), ("near-left", False)]):
        page.wait_for_timeout(300)
        before_tap = page.evaluate("scrollY")
        tool.locator(f"[data-rb-action=shot] [data-rb-tap=pocket][data-rb-id='\"{pocket}\"']").tap()
        page.wait_for_timeout(400)
        shown = tool.locator(noticed).is_visible()
        assert shown is not designated, f"shot {i + 1} into {pocket}: the noticed box shown: {shown}"
        if designated:
            assert page.evaluate("scrollY") == before_tap, f"shot {i + 1}: the page moved"
        # The input in view; the board too unless the box it needs has moved it under the tab bar.
        parts = [("drawing", "[data-rb-action=shot] .rb-shot-svg"), ("board", "[data-rb-scores]"),
                 ("clear", "[data-rb-action=shot] [data-rb-shot-tool=clear]")]
        for what, sel in parts if designated else [parts[0], parts[2], ("noticed", noticed)]:
            assert tool.locator(sel).evaluate(UNCOVERED) == "", f"shot {i + 1} (drawn): {what}"
        before = history_count(page, GAME)
        tool.locator("[data-rb-play]").tap()
        wait_history(page, GAME, before + 1)
        page.wait_for_timeout(300)
        for what, sel in parts[:2]:
            assert tool.locator(sel).evaluate(UNCOVERED) == "", f"shot {i + 1} (recorded): {what}"
    clear = tool.locator("[data-rb-shot-tool=clear]").bounding_box()
    said = tool.locator("[data-rb-action=shot] [data-rb-shot-said]").bounding_box()
    assert abs(clear["y"] - said["y"]) < 8 and clear["x"] < said["x"]  # beside the line, one row


# Each pocket button: its words, its row's top, whether its text stays inside its padding.
POCKET_BUTTONS = """root => [...root.querySelectorAll('[data-rb-decision] [data-rb-choice]')].map((b) => {
  const r = b.getBoundingClientRect(), s = getComputedStyle(b), range = document.createRange();
  range.selectNodeContents(b);
  const words = [...range.getClientRects()];
  const inside = words.every((w) => w.left >= r.left + parseFloat(s.paddingLeft) - 1 && w.right <= r.right - parseFloat(s.paddingRight) + 1);
  return [b.textContent.replace(/\\u00a0/g, ' '), Math.round(r.top), inside, r.height];
})"""


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone-360", "desktop"])
def test_the_pockets_to_name_stand_as_on_the_drawing_by_its_names(tool_page, base_url, device):
    """The six pockets to choose from, three to a row in the drawing's layout (the left rail on top, «дом» at the
    left) and by the names the drawing writes beside them: a newcomer looked for «дальняя левая» top left and
    found it top right on the drawing; their six buttons of three to five lines stood taller than the input
    at 360 px (the walk)."""
    page, tool = match_page(tool_page, base_url, device, GAME, ["Анна", "Борис"])
    buttons = tool.evaluate(POCKET_BUTTONS)
    assert [b[0] for b in buttons] == ["левая у «дома»", "левая средняя", "дальняя левая",
                                       "правая у «дома»", "правая средняя", "дальняя правая"], buttons
    tops = [b[1] for b in buttons]
    assert tops[0] == tops[1] == tops[2] < tops[3] == tops[4] == tops[5], tops
    assert all(b[2] for b in buttons), [b[0] for b in buttons if not b[2]]
    assert all(b[3] >= 24 for b in buttons), buttons
    drawn = {t.strip() for t in tool.locator(".rb-t-name").all_text_contents()}
    assert {b[0] for b in buttons} <= {d.replace("\u00a0", " ") for d in drawn}, drawn


BAR_ROW = """sel => { const t = document.querySelector(sel); const box = (s) => t.querySelector(s).getBoundingClientRect();
  return { bar: Math.round(t.querySelector('[data-rb-play]').closest('[data-rb-bar]').getBoundingClientRect().height),
           undo: Math.round(box('[data-rb-undo]').top), redo: Math.round(box('[data-rb-redo]').top),
           play: Math.round(box('[data-rb-play]').top) }; }"""


def test_the_record_bar_keeps_one_row_when_the_redo_count_shows(tool_page, base_url):
    """The walk, «по часовой» at 360 px (seed 1621): two records undone, «↷ 2» widened its button and
    «Записать удар» wrapped to a second row of the record bar, over the drawing. The count stands on
    the button's corner: the bar keeps its one row and its height."""
    page, _ = match_page(tool_page, base_url, PHONE, GAME, ["Анна", "Борис"])
    decide(page, GAME, "дальняя левая")
    record(page, GAME, ball_into("far-left"))
    record(page, GAME, ball_into("far-right"))
    before = page.evaluate(BAR_ROW, sk(GAME))
    undo(page, GAME)
    undo(page, GAME)
    assert page.locator(f"{sk(GAME)} [data-rb-redo]").text_content() == "↷ 2"
    after = page.evaluate(BAR_ROW, sk(GAME))
    assert after["undo"] == after["redo"] == after["play"], after
    assert after["bar"] == before["bar"], (before, after)
