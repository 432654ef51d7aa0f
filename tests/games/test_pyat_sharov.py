"""«Пять шаров с карамболями» (seed 001): every row of the printed points table,
one test per clause, the hand-checked case of RULES_NOTES.md, input errors and
random play. Almost everything goes through the JSON boundary."""

from __future__ import annotations

import random

import pytest

from rules_pkg.api import handle
from rules_pkg.match import Match
from rules_pkg.games import GAMES
from tests.engine_driver import Calc, Table
from tests.randplay import random_steps

GAME = GAMES["pyat-sharov"]


CALC = Calc("pyat-sharov")


def caroms(spec: str) -> dict:
    """'y r w' -> carom fields; 'rr' = two reds."""
    return {"carom_reds": spec.count("r"), "carom_white": "w" in spec, "carom_yellow": "y" in spec}


# The table exactly as printed in the seed text: (clause, ball, pocket, caroms, points).
PRINTED = [
    ("1a", "red", "far-left", "w", 5), ("1b", "red", "far-left", "r", 6), ("1v", "red", "near-right", "rw", 8),
    ("1g", "red", "left-middle", "y", 9), ("1d", "red", "far-right", "wy", 11), ("1e", "red", "near-left", "yr", 12),
    ("1zh", "red", "right-middle", "yrw", 14),
    ("2a", "white", "far-left", "r", 4), ("2b", "white", "far-left", "y", 7), ("2v", "white", "left-middle", "rr", 7),
    ("2g", "white", "near-right", "yr", 10), ("2d", "white", "far-right", "yrr", 13),
    ("3a", "yellow", "far-left", "w", 11), ("3b", "yellow", "far-right", "r", 12), ("3v", "yellow", "near-left", "rw", 14),
    ("3g", "yellow", "near-right", "rr", 15), ("3d", "yellow", "far-left", "rrw", 17),
    ("4a", "yellow", "left-middle", "w", 17), ("4b", "yellow", "right-middle", "r", 18),
    ("4v", "yellow", "left-middle", "rw", 20), ("4g", "yellow", "right-middle", "rr", 21),
    ("4d", "yellow", "left-middle", "wrr", 23),
]


@pytest.mark.parametrize("row, ball, pocket, spec, points", PRINTED, ids=[r[0] for r in PRINTED])
def test_pyat_sharov_table_every_printed_row(row, ball, pocket, spec, points):
    r = CALC.ruling({"score": 10, "opponent_score": 20}, ball=ball, pocket=pocket, **caroms(spec))
    assert r["points"] == points
    assert r["scores"] == [10 + points, 20]
    assert f"pyat-sharov-{row}" in r["clauses"]
    assert f"pyat-sharov-{row[0]}" in r["clauses"]  # the list head: 1) red, 2) white, 3) yellow corner, 4) middle
    assert "pyat-sharov-basis" in r["clauses"]
    assert r["turn_continues"] and r["next_player"] == 0
    assert not r["foul"]


def test_pyat_sharov_table_is_additive():
    # Derived, not stated (RULES_NOTES.md): base red 3, white 1, yellow 9 (corner) / 15 (middle),
    # plus 2 per white, 3 per red, 6 for the yellow caromed on.
    base = {("red", False): 3, ("white", False): 1, ("yellow", False): 9, ("yellow", True): 15}
    for _, ball, pocket, spec, points in PRINTED:
        middle = ball == "yellow" and pocket.endswith("middle")
        extra = 2 * spec.count("w") + 3 * spec.count("r") + 6 * spec.count("y")
        assert base[(ball, middle)] + extra == points


def test_pyat_sharov_table_lists_every_possible_carom():
    # 7 combinations for a red, 5 for a white, 5 and 5 for the yellow: all that the ball set allows.
    possible = {"red": [(r, w, y) for r in (0, 1) for w in (0, 1) for y in (0, 1) if r + w + y],
                "white": [(r, 0, y) for r in (0, 1, 2) for y in (0, 1) if r + y],
                "yellow": [(r, w, 0) for r in (0, 1, 2) for w in (0, 1) if r + w]}
    assert [len(v) for v in possible.values()] == [7, 5, 5]
    for ball, combos in possible.items():
        for pocket in ("far-left", "left-middle"):
            for r, w, y in combos:
                out = CALC.ruling(ball=ball, pocket=pocket, carom_reds=r, carom_white=bool(w), carom_yellow=bool(y))
                assert out["points"] > 0


def test_pyat_sharov_describe_declares_every_row_and_outside_60():
    decl = handle({"op": "describe", "game": "pyat-sharov"})["game"]
    ids = [c["id"] for c in decl["clauses"]]
    assert len(ids) == len(set(ids)) == 4 + 4 + 22 + 1
    assert all(c["status"] == "implemented" for c in decl["clauses"])
    assert [o["id"] for o in decl["outside"]] == ["pyat-sharov-o-60"]
    assert decl["players"]["min"] == decl["players"]["max"] == 2
    assert decl["tools"] == ["calculator", "scorekeeper"]
    titles = {c["id"]: c["title"] for c in decl["clauses"]}
    assert titles["pyat-sharov-4g"] == "4г) Жёлтый в среднюю лузу, карамболь по двум красным — 21 очко"
    assert titles["pyat-sharov-2a"].endswith("4 очка")


def test_pyat_sharov_basis_ball_without_carom_does_not_count():
    r = CALC.ruling({"score": 30}, ball="red", pocket="far-left")
    assert r["points"] == 0 and r["scores"] == [30, 0]
    assert "pyat-sharov-basis" in r["clauses"]
    assert "pyat-sharov-t-no-carom" in r["tolkovaniya"]
    assert not r["turn_continues"] and r["next_player"] == 1


def test_pyat_sharov_task_carom_without_pocketed_ball_gives_nothing():
    r = CALC.ruling(ball="yellow", pocket=None, carom_reds=2, carom_white=True)
    assert r["points"] == 0 and r["next_player"] == 1
    assert "pyat-sharov-t-carom-alone" in r["tolkovaniya"]
    assert "pyat-sharov-task" in r["clauses"]


def test_pyat_sharov_balls_called_pocket_mismatch_does_not_count():
    r = CALC.ruling(ball="red", pocket="far-left", called_pocket="far-right", carom_white=True)
    assert r["points"] == 0 and r["next_player"] == 1
    assert "pyat-sharov-t-called-pocket" in r["tolkovaniya"]
    ok = CALC.ruling(ball="red", pocket="far-left", called_pocket="far-left", carom_white=True)
    assert ok["points"] == 5


def test_pyat_sharov_3_and_4_pocket_decides_yellow_value():
    assert CALC.ruling(ball="yellow", pocket="near-left", carom_white=True)["points"] == 11
    assert CALC.ruling(ball="yellow", pocket="right-middle", carom_white=True)["points"] == 17
    # for the red and the white the pocket does not matter
    assert CALC.ruling(ball="red", pocket="right-middle", carom_white=True)["points"] == 5


def test_pyat_sharov_mistake_red_caromed_on_yellow_gives_9_to_opponent():
    # RULES_NOTES.md hand-checked case: a red with a carom on the yellow (9) and a mistake.
    r = CALC.ruling({"score": 12, "opponent_score": 30}, ball="red", pocket="far-left", carom_yellow=True, mistake=True)
    assert r["scores"] == [12, 39]
    assert r["points"] == 0 and r["extra"]["to_opponent"] == 9
    assert r["foul"] and r["fouls"][0]["clause"] == "pyat-sharov-mistake"
    assert "pyat-sharov-1g" in r["clauses"] and "pyat-sharov-mistake" in r["clauses"]
    assert "pyat-sharov-t-mistake" in r["tolkovaniya"]
    assert r["next_player"] == 1 and not r["turn_continues"]
    assert "9 очков переходят сопернику" in r["summary"]


def test_pyat_sharov_mistake_21_points_verb_agrees():
    r = CALC.ruling(ball="yellow", pocket="left-middle", carom_reds=2, mistake=True)
    assert r["scores"] == [0, 21]
    assert "21 очко переходит" in r["summary"]


def test_pyat_sharov_mistake_without_prize_transfers_nothing():
    r = CALC.ruling({"score": 5, "opponent_score": 7}, ball="white", pocket="far-left", mistake=True)
    assert r["scores"] == [5, 7] and r["foul"]
    assert r["next_player"] == 1
    assert any("«Русской партии»" in line for line in r["lines"])


def test_pyat_sharov_outcome_60_wins_and_cites_outside_fact():
    r = CALC.ruling({"score": 50, "opponent_score": 55}, ball="red", pocket="far-left", carom_white=True, carom_reds=1)
    assert r["scores"] == [58, 55] and not r["finished"]
    r = CALC.ruling({"score": 50, "opponent_score": 55}, ball="yellow", pocket="far-left", carom_white=True)
    assert r["finished"] and r["winner"] == 0 and r["scores"] == [61, 55]
    assert "pyat-sharov-outcome" in r["clauses"]
    assert r["outside"] == ["pyat-sharov-o-60"]
    assert "pyat-sharov-t-target" in r["tolkovaniya"]
    assert r["next_player"] is None


def test_pyat_sharov_outcome_opponent_wins_through_mistake():
    r = CALC.ruling({"score": 10, "opponent_score": 55}, ball="red", pocket="far-left", carom_white=True, mistake=True)
    assert r["finished"] and r["winner"] == 1 and r["scores"] == [10, 60]


def test_pyat_sharov_series_match_flow():
    t = Table("pyat-sharov")
    r = t.play(ball="red", pocket="far-left", carom_white=True)
    assert r["turn_continues"] and t.view["current"] == 0 and t.scores() == [5, 0]
    r = t.play(ball="white", pocket="near-left", carom_reds=2, carom_yellow=True)
    assert t.scores() == [18, 0] and t.view["current"] == 0
    r = t.play(ball="yellow", pocket=None)
    assert t.view["current"] == 1
    assert r["summary"] == "Очков нет: заказанный жёлтый шар в лузу не упал. Следующий удар: Борис."
    r = t.play(ball="yellow", pocket="left-middle", carom_white=True, mistake=True)
    assert t.scores() == [35, 0] and t.view["current"] == 0
    assert t.view["status"].startswith("Ход: Аня")
    while not t.view["finished"]:
        t.play(ball="yellow", pocket="left-middle", carom_reds=2, carom_white=True)
    assert t.view["winner"] == 0 and t.scores() == [81, 0]
    assert t.view["status"] == "Партия окончена. Победитель: Аня."
    refused = handle({"op": "match.play", "state": t.state, "action": {"ball": "red"}})
    assert not refused["ok"] and refused["error"]["code"] == "state"


# ---- impossible shots and malformed input ------------------------------------

@pytest.mark.parametrize("action, field", [
    ({"ball": "red", "pocket": "far-left", "carom_reds": 2}, "action.carom_reds"),  # a third red
    ({"ball": "white", "pocket": "far-left", "carom_white": True}, "action.carom_white"),  # only one object white
    ({"ball": "yellow", "pocket": "far-left", "carom_yellow": True}, "action.carom_yellow"),
    ({"ball": "white", "carom_reds": 3}, "action.carom_reds"),
    ({"ball": "blue"}, "action.ball"),
    ({"pocket": "far-left"}, "action.ball"),  # a ball fell: which one was called decides the points
    ({"ball": "red", "pocket": "middle"}, "action.pocket"),
    ({"ball": "red", "called_pocket": 3}, "action.called_pocket"),
    ({"ball": "red", "carom_white": "да"}, "action.carom_white"),
    ({"ball": "red", "carom_reds": 1.0}, "action.carom_reds"),
    ({"ball": "red", "mistake": 1}, "action.mistake"),
    ({"ball": "red", "pocketed": ["red"]}, "action.pocketed"),
    ({"type": "decision", "ball": "red"}, "action.type"),
])
def test_pyat_sharov_input_errors_name_the_field(action, field):
    err = CALC.error(**action)
    assert err["field"] == field
    assert CALC.names_field(err["message"], field)
    assert any("а" <= ch <= "я" for ch in err["message"].lower())


def test_pyat_sharov_impossible_combinations_explain_why():
    assert "два" in CALC.error(ball="red", pocket="far-left", carom_reds=2)["message"]
    assert "биток" in CALC.error(ball="white", carom_white=True)["message"]


@pytest.mark.parametrize("situation, field", [
    ({"score": 60}, "situation.score"), ({"score": -1}, "situation.score"),
    ({"opponent_score": 99}, "situation.opponent_score"), ({"score": "10"}, "situation.score"),
    ({"series": 3}, "situation.series"),
])
def test_pyat_sharov_situation_errors(situation, field):
    err = CALC.error(situation, ball="red")
    assert err["field"] == field and CALC.names_field(err["message"], field)


def test_pyat_sharov_players_exactly_two():
    out = handle({"op": "match.new", "game": "pyat-sharov", "players": ["А", "Б", "В"]})
    assert not out["ok"] and out["error"]["field"] == "players"
    assert "ровно 2 игрока" in out["error"]["message"]


# ---- random play ---------------------------------------------------------------

VALUES = {pts for *_, pts in PRINTED}


def test_pyat_sharov_random_play_is_accepted_and_obeys_the_rules():
    for seed in range(300):
        rng = random.Random(seed)
        match = Match.new(GAME, ["Аня", "Борис"], {})
        for previous, _, r, state in random_steps(GAME, GAME.initial_state(2, {}), rng, match.step, 60):
            before = previous.scores
            p, o = r.player, 1 - r.player
            gain = [state.scores[i] - before[i] for i in range(2)]
            assert min(gain) == 0  # scores never go down, only one side gains
            prize = r.extra["prize"]
            assert prize == 0 or prize in VALUES
            if r.foul:
                assert gain == [0, 0] or gain[o] == prize and gain[p] == 0
                assert r.next_player in (o, None)
            else:
                assert gain[p] == prize == r.points and gain[o] == 0
                assert r.turn_continues == (prize > 0) or r.finished
            if r.finished:
                assert state.scores[r.winner] >= 60 and state.scores[1 - r.winner] < 60
            else:
                assert max(state.scores) < 60
    for seed in range(200):
        rng = random.Random(seed)
        situation = GAME.random_situation(rng)
        from rules_pkg.reader import Reader
        st = GAME.state_from_situation(Reader(dict(situation), "situation"), {})
        out = handle({"op": "ruling", "game": "pyat-sharov", "situation": situation,
                      "action": GAME.random_action(st, rng)})
        assert out["ok"], out


# ---- issue 9: one field spec, possible positions, rulings that say why ------------

def test_pyat_sharov_called_ball_is_declared_once_and_asked_when_it_decides():
    """«ball» was declared with the default "red" yet refused without it: one spec now.
    Not given (null) means "not said"; it is required exactly when a ball fell."""
    field = next(f for f in GAME.declaration()["actions"][0]["fields"] if f["name"] == "ball")
    assert field["default"] is None and field["optional"]
    err = CALC.error(pocket="far-left", carom_white=True)
    assert err["field"] == "action.ball" and "Заказанный шар" in err["message"]


@pytest.mark.parametrize("situation, field, words", [
    ({"score": 1}, "situation.score", "1 очко в этой игре не бывает"),
    ({"score": 3}, "situation.score", "4 очка"),
    ({"opponent_score": 2}, "situation.opponent_score", "2 очка в этой игре не бывает"),
])
def test_pyat_sharov_impossible_positions_are_refused_naming_the_contradiction(situation, field, words):
    err = CALC.error(situation, ball="red")
    assert err["field"] == field and words in err["message"], err


def test_pyat_sharov_generators_give_only_possible_positions():
    from rules_pkg.reader import Reader
    for seed in range(1000):
        rng = random.Random(seed)
        st = GAME.state_from_situation(Reader(GAME.random_situation(rng), "situation"), {})
        GAME.read_action(Reader(GAME.random_action(st, rng), "action"), st)


@pytest.mark.parametrize("action, reason, basis", [
    ({"ball": "red"}, "заказанный красный шар в лузу не упал", "pyat-sharov-task"),
    ({"ball": "red", "carom_white": True}, "в лузу не упал", "pyat-sharov-task"),
    ({"ball": "red", "pocket": "far-left"}, "забит без карамболя", "pyat-sharov-basis"),
    ({"ball": "red", "pocket": "far-left", "called_pocket": "far-right", "carom_white": True},
     "не в заказанную лузу", "pyat-sharov-t-called-pocket"),
])
def test_pyat_sharov_no_points_summary_says_why(action, reason, basis):
    r = CALC.ruling({"score": 10}, **action)
    assert r["verdict"] == "no_points" and r["basis"] == basis
    assert r["summary"].startswith("Очков нет: ") and reason in r["summary"], r["summary"]


def test_pyat_sharov_mistake_verbs_agree_and_verdicts():
    r = CALC.ruling({"score": 10}, ball="red", pocket="far-left", carom_yellow=True, carom_white=True, mistake=True)
    assert r["verdict"] == "foul" and r["basis"] == "pyat-sharov-mistake"
    assert r["summary"].startswith("Ошибка при кладке шара: 11 очков переходят сопернику")
    r = CALC.ruling({"score": 10}, ball="yellow", pocket="far-left", carom_reds=2, carom_white=True, mistake=True)
    assert "17 очков переходят" in r["summary"]
    r = CALC.ruling({"score": 10}, ball="yellow", pocket="left-middle", carom_reds=2, carom_white=True, mistake=True)
    assert "23 очка переходят" in r["summary"]
    r = CALC.ruling({"score": 10}, ball="yellow", pocket="left-middle", carom_reds=2, mistake=True)
    assert "21 очко за этот шар переходит" in " ".join(r["lines"])
    r = CALC.ruling({"score": 10, "opponent_score": 55}, ball="red", pocket="far-left", carom_yellow=True,
                    mistake=True)
    assert r["verdict"] == "win" and r["winner"] == 1 and r["summary"] == ("Победа: Игрок 2 — 64 очка "
                                                                        "(ошибка при кладке шара у игрока Игрок 1, 9 очков за шар переходят на счёт игрока Игрок 2).")
    assert r["fouls"][0]["code"] == "mistake"
    r = CALC.ruling({"score": 55}, ball="red", pocket="far-left", carom_yellow=True)
    assert r["verdict"] == "win" and r["basis"] == "pyat-sharov-outcome" and "pyat-sharov-o-60" in r["outside"]
    r = CALC.ruling({"score": 10}, ball="red", pocket="far-left", carom_yellow=True)
    assert r["verdict"] == "points" and r["basis"] == "pyat-sharov-1g"


def test_pyat_sharov_cites_only_what_decided_the_ruling():
    r = CALC.ruling({"score": 10}, ball="red")
    assert "pyat-sharov-t-cue-ball" not in r["tolkovaniya"] and "pyat-sharov-1" not in r["clauses"]
    r = CALC.ruling({"score": 10}, ball="red", pocket="far-left", carom_white=True)
    assert "pyat-sharov-t-cue-ball" in r["tolkovaniya"]


def test_pyat_sharov_rulings_write_yo_though_the_table_prints_e():
    """The source's rows say «по желтому»; the engine's own sentences write «жёлтый» throughout."""
    for spec in ("y", "wy", "ry", "rwy"):
        r = CALC.ruling({}, ball="red", pocket="far-left", **caroms(spec))
        assert "желт" not in " ".join(r["lines"]) + r["summary"], r["lines"]
        assert "жёлт" in " ".join(r["lines"])
    assert all("желт" not in c.title for c in GAME.clauses)


def test_pyat_sharov_win_by_the_opponents_mistake_says_so_in_the_summary():
    r = CALC.ruling({"score": 10, "opponent_score": 50}, ball="yellow", pocket="left-middle",
                    carom_reds=2, carom_white=True, mistake=True)
    assert r["finished"] and r["winner"] == 1
    # the player who erred and the one the points go to are named (issue 26: «сопернику» read as the winner's)
    assert r["summary"] == ("Победа: Игрок 2 — 73 очка (ошибка при кладке шара у игрока Игрок 1, "
                            "23 очка за шар переходят на счёт игрока Игрок 2).")


def test_pyat_sharov_t_positions_states_what_the_position_check_refuses():
    """The docstring and the position check rest on a толкование the page lists."""
    tolk = next(t for t in GAME.tolkovaniya if t.id == "pyat-sharov-t-positions")
    assert "1, 2 или 3 очков" in tolk.text and "60" in tolk.text
    for score in (1, 2, 3):
        assert "не бывает" in CALC.error({"score": score}, ball="red")["message"]
    assert CALC.ruling({"score": 4}, ball="red")["scores"] == [4, 0]


def test_pyat_sharov_nothing_fell_needs_no_called_ball():
    """The call decides nothing when no ball fell: no points whatever was called,
    so the shot is judged without it (and the ruling does not invent a ball)."""
    r = Calc("pyat-sharov").ruling()
    assert r["points"] == 0 and r["verdict"] == "no_points"
    assert r["summary"].startswith("Очков нет: заказанный шар в лузу не упал")
    err = Calc("pyat-sharov").error(pocket="near-left", carom_reds=1)
    assert err["field"] == "action.ball" and "какой шар был заказан" in err["message"]
