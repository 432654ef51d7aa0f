"""«Пять шаров с карамболями» (seed 001). PLACEHOLDER: being written; not registered yet."""

from __future__ import annotations

from ..core import Game


class PyatSharov(Game):
    id = "pyat-sharov"
    title = "Пять шаров с карамболями"
    seed = "001"
    tools = ()
