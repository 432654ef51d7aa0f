"""Every scenario question of every quiz file: the answer the build stores is
the engine's. The expected answer is computed here independently, from the raw
TOML and rules_pkg.api.handle, not through sitebuild.quiz."""

from __future__ import annotations

import json
import tomllib

import pytest

from quiz_paths import ALL_VALID_FILES, QUIZ_DIR, QUIZ_FILES
from rules_pkg.api import handle


def scenario_questions(paths):
    for path in paths:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for item in data["questions"]:
            if "scenario" in item:
                game = item.get("game", data["game"])
                yield pytest.param(path, game, item, id=f"{path.stem}:{item['id']}")


def follow(value, path):
    for part in path.split("."):
        if part == "*":
            raise AssertionError("use follow_all")
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def follow_all(value, path):
    head, _, tail = path.partition(".*.")
    if not tail:
        return follow(value, path)
    return [follow(item, tail) for item in follow(value, head)]


def expected_answer(item, value):
    kind = item["type"]
    scen = item["scenario"]
    if kind == "truefalse":
        return value == scen["claim"] if "claim" in scen else value
    if kind == "number":
        return value
    by_value = {json.dumps(c["value"]): c["id"] for c in item["choices"]}
    if kind == "single":
        return by_value[json.dumps(value)]
    if kind == "multiple":
        return tuple(c["id"] for c in item["choices"] if c["value"] in value)
    return tuple(by_value[json.dumps(v)] for v in value if json.dumps(v) in by_value)


@pytest.mark.parametrize("path, game, item", list(scenario_questions(ALL_VALID_FILES)))
def test_scenario_answer_is_the_engines(path, game, item, loaded):
    scen = item["scenario"]
    request = {"op": "ruling", "game": game, "situation": scen.get("situation", {}), "action": scen.get("action")}
    if "options" in scen:
        request["options"] = scen["options"]
    response = handle(request)
    assert response["ok"], response
    value = follow_all(response, scen["ask"])
    expected = expected_answer(item, value)
    question = loaded[path].question(item["id"])
    assert question.answer == expected
    assert question.scenario.value == value
    assert question.scenario.summary == response["ruling"]["summary"]
    if "answer" in item:  # a hand-written answer next to a scenario agrees with the engine
        written = item["answer"]
        assert (tuple(written) if isinstance(written, list) else written) == expected


def test_there_are_scenario_questions_in_the_bank():
    assert len(list(scenario_questions(QUIZ_FILES))) >= 6


def test_the_kovboy_answers_the_rulebook_fixes():
    """The hand-checked cases of RULES_NOTES.md, as the bank asks them."""
    from sitebuild.quiz import load_file
    quiz = load_file(QUIZ_DIR / "kovboy.toml")
    assert quiz.question("max-per-shot").answer == 11          # 0 + everything = 11
    assert quiz.question("exact-90").answer == 90              # 85 + 5 = 90
    assert quiz.question("over-90").answer == "rule-4"         # 88 + 5: foul, rule 4
    assert quiz.question("pocket-after-90").answer is True     # 95 + 3 pocketed: foul (rule 5)
    assert quiz.question("winning-shot").answer is False       # cue ball drop on the winning shot
    assert quiz.question("fouls-at-100").answer == ("uncalled", "missed-one", "touched-other")
    assert quiz.question("series-cancelled").answer == 40      # 40 + 5 + 3, then a foul: 40

