"""The common protocol every game module follows.

A game is a :class:`Game` subclass that declares its clauses, толкования and
outside facts as data, the fields its actions and situations contain, and one
pure function :meth:`Game.apply` that maps a state and an action to a
:class:`Ruling` and a new state. A match is the log of actions; its state is
derived by replaying the log (:mod:`rules_pkg.match`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from . import drawing
from .aspects import ASPECTS
from .errors import InputError, SavedStateError, StateError
from .fields import ActionSpec, Field, read_fields
from .reader import Reader

STATE_FORMAT = "rules_pkg.match/1"
MAX_PLAYERS_HARD = 50
MAX_ACTIONS = 5000

IMPLEMENTED = "implemented"
NOT_COMPUTABLE = "not_computable"
LOST = "lost"
STATUS_NAMES = {
    IMPLEMENTED: "учтено в расчёте",
    NOT_COMPUTABLE: "не вычисляется",
    LOST: "текст утрачен",
}


@dataclass(frozen=True)
class Clause:
    """One rule statement a ruling can cite; ``id`` is also the page anchor."""

    id: str
    title: str
    status: str = IMPLEMENTED
    note: str = ""
    #: the aspects of a ruling this clause can decide (``rules_pkg.aspects.ASPECTS``)
    decides: frozenset = frozenset()

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "status": self.status,
                "status_name": STATUS_NAMES[self.status], "note": self.note,
                "decides": sorted(self.decides)}


@dataclass(frozen=True)
class Tolkovanie:
    """A decision the source text does not make, with its reasoning."""

    id: str
    title: str
    text: str
    clauses: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "text": self.text, "clauses": list(self.clauses)}


@dataclass(frozen=True)
class OutsideFact:
    """A fact taken from outside the seed text, labelled with its source."""

    id: str
    title: str
    text: str
    source: str

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "text": self.text, "source": self.source}


def citation_makers(game_id: str):
    """Short constructors for a game module's tables: ``C("rule-4", title)``
    makes the Clause ``<game_id>-rule-4``; ``T("name", title, text, ("rule-4",))``
    the Tolkovanie ``<game_id>-t-name`` relating to ``<game_id>-rule-4``."""

    def C(id: str, title: str, status: str = IMPLEMENTED, note: str = "", decides=()) -> Clause:
        """``decides``: the aspects of a ruling the clause can decide, e.g. ("score", "turn")."""
        unknown = set(decides) - set(ASPECTS)
        if unknown:
            raise AssertionError(f"{game_id}-{id}: unknown aspects {sorted(unknown)}")
        return Clause(id=f"{game_id}-{id}", title=title, status=status, note=note,
                      decides=frozenset(decides))

    def T(id: str, title: str, text: str, clauses=()) -> Tolkovanie:
        return Tolkovanie(id=f"{game_id}-t-{id}", title=title, text=text,
                          clauses=tuple(f"{game_id}-{c}" for c in clauses))

    return C, T


@dataclass(frozen=True)
class Foul:
    """A foul: ``clause`` — the clause of the text that defines it (None when only a
    толкование does); ``tolkovanie`` — the толкование it rests on, if any."""

    code: str
    clause: str | None
    text: str
    tolkovanie: str | None = None

    @property
    def basis(self) -> str:
        """The id that defines the foul: its clause, else its толкование."""
        return self.clause or self.tolkovanie

    def to_json(self) -> dict:
        return {"code": self.code, "clause": self.clause, "tolkovanie": self.tolkovanie, "text": self.text}


@dataclass(frozen=True)
class Ruling:
    """The frozen record of what one action did."""

    kind: str
    player: int | None
    summary: str
    lines: tuple[str, ...] = ()
    points: int = 0
    fouls: tuple[Foul, ...] = ()
    scores: tuple[int, ...] = ()
    next_player: int | None = None
    turn_continues: bool = False
    finished: bool = False
    winner: int | None = None
    clauses: tuple[str, ...] = ()
    tolkovaniya: tuple[str, ...] = ()
    outside: tuple[str, ...] = ()
    decision: dict | None = None
    extra: dict = field(default_factory=dict)
    #: the most important event (``rules_pkg.aspects.VERDICTS``) and the id that decided it
    verdict: str = "info"
    basis: str | None = None
    #: the explanation lines with what each rests on (``lines`` are their texts)
    why: tuple = ()
    #: request fields a толкование read otherwise than stated (``Why.reads``; not in the JSON)
    overridden: tuple = ()

    @property
    def foul(self) -> bool:
        return bool(self.fouls)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "player": self.player,
            "summary": self.summary,
            "lines": list(self.lines),
            "points": self.points,
            "foul": self.foul,
            "fouls": [f.to_json() for f in self.fouls],
            "scores": list(self.scores),
            "next_player": self.next_player,
            "turn_continues": self.turn_continues,
            "finished": self.finished,
            "winner": self.winner,
            "clauses": list(self.clauses),
            "tolkovaniya": list(self.tolkovaniya),
            "outside": list(self.outside),
            "decision": self.decision,
            "extra": self.extra,
            "verdict": self.verdict,
            "basis": self.basis,
            "why": [w.to_json() for w in self.why] if self.why else
                   [{"text": t, "cites": [], "aspect": "info"} for t in self.lines],
        }


def unique(items) -> tuple:
    """Keep the first occurrence of each item, in order."""
    seen: list = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return tuple(seen)


class Game:
    """Base class of a game module. Subclasses set the class attributes and
    implement :meth:`initial_state`, :meth:`apply`, :meth:`view_extra`,
    :meth:`state_from_situation` and :meth:`read_action`."""

    id: ClassVar[str]
    title: ClassVar[str]
    seed: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    tools: ClassVar[tuple[str, ...]] = ("calculator", "scorekeeper")
    # What a player's "score" is: Russian forms for 1 / 2 / 5, None when the text
    # defines no score at all; and whether fewer is better (strokes).
    score_forms: ClassVar[tuple[str, str, str] | None] = ("очко", "очка", "очков")
    lower_wins: ClassVar[bool] = False
    # A sentence under the board's cards, for what they do not show and the text does not define
    # («по часовой»: who strikes after the first shot); "" for none.
    board_note: ClassVar[str] = ""
    # which aspects of a ruling the тренажёр may ask about (see trainer.py)
    trainer_aspects: ClassVar[tuple[str, ...]] = ("foul", "score", "next")
    clauses: ClassVar[tuple[Clause, ...]] = ()
    tolkovaniya: ClassVar[tuple[Tolkovanie, ...]] = ()
    outside: ClassVar[tuple[OutsideFact, ...]] = ()
    # The calculator's name of who strikes, in its shot's legend («Удар: Игрок 1», as the scorekeeper's: the form
    # says «игрок» and «соперник», the answer «Следующий удар: Игрок 2»); None where the shot asks it.
    calculator_shooter: ClassVar[str | None] = "Игрок 1"

    # ---- declaration -------------------------------------------------
    # Fields are declared once, as ``rules_pkg.fields`` objects: the same objects
    # give the ``describe`` JSON and read the requests (see ``state_from_situation``
    # and ``read_action`` below).
    def action_specs(self) -> tuple[ActionSpec, ...]:
        """What an action can contain: one :class:`ActionSpec` per action type."""
        raise NotImplementedError

    def situation_fields(self) -> tuple[Field, ...]:
        return ()

    def option_fields(self) -> tuple[Field, ...]:
        return ()

    def action_fields(self) -> list[dict]:
        """[{"type", "label", "fields": [Field JSON]}] — the ``actions`` of ``describe``."""
        return [spec.to_json() for spec in self.action_specs()]

    def declaration(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "seed": self.seed,
            "players": {"min": self.min_players, "max": self.max_players,
                        "default": default_names(max(self.min_players, min(2, self.max_players)))},
            "tools": list(self.tools),
            "calculator_shooter": self.calculator_shooter if "calculator" in self.tools else None,
            "score": None if self.score_forms is None else
                     {"forms": list(self.score_forms), "lower_wins": self.lower_wins},
            "board_note": self.board_note or None,
            "situation": [f.to_json() for f in self.situation_fields()],
            "options": [f.to_json() for f in self.option_fields()],
            "actions": self.action_fields(),
            "clauses": [c.to_json() for c in self.clauses],
            "tolkovaniya": [t.to_json() for t in self.tolkovaniya],
            "outside": [o.to_json() for o in self.outside],
            "table": drawing.table_for(self.id, self.action_fields()) if self.tools else None,
        }

    def summary(self) -> dict:
        return {"id": self.id, "title": self.title, "seed": self.seed,
                "players": {"min": self.min_players, "max": self.max_players},
                "tools": list(self.tools)}

    def clause_ids(self) -> set[str]:
        return {c.id for c in self.clauses}

    def cite(self, ids) -> tuple[str, ...]:
        """Deduplicate clause, толкование or outside-fact ids and order them as
        the game declares them; an id the game does not declare is a bug."""
        order = [c.id for c in self.clauses] + [t.id for t in self.tolkovaniya] + [o.id for o in self.outside]
        wanted = set(ids)
        unknown = wanted - set(order)
        if unknown:
            raise AssertionError(f"{self.id}: cites undeclared ids {sorted(unknown)}")
        return tuple(i for i in order if i in wanted)

    def calculator_names(self, state: Any) -> tuple[str, ...]:
        """Player names for the one-shot calculator (the shooter first): placeholder names,
        capitalised as names wherever a sentence uses them («Следующий удар: Игрок 2.»)."""
        return tuple(default_names(2))

    # ---- the rules -----------------------------------------------------
    # A request goes through three steps, each in one place:
    #   1. read: the declared fields read and validate the JSON (types, bounds, ``when``);
    #   2. build: the game turns the values into its state or action object;
    #   3. check: ``check_position`` / ``check_action`` refuse what cannot happen on a
    #      table, with a message naming the contradiction, before any rule is applied.
    def read_options(self, options: Reader) -> dict:
        return read_fields(options, self.option_fields())

    def initial_state(self, n_players: int, options: dict) -> Any:
        raise NotImplementedError

    def state_from_situation(self, situation: Reader, options: dict) -> Any:
        """The state the one-shot calculator starts from (read, build, check)."""
        values = read_fields(situation, self.situation_fields())
        state = self.build_situation(values, options)
        self.check_position(state)
        return state

    def build_situation(self, values: dict, options: dict) -> Any:
        raise NotImplementedError

    def check_position(self, state: Any) -> None:
        """Raise :func:`impossible` when ``state`` cannot occur on a table."""

    def read_action(self, action: Reader, state: Any) -> Any:
        """Validate an action against the current state (read, build, check);
        raise InputError (malformed or impossible) or StateError (not now)."""
        specs = {spec.type: spec for spec in self.action_specs()}
        kind = action.choice("type", tuple(specs), default=next(iter(specs)),
                             names={t: spec.label for t, spec in specs.items()})
        self.check_turn(state, kind)
        values = read_fields(action, specs[kind].fields, players=self.player_count(state))
        parsed = self.build_action(kind, values, state)
        self.check_action(state, parsed)
        return parsed

    def check_turn(self, state: Any, kind: str) -> None:
        """Raise StateError when an action of type ``kind`` cannot be taken now
        (e.g. a decision is pending and this is a shot)."""

    def player_count(self, state: Any) -> int | None:
        """How many players the state has (the bound of ``Player`` fields)."""
        return None

    def build_action(self, kind: str, values: dict, state: Any) -> Any:
        raise NotImplementedError

    def check_action(self, state: Any, action: Any) -> None:
        """Raise :func:`impossible` when ``action`` cannot happen in ``state``."""

    def apply(self, state: Any, action: Any, names: tuple[str, ...]) -> tuple[Ruling, Any]:
        raise NotImplementedError

    def view(self, state: Any, names: tuple[str, ...]) -> dict:
        """Players' rows, whose turn, pending decision, game-specific extras."""
        raise NotImplementedError

    def idle_fields(self, state: Any) -> tuple[str, ...]:
        """Action fields that do not apply to the next shot in ``state`` (the engine refuses them):
        the scorekeeper hides them. ``view`` lists them as ``idle_fields``."""
        return ()

    def field_when(self, state: Any) -> dict[str, dict[str, list]]:
        """Action fields that matter in ``state`` only for some values of another field of the
        shot, ``{field: {other field: [its values]}}`` — a ``when`` that only the state knows
        («по часовой»: whether a wrong pocket was noticed at once matters for any pocket but the
        designated one). The scorekeeper shows such a field only while its condition holds, so
        the request leaves it out and the engine reads its default, which decides nothing there.
        ``view`` lists them as ``field_when``."""
        return {}

    def idle_actions(self, state: Any) -> tuple[str, ...]:
        """Action types (not a decision) that cannot be the next record in ``state`` (the engine refuses
        them): the scorekeeper hides their chip. ``view`` lists them as ``idle_actions``."""
        return ()

    def needed_fields(self, state: Any) -> tuple[str, ...]:
        """Optional action fields the next shot in ``state`` cannot go without (the engine refuses
        the shot while one is unsaid): the scorekeeper offers no «не указано» for them, a choice
        that could only be refused. ``view`` lists them as ``needed_fields``."""
        return ()

    # ---- random play: property tests, fuzzing, parity cases, the тренажёр ----
    def random_action(self, state: Any, rng) -> dict:
        """A random action (JSON) that :meth:`read_action` accepts in ``state``."""
        raise NotImplementedError

    def random_situation(self, rng) -> dict:
        """A random situation (JSON) that :meth:`state_from_situation` accepts."""
        raise NotImplementedError

    def trainer_situation(self, rng) -> dict:
        """A random situation for the тренажёр: one a learner takes in at a glance
        (by default any :meth:`random_situation`)."""
        return self.random_situation(rng)


def impossible(message: str, field: str | None = None):
    """Refuse a position or an action that cannot occur on a table: ``message``
    (Russian) names the contradiction. Raises; never returns."""
    raise InputError(message, field)


def score_reasons(n: int, reasons: dict[int, str]) -> list[str | None]:
    """A ruling's ``extra.score_reasons``: for each of ``n`` players, why their score
    changed, in the few words the verdict line reads after the change («−3 очка за
    серию», «+24 очка штрафа»); None: no change, or only the shot's own points. A game
    gives a reason only where its rule text states it (the clause is cited beside)."""
    return [reasons.get(i) for i in range(n)]


def default_names(n: int) -> list[str]:
    return [f"Игрок {i + 1}" for i in range(n)]
