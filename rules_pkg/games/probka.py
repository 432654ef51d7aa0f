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
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import ru
from ..core import Foul, Game, LOST, Ruling, citation_makers
from ..errors import InputError, StateError
from ..reader import Reader, check_int, show, type_name

START_POINT = 1
TARGET = 100
MAX_PLAYERS = 20
# Not a rule: a technical limit so every number stays exact in JavaScript (2**53 ≈ 9·10**15).
MAX_BANK = 10 ** 15
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
# Fouls that are themselves wrong ways of knocking the пробка down.
PROBKA_FOULS = frozenset({"a", "b"})


C, T = citation_makers("probka")


CLAUSES = (
    C("opening", "Название игры и начало правил утрачены", LOST,
      "Текст источника начинается с середины фразы «…начинается новая партия»: название игры, что такое "
      "пробка и как её ставят, очерёдность ударов, что такое партия и когда начинается новая, не сохранились."),
    C("goal", "Победитель игры — первым набравший 100 очков"),
    C("start", "Перед игрой каждому по одному очку; их сумма — основа штрафов и призов"),
    C("fouls", "За ошибки — штраф; случаи штрафа"),
    *(C(f"foul-{f}", f"{letter}) {text[0].upper()}{text[1:]}",
        note="Отмечает пользователь: что именно произошло на столе, калькулятор не видит."
        + (" Что считать промахом, текст не определяет." if f == "v" else ""))
      for f, letter, text in FOULS),
    C("penalty", "Штраф — сумма очков, набранных к этому моменту всеми участниками",
      note="Эта «сумма» — нарастающий итог, а не сумма очков на доске: см. толкование «Банк — не сумма очков на доске»."),
    C("penalty-example", "Пример: штраф 10, 20, 40 при десяти игроках",
      note="Числа примера сдвинуты на одну ошибку: см. толкование."),
    C("prize", "Приз за результативный удар — сумма очков всех игроков"),
    C("example-2", "Пример, 6 игроков: ошибка игрока 2 — −5, сумма 12"),
    C("example-4", "Пример: ошибка игрока 4 — 1 − 12 = −11, сумма 24"),
    C("example-6", "Пример: ошибка игрока 6 — 1 − 24 = −23, сумма 48"),
    C("example-success", "Пример: игрок 6 сбивает пробку — 48 + (−23) = 25"),
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
)

EXAMPLE_FOUL_CLAUSES = ("probka-example-2", "probka-example-4", "probka-example-6")


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


def is_bank(bank: int, n: int) -> bool:
    """The bank is the players' count doubled zero or more times."""
    if bank < n or bank % n:
        return False
    k = bank // n
    return k & (k - 1) == 0


SCORE_TOKEN = re.compile(r"^[+\-−–]?\d{1,16}$")


def read_scores(value, path: str) -> list[int]:
    """The players' scores: a list of integers or a text «1, -5, 1»."""
    if isinstance(value, str):
        tokens = [t for t in re.split(r"[\s,;]+", value.strip()) if t]
        out = []
        for i, token in enumerate(tokens):
            if not SCORE_TOKEN.match(token):
                raise InputError(f"Поле {path}: «{token[:20]}» ({i + 1}-е значение) — не целое число. "
                                 "Очки перечисляются через запятую, например: 1, -5, 1.", path)
            out.append(int(token.replace("−", "-").replace("–", "-")))
        return out
    if isinstance(value, list):
        return [check_int(v, f"{path}[{i}]", what=f"Очки игрока № {i + 1} ({path}[{i}])")
                for i, v in enumerate(value)]
    raise InputError(f"Поле {path} должно быть строкой с очками игроков через запятую, "
                     f"а получено: {type_name(value)} {show(value)}.", path)


class Probka(Game):
    id = "probka"
    title = "Игра с пробкой"
    seed = "002"
    min_players = 2
    max_players = MAX_PLAYERS
    tools = ("calculator", "scorekeeper")
    clauses = CLAUSES
    tolkovaniya = TOLKOVANIYA

    # ---- declaration ----------------------------------------------------
    def action_fields(self) -> list[dict]:
        return [{"type": "shot", "label": "Удар", "fields": [
            {"name": "shooter", "kind": "int", "min": 1, "max": MAX_PLAYERS, "default": None,
             "label": "Кто бил (номер игрока)",
             "help": "Номер по списку игроков, начиная с 1. Очерёдность ударов в сохранившемся тексте не описана, "
                     "поэтому номер указывается при каждом ударе."},
            {"name": "probka", "kind": "bool", "default": False, "label": "Пробка сбита"},
            {"name": "fouls", "kind": "set", "default": [], "label": "Нарушения",
             "options": [{"id": f, "label": f"{letter}) {text}"} for f, letter, text in FOULS],
             "help": "Отметьте все нарушения этого удара. Нет нарушений и пробка не сбита — удар без результата."},
        ]}]

    def situation_fields(self) -> list[dict]:
        return [
            {"name": "scores", "kind": "text", "default": "1, 1", "label": "Очки игроков по порядку номеров",
             "help": "Через запятую, первым — игрок № 1; сколько чисел, столько игроков (от 2 до 20). "
                     "Например: 1, -5, 1, -11, 1, -23."},
            {"name": "bank", "kind": "int", "min": 2, "max": MAX_BANK, "default": None, "optional": True,
             "label": "Банк перед ударом",
             "help": "Штраф и приз равны банку. Пусто — начало игры: банк равен числу игроков (по очку у каждого)."},
        ]

    def option_fields(self) -> list[dict]:
        return [{"name": "bank_after_success", "kind": "choice", "default": "grows",
                 "label": "Банк после результативного удара",
                 "options": [{"id": m, "label": MODE_LABELS[m]} for m in MODES],
                 "help": "Текст правил этого не говорит: см. толкование «Банк после результативного удара»."}]

    def read_options(self, options: Reader) -> dict:
        mode = options.choice("bank_after_success", MODES, default="grows")
        options.done()
        return {"bank_after_success": mode}

    def calculator_names(self, state: State) -> tuple[str, ...]:
        return tuple(f"Игрок {i + 1}" for i in range(len(state.scores)))

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State(scores=(START_POINT,) * n_players, bank=START_POINT * n_players,
                     grows=options.get("bank_after_success", "grows") == "grows")

    def state_from_situation(self, situation: Reader, options: dict) -> State:
        grows = options.get("bank_after_success", "grows") == "grows"
        scores = read_scores(situation.raw("scores", "1, 1"), "situation.scores")
        bank = situation.raw("bank", None)
        if bank is not None:
            bank = check_int(bank, "situation.bank", min=2, max=MAX_BANK, what="Банк (situation.bank)")
        situation.done()
        n = len(scores)
        if not self.min_players <= n <= MAX_PLAYERS:
            raise InputError(f"Поле situation.scores: указаны очки {ru.players(n)}, а играют от 2 до "
                             f"{MAX_PLAYERS} игроков.", "situation.scores")
        for i, s in enumerate(scores):
            where = f"situation.scores[{i}]"
            if s >= TARGET:
                raise InputError(f"Поле {where}: у игрока № {i + 1} уже {pts(s)} — игра окончена, "
                                 "рассчитывать нечего.", where)
            if s < -MAX_BANK:
                raise InputError(f"Поле {where}: {num(s)} — слишком большой долг для расчёта.", where)
            if (s - START_POINT) % n:
                raise InputError(f"Поле {where}: {pts(s)} у игрока № {i + 1} при {n} игроках быть не может. "
                                 f"Каждый штраф и приз кратен {n} (банк начинается с {n} и только удваивается), "
                                 f"поэтому счёт игрока — 1 плюс число, кратное {n}: например, "
                                 f"{num(1 - n)}, 1, {1 + n}.", where)
        if bank is None:
            bank = START_POINT * n
            if any(s != START_POINT for s in scores):
                raise InputError("Укажите банк (поле situation.bank): у кого-то счёт уже не 1, значит игра не в "
                                 "начале и банк больше числа игроков.", "situation.bank")
        if not is_bank(bank, n):
            raise InputError(f"Поле situation.bank: банк {bank} при {n} игроках невозможен — он начинается с {n} "
                             f"и только удваивается: {n}, {2 * n}, {4 * n}, {8 * n}…", "situation.bank")
        moved = sum(abs(s - START_POINT) for s in scores)
        if grows and moved > bank - START_POINT * n:
            raise InputError(f"Поле situation.bank: при банке {bank} все изменения счёта вместе не больше "
                             f"{bank - START_POINT * n} (всё начисленное сверх стартовых очков входит в банк), "
                             f"а по указанным очкам их {moved}.", "situation.bank")
        return State(scores=tuple(scores), bank=bank, grows=grows, from_situation=True)

    def read_action(self, action: Reader, state: State) -> Shot:
        action.choice("type", ("shot",), default="shot")
        n = len(state.scores)
        if not action.has("shooter"):
            raise InputError(f"Укажите, кто бил: номер игрока от 1 до {n} (поле action.shooter).", "action.shooter")
        shooter = action.int("shooter", min=1, max=MAX_PLAYERS, what="Номер игрока (action.shooter)")
        probka = action.bool("probka", default=False)
        fouls = action.items("fouls", FOUL_IDS, default=[], what="пункт")
        action.done()
        if shooter > n:
            raise InputError(f"Поле action.shooter: игрока № {shooter} нет — в партии {ru.players(n)}.",
                             "action.shooter")
        p = shooter - 1
        doubles = bool(fouls) or (probka and state.grows and state.scores[p] + state.bank < TARGET)
        if doubles and 2 * state.bank > MAX_BANK:
            raise StateError(f"Банк уже {state.bank}: его удвоение превысило бы предел расчёта "
                             "(10¹⁵ очков). Это ограничение программы, а не правило игры.")
        return Shot(shooter=p, probka=probka, fouls=tuple(f for f in FOUL_IDS if f in fouls))

    # ---- rulings --------------------------------------------------------
    def apply(self, state: State, shot: Shot, names) -> tuple[Ruling, State]:
        p, bank, name = shot.shooter, state.bank, names[shot.shooter]
        before = state.scores[p]
        clauses: list[str] = []
        tolk: list[str] = ["probka-t-bank"]
        lines: list[str] = []
        fouls: list[Foul] = []
        finished, winner, after_success = False, None, state.after_success
        if state.after_success:
            tolk.append("probka-t-after-success")  # this bank depends on the switch

        if shot.fouls:
            # A foul: the shooter's entry goes down by the bank, the bank grows by the same amount.
            outcome, points, new_bank = "foul", -bank, 2 * bank
            for f in shot.fouls:
                fouls.append(Foul(f, f"probka-foul-{f}", f"{FOUL_TEXT[f][0].upper()}{FOUL_TEXT[f][1:]} "
                                                         f"(случай «{FOUL_LETTER[f]}»)."))
                lines.append(f"Нарушение «{FOUL_LETTER[f]}»: {FOUL_TEXT[f]}.")
            clauses += ["probka-fouls", "probka-penalty", "probka-start"]
            # the text's worked examples are cited where they apply: six and ten players
            if len(state.scores) == 6:
                clauses += EXAMPLE_FOUL_CLAUSES
            if len(state.scores) == 10:
                clauses.append("probka-penalty-example")
                tolk.append("probka-t-ten-players")
            if len(shot.fouls) > 1:
                tolk.append("probka-t-one-penalty")
                lines.append("Нарушений в ударе несколько, штраф начисляется один раз.")
            if shot.probka:
                tolk.append("probka-t-foul-and-probka")
                lines.append("Пробка сбита, но с нарушением: приза нет, только штраф.")
            lines += [f"Штраф равен банку — итогу всех начисленных к этому моменту очков: {pts(bank)}.",
                      f"{name}: {num(before)} − {bank} = {num(before - bank)}.",
                      f"Банк растёт на сумму штрафа: {bank} + {bank} = {new_bank}."]
        elif shot.probka:
            # A successful shot: the shooter's entry goes up by the bank.
            outcome, points = "probka", bank
            new_bank = 2 * bank if state.grows else bank
            clauses += ["probka-prize", "probka-start", "probka-example-success"]
            lines += ["Пробка сбита без нарушений — удар результативный.",
                      f"Приз равен банку: {pts(bank)}.",
                      f"{name}: {num(before)} + {bank} = {num(before + bank)}."]
            if before + bank >= TARGET:
                # The game is over: what the bank does next no longer matters.
                finished, winner, new_bank = True, p, bank
                clauses.append("probka-goal")
                if before + bank > TARGET:
                    tolk.append("probka-t-100-or-more")
                    lines.append(f"{name}: {pts(before + bank)} — больше 100 очков, победа в игре.")
                else:
                    lines.append(f"{name}: {pts(before + bank)} — набрано 100 очков, победа в игре.")
            else:
                after_success = True
                tolk.append("probka-t-after-success")
                lines.append(f"Банк растёт на сумму приза: {bank} + {bank} = {new_bank} (так выбрано в условиях "
                             "партии; текст правил этого не говорит)." if state.grows else
                             f"Банк не меняется: {pts(bank)} (так выбрано в условиях партии; текст правил этого "
                             "не говорит).")
        else:
            outcome, points, new_bank = "none", 0, bank
            clauses += ["probka-foul-v", "probka-prize"]
            tolk = ["probka-t-no-result"]
            lines += ["Пробка не сбита, нарушений нет: очки и банк не меняются.",
                      "Считать ли такой удар промахом (случай «в»), текст не уточняет; если игроки считают его "
                      "промахом, отметьте нарушение «в»."]

        after = before + points
        scores = state.scores[:p] + (after,) + state.scores[p + 1:]
        event = Event(shooter=p, outcome=outcome, fouls=shot.fouls, score_before=before, score_after=after,
                      bank_before=bank, bank_after=new_bank)
        new = State(scores=scores, bank=new_bank, grows=state.grows, after_success=after_success,
                    from_situation=state.from_situation, finished=finished, winner=winner,
                    events=state.events + (event,))
        if outcome == "foul":
            summary = (f"{'Нарушения' if len(shot.fouls) > 1 else 'Нарушение'} {foul_letters(shot.fouls)} — штраф {pts(bank)}. {name}: {num(before)} − {bank} = "
                       f"{num(after)}; банк теперь {pts(new_bank)}.")
        elif finished:
            summary = f"Пробка сбита — приз {pts(bank)}. {name}: {num(before)} + {bank} = {num(after)}. " \
                      f"Победитель игры: {name}."
        elif outcome == "probka":
            summary = (f"Пробка сбита — приз {pts(bank)}. {name}: {num(before)} + {bank} = {num(after)}; банк "
                       + (f"теперь {pts(new_bank)}." if state.grows else f"остаётся {pts(bank)}."))
        else:
            summary = f"Удар без результата: очки и банк не меняются. {name}: {pts(after)}; банк {pts(bank)}."
        ruling = Ruling(
            kind="shot", player=p, summary=summary, lines=tuple(lines), points=points, fouls=tuple(fouls),
            scores=scores, next_player=None, turn_continues=False, finished=finished, winner=winner,
            clauses=self.cite(clauses + [f.clause for f in fouls]), tolkovaniya=self.cite(tolk),
            extra={"bank_before": bank, "bank": new_bank, "score_before": before, "score": after,
                   "outcome": outcome, "bank_after_success": "grows" if state.grows else "unchanged"})
        return ruling, new

    # ---- view -----------------------------------------------------------
    def view(self, state: State, names) -> dict:
        players = [{"name": names[i], "number": i + 1, "score": s, "current": False}
                   for i, s in enumerate(state.scores)]
        if state.finished:
            status = f"Игра окончена, победитель: {names[state.winner]} ({pts(state.scores[state.winner])})."
        else:
            status = (f"Банк — {pts(state.bank)}; кто бьёт следующим, сохранившийся текст правил не говорит, "
                      "поэтому в каждом ударе укажите номер игрока.")
        n = len(state.scores)
        start_bank = state.events[0].bank_before if state.events else state.bank
        first = (["", "", "Положение перед ударом", "", start_bank] if state.from_situation else
                 ["", "все", f"Начало игры: у каждого {pts(START_POINT)}", START_POINT, start_bank])
        rows = [first]
        for k, e in enumerate(state.events, 1):
            what = {"foul": f"{'нарушения' if len(e.fouls) > 1 else 'нарушение'} {foul_letters(e.fouls)}: штраф {e.bank_before}",
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
        if kind in ("probka", "both") or rng.random() < 0.1 and kind == "foul":
            action["probka"] = True
        elif rng.random() < 0.5:
            action["probka"] = False
        if kind in ("foul", "both"):
            k = rng.choices((1, 2, 3), weights=(8, 2, 1))[0]
            action["fouls"] = rng.sample(FOUL_IDS, k)
        elif rng.random() < 0.3:
            action["fouls"] = []
        return action

    def random_situation(self, rng) -> dict:
        """A situation reachable from the start (bank grows after a success, so
        it is valid with either option)."""
        n = rng.choice((2, 2, 3, 4, 6, 6, 10, rng.randint(2, MAX_PLAYERS)))
        scores, bank = [START_POINT] * n, START_POINT * n
        for _ in range(rng.choice((0, 0, 1, 2, 3, rng.randint(0, 10)))):
            p = rng.randrange(n)
            if rng.random() < 0.3 and scores[p] + bank < TARGET:
                scores[p] += bank
            else:
                scores[p] -= bank
            bank *= 2
        situation: dict = {"scores": ", ".join(str(s) for s in scores)}
        if bank != START_POINT * n or rng.random() < 0.5:
            situation["bank"] = bank
        return situation
