"""What a ruling line restates or rests on is cited, each id in its own field (issue 26, § 3).

The other half of ``test_citations_and_positions.check_citations`` (what is cited decided
something): over random play and random calculator requests of every game, a line that
says a clause's content («третье подряд — поражение в партии», «89 + 8 = 97»,
«…запрещается») cites that clause; a line that says «по толкованию» cites a толкование,
one that says «внешний источник» / «по финским правилам» an outside fact; the ids are
split by kind (``clauses``, ``tolkovaniya``, ``outside``) and ``fouls[].clause`` is a
clause of the text, its толкование in ``fouls[].tolkovanie``.
"""

from __future__ import annotations

import re

import pytest

from rules_pkg.games import GAMES
from tests.randplay import random_rulings

GAME_IDS = [g.id for g in GAMES.values() if g.tools]
SEEDS = range(40)

# (game, a pattern of a line, the ids one of which the line must cite)
RESTATED = (
    ("kovboy", r"поражение в партии", {"kovboy-rule-8"}),
    ("kovboy", r"только ударом от единицы в заказанную лузу|только победный удар от единицы", {"kovboy-scoring-101"}),
    ("kovboy", r"Превышено 90 очков .*\+ [2-9]", {"kovboy-scoring-1", "kovboy-scoring-2", "kovboy-scoring-3"}),
    ("kovboy", r"^Забит", {"kovboy-scoring-1"}),
    ("po-chasovoy", r"не в назначенную лузу запрещается", {"po-chasovoy-forbidden"}),
    ("kladka-kiem", r"нормальн\w+ ничь", {"kladka-kiem-draw-1", "kladka-kiem-draw-2"}),
    ("pyat-sharov", r"правила «Русской партии»", {"pyat-sharov-basis"}),
    ("kaiza", r"^Жёлтый шар в среднюю лузу — 12 очков", {"kaiza-o-yellow"}),
    ("kaiza", r"белым без карамболя", {"kaiza-t-58-59"}),
)


def kinds(game) -> dict[str, str]:
    out = {c.id: "clause" for c in game.clauses}
    out.update({t.id: "tolkovanie" for t in game.tolkovaniya})
    out.update({o.id: "outside" for o in game.outside})
    return out


def problems_of(game, ruling: dict) -> list[str]:
    kind = kinds(game)
    found = []
    for line in ruling["why"]:
        text, cites = line["text"], set(line["cites"])
        for gid, pattern, ids in RESTATED:
            if gid == game.id and re.search(pattern, text) and not ids & cites:
                found.append(f"{text!r} does not cite {sorted(ids)}")
        if "по толкованию" in text and not any(kind[c] == "tolkovanie" for c in cites):
            found.append(f"{text!r} says «по толкованию» and cites no толкование")
        if re.search(r"внешний источник|по финским правилам", text) and not any(kind[c] == "outside" for c in cites):
            found.append(f"{text!r} names an outside source and cites no outside fact")
    for field, wanted in (("clauses", "clause"), ("tolkovaniya", "tolkovanie"), ("outside", "outside")):
        found += [f"{i} in {field}" for i in ruling[field] if kind[i] != wanted]
    for foul in ruling["fouls"]:
        if foul["clause"] is not None and kind[foul["clause"]] != "clause":
            found.append(f"fouls[].clause {foul['clause']} is not a clause")
        if foul.get("tolkovanie") is not None and kind[foul["tolkovanie"]] != "tolkovanie":
            found.append(f"fouls[].tolkovanie {foul['tolkovanie']} is not a толкование")
        if foul["clause"] is None and foul.get("tolkovanie") is None:
            found.append(f"foul {foul['code']} rests on nothing")
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_what_a_line_restates_or_rests_on_is_cited_in_its_own_field(game_id):
    game = GAMES[game_id]
    found = set()
    for _, out in random_rulings(game_id, SEEDS):
        found.update(problems_of(game, out["ruling"]))
    assert not found, "\n".join(sorted(found)[:15])


def ruling(game: str, situation=None, **action) -> dict:
    from rules_pkg.api import handle
    out = handle({"op": "ruling", "game": game, "situation": situation or {}, "action": action})
    assert out["ok"], out
    return out["ruling"]


@pytest.mark.parametrize("game_id, situation, action, line, wanted", [
    ("kovboy", {"score": 89}, {"contacts": [5, 3], "pocketed": [5]}, "Превышено 90 очков (89 + 6 = 95)",
     {"kovboy-rule-4", "kovboy-scoring-1", "kovboy-scoring-2", "kovboy-scoring-sum"}),
    ("kovboy", {"score": 30, "fouls_in_row": 1}, {"contacts": [1], "cue_ball": "off"}, "третье подряд",
     {"kovboy-rule-8", "kovboy-t-fouls-in-row"}),
    ("kovboy", {"score": 99}, {"contacts": [1, 3, 5]}, "заказанную лузу",
     {"kovboy-t-99-three-carom", "kovboy-scoring-101"}),
    ("kaiza", {}, {"ball": "yellow", "pocket": "left-middle"}, "12 очков",
     {"kaiza-t-yellow-middle", "kaiza-o-yellow"}),
    ("po-chasovoy", {"ball": 4, "known": "previous", "pocket": "far-left"},
     {"pocket": "near-right", "noticed": False}, "запрещается", {"po-chasovoy-forbidden"}),
])
def test_the_audited_lines_cite_what_they_restate(game_id, situation, action, line, wanted):
    r = ruling(game_id, situation, **action)
    cited = next(set(w["cites"]) for w in r["why"] if line in w["text"])
    assert wanted <= cited, (cited, r["why"])
    assert wanted <= set(r["clauses"]) | set(r["tolkovaniya"]) | set(r["outside"])


def test_a_foul_keeps_its_clause_and_its_tolkovanie_apart():
    # kovboy: the cue ball off the table is a foul by a толкование only
    r = ruling("kovboy", {"score": 30}, contacts=[1], cue_ball="off")
    assert r["fouls"][0]["clause"] is None and r["fouls"][0]["tolkovanie"] == "kovboy-t-cue-off-table"
    # kaiza: a miss — no «§ Позиционный удар» for it: the text names no such foul, the толкование does
    r = ruling("kaiza", contact=False)
    assert r["fouls"][0]["clause"] is None and r["fouls"][0]["tolkovanie"] == "kaiza-t-miss"
    assert "kaiza-positional" not in r["clauses"]
    # kaiza: own cue ball — a clause and the толкование beside it
    r = ruling("kaiza", ball="red", pocket="far-left", cue_ball="pocket")
    foul = next(f for f in r["fouls"] if f["code"] == "own-ball")
    assert foul["clause"] == "kaiza-own-ball" and foul["tolkovanie"] == "kaiza-t-own-ball"
