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
    cases += [
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


CASES: list[dict] = build_cases()
