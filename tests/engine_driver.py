"""One driver for the game tests: the one-shot calculator and a match, both
through the JSON boundary, the way the browser uses them.

``Calc("kovboy").ruling(situation, **action)`` returns the ruling (and fails the
test if the engine refused); ``.error(...)`` returns the refusal (and fails if
the engine gave a ruling). ``Table("kovboy", ["Аня", "Борис"])`` plays a match,
keeping the stored state on the test's side exactly as the page does (the
responses may omit it: see ARCHITECTURE.md, "Match responses").
"""

from __future__ import annotations

from rules_pkg.api import handle
from rules_pkg.reader import PARTS
from rules_pkg.why import ASPECTS


def check_why(ruling: dict) -> None:
    """Every ruling the tests see has a verdict and cites only what its lines rest on."""
    assert ruling.get("verdict") in ("loss", "win", "decision", "foul", "points", "no_points", "info"), ruling
    for line in ruling.get("why", []):
        assert line["aspect"] in ASPECTS, line


class Calc:
    """The one-shot calculator of one game."""

    def __init__(self, game: str):
        self.game = game

    def request(self, situation=None, options=None, action=None) -> dict:
        req = {"op": "ruling", "game": self.game, "situation": situation or {}, "action": action or {}}
        if options is not None:
            req["options"] = options
        return handle(req)

    def ruling(self, situation=None, options=None, **action) -> dict:
        out = self.request(situation, options, action)
        assert out["ok"], out
        check_why(out["ruling"])
        return out["ruling"]

    def response(self, situation=None, options=None, **action) -> dict:
        out = self.request(situation, options, action)
        assert out["ok"], out
        return out

    def error(self, situation=None, options=None, code="input", **action) -> dict:
        out = self.request(situation, options, action)
        assert not out["ok"], out
        assert out["error"]["code"] == code, out
        return out["error"]

    def names_field(self, message: str, path: str) -> bool:
        """Whether a refusal names the field at ``path`` as the form does, by its label
        (never by its JSON name: that is in ``error.field``); a key the game does not
        declare is named as unknown."""
        name = path.rsplit(".", 1)[-1].split("[")[0]
        game = handle({"op": "describe", "game": self.game})["game"]
        fields = game["situation"] + game["options"] + [f for a in game["actions"] for f in a["fields"]]
        labels = [f["label"] for f in fields if f["name"] == name] + ([PARTS[name]] if name in PARTS else [])
        return message.startswith("Неизвестн") or any(f"«{label}»" in message for label in labels)


class Table:
    """A match of one game, driven through the API."""

    def __init__(self, game: str, players=("Аня", "Борис"), options=None):
        req = {"op": "match.new", "game": game, "players": list(players)}
        if options is not None:
            req["options"] = options
        out = handle(req)
        assert out["ok"], out
        self.game = game
        self.state, self.view = out["state"], out["view"]
        self.last: dict | None = None

    def _call(self, op: str, **extra) -> dict:
        return handle({"op": op, "state": self.state, **extra})

    def _take(self, out: dict, change) -> None:
        """Take a successful response: its state if it carries one, else the
        page's own update of the log (``change``), checked against ``log``."""
        if "state" in out:
            self.state = out["state"]
        else:
            self.state = change(self.state)
            log = out.get("log")
            if log is not None:
                assert (len(self.state["actions"]), len(self.state["undone"])) == (log["actions"], log["undone"])
        self.view = out["view"]
        if "ruling" in out:
            self.last = out["ruling"]
            check_why(self.last)

    def play(self, **action) -> dict:
        out = self._call("match.play", action=action)
        assert out["ok"], out
        self._take(out, lambda s: {**s, "actions": s["actions"] + [action], "undone": []})
        return self.last

    def refuse(self, code=None, **action) -> dict:
        out = self._call("match.play", action=action)
        assert not out["ok"], out
        if code is not None:
            assert out["error"]["code"] == code, out
        return out["error"]

    def undo(self) -> dict:
        out = self._call("match.undo")
        assert out["ok"], out
        self._take(out, lambda s: {**s, "actions": s["actions"][:-1], "undone": s["undone"] + s["actions"][-1:]})
        return self.last

    def redo(self) -> dict:
        out = self._call("match.redo")
        assert out["ok"], out
        self._take(out, lambda s: {**s, "actions": s["actions"] + s["undone"][-1:], "undone": s["undone"][:-1]})
        return self.last

    def scores(self) -> list:
        return [p["score"] for p in self.view["players"]]

    def protocol(self) -> str:
        out = self._call("match.protocol")
        assert out["ok"], out
        return out["text"]
