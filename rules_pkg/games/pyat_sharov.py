"""«Пять шаров с карамболями» (seed 001).

Implemented (clause ids = anchors on the game's page):
  pyat-sharov-basis (only balls pocketed with a carom count), pyat-sharov-balls
  (the ball set: two reds, two whites, a yellow; the called ball),
  pyat-sharov-outcome (win or loss: two players), pyat-sharov-task,
  the points table as printed: pyat-sharov-1 (red) with rows 1a … 1zh,
  pyat-sharov-2 (white) with 2a … 2d, pyat-sharov-3 (yellow into a corner
  pocket) with 3a … 3d, pyat-sharov-4 (yellow into a middle pocket) with
  4a … 4d, and pyat-sharov-mistake (a mistake gives the shot's points to the
  opponent).
Not computable / lost: none of the clauses; but everything the text leaves to
«Русская партия» (absent from the seeds: what counts as a mistake, penalties
besides the transfer, respotting, the break) is outside the engine. The
target score of 60 is an outside fact (pyat-sharov-o-60).

A shot is described by the called ball, the pocket it fell into (none if it
did not fall), the pocket called (optional: the text calls only the ball), the
object balls the cue ball caromed on (reds 0–2, the other white, the yellow)
and whether the player made a mistake. The cue ball is a player's own white,
so the other white is an object ball (толкование pyat-sharov-t-cue-ball); the
combinations the ball set makes impossible are input errors. The called ball is
required: the game is played with called balls, and nothing says which one.
A possible position (толкование pyat-sharov-t-positions): no player has 1–3
points (the cheapest table row is 4) and nobody has 60 yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Game, OutsideFact, citation_makers, impossible, score_reasons
from ..fields import ActionSpec, Bool, Choice, Int
from ..why import Why
from .. import ru
from ..table import POCKET_IDS, POCKET_NAMES, POCKETS
from . import five_balls
from .five_balls import carom_words, place_of

TARGET = 60
BALLS = ("red", "white", "yellow")
BALL_NAMES = {"red": "красный", "white": "белый", "yellow": "жёлтый"}
BALL_OPTIONS = tuple((b, BALL_NAMES[b]) for b in BALLS)
PLACES = {"any": "в лузу", "corner": "в угловую лузу", "middle": "в среднюю лузу"}

# The list heads of the points table: (clause suffix, ball, pocket kind, source wording).
HEADS = (
    ("1", "red", "any", "За красный шар, сыгранный в лузу с карамболем"),
    ("2", "white", "any", "За белый шар, сыгранный в лузу с карамболем"),
    ("3", "yellow", "corner", "За желтый шар, сыгранный в угловую лузу с карамболем"),
    ("4", "yellow", "middle", "За желтый шар, сыгранный в среднюю лузу с карамболем"),
)
# The points table exactly as printed: (clause suffix, ball, pocket kind,
# caroms as (reds, other white, yellow), the source's words, points).
ROWS = (
    ("1a", "red", "any", (0, 1, 0), "по белому", 5),
    ("1b", "red", "any", (1, 0, 0), "по красному", 6),
    ("1v", "red", "any", (1, 1, 0), "по красному и белому", 8),
    ("1g", "red", "any", (0, 0, 1), "по желтому", 9),
    ("1d", "red", "any", (0, 1, 1), "по белому и желтому", 11),
    ("1e", "red", "any", (1, 0, 1), "по желтому и красному", 12),
    ("1zh", "red", "any", (1, 1, 1), "по желтому, красному и белому", 14),
    ("2a", "white", "any", (1, 0, 0), "по красному", 4),
    ("2b", "white", "any", (0, 0, 1), "по желтому", 7),
    ("2v", "white", "any", (2, 0, 0), "по двум красным", 7),
    ("2g", "white", "any", (1, 0, 1), "по желтому и красному", 10),
    ("2d", "white", "any", (2, 0, 1), "по желтому и двум красным", 13),
    ("3a", "yellow", "corner", (0, 1, 0), "по белому", 11),
    ("3b", "yellow", "corner", (1, 0, 0), "по красному", 12),
    ("3v", "yellow", "corner", (1, 1, 0), "по красному и белому", 14),
    ("3g", "yellow", "corner", (2, 0, 0), "по двум красным", 15),
    ("3d", "yellow", "corner", (2, 1, 0), "по двум красным и белому", 17),
    ("4a", "yellow", "middle", (0, 1, 0), "по белому", 17),
    ("4b", "yellow", "middle", (1, 0, 0), "по красному", 18),
    ("4v", "yellow", "middle", (1, 1, 0), "по красному и белому", 20),
    ("4g", "yellow", "middle", (2, 0, 0), "по двум красным", 21),
    ("4d", "yellow", "middle", (2, 1, 0), "по белому и двум красным", 23),
)
LOOKUP = {(ball, place, caroms): (f"pyat-sharov-{key}", words, pts) for key, ball, place, caroms, words, pts in ROWS}
HEAD_OF = {(ball, place): f"pyat-sharov-{key}" for key, ball, place, _ in HEADS}
LETTERS = {"a": "а", "b": "б", "v": "в", "g": "г", "d": "д", "e": "е", "zh": "ж"}


def with_yo(words: str) -> str:
    """The source prints «желтый»; the engine writes «жёлтый» everywhere it speaks itself."""
    return words.replace("желт", "жёлт")


def row_label(key: str) -> str:
    """The source's numbering of a table row: "1zh" -> «1ж»."""
    return key[0] + LETTERS[key[1:]]


C, T = citation_makers("pyat-sharov")


CLAUSES = (
    C("basis", "Как в «Русской партии», но засчитываются только шары, сыгранные карамболем", decides=("score",),
      note="Правил «Русской партии» в тексте нет: всё, что к ним отсылает (что считать ошибкой, штрафы, "
           "выставление шаров, начальный удар) не вычисляется или решено толкованиями; число очков для победы (60) "
           "взято из внешнего источника."),
    C("balls", "Пять шаров: два красных, два белых и жёлтый; игра с заказом шаров", decides=("score", "setup")),
    C("outcome", "Исход — выигрыш или проигрыш", decides=("outcome",)),
    C("task", "Задача: правильно загнать назначенный шар в лузу и провести карамболь", decides=("score",)),
    *(C(key, f"{key}) {with_yo(words)}", decides=("score",)) for key, _, _, words in HEADS),
    *(C(key, f"{row_label(key)}) {BALL_NAMES[ball].capitalize()}{'' if place == 'any' else ' ' + PLACES[place]}, "
             f"карамболь {with_yo(words)} — {ru.points(pts)}", decides=("score",))
      for key, ball, place, _, words, pts in ROWS),
    C("mistake", "Ошибка при кладке шара: очки за шар переходят сопернику", decides=("foul", "penalty")),
)




TOLKOVANIYA = (
    T("cue-ball", "Биток — белый шар игрока, другой белый — прицельный",
      "Текст не говорит, каким шаром бьют. Таблица очков это показывает: карамболь «по белому» всегда по одному "
      "белому, а при игре белого шара карамболя по белому нет. Значит, один белый — биток играющего, второй — "
      "прицельный шар. Поэтому невозможны: карамболь по белому при игре белого шара, карамболь по двум красным при "
      "игре красного (второй красный — сам забиваемый шар), карамболь по жёлтому при игре жёлтого; такие удары "
      "калькулятор отклоняет как невозможные.", ("balls", "task")),
    T("no-carom", "Шар без карамболя: очков нет, ход переходит",
      "Шар, забитый без карамболя, не засчитывается — так сказано в тексте. Переходит ли ход, текст не говорит "
      "(это правила «Русской партии», которых в тексте нет). Удар, не принёсший очков, считается неудачным: "
      "ход переходит к сопернику.", ("basis", "task")),
    T("series", "Удачный удар продолжает серию",
      "Текст не говорит, кто бьёт после удара (это правила «Русской партии»). Как в других играх той же книги "
      "(правило 1 «Ковбоя», «серия ударов» в «Кайзе»), засчитанный шар даёт право на следующий удар, а удар без "
      "очков или с ошибкой передаёт ход сопернику.", ("basis", "task")),
    T("carom-alone", "Карамболь без забитого шара очков не даёт",
      "Таблица начисляет очки только «за шар, сыгранный в лузу с карамболем»; за карамболь без забитого "
      "назначенного шара очков в ней нет.", ("task", "basis")),
    T("called-pocket", "Шар не в заказанную лузу не засчитывается",
      "Текст говорит только о заказе шаров («игра ведется с заказом шаров»). Если игроки заказывают и лузу и "
      "шар упал в другую, он загнан неправильно и очков не даёт; без заказа лузы засчитывается любая луза.",
      ("balls", "task")),
    T("mistake", "Что такое ошибка и что переходит сопернику",
      "Что считать ошибкой, определяют правила «Русской партии», которых в тексте нет, поэтому ошибку отмечает "
      "пользователь. Сопернику переходят очки, которые удар принёс бы по таблице; если удар очков не принёс бы, "
      "переходить нечему. Других штрафов текст не называет, и калькулятор их не начисляет. После ошибки ход "
      "переходит к сопернику.", ("mistake",)),
    T("positions", "Какие позиции возможны",
      "Очки дают только строки таблицы (игроку или, при ошибке, его сопернику), а самая дешёвая строка — белый с "
      "карамболем по красному — даёт 4 очка. Поэтому 1, 2 или 3 очков у игрока не бывает; любой счёт от 4 до 59 "
      "набирается. При 60 очках и больше партия уже выиграна, и удара из такой позиции нет.",
      ("task", "outcome")),
    T("target", "Победа — 60 очков или больше, в том числе за счёт ошибки соперника",
      "Число очков для победы текст не называет; взято 60 из «Русской партии» (внешний источник). Побеждает "
      "тот, у кого после удара 60 очков или больше, — в том числе если их принесла ошибка соперника: очки "
      "переходят «на счет соперника», то есть это его очки.", ("outcome", "mistake")),
)

OUTSIDE = (
    OutsideFact(
        id="pyat-sharov-o-60", title="Партия — до 60 очков",
        text="Текст отсылает к правилам «Русской партии», но числа очков для победы не называет. «Русская партия» "
             "известна под названием «Пять шаров – 60 очков»: партия идёт до 60 очков.",
        source="Раздел «„Русская партия“, или „Пять шаров – 60 очков“» той же книги о бильярде, не вошедший в "
               "источник (см. sport.wikireading.ru/2700); не текст этой игры."),
)


@dataclass(frozen=True)
class State:
    scores: tuple[int, int] = (0, 0)
    current: int = 0
    finished: bool = False
    winner: int | None = None


@dataclass(frozen=True)
class Shot:
    ball: str
    pocket: str | None
    called_pocket: str | None
    caroms: tuple[int, int, int]
    mistake: bool


CHEAPEST = min(pts for *_, pts in ROWS)

SHOT_FIELDS = (
    Choice(name="ball", label="Заказанный шар", options=BALL_OPTIONS, default=None, optional=True, always=True,
           help="Игра ведётся с заказом шаров: какой шар игрок заказал. Нужен, когда шар упал; "
                "если ничего не упало, очков нет при любом заказе."),
    Choice(name="pocket", label="В какую лузу упал заказанный шар", options=POCKETS, default=None, optional=True,
           help="Не указано — шар в лузу не упал.", none_label="ни в какую, шар не упал"),
    Choice(name="called_pocket", label="Заказанная луза (если лузу заказывали)", options=POCKETS, default=None,
           optional=True, help="Текст говорит только о заказе шара; если лузу не заказывали, оставьте пустым.",
           none_label="лузу не заказывали"),
    Int(name="carom_reds", label="По скольким красным шарам был карамболь", min=0, max=2, default=0,
        help="Кроме заказанного шара."),
    Bool(name="carom_white", label="Карамболь по белому шару", default=False),
    Bool(name="carom_yellow", label="Карамболь по жёлтому шару", default=False),
    Bool(name="mistake", label="Игрок совершил ошибку при кладке шара", default=False,
         help="Что считать ошибкой, определяют правила «Русской партии», которых в тексте нет."),
)

SITUATION_FIELDS = (
    Int(name="score", label="Очки игрока перед ударом", min=0, max=TARGET - 1, default=0, lead=True),
    Int(name="opponent_score", label="Очки соперника", min=0, max=TARGET - 1, default=0),
)


class PyatSharov(Game):
    id = "pyat-sharov"
    title = "Пять шаров с карамболями"
    seed = "001"
    min_players = 2
    max_players = 2
    tools = ("calculator", "scorekeeper")
    clauses = CLAUSES
    tolkovaniya = TOLKOVANIYA
    outside = OUTSIDE

    # ---- declaration ----------------------------------------------------
    def action_specs(self):
        return (ActionSpec("shot", "Удар", SHOT_FIELDS),)

    def situation_fields(self):
        return SITUATION_FIELDS

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State()

    def build_situation(self, values: dict, options: dict) -> State:
        return State(scores=(values["score"], values["opponent_score"]))

    def check_position(self, state: State) -> None:
        for i, score in enumerate(state.scores):
            if 0 < score < CHEAPEST:
                impossible(f"{ru.points(score)} в этой игре не бывает: очки дают только строки таблицы, а самая "
                           f"дешёвая из них — белый с карамболем по красному — даёт {ru.points(CHEAPEST)}.",
                           ("situation.score", "situation.opponent_score")[i])
            if score >= TARGET and state.winner != i:
                impossible(f"При {ru.points(score)} партия уже выиграна.",
                           ("situation.score", "situation.opponent_score")[i])

    def build_action(self, kind: str, values: dict, state: State) -> Shot:
        return Shot(values["ball"], values["pocket"], values["called_pocket"],
                    (values["carom_reds"], int(values["carom_white"]), int(values["carom_yellow"])),
                    values["mistake"])

    def check_action(self, state: State, shot: Shot) -> None:
        if shot.ball is None:
            if shot.pocket is not None:
                impossible(f"Шар упал в лузу ({POCKET_NAMES[shot.pocket]}), но не сказано, какой шар был заказан: "
                           "от этого зависят очки. Заполните поле «Заказанный шар».", "action.ball")
            return  # nothing fell: no points whatever was called
        # The ball set: 2 reds, 2 whites (one is the cue ball), 1 yellow; the played ball is not caromed on.
        five_balls.check_played_ball_not_caromed(
            shot.ball, shot.caroms, "заказанный",
            "Белых шаров два (один — биток, другой — заказанный), так что карамболя по белому при игре белого шара "
            "не бывает. Проверьте поле «Карамболь по белому шару»")

    # ---- rulings --------------------------------------------------------
    def apply(self, state: State, shot: Shot, names):
        """One shot, in the order of precedence:
        1. the prize: what the called ball would bring by the table (no fall, wrong pocket, no carom: none);
        2. a mistake gives the prize to the opponent (and passes the turn);
        3. the outcome: 60 points or more, for either player;
        4. the turn: a counted ball continues the series, anything else passes it."""
        p, o = state.current, 1 - state.current
        why = Why(self)
        prize, reason = self._prize(why, shot)
        scores = list(state.scores)
        if shot.mistake:
            self._mistake(why, prize, reason, scores, o, names)
        else:
            scores[p] += prize
        winner = next((i for i in (p, o) if scores[i] >= TARGET), None)
        finished = winner is not None
        if finished:
            why.add("outcome", f"{names[winner]}: {ru.points(scores[winner])} — набрано {TARGET}, партия выиграна.",
                    "pyat-sharov-outcome", "pyat-sharov-t-target", "pyat-sharov-o-60")
            why.decide("win", "pyat-sharov-outcome")
        turn_continues = bool(prize) and not shot.mistake and not finished
        nxt = p if turn_continues else o
        if not finished:
            why.add("turn", "Шар засчитан: серия продолжается." if turn_continues else
                    f"Ход переходит. Следующий удар: {names[o]}.", "pyat-sharov-t-series")
        new = State(scores=tuple(scores), current=nxt, finished=finished, winner=winner)
        return why.ruling(
            kind="shot", player=p, summary=self._summary(p, shot, prize, reason, new, names),
            points=0 if shot.mistake else prize, scores=new.scores, next_player=None if finished else nxt,
            turn_continues=turn_continues, finished=finished, winner=winner,
            extra={"scores_before": list(state.scores), "prize": prize, "to_opponent": prize if shot.mistake else 0, "target": TARGET,
                   # the prize of a mistaken shot goes to the opponent (pyat-sharov-mistake)
                   "score_reasons": score_reasons(2, {o: "за ошибку соперника"} if shot.mistake and prize else {})}), new

    def _prize(self, why: Why, shot: Shot) -> tuple[int, str]:
        """The points the shot brings by the table, or 0 and the reason there are none."""
        called = "" if shot.ball is None else f" {BALL_NAMES[shot.ball]}"
        has_carom = any(shot.caroms)
        if shot.pocket is None:
            reason = f"заказанный{called} шар в лузу не упал"
            why.add("score", f"{ru.sentence(reason)}: очков нет.", "pyat-sharov-task")
            if has_carom:
                why.add("score", f"Карамболь {carom_words(shot.caroms)} без забитого шара очков не даёт.",
                        "pyat-sharov-t-carom-alone")
            return self._none(why, reason, "pyat-sharov-task")
        name = BALL_NAMES[shot.ball].capitalize()
        if shot.called_pocket is not None and shot.called_pocket != shot.pocket:
            why.add("score", f"{name} шар упал не в заказанную лузу (упал — {POCKET_NAMES[shot.pocket]}, заказана — "
                    f"{POCKET_NAMES[shot.called_pocket]}), он загнан неправильно, очков нет.",
                    "pyat-sharov-balls", "pyat-sharov-t-called-pocket")
            return self._none(why, f"{BALL_NAMES[shot.ball]} шар упал не в заказанную лузу",
                              "pyat-sharov-t-called-pocket")
        if not has_carom:
            why.add("score", f"{name} шар забит без карамболя: засчитываются только шары, сыгранные карамболем.",
                    "pyat-sharov-basis", "pyat-sharov-t-no-carom")
            return self._none(why, f"{BALL_NAMES[shot.ball]} шар забит без карамболя, а засчитываются только шары, "
                                   "сыгранные карамболем", "pyat-sharov-basis")
        place = place_of(shot.ball, shot.pocket)
        row, words, prize = LOOKUP[(shot.ball, place, shot.caroms)]
        where = PLACES[place] if shot.ball == "yellow" else "в лузу"
        why.add("score", f"{name} шар {where} с карамболем {with_yo(words)}: {ru.points(prize)} "
                f"(пункт {row_label(row.rsplit('-', 1)[1])} таблицы).",
                "pyat-sharov-basis", HEAD_OF[(shot.ball, place)], row,
                *(("pyat-sharov-t-cue-ball",) if shot.caroms[1] else ()))
        why.decide("points", row)
        return prize, ""

    def _none(self, why: Why, reason: str, basis: str) -> tuple[int, str]:
        why.decide("no_points", basis)
        return 0, reason

    def _mistake(self, why: Why, prize: int, reason: str, scores: list, o: int, names) -> None:
        why.foul("mistake", "pyat-sharov-mistake", "Ошибка при кладке шара.", "pyat-sharov-t-mistake")
        why.decide("foul", "pyat-sharov-mistake")
        if prize:
            scores[o] += prize
            why.add("penalty", f"Ошибка: {ru.counted(prize, ru.POINTS, 'за этот шар', 'переходит', 'переходят')} "
                    f"на счёт соперника (у игрока {names[o]} теперь {ru.points(scores[o])}).", "pyat-sharov-mistake")
        else:
            why.add("penalty", "Ошибка, но призовых очков за удар нет — переходить сопернику нечему. Другие "
                    "последствия ошибки определяют правила «Русской партии», которых в тексте нет.",
                    "pyat-sharov-t-mistake", restates=("pyat-sharov-basis",))

    def _summary(self, p: int, shot: Shot, prize: int, reason: str, new: State, names) -> str:
        o = 1 - p
        if new.finished and shot.mistake:
            # the shooter erred; the points go to the winner, named (not «сопернику», whose is ambiguous here)
            return (f"Победа: {names[new.winner]} — {ru.points(new.scores[new.winner])} (ошибка при кладке шара "
                    f"у игрока {names[p]}, {ru.counted(prize, ru.POINTS, 'за шар', 'переходит', 'переходят')} "
                    f"на счёт игрока {names[new.winner]}).")
        if new.finished:
            return f"Победа: {names[new.winner]} — {ru.points(new.scores[new.winner])}."
        if shot.mistake and prize:
            return (f"Ошибка при кладке шара: {ru.counted(prize, ru.POINTS, '', 'переходит', 'переходят')} "
                    f"сопернику. Следующий удар: {names[o]}.")
        if shot.mistake:
            return (f"Ошибка при кладке шара; очков за удар нет ({reason}), переходить сопернику нечему. "
                    f"Следующий удар: {names[o]}.")
        if prize:
            return f"+{ru.points(prize)}, серия продолжается. {names[p]}: {ru.points(new.scores[p])}."
        return f"Очков нет: {reason}. Следующий удар: {names[o]}."

    # ---- view -----------------------------------------------------------
    def view(self, state: State, names) -> dict:
        players = [{"name": names[i], "score": state.scores[i], "to_target": max(0, TARGET - state.scores[i]),
                    "current": i == state.current and not state.finished} for i in range(2)]
        if state.finished:
            status = f"Партия окончена. Победитель: {names[state.winner]}."
        else:
            status = f"Ход: {names[state.current]}. Партия — до {ru.points(TARGET)}."
        return {"players": players, "current": None if state.finished else state.current,
                "finished": state.finished, "winner": state.winner, "decision": None, "status": status,
                "extra": {"target": TARGET}}

    # ---- random play: only possible positions and shots ------------------------
    def random_action(self, state: State, rng) -> dict:
        ball = rng.choice(BALLS)
        reds = rng.choice((0, 1) if ball == "red" else (0, 1, 2))
        pocket = rng.choice(POCKET_IDS) if rng.random() < 0.7 else None
        action = {"type": "shot", "ball": ball, "pocket": pocket, "carom_reds": reds,
                  "carom_white": ball != "white" and rng.random() < 0.5,
                  "carom_yellow": ball != "yellow" and rng.random() < 0.4,
                  "mistake": rng.random() < 0.12}
        if rng.random() < 0.25:
            action["called_pocket"] = pocket if pocket and rng.random() < 0.7 else rng.choice(POCKET_IDS)
        return action

    def random_situation(self, rng) -> dict:
        def score(low: int) -> int:
            s = rng.randint(low, TARGET - 1)
            return 0 if s < CHEAPEST else s
        return {"score": rng.choice((score(0), score(40))), "opponent_score": score(0)}
