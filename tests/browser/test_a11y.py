"""WCAG 2.2 AA checked by axe-core (pinned in package.json) in Chromium: every
built page at phone (390×844) and desktop (1280×900) size, in the light and
the dark scheme, and the tools' states for every game (a ruling with «почему»
open, a match with shots, after undo), a quiz answered and the тренажёр
answered.

A violation of impact serious or critical fails the test; moderate ones and
axe's "needs review" results are printed (pytest -s, or -rA) for a person
and, with RULES_A11Y_NOTES=FILE, appended to FILE (the list in
notes/a11y-moderate.md is made from it). Nothing is skipped.

One browser; one page per (viewport, scheme) is reused for all static pages."""

from __future__ import annotations

import os

import pytest

from a11y_helpers import answer_something, past_orderings, run_axe, split_results
from conftest import new_context, new_page
from rules_pkg import api
from test_tools_layout import GAMES as TOOL_GAMES
from tools_helpers import (
    ENGINE_TIMEOUT_MS,
    calc, calculate, dismiss_toasts, open_tool, sk, undo, use_form_view, wait_engine_ready,
)

pytestmark = pytest.mark.browser

VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 1},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
SCHEMES = ["light", "dark"]
COMBOS = [(v, s) for v in VIEWPORTS for s in SCHEMES]


def built_pages():
    from conftest import SITE
    out = []
    for path in sorted(SITE.rglob("*.html")):
        rel = path.relative_to(SITE).as_posix()
        if rel.startswith(("pyodide/", "assets/")):
            continue
        out.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return out


PAGES = built_pages()


def context_options(viewport: str, scheme: str) -> dict:
    return {**VIEWPORTS[viewport], "color_scheme": scheme, "service_workers": "block",
            "reduced_motion": "reduce"}


@pytest.fixture(scope="module")
def shared_pages(browser):
    """One page per (viewport, scheme), reused by the static page checks."""
    contexts, pages = [], {}
    for combo in COMBOS:
        context = new_context(browser, **context_options(*combo))
        # The static pages are checked without the engine (either runtime would boot on
        # every page of a loaded 2-core machine); the tools' states, engine and
        # all, are checked by test_tool_states.
        context.route("**/pyodide/**", lambda route: route.abort())
        context.route("**/micropython/**", lambda route: route.abort())  # the first answer's runtime too
        contexts.append(context)
        pages[combo] = new_page(context)
    yield pages
    for context in contexts:
        context.close()


def check(page, label: str, include: str | None = None, still_open: tuple[str, ...] = ()) -> None:
    """``still_open``: rules whose findings in this state are printed, not failed —
    a class issue 26 names and has not fixed yet (tests/browser/test_walk.py, STILL_OPEN)."""
    failures, notes = split_results(run_axe(page, include))
    known = [f for f in failures if f.split(" ", 1)[0] in still_open]
    for line in known:
        print(f"{label}: ещё не исправлено (задача 26): {line}")
    failures = [f for f in failures if f not in known]
    for line in notes:
        print(f"{label}: {line}")
    if notes and os.environ.get("RULES_A11Y_NOTES"):
        with open(os.environ["RULES_A11Y_NOTES"], "a", encoding="utf-8") as out:
            out.writelines(f"{label}\t{line}\n" for line in notes)
    assert failures == [], f"{label}: нарушения WCAG 2.2 AA (serious/critical):\n" + "\n".join(failures)


def settle(page) -> None:
    page.wait_for_load_state("load")
    page.evaluate("document.fonts.ready.then(() => true)")


def expect_scheme(page, scheme: str) -> None:
    expected = "slate" if scheme == "dark" else "default"
    assert page.locator("body").get_attribute("data-md-color-scheme") == expected


@pytest.mark.parametrize("combo", COMBOS, ids=[f"{v}-{s}" for v, s in COMBOS])
@pytest.mark.parametrize("path", PAGES)
def test_page(shared_pages, base_url, path, combo):
    page = shared_pages[combo]
    page.page_errors.clear()
    page.goto(base_url + path)
    settle(page)
    if not path.endswith(".print.html"):
        expect_scheme(page, combo[1])
    dismiss_toasts(page)
    check(page, f"{path or '/'} {combo[0]} {combo[1]}")
    assert page.page_errors == []


GAME_IDS = [g["id"] for g in api.handle({"op": "games"})["games"]]


def test_every_game_with_tools_is_covered():
    """The tool states below use the per-game fills of test_tools_layout.py:
    a new game with tools must get one there (and so here)."""
    tooled = [g["id"] for g in api.handle({"op": "games"})["games"] if g["tools"]]
    assert sorted(tooled) == sorted(TOOL_GAMES)


@pytest.mark.parametrize("combo", COMBOS, ids=[f"{v}-{s}" for v, s in COMBOS])
@pytest.mark.parametrize("game", list(TOOL_GAMES))
def test_tool_states(tool_page, base_url, game, combo):
    fill_calc, play = TOOL_GAMES[game]
    page = tool_page(context_options(*combo))
    use_form_view(page)
    page.goto(f"{base_url}games/{game}/")
    wait_engine_ready(page, calc(game))
    expect_scheme(page, combo[1])
    dismiss_toasts(page)
    label = f"{game} {combo[0]} {combo[1]}"
    # On a phone each tool is on its own tab: each form is checked where it is shown.
    open_tool(page, sk(game))
    check(page, f"{label}: формы", "main")
    open_tool(page, calc(game))
    check(page, f"{label}: форма калькулятора", calc(game))

    tool = page.locator(calc(game))
    fill_calc(tool)
    calculate(page, game).wait_for()
    why = tool.locator(".rb-why-toggle, details.rb-more > summary").first
    if why.count():
        why.click()
    # The calculator's form left partly under its sticky «Рассчитать» bar after «почему»
    # opens is still open (issue 26): the scorekeeper's screens go through
    # scroll-room.js scrollClear, the calculator's answer and «почему» not yet.
    check(page, f"{label}: расчёт, «почему» открыто", calc(game), still_open=("target-size",))

    open_tool(page, sk(game))
    play(page)
    check(page, f"{label}: партия с ударами", sk(game))
    undo(page, game)
    check(page, f"{label}: после отмены", sk(game))


@pytest.mark.parametrize("combo", COMBOS, ids=[f"{v}-{s}" for v, s in COMBOS])
def test_quiz_answered(tool_page, base_url, combo):
    page = tool_page(context_options(*combo))
    page.goto(f"{base_url}quizzes/kovboy/")
    page.locator("[data-rb-quiz-start]").click()
    form = page.locator("form[data-rb-question]")
    form.wait_for(timeout=ENGINE_TIMEOUT_MS)  # the engine writes the questions (a loaded machine: > 15 s)
    check(page, f"тест {combo}: вопрос", "main")
    # Check without an answer (an error tied to the field), then answer and check.
    past_orderings(page, form, ENGINE_TIMEOUT_MS)
    page.locator("[data-rb-quiz-next]").click()
    check(page, f"тест {combo}: без ответа", "main")
    answer_something(form)
    page.locator("[data-rb-quiz-next]").click()
    page.locator("form[data-rb-question] .rb-quiz-feedback").wait_for(timeout=ENGINE_TIMEOUT_MS)
    check(page, f"тест {combo}: ответ проверен", "main")


@pytest.mark.parametrize("combo", COMBOS, ids=[f"{v}-{s}" for v, s in COMBOS])
def test_trainer_answered(tool_page, base_url, combo):
    page = tool_page(context_options(*combo))
    page.goto(f"{base_url}trainer/?game=kovboy&seed=5")
    card = page.locator(".rb-trainer-card")
    card.wait_for(timeout=ENGINE_TIMEOUT_MS)
    card.locator("[data-rb-trainer-answer]").click()  # no answer yet: an error
    check(page, f"тренажёр {combo}: без ответа", "main")
    answer_something(card)
    card.locator("[data-rb-trainer-answer]").click()
    page.locator(".rb-trainer-verdict .rb-quiz-feedback").wait_for(timeout=ENGINE_TIMEOUT_MS)
    check(page, f"тренажёр {combo}: ответ", "main")


# The moderate findings the issue names, failing here (not only listed): a
# main landmark, every content in a landmark, unique landmarks, an h1 and
# headings in order — on the print pages and on one page of each kind (the quiz
# list's cards under its h1; the API page's many code blocks, each a region).
STRUCTURE_RULES = ["region", "landmark-one-main", "landmark-unique", "heading-order", "page-has-heading-one", "aria-allowed-role"]
STRUCTURE_PAGES = [p for p in PAGES if p.endswith(".print.html")] + [
    "", "games/kovboy/", "quizzes/kovboy/", "trainer/", "quizzes/", "api/"]


@pytest.mark.parametrize("path", STRUCTURE_PAGES)
def test_page_structure(shared_pages, base_url, path):
    page = shared_pages[("desktop", "light")]
    page.goto(base_url + path)
    settle(page)
    if not page.evaluate("() => typeof window.axe === 'object'"):
        from a11y_helpers import AXE
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async rules => (await axe.run(document, {runOnly: {type: 'rule', values: rules}}))
        .violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))""", STRUCTURE_RULES)
    assert found == [], f"{path or '/'}: " + "\n".join(found)
