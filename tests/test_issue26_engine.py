"""Issue 26, § 3, on the engine side: what the status and a ruling say is true and said once."""

from __future__ import annotations

from rules_pkg.api import handle
from rules_pkg.games import GAMES
from tests.engine_driver import Calc, Table

KAIZA, KOVBOY = Calc("kaiza"), Calc("kovboy")
YELLOW_MIDDLE = {"ball": "yellow", "pocket": "left-middle"}


def test_kaiza_status_warns_of_a_second_yellow_into_a_middle_pocket_instead_of_stating_it():
    t = Table("kaiza")
    t.play(ball="red", pocket="far-left", red_from_spot_1=False)
    t.play(**YELLOW_MIDDLE)
    status = t.view["status"]
    assert "второй раз подряд" not in status  # nothing has happened twice
    assert "если снова сыграет жёлтый в среднюю лузу, лишится следующего удара" in status
    t.play(ball="red", pocket="far-left")  # another shot: the warning no longer applies
    assert "жёлт" not in t.view["status"]


def test_kaiza_a_win_beside_an_opponent_over_60_cites_the_tolkovanie_it_rests_on():
    """A at 61 through a white without a carom at 59; B reaches 60: B wins, by kaiza-goal and the
    толкование that a white without a carom never ends the game."""
    r = KAIZA.ruling({"score": 57, "opponent_score": 61}, ball="red", pocket="far-left")
    assert r["finished"] and r["winner"] == 0
    assert "kaiza-goal" in r["clauses"] and "kaiza-t-58-59" in r["tolkovaniya"]
    line = next(w for w in r["why"] if "kaiza-t-58-59" in w["cites"])
    assert "61" in line["text"] and line["aspect"] == "outcome"


def test_kaiza_refusal_that_rests_on_a_tolkovanie_says_so():
    message = KAIZA.error({"score": 10, "yellow_middle_before": True}, ball="red", pocket="far-left")["message"]
    assert "по толкованию «Жёлтый в среднюю лузу — 12 очков»" in message and "10 очков" in message


def test_kovboy_no_pocket_called_at_100_is_expressible_and_a_rule_6_foul():
    game = GAMES["kovboy"].declaration()
    field = next(f for f in game["actions"][0]["fields"] if f["name"] == "no_call")
    assert field["kind"] == "bool" and field["default"] is False
    assert "no_call" in game["table"]["chips"]  # beside the drawing too, not only in the form
    r = KOVBOY.ruling({"score": 100}, contacts=[1], cue_ball="pocket", cue_pocket="far-left", no_call=True)
    assert r["foul"] and r["fouls"][0]["code"] == "uncalled-pocket" and r["fouls"][0]["clause"] == "kovboy-rule-6"
    assert "луза не заказана" in r["fouls"][0]["text"] and r["scores"][0] == 100 and r["next_player"] == 1
    # left out, the pocket is still asked for: «not called» is not assumed
    assert "Луза не заказана" in KOVBOY.error({"score": 100}, contacts=[1], cue_ball="pocket",
                                              cue_pocket="far-left")["message"]
    # both a pocket and «not called», or «not called» below 100: refused, naming the contradiction
    assert "оставьте одно" in KOVBOY.error({"score": 100}, contacts=[1], cue_ball="pocket", cue_pocket="far-left",
                                           called_pocket="far-left", no_call=True)["message"]
    assert "100 очками" in KOVBOY.error({"score": 50}, contacts=[1], no_call=True)["message"]


def test_kaiza_wording_a_foul_at_a_win_one_other_ball_and_the_spot_taken_in_the_same_ruling():
    r = KAIZA.ruling({"score": 58}, ball="red", pocket="far-left", cue_ball="pocket")
    assert r["finished"] and "засчитанный шар засчитывается" not in r["summary"]
    r = KAIZA.ruling({}, ball="red", pocket="far-left", also_pocketed=["yellow"], spots_taken=[2])
    assert "Другой упавший шар очков не даёт." in r["lines"]
    assert "Жёлтый шар ставят на 3-ю точку (2-я занята, на 1-ю ставят красный шар)." in " ".join(r["lines"])


def test_kaiza_first_shot_refusal_has_one_colon_a_sentence():
    message = KAIZA.error({"first_shot": True}, ball="red", pocket="far-left")["message"]
    assert all(sentence.count(":") <= 1 for sentence in message.split(". ")), message


def test_no_declared_label_has_a_colon_of_its_own():
    """A question line is «label: value»; a label with a colon of its own gives two
    («Карамболь по красным: по скольким красным шарам: 1»)."""
    for game in GAMES.values():
        d = game.declaration()
        for field in d["situation"] + d["options"] + [f for a in d["actions"] for f in a["fields"]]:
            assert ":" not in field["label"], (game.id, field["label"])
            assert not any(":" in o["label"] for o in field.get("options", [])), (game.id, field["name"])


def test_pyat_sharov_win_after_the_opponents_error_names_both_players():
    r = handle({"op": "ruling", "game": "pyat-sharov", "situation": {"score": 10, "opponent_score": 50},
                "action": {"ball": "yellow", "pocket": "left-middle", "carom_reds": 2, "carom_white": True,
                           "mistake": True}})["ruling"]
    assert "сопернику" not in r["summary"]
    assert "у игрока Игрок 1" in r["summary"] and "на счёт игрока Игрок 2" in r["summary"]


def test_kladka_status_has_no_brackets_in_brackets():
    t = Table("kladka-kiem")
    t.play(opening="break", potted=1, double_hit=True)
    assert "((" not in t.view["status"] and "(из них" not in t.view["status"]
    assert "на счету 2 удара, из них 1 штрафной; на столе" in t.view["status"]


def test_po_chasovoy_question_says_which_order_each_pocket_of_the_previous_ball_belongs_to():
    """With an unnoticed error the previous ball has two pockets: the one the order gave it and the one
    it fell into; the question says which is which."""
    from rules_pkg import trainer
    game = GAMES["po-chasovoy"]
    seen = 0
    for seed in range(200):
        q = trainer.question(game, seed)
        if q["request"]["situation"].get("unnoticed") and q["request"]["situation"].get("known") == "previous":
            seen += 1
            assert any("назначенная предыдущему шару по действующему порядку" in line for line in q["situation"])
            assert any(line.startswith("Куда на самом деле упал предыдущий шар") for line in q["situation"])
    assert seen


def test_kovboy_refusals_that_rest_on_a_tolkovanie_name_it():
    for situation, tolkovanie in (({"score": 40, "series": 12, "fouls_in_row": 2}, "Три нарушения подряд"),
                                  ({"score": 40, "off_table": [1, 3, 5]}, "Когда отметка занята"),
                                  ({"score": 100, "off_table": [1]}, "Перестановка для игрока со 100 очками")):
        message = KOVBOY.error(situation, contacts=[3])["message"]
        assert f"по толкованию «{tolkovanie}" in message, message
