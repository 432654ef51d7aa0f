"""Registry of game modules by id.

A game's module is imported the first time its id is looked up (``GAMES[id]``,
``GAMES.get(id)``); iterating over ``GAMES.values()`` or ``items()`` imports them
all. A page that answers for one game then imports one game module.
``load_all()`` imports every one (the browser's memory snapshot holds them all).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from ..core import Game

#: id -> (module in this package, class); the rulebook's order (seed 000, 001, 002).
_TABLE: dict[str, tuple[str, str]] = {
    "kovboy": ("kovboy", "Kovboy"),
    "pyat-sharov": ("pyat_sharov", "PyatSharov"),
    "kaiza": ("kaiza", "Kaiza"),
    "probka": ("probka", "Probka"),
    "po-chasovoy": ("po_chasovoy", "PoChasovoy"),
    "kladka-kiem": ("kladka_kiem", "KladkaKiem"),
    "snimanie-rukoy": ("snimanie_rukoy", "SnimanieRukoy"),
}


class _Registry(Mapping):
    """Game instances by id, each created on first use."""

    def __init__(self, table: dict[str, tuple[str, str]]):
        self._table = dict(table)
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, gid: str) -> Game:
        game = self._loaded.get(gid)
        if game is None:
            module, cls = self._table[gid]  # KeyError for an unknown id, as a dict
            game = getattr(importlib.import_module(f"{__name__}.{module}"), cls)()
            if game.id != gid:
                raise ValueError(f"{module}.{cls} has id {game.id!r}, registered as {gid!r}")
            self._loaded[gid] = game
        return game

    def __contains__(self, gid: object) -> bool:
        return gid in self._table

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def add(self, game: Game) -> Game:
        if game.id in self._table:
            raise ValueError(f"duplicate game id {game.id}")
        self._table[game.id] = ("", "")
        self._loaded[game.id] = game
        return game


GAMES = _Registry(_TABLE)


def register(game: Game) -> Game:
    return GAMES.add(game)


def load_all() -> None:
    for gid in GAMES:
        GAMES[gid]
