"""A screen reader's view of the tools (WCAG 4.1.2, 2.5.3, 3.3.1), read from
Chromium's accessibility tree over CDP (a11y_helpers.ax_nodes), not from the
markup: for every game's calculator and scorekeeper (the forms, a ruling with
«почему» open, a match with shots, after undo), the drawing, the quiz and the
тренажёр, every visible control has a control role, a non-empty accessible
name that contains its visible text, and the states the page shows (checked,
pressed, expanded, selected, disabled, invalid) as the tree exposes them; a
chosen state drawn only by a class fails. Errors are announced (an alert or a
live region holds the message) and tied to their field (aria-invalid and the
message as its accessible description). Groups of answers are named, the
drawing says that «Формой» is the way for a screen-reader user, glossary
terms are toggles with aria-expanded.

Desktop size only (the tree does not depend on the width)."""

from __future__ import annotations

import pytest

from a11y_helpers import AXE, answer_something, ax_node, ax_props, ax_value, group_problems, past_orderings, tree_problems
from test_tools_layout import GAMES as TOOL_GAMES
from tools_helpers import (
    ENGINE_TIMEOUT_MS,
    DESKTOP, calc, calculate, dismiss_toasts, open_tool, sk, undo, use_form_view, wait_engine_ready,
)

pytestmark = pytest.mark.browser


def no_problems(page, scope: str, label: str) -> None:
    problems = tree_problems(page, scope) + group_problems(page, scope)
    assert problems == [], f"{label}: дерево доступности:\n" + "\n".join(problems)


def open_game(tool_page, base_url, game: str, *, form_view: bool = True):
    page = tool_page(DESKTOP)
    if form_view:
        use_form_view(page)
    page.goto(f"{base_url}games/{game}/")
    wait_engine_ready(page, calc(game))
    dismiss_toasts(page)
    open_tool(page, calc(game))
    open_tool(page, sk(game))
    return page


def announced(page, text: str) -> bool:
    """A live region (role alert/status or aria-live) that is shown holds the text."""
    return page.evaluate(
        """text => [...document.querySelectorAll('[role=alert], [role=status], [aria-live]')]
            .some(r => !r.closest('[hidden]') && r.getAttribute('aria-live') !== 'off'
                       && (r.textContent || '').replace(/\\s+/g, ' ').includes(text))""", text)


@pytest.mark.parametrize("game", list(TOOL_GAMES))
def test_tools_in_the_accessibility_tree(tool_page, base_url, game):
    fill_calc, play = TOOL_GAMES[game]
    page = open_game(tool_page, base_url, game)
    no_problems(page, calc(game), f"{game}: калькулятор")
    no_problems(page, sk(game), f"{game}: счёт, начало")

    tool = page.locator(calc(game))
    fill_calc(tool)
    ruling = calculate(page, game)
    ruling.wait_for()
    summary = " ".join(ruling.text_content().split())[:40]
    assert announced(page, summary), f"{game}: решение «{summary}» не в живой области"
    tool.locator(".rb-why-toggle").first.click()
    no_problems(page, calc(game), f"{game}: решение, «почему» открыто")

    play(page)
    no_problems(page, sk(game), f"{game}: партия с ударами")
    undo(page, game)
    no_problems(page, sk(game), f"{game}: после отмены")


def first_bounded_number(page, game: str):
    """The calculator's first shown number field with an upper bound."""
    return page.locator(f"{calc(game)} input[type=number][max]:visible").first


@pytest.mark.parametrize("game", list(TOOL_GAMES))
def test_calculator_error_is_announced_and_tied_to_its_field(tool_page, base_url, game):
    page = open_game(tool_page, base_url, game)
    TOOL_GAMES[game][0](page.locator(calc(game)))  # a whole shot: the engine judges the numbers
    number = first_bounded_number(page, game)
    number.fill(str(int(number.get_attribute("max")) + 1))
    calculate(page, game)
    message = page.locator(f"{calc(game)} [data-rb-field-message]").first
    message.wait_for()
    text = message.inner_text().strip()
    assert text and announced(page, text[:40]), f"{game}: сообщение «{text}» не объявлено"
    node = ax_node(page, number)
    assert ax_props(node).get("invalid") == "true", f"{game}: поле с ошибкой без aria-invalid"
    assert text[:40] in ax_value(node, "description"), \
        f"{game}: сообщение не связано с полем: описание «{ax_value(node, 'description')}»"


SHOT_GAMES = [g for g in TOOL_GAMES if g in ("kovboy", "pyat-sharov", "kaiza", "po-chasovoy")]


@pytest.mark.parametrize("game", list(TOOL_GAMES))
def test_drawing_in_the_accessibility_tree(tool_page, base_url, game):
    page = open_game(tool_page, base_url, game, form_view=False)
    shot = page.locator(f"{calc(game)} [data-rb-shot]")
    if not shot.count() or not shot.is_visible():
        pytest.skip(f"{game}: у калькулятора нет рисунка стола")
    # «Формой» is the path for a screen reader, said before the drawing.
    for mode in shot.locator("[data-rb-shot-mode]").all():
        description = ax_value(ax_node(page, mode), "description")
        assert "Формой" in description, f"{game}: кнопка «{mode.inner_text()}» без подсказки: «{description}»"
    ball = shot.locator("[data-rb-tap=ball], [data-rb-tap=cue]").first
    if ball.count():
        ball.click()
        node = ax_node(page, ball)
        name = ax_value(node, "name")
        state = ax_props(node)
        assert "выбран" in name or state.get("pressed") == "true" or state.get("current"), \
            f"{game}: выбранный шар не виден в дереве: «{name}» {state}"
    else:  # only the pockets are tapped: what is in a pocket is in its name
        pocket = shot.locator("[data-rb-tap=pocket]").first
        before = ax_value(ax_node(page, pocket), "name")
        pocket.click()
        after = ax_value(ax_node(page, shot.locator("[data-rb-tap=pocket]").first), "name")
        assert after != before, f"{game}: нажатая луза выглядит в дереве так же: «{after}»"
    no_problems(page, f"{calc(game)} [data-rb-shot]", f"{game}: рисунок после нажатия")


def test_quiz_in_the_accessibility_tree(tool_page, base_url):
    page = tool_page(DESKTOP)
    page.goto(f"{base_url}quizzes/kovboy/")
    no_problems(page, "article", "тест: начало")
    page.locator("[data-rb-quiz-start]").click()
    form = page.locator("form[data-rb-question]")
    form.wait_for()
    no_problems(page, "article", "тест: вопрос")
    past_orderings(page, form)
    page.locator("[data-rb-quiz-next]").click()  # no answer: an error
    error = page.locator("article [role=alert]:visible").first
    error.wait_for()
    assert error.inner_text().strip(), "тест: пустое сообщение об ошибке"
    no_problems(page, "article", "тест: без ответа")
    answer_something(form)
    page.locator("[data-rb-quiz-next]").click()
    page.locator("form[data-rb-question] .rb-quiz-feedback").wait_for()
    no_problems(page, "article", "тест: ответ проверен")


def test_quiz_number_error_is_tied_to_its_field(tool_page, base_url):
    page = tool_page(DESKTOP)
    page.goto(f"{base_url}quizzes/kovboy/?mode=practice")
    page.locator("[data-rb-quiz-start]").click()
    for _ in range(40):  # to the first numeric question of the variant
        number = page.locator("form[data-rb-question] input.rb-quiz-number")
        if number.count():
            break
        page.locator("form[data-rb-question] [data-rb-choice]").first.click()
        page.locator("[data-rb-quiz-next]").click()
        page.locator("[data-rb-quiz-next]").click()
    else:
        pytest.skip("в варианте нет вопроса с числом")
    number.fill("двенадцать")
    node = ax_node(page, number)
    assert ax_props(node).get("invalid") == "true"
    assert "целое число" in ax_value(node, "description")
    assert announced(page, "Нужно целое число")


def test_trainer_in_the_accessibility_tree(tool_page, base_url):
    page = tool_page(DESKTOP)
    page.goto(f"{base_url}trainer/?game=kovboy&seed=5")
    card = page.locator(".rb-trainer-card")
    card.wait_for(timeout=ENGINE_TIMEOUT_MS)
    no_problems(page, "article", "тренажёр: вопрос")
    card.locator("[data-rb-trainer-answer]").click()  # no answer yet: an error
    error = card.locator("[role=alert]:visible").first
    error.wait_for()
    assert error.inner_text().strip()
    no_problems(page, "article", "тренажёр: без ответа")
    answer_something(card)
    card.locator("[data-rb-trainer-answer]").click()
    page.locator(".rb-trainer-verdict .rb-quiz-feedback").wait_for(timeout=ENGINE_TIMEOUT_MS)
    no_problems(page, "article", "тренажёр: ответ")


def test_glossary_terms_are_toggles_with_their_state(page, base_url):
    page.goto(f"{base_url}games/kovboy/")
    term = page.locator(".rb-rules .rb-term[tabindex='0']").first
    node = ax_node(page, term)
    assert ax_value(node, "role") in ("button", "link")
    assert ax_value(node, "name") == term.inner_text().strip()
    assert ax_props(node).get("expanded") is False or ax_props(node).get("expanded") == "false"
    term.focus()
    page.locator("#rb-term-tip").wait_for(state="visible")
    assert str(ax_props(ax_node(page, term)).get("expanded")).lower() == "true"
    page.keyboard.press("Escape")
    page.locator("#rb-term-tip").wait_for(state="hidden")
    assert str(ax_props(ax_node(page, term)).get("expanded")).lower() == "false"
    no_problems(page, ".rb-rules", "текст правил")


def test_navigation_sections_are_toggles_with_their_state(page, base_url):
    """mkdocs-material's section labels («Тесты и тренажёр», …) fold their
    section: the label's text is a tab stop, a button named by its text whose
    expanded state follows the fold, folded by Enter and by Space. The role is
    on the text's span, not on the <label> (a label may carry no role: axe
    aria-allowed-role, 393 nodes in issue 26), and the label is no second tab stop."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base_url}games/kovboy/")
    label = page.locator('label.md-nav__link[for="__nav_5"]')
    toggle = label.locator("[role=button]")
    box = page.locator("#__nav_5")
    node = ax_node(page, toggle)
    assert ax_value(node, "role") == "button", node
    assert ax_value(node, "name") == label.inner_text().strip()
    assert label.get_attribute("role") is None and label.get_attribute("tabindex") is None
    for key in ("Enter", " "):
        before = box.is_checked()
        assert str(ax_props(ax_node(page, toggle)).get("expanded")).lower() == str(before).lower()
        toggle.focus()
        page.keyboard.press(key)
        page.wait_for_function("([b]) => document.getElementById('__nav_5').checked !== b", arg=[before])
        page.wait_for_function(
            "([b]) => document.querySelector('label[for=__nav_5] [role=button]').getAttribute('aria-expanded') === String(!b)",
            arg=[before])
        assert str(ax_props(ax_node(page, toggle)).get("expanded")).lower() == str(not before).lower()
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, {runOnly: {type: 'rule', values: ['aria-allowed-role']}}))
        .violations.flatMap(v => v.nodes.map(n => n.target.join(' ')))""")
    assert found == [], f"aria-allowed-role: {found}"


SCROLLER = ".md-typeset__scrollwrap"


def test_a_table_that_scrolls_sideways_is_a_named_tab_stop_and_only_while_it_scrolls(page, base_url):
    """The speed page's wide tables: on a phone they scroll sideways and can be
    reached and scrolled by keyboard (a named region, tabindex 0); on a wide
    window they fit and are no tab stop. Marked after the layout, not during
    the page swap, and again after every resize."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base_url}speed/")
    page.wait_for_function(f"document.querySelector('{SCROLLER}[tabindex=\"0\"]')")
    wide = page.evaluate(f"""() => [...document.querySelectorAll('{SCROLLER}')].map((w) =>
        [w.scrollWidth > w.clientWidth + 1, w.getAttribute('tabindex'), w.getAttribute('role'),
         w.getAttribute('aria-label')])""")
    assert any(scrolls for scrolls, *_ in wide)
    for scrolls, tabindex, role, label in wide:
        assert (tabindex, role, label) == (("0", "region", "Таблица, прокручивается вбок") if scrolls
                                           else (None, None, None))
    page.set_viewport_size({"width": 1600, "height": 900})
    page.wait_for_function(f"""() => [...document.querySelectorAll('{SCROLLER}')].every((w) =>
        (w.scrollWidth > w.clientWidth + 1) === (w.getAttribute('tabindex') === '0'))""")
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function(f"document.querySelector('{SCROLLER}[tabindex=\"0\"]')")
