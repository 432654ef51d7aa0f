"""The random walk through the real screen in CI (issue 26, § 4): a few
random legal matches of every game with a tool at each of the three
viewports (the two themes alternate between games), every tap followed by
the screen checks of tests/walk/screen_checks.py. One browser, one page per
game and viewport, reused across its seeds; the time is printed (budget: ~4
minutes). scripts/walk_ui.py runs the same walk long.

A failure names the seed: ``scripts/walk_ui.py --replay GAME:VIEWPORT:THEME:SEED``
replays it step by step, with a screenshot under screenshots/walk/."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))  # drawing_gestures, a11y_helpers (tests/walk imports them)

from tests.walk.report import REPORTED_ONLY, print_result, replay_hint  # noqa: E402
from tests.walk.walker import VIEWPORTS, WALK_GAMES, MatchWalk, context_options  # noqa: E402

from conftest import new_context, new_page  # noqa: E402

SEEDS = (0,)  # per game and viewport (scripts/walk_ui.py runs many)
STEPS = 4  # steps per match at most
CALCULATOR_AT = "390x844"  # the calculator's random request is walked at one viewport
BUDGET_S = 240
# Still found on main (issue 26 stays open until each is fixed and moved out of
# this set): printed by every run, not failed. Everything else the walker checks
# (clipped text, overlapping controls, text out of its box, a sentence twice, the
# drawn balls, the entry, the engine's answer, a covered bar button, serious axe
# findings, focus on <body>) fails the test. "covered-control" (no suffix): a chip
# the drawing shows after a tap, under the record bar (probka 360×740, po-chasovoy
# 390×844 «noticed»); "covered" and "covered-control (форма)": the long walk of
# 2026-12-03 still finds them after a reload and in the form view (notes/walk-findings.md).
# "cut-by-bar" is checked (fails): its last case, a chip tapped near the desktop tools column's bottom scrolling
# the board's names under the column's top (po-chasovoy 1280×800 seed 0), went when the column's scroll padding
# became the shown bar's height (layout.js trackToolsBar) instead of a guess 24 px taller.
STILL_OPEN = {"layout-shift", "scroll-needed", "off-screen", "covered", "covered-control", "covered-control (форма)",
              "covered-control (калькулятор)"}
_spent = {"s": 0.0}


def theme_of(game: str, viewport: str) -> str:
    """Light and dark alternate, so every game is walked in both across the viewports."""
    return ("light", "dark")[(WALK_GAMES.index(game) + list(VIEWPORTS).index(viewport)) % 2]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("game", WALK_GAMES)
def test_random_walk_finds_nothing_on_screen(browser, base_url, game, viewport):
    theme = theme_of(game, viewport)
    options = context_options(viewport, theme)
    options.pop("locale")
    context = new_context(browser, **options)
    started = time.monotonic()
    try:
        page = new_page(context)
        walk = MatchWalk(page, base_url, game, viewport, theme)
        results = [walk.run(seed, max_steps=STEPS, calculator=viewport == CALCULATOR_AT) for seed in SEEDS]
    finally:
        context.close()
    spent = time.monotonic() - started
    _spent["s"] += spent
    print(f"\nслучайный обход {game} {viewport} {theme}: {len(results)} партий, {spent:.1f} с "
          f"(всего в этом запуске {_spent['s']:.0f} с из {BUDGET_S} с)")
    for res in results:
        print_result(res, verbose=bool(res.violations))
    errors = page.page_errors
    bad = [(r, v) for r in results for v in r.violations if v.kind not in REPORTED_ONLY | STILL_OPEN]
    still = sorted({v.kind for r in results for v in r.violations if v.kind in STILL_OPEN})
    if still:
        print(f"ещё не исправлено (задача 26): {', '.join(still)}")
    assert not errors, f"необработанные ошибки на странице: {errors}"
    if bad:
        pytest.fail("нарушения на экране:\n" + "\n".join(
            f"  [{v.kind}] seed {r.seed}, шаг {v.step} ({v.action}): {v.what} — {v.detail}  ({replay_hint(r)})" for r, v in bad))


# Long walks that found a defect, replayed up to it (records at most; the calculator's draw
# kept, so the walk takes the same steps): the defect stays gone.
FOUND = [
    # the shooter's chip brought the drawing up and left the status line, then the board's names,
    # across the tab bar's edge (shot-input.js bringUp)
    ("probka", "390x844", "light", 0, 9, ("cut-by-bar",)),
    # a record left «Двойной удар» 3 px over the record bar's edge (axe target-size): clearing it moved the status
    # line's second line into view, and the status line, taken as one block, was hidden again (scorekeeper-match.js
    # revealReading); later the check box's tap left the board's names across the tab bar's edge (form.js)
    ("kladka-kiem", "360x740", "light", 0, 10, ("axe-target-size", "cut-by-bar", "covered-control")),
    # «Промах» tapped half under the record bar: keeping the focused button clear of the bar moved the page 10 px
    # and left the status line across the tab bar's edge (form.js keepFocusClear, now through scrollFormClear)
    ("probka", "360x740", "light", 0, 14, ("cut-by-bar",)),
    # «На столе» chosen after a reload left the drawing's lower pockets under the record bar in the tools column,
    # and a ball dragged to the far pocket landed on «Записать удар» (shot-input.js chooseMode)
    ("kovboy", "1280x800", "light", 100, 5, ("covered-control", "entry-differs")),
    # «На столе» brought the drawing up 10 px and cut the status line's first line under the tab bar: hiding
    # the line took the drawing's tools half under the record bar, and both moves were dropped
    # (match-reveal.js headsAndControlsClear now clears both, line by line)
    ("po-chasovoy", "360x740", "light", 200, 7, ("cut-by-bar",)),
    # «пробка» won ends the match: the record button goes, and the focus fell to <body> once the record bar
    # stood after the form (scorekeeper-match.js keepFocusOnScreen: the bar's undo)
    ("probka", "360x740", "light", 201, 9, ("focus-on-body",)),
    # an undo that put back a chip across the record bar's edge cleared it by taking the board and the verdict
    # under the tab bar (scorekeeper-match.js revealReading: the undo's least move keeps them in the room)
    ("probka", "390x844", "light", 500, 5, ("covered",)),
    ("po-chasovoy", "360x740", "light", 500, 10, ("covered",)),
    # a check box half under the record bar, tapped: the page moved it clear between the press and the release,
    # and the tap chose another set's chip (form.js keepFocusClear moves once the tap is over)
    ("kaiza", "360x740", "light", 501, 8, ("entry-differs",)),
    # after a pocket drawn, «Ошибка замечена» showed its title over the record bar's edge and its chips under it,
    # and was not brought up (shot-input.js bringChipsUp: a field with no target showing is hidden)
    ("po-chasovoy", "390x844", "light", 500, 14, ("covered-control",)),
    # after a reload in the desktop's tools column, the reveal took the view switch («На столе / Формой») for the
    # next input and left «Кто бил» under the record bar (scorekeeper-match.js nextInput: the first field's control)
    ("probka", "1280x800", "light", 601, 4, ("covered",)),
    # «На столе» in the tools column showed the drawing whole and left the chip field under it across the record
    # bar's edge (shot-input.js bringUp: with the drawing already out, a cut control still moves the page)
    ("kaiza", "1280x800", "light", 600, 11, ("covered-control",)),
    ("kovboy", "1280x800", "light", 600, 13, ("covered-control",)),
    # after «Начать партию» in the desktop's tools column, «Ни один шар не упал» (the drawing's tools' row) stood
    # under the record bar: the panel's title was shown instead (match-reveal.js readingDelta: the row before
    # the drawing alone); after it, «Первый удар игрока» (the drawing's «nothing happened» brings the chips up),
    # and after that «Двойной удар» (a chip field below the drawing is set as a form's field: form.js drawingOwns)
    ("kladka-kiem", "1280x800", "light", 902, 1, ("scroll-needed",)),
    # a third player added in the desktop's tools column pushed «Начать партию» 15 px under the column's edge
    # (scorekeeper-match.js revealStartOnAdd)
    ("probka", "1280x800", "light", 1100, 1, ("scroll-needed",)),
    # the calculator's «Из них набрано в текущей серии» tapped 0.1 s after «Очки игрока» on the same spot of
    # the screen: a double tap, which selected the label's word and focused nothing (the walker now taps as a
    # person does, apart; the page brings the next field up at once while a number is typed: form.js)
    ("kovboy", "390x844", "light", 1500, 2, ("focus-on-body",)),
    # «по часовой» at 360 px, the first decision undone: its six pocket buttons of three to five lines stood taller
    # than the input they replace and took the board and the undone line under the bars (match-view.js
    # renderDecision: the pockets by the drawing's short names, so the choices fit where the drawing stands)
    ("po-chasovoy", "360x740", "light", 1560, 6, ("covered",)),
    # «пробка» at 360 px, the first record undone: the undo kept everything where it was and left the status line's
    # second line across the tab bar's edge (scorekeeper-match.js keptAfterUndo: its rows whole or wholly under)
    # Open again since the last ruling's rows and place changed (ruling.css, scorekeeper.css): after the undo the
    # status line's first row is 3 px across the tab bar's edge (87…102 px, the edge at 99); keptAfterUndo's
    # moves are held back by the limits that keep the input in the room. Not fixed. Stop 54: the status line is
    # now measured row by row (scroll-room.js linesOf: its kept-together words' box had merged the rows) and the
    # undo clears rows and controls together (clearHeadsAndControls); no scroll within the limits clears both:
    # hiding the first row takes the panel's title across the screen's top and a chip across its foot.
    pytest.param("probka", "360x740", "light", 1621, 2, ("cut-by-bar",),
                 marks=pytest.mark.xfail(reason="open: the status line's row 3 px across the tab bar after an undo", strict=False)),
]


@pytest.mark.parametrize(("game", "viewport", "theme", "seed", "records", "kinds"), FOUND,
                         ids=[f"{v[0]}-{v[1]}-{v[3]}" for v in (getattr(f, "values", f) for f in FOUND)])
def test_a_walk_that_found_a_defect_finds_it_no_more(browser, base_url, game, viewport, theme, seed, records, kinds):
    options = context_options(viewport, theme)
    options.pop("locale")
    context = new_context(browser, **options)
    try:
        res = MatchWalk(new_page(context), base_url, game, viewport, theme).run(seed, max_steps=records)
    finally:
        context.close()
    found = [f"шаг {v.step} ({v.action}): {v.what} — {v.detail}" for v in res.violations if v.kind in kinds]
    assert len(res.steps) > 15 and found == [], (replay_hint(res), found)


# Long walks with every engine answer held (scripts/walk_ui.py --late: a busy phone) that found a layout
# shift the late answer made, replayed up to it: the shift stays gone.
LATE_MS = 700
FOUND_LATE = [
    # the first decision: the verdict grew above the input and pushed it down (0.067 at 360 px), and the board
    # shrank as its role notes went («первый удар», «назначает лузу «единицы»», said by the status line and the
    # decision already): a late answer now keeps the input in place until it is drawn (scorekeeper-match.js
    # answered), the board shows no role while the decision is asked (match-board.js roleShown)
    ("po-chasovoy", "390x844", "light", 1550, 2),
    # a record whose answer moved the input 0.013 (the verdict above it longer), then the calculator's refusal,
    # whose message under «Банк перед ударом» pushed the form's foot down 0.046 (calculator.js refused)
    ("probka", "390x844", "light", 1550, 5),
    # the first record at 360 px: the status line, four lines before it and three after, shrank above the board and
    # the verdict while the input was kept in place (scorekeeper-screen.js holdStatus: it never shrinks in a match)
    ("probka", "360x740", "light", 1591, 1),
    # the first decision at 360 px: the reserve kept above the record bar until the first record went, and the bar
    # and all below it moved up under the reader (scorekeeper.css: on a short screen the reserve stays)
    ("po-chasovoy", "360x740", "light", 1591, 1),
    # «Кладка»'s first record: «Первый удар игрока» goes inside the input while the verdict grows above it — two
    # seams, and a late answer keeps one (scroll-room.js keepInPlace): «Двойной удар» and «Туш» move 60 px.
    # Keeping the field's place (tried, stop 54) removed the shift but left no clean place at 390×844 for the
    # rest of the match (the status line's rows or a chip across a bar's edge); open.
    pytest.param("kladka-kiem", "390x844", "light", 1700, 2,
                 marks=pytest.mark.xfail(reason="open: the first stroke's field goes with a late answer (two seams)", strict=False)),
]


@pytest.mark.parametrize(("game", "viewport", "theme", "seed", "records"), FOUND_LATE,
                         ids=[f"{v[0]}-{v[1]}-{v[3]}" for v in (getattr(f, "values", f) for f in FOUND_LATE)])
def test_a_late_answer_moves_nothing_on_screen(browser, base_url, game, viewport, theme, seed, records):
    options = context_options(viewport, theme)
    options.pop("locale")
    context = new_context(browser, **options)
    try:
        res = MatchWalk(new_page(context), base_url, game, viewport, theme, late_ms=LATE_MS).run(seed, max_steps=records)
    finally:
        context.close()
    found = [f"шаг {v.step} ({v.action}): {v.what} — {v.detail}" for v in res.violations if v.kind == "layout-shift"]
    assert res.records >= min(2, records) and found == [], (replay_hint(res), found)


# A screen with one defect of each kind the checks look for (no engine: a plain page).
BAD_SCREEN = """<!doctype html><html lang="ru" style="--rb-sticky-top:50px"><body style="margin:0">
<header style="position:fixed;top:0;left:0;right:0;height:50px;background:#eee;z-index:9">шапка</header>
<div id="tool" style="padding-top:60px">
  <p data-rb-status-line style="margin:0;line-height:20px;position:absolute;top:40px;left:220px">Строка, разрезанная краем шапки</p>
  <div id="verdict" style="margin-top:-40px"><p>Итог под шапкой</p></div>
  <div style="height:20px;overflow:hidden;width:200px">Длинный текст, который не помещается в коробку высотой двадцать пикселей и обрезается.</div>
  <button style="position:relative;width:120px">Первая</button><button style="position:relative;left:-60px;width:120px">Вторая</button>
  <div style="background:#fee;height:16px;width:120px"><span>Текст, выходящий из своей карточки</span></div>
  <div class="rb-ruling--line"><p>Превышено 90 очков. Набрать нужно ровно 90.</p>
    <ul><li>Превышено 90 очков.</li></ul></div>
  <p style="width:300px;line-height:24px"><a href="#x">первая строка ссылки длинная<br>вторая</a> <button style="font:inherit;border:0;padding:0">почему</button></p>
  <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);padding:0 6px">скрытый текст для чтения с экрана</span>
  <div style="border:1px solid #999;width:150px;overflow-x:auto"><table style="width:100%"><tr>
    <td>Константин</td><td>нарушения а, б, в</td><td style="white-space:nowrap">16384&nbsp;→&nbsp;32768</td></tr></table></div>
</div></body></html>"""


def test_screen_checks_find_each_kind_of_defect(page):
    """The checks themselves: each defect of BAD_SCREEN is found (a status line cut
    through its words by the bar above among them); a text hidden
    for screen readers is not taken for a clipped one, nor a wide table's text
    that its box scrolls to (Пробка's «Таблица партии» at 360 px) for text out."""
    from tests.walk.screen_checks import SCREEN_CHECK

    page.set_viewport_size({"width": 400, "height": 600})
    page.set_content(BAD_SCREEN)
    found = page.evaluate(SCREEN_CHECK, {"tool": "#tool", "must": [["итог", "#verdict p"]], "since": 0})
    kinds = {v["kind"] for v in found}
    assert {"covered", "clipped", "controls-overlap", "text-out", "sentence-twice", "cut-by-bar"} <= kinds, sorted(kinds)
    # A link wrapped over two rows, «почему» after it on the second: no overlap (a line that flows as text).
    assert not [v for v in found if v["kind"] == "controls-overlap" and "почему" in v["what"] + v.get("detail", "")], found
    cut = [v for v in found if v["kind"] == "cut-by-bar"]
    assert len(cut) == 1 and "Строка, разрезанная" in cut[0]["what"], cut
    assert not any("скрытый" in v["detail"] or "скрытый" in v["what"] for v in found), found
    assert not any(word in v["detail"] for v in found for word in ("Константин", "нарушения", "16384")), found
    twice = [v for v in found if v["kind"] == "sentence-twice"]
    assert len(twice) == 1 and "Превышено 90 очков" in twice[0]["detail"], twice


# The desktop's tools column: a box below the header that scrolls its lines away at its own top.
COLUMN_SCREEN = """<!doctype html><html lang="ru" style="--rb-sticky-top:50px"><body style="margin:0">
<header style="position:fixed;top:0;left:0;right:0;height:50px;background:#eee;z-index:9">шапка</header>
<div id="column" style="position:fixed;top:80px;left:0;width:300px;height:300px;overflow-y:auto">
  <div style="height:100px"></div>
  <p id="gone" style="margin:0;line-height:20px">Строка над краем колонки</p>
  <div style="height:10px"></div>
  <p id="cut" style="margin:0;line-height:20px">Строка на краю колонки</p>
  <div style="height:900px"></div>
</div></body></html>"""


def test_a_line_the_tools_column_scrolled_away_is_not_cut_and_one_on_its_edge_is(page):
    """On the desktop the tools column clips what it scrolls away at its top edge, below
    the header: a line wholly above that edge is hidden, not cut (the walk at 1280×800
    took the panel's title there for one cut by the header); a line across it is cut."""
    from tests.walk.screen_checks import CUT_BY_BAR

    page.set_viewport_size({"width": 400, "height": 600})
    page.set_content(COLUMN_SCREEN)
    # #gone at 40…60 (across the header's edge, above the column's), #cut at 70…90 (across the column's edge)
    page.evaluate("document.getElementById('column').scrollTop = 140")
    assert page.evaluate(f"({CUT_BY_BAR})(document.getElementById('gone'))") is None
    cut = page.evaluate(f"({CUT_BY_BAR})(document.getElementById('cut'))")
    assert cut and "край полосы 80 px" in cut, cut


# The status line's words: one span laid out as a block at the foot of its held box (scorekeeper.css),
# three lines of 16 px from 69 px, the bars' edge at 99 px — on a line's gap (85…101), within 2 px.
BLOCK_LINES = """<!doctype html><html lang="ru" style="--rb-sticky-top:99px"><body style="margin:0">
<p id="status" style="display:flex;flex-direction:column;margin:69px 0 0;width:150px;font:13px/16px sans-serif">
  <span>Очередной шар — 7, луза — левая угловая со стороны «дома»</span></p>
<p id="across" style="margin:0;width:150px;font:13px/16px sans-serif;position:absolute;top:90px">Строка поперёк края</p>
</body></html>"""


def test_a_block_of_lines_is_cut_only_where_a_line_is(page):
    """The walk took the status line's words — one span, a block three lines tall — for one line cut by the
    tab bar's edge, while its lines stood whole or wholly under it («по часовой» 360×740, seed 1590, an
    undo); a line of text across the edge is still cut."""
    from tests.walk.screen_checks import CUT_BY_BAR

    page.set_viewport_size({"width": 400, "height": 600})
    page.set_content(BLOCK_LINES)
    assert page.evaluate("document.querySelector('#status span').getBoundingClientRect().height") > 40
    assert page.evaluate(f"({CUT_BY_BAR})(document.getElementById('status'))") is None
    cut = page.evaluate(f"({CUT_BY_BAR})(document.getElementById('across'))")
    assert cut and "край полосы 99 px" in cut, cut


# A sticky record bar over two chips: one wholly under it, one with a sliver shown.
BAR_SCREEN = """<!doctype html><html lang="ru"><body style="margin:0">
<div style="height:520px">текст</div>
<button id="sliver" style="display:block;height:40px;width:120px">Полоска</button>
<button id="hidden" style="display:block;height:30px;width:120px;margin-top:8px">Под панелью</button>
<div style="height:400px"></div>
<div style="position:sticky;bottom:0;height:70px;background:#eee"><button style="width:100%;height:60px">Записать</button></div>
</body></html>"""


def test_a_control_wholly_under_a_bar_needs_a_scroll_and_one_partly_under_is_covered(page):
    """The walker's check before a tap: nothing of a control under the sticky
    record bar shows, so a player scrolls to it (counted as the scroll, as for
    one below the screen); a control with a sliver shown above the bar is the
    defect — a tap on what shows of it lands on the bar."""
    from tests.walk.walker import REACH

    page.set_viewport_size({"width": 400, "height": 600})
    page.set_content(BAR_SCREEN)
    sliver = page.locator("#sliver").evaluate(REACH)
    hidden = page.locator("#hidden").evaluate(REACH)
    assert sliver["hit"] and "Записать" in sliver["hit"] and sliver["off"] == 0, sliver
    assert hidden["hit"] is None and hidden["off"] == 598 - 530, hidden  # its bottom 598, the bar from 530
