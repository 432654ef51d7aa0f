"""«Пять шаров с карамболями» in the browser: points from the printed table
for balls played with a carom, the series, a mistake whose points go to the
opponent; reload, undo and redo; the calculator's winning shot, with the
target of 60 labelled as an outside fact where it is used."""

from __future__ import annotations

import pytest

from tools_helpers import (
    DESKTOP, PHONE, calculate, calculator_page, current_player, last_ruling, match_page, no_horizontal_overflow, pick_choice,
    record, redo, reload_match, scores, set_bool, set_int, undo,
)

pytestmark = pytest.mark.browser
GAME = "pyat-sharov"


def shot(ball, pocket=None, *, reds=0, white=False, mistake=False):
    def fill(form):
        pick_choice(form, "ball", ball)
        if pocket:
            pick_choice(form, "pocket", pocket)
        set_int(form, "carom_reds", reds)
        set_bool(form, "carom_white", white)
        set_bool(form, "mistake", mistake)
    return fill


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_match_points_series_and_mistake(tool_page, base_url, device):
    page, tool = match_page(tool_page, base_url, device, GAME, ["Анна", "Борис"])

    record(page, GAME, shot("red", "far-left", white=True))       # 1а: 5 points, the series goes on
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-points").inner_text() == "+5 очков"
    assert ruling.locator('details.rb-cite a[href="#pyat-sharov-1a"]').count() == 1
    assert current_player(page, GAME) == "Анна"
    record(page, GAME, shot("yellow", "right-middle", reds=2))     # 4г: 21 points
    assert last_ruling(page, GAME).locator(".rb-points").inner_text() == "+21 очко"
    assert scores(page, GAME) == [26, 0]
    record(page, GAME, shot("white"))                              # nothing pocketed: the turn passes
    assert current_player(page, GAME) == "Борис"
    record(page, GAME, shot("red", "near-left", white=True, mistake=True))
    ruling = last_ruling(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    assert "5 очков переходят сопернику" in ruling.locator(".rb-summary").inner_text()
    assert ruling.locator('a[href="#pyat-sharov-t-mistake"]').count() >= 1   # a толкование, labelled
    assert scores(page, GAME) == [31, 0]
    assert current_player(page, GAME) == "Анна"
    history = tool.locator("[data-rb-history] > li")
    assert history.count() == 4
    assert history.first.locator(".rb-number").inner_text() == "№ 4"   # newest first
    assert history.first.locator(".rb-ref--tolkovanie").count() >= 1  # the line links its толкование, labelled
    no_horizontal_overflow(page)

    reload_match(page, GAME)
    assert scores(page, GAME) == [31, 0]
    assert current_player(page, GAME) == "Анна"
    undo(page, GAME)
    undo(page, GAME)
    assert scores(page, GAME) == [26, 0] and current_player(page, GAME) == "Анна"
    assert tool.locator("[data-rb-redo]").text_content() == "↷ 2"
    redo(page, GAME)
    assert current_player(page, GAME) == "Борис"
    # A new action after an undo drops what could be redone.
    record(page, GAME, shot("white"))
    assert tool.locator("[data-rb-redo]").is_disabled()
    assert scores(page, GAME) == [26, 0] and current_player(page, GAME) == "Анна"


def test_calculator_winning_shot_cites_the_outside_target(tool_page, base_url):
    page, tool = calculator_page(tool_page, base_url, DESKTOP, GAME)
    set_int(tool, "score", 55)
    set_int(tool, "opponent_score", 20)
    pick_choice(tool, "ball", "yellow")
    pick_choice(tool, "pocket", "far-left")
    set_int(tool, "carom_reds", 1)
    ruling = calculate(page, GAME)
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "победа"
    # The total once: «55 → 67» beside the points; «Победа: Игрок 1 — 67 очков» said badge and total again.
    assert ruling.locator(".rb-verdict .rb-before-after").inner_text().endswith("67")
    assert "67 очков" not in ruling.locator(".rb-verdict").inner_text()
    # The target of 60 is not in the text: the outside fact is labelled as such.
    outside_title = ruling.locator(".rb-section-title--outside")
    assert "этого в тексте правил нет" in outside_title.inner_text().lower()
    assert ruling.locator('.rb-cites--outside a[href="#pyat-sharov-o-60"]').count() == 1
    assert ruling.locator('.rb-cites--tolkovanie a[href="#pyat-sharov-t-target"]').count() == 1
    no_horizontal_overflow(page)


def test_the_cue_ball_carried_into_a_pocket_says_what_to_mark(tool_page, base_url):
    """The cue ball's fate is no field here: carried into a pocket (or pressed) it did nothing, and a
    newcomer recorded a scratch as a clean shot. It says that the mistake is the player's to mark and
    where (what a mistake is, the check box's own help says: «Русская партия»), draws nothing, fits
    the line's place, and is a button a keyboard reaches too."""
    from drawing_gestures import drawing_part, touch_drag
    from tools_helpers import start_on_table

    page = tool_page(PHONE)
    tool = start_on_table(page, base_url, GAME, ["Анна", "Борис"])
    cue = tool.locator("[data-rb-action-form] [data-rb-tap=cue-note]")
    assert cue.get_attribute("role") == "button" and cue.get_attribute("tabindex") == "0"
    before = tool.locator("[data-rb-action-form] [data-rb-shot-words]").inner_text()
    touch_drag(page, cue, drawing_part(tool, "pocket", "far-left"))
    hint = tool.locator("[data-rb-action-form] [data-rb-shot-hint]")
    assert "«Игрок совершил ошибку при кладке шара»" in hint.inner_text()
    assert hint.evaluate("el => el.closest('[data-rb-shot-said]').scrollHeight <= el.closest('[data-rb-shot-said]').clientHeight + 1"), \
        "the note fits its place: nothing to scroll to"
    assert tool.locator("[data-rb-action-form] [data-rb-shot-words]").inner_text() == before  # nothing drawn
    assert "rb-shot-hint--guide" in (hint.get_attribute("class") or "")  # guidance, not a refusal in red
