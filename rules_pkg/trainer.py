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
from .describe import is_default
from .errors import InputError, StateError
from .match import step
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
                    "text": f"Сколько очков у {of_player(names[ruling.player])} после этого удара?",
                    "answer": ruling.scores[ruling.player]})
    if ruling.finished or ruling.next_player is not None:
        choices = [{"id": str(i), "label": name} for i, name in enumerate(names)]
        choices.append({"id": "end", "label": "Никто: партия окончена"})
        answer = "end" if ruling.finished else str(ruling.next_player)
        out.append({"kind": "next", "type": "single", "text": "Кто выполняет следующий удар?",
                    "choices": choices, "answer": answer})
    return out


def of_player(name: str) -> str:
    """A player after «у»: «Игрока 1» for the calculator's placeholder names (a newcomer: «у игрока
    «Игрок 1»» read awkwardly), «игрока «Аня»» for any other."""
    number = name[len("Игрок "):]
    return f"Игрока {number}" if name.startswith("Игрок ") and number.isdigit() else f"игрока «{name}»"


UNANSWERED = object()  # the request is refused, or the ruling does not answer the question


def answer_of(game, options: dict, situation: dict, action: dict, kind: str):
    """What a ``kind`` question about this request comes to: its answer and the headline its
    solution shows (UNANSWERED if the request is refused or the ruling does not answer it)."""
    try:
        state = game.state_from_situation(Reader(situation, "situation"), options)
        names = game.calculator_names(state)
        ruling, _ = step(game, names, state, action)
    except (InputError, StateError):
        return UNANSWERED
    answer = next((a["answer"] for a in _aspects(ruling, names) if a["kind"] == kind), UNANSWERED)
    return UNANSWERED if answer is UNANSWERED else (answer, ruling.summary)


def _applies(field: dict, values: dict) -> bool:
    """Whether a declared field's ``when`` holds (missing fields at their defaults)."""
    for other, expected in (field.get("when") or {}).items():
        if values.get(other) not in (expected if isinstance(expected, list) else [expected]):
            return False
    return True


def _alternatives(field: dict, value) -> list:
    """Other values of a field a learner could assume when the question does not state it."""
    kind = field["kind"]
    if kind == "bool":
        return [True, False] if value is None else [not value]
    if kind == "choice":
        return [o["id"] for o in field["options"] if o["id"] != value]
    if kind == "int" and value is not None:
        low, high = field.get("min", value - 1), field.get("max", value + 1)
        return sorted({v for v in (low, high, value - 1, value + 1) if low <= v <= high and v != value})
    return []  # an empty set reads as «nothing of the kind»


def unstated(fields: list[dict], values: dict) -> list[dict]:
    """The fields a question leaves out and could state: they apply and are not shown, at their
    default or empty where the declaration says in words what empty means (``none_label``)."""
    full = {f["name"]: values.get(f["name"], f.get("default")) for f in fields}
    return [f for f in fields if _applies(f, full) and (
        full[f["name"]] is None and f.get("none_label") or
        full[f["name"]] is not None and not f.get("always")
        and (f["name"] not in values or is_default(f, values[f["name"]])))]


def deciding(game, options: dict, situation: dict, action: dict, kind: str, outcome) -> tuple[set, set]:
    """The names of the situation and action fields a question leaves out although another value
    of them would change its answer or what its solution's headline says («забит после…» when
    the question never said the ball fell): they decide it, so the question must state them.
    A text field (the players' scores in «пробка») has no other values to try: it is stated
    whenever it applies (a task asked «Игрок 1»'s score after a foul without the scores or the
    number of players: a newcomer, 6 Dec). ``outcome``: the question's own (answer, headline)."""
    declaration = game.declaration()
    spec = next(a for a in declaration["actions"] if a["type"] == action.get("type", declaration["actions"][0]["type"]))
    found: tuple[set, set] = (set(), set())
    for part, (fields, values) in enumerate(((declaration["situation"], situation), (spec["fields"], action))):
        for field in unstated(fields, values):
            if field["kind"] == "text":
                found[part].add(field["name"])
                continue
            value = values.get(field["name"], field.get("default"))
            for other in _alternatives(field, value):
                changed = {**values, field["name"]: other}
                request = (changed, action) if part == 0 else (situation, changed)
                got = answer_of(game, options, *request, kind)
                if got is not UNANSWERED and got != outcome:
                    found[part].add(field["name"])
                    break
    return found


EMPTY = "-"  # the value that stands for an empty field in a question's words (its ``none_label``)


def stated(fields: list[dict], values: dict, names: set) -> tuple[list[dict], dict]:
    """The fields with the deciding ones marked to be shown, and the values with their defaults;
    an empty deciding field reads as its ``none_label``."""
    shown, out = [], dict(values)
    for f in fields:
        if f["name"] not in names:
            shown.append(f)
            continue
        value = values.get(f["name"], f.get("default"))
        if value is None:
            f, value = {**f, "kind": "choice", "options": [{"id": EMPTY, "label": f["none_label"]}]}, EMPTY
        shown.append({**f, "always": True})
        out[f["name"]] = value
    return shown, out


def shooter_line(aspect: str, action_fields: list[dict], ruling: Ruling, names: tuple[str, ...]) -> list[str]:
    """Who strikes, said before the situation when the action does not say it (its own field,
    as «Кто бил» in «пробка»): «Кто выполняет следующий удар?» and «Сколько очков у
    «Игрок 1»…» (the aspects next and score) name players the situation's «игрок» and
    «соперник» do not."""
    if aspect not in ("next", "score") or ruling.player is None or len(names) < 2 \
            or any(f["name"] == "shooter" for f in action_fields):
        return []
    return [f"Бьёт: {names[ruling.player]}"]


def question(game, seed: int) -> dict:
    """A deterministic question for ``seed``: every fact that decides its answer is stated
    (a field left at its default is shown when another value of it would change the answer or
    the headline of its solution)."""
    rng = random.Random(seed)
    options = game.read_options(Reader({}, "options"))
    situation = game.trainer_situation(rng)
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
    in_situation, in_action = deciding(game, options, situation, action, aspect["kind"],
                                       (aspect["answer"], ruling.summary))
    kind = action.get("type", declaration["actions"][0]["type"])
    action_fields = next(a["fields"] for a in declaration["actions"] if a["type"] == kind)
    lines = shooter_line(aspect["kind"], action_fields, ruling, names) + describe_fields(
        *stated(declaration["situation"], situation, in_situation))
    shown_actions = [{**a, "fields": stated(a["fields"], action, in_action)[0]} if a["type"] == kind else a
                     for a in declaration["actions"]]
    shown_action = stated(action_fields, action, in_action)[1]
    return {
        "id": f"{game.id}-{seed}",
        "game": game.id,
        "seed": seed,
        "kind": aspect["kind"],
        "type": aspect["type"],
        "text": aspect["text"],
        "situation": lines or ["Обычная позиция: ничего особенного перед ударом."],
        "action": describe_action({**declaration, "actions": shown_actions}, shown_action),
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
