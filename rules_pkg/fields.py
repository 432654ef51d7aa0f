"""Every field of a situation, an option or an action, declared once.

A field is a small typed object (:class:`Int`, :class:`Bool`, :class:`Choice`,
:class:`Set`, :class:`Sequence`, :class:`Player`, :class:`Text`) with its bounds,
default, ``when`` condition and Russian label. The same object

* describes itself to the browser (:meth:`Field.to_json`, the ``describe`` JSON
  the forms and the table drawing are built from),
* reads and validates a request (:func:`read_fields`, including ``when``), and
* gives the Russian wording of a value (``rules_pkg.describe``).

Nothing about a field lives twice. A declared default is checked by the field's
own validation when the field is constructed, so a field whose default the
engine would refuse cannot exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

from .describe import same, value_text
from .errors import InputError
from .reader import Reader, check_bool, check_choice, check_int, check_items, check_text, missing, show

#: The default of a field that must be given.
REQUIRED = object()
#: The tools whose forms show the fields (``help_tool``).
TOOLS = ("calculator", "scorekeeper")


@dataclass(frozen=True, kw_only=True)
class Field:
    """Common part of every field. ``when`` maps other fields' names to the value
    (or list of values) they must have for this field to apply; a field that does
    not apply must be absent (or null). ``optional``: null is allowed and means
    "not known". ``always``: the Russian description shows it even at its default;
    ``alone``: it shows it when it says nothing else (a «Кайза» shot whose only fact is that the
    cue ball touched a ball: «Биток коснулся хотя бы одного шара: да», not an empty line).
    ``none_label``: what null means in words, where it means that nothing of the kind
    happened («шар в лузу не упал»); the тренажёр states it so when it decides the answer.
    ``help_tool``: the one tool whose form shows ``help`` («calculator»), for a hint
    that only concerns it (the calculator's «Игрок» and «Соперник»); empty: every form.
    ``lead``: a situation's figure a dispute starts from (the shooter's score): the
    calculator asks it first, above the shot, where the rest of the situation is folded
    below it (a newcomer swiped 402 px to the score and back to the drawing)."""

    name: str
    label: str
    help: str = ""
    default: Any = REQUIRED
    optional: bool = False
    when: dict | None = None
    always: bool = False
    alone: bool = False
    none_label: str = ""
    help_tool: str = ""
    lead: bool = False
    kind: ClassVar[str] = "?"

    def __post_init__(self) -> None:
        if self.help_tool and (self.help_tool not in TOOLS or not self.help):
            raise AssertionError(f"field {self.name}: help_tool {self.help_tool!r} needs a help and one of {TOOLS}")
        if self.default is not REQUIRED and not (self.default is None and self.optional):
            try:
                self.check(self.default, self.name)
            except InputError as exc:  # a declaration bug, found at import time
                raise AssertionError(f"field {self.name}: default {self.default!r} refused: {exc.message}")

    # ---- description -------------------------------------------------------
    def to_json(self) -> dict:
        out: dict = {"name": self.name, "kind": self.kind, "label": self.label}
        if self.help:
            out["help"] = self.help
        if self.help_tool:
            out["help_tool"] = self.help_tool
        if self.default is not REQUIRED:
            out["default"] = self._json_value(self.default)
        if self.optional:
            out["optional"] = True
        if self.when:
            out["when"] = dict(self.when)
        if self.always:
            out["always"] = True
        if self.alone:
            out["alone"] = True
        if self.none_label:
            out["none_label"] = self.none_label
        if self.lead:
            out["lead"] = True
        out.update(self.extra_json())
        return out

    def extra_json(self) -> dict:
        return {}

    def _json_value(self, value: Any) -> Any:
        return list(value) if isinstance(value, tuple) else value

    # ---- reading -------------------------------------------------------------
    def check(self, value: Any, path: str) -> Any:
        """Validate one given value (never null); return it normalised."""
        raise NotImplementedError

    def applies(self, values: dict) -> bool:
        """Whether ``when`` holds for the values read so far."""
        if not self.when:
            return True
        for other, expected in self.when.items():
            allowed = expected if isinstance(expected, list) else [expected]
            if not any(same(values.get(other), a) for a in allowed):
                return False
        return True

    def read(self, r: Reader, values: dict, fields: dict) -> Any:
        path = r.sub(self.name)
        given = r.has(self.name)
        r.seen.add(self.name)
        if not self.applies(values):
            if given and not same(r.obj[self.name], self.default):
                raise InputError(f"Поле «{self.label}» указывается, только если "
                                 f"{when_text(self.when, fields)}.", path)
            return None if self.default is REQUIRED else self.default
        if not given:
            if self.default is REQUIRED:
                raise missing(self.label, path)
            return self.default
        return self.check(r.obj[self.name], path)


def when_text(when: dict, fields: dict) -> str:
    """«„Биток после удара“ — „упал в лузу“» for a ``when`` condition."""
    parts = []
    for other, expected in when.items():
        f = fields.get(other)
        label = f.label if f is not None else other
        allowed = expected if isinstance(expected, list) else [expected]
        words = [value_text(f.to_json(), a) if f is not None else show(a) for a in allowed]
        parts.append(f"«{label}» — {' или '.join(f'«{w}»' for w in words)}")
    return " и ".join(parts)


@dataclass(frozen=True, kw_only=True)
class Int(Field):
    min: int | None = None
    max: int | None = None
    kind: ClassVar[str] = "int"

    def extra_json(self) -> dict:
        return {"min": self.min, "max": self.max}

    def check(self, value: Any, path: str) -> int:
        return check_int(value, path, self.label, min=self.min, max=self.max)



@dataclass(frozen=True, kw_only=True)
class Player(Int):
    """A player, numbered from 1 as people count (``max`` is the number of players,
    known only from the request: see :func:`read_fields`' ``players``)."""

    min: int | None = 1
    kind: ClassVar[str] = "player"


@dataclass(frozen=True, kw_only=True)
class Bool(Field):
    kind: ClassVar[str] = "bool"

    def check(self, value: Any, path: str) -> bool:
        return check_bool(value, path, self.label)



@dataclass(frozen=True, kw_only=True)
class Choice(Field):
    """One of ``options``: ``(id, label)`` pairs; ids are str or int."""

    options: tuple[tuple[Any, str], ...] = ()
    kind: ClassVar[str] = "choice"

    def ids(self) -> list:
        return [i for i, _ in self.options]

    def extra_json(self) -> dict:
        return {"options": [{"id": i, "label": label} for i, label in self.options]}

    def check(self, value: Any, path: str) -> Any:
        return check_choice(value, path, self.label, self.ids(), dict(self.options))



@dataclass(frozen=True, kw_only=True)
class Set(Choice):
    """Several distinct ``options``, order irrelevant (kept in the declaration's order)."""

    what: str = "значение"
    max_items: int | None = None
    kind: ClassVar[str] = "set"

    def check(self, value: Any, path: str) -> tuple:
        items = self._items(value, path)
        order = self.ids()
        return tuple(sorted(items, key=order.index))

    def _items(self, value: Any, path: str) -> list:
        return check_items(value, path, self.label, self.ids(), names=dict(self.options),
                           what=self.what, max_len=self.max_items)



@dataclass(frozen=True, kw_only=True)
class Sequence(Set):
    """Several distinct ``options`` in the order they happened."""

    kind: ClassVar[str] = "sequence"

    def check(self, value: Any, path: str) -> tuple:
        return tuple(self._items(value, path))



@dataclass(frozen=True, kw_only=True)
class Text(Field):
    max_len: int = 200
    kind: ClassVar[str] = "text"

    def check(self, value: Any, path: str) -> str:
        return check_text(value, path, self.label, self.max_len)



def read_fields(r: Reader, fields: Iterable[Field], *, players: int | None = None,
                done: bool = True) -> dict:
    """Read every declared field of ``r`` in declaration order (so ``when`` can
    look at fields read before), reject unknown keys, return ``{name: value}``.
    ``players``: the number of players, the upper bound of :class:`Player` fields."""
    fields = list(fields)
    by_name = {f.name: f for f in fields}
    values: dict = {}
    for f in fields:
        if isinstance(f, Player) and players is not None:
            f = _with_max(f, players)
        values[f.name] = f.read(r, values, by_name)
    if done:
        r.done()
    return values


def _with_max(f: Player, players: int) -> Player:
    from dataclasses import replace
    return replace(f, max=players) if f.max != players else f


@dataclass(frozen=True)
class ActionSpec:
    """One kind of action (``type``) and its fields."""

    type: str
    label: str
    fields: tuple[Field, ...]

    def to_json(self) -> dict:
        return {"type": self.type, "label": self.label, "fields": [f.to_json() for f in self.fields]}
