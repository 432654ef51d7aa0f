"""Every game's scorekeeper driven by the keyboard only (issue 17), in the shot
input's form view, at phone and desktop size: from the skip link the match is
started («Начать партию»), three shots are recorded («Записать удар») and the
last one undone (↶). After every press, and after every answer of the engine,
the focused element must not be <body>, must be on screen and not covered by a
sticky bar, and must show a focus indicator of at least 3:1 (WCAG 2.4.3,
2.4.7, 2.4.11, 1.4.11). The focus moves by Tab, or by Shift+Tab when the next
control is above it (a player goes back up to the shot after recording)."""

from __future__ import annotations

import pytest

from a11y_helpers import focus_problem
from test_tools_layout import GAMES as TOOL_GAMES
from tools_helpers import (DESKTOP, ENGINE_TIMEOUT_MS, PHONE, dismiss_toasts, history_count, sk, use_form_view,
                           wait_engine_ready)

pytestmark = pytest.mark.browser

MAX_TABS = 120

# Each game's shot, typed: for each field (scope.name, or a CSS selector inside
# the scorekeeper) its keys. The same shot is recorded three times; a game that
# asks a decision first has it in FIRST.
SHOTS = {
    "kovboy": [("action.contacts", ["3", "Space"]), ("action.pocketed", ["3", "Space"])],
    "pyat-sharov": [("action.ball", ["ArrowRight"]), ("action.pocket", ["ArrowDown"])],
    "kaiza": [("action.contact", ["Space"])],  # no ball touched: a foul
    "probka": [("action.shooter", ["Space"]), ("action.probka", ["Space"])],
    "po-chasovoy": [("action.pocket", ["ArrowDown"])],
    "kladka-kiem": [("action.potted", ["1"])],
}
# Asked of a player's first stroke only (then the engine hides the field).
FIRST_SHOT = {
    "kladka-kiem": [("action.opening", ["ArrowRight"])],  # «Разбивка пирамиды»
}
FIRST = {
    # Which pocket is the «единица»'s: the rules leave it to the players.
    "po-chasovoy": [("[data-rb-decision-options] button", ["Enter"])],
}

AT = """([tool, where]) => { const el = document.activeElement;
    if (!el || !el.closest(tool)) return false;
    if (!where.includes('.') || where.includes(' ') || where.startsWith('[')) return el.matches(tool + ' ' + where);
    const [scope, name] = where.split('.');
    const f = el.closest('[data-rb-field]');
    return !!f && f.dataset.rbScope === scope && f.dataset.rbField === name && !f.closest('[data-rb-shot]'); }"""

# Whether the target comes after the focus in the document (Tab) or before it (Shift+Tab).
AFTER = """([tool, where]) => { const root = document.querySelector(tool);
    const t = where.includes('.') && !where.includes(' ') && !where.startsWith('[')
        ? root.querySelector(`[data-rb-field="${where.split('.')[1]}"][data-rb-scope="${where.split('.')[0]}"]:not([hidden])`)
        : root.querySelector(where);
    const el = document.activeElement;
    if (!t || !el || el === document.body) return true;
    return !!(el.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING); }"""


class Keys:
    """Presses keys and keeps every focus problem, with the press it followed."""

    def __init__(self, page, game: str):
        self.page, self.game, self.tool = page, game, sk(game)
        self.presses = 0
        self.problems: list[str] = []

    def check(self, when: str) -> None:
        if (problem := focus_problem(self.page)):
            self.problems.append(f"{when}: {problem}")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1
        self.check(f"нажатие {self.presses} ({key})")

    def go(self, where: str) -> None:
        key = "Tab" if self.page.evaluate(AFTER, [self.tool, where]) else "Shift+Tab"
        for _ in range(MAX_TABS):
            if self.page.evaluate(AT, [self.tool, where]):
                return
            self.press(key)
        pytest.fail(f"{self.game}: {key} не дошёл до {where}")

    def fill(self, steps) -> None:
        for where, keys in steps:
            self.go(where)
            for key in keys:
                self.press(key)

    def answered(self, total: int, what: str) -> None:
        """Waits for the engine's answer; the history must have `total` records."""
        self.page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=self.tool,
                                    timeout=ENGINE_TIMEOUT_MS)
        errors = self.page.locator(f"{self.tool} [data-rb-match-error]:visible").all_inner_texts()
        assert history_count(self.page, self.game) == total, f"{self.game}: {what} не записан(о): {errors}"
        self.check(f"после ответа ({what})")


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("game", list(TOOL_GAMES))
def test_scorekeeper_by_keyboard_focus_always_visible(tool_page, base_url, game, device):
    page = tool_page(device)
    use_form_view(page)
    page.goto(f"{base_url}games/{game}/")
    wait_engine_ready(page, sk(game))
    dismiss_toasts(page)
    page.evaluate("sel => { document.querySelector(sel).open = true; window.scrollTo(0, 0); }", sk(game))
    keys = Keys(page, game)
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('md-skip')")
    keys.press("Enter")
    keys.go("[data-rb-setup] button[type=submit]")
    keys.press("Enter")
    page.wait_for_function(
        "sel => { const m = document.querySelector(sel + ' [data-rb-match]');"
        " return !m.hidden && !document.querySelector(sel).dataset.rbBusy; }", arg=sk(game), timeout=ENGINE_TIMEOUT_MS)
    keys.check("партия начата")
    total = 0
    if game in FIRST:
        keys.fill(FIRST[game])
        total += 1
        keys.answered(total, "решение")
    for shot in range(1, 4):
        keys.fill((FIRST_SHOT.get(game, []) if shot == 1 else []) + SHOTS[game])
        keys.go("[data-rb-play]")
        keys.press("Enter")
        total += 1
        keys.answered(total, f"удар {shot}")
    keys.go("[data-rb-undo]")
    keys.press("Enter")
    total -= 1
    keys.answered(total, "отмена")
    print(f"{game} {device['viewport']['width']}: партия, три удара и отмена за {keys.presses} нажатий")
    assert keys.problems == [], f"{game}: фокус не виден или потерян:\n" + "\n".join(keys.problems)
