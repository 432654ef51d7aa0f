"""Say why in one place: the collector every ruling's explanation is built with.

Each line of a ruling's explanation is added together with what it rests on
(clause, толкование or outside-fact ids) and the aspect of the ruling it decides
(:data:`rules_pkg.aspects.ASPECTS`). A clause declares which aspects it can decide
(``Clause.decides``); a property test over random play checks that every id a
ruling cites supports a line of that ruling of an aspect the clause declares,
and that the fact is really in the ruling (a foul line needs the foul, an
outcome line a finished match or an eliminated player). So a citation cannot
drift from the line it supports, and a clause that decided nothing is not cited.

The verdict is the most important event of the ruling (:data:`rules_pkg.aspects.VERDICTS`, most
important first); the summary names it first, and ``basis`` is the id that
decided it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .aspects import ASPECTS, VERDICTS
from .core import Foul, Game, Ruling



@dataclass(frozen=True)
class WhyLine:
    """One line: ``cites`` — the ids that decide its aspect; ``restates`` — ids whose
    content the line only repeats (a value, a prohibition) without deciding by them."""

    aspect: str
    text: str
    cites: tuple[str, ...] = ()
    restates: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"text": self.text, "cites": list(self.cites) + [i for i in self.restates if i not in self.cites],
                "restates": list(self.restates), "aspect": self.aspect}


class Why:
    """Collects the explanation, the fouls and the verdict of one ruling."""

    def __init__(self, game: "Game"):
        self.game = game
        self.lines: list[WhyLine] = []
        self.fouls: list["Foul"] = []
        self.verdict = "info"
        self.basis: str | None = None
        #: request fields whose stated value a толкование reads otherwise (see :meth:`reads`)
        self.overridden: list[str] = []

    def add(self, aspect: str, text: str, *cites: str, restates=()) -> "Why":
        """A line of explanation deciding ``aspect``, resting on ``cites`` and repeating
        what ``restates`` say (each is cited too)."""
        if aspect not in ASPECTS:
            raise AssertionError(f"unknown aspect {aspect!r}")
        self.lines.append(WhyLine(aspect, text, tuple(c for c in cites if c), tuple(c for c in restates if c)))
        return self

    def reads(self, field: str, text: str, *cites: str) -> "Why":
        """An info line: the request's ``field`` says one thing, ``cites`` (a толкование) read it
        otherwise. The тренажёр never states such a fact (its generators do not make one)."""
        self.overridden.append(field)
        return self.add("info", text, *cites)

    def note(self, text: str) -> "Why":
        """A statement of fact that rests on no rule."""
        return self.add("info", text)

    def foul(self, code: str, basis: str, text: str, *also: str, restates=()) -> "Foul":
        """A foul defined by ``basis`` — a clause, or a толкование where the text names no
        such foul (``also``: other ids it rests on). The foul keeps the clause and the
        first толкование apart (``Foul.clause``, ``Foul.tolkovanie``)."""
        t_ids = {t.id for t in self.game.tolkovaniya}
        ids = (basis, *also)
        clause = next((i for i in ids if i in self.game.clause_ids()), None)
        tolkovanie = next((i for i in ids if i in t_ids), None)
        foul = Foul(code, clause, text, tolkovanie)
        self.fouls.append(foul)
        self.add("foul", text, *ids, restates=restates)
        return foul

    def decide(self, verdict: str, basis: str | None) -> None:
        """Offer a main event; the most important one offered wins."""
        if VERDICTS.index(verdict) < VERDICTS.index(self.verdict) or self.basis is None and verdict == self.verdict:
            self.verdict, self.basis = verdict, basis

    def cited(self) -> list[str]:
        ids: list[str] = []
        for line in self.lines:
            ids += line.cites + line.restates
        if self.basis:
            ids.append(self.basis)
        return ids

    def texts(self) -> tuple[str, ...]:
        return tuple(line.text for line in self.lines)

    def split_citations(self) -> dict:
        """``clauses``, ``tolkovaniya`` and ``outside`` of the ruling, as the game orders them."""
        ordered = self.game.cite(self.cited())
        t_ids = {t.id for t in self.game.tolkovaniya}
        o_ids = {o.id for o in self.game.outside}
        return {"clauses": tuple(i for i in ordered if i not in t_ids and i not in o_ids),
                "tolkovaniya": tuple(i for i in ordered if i in t_ids),
                "outside": tuple(i for i in ordered if i in o_ids)}

    def ruling(self, **fields):
        """The frozen :class:`~rules_pkg.core.Ruling` with the collected lines,
        fouls, citations and verdict; ``fields`` give the rest (summary, scores…)."""
        return Ruling(lines=self.texts(), why=tuple(self.lines), fouls=tuple(self.fouls),
                      overridden=tuple(self.overridden),
                      verdict=self.verdict, basis=self.basis, **self.split_citations(), **fields)
