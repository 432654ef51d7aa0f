"""The JSON text of a stored state the engine already holds, recognised
without reading it again.

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
"""

from __future__ import annotations

import json
from typing import Any

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
