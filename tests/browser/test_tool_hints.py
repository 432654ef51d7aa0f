"""Each hint under a field belongs to its own tool (newcomer 2026-12-05 § 15): the
scorekeeper's new-match setup and record form say nothing that concerns only the
calculator («В калькуляторе первый в списке — Игрок 1…», the calculator's player numbers),
in every game; the calculator keeps its own hints. The field's ``help_tool``
(rules_pkg/fields.py) decides; sitebuild/templates/_fields.html.j2 obeys it."""

from __future__ import annotations

import re

import pytest

from tools_helpers import PHONE_390, calc, sk

pytestmark = pytest.mark.browser

GAMES = ["kovboy", "pyat-sharov", "kaiza", "probka", "po-chasovoy", "kladka-kiem"]
# What only the calculator has: its word, its two players «Игрок» and «Соперник», players by number.
CALCULATOR_ONLY = re.compile(r"калькулятор|«Игрок»|«Соперник»|[Нн]омер по списку", re.IGNORECASE)

# Every hint of a tool's forms, shown now or once its field applies (a «when» field).
HINTS = """sel => [...document.querySelectorAll(sel + ' form .rb-help')].map(p => p.textContent.replace(/\\s+/g, ' ').trim())"""


@pytest.mark.parametrize("game", GAMES)
def test_the_scorekeeper_shows_no_hint_of_the_calculator(make_page, base_url, game):
    page = make_page(**PHONE_390)
    page.goto(f"{base_url}games/{game}/")
    page.locator(f"{sk(game)} [data-rb-setup]").wait_for(state="attached")
    hints = page.evaluate(HINTS, sk(game))
    assert hints, "the control: the scorekeeper's forms have hints"
    assert [h for h in hints if CALCULATOR_ONLY.search(h)] == []


def test_the_calculator_keeps_its_own_hints(make_page, base_url):
    page = make_page(**PHONE_390)
    page.goto(f"{base_url}games/kladka-kiem/")
    hints = page.evaluate(HINTS, calc("kladka-kiem"))
    assert "В калькуляторе первый в списке — Игрок 1, второй — Игрок 2." in hints
    page.goto(f"{base_url}games/probka/")
    assert any(h.startswith("Номер по списку игроков") for h in page.evaluate(HINTS, calc("probka")))
