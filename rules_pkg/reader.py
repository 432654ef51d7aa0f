"""Reading JSON-compatible input with Russian messages that name the bad field.

A :class:`Reader` wraps one JSON object; every accessor checks the type and the
range and raises :class:`~rules_pkg.errors.InputError` with the field's path
(``action.pocketed[1]``). :meth:`Reader.done` rejects unknown keys, so a typo in
a field name is reported instead of silently ignored.
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


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Reader:
    def __init__(self, obj: Any, path: str):
        if not isinstance(obj, dict):
            raise InputError(f"Поле {path} должно быть объектом, а получено: {type_name(obj)}.", path)
        self.obj = obj
        self.path = path
        self.seen: set[str] = set()

    def sub(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self.seen.add(key)
        if key not in self.obj or self.obj[key] is None and default is not _MISSING:
            if default is _MISSING:
                raise InputError(f"Не хватает поля {self.sub(key)}.", self.sub(key))
            return default
        return self.obj[key]

    def has(self, key: str) -> bool:
        return key in self.obj and self.obj[key] is not None

    def int(self, key: str, *, min: int | None = None, max: int | None = None,
            default: Any = _MISSING, what: str = "") -> int:
        value = self.raw(key, default)
        return check_int(value, self.sub(key), min=min, max=max, what=what)

    def bool(self, key: str, default: Any = _MISSING) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise InputError(
                f"Поле {self.sub(key)} должно быть true или false, а получено: {type_name(value)} {show(value)}.",
                self.sub(key))
        return value

    def str(self, key: str, default: Any = _MISSING, *, max_len: int = 200) -> str:
        value = self.raw(key, default)
        if not isinstance(value, str):
            raise InputError(f"Поле {self.sub(key)} должно быть строкой, а получено: {type_name(value)}.", self.sub(key))
        if len(value) > max_len:
            raise InputError(f"Поле {self.sub(key)} длиннее {max_len} символов.", self.sub(key))
        return value

    def choice(self, key: str, options: Iterable[Any], default: Any = _MISSING,
               names: dict | None = None) -> Any:
        value = self.raw(key, default)
        return check_choice(value, self.sub(key), options, names)

    def optional_choice(self, key: str, options: Iterable[Any]) -> Any:
        """A choice that may be absent or null (returns None then)."""
        value = self.raw(key, None)
        return None if value is None else check_choice(value, self.sub(key), options)

    def items(self, key: str, options: Iterable[Any], *, default: Any = _MISSING,
              unique: bool = True, what: str = "значение", max_len: int | None = None) -> list:
        """A list whose items are drawn from ``options`` (ball numbers, pocket ids)."""
        value = self.raw(key, default)
        path = self.sub(key)
        if not isinstance(value, list):
            raise InputError(f"Поле {path} должно быть списком, а получено: {type_name(value)}.", path)
        if max_len is not None and len(value) > max_len:
            raise InputError(f"В поле {path} слишком много элементов: {len(value)}, допустимо не больше {max_len}.", path)
        out = []
        for i, item in enumerate(value):
            item = check_choice(item, f"{path}[{i}]", options, what=what)
            if unique and item in out:
                raise InputError(f"В поле {path} {what} {show(item)} указан дважды.", f"{path}[{i}]")
            out.append(item)
        return out

    def object(self, key: str, default: Any = _MISSING) -> "Reader":
        value = self.raw(key, default)
        return Reader(value, self.sub(key))

    def done(self) -> None:
        extra = [k for k in self.obj if k not in self.seen]
        if extra:
            names = ", ".join(show(k) for k in sorted(map(str, extra))[:SHOW_ITEMS])
            if len(extra) > SHOW_ITEMS:
                names += f" и ещё {len(extra) - SHOW_ITEMS}"
            raise InputError(f"Неизвестное поле в {self.path or 'запросе'}: {names}.", self.sub(short_key(extra[0])))


def short_key(key: Any) -> str:
    """A user's key as part of a field path: at most SHOW_CHARS characters, printable."""
    text = key if isinstance(key, str) else show(key)
    return _visible(text[:SHOW_CHARS]) + ("…" if len(text) > SHOW_CHARS else "")


def check_int(value: Any, path: str, *, min: int | None = None, max: int | None = None, what: str = "") -> int:
    if not is_int(value):
        raise InputError(f"Поле {path} должно быть целым числом, а получено: {type_name(value)} {show(value)}.", path)
    label = what or f"Поле {path}"
    if min is not None and value < min:
        raise InputError(f"{label}: {show(value)} меньше допустимого ({min}).", path)
    if max is not None and value > max:
        raise InputError(f"{label}: {show(value)} больше допустимого ({max}).", path)
    return value


def check_choice(value: Any, path: str, options: Iterable[Any], names: dict | None = None,
                 what: str = "значение") -> Any:
    opts = list(options)
    # JSON has no int/bool distinction problems for us except True == 1: reject bools.
    if isinstance(value, bool) or not isinstance(value, (int, str)) or value not in opts:
        allowed = ", ".join(show(o) for o in opts)
        raise InputError(f"Поле {path}: недопустимое значение {show(value)}; допустимо: {allowed}.", path)
    return value
