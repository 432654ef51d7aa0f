"""Rulings made by the engine for the node tests of what a ruling shows
(tests/js/ruling-text.test.mjs): the calculator's random situations and
actions (random_ruling_request) and the rulings of random matches
(play_random_match), every game, with whether the game keeps a score; printed as one JSON list.

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


def sample(per_game: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for game in GAMES:
        tools = GAMES[game].tools
        scored = handle({"op": "describe", "game": game})["game"].get("score") is not None  # the board keeps a score
        for _ in range(per_game if "calculator" in tools else 0):
            request = random_ruling_request(game, rng)
            response = handle(request)
            if response.get("ok") and response.get("ruling"):
                out.append({"game": game, "scored": scored, "source": "calculator", "request": request,
                            "ruling": response["ruling"]})
        played = play_random_match(game, rng, max_actions=per_game) if "scorekeeper" in tools else []
        for request, response in played:
            if response.get("ok") and response.get("ruling") and request["op"] == "match.play":
                out.append({"game": game, "scored": scored, "source": "match", "request": {"op": "match.play", "action": request["action"]},
                            "ruling": response["ruling"]})
    return out


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 26
    json.dump(sample(count, seed), sys.stdout, ensure_ascii=False)
