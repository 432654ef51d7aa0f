"""«Кладка шаров по часовой стрелке» (seed 002). PLACEHOLDER: being written; not registered yet."""

from __future__ import annotations

from ..core import Game


class PoChasovoy(Game):
    id = "po-chasovoy"
    title = "Кладка шаров по часовой стрелке"
    seed = "002"
    tools = ()
