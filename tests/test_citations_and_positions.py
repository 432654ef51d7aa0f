"""Properties over random play of every game (issue 9, points 1 and 2):

* the games' own generators (``random_situation``, ``random_action``, used by the
  тренажёр) produce only possible positions and actions: the engine's
  consistency checks accept every one of them, and every position a match
  reaches is possible too;
* every id a ruling cites supports a line of that ruling: the line rests on the
  id, its aspect is one the clause declares it can decide, and the fact is in
  the ruling (a foul line needs that foul, an outcome line the end of the match
  or an eliminated player, a decision line a decision);
* the verdict agrees with the ruling, and its basis is cited.
"""

from __future__ import annotations

import random

import pytest

from rules_pkg.games import GAMES
from rules_pkg.reader import Reader

GAME_IDS = [g.id for g in GAMES.values() if "calculator" in g.tools or "scorekeeper" in g.tools]
SEEDS = range(60)


def names_for(game, rng):
    n = rng.randint(game.min_players, min(game.max_players, 6))
    return tuple(f"Игрок {i + 1}" for i in range(n))


def random_play(game, seed: int, shots: int = 40):
    """Yield (state before, action JSON, ruling, state after) of one random match,
    at the engine level (no stored log)."""
    rng = random.Random(seed)
    names = names_for(game, rng)
    options = game.read_options(Reader({}, "options"))
    state = game.initial_state(len(names), options)
    for _ in range(shots):
        if getattr(state, "finished", False):
            return
        action = game.random_action(state, rng)
        parsed = game.read_action(Reader(action, "action"), state)
        ruling, after = game.apply(state, parsed, names)
        yield state, action, ruling, after
        state = after


def check_citations(game, ruling) -> None:
    data = ruling.to_json()
    clauses = {c.id: c for c in game.clauses}
    lines = data["why"]
    cited = data["clauses"] + data["tolkovaniya"] + data["outside"]
    foul_clauses = {f["clause"] for f in data["fouls"]}
    for cid in cited:
        resting = [line for line in lines if cid in line["cites"]]
        assert resting or cid == data["basis"], f"{cid} cited by no line of: {data['summary']} {lines}"
        # a line that only restates a clause (its value, its prohibition) cites it without deciding by it
        resting = [line for line in resting if cid not in line.get("restates", [])]
        if cid in clauses and (resting or cid == data["basis"]):
            declared = clauses[cid].decides
            assert declared, f"{cid} declares nothing it can decide"
            assert any(line["aspect"] in declared for line in resting) or cid == data["basis"], \
                f"{cid} (decides {sorted(declared)}) cited on lines {resting}"
    for line in lines:
        if line["aspect"] == "foul":
            assert data["fouls"], line
            decisive = [c for c in line["cites"] if c not in line.get("restates", [])]
            assert all(c in foul_clauses or c not in clauses for c in decisive), (line, foul_clauses)
        elif line["aspect"] == "penalty":
            assert data["fouls"], line
        elif line["aspect"] == "outcome":
            assert data["finished"] or data["extra"].get("eliminated") is not None \
                or data["verdict"] in ("win", "loss"), line
        elif line["aspect"] == "decision":
            assert data["decision"] is not None or data["kind"] == "decision", line
    verdict = data["verdict"]
    if verdict == "foul":
        assert data["fouls"]
    if verdict == "win":
        assert data["finished"] and data["winner"] is not None
    if verdict == "decision":
        assert data["decision"] is not None
    if data["fouls"]:
        assert verdict in ("loss", "win", "decision", "foul"), data["summary"]
    if data["basis"] is not None:
        assert data["basis"] in cited


def random_calculator_case(game, options, seed):
    """What the тренажёр asks: a random situation and a random action in it, read
    as the calculator reads them (reading checks the position, then the action)."""
    rng = random.Random(seed)
    state = game.state_from_situation(Reader(game.random_situation(rng), "situation"), options)
    action = game.read_action(Reader(game.random_action(state, rng), "action"), state)
    return state, action


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_situations_are_possible_positions(game_id):
    game = GAMES[game_id]
    options = game.read_options(Reader({}, "options"))
    for seed in range(300):
        random_calculator_case(game, options, seed)  # an impossible one is refused here


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_play_reaches_only_possible_positions(game_id):
    game = GAMES[game_id]
    for seed in SEEDS:
        for _, _, _, after in random_play(game, seed):
            game.check_position(after)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_citation_supports_a_fact_of_its_ruling(game_id):
    game = GAMES[game_id]
    for seed in SEEDS:
        for _, _, ruling, _ in random_play(game, seed):
            check_citations(game, ruling)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_calculator_ruling_cites_only_what_supports_it(game_id):
    game = GAMES[game_id]
    options = game.read_options(Reader({}, "options"))
    for seed in range(300):
        state, action = random_calculator_case(game, options, seed)
        ruling, _ = game.apply(state, action, game.calculator_names(state))
        check_citations(game, ruling)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_declared_default_means_the_same_as_leaving_the_field_out(game_id):
    """«A field whose declared default is refused cannot exist»: for every action
    field with a default, giving the default explicitly changes nothing."""
    from rules_pkg.api import handle

    game = GAMES[game_id]
    declaration = game.declaration()
    for seed in range(40):
        rng = random.Random(seed)
        options = game.read_options(Reader({}, "options"))
        situation = game.random_situation(rng)
        state = game.state_from_situation(Reader(situation, "situation"), options)
        action = game.random_action(state, rng)
        spec = next(a for a in declaration["actions"] if a["type"] == action.get("type", declaration["actions"][0]["type"]))
        base = handle({"op": "ruling", "game": game_id, "situation": situation, "action": action})
        for f in spec["fields"]:
            if "default" not in f or f["name"] in action:
                continue
            explicit = handle({"op": "ruling", "game": game_id, "situation": situation,
                               "action": {**action, f["name"]: f["default"]}})
            assert explicit == base, (f["name"], action, explicit, base)


def short_name(title: str) -> str:
    """What a ruling's short link says of a title: its part before a colon
    (docs/assets/js/ruling/ruling.js refLink), else the whole title."""
    return title.split(":")[0].strip()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_short_citation_names_one_clause(game_id):
    """A short link names one clause of its game: «Кладка»'s double hit was cited as «§ Штраф»,
    which is also the touch's and the penalty's («Штраф: двойной удар», «Штраф: туш …»), and
    «пробка»'s worked examples all as «§ Пример» (newcomer 2026-12-05-b, item 11)."""
    from rules_pkg.api import handle
    game = handle({"op": "describe", "game": game_id})["game"]
    seen: dict[str, list[str]] = {}
    for kind in ("clauses", "tolkovaniya", "outside"):
        for item in game.get(kind, []):
            seen.setdefault(short_name(item["title"]).lower(), []).append(item["id"])
    shared = {name: ids for name, ids in seen.items() if len(ids) > 1}
    assert shared == {}, f"{game_id}: одна краткая ссылка на несколько пунктов: {shared}"
