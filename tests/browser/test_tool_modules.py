"""A page loads only the tool modules it uses (docs/assets/js/tools.js brings
each with import()): a game page requests no quiz or тренажёр code, a quiz
page and the тренажёр no calculator or scorekeeper, and every tool there is
mounted all the same."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

# Without the offline service worker: every module the page wants is a request of the page.
OPTIONS = {"viewport": {"width": 1280, "height": 900}, "service_workers": "block"}
# A module's path under assets/js/: its component's folder and its name.
MODULE = re.compile(r"/assets/js/((?:[\w.-]+/)*[\w.-]+\.js)(?:\?.*)?$")
QUIZ_CODE = re.compile(r"^(quiz|quiz-files|trainer)/")
GAME_TOOLS = {"calculator/calculator.js", "scorekeeper/scorekeeper.js"}


def modules_of(make_page, url: str) -> tuple[set[str], list[str]]:
    """The site's scripts the page requested once all its tools were mounted, and the tools."""
    page = make_page(**OPTIONS)
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(url)
    page.wait_for_function(
        "() => { const tools = [...document.querySelectorAll('[data-rb-tool]')];"
        " return tools.length > 0 && tools.every(t => t.dataset.rbMounted); }")
    tools = page.locator("[data-rb-tool]").evaluate_all("els => els.map(e => e.dataset.rbTool)")
    assert page.page_errors == [], page.page_errors
    return {m.group(1) for u in requested if (m := MODULE.search(u))}, tools


def test_a_game_page_loads_no_quiz_code(make_page, base_url):
    modules, tools = modules_of(make_page, base_url + "games/kovboy/")
    assert sorted(tools) == ["calculator", "scorekeeper"]
    assert GAME_TOOLS <= modules, modules  # the control: the recording sees the modules imported
    assert not {m for m in modules if QUIZ_CODE.match(m)}, modules


def test_a_quiz_page_loads_no_game_tools(make_page, base_url):
    modules, tools = modules_of(make_page, base_url + "quizzes/kovboy/")
    assert tools == ["quiz"]  # the downloads are on the quiz list (test_quiz_page.py)
    assert "quiz/quiz.js" in modules, modules
    assert not {m for m in modules if m.startswith(("calculator/", "scorekeeper/", "trainer/", "quiz-files/"))}, modules


def test_the_trainer_loads_no_game_tools_and_no_quiz_page(make_page, base_url):
    modules, tools = modules_of(make_page, base_url + "trainer/")
    assert tools == ["trainer"]
    assert "trainer/trainer.js" in modules
    assert not {m for m in modules if m.startswith(("calculator/", "scorekeeper/", "quiz-files/"))}, modules
    assert not modules & {"quiz/quiz.js", "quiz/quiz-setup.js", "quiz/quiz-print.js"}, modules
