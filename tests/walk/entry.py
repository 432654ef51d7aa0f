"""Entering an engine action dict through the scorekeeper's screen, as a
player taps it: on the table drawing where the action is drawable by taps
(balls in order, a pocket per fallen ball, the miss), else in the form view
(«Формой»): chips, pickers, boxes and numbers. Every tap goes through
Walk.press (screen.py), which counts the scroll a tap needed and checks the
screen afterwards.

The form setters here set a field to a value whatever it holds now (the
helpers in tests/browser/tools_helpers.py toggle from a fresh form)."""

from __future__ import annotations

import json

from rules_pkg.games import GAMES

from tests.randplay import applies


def action_decl(game: str, action_type: str) -> dict:
    return next(a for a in GAMES[game].declaration()["actions"] if a["type"] == action_type)


def normal(game: str, action: dict) -> dict:
    """The action with every declared field that applies, at its default when
    left out; sets sorted (for comparing what was entered with what was meant)."""
    decl = action_decl(game, action.get("type", "shot"))
    out = {"type": decl["type"]}
    values = {f["name"]: action.get(f["name"], f.get("default")) for f in decl["fields"]}
    for f in decl["fields"]:
        if not applies(f, values):
            continue
        v = values[f["name"]]
        if f["kind"] == "set" and isinstance(v, list):
            v = sorted(v, key=json.dumps)
        if v is None or v == [] and f["kind"] == "set":
            continue
        out[f["name"]] = v
    return out


def asked(action: dict, view: dict) -> dict:
    """The action as the screen asks it: a field the view's ``field_when`` leaves out for the
    action's other values is left out («по часовой»: «ошибку заметили сразу» for the designated
    pocket); the engine reads its default, which decides nothing there (test_idle_fields.py)."""
    out = dict(action)
    for name, condition in (view.get("field_when") or {}).items():
        if name in out and any(out.get(other) not in values for other, values in condition.items()):
            del out[name]
    return out


def jv(v) -> str:
    return "'" + json.dumps(v, ensure_ascii=False) + "'"


class FormEntry:
    """The form view's fields of one scope (the action form or the calculator's form)."""

    def __init__(self, walk, scope, names: list[str] | None = None, scope_name: str | None = None):
        self.walk = walk
        self.scope = scope
        self.names = names or []
        self.only = f'[data-rb-scope="{scope_name}"]' if scope_name else ""

    def field(self, name: str):
        return self.scope.locator(f'[data-rb-field="{name}"]{self.only}:visible').first

    def set(self, f: dict, v) -> None:
        el = self.field(f["name"])
        if not el.count():
            return
        kind = f["kind"]
        handler = getattr(self, "set_" + kind, None)
        if handler:
            handler(el, f, v)

    def set_bool(self, el, f, v) -> None:
        radios = el.locator("input[type=radio]")
        if radios.count():
            return self.set_choice(el, f, v)
        box = el.locator("input[type=checkbox]")
        if box.is_checked() != bool(v):
            self.walk.press(el.locator("label").first, f"{f['name']}: {'да' if v else 'нет'}")

    def set_choice(self, el, f, v) -> None:
        select = el.locator("select")
        if select.count():
            if json.loads(select.input_value() or "null") != v:
                self.walk.pick(select, json.dumps(v), f"{f['name']} = {v}")
            return
        chip = el.locator(f"label.rb-chip:has(input[value={jv(v)}])")
        if not chip.count():
            if v is None:  # an optional choice left out: untick the chip that holds
                on = el.locator("label.rb-chip:has(input:checked)")
                if on.count() and el.locator("input[type=checkbox]").count():
                    self.walk.press(on.first, f"{f['name']}: снять")
            return
        if not chip.locator("input").is_checked():
            self.walk.press(chip, f"{f['name']} = {v}")

    def set_int(self, el, f, v) -> None:
        inp = el.locator("input")
        text = "" if v is None else str(v)
        if inp.input_value() != text:
            self.walk.type_in(inp, text, f"{f['name']} = {text or 'пусто'}")

    def set_player(self, el, f, v) -> None:
        chips = el.locator("[data-rb-player-chips] label.rb-chip")
        if chips.count() >= v:
            chip = chips.nth(v - 1)
            if not chip.locator("input").is_checked():
                self.walk.press(chip, f"{f['name']} = игрок {v}")
        else:
            self.set_int(el, f, v)

    def set_set(self, el, f, v) -> None:
        want = {json.dumps(x, ensure_ascii=False) for x in (v or [])}
        for chip in el.locator("label.rb-chip").all():
            inp = chip.locator("input")
            if inp.count() == 0 or not chip.is_visible():
                continue
            value = inp.get_attribute("value")
            if inp.is_checked() != (json.dumps(json.loads(value), ensure_ascii=False) in want):
                self.walk.press(chip, f"{f['name']}: {value}")

    def set_sequence(self, el, f, v) -> None:
        now = json.loads(el.get_attribute("data-rb-value") or "[]")
        if now == list(v or []):
            return
        if now:
            self.walk.press(el.locator("[data-rb-seq-clear]"), f"{f['name']}: очистить")
        for x in v or []:
            self.walk.press(el.locator(f"[data-rb-option={jv(x)}]"), f"{f['name']}: {x}")

    def fill(self, fields: list[dict], values: dict) -> None:
        """Fields in the declaration's order (a later one may appear only
        after an earlier one is set)."""
        for f in fields:
            self.set(f, values.get(f["name"], f.get("default")))


# ---- the table drawing ------------------------------------------------------

def drawable(table: dict, decl: dict, action: dict) -> list[tuple] | None:
    """The gestures on the drawing that enter `action`: ("ball", id) a tap,
    ("drag", id, pocket) a ball carried into a pocket, ("pocket", id),
    ("miss",) — or None where this walker does not draw it (it then uses the
    form view). Chip fields are set beside the drawing afterwards."""
    fields = {f["name"]: f for f in decl["fields"]}
    pockets = [p["id"] for p in table["pockets"]]
    todo = {}  # source -> value, for the drawn fields that are not at their default
    for name, spec in table["fields"].items():
        if name in table["chips"] or name not in fields:
            continue
        f = fields[name]
        v = action.get(name, f.get("default"))
        if v == f.get("default") or (v in (None, []) and f.get("default") in (None, [])):
            continue
        todo[spec.get("from")] = v
    for name, spec in table["fields"].items():  # a chip the drawing owns (an event) is drawn, not ticked
        if spec.get("from") == "events" and name in fields:
            owned = {json.dumps(v) for v in (spec.get("map") or {}).values()}
            if any(json.dumps(v) in owned for v in action.get(name) or []):
                return None
    taps: list[tuple] = []
    touched, dropped = todo.pop("touched", []), todo.pop("dropped", [])
    if not set(map(json.dumps, dropped)) <= set(map(json.dumps, touched)):
        return None
    for i, b in enumerate(touched):  # in the order of contact; a ball that fell is carried into a pocket
        taps.append(("drag", b, pockets[i % len(pockets)]) if b in dropped else ("ball", b))
    if "played" in todo and "played_pocket" in todo:
        value = todo.pop("played")
        ball = next((b["id"] for b in table["balls"] if b["id"] == value or b.get("value") == value), None)
        if ball is None:
            return None
        taps.append(("drag", ball, todo.pop("played_pocket")))
    if isinstance(todo.get("pocket"), str):
        taps.append(("pocket", todo.pop("pocket")))
    if isinstance(todo.get("pocket_count"), int):
        n = todo.pop("pocket_count")
        taps += [("pocket", pockets[i % len(pockets)]) for i in range(n)]
    if todo:
        return None
    miss = table.get("miss") or {}
    if not taps and miss:
        sets = miss.get("sets") or {}
        if all(action.get(k, fields[k].get("default")) == want for k, want in sets.items() if k in fields):
            mf = miss.get("field")
            if mf is None or action.get(mf, fields[mf].get("default")) in ([], None, False):
                taps.append(("miss",))
    return taps or None
