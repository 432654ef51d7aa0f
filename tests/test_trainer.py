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
    assert len(kinds) >= 2


def test_trainer_refuses_bad_answers_and_seeds():
    out = handle({"op": "trainer.check", "game": "kovboy", "seed": 3, "answer": "maybe"})
    assert not out["ok"] and out["error"]["field"] == "answer"
    out = handle({"op": "trainer.question", "game": "kovboy", "seed": -5})
    assert not out["ok"] and out["error"]["field"] == "seed"
