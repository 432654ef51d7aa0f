"""Idle work for the browser's worker (docs/assets/engine/worker.mjs): every
module imported before a memory snapshot is made, and seeded random requests
over every game, answered through the JSON API and thrown away.

Why every module (:func:`import_every_module`): a boot from the snapshot then
answers without reading the engine's wheel or importing anything; the wheel's
files are unpacked later, once the worker is idle.

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

import importlib
import os
import random

import rules_pkg

from .api import handle
from .games import GAMES, load_all
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


def import_every_module() -> list[str]:
    """Import every module of the package but ``__main__`` (the command line) and
    every game; return the modules' names."""
    root = rules_pkg.__path__[0]
    top = os.path.dirname(root)
    names = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for file in sorted(files):
            stem, _, ext = file.partition(".")
            if ext not in ("py", "pyc") or stem == "__main__":
                continue
            parts = os.path.relpath(os.path.join(folder, stem), top).split(os.sep)
            names.append(".".join(parts[:-1] if stem == "__init__" else parts))
    for name in names:
        importlib.import_module(name)
    load_all()
    return names


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
