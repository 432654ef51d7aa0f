"""The quiz loader and validator: the bank loads, and every kind of broken file
fails with a message naming the file, the question, the field and a hint."""

from __future__ import annotations

import re
import shutil

import pytest

from quiz_paths import BROKEN, FIXTURES, QUIZ_DIR, QUIZ_FILES, ROOT
from sitebuild.quiz import Engine, QuizError, QuizErrors, describe_request, load_dir, load_file
from sitebuild.quiz.model import TYPES

# file -> (question id or None, field or None, a fragment of the message)
BROKEN_CASES = {
    "syntax.toml": (None, None, "ошибка синтаксиса TOML"),
    "unknown-game.toml": (None, "game", "неизвестная игра \"snooker\""),
    "unknown-clause.toml": ("q1", "clauses[1]", "не объявляет пункт \"kovboy-rule-9\""),
    "missing-clauses.toml": ("q1", "clauses", "не указаны пункты правил"),
    "duplicate-question-id.toml": ("q1", "id", "уже есть у вопроса №1"),
    "duplicate-choice-id.toml": ("q1", "choices[1].id", "id варианта «a» повторяется"),
    "bad-question-id.toml": ("№1", "id", "\"Вопрос 1\" не подходит"),
    "no-answer.toml": ("q1", "answer", "нет верного ответа"),
    "empty-multiple-answer.toml": ("q1", "answer", "нет верного ответа: список пуст"),
    "answer-not-choice.toml": ("q1", "answer", "\"c\" — не вариант этого вопроса"),
    "ordering-not-permutation.toml": ("q1", "answer", "должен включать все варианты"),
    "number-not-int.toml": ("q1", "answer", "целое число"),
    "unknown-type.toml": ("q1", "type", "неизвестный тип вопроса \"essay\""),
    "unknown-field.toml": ("q1", "explaination", "неизвестное поле «explaination»"),
    "mixed-without-game.toml": ("q1", "game", "у каждого вопроса должна быть своя игра"),
    "scenario-rejected.toml": ("q1", "scenario.situation.score", "движок отклонил сценарий"),
    "scenario-contradicted.toml": ("q1", "answer", "расходится с расчётом движка (11)"),
    "bad-ask.toml": ("q1", "scenario.ask", "нет ключа «pointz»"),
    "no-choice-for-value.toml": ("q1", "choices", "ни у одного варианта нет такого value"),
    "truefalse-needs-claim.toml": ("q1", "scenario.ask", "нужно true или false"),
    "unstated-decisive.toml": ("q1", "scenario.action.cushion",
                               "ответ зависит от поля «После касания биток или прицельный шар дошёл до борта»"),
    "unstated-absent.toml": ("q1", "scenario.action.called_pocket", "по умолчанию «нет» — ответ 9"),
    "bad-absent.toml": ("q1", "scenario.absent[0]", "его пишут значением, а не в absent"),
}


def test_every_broken_fixture_is_listed():
    assert sorted(p.name for p in BROKEN.glob("*.toml")) == sorted(BROKEN_CASES)


@pytest.mark.parametrize("name", sorted(BROKEN_CASES))
def test_broken_file_names_file_question_field_and_hint(name, engine):
    qid, field, fragment = BROKEN_CASES[name]
    with pytest.raises(QuizError) as info:
        load_file(BROKEN / name, engine)
    err = info.value
    text = str(err)
    assert err.file.endswith(name) and name in text
    assert err.question_id == qid
    assert err.field == field
    if qid is not None:
        assert f"вопрос «{qid}»" in text
    if field is not None:
        assert f"поле {field}:" in text
    assert fragment in err.message, text
    assert err.hint and "Что сделать: " + err.hint in text


def test_syntax_error_names_the_line(engine):
    with pytest.raises(QuizError) as info:
        load_file(BROKEN / "syntax.toml", engine)
    assert "line 8" in info.value.message


def test_unknown_clause_suggests_close_ids(engine):
    with pytest.raises(QuizError) as info:
        load_file(BROKEN / "unknown-clause.toml", engine)
    assert "kovboy-rule-8" in info.value.hint


def test_unknown_field_suggests_the_right_name(engine):
    with pytest.raises(QuizError) as info:
        load_file(BROKEN / "unknown-field.toml", engine)
    assert "«explanation»" in info.value.hint


def test_duplicate_quiz_id_across_files(engine):
    with pytest.raises(QuizError) as info:
        load_dir(BROKEN / "duplicate-quiz-id", engine)
    err = info.value
    assert err.file.endswith("b.toml") and err.field == "id" and err.question_id is None
    assert "a.toml" in err.message and "same-id" in err.message


def test_load_dir_reports_every_broken_file(engine):
    with pytest.raises(QuizErrors) as info:
        load_dir(BROKEN, engine)
    files = sorted(e.file.rsplit("/", 1)[-1] for e in info.value.errors)
    assert files == sorted(BROKEN_CASES)
    assert str(info.value).count("\n- ") == len(BROKEN_CASES)


def test_quiz_error_is_a_mkdocs_build_error():
    from mkdocs.exceptions import PluginError
    err = QuizError("q.toml", "q1", "answer", "сообщение.", "подсказка.")
    assert isinstance(err, PluginError)
    assert str(err) == "q.toml, вопрос «q1», поле answer: сообщение. Что сделать: подсказка."
    assert err.message == "сообщение."


def test_game_the_engine_cannot_describe_yet(tmp_path):
    """A game listed by the engine but without a declaration (a module still
    being written) is refused with a clear message, whatever game it is."""
    from rules_pkg.api import handle

    def stub(request):
        if request.get("op") == "describe" and request.get("game") == "kovboy":
            return {"ok": False, "error": {"code": "internal", "message": "не готово", "field": None}}
        return handle(request)

    path = tmp_path / "quiz.toml"
    shutil.copy(FIXTURES / "mixed.toml", path)
    with pytest.raises(QuizError) as info:
        load_file(path, Engine(stub))
    assert info.value.field == "game" and info.value.question_id == "goal"
    assert "пока не описывает игру «kovboy»" in info.value.message


def test_value_only_in_scenario_questions(tmp_path, engine):
    path = tmp_path / "q.toml"
    path.write_text((BROKEN / "answer-not-choice.toml").read_text(encoding="utf-8")
                    .replace('{ id = "a", text = "Да" }', '{ id = "a", text = "Да", value = 1 }')
                    .replace('answer = "c"', 'answer = "a"'), encoding="utf-8")
    with pytest.raises(QuizError) as info:
        load_file(path, engine)
    assert info.value.field == "choices[0].value"


# ---- valid files --------------------------------------------------------------


def test_bank_loads_and_ids_are_unique(engine):
    quizzes = load_dir(QUIZ_DIR, engine)
    assert [q.source.rsplit("/", 1)[-1] for q in quizzes] == [p.name for p in QUIZ_FILES]
    assert len({q.id for q in quizzes}) == len(quizzes)
    for quiz in quizzes:
        assert len({q.id for q in quiz.questions}) == len(quiz.questions)


def test_kovboy_bank_meets_the_brief(engine):
    quiz = load_file(QUIZ_DIR / "kovboy.toml", engine)
    qs = quiz.questions
    assert quiz.game == "kovboy" and len(qs) >= 18
    assert {q.type for q in qs} == set(TYPES)
    assert 3 * sum(1 for q in qs if q.scenario) >= len(qs)
    assert all(q.refs and q.explanation and q.text for q in qs)
    # At least one scenario question also carries a hand-written answer, checked against the engine.
    raw = (QUIZ_DIR / "kovboy.toml").read_text(encoding="utf-8")
    assert "answer = 11" in raw and quiz.question("max-per-shot").answer == 11


def test_cited_clauses_exist_as_anchors_on_the_game_page(loaded):
    """A clause a question cites is an anchor ({§id}) on its game's page when the page exists."""
    for quiz in loaded.values():
        for q in quiz.questions:
            page = ROOT / "docs" / "games" / f"{q.game}.md"
            if not page.exists():
                continue
            text = page.read_text(encoding="utf-8")
            for ref in q.refs:
                if ref.kind == "clause":
                    assert "{§" + ref.id + "}" in text, (quiz.id, q.id, ref.id)


def test_mixed_quiz(loaded):
    quiz = loaded[FIXTURES / "mixed.toml"]
    assert quiz.game == "mixed" and quiz.games == ("kovboy",)
    assert all(q.game == "kovboy" and q.game_title == "Ковбой" for q in quiz.questions)


def test_ordering_scenario_orders_choices_by_the_engine_list(loaded):
    q = loaded[FIXTURES / "mixed.toml"].question("fouls-order")
    assert q.scenario.value == ["uncalled-pocket", "missed-1", "touched-other"]
    assert q.answer == ("uncalled", "missed", "touched")


def test_claim_turns_any_value_into_true_false(loaded):
    q = loaded[FIXTURES / "escaping.toml"].question("truefalse-claim")
    assert q.scenario.value == "front-line" and q.scenario.has_claim and q.answer is True


def test_answers_have_the_documented_shapes(loaded):
    for quiz in loaded.values():
        for q in quiz.questions:
            ids = [c.id for c in q.choices]
            if q.type == "single":
                assert q.answer in ids
            elif q.type == "multiple":
                assert q.answer and list(q.answer) == [c for c in ids if c in q.answer]
            elif q.type == "ordering":
                assert sorted(q.answer) == sorted(ids)
            elif q.type == "truefalse":
                assert isinstance(q.answer, bool)
            else:
                assert isinstance(q.answer, int) and not isinstance(q.answer, bool)


# ---- describe_request ----------------------------------------------------------


def test_describe_request_labels_values_and_omits_defaults(engine):
    lines = describe_request({
        "op": "ruling", "game": "kovboy",
        "situation": {"score": 88, "series": 0, "opening_break": False},
        "action": {"type": "shot", "contacts": [5, 1], "pocketed": [5, 1], "cushion": True, "cue_ball": "table"},
    }, engine)
    assert lines == [
        "Очки игрока перед ударом (вместе с текущей серией): 88",
        "Каких прицельных шаров коснулся биток (по порядку): 5 (пятёрка) → 1 (единица)",
        "Какие прицельные шары упали в лузу: 1 (единица), 5 (пятёрка)",
    ]


def test_describe_request_choices_and_booleans(engine):
    lines = describe_request({
        "op": "ruling", "game": "kovboy", "situation": {"opening_break": True},
        "action": {"contacts": [3], "cushion": False, "cue_ball": "pocket", "cue_pocket": "near-left"},
    }, engine)
    assert lines == [
        "Это начальный удар партии: да",
        "Каких прицельных шаров коснулся биток (по порядку): 3 (тройка)",
        "После касания биток или прицельный шар дошёл до борта: нет",
        "Биток после удара: упал в лузу",
        "В какую лузу упал биток: левая угловая со стороны «дома»",
    ]


def test_describe_request_names_a_non_default_action(engine):
    lines = describe_request({"op": "ruling", "game": "kovboy", "situation": {},
                              "action": {"type": "decision", "choice": "repeat"}}, engine)
    assert lines == ["Действие: Выбор после неправильного начального удара",
                     "Решение соперника: Потребовать повторения начального удара"]


def test_scenario_lines_are_stored_on_the_question(loaded):
    q = loaded[QUIZ_DIR / "kovboy.toml"].question("over-90")
    assert q.scenario.lines[0] == "Очки игрока перед ударом (вместе с текущей серией): 88"
    assert "Какие прицельные шары упали в лузу: 5 (пятёрка)" in q.scenario.lines


def test_examples_in_the_format_page_are_valid(tmp_path, engine):
    """Every complete example (a TOML block starting with ``id =``) of
    docs/quizzes-format.md loads without errors."""
    page = (ROOT / "docs" / "quizzes-format.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```toml\n(.*?)```", page, re.S) if b.startswith("id =")]
    assert len(blocks) >= 2
    types = set()
    for n, block in enumerate(blocks):
        path = tmp_path / f"example{n}.toml"
        path.write_text(block, encoding="utf-8")
        quiz = load_file(path, engine)
        types |= {q.type for q in quiz.questions}
        assert any(q.scenario for q in quiz.questions) or quiz.game == "mixed"
    assert types == set(TYPES)
