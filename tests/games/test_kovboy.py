"""«Ковбой» (seed 000): one test per clause, plus the hand-checked cases of
RULES_NOTES.md. Everything goes through the JSON boundary."""

from __future__ import annotations

import pytest

from rules_pkg.api import handle
from tests.engine_driver import Calc, Table
from tests.randplay import random_steps
from rules_pkg.games import GAMES

GAME = GAMES["kovboy"]


CALC = Calc("kovboy")


def good_break(t: Table) -> dict:
    return t.play(contacts=[3])  # touches the 3 first, nothing scores


# ---- the hand-checked cases (RULES_NOTES.md) -------------------------------

def test_kovboy_scoring_sum_max_11_per_shot():
    r = CALC.ruling({}, pocketed=[1, 3, 5], contacts=[1, 3, 5])
    assert r["points"] == 11 and r["scores"][0] == 11 and not r["foul"]
    assert {"kovboy-scoring-1", "kovboy-scoring-3", "kovboy-scoring-sum"} <= set(r["clauses"])
    assert r["turn_continues"]


def test_kovboy_rule_4_exactly_90_continues_series():
    r = CALC.ruling({"score": 85}, pocketed=[5], contacts=[5])
    assert r["points"] == 5 and r["scores"][0] == 90 and r["turn_continues"] and not r["foul"]


def test_kovboy_rule_4_overshoot_90_is_foul_and_cancels_series():
    r = CALC.ruling({"score": 88, "series": 8}, pocketed=[5], contacts=[5])
    assert r["foul"] and r["fouls"][0]["clause"] == "kovboy-rule-4"
    assert r["scores"][0] == 80  # the series' 8 points are cancelled
    assert r["next_player"] == 1 and "kovboy-penalty" in r["clauses"]


def test_kovboy_rule_4_overshoot_by_caroms_alone_is_foul():
    r = CALC.ruling({"score": 90 - 1}, contacts=[1, 3, 5])  # 89 + 2 = 91
    assert r["foul"] and r["fouls"][0]["clause"] == "kovboy-rule-4"


def test_kovboy_rule_5_pocketing_between_91_and_100_is_foul():
    r = CALC.ruling({"score": 95}, pocketed=[3], contacts=[3, 1])
    assert r["foul"] and [f["clause"] for f in r["fouls"]] == ["kovboy-rule-5"]
    assert r["points"] == 0


def test_kovboy_scoring_91_100_caroms_only():
    r = CALC.ruling({"score": 90}, contacts=[1, 3])
    assert not r["foul"] and r["points"] == 1 and r["scores"][0] == 91
    assert "kovboy-scoring-91-100" in r["clauses"] and "kovboy-scoring-2" in r["clauses"]
    r = CALC.ruling({"score": 97}, contacts=[5, 3, 1])
    assert r["points"] == 2 and r["scores"][0] == 99 and "kovboy-scoring-3" in r["clauses"]


def test_kovboy_scoring_101_winning_shot_and_rule_7():
    r = CALC.ruling({"score": 100}, contacts=[1], cue_ball="pocket", cue_pocket="far-left", called_pocket="far-left")
    assert r["finished"] and r["winner"] == 0 and r["scores"][0] == 101 and not r["foul"]
    assert {"kovboy-scoring-101", "kovboy-rule-7", "kovboy-goal"} <= set(r["clauses"])


def test_kovboy_rule_6_touching_another_ball_at_100_is_foul():
    r = CALC.ruling({"score": 100}, contacts=[1, 3])
    assert r["foul"] and r["fouls"][0]["clause"] == "kovboy-rule-6" and r["scores"][0] == 100
    assert not r["finished"]


def test_kovboy_rule_6_uncalled_pocket_and_missing_the_1():
    r = CALC.ruling({"score": 100}, contacts=[1], cue_ball="pocket", cue_pocket="near-left", called_pocket="far-left")
    assert r["foul"] and r["fouls"][0]["code"] == "uncalled-pocket"
    r = CALC.ruling({"score": 100}, contacts=[])
    assert r["foul"] and r["fouls"][0]["code"] == "missed-1"
    r = CALC.ruling({"score": 100}, contacts=[3, 1])
    assert r["foul"] and {"missed-1"} - {f["code"] for f in r["fouls"]} and r["fouls"][0]["code"] == "touched-other"


def test_kovboy_rule_6_called_pocket_is_required_when_cue_ball_drops():
    e = CALC.error({"score": 100}, contacts=[1], cue_ball="pocket", cue_pocket="far-left")
    assert e["field"] == "action.called_pocket" and "заказанную лузу" in e["message"]


def test_kovboy_t_at_100_legal_non_winning_shot_scores_nothing():
    r = CALC.ruling({"score": 100}, contacts=[1], pocketed=[1])
    assert not r["foul"] and r["points"] == 0 and r["next_player"] == 1
    assert "kovboy-t-at-100" in r["tolkovaniya"]


def test_kovboy_t_99_three_carom_is_foul():
    r = CALC.ruling({"score": 99}, contacts=[1, 3, 5])
    assert r["foul"] and "kovboy-t-99-three-carom" in r["tolkovaniya"]
    r = CALC.ruling({"score": 99}, contacts=[1, 3])  # two-ball carom: exactly 100
    assert not r["foul"] and r["scores"][0] == 100


def test_kovboy_penalty_series_back_to_start_after_foul():
    """40 at series start, +5, +3, then a foul → back to 40 (RULES_NOTES)."""
    t = Table("kovboy")
    good_break(t)  # Аня: no score, Борис to play
    t.play(contacts=[])  # Борис misses: no score; Аня to play
    assert t.view["current"] == 0
    # give Аня 40 points in an earlier series via a controlled sequence
    for _ in range(3):
        t.play(pocketed=[5, 3, 1], contacts=[1, 3, 5])  # +11 each: 33
    t.play(pocketed=[5], contacts=[5, 1])  # +6 → 39
    t.play(pocketed=[1], contacts=[1])  # +1 → 40
    t.play(contacts=[])  # series ends, 40 banked
    t.play(contacts=[])  # Борис misses
    assert t.scores() == [40, 0] and t.view["current"] == 0
    t.play(pocketed=[5], contacts=[5])
    t.play(pocketed=[3], contacts=[3])
    assert t.scores()[0] == 48
    r = t.play(contacts=[1], cushion=False)
    assert r["foul"] and r["fouls"][0]["clause"] == "kovboy-rule-2"
    assert t.scores() == [40, 0] and t.view["current"] == 1


# ---- clause by clause ------------------------------------------------------

def test_kovboy_players_any_number():
    t = Table("kovboy", [f"P{i}" for i in range(6)])
    good_break(t)
    assert t.view["current"] == 1 and len(t.view["players"]) == 6
    out = handle({"op": "match.new", "game": "kovboy", "players": ["один"]})
    assert not out["ok"] and out["error"]["field"] == "players"
    # «Любое число»: far more than a table of friends, up to the tool's documented limit
    from rules_pkg.core import MAX_PLAYERS_HARD
    t = Table("kovboy", [f"P{i}" for i in range(30)])
    assert len(t.view["players"]) == 30
    out = handle({"op": "match.new", "game": "kovboy", "players": [f"P{i}" for i in range(MAX_PLAYERS_HARD)]})
    assert out["ok"], out
    out = handle({"op": "match.new", "game": "kovboy", "players": [f"P{i}" for i in range(MAX_PLAYERS_HARD + 1)]})
    assert not out["ok"] and out["error"]["field"] == "players"
    tolk = next(t for t in GAME.tolkovaniya if t.id == "kovboy-t-players-limit")
    assert str(MAX_PLAYERS_HARD) in tolk.text and "любое число" in tolk.text


def test_kovboy_balls_only_1_3_5():
    e = CALC.error({}, pocketed=[2], contacts=[2])
    assert "«1 (единица)», «3 (тройка)», «5 (пятёрка)»" in e["message"]


def test_kovboy_goal_101_ends_match_and_refuses_shots():
    t = Table("kovboy")
    good_break(t)
    t.play(contacts=[])
    # Аня runs to 90 exactly: 8 × 11 = 88, then a two-ball carom (1) twice → 90
    for _ in range(8):
        t.play(pocketed=[1, 3, 5], contacts=[1, 3, 5])
    t.play(contacts=[1, 3])
    t.play(contacts=[1, 3])
    assert t.scores()[0] == 90
    for _ in range(5):
        t.play(contacts=[1, 3, 5])  # +2 each → 100
    assert t.scores()[0] == 100
    r = t.play(contacts=[1], cue_ball="pocket", cue_pocket="right-middle", called_pocket="right-middle")
    assert r["finished"] and t.view["winner"] == 0 and t.view["finished"]
    e = t.refuse(contacts=[1])
    assert e["code"] == "state" and "окончена" in e["message"]


def test_kovboy_break_must_touch_the_3_first():
    t = Table("kovboy")
    r = t.play(contacts=[1, 3], pocketed=[1])
    assert r["decision"] and r["decision"]["player"] == 1 and r["points"] == 0
    assert "kovboy-break" in r["clauses"] and "kovboy-t-bad-break" in r["tolkovaniya"]
    e = t.refuse(contacts=[3])
    assert e["code"] == "state"
    t.play(type="decision", choice="take")
    assert t.view["current"] == 1 and t.view["extra"]["opening_break"]
    good_break(t)
    assert t.view["current"] == 0 and not t.view["extra"]["opening_break"]


def test_kovboy_break_repeat_choice_keeps_breaker():
    t = Table("kovboy")
    t.play(contacts=[5])
    t.play(type="decision", choice="repeat")
    assert t.view["current"] == 0 and t.view["extra"]["opening_break"]


def test_kovboy_break_good_break_scores_normally():
    t = Table("kovboy")
    r = t.play(contacts=[3, 5], pocketed=[3])
    assert r["points"] == 4 and r["turn_continues"] and "kovboy-break" in r["clauses"]


def test_kovboy_rule_1_scoring_shot_continues_series_non_scoring_ends_it():
    r = CALC.ruling({"score": 10}, contacts=[3], pocketed=[3])
    assert r["turn_continues"] and r["next_player"] == 0 and "kovboy-rule-1" in r["clauses"]
    r = CALC.ruling({"score": 10, "series": 4}, contacts=[3])
    assert not r["turn_continues"] and r["next_player"] == 1 and r["scores"][0] == 10


def test_kovboy_rule_2_no_cushion_after_contact_is_foul():
    r = CALC.ruling({"score": 10}, contacts=[3, 5], cushion=False)
    assert r["foul"] and r["fouls"][0]["clause"] == "kovboy-rule-2"


def test_kovboy_t_pocket_is_cushion():
    r = CALC.ruling({"score": 10}, contacts=[3], pocketed=[3], cushion=False)
    assert not r["foul"] and r["points"] == 3 and "kovboy-t-pocket-is-cushion" in r["tolkovaniya"]


def test_kovboy_t_miss_below_100_is_not_a_foul():
    r = CALC.ruling({"score": 10, "series": 2}, contacts=[])
    assert not r["foul"] and r["next_player"] == 1 and "kovboy-t-miss" in r["tolkovaniya"]


def test_kovboy_rule_3_pocketed_balls_respotted_occupied_spot_keeps_ball_off():
    t = Table("kovboy")
    good_break(t)
    r = t.play(contacts=[5], pocketed=[5], spot_occupied=[5])
    assert "kovboy-rule-3" in r["clauses"] and t.view["extra"]["off_table"] == [5]
    e = t.refuse(contacts=[5])
    assert "вне игры" in e["message"]
    t.play(contacts=[1], pocketed=[1])  # spot of the 5 free now: it comes back
    assert t.view["extra"]["off_table"] == []


def test_kovboy_rule_3_reset_for_player_on_100_when_spot_of_1_taken():
    t = Table("kovboy")
    good_break(t)
    t.play(contacts=[])
    for _ in range(8):
        t.play(pocketed=[1, 3, 5], contacts=[1, 3, 5])
    t.play(contacts=[1, 3]); t.play(contacts=[1, 3])
    for _ in range(4):
        t.play(contacts=[1, 3, 5])  # 98
    r = t.play(contacts=[1, 3])  # 99
    r = t.play(contacts=[3, 1], jumped=[1], spot_occupied=[1])  # carom → 100, the 1 jumped; spot taken
    assert t.scores()[0] == 100
    assert t.view["extra"]["off_table"] == [] and t.view["extra"]["cue_in_hand"] == "front-line"
    assert "kovboy-t-reset-at-100" in r["tolkovaniya"] and "kovboy-rule-3" in r["clauses"]


def test_kovboy_rule_7_cue_ball_pocketed_is_foul_below_100():
    r = CALC.ruling({"score": 30}, contacts=[3], pocketed=[3], cue_ball="pocket", cue_pocket="far-left")
    assert r["foul"] and r["fouls"][0]["clause"] == "kovboy-rule-7" and r["points"] == 0
    assert r["extra"]["cue_in_hand"] == "front-line" and "kovboy-cue-ball-out" in r["clauses"]


def test_kovboy_rule_8_three_fouls_in_a_row_lose():
    t = Table("kovboy")
    good_break(t)
    for k in range(2):
        t.play(contacts=[1], cushion=False)  # Борис fouls
        t.play(contacts=[])  # Аня misses (not a foul)
    assert t.view["players"][1]["fouls_in_row"] == 2
    r = t.play(contacts=[1], cushion=False)
    assert r["finished"] and r["winner"] == 0 and "kovboy-rule-8" in r["clauses"]


def test_kovboy_t_fouls_in_row_reset_by_a_legal_shot():
    t = Table("kovboy")
    good_break(t)
    t.play(contacts=[1], cushion=False)  # Борис foul 1
    t.play(contacts=[])
    t.play(contacts=[1], cushion=False)  # foul 2
    t.play(contacts=[])
    t.play(contacts=[])  # Борис legal miss: resets
    assert t.view["players"][1]["fouls_in_row"] == 0


def test_kovboy_t_rule_8_many_players_elimination():
    t = Table("kovboy", ["А", "Б", "В"])
    good_break(t)  # А → Б
    for _ in range(2):
        t.play(contacts=[1], cushion=False)  # Б fouls
        t.play(contacts=[])  # В
        t.play(contacts=[])  # А
    r = t.play(contacts=[1], cushion=False)  # Б: third foul in a row
    assert t.view["players"][1]["out"] and not t.view["finished"]
    assert "kovboy-t-rule-8-many-players" in r["tolkovaniya"] and r["extra"]["eliminated"] == 1
    t.play(contacts=[])  # В
    t.play(contacts=[])  # А: the eliminated Б is skipped
    assert t.view["current"] == 2


def test_kovboy_wrong_pocketed_respotted_without_penalty():
    r = CALC.ruling({"score": 100}, contacts=[1], pocketed=[3])
    assert not r["foul"] and "kovboy-wrong-pocketed" in r["clauses"]


def test_kovboy_jumped_balls_respotted_without_penalty():
    r = CALC.ruling({"score": 20}, contacts=[3, 5], jumped=[5])
    assert not r["foul"] and r["points"] == 1 and "kovboy-jumped" in r["clauses"]


def test_kovboy_cue_ball_out_next_player_from_hand_and_t_cue_off_table():
    r = CALC.ruling({"score": 20}, contacts=[3], cue_ball="off")
    assert r["foul"] and "kovboy-cue-ball-out" in r["clauses"]
    assert "kovboy-t-cue-off-table" in r["tolkovaniya"] and r["extra"]["cue_in_hand"] == "front-line"


def test_kovboy_cue_ball_out_status_says_the_next_player_plays_from_hand():
    """The status line says it too, for the next shot only (a newcomer: «Ход: Борис.» said nothing
    of it, where «Кайза»'s says «биток ставится в «доме»»)."""
    t = Table("kovboy")
    t.play(contacts=[3])  # Аня's break: nothing falls, Борис plays
    t.play(contacts=[1], cue_ball="pocket", cue_pocket="far-left")  # Борис's cue ball falls: a foul
    assert t.view["status"] == "Ход: Аня (с руки из-за передней линии)."
    t.play(contacts=[1])
    assert "с руки" not in t.view["status"]


def test_kovboy_penalty_next_player_accepts_position_when_cue_ball_stays():
    r = CALC.ruling({"score": 20}, contacts=[3], cushion=False)
    assert r["extra"]["cue_in_hand"] is None and any("сложившуюся позицию" in l for l in r["lines"])


def test_kovboy_intro_and_summary_are_declared_not_computable():
    decl = handle({"op": "describe", "game": "kovboy"})["game"]
    status = {c["id"]: c["status"] for c in decl["clauses"]}
    assert status["kovboy-intro"] == "not_computable" and status["kovboy-summary"] == "not_computable"
    assert all(s == "implemented" for cid, s in status.items() if cid not in ("kovboy-intro", "kovboy-summary"))


def test_kovboy_every_implemented_clause_is_cited_by_some_ruling():
    """Random play must reach every implemented clause and every толкование."""
    import random
    from rules_pkg.reader import Reader
    cited, tolk = set(), set()
    for seed in range(400):
        rng = random.Random(seed)
        state = GAME.initial_state(rng.randint(2, 3), {})
        names = ("А", "Б", "В")[: len(state.committed)]
        step = lambda s, action: GAME.apply(s, GAME.read_action(Reader(action, "action"), s), names)  # noqa: E731
        for _, _, r, state in random_steps(GAME, state, rng, step, 400):
            cited |= set(r.clauses)
            tolk |= set(r.tolkovaniya)
    for seed in range(3000):  # one-shot rulings from random situations reach the 91–101 phases
        rng = random.Random(seed)
        state = GAME.state_from_situation(Reader(GAME.random_situation(rng), "situation"), {})
        action = GAME.read_action(Reader(GAME.random_action(state, rng), "action"), state)
        r, _ = GAME.apply(state, action, ("А", "Б"))
        cited |= set(r.clauses)
        tolk |= set(r.tolkovaniya)
    implemented = {c.id for c in GAME.clauses if c.status == "implemented"}
    # these two are enforced by input validation (see their own tests), not cited by rulings
    assert implemented - cited == {"kovboy-players", "kovboy-balls"}
    # the re-rack at 100 needs a long scripted run: test_kovboy_rule_3_reset_for_player_on_100_...;
    # the players limit is the tool's, enforced when a match starts (test_kovboy_players_any_number);
    # random play never says «no cushion» of a ball that fell (issue 26), a person may: a case of its own
    assert {t.id for t in GAME.tolkovaniya} - tolk == {"kovboy-t-reset-at-100", "kovboy-t-players-limit",
                                                       "kovboy-t-pocket-is-cushion"}
    r = CALC.ruling({}, contacts=[1], pocketed=[1], cushion=False)
    assert "kovboy-t-pocket-is-cushion" in r["tolkovaniya"] and not r["foul"]


# ---- malformed and impossible input --------------------------------------

@pytest.mark.parametrize("situation,action,field,words", [
    ({"score": -1}, {}, "situation.score", "меньше"),
    ({"score": 101}, {}, "situation.score", "больше допустимого (100)"),
    ({"score": 150}, {}, "situation.score", "больше"),
    ({"score": "10"}, {}, "situation.score", "целым числом"),
    ({"score": 10, "series": 11}, {}, "situation.series", "серии"),
    ({}, {"pocketed": [5, 5], "contacts": [5]}, "action.pocketed[1]", "дважды"),
    ({}, {"pocketed": [4], "contacts": [5]}, "action.pocketed[0]", "недопустимое"),
    ({}, {"pocketed": [5]}, "action.contacts", "не коснулся"),
    ({}, {"pocketed": [5], "jumped": [5], "contacts": [5]}, "action.jumped", "одновременно"),
    ({}, {"cue_ball": "pocket"}, "action.cue_pocket", "В какую лузу"),
    ({}, {"cue_ball": "flew"}, "action.cue_ball", "недопустимое"),
    ({}, {"cushion": "yes"}, "action.cushion", "true или false"),
    ({}, {"pocketd": [5]}, "action.pocketd", "Неизвестное поле"),
    ({}, {"spot_occupied": [3]}, "action.spot_occupied", "выставлять"),
    ({"off_table": [3]}, {"contacts": [3]}, "action.contacts", "вне игры"),
])
def test_kovboy_input_errors_name_the_field(situation, action, field, words):
    e = CALC.error(situation, **action)
    assert e["field"] == field, e
    assert words in e["message"], e


def test_kovboy_decision_refused_when_none_pending():
    t = Table("kovboy")
    e = t.refuse(type="decision", choice="take")
    assert e["code"] == "state"


# ---- issue 9: only possible positions ------------------------------------

@pytest.mark.parametrize("situation,action,field,words", [
    # a running series means the last shot was correct
    ({"score": 40, "series": 12, "fouls_in_row": 2}, {"contacts": [1], "cushion": False},
     "situation.fouls_in_row", "по толкованию «Три нарушения подряд считаются у одного игрока» нарушений подряд не может быть 2"),
    ({"score": 5, "series": 1, "fouls_in_row": 1}, {}, "situation.fouls_in_row", "не может быть 1"),
    # rule 3 re-racks for a player on 100 when the 1 waits off the table
    ({"score": 100, "off_table": [1]}, {"contacts": [3]}, "situation.off_table", "расставляются заново"),
    ({"score": 100, "series": 10, "off_table": [1, 5]}, {"contacts": [3]}, "situation.off_table", "единица"),
    # a spot is taken by a ball on the table; the cue ball takes one at most
    ({"off_table": [1, 3, 5]}, {}, "situation.off_table", "Все три прицельных шара"),
    ({}, {"contacts": [1, 3, 5], "pocketed": [1, 3, 5], "spot_occupied": [5], "cue_ball": "pocket",
          "cue_pocket": "far-left"}, "action.spot_occupied", "занять её нечем"),
    ({}, {"contacts": [1, 3, 5], "pocketed": [1, 3, 5], "spot_occupied": [1, 5]},
     "action.spot_occupied", "остался только биток"),
    ({}, {"contacts": [1, 3], "pocketed": [1, 3], "jumped": [5], "spot_occupied": [1, 3, 5]},
     "action.spot_occupied", "остался только биток"),
    ({"off_table": [5]}, {"contacts": [1, 3], "pocketed": [1, 3], "cue_ball": "off", "spot_occupied": [5]},
     "action.spot_occupied", "нечем"),
    # the opening break
    ({"opening_break": True, "score": 4}, {"contacts": [3]}, "situation.opening_break", "при счёте 0"),
    ({"opening_break": True, "fouls_in_row": 1}, {"contacts": [3]}, "situation.opening_break", "без нарушений"),
    ({"opening_break": True, "off_table": [5]}, {"contacts": [3]}, "situation.opening_break", "вне игры"),
    # balls off the table, fallen, jumped
    ({"off_table": [5]}, {"contacts": [1], "pocketed": [5]}, "action.pocketed", "вне игры"),
    ({"off_table": [5]}, {"contacts": [1], "jumped": [5]}, "action.jumped", "вне игры"),
    ({}, {"jumped": [3]}, "action.contacts", "не коснулся"),
    ({}, {"contacts": [1], "cue_pocket": "far-left"}, "action.cue_pocket", "только если"),
    ({"score": 100}, {"contacts": [1], "cue_ball": "pocket", "cue_pocket": "far-left"},
     "action.called_pocket", "заказанную лузу"),
])
def test_kovboy_impossible_positions_and_shots_are_refused_naming_the_contradiction(situation, action, field, words):
    e = CALC.error(situation, **action)
    assert e["field"] == field, e
    assert words in e["message"], e


def test_kovboy_one_spot_taken_by_the_cue_ball_after_all_three_fell_is_possible_and_said():
    r = CALC.ruling({}, contacts=[1, 3, 5], pocketed=[1, 3, 5], spot_occupied=[5])
    assert r["extra"]["off_table"] == [5]
    assert any("занять её мог только биток" in line for line in r["lines"])
    assert "kovboy-t-spot-occupied" in r["tolkovaniya"]


def test_kovboy_t_spot_occupied_states_the_all_three_pocketed_case():
    tolk = next(t for t in GAME.tolkovaniya if t.id == "kovboy-t-spot-occupied")
    assert "все три прицельных шара упали" in tolk.text and "её занимает биток" in tolk.text
    page = open("docs/games/kovboy.md", encoding="utf-8").read()
    assert "::: tolkovaniya kovboy" in page  # the page lists the engine's толкования


def test_kovboy_bad_break_with_a_miss_says_the_cue_ball_touched_nothing():
    r = CALC.ruling({"opening_break": True}, contacts=[])
    assert r["summary"].startswith("Неправильный начальный удар: биток не коснулся ни одного шара")
    assert not any("коснулся ни одного" in line and "вначале коснулся" in line for line in r["lines"])


def test_kovboy_cue_ball_off_the_table_foul_rests_on_the_tolkovanie():
    """«Выскакивание за борт … битка» only says who plays from hand; the foul is the толкование's."""
    for situation in ({}, {"score": 100}):
        r = CALC.ruling(situation, contacts=[1], cue_ball="off")
        foul = next(f for f in r["fouls"] if f["code"] == "cue-off")
        # no clause of the text names this foul: the толкование does, in its own field (issue 26)
        assert foul["clause"] is None and foul["tolkovanie"] == "kovboy-t-cue-off-table"
        line = next(w for w in r["why"] if w["aspect"] == "foul" and "вылетел" in w["text"])
        assert line["cites"] == ["kovboy-t-cue-off-table"]
        assert "kovboy-cue-ball-out" in r["clauses"]  # for the next player from hand
    assert "foul" not in next(c for c in GAME.clauses if c.id == "kovboy-cue-ball-out").decides


def test_kovboy_rule_3_a_player_entering_at_100_never_misses_the_1_off_the_table():
    """The match re-racks (rule 3) instead of ruling «Биток не попал по единице»."""
    t2 = Table("kovboy")
    good_break(t2)
    for _ in range(8):
        t2.play(pocketed=[1, 3, 5], contacts=[1, 3, 5])  # Борис 88
    t2.play(contacts=[1, 3]); t2.play(contacts=[1, 3])
    for _ in range(5):
        t2.play(contacts=[1, 3, 5])  # Борис 100
    t2.play(contacts=[1])  # Борис on 100: a legal shot without the winning point banks 100: Аня
    assert t2.scores()[1] == 100 and t2.view["current"] == 0
    r = t2.play(contacts=[1], pocketed=[1], spot_occupied=[1])  # Аня scores 1; the 1 waits off
    assert t2.view["extra"]["off_table"] == [1]
    r = t2.play(contacts=[], spot_occupied=[1])  # Аня misses, the spot still taken: Борис enters at 100
    assert t2.view["current"] == 1 and t2.view["extra"]["off_table"] == []
    assert t2.view["extra"]["cue_in_hand"] == "front-line" and "kovboy-t-reset-at-100" in r["tolkovaniya"]
    r = t2.play(contacts=[1], cue_ball="pocket", cue_pocket="far-left", called_pocket="far-left")
    assert r["finished"] and r["winner"] == 1


def test_kovboy_random_situations_and_shots_are_possible():
    import random
    from rules_pkg.reader import Reader
    for seed in range(2000):
        rng = random.Random(seed)
        state = GAME.state_from_situation(Reader(GAME.random_situation(rng), "situation"), {})
        assert not (state.series and state.fouls_in_row[0])
        GAME.read_action(Reader(GAME.random_action(state, rng), "action"), state)


# ---- issue 9: citations, summaries, wording --------------------------------

def test_kovboy_t_99_three_carom_foul_rests_on_the_tolkovanie_not_on_scoring_101():
    r = CALC.ruling({"score": 99}, contacts=[1, 3, 5])
    assert r["verdict"] == "foul" and r["basis"] == "kovboy-t-99-three-carom"
    # the foul line restates scoring-101 («только ударом от единицы в заказанную лузу»): cited, not deciding
    line = next(w for w in r["why"] if w["aspect"] == "foul")
    assert "kovboy-scoring-101" in line["restates"] and "kovboy-scoring-101" in r["clauses"]
    assert r["fouls"][0]["clause"] is None and r["fouls"][0]["tolkovanie"] == "kovboy-t-99-three-carom"


def test_kovboy_wrong_pocketed_not_cited_when_the_ball_fell_legally_in_a_rule_7_foul():
    r = CALC.ruling({"score": 30}, contacts=[5], pocketed=[5], cue_ball="pocket", cue_pocket="far-left")
    assert r["fouls"][0]["clause"] == "kovboy-rule-7"
    assert "kovboy-wrong-pocketed" not in r["clauses"] and "kovboy-rule-3" in r["clauses"]


def test_kovboy_scoreless_shots_do_not_cite_rule_1():
    for situation, action in (({"score": 10, "series": 4}, {"contacts": [3]}),
                              ({"score": 10}, {"contacts": []}),
                              ({"score": 95}, {"contacts": [3]}),
                              ({"score": 100}, {"contacts": [1]})):
        r = CALC.ruling(situation, **action)
        assert r["verdict"] == "no_points" and "kovboy-rule-1" not in r["clauses"], r


def test_kovboy_rule_1_cited_only_when_a_scoring_shot_continues_the_series():
    r = CALC.ruling({"score": 10}, contacts=[3], pocketed=[3])
    assert "kovboy-rule-1" in r["clauses"] and r["verdict"] == "points"


@pytest.mark.parametrize("situation,action,reason", [
    ({"score": 10}, {"contacts": []}, "биток не коснулся ни одного шара"),
    ({"score": 10}, {"contacts": [3]}, "ни один шар не забит и карамболя нет"),
    ({"score": 95}, {"contacts": [3]}, "только карамболи"),
    ({"score": 100}, {"contacts": [1]}, "только победный удар"),
])
def test_kovboy_no_points_summary_says_why(situation, action, reason):
    r = CALC.ruling(situation, **action)
    assert r["summary"].startswith("Очков нет: ") and reason in r["summary"], r["summary"]


def test_kovboy_rule_8_elimination_in_a_three_player_match_names_the_loss_first():
    t = Table("kovboy", ["А", "Б", "В"])
    good_break(t)
    for _ in range(2):
        t.play(contacts=[1], cushion=False)
        t.play(contacts=[])
        t.play(contacts=[])
    r = t.play(contacts=[1], cushion=False)
    assert r["verdict"] == "loss" and r["basis"] == "kovboy-rule-8"
    assert r["summary"].startswith("Поражение: Б — три нарушения подряд")
    assert "выбывает" in r["summary"] and "Следующий удар: В." in r["summary"]


def test_kovboy_rule_5_at_exactly_90_does_not_say_from_91():
    r = CALC.ruling({"score": 90}, contacts=[5, 3], pocketed=[3])
    assert r["fouls"][0]["clause"] == "kovboy-rule-5"
    assert "от 91 до 100" not in r["summary"] and "с 91-го по 100-е" in r["fouls"][0]["text"]


def test_kovboy_penalty_and_banking_verbs_agree_with_the_number():
    r = CALC.ruling({"score": 30, "series": 1}, contacts=[5], cue_ball="off")
    assert "1 очко серии не засчитывается" in r["summary"]
    r = CALC.ruling({"score": 30, "series": 21}, contacts=[5], cushion=False)
    assert "21 очко серии не засчитывается" in " ".join(r["lines"])
    r = CALC.ruling({"score": 30, "series": 5}, contacts=[5], cushion=False)
    assert "5 очков серии не засчитываются" in r["summary"]
    # said once: the summary and «почему» give the foul's cost in the same sentence, and no second
    # «Нарушение» label under the badge (the тренажёр showed both, newcomer 2026-12-07)
    cost = "Серия окончена, 5 очков серии не засчитываются; счёт возвращается к 25."
    assert cost in r["summary"] and cost in r["lines"], r
    r = CALC.ruling({"score": 30, "series": 21}, contacts=[5])
    assert "21 очко серии засчитано" in " ".join(r["lines"])
    r = CALC.ruling({"score": 30, "series": 22}, contacts=[5])
    assert "22 очка серии засчитаны" in " ".join(r["lines"])


def test_kovboy_summaries_go_on_in_lower_case_after_a_colon():
    r = CALC.ruling({"score": 30}, contacts=[5], cue_ball="pocket", cue_pocket="far-left")
    assert r["summary"].startswith("Фол: биток упал в лузу.")


def test_kovboy_verdicts_name_the_main_event():
    assert CALC.ruling({"score": 10}, contacts=[3], pocketed=[3])["verdict"] == "points"
    r = CALC.ruling({"score": 100}, contacts=[1], cue_ball="pocket", cue_pocket="far-left", called_pocket="far-left")
    assert r["verdict"] == "win" and r["basis"] == "kovboy-scoring-101" and r["summary"].startswith("Победа: Игрок")
    r = CALC.ruling({"score": 40, "fouls_in_row": 2}, contacts=[1], cushion=False)
    assert r["verdict"] == "loss" and r["summary"].startswith("Поражение: Игрок")
    t = Table("kovboy")
    r = t.play(contacts=[5])
    assert r["verdict"] == "decision" and r["basis"] == "kovboy-break"


def test_kovboy_rule_7_at_100_cue_ball_in_the_called_pocket_after_another_foul():
    r = CALC.ruling({"score": 100}, contacts=[1, 3], cue_ball="pocket", cue_pocket="far-left",
                    called_pocket="far-left")
    assert [f["code"] for f in r["fouls"]] == ["touched-other", "cue-pocketed"]


def test_kovboy_every_line_says_what_it_rests_on():
    r = CALC.ruling({"score": 50, "series": 4}, contacts=[1, 3], pocketed=[3])
    assert all(line["cites"] for line in r["why"]), r["why"]
    assert r["lines"] == [line["text"] for line in r["why"]]
