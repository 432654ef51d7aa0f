"""API request cases shared by the CPython tests and the Pyodide parity test.

``CASES`` is a deterministic list of JSON-serialisable requests for
``rules_pkg.api.handle``: every operation for every game — descriptions,
one-shot rulings from random situations, whole random matches with undo and
redo — plus malformed requests. The Pyodide parity test runs all of them under
Pyodide and compares with CPython.
"""

from __future__ import annotations

import random

from rules_pkg.games import GAMES

from tests.randplay import play_random_match, random_ruling_request


def build_cases(seed: int = 314) -> list[dict]:
    rng = random.Random(seed)
    cases: list[dict] = [{"op": "games"}]
    for game in GAMES.values():
        cases.append({"op": "describe", "game": game.id})
        if "calculator" in game.tools:
            cases += [random_ruling_request(game.id, rng) for _ in range(25)]
            cases += [{"op": "trainer.question", "game": game.id, "seed": seed} for seed in range(5)]
            cases += [{"op": "trainer.check", "game": game.id, "seed": seed, "answer": "yes"} for seed in range(5)]
        if "scorekeeper" in game.tools:
            for _ in range(2):
                played = [request for request, _ in play_random_match(game.id, rng, max_actions=25)]
                cases += played
                if played:
                    cases.append({"op": "match.protocol", "state": played[-1]["state"]})
                    cases += want_cases(played[-1]["state"])
    cases += [
        {"op": "match.new", "game": "kovboy", "players": [f"Игрок {i}" for i in range(1, 51)]},
        {"op": "match.new", "game": "kovboy", "players": [f"Игрок {i}" for i in range(1, 52)]},
        {"op": "match.view", "state": {"format": "rules_pkg.match/1", "game": "kovboy", "players": ["А", "Б"],
                                       "options": {}, "actions": [], "undone": ["мусор"]}},
        {"op": "describe", "game": "x" * 500},
        {"op": "nope"},
        {"op": "games", "deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]},
        {"op": "describe", "game": "russkaya-partiya"},
        {"op": "ruling", "game": "kovboy", "situation": {"score": -1}, "action": {}},
        {"op": "ruling", "game": "kovboy", "situation": {"score": 150}, "action": {}},
        {"op": "ruling", "game": "kovboy", "situation": {}, "action": {"pocketed": [5, 5], "contacts": [5]}},
        {"op": "ruling", "game": "kovboy", "situation": {}, "action": {"pocketed": [2], "contacts": [2]}},
        {"op": "ruling", "game": "kovboy", "situation": {}, "action": {"pocketed": "5"}},
        {"op": "match.view", "state": {"format": "old", "game": "kovboy"}},
        {"op": "match.play", "state": {"format": "rules_pkg.match/1", "game": "kovboy", "players": ["А", "Б"],
                                       "options": {}, "actions": [{"contacts": [9]}], "undone": []},
         "action": {}},
    ]
    return cases


def want_cases(state: dict) -> list[dict]:
    """The ``want`` field and the ``log`` (issue 9): history by range, the whole
    state on request, and refusals of bad ``want`` values."""
    n = len(state["actions"])
    cases = [
        {"op": "match.view", "state": state, "want": {"history": {"from": 0, "to": 3}}},
        {"op": "match.view", "state": state, "want": {"state": True, "history": {"last": 2}}},
        {"op": "match.view", "state": state, "want": {"history": {"from": n + 5, "to": n + 9}}},
        {"op": "match.view", "state": state, "want": {"history": {"last": 201}}},
        {"op": "match.view", "state": state, "want": {"everything": True}},
        {"op": "match.view", "state": state, "want": {"state": "yes"}},
    ]
    if n:
        cases.append({"op": "match.undo", "state": state, "want": {"state": True, "history": {"last": 5}}})
    return cases


CASES: list[dict] = build_cases()
