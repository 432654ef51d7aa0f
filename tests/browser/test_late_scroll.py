"""A scroll asked for before the reader's next input is not made after it
(scroll-room.js inputMark / movedSince): on a busy phone the engine's answer,
a frame or a queued task comes after the next Tab or touch, and the page had
jumped back — the focused control off screen or under a bar (CI's keyboard
runs; fragment-target.js and form.js have their own tests in
test_fragment_targets.py and test_fields_clear_of_bars.py).

Here the tools' answers: «Записать удар» in the scorekeeper, «Рассчитать»
in the calculator and «Ответить» in the тренажёр, each followed in the same task (before the engine can
answer) by a key and the focus on the tool's own summary at the top (the header's
first link in the тренажёр): when
the answer comes, the page stays where the focus took it."""

from __future__ import annotations

from tools_helpers import ENGINE_TIMEOUT_MS, calc, history_count, open_game, sk, start_on_table, wait_history

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "service_workers": "block", "reduced_motion": "reduce"}
FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 60))))"

# Press the tool's button, then (same task) a Tab and the focus on the tool's summary.
PRESS_THEN_GO_ON = """([button, summary]) => {
  document.querySelector(button).click();
  window.dispatchEvent(new KeyboardEvent('keydown', {key: 'Tab', bubbles: true}));
  document.querySelector(summary).focus();
  return document.activeElement.getBoundingClientRect().top;
}"""
FOCUS_TOP = "() => document.activeElement.getBoundingClientRect().top"


def test_a_record_answered_after_the_player_went_on_leaves_the_page_still(tool_page, base_url):
    page = tool_page(PHONE)
    tool = start_on_table(page, base_url, "kovboy", ["Аня", "Борис"])
    tool.locator("[data-rb-action-form] [data-rb-shot-tool=miss]").tap()
    before = history_count(page, "kovboy")
    placed = page.evaluate(PRESS_THEN_GO_ON, [f"{sk('kovboy')} [data-rb-play]", f"{sk('kovboy')} > summary"])
    wait_history(page, "kovboy", before + 1)
    page.evaluate(FRAMES)
    moved = page.evaluate(FOCUS_TOP) - placed
    assert abs(moved) < 1, f"после ответа движка страница сдвинута на {moved:.0f} px, хотя игрок ушёл дальше"


def test_an_answer_after_the_reader_went_on_neither_scrolls_nor_takes_the_focus(tool_page, base_url):
    page = tool_page(PHONE)
    open_game(page, base_url, "kovboy", calc("kovboy"), form_view=False)
    page.evaluate("sel => { document.querySelector(sel).open = true; }", calc("kovboy"))
    page.locator(f"{calc('kovboy')} [data-rb-shot-tool=miss]").first.tap()
    placed = page.evaluate(PRESS_THEN_GO_ON, [f"{calc('kovboy')} [data-rb-submit]", f"{calc('kovboy')} > summary"])
    page.locator(f"{calc('kovboy')} [data-rb-result] .rb-ruling").wait_for()
    page.evaluate(FRAMES)
    assert page.evaluate("sel => document.activeElement === document.querySelector(sel)", f"{calc('kovboy')} > summary")
    moved = page.evaluate(FOCUS_TOP) - placed
    assert abs(moved) < 1, f"после ответа страница сдвинута на {moved:.0f} px, хотя читатель ушёл дальше"


def test_a_verdict_checked_after_the_learner_went_on_neither_scrolls_nor_takes_the_focus(make_page, base_url):
    page = make_page(**PHONE)
    page.goto(base_url + "trainer/?game=kovboy&seed=5")
    card = page.locator(".rb-trainer-card")
    card.wait_for(timeout=ENGINE_TIMEOUT_MS)
    card.locator("[data-rb-choice]").first.click()
    placed = page.evaluate(PRESS_THEN_GO_ON, [".rb-trainer-card [data-rb-trainer-answer]", "a.md-skip, .md-header a"])
    card.locator(".rb-trainer-verdict .rb-quiz-feedback").wait_for(timeout=ENGINE_TIMEOUT_MS)
    page.evaluate(FRAMES)
    assert not page.evaluate("() => !!document.activeElement.closest('.rb-trainer-verdict')"), "вердикт забрал фокус"
    moved = page.evaluate(FOCUS_TOP) - placed
    assert abs(moved) < 1, f"после проверки страница сдвинута на {moved:.0f} px, хотя ученик ушёл дальше"
    assert page.page_errors == []
