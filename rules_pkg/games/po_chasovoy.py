"""«Кладка шаров по часовой стрелке» («по солнцу»; seed 002).

The text adds pockets to «Кладка шаров по порядку номеров», a game whose rules are
not in the source: scoring, the order of turns and the winner are therefore not
defined, and the engine invents none of them. What it computes is the pocket of
every ball: the opponent names ball 1's pocket after the first player's first
shot, each next ball goes to the next pocket clockwise, a wrong pocket noticed at
once does not count (the ball goes back on the table), and an error found later
keeps every pocketed ball and restarts the order clockwise from the pocket the
last ball actually went to. The tools are a pocket guide (calculator) and a
tracker of the whole rack (scorekeeper, with no score).

Implemented (clause ids = anchors on the game's page):
  po-chasovoy-pockets, po-chasovoy-first-pocket, po-chasovoy-next-ball,
  po-chasovoy-example-clockwise, po-chasovoy-forbidden, po-chasovoy-mnemonic,
  po-chasovoy-mnemonic-1 … po-chasovoy-mnemonic-6 (the list is data and is
  checked against the clockwise rule), po-chasovoy-wrong-pocket,
  po-chasovoy-late-error, po-chasovoy-late-count, po-chasovoy-late-order.
Not computable: po-chasovoy-basis (the rules it refers to are not in the
  source), po-chasovoy-aim (tactical advice), po-chasovoy-training (a remark).
Lost: none (the text of this game is complete).

Actions: ``decision`` (the opponent names ball 1's pocket; ``choice`` = pocket id),
``shot`` (the next ball by number went into ``pocket``; ``noticed`` says whether a
wrong pocket was noticed at once) and ``error_found`` (an unnoticed error is found).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import Game, NOT_COMPUTABLE, Ruling, citation_makers, impossible
from ..errors import StateError
from ..fields import ActionSpec, Bool, Choice, Int
from ..why import Why
from .. import ru
from ..table import POCKET_IDS, POCKET_NAMES, clockwise_next, pocket_options

GID = "po-chasovoy"
LAST_BALL = 15
BALLS = tuple(range(1, LAST_BALL + 1))

# The balls as the text names them (the mnemonic list), nominative.
BALL_WORDS = {1: "единица", 2: "двойка", 3: "тройка", 4: "четверка", 5: "пятерка", 6: "шестерка",
              7: "семерка", 8: "восьмерка", 9: "девятка", 10: "десятка", 11: "одиннадцать",
              12: "двенадцать", 13: "тринадцать", 14: "четырнадцать", 15: "пятнадцать"}

# The mnemonic list of the text, item by item: balls played into one pocket.
MNEMONIC = {1: (1, 7, 13), 2: (2, 8, 14), 3: (3, 9, 15), 4: (4, 10), 5: (5, 11), 6: (6, 12)}
MNEMONIC_ITEM = {ball: item for item, balls in MNEMONIC.items() for ball in balls}

# Pocket names with the preposition «в» (accusative), for sentences.
POCKET_INTO = {
    "far-left": "в дальнюю левую угловую лузу",
    "far-right": "в дальнюю правую угловую лузу",
    "right-middle": "в правую среднюю лузу",
    "near-right": "в правую угловую лузу со стороны «дома»",
    "near-left": "в левую угловую лузу со стороны «дома»",
    "left-middle": "в левую среднюю лузу",
}


C, T = citation_makers(GID)


CLAUSES = (
    C("basis", "Правила — как в «Кладке шаров по порядку номеров»", NOT_COMPUTABLE,
      "Правил «Кладки шаров по порядку номеров» в источнике нет: счёт, очерёдность ударов и победитель "
      "не определены, поэтому калькулятор и счёт партии следят только за лузами.",
      decides=("score", "turn", "outcome")),
    C("pockets", "За каждым шаром закреплена своя луза", decides=("setup", "score")),
    C("first-pocket", "После первого удара соперник назначает лузу для «единицы»", decides=("decision", "setup")),
    C("aim", "Задача — ударить по «тузу» так, чтобы шары не встали у своих луз", NOT_COMPUTABLE,
      "Совет о том, как играть, а не правило."),
    C("next-ball", "«Двойка» — вслед за «тузом», в следующую по часовой стрелке лузу", decides=("setup",)),
    C("example-clockwise", "Пример: «единица» в правой средней — «двойка» в правую угловую у «дома»",
      decides=("setup",)),
    C("forbidden", "Играть шар не в назначенную лузу запрещается", decides=("foul",)),
    C("mnemonic", "Памятка: какие шары играются в одну лузу", decides=("setup",)),
    C("mnemonic-1", "«Единица», «семерка» и «тринадцать» — в одну лузу", decides=("setup",)),
    C("mnemonic-2", "«Двойка», «восьмерка» и «четырнадцать» — в одну лузу", decides=("setup",)),
    C("mnemonic-3", "«Тройка», «девятка» и «пятнадцать» — в одну лузу", decides=("setup",)),
    C("mnemonic-4", "«Четверка» и «десятка» — в одну лузу", decides=("setup",)),
    C("mnemonic-5", "«Пятерка» и «одиннадцать» — в одну лузу", decides=("setup",)),
    C("mnemonic-6", "«Шестерка» и «двенадцать» — в одну лузу", decides=("setup",)),
    C("wrong-pocket", "Не та луза: удар не засчитывается, шар возвращается на стол", decides=("penalty", "respot")),
    C("late-error", "Ошибка найдена не сразу (пример с «тройкой»)", decides=("respot", "score")),
    C("late-count", "Все сыгранные в лузы шары засчитываются", decides=("score",)),
    C("late-order", "Новый порядок кладки от лузы последнего шара", decides=("setup",)),
    C("training", "Игра как тренировочная", NOT_COMPUTABLE, "Замечание о пользе игры, а не правило."),
)




TOLKOVANIYA = (
    T("two-players", "Игроков двое",
      "Число игроков текст не называет, но говорит о первом игроке и его сопернике, который назначает лузу "
      "для «единицы». Поэтому партия ведётся на двоих: первый игрок делает первый удар, второй — соперник — "
      "назначает лузу. Кто бьёт дальше, текст не определяет, и счёт партии очерёдность не ведёт.",
      ("first-pocket", "basis")),
    T("number-order", "Шары с 1 по 15 играются по порядку номеров",
      "Текст ссылается на «Кладку шаров по порядку номеров», которой в источнике нет, но сам показывает порядок: "
      "«вслед за «тузом» играется «двойка»», в примере за «тройкой» идут «4», «5», «шестерка» и «семерка», а "
      "памятка перечисляет шары с «единицы» до «пятнадцати». Поэтому шаров пятнадцать, очередной шар — "
      "следующий по номеру, а «туз» — это «единица» (за ним идёт «двойка»). Калькулятор записывает по одному "
      "забитому шару — очередному; что бывает, если упал другой шар или несколько шаров сразу, текст не определяет.",
      ("next-ball", "mnemonic", "aim", "late-error")),
    T("before-found", "Пока ошибка не обнаружена, действует прежний порядок",
      "Новый порядок кладки текст вводит только тогда, когда ошибка обнаружена. До этого назначенные лузы "
      "считаются по прежнему порядку, и каждый шар, упавший не в свою лузу, — тоже ошибка: если её заметили "
      "сразу, удар не засчитывается, если нет — шар остаётся в лузе до обнаружения ошибки. Так в примере "
      "текста «4» и «5» сыграны не в свои по прежнему порядку лузы, а при обнаружении ошибки засчитываются.",
      ("late-error", "wrong-pocket", "late-count")),
    T("order-from-last", "Новый порядок идёт от лузы последнего забитого шара",
      "Текст говорит лишь, что после обнаружения ошибки «необходимо учитывать новый порядок кладки», и "
      "показывает его на примере: «5» упал в левую среднюю лузу, поэтому «шестерка» — в дальнюю левую "
      "угловую, «семерка» — в дальнюю правую угловую. В примере шары после ошибки шли по часовой стрелке, "
      "так что новый порядок можно считать и от ошибочного шара, и от последнего — ответ один. В общем случае "
      "порядок продолжается по часовой стрелке от лузы, куда на самом деле упал последний забитый шар.",
      ("late-order", "late-error")),
    T("last-unnoticed", "Незамеченная ошибка на последнем шаре",
      "Если «пятнадцать» упал в лузу, пока ошибка так и не обнаружена, шаров на столе больше нет и новый "
      "порядок уже не нужен. Все сыгранные в лузы шары остаются в лузах: при обнаружении ошибки текст "
      "засчитывает их все.", ("late-count", "late-error")),
    T("po-solntsu", "«По солнцу» — то же, что «по часовой стрелке»",
      "Раздел озаглавлен «Кладка шаров по часовой стрелке», а его первая фраза говорит о правилах игры "
      "«Кладка шаров по солнцу». Солнце в наших широтах движется по небу по часовой стрелке, поэтому это "
      "два названия одной игры.", ("basis",)),
)


@dataclass(frozen=True)
class State:
    named: bool = False                 # has ball 1's pocket been named?
    first_pocket: str | None = None     # the pocket named for ball 1 (None: unknown in the calculator)
    next_ball: int = 1                  # the ball to play (LAST_BALL + 1: none left)
    origin_ball: int = 1                # the order in force: origin_ball belongs to origin_pocket,
    origin_pocket: str | None = None    # every next ball to the next pocket clockwise
    last_pocket: str | None = None      # where the last pocketed ball actually went
    reordered: bool = False             # the order was restarted after an error found late
    pending: bool = False               # a wrong pocket nobody has noticed yet
    unnoticed_from: int | None = None   # its ball, when known
    pocketed: tuple = ()                # ((ball, pocket, designated pocket), ...) in order
    finished: bool = False

    def designated(self, ball: int) -> str:
        return clockwise_next(self.origin_pocket, ball - self.origin_ball)


@dataclass(frozen=True)
class Shot:
    pocket: str
    noticed: bool


@dataclass(frozen=True)
class NamePocket:
    pocket: str


@dataclass(frozen=True)
class ErrorFound:
    pass


def ball_ref(n: int) -> str:
    """«шар 7 («семерка»)»."""
    return f"шар {n} («{BALL_WORDS[n]}»)"


def pocket_name(p: str) -> str:
    return POCKET_NAMES[p]


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def mnemonic_line(ball: int) -> str:
    item = MNEMONIC_ITEM[ball]
    words = ru.join_and(f"«{BALL_WORDS[b]}»" for b in MNEMONIC[item])
    return f"Памятка, пункт {item}: в одну лузу играются {words}."


NOT_DEFINED = ("Сколько очков приносит шар, кто бьёт следующим и кто побеждает, текст не определяет: это правила "
               "«Кладки шаров по порядку номеров», которых в источнике нет.")


def next_sentence(state: State) -> str:
    """The ball and the pocket that come next, in one sentence: the match's status line
    and a ruling's summary say it alike, so the page shows it once (ruling/said-once.js)."""
    n = state.next_ball
    sentence = f"Очередной шар — {n}, луза — {pocket_name(state.designated(n))}"
    if state.pending:
        where = f" с шара {state.unnoticed_from}" if state.unnoticed_from else ""
        sentence += f" (по прежнему порядку: ошибка{where} ещё не обнаружена)"
    return sentence + "."


POCKETS = tuple((o["id"], o["label"]) for o in pocket_options())
ACTION_SPECS = (
    ActionSpec("shot", "Очередной шар забит", (
        Choice(name="pocket", label="В какую лузу упал очередной шар", options=POCKETS),
        Bool(name="noticed", label="Если луза не та — ошибку заметили сразу", default=True, always=True,
             help="Сразу: удар не засчитывается, шар возвращается на стол. Не сразу: шар остаётся в лузе, а когда "
                  "ошибку обнаружат, запишите «Ошибка обнаружена». Для назначенной лузы не важно."),
    )),
    ActionSpec("error_found", "Ошибка обнаружена (не сразу)", ()),
    ActionSpec("decision", "Соперник назначает лузу для «единицы»", (
        Choice(name="choice", label="Луза, в которую будет сыграна «единица»", options=POCKETS),
    )),
)
SITUATION_FIELDS = (
    Int(name="ball", label="Очередной шар (номер)", min=1, max=LAST_BALL, default=1, always=True),
    Choice(name="known", label="Что известно", default="first", always=True,
           options=(("first", "луза «единицы»"),
                    # with an unnoticed error the ball fell elsewhere: «Эта луза» is the one the order gave it
                    ("previous", "луза, назначенная предыдущему шару по действующему порядку")),
           help="Луза предыдущего шара — та, куда он упал; после обнаруженной ошибки порядок идёт от неё. "
                "Если сейчас есть незамеченная ошибка — луза, назначенная ему по прежнему порядку."),
    Choice(name="pocket", label="Эта луза", options=POCKETS),
    Bool(name="unnoticed", label="Есть незамеченная ошибка (раньше шар упал не в свою лузу, а этого пока не заметили)",
         default=False),
    Choice(name="last_pocket", label="Куда на самом деле упал предыдущий шар", options=POCKETS,
           when={"unnoticed": True}),
)


class PoChasovoy(Game):
    id = GID
    title = "Кладка шаров по часовой стрелке"
    seed = "002"
    score_forms = None  # the text defines no scoring
    # The cards are names alone: a newcomer read them as the scorekeeper having lost whose shot it is.
    board_note = "Кто бьёт после первого удара, текст не определяет."  # толкование «two-players»; one row at 390 px
    min_players = 2
    max_players = 2
    tools = ("calculator", "scorekeeper")
    clauses = CLAUSES
    tolkovaniya = TOLKOVANIYA
    outside = ()

    # ---- declaration ----------------------------------------------------
    def action_specs(self) -> tuple[ActionSpec, ...]:
        return ACTION_SPECS

    def situation_fields(self):
        return SITUATION_FIELDS

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State()

    def build_situation(self, values: dict, options: dict) -> State:
        ball, known, pocket = values["ball"], values["known"], values["pocket"]
        unnoticed, last = values["unnoticed"], values["last_pocket"]
        if known == "previous" and ball == 1:
            impossible("У «единицы» нет предыдущего шара: укажите лузу «единицы».", "situation.known")
        if unnoticed and ball == 1:
            impossible("Перед «единицей» ошибки быть не может: ещё ни один шар не забит.", "situation.unnoticed")
        origin = 1 if known == "first" else ball - 1
        state = State(named=True, first_pocket=pocket if known == "first" else None, next_ball=ball,
                      origin_ball=origin, origin_pocket=pocket, pending=unnoticed)
        if ball > 1:
            state = replace(state, last_pocket=last if unnoticed else state.designated(ball - 1))
        return state

    def check_position(self, state: State) -> None:
        """A possible position: an unnoticed error needs a ball pocketed before it;
        when only the «единица» is down, the error was hers, so she is not in her
        own pocket."""
        if state.pending and state.next_ball == 2 and not state.reordered \
                and state.last_pocket == state.designated(1):
            impossible(f"Незамеченная ошибка могла быть только с «единицей», а она, по указанному, упала в свою "
                       f"лузу ({pocket_name(state.last_pocket)}): ошибки нет.", "situation.last_pocket")

    def check_turn(self, state: State, kind: str) -> None:
        if not state.named and kind != "decision":
            raise StateError("Сначала после первого удара соперник назначает лузу, в которую будет сыграна "
                             "«единица».", "action.type")
        if kind == "decision" and state.named:
            raise StateError("Луза для «единицы» уже назначена.", "action.type")

    def idle_actions(self, state: State) -> tuple[str, ...]:
        """«Ошибка обнаружена» only while an error is unnoticed (check_action refuses it otherwise)."""
        return () if state.pending else ("error_found",)

    def check_action(self, state: State, action) -> None:
        # after the fields are read, so a malformed request is an input error first
        if isinstance(action, ErrorFound) and not state.pending:
            raise StateError("Незамеченной ошибки сейчас нет: отмечать «Ошибка обнаружена» нечего.",
                             "action.type")

    def build_action(self, kind: str, values: dict, state: State):
        if kind == "decision":
            return NamePocket(values["choice"])
        if kind == "error_found":
            return ErrorFound()
        return Shot(values["pocket"], values["noticed"])

    # ---- the rules --------------------------------------------------------
    def apply(self, state: State, action, names) -> tuple[Ruling, State]:
        if isinstance(action, NamePocket):
            return self.apply_name(state, action, names)
        if isinstance(action, ErrorFound):
            return self.apply_error_found(state)
        return self.apply_shot(state, action)

    def ruling(self, why: Why, kind, summary, player=None, state=None, extra=None):
        return why.ruling(kind=kind, player=player, summary=summary, finished=bool(state and state.finished),
                          extra=extra or {})

    def apply_name(self, state: State, action: NamePocket, names):
        p = action.pocket
        new = replace(state, named=True, first_pocket=p, origin_ball=1, origin_pocket=p)
        ahead = ", ".join(f"«{BALL_WORDS[b]}» — {POCKET_INTO[new.designated(b)]}" for b in (2, 3))
        why = Why(self)
        why.add("decision", f"Первый удар: {names[0]}. После него соперник — {names[1]} — назначает лузу, в "
                            f"которую будет сыграна «единица»: {pocket_name(p)}.",
                f"{GID}-first-pocket", f"{GID}-t-two-players")
        why.add("setup", f"Каждый следующий шар — в следующую по часовой стрелке лузу: {ahead} и так далее.",
                f"{GID}-pockets", f"{GID}-next-ball", f"{GID}-t-number-order")
        why.add("turn", "Что происходит с шарами, упавшими при первом ударе, и кто бьёт дальше, текст не "
                        "определяет: это правила «Кладки шаров по порядку номеров», которых в источнике нет.",
                f"{GID}-basis")
        why.decide("info", f"{GID}-first-pocket")
        ruling = self.ruling(why, "decision", f"Луза «единицы» назначена: {pocket_name(p)}.", player=1,
                             extra={"first_pocket": p, "next_ball": 1, "next_pocket": p})
        return ruling, new

    def designation_cites(self, state: State, n: int) -> tuple[str, ...]:
        """What the designated pocket of ball n rests on."""
        if n == 1 and state.origin_ball == 1:
            return (f"{GID}-first-pocket", f"{GID}-pockets")
        cites = [f"{GID}-pockets", f"{GID}-next-ball", f"{GID}-t-number-order"]
        if state.origin_ball == 1 and not state.reordered:
            cites.append(f"{GID}-first-pocket")
        if state.reordered:
            cites += [f"{GID}-late-order", f"{GID}-t-order-from-last"]
        if self.is_clockwise_example(state, n):
            cites.append(f"{GID}-example-clockwise")
        return tuple(cites)

    def is_clockwise_example(self, state: State, n: int) -> bool:
        """The text's example: «единица» played into the right middle, «двойка» to
        the right corner at the «дом»."""
        return n == 2 and state.origin_ball == 1 and state.origin_pocket == "right-middle"

    def designation_line(self, state: State, n: int) -> str:
        """Why ball n has its designated pocket."""
        d = state.designated(n)
        if n == 1 and state.origin_ball == 1:
            return f"Назначенная луза «единицы» — {pocket_name(d)}: её назначил соперник."
        steps = (n - state.origin_ball) % 6
        if state.origin_ball == 1:
            base = "лузы «единицы»"
        elif state.reordered:
            base = f"лузы, куда упал шар {state.origin_ball}"
        else:
            base = f"лузы шара {state.origin_ball}"
        where = f"та же, что луза{base[4:]}, через полный круг по часовой стрелке" if steps == 0 else \
            f"{'следующая' if steps == 1 else f'{steps}-я'} по часовой стрелке от {base}"
        return f"Назначенная луза шара {n} — {pocket_name(d)}: {where}."

    def next_ball_lines(self, why: Why, new: State) -> str:
        """What comes next: the lines, and the sentence for the summary."""
        if new.finished:
            why.add("outcome", f"Все {ru.balls(LAST_BALL)} в лузах: следующих шаров нет. Счёт и победителя текст "
                               "не определяет.", f"{GID}-basis")
            if new.pending:
                why.add("score", "Ошибка так и не обнаружена; все сыгранные в лузы шары остаются в лузах и засчитываются.",
                        f"{GID}-late-count", f"{GID}-t-last-unnoticed")
            return "Все шары в лузах."
        n = new.next_ball
        d = new.designated(n)
        why.add("setup", f"Очередной {ball_ref(n)} играется {POCKET_INTO[d]}" +
                (" (по прежнему порядку: ошибка ещё не обнаружена)." if new.pending else "."),
                *self.designation_cites(new, n), *((f"{GID}-t-before-found",) if new.pending else ()))
        return next_sentence(new)

    # Precedence of a shot: the designated pocket (by the order in force, the old
    # one while an error is unnoticed); then the ball in that pocket, a wrong
    # pocket noticed at once (the shot does not count) or one nobody noticed (the
    # ball stays); then what comes next.
    def apply_shot(self, state: State, shot: Shot):
        n = state.next_ball
        d = state.designated(n)
        why = Why(self)
        self.designation(why, state, n)
        extra = {"ball": n, "pocket": shot.pocket, "designated": d}
        if shot.pocket == d:
            new, summary, extra["outcome"] = self.in_its_pocket(why, state, n)
        elif shot.noticed:
            new, summary, extra["outcome"] = self.noticed_at_once(why, state, n, shot.pocket)
        else:
            new, summary, extra["outcome"] = self.unnoticed(why, state, n, shot.pocket)
        extra.update(self.progress(new))
        return self.ruling(why, "shot", summary, state=new, extra=extra), new

    def designation(self, why: Why, state: State, n: int) -> None:
        why.add("setup", self.designation_line(state, n), *self.designation_cites(state, n))
        if state.origin_ball == 1:
            why.add("setup", mnemonic_line(n), f"{GID}-mnemonic", f"{GID}-mnemonic-{MNEMONIC_ITEM[n]}")
        if state.pending:
            where = f" с шара {state.unnoticed_from}" if state.unnoticed_from else ""
            why.add("setup", f"Незамеченная ошибка{where} ещё не обнаружена, поэтому назначенная луза считается по "
                             "прежнему порядку. Если ошибку обнаружили до этого удара, сначала запишите «Ошибка "
                             "обнаружена».", f"{GID}-t-before-found")

    def in_its_pocket(self, why: Why, state: State, n: int):
        d = state.designated(n)
        new = replace(state, next_ball=n + 1, last_pocket=d, pocketed=state.pocketed + ((n, d, d),),
                      finished=n == LAST_BALL)
        why.add("score", f"{cap(ball_ref(n))} упал в назначенную лузу." +
                (" Когда ошибку обнаружат, он будет засчитан вместе с остальными." if state.pending else ""),
                f"{GID}-pockets", *((f"{GID}-late-count",) if state.pending else ()))
        why.add("score", NOT_DEFINED, f"{GID}-basis")
        why.decide("info", f"{GID}-pockets")
        return new, f"Шар {n} — в назначенную лузу ({pocket_name(d)}). {self.next_ball_lines(why, new)}", "pocketed"

    def noticed_at_once(self, why: Why, state: State, n: int, pocket: str):
        d = state.designated(n)
        why.foul("wrong-pocket", f"{GID}-forbidden", f"Шар {n} упал {POCKET_INTO[pocket]}, а назначена {pocket_name(d)}.")
        why.add("penalty", "Играть шар не в назначенную лузу запрещается. Ошибку заметили сразу: удар не "
                           "засчитывается.", f"{GID}-wrong-pocket", restates=(f"{GID}-forbidden",))
        why.add("respot", f"Шар {n} возвращается на стол.", f"{GID}-wrong-pocket")
        why.add("turn", "Куда именно ставится возвращённый шар и кто бьёт дальше, текст не определяет.",
                f"{GID}-basis")
        why.decide("foul", f"{GID}-forbidden")
        return state, f"Не та луза: удар не засчитывается, шар {n} возвращается на стол. {next_sentence(state)}", "returned"

    def unnoticed(self, why: Why, state: State, n: int, pocket: str):
        d = state.designated(n)
        new = replace(state, next_ball=n + 1, last_pocket=pocket, pending=True,
                      unnoticed_from=state.unnoticed_from if state.pending else n,
                      pocketed=state.pocketed + ((n, pocket, d),), finished=n == LAST_BALL)
        why.add("respot", f"{cap(ball_ref(n))} упал {POCKET_INTO[pocket]}, а назначена {pocket_name(d)}. Играть шар "
                          "не в назначенную лузу запрещается, но ошибку не заметили: шар остаётся в лузе.",
                f"{GID}-late-error", f"{GID}-t-before-found", restates=(f"{GID}-forbidden",))
        if not new.finished:
            why.add("score", "Когда ошибку обнаружат, все сыгранные в лузы шары засчитываются, а порядок кладки "
                             "продолжится по часовой стрелке от лузы, куда упал последний шар.",
                    f"{GID}-late-count", f"{GID}-t-order-from-last")
        why.decide("info", f"{GID}-late-error")
        nxt = self.next_ball_lines(why, new)
        return new, (f"Шар {n} упал {POCKET_INTO[pocket]}, а назначена {pocket_name(d)}; ошибку не "
                     f"заметили. {nxt}"), "unnoticed"

    def apply_error_found(self, state: State):
        last_ball = state.next_ball - 1
        new = replace(state, origin_ball=last_ball, origin_pocket=state.last_pocket, pending=False,
                      unnoticed_from=None, reordered=True)
        why = Why(self)
        first = "Ошибка найдена не сразу. Все сыгранные в лузы шары засчитываются."
        if state.unnoticed_from:
            balls = list(range(state.unnoticed_from, last_ball + 1))
            first = first[:-1] + (f", в том числе шар {balls[0]}, забитый" if len(balls) == 1 else
                                  f", в том числе шары {ru.join_and(balls)}, забитые") + \
                " при незамеченной ошибке."
        why.add("score", first, f"{GID}-late-error", f"{GID}-late-count")
        ahead = [b for b in (last_ball + 1, last_ball + 2) if b <= LAST_BALL]
        plan = ", ".join(f"шар {b} — {POCKET_INTO[new.designated(b)]}" for b in ahead)
        why.add("setup", f"Новый порядок кладки идёт по часовой стрелке от лузы, куда упал последний шар "
                         f"({last_ball} — {pocket_name(state.last_pocket)}): {plan}.",
                *self.designation_cites(new, last_ball + 1))
        why.add("score", NOT_DEFINED, f"{GID}-basis")
        why.decide("info", f"{GID}-late-order")
        summary = ("Ошибка обнаружена: все сыгранные в лузы шары засчитываются, а кладка идёт по часовой стрелке "
                   f"от лузы, куда упал последний шар. {next_sentence(new)}")
        extra = {"counted_from": state.unnoticed_from, "last_ball": last_ball, "last_pocket": state.last_pocket}
        extra.update(self.progress(new))
        return self.ruling(why, "error_found", summary, state=new, extra=extra), new

    # ---- view -----------------------------------------------------------
    def progress(self, state: State) -> dict:
        done = state.finished or not state.named
        return {"next_ball": None if state.finished else state.next_ball,
                "next_pocket": None if done else state.designated(state.next_ball),
                "pending": state.pending}

    def table(self, state: State) -> dict:
        if state.finished:
            return {"columns": ["Шар", "Луза"], "rows": []}
        if not state.named:
            rows = [[b, "луза «единицы»" if (b - 1) % 6 == 0 else
                     f"{'следующая' if (b - 1) % 6 == 1 else f'{(b - 1) % 6}-я'} по часовой стрелке от лузы «единицы»"]
                    for b in BALLS]
            return {"columns": ["Шар", "Луза"], "rows": rows}
        rows = [[b, cap(pocket_name(state.designated(b)))] for b in range(state.next_ball, LAST_BALL + 1)]
        title = "Луза по прежнему порядку" if state.pending else "Луза"
        return {"columns": ["Шар", title], "rows": rows}

    def field_when(self, state: State) -> dict[str, dict[str, list]]:
        """«noticed» matters only for a pocket other than the designated one (apply_shot)."""
        if not state.named or state.finished:
            return {}
        designated = state.designated(state.next_ball)
        return {"noticed": {"pocket": [p for p in POCKET_IDS if p != designated]}}

    def view(self, state: State, names) -> dict:
        # The roles the text gives, until the pocket is named; who strikes after that it does not
        # say (толкование two-players), so no card is marked, and a card is its name alone.
        roles = ("первый удар", "назначает лузу «единицы»")
        players = [{"name": names[i], "score": None, "current": False, **({} if state.named else {"role": roles[i]})}
                   for i in range(len(names))]
        decision = None
        if not state.named:
            # The first shot is not recorded (what it changes the text does not say): the status says
            # who makes it, the question asks the opponent for the pocket that follows it.
            status = f"Первый удар делает {names[0]}; записывать его не нужно."
            decision = {"player": 1, "clause": f"{GID}-first-pocket",
                        # the status says whose shot comes first; the question does not claim it was made
                        # (its § link says the pocket is named after the first shot)
                        "question": f"{names[1]}, назначьте лузу, в которую будет сыграна «единица»:",
                        "options": pocket_options()}
        elif state.finished:
            status = f"Все {ru.balls(LAST_BALL)} в лузах; счёт и победителя текст не определяет."
        else:
            status = next_sentence(state)
        extra = {"first_pocket": state.first_pocket,
                 "order": None if not state.named else {"ball": state.origin_ball, "pocket": state.origin_pocket},
                 "last_pocket": state.last_pocket, "unnoticed_from": state.unnoticed_from,
                 "pocketed": [{"ball": b, "pocket": p, "designated": d} for b, p, d in state.pocketed]}
        extra.update(self.progress(state))
        return {"players": players, "current": None, "finished": state.finished, "winner": None,
                "decision": decision, "status": status, "table": self.table(state), "extra": extra}

    # ---- random play ------------------------------------------------------
    def random_action(self, state: State, rng) -> dict:
        if not state.named:
            return {"type": "decision", "choice": rng.choice(POCKET_IDS)}
        if state.pending and rng.random() < 0.3:
            return {"type": "error_found"}
        d = state.designated(state.next_ball)
        pocket = d if rng.random() < 0.6 else rng.choice([p for p in POCKET_IDS if p != d])
        action = {"type": "shot", "pocket": pocket}
        r = rng.random()
        if r < 0.45:
            action["noticed"] = False
        elif r < 0.9:
            action["noticed"] = True
        return action

    def random_situation(self, rng) -> dict:
        ball = rng.choice((1, LAST_BALL, rng.randint(1, LAST_BALL)))
        known = "first" if ball == 1 or rng.random() < 0.5 else "previous"
        situation = {"ball": ball, "known": known, "pocket": rng.choice(POCKET_IDS)}
        if ball > 1 and rng.random() < 0.25:
            situation["unnoticed"] = True
            # with only the «единица» down, the error was hers: she is not in her own pocket
            situation["last_pocket"] = rng.choice([p for p in POCKET_IDS if ball > 2 or p != situation["pocket"]])
        return situation
