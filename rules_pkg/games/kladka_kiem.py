"""«Кладка шаров кием» (seed 002).

Implemented (clause ids = anchors on the game's page):
  kladka-kiem-setup, kladka-kiem-goal, kladka-kiem-first-stroke,
  kladka-kiem-after-break, kladka-kiem-after-cue-ball, kladka-kiem-count,
  kladka-kiem-any-stroke, kladka-kiem-penalty, kladka-kiem-penalty-a,
  kladka-kiem-penalty-b, kladka-kiem-off-table, kladka-kiem-outcomes,
  kladka-kiem-draw-1, kladka-kiem-draw-2, kladka-kiem-handicap,
  kladka-kiem-handicap-a, kladka-kiem-handicap-b, kladka-kiem-handicap-c.
Not computable: kladka-kiem-start (the word «Начинаю», a formality),
  kladka-kiem-advice (players' advice: corners first, then the middle pockets).
Undefined by the text and not invented: «условная ничья» (named in
  kladka-kiem-outcomes, never explained): equal results other than 16 balls in
  16 strokes are reported as an outcome the text does not define.

The score of a player is his number of strokes, penalty strokes included (the
fewer the better). Each player pots all 16 balls in his own turn, the first
player first; the match ends when both have potted them. Actions: a stroke
(the first one says whether the pyramid was broken or the cue ball potted;
how many balls fell; how many flew off the table; a double hit; a touch) and
a touch outside a stroke. Handicaps а/б/в are match options.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import Foul, Game, IMPLEMENTED, NOT_COMPUTABLE, Ruling, citation_makers
from ..errors import InputError, StateError
from ..reader import Reader
from .. import ru

GID = "kladka-kiem"
BALLS = 16
MAX_STROKES = 999
MAX_HANDICAP = 100

OPENINGS = {"break": "разбивка пирамиды", "cue-ball": "биток в лузу"}
FOUL_NAMES = {"double-hit": "двойной удар", "touch": "туш"}
TOUCHES = {"clothes": "одеждой", "hand": "рукой", "cue": "кием", "machine": "машинкой", "mazik": "мазиком"}
# handicap id -> (label, clause suffix, the strong player starts, extra strokes)
HANDICAPS = {
    "none": ("без форы", None, False, False),
    "start": ("а) сильный игрок начинает партию", "handicap-a", True, False),
    "strokes": ("б) слабый игрок получает право на большее количество ударов", "handicap-b", False, True),
    "mixed": ("в) смешанная: сильный начинает и получает право на меньшее количество ударов",
              "handicap-c", True, True),
}
HANDICAP_LETTER = {"start": "а", "strokes": "б", "mixed": "в"}
PLAYER_OPTIONS = [{"id": 0, "label": "первый в списке игроков"}, {"id": 1, "label": "второй в списке игроков"}]


C, T = citation_makers(GID)


CLAUSES = (
    C("setup", "Перед игрой все шары выставляются в пирамиду"),
    C("goal", "Цель: положить с кия все 16 шаров за минимальное число ударов"),
    C("start", "Начало игры — слово «Начинаю»", NOT_COMPUTABLE,
      "Формальность начала партии: на подсчёт ударов не влияет."),
    C("first-stroke", "Первый удар: разбить пирамиду или положить биток в любую лузу"),
    C("after-break", "После разбивки шары играются в лузы без заказа"),
    C("after-cue-ball", "После битка поочерёдно кладутся шары пирамиды"),
    C("count", "Судья подсчитывает удары игрока"),
    C("advice", "Совет: сначала угловые лузы, затем средние", NOT_COMPUTABLE,
      "Совет опытных игроков, а не правило: в какую лузу класть шар, на подсчёт ударов не влияет."),
    C("any-stroke", "Класть шары можно любыми ударами; кий, машинка или мазик"),
    C("penalty", "Штраф за ошибку — один приписанный удар"),
    C("penalty-a", "Штраф: двойной удар"),
    C("penalty-b", "Штраф: туш шара одеждой, рукой или кием (машинкой, мазиком)"),
    C("off-table", "Шар за бортом возвращается на стол без штрафа"),
    C("outcomes", "Исходы: выигрыш, проигрыш, ничья (нормальная или условная)", IMPLEMENTED,
      "Выигрыш, проигрыш и нормальная ничья учтены; что такое «условная ничья», текст не объясняет, "
      "и движок её не объявляет."),
    C("draw-1", "Нормальная ничья: каждый положил 16 шаров за 16 ударов"),
    C("draw-2", "Нормальная ничья при форе: оба положили 16 шаров за 16 ударов"),
    C("handicap", "Слабый может попросить фору; три варианта форы"),
    C("handicap-a", "Фора а: сильный игрок начинает партию"),
    C("handicap-b", "Фора б: слабый игрок получает больше ударов"),
    C("handicap-c", "Фора в: сильный начинает и получает меньше ударов"),
)




TOLKOVANIYA = (
    T("sixteen", "«16 прицельных шаров» — все 16 шаров на столе, включая биток",
      "В тексте сказано «все 16 прицельных шаров», хотя шары пирамиды и биток текст называет по отдельности. "
      "Дальше он уточняет: первым ударом можно положить биток, после него поочерёдно кладутся шары пирамиды, "
      "и «всего за 16 ударов могут быть положены все 16 шаров, находящихся на игровом столе». Значит, "
      "кладутся все 16 шаров — шары пирамиды и биток; движок считает 16 шаров у каждого игрока.",
      ("goal", "first-stroke", "after-cue-ball", "advice")),
    T("potted", "Каждый упавший в лузу шар считается положенным",
      "Текст не требует заказывать шар или лузу и возвращает на стол только шары, вылетевшие за борт. "
      "Поэтому положенным считается каждый шар, упавший в лузу: и при разбивке, и при ударе со штрафом, "
      "и когда за один удар падает несколько шаров.",
      ("after-break", "any-stroke", "off-table", "penalty")),
    T("turns", "Игроки кладут шары по очереди, каждый — все 16",
      "Текст говорит об ударах, «проведенных игроком», и о том, что «каждый из участников положил 16 шаров». "
      "Поэтому каждый участник в свой подход кладёт все 16 шаров, выставленных в пирамиду; подход кончается, "
      "когда на столе не осталось шаров (другого конца подхода текст не называет). Затем шары снова "
      "выставляются в пирамиду и кладёт следующий участник; партия окончена, когда положили оба.",
      ("setup", "count", "draw-1")),
    T("order", "Кто начинает без форы и при форе «б»",
      "Кто начинает партию, текст решает только для фор «а» и «в» (начинает сильный игрок); иначе партию "
      "начинает «первый участник», объявивший «Начинаю». Движок считает первым участником первого в списке "
      "игроков.", ("start", "handicap-b")),
    T("penalty-each", "Каждая ошибка — отдельный штрафной удар",
      "Текст приписывает один удар за ошибку. Если за один удар совершены обе ошибки (двойной удар и туш), "
      "приписываются два удара. Приписанные удары входят в число ударов игрока везде, где удары считаются: "
      "и при сравнении результатов, и в ничьей «16 шаров за 16 ударов».",
      ("penalty", "penalty-a", "penalty-b")),
    T("fewer-wins", "Выигрывает тот, кто положил шары за меньшее число ударов",
      "Задача — положить все шары «за минимальное количество ударов»; текст называет исходы «выигрыш, "
      "проигрыш или ничья», но прямо не говорит, как их определить. Выигрывает участник, у которого меньше "
      "ударов (вместе со штрафными), другой проигрывает.", ("goal", "outcomes")),
    T("handicap-strokes", "Фора ударами: сколько ударов и как сравнивать",
      "Сколько ударов даёт фора «б» или «в», текст не называет: это число задают игроки. При форе «б» слабый "
      "игрок может сделать на столько ударов больше, при форе «в» сильный — на столько же меньше; в обоих "
      "случаях при сравнении к ударам сильного игрока прибавляется число ударов форы. Если оба положили "
      "16 шаров за 16 ударов, это нормальная ничья при любой форе (пункт 2 о ничьей).",
      ("handicap", "handicap-b", "handicap-c", "draw-2")),
    T("equal", "Равные результаты, кроме 16 за 16, текст не решает",
      "Нормальной ничьей текст называет только случаи, когда оба участника положили 16 шаров за 16 ударов. "
      "Упомянутая «условная ничья» нигде не объяснена. Поэтому при других равных результатах (в том числе "
      "равных с учётом форы) движок не объявляет ни победы, ни ничьей и сообщает, что исход текстом "
      "не определён.", ("outcomes", "draw-1", "draw-2")),
)


def plural(n: int, one: str, few: str, many: str) -> str:
    return f"{n} {ru.plural(n, one, few, many)}"


def penalties_text(n: int) -> str:
    return plural(n, "штрафной удар", "штрафных удара", "штрафных ударов")


def on_table(n: int) -> str:
    return f"на столе {ru.balls(n)}" if n else "на столе шаров не осталось"


def total_text(total: int, penalties: int | None) -> str:
    """«17 ударов (из них 1 штрафной)»."""
    text = ru.strokes(total)
    if penalties:
        text += f" (из них {penalties} {ru.plural(penalties, 'штрафной', 'штрафных', 'штрафных')})"
    return text


@dataclass(frozen=True)
class State:
    order: tuple[int, int] = (0, 1)  # player indices in the order of play
    stage: int = 0  # position in ``order`` of the player at the table; 2: both have finished
    strokes: tuple[int, int] = (0, 0)  # strokes made (penalty strokes not included)
    penalties: tuple[int, ...] = (0, 0)
    left: tuple[int, int] = (BALLS, BALLS)  # balls still on the table in each player's turn
    opening: tuple[str | None, str | None] = (None, None)
    penalties_known: tuple[bool, bool] = (True, True)  # False: the calculator knows only a total
    handicap: str = "none"
    strong: int | None = None
    extra: int = 0
    finished: bool = False
    winner: int | None = None
    result: str | None = None  # "win", "draw" or "undefined"

    @property
    def current(self) -> int | None:
        return self.order[self.stage] if self.stage < 2 else None

    def total(self, i: int) -> int:
        return self.strokes[i] + self.penalties[i]

    def scores(self) -> tuple[int, ...]:
        return (self.total(0), self.total(1))

    def adjusted(self, i: int) -> int:
        """The total compared for the result: the strong player's plus the handicap strokes."""
        return self.total(i) + (self.extra if i == self.strong and HANDICAPS[self.handicap][3] else 0)


@dataclass(frozen=True)
class Stroke:
    opening: str | None
    potted: int
    off_table: int
    double_hit: bool
    touch: str | None


@dataclass(frozen=True)
class Touch:
    touch: str


def with_item(items: tuple, i: int, value) -> tuple:
    out = list(items)
    out[i] = value
    return tuple(out)


class KladkaKiem(Game):
    id = GID
    title = "Кладка шаров кием"
    seed = "002"
    score_forms = ("удар", "удара", "ударов")
    lower_wins = True
    min_players = 2
    max_players = 2
    tools = ("calculator", "scorekeeper")
    trainer_aspects = ("foul", "next")  # the score is a number of strokes, not points
    clauses = CLAUSES
    tolkovaniya = TOLKOVANIYA

    # ---- declaration ----------------------------------------------------
    def touch_field(self, optional: bool) -> dict:
        field = {"name": "touch", "kind": "choice", "label": "Туш: шар (биток или другой) задет",
                 "options": [{"id": k, "label": v} for k, v in TOUCHES.items()]}
        if optional:
            field.update(default=None, optional=True, help="Штраф: +1 удар. Пусто — туша не было.")
        return field

    def action_fields(self) -> list[dict]:
        return [
            {"type": "shot", "label": "Удар", "fields": [
                {"name": "opening", "kind": "choice", "label": "Первый удар игрока", "default": None,
                 "optional": True, "options": [{"id": k, "label": v.capitalize()} for k, v in OPENINGS.items()],
                 "help": "Только для первого удара: разбита пирамида или биток сыгран в выбранную лузу."},
                {"name": "potted", "kind": "int", "min": 0, "max": BALLS, "default": 0,
                 "label": "Сколько шаров упало в лузы"},
                {"name": "off_table", "kind": "int", "min": 0, "max": BALLS, "default": 0,
                 "label": "Сколько шаров вылетело за борт",
                 "help": "Они возвращаются на стол, штрафа нет."},
                {"name": "double_hit", "kind": "bool", "default": False,
                 "label": "Двойной удар (штраф: +1 удар)"},
                self.touch_field(optional=True),
            ]},
            {"type": "touch", "label": "Туш вне удара", "fields": [self.touch_field(optional=False)]},
        ]

    def situation_fields(self) -> list[dict]:
        return [
            {"name": "balls_left", "kind": "int", "min": 1, "max": BALLS, "default": BALLS,
             "label": "Шаров на столе перед ударом"},
            {"name": "strokes", "kind": "int", "min": 0, "max": MAX_STROKES, "default": 0,
             "label": "Ударов игрока до этого (без штрафных)",
             "help": "0 — следующий удар первый: укажите, разбивка это или биток в лузу."},
            {"name": "penalties", "kind": "int", "min": 0, "max": MAX_STROKES, "default": 0,
             "label": "Штрафных ударов игрока до этого"},
            {"name": "opponent_total", "kind": "int", "min": 1, "max": 2 * MAX_STROKES, "default": None,
             "optional": True, "label": "Итог соперника, если он уже положил все шары (ударов вместе со штрафными)",
             "help": "Пусто — соперник ещё не играл."},
        ]

    def option_fields(self) -> list[dict]:
        with_strokes = [k for k, v in HANDICAPS.items() if v[3]]
        return [
            {"name": "handicap", "kind": "choice", "label": "Фора", "default": "none",
             "options": [{"id": k, "label": v[0]} for k, v in HANDICAPS.items()]},
            {"name": "strong", "kind": "choice", "label": "Кто даёт фору (сильный игрок)", "default": 0,
             "options": PLAYER_OPTIONS, "when": {"handicap": [k for k in HANDICAPS if k != "none"]},
             "help": "В калькуляторе первый — «Игрок» (тот, кто бьёт), второй — «Соперник»."},
            {"name": "handicap_strokes", "kind": "int", "min": 1, "max": MAX_HANDICAP, "default": 1,
             "label": "Фора: сколько ударов", "when": {"handicap": with_strokes},
             "help": "Число ударов форы текст не называет: его задают игроки."},
        ]

    def read_options(self, options: Reader) -> dict:
        handicap = options.choice("handicap", tuple(HANDICAPS), default="none")
        strong = options.choice("strong", (0, 1), default=0)
        extra = options.int("handicap_strokes", min=1, max=MAX_HANDICAP, default=1, what="Фора ударами")
        options.done()
        # Options that do not apply to the chosen handicap are dropped (the form hides them).
        out: dict = {"handicap": handicap}
        if handicap != "none":
            out["strong"] = strong
        if HANDICAPS[handicap][3]:
            out["handicap_strokes"] = extra
        return out

    # ---- states ---------------------------------------------------------
    def base_state(self, options: dict, order: tuple[int, int]) -> State:
        handicap = options.get("handicap", "none")
        return State(order=order, handicap=handicap, strong=options.get("strong"),
                     extra=options.get("handicap_strokes", 0))

    def initial_state(self, n_players: int, options: dict) -> State:
        strong = options.get("strong")
        starts = HANDICAPS[options.get("handicap", "none")][2]
        order = (strong, 1 - strong) if starts else (0, 1)
        return self.base_state(options, order)

    def state_from_situation(self, situation: Reader, options: dict) -> State:
        left = situation.int("balls_left", min=1, max=BALLS, default=BALLS, what="Шаров на столе")
        strokes = situation.int("strokes", min=0, max=MAX_STROKES, default=0, what="Ударов игрока")
        penalties = situation.int("penalties", min=0, max=MAX_STROKES, default=0, what="Штрафных ударов")
        opponent = situation.raw("opponent_total", None)
        if opponent is not None:
            opponent = situation.int("opponent_total", min=1, max=2 * MAX_STROKES, what="Итог соперника")
        situation.done()
        if strokes == 0 and left != BALLS:
            raise InputError(f"Ударов ещё не было, значит, на столе все {BALLS} шаров, а указано {left}.",
                             "situation.balls_left")
        second = opponent is not None
        handicap = options.get("handicap", "none")
        if HANDICAPS[handicap][2] and options.get("strong") != (1 if second else 0):
            who = "соперник уже положил все шары, значит, начинал он, и сильным должен быть он (второй)" \
                if second else "соперник ещё не играл, значит, начинает «Игрок», и сильным должен быть он (первый)"
            raise InputError(f"При форе «{HANDICAP_LETTER[handicap]}» партию начинает сильный игрок: {who}.",
                             "options.strong")
        state = self.base_state(options, (1, 0) if second else (0, 1))
        return replace(state, stage=1 if second else 0,
                       strokes=(strokes, opponent or 0), penalties=(penalties, 0),
                       left=(left, 0 if second else BALLS), penalties_known=(True, not second))

    def read_action(self, action: Reader, state: State):
        if state.finished:
            raise StateError("Партия уже окончена: оба игрока положили все шары.")
        kind = action.choice("type", ("shot", "touch"), default="shot")
        if kind == "touch":
            touch = action.choice("touch", tuple(TOUCHES))
            action.done()
            return Touch(touch)
        opening = action.optional_choice("opening", tuple(OPENINGS))
        potted = action.int("potted", min=0, max=BALLS, default=0, what="Упавшие в лузы шары")
        off = action.int("off_table", min=0, max=BALLS, default=0, what="Шары за бортом")
        double = action.bool("double_hit", default=False)
        touch = action.optional_choice("touch", tuple(TOUCHES))
        action.done()
        p = state.current
        left = state.left[p]
        if potted > left:
            raise InputError(f"В лузы упало шаров: {potted}, а на столе только {ru.balls(left)}.", "action.potted")
        if potted + off > left:
            raise InputError(f"В лузы упало шаров: {potted}, за борт вылетело: {off}, а на столе только "
                             f"{ru.balls(left)}.", "action.off_table")
        if state.strokes[p] == 0 and opening is None:
            raise InputError("Это первый удар игрока: укажите, разбита пирамида или биток сыгран в лузу "
                             "(поле action.opening).", "action.opening")
        if state.strokes[p] > 0 and opening is not None:
            raise InputError("Это уже не первый удар игрока: поле action.opening указывается только "
                             "для первого удара.", "action.opening")
        return Stroke(opening, potted, off, double, touch)

    # ---- rulings --------------------------------------------------------
    def apply(self, state: State, action, names):
        p = state.current
        clauses = ["count"]  # short names; fouls carry full ids
        tolk: list[str] = []
        lines: list[str] = []
        fouls: list[Foul] = []
        new = state
        if isinstance(action, Touch):
            kind = "penalty"
            fouls.append(Foul("touch", f"{GID}-penalty-b", f"Туш: шар задет {TOUCHES[action.touch]}."))
        else:
            kind = "shot"
            s: Stroke = action
            tolk.append("sixteen")
            clauses.append("any-stroke")
            opening = s.opening or state.opening[p]
            if s.opening:
                clauses += ["setup", "first-stroke"]
                new = replace(new, opening=with_item(new.opening, p, s.opening))
                lines.append("Первый удар: " + ("разбивка пирамиды." if s.opening == "break" else
                                                "биток сыгран в выбранную игроком лузу."))
                if HANDICAPS[state.handicap][2] and state.stage == 0:
                    clauses += ["handicap", HANDICAPS[state.handicap][1]]
                    lines.append("По условиям форы партию начинает сильный игрок.")
            elif opening == "break":
                clauses.append("after-break")
            elif opening == "cue-ball":
                clauses.append("after-cue-ball")
            left = state.left[p] - s.potted
            new = replace(new, strokes=with_item(new.strokes, p, state.strokes[p] + 1),
                          left=with_item(new.left, p, left))
            lines.append("Удар засчитан: +1 удар.")
            if s.potted:
                lines.append(f"Упало в лузы: {ru.balls(s.potted)}; {on_table(left)}.")
                if s.potted > 1 or s.opening == "break" or s.double_hit or s.touch:
                    tolk.append("potted")
            else:
                lines.append(f"В лузы ничего не упало; {on_table(left)}.")
            if s.off_table:
                clauses.append("off-table")
                lines.append(f"Вылетело за борт: {ru.balls(s.off_table)} — "
                             f"{ru.plural(s.off_table, 'возвращается', 'возвращаются', 'возвращаются')} на стол "
                             "без штрафа (куда именно ставить, текст не уточняет).")
            if s.double_hit:
                fouls.append(Foul("double-hit", f"{GID}-penalty-a", "Двойной удар."))
            if s.touch:
                fouls.append(Foul("touch", f"{GID}-penalty-b", f"Туш: шар задет {TOUCHES[s.touch]}."))
        if fouls:
            clauses.append("penalty")
            if len(fouls) > 1:
                tolk.append("penalty-each")
            new = replace(new, penalties=with_item(new.penalties, p, state.penalties[p] + len(fouls)))
            penalty = f"Штраф +{ru.strokes(len(fouls))} ({ru.join_and(FOUL_NAMES[f.code] for f in fouls)})"
            lines.append(f"{penalty}: штраф приписывается к ударам игрока.")
        charged = new.total(p) - state.total(p)
        finished = False
        nxt = p
        if new.left[p] == 0:
            clauses.append("goal")
            lines.append(f"{names[p]}: все {BALLS} шаров положены за {total_text(new.total(p), new.penalties[p])}.")
            new = replace(new, stage=state.stage + 1)
            if new.stage == 1:
                nxt = new.current
                clauses.append("setup")
                tolk.append("turns")
                if not HANDICAPS[state.handicap][2]:
                    tolk.append("order")
                lines.append(f"Шары снова выставляются в пирамиду; кладёт {names[nxt]}.")
            else:
                finished = True
                nxt = None
                new, more_clauses, more_tolk, result_lines = self.finish(new, names)
                clauses += more_clauses
                tolk += more_tolk
                lines += result_lines
        head = f"{penalty}. " if fouls else ""
        total = total_text(new.total(p), new.penalties[p])
        if finished:
            summary = self.result_sentence(new, names)
        elif nxt == p:
            summary = f"{head}{names[p]}: {total}, на столе {ru.balls(new.left[p])}. Следующий удар: {names[p]}."
        else:
            summary = f"{head}{names[p]}: все {BALLS} шаров положены за {total}. Следующий удар: {names[nxt]}."
        ruling = Ruling(
            kind=kind, player=p, summary=summary, lines=tuple(lines), points=charged, fouls=tuple(fouls),
            scores=new.scores(), next_player=nxt, turn_continues=nxt == p, finished=finished,
            winner=new.winner,
            clauses=self.cite([f"{GID}-{c}" for c in clauses] + [f.clause for f in fouls]),
            tolkovaniya=self.cite(f"{GID}-t-{t}" for t in tolk),
            extra={"strokes_charged": charged, "balls_left": new.left[p], "result": new.result,
                   "score_unit": "удары"})
        return ruling, new

    def finish(self, state: State, names):
        """Both players have potted all balls: the result (clauses and толкования used)."""
        hc = state.handicap
        clauses = ["outcomes"]
        tolk: list[str] = []
        lines: list[str] = []
        if hc != "none":
            clauses += ["handicap", HANDICAPS[hc][1]]
        totals = state.scores()
        if any(state.penalties):
            tolk.append("penalty-each")  # penalty strokes are part of the totals compared
        if totals == (BALLS, BALLS):
            clauses.append("draw-1" if hc == "none" else "draw-2")
            if HANDICAPS[hc][3]:
                tolk.append("handicap-strokes")
            lines.append(f"Оба положили {BALLS} шаров за {BALLS} ударов: нормальная ничья"
                         + (" (при форе)." if hc != "none" else "."))
            return replace(state, finished=True, result="draw"), clauses, tolk, lines
        tolk.append("fewer-wins")
        adjusted = (state.adjusted(0), state.adjusted(1))
        if HANDICAPS[hc][3]:
            tolk.append("handicap-strokes")
            s = state.strong
            lines.append(f"Фора в {ru.strokes(state.extra)}: к ударам сильного игрока ({names[s]}) прибавляется "
                         f"{state.extra}: {totals[s]} + {state.extra} = {adjusted[s]}.")
        if adjusted[0] == adjusted[1]:
            tolk.append("equal")
            lines.append("Результаты равны, но нормальной ничьей текст называет только 16 шаров за 16 ударов "
                         "у обоих, а «условная ничья» в тексте не определена: исход текстом не определён.")
            return replace(state, finished=True, result="undefined"), clauses, tolk, lines
        winner = 0 if adjusted[0] < adjusted[1] else 1
        fewer = "С учётом форы меньше" if HANDICAPS[hc][3] else "Меньше"
        lines.append(f"{fewer} ударов — {names[winner]}: выигрыш; {names[1 - winner]} — проигрыш.")
        return replace(state, finished=True, winner=winner, result="win"), clauses, tolk, lines

    def result_sentence(self, state: State, names) -> str:
        a0, a1 = state.adjusted(0), state.adjusted(1)
        with_hc = HANDICAPS[state.handicap][3] and state.result != "draw"
        pair = f"{a0} и {a1}" if state.winner is None else \
            f"{state.adjusted(state.winner)} против {state.adjusted(1 - state.winner)}"
        where = f" (с учётом форы: {pair})" if with_hc else f" ({pair})"
        if state.result == "draw":
            return f"Партия окончена: нормальная ничья — оба положили {BALLS} шаров за {BALLS} ударов."
        if state.result == "undefined":
            return (f"Партия окончена: результаты равны{where}; такой исход текст не определяет "
                    "(«условная ничья» в нём не объяснена).")
        return f"Партия окончена. Победитель: {names[state.winner]}{where}."

    # ---- view -----------------------------------------------------------
    def view(self, state: State, names) -> dict:
        hc = HANDICAPS[state.handicap]
        players = []
        for i in range(2):
            players.append({
                "name": names[i], "score": state.total(i), "strokes": state.strokes[i] if state.penalties_known[i] else None,
                "penalties": state.penalties[i] if state.penalties_known[i] else None,
                "balls_left": state.left[i], "done": state.left[i] == 0,
                "current": i == state.current and not state.finished,
                "strong": (i == state.strong) if state.strong is not None else None,
                "adjusted": state.adjusted(i) if hc[3] else None})
        columns = ["Игрок", "Ударов", "Из них штрафных", "Шаров на столе"]
        rows = []
        for i in state.order:
            row = [names[i] + (" (даёт фору)" if i == state.strong else ""), state.total(i),
                   state.penalties[i] if state.penalties_known[i] else "—",
                   state.left[i]]
            if hc[3]:
                row.append(state.adjusted(i))
            rows.append(row)
        if hc[3]:
            columns.append("С учётом форы")
        if state.finished:
            status = self.result_sentence(state, names)
        else:
            p = state.current
            status = (f"Следующий удар: {names[p]} (на счету {total_text(state.total(p), state.penalties[p])}, "
                      f"на столе {ru.balls(state.left[p])})")
            if state.strokes[p] == 0:
                status += "; первый удар — разбивка пирамиды или биток в любую лузу"
            status += "."
        return {"players": players, "current": state.current, "finished": state.finished,
                "winner": state.winner, "decision": None, "status": status,
                "table": {"columns": columns, "rows": rows},
                "extra": {"result": state.result, "handicap": state.handicap, "strong": state.strong,
                          "handicap_strokes": state.extra if hc[3] else 0, "order": list(state.order),
                          "score_unit": "удары"}}

    # ---- random play ------------------------------------------------------
    def random_action(self, state: State, rng) -> dict:
        if state.finished:
            raise StateError("Партия уже окончена: оба игрока положили все шары.")
        p = state.current
        if rng.random() < 0.04:
            return {"type": "touch", "touch": rng.choice(tuple(TOUCHES))}
        left = state.left[p]
        action: dict = {"type": "shot"}
        if state.penalties[p] == 0 and state.strokes[p] + left == BALLS and \
                rng.random() < (0.97 if state.strokes[p] else 0.35):
            # on course for 16 balls in 16 strokes (the normal draw): keep going most of the time
            return {**action, "potted": 1, **({} if state.strokes[p] else {"opening": "cue-ball"})}
        if state.strokes[p] == 0:
            action["opening"] = rng.choice(tuple(OPENINGS))
            potted = rng.choices((0, 1, 2, 3), weights=(4, 4, 2, 1))[0] if action["opening"] == "break" \
                else rng.choices((0, 1, 2), weights=(2, 8, 1))[0]
        else:
            potted = rng.choices((0, 1, 2, 3, left), weights=(3, 12, 2, 1, 1))[0]
        potted = min(potted, left)
        action["potted"] = potted
        if rng.random() < 0.05 and left > potted:
            action["off_table"] = rng.randint(1, left - potted)
        if rng.random() < 0.06:
            action["double_hit"] = True
        if rng.random() < 0.06:
            action["touch"] = rng.choice(tuple(TOUCHES))
        return action

    def random_situation(self, rng) -> dict:
        left = rng.choice((BALLS, rng.randint(1, BALLS), 1, rng.randint(1, 3)))
        if left == BALLS and rng.random() < 0.5:
            strokes = 0
        else:
            strokes = rng.randint(max(1, (BALLS - left) // 3), BALLS - left + 3)
        situation = {"balls_left": left, "strokes": strokes,
                     "penalties": rng.choice((0, 0, 0, 1, 2))}
        if rng.random() < 0.5:
            situation["opponent_total"] = rng.choice((BALLS, rng.randint(12, 24)))
        return situation
