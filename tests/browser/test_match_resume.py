"""A reload in the middle of a match, on a phone, for every game with a
scorekeeper: the page comes back as the player left it.

- on «Счёт» (the tab kept), the open scorekeeper at the same place on the
  screen, not where the browser's restored pixel offset puts it while the
  saved match is still loading (the page grows above it as the engine answers);
- from the device's cache (the service worker on), the engine's status never
  reports a download of «0,0 из 0,0 МБ», never says «Удар можно вводить уже
  сейчас» while no shot can be entered yet, and once it is ready the match's
  shot input is on screen and takes the next shot.
"""

from __future__ import annotations

import re

import pytest

import test_offline as offline_test
from test_no_load_shift import SHIFTS
from tools_helpers import (
    DESKTOP, PHONE, SCOREKEEPER_GAMES, calc, dismiss_toasts, open_game, start_match, history_count, match_players, play_step, reload_match,
    screenshot, sk, start_on_table, use_form_view, wait_engine_ready, wait_history,
)

pytestmark = pytest.mark.browser
#: The phone with the offline service worker on: the reload comes from the device's cache.
PHONE_WITH_WORKER = {key: v for key, v in PHONE.items() if key != "service_workers"}
#: A reload puts the tool back within this much of where it was (a sub-pixel scroll rounding).
PLACE_PX = 2

# What the page records once engine-status.js runs, on every change: [the status text, the note shown, the shot form shown].
RECORD_STATUS = """(sel) => {
  const log = (window.__engineStatus = []);
  const shown = (el) => !!el && el.getClientRects().length > 0 && !el.closest('[hidden]');
  const note = () => {
    const tool = document.querySelector(sel);
    if (!tool || !tool.dataset.rbEngine) return;  // before engine-status.js has bound it
    const row = [(tool.querySelector('[data-rb-engine-text]') || {}).textContent || '',
                 shown(tool.querySelector('.rb-engine-note')), shown(tool.querySelector('[data-rb-action-form]'))];
    const last = log[log.length - 1];
    if (!last || last.join('|') !== row.join('|')) log.push(row);
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}"""


def start_phone_match(page, base_url, game) -> None:
    use_form_view(page)
    start_on_table(page, base_url, game, match_players(game))
    play_step(page, game, 0)
    play_step(page, game, 1)


# Resolves with the tool's top once it has stayed put for this many frames in a
# row (the page grows for a few frames after the engine's view is shown, and the
# tool is put back after each growth).
SETTLED_TOP = """([sel, frames]) => new Promise((resolve) => {
  let last = null, same = 0;
  const tick = () => {
    const top = document.querySelector(sel).getBoundingClientRect().top;
    same = top === last ? same + 1 : 0;
    last = top;
    if (same >= frames) resolve(top); else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})"""


def tool_top(page, game) -> float:
    return page.evaluate(SETTLED_TOP, [sk(game), 10])


def board_top(page, game) -> float:
    return page.evaluate(SETTLED_TOP, [f"{sk(game)} [data-rb-scores]", 10])


@pytest.mark.parametrize("game", SCOREKEEPER_GAMES)
def test_a_reload_on_the_score_tab_puts_the_tool_back_in_its_place(tool_page, base_url, game):
    page = tool_page(PHONE)
    start_phone_match(page, base_url, game)
    # The player's thumb is at the shot input: the page scrolled so that it is on screen.
    page.locator(f"{sk(game)} [data-rb-play]").scroll_into_view_if_needed()
    page.mouse.wheel(0, 120)
    before = tool_top(page, game)
    assert page.evaluate("window.scrollY") > 0 and before < 0, "the tool's top is scrolled off the screen"

    board_before = board_top(page, game)
    page.add_init_script(SHIFTS)

    reload_match(page, game)
    wait_engine_ready(page, sk(game))
    wait_history(page, game, 2)
    assert page.locator(".rb-tabs [data-rb-tab=tools]").get_attribute("aria-pressed") == "true"
    assert page.locator(sk(game)).evaluate("el => el.open")
    after = tool_top(page, game)
    screenshot(page, f"reload-on-score-tab-{game}")
    assert abs(after - before) <= PLACE_PX, f"the tool moved by {after - before:.0f} px over the reload"
    assert page.locator(f"{sk(game)} [data-rb-play]").is_visible()
    # The saved match is drawn with the status and options lines the engine wrote,
    # so the engine's view moves nothing under them (the walk: the board 16 px down
    # at 360 px, «Условия партии» shown late).
    assert abs(board_top(page, game) - board_before) <= PLACE_PX, "the board moved over the reload"
    shifts = [e for e in page.evaluate("window.__loadShifts") if not e["recent"] and e["value"] >= 0.0005]
    assert not shifts, f"the page moved by itself after the reload: {shifts}"


def test_a_reload_keeps_the_match_in_place_under_an_open_calculator(tool_page, base_url):
    """The calculator open above the scorekeeper in the page (on a phone on its own
    tab, «Калькулятор»), the match on screen on «Счёт»: the reload keeps the tool the
    player was looking at in its place, not the first open one (the walk: «Кладка
    кием» at 360 px, the board 27 px under the header)."""
    game = "kovboy"
    page = tool_page(PHONE)
    start_phone_match(page, base_url, game)
    page.locator(".rb-tabs [data-rb-tab=calculator]").tap()
    if not page.locator(calc(game)).evaluate("el => el.open"):
        page.locator(f"{calc(game)} > summary").tap()
    # An answer (here the refusal of an empty shot) makes the calculator taller until the reload.
    page.locator(f"{calc(game)} [data-rb-submit]").tap()
    page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=calc(game))
    page.locator(".rb-tabs [data-rb-tab=tools]").tap()
    assert page.locator(calc(game)).is_hidden()
    page.locator(f"{sk(game)} [data-rb-scores]").evaluate("el => el.scrollIntoView({ block: 'center' })")
    before = board_top(page, game)

    reload_match(page, game)
    wait_engine_ready(page, sk(game))
    assert page.locator(calc(game)).evaluate("el => el.open")
    after = board_top(page, game)
    assert abs(after - before) <= PLACE_PX, f"the board moved by {after - before:.0f} px over the reload"


def test_a_desktop_reload_under_an_open_calculator_moves_nothing(tool_page, base_url):
    """On a desktop both tools stand in one column: the calculator left open above the
    match is open from the first paint after a reload, so nothing pushes the match down
    once the page's scripts run (the walk: a layout shift of 0.034–0.043 after a reload
    at 1280×800 in every game; the calculator was opened by tools.js after the first
    paint)."""
    game = "kovboy"
    page = tool_page(DESKTOP)
    open_game(page, base_url, game, sk(game))
    start_match(page, game, match_players(game))
    play_step(page, game, 0)
    if not page.locator(calc(game)).evaluate("el => el.open"):
        page.locator(f"{calc(game)} > summary").click()
    page.locator(f"{sk(game)} [data-rb-scores]").evaluate("el => el.scrollIntoView({ block: 'center' })")
    page.add_init_script(SHIFTS)

    reload_match(page, game)
    wait_engine_ready(page, sk(game))
    wait_history(page, game, 1)
    assert page.locator(calc(game)).evaluate("el => el.open")
    board_top(page, game)  # settled
    shifts = [e for e in page.evaluate("window.__loadShifts") if not e["recent"] and e["value"] >= 0.0005]
    assert not shifts, f"the page moved by itself after the reload: {shifts}"


@pytest.mark.full_engine  # the offline copy, saved once Pyodide is up (conftest.py SAVE_DATA)
@pytest.mark.parametrize("game", SCOREKEEPER_GAMES)
def test_after_a_reload_from_the_cache_the_match_input_is_ready(tool_page, base_url, game):
    page = tool_page(PHONE_WITH_WORKER)
    start_phone_match(page, base_url, game)
    offline_test.wait_saved(page)
    page.add_init_script(f"({RECORD_STATUS})({sk(game)!r})")

    reload_match(page, game)
    wait_engine_ready(page, sk(game))
    dismiss_toasts(page)
    log = page.evaluate("window.__engineStatus")
    assert log, "the status box said nothing"
    assert not [row for row in log if re.search(r"0,0 (из 0,0 )?МБ", row[0])], log
    assert not [row for row in log if row[1] and not row[2]], f"«вводить уже сейчас» with no shot input: {log}"
    form = page.locator(f"{sk(game)} [data-rb-action-form]")
    assert form.is_visible() and page.locator(f"{sk(game)} [data-rb-play]").is_enabled()
    before = history_count(page, game)
    play_step(page, game, 2)
    assert history_count(page, game) == before + 1


@pytest.mark.parametrize("game", SCOREKEEPER_GAMES)
def test_a_new_match_reloaded_on_a_short_screen_moves_nothing(tool_page, base_url, game):
    """A match with nothing recorded yet, reloaded at 360×740: its last ruling's place says «Записей ещё
    нет.» in one line there (scorekeeper.css) while the engine loads too — held empty, it took four rows
    until the engine came, and the input went 80 px down and back up (the walk, «Пять шаров» seed 1660)."""
    page = tool_page(PHONE)
    start_on_table(page, base_url, game, match_players(game))
    form_before = page.evaluate(SETTLED_TOP, [f"{sk(game)} [data-rb-action-form]", 10])
    page.add_init_script(SHIFTS)
    page.reload()
    dismiss_toasts(page)
    page.wait_for_function("sel => !document.querySelector(sel + ' [data-rb-match]').hidden", arg=sk(game),
                           timeout=15_000)
    pending = page.evaluate(f"() => document.querySelector('{sk(game)} [data-rb-action-form]').getBoundingClientRect().top")
    wait_engine_ready(page, sk(game))
    after = page.evaluate(SETTLED_TOP, [f"{sk(game)} [data-rb-action-form]", 10])
    assert abs(after - pending) <= PLACE_PX and abs(after - form_before) <= PLACE_PX, (form_before, pending, after)
    shifts = [e for e in page.evaluate("window.__loadShifts") if not e["recent"] and e["value"] >= 0.0005]
    assert not shifts, f"the page moved by itself after the reload: {shifts}"


SAID = "sel => (document.querySelector(sel + ' [data-rb-action-form] [data-rb-shot-words]') || {}).textContent || ''"


def test_a_shot_drawn_but_not_recorded_survives_a_reload(tool_page, base_url):
    """A newcomer drew a shot, reloaded before «Записать» and found the drawing empty: the drawing
    and the chips come back, and «Записать» records that shot. Once recorded, a reload brings no
    drawing back (the kept input was of the point before the record)."""
    game = "kovboy"
    page = tool_page(PHONE)
    start_on_table(page, base_url, game, match_players(game))
    tool = page.locator(sk(game))
    tool.locator("[data-rb-action-form] [data-rb-tap=ball][data-rb-id='3']").tap()
    tool.locator("[data-rb-field=cushion] label").tap()  # «дошёл до борта» unchecked
    page.wait_for_timeout(100)
    said = page.evaluate(SAID, sk(game))
    assert "3" in said, said
    reload_match(page, game)
    assert page.evaluate(SAID, sk(game)) == said
    assert not tool.locator("[data-rb-field=cushion] input").is_checked()
    tool.locator("[data-rb-play]").tap()
    wait_history(page, game, 1)
    assert "борт" in tool.locator("[data-rb-last]").inner_text()
    reload_match(page, game)
    assert "3" not in page.evaluate(SAID, sk(game))
    assert tool.locator("[data-rb-field=cushion] input").is_checked()


def test_a_kept_input_that_is_no_draft_is_left(tool_page, base_url):
    """What the tab keeps for the input, cut or edited, is left: the match opens with an empty input."""
    game = "kovboy"
    page = tool_page(PHONE)
    start_on_table(page, base_url, game, match_players(game))
    page.evaluate("""() => {
      const key = Object.keys(localStorage).find(k => k.startsWith('rules-site:match/v2:kovboy:'));
      sessionStorage.setItem('rules-site:draft:kovboy:' + key.split(':').pop(), '{"at":"0:0","controls":[["x",1]]');
    }""")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    reload_match(page, game)
    assert errors == []
    assert page.locator(f"{sk(game)} [data-rb-action-form]").is_visible()
    assert page.evaluate(SAID, sk(game)).strip() != ""  # the how-to line of an empty drawing
