"""Rulings made by the engine for the node tests of what a ruling shows
(tests/js/ruling-text.test.mjs, said-once.test.mjs): the calculator's random situations and
actions (random_ruling_request), the rulings of random matches
(play_random_match) and the тренажёр's solutions (trainer.check, with the answer it shows),
every game, with whether the game keeps a score and its score declaration; printed as one JSON list.

    .venv/bin/python tests/js/ruling_sample.py [COUNT_PER_GAME] [SEED]
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from rules_pkg.api import handle  # noqa: E402
from rules_pkg.games import GAMES  # noqa: E402
from randplay import play_random_match, random_ruling_request  # noqa: E402
from rules_pkg import trainer  # noqa: E402
from rules_pkg.errors import InputError  # noqa: E402


def sample(per_game: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for game in GAMES:
        tools = GAMES[game].tools
        declared = handle({"op": "describe", "game": game})["game"].get("score")
        scored = declared is not None  # the board keeps a score
        for _ in range(per_game if "calculator" in tools else 0):
            request = random_ruling_request(game, rng)
            response = handle(request)
            if response.get("ok") and response.get("ruling"):
                out.append({"game": game, "scored": scored, "source": "calculator", "request": request,
                            "score": declared, "ruling": response["ruling"]})
        played = play_random_match(game, rng, max_actions=per_game) if "scorekeeper" in tools else []
        for request, response in played:
            if response.get("ok") and response.get("ruling") and request["op"] == "match.play":
                out.append({"game": game, "scored": scored, "source": "match", "request": {"op": "match.play", "action": request["action"]},
                            "score": declared, "ruling": response["ruling"],
                            "status": (response.get("view") or {}).get("status") or ""})
        out.extend(trained(game, declared, per_game if GAMES[game].trainer_aspects else 0, rng))
    return out


def trained(game: str, declared, count: int, rng: random.Random) -> list[dict]:
    """The тренажёр's solutions of ``count`` random tasks: the ruling and the answer shown above it."""
    out = []
    for _ in range(count):
        try:
            checked = trainer.check(GAMES[game], rng.randrange(trainer.MAX_SEED), 0)
        except InputError:
            continue
        q = checked["question"]
        out.append({"game": game, "scored": declared is not None, "source": "trainer", "request": q["request"],
                    "score": declared, "kind": q["kind"], "answer_text": checked["answer_text"],
                    "ruling": checked["ruling"]})
    return out


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 26
    json.dump(sample(count, seed), sys.stdout, ensure_ascii=False)
