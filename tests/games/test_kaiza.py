"""«Кайза» (seed 001): one test per clause, the 58/59 rules and their
толкования, the points list (the text's own value and the completed ones,
each with its source), input errors and random play. Almost everything goes
through the JSON boundary."""

from __future__ import annotations

import random

import pytest

from rules_pkg.api import handle
from rules_pkg.match import Match
from rules_pkg.games import GAMES
from rules_pkg.reader import Reader
from tests.engine_driver import Calc, Table
from tests.randplay import random_steps

GAME = GAMES["kaiza"]
NOT_CREDITED = {"white_58_59": "not-credited"}


CALC = Calc("kaiza")


def caroms(spec: str) -> dict:
    return {"carom_reds": spec.count("r"), "carom_white": "w" in spec, "carom_yellow": "y" in spec}


RED = {"ball": "red", "pocket": "far-left"}
WHITE = {"ball": "white", "pocket": "far-left"}
# the first shot: whether a fallen red is the one from spot 1 must be said
FIRST_RED = {**RED, "red_from_spot_1": False}
YELLOW_CORNER = {"ball": "yellow", "pocket": "near-right"}
YELLOW_MIDDLE = {"ball": "yellow", "pocket": "left-middle"}


# ---- the points list ----------------------------------------------------------

def test_kaiza_points_red_3_is_the_text():
    r = CALC.ruling({"score": 10}, **RED)
    assert r["points"] == 3 and r["scores"] == [13, 0]
    assert "kaiza-points-red" in r["clauses"]
    assert r["outside"] == [] and "kaiza-points-rest" not in r["clauses"]
    assert r["turn_continues"] and r["next_player"] == 0
    assert "по тексту" in r["lines"][0]


@pytest.mark.parametrize("action, points, source", [
    (WHITE, 2, "kaiza-o-white"),
    (YELLOW_CORNER, 6, "kaiza-o-yellow"),
    ({**RED, **caroms("w")}, 5, "kaiza-o-red-caroms"),
    ({**RED, **caroms("r")}, 6, "kaiza-o-red-caroms"),
    ({**RED, **caroms("rw")}, 8, "kaiza-o-red-caroms"),
    ({**RED, **caroms("y")}, 9, "kaiza-o-red-caroms"),
    ({**RED, **caroms("yw")}, 11, "kaiza-o-red-caroms"),
    ({**RED, **caroms("yr")}, 12, "kaiza-o-red-caroms"),
    ({**RED, **caroms("yrw")}, 14, "kaiza-o-red-caroms"),
    ({**WHITE, **caroms("r")}, 4, "kaiza-o-white"),
    ({**WHITE, **caroms("rr")}, 7, "kaiza-o-white"),
    ({**WHITE, **caroms("y")}, 7, "kaiza-o-white"),
    ({**WHITE, **caroms("yr")}, 10, "kaiza-o-white"),
    ({**WHITE, **caroms("yrr")}, 13, "kaiza-o-white"),
])
def test_kaiza_points_rest_outside_values(action, points, source):
    r = CALC.ruling({"score": 10}, **action)
    assert r["points"] == points and r["scores"] == [10 + points, 0]
    assert source in r["outside"]
    if action["ball"] != "red":
        assert "kaiza-points-rest" in r["clauses"]
    assert "внешний источник" in r["lines"][-1] or any("внешний источник" in line for line in r["lines"])


def test_kaiza_points_rest_yellow_middle_and_caroms_are_tolkovaniya():
    r = CALC.ruling(**YELLOW_MIDDLE)
    # 12 = 6 + 6: the 6 of a yellow is the outside fact the толкование builds on (issue 26: it is cited)
    assert r["points"] == 12 and "kaiza-t-yellow-middle" in r["tolkovaniya"] and r["outside"] == ["kaiza-o-yellow"]
    # the yellow with caroms: the values of the «Пять шаров с карамболями» table, corner and middle
    pyat = GAMES["pyat-sharov"]
    for pocket in ("near-right", "left-middle"):
        for spec in ("w", "r", "rw", "rr", "rrw"):
            r = CALC.ruling(ball="yellow", pocket=pocket, **caroms(spec))
            same = handle({"op": "ruling", "game": pyat.id, "situation": {},
                           "action": {"ball": "yellow", "pocket": pocket, **caroms(spec)}})["ruling"]
            assert r["points"] == same["points"]
            assert "kaiza-t-yellow-caroms" in r["tolkovaniya"]
            assert "kaiza-points" in r["clauses"]


def test_kaiza_points_cover_every_possible_shot():
    possible = {"red": [(r, w, y) for r in (0, 1) for w in (0, 1) for y in (0, 1)],
                "white": [(r, 0, y) for r in (0, 1, 2) for y in (0, 1)],
                "yellow": [(r, w, 0) for r in (0, 1, 2) for w in (0, 1)]}
    for ball, combos in possible.items():
        for pocket in ("far-right", "right-middle"):
            for r, w, y in combos:
                out = CALC.ruling(ball=ball, pocket=pocket, carom_reds=r, carom_white=bool(w), carom_yellow=bool(y))
                assert out["points"] > 0 and out["extra"]["counted"]
                assert out["extra"]["carom_counted"] == bool(r or w or y)


def test_kaiza_points_rest_declared_lost_with_sources():
    decl = handle({"op": "describe", "game": "kaiza"})["game"]
    status = {c["id"]: c["status"] for c in decl["clauses"]}
    assert status["kaiza-points-rest"] == "lost"
    assert status["kaiza-points-red"] == "implemented"
    assert status["kaiza-lag"] == status["kaiza-lag-winner"] == "not_computable"
    assert {o["id"] for o in decl["outside"]} == {"kaiza-o-white", "kaiza-o-red-caroms", "kaiza-o-yellow"}
    assert all("не текст книги" in o["source"] for o in decl["outside"])
    note = next(c["note"] for c in decl["clauses"] if c["id"] == "kaiza-points-rest")
    assert "внешний источник" in note and "толкования" in note
    assert decl["options"][0]["name"] == "white_58_59"


def test_kaiza_points_carom_alone_gives_nothing():
    r = CALC.ruling({"score": 20}, **caroms("yrw"))
    assert r["points"] == 0 and r["next_player"] == 1
    assert "kaiza-t-carom-alone" in r["tolkovaniya"]


# ---- goal, 58 and 59 -------------------------------------------------------------

def test_kaiza_goal_red_or_yellow_may_pass_60():
    r = CALC.ruling({"score": 58, "opponent_score": 40}, **RED)
    assert r["finished"] and r["winner"] == 0 and r["scores"] == [61, 40]
    assert "kaiza-goal" in r["clauses"] and r["next_player"] is None
    r = CALC.ruling({"score": 57}, **YELLOW_CORNER)
    assert r["finished"] and r["scores"] == [63, 0]


def test_kaiza_58_white_without_carom_credited_game_goes_on_same_player():
    r = CALC.ruling({"score": 58}, **WHITE)
    assert r["scores"] == [60, 0] and not r["finished"]
    assert r["turn_continues"] and r["next_player"] == 0
    assert "kaiza-58" in r["clauses"] and "kaiza-t-58-59" in r["tolkovaniya"]


def test_kaiza_58_white_without_carom_not_credited_option():
    r = CALC.ruling({"score": 58}, NOT_CREDITED, **WHITE)
    assert r["scores"] == [58, 0] and r["points"] == 0 and not r["finished"]
    assert r["turn_continues"] and r["next_player"] == 0
    assert r["summary"] == ("Очков нет: при 58 очках 2 очка за белый без карамболя не засчитываются "
                            "(настройка партии); снова бьёт Игрок 1.")


def test_kaiza_58_white_with_carom_ends_the_game():
    r = CALC.ruling({"score": 58}, **WHITE, **caroms("r"))
    assert r["finished"] and r["winner"] == 0 and r["scores"] == [62, 0]


def test_kaiza_58_white_with_carom_struck_by_ball_does_not_end_the_game():
    # «удар шаром»: the carom does not count, so this is a white without a carom
    r = CALC.ruling({"score": 58}, **WHITE, **caroms("r"), ball_strike=True)
    assert not r["finished"] and r["scores"] == [60, 0] and "kaiza-58" in r["clauses"]


def test_kaiza_59_white_without_carom_loses_next_shot():
    r = CALC.ruling({"score": 59, "opponent_score": 3}, **WHITE)
    assert r["scores"] == [61, 3] and not r["finished"]
    assert r["next_player"] == 1 and not r["turn_continues"]
    assert "kaiza-59" in r["clauses"]
    assert r["extra"]["lost_next_shot"]
    r = CALC.ruling({"score": 59}, NOT_CREDITED, **WHITE)
    assert r["scores"] == [59, 0] and r["next_player"] == 1


def test_kaiza_58_credited_match_then_red_ends_it():
    t = Table("kaiza")
    t.play(**FIRST_RED)  # the first shot may not play the yellow
    for _ in range(8):
        t.play(ball="yellow", pocket="near-left")  # 6 a shot, corner
    t.play(**WHITE, carom_reds=1)
    t.play(**RED)
    assert t.scores() == [58, 0] and t.view["current"] == 0
    r = t.play(**WHITE)
    assert t.scores() == [60, 0] and not t.view["finished"] and t.view["current"] == 0
    assert "kaiza-58" in r["clauses"]
    r = t.play(**WHITE)  # 60 → 62: a white without a carom never ends the game; the series goes on
    assert t.scores() == [62, 0] and not r["finished"] and t.view["current"] == 0
    t.play(contact=False, positional=True)
    assert t.view["current"] == 1
    r = t.play(**RED)
    assert t.scores() == [62, 3] and not r["finished"]
    t.play()  # nothing falls
    r = t.play(**RED)
    assert r["finished"] and t.view["winner"] == 0 and t.scores() == [65, 3]


def test_kaiza_58_credited_opponent_can_finish_first():
    r = CALC.ruling({"score": 57, "opponent_score": 61}, **YELLOW_CORNER)
    assert r["finished"] and r["winner"] == 0 and r["scores"] == [63, 61]


# ---- first shot, «дом» -----------------------------------------------------------

def test_kaiza_first_shot_red_from_spot_1_middle_pocket_yellow_are_forbidden():
    t = Table("kaiza")
    assert "первым ударом" in t.view["status"] and "«доме»" in t.view["status"]
    r = t.play(**RED, red_from_spot_1=True)
    assert r["foul"] and r["fouls"][0]["clause"] == "kaiza-first-shot"
    assert t.scores() == [0, 0] and t.view["current"] == 1
    assert "kaiza-t-first-shot" in r["tolkovaniya"]
    for action in ({"ball": "red", "pocket": "right-middle", "red_from_spot_1": False}, YELLOW_CORNER):
        r = CALC.ruling({"first_shot": True}, **action)
        assert r["foul"] and r["points"] == 0 and r["next_player"] == 1
    # the red from spot 1 falling beside another ball also breaks the rule
    r = CALC.ruling({"first_shot": True}, **WHITE, also_pocketed=["red"], red_from_spot_1=True)
    assert r["foul"] and r["points"] == 0


def test_kaiza_first_shot_other_red_in_a_corner_counts():
    r = CALC.ruling({"first_shot": True}, **FIRST_RED)
    assert r["points"] == 3 and not r["foul"] and r["turn_continues"]
    assert "kaiza-first-shot" in r["clauses"] and "kaiza-from-dom" in r["clauses"]


def test_kaiza_from_dom_after_own_ball_pocketed():
    t = Table("kaiza")
    assert t.view["players"][0]["in_dom"]
    t.play(**FIRST_RED)
    assert not t.view["players"][0]["in_dom"]
    r = t.play(**RED, cue_ball="pocket")
    assert "kaiza-from-dom" in r["clauses"] and t.view["current"] == 1
    t.play()  # Борис: nothing
    assert t.view["current"] == 0 and "биток ставится в «доме»" in t.view["status"]


# ---- own cue ball, ball off the table ---------------------------------------------

def test_kaiza_own_ball_loses_next_shot_keeps_points():
    r = CALC.ruling({"score": 20}, **RED, **caroms("w"), cue_ball="pocket")
    assert r["scores"] == [25, 0] and r["next_player"] == 1
    assert r["fouls"][0]["clause"] == "kaiza-own-ball"
    assert "kaiza-t-own-ball" in r["tolkovaniya"]
    r = CALC.ruling(cue_ball="off")
    assert r["next_player"] == 1 and r["foul"]


def test_kaiza_off_table_after_carom_points_credited_no_penalty():
    r = CALC.ruling({"score": 10}, **RED, **caroms("y"), off_table=["yellow"])
    assert r["scores"] == [19, 0] and not r["foul"]
    assert r["next_player"] == 1 and r["extra"]["lost_next_shot"]
    assert "kaiza-off-table" in r["clauses"]
    assert any("Жёлтый шар ставят на 2-ю точку" in line for line in r["lines"])


def test_kaiza_t_off_table_without_a_carom_rests_on_the_tolkovanie_not_on_the_carom_clause():
    r = CALC.ruling({"score": 10}, **RED, off_table=["yellow"])
    assert r["scores"] == [13, 0] and r["extra"]["lost_next_shot"] and not r["foul"]
    assert "kaiza-off-table" not in r["clauses"] and "kaiza-t-off-table" in r["tolkovaniya"]


def test_kaiza_off_table_opponents_white_returns_to_dom():
    r = CALC.ruling(**RED, **caroms("w"), off_table=["white"])
    assert r["extra"]["respot"][-1] == {"ball": "white", "to": "dom"}
    assert "kaiza-t-respot-other" in r["tolkovaniya"]


# ---- intermediate balls, «удар шаром», doublet, yellow twice, positional ----------

def test_kaiza_intermediate_two_balls_do_not_count():
    r = CALC.ruling(**RED, intermediate=2)
    assert r["points"] == 0 and r["next_player"] == 1 and "kaiza-intermediate" in r["clauses"]
    assert CALC.ruling(**RED, intermediate=1)["points"] == 3


def test_kaiza_ball_strike_carom_does_not_count():
    r = CALC.ruling(**RED, **caroms("yw"), ball_strike=True)
    assert r["points"] == 3 and "kaiza-ball-strike" in r["clauses"]
    assert "kaiza-t-ball-strike" in r["tolkovaniya"]


def test_kaiza_doublet_only_into_a_middle_pocket():
    r = CALC.ruling(**RED, doublet=True)
    assert r["points"] == 0 and "kaiza-doublet" in r["clauses"] and r["next_player"] == 1
    assert CALC.ruling(ball="red", pocket="left-middle", doublet=True)["points"] == 3


def test_kaiza_yellow_middle_twice_loses_next_shot():
    t = Table("kaiza")
    t.play(**FIRST_RED)
    r = t.play(**YELLOW_MIDDLE)
    assert not r["foul"] and t.view["current"] == 0 and t.scores() == [15, 0]
    # a warning of what the next such shot would do, not a fact (issue 26)
    assert "если снова сыграет жёлтый в среднюю лузу" in t.view["status"]
    assert "второй раз подряд" not in t.view["status"]
    r = t.play(ball="yellow", pocket="right-middle")
    assert r["foul"] and r["fouls"][0]["clause"] == "kaiza-yellow-middle-twice"
    assert t.scores() == [27, 0] and t.view["current"] == 1
    assert "kaiza-t-yellow-twice" in r["tolkovaniya"]


def test_kaiza_yellow_middle_not_twice_after_another_shot():
    r = CALC.ruling({"score": 12, "yellow_middle_before": True}, **YELLOW_MIDDLE)
    assert r["foul"] and r["next_player"] == 1
    t = Table("kaiza")
    t.play(**FIRST_RED), t.play(**YELLOW_MIDDLE), t.play(**RED)
    r = t.play(**YELLOW_MIDDLE)
    assert not r["foul"] and t.view["current"] == 0


def test_kaiza_positional_shot_no_penalty_but_a_miss_is_a_foul():
    r = CALC.ruling(contact=False, positional=True)
    assert not r["foul"] and r["next_player"] == 1 and "kaiza-positional" in r["clauses"]
    # said once: the summary's reason is the explanation's sentence, not the same in other words
    # (a newcomer read «Позиционный удар (штрафа за промах нет).» and «Позиционный удар: биток поставлен…»)
    said = "Биток поставлен в выгодную позицию (позиционный удар), штрафа за промах нет."
    assert r["summary"].startswith("Очков нет: " + said[0].lower() + said[1:]) and said in r["lines"], r
    r = CALC.ruling({"score": 30}, contact=False)
    assert r["foul"] and r["scores"] == [30, 0] and "kaiza-t-miss" in r["tolkovaniya"]
    # the miss's summary says why the score stays (the scorekeeper's line takes it: ruling-text.js)
    assert "Размер штрафа текст не называет: счёт не меняется." in r["summary"]


def test_kaiza_call_wrong_or_missing():
    r = CALC.ruling(**RED, call="wrong")
    assert r["points"] == 0 and "kaiza-call" in r["clauses"] and r["next_player"] == 1
    assert CALC.ruling(**RED, call="none")["points"] == 0
    assert CALC.ruling(**RED, call="none", **caroms("w"))["points"] == 5  # a carom is usually not called


def test_kaiza_only_the_played_ball_scores():
    r = CALC.ruling(**RED, also_pocketed=["yellow", "red2"])
    assert r["points"] == 3 and "kaiza-t-one-ball" in r["tolkovaniya"]


# ---- respotting guidance -------------------------------------------------------------

def test_kaiza_respot_red_order_spot_1_then_3_then_cushion():
    assert CALC.ruling(**RED)["extra"]["respot"] == [{"ball": "red", "to": 1}]
    assert CALC.ruling(**RED, spots_taken=[1])["extra"]["respot"] == [{"ball": "red", "to": 3}]
    r = CALC.ruling(**RED, spots_taken=[1, 3])
    assert r["extra"]["respot"] == [{"ball": "red", "to": "cushion"}]
    assert "kaiza-respot-red" in r["clauses"]
    assert any("короткого борта" in line and "1-я и 3-я заняты" in line for line in r["lines"])
    r = CALC.ruling(**RED, also_pocketed=["red2"])
    assert r["extra"]["respot"] == [{"ball": "red", "to": 1}, {"ball": "red", "to": 3}]


def test_kaiza_respot_yellow_own_spot_then_spot_1():
    assert CALC.ruling(**YELLOW_CORNER)["extra"]["respot"] == [{"ball": "yellow", "to": 2}]
    r = CALC.ruling(**YELLOW_CORNER, spots_taken=[2])
    assert r["extra"]["respot"] == [{"ball": "yellow", "to": 1}]
    assert "kaiza-respot" in r["clauses"] and "kaiza-t-respot-other" not in r["tolkovaniya"]
    assert any("2-я точка окажется свободной" in line for line in r["lines"])
    r = CALC.ruling(**YELLOW_CORNER, spots_taken=[1, 2])
    assert r["extra"]["respot"] == [{"ball": "yellow", "to": 3}] and "kaiza-t-respot-other" in r["tolkovaniya"]


def test_kaiza_own_ball_is_off_the_table_during_the_opponents_series():
    t = Table("kaiza")
    t.play(**FIRST_RED, cue_ball="pocket")
    assert t.view["players"][0]["in_dom"] and t.view["current"] == 1
    out = handle({"op": "match.play", "state": t.state, "action": {**RED, "carom_white": True}})
    assert not out["ok"] and out["error"]["field"] == "action.carom_white"
    t.play(**RED, carom_yellow=True)
    t.play(contact=False, positional=True)
    assert t.view["current"] == 0 and "«доме»" in t.view["status"]
    t.play(**WHITE)  # Борис's white is on the table
    assert not t.view["players"][0]["in_dom"]


# ---- malformed and impossible input -----------------------------------------------------

@pytest.mark.parametrize("action, field", [
    ({**RED, "carom_reds": 2}, "action.carom_reds"),
    ({**WHITE, "carom_white": True}, "action.carom_white"),
    ({**YELLOW_CORNER, "carom_yellow": True}, "action.carom_yellow"),
    ({"ball": "red"}, "action.pocket"),
    ({"pocket": "far-left"}, "action.pocket"),
    ({"call": "wrong"}, "action.call"),
    ({"intermediate": 2}, "action.intermediate"),
    ({**RED, "intermediate": 4}, "action.intermediate"),
    ({"contact": False, **RED}, "action.contact"),
    ({"contact": False, "carom_white": True}, "action.contact"),
    ({**RED, "also_pocketed": ["red", "red2"]}, "action.also_pocketed[1]"),
    ({**WHITE, "off_table": ["white"]}, "action.off_table[0]"),
    ({"also_pocketed": ["yellow"], "off_table": ["yellow"]}, "action.off_table[0]"),
    ({"also_pocketed": ["red", "red"]}, "action.also_pocketed[1]"),
    ({**RED, "red_from_spot_1": True}, "action.red_from_spot_1"),
    ({"spots_taken": [1]}, "action.spots_taken"),
    ({**RED, "spots_taken": [4]}, "action.spots_taken[0]"),
    ({**RED, "call": "maybe"}, "action.call"),
    ({**RED, "cue_ball": "floor"}, "action.cue_ball"),
    ({"ball": "black", "pocket": "far-left"}, "action.ball"),
    ({**RED, "points": 3}, "action.points"),
])
def test_kaiza_input_errors_name_the_field(action, field):
    err = CALC.error(**action)
    assert err["field"] == field
    assert CALC.names_field(err["message"], field)
    assert any("а" <= ch <= "я" for ch in err["message"].lower())


@pytest.mark.parametrize("situation, options, field, words", [
    ({"score": 60}, NOT_CREDITED, "situation.score", "60 очков без победы не бывает"),
    ({"score": 100}, {}, "situation.score", "больше допустимого (99)"),
    ({"first_shot": True, "score": 3}, {}, "situation.first_shot", "при счёте 0:0"),
    ({"score": 1}, {"white_58_59": "maybe"}, "options.white_58_59",
     "«Очки за белый без карамболя при 58 и 59 очках»: недопустимое значение; допустимые значения — «засчитываются"),
    ({"score": 1}, {"target": 100}, "options.target", "Неизвестное поле в разделе «Условия партии»"),
])
def test_kaiza_situation_and_option_errors(situation, options, field, words):
    err = CALC.error(situation, options, **RED)
    assert err["field"] == field and words in err["message"], err


def test_kaiza_first_shot_field_only_on_first_shot_with_red():
    assert CALC.ruling({"first_shot": True}, **RED, red_from_spot_1=True)["foul"]
    assert CALC.error({"first_shot": True}, **WHITE, red_from_spot_1=True)["field"] == "action.red_from_spot_1"


# ---- random play -------------------------------------------------------------------------

def test_kaiza_random_play_is_accepted_and_obeys_the_rules():
    for seed in range(300):
        rng = random.Random(seed)
        options = {"white_58_59": rng.choice(["credited", "not-credited"])}
        match = Match.new(GAME, ["Аня", "Борис"], options)
        for previous, _, r, state in random_steps(GAME, GAME.initial_state(2, match.options), rng, match.step, 80):
            before = previous.scores
            p, o = r.player, 1 - r.player
            assert state.scores[o] == before[o]  # only the shooter scores
            assert state.scores[p] - before[p] == r.points >= 0
            assert r.points == 0 or r.extra["counted"]
            if r.turn_continues:
                assert r.extra["counted"] and not r.extra["lost_next_shot"] and r.next_player == p
            if r.extra["lost_next_shot"]:
                assert r.next_player == o
            if r.finished:
                assert state.scores[p] >= 60 and r.winner == p
            elif options["white_58_59"] == "not-credited":
                assert max(state.scores) < 60
            if any(f.code == "own-ball" for f in r.fouls):
                assert state.in_dom[p]
    for seed in range(200):
        rng = random.Random(seed)
        situation = GAME.random_situation(rng)
        options = {"white_58_59": rng.choice(["credited", "not-credited"])}
        st = GAME.state_from_situation(Reader(dict(situation), "situation"), options)
        out = handle({"op": "ruling", "game": "kaiza", "situation": situation, "options": options,
                      "action": GAME.random_action(st, rng)})
        assert out["ok"], out


# ---- issue 9: the call on every shot, possible positions, one field spec ------------------

def test_kaiza_call_is_recorded_when_nothing_fell_and_the_first_shot_rule_judges_the_aim():
    """«С первого удара не разрешается играть в среднюю лузу и желтый шар»: judged on the call."""
    r = CALC.ruling({"first_shot": True}, ball="yellow", pocket="far-left", call="missed")
    assert r["verdict"] == "foul" and r["fouls"][0]["clause"] == "kaiza-first-shot"
    assert "kaiza-t-aimed" in r["tolkovaniya"] and r["next_player"] == 1
    r = CALC.ruling({"first_shot": True}, ball="red", pocket="right-middle", call="missed")
    assert r["fouls"][0]["code"] == "first-shot" and "средн" in r["fouls"][0]["text"]
    r = CALC.ruling({"first_shot": True}, ball="red", pocket="far-left", call="missed")
    assert not r["foul"] and r["verdict"] == "no_points" and "не упал" in r["summary"]


def test_kaiza_first_shot_aimed_at_a_middle_pocket_is_a_foul_even_with_a_miss():
    r = CALC.ruling({"first_shot": True}, contact=False, ball="red", pocket="left-middle", call="missed")
    assert {f["code"] for f in r["fouls"]} == {"miss", "first-shot"}


def test_kaiza_a_called_ball_that_did_not_fall_scores_nothing_and_passes_the_turn():
    r = CALC.ruling({"score": 20}, ball="red", pocket="far-left", call="missed", carom_white=True)
    assert r["points"] == 0 and r["next_player"] == 1 and r["scores"] == [20, 0]
    assert r["summary"].startswith("Очков нет: заказанный красный шар не упал")


@pytest.mark.parametrize("action, field, words", [
    ({"ball": "red", "pocket": "far-left", "call": "missed", "intermediate": 2}, "action.intermediate", "только если"),
    ({"ball": "red", "pocket": "far-left", "call": "missed", "doublet": True}, "action.doublet", "только если"),
    ({"ball": "yellow", "pocket": "far-left", "call": "missed", "also_pocketed": ["yellow"]},
     "action.also_pocketed[0]", "больше раз"),
    ({"contact": False, "ball": "red", "pocket": "far-left"}, "action.contact", "не коснулся"),
    ({"also_pocketed": ["red", "red2"], "ball": "red", "pocket": "far-left"}, "action.also_pocketed[1]", "больше раз"),
    ({"ball": "red", "pocket": "far-left", "call": "missed", "spots_taken": [1]}, "action.spots_taken", "нечего"),
    ({"ball": "red", "pocket": "far-left", "call": "missed", "red_from_spot_1": True}, "action.red_from_spot_1",
     "первому удару"),
    # a ball that fell without a call is the played ball
    ({"also_pocketed": ["red"]}, "action.also_pocketed", "сыгранный шар не указан"),
    ({"also_pocketed": ["yellow"], "carom_reds": 1}, "action.also_pocketed", "укажите его в поле «Какой прицельный шар сыгран (заказан)»"),
    # spots are taken only by balls left on the table
    ({**RED, "also_pocketed": ["red2", "yellow"], "spots_taken": [1, 2, 3]}, "action.spots_taken",
     "Указано занятых точек: 3"),
    ({**RED, "also_pocketed": ["red2", "yellow"], "off_table": ["white"], "cue_ball": "pocket",
      "spots_taken": [1, 3]}, "action.spots_taken", "остался 1 шар"),
])
def test_kaiza_impossible_shots_are_refused_naming_the_contradiction(action, field, words):
    err = CALC.error({"first_shot": True} if "red_from_spot_1" in action else {}, **action)
    assert err["field"] == field and words in err["message"], err


def test_kaiza_spots_taken_up_to_the_balls_left_are_possible():
    r = CALC.ruling({}, **RED, also_pocketed=["red2", "yellow"], spots_taken=[1, 3])  # own cue ball and the white
    assert [x["to"] for x in r["extra"]["respot"]] == ["cushion", "cushion", 2]


def test_kaiza_intermediate_balls_are_other_balls_on_the_table():
    t = Table("kaiza")
    t.play(**FIRST_RED, cue_ball="pocket")  # Аня's cue ball waits off the table: Борис has three balls but it
    out = handle({"op": "match.play", "state": t.state, "action": {**RED, "intermediate": 3}})
    assert not out["ok"] and out["error"]["field"] == "action.intermediate", out
    assert "только 2 шара" in out["error"]["message"]
    assert t.play(**RED, intermediate=2)["points"] == 0


def test_kaiza_first_shot_a_fallen_red_must_be_said_to_be_from_spot_1_or_not():
    err = CALC.error({"first_shot": True}, **RED)
    assert err["field"] == "action.red_from_spot_1" and "укажите" in err["message"], err
    err = CALC.error({"first_shot": True}, **WHITE, also_pocketed=["red"])
    assert err["field"] == "action.red_from_spot_1", err
    assert CALC.ruling({"first_shot": True}, **RED, red_from_spot_1=False)["points"] == 3
    # another breach of the first-shot rule decides the shot whatever the red was
    assert CALC.ruling({"first_shot": True}, ball="red", pocket="left-middle")["fouls"][0]["code"] == "first-shot"
    assert CALC.ruling({}, **RED)["points"] == 3  # not the first shot: nothing to say


def test_kaiza_positional_shot_with_a_contact_cites_no_positional_clause():
    r = CALC.ruling({}, positional=True, **RED)
    assert "kaiza-positional" not in r["clauses"] and r["points"] == 3
    r = CALC.ruling({}, positional=True)
    assert "позиционный удар" in r["summary"] and "kaiza-positional" not in r["clauses"]
    r = CALC.ruling({}, positional=True, contact=False)
    assert "kaiza-positional" in r["clauses"] and not r["foul"]


def test_kaiza_a_win_ends_the_match_without_a_lost_next_shot():
    r = CALC.ruling({"score": 50}, **YELLOW_CORNER, carom_reds=1, cue_ball="pocket")
    assert r["finished"] and r["summary"].startswith("Победа: ") and "победе не мешает" in r["summary"]
    assert not any("После серии соперника" in line for line in r["lines"])
    assert not r["extra"]["lost_next_shot"]


def test_kaiza_58_59_white_summary_says_the_game_goes_on():
    r = CALC.ruling({"score": 58}, **WHITE)
    assert r["summary"].startswith("+2 очка: 60 очков, но белый без карамболя партию не заканчивает")
    r = CALC.ruling({"score": 59}, **WHITE)
    assert "61 очко, но белый без карамболя партию не заканчивает" in r["summary"]
    assert "лишается следующего удара" in r["summary"]


def test_kaiza_points_line_cites_each_id_once():
    r = CALC.ruling({}, **RED)
    line = next(w for w in r["why"] if w["aspect"] == "score")
    assert len(line["cites"]) == len(set(line["cites"]))


@pytest.mark.parametrize("situation, options, field, words", [
    ({"score": 1}, {}, "situation.score", "1 очко в «Кайзе» не бывает"),
    ({"opponent_score": 1}, {}, "situation.opponent_score", "белый соперника — даёт 2 очка"),
    ({"score": 60}, NOT_CREDITED, "situation.score", "не засчитываются"),
    ({"score": 10, "opponent_score": 75}, NOT_CREDITED, "situation.opponent_score", "75 очков без победы"),
    ({"score": 5, "yellow_middle_before": True}, {}, "situation.yellow_middle_before", "не меньше 12 очков"),
    ({"first_shot": True, "opponent_score": 4}, {}, "situation.first_shot", "0:0"),
    ({"first_shot": True, "yellow_middle_before": True}, {}, "situation.first_shot", "без предыдущих ударов"),
    # a counted yellow that takes the score to 60 or more wins: no shot follows it
    ({"score": 60, "yellow_middle_before": True}, {}, "situation.yellow_middle_before", "заканчивает партию"),
    ({"score": 75, "yellow_middle_before": True}, {}, "situation.yellow_middle_before", "75 очков"),
])
def test_kaiza_impossible_positions_are_refused_naming_the_contradiction(situation, options, field, words):
    err = CALC.error(situation, options, **RED)
    assert err["field"] == field and words in err["message"], err


def test_kaiza_score_limit_is_declared_once():
    """The declared max (99) is the limit; 60+ without a win is refused by the position check, not by
    a second, computed maximum."""
    field = next(f for f in GAME.declaration()["situation"] if f["name"] == "score")
    assert field["max"] == 99
    assert CALC.ruling({"score": 99}, **WHITE)["scores"] == [101, 0]
    assert "больше допустимого (99)" in CALC.error({"score": 100}, **RED)["message"]
    assert "без победы не бывает" in CALC.error({"score": 65}, NOT_CREDITED, **RED)["message"]


def test_kaiza_generators_give_only_possible_positions():
    for seed in range(1500):
        rng = random.Random(seed)
        situation = GAME.random_situation(rng)
        for options in ({}, NOT_CREDITED):
            opts = GAME.read_options(Reader(dict(options), "options"))
            st = GAME.state_from_situation(Reader(dict(situation), "situation"), opts)
            GAME.read_action(Reader(GAME.random_action(st, rng), "action"), st)


def test_kaiza_no_points_summaries_say_why():
    for action, reason in ((dict(RED, intermediate=2), "промежуточных"),
                           (dict(RED, call="wrong"), "не в заказанную лузу"),
                           (dict(RED, call="none"), "заказа не было"),
                           (dict(RED, doublet=True), "дуплет"),
                           ({"carom_white": True}, "карамболь без засчитанного шара"),
                           ({"contact": False, "positional": True}, "позиционный удар"),
                           ({}, "ни один шар не сыгран")):
        r = CALC.ruling({"score": 20}, **action)
        assert r["verdict"] == "no_points" and r["summary"].startswith("Очков нет: ") and reason in r["summary"], r


def test_kaiza_verdicts_and_bases():
    assert CALC.ruling({"score": 58}, **RED)["verdict"] == "win"
    r = CALC.ruling({"score": 20}, **RED, cue_ball="pocket")
    assert r["verdict"] == "foul" and r["basis"] == "kaiza-own-ball" and "3 очка засчитаны" in r["summary"]
    r = CALC.ruling({"score": 20}, **RED)
    assert r["verdict"] == "points" and r["basis"] == "kaiza-points-red"
    r = CALC.ruling({"score": 20}, contact=False)
    assert r["summary"].startswith("Нарушение: промах — биток")


def test_kaiza_respot_of_two_reds_names_the_second_one():
    r = CALC.ruling({}, **RED, also_pocketed=["red2"])
    respot = [line for line in r["lines"] if "ставят" in line]
    # the 1st spot is taken by the red this same ruling puts there, and the line says so (issue 26)
    assert respot == ["Красный шар ставят на 1-ю точку.",
                      "Второй красный шар ставят на 3-ю точку (на 1-ю ставят красный шар)."]
    assert len(set(r["lines"])) == len(r["lines"])


def test_kaiza_a_shot_that_only_touched_a_ball_says_so():
    """A single ball touched, nothing fallen: the words say the contact (the drawing's line and the
    history), not an empty line or «всё как по умолчанию в форме» — and no carom (the drawing once
    sent the touched red as «карамболь по 1 красному»)."""
    from rules_pkg.describe import describe_action
    declaration = handle({"op": "describe", "game": "kaiza"})["game"]
    assert describe_action(declaration, {"type": "shot", "contact": True}) == ["Биток коснулся хотя бы одного шара: да"]
    assert describe_action(declaration, {"type": "shot", "contact": False}) == ["Биток коснулся хотя бы одного шара: нет"]
    assert describe_action(declaration, {"type": "shot", "contact": True, "carom_yellow": True}) == [
        "Карамболь по жёлтому шару: да"]
