"""A ball carried into a pocket with one finger is one gesture (issue 16,
«Targets»: no shot over 4 taps, «Записать» counted), on a 390×844 phone with
Chromium's own touch input:

- «Ковбой»: a carom 5 → 3 with both in pockets is two drags and «Записать»
  (3 gestures; 5 taps before), the line says both pocketed before it is
  recorded and the request carries exactly that;
- the line under an empty drawing teaches the gesture, and is back after a shot;
- «пробка»: a ball carried into a pocket means nothing there: refused on the
  spot, nothing drawn, nothing recorded; the cue ball carried into a pocket is
  foul «г»; the object ball dragged onto the пробка knocks it (the prize, 3
  taps with the shooter's chip and «Записать»), the пробка onto the ball is refused;
- a drag that ends off the pockets, or on another «Ковбой» ball, draws
  nothing and says why;
- «по часовой стрелке»: the next ball carried into a pocket is that pocket
  (a newcomer's drag did nothing there); a tap on the ball says how.
Screenshots: screenshots/tools/drag-*.png."""

from __future__ import annotations

from drawing_gestures import drawing_part, touch_drag
from test_drawing_words import hint, shooter, words
from test_tools_table import open_scorekeeper, record
from tools_helpers import PHONE_390, decide, screenshot

PHONE360 = {**PHONE_390, "viewport": {"width": 360, "height": 780}}


def words_box(tool) -> dict:
    """The place the shot's line and the hint share (its height is fixed, whatever is in it)."""
    return tool.locator("[data-rb-action-form] [data-rb-shot-said]").bounding_box()


def howto_fits(tool, first_ball) -> None:
    """The how-to line and the shot's line take the same reserved place: the
    first tap replaces one with the other without moving what is below (the
    record button), and the line is seen whole, not scrolled inside the place."""
    before, play = words_box(tool), tool.locator("[data-rb-play]").bounding_box()
    drawing_part(tool, "ball", first_ball).tap()
    assert not tool.locator("[data-rb-shot-words]").evaluate("el => el.classList.contains('rb-shot-words--howto')")
    after, play_after = words_box(tool), tool.locator("[data-rb-play]").bounding_box()
    assert after["height"] == before["height"], f"the how-to and a one-ball line differ: {before} {after}"
    line = tool.locator("[data-rb-action-form] [data-rb-shot-words]").bounding_box()
    assert line["y"] >= after["y"] and line["y"] + line["height"] <= after["y"] + after["height"] + 0.5, (line, after)
    assert play_after["y"] == play["y"]
    tool.locator("[data-rb-action-form] [data-rb-shot-tool=clear]").tap()


def test_kovboy_carom_both_pocketed_in_three_gestures(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kovboy", ["Аня", "Борис"])
    how = words(tool)
    assert "перетащите в лузу" in how, how
    screenshot(page, "drag-kovboy-0-howto")
    howto_fits(tool, 1)
    assert words(tool) == how
    touch_drag(page, drawing_part(tool, "ball", 5), drawing_part(tool, "pocket", "far-right"))
    touch_drag(page, drawing_part(tool, "ball", 3), drawing_part(tool, "pocket", "near-right"))
    assert words(tool) == ("Каких прицельных шаров коснулся биток (по порядку): 5 (пятёрка) → 3 (тройка). "
                           "Какие прицельные шары упали в лузу: 3 (тройка), 5 (пятёрка).")
    # The 3 carried in after the 5 is drawn as a carom; the line says how a knock-in is recorded (a newcomer's
    # «3 → 5» with a carom the shot did not make; shot-model.js caromByCarry)
    assert "карамболь" in hint(tool) and "«Формой»" in hint(tool), hint(tool)
    assert tool.locator("[data-rb-action-form] .rb-t-pocket--full").count() == 2
    screenshot(page, "drag-kovboy-1-both-pocketed")
    request = record(page, tool, "kovboy")
    assert request["action"]["contacts"] == [5, 3]
    assert sorted(request["action"]["pocketed"]) == [3, 5]
    assert request["action"]["cue_ball"] == "table"
    # A bad break (the 3 was not touched first): the decision takes the input's place,
    # which keeps the next shot's line (unseen until the decision is answered).
    assert tool.locator("[data-rb-decision]").is_visible()
    assert tool.locator("[data-rb-action-form] [data-rb-shot-words]").text_content().strip() == how
    screenshot(page, "drag-kovboy-2-recorded")


def test_kovboy_cue_ball_carried_and_a_drag_off_the_pockets(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kovboy", ["Аня", "Борис"])
    # Let go over the cloth (here the cue ball), not a pocket: nothing is drawn, the hint says where to let go.
    touch_drag(page, drawing_part(tool, "ball", 5), drawing_part(tool, "cue"))
    assert "над лузой" in hint(tool)
    # Onto another ball: «Ковбой» gives that no meaning (a carom is tapped ball by ball).
    touch_drag(page, drawing_part(tool, "ball", 5), drawing_part(tool, "ball", 3))
    assert "перетаскивают в лузу" in hint(tool)
    assert tool.locator("[data-rb-action-form] .rb-t-ball--touched").count() == 0
    # A tap after a drag is a tap again (the swallowed click does not eat it).
    drawing_part(tool, "ball", 1).tap()
    touch_drag(page, drawing_part(tool, "cue"), drawing_part(tool, "pocket", "left-middle"))
    request = record(page, tool, "kovboy")
    assert request["action"]["contacts"] == [1]
    assert request["action"]["cue_ball"] == "pocket" and request["action"]["cue_pocket"] == "left-middle"


def test_probka_a_ball_carried_into_a_pocket_is_refused(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "probka", ["Аня", "Борис"])
    assert words(tool) == "Шар сбил пробку — перетащите его на неё; упавший биток — в лузу.", words(tool)
    shooter(tool, "Аня")
    touch_drag(page, drawing_part(tool, "ball", "probka"), drawing_part(tool, "pocket", "far-left"))
    assert "не записывается" in hint(tool), hint(tool)
    assert tool.locator("[data-rb-action-form] .rb-t-pocket--full").count() == 0
    assert tool.locator("[data-rb-action-form] .rb-t-ball--touched").count() == 0
    assert "Нарушения" not in words(tool)  # not foul «а» by a gesture into a pocket
    screenshot(page, "drag-probka-refused")
    touch_drag(page, drawing_part(tool, "cue"), drawing_part(tool, "pocket", "near-left"))
    request = record(page, tool, "probka")
    assert request["action"]["fouls"] == ["g"] and request["action"]["probka"] is False


def test_probka_knocked_by_the_object_ball_in_one_drag(tool_page, base_url):
    """The «пробка» example's last shot: the shooter's chip, the object ball
    dragged onto the пробка, «Записать» — 3 taps, the prize and no foul."""
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "probka", ["Аня", "Борис"])
    shooter(tool, "Борис")
    touch_drag(page, drawing_part(tool, "ball", "object"), drawing_part(tool, "ball", "probka"))
    assert words(tool) == "Пробка сбита: да.", words(tool)
    screenshot(page, "drag-probka-knocked")
    request = record(page, tool, "probka")
    assert request["action"]["probka"] is True and request["action"]["fouls"] == []
    line = tool.locator("[data-rb-last] .rb-ruling--line")
    assert line.locator(".rb-points").inner_text().startswith("+")
    # The пробка dragged onto the object ball means nothing: refused, nothing drawn.
    shooter(tool, "Аня")
    touch_drag(page, drawing_part(tool, "ball", "probka"), drawing_part(tool, "ball", "object"))
    assert "перетаскивают в лузу" in hint(tool), hint(tool)
    assert tool.locator("[data-rb-action-form] .rb-t-ball--touched").count() == 0


def test_howto_fits_two_lines_at_360(tool_page, base_url):
    page = tool_page(PHONE360)
    for game, ball in (("kovboy", 1), ("kaiza", "yellow"), ("pyat-sharov", "white"), ("probka", "probka")):
        tool = open_scorekeeper(page, base_url, game, ["Аня", "Борис"])
        screenshot(page, f"drag-howto-360-{game}")
        howto_fits(tool, ball)


def test_po_chasovoy_the_next_ball_carried_into_a_pocket(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "po-chasovoy", ["Аня", "Борис"])
    decide(page, "po-chasovoy", "дальняя левая")
    assert words(tool) == "Нажмите лузу, в которую упал шар, или перетащите шар в неё.", words(tool)
    drawing_part(tool, "carry", "next").tap()
    assert hint(tool) == "Нажатие на шар ничего не записывает: ведите его, не отпуская, до лузы.", hint(tool)
    touch_drag(page, drawing_part(tool, "carry", "next"), drawing_part(tool, "pocket", "far-left"))
    assert tool.locator("[data-rb-action-form] .rb-t-pocket--full").count() == 1
    assert hint(tool) == ""
    screenshot(page, "drag-po-chasovoy-carried")
    request = record(page, tool, "po-chasovoy")
    assert request["action"]["pocket"] == "far-left"
