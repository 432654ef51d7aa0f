"""What a tool shows before its code has mounted it (the calculator's form as the
page was built, while the engine and the tool's module load) stands where what
replaces it will stand: the «Ковбой» calculator opened from the home page showed
its chips, then the drawing in their place (layout shift 0.168,
notes/newcomer-2026-12-04-night.md, item 9). Every game's calculator, opened by
its link, on a phone and a desktop, its module held back for a moment so that the
page is painted before the tool is mounted."""

from __future__ import annotations

import re

import pytest
from test_no_load_shift import SETTLED, SHIFTS
from tools_helpers import DESKTOP, PHONE_390, calc, wait_engine_ready

pytestmark = pytest.mark.browser

GAMES = ("kovboy", "pyat-sharov", "kaiza", "probka", "po-chasovoy", "kladka-kiem")


def held_module(page, pattern: str, ms: int) -> None:
    """The tool's module is answered ``ms`` later than asked: the page is painted without it."""
    def later(route):
        page.wait_for_timeout(ms)
        route.continue_()
    page.route(re.compile(pattern), later)


@pytest.mark.parametrize("device", [PHONE_390, DESKTOP], ids=["phone", "desktop"])
def test_the_calculator_does_not_move_when_its_code_mounts_it(tool_page, base_url, device):
    moved = {}
    page = tool_page(device)
    page.add_init_script(SHIFTS)
    held_module(page, r".*/assets/js/calculator/index\.js$", 700)
    for game in GAMES:
        page.goto(f"{base_url}games/{game}/#rb-calculator-{game}")
        wait_engine_ready(page, calc(game))
        page.evaluate(SETTLED)
        shifts = page.evaluate("() => window.__loadShifts.filter((s) => !s.recent)")
        # Left: the summary's progress line as the page settles under the tab bar (1e-4).
        if sum(s["value"] for s in shifts) >= 0.001:
            moved[game] = (round(sum(s["value"] for s in shifts), 4), shifts[:3])
    assert moved == {}, f"калькулятор сдвигается, когда появляется рисунок: {moved}"
