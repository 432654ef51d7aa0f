"""A long match costs what a short one costs: at most one replay per request,
none when the engine holds the state the request continues (the cache of
replayed matches), length limits before any replay, responses whose size does
not grow with the log, and ``undone`` validated on load like ``actions``.

Replays are counted by the number of times the game's ``apply`` runs."""

from __future__ import annotations

import json

import pytest

from rules_pkg.api import clear_caches, handle, handle_json
from rules_pkg.core import MAX_ACTIONS, MAX_PLAYERS_HARD
from rules_pkg.games import GAMES

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
    clear_caches()
    yield calls
    clear_caches()


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
        clear_caches()
        cold = handle_json(json.dumps(request))
        warm = handle_json(json.dumps(request))
        assert json.loads(cold)["ok"] and cold == warm, op


def test_length_limit_is_checked_before_any_replay(applies):
    for state in (long_state(MAX_ACTIONS + 1), long_state(MAX_ACTIONS - 10, undone=11)):
        out = handle({"op": "match.view", "state": state})
        assert out["error"]["code"] == "saved_state" and str(MAX_ACTIONS) in out["error"]["message"]
    assert applies == []
    full = long_state(MAX_ACTIONS)
    out = handle({"op": "match.play", "state": full, "action": MISS})  # the engine does not hold it
    assert out["error"]["code"] == "state" and str(MAX_ACTIONS) in out["error"]["message"] and applies == []
    assert handle({"op": "match.view", "state": full})["ok"]
    applies.clear()
    out = handle({"op": "match.play", "state": full, "action": MISS})  # it does
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
        assert "Ошибка в отменённом действии №1." in out["error"]["message"]


def test_damaged_record_message_is_sentences_not_a_chain_of_colons():
    """Issue 16: «…повреждена: действие №1: поле «…», элемент № 1: …» read as one
    chain. The place of the error and the field's own message are sentences."""
    state = stored([{"type": "shot", "contacts": [7], "cushion": True, "cue_ball": "table"}], [])
    message = handle({"op": "match.view", "state": state})["error"]["message"]
    assert message.startswith("Сохранённая партия повреждена. Ошибка в действии №1. Поле «"), message
    lead, rest = message.split(" Поле «", 1)
    assert ":" not in lead, message
    assert message.count(":") <= 2, message  # the field's «элемент № 1: …» and «допустимо: …» only
    players = handle({"op": "match.view", "state": {**stored([], []), "players": ["Аня"]}})["error"]["message"]
    assert players.startswith("Сохранённая партия повреждена. "), players
    assert players.split(". ", 1)[1][0].isupper(), players


def test_undone_entries_are_checked_in_redo_order_on_top_of_the_played_ones():
    # undone[-1] is redone first: the break; then undone[0], an ordinary shot
    ok = handle({"op": "match.view", "state": stored([], [MISS, TOUCH_3])})
    assert ok["ok"] and ok["log"] == {"actions": 0, "undone": 2}
    bad = handle({"op": "match.view", "state": stored([], [MISS, {"type": "shot", "contacts": [7]}])})
    assert bad["error"]["field"].startswith("state.undone[1]") and "Ошибка в отменённом действии №2." in bad["error"]["message"]


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


# ---- the page's texts (rules_pkg.statetext) ----------------------------------

def page_text(request: dict) -> str:
    """A request as the page sends it: JSON.stringify, the state's keys sorted."""
    return json.dumps(request, ensure_ascii=False, separators=(",", ":"))


def test_the_page_continuing_a_long_match_is_answered_without_reading_the_state(applies):
    new = json.loads(handle_json(page_text({"op": "match.new", "game": "kovboy", "players": ["Аня", "Борис"]})))
    state = new["state"]
    assert list(state) == sorted(state)
    for i in range(400):  # a long match, played request after request (none replayed)
        out = json.loads(handle_json(page_text({"op": "match.play", "state": state,
                                                "action": TOUCH_3 if i == 0 else MISS})))
        assert out["ok"] and out["log"]["actions"] == i + 1
        state = {**state, "actions": state["actions"] + [TOUCH_3 if i == 0 else MISS], "undone": []}
    assert len(applies) == 400
    applies.clear()
    import rules_pkg.plain as plain
    calls = []
    original = plain.read_json
    plain.read_json = lambda text: calls.append(len(text)) or original(text)
    try:
        out = json.loads(handle_json(page_text({"op": "match.play", "state": state, "action": MISS})))
    finally:
        plain.read_json = original
    assert out["ok"] and len(applies) == 1
    assert calls and max(calls) < 300  # only the rest of the request was parsed, not the 400 actions


def test_texts_the_engine_holds_mean_exactly_their_state(applies):
    """A remembered state text anywhere but as the request's state is not taken for it."""
    state = long_state(30)
    text = page_text({"op": "match.view", "state": state})
    assert json.loads(handle_json(text))["ok"]
    inner = page_text(state)
    for forged in (f'{{"op":"match.view","state":0,"x":{inner}}}',
                   f'{{"op":"match.view","state":{inner},"state":5}}',
                   f'{{"op":"match.view","state":[{inner}]}}',
                   f'{{"op":"match.view","state":-{inner}}}',
                   f'{{"op":"games","state":{inner}}}',
                   f'{{"op":"match.view","state":{inner}, "want": {{"history": {{"last": 201}}}}}}'):
        assert json.loads(handle_json(text))["ok"]  # the engine holds the text
        warm = handle_json(forged)
        clear_caches()
        assert warm == handle_json(forged), forged


@pytest.mark.parametrize("seed", range(12))
def test_page_driven_random_matches_answer_as_a_fresh_engine_does(seed):
    """Random matches through handle_json, the state kept and written the page's
    way: every answer equals the answer of an engine that holds nothing."""
    import random

    from tests.randplay import internal_state, next_state, random_options

    rng = random.Random(seed)
    game_id = rng.choice([g.id for g in GAMES.values() if "scorekeeper" in g.tools])
    game = GAMES[game_id]
    n = rng.randint(game.min_players, min(game.max_players, 4))
    new = {"op": "match.new", "game": game_id, "players": [f"И{i}" for i in range(n)],
           "options": random_options(game_id, rng)}
    state = json.loads(handle_json(page_text(new)))["state"]
    for _ in range(60):
        r = rng.random()
        if r < 0.15 and state["actions"]:
            request = {"op": "match.undo", "state": state}
        elif r < 0.3 and state["undone"]:
            request = {"op": "match.redo", "state": state}
        elif r < 0.35:
            request = {"op": "match.view", "state": state, "want": {"state": True, "history": {"last": 5}}}
        elif r < 0.4:
            request = {"op": "match.protocol", "state": state}
        else:
            request = {"op": "match.play", "state": state, "action": game.random_action(internal_state(state), rng)}
        warm = handle_json(page_text(request))
        clear_caches()
        cold = handle_json(page_text(request))
        assert warm == cold, request["op"]
        # the engine holds the state again now (the cold answer remembered it); play on warm
        if json.loads(warm)["ok"]:
            state = next_state(state, request)
