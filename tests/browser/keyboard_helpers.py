"""Driving a tool by the keyboard only (test_keyboard*.py): keys pressed one
by one, counted, and after each the focus checked (a11y_helpers.focus_problem:
not <body>, on screen, not covered, an indicator of at least 3:1).

A place to go is a field, "scope.name" (the form's own field, not the
drawing's chips of the same name), or a CSS selector inside the tool; the
focus moves there by Tab, or by Shift+Tab when it lies above the focus."""

from __future__ import annotations

from pathlib import Path

import pytest

from a11y_helpers import focus_problem
from rules_pkg.ru import plural
from tools_helpers import ENGINE_TIMEOUT_MS

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "keyboard"  # gitignored: for a person to look at

MAX_TABS = 250  # a bound: far more than any form has stops

_TARGET = """([tool, where]) => { const root = document.querySelector(tool);
    const m = /^(situation|action|options)\\.(\\w+)$/.exec(where);
    if (!m) return root.querySelector(where);
    return [...root.querySelectorAll(`[data-rb-field="${m[2]}"][data-rb-scope="${m[1]}"]`)]
        .find(f => !f.closest('[hidden]') && !f.closest('[data-rb-shot]')) || null; }"""
AT = f"""args => {{ const t = ({_TARGET})(args); const el = document.activeElement;
    return !!t && !!el && (t === el || t.contains(el)); }}"""
AFTER = f"""args => {{ const t = ({_TARGET})(args); const el = document.activeElement;
    if (!t || !el || el === document.body) return true;
    return !!(el.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING); }}"""


def presses(n: int) -> str:
    return f"{n} {plural(n, 'нажатие', 'нажатия', 'нажатий')}"


def save_screen(page, name: str) -> None:
    """What the keyboard user sees now (the focus ring included)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


class Keys:
    """Presses keys in one tool and keeps every focus problem, with the press it followed."""

    def __init__(self, page, tool: str, name: str):
        self.page, self.tool, self.name = page, tool, name
        self.presses = 0
        self.problems: list[str] = []

    def check(self, when: str) -> None:
        if (problem := focus_problem(self.page)):
            self.problems.append(f"{when}: {problem}")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1
        self.check(f"нажатие {self.presses} ({key})")

    def from_skip_link(self) -> None:
        """The page's first Tab stop is the skip link (not counted); Enter on it is."""
        self.page.keyboard.press("Tab")
        assert self.page.evaluate("() => document.activeElement.classList.contains('md-skip')"), \
            "первая остановка Tab — не ссылка «Перейти к содержанию»"
        self.check("ссылка пропуска")
        self.press("Enter")

    def to_tab(self, tab: str) -> None:
        """On a phone the skip link leads to the tab bar's shown tab (layout.js): Tab to the tool's own
        tab («calculator», «tools» for «Счёт»), Enter — «Правила» shows no tool —, and the focus is at
        the tool's summary. Nothing on a desktop."""
        if not self.page.locator(".rb-tabs").is_visible():
            return
        assert self.page.evaluate("() => document.activeElement.matches('.rb-tabs [aria-pressed=true]')"), \
            "ссылка пропуска привела не к кнопке показанной вкладки"
        for _ in range(4):
            if self.page.evaluate("t => document.activeElement.dataset.rbTab === t", tab):
                self.press("Enter")
                assert self.page.evaluate("t => document.activeElement.matches(t + ' > summary')", self.tool), \
                    "вкладка выбрана клавишей, а фокус не на её инструменте"
                return
            self.press("Tab")
        pytest.fail(f"{self.name}: Tab не дошёл до вкладки {tab}")

    def go(self, where: str) -> None:
        key = "Tab" if self.page.evaluate(AFTER, [self.tool, where]) else "Shift+Tab"
        for _ in range(MAX_TABS):
            if self.page.evaluate(AT, [self.tool, where]):
                return
            self.press(key)
        pytest.fail(f"{self.name}: {key} не дошёл до {where} за {MAX_TABS} нажатий")

    def fill(self, steps) -> None:
        """steps: [(where, [keys])]: go to each place, press its keys."""
        for where, keys in steps:
            self.go(where)
            for key in keys:
                self.press(key)

    def wait_idle(self) -> None:
        self.page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=self.tool,
                                    timeout=ENGINE_TIMEOUT_MS)
