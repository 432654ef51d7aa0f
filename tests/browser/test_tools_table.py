"""The shot input on a drawing of the table (issue 10), on a phone 390×844 with
touch: taps on the drawing, the explicit miss, the same request as the form,
the one-line ruling, undo struck through, the bad-break decision on screen
naming the chooser, the tab bar, two columns on a desktop. Screenshots of every
step go to screenshots/tools/table-*.png."""

from __future__ import annotations

import json

from tools_helpers import (
    DESKTOP, ENGINE_TIMEOUT_MS, MATCH_DRAWN, PHONE, PHONE_390, calc, dismiss_toasts, score_names, screenshot, sk,
    start_on_table, tap_where_it_shows, wait_engine_ready,
)


# Every request the page sends to the engine's worker, in order (no app hook:
# the page's own postMessage is observed).
RECORD_REQUESTS = """
window.rbSent = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message && message.type === 'call') window.rbSent.push(JSON.parse(JSON.stringify(message.data)));
  return post.call(this, message, ...rest);
};
"""


def open_scorekeeper(page, base_url, game, names):
    page.add_init_script(RECORD_REQUESTS)
    tool = start_on_table(page, base_url, game, names)
    assert tool.evaluate("el => el.open")
    return tool


def total(page, game):
    return page.evaluate("sel => Number(document.querySelector(sel + ' [data-rb-history]').dataset.rbTotal || 0)", sk(game))


def wait_idle(page, game):
    page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=sk(game), timeout=ENGINE_TIMEOUT_MS)


def tap_ball(tool, ball):
    tool.locator(f"[data-rb-action-form] [data-rb-tap=ball][data-rb-id='{json.dumps(ball)}']").tap()


def tap_pocket(tool, pocket):
    tool.locator(f"[data-rb-action-form] [data-rb-tap=pocket][data-rb-id='\"{pocket}\"']").tap()


def tap_tool(tool, name):
    tool.locator(f"[data-rb-action-form] [data-rb-shot-tool={name}]").tap()


def record(page, tool, game):
    before = len(page.evaluate("() => window.rbSent"))
    tool.locator("[data-rb-play]").tap()
    page.wait_for_function("n => window.rbSent.length > n", arg=before, timeout=ENGINE_TIMEOUT_MS)
    wait_idle(page, game)
    return page.evaluate("() => window.rbSent[window.rbSent.length - 1]")


def in_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5


def scores(tool):
    return [int(t.replace("−", "-")) for t in tool.locator("[data-rb-scores] .rb-score-points").all_inner_texts()]


def test_kovboy_on_the_drawing_phone(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kovboy", ["Аня", "Борис"])
    screenshot(page, "table-kovboy-0-start")
    y0 = page.evaluate("window.scrollY")

    # An empty input is never recorded (never a miss): the page says what to do.
    before = len(page.evaluate("() => window.rbSent"))
    tool.locator("[data-rb-play]").tap()
    assert len(page.evaluate("() => window.rbSent")) == before, "пустой ввод ушёл в движок"
    error = tool.locator("[data-rb-match-error]")
    assert error.is_visible() and "Промах" in error.inner_text()
    assert in_viewport(page, error)
    screenshot(page, "table-kovboy-1-empty-refused")

    # The break: 3 touched and pocketed — two taps + «Записать».
    tap_ball(tool, 3)
    tap_pocket(tool, "far-left")
    assert "Какие прицельные шары упали в лузу: 3 (тройка)" in tool.locator("[data-rb-shot-words]").inner_text()
    request = record(page, tool, "kovboy")
    assert request["op"] == "match.play"
    assert request["action"]["contacts"] == [3] and request["action"]["pocketed"] == [3]
    screenshot(page, "table-kovboy-2-after-break")
    assert scores(tool) == [3, 0]
    line = tool.locator("[data-rb-last] .rb-ruling--line")
    assert line.locator(".rb-badge").inner_text().strip()
    assert line.locator(".rb-verdict a.rb-ref").count() == 1  # the § of the deciding clause (the folded why has more)
    assert "+3" in line.locator(".rb-points").inner_text()
    assert line.locator(".rb-verdict").bounding_box()["height"] < 64  # a line (two at most on 390 px), not a 440 px card
    # The drawing is reset for the next shot, and nothing scrolled (at 390×844 the
    # first ruling's place is kept from the start).
    assert tool.locator(".rb-t-ball--touched").count() == 0
    assert page.evaluate("window.scrollY") == y0
    for part in ("[data-rb-scores]", ".rb-table-svg", "[data-rb-play]", "[data-rb-undo]"):
        assert in_viewport(page, tool.locator(part).first), part

    # A two-ball carom: two taps.
    tap_ball(tool, 1)
    tap_ball(tool, 5)
    request = record(page, tool, "kovboy")
    assert request["action"]["contacts"] == [1, 5]
    assert scores(tool) == [4, 0]

    # «почему ▸» opens the whole explanation.
    line.locator(".rb-why-toggle").tap()
    assert line.locator(".rb-why").is_visible()
    assert line.locator(".rb-why .rb-summary").inner_text().strip()
    screenshot(page, "table-kovboy-3-why")
    line.locator(".rb-why-toggle").tap()

    # A miss: one explicit tap + «Записать»; the turn passes.
    tap_tool(tool, "miss")
    request = record(page, tool, "kovboy")
    assert request["action"]["contacts"] == []
    assert tool.locator(".rb-score--current .rb-score-name").inner_text().strip() == "Борис"

    # Undo: one tap in the sticky bar; the undone ruling is struck through.
    tool.locator("[data-rb-undo]").tap()
    wait_idle(page, "kovboy")
    assert tool.locator(".rb-score--current .rb-score-name").inner_text().strip() == "Аня"
    undone = tool.locator("[data-rb-last] .rb-ruling--undone")
    assert undone.count() == 1
    assert undone.locator("s.rb-line-main").count() == 1
    assert tool.locator("[data-rb-history] .rb-ruling--undone").count() == 0
    assert tool.locator(".rb-history-undone .rb-ruling--undone, [data-rb-history-undone] .rb-ruling--undone").count() == 1
    screenshot(page, "table-kovboy-4-undone")
    assert page.evaluate("window.scrollY") == y0
    tool.locator("[data-rb-redo]").tap()
    wait_idle(page, "kovboy")
    assert tool.locator(".rb-score--current .rb-score-name").inner_text().strip() == "Борис"
    assert page.evaluate("window.scrollY") == y0


def test_bad_break_decision_on_screen_names_the_chooser(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kovboy", ["Аня", "Борис"])
    tap_ball(tool, 5)  # the break must start on the 3: a bad break
    record(page, tool, "kovboy")
    decision = tool.locator("[data-rb-decision]")
    assert decision.is_visible()
    assert "Борис" in decision.inner_text()  # the chooser is named
    for button in decision.locator("button").all():
        assert in_viewport(page, button)
    current = tool.locator(".rb-score--current")
    assert current.locator(".rb-score-name").inner_text().strip() == "Борис"
    assert "выбирает" in current.inner_text()
    assert not tool.locator("[data-rb-action-group]").is_visible()
    assert tool.locator("[data-rb-undo]").is_visible()
    screenshot(page, "table-kovboy-5-bad-break")
    decision.locator("button").first.tap()
    wait_idle(page, "kovboy")
    assert not decision.is_visible()
    assert tool.locator(".rb-table-svg").is_visible()


def test_same_shot_on_drawing_and_form_gives_the_same_request(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kovboy", ["Аня", "Борис"])
    tap_ball(tool, 1)
    tap_ball(tool, 3)
    tap_pocket(tool, "near-left")
    tool.locator("[data-rb-tap=cue]").tap()
    tap_pocket(tool, "right-middle")
    drawn = record(page, tool, "kovboy")
    tool.locator("[data-rb-undo]").tap()
    wait_idle(page, "kovboy")

    tool.locator("[data-rb-shot-mode=form]").tap()
    form = tool.locator("[data-rb-action-form]")
    form.locator('[data-rb-field="contacts"] [data-rb-option="1"]').tap()
    form.locator('[data-rb-field="contacts"] [data-rb-option="3"]').tap()
    assert "1 (единица) → 3 (тройка)" in form.locator("[data-rb-seq-order]").inner_text()
    form.locator('[data-rb-field="pocketed"] label.rb-chip:has(input[value="3"])').tap()
    form.locator('[data-rb-field="cue_ball"] label.rb-chip:has(input[value=\'"pocket"\'])').tap()
    form.locator('[data-rb-field="cue_pocket"] select').select_option(value='"right-middle"')
    screenshot(page, "table-kovboy-6-form-view")
    typed = record(page, tool, "kovboy")
    assert typed["action"] == drawn["action"]

    # The form, too, never records a miss from an empty input.
    tool.locator("[data-rb-undo]").tap()
    wait_idle(page, "kovboy")
    before = len(page.evaluate("() => window.rbSent"))
    tool.locator("[data-rb-play]").tap()
    assert len(page.evaluate("() => window.rbSent")) == before
    assert "Промах" in tool.locator("[data-rb-match-error]").inner_text()
    form.locator("[data-rb-miss-confirm]").check()
    assert record(page, tool, "kovboy")["action"]["contacts"] == []


def test_the_form_after_a_miss_drawn_starts_from_its_defaults(tool_page, base_url):
    """A «Промах» recorded from the table, then «Формой» for the next shot: «Биток коснулся
    хотя бы одного шара» is ticked again (its default), and a yellow called into a pocket is
    recorded as played — the empty drawing's «nothing touched» does not carry over (a
    newcomer, «Кайза» at 390 px: the next shot was refused for a contact it had)."""
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kaiza", ["Аня", "Борис"])
    tap_tool(tool, "miss")
    assert record(page, tool, "kaiza")["action"]["contact"] is False
    tool.locator("[data-rb-shot-mode=form]").tap()
    form = tool.locator("[data-rb-action-form]")
    assert form.locator('[data-rb-field="contact"] input').is_checked()
    form.locator('[data-rb-field="ball"] label.rb-chip:has(input[value=\'"yellow"\'])').tap()
    form.locator('[data-rb-field="pocket"] select').select_option(value='"far-left"')
    action = record(page, tool, "kaiza")["action"]
    assert action["contact"] is True and action["ball"] == "yellow", action
    assert tool.locator("[data-rb-match-error]").inner_text().strip() == ""


def test_a_pocket_tapped_twice_counts_two_balls_and_moves_nothing(tool_page, base_url):
    """«Кладка кием»: each tap on a pocket counts a ball, so the same pocket is tapped again for the
    second; the page moved after the first tap (the chips brought up), and the second tap landed
    on «Ни один шар не упал» at 390 px or on the cloth at 360 px (a newcomer)."""
    for viewport in (PHONE_390, PHONE):
        page = tool_page(viewport)
        tool = open_scorekeeper(page, base_url, "kladka-kiem", ["Аня", "Борис"])
        pocket = tool.locator("[data-rb-action-form] [data-rb-tap=pocket][data-rb-id='\"near-right\"']")
        y0 = page.evaluate("scrollY")
        for _ in range(2):
            tap_where_it_shows(page, pocket)
            assert page.evaluate("scrollY") == y0, viewport["viewport"]
        assert record(page, tool, "kladka-kiem")["action"]["potted"] == 2, viewport["viewport"]


def test_calculator_shares_the_drawing(tool_page, base_url):
    page = tool_page(PHONE_390)
    page.add_init_script(RECORD_REQUESTS)
    page.goto(f"{base_url}games/kaiza/")
    dismiss_toasts(page)
    page.locator('.rb-tabs [data-rb-tab=calculator]').tap()  # its own tab opens it («Правила» shows no tool)
    wait_engine_ready(page, calc("kaiza"))
    tool = page.locator(calc("kaiza"))
    tool.locator("[data-rb-tap=ball][data-rb-id='\"red\"']").tap()
    tool.locator("[data-rb-tap=pocket][data-rb-id='\"far-left\"']").tap()
    tool.locator("[data-rb-submit]").tap()
    tool.locator("[data-rb-result] .rb-ruling").wait_for(timeout=ENGINE_TIMEOUT_MS)
    sent = page.evaluate("() => window.rbSent[window.rbSent.length - 1]")
    assert sent["action"]["ball"] == "red" and sent["action"]["pocket"] == "far-left"
    assert sent["action"]["contact"] is True
    screenshot(page, "table-kaiza-calculator")


# Marks the element the reader sees just under the sticky tab bar and returns
# its distance from the viewport's top: what "the same scroll position" means
# to a reader, whatever changed height above it meanwhile.
MARK_TOP = """(name) => {
  const y = document.querySelector('.rb-tabs').getBoundingClientRect().bottom + 30;
  const el = document.elementFromPoint(40, y);
  el.dataset.rbTestTop = name;
  return el.getBoundingClientRect().top;
}"""
TOP_OF = "(name) => document.querySelector(`[data-rb-test-top=${name}]`).getBoundingClientRect().top"


def test_tabs_keep_each_scroll_position(tool_page, base_url):
    page = tool_page(PHONE_390)
    page.goto(f"{base_url}games/kovboy/")
    dismiss_toasts(page)
    page.wait_for_load_state("load")
    page.wait_for_function("() => document.querySelector('.rb-tabs') !== null")
    page.evaluate("window.scrollTo(0, 2000)")
    page.wait_for_timeout(100)
    rules_top = page.evaluate(MARK_TOP, "rules")
    assert page.evaluate("el => !!el.closest('.rb-rules')", page.locator("[data-rb-test-top=rules]").element_handle())
    page.locator(".rb-tabs [data-rb-tab=tools]").tap()
    assert not page.locator(".rb-rules").is_visible()
    assert page.locator(sk("kovboy")).is_visible()
    screenshot(page, "table-tabs-score")
    page.evaluate("window.scrollBy(0, 150)")
    page.wait_for_timeout(100)
    tools_top = page.evaluate(MARK_TOP, "tools")
    page.locator(".rb-tabs [data-rb-tab=rules]").tap()
    assert page.locator(".rb-rules").is_visible()
    # The same line of the rules is where the reader left it.
    assert abs(page.evaluate(TOP_OF, "rules") - rules_top) < 2
    assert page.evaluate("window.scrollY") > 1000
    page.locator(".rb-tabs [data-rb-tab=tools]").tap()
    assert abs(page.evaluate(TOP_OF, "tools") - tools_top) < 2


def test_desktop_rules_and_tools_side_by_side(tool_page, base_url):
    page = tool_page(DESKTOP)
    page.goto(f"{base_url}games/kovboy/")
    tools = page.locator(".rb-split-tools").bounding_box()
    rules = page.locator(".rb-rules").bounding_box()
    assert tools["x"] >= rules["x"] + rules["width"] - 1, (tools, rules)
    assert tools["y"] < 400 and rules["y"] < 700  # both start on the first screen
    assert not page.locator(".rb-tabs").is_visible()
    screenshot(page, "table-desktop-split")


def test_history_is_collapsed_beyond_the_last_few(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kovboy", ["Аня", "Борис"])
    tap_ball(tool, 3)
    record(page, tool, "kovboy")  # the break
    for _ in range(6):
        tap_tool(tool, "miss")
        record(page, tool, "kovboy")
    history = tool.locator("[data-rb-history]")
    assert history.get_attribute("data-rb-total") == "7"
    assert history.locator("> li").count() == 5
    more = tool.locator("[data-rb-history-more]")
    assert more.is_visible() and "7" in more.inner_text()
    more.click()
    wait_idle(page, "kovboy")
    assert history.locator("> li").count() == 7
    assert not more.is_visible()
    # The drawing was reset after every shot (no miss left pressed).
    assert tool.locator("[data-rb-shot-tool=miss]").get_attribute("aria-pressed") == "false"


def test_a_tapped_name_field_takes_the_typed_name(tool_page, base_url):
    """«Игрок 1» is the empty field's placeholder, not its value: a player who taps
    the field and types gets «Аня», not «Игрок 1Аня» — on the first visit and when
    «Новая партия» offers the same players again."""
    page = tool_page(PHONE_390)
    page.goto(f"{base_url}games/kovboy/")
    dismiss_toasts(page)
    page.locator(".rb-tabs [data-rb-tab=tools]").tap()
    tool = page.locator(sk("kovboy"))
    wait_engine_ready(page, sk("kovboy"))
    names = tool.locator("[data-rb-setup] [data-rb-players] .rb-player-row input")
    assert [names.nth(i).input_value() for i in range(2)] == ["", ""]
    assert names.nth(1).get_attribute("placeholder") == "Игрок 2"
    names.first.tap()
    page.keyboard.type("Аня")
    tool.locator("[data-rb-setup] button[type=submit]").tap()
    page.wait_for_function(MATCH_DRAWN, arg=sk("kovboy"), timeout=ENGINE_TIMEOUT_MS)
    assert score_names(page, "kovboy") == ["Аня", "Игрок 2"]
    tool.get_by_role("button", name="Новая партия").tap()
    names.first.wait_for()
    assert [names.nth(i).input_value() for i in range(2)] == ["Аня", ""]
