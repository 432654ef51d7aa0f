"""The тренажёр: questions written and judged by the engine, for every game
with a calculator."""

from __future__ import annotations

import pytest

from rules_pkg.api import handle
from rules_pkg.games import GAMES

GAME_IDS = [g.id for g in GAMES.values() if "calculator" in g.tools]


def ask(game_id, seed):
    out = handle({"op": "trainer.question", "game": game_id, "seed": seed})
    assert out["ok"], out
    return out["question"]


def check(game_id, seed, answer):
    out = handle({"op": "trainer.check", "game": game_id, "seed": seed, "answer": answer})
    assert out["ok"], out
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_trainer_questions_are_deterministic_and_judged_by_the_engine(game_id):
    kinds = set()
    for seed in range(120):
        q = ask(game_id, seed)
        assert q == ask(game_id, seed)  # same seed, same question
        assert "_answer" not in q and q["text"] and q["action"]
        kinds.add(q["kind"])
        # find the right answer through the engine's own ruling on the same request
        ruling = handle(q["request"])["ruling"]
        if q["kind"] == "foul":
            right = "yes" if ruling["foul"] else "no"
        elif q["kind"] == "score":
            right = ruling["scores"][ruling["player"]]
        else:
            right = "end" if ruling["finished"] else str(ruling["next_player"])
        verdict = check(game_id, seed, right)
        assert verdict["correct"] and verdict["answer"] == right and verdict["ruling"] == ruling
        wrong = right + 1 if isinstance(right, int) else next(c["id"] for c in q["choices"] if c["id"] != right)
        assert not check(game_id, seed, wrong)["correct"]
    assert len(kinds) >= min(2, len(GAMES[game_id].trainer_aspects))  # «пробка» asks the score alone


def test_trainer_refuses_bad_answers_and_seeds():
    out = handle({"op": "trainer.check", "game": "kovboy", "seed": 3, "answer": "maybe"})
    assert not out["ok"] and out["error"]["field"] == "answer"
    out = handle({"op": "trainer.question", "game": "kovboy", "seed": -5})
    assert not out["ok"] and out["error"]["field"] == "seed"


def test_a_question_naming_players_says_who_strikes_once():
    """«Кто выполняет следующий удар?» (the newcomer's task kovboy-50377) and «Сколько очков у
    игрока «Игрок 1»…» name players: the situation says who strikes, unless the action does
    («Кто бил» in «пробка»); a question about a foul names nobody."""
    from rules_pkg.games import GAMES
    from rules_pkg.trainer import public, question
    q = public(question(GAMES["kovboy"], 50377))
    assert q["text"] == "Кто выполняет следующий удар?"
    assert q["situation"][0] == "Бьёт: Игрок 1"
    seen = {"next": 0, "score": 0, "foul": 0}
    for game in ("kovboy", "pyat-sharov", "kaiza", "probka"):
        for seed in range(60):
            q = public(question(GAMES[game], seed))
            says = [line for line in q["situation"] if line.startswith("Бьёт: ")]
            in_action = any(line.startswith("Кто бил") for line in q["action"])
            seen[q["kind"]] = seen.get(q["kind"], 0) + 1
            if q["kind"] in ("next", "score") and not in_action:
                assert len(says) == 1, (game, seed, q["situation"])
            else:
                assert says == [], (game, seed, q["situation"])
    assert seen["next"] and seen["score"] and seen["foul"], seen


def test_a_probka_task_has_few_enough_players_to_read_at_a_glance():
    """The тренажёр's «пробка» lists every score in one line: at most TRAINER_PLAYERS players
    (a newcomer read 20 scores and a question about «Игрок 17», 6 Dec); the calculator's and
    the tests' random positions still reach the game's 20."""
    from rules_pkg.games.probka import MAX_PLAYERS, TRAINER_PLAYERS
    import random
    counts = {len(ask("probka", seed)["request"]["situation"]["scores"].split(",")) for seed in range(150)}
    assert max(counts) == TRAINER_PLAYERS and min(counts) == 2, counts
    anywhere = {len(GAMES["probka"].random_situation(random.Random(s))["scores"].split(",")) for s in range(300)}
    assert max(anywhere) > 10 and max(anywhere) <= MAX_PLAYERS, anywhere


def test_a_probka_task_states_every_score_and_the_bank():
    """A newcomer, 6 Dec: task 342695 asked «Сколько очков у игрока «Игрок 1» после этого удара?»
    over «Обычная позиция: ничего особенного перед ударом» — the answer −1 rested on two players
    with 1 point each and a bank of 2, none of it said. Every «пробка» task states the players'
    scores (so their number) and the bank, as numbers that are the request's."""
    for seed in [342695, *range(120)]:
        q = ask("probka", seed)
        situation = q["request"]["situation"]
        scores = [int(s) for s in situation["scores"].split(",")]
        said = " ".join(q["situation"]).replace("−", "-")
        assert f"Очки игроков по порядку номеров: {', '.join(str(s) for s in scores)}" in said, (seed, q["situation"])
        assert f"Банк перед ударом: {situation['bank']}" in said, (seed, q["situation"])


def test_the_score_question_names_a_numbered_player_as_a_name():
    """A newcomer, 7 Dec: «Сколько очков у игрока «Игрок 1» после этого удара?» read awkwardly."""
    from rules_pkg.trainer import of_player
    assert of_player("Игрок 1") == "Игрока 1" and of_player("Игрок 12") == "Игрока 12"
    assert of_player("Аня") == "игрока «Аня»" and of_player("Игрок А") == "игрока «Игрок А»"
    asked = [q["text"] for seed in range(60) for q in [ask("kovboy", seed)] if q.get("kind") == "score"]
    assert asked and all(t.startswith("Сколько очков у Игрока ") and "«" not in t for t in asked), asked[:3]
