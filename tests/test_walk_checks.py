"""The random walk's own checks (tests/walk/), on the engine's real answers: a
check that is wrong either hides defects or reports ones that are not there
(the walk reported the «Кайза» drawing without the opponent's white while that
white waited in the «дом»: the drawing was right, the check was not)."""

from __future__ import annotations

import json

from rules_pkg.api import handle
from rules_pkg.games import GAMES
from tests.walk.walker import balls_on_table


def kaiza_after(action: dict) -> dict:
    new = handle({"op": "match.new", "game": "kaiza", "players": ["Аня", "Борис"]})
    assert new["ok"], new
    played = handle({"op": "match.play", "state": new["state"], "action": {"type": "shot", **action}})
    assert played["ok"], played
    return played["view"]


def test_a_white_waiting_in_the_dom_is_not_on_the_table():
    table = GAMES["kaiza"].declaration()["table"]
    every = sorted(json.dumps(b["id"]) for b in table["balls"])
    assert '"white"' in every
    view = kaiza_after({"ball": "red", "pocket": "far-left", "red_from_spot_1": False, "cue_ball": "pocket"})
    assert view["absent"] == ["white"]  # Аня's cue ball fell: Борис plays without her white
    assert balls_on_table(table, view) == [b for b in every if b != '"white"']


def test_every_ball_is_on_the_table_when_none_is_away():
    table = GAMES["kaiza"].declaration()["table"]
    view = kaiza_after({"ball": "red", "pocket": "far-left", "red_from_spot_1": False})
    assert view["absent"] == []
    assert balls_on_table(table, view) == sorted(json.dumps(b["id"]) for b in table["balls"])
