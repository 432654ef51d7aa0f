"""The common protocol every game module follows.

A game is a :class:`Game` subclass that declares its clauses, толкования and
outside facts as data, the fields its actions and situations contain, and one
pure function :meth:`Game.apply` that maps a state and an action to a
:class:`Ruling` and a new state. A match is the log of actions; its state is
derived by replaying the log, so undo is "replay all but the last".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from . import drawing
from .errors import InputError, SavedStateError, StateError
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

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "status": self.status,
                "status_name": STATUS_NAMES[self.status], "note": self.note}


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

    def C(id: str, title: str, status: str = IMPLEMENTED, note: str = "") -> Clause:
        return Clause(id=f"{game_id}-{id}", title=title, status=status, note=note)

    def T(id: str, title: str, text: str, clauses=()) -> Tolkovanie:
        return Tolkovanie(id=f"{game_id}-t-{id}", title=title, text=text,
                          clauses=tuple(f"{game_id}-{c}" for c in clauses))

    return C, T


@dataclass(frozen=True)
class Foul:
    code: str
    clause: str
    text: str

    def to_json(self) -> dict:
        return {"code": self.code, "clause": self.clause, "text": self.text}


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
    # which aspects of a ruling the тренажёр may ask about (see trainer.py)
    trainer_aspects: ClassVar[tuple[str, ...]] = ("foul", "score", "next")
    clauses: ClassVar[tuple[Clause, ...]] = ()
    tolkovaniya: ClassVar[tuple[Tolkovanie, ...]] = ()
    outside: ClassVar[tuple[OutsideFact, ...]] = ()

    # ---- declaration -------------------------------------------------
    def action_fields(self) -> list[dict]:
        """[{"type", "label", "fields": [Field]}] — what an action can contain."""
        raise NotImplementedError

    def situation_fields(self) -> list[dict]:
        return []

    def option_fields(self) -> list[dict]:
        return []

    def declaration(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "seed": self.seed,
            "players": {"min": self.min_players, "max": self.max_players,
                        "default": default_names(max(self.min_players, min(2, self.max_players)))},
            "tools": list(self.tools),
            "score": None if self.score_forms is None else
                     {"forms": list(self.score_forms), "lower_wins": self.lower_wins},
            "situation": self.situation_fields(),
            "options": self.option_fields(),
            "actions": self.action_fields(),
            "clauses": [c.to_json() for c in self.clauses],
            "tolkovaniya": [t.to_json() for t in self.tolkovaniya],
            "outside": [o.to_json() for o in self.outside],
            "table": drawing.table_for(self.id) if self.tools else None,
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
        """Player names for the one-shot calculator (the shooter first)."""
        return ("Игрок", "Соперник")

    # ---- the rules -----------------------------------------------------
    def read_options(self, options: Reader) -> dict:
        options.done()
        return {}

    def initial_state(self, n_players: int, options: dict) -> Any:
        raise NotImplementedError

    def state_from_situation(self, situation: Reader, options: dict) -> Any:
        raise NotImplementedError

    def read_action(self, action: Reader, state: Any) -> Any:
        """Validate an action against the current state; raise InputError."""
        raise NotImplementedError

    def apply(self, state: Any, action: Any, names: tuple[str, ...]) -> tuple[Ruling, Any]:
        raise NotImplementedError

    def view(self, state: Any, names: tuple[str, ...]) -> dict:
        """Players' rows, whose turn, pending decision, game-specific extras."""
        raise NotImplementedError

    # ---- random play: property tests, fuzzing, parity cases, the тренажёр ----
    def random_action(self, state: Any, rng) -> dict:
        """A random action (JSON) that :meth:`read_action` accepts in ``state``."""
        raise NotImplementedError

    def random_situation(self, rng) -> dict:
        """A random situation (JSON) that :meth:`state_from_situation` accepts."""
        raise NotImplementedError


def default_names(n: int) -> list[str]:
    return [f"Игрок {i + 1}" for i in range(n)]


def read_players(value: Any, game: Game, path: str = "players") -> tuple[str, ...]:
    if not isinstance(value, list):
        raise InputError(f"Поле {path} должно быть списком имён игроков.", path)
    n = len(value)
    lo, hi = game.min_players, min(game.max_players, MAX_PLAYERS_HARD)
    if not lo <= n <= hi:
        from .ru import players
        span = f"ровно {players(lo)}" if lo == hi else f"от {lo} до {hi} игроков"
        raise InputError(f"В игре «{game.title}» участвуют {span}, а указано {n}.", path)
    names = []
    for i, name in enumerate(value):
        if not isinstance(name, str):
            raise InputError(f"Имя игрока {path}[{i}] должно быть строкой.", f"{path}[{i}]")
        name = " ".join(name.split())[:40] or f"Игрок {i + 1}"
        names.append(name)
    return tuple(names)


@dataclass(frozen=True)
class Match:
    """A match: the players, the options and the log of actions (plus the
    actions undone, for redo). Everything else is derived by replay."""

    game: Game
    players: tuple[str, ...]
    options: dict
    actions: tuple[dict, ...] = ()
    undone: tuple[dict, ...] = ()

    @classmethod
    def new(cls, game: Game, players: Any, options: Any) -> "Match":
        names = read_players(players, game)
        opts = game.read_options(Reader(options if options is not None else {}, "options"))
        return cls(game=game, players=names, options=opts)

    @classmethod
    def from_json(cls, state: Any, games: dict[str, Game]) -> "Match":
        """Rebuild a match from a stored state, replaying it to validate it."""
        if not isinstance(state, dict):
            raise SavedStateError("Сохранённая партия повреждена: ожидался объект.", "state")
        fmt = state.get("format")
        if fmt != STATE_FORMAT:
            raise SavedStateError(
                f"Сохранённая партия записана в неизвестном формате ({fmt!r}); ожидается {STATE_FORMAT}.",
                "state.format")
        game = games.get(state.get("game")) if isinstance(state.get("game"), str) else None
        if game is None:
            raise SavedStateError(f"В сохранённой партии указана неизвестная игра {state.get('game')!r}.", "state.game")
        try:
            r = Reader(state, "state")
            r.raw("format"); r.raw("game")
            names = read_players(r.raw("players"), game, "state.players")
            opts = game.read_options(Reader(r.raw("options"), "state.options"))
            actions = r.raw("actions")
            undone = r.raw("undone")
            r.done()
            if not isinstance(actions, list) or not isinstance(undone, list):
                raise InputError("Поля state.actions и state.undone должны быть списками.", "state.actions")
            if len(actions) + len(undone) > MAX_ACTIONS:
                raise InputError(f"В партии больше {MAX_ACTIONS} действий.", "state.actions")
            match = cls(game=game, players=names, options=opts,
                        actions=tuple(actions), undone=tuple(undone))
            match.replay()
            for i, action in enumerate(undone):
                if not isinstance(action, dict):
                    raise InputError(f"Отменённое действие №{i + 1} повреждено.", f"state.undone[{i}]")
        except (InputError, StateError) as exc:
            raise SavedStateError(f"Сохранённая партия повреждена: {exc.message}", exc.field) from None
        return match

    def to_json(self) -> dict:
        return {"format": STATE_FORMAT, "game": self.game.id, "players": list(self.players),
                "options": self.options, "actions": list(self.actions), "undone": list(self.undone)}

    def replay(self) -> tuple[Any, list[Ruling]]:
        state = self.game.initial_state(len(self.players), self.options)
        rulings = []
        for i, action in enumerate(self.actions):
            try:
                ruling, state = self.step(state, action)
            except (InputError, StateError) as exc:
                where = f"state.actions[{i}]"
                if exc.field and exc.field.startswith("action"):
                    where += exc.field[len("action"):]
                raise type(exc)(f"действие №{i + 1}: {exc.message}", where) from None
            rulings.append(ruling)
        return state, rulings

    def step(self, state: Any, action: Any) -> tuple[Ruling, Any]:
        if getattr(state, "finished", False):
            raise StateError("Партия уже окончена: новые удары не принимаются. Отмените последний удар или начните новую партию.")
        parsed = self.game.read_action(Reader(action, "action"), state)
        return self.game.apply(state, parsed, self.players)

    def play(self, action: Any) -> tuple["Match", Ruling]:
        state, _ = self.replay()
        ruling, _ = self.step(state, action)
        if len(self.actions) >= MAX_ACTIONS:
            raise StateError(f"В партии уже {MAX_ACTIONS} действий: начните новую.")
        return replace(self, actions=self.actions + (action,), undone=()), ruling

    def undo(self) -> tuple["Match", Ruling]:
        if not self.actions:
            raise StateError("Отменять нечего: в партии ещё не было ни одного удара.")
        _, rulings = self.replay()
        return replace(self, actions=self.actions[:-1], undone=self.undone + (self.actions[-1],)), rulings[-1]

    def redo(self) -> tuple["Match", Ruling]:
        if not self.undone:
            raise StateError("Повторять нечего: отменённых ударов нет.")
        match = replace(self, undone=self.undone[:-1])
        new, ruling = match.play(self.undone[-1])
        return replace(new, undone=self.undone[:-1]), ruling

    def view(self) -> dict:
        state, rulings = self.replay()
        view = self.game.view(state, self.players)
        view["history"] = [r.to_json() for r in rulings]
        view["can_undo"] = bool(self.actions)
        view["can_redo"] = bool(self.undone)
        view["game"] = self.game.id
        return view
