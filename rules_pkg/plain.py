"""The plain path of one request: JSON text guarded, parsed, answered by the
handler of its operation, serialised. It holds no text of any state: the
recognition of the page's state texts stands in front of it
(:mod:`rules_pkg.statetext`), and :mod:`rules_pkg.api` is the public face of both.

:func:`handle` takes a JSON-compatible request (dicts, lists, str, int, bool,
None) and returns a JSON-compatible response; :func:`handle_json` does the same
on JSON text. No exception escapes: malformed input gets ``{"ok": false,
"error": {...}}`` with a Russian message naming the field. JSON text is guarded
before parsing in linear time and constant memory (:func:`too_deep`).

Match operations answer with the view, the log's lengths and the ruling; the
state and a range of the history only when ``want`` asks. A match whose values
the engine has replayed is not replayed again (:data:`rules_pkg.match.REPLAYS`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from . import trainer
from .core import MAX_ACTIONS, default_names
from .errors import InputError, RulesError
from .games import GAMES
from .match import MAX_HISTORY, Match, check_room, step
from .protocol import protocol
from .reader import Reader, escape_lone_surrogates, has_lone_surrogate, show


def _game(r: Reader):
    gid = r.raw("game")
    if not isinstance(gid, str) or gid not in GAMES:
        known = ", ".join(f"«{g.title}»" for g in GAMES.values())
        raise InputError(f"Такой игры на сайте нет; известны: {known}.", "game")
    return GAMES[gid]


def _want(r: Reader) -> dict:
    """The optional ``want`` of a match request: ``{"state": true}`` and/or
    ``{"history": {"last": K}}`` / ``{"history": {"from": I, "to": J}}``."""
    want = r.raw("want", {})
    w = Reader(want, "want")
    out = {"state": w.bool("state", False), "history": None}
    if w.has("history"):
        h = w.object("history")
        if h.has("last"):
            last = h.int("last", min=0, max=MAX_HISTORY)
            out["history"] = ("last", last)
        else:
            start = h.int("from", min=0, max=MAX_ACTIONS)
            stop = h.int("to", min=start, max=start + MAX_HISTORY,
                         label=f"Конец истории (не больше начала + {MAX_HISTORY})")
            out["history"] = ("range", start, stop)
        h.done()
    else:
        w.raw("history", None)
    w.done()
    return out


def _match_response(match: Match, want: dict, ruling=None, *, state: bool = False) -> dict:
    """The view and the log's lengths; the ruling of this request; the whole
    state and a range of the history only when asked (``want``)."""
    out = {"ok": True, "view": match.view(), "log": match.log()}
    if ruling is not None:
        out["ruling"] = ruling.to_json()
    if state or want["state"]:
        out["state"] = match.to_json()
    if want["history"] is not None:
        total = len(match.actions)
        if want["history"][0] == "last":
            start, stop = max(0, total - want["history"][1]), total
        else:
            start, stop = min(want["history"][1], total), want["history"][2]
        out["history"] = {"from": start, "total": total,
                          "items": [r.to_json() for r in match.rulings(start, stop)]}
    return out


# ---- one handler per operation: (reader of the request, op, loaded, outcome) -> response
# ``loaded``: the match the request's state stands for, when the caller already
# knows it (rules_pkg.statetext); ``outcome`` gets the match before and after a
# match operation.

def _games(r: Reader, op: str, loaded: Match | None, outcome: dict) -> dict:
    r.done()
    return {"ok": True, "games": [g.summary() for g in GAMES.values()]}


def _describe(r: Reader, op: str, loaded: Match | None, outcome: dict) -> dict:
    game = _game(r)
    r.done()
    return {"ok": True, "game": game.declaration()}


def _ruling(r: Reader, op: str, loaded: Match | None, outcome: dict) -> dict:
    """The calculator: one action in a situation described field by field."""
    game = _game(r)
    options = game.read_options(Reader(r.raw("options", {}), "options"))
    state = game.state_from_situation(Reader(r.raw("situation", {}), "situation"), options)
    action = r.raw("action")
    r.done()
    names = game.calculator_names(state)
    ruling, after = step(game, names, state, action)
    return {"ok": True, "ruling": ruling.to_json(), "view": game.view(after, names)}


def _trainer(r: Reader, op: str, loaded: Match | None, outcome: dict) -> dict:
    """trainer.question (a question for a seed) and trainer.check (an answer to it)."""
    game = _game(r)
    if "calculator" not in game.tools:
        raise InputError(f"Для игры «{game.title}» тренажёр вопросов не составляет.", "game")
    seed = trainer.read_seed(r)
    if op == "trainer.question":
        r.done()
        return {"ok": True, "question": trainer.public(trainer.question(game, seed))}
    answer = r.raw("answer")
    r.done()
    return {"ok": True, **trainer.check(game, seed, answer)}


def _match_new(r: Reader, op: str, loaded: Match | None, outcome: dict) -> dict:
    game = _game(r)
    players = r.raw("players", None)
    if players is None:
        players = default_names(max(game.min_players, 2) if game.max_players >= 2 else 1)
    options = r.raw("options", {})
    want = _want(r)
    r.done()
    outcome["after"] = Match.new(game, players, options)
    return _match_response(outcome["after"], want, state=True)


STORED_OPS = ("match.play", "match.undo", "match.redo", "match.view", "match.protocol")

# the operations that change a stored match: (match, action) -> (match after, ruling)
_MOVES = {
    "match.play": lambda match, action: match.play(action),
    "match.undo": lambda match, action: match.undo(),
    "match.redo": lambda match, action: match.redo(),
}


def _load(stored: Any, op: str, loaded: Match | None) -> Match:
    """The match of a stored state: ``loaded`` when known, else replayed (room checked first for a play)."""
    if loaded is not None:
        return loaded
    if op == "match.play" and isinstance(stored, dict):
        check_room(stored.get("actions"))
    return Match.from_json(stored, GAMES)


def _stored(r: Reader, op: str, loaded: Match | None, outcome: dict) -> dict:
    """An operation on a stored state: the request is read whole before the state is loaded."""
    stored = r.raw("state")
    action = r.raw("action") if op == "match.play" else None
    want = _want(r) if op != "match.protocol" else None
    r.done()
    match = outcome["before"] = outcome["after"] = _load(stored, op, loaded)
    if op == "match.protocol":
        return {"ok": True, "text": protocol(match)}
    if op == "match.view":
        return _match_response(match, want)
    match, ruling = _MOVES[op](match, action)
    if op == "match.play" and loaded is None:  # (a match found by its text is remembered by its text: statetext)
        match.remember()
    outcome["after"] = match
    return _match_response(match, want, ruling)


_HANDLERS = {"games": _games, "describe": _describe, "ruling": _ruling, "match.new": _match_new,
             **dict.fromkeys(STORED_OPS, _stored), "trainer.question": _trainer, "trainer.check": _trainer}
OPS = tuple(_HANDLERS)


def _dispatch(request: Any, loaded: Match | None, outcome: dict) -> dict:
    r = Reader(request, "")
    op = r.raw("op")
    if not isinstance(op, str) or op not in _HANDLERS:
        raise InputError("Неизвестная операция: такой движок не выполняет.", "op")
    return _HANDLERS[op](r, op, loaded, outcome)


def _internal(exc: BaseException) -> dict:
    return {"ok": False, "error": {"code": "internal",
                                   "message": f"Внутренняя ошибка движка ({type(exc).__name__}). "
                                              "Ваши данные не изменены; сообщите об ошибке.",
                                   "field": None}}


def handle(request: Any, loaded: Match | None = None, outcome: dict | None = None) -> dict:
    """Answer one request; never raises. (``loaded``, ``outcome``: see the handlers.)"""
    try:
        return _dispatch(request, loaded, {} if outcome is None else outcome)
    except RulesError as exc:
        return {"ok": False, "error": exc.to_json()}
    except RecursionError:
        return _refusal("Запрос слишком глубоко вложен.")
    except Exception as exc:  # a bug: report it, never a traceback to the user
        return _internal(exc)


MAX_TEXT = 4_000_000  # characters: a match of 5 000 shots is far smaller
MAX_DEPTH = 40  # nesting of arrays and objects: real requests need fewer than 10

# The JSON-text guard, one regular expression run once over the text. It has no
# backtracking (every quantifier is possessive), so it is linear in time, and it
# keeps no memory per character; it runs in C, so it is fast.
#   _ATOM: a run of characters that are neither brackets nor quotes, or one
#          string (escapes skipped two characters at a time; a string left
#          open runs to the end of the text);
#   level 0 is any sequence of atoms; level k+1 is a sequence of atoms and of
#          bracketed level-k sequences (a bracket left open at the end counts
#          as closed: the parser will refuse it).
# The text matches whole iff its nesting is at most MAX_DEPTH. Otherwise the
# match stops at an opening bracket (the nesting is too deep: refused before
# parsing, since under Pyodide a deep nesting overflows the WebAssembly stack
# instead of raising) or at a stray closing bracket (the parser refuses it
# there without reading further).
_ATOM = r'(?:[^"\[\]{}]++|"[^"\\]*+(?:\\[\s\S][^"\\]*+)*+(?:"|\\?\Z))'
_nested = _ATOM + "*+"
for _ in range(MAX_DEPTH):
    _nested = rf"(?:{_ATOM}|[\[{{]{_nested}(?:[\]}}]|\Z))*+"
_WITHIN_DEPTH = re.compile(_nested)
del _nested


def too_deep(text: str) -> bool:
    """Whether arrays and objects in JSON text nest deeper than MAX_DEPTH
    (brackets inside strings do not count)."""
    end = _WITHIN_DEPTH.match(text).end()
    return end < len(text) and text[end] in "[{"


def _refusal(message: str) -> dict:
    return {"ok": False, "error": {"code": "input", "message": message, "field": None}}


_JSON_PROBLEMS = {  # the json module's messages, in Russian
    "Expecting value": "ожидалось значение",
    "Expecting property name enclosed in double quotes": "ожидалось имя поля в двойных кавычках",
    "Expecting ':' delimiter": "ожидалось двоеточие",
    "Expecting ',' delimiter": "ожидалась запятая",
    "Unterminated string starting at": "строка не закрыта кавычкой",
    "Invalid control character at": "управляющий символ внутри строки",
    "Invalid \\escape": "неверная escape-последовательность",
    "Invalid \\uXXXX escape": "неверная последовательность \\uXXXX",
    "Extra data": "лишние данные после значения",
}


def read_json(text: str):
    """Parse JSON text; NaN and Infinity are not JSON and are refused."""
    def no_constant(name):
        raise ValueError(f"{name} — не число JSON")
    return json.loads(text, parse_constant=no_constant)


def _bad_json(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        what = _JSON_PROBLEMS.get(exc.msg, "синтаксическая ошибка")
        return f"Запрос — не корректный JSON: {what} (строка {exc.lineno}, столбец {exc.colno})."
    if isinstance(exc, RecursionError):
        return "Запрос слишком глубоко вложен."
    message = str(exc)
    if "integer string conversion" in message:
        return "Запрос — не корректный JSON: в нём слишком длинное число."
    if "не число JSON" in message:
        return f"Запрос — не корректный JSON: {message} (в JSON нет NaN и Infinity)."
    return "Запрос — не корректный JSON."


def _text_refusal(text: Any) -> str | None:
    """Why JSON text is refused before it is even scanned (None: it may be)."""
    if not isinstance(text, str):
        return "Запрос должен быть строкой JSON."
    if len(text) > MAX_TEXT:
        return f"Запрос слишком длинный: больше {MAX_TEXT} символов."
    if text.startswith("\ufeff"):
        return "Запрос начинается с метки порядка байтов (BOM): уберите её, JSON её не допускает."
    return None


_DEEP = f"Запрос слишком глубоко вложен: больше {MAX_DEPTH} уровней массивов и объектов."


def to_json_text(response: dict) -> str:
    """The response as JSON text. A lone surrogate (echoed from a request) is
    written as a \\uXXXX escape, so the text is always valid UTF-8."""
    try:
        out = json.dumps(response, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as exc:  # a bug: the response is not JSON
        out = json.dumps(_internal(exc), ensure_ascii=False, sort_keys=True)
    return escape_lone_surrogates(out) if has_lone_surrogate(out) else out


def parse_guarded(text: str):
    """The value of JSON text within the nesting limit; None when it is not one."""
    if too_deep(text):
        return None
    try:
        return read_json(text)
    except (ValueError, TypeError, RecursionError):
        return None


def read_request(text: Any) -> tuple[Any, dict | None]:
    """(the request, None), or (None, the refusal) for text that is not a JSON request."""
    refusal = _text_refusal(text)
    if refusal:
        return None, _refusal(refusal)
    if too_deep(text):
        return None, _refusal(_DEEP)
    try:
        return read_json(text), None
    except (ValueError, TypeError, RecursionError) as exc:
        return None, _refusal(_bad_json(exc))
