"""«Игра с пробкой» (seed 002). PLACEHOLDER: being written; not registered yet."""

from __future__ import annotations

from ..core import Game


class Probka(Game):
    id = "probka"
    title = "Игра с пробкой"
    seed = "002"
    tools = ()
