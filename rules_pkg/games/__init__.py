"""Registry of game modules by id."""

from __future__ import annotations

from ..core import Game
from .kovboy import Kovboy

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.id in GAMES:
        raise ValueError(f"duplicate game id {game.id}")
    GAMES[game.id] = game
    return game


for _cls in (Kovboy,):
    register(_cls())
