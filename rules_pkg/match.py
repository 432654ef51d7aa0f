"""A match: the players, the options and the log of actions (plus the actions
undone, for redo). Everything else is derived by replaying the log.

A replay is kept, so a long match costs no more per request than a short one:

- A :class:`Timeline` is one replayed log: the actions played followed by the
  actions undone in redo order, with the state before each action and the
  ruling of each. Play, undo, redo and view are answered from it without
  replaying: undo and redo only move the position on the same timeline, a play
  appends one step.
- :data:`REPLAYS` is a small LRU cache of timelines keyed by the stored state
  they answer (:func:`log_key`: a byte string that identifies the raw JSON
  values exactly, bool/int/float and key order included). A request whose
  state the engine already holds (the same worker continues the match) costs
  no replay; a state it does not hold costs one.

States, rulings and the cached actions are never mutated (game states are
frozen dataclasses; actions are private copies), so sharing them is safe.
"""

from __future__ import annotations

import marshal
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from .core import MAX_ACTIONS, MAX_PLAYERS_HARD, STATE_FORMAT, Game, Ruling
from .errors import InputError, SavedStateError, StateError
from .reader import PARTS, Reader, has_lone_surrogate, show, wrong_type

MAX_NAME = 40  # characters of a player's name
MAX_HISTORY = 200  # rulings one response may carry (want.history)
CACHE_SIZE = 4  # timelines kept (each at most MAX_ACTIONS states and rulings)


def read_players(value: Any, game: Game, path: str = "players") -> tuple[str, ...]:
    if not isinstance(value, list):
        raise wrong_type("Игроки", path, "списком имён", value)
    n = len(value)
    lo, hi = game.min_players, min(game.max_players, MAX_PLAYERS_HARD)
    if not lo <= n <= hi:
        from .ru import players
        span = f"ровно {players(lo)}" if lo == hi else f"от {lo} до {hi} игроков"
        raise InputError(f"В игре «{game.title}» участвуют {span}, а указано {n}.", path)
    names = []
    for i, name in enumerate(value):
        if not isinstance(name, str):
            raise wrong_type(f"Имя игрока № {i + 1}", f"{path}[{i}]", "строкой", name)
        name = " ".join(name[:10 * MAX_NAME].split())[:MAX_NAME]
        if has_lone_surrogate(name):
            raise InputError(f"Имя игрока № {i + 1} содержит недопустимый символ (одиночный суррогат UTF-16).",
                             f"{path}[{i}]")
        names.append(name or f"Игрок {i + 1}")
    return tuple(names)


# ---- the cache key ---------------------------------------------------------
def _items_bytes(values: list) -> bytes:
    """The marshal bytes of a list's items, without the list's own header
    (marshal version 2 writes no back-references, so equal JSON values give
    equal bytes and the bytes of two lists concatenate)."""
    return marshal.dumps(values, 2)[5:]


def header_key(game_id: str, players: Any, options: Any) -> bytes | None:
    try:
        return marshal.dumps((STATE_FORMAT, game_id, players, options), 2)
    except ValueError:  # not JSON values (only through the Python API): no caching
        return None


def log_key(header: bytes | None, played: list, undone: list) -> bytes | None:
    """Identifies a stored state: its header and its timeline (played actions,
    then undone ones in redo order). None when the values cannot be keyed."""
    if header is None:
        return None
    try:
        return header + b"|" + _items_bytes(played) + _items_bytes(undone[::-1])
    except ValueError:
        return None


def private_copy(values: list) -> list:
    """A copy of JSON values no caller holds (so none can change the cache)."""
    try:
        return marshal.loads(marshal.dumps(values, 2))
    except ValueError:
        import copy
        return copy.deepcopy(values)


class ReplayCache:
    """A small LRU map from :func:`log_key` to the replayed match."""

    def __init__(self, size: int = CACHE_SIZE):
        self.size = size
        self._entries: OrderedDict[bytes, tuple] = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key: bytes | None):
        entry = self._entries.get(key) if key is not None else None
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self._entries.move_to_end(key)
        return entry

    def put(self, key: bytes | None, entry: tuple) -> None:
        if key is None:
            return
        self._entries[key] = entry
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        self._entries.clear()
        self.hits = self.misses = 0


REPLAYS = ReplayCache()


@dataclass(frozen=True)
class Timeline:
    """A replayed log: ``actions`` are the played ones then the undone ones in
    redo order; ``states[i]`` is the state before ``actions[i]``;
    ``rulings[i]`` is the ruling of ``actions[i]``."""

    actions: tuple
    states: tuple
    rulings: tuple[Ruling, ...]

    def extended(self, position: int, action: Any, ruling: Ruling, state: Any) -> "Timeline":
        """This timeline cut at ``position`` with one more step."""
        return Timeline(actions=self.actions[:position] + (action,),
                        states=self.states[:position + 1] + (state,),
                        rulings=self.rulings[:position] + (ruling,))


def step(game: Game, players: tuple[str, ...], state: Any, action: Any) -> tuple[Ruling, Any]:
    """Read one action against ``state`` and apply it."""
    if getattr(state, "finished", False):
        raise StateError("Партия уже окончена: новые удары не принимаются. Отмените последний удар или начните новую партию.")
    parsed = game.read_action(Reader(action, "action"), state)
    return game.apply(state, parsed, players)


def _located(exc: InputError | StateError, where: str, what: str):
    """The error of one logged action, named by its place in the stored state: in
    words in the message («Ошибка в отменённом действии №1.», its own sentence
    before the action's message, so no chain of colons), by path in the field
    («state.undone[0].contacts», not «action.contacts»)."""
    field = where
    if exc.field and exc.field.startswith("action"):
        field += exc.field[len("action"):]
    return type(exc)(f"Ошибка в {what}. {exc.message}", field)


@dataclass(frozen=True)
class Match:
    """A match: the players, the options and the log of actions (plus the
    actions undone, for redo)."""

    game: Game
    players: tuple[str, ...]
    options: dict
    actions: tuple[dict, ...] = ()
    undone: tuple[dict, ...] = ()
    # the replay of actions + reversed(undone), computed once (see the module docstring)
    _line: Timeline | None = field(default=None, compare=False, repr=False)
    # the stored state's header as the page keeps it (part of the cache key)
    _header: bytes | None = field(default=None, compare=False, repr=False)
    # the cache key of this stored state, when known (see key())
    _key: bytes | None = field(default=None, compare=False, repr=False)

    # ---- loading --------------------------------------------------------
    @classmethod
    def new(cls, game: Game, players: Any, options: Any) -> "Match":
        names = read_players(players, game)
        opts = game.read_options(Reader(options if options is not None else {}, "options"))
        line = Timeline(actions=(), states=(game.initial_state(len(names), opts),), rulings=())
        match = cls(game=game, players=names, options=opts, _line=line,
                    _header=header_key(game.id, list(names), opts))
        match.remember()
        return match

    @classmethod
    def from_json(cls, state: Any, games: dict[str, Game]) -> "Match":
        """Rebuild a match from a stored state. Its lengths are checked first;
        then it is taken from the cache or replayed once, the undone actions
        on top of the played ones, so every entry of both lists is validated."""
        if not isinstance(state, dict):
            raise SavedStateError("Сохранённая партия повреждена: это не объект с данными партии.", "state")
        fmt = state.get("format")
        if fmt != STATE_FORMAT:
            raise SavedStateError(
                "Сохранённая партия записана в формате, которого эта версия сайта не знает.",
                "state.format")
        game = games.get(state.get("game")) if isinstance(state.get("game"), str) else None
        if game is None:
            raise SavedStateError("В сохранённой партии указана игра, которой на сайте нет.",
                                  "state.game")
        try:
            r = Reader(state, "state")
            r.raw("format"); r.raw("game")
            players, options = r.raw("players"), r.raw("options")
            actions, undone = r.raw("actions"), r.raw("undone")
            r.done()
            for name, value in (("actions", actions), ("undone", undone)):
                if not isinstance(value, list):
                    raise wrong_type(PARTS[name], f"state.{name}", "списком", value)
            if len(actions) + len(undone) > MAX_ACTIONS:
                raise InputError(f"В партии больше {MAX_ACTIONS} действий (с отменёнными).", "state.actions")
            header = header_key(game.id, players, options)
            key = log_key(header, actions, undone)
            cached = REPLAYS.get(key)
            if cached is not None:
                names, opts, line = cached
            else:
                names = read_players(players, game, "state.players")
                opts = game.read_options(Reader(options, "state.options"))
                line = replay_timeline(game, names, opts, private_copy(actions + undone[::-1]), len(actions))
                REPLAYS.put(key, (names, opts, line))
        except (InputError, StateError) as exc:
            raise SavedStateError(f"Сохранённая партия повреждена. {exc.message}", exc.field) from None
        return cls._at(game, names, opts, line, len(actions), header, key)

    @classmethod
    def _at(cls, game, names, opts, line: Timeline, position: int, header, key=None) -> "Match":
        return cls(game=game, players=names, options=opts, actions=line.actions[:position],
                   undone=line.actions[position:][::-1], _line=line, _header=header, _key=key)

    def to_json(self) -> dict:
        return {"format": STATE_FORMAT, "game": self.game.id, "players": list(self.players),
                "options": self.options, "actions": private_copy(list(self.actions)),
                "undone": private_copy(list(self.undone))}

    # ---- the replay -----------------------------------------------------
    @property
    def line(self) -> Timeline:
        if self._line is not None:
            return self._line
        line = replay_timeline(self.game, self.players, self.options,
                               list(self.actions) + list(self.undone[::-1]), len(self.actions))
        object.__setattr__(self, "_line", line)
        return line

    @property
    def state(self) -> Any:
        """The engine's state after the played actions."""
        return self.line.states[len(self.actions)]

    def rulings(self, start: int = 0, stop: int | None = None) -> tuple[Ruling, ...]:
        n = len(self.actions)
        return self.line.rulings[start:n if stop is None else min(stop, n)]

    def replay(self) -> tuple[Any, list[Ruling]]:
        """The state and the rulings of the played actions."""
        return self.state, list(self.rulings())

    def key(self) -> bytes | None:
        if self._key is None:
            object.__setattr__(self, "_key", log_key(self._header, list(self.actions), list(self.undone)))
        return self._key

    def remember(self) -> None:
        """Keep this match's replay for the next request that continues it."""
        REPLAYS.put(self.key(), (self.players, self.options, self.line))

    # ---- the operations ---------------------------------------------------
    def step(self, state: Any, action: Any) -> tuple[Ruling, Any]:
        return step(self.game, self.players, state, action)

    def play(self, action: Any) -> tuple["Match", Ruling]:
        check_room(list(self.actions))
        ruling, after = self.step(self.state, action)
        (own,) = private_copy([action])
        line = self.line.extended(len(self.actions), own, ruling, after)
        key = None
        if not self.undone and self._key is not None:  # the usual case: the key grows by the action
            try:
                key = self._key + _items_bytes([own])
            except ValueError:
                key = None
        return self._at(self.game, self.players, self.options, line, len(self.actions) + 1, self._header, key), ruling

    def undo(self) -> tuple["Match", Ruling]:
        if not self.actions:
            raise StateError("Отменять нечего: в партии ещё не было ни одного удара.")
        n = len(self.actions)
        return self._at(self.game, self.players, self.options, self.line, n - 1, self._header), self.line.rulings[n - 1]

    def redo(self) -> tuple["Match", Ruling]:
        if not self.undone:
            raise StateError("Повторять нечего: отменённых ударов нет.")
        n = len(self.actions)
        return self._at(self.game, self.players, self.options, self.line, n + 1, self._header), self.line.rulings[n]

    def view(self) -> dict:
        view = self.game.view(self.state, self.players)
        view["history_length"] = len(self.actions)
        view["can_undo"] = bool(self.actions)
        view["can_redo"] = bool(self.undone)
        view["game"] = self.game.id
        view["idle_fields"] = list(self.game.idle_fields(self.state))
        view["field_when"] = self.game.field_when(self.state)
        view["needed_fields"] = list(self.game.needed_fields(self.state))
        view["idle_actions"] = list(self.game.idle_actions(self.state))
        return view

    def log(self) -> dict:
        return {"actions": len(self.actions), "undone": len(self.undone)}


def check_room(actions: Any) -> None:
    """A play needs room for one more action; checked before the state is
    even loaded (a full log is not replayed only to be refused)."""
    if isinstance(actions, list) and len(actions) >= MAX_ACTIONS:
        raise StateError(f"В партии уже {MAX_ACTIONS} действий: больше записать нельзя, начните новую партию.")


def replay_timeline(game: Game, names: tuple[str, ...], options: dict, actions: list, played: int) -> Timeline:
    """Replay ``actions`` (the first ``played`` of them played, the rest the
    undone ones in redo order); an error names the entry of the stored state."""
    state = game.initial_state(len(names), options)
    states, rulings = [state], []
    undone = len(actions) - played
    for i, action in enumerate(actions):
        try:
            ruling, state = step(game, names, state, action)
        except (InputError, StateError) as exc:
            if i < played:
                raise _located(exc, f"state.actions[{i}]", f"действии №{i + 1}") from None
            j = undone - 1 - (i - played)  # its index in state.undone (redo takes the last first)
            raise _located(exc, f"state.undone[{j}]", f"отменённом действии №{j + 1}") from None
        states.append(state)
        rulings.append(ruling)
    return Timeline(actions=tuple(actions), states=tuple(states), rulings=tuple(rulings))
