"""«Кладка шаров кием» (seed 002). PLACEHOLDER: being written; not registered yet."""

from __future__ import annotations

from ..core import Game


class KladkaKiem(Game):
    id = "kladka-kiem"
    title = "Кладка шаров кием"
    seed = "002"
    tools = ()
