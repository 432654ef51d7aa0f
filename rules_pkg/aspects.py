"""The words a ruling's explanation is built from: what a clause can decide
(the aspects of a ruling) and the verdicts, most important first.

A module of its own, importing nothing: :mod:`rules_pkg.core` checks a
clause's declared aspects against it, :mod:`rules_pkg.why` files each line
under one, and neither imports the other for it.
"""

from __future__ import annotations

#: What a clause can decide in a ruling.
ASPECTS = (
    "score",     # what a ball, carom or shot counts; points given, withheld or cancelled
    "progress",  # how far a player is toward the goal where that is no score (balls potted, left)
    "foul",      # a foul the clause defines (the ruling has that foul)
    "penalty",   # the consequence of a foul: series cancelled, penalty strokes, payment
    "respot",    # where balls go back, which stay off the table
    "turn",      # who plays next, whether the series continues, ball in hand
    "outcome",   # win, loss, elimination, end of the match
    "decision",  # a choice the rules give a player
    "setup",     # the position before a shot: rack, break, which shot this is
    "info",      # a statement of fact that needs no rule (no citation)
)

#: Verdicts, most important first.
VERDICTS = ("loss", "win", "decision", "foul", "points", "no_points", "info")
