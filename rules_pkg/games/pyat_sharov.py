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
combinations the ball set makes impossible are input errors.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Foul, Game, OutsideFact, Ruling, citation_makers
from ..errors import InputError
from ..reader import Reader
from .. import ru
from ..table import MIDDLE_POCKETS, POCKET_IDS, POCKET_NAMES, pocket_options

TARGET = 60
BALLS = ("red", "white", "yellow")
BALL_NAMES = {"red": "красный", "white": "белый", "yellow": "жёлтый"}
BALL_OPTIONS = [{"id": b, "label": BALL_NAMES[b]} for b in BALLS]
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


def row_label(key: str) -> str:
    """The source's numbering of a table row: "1zh" -> «1ж»."""
    return key[0] + LETTERS[key[1:]]


def place_of(ball: str, pocket: str) -> str:
    """The table distinguishes pockets only for the yellow."""
    if ball != "yellow":
        return "any"
    return "middle" if pocket in MIDDLE_POCKETS else "corner"


def carom_words(caroms: tuple[int, int, int]) -> str:
    """«по жёлтому, красному и белому» (the engine's own wording)."""
    reds, white, yellow = caroms
    parts = (["жёлтому"] if yellow else []) + (["красному"] if reds == 1 else ["двум красным"] if reds == 2 else []) \
        + (["белому"] if white else [])
    return "по " + ru.join_and(parts)


C, T = citation_makers("pyat-sharov")


CLAUSES = (
    C("basis", "Как в «Русской партии», но засчитываются только шары, сыгранные карамболем",
      note="Правил «Русской партии» в тексте нет: всё, что к ним отсылает (что считать ошибкой, штрафы, "
           "выставление шаров, начальный удар) не вычисляется или решено толкованиями; число очков для победы (60) "
           "взято из внешнего источника."),
    C("balls", "Пять шаров: два красных, два белых и жёлтый; игра с заказом шаров"),
    C("outcome", "Исход — выигрыш или проигрыш"),
    C("task", "Задача: правильно загнать назначенный шар в лузу и провести карамболь"),
    *(C(key, f"{key}) {words.replace('желтый', 'жёлтый')}") for key, _, _, words in HEADS),
    *(C(key, f"{row_label(key)}) {BALL_NAMES[ball].capitalize()}{'' if place == 'any' else ' ' + PLACES[place]}, "
             f"карамболь {words.replace('желт', 'жёлт')} — {ru.points(pts)}")
      for key, ball, place, _, words, pts in ROWS),
    C("mistake", "Ошибка при кладке шара: очки за шар переходят сопернику"),
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
    def action_fields(self) -> list[dict]:
        return [{"type": "shot", "label": "Удар", "fields": [
            {"name": "ball", "kind": "choice", "label": "Заказанный шар", "options": BALL_OPTIONS, "default": "red",
             "always": True},
            {"name": "pocket", "kind": "choice", "label": "В какую лузу упал заказанный шар", "options": pocket_options(),
             "default": None, "optional": True, "help": "Не указано — шар в лузу не упал."},
            {"name": "called_pocket", "kind": "choice", "label": "Заказанная луза (если лузу заказывали)",
             "options": pocket_options(), "default": None, "optional": True,
             "help": "Текст говорит только о заказе шара; если лузу не заказывали, оставьте пустым."},
            {"name": "carom_reds", "kind": "int", "min": 0, "max": 2, "default": 0,
             "label": "Карамболь по красным: по скольким красным шарам", "help": "Кроме заказанного шара."},
            {"name": "carom_white", "kind": "bool", "default": False, "label": "Карамболь по белому шару"},
            {"name": "carom_yellow", "kind": "bool", "default": False, "label": "Карамболь по жёлтому шару"},
            {"name": "mistake", "kind": "bool", "default": False, "label": "Игрок совершил ошибку при кладке шара",
             "help": "Что считать ошибкой, определяют правила «Русской партии», которых в тексте нет."},
        ]}]

    def situation_fields(self) -> list[dict]:
        return [
            {"name": "score", "kind": "int", "min": 0, "max": TARGET - 1, "default": 0, "label": "Очки игрока перед ударом"},
            {"name": "opponent_score", "kind": "int", "min": 0, "max": TARGET - 1, "default": 0,
             "label": "Очки соперника"},
        ]

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State()

    def state_from_situation(self, situation: Reader, options: dict) -> State:
        score = situation.int("score", min=0, max=TARGET - 1, default=0, what="Очки игрока (поле situation.score)")
        other = situation.int("opponent_score", min=0, max=TARGET - 1, default=0, what="Очки соперника (поле situation.opponent_score)")
        situation.done()
        return State(scores=(score, other))

    def read_action(self, action: Reader, state: State) -> Shot:
        action.choice("type", ("shot",), default="shot")
        ball = action.choice("ball", BALLS)
        pocket = action.optional_choice("pocket", POCKET_IDS)
        called = action.optional_choice("called_pocket", POCKET_IDS)
        reds = action.int("carom_reds", min=0, max=2, default=0, what="Карамболь по красным (поле action.carom_reds)")
        white = action.bool("carom_white", default=False)
        yellow = action.bool("carom_yellow", default=False)
        mistake = action.bool("mistake", default=False)
        action.done()
        # The ball set: 2 reds, 2 whites (one is the cue ball), 1 yellow; the played ball is not caromed on.
        if ball == "red" and reds == 2:
            raise InputError("Красных шаров всего два, и один из них — заказанный: карамболь возможен только по "
                             "одному красному (поле action.carom_reds).", "action.carom_reds")
        if ball == "white" and white:
            raise InputError("Белых шаров два: один — биток, другой — заказанный; карамболя по белому при игре "
                             "белого шара не бывает (поле action.carom_white).", "action.carom_white")
        if ball == "yellow" and yellow:
            raise InputError("Жёлтый шар один, и он заказан: карамболь по жёлтому при игре жёлтого невозможен "
                             "(поле action.carom_yellow).", "action.carom_yellow")
        return Shot(ball, pocket, called, (reds, int(white), int(yellow)), mistake)

    # ---- rulings --------------------------------------------------------
    def apply(self, state: State, shot: Shot, names):
        p, o = state.current, 1 - state.current
        clauses = ["pyat-sharov-balls", "pyat-sharov-task"]
        tolk = ["pyat-sharov-t-cue-ball"]
        lines: list[str] = []
        has_carom = any(shot.caroms)
        name = BALL_NAMES[shot.ball].capitalize()
        prize = 0
        if shot.pocket is None:
            lines.append(f"{name} шар в лузу не упал: очков нет.")
            if has_carom:
                tolk.append("pyat-sharov-t-carom-alone")
                lines.append(f"Карамболь {carom_words(shot.caroms)} без забитого шара очков не даёт.")
        elif shot.called_pocket is not None and shot.called_pocket != shot.pocket:
            tolk.append("pyat-sharov-t-called-pocket")
            lines.append(f"{name} шар упал не в заказанную лузу (упал: {POCKET_NAMES[shot.pocket]}; заказана: "
                         f"{POCKET_NAMES[shot.called_pocket]}): он загнан неправильно, очков нет.")
        elif not has_carom:
            clauses.append("pyat-sharov-basis")
            tolk.append("pyat-sharov-t-no-carom")
            lines.append(f"{name} шар забит без карамболя: засчитываются только шары, сыгранные карамболем.")
        else:
            place = place_of(shot.ball, shot.pocket)
            row, words, prize = LOOKUP[(shot.ball, place, shot.caroms)]
            clauses += ["pyat-sharov-basis", HEAD_OF[(shot.ball, place)], row]
            where = PLACES[place] if shot.ball == "yellow" else "в лузу"
            lines.append(f"{name} шар {where} с карамболем {words}: {ru.points(prize)} "
                         f"(пункт {row_label(row.rsplit('-', 1)[1])} таблицы).")

        scores = list(state.scores)
        fouls: list[Foul] = []
        turn_continues = False
        points = 0
        if shot.mistake:
            fouls.append(Foul("mistake", "pyat-sharov-mistake", "Ошибка при кладке шара."))
            tolk += ["pyat-sharov-t-mistake", "pyat-sharov-t-series"]
            if prize:
                scores[o] += prize
                lines.append(f"Ошибка: {ru.points(prize)} за этот шар "
                             f"{ru.plural(prize, 'переходит', 'переходят', 'переходят')} на счёт соперника "
                             f"({names[o]}: {ru.points(scores[o])}).")
            else:
                lines.append("Ошибка, но призовых очков за удар нет — переходить сопернику нечему. Другие "
                             "последствия ошибки определяют правила «Русской партии», которых в тексте нет.")
        else:
            scores[p] += prize
            points = prize
            tolk.append("pyat-sharov-t-series")
            turn_continues = prize > 0
        winner = next((i for i in (p, o) if scores[i] >= TARGET), None)
        finished = winner is not None
        if finished:
            clauses.append("pyat-sharov-outcome")
            tolk.append("pyat-sharov-t-target")
            lines.append(f"{names[winner]}: {ru.points(scores[winner])} — набрано {TARGET}, партия выиграна.")
        nxt = p if turn_continues else o
        new = State(scores=tuple(scores), current=nxt, finished=finished, winner=winner)

        if finished:
            summary = f"Победа: {names[winner]} — {ru.points(scores[winner])}."
        elif fouls and prize:
            summary = (f"Ошибка: {ru.points(prize)} {ru.plural(prize, 'переходит', 'переходят', 'переходят')} "
                       f"сопернику. Следующий удар: {names[o]}.")
        elif fouls:
            summary = f"Ошибка, очков за удар нет. Следующий удар: {names[o]}."
        elif turn_continues:
            summary = f"+{ru.points(prize)}, серия продолжается. {names[p]}: {ru.points(scores[p])}."
        else:
            summary = f"Очков нет. Следующий удар: {names[o]}."
        ruling = Ruling(
            kind="shot", player=p, summary=summary, lines=tuple(lines), points=points, fouls=tuple(fouls),
            scores=new.scores, next_player=None if finished else nxt, turn_continues=turn_continues and not finished,
            finished=finished, winner=winner,
            clauses=self.cite(clauses + [f.clause for f in fouls]), tolkovaniya=self.cite(tolk),
            outside=self.cite(["pyat-sharov-o-60"] if finished else []),
            extra={"prize": prize, "to_opponent": prize if shot.mistake else 0, "target": TARGET})
        return ruling, new

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

    # ---- random play ------------------------------------------------------
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
        return {"score": rng.choice((rng.randint(0, TARGET - 1), rng.randint(40, TARGET - 1))),
                "opponent_score": rng.randint(0, TARGET - 1)}
