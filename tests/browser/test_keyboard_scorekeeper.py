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

from keyboard_helpers import Keys, presses, save_screen
from test_tools_layout import GAMES as TOOL_GAMES
from tools_helpers import (DESKTOP, ENGINE_TIMEOUT_MS, PHONE, dismiss_toasts, history_count, sk, use_form_view,
                           wait_engine_ready)

pytestmark = pytest.mark.browser

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

class MatchKeys(Keys):
    def answered(self, total: int, what: str) -> None:
        """Waits for the engine's answer; the history must have `total` records."""
        self.wait_idle()
        errors = self.page.locator(f"{self.tool} [data-rb-match-error]:visible").all_inner_texts()
        assert history_count(self.page, self.name) == total, f"{self.name}: {what} не записан(о): {errors}"
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
    keys = MatchKeys(page, sk(game), game)
    keys.from_skip_link()
    keys.to_tab("tools")
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
    save_screen(page, f"{game}-{device['viewport']['width']}-scorekeeper-undo")
    print(f"{game} {device['viewport']['width']}: партия, три удара и отмена за {presses(keys.presses)}")
    assert keys.problems == [], f"{game}: фокус не виден или потерян:\n" + "\n".join(keys.problems)
