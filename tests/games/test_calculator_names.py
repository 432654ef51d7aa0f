"""The one-shot calculator names its players with placeholder names, not role words.

A name stands inside sentences («Следующий удар: Игрок 2.», «Победа: Игрок 2 — 64 очка»):
a role word there («Соперник») reads as a capital mid-sentence, so every game uses the
same numbered names, capitalised as names are."""

from __future__ import annotations

import re

import pytest

from rules_pkg.games import GAMES, load_all

load_all()
PLACEHOLDER = re.compile(r"Игрок \d+")


@pytest.mark.parametrize("game_id", sorted(g.id for g in GAMES.values()))
def test_calculator_names_are_numbered_placeholders(game_id):
    game = GAMES[game_id]
    options = {f.name: f.default for f in game.option_fields()}
    state = game.initial_state(2, options)
    names = game.calculator_names(state)
    assert len(names) >= 2 and all(PLACEHOLDER.fullmatch(n) for n in names), names



@pytest.mark.parametrize("game_id", sorted(g.id for g in GAMES.values() if "calculator" in g.tools))
def test_the_calculator_says_who_strikes(game_id):
    """The form says «Очки игрока», «Решение соперника»; the answer «Следующий удар: Игрок 2»
    (a newcomer: «who is Игрок 2?»). The declaration names who strikes for the shot's legend,
    unless the shot itself asks for the shooter's number."""
    game = GAMES[game_id]
    declaration = game.declaration()
    asks_shooter = any(f["name"] == "shooter" for a in declaration["actions"] for f in a["fields"])
    options = {f.name: f.default for f in game.option_fields()}
    names = game.calculator_names(game.initial_state(2, options))
    assert declaration["calculator_shooter"] == (None if asks_shooter else names[0])


def test_a_game_without_a_calculator_names_no_shooter():
    assert all(g.declaration()["calculator_shooter"] is None for g in GAMES.values() if "calculator" not in g.tools)
