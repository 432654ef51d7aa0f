"""«Ковбой» (seed 000).

Implemented (clause ids = anchors on the game's page):
  kovboy-players, kovboy-balls, kovboy-goal, kovboy-scoring, kovboy-scoring-1,
  kovboy-scoring-2, kovboy-scoring-3, kovboy-scoring-91-100, kovboy-scoring-101,
  kovboy-scoring-sum, kovboy-break, kovboy-rule-1 … kovboy-rule-8,
  kovboy-wrong-pocketed, kovboy-jumped, kovboy-cue-ball-out, kovboy-penalty,
  kovboy-setup (as the respotting target of rule 3).
Not computable: kovboy-intro, kovboy-summary (descriptions, no rule).

A shot is described by events: object balls pocketed, object balls the cue ball
touched in order, whether a cushion was reached after the contact, the cue ball's
fate, the called pocket, balls that jumped off the table and balls whose spot
was occupied when they had to be respotted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import Foul, Game, NOT_COMPUTABLE, Ruling, citation_makers
from ..errors import InputError, StateError
from ..reader import Reader
from .. import ru
from ..table import POCKET_IDS, POCKET_NAMES, pocket_options

BALLS = (1, 3, 5)
TARGET = 101
LIMIT_ANY = 90
LIMIT_CAROM = 100
CAROM_POINTS = {2: 1, 3: 2}
CUE_FATES = ("table", "pocket", "off")
BALL_NAMES = {1: "единица", 3: "тройка", 5: "пятёрка"}
BALL_GENITIVE = {1: "единицы", 3: "тройки", 5: "пятёрки"}
BALL_OPTIONS = [{"id": b, "label": f"{b} ({BALL_NAMES[b]})"} for b in BALLS]


C, T = citation_makers("kovboy")


CLAUSES = (
    C("intro", "Ковбой сочетает карамболь и лузный бильярд", NOT_COMPUTABLE, "Описание игры, а не правило."),
    C("summary", "Последний удар — биток карамболем от единицы в лузу", NOT_COMPUTABLE,
      "Краткое описание; само правило — в пункте о 101-м очке."),
    C("players", "Количество игроков: любое"),
    C("balls", "Шары: единица, тройка, пятёрка и биток"),
    C("setup", "Расстановка шаров"),
    C("goal", "Цель: первым набрать 101 очко"),
    C("scoring", "Первые 90 очков — любым способом"),
    C("scoring-1", "Забитый шар: очки по номеру шара"),
    C("scoring-2", "Карамболь по двум шарам — 1 очко"),
    C("scoring-3", "Карамболь по трём шарам — 2 очка"),
    C("scoring-91-100", "Очки от 91 до 100 — только карамболями"),
    C("scoring-101", "101-е очко — биток от единицы в заказанную лузу"),
    C("scoring-sum", "Очки за один удар суммируются, не больше 11"),
    C("break", "Начальный удар: биток должен вначале коснуться тройки"),
    C("rule-1", "Правило 1: результативный удар продолжает серию"),
    C("rule-2", "Правило 2: после касания шар должен дойти до борта"),
    C("rule-3", "Правило 3: забитые шары выставляются на отметки"),
    C("rule-4", "Правило 4: ровно 90 очков, перебор — фол"),
    C("rule-5", "Правило 5: при 91–100 забитый шар — фол"),
    C("rule-6", "Правило 6: фолы игрока, набравшего 100 очков"),
    C("rule-7", "Правило 7: падение битка — фол, кроме победного удара"),
    C("rule-8", "Правило 8: три нарушения подряд — поражение"),
    C("wrong-pocketed", "Неправильно забитые шары выставляются без штрафа"),
    C("jumped", "Выскочившие прицельные шары выставляются без штрафа"),
    C("cue-ball-out", "Биток за бортом или в лузе: следующий играет с руки из-за передней линии"),
    C("penalty", "Штраф: серия заканчивается, её очки не засчитываются"),
)




TOLKOVANIYA = (
    T("99-three-carom", "Карамболь по трём шарам при 99 очках — фол",
      "При 99 очках карамболь по трём шарам дал бы 101 очко обычным способом. Текст разрешает набрать "
      "101-е очко только победным ударом от единицы, поэтому, по аналогии с правилом 4 (перебор 90 — фол), "
      "перебор 100 карамболем считается фолом.", ("scoring-101", "rule-4")),
    T("at-100", "При 100 очках другие удары очков не дают",
      "Игрок со 100 очками может набрать только победное 101-е очко. Если он не нарушил правило 6, но и "
      "не выполнил победный удар (например, биток остался на столе), очков он не получает и серия "
      "заканчивается; забитый при этом прицельный шар выставляется без штрафа: правило 6 перечисляет фолы "
      "при 100 очках полностью, а падения прицельного шара среди них нет.", ("scoring-101", "rule-6")),
    T("pocket-is-cushion", "Шар, упавший в лузу, дошёл до борта",
      "Правило 2 требует, чтобы после касания биток или прицельный шар дошёл до борта. Шар, упавший в лузу, "
      "считается дошедшим до борта: иначе чистый удар в лузу — главный способ набора очков по пункту 1 — "
      "был бы фолом.", ("rule-2", "scoring-1")),
    T("miss", "Промах при счёте ниже 100 — не фол",
      "Текст называет промах фолом только для игрока со 100 очками (правило 6: «непопадание по единице»), "
      "а правило 2 действует лишь после касания битком прицельного шара. Поэтому удар, при котором биток "
      "не коснулся ни одного шара, при счёте ниже 100 фолом не считается: очков нет, серия заканчивается.",
      ("rule-2", "rule-6")),
    T("cue-off-table", "Вылет битка за борт — нарушение",
      "Правило 7 называет нарушением падение битка в лузу; о вылете битка за борт прямо не сказано. Раздел "
      "«Штрафы за нарушения» говорит о нарушениях, «сопровождавшихся выскакиванием за борт или падением в "
      "лузу битка», то есть считает вылет битка нарушением; так и считается.", ("cue-ball-out", "penalty", "rule-7")),
    T("fouls-in-row", "Три нарушения подряд считаются у одного игрока",
      "«Три нарушения подряд» — это три фола одного игрока в трёх его ударах подряд, в том числе в разных "
      "подходах; любой его удар без нарушения обнуляет счётчик. Повтор начального удара нарушением не "
      "является и счётчик не меняет.", ("rule-8",)),
    T("rule-8-many-players", "Три нарушения при нескольких игроках",
      "Если игроков больше двух, проигравший по правилу 8 выбывает, остальные продолжают; если остаётся "
      "один игрок, он побеждает.", ("rule-8", "players")),
    T("bad-break", "Неправильный начальный удар не засчитывается",
      "Если биток вначале не коснулся тройки, соперник выбирает: потребовать повторения или выполнить "
      "начальный удар самому. В обоих случаях начальный удар выполняется заново с расстановкой как в начале "
      "игры, поэтому очки и нарушения неправильного начального удара не учитываются. При нескольких игроках "
      "выбирает следующий по очереди игрок.", ("break",)),
    T("spot-occupied", "Когда отметка освобождается",
      "Шар, отметка которого занята, остаётся вне игры. После каждого следующего удара он выставляется, "
      "если отметка свободна; занятость отметки указывает пользователь.", ("rule-3",)),
    T("reset-at-100", "Перестановка для игрока со 100 очками",
      "Место единицы считается занятым, если единица ждёт вне игры освобождения своей отметки. Перестановка "
      "по правилу 3 делается и тогда, когда игрок набрал 100 очков посреди своей серии: иначе он не смог бы "
      "сыграть по единице.", ("rule-3",)),
)


@dataclass(frozen=True)
class State:
    committed: tuple[int, ...]
    fouls_in_row: tuple[int, ...]
    out: tuple[bool, ...]
    current: int = 0
    series: int = 0
    off_table: frozenset = frozenset()
    breaking: bool = True
    decision: int | None = None  # player who must choose after a bad break
    cue_in_hand: str | None = "dom"
    finished: bool = False
    winner: int | None = None

    def score(self, i: int) -> int:
        return self.committed[i] + (self.series if i == self.current else 0)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score(i) for i in range(len(self.committed)))

    def next_active(self, after: int) -> int:
        return next_active(self.out, after)


def next_active(out, after: int) -> int:
    """The next player after ``after`` who has not lost by rule 8."""
    n = len(out)
    for k in range(1, n + 1):
        j = (after + k) % n
        if not out[j]:
            return j
    return after


@dataclass(frozen=True)
class Shot:
    pocketed: tuple[int, ...]
    contacts: tuple[int, ...]
    cushion: bool
    cue_ball: str
    cue_pocket: str | None
    called_pocket: str | None
    jumped: tuple[int, ...]
    spot_occupied: tuple[int, ...]


@dataclass(frozen=True)
class Decision:
    choice: str


DECISIONS = {"repeat": "потребовать повторения начального удара", "take": "выполнить начальный удар самому"}


def pending_decision(state: "State", names) -> dict | None:
    if state.decision is None:
        return None
    return {"player": state.decision, "clause": "kovboy-break",
            "question": f"{names[state.decision]}, начальный удар неправильный. Ваш выбор:",
            "options": [{"id": k, "label": v.capitalize()} for k, v in DECISIONS.items()]}


def ball_list(balls) -> str:
    return ru.join_and(str(b) for b in sorted(balls))


class Kovboy(Game):
    id = "kovboy"
    title = "Ковбой"
    seed = "000"
    min_players = 2
    # The text: «Количество игроков. Любое число». The engine's one limit is
    # MAX_PLAYERS_HARD (50) in core.py: a table is shared by people standing
    # round it, and every response lists every player, so it grows with them.
    max_players = 50
    clauses = CLAUSES
    tolkovaniya = TOLKOVANIYA

    # ---- declaration ----------------------------------------------------
    def shot_fields(self) -> list[dict]:
        pockets = pocket_options()
        return [
            {"name": "contacts", "kind": "sequence", "label": "Каких прицельных шаров коснулся биток (по порядку)",
             "options": BALL_OPTIONS, "default": [], "always": True,
             "help": "Первым — шар, которого биток коснулся первым. Пусто — промах."},
            {"name": "pocketed", "kind": "set", "label": "Какие прицельные шары упали в лузу",
             "options": BALL_OPTIONS, "default": []},
            {"name": "cushion", "kind": "bool", "default": True,
             "label": "После касания биток или прицельный шар дошёл до борта"},
            {"name": "cue_ball", "kind": "choice", "label": "Биток после удара", "default": "table",
             "options": [{"id": "table", "label": "остался на столе"},
                         {"id": "pocket", "label": "упал в лузу"},
                         {"id": "off", "label": "вылетел за борт"}]},
            {"name": "cue_pocket", "kind": "choice", "label": "В какую лузу упал биток", "default": None,
             "options": pockets, "optional": True, "when": {"cue_ball": "pocket"}},
            {"name": "called_pocket", "kind": "choice", "label": "Заказанная луза (при 100 очках)",
             "default": None, "options": pockets, "optional": True},
            {"name": "jumped", "kind": "set", "label": "Какие прицельные шары вылетели за борт",
             "options": BALL_OPTIONS, "default": []},
            {"name": "spot_occupied", "kind": "set", "label": "Чья отметка занята (шар остаётся вне игры)",
             "options": BALL_OPTIONS, "default": [],
             "help": "Только для шаров, которые после удара надо выставить."},
        ]

    def action_fields(self) -> list[dict]:
        return [
            {"type": "shot", "label": "Удар", "fields": self.shot_fields()},
            {"type": "decision", "label": "Выбор после неправильного начального удара", "fields": [
                {"name": "choice", "kind": "choice", "label": "Решение соперника",
                 "options": [{"id": k, "label": v.capitalize()} for k, v in DECISIONS.items()]}]},
        ]

    def situation_fields(self) -> list[dict]:
        return [
            {"name": "score", "kind": "int", "min": 0, "max": 100, "default": 0,
             "label": "Очки игрока перед ударом (вместе с текущей серией)"},
            {"name": "series", "kind": "int", "min": 0, "max": 100, "default": 0,
             "label": "Из них набрано в текущей серии"},
            {"name": "fouls_in_row", "kind": "int", "min": 0, "max": 2, "default": 0,
             "label": "Нарушений подряд у игрока перед ударом"},
            {"name": "opening_break", "kind": "bool", "default": False, "label": "Это начальный удар партии"},
            {"name": "off_table", "kind": "set", "options": BALL_OPTIONS, "default": [],
             "label": "Шары вне игры (их отметка занята)"},
        ]

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State(committed=(0,) * n_players, fouls_in_row=(0,) * n_players, out=(False,) * n_players)

    def state_from_situation(self, situation: Reader, options: dict) -> State:
        if situation.raw("score", 0) == TARGET:
            raise InputError("При 101 очке партия уже выиграна: рассчитывать нечего.", "situation.score")
        score = situation.int("score", min=0, max=100, default=0, what="Очки игрока")
        series = situation.int("series", min=0, max=100, default=0, what="Очки серии")
        fouls = situation.int("fouls_in_row", min=0, max=2, default=0, what="Нарушения подряд")
        breaking = situation.bool("opening_break", default=False)
        off = situation.items("off_table", BALLS, default=[], what="шар")
        situation.done()
        if series > score:
            raise InputError(f"Очки серии ({series}) не могут быть больше очков игрока ({score}).", "situation.series")
        if breaking and (score or series or off or fouls):
            raise InputError("Начальный удар делается при счёте 0, без шаров вне игры и без нарушений.",
                             "situation.opening_break")
        return State(committed=(score - series, 0), fouls_in_row=(fouls, 0), out=(False, False),
                     series=series, off_table=frozenset(off), breaking=breaking,
                     cue_in_hand="dom" if breaking else None)

    def read_action(self, action: Reader, state: State):
        kind = action.choice("type", ("shot", "decision"), default="shot")
        if state.decision is not None and kind != "decision":
            raise StateError("Сначала соперник должен выбрать, как быть с неправильным начальным ударом.")
        if kind == "decision":
            if state.decision is None:
                raise StateError("Сейчас никакого выбора делать не нужно.")
            choice = action.choice("choice", tuple(DECISIONS))
            action.done()
            return Decision(choice)
        pocketed = action.items("pocketed", BALLS, default=[], what="шар")
        contacts = action.items("contacts", BALLS, default=[], what="шар")
        cushion = action.bool("cushion", default=True)
        cue_ball = action.choice("cue_ball", CUE_FATES, default="table")
        cue_pocket = action.optional_choice("cue_pocket", POCKET_IDS)
        called = action.optional_choice("called_pocket", POCKET_IDS)
        jumped = action.items("jumped", BALLS, default=[], what="шар")
        occupied = action.items("spot_occupied", BALLS, default=[], what="шар")
        action.done()
        for ball in pocketed:
            if ball in jumped:
                raise InputError(f"Шар {ball} не может одновременно упасть в лузу и вылететь за борт.", "action.jumped")
        for name, balls in (("contacts", contacts), ("pocketed", pocketed), ("jumped", jumped)):
            for ball in balls:
                if ball in state.off_table:
                    raise InputError(f"Шар {ball} сейчас вне игры (его отметка была занята), "
                                     f"его нельзя указать в поле action.{name}.", f"action.{name}")
        if (pocketed or jumped) and not contacts:
            raise InputError("Биток не коснулся ни одного прицельного шара, значит ни один шар не мог упасть "
                             "в лузу или вылететь за борт. Укажите, каких шаров коснулся биток.", "action.contacts")
        if cue_ball == "pocket" and cue_pocket is None:
            raise InputError("Биток упал в лузу: укажите, в какую (поле action.cue_pocket).", "action.cue_pocket")
        if cue_ball != "pocket" and cue_pocket is not None:
            raise InputError("Луза битка указана, но биток в лузу не падал.", "action.cue_pocket")
        must_respot = set(pocketed) | set(jumped) | set(state.off_table)
        for ball in occupied:
            if ball not in must_respot:
                raise InputError(f"Шар {ball} не нужно выставлять после этого удара, поэтому занятость его "
                                 "отметки указывать не нужно.", "action.spot_occupied")
        if state.score(state.current) == LIMIT_CAROM and cue_ball == "pocket" and called is None:
            raise InputError("У игрока 100 очков и биток упал в лузу: укажите заказанную лузу "
                             "(поле action.called_pocket), без неё правило 6 не применить.", "action.called_pocket")
        return Shot(tuple(pocketed), tuple(contacts), cushion, cue_ball, cue_pocket, called,
                    tuple(jumped), tuple(occupied))

    # ---- rulings --------------------------------------------------------
    def apply(self, state: State, action, names):
        if isinstance(action, Decision):
            return self.apply_decision(state, action, names)
        if state.breaking and (not action.contacts or action.contacts[0] != 3):
            return self.bad_break(state, action, names)
        return self.apply_shot(state, action, names)

    def apply_decision(self, state: State, action: Decision, names):
        chooser = state.decision
        breaker = state.current
        nxt = breaker if action.choice == "repeat" else chooser
        new = replace(state, decision=None, current=nxt, cue_in_hand="dom", off_table=frozenset())
        summary = f"{names[chooser]}: {DECISIONS[action.choice]}. Начальный удар выполняет {names[nxt]}."
        ruling = Ruling(kind="decision", player=chooser, summary=summary,
                        lines=("Начальный удар выполняется с руки из «дома», шары расставляются как в начале игры.",),
                        scores=new.scores(), next_player=nxt, clauses=("kovboy-break",),
                        tolkovaniya=("kovboy-t-bad-break",))
        return ruling, new

    def bad_break(self, state: State, shot: Shot, names):
        p = state.current
        chooser = state.next_active(p)
        first = BALL_GENITIVE[shot.contacts[0]] if shot.contacts else "ни одного шара"
        new = replace(state, decision=chooser)
        decision = pending_decision(new, names)
        ruling = Ruling(
            kind="shot", player=p,
            summary=f"Неправильный начальный удар: биток вначале коснулся {first}, а не тройки. "
                    f"Выбирает {names[chooser]}.",
            lines=("При начальном ударе биток должен вначале коснуться тройки.",
                   "Соперник вправе потребовать повторения начального удара или выполнить его сам.",
                   "Очки и нарушения этого удара не учитываются."),
            scores=new.scores(), next_player=None, clauses=("kovboy-break",),
            tolkovaniya=("kovboy-t-bad-break",), decision=decision)
        return ruling, new

    def apply_shot(self, state: State, shot: Shot, names):
        p = state.current
        before = state.score(p)
        fouls: list[Foul] = []
        clauses: list[str] = []
        tolk: list[str] = []
        lines: list[str] = []
        pocket_pts = sum(shot.pocketed)
        carom_pts = CAROM_POINTS.get(len(shot.contacts), 0)
        anything_pocketed = bool(shot.pocketed) or shot.cue_ball == "pocket"
        won = False
        gain = 0
        if state.breaking:
            clauses.append("kovboy-break")
            lines.append("Начальный удар правильный: биток вначале коснулся тройки.")

        # Rule 2: after a contact, a ball must reach a cushion (a pocketed ball counts).
        if shot.contacts and not shot.cushion:
            if anything_pocketed:
                tolk.append("kovboy-t-pocket-is-cushion")
                lines.append("Шар упал в лузу — это засчитывается как достижение борта.")
            else:
                fouls.append(Foul("no-cushion", "kovboy-rule-2",
                                  "После касания ни биток, ни прицельный шар не дошёл до борта."))

        if before == LIMIT_CAROM:
            # Rule 6: the player on 100 may only play the cue ball off the 1 into the called pocket.
            clauses.append("kovboy-rule-6")
            if shot.cue_ball == "pocket" and shot.cue_pocket != shot.called_pocket:
                fouls.append(Foul("uncalled-pocket", "kovboy-rule-6",
                                  f"Биток упал в незаказанную лузу ({POCKET_NAMES[shot.cue_pocket]})."))
            if 1 not in shot.contacts:
                fouls.append(Foul("missed-1", "kovboy-rule-6", "Биток не попал по единице."))
            others = [b for b in shot.contacts if b != 1]
            if others:
                fouls.append(Foul("touched-other", "kovboy-rule-6",
                                  f"Биток задел {'шар' if len(others) == 1 else 'шары'} {ball_list(others)}."))
            if shot.cue_ball == "off":
                fouls.append(Foul("cue-off", "kovboy-cue-ball-out", "Биток вылетел за борт."))
                tolk.append("kovboy-t-cue-off-table")
            if not fouls and shot.contacts == (1,) and shot.cue_ball == "pocket":
                won = True
                gain = 1
                clauses += ["kovboy-scoring-101", "kovboy-rule-7", "kovboy-goal"]
                lines.append("Биток сыгран карамболем от единицы в заказанную лузу и не коснулся других шаров: "
                             "победное 101-е очко. Падение битка в лузу здесь не нарушение.")
            elif not fouls:
                tolk.append("kovboy-t-at-100")
                lines.append("При 100 очках очки даёт только победный удар от единицы в заказанную лузу.")
        else:
            if shot.pocketed and before < LIMIT_ANY:
                clauses.append("kovboy-scoring-1")
                lines.append(f"Забит{'ы' if len(shot.pocketed) > 1 else ''} {ball_list(shot.pocketed)}: "
                             f"{ru.points(pocket_pts)}.")
            if carom_pts:
                clauses.append("kovboy-scoring-2" if carom_pts == 1 else "kovboy-scoring-3")
                lines.append(f"Карамболь по {'двум' if carom_pts == 1 else 'трём'} прицельным шарам: "
                             f"{ru.points(carom_pts)}.")
            if shot.pocketed and carom_pts and before < LIMIT_ANY:
                clauses.append("kovboy-scoring-sum")
            if before < LIMIT_ANY:
                gain = pocket_pts + carom_pts
                clauses.append("kovboy-scoring")
                if before + gain > LIMIT_ANY:
                    fouls.append(Foul("over-90", "kovboy-rule-4",
                                      f"{before} + {gain} = {before + gain}: превышено 90 очков, "
                                      "а набрать нужно ровно 90."))
            else:
                clauses.append("kovboy-scoring-91-100")
                gain = carom_pts
                if shot.pocketed:
                    fouls.append(Foul("pocketed-after-90", "kovboy-rule-5",
                                      f"При счёте от 91 до 100 очки набираются только карамболями, а в лузу упал "
                                      f"{'шар' if len(shot.pocketed) == 1 else 'шары'} {ball_list(shot.pocketed)}."))
                if before + carom_pts > LIMIT_CAROM:
                    fouls.append(Foul("carom-over-100", "kovboy-scoring-101",
                                      f"{before} + {carom_pts} = {before + carom_pts}: 101-е очко можно набрать "
                                      "только ударом от единицы в заказанную лузу."))
                    tolk.append("kovboy-t-99-three-carom")
            if shot.cue_ball == "pocket":
                fouls.append(Foul("cue-pocketed", "kovboy-rule-7", "Биток упал в лузу."))
            elif shot.cue_ball == "off":
                fouls.append(Foul("cue-off", "kovboy-cue-ball-out", "Биток вылетел за борт."))
                tolk.append("kovboy-t-cue-off-table")
            if not shot.contacts:
                tolk.append("kovboy-t-miss")
                lines.append("Биток не коснулся ни одного шара: очков нет.")

        n = len(state.committed)
        committed = list(state.committed)
        fouls_in_row = list(state.fouls_in_row)
        out = list(state.out)
        series = state.series
        winner = None
        finished = False
        eliminated = None
        cue_in_hand = None
        turn_continues = False
        points = 0

        if fouls:
            clauses.append("kovboy-penalty")
            cancelled = series
            fouls_in_row[p] += 1
            if fouls_in_row[p] >= 2:
                clauses.append("kovboy-rule-8")
            if cancelled:
                lines.append(f"Нарушение: серия окончена, {ru.points(cancelled)} серии не засчитываются; "
                             f"счёт возвращается к {committed[p]}.")
            else:
                lines.append("Нарушение: серия окончена, очки не вычитаются.")
            if fouls_in_row[p] >= 3:
                tolk.append("kovboy-t-fouls-in-row")
                out[p] = True
                eliminated = p
                active = [i for i in range(n) if not out[i]]
                lines.append(f"{names[p]}: три нарушения подряд — поражение в партии.")
                if len(active) == 1:
                    winner, finished = active[0], True
                else:
                    tolk.append("kovboy-t-rule-8-many-players")
            elif fouls_in_row[p] == 2:
                lines.append(f"{names[p]}: два нарушения подряд; третье подряд — поражение (правило 8).")
            series = 0
            if shot.cue_ball in ("pocket", "off"):
                clauses.append("kovboy-cue-ball-out")
                cue_in_hand = "front-line"
                lines.append("Следующий игрок играет с руки из-за передней линии.")
            else:
                lines.append("Следующий игрок принимает сложившуюся позицию.")
        else:
            fouls_in_row[p] = 0
            if won:
                committed[p] = state.committed[p] + series + gain
                series = 0
                points = gain
                winner, finished = p, True
            elif gain > 0:
                points = gain
                series += gain
                turn_continues = True
                clauses.append("kovboy-rule-1")
                lines.append(f"Удар результативный: серия продолжается (в серии {ru.points(series)}).")
            else:
                clauses.append("kovboy-rule-1")
                committed[p] += series
                lines.append("Удар без очков: серия окончена" +
                             (f", {ru.points(series)} серии засчитаны." if series else "."))
                series = 0

        # Respotting (rule 3): pocketed and jumped balls, and balls waiting off the table.
        off_table = frozenset()
        if not finished:
            to_respot = set(shot.pocketed) | set(shot.jumped) | set(state.off_table)
            off_table = frozenset(shot.spot_occupied)
            if to_respot:
                clauses.append("kovboy-rule-3")
                back = sorted(to_respot - off_table)
                if back:
                    lines.append(f"На отметки выставляются: {ball_list(back)}.")
                if off_table:
                    clauses.append("kovboy-setup")
                    lines.append(f"Отметка занята — вне игры до её освобождения: {ball_list(off_table)}.")
                    tolk.append("kovboy-t-spot-occupied")
            if shot.pocketed and (fouls or gain == 0):
                clauses.append("kovboy-wrong-pocketed")
            if shot.jumped:
                clauses.append("kovboy-jumped")
                lines.append(f"Выскочивш{'ий' if len(shot.jumped) == 1 else 'ие'} за борт "
                             f"{ball_list(shot.jumped)} выставля{'ется' if len(shot.jumped) == 1 else 'ются'} без штрафа.")

        nxt = p if (turn_continues or finished) else next_active(out, p)
        new = State(committed=tuple(committed), fouls_in_row=tuple(fouls_in_row), out=tuple(out),
                    current=nxt, series=series if nxt == p else 0, off_table=off_table, breaking=False,
                    cue_in_hand=cue_in_hand, finished=finished, winner=winner)

        # Rule 3, last sentence: a player on 100 with the 1 off the table: full re-rack.
        if not finished and new.score(nxt) == LIMIT_CAROM and 1 in new.off_table:
            new = replace(new, off_table=frozenset(), cue_in_hand="front-line")
            clauses.append("kovboy-rule-3")
            tolk.append("kovboy-t-reset-at-100")
            lines.append(f"{names[nxt]}: 100 очков, а место единицы занято — все шары расставляются заново, "
                         "удар с руки из-за передней линии.")

        if finished:
            summary = (f"Победа: {names[winner]} — 101-е очко набрано." if won else
                       f"Победа: {names[winner]}. {names[p]}: три нарушения подряд — поражение.")
        elif fouls:
            summary = f"Фол: {fouls[0].text} Следующий удар: {names[nxt]}."
        elif turn_continues:
            summary = f"+{ru.points(points)}, серия продолжается. {names[p]}: {ru.points(new.score(p))}."
        else:
            summary = f"Очков нет, серия окончена. {names[p]}: {ru.points(new.score(p))}. Следующий удар: {names[nxt]}."

        ruling = Ruling(
            kind="shot", player=p, summary=summary, lines=tuple(lines), points=points,
            fouls=tuple(fouls), scores=new.scores(), next_player=None if finished else nxt,
            turn_continues=turn_continues, finished=finished, winner=winner,
            clauses=self.cite(clauses + [f.clause for f in fouls]), tolkovaniya=self.cite(tolk),
            extra={"score_before": before, "series": new.series if nxt == p else 0,
                   "eliminated": eliminated, "fouls_in_row": fouls_in_row[p],
                   "off_table": sorted(new.off_table), "cue_in_hand": new.cue_in_hand})
        return ruling, new

    # ---- view -----------------------------------------------------------
    def view(self, state: State, names) -> dict:
        players = [{"name": names[i], "score": state.score(i), "committed": state.committed[i],
                    "fouls_in_row": state.fouls_in_row[i], "out": state.out[i],
                    "current": i == state.current and not state.finished}
                   for i in range(len(names))]
        if state.finished:
            status = f"Партия окончена. Победитель: {names[state.winner]}."
        elif state.decision is not None:
            status = f"{names[state.decision]} выбирает, как быть с неправильным начальным ударом."
        else:
            status = f"Ход: {names[state.current]}"
            if state.breaking:
                status += " (начальный удар с руки из «дома»: биток должен вначале коснуться тройки)"
            elif state.series:
                status += f" (в серии {ru.points(state.series)})"
            status += "."
        decision = pending_decision(state, names)
        return {"players": players, "current": None if state.finished else state.current,
                "finished": state.finished, "winner": state.winner, "decision": decision, "status": status,
                "extra": {"series": state.series, "off_table": sorted(state.off_table),
                          "cue_in_hand": state.cue_in_hand, "opening_break": state.breaking}}

    # ---- random play ------------------------------------------------------
    def random_action(self, state: State, rng) -> dict:
        if state.decision is not None:
            return {"type": "decision", "choice": rng.choice(tuple(DECISIONS))}
        free = [b for b in BALLS if b not in state.off_table]
        k = min(len(free), rng.choices((0, 1, 2, 3), weights=(1, 4, 4, 2))[0])
        contacts = rng.sample(free, k)
        if state.breaking and free and rng.random() < 0.8:
            contacts = [3] + [b for b in contacts if b != 3]
        action: dict = {"type": "shot", "contacts": contacts}
        if contacts:
            action["pocketed"] = [b for b in free if rng.random() < 0.3]
            action["jumped"] = [b for b in free if b not in action["pocketed"] and rng.random() < 0.05]
        action["cushion"] = rng.random() < 0.85
        fate = rng.choices(CUE_FATES, weights=(8, 2, 1))[0]
        action["cue_ball"] = fate
        if fate == "pocket":
            action["cue_pocket"] = rng.choice(POCKET_IDS)
        if state.score(state.current) == LIMIT_CAROM:
            action["called_pocket"] = action.get("cue_pocket") if rng.random() < 0.7 and fate == "pocket" \
                else rng.choice(POCKET_IDS)
            if rng.random() < 0.5:
                action["contacts"] = [1] if 1 in free else contacts
                action["pocketed"], action["jumped"] = [], []
        respot = set(action.get("pocketed", ())) | set(action.get("jumped", ())) | set(state.off_table)
        action["spot_occupied"] = sorted(b for b in respot if rng.random() < 0.1)
        return action

    def random_situation(self, rng) -> dict:
        score = rng.choice((rng.randint(0, 100), rng.randint(80, 100), 100, 90, 89, 99))
        return {"score": score, "series": rng.randint(0, score), "fouls_in_row": rng.randint(0, 2),
                "opening_break": False, "off_table": [b for b in BALLS if rng.random() < 0.05]}
