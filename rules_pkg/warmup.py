"""Idle work for the browser's worker: seeded random requests over every game,
answered through the JSON API and thrown away.

Why (issue 19): Chromium keeps a WebAssembly module's compiled code in its code
cache only once enough of the module has been optimized, and a boot from the
memory snapshot runs too little Python for that: every later visit compiled
Pyodide's 9.6 MB of WebAssembly again (1,254-1,380 lazy compiles). The worker
(docs/assets/engine/worker.mjs) answers these requests once per device and
runtime, in small slices while it is idle, so that the browser caches the
optimized code and the visits after it take the module from the cache.

:func:`random_ruling_request` is also the property and fuzz tests' generator
(tests/randplay.py).
"""

from __future__ import annotations

import random

from .api import handle
from .games import GAMES
from .reader import Reader

#: The seed of the worker's requests: the same work on every device.
SEED = 19


def random_ruling_request(game_id: str, rng: random.Random) -> dict:
    """A ruling request of ``game_id``: a random situation and a random action in it."""
    game = GAMES[game_id]
    situation = game.random_situation(rng)
    options = game.read_options(Reader({}, "options"))
    state = game.state_from_situation(Reader(situation, "situation"), options)
    return {"op": "ruling", "game": game_id, "situation": situation, "action": game.random_action(state, rng)}


class Warmup:
    """Answers ``step(n)``: the next ``n`` requests of an endless seeded stream
    that goes round every game; returns how many were answered in all."""

    def __init__(self, seed: int = SEED):
        self.rng = random.Random(seed)
        self.games = sorted(GAMES)
        self.answered = 0

    def step(self, n: int = 1) -> int:
        for _ in range(n):
            game_id = self.games[self.answered % len(self.games)]
            handle(random_ruling_request(game_id, self.rng))
            self.answered += 1
        return self.answered
