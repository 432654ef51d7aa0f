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
