"""Read and check quiz files (TOML, see docs/quizzes-format.md).

:func:`load_file` returns a :class:`~sitebuild.quiz.model.Quiz` or raises
:class:`~sitebuild.quiz.errors.QuizError` naming the file, the question id, the
field and what to do. :func:`load_dir` reads every ``*.toml`` of a folder,
collects one error per broken file (:class:`~sitebuild.quiz.errors.QuizErrors`)
and checks that quiz ids are unique across files.

Checks: TOML syntax; unknown keys (typos) at every level; ids (ASCII, unique:
quiz ids across files, question ids in a quiz, choice ids in a question); the
game (known to the engine and described by it; a ``mixed`` quiz names a game in
every question); every cited id is a clause, толкование or outside fact of the
question's game; a correct answer exists and names choices; an ordering answer
is a permutation of the choices; a number answer is an integer; a scenario is
accepted by the engine and a hand-written answer next to it agrees with it.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path
from typing import Any, NoReturn

from . import decisive
from . import scenario as sc
from .errors import QuizError, QuizErrors
from .model import CHOICE_TYPES, MIXED, TYPES, Choice, Question, Quiz, Ref, Scenario

ID_RE = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")
ID_RULE = "строчные латинские буквы, цифры, дефисы и подчёркивания, например «rule-4-overshoot»"
QUIZ_KEYS = ("id", "title", "game", "description", "questions")
QUESTION_KEYS = ("id", "type", "game", "text", "explanation", "clauses", "choices", "answer", "shuffle", "scenario")
CHOICE_KEYS = ("id", "text", "feedback", "value")
MIN_CHOICES = {"single": 2, "multiple": 2, "ordering": 3}
MAX_CHOICES = 10  # Moodle's grade list has exact fractions for 1..10 correct answers
FORMAT_DOC = "docs/quizzes-format.md"


def display_path(path: Path) -> str:
    """The path as a trainer would type it: relative to the working folder when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class _File:
    """Helpers bound to one file (and the question being read)."""

    def __init__(self, name: str, engine: sc.Engine):
        self.name = name
        self.engine = engine
        self.qid: str | None = None

    def fail(self, field: str | None, message: str, hint: str = "") -> NoReturn:
        raise QuizError(self.name, self.qid, field, message, hint)

    def keys(self, table: dict, allowed: tuple[str, ...], prefix: str) -> None:
        for key in table:
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = (f"может быть, имелось в виду «{close[0]}»? " if close else "") + \
                       f"Допустимые поля: {', '.join(allowed)}."
                self.fail(prefix + key, f"неизвестное поле «{key}».", hint)

    def text(self, table: dict, key: str, prefix: str = "", required: bool = True) -> str:
        value = table.get(key)
        if value is None:
            if not required:
                return ""
            self.fail(prefix + key, f"нет поля {key}.", f"напишите {key} = \"…\" (текст по-русски).")
        if not isinstance(value, str) or not value.strip():
            self.fail(prefix + key, f"{key} должно быть непустой строкой, а указано {sc.kind_name(value)} "
                      f"{sc.show(value)}.", f"напишите {key} = \"…\" (текст по-русски).")
        return value.strip()

    def ident(self, value: Any, field: str, what: str) -> str:
        if not isinstance(value, str) or not ID_RE.match(value):
            shown = "нет" if value is None else sc.show(value)
            self.fail(field, f"{what}: id {'не указан' if value is None else shown + ' не подходит'}.",
                      f"id — {ID_RULE}; не меняйте его после публикации.")
        return value

    def game(self, value: Any, field: str, allow_mixed: bool) -> str:
        games = self.engine.games()
        known = ", ".join(games) + (f", {MIXED} (вопросы разных игр)" if allow_mixed else "")
        if allow_mixed and value == MIXED:
            return MIXED
        if not isinstance(value, str) or value not in games:
            self.fail(field, f"неизвестная игра {sc.show(value) if value is not None else '(не указана)'}.",
                      f"укажите id игры: {known}.")
        if self.engine.declaration(value) is None:
            self.fail(field, f"движок пока не описывает игру «{value}» ({self.engine.declaration_error(value)}).",
                      "дождитесь, пока модуль игры будет готов, или уберите вопросы по ней.")
        return value


def load_file(path: str | Path, engine: sc.Engine | None = None) -> Quiz:
    """Read and check one quiz file."""
    path = Path(path)
    f = _File(display_path(path), engine or sc.Engine())
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        f.fail(None, f"файл не в кодировке UTF-8 ({exc}).", "сохраните файл в UTF-8.")
    except OSError as exc:
        f.fail(None, f"файл не читается: {exc}.", "проверьте путь и права.")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        f.fail(None, f"ошибка синтаксиса TOML: {exc}.",
               f"проверьте кавычки, скобки и запятые в этой строке; образец файла — {FORMAT_DOC}.")
    return _quiz(f, data)


def _quiz(f: _File, data: dict) -> Quiz:
    f.keys(data, QUIZ_KEYS, "")
    quiz_id = f.ident(data.get("id"), "id", "тест")
    title = f.text(data, "title")
    description = f.text(data, "description", required=False)
    game = f.game(data.get("game"), "game", allow_mixed=True)
    items = data.get("questions")
    if isinstance(items, dict):
        f.fail("questions", "вопрос записан таблицей [questions], а вопросы — это список таблиц.",
               "начинайте каждый вопрос строкой [[questions]] (двойные скобки).")
    if not isinstance(items, list) or not items:
        f.fail("questions", "в тесте нет ни одного вопроса.",
               "добавьте вопросы таблицами [[questions]] (см. " + FORMAT_DOC + ").")
    questions: list[Question] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(items):
        f.qid = f"№{i + 1}"
        if not isinstance(item, dict):
            f.fail("questions", "вопрос должен быть таблицей [[questions]].", "см. " + FORMAT_DOC + ".")
        qid = f.ident(item.get("id"), "id", "вопрос")
        f.qid = qid
        if qid in seen:
            f.fail("id", f"этот id уже есть у вопроса №{seen[qid] + 1}, а это вопрос №{i + 1}.",
                   "дайте вопросу другой id: id вопросов в тесте не повторяются.")
        seen[qid] = i
        questions.append(_question(f, item, game))
    f.qid = None
    return Quiz(id=quiz_id, title=title, game=game, questions=tuple(questions),
                description=description, source=f.name)


def _question(f: _File, item: dict, quiz_game: str) -> Question:
    f.keys(item, QUESTION_KEYS, "")
    qtype = item.get("type")
    if qtype not in TYPES:
        f.fail("type", f"неизвестный тип вопроса {sc.show(qtype) if qtype is not None else '(не указан)'}.",
               f"укажите type: {', '.join(TYPES)}.")
    if quiz_game == MIXED:
        if "game" not in item:
            f.fail("game", "в смешанном тесте (game = \"mixed\") у каждого вопроса должна быть своя игра.",
                   "добавьте вопросу game = \"<id игры>\".")
        game = f.game(item["game"], "game", allow_mixed=False)
    else:
        game = quiz_game
        if "game" in item and item["game"] != quiz_game:
            f.fail("game", f"вопрос относится к игре {sc.show(item['game'])}, а тест — к «{quiz_game}».",
                   "уберите game у вопроса или сделайте тест смешанным (game = \"mixed\").")
    game_title = f.engine.games()[game]["title"]
    text = f.text(item, "text")
    explanation = f.text(item, "explanation")
    refs = _refs(f, item.get("clauses"), game)
    shuffle = item.get("shuffle", True)
    if not isinstance(shuffle, bool):
        f.fail("shuffle", "shuffle должно быть true или false.",
               "напишите shuffle = false, чтобы не перемешивать варианты.")
    scen = item.get("scenario")
    if scen is not None and not isinstance(scen, dict):
        f.fail("scenario", "сценарий должен быть таблицей [questions.scenario].", "см. " + FORMAT_DOC + ".")
    choices = _choices(f, item.get("choices"), qtype, scen is not None)

    if scen is None:
        if "answer" not in item:
            f.fail("answer", "нет верного ответа.", _answer_hint(qtype, choices))
        answer = _answer(f, item["answer"], qtype, choices)
        return Question(id=f.qid, type=qtype, game=game, text=text, explanation=explanation, refs=refs,
                        answer=answer, choices=choices, shuffle=shuffle, game_title=game_title)

    scenario, computed = _scenario(f, scen, qtype, game, choices, item)
    return Question(id=f.qid, type=qtype, game=game, text=text, explanation=explanation, refs=refs,
                    answer=computed, choices=choices, shuffle=shuffle, scenario=scenario, game_title=game_title)


def _refs(f: _File, value: Any, game: str) -> tuple[Ref, ...]:
    if not isinstance(value, list) or not value:
        f.fail("clauses", "не указаны пункты правил, на которых основан ответ.",
               f"напишите clauses = [\"{game}-rule-1\", …] — id пунктов со страницы игры.")
    known = f.engine.refs(game)
    refs: list[Ref] = []
    for j, ref in enumerate(value):
        if not isinstance(ref, str) or ref not in known:
            close = difflib.get_close_matches(str(ref), list(known), n=3)
            f.fail(f"clauses[{j}]", f"игра «{game}» не объявляет пункт {sc.show(ref)}.",
                   (f"похожие id: {', '.join(close)}. " if close else "") +
                   f"Все id — на странице игры и в ответе python -m rules_pkg "
                   f"'{{\"op\":\"describe\",\"game\":\"{game}\"}}'.")
        if any(r.id == ref for r in refs):
            f.fail(f"clauses[{j}]", f"пункт «{ref}» указан дважды.", "оставьте один.")
        kind, title = known[ref]
        refs.append(Ref(id=ref, game=game, kind=kind, title=title))
    return tuple(refs)


def _choices(f: _File, value: Any, qtype: str, has_scenario: bool) -> tuple[Choice, ...]:
    if qtype not in CHOICE_TYPES:
        if value is not None:
            f.fail("choices", f"у вопроса типа {qtype} не бывает вариантов.",
                   "уберите choices" + (" (ответ true или false)." if qtype == "truefalse" else " (ответ — число)."))
        return ()
    lo = MIN_CHOICES[qtype]
    if not isinstance(value, list) or not lo <= len(value) <= MAX_CHOICES:
        n = len(value) if isinstance(value, list) else 0
        f.fail("choices", f"у вопроса типа {qtype} должно быть от {lo} до {MAX_CHOICES} вариантов, а их {n}.",
               "добавьте варианты таблицами [[questions.choices]] с id и text." if n < lo else "уберите лишние.")
    out: list[Choice] = []
    for i, c in enumerate(value):
        prefix = f"choices[{i}]."
        if not isinstance(c, dict):
            f.fail(f"choices[{i}]", "вариант должен быть таблицей с id и text.", "см. " + FORMAT_DOC + ".")
        f.keys(c, CHOICE_KEYS, prefix)
        cid = f.ident(c.get("id"), prefix + "id", f"вариант №{i + 1}")
        if any(o.id == cid for o in out):
            f.fail(prefix + "id", f"id варианта «{cid}» повторяется.", "у вариантов одного вопроса разные id.")
        text = f.text(c, "text", prefix)
        feedback = f.text(c, "feedback", prefix, required=False)
        if "value" in c and not has_scenario:
            f.fail(prefix + "value", "value нужно только в вопросе со сценарием.",
                   "уберите value или добавьте сценарий [questions.scenario].")
        out.append(Choice(id=cid, text=text, feedback=feedback, value=c.get("value"), has_value="value" in c))
    return tuple(out)


def _answer_hint(qtype: str, choices: tuple[Choice, ...]) -> str:
    ids = [c.id for c in choices]
    return {
        "single": f"напишите answer = \"<id верного варианта>\" (варианты: {', '.join(ids)}).",
        "multiple": f"напишите answer = [\"<id>\", …] — все верные варианты (варианты: {', '.join(ids)}).",
        "truefalse": "напишите answer = true или answer = false.",
        "number": "напишите answer = <целое число>.",
        "ordering": f"напишите answer = [{', '.join(sc.show(i) for i in ids)}] в верном порядке.",
    }[qtype]


def _answer(f: _File, value: Any, qtype: str, choices: tuple[Choice, ...]) -> Any:
    ids = [c.id for c in choices]
    hint = _answer_hint(qtype, choices)

    def need(ok: bool, message: str, h: str = hint) -> None:
        if not ok:
            f.fail("answer", message, h)

    def known(cid: Any) -> None:
        need(cid in ids, f"ответ {sc.show(cid)} — не вариант этого вопроса; варианты: {', '.join(ids)}.",
             "в answer пишут id вариантов, а не их текст или номер.")

    got = f"указано {sc.kind_name(value)} {sc.show(value)}"
    if qtype == "single":
        need(isinstance(value, str), f"ответ — id одного варианта (строка), а {got}.")
        known(value)
        return value
    if qtype == "truefalse":
        need(isinstance(value, bool), f"ответ — true или false, а {got}.")
        return value
    if qtype == "number":
        need(isinstance(value, int) and not isinstance(value, bool), f"ответ — целое число, а {got}.")
        return value
    need(isinstance(value, list), f"ответ — список id вариантов, а {got}.")
    need(bool(value), "нет верного ответа: список пуст.")
    for cid in value:
        known(cid)
    need(len(set(value)) == len(value), "в ответе id повторяется.")
    if qtype == "multiple":
        return tuple(c for c in ids if c in value)
    need(len(value) == len(ids), f"порядок должен включать все варианты ({len(ids)}), а в ответе {len(value)}.")
    return tuple(value)


def _show_answer(answer: Any) -> str:
    if isinstance(answer, tuple):
        return ", ".join(answer)
    return sc.show(answer)


def _written_answer_agrees(f: _File, item: dict, qtype: str, choices: tuple[Choice, ...], computed: Any,
                           summary: str) -> None:
    if "answer" not in item:
        return
    written = _answer(f, item["answer"], qtype, choices)
    if not sc.same(list(written) if isinstance(written, tuple) else written,
                   list(computed) if isinstance(computed, tuple) else computed):
        f.fail("answer", f"ответ в файле ({_show_answer(written)}) расходится с расчётом движка "
               f"({_show_answer(computed)}); движок: «{summary}».",
               "исправьте answer (или уберите его: ответ сценария берётся из движка) либо сценарий.")


def _scenario(f: _File, scen: dict, qtype: str, game: str, choices: tuple[Choice, ...],
              item: dict) -> tuple[Scenario, Any]:
    f.keys(scen, sc.SCENARIO_KEYS, "scenario.")
    if "game" in scen and scen["game"] != game:
        f.fail("scenario.game", f"сценарий для игры {sc.show(scen['game'])}, а вопрос — по игре «{game}».",
               "уберите scenario.game: игра берётся из вопроса.")
    ask = scen.get("ask")
    if not isinstance(ask, str) or not ask.strip():
        f.fail("scenario.ask", "не указано, какое значение из ответа движка спрашивается.",
               "напишите ask = \"ruling.points\" (или ruling.foul, ruling.scores.0, ruling.fouls.*.code …).")
    has_claim = "claim" in scen
    if has_claim and qtype != "truefalse":
        f.fail("scenario.claim", "claim бывает только у вопроса «верно или неверно» (type = \"truefalse\").",
               "уберите claim или смените тип вопроса.")
    request: dict = {"op": "ruling", "game": game}
    for key in ("situation", "action", "options"):
        if key in scen:
            if not isinstance(scen[key], dict):
                f.fail(f"scenario.{key}", f"{key} должно быть таблицей.",
                       f"напишите {key} = {{ … }} в формате запроса ruling (см. страницу «Как устроен расчёт»).")
            request[key] = scen[key]
    request.setdefault("situation", {})
    where = (f.name, f.qid)
    response = sc.run(f.engine, request, where)
    try:
        value = sc.resolve(response, ask)
    except sc.PathError as exc:
        f.fail("scenario.ask", f"{exc.message}.",
               "путь идёт от ответа движка: ruling.points, ruling.foul, ruling.scores.0, ruling.next_player, "
               "ruling.finished, ruling.fouls.0.clause, ruling.fouls.*.code.")
    claim = (has_claim, scen.get("claim"))
    answer = sc.answer_from_value(qtype, value, choices, claim, where, ask)
    ruling = response.get("ruling") or {}
    _written_answer_agrees(f, item, qtype, choices, answer, ruling.get("summary", ""))
    decl = f.engine.declaration(game) or {}
    absent = _absent(f, scen.get("absent"), decl, request)
    base = decisive.answer_of(response, ask, claim)
    changes = list(decisive.decisive_fields(f.engine, decl, request, ask, claim, base))
    decisive.check(changes, request, absent, base, where)
    deciding = tuple(c.field.path for c in changes)
    scenario = Scenario(request=request, ask=ask, claim=scen.get("claim"), has_claim=has_claim, value=value,
                        summary=ruling.get("summary", ""), decisive=deciding, absent=absent,
                        lines=tuple(decisive.given_lines(decl, request, set(deciding), absent)))
    return scenario, answer


def _absent(f: _File, value: Any, decl: dict, request: dict) -> tuple[str, ...]:
    """``absent``: fields (``situation.x``, ``action.y``, ``options.z``) whose
    «not given» default the question states."""
    if value is None:
        return ()
    hint = ("absent = [\"action.called_pocket\", …] — поля, которых «нет» (заказа не было и т. п.), "
            "с частью запроса перед точкой.")
    if not isinstance(value, list):
        f.fail("scenario.absent", f"absent — список имён полей, а указано {sc.kind_name(value)} {sc.show(value)}.", hint)
    fields = {fd.path: fd for fd in decisive.fields_of(decl, request)}
    for i, path in enumerate(value):
        fd = fields.get(path) if isinstance(path, str) else None
        if fd is None:
            close = difflib.get_close_matches(str(path), list(fields), n=1)
            f.fail(f"scenario.absent[{i}]", f"в запросе нет поля {sc.show(path)}.",
                   (f"может быть, «{close[0]}»? " if close else "") + hint)
        if fd.spec.get("default") is not None:
            f.fail(f"scenario.absent[{i}]", f"у поля «{path}» есть значение по умолчанию "
                   f"({sc.show(fd.spec['default'])}), его пишут значением, а не в absent.",
                   f"напишите в сценарии {fd.name} = {sc.show(fd.spec['default'])}.")
        if fd.name in (request.get(fd.part) or {}):
            f.fail(f"scenario.absent[{i}]", f"поле «{path}» и задано в сценарии, и указано в absent.",
                   "оставьте что-то одно.")
    return tuple(value)


def load_dir(quiz_dir: str | Path, engine: sc.Engine | None = None) -> list[Quiz]:
    """Every ``*.toml`` of ``quiz_dir`` (sorted by name); all errors at once."""
    engine = engine or sc.Engine()
    quizzes: list[Quiz] = []
    errors: list[QuizError] = []
    owners: dict[str, str] = {}
    for path in sorted(Path(quiz_dir).glob("*.toml")):
        try:
            quiz = load_file(path, engine)
        except QuizError as exc:
            errors.append(exc)
            continue
        if quiz.id in owners:
            errors.append(QuizError(quiz.source, None, "id",
                                    f"id теста «{quiz.id}» уже занят файлом {owners[quiz.id]}.",
                                    "id тестов не повторяются: переименуйте один из тестов."))
            continue
        owners[quiz.id] = quiz.source
        quizzes.append(quiz)
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise QuizErrors(errors)
    return quizzes
