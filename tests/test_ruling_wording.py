"""What a ruling and the status say, over random play of every game (issue 26, § 3):
no sentence with two colons, no brackets inside brackets, no sentence said twice,
«шар» agreeing with its count, and a warning never stated as a fact."""

from __future__ import annotations

import re

import pytest

from rules_pkg import ru
from rules_pkg.games import GAMES
from tests.randplay import random_rulings

GAME_IDS = [g.id for g in GAMES.values() if g.tools]
SEEDS = range(40)
# a sentence ends at . ! ? before a space and a capital letter (or a quote, a digit), or at the end
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[«A-ZА-ЯЁ0-9])")


def sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_END.split(text.strip()) if s]


def nesting(text: str) -> int:
    depth = deepest = 0
    for ch in text:
        depth += ch == "("
        deepest = max(deepest, depth)
        depth -= ch == ")"
    return deepest


BALL_COUNT = re.compile(r"\b(\d+) (шар|шара|шаров)\b")
# «шары 5» / «шар 1 и 3»: the noun before a list of ball numbers agrees with the list
BALL_LIST = re.compile(r"\b(шары?) (\d+(?:(?:, | и )\d+)*)\b")


def wording_problems(text: str) -> list[str]:
    problems = []
    for s in sentences(text):
        outside_quotes = re.sub(r"«[^»]*»", "«»", s)
        if outside_quotes.count(":") > 1:
            problems.append(f"two colons: {s}")
    if nesting(text) > 1:
        problems.append(f"brackets in brackets: {text}")
    for n, word in BALL_COUNT.findall(text):
        if word != ru.plural(int(n), "шар", "шара", "шаров"):
            problems.append(f"{n} {word}: {text}")
    for word, numbers in BALL_LIST.findall(text):
        many = len(re.findall(r"\d+", numbers)) > 1
        if (word == "шары") != many:
            problems.append(f"{word} {numbers}: {text}")
    return problems


def shown_texts(out: dict) -> list[str]:
    ruling = out["ruling"]
    texts = [ruling["summary"], *ruling["lines"], *(f["text"] for f in ruling["fouls"])]
    if out.get("view"):
        texts.append(out["view"]["status"])
    return texts


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_sentence_has_two_colons_nested_brackets_or_a_disagreeing_ball_count(game_id):
    found = set()
    for _, out in random_rulings(game_id, SEEDS):
        for text in shown_texts(out):
            found.update(wording_problems(text))
    assert not found, "\n".join(sorted(found)[:15])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_sentence_is_said_twice_in_a_ruling(game_id):
    """The summary and the lines are each a list of different sentences; a line is not repeated."""
    found = set()
    for _, out in random_rulings(game_id, SEEDS):
        ruling = out["ruling"]
        for part in ([ruling["summary"]], ruling["lines"]):
            said = [s for text in part for s in sentences(text)]
            found.update(s for s in said if said.count(s) > 1)
    assert not found, "\n".join(sorted(found)[:15])


def test_wording_problems_are_found():
    """The checker itself: each class of defect is caught, a good sentence passes."""
    assert wording_problems("Карамболь по красным: по скольким красным шарам: 1")
    assert wording_problems("Следующий удар (на счету 6 ударов (из них 1 штрафной), 3 шара).")
    assert wording_problems("На столе 2 шаров.") and wording_problems("Выставляются шары 5.")
    assert not wording_problems("Следующий удар: Игрок 2 (на счету 6 ударов, из них 1 штрафной). Шары 1 и 3, 5 шаров.")
