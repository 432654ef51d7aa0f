"""A quiz's numeric answer typed by keyboard (issue 17, 3.3.1 and 4.1.2): a
text that is no whole number marks the field invalid (aria-invalid) and the
message saying so is its description (aria-describedby), announced (role
alert); a number typed over it clears both."""

from __future__ import annotations

import pytest

from sitebuild.quiz import Engine, load_file
from sitebuild.quiz.variant import quiz_variant
from test_quiz_page import PAGE, ROOT, start

pytestmark = pytest.mark.browser

SEED, N = 5, 26

STATE = """() => { const input = document.querySelector('form[data-rb-question] input.rb-quiz-number');
    const ids = (input.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean);
    const described = ids.map(id => document.getElementById(id)).filter(el => el && !el.hidden)
        .map(el => el.textContent.trim()).join(' | ');
    const error = document.querySelector('form[data-rb-question] .rb-quiz-field-error');
    return {focused: document.activeElement === input, invalid: input.getAttribute('aria-invalid'),
            described, role: error && error.getAttribute('role'), errorId: error && error.id, ids}; }"""


def test_numeric_answer_error_is_tied_to_the_field(make_page, base_url):
    quiz = load_file(ROOT / "quizzes" / "kovboy.toml", Engine())
    variant = quiz_variant(quiz, SEED, N)
    k = next(i for i, v in enumerate(variant) if quiz.question(v["id"]).type == "number")
    page = make_page(viewport={"width": 1280, "height": 900}, service_workers="block")
    start(page, f"{base_url}{PAGE}?seed={SEED}&n={N}&mode=practice")
    page.locator(".rb-quiz-map-item").nth(k).click()
    page.locator("form[data-rb-question] input.rb-quiz-number").focus()
    for key in ["1", "x"]:
        page.keyboard.press(key)
    s = page.evaluate(STATE)
    assert s["focused"]
    assert s["invalid"] == "true", s
    assert s["errorId"] in s["ids"] and s["role"] == "alert", s
    assert "целое число" in s["described"], s
    page.keyboard.press("Backspace")
    s = page.evaluate(STATE)
    assert s["invalid"] is None, s
    assert "целое число" not in s["described"], s
