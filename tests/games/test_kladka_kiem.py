"""«Кладка шаров кием» (seed 002): one test per clause, the text's own numbers
(16 balls in 16 strokes), the handicaps, input errors and random play. Almost
everything goes through the JSON boundary."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tests.engine_driver import Calc, Table as DriverTable
from tests.randplay import random_steps, random_table_plays

from rules_pkg.api import handle
from rules_pkg.core import IMPLEMENTED, NOT_COMPUTABLE
from rules_pkg.games import GAMES
from rules_pkg.reader import Reader

GID = "kladka-kiem"
GAME = GAMES[GID]
PAGE = Path(__file__).resolve().parents[2] / "docs" / "games" / f"{GID}.md"


def cid(name):
    return f"{GID}-{name}"


def tid(name):
    return f"{GID}-t-{name}"


CALC = Calc(GID)


def ruling(situation=None, options=None, **action):
    return CALC.ruling(situation, options or {}, **action)


def error(situation=None, options=None, **action):
    return CALC.error(situation, options or {}, **action)


class Table(DriverTable):
    """A match of «Кладка кием», with strokes played in bulk."""

    def __init__(self, players=("Аня", "Борис"), **options):
        super().__init__(GID, players, options)

    def scores(self):
        return [p["score"] for p in self.view["players"]]

    def perfect(self):
        """16 balls in 16 strokes: the cue ball first, then one ball a stroke."""
        self.play(opening="cue-ball", potted=1)
        for _ in range(15):
            self.play(potted=1)

    def clear(self, strokes, penalties=0):
        """Pot all 16 balls in ``strokes`` strokes (at least 1), with ``penalties`` double hits."""
        if strokes >= 16:  # empty strokes first, then one ball a stroke
            pots = [0] * (strokes - 16) + [1] * 16
        else:  # the break pots the surplus
            pots = [17 - strokes] + [1] * (strokes - 1)
        rulings = []
        for i, n in enumerate(pots):
            extra = {"opening": "break"} if i == 0 else {}
            rulings.append(self.play(potted=n, double_hit=i < penalties, **extra))
        return rulings


# ---- the text's own numbers -------------------------------------------------

def test_kladka_kiem_advice_16_balls_in_16_strokes():
    """«всего за 16 ударов могут быть положены все 16 шаров»: the cue ball first, then 15 balls."""
    t = Table()
    t.play(opening="cue-ball", potted=1)
    assert t.last["clauses"] == [cid("setup"), cid("first-stroke"), cid("count"), cid("any-stroke")]
    for i in range(15):
        r = t.play(potted=1)
        assert cid("after-cue-ball") in r["clauses"]
    assert r["scores"] == [16, 0] and r["next_player"] == 1
    assert t.view["players"][0]["balls_left"] == 0
    assert "16 шаров положены за 16 ударов" in r["summary"]


def test_kladka_kiem_goal_sixteen_balls_per_player():
    r = ruling({"balls_left": 16, "strokes": 0}, opening="break", potted=3)
    assert r["extra"]["balls_left"] == 13
    assert tid("sixteen") in r["tolkovaniya"]
    e = error({"balls_left": 3, "strokes": 10}, potted=4)
    assert e["field"] == "action.potted" and "3 шара" in e["message"]


# ---- one test per clause --------------------------------------------------

def test_kladka_kiem_setup_rack_for_each_player():
    t = Table()
    t.perfect()
    r = t.last
    assert cid("setup") in r["clauses"] and tid("turns") in r["tolkovaniya"]
    assert "снова выставляются в пирамиду" in " ".join(r["lines"])
    assert t.view["players"][1]["balls_left"] == 16 and t.view["current"] == 1


def test_kladka_kiem_start_is_not_computable():
    clause = next(c for c in GAME.clauses if c.id == cid("start"))
    assert clause.status == NOT_COMPUTABLE and clause.note


def test_kladka_kiem_first_stroke_break_counts_fallen_balls():
    r = ruling(opening="break", potted=2)
    assert r["points"] == 1 and r["scores"][0] == 1 and r["turn_continues"] and r["next_player"] == 0
    assert {cid("first-stroke"), cid("setup"), cid("count")} <= set(r["clauses"])
    assert tid("potted") in r["tolkovaniya"]
    assert "разбивка пирамиды" in r["lines"][0]


def test_kladka_kiem_first_stroke_cue_ball_into_any_pocket():
    r = ruling(opening="cue-ball", potted=1)
    assert r["extra"]["balls_left"] == 15 and r["scores"][0] == 1 and not r["foul"]
    assert "биток" in r["lines"][0]


def test_kladka_kiem_first_stroke_must_say_what_it_was():
    e = error(potted=1)
    assert e["code"] == "input" and e["field"] == "action.opening" and "первый удар" in e["message"]
    e = error({"balls_left": 10, "strokes": 6}, opening="break", potted=1)
    assert e["field"] == "action.opening" and "не первый" in e["message"]


def test_kladka_kiem_after_break_no_calling():
    t = Table()
    t.play(opening="break", potted=0)
    r = t.play(potted=1)
    assert cid("after-break") in r["clauses"] and cid("after-cue-ball") not in r["clauses"]
    assert r["scores"] == [2, 0]


def test_kladka_kiem_after_cue_ball_pyramid_balls_one_by_one():
    t = Table()
    t.play(opening="cue-ball", potted=1)
    r = t.play(potted=1)
    assert cid("after-cue-ball") in r["clauses"] and cid("after-break") not in r["clauses"]


def test_kladka_kiem_count_every_stroke_even_without_a_ball():
    r = ruling({"balls_left": 9, "strokes": 11}, potted=0)
    assert r["scores"][0] == 12 and r["points"] == 1 and r["next_player"] == 0
    assert cid("count") in r["clauses"] and "ничего не упало" in " ".join(r["lines"])


def test_kladka_kiem_advice_is_not_computable():
    clause = next(c for c in GAME.clauses if c.id == cid("advice"))
    assert clause.status == NOT_COMPUTABLE


def test_kladka_kiem_any_stroke_several_balls_at_once():
    r = ruling({"balls_left": 5, "strokes": 9}, potted=3)
    assert r["extra"]["balls_left"] == 2 and r["scores"][0] == 10
    assert cid("any-stroke") in r["clauses"] and tid("potted") in r["tolkovaniya"]


def test_kladka_kiem_penalty_a_double_hit_adds_one_stroke():
    r = ruling({"balls_left": 10, "strokes": 6}, potted=1, double_hit=True)
    assert r["foul"] and [f["code"] for f in r["fouls"]] == ["double-hit"]
    assert r["fouls"][0]["clause"] == cid("penalty-a")
    assert r["points"] == 2 and r["scores"][0] == 8  # the stroke itself and one penalty stroke
    assert r["extra"]["balls_left"] == 9  # the ball still counts
    assert {cid("penalty"), cid("penalty-a")} <= set(r["clauses"]) and r["next_player"] == 0


@pytest.mark.parametrize("touch,word", [("clothes", "одеждой"), ("hand", "рукой"), ("cue", "кием"),
                                        ("machine", "машинкой"), ("mazik", "мазиком")])
def test_kladka_kiem_penalty_b_touch_with_each_thing_the_text_names(touch, word):
    r = ruling({"balls_left": 4, "strokes": 14, "penalties": 1}, potted=1, touch=touch)
    assert r["fouls"][0]["clause"] == cid("penalty-b") and word in r["fouls"][0]["text"]
    assert r["scores"][0] == 17  # 14 + 1 earlier penalty + this stroke + its penalty
    r = ruling({"balls_left": 4, "strokes": 14}, type="touch", touch=touch)
    assert r["kind"] == "penalty" and r["points"] == 1 and r["scores"][0] == 15
    assert {cid("penalty"), cid("penalty-b")} <= set(r["clauses"]) and r["next_player"] == 0


def test_kladka_kiem_penalty_each_fault_is_a_stroke():
    r = ruling({"balls_left": 4, "strokes": 3}, potted=0, double_hit=True, touch="hand")
    assert r["points"] == 3 and r["scores"][0] == 6 and len(r["fouls"]) == 2
    assert tid("penalty-each") in r["tolkovaniya"]
    assert "+2 удара" in r["summary"] and "из них 2 штрафных" in r["summary"]


def test_kladka_kiem_off_table_returns_without_penalty():
    r = ruling({"balls_left": 6, "strokes": 10}, potted=1, off_table=2)
    assert not r["foul"] and r["points"] == 1 and r["scores"][0] == 11
    assert r["extra"]["balls_left"] == 5  # the two balls are back on the table
    assert cid("off-table") in r["clauses"] and "без штрафа" in " ".join(r["lines"])


def test_kladka_kiem_outcomes_fewer_strokes_wins():
    t = Table()
    t.clear(18, penalties=1)  # Аня: 18 strokes + 1 penalty
    t.clear(17)  # Борис: 17
    r = t.last
    assert r["finished"] and r["winner"] == 1 and r["next_player"] is None
    assert t.scores() == [19, 17] and t.view["winner"] == 1 and t.view["finished"]
    assert {cid("outcomes"), cid("goal")} <= set(r["clauses"])
    assert {tid("fewer-wins"), tid("penalty-counts")} <= set(r["tolkovaniya"])
    assert tid("penalty-each") not in r["tolkovaniya"]  # one penalty: nothing to say about two
    assert "Победитель: Борис" in r["summary"] and "17 против 19" in r["summary"]
    assert t.refuse(potted=1)["code"] == "state"


def test_kladka_kiem_outcomes_conditional_draw_is_not_invented():
    t = Table()
    t.clear(18)
    t.clear(18)
    r = t.last
    assert r["finished"] and r["winner"] is None and r["extra"]["result"] == "undefined"
    assert tid("equal") in r["tolkovaniya"] and cid("outcomes") in r["clauses"]
    # the line restates what draw-1 names (16 balls in 16 strokes): cited, but it decides nothing here
    line = next(w for w in r["why"] if cid("draw-1") in w["cites"])
    assert line["restates"] == [cid("draw-1")] and r["basis"] != cid("draw-1")
    assert "не определ" in r["summary"] and "условная ничья" in r["summary"]


def test_kladka_kiem_draw_1_both_16_in_16():
    t = Table()
    t.perfect()
    t.perfect()
    r = t.last
    assert r["finished"] and r["winner"] is None and r["extra"]["result"] == "draw"
    assert cid("draw-1") in r["clauses"] and "нормальная ничья" in r["summary"]
    assert t.scores() == [16, 16]


def test_kladka_kiem_draw_1_also_when_a_break_pots_balls_but_strokes_are_16():
    t = Table()
    t.clear(16)  # break with one ball, 15 more strokes
    t.perfect()
    assert t.last["extra"]["result"] == "draw"


@pytest.mark.parametrize("handicap", ["start", "strokes", "mixed"])
def test_kladka_kiem_draw_2_handicap_both_16_in_16(handicap):
    options = {"handicap": handicap, "strong": 0, **({} if handicap == "start" else {"handicap_strokes": 3})}
    t = Table(**options)
    t.perfect()
    t.perfect()
    r = t.last
    assert r["extra"]["result"] == "draw" and r["winner"] is None
    assert cid("draw-2") in r["clauses"] and cid("draw-1") not in r["clauses"]
    assert cid("handicap") in r["clauses"]


def test_kladka_kiem_handicap_a_strong_player_starts():
    t = Table(handicap="start", strong=1)
    assert t.view["current"] == 1 and t.view["extra"]["order"] == [1, 0]
    r = t.clear(16)[0]  # Борис: 16 strokes, one ball on the break
    assert r["player"] == 1 and {cid("handicap"), cid("handicap-a")} <= set(r["clauses"])
    assert "начинает сильный игрок" in " ".join(r["lines"])
    assert t.view["current"] == 0
    t.clear(17)
    # the result: who started no longer decides anything, so «а» is not cited on it
    assert t.last["winner"] == 1 and cid("handicap-a") not in t.last["clauses"]


def test_kladka_kiem_handicap_b_weak_player_gets_more_strokes():
    t = Table(handicap="strokes", strong=0, handicap_strokes=2)
    assert t.view["current"] == 0  # the list order: the text does not say who starts
    t.clear(17)  # strong: 17 (+2 = 19 compared)
    assert tid("order") in t.last["tolkovaniya"]
    t.clear(18)  # weak: 18
    r = t.last
    assert r["winner"] == 1 and {cid("handicap"), cid("handicap-b")} <= set(r["clauses"])
    assert tid("handicap-strokes") in r["tolkovaniya"]
    assert "17 + 2 = 19" in " ".join(r["lines"])
    assert [p["adjusted"] for p in t.view["players"]] == [19, 18]
    assert t.view["table"]["columns"][-1] == "С учётом форы"


def test_kladka_kiem_handicap_b_extra_strokes_can_still_lose():
    t = Table(handicap="strokes", strong=0, handicap_strokes=2)
    t.clear(17)
    t.clear(20)
    assert t.last["winner"] == 0


def test_kladka_kiem_handicap_c_mixed_strong_starts_with_fewer_strokes():
    t = Table(handicap="mixed", strong=1, handicap_strokes=1)
    assert t.view["current"] == 1
    t.clear(16)  # strong: 16 + 1 = 17 compared
    t.clear(18)  # weak: 18
    r = t.last
    assert r["winner"] == 1 and cid("handicap-c") in r["clauses"]
    assert "с учётом форы" in r["summary"]


def test_kladka_kiem_handicap_equal_after_handicap_is_undefined():
    t = Table(handicap="mixed", strong=0, handicap_strokes=2)
    t.clear(17)
    t.clear(19)
    assert t.last["extra"]["result"] == "undefined" and t.last["winner"] is None


# ---- the calculator -------------------------------------------------------

def test_kladka_kiem_calculator_last_ball_with_opponent_done():
    r = ruling({"balls_left": 1, "strokes": 14, "opponent_total": 17}, potted=1)
    assert r["finished"] and r["winner"] == 0 and r["scores"] == [15, 17]
    r = ruling({"balls_left": 1, "strokes": 15, "opponent_total": 16}, potted=1)
    assert r["extra"]["result"] == "draw"


def test_kladka_kiem_calculator_last_ball_passes_the_turn():
    out = handle({"op": "ruling", "game": GID, "situation": {"balls_left": 2, "strokes": 13},
                  "action": {"potted": 2}})
    assert out["ok"] and out["ruling"]["next_player"] == 1 and not out["ruling"]["finished"]
    assert "Следующий удар: Игрок 2." in out["ruling"]["summary"]
    assert out["view"]["current"] == 1 and out["view"]["players"][1]["balls_left"] == 16


def test_kladka_kiem_calculator_handicap_start_needs_the_strong_player_first():
    e = error({"opponent_total": 16}, {"handicap": "start", "strong": 0}, potted=1, opening="break")
    assert e["field"] == "options.strong" and "сильный" in e["message"]
    r = ruling({"opponent_total": 16}, {"handicap": "start", "strong": 1}, potted=1, opening="break")
    assert r["player"] == 0


# ---- options, input errors --------------------------------------------------

def test_kladka_kiem_options_that_do_not_apply_are_refused_and_left_out():
    out = handle({"op": "match.new", "game": GID, "options": {"strong": 1}})
    assert not out["ok"] and out["error"]["field"] == "options.strong"
    out = handle({"op": "match.new", "game": GID, "options": {"handicap": "start", "strong": 0,
                                                              "handicap_strokes": 5}})
    assert not out["ok"] and out["error"]["field"] == "options.handicap_strokes"
    out = handle({"op": "match.new", "game": GID, "options": {}})
    assert out["ok"] and out["state"]["options"] == {"handicap": "none"}
    out = handle({"op": "match.new", "game": GID, "options": {"handicap": "start", "strong": 1}})
    assert out["state"]["options"] == {"handicap": "start", "strong": 1}


@pytest.mark.parametrize("situation,options,action,field,words", [
    ({}, {}, {"opening": "break", "potted": 17}, "action.potted", "больше"),
    ({}, {}, {"opening": "break", "potted": -1}, "action.potted", "меньше"),
    ({}, {}, {"opening": "break", "potted": "2"}, "action.potted", "целым числом"),
    ({"balls_left": 2, "strokes": 5}, {}, {"potted": 1, "off_table": 2}, "action.off_table", "на столе только"),
    ({}, {}, {"opening": "smash"}, "action.opening", "недопустимое"),
    ({}, {}, {"opening": "break", "double_hit": 1}, "action.double_hit", "true или false"),
    ({}, {}, {"opening": "break", "touch": "foot"}, "action.touch", "недопустимое"),
    ({}, {}, {"type": "touch"}, "action.touch", "Заполните поле"),
    ({}, {}, {"type": "massé"}, "action.type", "недопустимое"),
    ({}, {}, {"opening": "break", "poted": 1}, "action.poted", "Неизвестное поле"),
    ({"balls_left": 12}, {}, {"potted": 1}, "situation.balls_left", "все 16"),
    ({"balls_left": 0}, {}, {"potted": 0}, "situation.balls_left", "меньше"),
    ({"strokes": -3}, {}, {}, "situation.strokes", "меньше"),
    ({"opponent_total": 0}, {}, {}, "situation.opponent_total", "меньше"),
    ({"opponent": 3}, {}, {}, "situation.opponent", "Неизвестное поле"),
    ({}, {"handicap": "big"}, {}, "options.handicap", "недопустимое"),
    ({}, {"handicap": "strokes", "strong": 0, "handicap_strokes": 0}, {}, "options.handicap_strokes", "меньше"),
    ({}, {"handicap": "start", "strong": 2}, {}, "options.strong", "недопустимое"),
])
def test_kladka_kiem_input_errors_name_the_field(situation, options, action, field, words):
    e = error(situation, options, **action)
    assert e["code"] == "input" and e["field"] == field, e
    assert words in e["message"], e


def test_kladka_kiem_match_input_errors():
    t = Table()
    assert t.refuse(potted=1)["field"] == "action.opening"
    out = handle({"op": "match.new", "game": GID, "players": ["Аня"]})
    assert not out["ok"] and out["error"]["field"] == "players"


# ---- declarations and the page ----------------------------------------------

def test_kladka_kiem_declaration_and_page_markers():
    d = handle({"op": "describe", "game": GID})["game"]
    assert d["tools"] == ["calculator", "scorekeeper"] and d["players"]["min"] == d["players"]["max"] == 2
    ids = [c["id"] for c in d["clauses"]]
    assert len(ids) == len(set(ids)) == 20
    assert all(re.fullmatch(rf"{GID}-[a-z0-9-]+", i) for i in ids)
    assert {c["id"] for c in d["clauses"] if c["status"] != IMPLEMENTED} == {cid("start"), cid("advice")}
    for t in d["tolkovaniya"]:
        assert t["id"].startswith(f"{GID}-t-") and set(t["clauses"]) <= set(ids) and t["text"]
    text = PAGE.read_text(encoding="utf-8")
    markers = re.findall(r"\{§([^}]*)\}", text)
    assert sorted(markers) == sorted(ids)  # every clause exactly once, nothing else
    assert f"::: tolkovaniya {GID}" in text and "::: outside" not in text and not d["outside"]
    for tool in d["tools"]:
        assert text.count(f"::: tool {tool} {GID}") == 1


# ---- random play ----------------------------------------------------------

def play_match_directly(rng, options):
    names = ("А", "Б")
    state = GAME.initial_state(2, options)
    rulings = []
    step = lambda s, action: GAME.apply(s, GAME.read_action(Reader(action, "action"), s), names)  # noqa: E731
    for before, _, r, state in random_steps(GAME, state, rng, step, 400):
        p = r.player
        # strokes only grow: one for the stroke, one per penalty; a touch is one penalty stroke
        assert r.points == (r.kind == "shot") + len(r.fouls) == state.total(p) - before.total(p)
        assert r.scores == state.scores() and r.clauses
        assert all(0 <= n <= 16 for n in state.left)
        rulings.append(r)
    return state, rulings


def test_kladka_kiem_random_matches_obey_the_rules():
    rng = random.Random(2002)
    cited, tolk, results = set(), set(), set()
    for i in range(300):
        options = GAME.read_options(Reader(
            rng.choice([{}, {"handicap": "start", "strong": 1}, {"handicap": "strokes", "strong": 0,
                        "handicap_strokes": rng.randint(1, 4)}, {"handicap": "mixed", "strong": 1,
                        "handicap_strokes": rng.randint(1, 4)}]), "options"))
        state, rulings = play_match_directly(rng, options)
        assert state.finished, "a random match ends within 400 actions"
        for r in rulings:
            cited |= set(r.clauses)
            tolk |= set(r.tolkovaniya)
        results.add(state.result)
        totals, adj = state.scores(), (state.adjusted(0), state.adjusted(1))
        if state.result == "draw":
            assert totals == (16, 16)
        elif state.result == "win":
            assert adj[state.winner] < adj[1 - state.winner] and totals != (16, 16)
        else:
            assert state.result == "undefined" and adj[0] == adj[1] and totals != (16, 16)
        assert rulings[-1].finished and rulings[-1].winner == state.winner
    implemented = {c.id for c in GAME.clauses if c.status == IMPLEMENTED}
    assert implemented <= cited
    assert {t.id for t in GAME.tolkovaniya} <= tolk
    assert {"win", "undefined"} <= results


def test_kladka_kiem_random_actions_accepted_through_the_api():
    rng = random.Random(7)
    for _ in range(25):
        t = DriverTable(GID, ["Аня", "Борис"], rng.choice([{}, {"handicap": "mixed", "strong": 1, "handicap_strokes": 2}]))
        for _, r in random_table_plays(t, rng, 30):
            assert r["scores"] == [p["score"] for p in t.view["players"]]


def test_kladka_kiem_random_situations_accepted():
    rng = random.Random(11)
    for _ in range(300):
        situation = GAME.random_situation(rng)
        state = GAME.state_from_situation(Reader(situation, "situation"), GAME.read_options(Reader({}, "options")))
        out = handle({"op": "ruling", "game": GID, "situation": situation,
                      "action": GAME.random_action(state, rng)})
        assert out["ok"], (situation, out)
        r = out["ruling"]
        assert r["next_player"] is not None or r["finished"]


# ---- issue 9: only possible positions, citations that support the ruling ------

IMPOSSIBLE = [
    # (situation, options, action, field, words of the message)
    ({}, {}, {"opening": "cue-ball", "potted": 0}, "action.potted", ["биток упал", "ровно один шар", "указано 0"]),
    ({}, {}, {"opening": "cue-ball", "potted": 3}, "action.potted", ["пирамида не разбита", "указано 3"]),
    ({}, {}, {"opening": "cue-ball", "potted": 1, "off_table": 1}, "action.off_table", ["за борт"]),
    ({}, {}, {"potted": 1}, "action.opening", ["первый удар"]),
    ({"strokes": 3, "balls_left": 10}, {}, {"opening": "break", "potted": 1}, "action.opening", ["не первый"]),
    ({"strokes": 3, "balls_left": 2}, {}, {"potted": 3}, "action.potted", ["только 2 шара"]),
    ({"strokes": 3, "balls_left": 2}, {}, {"potted": 2, "off_table": 1}, "action.off_table", ["только 2 шара"]),
    ({"strokes": 0, "balls_left": 12}, {}, {"opening": "break"}, "situation.balls_left", ["все 16"]),
    ({}, {"handicap": "mixed", "strong": 1, "handicap_strokes": 2}, {"opening": "break"}, "options.strong",
     ["сильный игрок"]),
]


@pytest.mark.parametrize("situation, options, action, field, words", IMPOSSIBLE)
def test_kladka_kiem_impossible_positions_and_strokes_are_refused(situation, options, action, field, words):
    e = error(situation, options, **action)
    assert e["field"] == field, e
    for w in words:
        assert w in e["message"], e["message"]


def test_kladka_kiem_cue_ball_opening_is_one_ball_in_a_pocket():
    r = ruling({}, opening="cue-ball", potted=1)
    assert r["extra"]["balls_left"] == 15 and tid("cue-ball-opening") in r["tolkovaniya"]
    assert not any("ничего не упало" in line for line in r["lines"])


def test_kladka_kiem_penalty_each_cited_only_with_two_penalties_in_one_stroke():
    one = ruling({"strokes": 3, "balls_left": 10}, potted=1, double_hit=True)
    assert tid("penalty-each") not in one["tolkovaniya"] and one["points"] == 2
    two = ruling({"strokes": 3, "balls_left": 10}, potted=1, double_hit=True, touch="hand")
    assert tid("penalty-each") in two["tolkovaniya"] and two["points"] == 3
    # at the end of a match with one penalty in the totals: penalty strokes count, not «each»
    end = ruling({"strokes": 15, "penalties": 1, "balls_left": 1, "opponent_total": 18}, potted=1)
    assert end["finished"] and tid("penalty-counts") in end["tolkovaniya"]
    assert tid("penalty-each") not in end["tolkovaniya"]


@pytest.mark.parametrize("handicap", ["strokes", "mixed"])
def test_kladka_kiem_handicap_strokes_are_required_not_assumed(handicap):
    out = handle({"op": "match.new", "game": GID, "players": ["Аня", "Борис"],
                  "options": {"handicap": handicap, "strong": 1}})
    assert not out["ok"] and out["error"]["field"] == "options.handicap_strokes"
    assert "Сколько ударов форы" in out["error"]["message"]
    e = error({}, {"handicap": handicap, "strong": 0}, opening="break")
    assert e["field"] == "options.handicap_strokes"
    decl = handle({"op": "describe", "game": GID})["game"]
    field = next(f for f in decl["options"] if f["name"] == "handicap_strokes")
    assert "default" not in field and field["when"] == {"handicap": ["strokes", "mixed"]}


def test_kladka_kiem_strong_player_is_required_with_a_handicap():
    e = error({}, {"handicap": "start"}, opening="break")
    assert e["field"] == "options.strong" and "Кто даёт фору" in e["message"]


def test_kladka_kiem_verdicts_name_the_main_event():
    r = ruling({"strokes": 3, "balls_left": 10}, potted=1)
    assert r["verdict"] == "points" and r["basis"] == cid("count")
    r = ruling({"strokes": 3, "balls_left": 10}, potted=0, touch="cue")
    assert r["verdict"] == "foul" and r["basis"] == cid("penalty-b") and r["summary"].startswith("Штраф +1 удар")
    r = ruling({"balls_left": 1, "strokes": 14, "opponent_total": 17}, potted=1)
    assert r["verdict"] == "win" and r["basis"] == tid("fewer-wins")
    assert r["summary"].startswith("Партия окончена. Победитель: Игрок")


def test_kladka_kiem_every_random_situation_is_a_possible_position():
    options = GAME.read_options(Reader({}, "options"))
    for seed in range(400):
        rng = random.Random(seed)
        state = GAME.state_from_situation(Reader(GAME.random_situation(rng), "situation"), options)
        GAME.check_position(state)
        for _ in range(5):
            GAME.read_action(Reader(GAME.random_action(state, rng), "action"), state)


def test_kladka_kiem_who_starts_is_said_not_silently_assumed():
    r = Table().play(opening="break", potted=2)
    assert tid("order") in r["tolkovaniya"]
    assert any("Партию начинает Аня — первый в списке игроков" in line for line in r["lines"])
    r = Table(handicap="start", strong=1).play(opening="break", potted=2)
    assert tid("order") not in r["tolkovaniya"] and cid("handicap-a") in r["clauses"]
