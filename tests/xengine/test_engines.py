"""The table-side path in every browser a player has (issue 18): Chromium, Firefox
(Debian's firefox-esr) and WebKitGTK (the engine of every iPhone's browser), the same
steps in each (page_lib.js), one engine after another on one profile:

for every game with tools, the page renders with no console error and its glossary
terms are underlined; a calculator ruling, equal to the engine's answer on CPython for
the very request the page sent; a scorekeeper match of three shots, a reload, an undo.
Then the second visit's boot (from the snapshot, or which one and why), a reload with
the server down, search, a quiz answered and graded, and the тренажёр's question.
"""

from __future__ import annotations

import json
import time

import pytest

from rules_pkg import api

# One retry, as every browser test (tests/browser/conftest.py): in CI's two processes the browser tests
# run beside these, and once the trainer's page never arrived in Chromium (240 s; it passes alone in
# 67 s for the three engines). A test that fails and then passes is listed as RERUN (-ra).
pytestmark = [pytest.mark.browser, pytest.mark.flaky(reruns=1, reruns_delay=2)]

# One calculator case a game: [operation, scope inside the tool (or None), field, value].
CALCULATOR = {
    "kovboy": [],  # the form's explicit miss
    "pyat-sharov": [["int", None, "score", 55], ["int", None, "opponent_score", 20],
                    ["choice", None, "ball", "yellow"], ["choice", None, "pocket", "far-left"],
                    ["int", None, "carom_reds", 1]],
    "kaiza": [["int", None, "score", 50], ["int", None, "opponent_score", 20], ["bool", "[data-rb-action]", "contact", True],
              ["choice", "[data-rb-action]", "ball", "white"], ["choice", "[data-rb-action]", "pocket", "far-left"],
              ["int", "[data-rb-action]", "carom_reds", 1]],
    "probka": [["text", None, "scores", "1, -5, 1, -11, 1, -23"], ["int", None, "bank", 48],
               ["int", None, "shooter", 6], ["bool", None, "probka", True]],
    "po-chasovoy": [["int", None, "ball", 3], ["choice", None, "known", "first"],
                    ["choice", '[data-rb-fold="situation"]', "pocket", "far-left"],
                    ["choice", "[data-rb-action]", "pocket", "right-middle"]],
    "kladka-kiem": [["int", None, "balls_left", 5], ["int", None, "strokes", 10], ["int", None, "penalties", 1],
                    ["int", None, "opponent_total", 14], ["int", "[data-rb-action]", "potted", 5]],
}
# A shot of the scorekeeper where the drawing has no explicit miss (else: the miss).
# «По часовой»: the decision's first button names «левая у «дома»» for the 1; «дальняя правая» is a wrong pocket,
# noticed: the ball goes back (the box is asked only for a pocket but the designated one: the view's field_when).
SHOT = {"po-chasovoy": [["action", None, None, "shot"], ["choice", None, "pocket", "far-right"],
                        ["bool", None, "noticed", True]],
        # Nothing potted; the match's first stroke also says it broke the rack.
        "kladka-kiem": [[["choice", None, "opening", "break"], ["int", None, "potted", 0]],
                        [["int", None, "potted", 0]], [["int", None, "potted", 0]]]}


def shot_fill(game: str, i: int) -> list:
    """The fields of shot i (a game's one fill, or one fill for each shot)."""
    fill = SHOT.get(game, [])
    return fill[i] if fill and isinstance(fill[0][0], list) else fill
GAMES = list(CALCULATOR)
SHOTS = 3


def canonical(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize("game", GAMES)
def test_game_page_calculator_and_scorekeeper(tab, game):
    name = tab.engine.name
    tab.open(f"games/{game}/")
    tab.wait("ready", "calculator", game, what="калькулятор готов")
    assert tab.errors() == [], f"{name}: ошибки на странице {game}"
    # Glossary terms are marked (the shorthand «underline dotted» is dropped by WebKitGTK).
    term = tab.xe("termMarked")
    if term is not None:
        assert "underline" in term["line"], f"{name}: термин не подчёркнут: {term}"

    # The calculator: the page's request, and the worker's answer equal to CPython's.
    tab.xe("calculate", game, CALCULATOR[game])
    shown = tab.wait("calcResult", game, what="ответ калькулятора")
    assert "ruling" in shown, f"{name}: калькулятор отказал: {shown}"
    tab.wait("idle", "calculator", game)
    calls = [c for c in tab.xe("calls") if c["request"].get("op") == "ruling"]
    assert calls, f"{name}: калькулятор не спросил движок"
    request, response = calls[-1]["request"], calls[-1]["response"]
    assert response.get("ok") is True, f"{name}: {response}"
    assert canonical(response) == canonical(api.handle(request)), f"{name}: ответ Pyodide не равен CPython"

    # The scorekeeper: three shots, a reload, an undo.
    tab.xe("startMatch", game)
    tab.wait("matchShown", game, what="партия начата")
    tab.wait("idle", "scorekeeper", game)
    for i in range(SHOTS):
        before = tab.xe("history", game)
        kind = tab.xe("playMiss", game, shot_fill(game, i))
        done = tab.wait("recorded", game, before + 1, what=f"удар {i + 1}")
        assert "error" not in done, f"{name}: {kind} {i + 1} не записан: {done}"
    scores = tab.xe("scores", game)
    tab.engine.reload()
    tab.wait("matchShown", game, what="партия после перезагрузки")
    tab.wait("idle", "scorekeeper", game)
    assert tab.xe("history", game) == SHOTS and tab.xe("scores", game) == scores
    tab.xe("undo", game)
    assert "error" not in tab.wait("recorded", game, SHOTS - 1, what="отмена")
    assert tab.errors() == [], f"{name}: ошибки на странице {game}"


def test_second_visit_says_how_the_engine_started(tab):
    """By now the worker has had time to keep its snapshot: the next visit restores it,
    or says which boot it took (issue 11's snapshot needs Cache Storage)."""
    try:  # the worker keeps it once idle after its first answer
        stored = tab.wait("snapshotStored", timeout=60)
    except AssertionError:
        stored = "not stored in 60 s"
    tab.open("games/kovboy/")
    tab.wait("ready", "calculator", "kovboy")
    status = tab.xe("boot")
    # MicroPython answers first (docs/assets/engine/first-answer.mjs); Pyodide takes over behind it.
    deadline = time.monotonic() + 60
    while status.get("boot") == "micropython" and time.monotonic() < deadline:
        time.sleep(0.25)
        status = tab.xe("boot")
    print(f"[xengine] {tab.engine.version}: снимок движка — {stored}; второй визит — запуск "
          f"{status.get('boot')!r}", flush=True)
    assert status.get("state") == "ready" and status.get("boot") in ("snapshot", "normal"), status
    if tab.engine.name == "Chromium":
        assert status["boot"] == "snapshot", status


def test_offline_reload_still_answers(tab):
    tab.site.server.down = True
    try:
        tab.open("games/kovboy/")
        tab.wait("ready", "calculator", "kovboy", what="калькулятор без сети")
        tab.xe("calculate", "kovboy", [])
        assert "ruling" in tab.wait("calcResult", "kovboy", what="ответ без сети")
        calls = [c for c in tab.xe("calls") if c["request"].get("op") == "ruling"]
        assert calls and calls[-1]["response"]["ok"] is True
    finally:
        tab.site.server.down = False


def test_search_finds_a_term(tab):
    tab.open("")
    tab.xe("search", "фол")
    hits = tab.wait("searchHits", what="результаты поиска «фол»")
    assert any("#" in h for h in hits), hits


def test_a_quiz_is_answered_and_graded(tab):
    tab.open("quizzes/kovboy/")
    tab.wait("quizReady", what="тест на странице")
    tab.xe("quizStart")
    tab.wait("quizQuestion", what="первый вопрос")
    tab.xe("quizAnswer")
    assert tab.wait("quizVerdict", what="оценка ответа") in ("right", "wrong")
    assert tab.errors() == []


def test_the_trainer_gives_a_question_and_judges_it(tab):
    tab.open("trainer/?game=kovboy&seed=5")
    question = tab.wait("trainerQuestion", what="вопрос тренажёра")
    assert question.startswith("Задача № 5"), question
    tab.xe("trainerAnswer")
    assert tab.wait("trainerVerdict", what="вердикт тренажёра")
    assert tab.errors() == []
