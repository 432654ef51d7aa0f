"""Fuzzing the JSON boundary: 10 000+ random and malformed requests across all
games and operations. No exception ever escapes the API (no "internal" error),
every refusal carries a Russian message, and no request known to be malformed
ever gets a score."""

from __future__ import annotations

import copy
import json
import random
import re

from rules_pkg.api import OPS, handle, handle_json
from rules_pkg.games import GAMES

from tests.randplay import play_random_match, random_ruling_request

N_REQUESTS = 10_000
CYRILLIC = re.compile("[а-яё]", re.I)
JUNK = [None, True, False, 0, -1, 7, 10**9, -10**12, 1.5, float("inf"), "", "x", "ё" * 300, [], [None],
        [1, 1], {}, {"a": 1}, [[[]]], "5", [999], ["far-left"], {"type": "shot"}]


def junk(rng):
    value = rng.choice(JUNK)
    return copy.deepcopy(value)


def wrong_for(field, rng):
    """A value that is certainly invalid for a declared field."""
    kind = field["kind"]
    if kind == "int":
        return rng.choice(["12", 1.5, None if field.get("optional") else [], field.get("max", 10**6) + 10**6,
                           field.get("min", 0) - 10**6])
    if kind == "bool":
        return rng.choice([0, 1, "true", [], {}])
    if kind == "choice":
        return rng.choice(["нет-такого", 10**6, [], {}, 2.5])
    if kind in ("set", "sequence"):
        return rng.choice(["1,3", 5, [10**6], [{}], [[1]]])
    return rng.choice([10**6, [], {}])


def check_response(request, response, malformed: bool):
    assert isinstance(response, dict) and "ok" in response, (request, response)
    json.dumps(response)  # JSON-compatible
    if response["ok"]:
        assert not malformed, f"malformed request was accepted:\n{request}\n{response}"
        return
    error = response["error"]
    assert error["code"] in ("input", "state", "saved_state"), (request, error)
    assert CYRILLIC.search(error["message"]), error
    assert "Traceback" not in error["message"]
    assert "ruling" not in response and "view" not in response and "state" not in response


def mutations(request, rng):
    """Yield (mutated request, certainly_malformed)."""
    r = copy.deepcopy(request)
    choice = rng.randrange(8)
    if choice == 0:  # unknown key at the top or inside the action
        target = r.get("action") if isinstance(r.get("action"), dict) and rng.random() < 0.7 else r
        target["нет_такого_поля"] = junk(rng)
        return r, True
    if choice == 1 and r.get("op") in ("ruling", "match.play"):  # a declared field with a wrong value
        game = GAMES[r["game"] if "game" in r else r["state"]["game"]]
        action = r.get("action")
        fields = [f for a in game.declaration()["actions"] for f in a["fields"]
                  if isinstance(action, dict) and a["type"] == action.get("type", "shot")]
        if fields:
            f = rng.choice(fields)
            action[f["name"]] = wrong_for(f, rng)
            return r, True
    if choice == 2:
        r["op"] = rng.choice(["", "Ruling", "match", "match.delete", 5, None])
        return r, True
    if choice == 3 and "game" in r:
        r["game"] = rng.choice(["", "kovboi", "KOVBOY", 1, None, "russkaya-partiya"])
        return r, True
    if choice == 4 and isinstance(r.get("state"), dict):  # corrupt a stored state
        key = rng.choice(["format", "game", "players", "actions", "options"])
        value = rng.choice([None, 5, "x", [{}], {"a": 1}])
        r["state"][key] = value
        # null options mean "no options", and [{}] may be one valid default action
        return r, not (key == "options" and value is None) and not (key == "actions" and value == [{}])
    if choice == 5:  # drop a random key
        if r:
            del r[rng.choice(sorted(r))]
        return r, False
    if choice == 6:  # replace a random leaf anywhere
        def leaves(obj, path=()):
            if isinstance(obj, dict):
                for k, v in obj.items():
                    yield from leaves(v, path + (k,))
            elif isinstance(obj, list):
                for i, v in enumerate(obj):
                    yield from leaves(v, path + (i,))
            yield path
        paths = [p for p in leaves(r) if p]
        if paths:
            p = rng.choice(paths)
            target = r
            for k in p[:-1]:
                target = target[k]
            target[p[-1]] = junk(rng)
        return r, False
    return junk(rng), True  # no junk value is a request: each lacks a valid "op"


def corpus(rng):
    """Valid requests to mutate: rulings and match operations for every game."""
    games = [g.id for g in GAMES.values() if g.tools]
    out = [{"op": "games"}] + [{"op": "describe", "game": g} for g in GAMES]
    for game_id in games:
        if "calculator" in GAMES[game_id].tools:
            out += [random_ruling_request(game_id, rng) for _ in range(20)]
        for _ in range(3):
            out += [req for req, _ in play_random_match(game_id, rng, max_actions=15)]
    return out


def test_fuzz_api_never_raises_and_never_scores_malformed_requests():
    rng = random.Random(20261130)
    base = corpus(rng)
    count = 0
    while count < N_REQUESTS:
        request = rng.choice(base)
        mutated, malformed = mutations(request, rng)
        if not isinstance(mutated, dict):
            malformed = True
        response = handle(mutated)
        check_response(mutated, response, malformed)
        count += 1
    assert count >= 10_000


def test_fuzz_handle_json_with_broken_text():
    rng = random.Random(7)
    samples = ['', '{', 'null', '[]', '"op"', '{"op": "games",}', '\x00', '{"op": "describe", "game": "kovboy"']
    for _ in range(300):
        text = json.dumps({"op": rng.choice(OPS), "game": rng.choice(list(GAMES))})
        cut = rng.randrange(len(text))
        samples.append(text[:cut])
    for text in samples:
        out = json.loads(handle_json(text))
        if out["ok"]:
            continue  # a prefix can still be valid JSON only by accident; then it is answered normally
        assert out["error"]["code"] in ("input", "state", "saved_state")
        assert CYRILLIC.search(out["error"]["message"])


def test_fuzz_deep_nesting_is_refused_cleanly():
    deep = {"op": "ruling", "game": "kovboy", "situation": {}, "action": {"contacts": []}}
    node = deep["action"]
    for _ in range(2000):
        node["x"] = {}
        node = node["x"]
    out = handle(deep)
    assert not out["ok"] and out["error"]["code"] == "input"


def test_fuzz_deep_or_huge_json_text_is_refused_before_parsing():
    """Under Pyodide a deep enough nesting overflows the WebAssembly stack and
    kills the interpreter, so handle_json refuses it before json.loads."""
    for text in ("[" * 100_000, "{\"a\":" * 50_000, '{"op": "games", "x": ' + "[" * 41 + "]" * 41 + "}"):
        out = json.loads(handle_json(text))
        assert not out["ok"] and "вложен" in out["error"]["message"]
    ok = json.loads(handle_json('{"op": "games", "x": ' + "[" * 30 + "]" * 30 + "}"))
    assert not ok["ok"] and ok["error"]["field"] == "x"  # parsed; refused for the unknown field only
    out = json.loads(handle_json(" " * 4_000_001))
    assert not out["ok"] and "длинный" in out["error"]["message"]
    assert json.loads(handle_json('{"op": "describe", "game": "kovboy", "note": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}'))["error"]["field"] == "note"
