"""Scenario questions state what decides them (issue 13, point 5): the build
tries every value of every field a scenario leaves unstated, fails when the
engine's answer changes, and shows every decisive fact under «Исходные данные»."""

from __future__ import annotations

import pytest

from quiz_paths import QUIZ_DIR
from rules_pkg.api import handle
from sitebuild.quiz import Engine, QuizError, decisive, load_dir
from sitebuild.quiz.loader import load_file


@pytest.fixture(scope="module")
def bank(engine):
    return {q.id: q for q in load_dir(QUIZ_DIR, engine)}


def question(bank, quiz_id, qid):
    return bank[quiz_id].question(qid)


def test_candidates_cover_each_kind():
    assert decisive.candidates({"kind": "bool", "default": False}, False) == [True]
    assert decisive.candidates({"kind": "choice", "options": [{"id": "a"}, {"id": "b"}], "default": "a"}, "a") == ["b"]
    assert decisive.candidates({"kind": "choice", "options": [{"id": "a"}], "default": None, "optional": True},
                               None) == ["a"]
    assert decisive.candidates({"kind": "int", "min": 0, "max": 100, "default": 0}, 93) == [0, 1, 92, 94, 99, 100]
    assert decisive.candidates({"kind": "set", "options": [{"id": 1}, {"id": 3}], "default": []}, []) == [[1], [3]]
    assert decisive.candidates({"kind": "sequence", "options": [{"id": 1}], "default": []}, [1]) == [[]]
    assert decisive.candidates({"kind": "text", "default": "1, 1"}, "1, 1") == []


def test_every_bank_scenario_states_and_shows_each_decisive_field(bank):
    for quiz in bank.values():
        for q in quiz.questions:
            if not q.scenario:
                continue
            decl = handle({"op": "describe", "game": q.game})["game"]
            fields = {f.path: f for f in decisive.fields_of(decl, q.scenario.request)}
            for path in q.scenario.decisive:
                f = fields[path]
                assert decisive.stated(f, q.scenario.request, q.scenario.absent), (quiz.id, q.id, path)
                assert any(line.startswith(f.spec["label"] + ":") for line in q.scenario.lines), (quiz.id, q.id, path)


def test_a_decisive_default_is_found_by_trying_its_other_value(bank):
    """Independently of the loader: flipping the stated default changes the engine's answer."""
    q = question(bank, "kovboy", "carom-at-93")
    request = dict(q.scenario.request, action={**q.scenario.request["action"], "cushion": False})
    assert handle(request)["ruling"]["scores"][0] == 93 != q.answer == 94
    assert "После касания биток или прицельный шар дошёл до борта: да" in q.scenario.lines


@pytest.mark.parametrize("quiz_id, qid, line", [
    ("kovboy", "max-per-shot", "Это начальный удар партии: нет"),
    ("kovboy", "carom-at-93", "После касания биток или прицельный шар дошёл до борта: да"),
    ("kaiza", "no-call-carom", "Сколько промежуточных шаров было между битком и сыгранным шаром: 0"),
    ("kaiza", "no-call-carom", "Шар сыгран «ударом шаром»: нет"),
    ("kaiza", "off-table", "Сколько промежуточных шаров было между битком и сыгранным шаром: 0"),
    ("pyat-sharov", "carom-alone", "В какую лузу упал заказанный шар: нет"),
])
def test_the_questions_the_issue_names_show_what_decides_them(bank, quiz_id, qid, line):
    q = question(bank, quiz_id, qid)
    assert line in q.scenario.lines
    assert line.split(":")[0] in "".join(q.scenario.lines)


@pytest.mark.parametrize("quiz_id, qid, ref", [
    ("kovboy", "fouls-at-100", "kovboy-t-pocket-is-cushion"),
    ("po-chasovoy", "basis", "po-chasovoy-t-po-solntsu"),
    ("po-chasovoy", "difference", "po-chasovoy-t-po-solntsu"),
])
def test_keys_resting_on_a_tolkovanie_cite_it(bank, quiz_id, qid, ref):
    assert ref in question(bank, quiz_id, qid).clauses


def test_wording_slips(bank):
    phases = question(bank, "kovboy", "scoring-phases")
    assert phases.choice("any-way").text.startswith("Первые девяносто очков (но не более)")
    thirteen = question(bank, "po-chasovoy", "mnemonic-thirteen")
    assert "«Тринадцать» упала" not in thirteen.text and "шар «тринадцать» сыгран" in " ".join(thirteen.text.split())
    # The seed's example plays «4» on from where «3» really went: the key must not rest on the old-order reading.
    unnoticed = question(bank, "po-chasovoy", "unnoticed-before-found")
    assert unnoticed.scenario is None and unnoticed.answer == "counted"


def fake_engine(refuse):
    """The real engine, except that requests for which ``refuse(request)`` is true are refused."""
    def call(request):
        if refuse(request):
            return {"ok": False, "error": {"code": "input", "message": "Невозможное положение (проверка).",
                                           "field": "situation.score"}}
        return handle(request)
    return Engine(call)


def test_a_refused_variation_is_not_a_possible_world(tmp_path):
    path = tmp_path / "q.toml"
    path.write_text((QUIZ_DIR / "kovboy.toml").read_text(encoding="utf-8"), encoding="utf-8")
    # Refuse every variation with no cushion: carom-at-93 must still load, without that field being decisive.
    engine = fake_engine(lambda r: (r.get("situation") or {}).get("score") == 93
                         and (r.get("action") or {}).get("cushion") is False)
    quiz = load_file(path, engine)
    assert "action.cushion" not in quiz.question("carom-at-93").scenario.decisive


def test_a_refused_scenario_is_reported_with_the_engine_message(tmp_path):
    path = tmp_path / "q.toml"
    path.write_text((QUIZ_DIR / "kovboy.toml").read_text(encoding="utf-8"), encoding="utf-8")
    engine = fake_engine(lambda r: (r.get("situation") or {}).get("score") == 93)
    with pytest.raises(QuizError) as info:
        load_file(path, engine)
    assert info.value.question_id == "carom-at-93" and info.value.field == "scenario.situation.score"
    assert "движок отклонил сценарий: Невозможное положение (проверка)." in str(info.value)
