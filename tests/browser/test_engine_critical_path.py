"""Nothing else on the first answer's path (issue 19): a game page loads no quiz
stylesheet (quiz.css: only pages with a quiz, the quizzes' files or the тренажёр
link it, sitebuild/publish/postbuild.py TOOL_CSS), and the тренажёр reached from a game page
by instant navigation is styled all the same (mkdocs-material brings the new page's
<head> elements along).
"""

from __future__ import annotations

from test_kovboy_page import CALC, PAGE
from tools_helpers import ENGINE_TIMEOUT_MS, wait_engine_ready

QUIZ_CSS = "assets/css/quiz.css"
TRAINER = '[data-rb-tool="trainer"]'


def quiz_css_loaded(page) -> list[str]:
    """The page's own loads of quiz.css (not the service worker's precaching) and its sheets of it."""
    return page.evaluate("""css => [
        ...performance.getEntriesByType('resource').map((e) => e.name),
        ...Array.from(document.styleSheets, (s) => s.href || ''),
    ].filter((url) => url.split('?')[0].endsWith(css))""", QUIZ_CSS)


def test_a_game_page_does_not_load_the_quiz_stylesheet(context, page, base_url):
    page.goto(base_url + PAGE)
    wait_engine_ready(page, CALC)
    assert quiz_css_loaded(page) == []


def test_the_trainer_is_styled_after_instant_navigation_from_a_game_page(context, page, base_url):
    page.goto(base_url + PAGE)
    wait_engine_ready(page, CALC)
    page.evaluate("window.__rbSameDocument = true")
    # The link may sit in a collapsed section of the navigation: a click on it all the same.
    page.locator('nav a[href$="trainer/"]').first.evaluate("a => a.click()")
    page.wait_for_url("**/trainer/")
    page.locator(TRAINER).wait_for(timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("sel => document.querySelector(sel)?.dataset.rbMounted === '1'", arg=TRAINER,
                           timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("window.__rbSameDocument === true"), "the navigation reloaded the page"
    assert quiz_css_loaded(page), "quiz.css was not loaded"
    # quiz.css's rule for the тренажёр (scroll-margin-top: 3.6rem), applied once it is mounted.
    margin = page.locator(TRAINER).evaluate("el => getComputedStyle(el).scrollMarginTop")
    assert margin not in ("", "0px"), margin


def test_a_quiz_page_has_the_stylesheet_in_its_head(context, page, base_url):
    page.goto(base_url + "trainer/")
    page.locator(TRAINER).wait_for()
    assert page.locator(f'head link[rel="stylesheet"][href$="{QUIZ_CSS}"]').count() == 1
