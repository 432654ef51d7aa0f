"""A refusal a person can provoke from the forms names a field by its label, never by
its request path («action.contact») or a code id: the path stays in ``error.field``.

Every game: random situations and shots with one field dropped or given another of its
declared values (what a form can send), and every refusal's message is checked."""

from __future__ import annotations

import random
import re

import pytest

from rules_pkg.api import handle
from rules_pkg.games import GAMES, load_all
from rules_pkg.reader import Reader
from tests.engine_driver import Calc

load_all()
PATH = re.compile(r"\b(action|situation|state|options)(\.[a-z_]|\[)|\(поле ")


def form_values(field: dict) -> list:
    """The values a form can send for a declared field."""
    if field.get("options"):
        ids = [o["id"] if isinstance(o, dict) else o[0] for o in field["options"]]
        return [[], *[[i] for i in ids]] if field["kind"] in ("set", "sequence") else ids
    if field["kind"] == "bool":
        return [True, False]
    if field["kind"] == "int":
        lo, hi = field.get("min") or 0, field.get("max") or 3
        return list(range(lo, min(hi, lo + 4) + 1))
    return []


@pytest.mark.parametrize("game_id", sorted(g.id for g in GAMES.values()))
def test_refusals_name_no_request_path(game_id):
    game = GAMES[game_id]
    decl = handle({"op": "describe", "game": game_id})["game"]
    shot_fields = {f["name"]: f for a in decl["actions"] for f in a["fields"]}
    rng = random.Random(16)
    for _ in range(300):
        situation = game.random_situation(rng)
        state = game.state_from_situation(Reader(situation, "situation"), game.read_options(Reader({}, "options")))
        action = game.random_action(state, rng)
        name = rng.choice(sorted(set(shot_fields) & set(action) or set(shot_fields)))
        values = form_values(shot_fields[name])
        if values and rng.random() < 0.7:
            action = {**action, name: rng.choice(values)}
        else:
            action = {k: v for k, v in action.items() if k != name}
        out = handle({"op": "ruling", "game": game_id, "situation": situation, "action": action})
        if not out["ok"] and out["error"]["code"] == "input":
            assert not PATH.search(out["error"]["message"]), out["error"]


# ---- the reader's refusals of every kind, for every declared field of every game ----
# (what a corrupt share link, a damaged saved game or another program can send)

CODE_WORD = re.compile(r"[A-Za-z_]*[a-z]_[a-z][A-Za-z_]*|[a-z]+\.[a-z_]+|[A-Za-z]{3,}")
PLAIN_WORDS = {"true", "false", "null", "JSON", "NaN", "Infinity", "BOM", "UTF"}
NOT_AN_ID = "нет такого"


def assert_plain(error: dict, where: str) -> None:
    """A refusal a person may read: Russian, no request path, no code id; the path in ``field``."""
    message = error["message"]
    assert re.search("[а-яё]", message), error
    words = set(CODE_WORD.findall(message)) - PLAIN_WORDS
    assert not words, (where, words, error)
    assert not PATH.search(message), (where, error)


def bad_values(field: dict) -> list:
    """(kind of refusal, value) for a declared field: wrong type, out of range, wrong list item…"""
    kind = field["kind"]
    if kind in ("int", "player"):
        out = [("wrong type", "пять"), ("wrong type", 2.5), ("wrong type", True), ("wrong type", [1])]
        if field.get("min") is not None:
            out.append(("below range", field["min"] - 1))
        if field.get("max") is not None:
            out.append(("above range", field["max"] + 1))
        out.append(("above range", 10 ** 100))
        return out
    if kind == "bool":
        return [("wrong type", "да"), ("wrong type", 1), ("wrong type", {})]
    if kind == "choice":
        return [("not an option", NOT_AN_ID), ("not an option", 999), ("wrong type", [NOT_AN_ID])]
    if kind in ("set", "sequence"):
        ids = [o["id"] for o in field["options"]]
        return [("wrong type", NOT_AN_ID), ("wrong list item", [NOT_AN_ID]), ("wrong list item", [ids[0], True]),
                ("duplicate item", [ids[0], ids[0]]), ("too many items", ids + ids)]
    if kind == "text":
        return [("wrong type", 5), ("too long", "1, " * 1000)]
    raise AssertionError(kind)


def one_position(game_id: str):
    game = GAMES[game_id]
    rng = random.Random(game_id)
    situation = game.random_situation(rng)
    state = game.state_from_situation(Reader(situation, "situation"), game.read_options(Reader({}, "options")))
    return situation, game.random_action(state, rng)


def requests_with_bad_fields(game_id: str):
    """(what, request) for every refusal kind of every declared field, and of the request's own parts."""
    decl = handle({"op": "describe", "game": game_id})["game"]
    situation, action = one_position(game_id)
    ruling = lambda **parts: {"op": "ruling", "game": game_id, "situation": situation, "action": action, **parts}
    for part, fields in (("situation", decl["situation"]), ("options", decl["options"])):
        base = {"situation": situation, "options": {}}[part]
        for f in fields:
            for kind, value in bad_values(f):
                yield f"{part}.{f['name']} {kind}", ruling(**{part: {**base, f["name"]: value}})
        yield f"{part} unknown field", ruling(**{part: {**base, "extra_field": 1}})
        yield f"{part} not an object", ruling(**{part: [1, 2]})
    for spec in decl["actions"]:
        for f in spec["fields"]:
            base = {"type": spec["type"]}
            for kind, value in bad_values(f):
                yield f"action {spec['type']}.{f['name']} {kind}", ruling(action={**action, **base, f["name"]: value})
            if "default" not in f:
                yield f"action {spec['type']}.{f['name']} missing", ruling(action=base)
    yield "action unknown field", ruling(action={**action, "extra_field": 1})
    yield "action type not an option", ruling(action={**action, "type": "kiss_shot"})
    yield "action not an object", ruling(action="удар")
    yield "unknown game", {"op": "describe", "game": "no_such_game"}
    yield "missing game", {"op": "describe"}
    yield "unknown op", {"op": "match.kiss"}


def stored_requests_with_bad_parts(game_id: str):
    """A damaged saved game or share link: every part of the stored state broken once."""
    new = handle({"op": "match.new", "game": game_id, "players": ["Аня", "Борис"] if game_id != "snimanie-rukoy" else None})
    if not new["ok"]:
        new = handle({"op": "match.new", "game": game_id})
    state = new["state"]
    _, action = one_position(game_id)
    for key, value in (("format", "rules_pkg.match/0"), ("game", "no_such_game"), ("players", "Аня, Борис"),
                       ("players", [1, 2]), ("options", {"extra_field": 1}), ("actions", {"0": action}),
                       ("undone", "none"), ("extra_field", 1)):
        yield f"state.{key}", {"op": "match.view", "state": {**state, key: value}}
    yield "state missing actions", {"op": "match.view", "state": {k: v for k, v in state.items() if k != "actions"}}
    yield "state.actions[0] unknown field", {"op": "match.view", "state": {**state, "actions": [{**action, "extra_field": 1}]}}
    yield "state.undone[0] not an object", {"op": "match.view", "state": {**state, "undone": ["удар"]}}
    decl = handle({"op": "describe", "game": game_id})["game"]
    for f in decl["actions"][0]["fields"]:
        for kind, value in bad_values(f)[:2]:
            yield (f"state.actions[0].{f['name']} {kind}",
                   {"op": "match.view", "state": {**state, "actions": [{**action, f["name"]: value}]}})
    yield "play: action not an object", {"op": "match.play", "state": state, "action": 5}
    yield "new: players not a list", {"op": "match.new", "game": game_id, "players": "Аня"}
    yield "new: bad option", {"op": "match.new", "game": game_id, "options": {"extra_field": 1}}
    yield "want: history not an object", {"op": "match.view", "state": state, "want": {"history": 3}}
    yield "want: history.to out of range", {"op": "match.view", "state": state, "want": {"history": {"from": 0, "to": 999}}}


@pytest.mark.parametrize("game_id", sorted(g.id for g in GAMES.values()))
def test_reader_refusals_of_every_kind_name_fields_by_label(game_id):
    """Wrong type, missing, unknown, out of range, wrong list item, duplicate, too many, not an object:
    each refusal is plain Russian, names a declared field by its label, keeps the path in ``field``."""
    calc = Calc(game_id)
    refused = 0
    for what, request in [*requests_with_bad_fields(game_id), *stored_requests_with_bad_parts(game_id)]:
        out = handle(request)
        if out["ok"]:
            continue  # (a value the field's `when` ignores at its default, e.g. null of an optional)
        refused += 1
        error = out["error"]
        assert error["code"] in ("input", "state", "saved_state"), (what, error)
        assert_plain(error, what)
        if error["field"] and error["code"] == "input" and request["op"] == "ruling":
            assert calc.names_field(error["message"], error["field"]), (what, error)
    assert refused > 30, refused
