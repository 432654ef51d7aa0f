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
