"""The verdict line shows every score a ruling changed with the short reason the rules
give (``extra.score_reasons``, one entry per player): a penalty, a series not counted,
a prize, points passed to the opponent. One hand-checked case per game whose text
gives a reason (clause ids beside), and a property over random play for every game:
a score that changed other than by the shot's own points always has its reason, and
no reason is given to a score that did not change."""

from __future__ import annotations

import random

import pytest

from rules_pkg.api import handle
from rules_pkg.games import GAMES, load_all
from tests.engine_driver import Calc
from tests.randplay import play_random_match

load_all()


def reasons(ruling: dict) -> list:
    return ruling["extra"].get("score_reasons")


def test_kovboy_foul_cancels_the_series_for_the_series():  # kovboy-penalty
    r = Calc("kovboy").ruling({"score": 89, "series": 10}, contacts=[1, 3, 5])  # 89 + 2 > 90: rule 4
    assert r["foul"] and r["scores"][0] == 79 and reasons(r) == ["за серию", None]


def test_pyat_sharov_mistake_gives_the_prize_to_the_opponent():  # pyat-sharov-mistake
    r = Calc("pyat-sharov").ruling({"score": 15, "opponent_score": 25}, ball="red", pocket="far-left",
                                   carom_white=True, mistake=True)
    assert r["scores"] == [15, 30] and reasons(r) == [None, "за ошибку соперника"]


def test_kaiza_ball_off_the_table_keeps_the_prize_without_penalty():  # kaiza-off-table
    r = Calc("kaiza").ruling({"score": 10}, ball="red", pocket="far-left", call="yes", carom_white=True,
                             off_table=["yellow"])
    assert r["points"] > 0 and r["scores"][0] == 10 + r["points"] and reasons(r) == ["призовые, штрафа нет", None]


@pytest.mark.parametrize("shot, reason", [
    ({"shooter": 1, "fouls": ["a"]}, "штрафа"),  # probka-penalty: −2 очка штрафа
    ({"shooter": 1, "probka": True}, "приза"),  # probka-prize: +2 очка приза
])
def test_probka_penalty_and_prize(shot, reason):
    r = Calc("probka").ruling({"scores": "1, 1"}, **shot)
    assert r["scores"][0] != 1 and reasons(r) == [reason, None]


@pytest.mark.parametrize("action, charged, reason", [
    ({"potted": 1, "double_hit": True}, 2, "из них 1 штрафной"),  # kladka-kiem-penalty: a foul is one stroke
    ({"type": "touch", "touch": next(iter(GAMES["kladka-kiem"].declaration()["actions"][1]["fields"][0]["options"]))["id"]},
     1, "штрафной"),
])
def test_kladka_kiem_penalty_strokes(action, charged, reason):
    r = Calc("kladka-kiem").ruling({"balls_left": 10, "strokes": 3}, **action)
    assert r["points"] == charged and r["scores"][0] == 3 + charged and reasons(r) == [reason, None]


@pytest.mark.parametrize("game_id", ["po-chasovoy", "snimanie-rukoy"])
def test_games_without_a_score_give_no_reasons(game_id):
    assert handle({"op": "describe", "game": game_id})["game"]["score"] is None


SCORED = sorted(g for g in GAMES if handle({"op": "describe", "game": g})["game"]["score"] is not None)


@pytest.mark.parametrize("game_id", SCORED)
def test_every_score_change_beyond_the_shots_points_has_its_reason(game_id):
    rng = random.Random(16)
    seen = 0
    for _ in range(15):
        for request, out in play_random_match(game_id, rng, max_actions=40):
            ruling = out.get("ruling") if out.get("ok") else None
            before = ruling and ruling["extra"].get("scores_before")
            if not before or ruling["kind"] == "decision":
                continue
            given = reasons(ruling) or [None] * len(before)
            for i, (b, a) in enumerate(zip(before, ruling["scores"])):
                own = ruling["points"] if i == ruling["player"] else 0
                if a - b != own:
                    assert given[i], (i, b, a, ruling["summary"])
                    seen += 1
                if given[i]:
                    assert a != b, (i, given, ruling["summary"])
    if game_id in ("kovboy", "pyat-sharov"):
        assert seen, "random play never changed a score beyond the shot's points"
