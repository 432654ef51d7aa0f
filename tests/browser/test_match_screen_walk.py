"""The match screen's classes the random walk found (issue 26 § 2, scripts/walk_ui.py),
each checked where the walker saw it, in a few page loads:

- after «Начать партию» a decision the rules ask for («По часовой стрелке»:
  «Соперник назначает лузу») stands above the sticky record bar, not under it;
- after a record the board, the verdict and the table drawing (down to its
  bottom pockets) are between the sticky bars, on a phone (390 × 844, 360 × 740)
  and a desktop (1280 × 800);
- a tap on the drawing never leaves the focus on <body>, also right after a
  reload (nothing focused yet);
- at 360 × 740 the panel's summary («Счёт партии») and the drawing's «✕» are
  targets of at least 24 × 24 px that no bar leaves a sliver of (axe target-size);
- on a desktop, the scorekeeper opened by its summary below the open
  calculator shows its new-match form at once (the first player's name field).

The checks of what must be on screen are the walker's own (tests/walk/screen_checks.py)."""

from __future__ import annotations

import json

import pytest

from a11y_helpers import run_axe
from tools_helpers import ENGINE_TIMEOUT_MS, DESKTOP, MATCH_DRAWN, PHONE as PHONE_360, PHONE_390, calc, dismiss_toasts, sk, start_on_table, wait_engine_ready, \
    wait_history
from tests.walk.screen_checks import SCREEN_CHECK

pytestmark = pytest.mark.browser

FOCUS = "() => { const a = document.activeElement; return !a || a === document.body ? 'body' : a.tagName.toLowerCase(); }"


def must_be_clear(page, game: str, parts: dict[str, str]) -> list[str]:
    """The walker's check: each part inside the viewport and on top at its points
    (not under the header, the tab bar or the record bar)."""
    must = [[name, f"{sk(game)} {sel}"] for name, sel in parts.items()]
    found = page.evaluate(SCREEN_CHECK, {"tool": sk(game), "must": must, "since": 0})
    return [f"{v['kind']}: {v['what']} — {v['detail']}" for v in found if v["kind"] in ("covered", "off-screen")]


def drawing_part(game: str, kind: str, ident) -> str:
    return f"{sk(game)} [data-rb-action-form] [data-rb-tap={kind}][data-rb-id='{json.dumps(ident)}']"


def record(page, game: str) -> None:
    before = int(page.locator(f"{sk(game)} [data-rb-history]").get_attribute("data-rb-total") or 0)
    button = page.locator(f"{sk(game)} [data-rb-play]")
    button.tap() if page.viewport_size["width"] < 500 else button.click()
    wait_history(page, game, before + 1)
    page.wait_for_function("() => !document.querySelector('[data-rb-busy]')")
    page.wait_for_timeout(100)


# What the walker requires on screen after a record (tests/walk/walker.py MatchWalk.must).
DRAWING = {"рисунок стола": "[data-rb-action-form] .rb-table-svg", "табло": "[data-rb-scores]",
           "итог удара": "[data-rb-last] .rb-ruling--line .rb-verdict"}


def small_targets(page, game: str) -> list[str]:
    """axe's target-size findings in the scorekeeper as it is now."""
    return [f"цель меньше 24 px: {n['target']}" for v in run_axe(page, sk(game))["violations"]
            if v["id"] == "target-size" for n in v["nodes"]]


def test_po_chasovoy_phone_decision_drawing_and_focus(tool_page, base_url):
    """390 × 844: the opening decision above the bar; after a record the drawing
    clear of the bars and no target cut to a sliver by them; after a reload a
    tap on a pocket leaves the focus on the drawing, not on <body>."""
    game = "po-chasovoy"
    page = tool_page(PHONE_390)
    start_on_table(page, base_url, game, ["Аня", "Борис"])
    page.wait_for_timeout(100)
    assert page.locator(f"{sk(game)} [data-rb-decision] [data-rb-choice]").first.is_visible()
    problems = must_be_clear(page, game, {"кнопки выбора": "[data-rb-decision]:not([hidden]) [data-rb-choice]"})

    page.locator(f"{sk(game)} [data-rb-decision] [data-rb-choice]").first.tap()
    wait_history(page, game, 1)
    page.locator(drawing_part(game, "pocket", "far-left")).tap()
    record(page, game)
    problems += must_be_clear(page, game, DRAWING) + small_targets(page, game)

    page.reload()
    page.wait_for_function(MATCH_DRAWN, arg=sk(game), timeout=ENGINE_TIMEOUT_MS)
    wait_engine_ready(page, sk(game))
    assert page.evaluate(FOCUS) == "body"  # nothing focused after a reload
    page.locator(drawing_part(game, "pocket", "near-left")).tap()
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    if page.evaluate(FOCUS) == "body":
        problems.append("после нажатия на лузу рисунка фокус на <body>")
    assert problems == []


def test_kovboy_small_phone_targets_after_records(tool_page, base_url):
    """360 × 740: after «Начать партию» and after records the drawing is clear
    of the bars, and axe finds no target cut to less than 24 px by them (the
    summary under the tab bar, the «✕» under the record bar)."""
    game = "kovboy"
    page = tool_page(PHONE_360)
    start_on_table(page, base_url, game, ["Аня", "Борис"])
    page.wait_for_timeout(100)
    problems = must_be_clear(page, game, {k: v for k, v in DRAWING.items() if k != "итог удара"}) + small_targets(page, game)
    page.locator(drawing_part(game, "ball", 3)).tap()
    record(page, game)
    page.locator(f"{sk(game)} [data-rb-action-form] [data-rb-shot-tool=miss]").tap()
    record(page, game)
    # Recorded while reading the history below: the page brings the match back up,
    # the panel's summary ending under the tab bar.
    page.locator(f"{sk(game)} [data-rb-action-form] [data-rb-shot-tool=miss]").tap()
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    before = int(page.locator(f"{sk(game)} [data-rb-history]").get_attribute("data-rb-total"))
    page.locator(f"{sk(game)} [data-rb-play]").evaluate("b => b.click()")
    wait_history(page, game, before + 1)
    page.wait_for_timeout(100)
    problems += must_be_clear(page, game, DRAWING) + small_targets(page, game)
    assert problems == []


def test_kovboy_desktop_setup_and_drawing(tool_page, base_url):
    """1280 × 800: the scorekeeper opened below the open calculator shows the
    first player's name field; with four players (the board on two rows), after
    «Начать партию» and after a record the drawing's bottom is above the record bar."""
    game = "kovboy"
    page = tool_page(DESKTOP)
    page.goto(f"{base_url}games/{game}/")
    wait_engine_ready(page, sk(game))
    dismiss_toasts(page)
    for tool in (calc(game), sk(game)):  # the calculator first: the scorekeeper's form is pushed below it
        if not page.locator(tool).evaluate("el => el.open"):
            page.locator(f"{tool} > summary").click()
    page.wait_for_timeout(200)
    first = page.locator(f"{sk(game)} [data-rb-setup] [data-rb-players] input").first
    box = first.bounding_box()
    problems = [] if box and 0 <= box["y"] and box["y"] + box["height"] <= 800 else [f"имя игрока 1 вне экрана: {box}"]
    for _ in range(2):  # four players: the board takes two rows
        page.locator(f"{sk(game)} [data-rb-setup] [data-rb-add-player]").click()

    page.locator(f"{sk(game)} [data-rb-setup] button[type=submit]").click()
    page.wait_for_function(MATCH_DRAWN, arg=sk(game), timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_timeout(100)
    problems += must_be_clear(page, game, {k: v for k, v in DRAWING.items() if k != "итог удара"})
    page.locator(drawing_part(game, "ball", 3)).click()
    record(page, game)
    problems += must_be_clear(page, game, DRAWING)
    assert problems == []
