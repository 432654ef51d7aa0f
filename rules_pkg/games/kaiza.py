"""«Кайза» (seed 001). PLACEHOLDER: being written; not registered yet."""

from __future__ import annotations

from ..core import Game


class Kaiza(Game):
    id = "kaiza"
    title = "Кайза"
    seed = "001"
    tools = ()
