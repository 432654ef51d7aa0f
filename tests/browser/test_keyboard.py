"""Every game's calculator driven by the keyboard only, at phone and desktop
size: from the skip link («Перейти к содержанию») Tab reaches «Рассчитать»,
Enter gives the answer. After every press the focused element must not be
<body>, must be on screen and not covered by another element (a sticky bar),
and must show a focus indicator of at least 3:1 (WCAG 2.4.7, 2.4.11, 1.4.11).

The number of presses to an answer is printed; the issue's target (≤ 20 from
the skip link) is asserted separately and marked xfail until the shot form's
keyboard path is shortened (calculator.js / shot-input.js, drawing16)."""

from __future__ import annotations

import pytest

from a11y_helpers import focus_problem
from test_tools_layout import GAMES as TOOL_GAMES
from tools_helpers import DESKTOP, PHONE, calc, dismiss_toasts, use_form_view, wait_engine_ready

pytestmark = pytest.mark.browser

# Focus problems in another helper's files this round, by (where, what, text
# of the element): printed, not failed; the lead removes an entry once the
# owner's branch is merged.
KNOWN_ELSEWHERE = {
    # After «Рассчитать» on the desktop the result scrolls into view and focus
    # stays on the button, now off screen (calculator.js, drawing16).
    ("после ответа", "вне экрана", "«Рассчитать»"): "drawing16",
}
MAX_TABS = 250  # a bound: far more than any form has stops
TARGET_PRESSES = 20


def open_calculator_by_keyboard(page, base_url, game, device):
    use_form_view(page)
    page.goto(f"{base_url}games/{game}/")
    wait_engine_ready(page, calc(game))
    dismiss_toasts(page)
    # Opened without a click, so every game starts alike and the last input was no pointer.
    page.evaluate("sel => { document.querySelector(sel).open = true; window.scrollTo(0, 0); }", calc(game))


def presses_to_answer(page, game) -> tuple[int, list[str]]:
    """From the skip link (the page's first Tab stop): Enter on it, then Tab to
    «Рассчитать» and Enter; returns (presses after the skip link, problems)."""
    problems: list[str] = []
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('md-skip')"), \
        "первая остановка Tab — не ссылка «Перейти к содержанию»"
    assert focus_problem(page) is None, f"ссылка пропуска: {focus_problem(page)}"
    page.keyboard.press("Enter")
    presses = 1
    submit = f"{calc(game)} [data-rb-submit]"
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        presses += 1
        if (problem := focus_problem(page)):
            problems.append(f"нажатие {presses}: {problem}")
        if page.evaluate("sel => document.activeElement === document.querySelector(sel)", submit):
            break
    else:
        pytest.fail(f"{game}: Tab не дошёл до «Рассчитать» за {MAX_TABS} нажатий")
    page.keyboard.press("Enter")
    presses += 1
    page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=calc(game), timeout=90_000)
    page.locator(f"{calc(game)} [data-rb-result] .rb-ruling, {calc(game)} .rb-error:visible").first.wait_for()
    if (problem := focus_problem(page)):
        problems.append(f"после ответа: {problem}")
    return presses, problems


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("game", list(TOOL_GAMES))
def test_calculator_by_keyboard_focus_always_visible(tool_page, base_url, game, device):
    page = tool_page(device)
    open_calculator_by_keyboard(page, base_url, game, device)
    presses, problems = presses_to_answer(page, game)
    print(f"{game} {device['viewport']['width']}: {presses} нажатий от ссылки пропуска до ответа")
    known = [p for p in problems if any(all(part in p for part in key) for key in KNOWN_ELSEWHERE)]
    for p in known:
        print(f"{game}: другой исполнитель: {p}")
    problems = [p for p in problems if p not in known]
    assert problems == [], f"{game}: фокус не виден или потерян:\n" + "\n".join(problems)


@pytest.mark.xfail(strict=False, reason="the shot form has more stops than 20 before «Рассчитать»"
                   " (issue 17, effort item; calculator.js / shot-input.js belong to drawing16)")
@pytest.mark.parametrize("game", list(TOOL_GAMES))
def test_calculator_answer_within_twenty_presses(tool_page, base_url, game):
    page = tool_page(DESKTOP)
    open_calculator_by_keyboard(page, base_url, game, DESKTOP)
    presses, _ = presses_to_answer(page, game)
    assert presses <= TARGET_PRESSES, f"{game}: {presses} нажатий до ответа"
