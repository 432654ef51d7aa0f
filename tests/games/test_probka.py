"""«Игра с пробкой» (seed 002): one test per clause, the six-player example of
the text exactly, the ten-player sentence, bad input, random play. Almost
everything goes through the JSON boundary."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tests.engine_driver import Calc, Table
from tests.randplay import random_table_plays

from rules_pkg.api import handle
from rules_pkg.games import GAMES
from rules_pkg.games.probka import MAX_BANK, START_POINT, TARGET, is_bank
from rules_pkg.reader import Reader

GAME = GAMES["probka"]
PAGE = Path(__file__).resolve().parents[2] / "docs" / "games" / "probka.md"
FOUL_IDS = ("a", "b", "v", "g", "d", "e")
CYRILLIC = re.compile("[а-яё]", re.I)


CALC = Calc("probka")
ruling = CALC.ruling


def error(situation=None, options=None, code="input", **action):
    err = CALC.error(situation, options, code, **action)
    assert CYRILLIC.search(err["message"])
    return err


def table(n=6, options=None, names=None):
    return Table("probka", names or [f"Игрок {i + 1}" for i in range(n)], options)


def foul(t, shooter, *fouls):
    return t.play(shooter=shooter, fouls=list(fouls or ("v",)))


def bank(t):
    return t.view["extra"]["bank"]


# ---- the worked examples of the text ----------------------------------------

def test_probka_example_six_players_exact():
    t = table(6)
    assert t.scores() == [1] * 6 and bank(t) == 6
    r = foul(t, 2)  # «Игрок под номером «2» совершает ошибку … записывается -5 очков … увеличивается до 12»
    assert r["player"] == 1 and r["scores"][1] == -5 and r["points"] == -6 and bank(t) == 12
    assert "probka-example-2" in r["clauses"]
    r = foul(t, 4)  # «-11 (1 … -12 …) … Сумма всех очков изменяется с 12 на 24»
    assert r["scores"][3] == -11 and r["points"] == -12 and bank(t) == 24
    assert "probka-example-4" in r["clauses"]
    r = foul(t, 6)  # «-23 (1 – 24 = -23) … 48»
    assert r["scores"][5] == -23 and bank(t) == 48
    assert "probka-example-6" in r["clauses"]
    r = t.play(shooter=6, probka=True)  # «48 + (-23) = 25»
    assert r["scores"][5] == 25 and r["points"] == 48 and not r["foul"] and not r["finished"]
    assert "probka-example-success" in r["clauses"] and "probka-prize" in r["clauses"]
    assert t.scores() == [1, -5, 1, -11, 1, 25]
    assert "−23 + 48 = 25" in r["summary"]


@pytest.mark.parametrize("scores, bank, shooter, after, new_bank, clause", [
    ("1, 1, 1, 1, 1, 1", 6, 2, -5, 12, "probka-example-2"),
    ("1, -5, 1, 1, 1, 1", 12, 4, -11, 24, "probka-example-4"),
    ("1, -5, 1, -11, 1, 1", 24, 6, -23, 48, "probka-example-6"),
])
def test_probka_example_each_foul_in_calculator(scores, bank, shooter, after, new_bank, clause):
    r = ruling({"scores": scores, "bank": bank}, shooter=shooter, fouls=["g"])
    assert r["scores"][shooter - 1] == after and r["extra"]["bank"] == new_bank and r["foul"]
    assert clause in r["clauses"]
    assert r["summary"].startswith("Нарушение «г» (кладка в лузу битка) — штраф")  # the letter with its words


def test_probka_example_success_in_calculator():
    r = ruling({"scores": "1, -5, 1, -11, 1, -23", "bank": 48}, shooter=6, probka=True)
    assert r["scores"] == [1, -5, 1, -11, 1, 25] and r["points"] == 48
    assert r["extra"]["bank_before"] == 48 and r["extra"]["bank"] == 96
    assert "probka-example-success" in r["clauses"] and "probka-t-after-success" in r["tolkovaniya"]


def test_probka_penalty_example_ten_players_10_20_40():
    t = table(10)
    assert bank(t) == 10
    penalties = [-foul(t, k)["points"] for k in (3, 3, 7)]  # the same or another player
    assert penalties == [10, 20, 40]
    assert bank(t) == 80
    assert "probka-penalty-example" in t.last["clauses"]
    assert "probka-t-ten-players" in t.last["tolkovaniya"]


# ---- clause by clause --------------------------------------------------------

def test_probka_start_one_point_each_and_bank_is_their_sum():
    for n in (2, 6, 20):
        t = table(n)
        assert t.scores() == [START_POINT] * n and bank(t) == n
        assert t.view["table"]["rows"][0][-1] == n
        assert "Банк — " in t.view["status"]


def test_probka_status_says_the_turn_rule_at_the_start_then_only_the_bank():
    """The start says why every shot names its shooter; after a shot the status is the bank
    alone, one line a phone keeps in view (a newcomer, 6 Dec: the long line went under the tabs)."""
    t = table(3)
    assert "кто бьёт следующим" in t.view["status"]
    foul(t, 2)
    assert t.view["status"] == "Банк — 6 очков."


def test_probka_start_cited_by_penalty_and_prize():
    assert "probka-start" in ruling({"scores": "1, 1"}, shooter=1, fouls=["v"])["clauses"]
    assert "probka-start" in ruling({"scores": "1, 1"}, shooter=1, probka=True)["clauses"]


def test_probka_penalty_is_bank_and_bank_doubles():
    r = ruling({"scores": "1, -7, 1, -3", "bank": 16}, shooter=2, fouls=["e"])
    assert r["points"] == -16 and r["scores"][1] == -23 and r["extra"]["bank"] == 32
    assert {"probka-fouls", "probka-foul-e", "probka-penalty"} <= set(r["clauses"])
    assert "probka-t-bank" in r["tolkovaniya"]
    assert r["next_player"] is None and not r["turn_continues"]


def test_probka_penalty_bank_is_not_the_board_sum():
    t = table(6)
    for k in (2, 4, 6):
        foul(t, k)
    assert sum(t.scores()) == -36 and bank(t) == 48  # the text's «сумма всех очков» is the bank
    assert "probka-t-bank" in t.last["tolkovaniya"]


@pytest.mark.parametrize("foul", FOUL_IDS)
def test_probka_foul_each_case_is_a_penalty(foul):
    knocked = foul == "b"  # «сыгрывание пробки»: with «б» the пробка fell
    r = ruling({"scores": "1, 1, 1"}, shooter=3, fouls=[foul], probka=knocked)
    assert r["foul"] and r["fouls"] == [{"code": foul, "clause": f"probka-foul-{foul}", "tolkovanie": None,
                                     "text": r["fouls"][0]["text"]}]
    assert f"probka-foul-{foul}" in r["clauses"] and "probka-fouls" in r["clauses"]
    assert r["scores"] == [1, 1, -2] and r["extra"]["bank"] == 6
    assert "probka-t-one-penalty" not in r["tolkovaniya"]


def test_probka_fouls_several_in_one_shot_one_penalty():
    r = ruling({"scores": "1, 1"}, shooter=1, fouls=["g", "a", "d"])
    assert r["points"] == -2 and r["scores"] == [-1, 1] and r["extra"]["bank"] == 4
    assert [f["code"] for f in r["fouls"]] == ["a", "g", "d"]
    assert {"probka-foul-a", "probka-foul-g", "probka-foul-d"} <= set(r["clauses"])
    assert "probka-t-one-penalty" in r["tolkovaniya"]
    assert r["summary"].startswith("Нарушение «а» (сыгрывание или касание пробки битком), нарушение «г» (кладка в лузу "
                                   "битка) и нарушение «д» (касание битка или прицельного шара рукой или одеждой) — штраф")


@pytest.mark.parametrize("foul", ["a", "b", "g"])
def test_probka_foul_with_probka_knocked_down_is_penalty_only(foul):
    r = ruling({"scores": "1, 1"}, shooter=2, probka=True, fouls=[foul])
    assert r["foul"] and r["points"] == -2 and r["scores"] == [1, -1]
    assert "probka-prize" not in r["clauses"]
    assert "probka-t-foul-and-probka" in r["tolkovaniya"]


def test_probka_prize_adds_bank_bank_grows_by_default():
    r = ruling({"scores": "1, -5, 4", "bank": 12}, shooter=1, probka=True)
    assert r["points"] == 12 and r["scores"] == [13, -5, 4] and r["extra"]["bank"] == 24
    assert r["extra"]["bank_after_success"] == "grows"
    assert {"probka-prize", "probka-start"} <= set(r["clauses"])
    assert {"probka-t-bank", "probka-t-after-success"} <= set(r["tolkovaniya"])
    assert not r["foul"] and not r["finished"] and r["next_player"] is None


def test_probka_prize_bank_unchanged_option():
    r = ruling({"scores": "1, -5, 1", "bank": 12}, {"bank_after_success": "unchanged"}, shooter=1, probka=True)
    assert r["scores"] == [13, -5, 1] and r["extra"]["bank"] == 12
    assert "probka-t-after-success" in r["tolkovaniya"]
    assert "остаётся 12 очков" in r["summary"]


@pytest.mark.parametrize("mode, bank_after", [("grows", 96), ("unchanged", 48)])
def test_probka_prize_switch_in_a_match(mode, bank_after):
    t = table(6, {"bank_after_success": mode})
    for k in (2, 4, 6):
        foul(t, k)
    r = t.play(shooter=6, probka=True)
    assert r["scores"][5] == 25 and bank(t) == bank_after
    assert t.state["options"] == {"bank_after_success": mode}
    r = foul(t, 1)  # the next penalty is the bank the switch produced
    assert r["points"] == -bank_after and r["scores"][0] == 1 - bank_after
    assert "probka-t-after-success" in r["tolkovaniya"]


def test_probka_prize_no_after_success_tolkovanie_before_any_success():
    r = foul(table(3), 1)
    assert "probka-t-after-success" not in r["tolkovaniya"]


def test_probka_goal_over_100_wins_and_ends_the_game():
    r = ruling({"scores": "1, -11, -15, -95", "bank": 128}, shooter=1, probka=True)
    assert r["finished"] and r["winner"] == 0 and r["scores"][0] == 129
    assert "probka-goal" in r["clauses"] and "probka-t-100-or-more" in r["tolkovaniya"]
    assert "probka-t-after-success" not in r["tolkovaniya"]
    assert "Победитель игры: Игрок 1" in r["summary"]


def test_probka_goal_exactly_100_with_three_players():
    t = table(3)
    t.play(shooter=1, probka=True)  # 1 + 3 = 4, bank 6
    for k in (2, 3, 2, 3):  # bank 12, 24, 48, 96
        foul(t, k)
    assert bank(t) == 96 and t.scores()[0] == 4
    r = t.play(shooter=1, probka=True)
    assert r["finished"] and r["winner"] == 0 and r["scores"][0] == TARGET
    assert "probka-goal" in r["clauses"] and "probka-t-100-or-more" not in r["tolkovaniya"]
    assert t.view["finished"] and t.view["winner"] == 0 and "Игрок 1" in t.view["status"]
    err = t.refuse(shooter=2, fouls=["v"])
    assert err["code"] == "state"


def test_probka_goal_below_100_does_not_win():
    r = ruling({"scores": "1, -11, 1, -23, 1, -5", "bank": 48}, shooter=3, probka=True)
    assert r["scores"][2] == 49 and not r["finished"] and r["winner"] is None


def test_probka_fouls_no_result_shot_changes_nothing():
    r = ruling({"scores": "1, -1", "bank": 4}, shooter=2)
    assert not r["foul"] and r["points"] == 0 and r["scores"] == [1, -1] and r["extra"]["bank"] == 4
    # no clause decided anything: not «в» (no foul), not the prize (not a результативный удар)
    assert r["clauses"] == [] and r["tolkovaniya"] == ["probka-t-no-result"]
    assert r["verdict"] == "no_points" and r["basis"] == "probka-t-no-result"
    # said once: the line's sentence is the one «почему» gives, not the same in other words
    assert r["summary"].startswith("Пробка не сбита, нарушений нет: очки и банк не меняются. Игрок 2: −1 очко")
    assert [w["text"] for w in r["why"] if w["aspect"] == "score"] == ["Пробка не сбита, нарушений нет: очки и банк не меняются."]


def test_probka_opening_lost_title_and_declaration():
    decl = handle({"op": "describe", "game": "probka"})["game"]
    assert decl["title"] == "Игра с пробкой" and decl["seed"] == "002"
    assert decl["players"]["min"] == 2 and decl["players"]["max"] == 20
    assert decl["tools"] == ["calculator", "scorekeeper"]
    clauses = {c["id"]: c for c in decl["clauses"]}
    assert clauses["probka-opening"]["status"] == "lost" and "утрачен" in clauses["probka-opening"]["title"]
    assert all(c["status"] == "implemented" for cid, c in clauses.items() if cid != "probka-opening")
    assert [o["id"] for o in decl["options"][0]["options"]] == ["grows", "unchanged"]
    assert decl["options"][0]["default"] == "grows"
    fouls = [f for f in decl["actions"][0]["fields"] if f["name"] == "fouls"][0]
    assert [o["label"][:2] for o in fouls["options"]] == ["а)", "б)", "в)", "г)", "д)", "е)"]
    ids = {t["id"] for t in decl["tolkovaniya"]}
    assert {"probka-t-bank", "probka-t-ten-players", "probka-t-after-success"} <= ids
    for t in decl["tolkovaniya"]:
        assert set(t["clauses"]) <= set(clauses) and t["clauses"]


def test_probka_page_has_every_clause_marker_once():
    text = PAGE.read_text(encoding="utf-8")
    markers = re.findall(r"\{§([^}\s]*)\}", text)
    assert sorted(markers) == sorted(c.id for c in GAME.clauses)
    assert "::: tolkovaniya probka" in text
    assert "::: tool calculator probka" in text and "::: tool scorekeeper probka" in text
    assert "::: outside" not in text  # no outside facts declared
    assert '!!! note rb-gap "Начало текста утрачено"' in text  # said plainly where the source starts


def test_probka_view_shows_bank_table_and_numbers():
    t = table(names=["Аня", "Борис", "Вера"])
    foul(t, 2, "d")
    rows = t.view["table"]["rows"]
    assert t.view["table"]["columns"][-1] == "Банк"
    assert rows[0][-1] == 3 and rows[1][:2] == [1, "Борис"] and rows[1][-1] == "3 → 6"
    assert [p["number"] for p in t.view["players"]] == [1, 2, 3]
    assert t.view["current"] is None and t.view["decision"] is None
    assert t.last["summary"] == ("Нарушение «д» (касание битка или прицельного шара рукой или одеждой) — штраф 3 очка. "
                                 "Борис: 1 − 3 = −2; банк теперь 6 очков.")


def test_probka_undo_restores_bank():
    t = table(4)
    foul(t, 1)
    out = handle({"op": "match.undo", "state": t.state})
    assert out["ok"] and out["view"]["extra"]["bank"] == 4 and out["ruling"]["scores"][0] == -3


# ---- bad input -----------------------------------------------------------------

@pytest.mark.parametrize("action, field", [
    ({}, "action.shooter"),
    ({"shooter": 0}, "action.shooter"),
    ({"shooter": 3}, "action.shooter"),
    ({"shooter": 21}, "action.shooter"),
    ({"shooter": "1"}, "action.shooter"),
    ({"shooter": True}, "action.shooter"),
    ({"shooter": 1, "probka": "да"}, "action.probka"),
    ({"shooter": 1, "fouls": ["ж"]}, "action.fouls[0]"),
    ({"shooter": 1, "fouls": ["a", "b", "a"]}, "action.fouls[2]"),
    ({"shooter": 1, "fouls": "a"}, "action.fouls"),
    ({"shooter": 1, "foul": ["a"]}, "action.foul"),
    ({"shooter": 1, "type": "decision"}, "action.type"),
])
def test_probka_input_errors_in_action(action, field):
    err = error({"scores": "1, 1"}, **action)
    assert err["field"] == field
    if "foul" in action:  # an unknown key: the message says where, the key is in error.field
        assert err["message"] == "Неизвестное поле в разделе «Действие»: правила такого поля не знают."
    else:
        assert Calc("probka").names_field(err["message"], field)


@pytest.mark.parametrize("situation, field", [
    ({"scores": "1"}, "situation.scores"),
    ({"scores": ", ".join(["1"] * 21)}, "situation.scores"),
    ({"scores": "1, пять"}, "situation.scores"),
    ({"scores": "1, 1.5"}, "situation.scores"),
    ({"scores": 5}, "situation.scores"),
    ({"scores": [1, "1"]}, "situation.scores[1]"),
    ({"scores": "1, 101", "bank": 128}, "situation.scores[1]"),
    ({"scores": "1, 1, 2", "bank": 6}, "situation.scores[2]"),
    ({"scores": "1, -4, 1", "bank": 48}, "situation.scores[1]"),
    ({"scores": "1, -1"}, "situation.bank"),
    ({"scores": "1, 1", "bank": 6}, "situation.bank"),
    ({"scores": "1, 1", "bank": 1}, "situation.bank"),
    ({"scores": "1, 1", "bank": MAX_BANK + 1}, "situation.bank"),
    ({"scores": "1, 1", "bank": "4"}, "situation.bank"),
    ({"scores": "1, -11, 1", "bank": 6}, "situation.bank"),
    ({"scores": "1, 1", "score": 1}, "situation.score"),
])
def test_probka_input_errors_in_situation(situation, field):
    err = error(situation, shooter=1)
    assert err["field"] == field
    if "score" in situation:  # an unknown key: the message says where, the key is in error.field
        assert err["message"].startswith("Неизвестное поле в разделе «Положение на столе»")
    else:  # the message names the field by its label, never by its path
        assert Calc("probka").names_field(err["message"], field) and "situation" not in err["message"]


def test_probka_input_error_bad_option():
    err = error({"scores": "1, 1"}, {"bank_after_success": "halves"}, shooter=1)
    assert err["field"] == "options.bank_after_success" and "«Банк после результативного удара»" in err["message"]
    out = handle({"op": "match.new", "game": "probka", "players": ["А"] * 21})
    assert not out["ok"] and out["error"]["field"] == "players"


def test_probka_situation_text_forms_accepted():
    r = ruling({"scores": "1; −5  1,-11 +1 -23", "bank": 48}, shooter=2, probka=True)
    assert r["scores"] == [1, 43, 1, -11, 1, -23]
    r = ruling({"scores": [1, 1, 1, 1], "bank": None}, shooter=4, fouls=["d"])
    assert r["scores"] == [1, 1, 1, -3]


def test_probka_situation_unchanged_allows_success_without_bank_growth():
    # with the bank unchanged after a success, 7 with bank 6 is reachable (a success at the start)
    r = ruling({"scores": "7, 1, 1, 1, 1, 1", "bank": 6}, {"bank_after_success": "unchanged"}, shooter=1, probka=True)
    assert r["scores"][0] == 13 and r["extra"]["bank"] == 6
    error({"scores": "7, 1, 1, 1, 1, 1", "bank": 6}, shooter=1)  # impossible when the bank grows


def test_probka_situation_bank_is_required_once_a_score_moved():
    # a −5 means a foul happened: the bank is no longer the number of players, in either mode
    err = error({"scores": "1, -5, 1, 1, 1, 1"}, {"bank_after_success": "unchanged"}, shooter=4, fouls=["g"])
    assert err["field"] == "situation.bank"


def test_probka_bank_technical_limit_is_a_state_error():
    bank = 2 ** 49  # more than half of MAX_BANK
    assert is_bank(bank, 2) and 2 * bank > MAX_BANK
    scores = f"1, {1 - (bank - 2)}"  # player 2 paid every penalty: 2 + 4 + … + 2**48
    err = error({"scores": scores, "bank": bank}, code="state", shooter=1, fouls=["v"])
    assert "ограничение программы" in err["message"]
    r = ruling({"scores": scores, "bank": bank}, shooter=1, probka=True)  # a winning shot is still fine
    assert r["finished"] and r["extra"]["bank"] == bank


# ---- random play ------------------------------------------------------------------

def check_invariants(before_view, ruling_, after_view, n, grows):
    bank_before, bank_after = before_view["extra"]["bank"], after_view["extra"]["bank"]
    p = ruling_["player"]
    scores_before = [x["score"] for x in before_view["players"]]
    assert ruling_["scores"] == [x["score"] for x in after_view["players"]]
    assert is_bank(bank_after, n)
    assert all((s - START_POINT) % n == 0 for s in ruling_["scores"])
    assert [s for i, s in enumerate(ruling_["scores"]) if i != p] == \
        [s for i, s in enumerate(scores_before) if i != p]
    assert ruling_["scores"][p] - scores_before[p] == ruling_["points"]
    assert (ruling_["clauses"] or ruling_["tolkovaniya"]) and "probka-opening" not in ruling_["clauses"]
    if ruling_["foul"]:
        assert ruling_["points"] == -bank_before and bank_after == 2 * bank_before and not ruling_["finished"]
    elif ruling_["points"]:
        assert ruling_["points"] == bank_before
        assert ruling_["finished"] == (ruling_["scores"][p] >= TARGET)
        if not ruling_["finished"]:
            assert bank_after == (2 * bank_before if grows else bank_before)
    else:
        assert bank_after == bank_before
    if grows and not ruling_["finished"]:  # every point handed out went into the bank
        assert sum(abs(s - START_POINT) for s in ruling_["scores"]) <= bank_after - n
    if ruling_["finished"]:
        assert ruling_["winner"] == p and ruling_["scores"][p] >= TARGET and after_view["finished"]
    else:
        assert max(ruling_["scores"]) < TARGET


def test_probka_random_matches_accepted_and_obey_the_rules():
    finished = 0
    for seed in range(300):
        rng = random.Random(seed)
        n = rng.randint(2, 20 if seed % 5 == 0 else 6)
        mode = rng.choice(("grows", "unchanged"))
        t = table(n, {"bank_after_success": mode})
        for before, r in random_table_plays(t, rng, rng.choice((10, 40, 80))):
            check_invariants(before, r, t.view, n, mode == "grows")
        finished += t.view["finished"]
    assert finished > 100


def test_probka_random_situations_accepted_with_both_options():
    for seed in range(300):
        rng = random.Random(seed)
        situation = GAME.random_situation(rng)
        for mode in ("grows", "unchanged"):
            options = GAME.read_options(Reader({"bank_after_success": mode}, "options"))
            state = GAME.state_from_situation(Reader(dict(situation), "situation"), options)
            GAME.check_position(state)  # a possible position (issue 9): the тренажёр asks from it
            action = GAME.random_action(state, rng)
            out = handle({"op": "ruling", "game": "probka", "situation": situation,
                          "options": {"bank_after_success": mode}, "action": action})
            assert out["ok"], (situation, action, out)
            assert out["view"]["extra"]["bank"] in (state.bank, 2 * state.bank)


# ---- issue 9: only possible positions, citations that support the ruling ----------

IMPOSSIBLE_ACTIONS = [
    # (situation, action, field, words of the message)
    ({"scores": "1, 1"}, {"shooter": 1, "fouls": ["g", "e"]}, "action.fouls", ["«г» и «е»", "в лузе, и за бортом"]),
    ({"scores": "1, 1"}, {"shooter": 2, "fouls": ["a", "g", "e"], "probka": True}, "action.fouls", ["«г» и «е»"]),
    ({"scores": "1, 1"}, {"shooter": 1, "fouls": ["b", "v"], "probka": True}, "action.fouls", ["«б» и «в»", "промах"]),
    ({"scores": "1, 1"}, {"shooter": 1, "fouls": ["b"]}, "action.probka", ["«б»", "пробка сбита", "не сбита"]),
    ({"scores": "1, 1"}, {"shooter": 1, "fouls": ["v"], "probka": True}, "action.fouls", ["промах", "«а»", "«д»"]),
    ({"scores": "1, 1, 1, 1"}, {"shooter": 5}, "action.shooter", ["игрока № 5 нет", "4 игрока"]),
]


@pytest.mark.parametrize("situation, action, field, words", IMPOSSIBLE_ACTIONS)
def test_probka_impossible_shots_are_refused_naming_the_contradiction(situation, action, field, words):
    err = error(situation, **action)
    assert err["field"] == field
    for w in words:
        assert w in err["message"], err["message"]


IMPOSSIBLE_POSITIONS = [
    # bank 16 with four players: penalties or prizes of 4 and 8 — −7 uses the 8, nobody has the 4
    ({"scores": "1, -7, 1, 1", "bank": 16}, "situation.bank", ["4 и 8 очков", "не складываются"]),
    # −5 with three players at bank 12 is not 3 ± 6
    ({"scores": "1, -5, 1", "bank": 12}, "situation.bank", ["3 и 6 очков"]),
    # bank 6 of six players is the start: nobody can have −5 yet
    ({"scores": "1, -5, 1, 1, 1, 1", "bank": 6}, "situation.bank", ["начало игры"]),
    # more than everything paid in penalties lost, with the bank unchanged after prizes
    ({"scores": "-9, 1", "bank": 4, "options": {"bank_after_success": "unchanged"}}, "situation.bank",
     ["все штрафы вместе — 2 очка", "потеряли 10 очков"]),
    ({"scores": "1, 101", "bank": 128}, "situation.scores[1]", ["игра окончена"]),
    ({"scores": "1, 2, 1", "bank": 6}, "situation.scores[1]", ["кратное 3"]),
    ({"scores": "1, 1", "bank": 6}, "situation.bank", ["невозможен"]),
]


@pytest.mark.parametrize("situation, field, words", IMPOSSIBLE_POSITIONS)
def test_probka_impossible_positions_are_refused_naming_the_contradiction(situation, field, words):
    situation = dict(situation)
    options = situation.pop("options", None)
    err = error(situation, options, shooter=1)
    assert err["field"] == field
    for w in words or ():
        assert w in err["message"], err["message"]


def test_probka_prize_that_would_have_won_earlier_is_refused():
    # two players at bank 256: −1 for player 1 only as 1 + 2 + 4 + 8 + 16 + 32 + 64 − 128, but the prize
    # of 64 at 63 points made 127 and ended the game
    err = error({"scores": "-1, 1", "bank": 256}, shooter=1, probka=True)
    assert err["field"] == "situation.bank" and "при счёте 63 получил приз 64" in err["message"]
    err = error({"scores": "127, 1", "bank": 128}, shooter=2, fouls=["v"])
    assert err["field"] == "situation.scores[0]" and "игра окончена" in err["message"]


def test_probka_bank_history_is_the_one_the_play_produced():
    from rules_pkg.games.probka import bank_history
    rng = random.Random(9)
    for _ in range(2000):
        n = rng.randint(2, 8)
        scores, bank, history = [START_POINT] * n, n, []
        for _ in range(rng.randint(0, 9)):
            i, sign = rng.randrange(n), rng.choice((1, -1))
            scores[i] += sign * bank
            bank *= 2
            history.append((i, sign))
        assert bank_history(tuple(scores), bank) == history


def test_probka_six_player_example_cited_only_in_its_own_situation():
    # the same foul by player 2 at the start, but with four players: not the example
    r = foul(table(4), 2)
    assert not any(c.startswith("probka-example") for c in r["clauses"]), r["clauses"]
    # six players, but player 3 errs: not the example either
    r = foul(table(6), 3)
    assert not any(c.startswith("probka-example") for c in r["clauses"]), r["clauses"]
    # the example's own first step
    r = foul(table(6), 2)
    assert "probka-example-2" in r["clauses"] and "probka-example-4" not in r["clauses"]
    # player 4 errs with the example's board but as the first error: not example 4
    r = ruling({"scores": "1, 1, 1, 1, 1, 1"}, shooter=4, fouls=["g"])
    assert not any(c.startswith("probka-example") for c in r["clauses"])
    # a prize of 48 to player 6, but on a different board: not the success example
    r = ruling({"scores": "1, -5, -23, -11, 1, 1", "bank": 48}, shooter=6, probka=True)
    assert "probka-example-success" not in r["clauses"]


def test_probka_ten_player_example_only_with_ten_players_and_penalties_only():
    r = foul(table(9), 1)
    assert "probka-penalty-example" not in r["clauses"] and "probka-t-ten-players" not in r["tolkovaniya"]
    t = table(10)
    t.play(shooter=1, probka=True)  # a prize of 10: the bank is 20, but after a success, not an error
    r = foul(t, 2)
    assert r["points"] == -20 and "probka-penalty-example" not in r["clauses"]


def test_probka_shooter_is_a_player_field_numbered_from_one():
    decl = handle({"op": "describe", "game": "probka"})["game"]
    shooter = next(f for f in decl["actions"][0]["fields"] if f["name"] == "shooter")
    assert shooter["kind"] == "player" and shooter["min"] == 1 and "default" not in shooter
    err = error({"scores": "1, 1"})
    assert err["field"] == "action.shooter" and "Кто бил" in err["message"]


def test_probka_verdicts_and_summaries_name_the_main_event_first():
    r = ruling({"scores": "1, 1"}, shooter=1, fouls=["g"])
    assert r["verdict"] == "foul" and r["basis"] == "probka-foul-g"
    r = ruling({"scores": "1, 1"}, shooter=1, probka=True)
    assert r["verdict"] == "points" and r["basis"] == "probka-prize"
    r = ruling({"scores": "1, -11, -15, -95", "bank": 128}, shooter=1, probka=True)
    assert r["verdict"] == "win" and r["basis"] == "probka-goal"
    assert r["summary"].startswith("Победитель игры: Игрок 1.")
    for line in r["why"]:
        assert line["cites"] or line["aspect"] == "info", line

