"""Russian text of a request, rendered from the game's own declaration.

Used wherever a situation must be shown to a person exactly as the engine saw
it: the тренажёр's questions, the quizzes' scenario questions, a match
protocol. Fields at their default value are left out.
"""

from __future__ import annotations

from typing import Any

from .core import Game


def _label(field: dict, value: Any) -> str:
    for option in field.get("options", ()):
        if option["id"] == value:
            return option["label"]
    return str(value)


def field_text(field: dict, value: Any) -> str | None:
    """«Label: value» or None when the value says nothing (default, empty)."""
    kind = field["kind"]
    if value is None or value == field.get("default") or value == []:
        return None
    if kind == "bool":
        text = "да" if value else "нет"
    elif kind == "choice":
        text = _label(field, value)
    elif kind == "set":
        text = ", ".join(_label(field, v) for v in value)
    elif kind == "sequence":
        text = ", затем ".join(_label(field, v) for v in value)
    else:
        text = str(value)
    return f"{field['label']}: {text}"


def _lines(fields: list[dict], values: dict) -> list[str]:
    out = []
    for field in fields:
        if field["name"] in values:
            text = field_text(field, values[field["name"]])
            if text:
                out.append(text)
    return out


def describe_situation(game: Game, situation: dict) -> list[str]:
    return _lines(game.situation_fields(), situation)


def describe_action(game: Game, action: dict) -> list[str]:
    kind = action.get("type", "shot")
    for declared in game.action_fields():
        if declared["type"] == kind:
            lines = _lines(declared["fields"], action)
            return lines or [f"{declared['label']}: ничего из перечисленного"]
    return []


def action_label(game: Game, action: dict) -> str:
    kind = action.get("type", "shot")
    for declared in game.action_fields():
        if declared["type"] == kind:
            return declared["label"]
    return kind
