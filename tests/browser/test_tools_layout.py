"""Every game's tools on a 360×740 phone and a 1280×800 desktop: a calculation
and a short match each, no horizontal overflow at any step, tap targets of
at least 44 px on the phone, every request to localhost. Screenshots of each
step go to screenshots/tools/ (gitignored) for a human to look at."""

from __future__ import annotations

import pytest

from tools_helpers import (
    MATCH_DRAWN,
    use_form_view,
    DESKTOP, PHONE, calc, calculate, decide, dismiss_toasts, is_external, no_horizontal_overflow, open_tool,
    pick_choice, pick_player, pick_sequence, pick_set, record, screenshot, set_bool, set_int, set_text, sk,
    start_match, wait_engine_ready,
)

pytestmark = pytest.mark.browser


def kovboy_calc(tool):
    set_int(tool, "score", 88)
    pick_sequence(tool, "contacts", 5, 3)
    pick_set(tool, "pocketed", 5)


def kovboy_match(page):
    start_match(page, "kovboy", ["Анна", "Борис", "Вера"])
    record(page, "kovboy", lambda f: (pick_sequence(f, "contacts", 3), pick_set(f, "pocketed", 3)))
    record(page, "kovboy", miss=True)


def pyat_calc(tool):
    set_int(tool, "score", 40)
    pick_choice(tool, "ball", "yellow")
    pick_choice(tool, "pocket", "right-middle")
    set_int(tool, "carom_reds", 2)


def pyat_match(page):
    start_match(page, "pyat-sharov", ["Анна", "Борис"])
    record(page, "pyat-sharov", lambda f: (pick_choice(f, "ball", "red"), pick_choice(f, "pocket", "far-left"),
                                           set_bool(f, "carom_white", True)))


def kaiza_calc(tool):
    action = tool.locator("[data-rb-action]")
    pick_choice(action, "ball", "yellow")
    pick_choice(action, "pocket", "right-middle")


def kaiza_match(page):
    start_match(page, "kaiza", ["Анна", "Борис"])
    # The first shot of the match, a red in a pocket: whether it came from the 1st spot is asked.
    record(page, "kaiza", lambda f: (pick_choice(f, "ball", "red"), pick_choice(f, "pocket", "far-left"),
                                     pick_choice(f, "red_from_spot_1", False)))


def probka_calc(tool):
    set_text(tool, "scores", "1, -5, 1, -11, 1, -23")
    set_int(tool, "bank", 48)
    set_int(tool, "shooter", 6)
    set_bool(tool, "probka", True)


def probka_match(page):
    start_match(page, "probka", ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор"])
    record(page, "probka", lambda f: (pick_player(f, "shooter", "Борис"), pick_set(f, "fouls", "v", "g")))
    record(page, "probka", lambda f: (pick_player(f, "shooter", "Егор"), set_bool(f, "probka", True)))


def po_chasovoy_calc(tool):
    set_int(tool, "ball", 3)
    pick_choice(tool.locator('[data-rb-fold="situation"]'), "pocket", "far-left")  # the shot comes first now
    set_bool(tool, "unnoticed", True)
    pick_choice(tool, "last_pocket", "near-left")
    pick_choice(tool.locator("[data-rb-action]"), "pocket", "right-middle")


def po_chasovoy_match(page):
    start_match(page, "po-chasovoy", ["Анна", "Борис"])
    decide(page, "po-chasovoy", "дальняя левая")
    record(page, "po-chasovoy", lambda f: pick_choice(f, "pocket", "far-left"))


def kladka_calc(tool):
    set_int(tool, "balls_left", 5)
    set_int(tool, "strokes", 10)
    set_int(tool, "opponent_total", 14)
    set_int(tool.locator("[data-rb-action]"), "potted", 5)


def kladka_match(page):
    def handicap(setup):
        pick_choice(setup, "handicap", "mixed")
        pick_choice(setup, "strong", 0)  # the text does not say who gives the handicap: asked
        set_int(setup, "handicap_strokes", 2)
    start_match(page, "kladka-kiem", ["Анна", "Борис"], handicap)
    record(page, "kladka-kiem", lambda f: (pick_choice(f, "opening", "break"), set_int(f, "potted", 4)))
    record(page, "kladka-kiem", lambda f: (set_int(f, "potted", 2), set_bool(f, "double_hit", True)))


GAMES = {
    "kovboy": (kovboy_calc, kovboy_match),
    "pyat-sharov": (pyat_calc, pyat_match),
    "kaiza": (kaiza_calc, kaiza_match),
    "probka": (probka_calc, probka_match),
    "po-chasovoy": (po_chasovoy_calc, po_chasovoy_match),
    "kladka-kiem": (kladka_calc, kladka_match),
}

SMALL_TARGETS = """tool => [...document.querySelectorAll(
    tool + ' .rb-chip, ' + tool + ' .rb-button, ' + tool + ' .rb-step, ' + tool + ' select, '
    + tool + ' summary, ' + tool + ' .rb-icon-button, ' + tool + ' .rb-check')]
    .filter(el => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
    .map(el => el.outerHTML.slice(0, 100))"""


def look(page, name, selector):
    """Scroll the part into view and keep a screenshot of what the user sees."""
    target = page.locator(selector).locator("visible=true").first
    target.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -64)")  # below the sticky header
    screenshot(page, name)


# The desktop's tools column and its record bar, at scroll offsets from the page's top
# (where the column stands lower than when it sticks under the header) to further down.
COLUMN_BOTTOMS = """async (sel) => { const out = [];
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  for (const y of [0, 8, 20, 200]) {
    window.scrollTo(0, y);
    await frames();
    const column = document.querySelector('.rb-split-tools').getBoundingClientRect();
    const play = document.querySelector(sel + ' [data-rb-play]');
    const shown = play && play.getClientRects().length > 0 && !play.closest('[hidden]');
    out.push({ y: scrollY, column: column.bottom, play: shown ? play.getBoundingClientRect().bottom : null, screen: innerHeight });
  }
  return out; }"""


def assert_column_on_screen(page, game) -> None:
    """At any scroll, the tools column ends on screen and «Записать удар» is wholly on it
    (the walk: 11 px off a 1280×800 screen at the page's top)."""
    for at in page.evaluate(COLUMN_BOTTOMS, sk(game)):
        assert at["column"] <= at["screen"] and (at["play"] or 0) <= at["screen"], at


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["360", "1280"])
@pytest.mark.parametrize("game", list(GAMES))
def test_tools_fit_the_screen(tool_page, base_url, game, device):
    fill_calc, play = GAMES[game]
    size = device["viewport"]["width"]
    page = tool_page(device)
    use_form_view(page)  # the form view, field by field (the drawing: test_tools_table.py)
    page.goto(f"{base_url}games/{game}/")
    wait_engine_ready(page, calc(game))
    dismiss_toasts(page)
    open_tool(page, calc(game))
    no_horizontal_overflow(page)
    look(page, f"{game}-{size}-calculator-form", calc(game))

    tool = page.locator(calc(game))
    fill_calc(tool)
    ruling = calculate(page, game)
    ruling.wait_for()
    ruling.locator(".rb-why-toggle").click()  # the answer is one line, «почему» folded
    ruling.locator("details.rb-more--clauses > summary").click()
    tool.locator("details.rb-cite").first.locator("summary").click()
    no_horizontal_overflow(page)
    look(page, f"{game}-{size}-calculator-result", f"{calc(game)} [data-rb-result]")

    open_tool(page, sk(game))  # on a phone its own tab, after the calculator's
    look(page, f"{game}-{size}-scorekeeper-setup", sk(game))
    play(page)
    no_horizontal_overflow(page)
    look(page, f"{game}-{size}-scorekeeper-match", f"{sk(game)} [data-rb-match]")
    look(page, f"{game}-{size}-scorekeeper-form", f"{sk(game)} [data-rb-action-form], {sk(game)} [data-rb-decision]")
    look(page, f"{game}-{size}-scorekeeper-history", f"{sk(game)} .rb-sk-history")
    if device is DESKTOP:
        assert_column_on_screen(page, game)
    page.locator(f"{sk(game)} [data-rb-list]").click()
    no_horizontal_overflow(page)
    look(page, f"{game}-{size}-scorekeeper-list", f"{sk(game)} [data-rb-saved]")

    if device is PHONE:
        page.locator(f"{sk(game)} [data-rb-saved-list] [data-rb-open]").first.click()
        page.wait_for_function(MATCH_DRAWN, arg=sk(game))
        for tool_sel in (calc(game), sk(game)):
            assert page.evaluate(SMALL_TARGETS, tool_sel) == [], f"{tool_sel}: мелкие цели касания"
    assert [u for u in page.context.recorded_urls if is_external(u)] == []
    assert page.page_errors == []
