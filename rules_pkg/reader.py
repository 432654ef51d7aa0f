"""Reading JSON-compatible input with Russian messages that name the bad field.

A :class:`Reader` wraps one JSON object; every accessor checks the type and the
range and raises :class:`~rules_pkg.errors.InputError`. The message names the
field as a person knows it: a game's field by its declared label
(:mod:`rules_pkg.fields`), a part of the request by :data:`PARTS`; the field's
path (``action.pocketed[1]``) goes only to ``error.field``, for programs, never
into the message. :meth:`Reader.done` rejects unknown keys, so a typo in a field
name is reported instead of silently ignored. The ``check_*`` functions and the
refusal makers below are the one wording of each kind of refusal.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from .errors import InputError
from .ru import plural

_MISSING = object()


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "логическое значение"
    if isinstance(value, int):
        return "целое число"
    if isinstance(value, float):
        return "дробное число"
    if isinstance(value, str):
        return "строка"
    if isinstance(value, (list, tuple)):
        return "список"
    if isinstance(value, dict):
        return "объект"
    return type(value).__name__


SHOW_CHARS = 40  # a refusal quotes at most this much of a bad value
SHOW_ITEMS = 5  # and at most this many items of a list or an object
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def has_lone_surrogate(text: str) -> bool:
    """A lone UTF-16 surrogate (only an escape like "\\ud800" in JSON makes one):
    it cannot be written as UTF-8, so it is never echoed raw."""
    return _LONE_SURROGATE.search(text) is not None


def escape_lone_surrogates(text: str) -> str:
    """Each lone surrogate as the six characters of its JSON escape."""
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _visible(text: str) -> str:
    """Control characters and lone surrogates as \\uXXXX escapes."""
    return "".join(ch if ch.isprintable() and not "\ud800" <= ch <= "\udfff" else f"\\u{ord(ch):04x}"
                   for ch in text)


def show(value: Any, depth: int = 0) -> str:
    """A user's value quoted in a message: short (at most SHOW_CHARS characters of
    a string, then «…»; the first items of a list), printable, and cheap for any
    size (a huge integer is not converted to decimal)."""
    if isinstance(value, str):
        return f"«{_visible(value[:SHOW_CHARS])}{'…' if len(value) > SHOW_CHARS else ''}»"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 4 * SHOW_CHARS:  # more digits than a message should hold
            digits = int(value.bit_length() * 0.30103) + 1  # from the bit length: no decimal conversion
            return f"{'отрицательное ' if value < 0 else ''}число примерно из {digits} {plural(digits, 'цифры', 'цифр', 'цифр')}"
        return str(value)
    if isinstance(value, float):
        return {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}.get(repr(value), repr(value))
    if value is None:
        return "null"
    if isinstance(value, (list, tuple, dict)):
        items = list(value.items())[:SHOW_ITEMS] if isinstance(value, dict) else value[:SHOW_ITEMS]
        if depth >= 2:
            parts = ["…"] if value else []
        elif isinstance(value, dict):
            parts = [f"{show(k, depth + 1)}: {show(v, depth + 1)}" for k, v in items]
        else:
            parts = [show(v, depth + 1) for v in items]
        if len(value) > SHOW_ITEMS:
            parts.append("…")
        inner = ", ".join(parts)
        return f"{{{inner}}}" if isinstance(value, dict) else f"[{inner}]"
    return type(value).__name__


#: The request's own parts (a game's fields carry their labels): what a message calls them.
PARTS = {
    "": "Запрос", "op": "Операция", "game": "Игра", "situation": "Положение на столе",
    "action": "Действие", "type": "Вид действия", "options": "Условия партии", "players": "Игроки",
    "state": "Сохранённая партия", "format": "Формат записи", "actions": "Сыгранные удары",
    "undone": "Отменённые удары", "want": "Что прислать в ответ", "history": "История ударов",
    "last": "Сколько последних ударов", "from": "Начало истории", "to": "Конец истории",
    "seed": "Номер вопроса", "answer": "Ответ",
}


def part_name(path: str) -> str:
    """What a message calls the part of the request at ``path`` («state.options» → «Условия партии»)."""
    return PARTS[re.sub(r"\[\d+\]$", "", path).rsplit(".", 1)[-1]]


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Reader:
    """One JSON object of a request: ``path`` is its machine-readable place (kept in
    ``error.field``), ``name`` what a message calls it (:data:`PARTS`)."""

    def __init__(self, obj: Any, path: str, name: str | None = None):
        self.name = name or part_name(path)
        if not isinstance(obj, dict):
            raise wrong_type(self.name, path, "объектом", obj)
        self.obj = obj
        self.path = path
        self.seen: set[str] = set()

    def sub(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self.seen.add(key)
        if key not in self.obj or self.obj[key] is None and default is not _MISSING:
            if default is _MISSING:
                raise missing(PARTS[key], self.sub(key))
            return default
        return self.obj[key]

    def has(self, key: str) -> bool:
        return key in self.obj and self.obj[key] is not None

    def int(self, key: str, *, min: int | None = None, max: int | None = None,
            default: Any = _MISSING, label: str = "") -> int:
        value = self.raw(key, default)
        return check_int(value, self.sub(key), label or PARTS[key], min=min, max=max)

    def bool(self, key: str, default: Any = _MISSING) -> bool:
        return check_bool(self.raw(key, default), self.sub(key), PARTS[key])

    def choice(self, key: str, options: Iterable[Any], default: Any = _MISSING,
               names: dict | None = None) -> Any:
        value = self.raw(key, default)
        return check_choice(value, self.sub(key), PARTS[key], options, names)

    def object(self, key: str, default: Any = _MISSING) -> "Reader":
        value = self.raw(key, default)
        return Reader(value, self.sub(key), PARTS[key])

    def done(self) -> None:
        extra = [k for k in self.obj if k not in self.seen]
        if extra:
            what = ("Неизвестное поле в разделе «{}»: правила такого поля не знают" if len(extra) == 1
                    else f"Неизвестные поля ({len(extra)}) в разделе «{{}}»: правила таких полей не знают")
            raise InputError(what.format(self.name) + ".", self.sub(short_key(extra[0])))


# ---- the one wording of each kind of refusal (reader and declared fields alike) ----

def missing(label: str, path: str) -> InputError:
    return InputError(f"Заполните поле «{label}»: без него решения нет.", path)


def _got(value: Any) -> str:
    """«целое число 5», «строка», «список»: what was given instead (a number is quoted,
    other values are not: see :func:`check_choice`)."""
    if value is None:
        return "пустое значение"
    if isinstance(value, (int, float)):
        return f"{type_name(value)} {show(value)}"
    return type_name(value)


def place(label: str, item: int | None = None) -> str:
    """«Нарушения» or «Нарушения», элемент № 3: a field, or one item of a list field."""
    return f"«{label}»" if item is None else f"«{label}», элемент № {item + 1}"


def wrong_type(label: str, path: str, expected: str, value: Any, item: int | None = None) -> InputError:
    return InputError(f"Поле {place(label, item)} должно быть {expected}, а получено: {_got(value)}.", path)


def too_long(label: str, path: str, max_len: int) -> InputError:
    return InputError(f"Поле «{label}» длиннее {max_len} {plural(max_len, 'символа', 'символов', 'символов')}.", path)


def too_many(label: str, path: str, count: int, limit: int) -> InputError:
    return InputError(f"В поле «{label}» слишком много элементов: {count}, допустимо не больше {limit}.", path)


def twice(label: str, path: str, what: str, item: Any, names: dict | None = None) -> InputError:
    return InputError(f"В поле «{label}» {what} {option_text(item, names)} указан дважды.", path)


def option_text(option: Any, names: dict | None) -> str:
    """An option as the form shows it: its label, never its id."""
    return f"«{names[option]}»" if names and option in names else show(option)


def short_key(key: Any) -> str:
    """A user's key as part of a field path: at most SHOW_CHARS characters, printable."""
    text = key if isinstance(key, str) else show(key)
    return _visible(text[:SHOW_CHARS]) + ("…" if len(text) > SHOW_CHARS else "")


def check_int(value: Any, path: str, label: str, *, min: int | None = None, max: int | None = None,
              item: int | None = None) -> int:
    if not is_int(value):
        raise wrong_type(label, path, "целым числом", value, item)
    if min is not None and value < min:
        raise InputError(f"{place(label, item)}: {show(value)} меньше допустимого ({min}).", path)
    if max is not None and value > max:
        raise InputError(f"{place(label, item)}: {show(value)} больше допустимого ({max}).", path)
    return value


def check_bool(value: Any, path: str, label: str) -> bool:
    if not isinstance(value, bool):
        raise wrong_type(label, path, "«да» или «нет» (true или false)", value)
    return value


def check_text(value: Any, path: str, label: str, max_len: int) -> str:
    if not isinstance(value, str):
        raise wrong_type(label, path, "строкой", value)
    if len(value) > max_len:
        raise too_long(label, path, max_len)
    return value


def check_choice(value: Any, path: str, label: str, options: Iterable[Any], names: dict | None = None,
                 item: int | None = None) -> Any:
    """One of ``options``; the refusal lists them by ``names`` (their labels), never by id.
    A bad number is quoted (a ball «2»); any other bad value is not (a form offers only
    the options, so a bad id comes from a damaged link or record, and means nothing to a person)."""
    opts = list(options)
    # JSON has no int/bool distinction problems for us except True == 1: reject bools.
    if isinstance(value, bool) or not isinstance(value, (int, str)) or value not in opts:
        allowed = ", ".join(option_text(o, names) for o in opts)
        given = f"недопустимое значение {show(value)}" if is_int(value) else "недопустимое значение"
        raise InputError(f"Поле {place(label, item)}: {given}; допустимые значения — {allowed}.", path)
    return value


def check_items(value: Any, path: str, label: str, options: Iterable[Any], *, names: dict | None = None,
                what: str = "значение", max_len: int | None = None) -> list:
    """A list of distinct items drawn from ``options`` (ball numbers, pocket ids)."""
    if not isinstance(value, (list, tuple)):
        raise wrong_type(label, path, "списком", value)
    opts = list(options)
    limit = len(opts) if max_len is None else max_len
    if len(value) > limit:
        raise too_many(label, path, len(value), limit)
    out: list = []
    for i, item in enumerate(value):
        item = check_choice(item, f"{path}[{i}]", label, opts, names, item=i)
        if item in out:
            raise twice(label, f"{path}[{i}]", what, item, names)
        out.append(item)
    return out
