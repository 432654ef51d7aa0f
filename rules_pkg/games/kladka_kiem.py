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
a touch outside a stroke. Handicaps а/б/в are match options; the strong
player and (for «б» and «в») the number of handicap strokes are required: the
text does not fix them. The cue ball played into a pocket on the first stroke is
the one ball that falls (толкование «cue-ball-opening»).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import Game, IMPLEMENTED, NOT_COMPUTABLE, citation_makers, impossible, score_reasons
from ..errors import StateError
from ..fields import ActionSpec, Bool, Choice, Int
from ..reader import Reader
from ..why import Why
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
    "mixed": ("в) смешанная — сильный начинает и получает право на меньшее количество ударов",
              "handicap-c", True, True),
}
HANDICAP_LETTER = {"start": "а", "strokes": "б", "mixed": "в"}
PLAYER_OPTIONS = ((0, "первый в списке игроков"), (1, "второй в списке игроков"))


C, T = citation_makers(GID)


CLAUSES = (
    C("setup", "Перед игрой все шары выставляются в пирамиду", decides=("setup", "turn")),
    C("goal", "Цель: положить с кия все 16 шаров за минимальное число ударов", decides=("turn", "outcome")),
    C("start", "Начало игры — слово «Начинаю»", NOT_COMPUTABLE,
      "Формальность начала партии: на подсчёт ударов не влияет."),
    C("first-stroke", "Первый удар: разбить пирамиду или положить биток в любую лузу", decides=("setup",)),
    C("after-break", "После разбивки шары играются в лузы без заказа", decides=("progress",)),
    C("after-cue-ball", "После битка поочерёдно кладутся шары пирамиды", decides=("progress",)),
    C("count", "Судья подсчитывает удары игрока", decides=("score",)),
    C("advice", "Совет: сначала угловые лузы, затем средние", NOT_COMPUTABLE,
      "Совет опытных игроков, а не правило: в какую лузу класть шар, на подсчёт ударов не влияет."),
    C("any-stroke", "Класть шары можно любыми ударами; кий, машинка или мазик", decides=("progress",)),
    C("penalty", "Штраф за ошибку — один приписанный удар", decides=("penalty",)),
    C("penalty-a", "Двойной удар: ошибка со штрафом", decides=("foul",)),
    C("penalty-b", "Туш: шар задет одеждой, рукой или кием (машинкой, мазиком) — ошибка со штрафом", decides=("foul",)),
    C("off-table", "Шар за бортом возвращается на стол без штрафа", decides=("respot",)),
    C("outcomes", "Исходы: выигрыш, проигрыш, ничья (нормальная или условная)", IMPLEMENTED,
      "Выигрыш, проигрыш и нормальная ничья учтены; что такое «условная ничья», текст не объясняет, "
      "и движок её не объявляет.", decides=("outcome",)),
    C("draw-1", "Нормальная ничья: каждый положил 16 шаров за 16 ударов", decides=("outcome",)),
    C("draw-2", "Нормальная ничья при форе: оба положили 16 шаров за 16 ударов", decides=("outcome",)),
    C("handicap", "Слабый может попросить фору; три варианта форы", decides=("turn", "outcome")),
    C("handicap-a", "Фора а: сильный игрок начинает партию", decides=("turn",)),
    C("handicap-b", "Фора б: слабый игрок получает больше ударов", decides=("outcome",)),
    C("handicap-c", "Фора в: сильный начинает и получает меньше ударов", decides=("turn", "outcome")),
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
      "приписываются два удара.",
      ("penalty", "penalty-a", "penalty-b")),
    T("penalty-counts", "Штрафные удары входят в итог",
      "Штраф «взимается в виде приписывания спортсмену одного удара», поэтому приписанные удары входят в число "
      "ударов игрока везде, где удары считаются: и при сравнении результатов, и в ничьей «16 шаров за 16 ударов».",
      ("penalty", "outcomes", "draw-1", "draw-2")),
    T("cue-ball-opening", "Первый удар «биток в лузу» — упал один биток",
      "Первым ударом игрок может «либо разбить пирамиду, либо положить биток в любую выбранную им лузу»: текст "
      "противопоставляет эти удары, значит, при втором пирамида не разбита. Поэтому при таком ударе в лузу "
      "упал ровно один шар — биток (он входит в 16 шаров: толкование «16 прицельных шаров»), а другие шары не "
      "упали и не вылетели за борт. Калькулятор не принимает такой удар с другим числом шаров.",
      ("first-stroke", "after-cue-ball")),
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


def on_table(n: int) -> str:
    return f"на столе {ru.balls(n)}" if n else "на столе шаров не осталось"


def total_text(total: int, penalties: int | None, bracket: bool = True) -> str:
    """«17 ударов (из них 1 штрафной)»; inside brackets already (``bracket=False``):
    «17 ударов, из них 1 штрафной»."""
    text = ru.strokes(total)
    if penalties:
        part = f"из них {penalties} {ru.plural(penalties, 'штрафной', 'штрафных', 'штрафных')}"
        text += f" ({part})" if bracket else f", {part}"
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


def touch_field(required: bool) -> Choice:
    options = tuple(TOUCHES.items())
    if required:
        return Choice(name="touch", label="Туш (задет шар — биток или другой)", options=options)
    return Choice(name="touch", label="Туш (задет шар — биток или другой)", options=options, default=None,
                  optional=True, help="Штраф: +1 удар. Пусто — туша не было.", none_label="не было")


TOUCH_REQUIRED = touch_field(required=True)
SHOT_FIELDS = (
    Choice(name="opening", label="Первый удар игрока", default=None, optional=True,
           options=tuple((k, v.capitalize()) for k, v in OPENINGS.items()),
           help="Только для первого удара: разбита пирамида или биток сыгран в выбранную лузу "
                "(тогда упал один шар — биток)."),
    Int(name="potted", label="Сколько шаров упало в лузы", min=0, max=BALLS, default=0),
    Int(name="off_table", label="Сколько шаров вылетело за борт", min=0, max=BALLS, default=0,
        help="Они возвращаются на стол, штрафа нет."),
    Bool(name="double_hit", label="Двойной удар (штраф +1 удар)", default=False),
    touch_field(required=False),
)
SITUATION_FIELDS = (
    Int(name="balls_left", label="Шаров на столе перед ударом", min=1, max=BALLS, default=BALLS),
    Int(name="strokes", label="Ударов игрока до этого (без штрафных)", min=0, max=MAX_STROKES, default=0,
        help="0 — следующий удар первый: укажите, разбивка это или биток в лузу."),
    Int(name="penalties", label="Штрафных ударов игрока до этого", min=0, max=MAX_STROKES, default=0),
    Int(name="opponent_total", label="Итог соперника, если он уже положил все шары (ударов вместе со штрафными)",
        min=1, max=2 * MAX_STROKES, default=None, optional=True, help="Пусто — соперник ещё не играл.",
        none_label="соперник ещё не играл"),
)
OPTION_FIELDS = (
    Choice(name="handicap", label="Фора", default="none", options=tuple((k, v[0]) for k, v in HANDICAPS.items())),
    Choice(name="strong", label="Кто даёт фору (сильный игрок)", options=PLAYER_OPTIONS,
           when={"handicap": [k for k in HANDICAPS if k != "none"]},
           help="В калькуляторе первый в списке — Игрок 1, второй — Игрок 2.", help_tool="calculator"),
    Int(name="handicap_strokes", label="Сколько ударов форы", min=1, max=MAX_HANDICAP,
        when={"handicap": [k for k, v in HANDICAPS.items() if v[3]]},
        help="Число ударов форы текст не называет: его задают игроки."),
)


def penalty_reason(penalties: int, charged: int) -> str:
    """The penalty strokes among the strokes charged, read after «+2 удара»."""
    word = ru.plural(penalties, "штрафной", "штрафных", "штрафных")
    return word if penalties == charged else f"из них {penalties} {word}"


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
    def action_specs(self) -> tuple[ActionSpec, ...]:
        return (ActionSpec("shot", "Удар", SHOT_FIELDS), ActionSpec("touch", "Туш вне удара", (TOUCH_REQUIRED,)))

    def situation_fields(self):
        return SITUATION_FIELDS

    def option_fields(self):
        return OPTION_FIELDS

    def read_options(self, options: Reader) -> dict:
        # Options that do not apply to the chosen handicap are refused when given and left out here.
        return {k: v for k, v in super().read_options(options).items() if v is not None}

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

    def build_situation(self, values: dict, options: dict) -> State:
        left, strokes, penalties, opponent = (values[k] for k in ("balls_left", "strokes", "penalties",
                                                                  "opponent_total"))
        second = opponent is not None
        state = self.base_state(options, (1, 0) if second else (0, 1))
        return replace(state, stage=1 if second else 0,
                       strokes=(strokes, opponent or 0), penalties=(penalties, 0),
                       left=(left, 0 if second else BALLS), penalties_known=(True, not second))

    def check_position(self, state: State) -> None:
        """A possible position: before a player's first stroke all 16 balls are on the
        table; the player whose turn it is started the match or follows the one who
        has finished; under handicaps «а» and «в» the strong player started."""
        for i in range(2):
            if state.strokes[i] == 0 and state.left[i] != BALLS and state.penalties_known[i]:
                impossible(f"Ударов ещё не было, значит, на столе все {BALLS} шаров, а указано {state.left[i]}.",
                           "situation.balls_left")
        if HANDICAPS[state.handicap][2] and state.order[0] != state.strong:
            second = state.stage == 1
            who = "соперник уже положил все шары, значит, начинал он, и сильным должен быть он (второй)" \
                if second else "соперник ещё не играл, значит, начинает «Игрок», и сильным должен быть он (первый)"
            impossible(f"При форе «{HANDICAP_LETTER[state.handicap]}» партию начинает сильный игрок: {who}.",
                       "options.strong")

    def check_turn(self, state: State, kind: str) -> None:
        if state.finished:
            raise StateError("Партия уже окончена: оба игрока положили все шары.")

    def build_action(self, kind: str, values: dict, state: State):
        if kind == "touch":
            return Touch(values["touch"])
        return Stroke(values["opening"], values["potted"], values["off_table"], values["double_hit"],
                      values["touch"])

    def check_action(self, state: State, action) -> None:
        """What one stroke can do: no more balls fall or fly off than are on the
        table; the first stroke of a player says what it was, later ones do not;
        the cue ball played into a pocket is the one ball that fell (толкование
        «Первый удар «биток в лузу» — упал один биток»)."""
        if isinstance(action, Touch):
            return
        p = state.current
        left = state.left[p]
        if action.potted > left:
            impossible(f"В лузы {ru.agree(action.potted, 'упал', 'упало')} {ru.balls(action.potted)}, а на столе только {ru.balls(left)}.", "action.potted")
        if action.potted + action.off_table > left:
            impossible(f"В лузы {ru.agree(action.potted, 'упал', 'упало')} {ru.balls(action.potted)}, за борт "
                       f"{ru.agree(action.off_table, 'вылетел', 'вылетело')} {ru.balls(action.off_table)}, "
                       f"а на столе только {ru.balls(left)}.", "action.off_table")
        if state.strokes[p] == 0 and action.opening is None:
            impossible("Это первый удар игрока: укажите, разбита пирамида или биток сыгран в лузу.", "action.opening")
        if state.strokes[p] > 0 and action.opening is not None:
            impossible("Это уже не первый удар игрока: как начата партия, указывается только "
                       "для первого удара.", "action.opening")
        if action.opening == "cue-ball":
            if action.potted != 1:
                impossible(f"Первый удар «биток в лузу»: биток упал в выбранную лузу, а пирамида не разбита, "
                           f"значит, в лузы упал ровно один шар — биток, а указано {action.potted}.",
                           "action.potted")
            if action.off_table:
                impossible("Первый удар «биток в лузу»: пирамида не разбита, и за борт вылететь ничего не могло, "
                           f"а указано {ru.balls(action.off_table)}.", "action.off_table")

    # ---- rulings --------------------------------------------------------
    # Precedence: the stroke itself (+1, what it was, the balls that fell or flew off),
    # then the penalty strokes of its fouls, then the end of the player's turn
    # (all balls potted) and, after the second player, the result of the match.
    def apply(self, state: State, action, names):
        p = state.current
        why = Why(self)
        if isinstance(action, Touch):
            kind, new = "penalty", state
            why.foul("touch", f"{GID}-penalty-b", f"Туш: шар задет {TOUCHES[action.touch]}.")
        else:
            kind, new = "shot", self.stroke(why, state, action, names)
        new = self.penalty(why, state, new)
        new = self.end_of_turn(why, state, new, names)
        charged = new.total(p) - state.total(p)
        if why.fouls:
            why.decide("foul", why.fouls[0].basis)
        if kind == "shot" and not new.finished:  # at the end the result is the main event
            why.decide("points", f"{GID}-count")
        nxt = new.current
        ruling = why.ruling(
            kind=kind, player=p, summary=self.summary_text(state, new, why, names), points=charged,
            scores=new.scores(), next_player=nxt, turn_continues=nxt == p, finished=new.finished,
            winner=new.winner,
            extra={"scores_before": list(state.scores()), "strokes_charged": charged, "balls_left": new.left[p], "result": new.result,
                   "score_unit": "удары",
                   # a foul is charged as a stroke (kladka-kiem-penalty): «+2 удара, из них 1 штрафной»
                   "score_reasons": score_reasons(len(names), {p: penalty_reason(len(why.fouls), charged)}
                                                  if why.fouls else {})})
        return ruling, new

    def stroke(self, why: Why, state: State, s: Stroke, names) -> State:
        """The stroke counts; what it was; which balls fell or flew off."""
        p = state.current
        opening = s.opening or state.opening[p]
        new = state
        if s.opening:
            new = replace(new, opening=with_item(new.opening, p, s.opening))
            if s.opening == "break":
                why.add("setup", "Первый удар: разбивка пирамиды.", f"{GID}-setup", f"{GID}-first-stroke")
            else:
                why.add("setup", "Первый удар: биток сыгран в выбранную игроком лузу.", f"{GID}-setup",
                        f"{GID}-first-stroke", f"{GID}-t-cue-ball-opening")
            if HANDICAPS[state.handicap][2] and state.stage == 0:
                why.add("turn", "По условиям форы партию начинает сильный игрок.", f"{GID}-handicap",
                        f"{GID}-{HANDICAPS[state.handicap][1]}")
            elif state.stage == 0:  # say what is assumed: the text does not fix who starts
                why.add("turn", f"Партию начинает {names[p]} — первый в списке игроков: кто начинает без форы "
                                "«а» или «в», текст не решает.", f"{GID}-t-order")
        left = state.left[p] - s.potted
        new = replace(new, strokes=with_item(new.strokes, p, state.strokes[p] + 1),
                      left=with_item(new.left, p, left))
        why.add("score", "Удар засчитан: +1 удар.", f"{GID}-count")
        if s.potted:
            basis = [f"{GID}-any-stroke", f"{GID}-t-sixteen"]
            if not s.opening and opening in ("break", "cue-ball"):
                basis.append(f"{GID}-after-break" if opening == "break" else f"{GID}-after-cue-ball")
            if s.potted > 1 or s.opening == "break" or s.double_hit or s.touch:
                basis.append(f"{GID}-t-potted")
            # the balls count toward the goal, not the strokes (the score): a толкование here is not the points'
            why.add("progress", f"Упало в лузы: {ru.balls(s.potted)}; {on_table(left)}.", *basis)
        else:
            why.note(f"В лузы ничего не упало; {on_table(left)}.")
        if s.off_table:
            why.add("respot", f"Вылетело за борт: {ru.balls(s.off_table)} — "
                              f"{ru.agree(s.off_table, 'возвращается', 'возвращаются')} на стол "
                              "без штрафа (куда именно ставить, текст не уточняет).", f"{GID}-off-table")
        if s.double_hit:
            why.foul("double-hit", f"{GID}-penalty-a", "Двойной удар.")
        if s.touch:
            why.foul("touch", f"{GID}-penalty-b", f"Туш: шар задет {TOUCHES[s.touch]}.")
        return new

    def penalty(self, why: Why, state: State, new: State) -> State:
        """One stroke charged per foul of this action."""
        if not why.fouls:
            return new
        p = state.current
        n = len(why.fouls)
        why.add("penalty", f"{self.penalty_words(why)}: штраф приписывается к ударам игрока.", f"{GID}-penalty",
                *((f"{GID}-t-penalty-each",) if n > 1 else ()))
        return replace(new, penalties=with_item(new.penalties, p, state.penalties[p] + n))

    def penalty_words(self, why: Why) -> str:
        return f"Штраф +{ru.strokes(len(why.fouls))} ({ru.join_and(FOUL_NAMES[f.code] for f in why.fouls)})"

    def end_of_turn(self, why: Why, state: State, new: State, names) -> State:
        """All balls potted: the turn passes, or the match is over."""
        p = state.current
        if new.left[p] != 0:
            return new
        new = replace(new, stage=state.stage + 1)
        done = f"{names[p]}: все {BALLS} шаров положены за {total_text(new.total(p), new.penalties[p])}."
        if new.stage == 1:
            why.add("turn", done, f"{GID}-goal", f"{GID}-t-turns")
            nxt = new.current
            why.add("turn", f"Шары снова выставляются в пирамиду; кладёт {names[nxt]}.", f"{GID}-setup",
                    f"{GID}-t-turns", *(() if HANDICAPS[state.handicap][2] else (f"{GID}-t-order",)))
            return new
        why.add("outcome", done, f"{GID}-goal", f"{GID}-t-turns")
        return self.finish(why, new, names)

    def finish(self, why: Why, state: State, names) -> State:
        """Both players have potted all balls: the result."""
        hc = state.handicap
        totals = state.scores()
        counts = (f"{GID}-t-penalty-counts",) if any(state.penalties) else ()
        # under «а» the handicap decided only who started; under «б» and «в» it changes the comparison
        handicap = (f"{GID}-handicap", f"{GID}-{HANDICAPS[hc][1]}") if HANDICAPS[hc][3] else ()
        with_handicap = (f"{GID}-handicap",) + handicap[1:] if hc != "none" else ()
        if totals == (BALLS, BALLS):
            draw = f"{GID}-draw-1" if hc == "none" else f"{GID}-draw-2"
            why.add("outcome", f"Оба положили {BALLS} шаров за {BALLS} ударов: нормальная ничья"
                    + (" (при форе)." if hc != "none" else "."), f"{GID}-outcomes", draw, *counts, *with_handicap,
                    *((f"{GID}-t-handicap-strokes",) if HANDICAPS[hc][3] else ()))
            why.decide("info", draw)
            return replace(state, finished=True, result="draw")
        adjusted = (state.adjusted(0), state.adjusted(1))
        if HANDICAPS[hc][3]:
            s = state.strong
            why.add("outcome", f"Фора в {ru.strokes(state.extra)}: к ударам сильного игрока ({names[s]}) "
                               f"прибавляется {state.extra} ({totals[s]} + {state.extra} = {adjusted[s]}).",
                    *handicap, f"{GID}-t-handicap-strokes")
        if adjusted[0] == adjusted[1]:
            why.add("outcome", "Результаты равны, но нормальной ничьей текст называет только 16 шаров за 16 "
                               "ударов у обоих, а «условная ничья» в тексте не определена: исход текстом не "
                               "определён.", f"{GID}-outcomes", f"{GID}-t-equal", *counts,
                    restates=(f"{GID}-draw-1",))
            why.decide("info", f"{GID}-t-equal")
            return replace(state, finished=True, result="undefined")
        winner = 0 if adjusted[0] < adjusted[1] else 1
        fewer = "С учётом форы меньше" if HANDICAPS[hc][3] else "Меньше"
        why.add("outcome", f"{fewer} ударов — {names[winner]}: выигрыш; {names[1 - winner]} — проигрыш.",
                f"{GID}-outcomes", f"{GID}-t-fewer-wins", *counts, *handicap)
        why.decide("win", f"{GID}-t-fewer-wins")
        return replace(state, finished=True, winner=winner, result="win")

    def summary_text(self, state: State, new: State, why: Why, names) -> str:
        p = state.current
        head = f"{self.penalty_words(why)}. " if why.fouls else ""
        if new.finished:
            return self.result_sentence(new, names) + (f" {head.strip()}" if head else "")
        total = total_text(new.total(p), new.penalties[p])
        if new.current == p:
            return f"{head}{names[p]}: {total}, на столе {ru.balls(new.left[p])}. Следующий удар: {names[p]}."
        return f"{head}{names[p]}: все {BALLS} шаров положены за {total}. Следующий удар: {names[new.current]}."

    def result_sentence(self, state: State, names) -> str:
        a0, a1 = state.adjusted(0), state.adjusted(1)
        with_hc = HANDICAPS[state.handicap][3] and state.result != "draw"
        pair = f"{a0} и {a1}" if state.winner is None else \
            f"{state.adjusted(state.winner)} против {state.adjusted(1 - state.winner)}"
        where = f" (с учётом форы — {pair})" if with_hc else f" ({pair})"
        if state.result == "draw":
            return f"Партия окончена: нормальная ничья — оба положили {BALLS} шаров за {BALLS} ударов."
        if state.result == "undefined":
            return (f"Партия окончена: результаты равны{where}; такой исход текст не определяет "
                    "(«условная ничья» в нём не объяснена).")
        return f"Партия окончена. Победитель: {names[state.winner]}{where}."

    # ---- view -----------------------------------------------------------
    def idle_fields(self, state: State) -> tuple[str, ...]:
        """The opening is asked of a player's first stroke only (check_action refuses it later)."""
        return () if state.finished or state.strokes[state.current] == 0 else ("opening",)

    def needed_fields(self, state: State) -> tuple[str, ...]:
        """A player's first stroke is a break or «биток в лузу» (check_action refuses it unsaid)."""
        return ("opening",) if not state.finished and state.strokes[state.current] == 0 else ()

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
            # Not the first stroke's two kinds: the field «Первый удар игрока» beside it says them (three
            # rows of status put its first under the tab bar at 390 px: a newcomer).
            status = (f"Следующий удар: {names[p]} (на счету {total_text(state.total(p), state.penalties[p], False)}"
                      f"{';' if state.penalties[p] else ','} на столе {ru.balls(state.left[p])}).")
        return {"players": players, "current": state.current, "finished": state.finished,
                "winner": state.winner, "decision": None, "status": status,
                "rack": None if state.finished else max(state.left[state.current] - 1, 0),  # drawn beside the cue ball
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
            # the cue ball played into a pocket is the one ball that falls
            potted = rng.choices((0, 1, 2, 3), weights=(4, 4, 2, 1))[0] if action["opening"] == "break" else 1
        else:
            potted = rng.choices((0, 1, 2, 3, left), weights=(3, 12, 2, 1, 1))[0]
        potted = min(potted, left)
        action["potted"] = potted
        if rng.random() < 0.05 and left > potted and action.get("opening") != "cue-ball":
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
