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

A possible position (:meth:`Kovboy.check_position`): a running series means the
shooter's last shot was correct, so he has no fouls in a row; the opening break
is played at 0 with nothing off the table; at most two object balls wait off the
table (a spot is taken by a ball still on the table, and the cue ball alone
takes one spot at most); a player on 100 never has the 1 waiting off the table
(rule 3 re-racks). A possible shot (:meth:`Kovboy.check_action`): a ball either
falls or jumps, never both; balls off the table are not touched; nothing falls
without a contact; a spot reported taken belongs to a ball to be respotted and
has a ball on the table to take it (after all three object balls fell, only
the cue ball that stayed on the table can take one: толкование spot-occupied).
Players: any number the text allows, up to the engine's cap MAX_PLAYERS_HARD
(толкование players-limit). The cue ball off the table is a foul by the
толкование cue-off-table; the clause cue-ball-out decides only who plays from hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import MAX_PLAYERS_HARD, Game, NOT_COMPUTABLE, citation_makers, impossible, score_reasons
from ..errors import StateError
from ..fields import ActionSpec, Bool, Choice, Int, Sequence, Set
from ..why import Why
from .. import ru
from ..table import POCKETS, POCKET_NAMES

BALLS = (1, 3, 5)
TARGET = 101
LIMIT_ANY = 90
LIMIT_CAROM = 100
CAROM_POINTS = {2: 1, 3: 2}
BALL_NAMES = {1: "единица", 3: "тройка", 5: "пятёрка"}
BALL_GENITIVE = {1: "единицы", 3: "тройки", 5: "пятёрки"}
# Where a ball list of the shot is, in words (an error names the list, never its request path).
WHERE_BALLS = {"contacts": "среди шаров, которых коснулся биток", "pocketed": "среди упавших в лузу",
               "jumped": "среди вылетевших за борт"}
BALL_CHOICES = tuple((b, f"{b} ({BALL_NAMES[b]})") for b in BALLS)
CUE_FATES = (("table", "остался на столе"), ("pocket", "упал в лузу"), ("off", "вылетел за борт"))
DECISIONS = {"repeat": "потребовать повторения начального удара", "take": "выполнить начальный удар самому"}


C, T = citation_makers("kovboy")


CLAUSES = (
    C("intro", "Ковбой сочетает карамболь и лузный бильярд", NOT_COMPUTABLE, "Описание игры, а не правило."),
    C("summary", "Последний удар — биток карамболем от единицы в лузу", NOT_COMPUTABLE,
      "Краткое описание; само правило — в пункте о 101-м очке."),
    C("players", "Количество игроков: любое", decides=("setup",)),
    C("balls", "Шары: единица, тройка, пятёрка и биток", decides=("setup",)),
    C("setup", "Расстановка шаров", decides=("respot",)),
    C("goal", "Цель: первым набрать 101 очко", decides=("outcome",)),
    C("scoring", "Первые 90 очков — любым способом", decides=("score",)),
    C("scoring-1", "Забитый шар: очки по номеру шара", decides=("score",)),
    C("scoring-2", "Карамболь по двум шарам — 1 очко", decides=("score",)),
    C("scoring-3", "Карамболь по трём шарам — 2 очка", decides=("score",)),
    C("scoring-91-100", "Очки от 91 до 100 — только карамболями", decides=("score",)),
    C("scoring-101", "101-е очко — биток от единицы в заказанную лузу", decides=("score", "outcome")),
    C("scoring-sum", "Очки за один удар суммируются, не больше 11", decides=("score",)),
    C("break", "Начальный удар: биток должен вначале коснуться тройки", decides=("setup", "decision", "turn")),
    C("rule-1", "Правило 1: результативный удар продолжает серию", decides=("turn",)),
    C("rule-2", "Правило 2: после касания шар должен дойти до борта", decides=("foul",)),
    C("rule-3", "Правило 3: забитые шары выставляются на отметки", decides=("respot",)),
    C("rule-4", "Правило 4: ровно 90 очков, перебор — фол", decides=("foul",)),
    C("rule-5", "Правило 5: при 91–100 забитый шар — фол", decides=("foul",)),
    C("rule-6", "Правило 6: фолы игрока, набравшего 100 очков", decides=("foul",)),
    C("rule-7", "Правило 7: падение битка — фол, кроме победного удара", decides=("foul", "outcome")),
    C("rule-8", "Правило 8: три нарушения подряд — поражение", decides=("outcome",)),
    C("wrong-pocketed", "Неправильно забитые шары выставляются без штрафа", decides=("respot",)),
    C("jumped", "Выскочившие прицельные шары выставляются без штрафа", decides=("respot",)),
    C("cue-ball-out", "Биток за бортом или в лузе: следующий играет с руки из-за передней линии",
      decides=("turn",)),
    C("penalty", "Штраф: серия заканчивается, её очки не засчитываются", decides=("penalty", "turn")),
)


TOLKOVANIYA = (
    T("99-three-carom", "Карамболь по трём шарам при 99 очках — фол",
      "При 99 очках карамболь по трём шарам дал бы 101 очко обычным способом. Текст разрешает набрать "
      "101-е очко только победным ударом от единицы, поэтому, по аналогии с правилом 4 (перебор 90 — фол), "
      "перебор 100 карамболем считается фолом.", ("scoring-101", "rule-4")),
    T("at-100", "При 100 очках другие удары очков не дают",
      "Игрок со 100 очками может набрать только победное 101-е очко. Если он не нарушил правило 6, но и "
      "не выполнил победный удар (например, биток остался на столе), очков он не получает и серия "
      "заканчивается; забитый при этом прицельный шар выставляется без штрафа: фолы при 100 очках перечисляет "
      "правило 6, к ним добавляются падение битка в лузу (правило 7) и его вылет за борт (толкование «Вылет "
      "битка за борт — нарушение»), а падения прицельного шара среди них нет.", ("scoring-101", "rule-6")),
    T("pocket-is-cushion", "Шар, упавший в лузу или вылетевший за борт, дошёл до борта",
      "Правило 2 требует, чтобы после касания биток или прицельный шар дошёл до борта. Шар, упавший в лузу, "
      "считается дошедшим до борта: иначе чистый удар в лузу — главный способ набора очков по пункту 1 — "
      "был бы фолом. Шар, вылетевший за борт, тем более пересёк борт.", ("rule-2", "scoring-1")),
    T("miss", "Промах при счёте ниже 100 — не фол",
      "Текст называет промах фолом только для игрока со 100 очками (правило 6: «непопадание по единице»), "
      "а правило 2 действует лишь после касания битком прицельного шара. Поэтому удар, при котором биток "
      "не коснулся ни одного шара, при счёте ниже 100 фолом не считается: очков нет, серия заканчивается.",
      ("rule-2", "rule-6")),
    T("scoreless-ends-series", "Удар без очков заканчивает серию",
      "Правило 1 даёт право продолжить серию только после правильного результативного удара. Поэтому "
      "правильный удар без очков серию заканчивает, а набранные в ней очки засчитываются: не засчитываются "
      "они только при нарушении (раздел «Штрафы за нарушения»).", ("rule-1", "penalty")),
    T("cue-off-table", "Вылет битка за борт — нарушение",
      "Правило 7 называет нарушением падение битка в лузу; о вылете битка за борт прямо не сказано. Раздел "
      "«Штрафы за нарушения» говорит о нарушениях, «сопровождавшихся выскакиванием за борт или падением в "
      "лузу битка», то есть считает вылет битка нарушением; так и считается.", ("cue-ball-out", "penalty", "rule-7")),
    T("fouls-in-row", "Три нарушения подряд считаются у одного игрока",
      "«Три нарушения подряд» — это три фола одного игрока в трёх его ударах подряд, в том числе в разных "
      "подходах; любой его удар без нарушения обнуляет счётчик. Повтор начального удара нарушением не "
      "является и счётчик не меняет. Поэтому у игрока, который ведёт серию, нарушений подряд нет: его "
      "предыдущий удар был правильным.", ("rule-8",)),
    T("players-limit", "Сколько игроков принимает калькулятор",
      f"Текст разрешает любое число игроков. Счёт партии принимает от 2 до {MAX_PLAYERS_HARD} игроков: один "
      "игрок партию не сыграет (начальный удар, выбор соперника, правило 8), а верхний предел — ограничение "
      "инструмента (размер запроса и таблицы счёта на экране телефона), а не правило игры.", ("players",)),
    T("rule-8-many-players", "Три нарушения при нескольких игроках",
      "Если игроков больше двух, проигравший по правилу 8 выбывает, остальные продолжают; если остаётся "
      "один игрок, он побеждает.", ("rule-8", "players")),
    T("bad-break", "Неправильный начальный удар не засчитывается",
      "Если биток вначале не коснулся тройки, соперник выбирает: потребовать повторения или выполнить "
      "начальный удар самому. В обоих случаях начальный удар выполняется заново с расстановкой как в начале "
      "игры, поэтому очки и нарушения неправильного начального удара не учитываются. При нескольких игроках "
      "выбирает следующий по очереди игрок.", ("break",)),
    T("spot-occupied", "Когда отметка занята и когда освобождается",
      "Шар, отметка которого занята, остаётся вне игры. После каждого следующего удара он выставляется, "
      "если отметка свободна; занятость отметки указывает пользователь. Отметку занимает шар, оставшийся "
      "на столе: прицельный шар или биток, каждый — не больше одной отметки. Поэтому вне игры одновременно "
      "могут ждать не больше двух прицельных шаров, а если на столе остался один биток — не больше одного. "
      "В частности, если все три прицельных шара упали в лузу (или вылетели) и биток остался на столе, "
      "занятой может быть указана одна отметка: её занимает биток, и решение так и говорит. Если же биток "
      "упал в лузу или вылетел, занять отметку нечем, и такой удар отклоняется как невозможный.",
      ("rule-3",)),
    T("reset-at-100", "Перестановка для игрока со 100 очками",
      "Место единицы считается занятым, если единица ждёт вне игры освобождения своей отметки. Перестановка "
      "по правилу 3 делается и тогда, когда игрок набрал 100 очков посреди своей серии: иначе он не смог бы "
      "сыграть по единице. Поэтому позиции, в которой игрок со 100 очками бьёт, а единица ждёт вне игры, "
      "не бывает.", ("rule-3",)),
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
    no_call: bool = False  # a player on 100 called no pocket


@dataclass(frozen=True)
class Decision:
    choice: str


# ---- fields, declared once ---------------------------------------------------

SHOT_FIELDS = (
    Sequence(name="contacts", label="Каких прицельных шаров коснулся биток (по порядку)",
             options=BALL_CHOICES, default=(), always=True, what="шар",
             help="Первым — шар, которого биток коснулся первым. Если биток не коснулся ни одного шара, отметьте «Промах»."),
    Set(name="pocketed", label="Какие прицельные шары упали в лузу", options=BALL_CHOICES, default=(), what="шар"),
    Bool(name="cushion", label="После касания биток или прицельный шар дошёл до борта", default=True),
    Choice(name="cue_ball", label="Биток после удара", options=CUE_FATES, default="table"),
    Choice(name="cue_pocket", label="В какую лузу упал биток", options=POCKETS, when={"cue_ball": "pocket"}),
    Choice(name="called_pocket", label="Заказанная луза (при 100 очках)", options=POCKETS,
           default=None, optional=True),
    # not calling is a real situation at the table (rule 6: the cue ball into an uncalled pocket is a foul);
    # with neither a pocket nor this, the pocket is unknown and a ruling that needs it is refused
    Bool(name="no_call", label="Луза не заказана (при 100 очках)", default=False,
         help="Игрок со 100 очками не заказал лузу: падение битка в любую лузу — нарушение (правило 6)."),
    Set(name="jumped", label="Какие прицельные шары вылетели за борт", options=BALL_CHOICES, default=(), what="шар"),
    Set(name="spot_occupied", label="Чья отметка занята (шар остаётся вне игры)", options=BALL_CHOICES,
        default=(), what="шар", help="Только для шаров, которые после удара надо выставить."),
)

DECISION_FIELDS = (
    Choice(name="choice", label="Решение соперника",
           options=tuple((k, ru.sentence(v)) for k, v in DECISIONS.items())),
)

SITUATION_FIELDS = (
    Int(name="score", label="Очки игрока перед ударом (вместе с текущей серией)", min=0, max=LIMIT_CAROM,
        default=0, help="При 101 очке партия уже выиграна.", lead=True),
    Int(name="series", label="Из них набрано в текущей серии", min=0, max=LIMIT_CAROM, default=0),
    Int(name="fouls_in_row", label="Нарушений подряд у игрока перед ударом", min=0, max=2, default=0),
    Bool(name="opening_break", label="Это начальный удар партии", default=False),
    Set(name="off_table", label="Шары вне игры (их отметка занята)", options=BALL_CHOICES, default=(), what="шар"),
)


def pending_decision(state: "State", names) -> dict | None:
    if state.decision is None:
        return None
    return {"player": state.decision, "clause": "kovboy-break",
            "question": f"{names[state.decision]}, начальный удар неправильный. Ваш выбор:",
            "options": [{"id": k, "label": label} for k, label in DECISION_FIELDS[0].options]}


def ball_list(balls) -> str:
    return ru.join_and(str(b) for b in sorted(balls))


def balls_phrase(balls) -> str:
    """«шар 5», «шары 1 и 3»."""
    return f"{'шар' if len(balls) == 1 else 'шары'} {ball_list(balls)}"


def spot_takers(off_before, shot: Shot) -> list[str]:
    """What can take a spot after ``shot``: the object balls still on the table
    (neither fallen, nor jumped, nor waiting off) and the cue ball if it stayed."""
    staying = [f"шар {b}" for b in BALLS if b not in shot.pocketed and b not in shot.jumped and b not in off_before]
    return staying + (["биток"] if shot.cue_ball == "table" else [])


def banked_phrase(series: int) -> str:
    """«, 21 очко серии засчитано» (empty for an empty series)."""
    return ", " + ru.counted(series, ru.POINTS, "серии", "засчитано", "засчитаны") if series else ""


def series_lost(cancelled: int, committed: int) -> str:
    """A foul's cost, one sentence for the line and «почему» alike (said once: the тренажёр showed
    «18 очков серии не засчитываются.» and «Нарушение: серия окончена, 18 очков…» one under the other)."""
    return (f"Серия окончена, {ru.counted(cancelled, ru.POINTS, 'серии', 'не засчитывается', 'не засчитываются')}; "
            f"счёт возвращается к {committed}.")


def foul_list(fouls) -> str:
    return "; ".join(ru.after_colon(f.text.rstrip(".")) for f in fouls)


class Kovboy(Game):
    id = "kovboy"
    title = "Ковбой"
    seed = "000"
    min_players = 2
    # «Количество игроков. Любое число.» The text sets no limit; the engine's own cap on the list of names
    # (a tool limit that keeps requests and the score table small, not a rule) is the only one: толкование
    # kovboy-t-players-limit.
    max_players = MAX_PLAYERS_HARD
    clauses = CLAUSES
    tolkovaniya = TOLKOVANIYA

    # ---- declaration ----------------------------------------------------
    def action_specs(self):
        return (ActionSpec("shot", "Удар", SHOT_FIELDS),
                ActionSpec("decision", "Выбор после неправильного начального удара", DECISION_FIELDS))

    def situation_fields(self):
        return SITUATION_FIELDS

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State(committed=(0,) * n_players, fouls_in_row=(0,) * n_players, out=(False,) * n_players)

    def build_situation(self, values: dict, options: dict) -> State:
        score, series = values["score"], values["series"]
        breaking = values["opening_break"]
        return State(committed=(score - series, 0), fouls_in_row=(values["fouls_in_row"], 0), out=(False, False),
                     series=series, off_table=frozenset(values["off_table"]), breaking=breaking,
                     cue_in_hand="dom" if breaking else None)

    def check_position(self, state: State) -> None:
        p = state.current
        score, series, fouls = state.score(p), state.series, state.fouls_in_row[p]
        if series > score:
            impossible(f"Очки серии ({series}) не могут быть больше очков игрока ({score}).", "situation.series")
        if series and fouls:
            impossible(f"При серии {ru.points(series)} предыдущий удар был правильным, и по толкованию «Три "
                       f"нарушения подряд считаются у одного игрока» нарушений подряд не может быть {fouls}.",
                       "situation.fouls_in_row")
        if state.breaking and (any(state.committed) or series or state.off_table or any(state.fouls_in_row)):
            impossible("Начальный удар делается при счёте 0, без шаров вне игры и без нарушений.",
                       "situation.opening_break")
        if len(state.off_table) == len(BALLS):
            impossible("Все три прицельных шара не могут быть вне игры: по толкованию «Когда отметка занята и когда "
                       "освобождается» отметку занимает шар, оставшийся на столе, а на столе остался бы один биток, "
                       "который занимает не больше одной отметки.",
                       "situation.off_table")
        if not state.finished and score == LIMIT_CAROM and 1 in state.off_table:
            impossible("У игрока 100 очков, а единица вне игры. По правилу 3 перед ударом игрока, набравшего "
                       "100 очков, при занятом месте единицы все шары расставляются заново, а по толкованию "
                       "«Перестановка для игрока со 100 очками» и тогда, когда 100 набраны посреди серии, так что "
                       "единица вне игры не остаётся.", "situation.off_table")
        for i, s in enumerate(state.scores()):
            if s > LIMIT_CAROM and state.winner != i:
                impossible(f"{ru.points(s)} бывает только у победителя партии.", "situation.score")

    def check_turn(self, state: State, kind: str) -> None:
        if state.decision is not None and kind != "decision":
            raise StateError("Сначала соперник должен выбрать, как быть с неправильным начальным ударом.")
        if kind == "decision" and state.decision is None:
            raise StateError("Сейчас никакого выбора делать не нужно.")

    def player_count(self, state: State) -> int:
        return len(state.committed)

    def build_action(self, kind: str, values: dict, state: State):
        if kind == "decision":
            return Decision(values["choice"])
        return Shot(pocketed=values["pocketed"], contacts=values["contacts"], cushion=values["cushion"],
                    cue_ball=values["cue_ball"], cue_pocket=values["cue_pocket"],
                    called_pocket=values["called_pocket"], jumped=values["jumped"],
                    spot_occupied=values["spot_occupied"], no_call=values["no_call"])

    def check_action(self, state: State, shot) -> None:
        if isinstance(shot, Decision):
            return
        for ball in shot.pocketed:
            if ball in shot.jumped:
                impossible(f"Шар {ball} не может одновременно упасть в лузу и вылететь за борт.", "action.jumped")
        for name, balls in (("contacts", shot.contacts), ("pocketed", shot.pocketed), ("jumped", shot.jumped)):
            for ball in balls:
                if ball in state.off_table:
                    impossible(f"Шар {ball} сейчас вне игры (его отметка была занята), "
                               f"его нельзя указать {WHERE_BALLS[name]}.", f"action.{name}")
        if (shot.pocketed or shot.jumped) and not shot.contacts:
            impossible("Биток не коснулся ни одного прицельного шара, значит ни один шар не мог упасть "
                       "в лузу или вылететь за борт. Укажите, каких шаров коснулся биток.", "action.contacts")
        must_respot = set(shot.pocketed) | set(shot.jumped) | set(state.off_table)
        for ball in shot.spot_occupied:
            if ball not in must_respot:
                impossible(f"Шар {ball} не нужно выставлять после этого удара, поэтому занятость его "
                           "отметки указывать не нужно.", "action.spot_occupied")
        takers = spot_takers(state.off_table, shot)
        if len(shot.spot_occupied) > len(takers):
            whose = f"{'шара' if len(shot.spot_occupied) == 1 else 'шаров'} {ball_list(shot.spot_occupied)}"
            if not takers:
                impossible(f"Отметка {whose} указана занятой, но занять её нечем: прицельные шары упали в лузу, "
                           "вылетели или ждут вне игры, а биток на столе не остался.", "action.spot_occupied")
            impossible(f"Отметки {whose} указаны занятыми, но после удара на столе "
                       f"{'остался' if len(takers) == 1 else 'остались'} только {ru.join_and(takers)}, "
                       "а каждый шар занимает не больше одной отметки.", "action.spot_occupied")
        self._check_call(state, shot)

    def _check_call(self, state: State, shot: Shot) -> None:
        """The call matters at 100 only: a pocket or «не заказана», never both."""
        at_100 = state.score(state.current) == LIMIT_CAROM
        if shot.no_call and not at_100:
            impossible("«Луза не заказана» относится только к удару игрока со 100 очками (правило 6), а у игрока "
                       f"{ru.points(state.score(state.current))}.", "action.no_call")
        if shot.no_call and shot.called_pocket is not None:
            impossible(f"Указана заказанная луза ({POCKET_NAMES[shot.called_pocket]}) и отмечено, что луза не "
                       "заказана; оставьте одно из двух.", "action.no_call")
        if at_100 and shot.cue_ball == "pocket" and shot.called_pocket is None and not shot.no_call:
            impossible("У игрока 100 очков и биток упал в лузу: укажите заказанную лузу или отметьте «Луза не "
                       "заказана», без этого правило 6 не применить.", "action.called_pocket")

    # ---- rulings --------------------------------------------------------
    def apply(self, state: State, action, names):
        if isinstance(action, Decision):
            return self.apply_decision(state, action, names)
        if state.breaking and (not action.contacts or action.contacts[0] != 3):
            return self.bad_break(state, action, names)
        return self.apply_shot(state, action, names)

    def apply_decision(self, state: State, action: Decision, names):
        chooser = state.decision
        nxt = state.current if action.choice == "repeat" else chooser
        new = replace(state, decision=None, current=nxt, cue_in_hand="dom", off_table=frozenset())
        why = Why(self)
        why.add("decision", f"{names[chooser]}: {DECISIONS[action.choice]}.", "kovboy-break")
        why.add("setup", "Начальный удар выполняется с руки из «дома», шары расставляются как в начале игры.",
                "kovboy-break", "kovboy-t-bad-break")
        why.decide("info", "kovboy-break")
        summary = f"{names[chooser]}: {DECISIONS[action.choice]}. Начальный удар выполняет {names[nxt]}."
        return why.ruling(kind="decision", player=chooser, summary=summary, scores=new.scores(),
                          next_player=nxt, extra={"choice": DECISIONS[action.choice]}), new

    def bad_break(self, state: State, shot: Shot, names):
        p = state.current
        chooser = state.next_active(p)
        what = (f"биток вначале коснулся {BALL_GENITIVE[shot.contacts[0]]}, а не тройки" if shot.contacts
                else "биток не коснулся ни одного шара, а вначале должен был коснуться тройки")
        new = replace(state, decision=chooser)
        why = Why(self)
        why.add("decision", f"{ru.sentence(what)}: начальный удар неправильный. "
                f"{names[chooser]} вправе потребовать повторения начального удара или выполнить его сам.",
                "kovboy-break")
        why.add("setup", "Очки и нарушения этого удара не учитываются.", "kovboy-t-bad-break")
        why.decide("decision", "kovboy-break")
        summary = (f"Неправильный начальный удар: {what}. "
                   f"Выбирает {names[chooser]}.")
        return why.ruling(kind="shot", player=p, summary=summary, scores=new.scores(), next_player=None,
                          decision=pending_decision(new, names)), new

    def apply_shot(self, state: State, shot: Shot, names):
        """One shot, in the order of precedence of the rules:
        1. fouls (rules 2, 4–7 and the толкование on 99): any foul cancels the shot's points;
        2. scoring, only without a foul (the ways of scoring, the limits 90/100, the 101st point);
        3. the series: cancelled by a foul (penalty), continued by points (rule 1), else banked;
        4. the outcome: the 101st point wins; a third foul in a row loses (rule 8);
        5. respotting (rule 3, wrongly pocketed and jumped balls);
        6. the turn (who plays, from where), then the re-rack for a player on 100 (rule 3)."""
        p = state.current
        before = state.score(p)
        why = Why(self)
        if state.breaking:
            why.add("setup", "Начальный удар правильный: биток вначале коснулся тройки.", "kovboy-break")
        self._cushion(why, shot)
        if before == LIMIT_CAROM:
            self._fouls_at_100(why, shot)
        else:
            self._limit_fouls(why, before, shot)
            self._cue_fouls(why, shot)
        gain, won, reason = (0, False, "") if why.fouls else self._score(why, before, shot)
        tally = Tally.start(state)
        if why.fouls:
            self._penalty(why, state, tally, names)
        else:
            self._series(why, state, tally, gain, won)
        self._respot(why, state, shot, tally, gain)
        nxt = p if (tally.turn_continues or tally.finished) else next_active(tally.out, p)
        self._next_from(why, shot, tally)
        new = tally.state(state, nxt)
        new = self._rerack_at_100(why, new, names)
        return self._ruling(why, state, shot, new, tally, reason, names), new

    # -- 1. fouls --------------------------------------------------------
    def _cushion(self, why: Why, shot: Shot) -> None:
        """Rule 2: after a contact a ball must reach a cushion (a ball that fell
        or left the table reached it: толкование)."""
        if not shot.contacts or shot.cushion:
            return
        if shot.pocketed or shot.jumped or shot.cue_ball != "table":
            why.reads("cushion", "Шар упал в лузу или вылетел за борт — это засчитывается как достижение борта.",
                      "kovboy-t-pocket-is-cushion")
        else:
            why.foul("no-cushion", "kovboy-rule-2", "После касания ни биток, ни прицельный шар не дошёл до борта.")

    def _fouls_at_100(self, why: Why, shot: Shot) -> None:
        """Rule 6 (and rule 7, the cue ball off the table) for a player on 100."""
        if shot.cue_ball == "pocket" and shot.cue_pocket != shot.called_pocket:
            called = "луза не заказана" if shot.no_call else f"заказана {POCKET_NAMES[shot.called_pocket]}"
            why.foul("uncalled-pocket", "kovboy-rule-6",
                     f"Биток упал в незаказанную лузу ({POCKET_NAMES[shot.cue_pocket]}; {called}).")
        if 1 not in shot.contacts:
            why.foul("missed-1", "kovboy-rule-6", "Биток не попал по единице.")
        others = [b for b in shot.contacts if b != 1]
        if others:
            why.foul("touched-other", "kovboy-rule-6", f"Биток задел {balls_phrase(others)}.")
        if shot.cue_ball == "off":
            why.foul("cue-off", "kovboy-t-cue-off-table", "Биток вылетел за борт.")
        if shot.cue_ball == "pocket" and shot.cue_pocket == shot.called_pocket and why.fouls:
            why.foul("cue-pocketed", "kovboy-rule-7",
                     "Биток упал в лузу, а победный удар выполнен неправильно.")

    def _limit_fouls(self, why: Why, before: int, shot: Shot) -> None:
        """Rules 4 and 5 and the толкование on 99: the limits 90 and 100."""
        pocket_pts, carom_pts = sum(shot.pocketed), CAROM_POINTS.get(len(shot.contacts), 0)
        if before < LIMIT_ANY:
            gain = pocket_pts + carom_pts
            if before + gain > LIMIT_ANY:
                values = (("kovboy-scoring-1",) if pocket_pts else ()) + \
                    ((("kovboy-scoring-2", "kovboy-scoring-3")[carom_pts - 1],) if carom_pts else ()) + \
                    (("kovboy-scoring-sum",) if pocket_pts and carom_pts else ())
                why.foul("over-90", "kovboy-rule-4", f"Превышено 90 очков ({before} + {gain} = {before + gain}), "
                         "а набрать нужно ровно 90.", restates=values)
            return
        if shot.pocketed:
            why.foul("pocketed-after-90", "kovboy-rule-5",
                     f"Очки с 91-го по 100-е набираются только карамболями, а в лузу "
                     f"{'упал' if len(shot.pocketed) == 1 else 'упали'} {balls_phrase(shot.pocketed)}.")
        if before + carom_pts > LIMIT_CAROM:
            why.foul("carom-over-100", "kovboy-t-99-three-carom",
                     f"Карамболь дал бы 101-е очко ({before} + {carom_pts} = {before + carom_pts}), а его можно "
                     "набрать только ударом от единицы в заказанную лузу.",
                     restates=("kovboy-scoring-3", "kovboy-scoring-101"))

    def _cue_fouls(self, why: Why, shot: Shot) -> None:
        """Rule 7 and the cue ball off the table (below 100)."""
        if shot.cue_ball == "pocket":
            why.foul("cue-pocketed", "kovboy-rule-7", "Биток упал в лузу.")
        elif shot.cue_ball == "off":
            why.foul("cue-off", "kovboy-t-cue-off-table", "Биток вылетел за борт.")

    # -- 2. scoring ------------------------------------------------------
    def _score(self, why: Why, before: int, shot: Shot) -> tuple[int, bool, str]:
        """Points of a shot without a foul: (points, won, the reason there are none)."""
        if before == LIMIT_CAROM:
            if shot.contacts == (1,) and shot.cue_ball == "pocket":
                why.add("outcome", "Биток сыгран карамболем от единицы в заказанную лузу и до падения не коснулся "
                        "других прицельных шаров: победное 101-е очко.", "kovboy-scoring-101", "kovboy-goal")
                why.add("outcome", "Падение битка в лузу при правильном последнем ударе — не нарушение.",
                        "kovboy-rule-7")
                why.decide("win", "kovboy-scoring-101")
                return 1, True, ""
            reason = "при 100 очках очки даёт только победный удар от единицы в заказанную лузу"
            why.add("score", ru.sentence(reason) + ".", "kovboy-scoring-101", "kovboy-t-at-100")
            why.decide("no_points", "kovboy-t-at-100")
            return 0, False, reason
        if not shot.contacts:
            reason = "биток не коснулся ни одного шара (промах при счёте ниже 100 — не фол)"
            why.add("score", "Биток не коснулся ни одного шара: очков нет; промах при счёте ниже 100 — не фол.",
                    "kovboy-scoring" if before < LIMIT_ANY else "kovboy-scoring-91-100", "kovboy-t-miss")
            why.decide("no_points", "kovboy-t-miss")
            return 0, False, reason
        carom_pts = CAROM_POINTS.get(len(shot.contacts), 0)
        carom_clause = "kovboy-scoring-2" if carom_pts == 1 else "kovboy-scoring-3"
        if before >= LIMIT_ANY:
            if not carom_pts:
                reason = "очки с 91-го по 100-е дают только карамболи, а биток коснулся только одного прицельного шара"
                why.add("score", ru.sentence(reason) + ".", "kovboy-scoring-91-100")
                why.decide("no_points", "kovboy-scoring-91-100")
                return 0, False, reason
            why.add("score", f"Карамболь по {'двум' if carom_pts == 1 else 'трём'} прицельным шарам: "
                    f"{ru.points(carom_pts)} (очки с 91-го по 100-е — только карамболями).",
                    carom_clause, "kovboy-scoring-91-100")
            why.decide("points", carom_clause)
            return carom_pts, False, ""
        pocket_pts = sum(shot.pocketed)
        if not pocket_pts and not carom_pts:
            reason = "ни один шар не забит и карамболя нет (биток коснулся только одного прицельного шара)"
            why.add("score", ru.sentence(reason) + ".", "kovboy-scoring")
            why.decide("no_points", "kovboy-scoring")
            return 0, False, reason
        if pocket_pts:
            why.add("score", f"{'Забит' if len(shot.pocketed) == 1 else 'Забиты'} {balls_phrase(shot.pocketed)}: "
                    f"{ru.points(pocket_pts)}.", "kovboy-scoring-1", "kovboy-scoring")
        if carom_pts:
            why.add("score", f"Карамболь по {'двум' if carom_pts == 1 else 'трём'} прицельным шарам: "
                    f"{ru.points(carom_pts)}.", carom_clause, "kovboy-scoring")
        if pocket_pts and carom_pts:
            why.add("score", f"Очки удара складываются: {pocket_pts} + {carom_pts} = {pocket_pts + carom_pts}.",
                    "kovboy-scoring-sum")
            why.decide("points", "kovboy-scoring-sum")
        else:
            why.decide("points", "kovboy-scoring-1" if pocket_pts else carom_clause)
        return pocket_pts + carom_pts, False, ""

    # -- 3, 4. the series and the outcome ----------------------------------
    def _penalty(self, why: Why, state: State, tally: "Tally", names) -> None:
        """A foul: the series ends and its points are cancelled; rule 8."""
        p = state.current
        why.decide("foul", why.fouls[0].basis)
        cancelled = state.series
        if cancelled:
            why.add("penalty", series_lost(cancelled, state.committed[p]), "kovboy-penalty")
        else:
            why.add("penalty", "Нарушение: серия окончена, очки не вычитаются.", "kovboy-penalty")
        tally.series = 0
        tally.fouls_in_row[p] += 1
        count = tally.fouls_in_row[p]
        if count == 2:
            why.add("penalty", f"{names[p]}: 2 нарушения подряд; третье подряд — поражение в партии.",
                    "kovboy-t-fouls-in-row", restates=("kovboy-rule-8",))
        if count >= 3:
            self._three_fouls(why, state, tally, names)

    def _three_fouls(self, why: Why, state: State, tally: "Tally", names) -> None:
        p = state.current
        tally.out[p] = True
        tally.eliminated = p
        why.add("outcome", f"{names[p]}: три нарушения подряд — поражение в партии.",
                "kovboy-rule-8", "kovboy-t-fouls-in-row")
        why.decide("loss", "kovboy-rule-8")
        active = [i for i in range(len(tally.out)) if not tally.out[i]]
        many = len(tally.out) > 2
        if len(active) == 1:
            tally.winner, tally.finished = active[0], True
            why.add("outcome", f"Победа: {names[active[0]]}" + (" — остался один игрок." if many else "."),
                    "kovboy-rule-8", *(("kovboy-t-rule-8-many-players",) if many else ()))
        else:
            why.add("outcome", f"{names[p]} выбывает из партии, остальные продолжают.",
                    "kovboy-t-rule-8-many-players")

    def _series(self, why: Why, state: State, tally: "Tally", gain: int, won: bool) -> None:
        """No foul: the 101st point wins; points continue the series (rule 1);
        a shot without points ends it and banks it."""
        p = state.current
        tally.fouls_in_row[p] = 0
        if won:
            tally.committed[p] += state.series + gain
            tally.series, tally.points = 0, gain
            tally.winner, tally.finished = p, True
        elif gain:
            tally.points = gain
            tally.series = state.series + gain
            tally.turn_continues = True
            why.add("turn", f"Удар результативный: серия продолжается (в серии {ru.points(tally.series)}).",
                    "kovboy-rule-1")
        else:
            tally.committed[p] += state.series
            why.add("turn", f"Удар без очков: серия окончена{banked_phrase(state.series)}.",
                    "kovboy-t-scoreless-ends-series")
            tally.series = 0

    # -- 5. respotting -----------------------------------------------------
    def _respot(self, why: Why, state: State, shot: Shot, tally: "Tally", gain: int) -> None:
        if tally.finished:
            return
        to_respot = set(shot.pocketed) | set(shot.jumped) | set(state.off_table)
        tally.off_table = frozenset(shot.spot_occupied)
        back = sorted(to_respot - tally.off_table)
        if back:
            one = len(back) == 1
            why.add("respot", f"На {'свою отметку' if one else 'свои отметки'} "
                    f"{'выставляется' if one else 'выставляются'} {balls_phrase(back)}.",
                    "kovboy-rule-3", "kovboy-setup")
        if tally.off_table:
            takers = spot_takers(state.off_table, shot)
            only = " (занять её мог только биток)" if takers == ["биток"] else ""
            one = len(tally.off_table) == 1
            why.add("respot", f"{'Отметка занята' if one else 'Отметки заняты'}{only}: "
                    f"{balls_phrase(tally.off_table)} {'остаётся' if one else 'остаются'} вне игры "
                    "до освобождения отметки.", "kovboy-rule-3", "kovboy-t-spot-occupied")
        if shot.pocketed and not why.fouls and not gain:
            why.add("respot", f"{'Неправильно забитый шар выставляется' if len(shot.pocketed) == 1 else 'Неправильно забитые шары выставляются'}"
                    " без штрафа.", "kovboy-wrong-pocketed", "kovboy-t-at-100")
        if shot.jumped:
            one = len(shot.jumped) == 1
            why.add("respot", f"{'Выскочивший' if one else 'Выскочившие'} за борт {balls_phrase(shot.jumped)} "
                    f"{'выставляется' if one else 'выставляются'} без штрафа.", "kovboy-jumped")

    # -- 6. the turn -------------------------------------------------------
    def _next_from(self, why: Why, shot: Shot, tally: "Tally") -> None:
        if not why.fouls or tally.finished:
            return
        if shot.cue_ball in ("pocket", "off"):
            tally.cue_in_hand = "front-line"
            why.add("turn", "Следующий игрок играет с руки из-за передней линии.", "kovboy-cue-ball-out")
        else:
            why.add("turn", "Следующий игрок принимает сложившуюся позицию.", "kovboy-penalty")

    def _rerack_at_100(self, why: Why, new: State, names) -> State:
        """Rule 3, last sentence: a player on 100 comes to the table with the 1 off it."""
        if new.finished or new.score(new.current) != LIMIT_CAROM or 1 not in new.off_table:
            return new
        why.add("respot", f"{names[new.current]}: 100 очков, а место единицы занято — все шары расставляются "
                "заново, удар с руки из-за передней линии.", "kovboy-rule-3", "kovboy-setup", "kovboy-t-reset-at-100")
        return replace(new, off_table=frozenset(), cue_in_hand="front-line")

    # -- the summary ---------------------------------------------------------
    def _ruling(self, why: Why, state: State, shot: Shot, new: State, tally: "Tally", reason: str, names):
        p = state.current
        nxt = new.current
        fouls = why.fouls
        if tally.finished and tally.winner == p:
            summary = f"Победа: {names[p]} — 101-е очко набрано."
        elif tally.eliminated is not None:
            summary = f"Поражение: {names[p]} — три нарушения подряд (последнее — {foul_list(fouls)})."
            summary += (f" Победа: {names[tally.winner]}." if tally.finished else
                        f" {names[p]} выбывает из партии. Следующий удар: {names[nxt]}.")
        elif fouls:
            cancelled = state.series
            lost = " " + series_lost(cancelled, state.committed[p]) if cancelled else ""
            summary = f"Фол: {foul_list(fouls)}.{lost} Следующий удар: {names[nxt]}."
        elif tally.turn_continues:
            summary = f"+{ru.points(tally.points)}, серия продолжается. {names[p]}: {ru.points(new.score(p))}."
        else:
            summary = (f"Очков нет: {reason}. Серия окончена{banked_phrase(state.series)}. "
                       f"{names[p]}: {ru.points(new.score(p))}. Следующий удар: {names[nxt]}.")
        return why.ruling(
            kind="shot", player=p, summary=summary, points=tally.points, scores=new.scores(),
            next_player=None if tally.finished else nxt, turn_continues=tally.turn_continues,
            finished=tally.finished, winner=tally.winner,
            extra={"scores_before": list(state.scores()), "score_before": state.score(p), "series": new.series if nxt == p else 0,
                   # the series is not counted after a foul (kovboy-penalty): «−3 очка за серию»
                   "score_reasons": score_reasons(len(names), {p: "за серию"} if fouls and state.series
                                                  and tally.eliminated is None else {}),
                   "eliminated": tally.eliminated, "fouls_in_row": tally.fouls_in_row[p],
                   "off_table": sorted(new.off_table), "cue_in_hand": new.cue_in_hand})

    # ---- view -----------------------------------------------------------
    def idle_fields(self, state: State) -> tuple[str, ...]:
        """«Луза не заказана» is asked of a player on 100 only (check_action refuses it otherwise)."""
        at_100 = not state.finished and state.decision is None and state.score(state.current) == LIMIT_CAROM
        return () if at_100 else ("no_call",)

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
                status += " (начальный удар с руки из «дома», биток должен вначале коснуться тройки)"
            elif state.cue_in_hand == "front-line":  # the cue ball went out, or the rerack at 100 (rule 3)
                status += " (с руки из-за передней линии)"
            elif state.series:
                status += f" (в серии {ru.points(state.series)})"
            status += "."
        decision = pending_decision(state, names)
        return {"players": players, "current": None if state.finished else state.current,
                "finished": state.finished, "winner": state.winner, "decision": decision, "status": status,
                # the balls waiting off the table for their spot: the drawing neither draws nor lets them be tapped
                "absent": sorted(state.off_table),
                "extra": {"series": state.series, "off_table": sorted(state.off_table),
                          "cue_in_hand": state.cue_in_hand, "opening_break": state.breaking}}

    # ---- random play: only possible positions and shots ----------------------
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
        cushion = rng.random() < 0.85
        fate = rng.choices([f for f, _ in CUE_FATES], weights=(8, 2, 1))[0]
        action["cue_ball"] = fate
        # a ball that fell or flew off reached a cushion (толкование pocket-is-cushion): «нет» only when none did
        action["cushion"] = cushion or bool(action.get("pocketed") or action.get("jumped") or fate != "table")
        pocket_ids = [pid for pid, _ in POCKETS]
        if fate == "pocket":
            action["cue_pocket"] = rng.choice(pocket_ids)
        if state.score(state.current) == LIMIT_CAROM:
            action["called_pocket"] = action.get("cue_pocket") if rng.random() < 0.7 and fate == "pocket" \
                else rng.choice(pocket_ids)
            if rng.random() < 0.1:  # no pocket called
                action.pop("called_pocket")
                action["no_call"] = True
            if rng.random() < 0.5:
                action["contacts"] = [1] if 1 in free else contacts
                action["pocketed"], action["jumped"] = [], []
        action["spot_occupied"] = self._random_occupied(state, action, rng)
        return action

    def _random_occupied(self, state: State, action: dict, rng) -> list[int]:
        """Spots reported taken: only of balls to respot, no more than balls left to take them."""
        respot = set(action.get("pocketed", ())) | set(action.get("jumped", ())) | set(state.off_table)
        chosen = [b for b in sorted(respot) if rng.random() < 0.1]
        shot = Shot(pocketed=tuple(action.get("pocketed", ())), contacts=(), cushion=True,
                    cue_ball=action["cue_ball"], cue_pocket=None, called_pocket=None,
                    jumped=tuple(action.get("jumped", ())), spot_occupied=())
        return chosen[:len(spot_takers(state.off_table, shot))]

    def random_situation(self, rng) -> dict:
        score = rng.choice((rng.randint(0, 100), rng.randint(80, 100), 100, 90, 89, 99))
        series = rng.randint(0, score) if rng.random() < 0.6 else 0
        fouls = 0 if series else rng.choice((0, 0, 1, 2))
        off = [b for b in BALLS if rng.random() < 0.05 and not (b == 1 and score == LIMIT_CAROM)]
        return {"score": score, "series": series, "fouls_in_row": fouls,
                "opening_break": False, "off_table": off[:2]}


@dataclass
class Tally:
    """What a shot changes, gathered step by step (the new State is built once)."""

    committed: list
    fouls_in_row: list
    out: list
    series: int = 0
    points: int = 0
    turn_continues: bool = False
    finished: bool = False
    winner: int | None = None
    eliminated: int | None = None
    cue_in_hand: str | None = None
    off_table: frozenset = frozenset()

    @classmethod
    def start(cls, state: State) -> "Tally":
        return cls(committed=list(state.committed), fouls_in_row=list(state.fouls_in_row), out=list(state.out),
                   series=state.series, off_table=state.off_table)

    def state(self, before: State, nxt: int) -> State:
        return State(committed=tuple(self.committed), fouls_in_row=tuple(self.fouls_in_row), out=tuple(self.out),
                     current=nxt, series=self.series if nxt == before.current else 0,
                     off_table=self.off_table if not self.finished else frozenset(), breaking=False,
                     cue_in_hand=self.cue_in_hand, finished=self.finished, winner=self.winner)
