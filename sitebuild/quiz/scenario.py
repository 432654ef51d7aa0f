"""Scenario questions: the rules engine computes the answer at build time.

A scenario is exactly the request of the engine's ``ruling`` operation
(``situation``, ``action``, optionally ``options``; ``game`` comes from the
question) plus ``ask``, a dotted path into the response:

    ruling.points            ruling.foul          ruling.scores.0
    ruling.next_player       ruling.finished      ruling.fouls.0.clause
    ruling.fouls.*.code      (``*`` = that key of every list item: a list)

The question's type turns the value into the answer (:func:`answer_from_value`):
``number`` takes the integer, ``truefalse`` the boolean (or, with ``claim``,
whether the value equals the claim), ``single`` the one choice whose ``value``
equals it, ``multiple`` the choices whose ``value`` is in the list, ``ordering``
the choices in the order their values appear in the list.

Everything goes through :func:`rules_pkg.api.handle`, the engine's one JSON
boundary, as in the browser.
"""

from __future__ import annotations

import json
from typing import Any, Callable, NoReturn

from rules_pkg import describe
from rules_pkg.reader import type_name

from .errors import QuizError
from .model import Choice

SCENARIO_KEYS = ("game", "situation", "action", "options", "ask", "claim", "absent")


def default_handle() -> Callable[[dict], dict]:
    from rules_pkg.api import handle
    return handle


class Engine:
    """Build-time access to the engine: game list, declarations, rulings."""

    def __init__(self, handle: Callable[[dict], dict] | None = None):
        self._handle = handle or default_handle()
        self._games: dict[str, dict] | None = None
        self._declarations: dict[str, dict | str] = {}

    def call(self, request: dict) -> dict:
        # A JSON round trip: the engine sees exactly what the browser would send.
        return self._handle(json.loads(json.dumps(request)))

    def games(self) -> dict[str, dict]:
        if self._games is None:
            response = self.call({"op": "games"})
            if not response.get("ok"):
                raise RuntimeError(f"rules_pkg не ответил списком игр: {response!r}")
            self._games = {g["id"]: g for g in response["games"]}
        return self._games

    def declaration(self, game: str) -> dict | None:
        """The game's declaration, or None when the engine cannot describe it
        (a game still being written); see :meth:`declaration_error`."""
        if game not in self._declarations:
            response = self.call({"op": "describe", "game": game})
            if response.get("ok") and isinstance(response.get("game"), dict):
                self._declarations[game] = response["game"]
            else:
                self._declarations[game] = (response.get("error") or {}).get("message", repr(response))
        decl = self._declarations[game]
        return decl if isinstance(decl, dict) else None

    def declaration_error(self, game: str) -> str:
        decl = self._declarations.get(game)
        return decl if isinstance(decl, str) else ""

    def refs(self, game: str) -> dict[str, tuple[str, str]]:
        """Every id a question of ``game`` may cite: id -> (kind, title)."""
        decl = self.declaration(game) or {}
        out: dict[str, tuple[str, str]] = {}
        for kind, key in (("clause", "clauses"), ("tolkovanie", "tolkovaniya"), ("outside", "outside")):
            for item in decl.get(key, []):
                out[item["id"]] = (kind, item["title"])
        return out


# ---------------------------------------------------------------------------
# Values


same = describe.same


def show(value: Any) -> str:
    """A value as the author wrote it (TOML/JSON spelling)."""
    return json.dumps(value, ensure_ascii=False)


def kind_name(value: Any) -> str:
    """The JSON type of a value in Russian (the engine's own wording)."""
    return "пусто (null)" if value is None else type_name(value)


class PathError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def resolve(response: Any, path: str) -> Any:
    """Follow a dotted path (``ruling.fouls.0.clause``, ``ruling.fouls.*.code``)."""
    parts = path.split(".")
    if not path or any(p == "" for p in parts):
        raise PathError(f"путь «{path}» пустой или содержит пустую часть")
    return _resolve(response, parts, [])


def _resolve(value: Any, parts: list[str], done: list[str]) -> Any:
    if not parts:
        return value
    part, rest = parts[0], parts[1:]
    here = ".".join(done) or "ответ"
    if isinstance(value, dict):
        if part not in value or part == "ok":
            keys = ", ".join(k for k in value if k != "ok")
            raise PathError(f"в «{here}» нет ключа «{part}»; есть: {keys}")
        return _resolve(value[part], rest, done + [part])
    if isinstance(value, list):
        if part == "*":
            return [_resolve(item, rest, done + [str(i)]) for i, item in enumerate(value)]
        if not part.isdigit():
            raise PathError(f"«{here}» — список, после него нужен номер (0, 1, …) или *, а не «{part}»")
        i = int(part)
        if i >= len(value):
            raise PathError(f"в списке «{here}» {len(value)} элемент(ов), элемента {i} нет")
        return _resolve(value[i], rest, done + [part])
    raise PathError(f"«{here}» — {kind_name(value)} {show(value)}, дальше идти некуда (лишнее «{part}»)")


# ---------------------------------------------------------------------------
# Running a scenario


def run(engine: Engine, request: dict, where: tuple[str, str]) -> dict:
    """The engine's response to a ruling request; a refusal is a QuizError."""
    file, qid = where
    response = engine.call(request)
    if response.get("ok") is True:
        return response
    error = response.get("error") or {}
    field = error.get("field") or ""
    if field.startswith(("situation", "action", "options")):
        field = "scenario." + field
    else:
        field = "scenario"
    if error.get("code") == "internal":
        hint = "это ошибка движка, а не файла: сообщите разработчикам, приложив этот сценарий."
    else:
        hint = "исправьте сценарий так, чтобы его принял калькулятор удара (та же форма запроса ruling)."
    raise QuizError(file, qid, field, f"движок отклонил сценарий: {error.get('message', response)}", hint)


#: Raises the QuizError of one question: (field, message, hint).
Fail = Callable[[str, str, str], NoReturn]


def answer_from_value(qtype: str, value: Any, choices: tuple[Choice, ...], claim: tuple[bool, Any],
                      where: tuple[str, str], ask: str) -> Any:
    """Turn the engine's value into the answer of a question of type ``qtype``."""
    file, qid = where
    has_claim, claim_value = claim

    def fail(field: str, message: str, hint: str) -> NoReturn:
        raise QuizError(file, qid, field, message, hint)

    got = f"движок вернул по пути «{ask}» {kind_name(value)} {show(value)}"
    if qtype == "truefalse":
        return _truefalse_answer(value, has_claim, claim_value, got, fail)
    if qtype == "number":
        return _number_answer(value, got, fail)
    _require_choice_values(choices, fail)
    if qtype == "single":
        return _single_answer(value, choices, got, fail)
    if qtype in ("multiple", "ordering"):
        _check_list_against_choices(qtype, value, choices, got, fail)
        if qtype == "multiple":
            return _multiple_answer(value, choices, got, fail)
        return _ordering_answer(value, choices, got, fail)
    raise AssertionError(qtype)


def _truefalse_answer(value: Any, has_claim: bool, claim_value: Any, got: str, fail: Fail) -> bool:
    if has_claim:
        return same(value, claim_value)
    if not isinstance(value, bool):
        fail("scenario.ask", f"{got}, а вопросу «верно или неверно» нужно true или false.",
             f"добавьте claim = ожидаемое значение (например claim = {show(value)}) "
             "или укажите путь к логическому значению (ruling.foul, ruling.finished).")
    return value


def _number_answer(value: Any, got: str, fail: Fail) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        fail("scenario.ask", f"{got}, а числовому вопросу нужно целое число.",
             "укажите путь к числу (ruling.points, ruling.scores.0) или смените тип вопроса.")
    return value


def _require_choice_values(choices: tuple[Choice, ...], fail: Fail) -> None:
    """Every choice of a scenario question needs a ``value``."""
    missing = [i for i, c in enumerate(choices) if not c.has_value]
    if missing:
        i = missing[0]
        fail(f"choices[{i}].value", f"у варианта «{choices[i].id}» нет value, а в вопросе со сценарием "
             "ответ выбирается по значению, которое вернул движок.",
             "добавьте каждому варианту value — значение, которое движок вернул бы для этого варианта.")


def _single_answer(value: Any, choices: tuple[Choice, ...], got: str, fail: Fail) -> str:
    hits = [c.id for c in choices if same(c.value, value)]
    if not hits:
        fail("choices", f"{got}, но ни у одного варианта нет такого value.",
             f"добавьте вариант с value = {show(value)} или исправьте сценарий.")
    if len(hits) > 1:
        fail("choices", f"{got}, и такое value у нескольких вариантов: {', '.join(hits)}.",
             "у вариантов должны быть разные value.")
    return hits[0]


def _check_list_against_choices(qtype: str, value: Any, choices: tuple[Choice, ...], got: str,
                                fail: Fail) -> None:
    """For ``multiple``/``ordering``: a list, distinct choice values, a choice for every item."""
    if not isinstance(value, list):
        fail("scenario.ask", f"{got}, а вопросу типа {qtype} нужен список.",
             "укажите путь к списку (например ruling.fouls.*.code или ruling.clauses).")
    for i, c in enumerate(choices):
        if sum(same(c.value, d.value) for d in choices) > 1:
            fail(f"choices[{i}].value", f"value {show(c.value)} повторяется у нескольких вариантов.",
                 "у вариантов должны быть разные value.")
    for item in value:
        if not any(same(c.value, item) for c in choices):
            fail("choices", f"{got}; для значения {show(item)} нет варианта, поэтому полный ответ "
                 "выбрать невозможно.", f"добавьте вариант с value = {show(item)}.")


def _multiple_answer(value: list, choices: tuple[Choice, ...], got: str, fail: Fail) -> tuple[str, ...]:
    correct = tuple(c.id for c in choices if any(same(c.value, v) for v in value))
    if not correct:
        fail("scenario.ask", f"{got}: пустой список, верных вариантов нет.",
             "выберите сценарий, в котором список не пуст, или вопрос другого типа.")
    return correct


def _ordering_answer(value: list, choices: tuple[Choice, ...], got: str, fail: Fail) -> tuple[str, ...]:
    def position(c: Choice) -> int:
        return next(i for i, v in enumerate(value) if same(c.value, v))
    absent = [c.id for c in choices if not any(same(c.value, v) for v in value)]
    if absent:
        fail("choices", f"{got}; значений вариантов {', '.join(absent)} в нём нет, расположить их негде.",
             "оставьте только варианты, значения которых есть в списке движка.")
    return tuple(c.id for c in sorted(choices, key=position))


# ---------------------------------------------------------------------------
# What the engine computed on, in words


def describe_request(request: dict, engine: Engine | None = None) -> list[str]:
    """The request of a scenario in words, from the game's declaration: one
    line «label: value» per field that differs from its default, e.g.
    «Очки игрока перед ударом (вместе с текущей серией): 88»."""
    engine = engine or Engine()
    decl = engine.declaration(request.get("game", ""))
    if decl is None:
        return []
    return describe.describe_request(decl, request)
