"""The table drawing of a game's shot input (``describe`` → ``"table"``).

The browser draws the table from this declaration and turns the player's taps
into the values of the game's own shot fields (docs/assets/js/shot-input/shot-model.js);
the request is then read from the same form the keyboard user fills, so the
drawing and the form cannot disagree. Nothing here is rule text: it says
which balls and pockets to draw and which action field each kind of tap sets.

Declaration::

    {"action": "shot",                       # the action type the drawing fills
     "balls": [{"id", "label", "name", "colour", "at": [x, y]}],  # object balls
     "cue": {"at": [x, y]} | None,           # the cue ball, when its fate is recorded
     "pockets": [{"id", "label"}],           # rules_pkg.table, clockwise
     "house": bool, "spots": [{"id", "label", "at"}],
     "pyramid": int,                         # undistinguished balls drawn as a rack
     "fields": {field: {"from": source, ...}},   # what the taps set
     "chips": [field],                       # shot fields shown beside the drawing, in this order
                                             # (one asked at the first shot only: last)
     "chips_first": bool,                    # the chips above the drawing, not below it
     "cue_note": str,                        # a drawn cue ball whose fate is not recorded: what a press
                                             # on it says instead (what to mark), "" if nothing
     "miss": {"label", "field", "sets"} | None,   # the explicit «nothing / miss» choice
     "situation": {"rack"?: field, "absent"?: field},   # (optional) the calculator's situation fields
                                             # that say which balls stand on the table (shot-model.js tableNow);
                                             # the scorekeeper has them from the view («rack», «absent»)
     "words": [field declaration]}           # the drawn fields, as the game declares them

``words`` are the game's own declarations of the fields the drawing sets (label,
kind, options, default): the line under the drawing is the request in these
words (docs/assets/js/shot-input/describe.js, the browser's twin of rules_pkg/describe.py),
never the taps retold, so what is shown is what is recorded.

Coordinates are in a 200 × 100 box, the «дом» on the left (x < 50), the far
short cushion on the right; "far-left" is then the top right corner. The
positions are a schematic, not a rule: a ball is tapped by what it is.

Sources (evaluated by shot-model.js, which documents each one):
``touched`` ``dropped`` ``outside`` ``cue`` ``cue_pocket`` ``called`` ``played``
``played_pocket`` ``dropped_others`` ``carom_count`` ``carom_has`` ``contact``
``has`` ``pocket`` ``pocket_count`` ``outside_count`` ``events`` ``dropped_has``.
``dropped_has`` names a ``ball``: true when that very ball fell, false when only a ball
alike did (the other red), unset otherwise; with ``situation``, only where the form's
situation has those values (the reds stand where drawn only at the first shot); with
``played_stays`` ({field: [values]}), the played ball (the first carried into a pocket) did
not fall when the form's field holds one of those values (a pocket drawn as the call only,
«шар заказан, но не упал»).
``has`` may name ``after``: the ball counts only when the cue ball reached the
``after`` ball first (the object ball knocked the пробка, not the cue ball);
``waiting`` then says what the ``after`` ball alone is waiting for, and
``knock`` how to draw it in one gesture (the ``after`` ball dragged onto the
ball: the line under an empty drawing says it).
An ``events`` map's keys: ``cue_pocket``, ``cue_off``, ``first:<ball id>`` (the
cue ball's first contact was that ball).

``chips_first``: where every shot is entered mostly with the chips (in «пробка»
the shooter's number at every shot, and most fouls), they stand above the
drawing, so that on a phone they, the board and the record button are on
screen together (scripts/bench_usability.py); elsewhere they follow it.

A tap that would change nothing in the request is refused with a message
(shot-model.js): every mark on the drawing is part of what is recorded.
"""

from __future__ import annotations

from typing import Any

from .table import POCKETS

SOURCES = frozenset({
    "touched", "dropped", "outside", "cue", "cue_pocket", "called", "played", "played_pocket",
    "dropped_others", "carom_count", "carom_has", "contact", "has", "pocket", "pocket_count",
    "outside_count", "events", "dropped_has",
})
IVORY = "#f3ead2"
RED = "#c62828"
WHITE = "#fafafa"
YELLOW = "#f9c01c"


def ball(id_: Any, label: str, name: str, colour: str, at: tuple[float, float], value: Any = None,
         note: str = "") -> dict:
    """A ball; ``note``, if given, is written under it (a ball its letter does not name:
    «Кайза»'s «Б» is the opponent's, «Пробка»'s object ball has no letter)."""
    out = {"id": id_, "label": label, "name": name, "colour": colour, "at": list(at)}
    if value is not None:
        out["value"] = value  # the id a choice field uses for this ball (two reds are both "red")
    if note:
        out["note"] = note
    return out


def spot(id_: Any, label: str, at: tuple[float, float], note: str = "") -> dict:
    """A spot drawn as a cross; ``note``, if given, is written under it (a numbered spot a
    rule names: a ball standing on it hides the cross)."""
    return {"id": id_, "label": label, "at": list(at), "note": note}


def base(**parts: Any) -> dict:
    out = {
        "action": "shot", "balls": [], "cue": None, "house": False, "spots": [], "pyramid": 0,
        "pockets": [{"id": p, "label": name} for p, name in POCKETS],
        "fields": {}, "chips": [], "chips_first": False, "cue_note": "", "miss": None,
    }
    out.update(parts)
    return out


def kovboy() -> dict:
    return base(
        balls=[ball(1, "1", "единица", IVORY, (60, 50)), ball(3, "3", "тройка", IVORY, (150, 50)),
               ball(5, "5", "пятёрка", IVORY, (100, 50))],
        cue={"at": (30, 62)}, house=True,
        spots=[spot("front", "передняя отметка", (60, 50)), spot("centre", "центральная отметка", (100, 50)),
               spot("back", "задняя отметка", (150, 50))],
        fields={"contacts": {"from": "touched"}, "pocketed": {"from": "dropped"}, "jumped": {"from": "outside"},
                "cue_ball": {"from": "cue"}, "cue_pocket": {"from": "cue_pocket"},
                "called_pocket": {"from": "called"}},
        chips=["cushion", "spot_occupied", "no_call"],
        situation={"absent": "off_table"},  # the calculator's balls waiting off the table
        miss={"label": "Промах", "field": "contacts", "sets": {}},
    )


def pyat_sharov() -> dict:
    reds = ("red", "red2")
    return base(
        balls=[ball("red", "К", "красный", RED, (140, 40), "red"), ball("red2", "К", "второй красный", RED, (140, 60), "red"),
               ball("white", "Б", "белый", WHITE, (115, 50)), ball("yellow", "Ж", "жёлтый", YELLOW, (165, 50))],
        cue={"at": (30, 50)}, house=True,
        fields={"ball": {"from": "played", "fallback": "touched"}, "pocket": {"from": "played_pocket"},
                "called_pocket": {"from": "called"},
                "carom_reds": {"from": "carom_count", "balls": list(reds)},
                "carom_white": {"from": "carom_has", "balls": ["white"]},
                "carom_yellow": {"from": "carom_has", "balls": ["yellow"]}},
        chips=["mistake"],
        # The cue ball's fate is no field here (толкование pyat-sharov-t-mistake): a press on it, or a carry
        # into a pocket, said nothing, and a newcomer recorded a scratch as a clean shot.
        cue_note="Биток не отмечают. Ошибку при кладке отметьте ниже: «Игрок совершил ошибку при кладке шара».",
        miss={"label": "Шар не сыгран", "field": None, "sets": {}},
    )


def kaiza() -> dict:
    reds = ("red", "red2")
    return base(
        balls=[ball("red", "К", "красный", RED, (150, 50), "red"), ball("red2", "К", "второй красный", RED, (170, 50), "red"),
               ball("white", "Б", "белый соперника", WHITE, (34, 36), note="соперника"),
               ball("yellow", "Ж", "жёлтый", YELLOW, (100, 50))],
        cue={"at": (30, 60)}, house=True,
        spots=[spot(1, "1-я точка", (150, 50), "1-я"), spot(2, "2-я точка", (100, 50), "2-я"),
               spot(3, "3-я точка", (170, 50), "3-я")],
        fields={"contact": {"from": "contact"}, "ball": {"from": "played"}, "pocket": {"from": "played_pocket"},
                "also_pocketed": {"from": "dropped_others"}, "off_table": {"from": "outside"},
                "carom_reds": {"from": "carom_count", "balls": list(reds)},
                "carom_white": {"from": "carom_has", "balls": ["white"]},
                "carom_yellow": {"from": "carom_has", "balls": ["yellow"]},
                "cue_ball": {"from": "cue"},
                # at the first shot the reds stand where drawn: the drawing knows whether the 1st spot's fell;
                # a red carried into the called pocket with «шар заказан, но не упал» did not fall
                "red_from_spot_1": {"from": "dropped_has", "ball": "red", "situation": {"first_shot": True},
                                    "played_stays": {"call": ["missed"]}}},
        # «Заказ» first (its usual answer in view on a phone)
        chips=["call", "positional", "spots_taken", "intermediate", "ball_strike", "doublet"],
        miss={"label": "Промах", "field": "contact", "sets": {"contact": False}},
    )


def probka() -> dict:
    # The пробка tapped first: the cue ball touched it (foul «а»); tapped after
    # the object ball: the object ball knocked it down (the prize, unless «б»).
    # The balls in the table's upper half: with the chips above the drawing
    # (chips_first), six players' board pushes its lower part under a phone's
    # sticky bar; the balls stay in reach.
    return base(
        balls=[ball("probka", "П", "пробка", "#8d6e63", (100, 20)),
               ball("object", "", "прицельный шар", IVORY, (140, 18), note="прицельный")],
        cue={"at": (40, 22)},
        fields={"probka": {"from": "has", "ball": "probka", "after": "object",
                           "waiting": "Отмечен прицельный шар: нажмите пробку, если он её сбил, "
                                      "или нажмите шар ещё раз, чтобы убрать отметку.",
                           "knock": "Шар сбил пробку — перетащите его на неё"},
                "fouls": {"from": "events", "map": {"first:probka": "a", "cue_pocket": "g", "cue_off": "e"}}},
        chips=["shooter", "fouls"], chips_first=True,
        miss={"label": "Без результата", "field": None, "sets": {}},
    )


def po_chasovoy() -> dict:
    return base(
        balls=[ball("next", "", "очередной шар", IVORY, (120, 50))],
        fields={"pocket": {"from": "pocket"}},
        chips=["noticed"],
    )


def kladka_kiem() -> dict:
    return base(
        cue={"at": (30, 50)}, house=True, pyramid=15,
        fields={"potted": {"from": "pocket_count"}, "off_table": {"from": "outside_count"}},
        # «Первый удар игрока» (the first stroke only) first: the rules ask it of that
        # stroke, and last it stood 159 px below a 360 × 740 screen (the walk).
        chips=["opening", "double_hit", "touch"],
        miss={"label": "Ни один шар не упал", "field": None, "sets": {"potted": 0}},
        situation={"rack": "balls_left"},  # the calculator's balls on the table, the cue ball among them
    )


TABLES = {
    "kovboy": kovboy, "pyat-sharov": pyat_sharov, "kaiza": kaiza, "probka": probka,
    "po-chasovoy": po_chasovoy, "kladka-kiem": kladka_kiem,
}


def table_for(game_id: str, actions: list[dict]) -> dict | None:
    """The drawing of a game's shot input, or None (no drawing for that game).
    ``actions``: the game's declared actions (``Game.action_fields()``), passed in
    by the game itself so that this module imports no game (no import cycle)."""
    make = TABLES.get(game_id)
    if not make:
        return None
    table = make()
    table["words"] = drawn_field_declarations(actions, table)
    return table


def drawn_field_declarations(actions: list[dict], table: dict) -> list[dict]:
    """The game's declarations of the fields the drawing sets, in the form's order."""
    action = next(a for a in actions if a["type"] == table["action"])
    return [f for f in action["fields"] if f["name"] in table["fields"]]
