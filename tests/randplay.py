"""Random play through the JSON API, shared by the property tests, the fuzz
test and the Pyodide parity cases. Uses each game's own ``random_action`` and
``random_situation`` (the same generators the тренажёр uses)."""

from __future__ import annotations

import random

from rules_pkg.api import handle
from rules_pkg.match import Match
from rules_pkg.games import GAMES
from rules_pkg.warmup import random_ruling_request  # noqa: F401 - the tests' generator, shared with the worker


def internal_state(state_json: dict):
    """The engine's state object for a stored match (for random_action)."""
    state, _ = Match.from_json(state_json, GAMES).replay()
    return state


def new_match(game_id: str, rng: random.Random) -> dict:
    game = GAMES[game_id]
    n = rng.randint(game.min_players, min(game.max_players, 4))
    out = handle({"op": "match.new", "game": game_id, "players": [f"Игрок {i + 1}" for i in range(n)],
                  "options": random_options(game_id, rng)})
    assert out["ok"], out
    return out


def random_options(game_id: str, rng: random.Random) -> dict:
    """A random valid options object from the game's declared option fields:
    a field whose ``when`` does not hold is left out, a required one is given."""
    fields = GAMES[game_id].declaration()["options"]
    defaults = {f["name"]: f.get("default") for f in fields}
    options = {}
    for f in fields:
        if not applies(f, {**defaults, **options}):
            continue
        if "default" in f and rng.random() < 0.5:
            continue
        value = random_field_value(f, rng)
        if value is not None:
            options[f["name"]] = value
    return options


def applies(field: dict, values: dict) -> bool:
    """Whether a declared field's ``when`` holds for ``values``."""
    for other, expected in (field.get("when") or {}).items():
        allowed = expected if isinstance(expected, list) else [expected]
        if values.get(other) not in allowed:
            return False
    return True


def random_field_value(field: dict, rng: random.Random):
    kind = field["kind"]
    if kind == "int":
        return rng.randint(field.get("min", 0), field.get("max", field.get("min", 0) + 10))
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "choice":
        return rng.choice(field["options"])["id"]
    if kind in ("set", "sequence"):
        ids = [o["id"] for o in field["options"]]
        return rng.sample(ids, rng.randint(0, len(ids)))
    return None


def next_state(state: dict, request: dict) -> dict:
    """The stored state after a successful request, updated the way the page
    does it (the engine's responses do not carry the state)."""
    actions, undone = list(state["actions"]), list(state["undone"])
    if request["op"] == "match.play":
        actions, undone = actions + [request["action"]], []
    elif request["op"] == "match.undo":
        undone.append(actions.pop())
    elif request["op"] == "match.redo":
        actions.append(undone.pop())
    return {**state, "actions": actions, "undone": undone}


def play_random_match(game_id: str, rng: random.Random, max_actions: int = 40):
    """Yield (request, response) pairs of a random match: plays, undos, redos.
    The state is kept locally, as the page keeps it, and checked against the
    lengths of the log each response reports."""
    out = new_match(game_id, rng)
    state = out["state"]
    game = GAMES[game_id]
    for _ in range(max_actions):
        if out["view"]["finished"]:
            break
        r = rng.random()
        if r < 0.08 and state["actions"]:
            request = {"op": "match.undo", "state": state}
        elif r < 0.12 and state["undone"]:
            request = {"op": "match.redo", "state": state}
        else:
            action = game.random_action(internal_state(state), rng)
            request = {"op": "match.play", "state": state, "action": action}
        out = handle(request)
        yield request, out
        if out["ok"]:
            state = next_state(state, request)
            assert out["log"] == {"actions": len(state["actions"]), "undone": len(state["undone"])}, out["log"]


def random_rulings(game_id: str, seeds, max_actions: int = 40):
    """Yield (request, response) of every successful ruling of random play of ``game_id``:
    the plays of a random match per seed (with its view) and one calculator request per seed."""
    for seed in seeds:
        rng = random.Random(seed)
        for request, out in play_random_match(game_id, rng, max_actions):
            if out["ok"] and out.get("ruling"):
                yield request, out
        request = random_ruling_request(game_id, rng)
        out = handle(request)
        if out["ok"]:
            yield request, out


def random_steps(game, state, rng: random.Random, step, max_actions: int):
    """Random play of ``game`` on the engine's own objects, from ``state``: the
    game's ``random_action``, up to ``max_actions`` or until the game is over;
    ``step(state, action)`` returns ``(ruling, next state)``. Yields
    ``(before, action, ruling, after)`` of every action."""
    for _ in range(max_actions):
        if state.finished:
            return
        action = game.random_action(state, rng)
        ruling, after = step(state, action)
        yield state, action, ruling, after
        state = after


def random_table_plays(table, rng: random.Random, max_actions: int):
    """Random play through the API of a match driven by ``tests/engine_driver.Table``
    (the state rebuilt from the stored match, as the page keeps it): the game's
    ``random_action``, up to ``max_actions`` or until the match is over. Yields
    ``(view before, ruling)`` of every play."""
    game = GAMES[table.game]
    for _ in range(max_actions):
        if table.view["finished"]:
            return
        before = table.view
        yield before, table.play(**game.random_action(internal_state(table.state), rng))
