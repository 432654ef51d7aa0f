"""Russian text of a request, rendered from the game's own declaration.

Used wherever a situation must be shown to a person exactly as the engine saw
it: the тренажёр's questions (in the browser), the quizzes' scenario questions
(at build time), a match protocol. One line «label: value» per field that
differs from its default.
"""

from __future__ import annotations

import json
import re
from typing import Any

from . import ru


def same(a: Any, b: Any) -> bool:
    """JSON equality: ``true`` is not ``1``, lists compare item by item."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple, dict)) or isinstance(b, (list, tuple, dict)):
        return False
    return a == b


def value_text(field: dict, value: Any) -> str:
    """A field's value in words: option labels, «да»/«нет», numbers as they are."""
    options = field.get("options", [])

    def label(v: Any) -> str:
        return next((o["label"] for o in options if same(o["id"], v)), as_text(v))

    kind = field.get("kind")
    if kind == "bool" or isinstance(value, bool):
        return "да" if value else "нет"
    if kind in ("set", "sequence") and isinstance(value, list):
        if kind == "set":  # a set reads in the declaration's order; a sequence as given
            rank = [o["id"] for o in options]
            value = sorted(value, key=lambda v: next((i for i, o in enumerate(rank) if same(o, v)), len(rank)))
        return (", " if kind == "set" else " → ").join(label(v) for v in value) or "нет"
    if kind == "choice":
        return label(value)
    return as_text(value)


def as_text(value: Any) -> str:
    """A plain value in words, negative numbers with the minus sign «−» (ru.number), also in a
    text of numbers such as «1, 65, -31» (a hyphen before a digit, at the start or after a space,
    comma or bracket); anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool):
        return ru.number(value)
    return NEGATIVE_IN_TEXT.sub("\\1−", str(value))


NEGATIVE_IN_TEXT = re.compile(r"(^|[\s,;(])-(?=\d)")


def is_default(field: dict, value: Any) -> bool:
    if "default" not in field:
        return False
    default = field["default"]
    if field.get("kind") == "set" and isinstance(value, list) and isinstance(default, list):
        return sorted(map(json.dumps, value)) == sorted(map(json.dumps, default))
    return same(value, default)


def describe_fields(fields: list[dict], values: dict) -> list[str]:
    lines = []
    by_name = {f["name"]: f for f in fields}
    for f in fields:
        value = values.get(f["name"], f.get("default")) if f.get("always") else values.get(f["name"])
        if value is not None and (f.get("always") or not is_default(f, value)):
            lines.append(f"{f['label']}: {value_text(f, value)}")
    if not lines:  # nothing else said: the fields said alone, at their value or default
        lines = [f"{f['label']}: {value_text(f, v)}" for f in fields
                 if f.get("alone") and (v := values.get(f["name"], f.get("default"))) is not None]
    for name, value in values.items():  # not declared: shown raw (the engine rejects it anyway)
        if name not in by_name and name != "type" and value is not None:
            lines.append(f"{name}: {json.dumps(value, ensure_ascii=False)}")
    return lines


def describe_action(declaration: dict, action: dict) -> list[str]:
    actions = declaration.get("actions", [])
    kind = action.get("type", actions[0]["type"] if actions else None)
    spec = next((a for a in actions if a["type"] == kind), None)
    if spec is None:
        return describe_fields([], action)
    lines = [f"Действие: {spec['label']}"] if actions and kind != actions[0]["type"] else []
    lines += describe_fields(spec.get("fields", []), action)
    return lines or [f"{spec['label']}: всё как по умолчанию в форме"]


def describe_request(declaration: dict, request: dict) -> list[str]:
    """Options, situation and action of a ``ruling`` request, in words."""
    lines: list[str] = []
    lines += describe_fields(declaration.get("options", []), request.get("options") or {})
    lines += describe_fields(declaration.get("situation", []), request.get("situation") or {})
    return lines + describe_action(declaration, request.get("action") or {})
