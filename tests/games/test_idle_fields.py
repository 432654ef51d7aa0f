"""The fields a game calls idle for the next shot (the view's ``idle_fields``,
from ``Game.idle_fields``) really do not apply: the scorekeeper hides them, so a
value in one of them must be refused by the engine, never silently read.
Random matches of every game with a scorekeeper, through the JSON API as the
page plays them (tests/randplay.py)."""

from __future__ import annotations

import random

import pytest

from tests.randplay import internal_state, next_state, play_random_match
from rules_pkg.api import handle
from rules_pkg.core import Game
from rules_pkg.games import GAMES
from rules_pkg.match import step
from rules_pkg.reader import Reader

SCOREKEEPERS = [g for g in GAMES.values() if "scorekeeper" in g.tools]


def given_value(declaration: dict):
    """A value a player could give the field (not its default)."""
    if declaration["kind"] == "bool":
        return True
    if declaration["kind"] == "choice":
        values = [o["id"] for o in declaration["options"]]
        return next(v for v in values if v != declaration.get("default"))
    raise AssertionError(f"no test value for an idle {declaration['kind']} field")


def views_in_play(game, label: str):
    """(rng, state, view) before each shot of 8 random matches of ``game`` (not after the last)."""
    rng = random.Random(f"{label}-{game.id}")
    for _ in range(8):
        for request, out in play_random_match(game.id, rng, max_actions=25):
            if out["ok"] and not out["view"]["finished"]:
                yield rng, next_state(request["state"], request), out["view"]


def assert_refused(state, action: dict, field: str) -> None:
    refused = handle({"op": "match.play", "state": state, "action": action})
    assert not refused["ok"] and refused["error"]["field"] == field, refused


@pytest.mark.parametrize("game", SCOREKEEPERS, ids=lambda g: g.id)
def test_idle_fields_are_refused_by_the_engine(game):
    declared = {f["name"]: f for a in game.action_fields() for f in a["fields"]}
    seen = 0
    for rng, state, view in views_in_play(game, "idle"):
        for name in view.get("idle_fields", []):
            action = {**game.random_action(internal_state(state), rng), name: given_value(declared[name])}
            assert_refused(state, action, f"action.{name}")
            seen += 1
    if type(game).idle_fields is not Game.idle_fields:  # the game has idle fields: they were tried
        assert seen, game.id


@pytest.mark.parametrize("game", SCOREKEEPERS, ids=lambda g: g.id)
def test_needed_fields_are_refused_unsaid_and_never_idle(game):
    """The view's ``needed_fields``: the scorekeeper offers no «не указано» for them, so the
    engine must refuse the next shot while one is unsaid (else «не указано» was a real choice),
    and such a field is shown (never idle)."""
    seen = 0
    for rng, state, view in views_in_play(game, "needed"):
        for name in view["needed_fields"]:
            assert name not in view["idle_fields"]
            assert_refused(state, {**game.random_action(internal_state(state), rng), name: None}, f"action.{name}")
            seen += 1
    if type(game).needed_fields is not Game.needed_fields:  # the game has needed fields: they were tried
        assert seen, game.id


@pytest.mark.parametrize("game", SCOREKEEPERS, ids=lambda g: g.id)
def test_idle_actions_are_refused_by_the_engine(game):
    """The view's ``idle_actions``: the scorekeeper hides their chip, so the engine must refuse them."""
    seen = 0
    for _, state, view in views_in_play(game, "idle-actions"):
        for kind in view["idle_actions"]:
            assert_refused(state, {"type": kind}, "action.type")
            seen += 1
    if type(game).idle_actions is not Game.idle_actions:
        assert seen, game.id


def test_po_chasovoy_offers_error_found_only_while_an_error_is_unnoticed():
    game = GAMES["po-chasovoy"]
    names = ("Аня", "Борис")
    state = game.initial_state(2, game.read_options(Reader({}, "options")))
    _, state = step(game, names, state, {"type": "decision", "choice": "far-left"})
    assert game.idle_actions(state) == ("error_found",)
    _, state = step(game, names, state, {"type": "shot", "pocket": "near-right", "noticed": False})
    assert state.pending and game.idle_actions(state) == ()


def test_kladka_needs_the_opening_on_each_players_first_stroke_only():
    kladka = GAMES["kladka-kiem"]
    state = kladka.initial_state(2, kladka.read_options(Reader({}, "options")))
    assert kladka.needed_fields(state) == ("opening",)
    _, state = step(kladka, ("Аня", "Борис"), state, {"type": "shot", "opening": "break", "potted": 16})
    assert state.current == 1 and kladka.needed_fields(state) == ("opening",)  # Борис's first stroke
    _, state = step(kladka, ("Аня", "Борис"), state, {"type": "shot", "opening": "break", "potted": 1})
    assert state.current == 1 and kladka.needed_fields(state) == ()


def test_kaiza_asks_about_the_red_from_spot_1_on_the_first_shot_only():
    kaiza = GAMES["kaiza"]
    state = kaiza.initial_state(2, kaiza.read_options(Reader({}, "options")))
    assert "red_from_spot_1" not in kaiza.idle_fields(state)
    _, state = step(kaiza, ("Аня", "Борис"), state, {"type": "shot", "contact": False})
    assert kaiza.idle_fields(state) == ("red_from_spot_1",)


def other_value(declaration: dict, value):
    if declaration["kind"] == "bool":
        return not value
    return next(o["id"] for o in declaration["options"] if o["id"] != value)


@pytest.mark.parametrize("game", SCOREKEEPERS, ids=lambda g: g.id)
def test_a_field_shown_under_a_condition_decides_nothing_outside_it(game):
    """The view's ``field_when`` («по часовой»: «ошибку заметили сразу» only for a pocket other than
    the designated one): the scorekeeper leaves such a field out while its condition fails, so
    there any value of it must give the same ruling; while it holds, the field must decide
    something (else the condition hides nothing that matters)."""
    rng = random.Random(f"when-{game.id}")
    declared = {f["name"]: f for a in game.action_fields() for f in a["fields"]}
    outside = decided = 0
    for _ in range(8):
        for request, out in play_random_match(game.id, rng, max_actions=25):
            if not out["ok"] or out["view"]["finished"]:
                continue
            state = next_state(request["state"], request)
            for name, condition in out["view"].get("field_when", {}).items():
                (other, values), = condition.items()
                action = game.random_action(internal_state(state), rng)
                if name not in declared or other not in action:
                    continue
                value = action.get(name, declared[name].get("default"))
                rulings = [handle({"op": "match.play", "state": state, "action": {**action, name: v}})
                           for v in (value, other_value(declared[name], value))]
                assert all(r["ok"] for r in rulings), rulings
                if action[other] in values:
                    decided += rulings[0]["ruling"] != rulings[1]["ruling"]
                else:
                    assert rulings[0]["ruling"] == rulings[1]["ruling"], (action, name)
                    outside += 1
    if type(game).field_when is not Game.field_when:
        assert outside and decided, (game.id, outside, decided)
