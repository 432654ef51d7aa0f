"""«Снимание шаров рукой» (seed 002). PLACEHOLDER: being written; not registered yet."""

from __future__ import annotations

from ..core import Game


class SnimanieRukoy(Game):
    id = "snimanie-rukoy"
    title = "Снимание шаров рукой"
    seed = "002"
    tools = ()
