"""The тренажёр: endless fresh scenario questions, written and judged by the engine.

A question is a pure function of (game, seed): a random legal situation and
action from the game's own generators, one aspect of the engine's ruling asked
about. ``check`` regenerates the question from the same seed and judges the
answer, so the browser never decides what is right.
"""

from __future__ import annotations

import random

from . import ru
from .core import Ruling
from .match import Match
from .describe import describe_action, describe_fields
from .errors import InputError
from .reader import Reader, check_int, show

MAX_SEED = 2**31 - 1
YES_NO = [{"id": "yes", "label": "Да"}, {"id": "no", "label": "Нет"}]


def _aspects(ruling: Ruling, names: tuple[str, ...]) -> list[dict]:
    """The questions one ruling can answer, each with its correct answer."""
    out = []
    out.append({"kind": "foul", "type": "truefalse", "text": "Это нарушение (фол)?",
                "choices": YES_NO, "answer": "yes" if ruling.foul else "no"})
    if ruling.player is not None and ruling.scores:
        out.append({"kind": "score", "type": "number",
                    "text": f"Сколько очков у игрока «{names[ruling.player]}» после этого удара?",
                    "answer": ruling.scores[ruling.player]})
    if ruling.finished or ruling.next_player is not None:
        choices = [{"id": str(i), "label": name} for i, name in enumerate(names)]
        choices.append({"id": "end", "label": "Никто: партия окончена"})
        answer = "end" if ruling.finished else str(ruling.next_player)
        out.append({"kind": "next", "type": "single", "text": "Кто выполняет следующий удар?",
                    "choices": choices, "answer": answer})
    return out


def question(game, seed: int) -> dict:
    """A deterministic question for ``seed``."""
    rng = random.Random(seed)
    options = game.read_options(Reader({}, "options"))
    situation = game.random_situation(rng)
    state = game.state_from_situation(Reader(situation, "situation"), options)
    action = game.random_action(state, rng)
    names = game.calculator_names(state)
    match = Match(game=game, players=names, options=options)
    ruling, _ = match.step(state, action)
    aspects = [a for a in _aspects(ruling, names) if a["kind"] in game.trainer_aspects]
    if not aspects:
        raise InputError(f"Для игры «{game.title}» тренажёр вопросов не составляет.", "game")
    aspect = aspects[rng.randrange(len(aspects))]
    declaration = game.declaration()
    lines = describe_fields(declaration["situation"], situation)
    return {
        "id": f"{game.id}-{seed}",
        "game": game.id,
        "seed": seed,
        "kind": aspect["kind"],
        "type": aspect["type"],
        "text": aspect["text"],
        "situation": lines or ["Обычная позиция: ничего особенного перед ударом."],
        "action": describe_action(declaration, action),
        "choices": aspect.get("choices", []),
        "request": {"op": "ruling", "game": game.id, "situation": situation, "action": action},
        "_answer": aspect["answer"],
        "_ruling": ruling,
    }


def public(q: dict) -> dict:
    """The question as the learner sees it (no answer)."""
    return {k: v for k, v in q.items() if not k.startswith("_")}


def check(game, seed: int, answer) -> dict:
    q = question(game, seed)
    right = q["_answer"]
    if q["type"] == "number":
        given = check_int(answer, "answer", "Ответ", min=-10**9, max=10**9)
    else:
        ids = [c["id"] for c in q["choices"]]
        if answer not in ids:
            raise InputError(f"Ответ {show(answer)} не из предложенных вариантов.", "answer")
        given = answer
    ruling: Ruling = q["_ruling"]
    if q["type"] == "number":
        shown = ru.points(right)
    else:
        shown = next(c["label"] for c in q["choices"] if c["id"] == right)
    return {
        "question": public(q),
        "correct": given == right,
        "answer": right,
        "answer_text": shown,
        "ruling": ruling.to_json(),
    }


def read_seed(r: Reader) -> int:
    return r.int("seed", min=0, max=MAX_SEED)
