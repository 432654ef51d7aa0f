"""The quiz data model: frozen values made by :mod:`sitebuild.quiz.loader`.

Ids are stable ASCII strings; everything a learner reads is Russian text. A
question's ``answer`` is always filled in: for a scenario question it is the
value the rules engine computed at build time (see :mod:`.scenario`).

Answer shapes by type:

=========== ======================================================
``single``  the id of the one correct choice (``str``)
``multiple`` the ids of the correct choices, in choice order (``tuple[str, ...]``)
``truefalse`` ``bool``
``number``  ``int``
``ordering`` every choice id, in the correct order (``tuple[str, ...]``)
=========== ======================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

TYPES = ("single", "multiple", "truefalse", "number", "ordering")
CHOICE_TYPES = ("single", "multiple", "ordering")
TYPE_NAMES = {
    "single": "один верный вариант",
    "multiple": "несколько верных вариантов",
    "truefalse": "верно или неверно",
    "number": "число",
    "ordering": "расположить по порядку",
}
MIXED = "mixed"


@dataclass(frozen=True)
class Choice:
    id: str
    text: str
    feedback: str = ""
    # Scenario questions only: the engine value this choice stands for.
    value: Any = field(default=None, compare=False)
    has_value: bool = False


@dataclass(frozen=True)
class Ref:
    """A clause, толкование or outside fact a question rests on."""

    id: str
    game: str
    kind: str  # "clause" | "tolkovanie" | "outside"
    title: str


@dataclass(frozen=True, eq=False)
class Scenario:
    """A ``ruling`` request whose response decides the answer."""

    request: dict  # {"op": "ruling", "game", "situation", "action"[, "options"]}
    ask: str
    claim: Any = None
    has_claim: bool = False
    value: Any = None  # what ``ask`` found in the engine's response
    summary: str = ""  # the ruling's summary, shown with the explanation
    lines: tuple[str, ...] = ()  # «Исходные данные»: every fact the answer depends on (decisive.given_lines)
    decisive: tuple[str, ...] = ()  # the fields (``part.name``) whose change would change the answer
    absent: tuple[str, ...] = ()  # fields whose «not given» the question states


@dataclass(frozen=True, eq=False)
class Question:
    id: str
    type: str
    game: str
    text: str
    explanation: str
    refs: tuple[Ref, ...]
    answer: Any
    choices: tuple[Choice, ...] = ()
    shuffle: bool = True
    scenario: Scenario | None = None
    game_title: str = ""

    @property
    def clauses(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.refs)

    def choice(self, choice_id: str) -> Choice:
        for c in self.choices:
            if c.id == choice_id:
                return c
        raise KeyError(choice_id)

    def is_correct(self, choice_id: str) -> bool:
        if self.type == "single":
            return choice_id == self.answer
        if self.type == "multiple":
            return choice_id in self.answer
        raise ValueError(f"{self.type}: no per-choice correctness")


@dataclass(frozen=True, eq=False)
class Quiz:
    id: str
    title: str
    game: str  # a game id, or "mixed"
    questions: tuple[Question, ...]
    description: str = ""
    source: str = ""  # the file it was read from, for messages

    def question(self, question_id: str) -> Question:
        for q in self.questions:
            if q.id == question_id:
                return q
        raise KeyError(question_id)

    @property
    def games(self) -> tuple[str, ...]:
        seen: list[str] = []
        for q in self.questions:
            if q.game not in seen:
                seen.append(q.game)
        return tuple(seen)
