"""The plain-text match protocol and the declared score unit."""

from __future__ import annotations

import random

import pytest

from rules_pkg.api import handle
from rules_pkg.games import GAMES

from tests.randplay import next_state, play_random_match


def test_protocol_lists_every_shot_with_its_ruling_and_clauses():
    state = handle({"op": "match.new", "game": "kovboy", "players": ["Аня", "Борис"]})["state"]
    for action in ({"contacts": [3]}, {"contacts": [1, 3], "pocketed": [1]}, {"contacts": [5], "cushion": False}):
        state = handle({"op": "match.play", "want": {"state": True}, "state": state, "action": action})["state"]
    text = handle({"op": "match.protocol", "state": state})["text"]
    lines = text.splitlines()
    assert lines[0] == "Партия «Ковбой»" and lines[1] == "Игроки: Аня, Борис"
    assert "1. Аня: Каких прицельных шаров коснулся биток (по порядку): 3 (тройка)" in lines
    assert any(l.startswith("2. Борис:") and "1 (единица) → 3 (тройка)" in l for l in lines)
    assert "   Решение: +2 очка, серия продолжается. Борис: 2 очка." in lines
    assert any("Правило 2: после касания шар должен дойти до борта" in l for l in lines)
    assert "Счёт: Аня — 0 очков, Борис — 0 очков" in lines  # Борис's series of 2 was cancelled by the foul
    assert lines[-1] == "Ход: Аня."


@pytest.mark.parametrize("game_id", [g.id for g in GAMES.values() if "scorekeeper" in g.tools])
def test_protocol_of_random_matches_has_one_entry_per_action(game_id):
    rng = random.Random(5)
    state = None
    for request, out in play_random_match(game_id, rng, max_actions=20):
        if out["ok"]:
            state = next_state(request["state"], request)
    if state is None:
        pytest.skip("no action accepted")
    text = handle({"op": "match.protocol", "state": state})["text"]
    for i in range(1, len(state["actions"]) + 1):
        assert f"\n{i}. " in text
    assert text.count("   Решение: ") == len(state["actions"])


def test_declared_score_units():
    decl = {g: handle({"op": "describe", "game": g})["game"]["score"] for g in GAMES}
    assert decl["kovboy"] == {"forms": ["очко", "очка", "очков"], "lower_wins": False}
    assert decl["kladka-kiem"] == {"forms": ["удар", "удара", "ударов"], "lower_wins": True}
    assert decl["po-chasovoy"] is None and decl["snimanie-rukoy"] is None
