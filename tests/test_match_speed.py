"""A long match costs what a short one costs: at most one replay per request,
none when the engine holds the state the request continues (the cache of
replayed matches), length limits before any replay, responses whose size does
not grow with the log, and ``undone`` validated on load like ``actions``.

Replays are counted by the number of times the game's ``apply`` runs."""

from __future__ import annotations

import json

import pytest

from rules_pkg.api import handle, handle_json
from rules_pkg.core import MAX_ACTIONS, MAX_PLAYERS_HARD
from rules_pkg.games import GAMES
from rules_pkg.match import REPLAYS

KOVBOY = GAMES["kovboy"]
TOUCH_3 = {"type": "shot", "contacts": [3], "pocketed": [], "jumped": [], "cushion": True,
           "cue_ball": "table", "spot_occupied": []}
MISS = {"type": "shot", "contacts": [], "cushion": True, "cue_ball": "table"}


def stored(actions, undone=()):
    return {"format": "rules_pkg.match/1", "game": "kovboy", "players": ["Аня", "Борис"], "options": {},
            "actions": json.loads(json.dumps(list(actions))), "undone": json.loads(json.dumps(list(undone)))}


def long_state(n: int, undone: int = 0) -> dict:
    shots = [TOUCH_3] + [MISS] * (n - 1)
    return stored(shots, [MISS] * undone)


@pytest.fixture
def applies(monkeypatch):
    """How many times «Ковбой»'s rules were applied (one per replayed action)."""
    calls = []
    original = type(KOVBOY).apply

    def counting(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(type(KOVBOY), "apply", counting)
    REPLAYS.clear()
    yield calls
    REPLAYS.clear()


def test_a_request_the_engine_holds_replays_nothing(applies):
    state = long_state(300)
    assert handle({"op": "match.view", "state": state})["ok"]
    assert len(applies) == 300  # loading it: one replay
    applies.clear()
    out = handle({"op": "match.play", "state": state, "action": MISS})
    assert out["ok"] and len(applies) == 1  # only the new shot
    applies.clear()
    for op in ("match.undo", "match.view"):
        assert handle({"op": op, "state": state})["ok"]
    assert applies == []


def test_a_match_continued_request_after_request_replays_nothing(applies):
    state = long_state(200)
    handle({"op": "match.view", "state": state})
    applies.clear()
    for i in range(20):
        out = handle({"op": "match.play", "state": state, "action": MISS})
        assert out["ok"] and out["log"] == {"actions": 201 + i, "undone": 0}
        state = {**state, "actions": state["actions"] + [MISS]}  # the page's own update
    undo = handle({"op": "match.undo", "state": state})
    assert undo["ok"] and undo["log"] == {"actions": 219, "undone": 1}
    redo = handle({"op": "match.redo", "state": {**state, "actions": state["actions"][:-1],
                                                  "undone": [state["actions"][-1]]}})
    assert redo["ok"] and redo["log"] == {"actions": 220, "undone": 0}
    assert len(applies) == 20


def test_a_state_the_engine_does_not_hold_costs_one_replay(applies):
    state = long_state(250, undone=5)
    out = handle({"op": "match.play", "state": state, "action": MISS})
    assert out["ok"] and len(applies) == 250 + 5 + 1  # played, undone on top (validated), the new shot
    applies.clear()
    redo = handle({"op": "match.redo", "state": long_state(250, undone=5)})
    assert redo["ok"] and applies == []  # redo only moves on the replayed timeline


def test_cached_and_cold_answers_are_the_same(applies):
    state = long_state(120, undone=3)
    want = {"state": True, "history": {"last": 50}}
    for op in ("match.play", "match.undo", "match.redo", "match.view"):
        request = {"op": op, "state": state, "want": want, **({"action": MISS} if op == "match.play" else {})}
        REPLAYS.clear()
        cold = handle_json(json.dumps(request))
        warm = handle_json(json.dumps(request))
        assert json.loads(cold)["ok"] and cold == warm, op


def test_length_limit_is_checked_before_any_replay(applies):
    for state in (long_state(MAX_ACTIONS + 1), long_state(MAX_ACTIONS - 10, undone=11)):
        out = handle({"op": "match.view", "state": state})
        assert out["error"]["code"] == "saved_state" and str(MAX_ACTIONS) in out["error"]["message"]
    assert applies == []
    full = long_state(MAX_ACTIONS)
    assert handle({"op": "match.view", "state": full})["ok"]
    applies.clear()
    out = handle({"op": "match.play", "state": full, "action": MISS})
    assert out["error"]["code"] == "state" and applies == []


@pytest.mark.parametrize("op", ["match.play", "match.undo", "match.view"])
def test_response_size_does_not_grow_with_the_log(op):
    sizes = []
    for n in (10, 1000, 4999):
        request = {"op": op, "state": long_state(n), **({"action": MISS} if op == "match.play" else {})}
        sizes.append(len(handle_json(json.dumps(request)).encode()))
    assert max(sizes) < 20 * 1024 and max(sizes) - min(sizes) < 64, sizes


def test_history_comes_by_range_only_when_asked():
    state = long_state(300)
    out = handle({"op": "match.view", "state": state})
    assert "history" not in out and "state" not in out and out["view"]["history_length"] == 300
    last = handle({"op": "match.view", "state": state, "want": {"history": {"last": 3}}})["history"]
    assert last["from"] == 297 and last["total"] == 300 and len(last["items"]) == 3
    page = handle({"op": "match.view", "state": state, "want": {"history": {"from": 0, "to": 200}}})["history"]
    assert page["from"] == 0 and len(page["items"]) == 200 and page["items"][0]["kind"] == "shot"
    tail = handle({"op": "match.view", "state": state, "want": {"history": {"from": 250, "to": 400}}})["history"]
    assert tail["from"] == 250 and len(tail["items"]) == 50
    assert page["items"][-3:] == [] or page["items"][197:] == \
        handle({"op": "match.view", "state": state, "want": {"history": {"from": 197, "to": 200}}})["history"]["items"]


@pytest.mark.parametrize("want, field", [
    ({"history": {"last": 201}}, "want.history.last"),
    ({"history": {"from": 0, "to": 201}}, "want.history.to"),
    ({"history": {"from": 5, "to": 4}}, "want.history.to"),
    ({"history": {"from": -1, "to": 4}}, "want.history.from"),
    ({"history": {"last": 3, "from": 0}}, "want.history.from"),
    ({"history": {}}, "want.history.from"),
    ({"state": 1}, "want.state"),
    ({"everything": True}, "want.everything"),
    ([], "want"),
])
def test_want_is_validated_like_any_field(want, field):
    out = handle({"op": "match.view", "state": long_state(3), "want": want})
    assert not out["ok"] and out["error"]["code"] == "input" and out["error"]["field"] == field, out


def test_match_new_carries_the_state_and_the_log():
    out = handle({"op": "match.new", "game": "kovboy", "players": ["А", "Б"]})
    assert set(out) == {"ok", "state", "view", "log"} and out["log"] == {"actions": 0, "undone": 0}
    play = handle({"op": "match.play", "state": out["state"], "action": TOUCH_3})
    assert set(play) == {"ok", "view", "log", "ruling"}


def test_the_cache_tells_true_from_1_and_keeps_its_own_copies(applies):
    """A state equal in Python (True == 1) but not in JSON is not taken from the
    cache, and changing a returned state does not change what the engine holds."""
    state = long_state(5)
    assert handle({"op": "match.view", "state": state})["ok"]
    forged = json.loads(json.dumps(state).replace('"cushion": true', '"cushion": 1'))
    out = handle({"op": "match.view", "state": forged})
    assert out["error"]["code"] == "saved_state" and out["error"]["field"] == "state.actions[0].cushion"
    got = handle({"op": "match.view", "state": state, "want": {"state": True}})["state"]
    got["actions"][0]["contacts"] = [9]
    state["actions"][1]["cushion"] = "чепуха"
    again = handle({"op": "match.view", "state": long_state(5), "want": {"state": True}})
    assert again["ok"] and again["state"] == long_state(5)


# ---- undone entries are validated when a state is loaded (issue 9 point 6) ----

@pytest.mark.parametrize("bad, field", [
    ("garbage", "state.undone[0]"),
    ({"type": "shot", "contacts": [9]}, "state.undone[0].contacts[0]"),
    ({"type": "decision", "choice": "repeat"}, "state.undone[0]"),  # no decision is pending
])
def test_undone_entries_are_validated_on_load(bad, field):
    state = stored([TOUCH_3, MISS], [bad])
    for op in ("match.view", "match.play", "match.undo"):
        request = {"op": op, "state": state, **({"action": MISS} if op == "match.play" else {})}
        out = handle(request)
        assert not out["ok"] and out["error"]["code"] == "saved_state", out
        assert out["error"]["field"].startswith(field), out["error"]
        assert "отменённое действие №1" in out["error"]["message"]


def test_undone_entries_are_checked_in_redo_order_on_top_of_the_played_ones():
    # undone[-1] is redone first: the break; then undone[0], an ordinary shot
    ok = handle({"op": "match.view", "state": stored([], [MISS, TOUCH_3])})
    assert ok["ok"] and ok["log"] == {"actions": 0, "undone": 2}
    bad = handle({"op": "match.view", "state": stored([], [MISS, {"type": "shot", "contacts": [7]}])})
    assert bad["error"]["field"].startswith("state.undone[1]") and "отменённое действие №2" in bad["error"]["message"]


def test_kovboy_accepts_any_practical_number_of_players():
    assert KOVBOY.max_players == MAX_PLAYERS_HARD
    players = [f"Игрок {i}" for i in range(1, MAX_PLAYERS_HARD + 1)]
    out = handle({"op": "match.new", "game": "kovboy", "players": players})
    assert out["ok"] and len(out["view"]["players"]) == MAX_PLAYERS_HARD
    play = handle_json(json.dumps({"op": "match.play", "state": out["state"], "action": TOUCH_3}))
    assert json.loads(play)["ok"] and len(play.encode()) < 20 * 1024
    refused = handle({"op": "match.new", "game": "kovboy", "players": players + ["Лишний"]})
    assert refused["error"]["field"] == "players" and f"до {MAX_PLAYERS_HARD} игроков" in refused["error"]["message"]
    assert handle({"op": "describe", "game": "kovboy"})["game"]["players"]["max"] == MAX_PLAYERS_HARD
