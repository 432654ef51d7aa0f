"""What the table drawing says is what it records, and the one-line verdict
says what the shot changed (issue 16, sections 1 and 2; issue 17's drawing
items), on a 390 px phone:

- «пробка»: the пробка tapped first is foul «а» (the line says so, the foul
  is recorded and ruled); after the object ball it is knocked down by it (the
  prize); a ball in a pocket is refused on the spot, not drawn;
- a «Ковбой» foul after a series: the line shows −3 and 3 → 0; after a bad
  break the line says what was chosen;
- the calculator answers in that one line, «почему» folded;
- balls are named with their visible label, the selected one is exposed,
  Enter on a pocket keeps the focus on that pocket (never on <body>).
Screenshots: screenshots/tools/words-*.png."""

from __future__ import annotations

import json

from test_tools_table import open_scorekeeper, record, tap_ball, tap_pocket, wait_idle
from tools_helpers import ENGINE_TIMEOUT_MS, PHONE_390, calc, dismiss_toasts, pick_player, screenshot, wait_engine_ready


def words(tool) -> str:
    return tool.locator("[data-rb-action-form] [data-rb-shot-words]").inner_text().strip()


def hint(tool) -> str:
    return tool.locator("[data-rb-action-form] [data-rb-shot-hint]").inner_text().strip()


def hint_is_red(tool) -> bool:
    """The hint line in the foul colour (--rb-foul), as a refusal is said."""
    return tool.locator("[data-rb-action-form] [data-rb-shot-hint]").evaluate(
        """el => { const probe = document.createElement('span'); probe.style.color = 'var(--rb-foul)'; el.parentElement.append(probe);
          const red = getComputedStyle(probe).color; probe.remove(); return getComputedStyle(el).color === red; }""")


def tap_cue(tool):
    tool.locator("[data-rb-action-form] [data-rb-tap=cue]").tap()


def shooter(tool, name):
    pick_player(tool.locator("[data-rb-action-form]"), "shooter", name)


def test_probka_the_line_is_what_is_recorded(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "probka", ["Аня", "Борис"])
    shooter(tool, "Аня")
    tap_ball(tool, "probka")
    assert words(tool) == "Нарушения: а) сыгрывание или касание пробки битком."
    screenshot(page, "words-probka-1-cue-touched-probka")
    request = record(page, tool, "probka")
    assert request["action"]["fouls"] == ["a"] and request["action"]["probka"] is False
    line = tool.locator("[data-rb-last] .rb-ruling--line")
    assert line.locator(".rb-badge").inner_text().strip().lower() == "нарушение"

    shooter(tool, "Борис")
    tap_ball(tool, "object")
    assert "пробку" in hint(tool)  # the object ball alone waits for the пробка
    assert not hint_is_red(tool), "what the next tap is for is guidance, not a refusal in red (newcomer 2026-12-07-b)"
    tap_ball(tool, "probka")
    assert words(tool) == "Пробка сбита: да."
    request = record(page, tool, "probka")
    assert request["action"]["probka"] is True and request["action"]["fouls"] == []
    assert line.locator(".rb-points").inner_text().startswith("+")

    # A gesture these rules give no meaning to is refused on the spot.
    tap_ball(tool, "object")
    tap_ball(tool, "probka")
    tap_pocket(tool, "far-left")
    assert "не записывается" in hint(tool)
    assert hint_is_red(tool), "a refused tap is said in red"
    assert tool.locator("[data-rb-action-form] .rb-t-pocket--full").count() == 0
    assert words(tool) == "Пробка сбита: да."
    screenshot(page, "words-probka-2-refused")


def test_kovboy_foul_line_shows_the_series_lost_and_the_choice(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kovboy", ["Аня", "Борис"])
    tap_ball(tool, 3)
    tap_pocket(tool, "far-left")
    record(page, tool, "kovboy")
    tap_ball(tool, 1)
    tap_cue(tool)
    tap_pocket(tool, "near-left")  # the cue ball pocketed: a foul, the series' 3 points are lost
    record(page, tool, "kovboy")
    line = tool.locator("[data-rb-last] .rb-ruling--line")
    assert line.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    assert line.locator(".rb-points").inner_text() == "−3 очка"
    assert line.locator(".rb-before-after").inner_text() == "3\u00a0→\u00a00"
    assert line.locator(".rb-score-reason").inner_text() == "за серию"  # why the score dropped
    screenshot(page, "words-kovboy-1-foul-line")


def test_kovboy_bad_break_line_says_what_was_chosen(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kovboy", ["Аня", "Борис"])
    tap_ball(tool, 5)  # a bad break
    record(page, tool, "kovboy")
    decision = tool.locator("[data-rb-decision]")
    decision.locator("button").first.tap()
    wait_idle(page, "kovboy")
    line = tool.locator("[data-rb-last] .rb-ruling--line")
    chosen = line.locator(".rb-choice").inner_text()
    assert chosen in ("потребовать повторения начального удара", "выполнить начальный удар самому"), chosen
    screenshot(page, "words-kovboy-2-decision-line")


def test_calculator_answers_in_one_line_why_folded(tool_page, base_url):
    page = tool_page(PHONE_390)
    page.goto(f"{base_url}games/kovboy/")
    dismiss_toasts(page)
    page.locator(".rb-tabs [data-rb-tab=calculator]").tap()
    tool = page.locator(calc("kovboy"))
    if not tool.evaluate("el => el.open"):
        tool.locator("summary").first.tap()
    wait_engine_ready(page, calc("kovboy"))
    tool.locator("[data-rb-tap=ball][data-rb-id='5']").tap()
    tool.locator("[data-rb-tap=pocket][data-rb-id='\"far-left\"']").tap()
    tool.locator("[data-rb-submit]").tap()
    result = tool.locator("[data-rb-result]")
    result.locator(".rb-ruling--line").wait_for(timeout=ENGINE_TIMEOUT_MS)
    line = result.locator(".rb-ruling--line")
    assert line.count() == 1
    assert line.locator(".rb-points").inner_text() == "+5 очков"
    assert line.locator(".rb-before-after").inner_text() == "0\u00a0→\u00a05"
    assert line.locator(".rb-verdict a.rb-ref").count() == 1
    assert not line.locator(".rb-why").is_visible()
    # The line says what happened and what follows (the engine's summary), once.
    summary = line.locator(".rb-verdict .rb-summary")
    assert summary.count() == 1 and summary.is_visible() and summary.inner_text().strip()
    screenshot(page, "words-calculator-line", f"{calc('kovboy')} [data-rb-result]")
    height = line.bounding_box()["height"]
    assert height < 160, f"the calculator's answer is {height} px tall"


def test_drawing_names_state_and_focus(tool_page, base_url):
    page = tool_page(PHONE_390)
    tool = open_scorekeeper(page, base_url, "kovboy", ["Аня", "Борис"])
    form = tool.locator("[data-rb-action-form]")
    for ball in form.locator("[data-rb-tap=ball]").all():
        visible = ball.locator("text").first.text_content().strip()
        assert ball.get_attribute("aria-label").startswith(f"{visible} — шар "), ball.get_attribute("aria-label")
    one = form.locator("[data-rb-tap=ball][data-rb-id='1']")
    one.focus()
    page.keyboard.press("Enter")
    one = form.locator("[data-rb-tap=ball][data-rb-id='1']")
    assert one.get_attribute("aria-current") == "true" and one.get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.getAttribute('data-rb-id')") == "1"
    pocket = form.locator("[data-rb-tap=pocket][data-rb-id='\"far-left\"']")
    pocket.focus()
    page.keyboard.press("Enter")  # the 1 drops there: the pocket's name changes, the focus stays on it
    focused = page.evaluate("[document.activeElement.tagName, document.activeElement.getAttribute('data-rb-tap'),"
                            " document.activeElement.getAttribute('data-rb-id')]")
    assert focused == ["g", "pocket", json.dumps("far-left")], focused
    assert form.locator("[data-rb-tap=ball][data-rb-id='1']").get_attribute("aria-current") is None


# Each caption under a ball or a spot: its text, and whether it overlaps another caption or a ball.
CAPTIONS = """(svg) => {
  const boxes = (sel) => [...svg.querySelectorAll(sel)].map((el) => ({ text: el.textContent, r: el.getBoundingClientRect() }));
  const notes = boxes('.rb-t-note');
  const faces = boxes('.rb-t-face');
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const clashes = [];
  notes.forEach((n, i) => {
    notes.slice(i + 1).forEach((m) => { if (meet(n.r, m.r)) clashes.push(`«${n.text}» / «${m.text}»`); });
    faces.forEach((f) => { if (meet(n.r, f.r)) clashes.push(`«${n.text}» на шаре`); });
  });
  return { notes: notes.map((n) => n.text), clashes };
}"""


def test_a_ball_its_letter_does_not_name_is_captioned(tool_page, base_url):
    """«Кайза»: the white «Б» is the opponent's (a newcomer read it as Борис's initial);
    «Пробка»: the object ball had no word at all. Each is captioned under it, like «биток»,
    and no caption covers another or a ball."""
    for game, names, caption in (("kaiza", ["Аня", "Борис"], "соперника"),
                                 ("probka", ["Аня", "Борис", "Вера"], "прицельный")):
        page = tool_page(PHONE_390)
        tool = open_scorekeeper(page, base_url, game, names)
        svg = tool.locator("[data-rb-action-form] svg.rb-table-svg")
        found = svg.evaluate(CAPTIONS)
        screenshot(page, f"words-{game}-captions", f"#rb-scorekeeper-{game} [data-rb-action-form] svg.rb-table-svg")
        assert caption in found["notes"] and "биток" in found["notes"], found
        assert not found["clashes"], found
        # A ball's button shows its letter alone, the start of its name (2.5.3, axe
        # label-content-name-mismatch: «Б соперника» in «Б — шар белый соперника»).
        mismatched = svg.evaluate("""(svg) => [...svg.querySelectorAll('[data-rb-tap=ball]')].filter((b) => {
          const seen = [...b.querySelectorAll('text')].map((t) => t.textContent.trim()).filter(Boolean).join(' ');
          return seen && !(b.getAttribute('aria-label') || '').toLowerCase().startsWith(seen.toLowerCase()); })
          .map((b) => b.getAttribute('aria-label'))""")
        assert mismatched == [], mismatched
        page.close()
