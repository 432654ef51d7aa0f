"""Which facts decide a scenario question's answer (a build check).

A scenario states some fields of the ``ruling`` request; every other field
takes its default. A default is a fact too («a ball reached a cushion», «this
is not the opening break»), and a student who is not told it may reason from
the other value. So, for every field of the game's declaration (options,
situation, the action's fields), :func:`decisive_fields` tries each of its
possible values (:func:`candidates`) with everything else as the scenario has
it, and asks the engine again. A field whose change changes the answer is
*decisive*:

- an unstated decisive field fails the build (:func:`check`), naming the
  question and the field, until the scenario states it — its value, or, for a
  field whose default is «not given» (``null``, which TOML cannot write), its
  name in ``absent``; the question's text must then agree;
- every decisive field is shown in the «Исходные данные» block, even at its
  default (:func:`given_lines`).

Values tried: a bool both ways; a choice every option (and «not given» when
optional); an int its bounds, the values next to them and next to the
scenario's value; a set or sequence the empty one and each single item. A
variation the engine refuses (an impossible position) is not a possible world
and is skipped; the scenario itself being refused is reported by
:func:`sitebuild.quiz.scenario.run`. A field shown only ``when`` another has
some value is tried only when that holds; a variation that makes such a field
required fills it with its first option.
"""

from __future__ import annotations

import copy
from typing import Any, Iterator, NamedTuple

from rules_pkg import describe

from . import scenario as sc
from .errors import QuizError

PARTS = ("options", "situation", "action")


class Field(NamedTuple):
    part: str  # "options" | "situation" | "action"
    spec: dict  # the declaration's field

    @property
    def name(self) -> str:
        return self.spec["name"]

    @property
    def path(self) -> str:
        return f"{self.part}.{self.name}"


class Change(NamedTuple):
    field: Field
    value: Any  # the value tried
    answer: Any  # what the engine answered then (or a PathError message)


def action_fields(decl: dict, action: dict) -> list[dict]:
    actions = decl.get("actions", [])
    kind = action.get("type", actions[0]["type"] if actions else None)
    spec = next((a for a in actions if a["type"] == kind), None)
    return spec.get("fields", []) if spec else []


def fields_of(decl: dict, request: dict) -> list[Field]:
    return ([Field("options", f) for f in decl.get("options", [])]
            + [Field("situation", f) for f in decl.get("situation", [])]
            + [Field("action", f) for f in action_fields(decl, request.get("action") or {})])


def current(field: Field, request: dict) -> Any:
    return (request.get(field.part) or {}).get(field.name, field.spec.get("default"))


def when_holds(field: Field, request: dict, fields: list[Field]) -> bool:
    for name, wanted in (field.spec.get("when") or {}).items():
        other = next((f for f in fields if f.part == field.part and f.name == name), None)
        value = current(other, request) if other else None
        allowed = wanted if isinstance(wanted, list) else [wanted]
        if not any(describe.same(value, w) for w in allowed):
            return False
    return True


def candidates(spec: dict, now: Any) -> list[Any]:
    """The values tried for a field (its current value excluded)."""
    kind = spec.get("kind")
    options = [o["id"] for o in spec.get("options", [])]
    if kind == "bool":
        values: list[Any] = [False, True]
    elif kind == "choice":
        values = options + ([None] if spec.get("optional") or spec.get("default") is None else [])
    elif kind == "int":
        lo, hi = spec.get("min", 0), spec.get("max")
        base = now if isinstance(now, int) and not isinstance(now, bool) else lo
        raw = [lo, lo + 1, base - 1, base + 1] + ([hi - 1, hi] if hi is not None else [base + 10, base + 100])
        values = sorted({v for v in raw if v >= lo and (hi is None or v <= hi)})
        if spec.get("optional") or spec.get("default") is None:
            values.append(None)
    elif kind in ("set", "sequence"):
        values = [[]] + [[o] for o in options]
    else:  # text and unknown kinds: no generic alternatives
        values = []
    return [v for v in values if not describe.is_default({**spec, "default": now}, v)
            and not (v is None and now is None)]


def with_value(request: dict, field: Field, value: Any, fields: list[Field]) -> dict:
    varied = copy.deepcopy(request)
    part = varied.setdefault(field.part, {})
    if value is None:
        part.pop(field.name, None)
    else:
        part[field.name] = value
    # A field that this value makes required (shown «when» it holds, no default) gets its first option.
    for other in fields:
        spec = other.spec
        if (other.part == field.part and spec.get("when") and field.name in spec["when"]
                and other.name not in part and spec.get("default") is None and not spec.get("optional")
                and spec.get("options") and when_holds(other, varied, fields)):
            part[other.name] = spec["options"][0]["id"]
    return varied


def answer_of(response: dict, ask: str, claim: tuple[bool, Any]) -> Any:
    has_claim, claim_value = claim
    try:
        value = sc.resolve(response, ask)
    except sc.PathError as exc:
        return f"нет значения ({exc.message})"
    return describe.same(value, claim_value) if has_claim else value


def decisive_fields(engine: sc.Engine, decl: dict, request: dict, ask: str,
                    claim: tuple[bool, Any], base: Any) -> Iterator[Change]:
    """For each decisive field, the first value that changed the answer."""
    fields = fields_of(decl, request)
    for field in fields:
        if not when_holds(field, request, fields):
            continue
        for value in candidates(field.spec, current(field, request)):
            response = engine.call(with_value(request, field, value, fields))
            if response.get("ok") is not True:
                continue  # an impossible variation: not a world the question could mean
            got = answer_of(response, ask, claim)
            if not describe.same(got, base):
                yield Change(field, value, got)
                break


def value_words(spec: dict, value: Any) -> str:
    return "нет" if value is None else describe.value_text(spec, value)


def stated(field: Field, request: dict, absent: tuple[str, ...]) -> bool:
    """Written in the scenario, listed in ``absent``, or always shown («always» fields)."""
    return (field.name in (request.get(field.part) or {}) or field.path in absent
            or bool(field.spec.get("always")))


def check(changes: list[Change], request: dict, absent: tuple[str, ...], base: Any,
          where: tuple[str, str]) -> None:
    """Fail on the first decisive field the scenario leaves unstated."""
    file, qid = where
    unstated = [c for c in changes if not stated(c.field, request, absent)]
    if not unstated:
        return
    c = unstated[0]
    spec = c.field.spec
    default = spec.get("default")
    how = (f"впишите в сценарий {c.field.name} = {sc.show(default)}" if default is not None
           else f"впишите \"{c.field.path}\" в список absent = [...] сценария («нет» — тоже факт)")
    others = ", ".join(x.field.path for x in unstated[1:])
    raise QuizError(
        file, qid, f"scenario.{c.field.path}",
        f"ответ зависит от поля «{spec['label']}», которого нет в сценарии: по умолчанию "
        f"«{value_words(spec, default)}» — ответ {sc.show(base)}, а при «{value_words(spec, c.value)}» — "
        f"{sc.show(c.answer)}." + (f" Так же не указаны решающие поля: {others}." if others else ""),
        f"{how} и скажите это в тексте вопроса (или поменяйте сценарий), чтобы ученик знал этот факт.")


def given_lines(decl: dict, request: dict, decisive: set[str], absent: tuple[str, ...]) -> list[str]:
    """«Исходные данные»: what differs from the defaults, plus every decisive
    field (``part.name``) at its default and every field stated ``absent``
    («не указано»), in the declaration's words and order."""
    shown = copy.deepcopy(decl)
    for f in fields_of(shown, request):  # the copy's field dicts: marking them marks ``shown``
        if f.path in decisive:
            f.spec["always"] = True
    lines = describe.describe_request(shown, request)
    labels = {f.path: f.spec["label"] for f in fields_of(decl, request)}
    return lines + [f"{labels[path]}: нет" for path in absent if path in labels]
