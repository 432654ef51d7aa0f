"""The one JSON boundary of the engine.

:func:`handle` takes a JSON-compatible request (dicts, lists, str, int, bool,
None) and returns a JSON-compatible response; :func:`handle_json` does the same
on JSON text. The browser worker, the command line and the tests all come
through here. No exception escapes: malformed input gets ``{"ok": false,
"error": {...}}`` with a Russian message naming the field.
"""

from __future__ import annotations

import json
import re
from typing import Any

from . import trainer
from .protocol import protocol
from .core import Match, default_names
from .errors import InputError, RulesError
from .games import GAMES
from .reader import Reader, show

OPS = ("games", "describe", "ruling", "match.new", "match.play", "match.undo", "match.redo", "match.view",
       "match.protocol", "trainer.question", "trainer.check")


def _game(r: Reader):
    gid = r.raw("game")
    if not isinstance(gid, str) or gid not in GAMES:
        known = ", ".join(show(g) for g in GAMES)
        raise InputError(f"Неизвестная игра {show(gid)}; известны: {known}.", "game")
    return GAMES[gid]


def _match_response(match: Match, ruling=None) -> dict:
    out = {"ok": True, "state": match.to_json(), "view": match.view()}
    if ruling is not None:
        out["ruling"] = ruling.to_json()
    return out


def _dispatch(request: Any) -> dict:
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
        match = Match(game=game, players=names, options=options)
        ruling, after = match.step(state, action)
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
        match = Match.new(game, players, r.raw("options", {}))
        r.done()
        return _match_response(match)
    # operations on a stored state
    match = Match.from_json(r.raw("state"), GAMES)
    if op == "match.view":
        r.done()
        return _match_response(match)
    if op == "match.protocol":
        r.done()
        return {"ok": True, "text": protocol(match)}
    if op == "match.play":
        action = r.raw("action")
        r.done()
        match, ruling = match.play(action)
        return _match_response(match, ruling)
    r.done()
    match, ruling = match.undo() if op == "match.undo" else match.redo()
    return _match_response(match, ruling)


def handle(request: Any) -> dict:
    """Answer one request; never raises."""
    try:
        return _dispatch(request)
    except RulesError as exc:
        return {"ok": False, "error": exc.to_json()}
    except RecursionError:
        return {"ok": False, "error": {"code": "input", "message": "Запрос слишком глубоко вложен.", "field": None}}
    except Exception as exc:  # a bug: report it, never a traceback to the user
        return {"ok": False, "error": {"code": "internal",
                                       "message": f"Внутренняя ошибка движка ({type(exc).__name__}). "
                                                  "Ваши данные не изменены; сообщите об ошибке.",
                                       "field": None}}


MAX_TEXT = 4_000_000  # characters: a match of thousands of shots is far smaller
MAX_DEPTH = 40  # nesting of arrays and objects: real requests need fewer than 10
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON text (strings skipped).
    Checked before parsing: under Pyodide a deep enough nesting overflows the
    WebAssembly stack and kills the interpreter instead of raising."""
    depth = deepest = 0
    for ch in _NOT_BRACKETS.sub("", _STRINGS.sub('""', text)):
        depth += 1 if ch in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def handle_json(text: str) -> str:
    """JSON text in, JSON text out."""
    refusal = None
    if not isinstance(text, str):
        refusal = "Запрос должен быть строкой JSON."
    elif len(text) > MAX_TEXT:
        refusal = f"Запрос слишком длинный: больше {MAX_TEXT} символов."
    elif json_depth(text) > MAX_DEPTH:
        refusal = f"Запрос слишком глубоко вложен: больше {MAX_DEPTH} уровней массивов и объектов."
    if refusal:
        return json.dumps({"ok": False, "error": {"code": "input", "message": refusal, "field": None}},
                          ensure_ascii=False, sort_keys=True)
    try:
        request = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        response = {"ok": False, "error": {"code": "input",
                                           "message": f"Запрос — не корректный JSON: {exc}.", "field": None}}
    else:
        response = handle(request)
    return json.dumps(response, ensure_ascii=False, sort_keys=True)
