"""Reading JSON-compatible input with Russian messages that name the bad field.

A :class:`Reader` wraps one JSON object; every accessor checks the type and the
range and raises :class:`~rules_pkg.errors.InputError` with the field's path
(``action.pocketed[1]``). :meth:`Reader.done` rejects unknown keys, so a typo in
a field name is reported instead of silently ignored.
"""

from __future__ import annotations

from typing import Any, Iterable

from .errors import InputError

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


def show(value: Any) -> str:
    if isinstance(value, str):
        return f"«{value}»"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


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
            names = ", ".join(show(k) for k in sorted(map(str, extra)))
            raise InputError(f"Неизвестное поле в {self.path or 'запросе'}: {names}.", self.sub(str(extra[0])))


def check_int(value: Any, path: str, *, min: int | None = None, max: int | None = None, what: str = "") -> int:
    if not is_int(value):
        raise InputError(f"Поле {path} должно быть целым числом, а получено: {type_name(value)} {show(value)}.", path)
    label = what or f"Поле {path}"
    if min is not None and value < min:
        raise InputError(f"{label}: {value} меньше допустимого ({min}).", path)
    if max is not None and value > max:
        raise InputError(f"{label}: {value} больше допустимого ({max}).", path)
    return value


def check_choice(value: Any, path: str, options: Iterable[Any], names: dict | None = None,
                 what: str = "значение") -> Any:
    opts = list(options)
    # JSON has no int/bool distinction problems for us except True == 1: reject bools.
    if isinstance(value, bool) or not isinstance(value, (int, str)) or value not in opts:
        allowed = ", ".join(show(o) for o in opts)
        raise InputError(f"Поле {path}: недопустимое значение {show(value)}; допустимо: {allowed}.", path)
    return value
