"""The one JSON boundary of the engine.

:func:`handle` takes a JSON-compatible request (dicts, lists, str, int, bool,
None) and returns a JSON-compatible response; :func:`handle_json` does the same
on JSON text. The browser worker, the command line and the tests all come
through here. No exception escapes: malformed input gets ``{"ok": false,
"error": {...}}`` with a Russian message naming the field.

Match operations answer with the view, the log's lengths and the ruling; the
state and a range of the history only when ``want`` asks. A match the engine
already holds is not replayed: by its JSON text (:mod:`rules_pkg.statetext`)
or by its values (:data:`rules_pkg.match.REPLAYS`). JSON text is guarded
before parsing in linear time and constant memory (:func:`too_deep`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from . import statetext, trainer
from .protocol import protocol
from .core import MAX_ACTIONS, default_names
from .match import MAX_HISTORY, REPLAYS, Match, check_room, step
from .errors import InputError, RulesError
from .games import GAMES
from .reader import Reader, escape_lone_surrogates, has_lone_surrogate, show

OPS = ("games", "describe", "ruling", "match.new", "match.play", "match.undo", "match.redo", "match.view",
       "match.protocol", "trainer.question", "trainer.check")


def _game(r: Reader):
    gid = r.raw("game")
    if not isinstance(gid, str) or gid not in GAMES:
        known = ", ".join(show(g) for g in GAMES)
        raise InputError(f"Неизвестная игра {show(gid)}; известны: {known}.", "game")
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
                         what=f"Поле want.history.to (не больше from + {MAX_HISTORY})")
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


STORED_OPS = ("match.play", "match.undo", "match.redo", "match.view", "match.protocol")


def _dispatch(request: Any, loaded: Match | None = None, outcome: dict | None = None) -> dict:
    """Answer one request. ``loaded``: the match its state stands for, when the
    caller already knows it (:mod:`rules_pkg.statetext`); ``outcome`` gets the
    match before and after a match operation."""
    if outcome is None:
        outcome = {}
    r = Reader(request, "")
    op = r.raw("op")
    if op not in OPS:
        raise InputError(f"Неизвестная операция {show(op)}; допустимы: {', '.join(OPS)}.", "op")
    if op == "games":
        r.done()
        return {"ok": True, "games": [g.summary() for g in GAMES.values()]}
    if op == "describe":
        game = _game(r)
        r.done()
        return {"ok": True, "game": game.declaration()}
    if op == "ruling":
        game = _game(r)
        options = game.read_options(Reader(r.raw("options", {}), "options"))
        state = game.state_from_situation(Reader(r.raw("situation", {}), "situation"), options)
        action = r.raw("action")
        r.done()
        names = game.calculator_names(state)
        ruling, after = step(game, names, state, action)
        view = game.view(after, names)
        return {"ok": True, "ruling": ruling.to_json(), "view": view}
    if op in ("trainer.question", "trainer.check"):
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
    if op == "match.new":
        game = _game(r)
        players = r.raw("players", None)
        if players is None:
            players = default_names(max(game.min_players, 2) if game.max_players >= 2 else 1)
        options = r.raw("options", {})
        want = _want(r)
        r.done()
        outcome["after"] = Match.new(game, players, options)
        return _match_response(outcome["after"], want, state=True)
    # operations on a stored state: the request is read whole before the state is loaded
    stored = r.raw("state")
    action = r.raw("action") if op == "match.play" else None
    want = _want(r) if op != "match.protocol" else None
    r.done()
    if op == "match.play" and loaded is None and isinstance(stored, dict):
        check_room(stored.get("actions"))
    match = outcome["before"] = outcome["after"] = loaded if loaded is not None else Match.from_json(stored, GAMES)
    if op == "match.protocol":
        return {"ok": True, "text": protocol(match)}
    if op == "match.view":
        return _match_response(match, want)
    if op == "match.play":
        match, ruling = match.play(action)
        if loaded is None:  # (a match found by its text is remembered by its text: statetext)
            match.remember()
    elif op == "match.undo":
        match, ruling = match.undo()
    else:
        match, ruling = match.redo()
    outcome["after"] = match
    return _match_response(match, want, ruling)


def _internal(exc: BaseException) -> dict:
    return {"ok": False, "error": {"code": "internal",
                                   "message": f"Внутренняя ошибка движка ({type(exc).__name__}). "
                                              "Ваши данные не изменены; сообщите об ошибке.",
                                   "field": None}}


def handle(request: Any, loaded: Match | None = None, outcome: dict | None = None) -> dict:
    """Answer one request; never raises. (``loaded``, ``outcome``: see _dispatch.)"""
    try:
        return _dispatch(request, loaded, outcome)
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


def _read_json(text: str):
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


def _answer_known(text: str, state_text: str, match: Match, at: int) -> dict | None:
    """Answer a request whose state is a text the engine holds (statetext),
    reading only the rest of it; None when it is not such a request."""
    zero, one = statetext.without_state(text, state_text, at)
    if too_deep(zero):
        return None
    try:
        request, check = _read_json(zero), _read_json(one)
    except (ValueError, TypeError, RecursionError):
        return None
    if not (isinstance(request, dict) and isinstance(check, dict) and request.get("op") in STORED_OPS
            and type(request.get("state")) is int and request["state"] == 0
            and type(check.get("state")) is int and check["state"] == 1):
        return None  # the text stood somewhere else than as the request's state
    outcome: dict = {}
    response = handle(request, loaded=match, outcome=outcome)
    _remember_texts(state_text, request, outcome, response)
    return response


def _remember_texts(state_text: str | None, request: dict, outcome: dict, response: dict) -> None:
    """Remember the text of the state just sent and of the one the page will send next."""
    if not response.get("ok") or "after" not in outcome:
        return
    if request["op"] == "match.new":
        statetext.TEXTS.put(statetext.compact(response["state"], sort_keys=True), outcome["after"])
        return
    if state_text is None:
        return
    statetext.TEXTS.put(state_text, outcome["before"])
    statetext.TEXTS.put(statetext.next_text(state_text, request["op"], outcome["before"], request.get("action")),
                        outcome["after"])


def clear_caches() -> None:
    """Forget every replayed match (as a fresh worker would)."""
    REPLAYS.clear()
    statetext.TEXTS.clear()


def handle_json(text: str) -> str:
    """JSON text in, JSON text out; never raises."""
    refusal = _text_refusal(text)
    if refusal:
        return to_json_text(_refusal(refusal))
    known = statetext.TEXTS.find(text)
    if known is not None:
        response = _answer_known(text, *known)
        if response is not None:
            return to_json_text(response)
    if too_deep(text):
        return to_json_text(_refusal(_DEEP))
    try:
        request = _read_json(text)
    except (ValueError, TypeError, RecursionError) as exc:
        return to_json_text(_refusal(_bad_json(exc)))
    outcome: dict = {}
    response = handle(request, outcome=outcome)
    if response.get("ok") and isinstance(request, dict) and request.get("op") in STORED_OPS + ("match.new",):
        state = request.get("state")
        _remember_texts(statetext.stated_text(text, state) if state is not None else None, request, outcome,
                        response)
    return to_json_text(response)
