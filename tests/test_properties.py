"""Invariants under random play, for every game (STYLE.md point 15)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_pkg.api import handle, handle_json
from rules_pkg.games import GAMES
from rules_pkg.match import REPLAYS

from tests.randplay import internal_state, new_match, random_ruling_request

GAME_IDS = [g.id for g in GAMES.values() if g.tools]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def scores(view):
    return [p["score"] for p in view["players"]]


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_match_invariants(game_id, seed):
    rng = random.Random(seed)
    game = GAMES[game_id]
    out = new_match(game_id, rng)
    history = [(out["state"], out["view"], [])]
    everything = {"state": True, "history": {"last": 200}}
    for _ in range(30):
        state, view, rulings = history[-1]
        if view["finished"]:
            # a finished match refuses every further action
            refused = handle({"op": "match.play", "state": state, "action": {"type": "shot"}})
            assert not refused["ok"] and refused["error"]["code"] == "state"
            break
        action = game.random_action(internal_state(state), rng)
        out = handle({"op": "match.play", "state": state, "action": action, "want": everything})
        assert out["ok"], (action, out)
        ruling = out["ruling"]
        # scores change only through rulings: the ruling's scores are the new view's scores
        # (a game whose text defines no score, like «по часовой стрелке», has none on either side)
        assert ruling["scores"] == scores(out["view"]) or (
            ruling["scores"] == [] and all(s is None for s in scores(out["view"])))
        assert out["history"]["items"] == rulings + [ruling]
        assert out["history"]["total"] == out["view"]["history_length"] == len(rulings) + 1
        # the state is the page's local update: the action appended, nothing left to redo
        assert out["state"] == {**state, "actions": state["actions"] + [action], "undone": []}
        assert out["log"] == {"actions": len(rulings) + 1, "undone": 0}
        # every cited id is declared by the game
        declared = {c.id for c in game.clauses} | {t.id for t in game.tolkovaniya} | {o.id for o in game.outside}
        assert set(ruling["clauses"]) | set(ruling["tolkovaniya"]) | set(ruling["outside"]) <= declared
        # a ruling no clause decided (e.g. a shot the text gives no outcome) rests on a толкование
        assert ruling["clauses"] or ruling["tolkovaniya"], "every ruling cites what it rests on"
        # undo restores the previous state exactly; redo replays the same ruling
        undone = handle({"op": "match.undo", "state": out["state"], "want": everything})
        assert undone["ok"] and undone["ruling"] == ruling
        assert undone["state"] == {**state, "undone": [action]}
        assert undone["history"]["items"] == rulings
        assert {**undone["view"], "can_redo": False} == {**view, "can_redo": False}
        redone = handle({"op": "match.redo", "state": undone["state"], "want": everything})
        assert redone["ok"] and redone["ruling"] == ruling and redone["view"] == out["view"]
        assert redone["state"] == out["state"] and redone["history"] == out["history"]
        # states round-trip through JSON and survive a reload (match.view), with or
        # without the engine's cache of replayed matches
        text = json.dumps(out["state"], ensure_ascii=False)
        for cold in (False, True):
            if cold:
                REPLAYS.clear()
            reloaded = handle({"op": "match.view", "state": json.loads(text), "want": everything})
            assert reloaded["ok"] and reloaded["view"] == out["view"] and reloaded["history"] == out["history"]
        history.append((out["state"], out["view"], rulings + [ruling]))


@pytest.mark.parametrize("game_id", [g.id for g in GAMES.values() if "calculator" in g.tools])
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_ruling_requests_roundtrip_through_json(game_id, seed):
    request = random_ruling_request(game_id, random.Random(seed))
    direct = handle(request)
    assert direct["ok"], (request, direct)
    via_text = json.loads(handle_json(json.dumps(request, ensure_ascii=False)))
    assert via_text == json.loads(json.dumps(direct, ensure_ascii=False))
    assert direct["ruling"]["clauses"] or direct["ruling"]["tolkovaniya"]
