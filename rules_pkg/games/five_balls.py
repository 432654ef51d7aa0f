"""What «Кайза» and «Пять шаров с карамболями» share: the same five balls (two
reds, two whites — the shooter's own cue ball and the other white, an object
ball — and the yellow), caroms counted as (reds, other white, yellow), and a
points table that tells pockets apart only for the yellow."""

from __future__ import annotations

from .. import ru
from ..core import impossible
from ..table import MIDDLE_POCKETS


def place_of(ball: str, pocket: str) -> str:
    """The points tables distinguish pockets only for the yellow."""
    if ball != "yellow":
        return "any"
    return "middle" if pocket in MIDDLE_POCKETS else "corner"


def carom_words(caroms, white: str = "белому") -> str:
    """«по жёлтому, красному и белому» (the engine's own wording)."""
    reds, other_white, yellow = caroms
    parts = (["жёлтому"] if yellow else []) + (["красному"] if reds == 1 else ["двум красным"] if reds == 2 else []) \
        + ([white] if other_white else [])
    return "по " + ru.join_and(parts)


def check_played_ball_not_caromed(ball: str | None, caroms, played: str, white_why: str) -> None:
    """The played ball is not also a ball the cue ball caromed on: a second red
    is the only red left to carom on, and there is one object white, one yellow.
    ``played``: «сыгранный» / «заказанный»; ``white_why``: why no carom on the white."""
    reds, white, yellow = caroms
    if ball == "red" and reds == 2:
        impossible(f"Красных шаров всего два, и один из них — {played}, так что карамболь возможен только по одному "
                   "красному. Проверьте поле «По скольким красным шарам был карамболь».", "action.carom_reds")
    if ball == "white" and white:
        impossible(f"{white_why}.", "action.carom_white")
    if ball == "yellow" and yellow:
        impossible(f"Жёлтый шар один, и он {played}, так что карамболь по жёлтому невозможен. "
                   "Проверьте поле «Карамболь по жёлтому шару».", "action.carom_yellow")
