"""«Игра с пробкой» (seed 002; the source's title and opening rules are lost).

The surviving text starts mid-sentence («…начинается новая партия.») and runs to
the heading «Кладка шаров по часовой стрелке». Every player starts with 1 point;
their sum starts a running total, the «банк» (the text's «сумма всех очков»),
that doubles with each penalty: a foul costs the player the bank, a successful
shot (the пробка knocked down) pays him the bank; first to 100 wins the game.

Implemented (clause ids = anchors on the game's page):
  probka-goal, probka-start, probka-fouls, probka-foul-a … probka-foul-e
  (a, b, v, g, d, e = а, б, в, г, д, е), probka-penalty, probka-penalty-example,
  probka-prize, probka-example-2, probka-example-4, probka-example-6,
  probka-example-success (the six-player example, reproduced by a test).
Lost: probka-opening (the title, what the пробка is, the order of shots, when a
  new партия begins; only the end of one sentence survives).
Not computable: none.

A shot is described by who shot (his number in the list, from 1: the order of
shots is in the lost opening, so the engine does not guess it), whether the
пробка was knocked down and which violations а–е happened. The bank after a
successful shot is not in the text: one switch, the match option
``bank_after_success`` ("grows", the default, or "unchanged").

Possible positions (``check_position``): with the bank growing after every
penalty and prize, the bank names how many entries there were and their sizes
(n, 2n, 4n … for n players), and the scores must be the one signed share-out of
them (``bank_history``) in which no prize reached 100 before the end; with the
bank unchanged after a prize only what follows from the penalties is checked.
Possible shots (``check_action``): «г» and «е» exclude each other, «б» means
the пробка fell and excludes «в», and «в» with the пробка down needs «а» or «д».
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .. import ru
from ..core import Game, LOST, Ruling, citation_makers, impossible, score_reasons
from ..errors import InputError, StateError
from ..fields import ActionSpec, Bool, Choice, Int, Player, Set, Text
from ..reader import check_int, too_long, wrong_type
from ..why import Why

START_POINT = 1
TARGET = 100
MAX_PLAYERS = 20
TRAINER_PLAYERS = 6  # the тренажёр's tasks: every score read at a glance
# Not a rule: a technical limit so every number stays exact in JavaScript (2**53 ≈ 9·10**15).
MAX_BANK = 10 ** 15


# The shot without a result, said once: the line and «почему» share the sentence (said-once.js drops
# it from «почему»); the line said it twice in other words («Очков нет: … — очки и банк не меняются»).
NO_RESULT = "Пробка не сбита, нарушений нет: очки и банк не меняются."
# What the bank does after a prize is a condition of the match, not of the text (not «так выбрано»: in
# the тренажёр no one chose it — a newcomer).
AFTER_SUCCESS_WORDS = "«Банк после результативного удара» (его текст правил не задаёт)."


def opening_bank(n: int) -> int:
    """The bank at the start: every player's one point (probka-start)."""
    return START_POINT * n


MODES = ("grows", "unchanged")
MODE_LABELS = {"grows": "растёт на сумму приза, как после штрафа", "unchanged": "не меняется"}

# (id, letter of the source, the source's words)
FOULS = (
    ("a", "а", "сыгрывание или касание пробки битком"),
    ("b", "б", "сыгрывание пробки прицельным шаром прямым ударом, но не от борта"),
    ("v", "в", "промах"),
    ("g", "г", "кладка в лузу битка"),
    ("d", "д", "касание битка или прицельного шара рукой или одеждой"),
    ("e", "е", "вылет битка за борт стола в результате чрезмерно сильного удара"),
)
FOUL_IDS = tuple(f for f, _, _ in FOULS)
FOUL_LETTER = {f: letter for f, letter, _ in FOULS}
FOUL_TEXT = {f: text for f, _, text in FOULS}


C, T = citation_makers("probka")


CLAUSES = (
    C("opening", "Название игры и начало правил утрачены", LOST,
      "Текст источника начинается с середины фразы «…начинается новая партия»: название игры, что такое "
      "пробка и как её ставят, очерёдность ударов, что такое партия и когда начинается новая, не сохранились."),
    C("goal", "Победитель игры — первым набравший 100 очков", decides=("outcome",)),
    C("start", "Перед игрой каждому по одному очку; их сумма — основа штрафов и призов",
      decides=("score", "penalty")),
    C("fouls", "За ошибки — штраф; случаи штрафа", decides=("penalty",)),
    *(C(f"foul-{f}", f"{letter}) {text[0].upper()}{text[1:]}",
        note="Отмечает пользователь: что именно произошло на столе, калькулятор не видит."
        + (" Что считать промахом, текст не определяет." if f == "v" else ""), decides=("foul",))
      for f, letter, text in FOULS),
    C("penalty", "Штраф — сумма очков, набранных к этому моменту всеми участниками",
      note="Эта «сумма» — нарастающий итог, а не сумма очков на доске: см. толкование «Банк — не сумма очков на доске».",
      decides=("penalty",)),
    C("penalty-example", "Пример штрафов при десяти игроках: 10, 20, 40",
      note="Числа примера сдвинуты на одну ошибку: см. толкование.", decides=("penalty",)),
    C("prize", "Приз за результативный удар — сумма очков всех игроков", decides=("score",)),
    C("example-2", "Пример, ошибка игрока 2: −5, сумма 12 (6 игроков)", decides=("penalty",)),
    C("example-4", "Пример, ошибка игрока 4: 1 − 12 = −11, сумма 24", decides=("penalty",)),
    C("example-6", "Пример, ошибка игрока 6: 1 − 24 = −23, сумма 48", decides=("penalty",)),
    C("example-success", "Пример, игрок 6 сбивает пробку: 48 + (−23) = 25", decides=("score",)),
)




TOLKOVANIYA = (
    T("bank", "Банк — не сумма очков на доске",
      "Текст называет штраф и приз «суммой набранных к тому моменту игры всеми участниками очков» («сумма всех "
      "очков»), но его же пример с шестью игроками с суммой очков на доске не сходится. До первой ошибки на доске "
      "6 очков (по одному у каждого). После ошибки игрока 2 на доске −5 + 5 × 1 = 0, а текст называет сумму 12; "
      "после ошибки игрока 4 на доске −12, а в тексте 24; после ошибки игрока 6 на доске −36, а в тексте 48. "
      "Числа текста — нарастающий итог: он начинается с суммы стартовых очков (6) и после каждой ошибки растёт на "
      "сумму штрафа (6 + 6 = 12, 12 + 12 = 24, 24 + 24 = 48), то есть считает все начисленные очки, в том числе "
      "штрафные. Калькулятор ведёт этот итог отдельно от счёта игроков и называет его «банк»: штраф и приз равны "
      "банку перед ударом, после штрафа банк удваивается.",
      ("start", "penalty", "prize", "example-2", "example-4", "example-6")),
    T("ten-players", "Десять игроков: 20 — штраф за вторую ошибку, 40 — за третью",
      "Текст говорит: «до совершения каким-либо игроком ошибки количество штрафных очков будет составлять 10, "
      "после совершения второй ошибки … – 20 (10 + 10), после совершения третьей ошибки – 40 (10 + 10 + 20)». "
      "По его же сложению 20 = 10 + 10 — это стартовые 10 очков и штраф за первую ошибку, то есть банк после "
      "первой ошибки, а 40 = 10 + 10 + 20 — банк после второй. Поэтому «после совершения второй ошибки» и «после "
      "совершения третьей ошибки» читаются как «за вторую ошибку» и «за третью ошибку»: при десяти игроках штраф "
      "за первую ошибку — 10 очков, за вторую — 20, за третью — 40. Так же выходит и в примере с шестью "
      "игроками: 6, 12, 24.",
      ("penalty-example", "penalty")),
    T("after-success", "Банк после результативного удара",
      "Пример текста кончается результативным ударом (игрок 6: 48 + (−23) = 25), и что после этого становится с "
      "банком, текст не говорит. По умолчанию банк растёт на сумму приза, как после штрафа: банк — итог всех "
      "начисленных очков (толкование «Банк — не сумма очков на доске»), а приз — тоже начисленные очки; после "
      "удара игрока 6 банк стал бы 96. Другой вариант — банк не меняется (остаётся 48). Выбор — переключатель "
      "«Банк после результативного удара» в условиях партии; приз в обоих вариантах равен банку перед ударом.",
      ("prize", "example-success")),
    T("no-result", "Удар без результата и без нарушения",
      "Текст знает два исхода удара: результативный (пробка сбита) и ошибку (случаи а–е). Может ли удар "
      "окончиться ничем — пробка не сбита и нарушения нет, — он не говорит, а «промах» (случай в) не определяет: "
      "неясно, промах ли это, только когда биток не попал по шару, или всякий раз, когда пробка устояла. "
      "Калькулятор позволяет записать удар без результата: очки и банк не меняются. Если игроки считают такой "
      "удар промахом, его надо отметить как нарушение «в».",
      ("foul-v", "prize")),
    T("one-penalty", "Несколько нарушений в одном ударе — один штраф",
      "Текст перечисляет случаи штрафа и называет его размер, но не говорит, что будет, если в одном ударе "
      "нарушений несколько. Калькулятор начисляет за такой удар один штраф, и банк удваивается один раз: текст "
      "наказывает «при неправильном выполнении ударов», то есть за удар, а его примеры считают ошибки по одной.",
      ("fouls", "penalty")),
    T("foul-and-probka", "Пробка сбита с нарушением — только штраф",
      "Если пробка сбита, но при ударе было нарушение, текст не говорит, что важнее. Нарушения «а» и «б» сами "
      "описывают неправильные способы сбить пробку (битком; прицельным шаром прямым ударом, не от борта), и текст "
      "за них штрафует — значит, сбитая так пробка приза не приносит. Так же калькулятор поступает и при "
      "остальных нарушениях: удар с нарушением — «неправильное выполнение удара», за него начисляется только "
      "штраф, приза нет.",
      ("fouls", "foul-a", "foul-b", "prize")),
    T("100-or-more", "Победа — 100 очков или больше",
      "Текст объявляет победителем участника, «первым набравшего 100 очков». Ровно 100 набрать обычно нельзя: "
      "банк начинается с числа игроков и только удваивается, поэтому все штрафы и призы кратны числу игроков и "
      "счёт игрока всегда равен 1 плюс число, кратное числу игроков; ровно 100 возможно только при 3, 9 или 11 "
      "игроках. Поэтому победой считается счёт 100 или больше.",
      ("goal",)),
    T("one-shot-facts", "Какие нарушения не бывают в одном ударе",
      "Нарушения отмечает пользователь, и калькулятор не принимает удар, которого не может быть на столе. "
      "«г» (биток в лузе) и «е» (биток за бортом) вместе не бывают: биток не может оказаться и в лузе, и за "
      "бортом. «Сыгрывание» пробки текст отличает от «касания» (случай «а»: «сыгрывание или касание пробки "
      "битком»), поэтому сыгрывание — это сбитая пробка: при нарушении «б» пробка сбита. Что такое промах "
      "(«в»), текст не определяет (толкование «Удар без результата и без нарушения»): либо биток не попал ни "
      "по одному шару, либо пробка устояла. При любом из этих прочтений промах не бывает вместе с «б» (пробку "
      "сбил прицельный шар, по которому попал биток) и вместе со сбитой пробкой, если её не сбил сам биток "
      "(«а») и не шар, задетый рукой или одеждой («д»).",
      ("foul-a", "foul-b", "foul-v", "foul-g", "foul-d", "foul-e")),
    T("reachable", "Какое положение возможно",
      "Банк начинается с числа игроков и удваивается после каждого штрафа (и, по умолчанию, после каждого "
      "приза), поэтому банк перед ударом называет, сколько начислений уже было и какого размера каждое: при "
      "банке 48 и шести игроках — 6, 12 и 24 очка, по одному начислению каждого размера, каждое — одному "
      "игроку, со знаком минус (штраф) или плюс (приз). Калькулятор принимает очки игроков, только если их "
      "можно получить из этих начислений, причём приз не должен был довести игрока до 100 очков (тогда игра "
      "окончилась бы). Если банк после приза не меняется (переключатель в условиях партии), призы могут быть "
      "любыми и их число не видно по банку; тогда калькулятор проверяет только то, что следует из штрафов: "
      "счёт игрока — 1 плюс число, кратное числу игроков, и все долги вместе не больше суммы штрафов.",
      ("start", "penalty", "prize", "goal")),
)

# The worked examples of the text, as the situations they describe: six players,
# (the board before the shot, the bank, the shooter's number, what happened).
SIX_EXAMPLES = (
    ("probka-example-2", (1, 1, 1, 1, 1, 1), 6, 2, "foul"),
    ("probka-example-4", (1, -5, 1, 1, 1, 1), 12, 4, "foul"),
    ("probka-example-6", (1, -5, 1, -11, 1, 1), 24, 6, "foul"),
    ("probka-example-success", (1, -5, 1, -11, 1, -23), 48, 6, "probka"),
)
EXAMPLE_WORDS = {
    "probka-example-2": "Так в примере текста: игрок № 2 из шести получает −5 очков, сумма растёт до 12.",
    "probka-example-4": "Так в примере текста: игрок № 4 получает 1 − 12 = −11 очков, сумма растёт с 12 до 24.",
    "probka-example-6": "Так в примере текста: игрок № 6 получает 1 − 24 = −23 очка, сумма становится 48.",
    "probka-example-success": "Так в примере текста: игрок № 6 сбивает пробку, 48 + (−23) = 25.",
}
# The ten-player sentence: the penalty for the first, second and third error.
TEN_PLAYER_PENALTIES = (10, 20, 40)


@dataclass(frozen=True)
class Event:
    """One row of the bank's history (for the view's table)."""

    shooter: int
    outcome: str  # "foul", "probka", "none"
    fouls: tuple[str, ...]
    score_before: int
    score_after: int
    bank_before: int
    bank_after: int


@dataclass(frozen=True)
class State:
    scores: tuple[int, ...]
    bank: int
    grows: bool  # the option bank_after_success == "grows"
    after_success: bool = False  # the bank has already been through a successful shot
    from_situation: bool = False  # the calculator's one-shot state
    finished: bool = False
    winner: int | None = None
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Shot:
    shooter: int  # index from 0
    probka: bool
    fouls: tuple[str, ...]


def num(n: int) -> str:
    """An integer with a typographic minus."""
    return f"−{-n}" if n < 0 else str(n)


def pts(n: int) -> str:
    return f"{num(n)} {ru.plural(n, 'очко', 'очка', 'очков')}"


def foul_letters(fouls) -> str:
    return ru.join_and(f"«{FOUL_LETTER[f]}»" for f in fouls)


def foul_said(f: str) -> str:
    """A foul by its letter and its words («нарушение «в» (промах)»): the letter alone
    told a player nothing (a newcomer read «Нарушение «в» — штраф» as a riddle)."""
    return f"нарушение «{FOUL_LETTER[f]}» ({FOUL_TEXT[f]})"


def fouls_said(fouls) -> str:
    """The shot's fouls, each with its words, the first capitalised: the summary says each
    as its own line does, so the line is not said again beside it (ruling-text.js saidWithin)."""
    said = ru.join_and(foul_said(f) for f in fouls)
    return said[0].upper() + said[1:]


def is_bank(bank: int, n: int) -> bool:
    """The bank is the players' count doubled zero or more times."""
    if bank < n or bank % n:
        return False
    k = bank // n
    return k & (k - 1) == 0


def doublings(bank: int, n: int) -> int:
    """How many times the bank has doubled since the start (``is_bank`` holds)."""
    return (bank // n).bit_length() - 1


# ---- which positions can occur ------------------------------------------------

def bank_history(scores: tuple[int, ...], bank: int) -> list[tuple[int, int]] | None:
    """When the bank doubles after every penalty and prize: the one history that
    gives ``scores`` at ``bank``, as (player, +1 prize / −1 penalty) per doubling,
    or None when none does.

    The k-th entry moved one player by n·2^k (n players), so, counted in units of
    n, every player's gain is a signed sum of distinct powers of two and the
    powers 1, 2, 4… 2^(K−1) are shared out exactly once. Lowest power first:
    exactly one player's remaining gain is odd (he took this entry), and its sign
    is forced by the parity the next power needs; so the history is unique."""
    n = len(scores)
    left = [(s - START_POINT) // n for s in scores]
    levels = doublings(bank, n)
    history = []
    for level in range(levels):
        odd = [i for i, u in enumerate(left) if u % 2]
        if len(odd) != 1:
            return None
        i = odd[0]
        rest = [u // 2 for j, u in enumerate(left) if j != i]
        if level == levels - 1:
            sign = left[i] if left[i] in (1, -1) else None
        else:
            want_odd = not any(u % 2 for u in rest)
            sign = 1 if ((left[i] - 1) // 2) % 2 == want_odd else -1
        if sign is None:
            return None
        history.append((i, sign))
        left = [(u - sign) // 2 if j == i else u // 2 for j, u in enumerate(left)]
    return history if not any(left) else None


def replay_history(n: int, history) -> tuple[int, int, int] | None:
    """The first (player, prize, score before) of ``history`` that would have reached 100
    points and ended the game, or None."""
    scores, bank = [START_POINT] * n, opening_bank(n)
    for i, sign in history:
        if sign > 0 and scores[i] + bank >= TARGET:
            return i, bank, scores[i]
        scores[i] += sign * bank
        bank *= 2
    return None


#: why a shooter's score changed, read after the change in the verdict line
SCORE_REASONS = {"foul": "штрафа", "probka": "приза", "win": "приза"}

SCORE_TOKEN = re.compile(r"^[+\-−–]?\d{1,16}$")


def read_scores(value, path: str, label: str) -> tuple[int, ...]:
    """The players' scores: a list of integers or a text «1, -5, 1»."""
    if isinstance(value, str):
        tokens = [t for t in re.split(r"[\s,;]+", value.strip()) if t]
        if len(tokens) > MAX_PLAYERS:
            raise wrong_player_count(label, path, len(tokens))
        out = []
        for i, token in enumerate(tokens):
            if not SCORE_TOKEN.match(token):
                raise InputError(f"Поле «{label}»: «{token[:20]}» ({i + 1}-е значение) — не целое число. "
                                 "Очки перечисляются через запятую, например: 1, -5, 1.", path)
            out.append(int(token.replace("−", "-").replace("–", "-")))
        return tuple(out)
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_PLAYERS:
            raise wrong_player_count(label, path, len(value))
        return tuple(check_int(v, f"{path}[{i}]", label, item=i)
                     for i, v in enumerate(value))
    raise wrong_type(label, path, "строкой с очками игроков через запятую", value)


def wrong_player_count(label: str, path: str, n: int) -> InputError:
    return InputError(f"Поле «{label}»: чисел указано {n}, а игроков должно быть от 2 до {MAX_PLAYERS}.", path)


@dataclass(frozen=True, kw_only=True)
class Scores(Text):
    """The players' scores, first player first: a text «1, -5, 1» (the form) or a
    list. The value read is a tuple of ints, and so is the default (shown as text)."""

    max_len: int = 20 * 18

    def check(self, value, path: str) -> tuple[int, ...]:
        if isinstance(value, str) and len(value) > self.max_len:
            raise too_long(self.label, path, self.max_len)
        return read_scores(value, path, self.label)

    def _json_value(self, value):
        return ", ".join(str(v) for v in value)


@dataclass(frozen=True, kw_only=True)
class Shooter(Player):
    """The shooter's number; the message names the players' count."""

    def check(self, value, path: str) -> int:
        number = check_int(value, path, self.label, min=1)
        if self.max is not None and number > self.max:
            raise InputError(f"Поле «{self.label}»: игрока № {number} нет — в партии {ru.players(self.max)}.", path)
        return number


SHOT_FIELDS = (
    Shooter(name="shooter", label="Кто бил (номер игрока)", max=MAX_PLAYERS,
            help="Номер по списку игроков, начиная с 1. Очерёдность ударов в сохранившемся тексте не описана, "
                 "поэтому номер указывается при каждом ударе.",
            # The scorekeeper offers the players by name, and its setup already says this.
            help_tool="calculator"),
    Bool(name="probka", label="Пробка сбита", default=False),
    Set(name="fouls", label="Нарушения", default=(), what="пункт",
        options=tuple((f, f"{letter}) {text}") for f, letter, text in FOULS),
        help="Отметьте все нарушения этого удара. Нет нарушений и пробка не сбита — удар без результата."),
)
SCORES = Scores(name="scores", label="Очки игроков по порядку номеров", default=(START_POINT, START_POINT),
                help=f"Через запятую, первым — игрок № 1; сколько чисел, столько игроков (от 2 до {MAX_PLAYERS}). "
                     "Например: 1, -5, 1, -11, 1, -23.")
BANK = Int(name="bank", label="Банк перед ударом", min=2, max=MAX_BANK, default=None, optional=True,
           help="Штраф и приз равны банку. Пусто — начало игры: банк равен числу игроков (по очку у каждого).")
SITUATION_FIELDS = (SCORES, BANK)
OPTION_FIELDS = (
    Choice(name="bank_after_success", label="Банк после результативного удара", default="grows",
           options=tuple((m, MODE_LABELS[m]) for m in MODES),
           help="Текст правил этого не говорит: см. толкование «Банк после результативного удара»."),
)


class Probka(Game):
    id = "probka"
    title = "Игра с пробкой"
    seed = "002"
    min_players = 2
    max_players = MAX_PLAYERS
    tools = ("calculator", "scorekeeper")
    calculator_shooter = None  # the shot names the shooter by number («Кто бил (номер игрока)»)
    clauses = CLAUSES
    tolkovaniya = TOLKOVANIYA
    # The fouls are what the player marks («Нарушения»): «Это нарушение?» would be answered by
    # its own facts (a newcomer, the тренажёр's task 268424); the turn order is lost with the
    # text's beginning. So the тренажёр asks the score alone.
    trainer_aspects = ("score",)

    # ---- declaration ----------------------------------------------------
    def action_specs(self) -> tuple[ActionSpec, ...]:
        return (ActionSpec("shot", "Удар", SHOT_FIELDS),)

    def situation_fields(self):
        return SITUATION_FIELDS

    def option_fields(self):
        return OPTION_FIELDS

    def calculator_names(self, state: State) -> tuple[str, ...]:
        return tuple(f"Игрок {i + 1}" for i in range(len(state.scores)))

    def player_count(self, state: State) -> int:
        return len(state.scores)

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State(scores=(START_POINT,) * n_players, bank=opening_bank(n_players),
                     grows=options.get("bank_after_success", "grows") == "grows")

    def build_situation(self, values: dict, options: dict) -> State:
        scores, bank = values["scores"], values["bank"]
        n = len(scores)
        if n < self.min_players:
            raise wrong_player_count(SCORES.label, "situation.scores", n)
        if bank is None:
            if any(s != START_POINT for s in scores):
                impossible("Укажите «Банк перед ударом»: у кого-то счёт уже не 1, значит игра не в "
                           "начале и банк больше числа игроков.", "situation.bank")
            bank = opening_bank(n)
        grows = options.get("bank_after_success", "grows") == "grows"
        state = State(scores=scores, bank=bank, grows=grows, from_situation=True)
        self.check_position(state)
        return replace(state, after_success=self.success_happened(state))

    def success_happened(self, state: State) -> bool:
        """Whether a prize has already been paid (then the bank depends on the switch)."""
        n = len(state.scores)
        if state.grows:
            history = bank_history(state.scores, state.bank) or ()
            return any(sign > 0 for _, sign in history)
        # the bank doubled only at penalties: they took 1 + 2 + … of it; any more gain is prizes
        return sum(state.scores) - opening_bank(n) > -(state.bank - opening_bank(n))

    def check_position(self, state: State) -> None:
        """A possible position: 2–20 players, everyone below 100 while the game
        goes on (the winner at 100 or more when it is over), every score 1 plus a
        multiple of the players' count, a bank that is their count doubled, and
        scores some history of penalties and prizes gives (толкование «Какое
        положение возможно»)."""
        scores, bank, n = state.scores, state.bank, len(state.scores)
        if not self.min_players <= n <= MAX_PLAYERS:
            raise wrong_player_count(SCORES.label, "situation.scores", n)
        for i, s in enumerate(scores):
            where = f"situation.scores[{i}]"
            here = f"Поле «{SCORES.label}», игрок № {i + 1}"
            if s >= TARGET and not (state.finished and i == state.winner):
                impossible(f"{here}: у игрока № {i + 1} уже {pts(s)} — игра окончена, "
                           "рассчитывать нечего.", where)
            if s < -MAX_BANK:
                impossible(f"{here}: {num(s)} — слишком большой долг для расчёта.", where)
            if (s - START_POINT) % n:
                impossible(f"{here}: {pts(s)} у игрока № {i + 1} при {n} игроках быть не может. "
                           f"Каждый штраф и приз кратен {n} (банк начинается с {n} и только удваивается), "
                           f"поэтому счёт игрока — 1 плюс число, кратное {n}: например, "
                           f"{num(1 - n)}, 1, {1 + n}.", where)
        if not is_bank(bank, n):
            impossible(f"Поле «{BANK.label}»: банк {bank} при {n} игроках невозможен — он начинается с {n} "
                       f"и только удваивается ({n}, {2 * n}, {4 * n}, {8 * n}…).", "situation.bank")
        if state.finished:
            return  # the winning prize left the bank as it was: nothing more to check
        if state.grows:
            self.check_history(scores, bank)
        else:
            self.check_debts(scores, bank)

    def check_history(self, scores: tuple[int, ...], bank: int) -> None:
        n = len(scores)
        entries = [opening_bank(n) * 2 ** k for k in range(doublings(bank, n))]
        history = bank_history(scores, bank)
        if history is None:
            if not entries:
                impossible(f"Поле «{BANK.label}»: банк {bank} — это начало игры, у всех по {pts(START_POINT)}, "
                           "а у кого-то счёт другой.", "situation.bank")
            if len(entries) == 1:
                what = f"было одно начисление — {pts(entries[0])}"
            else:
                sizes = ru.join_and(entries) if len(entries) <= 5 else \
                    f"{entries[0]}, {entries[1]}, {entries[2]} … {entries[-1]}"
                what = (f"было {len(entries)} {ru.plural(len(entries), 'начисление', 'начисления', 'начислений')} — "
                        f"{sizes} очков, по одному каждого размера")
            impossible(f"Поле «{BANK.label}»: при банке {bank} и {n} игроках {what}, каждое — одному игроку "
                       "со знаком минус (штраф) или плюс (приз); указанные очки из них не складываются.",
                       "situation.bank")
        ended = replay_history(n, history)
        if ended is not None:
            i, prize, score = ended
            impossible(f"Поле «{BANK.label}»: такие очки при банке {bank} получаются, только если игрок "
                       f"№ {i + 1} при счёте {num(score)} получил приз {prize} и набрал 100 очков или больше, — "
                       "но тогда игра окончилась бы.", "situation.bank")

    def check_debts(self, scores: tuple[int, ...], bank: int) -> None:
        n = len(scores)
        penalties = bank - opening_bank(n)
        debts = sum(START_POINT - s for s in scores if s < START_POINT)
        if debts > penalties:
            impossible(f"Поле «{BANK.label}»: при банке {bank} все штрафы вместе — {pts(penalties)}, а игроки "
                       f"потеряли {pts(debts)} от стартового очка, а столько штрафов не было.", "situation.bank")

    def build_action(self, kind: str, values: dict, state: State) -> Shot:
        return Shot(shooter=values["shooter"] - 1, probka=values["probka"], fouls=values["fouls"])

    def check_action(self, state: State, shot: Shot) -> None:
        """Facts of one shot that exclude each other (толкование «Какие нарушения не
        бывают в одном ударе»), then the technical limit of the bank."""
        fouls = set(shot.fouls)
        if {"g", "e"} <= fouls:
            impossible("Нарушения «г» и «е» вместе невозможны: биток не может оказаться и в лузе, и за бортом.",
                       "action.fouls")
        if {"b", "v"} <= fouls:
            impossible("Нарушения «б» и «в» вместе невозможны: при «б» биток попал по прицельному шару и тот "
                       "сбил пробку, а это не промах.", "action.fouls")
        if "b" in fouls and not shot.probka:
            impossible("Нарушение «б» — сыгрывание пробки прицельным шаром, то есть пробка сбита, а в ударе "
                       "указано, что она не сбита.", "action.probka")
        if "v" in fouls and shot.probka and not fouls & {"a", "d"}:
            impossible("Пробка сбита, но отмечен промах («в») без нарушений «а» и «д»: при промахе сбить "
                       "пробку мог только сам биток (нарушение «а») или шар, задетый рукой или одеждой "
                       "(нарушение «д»).", "action.fouls")
        p = shot.shooter
        doubles = bool(fouls) or (shot.probka and state.grows and state.scores[p] + state.bank < TARGET)
        if doubles and 2 * state.bank > MAX_BANK:
            raise StateError(f"Банк уже {state.bank}: его удвоение превысило бы предел расчёта "
                             "(10¹⁵ очков). Это ограничение программы, а не правило игры.")

    # ---- rulings --------------------------------------------------------
    # Precedence: a shot with any violation is a foul, whatever else happened
    # (толкование «Пробка сбита с нарушением — только штраф»); otherwise a knocked-down
    # пробка pays the prize, which may win the game; otherwise nothing changes.
    def apply(self, state: State, shot: Shot, names) -> tuple[Ruling, State]:
        why = Why(self)
        if shot.fouls:
            outcome, points, new_bank = self.penalty(why, state, shot, names)
        elif shot.probka:
            outcome, points, new_bank = self.prize(why, state, shot, names)
        else:
            outcome, points, new_bank = self.no_result(why, state)
        p = shot.shooter
        before = state.scores[p]
        after = before + points
        finished = outcome == "win"
        scores = state.scores[:p] + (after,) + state.scores[p + 1:]
        event = Event(shooter=p, outcome="probka" if finished else outcome, fouls=shot.fouls,
                      score_before=before, score_after=after, bank_before=state.bank, bank_after=new_bank)
        new = replace(state, scores=scores, bank=new_bank, finished=finished, winner=p if finished else None,
                      after_success=state.after_success or outcome == "probka",
                      events=state.events + (event,))
        ruling = why.ruling(
            kind="shot", player=p, summary=self.summary_text(state, shot, outcome, new, names), points=points,
            scores=scores, next_player=None, turn_continues=False, finished=finished, winner=new.winner,
            extra={"scores_before": list(state.scores), "bank_before": state.bank, "bank": new_bank, "score_before": before, "score": after,
                   "outcome": event.outcome, "bank_after_success": "grows" if state.grows else "unchanged",
                   # «−24 очка штрафа» (probka-penalty), «+2 очка приза» (probka-prize)
                   "score_reasons": score_reasons(len(scores), {p: SCORE_REASONS[outcome]} if outcome in SCORE_REASONS else {})})
        return ruling, new

    def bank_basis(self, state: State) -> tuple[str, ...]:
        """What the size of the bank rests on: the running total, and the switch
        once a prize has been paid."""
        return ("probka-t-bank",) + (("probka-t-after-success",) if state.after_success else ())

    def example(self, state: State, shot: Shot, outcome: str) -> str | None:
        """The text's six-player example this shot is, if any."""
        for clause, board, bank, number, what in SIX_EXAMPLES:
            if (state.scores, state.bank, shot.shooter + 1, outcome) == (board, bank, number, what):
                return clause
        return None

    def penalty(self, why: Why, state: State, shot: Shot, names) -> tuple[str, int, int]:
        bank, name, before = state.bank, names[shot.shooter], state.scores[shot.shooter]
        for f in shot.fouls:
            why.foul(f, f"probka-foul-{f}", f"{fouls_said([f])}.")
        why.decide("foul", f"probka-foul-{shot.fouls[0]}")
        if len(shot.fouls) > 1:
            why.add("penalty", "Нарушений в ударе несколько, штраф начисляется один раз.", "probka-t-one-penalty")
        if shot.probka:
            why.add("score", "Пробка сбита, но с нарушением: приза нет, только штраф.", "probka-t-foul-and-probka")
        why.add("penalty", f"Штраф равен банку — итогу всех начисленных к этому моменту очков: {pts(bank)}.",
                "probka-fouls", "probka-penalty", "probka-start", *self.bank_basis(state))
        # the ten-player sentence counts errors only: the bank must have doubled at penalties alone
        if len(state.scores) == 10 and bank in TEN_PLAYER_PENALTIES and not (state.grows and state.after_success):
            k = TEN_PLAYER_PENALTIES.index(bank)
            why.add("penalty", f"Так и в примере текста с десятью игроками: за {('первую', 'вторую', 'третью')[k]} "
                               f"ошибку — {pts(bank)}.", "probka-penalty-example", "probka-t-ten-players")
        why.add("penalty", f"{name}: {num(before)} − {bank} = {num(before - bank)}.", "probka-penalty")
        example = self.example(state, shot, "foul")
        if example:
            why.add("penalty", EXAMPLE_WORDS[example], example)
        why.add("penalty", f"Банк растёт на сумму штрафа: {bank} + {bank} = {2 * bank}.", "probka-t-bank")
        return "foul", -bank, 2 * bank

    def prize(self, why: Why, state: State, shot: Shot, names) -> tuple[str, int, int]:
        bank, name, before = state.bank, names[shot.shooter], state.scores[shot.shooter]
        after = before + bank
        why.add("score", f"Пробка сбита без нарушений — удар результативный; приз равен банку: {pts(bank)}.",
                "probka-prize", "probka-start", *self.bank_basis(state))
        why.add("score", f"{name}: {num(before)} + {bank} = {num(after)}.", "probka-prize")
        why.decide("points", "probka-prize")
        example = self.example(state, shot, "probka")
        if example:
            why.add("score", EXAMPLE_WORDS[example], example)
        if after >= TARGET:
            # The game is over: what the bank does next no longer matters.
            if after > TARGET:
                why.add("outcome", f"{name}: {pts(after)} — больше 100 очков, победа в игре.",
                        "probka-goal", "probka-t-100-or-more")
            else:
                why.add("outcome", f"{name}: {pts(after)} — набрано 100 очков, победа в игре.", "probka-goal")
            why.decide("win", "probka-goal")
            return "win", bank, bank
        if state.grows:
            why.add("score", f"Банк растёт на сумму приза: {bank} + {bank} = {2 * bank} — по условию партии "
                             f"{AFTER_SUCCESS_WORDS}", "probka-t-after-success")
            return "probka", bank, 2 * bank
        why.add("score", f"Банк не меняется: {pts(bank)} — по условию партии {AFTER_SUCCESS_WORDS}",
                "probka-t-after-success")
        return "probka", bank, bank

    def no_result(self, why: Why, state: State) -> tuple[str, int, int]:
        why.add("score", NO_RESULT, "probka-t-no-result")
        why.note("Считать ли такой удар промахом (случай «в»), текст не уточняет; если игроки считают его "
                 "промахом, отметьте нарушение «в».")
        why.decide("no_points", "probka-t-no-result")
        return "none", 0, state.bank

    def summary_text(self, state: State, shot: Shot, outcome: str, new: State, names) -> str:
        p, bank = shot.shooter, state.bank
        name, before, after = names[p], state.scores[p], new.scores[p]
        if outcome == "foul":
            return (f"{fouls_said(shot.fouls)} — штраф {pts(bank)}. "
                    f"{name}: {num(before)} − {bank} = {num(after)}; банк теперь {pts(new.bank)}.")
        if outcome == "win":
            return (f"Победитель игры: {name}. Пробка сбита — приз {pts(bank)}: "
                    f"{num(before)} + {bank} = {num(after)}.")
        if outcome == "probka":
            return (f"Пробка сбита — приз {pts(bank)}. {name}: {num(before)} + {bank} = {num(after)}; банк "
                    + (f"теперь {pts(new.bank)}." if state.grows else f"остаётся {pts(bank)}."))
        return f"{NO_RESULT} {name}: {pts(after)}; банк {pts(bank)}."

    # ---- view -----------------------------------------------------------
    def view(self, state: State, names) -> dict:
        players = [{"name": names[i], "number": i + 1, "score": s, "current": False}
                   for i, s in enumerate(state.scores)]
        if state.finished:
            status = f"Игра окончена, победитель: {names[state.winner]} ({pts(state.scores[state.winner])})."
        elif state.events:
            # Short after the first shot: a phone keeps a one-line status in view (a newcomer saw
            # the bank's line go under the tab bar after records, 6 Dec); the start said the rest.
            status = f"Банк — {pts(state.bank)}."
        else:
            status = (f"Банк — {pts(state.bank)}; кто бьёт следующим, сохранившийся текст правил не говорит, "
                      "поэтому в каждом ударе укажите номер игрока.")
        n = len(state.scores)
        start_bank = state.events[0].bank_before if state.events else state.bank
        first = (["", "", "Положение перед ударом", "", start_bank] if state.from_situation else
                 ["", "все", f"Начало игры: у каждого {pts(START_POINT)}", START_POINT, start_bank])
        rows = [first]
        for k, e in enumerate(state.events, 1):
            what = {"foul": f"{'нарушения' if len(e.fouls) > 1 else 'нарушение'} {foul_letters(e.fouls)}: "
                            f"штраф {e.bank_before}",
                    "probka": f"пробка сбита: приз {e.bank_before}",
                    "none": "без результата"}[e.outcome]
            rows.append([k, names[e.shooter], what, f"{num(e.score_before)} → {num(e.score_after)}",
                         f"{e.bank_before} → {e.bank_after}" if e.bank_after != e.bank_before else e.bank_after])
        return {"players": players, "current": None, "finished": state.finished, "winner": state.winner,
                "decision": None, "status": status,
                "table": {"columns": ["№", "Кто бил", "Что произошло", "Очки игрока", "Банк"],
                          "rows": rows},
                "extra": {"bank": state.bank, "players_count": n,
                          "bank_after_success": "grows" if state.grows else "unchanged"}}

    # ---- random play ------------------------------------------------------
    def random_fouls(self, rng, probka: bool) -> list[str]:
        """A random set of violations that can happen together in one shot."""
        while True:
            fouls = set(rng.sample(FOUL_IDS, rng.choices((1, 2, 3), weights=(8, 2, 1))[0]))
            if {"g", "e"} <= fouls or {"b", "v"} <= fouls or ("b" in fouls and not probka) \
                    or ("v" in fouls and probka and not fouls & {"a", "d"}):
                continue
            return [f for f in FOUL_IDS if f in fouls]

    def random_action(self, state: State, rng) -> dict:
        n = len(state.scores)
        shooter = rng.randrange(n)
        kind = rng.choices(("foul", "probka", "none", "both"), weights=(5, 3, 2, 1))[0]
        # Near the technical limit only shots that keep the bank are accepted.
        if 2 * state.bank > MAX_BANK:
            winning = [i for i, s in enumerate(state.scores) if s + state.bank >= TARGET]
            if state.grows and winning and rng.random() < 0.7:
                shooter, kind = rng.choice(winning), "probka"
            elif state.grows:
                kind = "none"
            else:
                kind = rng.choice(("probka", "none"))
        action: dict = {"type": "shot", "shooter": shooter + 1}
        probka = kind in ("probka", "both") or (kind == "foul" and rng.random() < 0.1)
        if probka:
            action["probka"] = True
        elif rng.random() < 0.5:
            action["probka"] = False
        if kind in ("foul", "both"):
            action["fouls"] = self.random_fouls(rng, probka)
        elif rng.random() < 0.3:
            action["fouls"] = []
        return action

    def trainer_situation(self, rng) -> dict:
        """At most TRAINER_PLAYERS players: a task lists every score in one line (a newcomer
        read 20 scores and a question about «Игрок 17», 6 Dec). The bank is always given: left
        empty, a task about a penalty rested on a bank the learner was never told."""
        situation = self.random_situation(rng, TRAINER_PLAYERS)
        situation.setdefault("bank", opening_bank(len(situation["scores"].split(","))))
        return situation

    def random_situation(self, rng, most: int = MAX_PLAYERS) -> dict:
        """A situation reachable from the start (bank grows after a success, so
        it is valid with either option), of at most ``most`` players."""
        n = min(rng.choice((2, 2, 3, 4, 6, 6, 10, rng.randint(2, MAX_PLAYERS))), most)
        scores, bank = [START_POINT] * n, opening_bank(n)
        for _ in range(rng.choice((0, 0, 1, 2, 3, rng.randint(0, 10)))):
            p = rng.randrange(n)
            if rng.random() < 0.3 and scores[p] + bank < TARGET:
                scores[p] += bank
            else:
                scores[p] -= bank
            bank *= 2
        situation: dict = {"scores": ", ".join(str(s) for s in scores)}
        if bank != opening_bank(n) or rng.random() < 0.5:
            situation["bank"] = bank
        return situation
