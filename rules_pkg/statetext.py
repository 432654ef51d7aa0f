"""The engine's JSON text entry (:func:`handle_json`, the worker's and the
command line's, through :mod:`rules_pkg.api`): the JSON text of a stored state
the engine already holds is recognised without reading it again, in front of
the plain path (:mod:`rules_pkg.plain`), which knows nothing of it.

The page sends the whole stored state with every request, as compact JSON
(``JSON.stringify``). For a match of thousands of actions, parsing that text,
guarding it and keying it costs more than the request itself. So, after each
request, the engine remembers the exact text of the state it was sent and
predicts the text of the state the page will send next (the page updates its
state the way the engine does: see ``ARCHITECTURE.md``), each with the replayed
match at that point. A request whose text contains one of those texts is
answered from it: only the rest of the request (``op``, ``action``, ``want``)
is guarded and parsed.

Why this is exact: a remembered text is the compact serialization of a state
the engine has validated, so it has one meaning. It is looked for right after
the request's first ``"state":`` (a memory comparison, no parsing). Whether it
is the value of the top-level ``state`` is checked by parsing the rest twice,
with ``0`` and with ``1`` in its place: the request's ``state`` must be that
number both times. Any text
that is not recognised takes the ordinary path (one replay at most, none when
the values are in :data:`rules_pkg.match.REPLAYS`).

Predictions are made for the layout the page keeps: keys sorted (as the
engine writes them), compact separators. Another layout is simply never
recognised.

One request, top to bottom: recognise its state's text (or guard and parse it
on the plain path), answer it (``plain.handle``), remember the state's text and
predict the next one, serialise.
"""

from __future__ import annotations

import gc
import json
from contextlib import contextmanager
from typing import Any

from . import plain
from .match import REPLAYS

MAX_TEXTS = 8
MAX_CHARS = 8_000_000  # remembered text in all, at most

_STATE_KEY = '"state":'
_HEAD = '{"actions":['
_AFTER_ACTIONS = '],"format":"'
_UNDONE = ',"undone":['


def compact(value: Any, *, sort_keys: bool = False) -> str:
    """The text ``JSON.stringify`` gives for an engine value."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys)


class TextCache:
    """Exact state texts -> the replayed match at that point; the most recent
    last. A short list, not a dict: a dict would hash texts of megabytes."""

    def __init__(self):
        self._entries: list[tuple[str, Any]] = []

    def put(self, text: str | None, match) -> None:
        if text is None or len(text) > MAX_CHARS:
            return
        self._entries = [(t, m) for t, m in self._entries if not (len(t) == len(text) and t == text)]
        self._entries.append((text, match))
        while len(self._entries) > MAX_TEXTS or sum(len(t) for t, _ in self._entries) > MAX_CHARS:
            self._entries.pop(0)

    def find(self, request_text: str):
        """(state text, its match, where it starts) when the request's first
        ``"state":`` is followed by a remembered text (the most recent first)."""
        key = request_text.find(_STATE_KEY)
        if key < 0:
            return None
        at = key + len(_STATE_KEY)
        for i in range(len(self._entries) - 1, -1, -1):
            text, match = self._entries[i]
            if request_text.startswith(text, at):
                self._entries.append(self._entries.pop(i))
                return text, match, at
        return None

    def clear(self) -> None:
        self._entries.clear()


TEXTS = TextCache()


def stated_text(request_text: str, state: Any) -> str | None:
    """The exact text of ``state`` in the request, when the request wrote it compactly."""
    if _HEAD[1:] not in request_text:  # '"actions":[' — a compact state has it
        return None
    text = compact(state)
    return text if text in request_text else None


def _parts(text: str):
    """(actions body, the middle, undone body) of a state text in the page's layout."""
    if not (text.startswith(_HEAD) and text.endswith("]}")):
        return None
    # Searched from the end (the actions are most of the text). Each marker has
    # unescaped quotes, so it is never inside a string; no validated action,
    # option or player holds it, so the last one is the state's own key.
    end = text.rfind(_AFTER_ACTIONS)
    undone = text.rfind(_UNDONE)
    if end < 0 or undone < end:
        return None
    return text[len(_HEAD):end], text[end:undone], text[undone + len(_UNDONE):-2]


def _join(actions: str, middle: str, undone: str) -> str:
    return "".join((_HEAD, actions, middle, _UNDONE, undone, "]}"))


def _push(body: str, item: str) -> str:
    return f"{body},{item}" if body else item


def _pop(body: str, item: str) -> str | None:
    if body == item:
        return ""
    if body.endswith("," + item):
        return body[:-len(item) - 1]
    return None


def next_text(text: str, op: str, before, action: Any = None) -> str | None:
    """The text of the state after ``op``, as the page will write it; None when
    ``text`` is not in the page's layout."""
    if op not in ("match.play", "match.undo", "match.redo"):
        return text
    parts = _parts(text)
    if parts is None:
        return None
    actions, middle, undone = parts
    if op == "match.play":
        return _join(_push(actions, compact(action)), middle, "")
    if op == "match.undo":
        last = compact(before.actions[-1])
        rest = _pop(actions, last)
        return None if rest is None else _join(rest, middle, _push(undone, last))
    last = compact(before.undone[-1])
    rest = _pop(undone, last)
    return None if rest is None else _join(_push(actions, last), middle, rest)


def without_state(request_text: str, state_text: str, at: int) -> tuple[str, str]:
    """The request with the state replaced by ``0`` and by ``1``."""
    head, tail = request_text[:at], request_text[at + len(state_text):]
    return f"{head}0{tail}", f"{head}1{tail}"


def _known_request(text: Any):
    """(request, state text, its match) when the request's state is a text the
    engine holds: only the rest of the request is guarded and parsed (with
    ``0`` and with ``1`` in the state's place); None otherwise."""
    if not isinstance(text, str) or len(text) > plain.MAX_TEXT:
        return None
    known = TEXTS.find(text)
    if known is None:
        return None
    state_text, match, at = known
    zero, one = without_state(text, state_text, at)
    request = plain.parse_guarded(zero)
    check = plain.parse_guarded(one) if isinstance(request, dict) else None
    if not (isinstance(check, dict) and request.get("op") in plain.STORED_OPS
            and type(request.get("state")) is int and request["state"] == 0
            and type(check.get("state")) is int and check["state"] == 1):
        return None  # the text stood somewhere else than as the request's state
    return request, state_text, match


def _remember(text: str, state_text: str | None, request: dict, outcome: dict, response: dict) -> None:
    """Remember the text of the state just sent and of the one the page will send next."""
    if not response.get("ok") or "after" not in outcome:
        return
    if request["op"] == "match.new":
        TEXTS.put(compact(response["state"], sort_keys=True), outcome["after"])
        return
    if state_text is None and request.get("state") is not None:
        state_text = stated_text(text, request["state"])
    if state_text is None:
        return
    TEXTS.put(state_text, outcome["before"])
    TEXTS.put(next_text(state_text, request["op"], outcome["before"], request.get("action")), outcome["after"])


@contextmanager
def collector_paused():
    """The cycle collector off while one request is read and answered. A parsed
    request is a tree of containers with no cycle; left on, the million empty
    arrays a hostile text may hold trigger a collection every 700 allocations,
    the oldest generation's walking the whole heap: seconds of CPU once the heap
    is big (a long session, a test run). Whatever cycle the answer leaves is
    found by the next collection after the request."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def handle_json(text: str) -> str:
    """JSON text in, JSON text out; never raises."""
    with collector_paused():
        return _answer(text)


def _answer(text: str) -> str:
    known = _known_request(text)
    if known is not None:
        request, state_text, loaded = known
    else:
        (request, refusal), state_text, loaded = plain.read_request(text), None, None
        if refusal:
            return plain.to_json_text(refusal)
    outcome: dict = {}
    response = plain.handle(request, loaded, outcome)
    _remember(text, state_text, request, outcome, response)
    return plain.to_json_text(response)


def clear_caches() -> None:
    """Forget every replayed match (as a fresh worker would)."""
    REPLAYS.clear()
    TEXTS.clear()
