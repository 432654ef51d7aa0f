"""The table drawing declaration (rules_pkg/drawing.py): every field a tap or
a chip sets exists in the game's shot declaration with a kind that can hold
what the source gives, and every game with a shot tool has a drawing."""

from __future__ import annotations

import pytest

from rules_pkg import api, drawing
from rules_pkg.games import GAMES

LIST_SOURCES = {"touched", "dropped", "outside", "dropped_others"}
BOOL_SOURCES = {"carom_has", "contact", "has"}
INT_SOURCES = {"carom_count", "pocket_count", "outside_count"}
POCKET_SOURCES = {"cue_pocket", "called", "played_pocket", "pocket"}


def declared(game_id):
    response = api.handle({"op": "describe", "game": game_id})
    assert response["ok"], response
    return response["game"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_tool_game_has_a_drawing_and_only_those(game_id):
    game = declared(game_id)
    if "calculator" in game["tools"] or "scorekeeper" in game["tools"]:
        assert game["table"] is not None
    else:
        assert game["table"] is None


@pytest.mark.parametrize("game_id", sorted(drawing.TABLES))
def test_drawn_fields_exist_in_the_shot_declaration(game_id):
    game = declared(game_id)
    table = game["table"]
    action = next(a for a in game["actions"] if a["type"] == table["action"])
    fields = {f["name"]: f for f in action["fields"]}
    ball_ids = {b["id"] for b in table["balls"]}
    for name, spec in table["fields"].items():
        assert name in fields, f"{game_id}: the drawing sets {name!r}, the shot has no such field"
        kind = fields[name]["kind"]
        source = spec["from"]
        assert source in drawing.SOURCES, source
        if source in LIST_SOURCES:
            assert kind in ("set", "sequence"), (name, kind)
            options = {o["id"] for o in fields[name]["options"]}
            values = {b.get("value", b["id"]) for b in table["balls"]}
            if source == "dropped_others":
                values |= ball_ids  # the second of two alike balls keeps its own id
            assert values & options, (name, values, options)
            assert values - {"red2"} <= options | ball_ids
        elif source in BOOL_SOURCES:
            assert kind == "bool", (name, kind)
        elif source in INT_SOURCES:
            assert kind == "int", (name, kind)
        elif source in POCKET_SOURCES:
            assert kind == "choice" and {o["id"] for o in fields[name]["options"]} == {p["id"] for p in table["pockets"]}
        elif source == "cue":
            assert kind == "choice" and {o["id"] for o in fields[name]["options"]} == {"table", "pocket", "off"}
        elif source == "played":
            options = {o["id"] for o in fields[name]["options"]}
            assert {b.get("value", b["id"]) for b in table["balls"]} <= options
        elif source == "events":
            assert kind == "set"
            assert set(spec["map"].values()) <= {o["id"] for o in fields[name]["options"]}
        for field, values in spec.get("played_stays", {}).items():
            assert {o["id"] for o in fields[field]["options"]} >= set(values), (name, field, values)
        for key in ("balls", "ball"):
            wanted = spec.get(key)
            if wanted is not None:
                assert set(wanted if isinstance(wanted, list) else [wanted]) <= ball_ids
    for name in table["chips"]:
        assert name in fields, f"{game_id}: chip {name!r} is not a shot field"
        # Only a set fed by events (the cue ball pocketed -> a foul) is also tapped as chips.
        assert name not in table["fields"] or table["fields"][name]["from"] == "events", name
    miss = table["miss"]
    if miss:
        assert miss["label"]
        if miss["field"]:
            assert miss["field"] in table["fields"]
        for name, value in miss["sets"].items():
            assert name in fields
    for b in table["balls"] + table["spots"]:
        x, y = b["at"]
        assert 0 < x < 200 and 0 < y < 100


def test_pockets_are_the_engine_pockets():
    from rules_pkg.table import POCKET_IDS
    for make in drawing.TABLES.values():
        assert [p["id"] for p in make()["pockets"]] == list(POCKET_IDS)


@pytest.mark.parametrize("game_id", sorted(drawing.TABLES))
def test_the_line_under_the_drawing_has_every_drawn_field_in_the_games_words(game_id):
    """The line is the request in the game's own words (table["words"]): one
    declaration per drawn field, the shot's own, in the form's order; an
    events key and a ``has`` field's ``after`` name what the drawing knows."""
    game = declared(game_id)
    table = game["table"]
    action = next(a for a in game["actions"] if a["type"] == table["action"])
    own = [f for f in action["fields"] if f["name"] in table["fields"]]
    assert table["words"] == own
    ball_ids = {b["id"] for b in table["balls"]}
    for spec in table["fields"].values():
        if spec["from"] == "has" and "after" in spec:
            assert spec["after"] in ball_ids and spec["waiting"] and spec["knock"]  # the knock drawn in one drag
        for key in (spec.get("map") or {}):
            assert key in ("cue_pocket", "cue_off", "miss") or (
                key.startswith("first:") and key[len("first:"):] in {str(b) for b in ball_ids}), key


def test_probka_the_probka_tapped_first_is_foul_a():
    table = declared("probka")["table"]
    assert table["fields"]["fouls"]["map"]["first:probka"] == "a"
    assert table["fields"]["probka"] == {**table["fields"]["probka"], "from": "has", "ball": "probka", "after": "object"}


def test_kaiza_spots_are_numbered_on_the_drawing_so_the_1st_spots_red_is_told_apart():
    """«Кайза»: the first shot may not pocket the red from the 1st spot; both reds are «К», so
    the drawing writes each numbered spot's number under it, and the red the drawing counts
    as the 1st spot's (red_from_spot_1 reads ball «red») stands on the spot noted «1-я»."""
    table = drawing.TABLES["kaiza"]()
    notes = {s["note"]: tuple(s["at"]) for s in table["spots"]}
    assert notes == {"1-я": (150, 50), "2-я": (100, 50), "3-я": (170, 50)}
    assert all(s["label"].startswith(s["note"]) for s in table["spots"])
    at = {b["id"]: tuple(b["at"]) for b in table["balls"]}
    assert at["red"] == notes["1-я"] and at["red2"] == notes["3-я"]
    assert table["fields"]["red_from_spot_1"]["ball"] == "red"
    # a spot no rule numbers carries no note
    assert all(s["note"] == "" for s in drawing.TABLES["kovboy"]()["spots"])


# A caption's half width per letter in the drawing's units (.rb-t-note: 5 px in a 200-unit
# table; «соперника» measured 28 units wide at 390 px).
NOTE_HALF_WIDTH_PER_LETTER = 1.6
HOUSE_LINE_X = 50  # table-svg.js draws it at x = 50


@pytest.mark.parametrize("game_id", sorted(g for g, make in drawing.TABLES.items() if make()["house"]))
def test_a_caption_under_a_ball_never_crosses_the_house_line(game_id):
    # «соперника» under «Кайза»'s white ran across the dashed «дом» line at 390 px (newcomer 2026-12-05-e).
    table = declared(game_id)["table"]
    captions = [(b["note"], b["at"][0]) for b in table["balls"] if b.get("note")]
    if table["cue"]:
        captions.append(("биток", table["cue"]["at"][0]))
    captions += [(s["note"], s["at"][0]) for s in table["spots"] if s.get("note")]
    crossing = [(text, x) for text, x in captions
                if abs(x - HOUSE_LINE_X) < len(text) * NOTE_HALF_WIDTH_PER_LETTER]
    assert captions and crossing == []
