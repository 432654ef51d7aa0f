"""Registry of game modules by id."""

from __future__ import annotations

from ..core import Game
from .kaiza import Kaiza
from .kladka_kiem import KladkaKiem
from .kovboy import Kovboy
from .po_chasovoy import PoChasovoy
from .probka import Probka
from .pyat_sharov import PyatSharov
from .snimanie_rukoy import SnimanieRukoy

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.id in GAMES:
        raise ValueError(f"duplicate game id {game.id}")
    GAMES[game.id] = game
    return game


# The rulebook's order (seed 000, 001, 002).
for _cls in (Kovboy, PyatSharov, Kaiza, Probka, PoChasovoy, KladkaKiem, SnimanieRukoy):
    register(_cls())
