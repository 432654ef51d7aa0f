"""Helpers for the browser tests of the tools (calculator, scorekeeper) of
every game: open a game page, fill the forms rendered from the declaration
the way a player taps them, play a match, read the score.

The scorekeeper of game G is ``#rb-scorekeeper-G``, its calculator
``#rb-calculator-G``; fields are ``[data-rb-field=NAME]``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

ENGINE_TIMEOUT_MS = 90_000  # the one engine timeout: Pyodide boots in 1.5–2.5 s here; room for a loaded machine
SAVE_TIMEOUT_MS = 120_000  # the first visit's engine, then the whole site into the offline cache
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "screenshots" / "tools"
# The tools are tested without the offline service worker (its own tests
# cover it): a page then always comes from the server, as on a first visit.
# Reduced motion: the tools then scroll without animation, so a tap is not
# aimed at a button that is still sliding (widget.js, smoothScroll).
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "service_workers": "block", "reduced_motion": "reduce"}
PHONE_390 = {**PHONE, "viewport": {"width": 390, "height": 844}}  # the phone of the usability bench
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "service_workers": "block", "reduced_motion": "reduce"}
SAVED_PREFIX = "rules-site:match/v2:"
OPEN_PREFIX = "rules-site:match/v2-open:"


# The match drawn by the engine: not the saved summary shown while it loads
# (data-rb-pending), and no request in flight. A page function of the tool's selector.
MATCH_DRAWN = ("sel => { const t = document.querySelector(sel); const m = t.querySelector('[data-rb-match]');"
               " return !m.hidden && !m.hasAttribute('data-rb-pending') && !t.dataset.rbBusy; }")


def sk(game: str) -> str:
    return f"#rb-scorekeeper-{game}"


def calc(game: str) -> str:
    return f"#rb-calculator-{game}"


def is_external(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return False
    return parts.scheme not in ("http", "https") or parts.hostname != "127.0.0.1"


def value(v) -> str:
    """An attribute selector value for a JSON-encoded option id."""
    return "'" + json.dumps(v) + "'"


def dismiss_toasts(page) -> None:
    """The offline banner («сайт сохранён на этом устройстве») may cover the
    bottom of the screen; these tests run without the service worker
    (service_workers="block"), so it should not appear: remove it if it does."""
    page.evaluate("() => { for (const el of document.querySelectorAll('.rb-offline-banner')) el.remove(); }")


FORM_MODE = "try { localStorage.setItem('rules-site:shot-input', 'form'); } catch (e) {}"


def use_form_view(page) -> None:
    """The shot input's form view (the accessible alternative to the table
    drawing, test_tools_table.py): these tests fill the form field by field."""
    page.add_init_script(FORM_MODE)


def open_game(page, base_url: str, game: str, tool: str | None = None, *, wait_engine: bool = True,
              form_view: bool = True) -> None:
    if form_view:
        use_form_view(page)
    page.goto(f"{base_url}games/{game}/")
    if wait_engine:
        wait_engine_ready(page, tool or sk(game))
    dismiss_toasts(page)
    if tool:
        open_tool(page, tool)


# Every element of a selector has its engine in one of the states (and, with ``drawn``, its
# match drawn by the engine, as MATCH_DRAWN). Null-safe: no element yet is not ready (with
# instant navigation the URL changes before the content does).
ENGINE_IN = """([sel, states, drawn]) => {
  const tools = [...document.querySelectorAll(sel)];
  const isDrawn = (t) => { const m = t.querySelector('[data-rb-match]');
    return Boolean(m) && !m.hidden && !m.hasAttribute('data-rb-pending') && !t.dataset.rbBusy; };
  return tools.length > 0 && tools.every((t) => states.includes(t.dataset.rbEngine) && (!drawn || isDrawn(t)));
}"""


MICROPYTHON_FILES = re.compile(r".*/micropython/.*")


def keep_micropython_off(context) -> None:
    """The page's worker gets no MicroPython first answer (tests/browser/test_first_answer.py):
    for tests of Pyodide's own loading, progress and failure. The service worker still
    saves its files (its install would fail without them)."""
    context.route(MICROPYTHON_FILES,
                  lambda route: route.continue_() if route.request.service_worker else route.abort())


def wait_engine_ready(page, tool: str = "[data-rb-tool]", *, states=("ready",), drawn: bool = False) -> None:
    """The one engine wait of the browser tests and the walk (tests/walk): every tool of the
    selector ``tool`` has its engine ``ready`` (``states``: ``("failed",)`` for a download that
    fails, ``("ready", "failed")`` for a screenshot); ``drawn``: its match drawn by the engine too."""
    page.wait_for_function(ENGINE_IN, arg=[tool, list(states), drawn], timeout=ENGINE_TIMEOUT_MS)


def open_tool(page, tool: str) -> None:
    """The tool shown and opened as a reader would: on a phone its own tab first («Правила» shows no tool)."""
    if not page.locator(tool).is_visible() and page.locator(".rb-tabs").is_visible():
        page.locator(f'.rb-tabs [data-rb-tab="{tab_of(tool)}"]').click()
    if not page.locator(tool).evaluate("el => el.open"):
        page.locator(f"{tool} > summary").click()


def show_form_view(page, tool: str) -> None:
    """The shot input's form view, when the tool shows the table drawing (tested in test_tools_table.py)."""
    form_view = page.locator(f"{tool} [data-rb-shot-mode=form][aria-pressed=false]")
    if form_view.count() and form_view.first.is_visible():
        form_view.first.click()


# ---- fields ---------------------------------------------------------------

def field(scope, name: str):
    return scope.locator(f'[data-rb-field="{name}"]:visible').first


def pick_sequence(scope, name: str, *ids) -> None:
    for v in ids:
        field(scope, name).locator(f"[data-rb-option={value(v)}]").click()


def pick_set(scope, name: str, *ids) -> None:
    for v in ids:
        chip = field(scope, name).locator(f"label.rb-chip:has(input[value={value(v)}])")
        chip.click()  # the visible chip, as a player taps it
        assert chip.locator("input").is_checked()


def pick_choice(scope, name: str, v) -> None:
    el = field(scope, name)
    select = el.locator("select")
    if select.count():
        select.select_option(value=json.dumps(v))
    else:
        chip = el.locator(f"label.rb-chip:has(input[value={value(v)}])")
        chip.click()
        assert chip.locator("input").is_checked()


def set_bool(scope, name: str, on: bool = True) -> None:
    box = field(scope, name).locator("input[type=checkbox]")
    if box.is_checked() != on:
        field(scope, name).locator("label").click()
    assert box.is_checked() == on


def set_int(scope, name: str, n: int) -> None:
    field(scope, name).locator("input").fill(str(n))


def set_text(scope, name: str, text: str) -> None:
    field(scope, name).locator("input").fill(text)


def pick_action(scope, action_type: str) -> None:
    radio = scope.locator(f"label.rb-chip:has(input[data-rb-action-type][value={value(action_type)}])")
    radio.click()
    assert radio.locator("input").is_checked()


def pick_player(scope, name: str, player: str) -> None:
    """A field that numbers a player, shown by the scorekeeper as name chips."""
    chip = field(scope, name).locator("[data-rb-player-chips] label.rb-chip", has_text=player)
    chip.click()
    assert chip.locator("input").is_checked()


# ---- calculator -----------------------------------------------------------

def calculate(page, game: str):
    """Press «Рассчитать» and wait for the answer (a ruling or an error)."""
    tool = page.locator(calc(game))
    tool.locator("[data-rb-submit]").click()  # marks the tool busy at once
    page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=calc(game),
                           timeout=ENGINE_TIMEOUT_MS)
    return tool.locator("[data-rb-result] .rb-ruling")


# ---- scorekeeper ----------------------------------------------------------

def start_match(page, game: str, names: list[str], options=None) -> None:
    """options(setup_form) fills the match options before the start."""
    tool = page.locator(sk(game))
    setup = tool.locator("[data-rb-setup]")
    rows = setup.locator("[data-rb-players] .rb-player-row")
    while rows.count() < len(names):
        setup.locator("[data-rb-add-player]").click()
    while rows.count() > len(names):
        rows.last.locator("[data-rb-remove-player]").click()
    for i, name in enumerate(names):
        rows.nth(i).locator("input").fill(name)
    if options:
        options(setup)
    setup.locator("button[type=submit]").click()
    page.wait_for_function(MATCH_DRAWN, arg=sk(game), timeout=ENGINE_TIMEOUT_MS)


def calculator_page(tool_page, base_url: str, device, game: str):
    """A page of ``game`` on ``device`` with its calculator open: (the page, the calculator)."""
    page = tool_page(device)
    open_game(page, base_url, game, calc(game))
    return page, page.locator(calc(game))


def match_page(tool_page, base_url: str, device, game: str, names: list[str], options=None):
    """A page of ``game`` on ``device`` with a match started: (the page, its scorekeeper)."""
    page = tool_page(device)
    open_game(page, base_url, game, sk(game))
    start_match(page, game, names, options)
    return page, page.locator(sk(game))


def history_count(page, game: str) -> int:
    """The number of records in the match (the list shows only the last few)."""
    return int(page.locator(f"{sk(game)} [data-rb-history]").get_attribute("data-rb-total") or 0)


def wait_history(page, game: str, n: int) -> None:
    page.wait_for_function(
        "([sel, n]) => Number(document.querySelector(sel).dataset.rbTotal || 0) === n"
        " && !document.querySelector(sel.split(' ')[0]).dataset.rbBusy",
        arg=[f"{sk(game)} [data-rb-history]", n], timeout=ENGINE_TIMEOUT_MS)


def play_button(form):
    """«Записать» of a scorekeeper's action form: in the record bar that follows the form (its button
    the form's by form=…), not inside it."""
    return form.locator("xpath=ancestor::*[@data-rb-match][1]").locator("[data-rb-play]")


def record(page, game: str, fill=None, *, miss: bool = False) -> None:
    """fill(action_form) sets the action's fields (miss: tick the form's
    explicit «Промах», an empty form is never one); then «Записать»; waits for
    one more entry in the history."""
    form = page.locator(f"{sk(game)} [data-rb-action-form]")
    if fill:
        fill(form)
    if miss:
        form.locator("[data-rb-miss-confirm]").check()
    before = history_count(page, game)
    play_button(form).click()
    wait_history(page, game, before + 1)


def decide(page, game: str, label: str) -> None:
    before = history_count(page, game)
    page.locator(f"{sk(game)} [data-rb-decision] button", has_text=label).click()
    wait_history(page, game, before + 1)


def undo(page, game: str) -> None:
    before = history_count(page, game)
    page.locator(f"{sk(game)} [data-rb-undo]").click()
    wait_history(page, game, before - 1)


def redo(page, game: str) -> None:
    before = history_count(page, game)
    page.locator(f"{sk(game)} [data-rb-redo]").click()
    wait_history(page, game, before + 1)


def scores(page, game: str) -> list[int]:
    texts = page.locator(f"{sk(game)} [data-rb-scores] .rb-score-points").all_inner_texts()
    return [int(t.replace("−", "-")) for t in texts]


def score_names(page, game: str) -> list[str]:
    # A name's number is joined to its word by a no-break space («Игрок 1», lib/ru.js unbroken).
    return [s.replace("\xa0", " ").strip() for s in page.locator(f"{sk(game)} [data-rb-scores] .rb-score-name").all_inner_texts()]


def current_player(page, game: str) -> str:
    return page.locator(f"{sk(game)} .rb-score--current .rb-score-name").inner_text().replace("\xa0", " ").strip()


def last_ruling(page, game: str):
    return page.locator(f"{sk(game)} [data-rb-last] .rb-ruling")


def status(page, game: str) -> str:
    return page.locator(f"{sk(game)} [data-rb-status-line]").inner_text()


def table_rows(page, game: str) -> list[list[str]]:
    return page.locator(f"{sk(game)} [data-rb-table] tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent.replace(/\\u00a0/g, ' ').trim()))")


def reload_match(page, game: str) -> None:
    """Reload the page and wait until the saved match is shown by the engine."""
    page.reload()
    dismiss_toasts(page)
    page.wait_for_function(
        "sel => { const t = document.querySelector(sel); const m = t.querySelector('[data-rb-match]');"
        " if (m.hidden || m.hasAttribute('data-rb-pending')) return false;"  # the saved summary while loading
        " return !t.querySelector('[data-rb-action-form]').hidden"
        " || !t.querySelector('[data-rb-decision]').hidden || t.classList.contains('rb-finished'); }",
        arg=sk(game), timeout=ENGINE_TIMEOUT_MS)


def saved_records(page, game: str) -> dict[str, dict | str]:
    """Every saved-match record of the game in localStorage: key -> parsed JSON (or raw text)."""
    raw = page.evaluate(
        "p => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith(p))"
        ".map(k => [k, localStorage.getItem(k)]))", SAVED_PREFIX + game + ":")
    out = {}
    for k, v in raw.items():
        try:
            out[k] = json.loads(v)
        except ValueError:
            out[k] = v
    return out


def wait_import(page, game: str):
    """A share link opened: wait for its question (save, open, update) and return its box."""
    page.wait_for_function(
        "sel => { const box = document.querySelector(sel + ' [data-rb-import]');"
        " return !box.hidden && box.querySelector('[data-rb-import-buttons]').children.length > 0; }", arg=sk(game),
        timeout=ENGINE_TIMEOUT_MS)
    return page.locator(f"{sk(game)} [data-rb-import]")


def no_horizontal_overflow(page) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"ширина страницы {width} больше окна {inner}"


def screenshot(page, name: str, selector: str | None = None) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    if selector:
        page.locator(selector).screenshot(path=str(path))
    else:
        page.screenshot(path=str(path))
    return path


def open_scorekeeper(page, base_url: str, game: str):
    """A phone user opens a game's «Счёт» tab; the scorekeeper's locator once its engine is ready."""
    page.goto(f"{base_url}games/{game}/")
    dismiss_toasts(page)
    page.locator(".rb-tabs [data-rb-tab=tools]").tap()
    tool = page.locator(sk(game))
    wait_engine_ready(page, sk(game))
    return tool


def start_on_table(page, base_url: str, game: str, names: list[str]):
    """A phone user's match: «Счёт» in the tab bar, the players typed, «Начать
    партию»; the scorekeeper's locator once its match is on screen. Shared by
    test_tools_table.py and scripts/bench_usability.py."""
    tool = open_scorekeeper(page, base_url, game)
    setup = tool.locator("[data-rb-setup]")
    rows = setup.locator("[data-rb-players] .rb-player-row")
    while rows.count() < len(names):
        setup.locator("[data-rb-add-player]").tap()
    for i, name in enumerate(names):
        rows.nth(i).locator("input").fill(name)
    setup.locator("button[type=submit]").tap()
    page.wait_for_function(MATCH_DRAWN, arg=sk(game), timeout=ENGINE_TIMEOUT_MS)
    return tool


# The room between the bars of a scorekeeper: the tab bar above, the record bar below.
RECORD_ROOM = """sel => { const bar = document.querySelector(sel + ' [data-rb-play]').closest('[data-rb-bar]').getBoundingClientRect();
  const top = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--rb-sticky-top')) || 0;
  return [top, bar.top]; }"""


def tap_where_it_shows(page, locator) -> None:
    """A finger's tap on the part of a scorekeeper's control that shows between the bars (no
    scroll-into-view of Playwright's own), then the time a move the page makes would take to start."""
    box = locator.bounding_box()
    top, bottom = page.evaluate(RECORD_ROOM, locator.evaluate("el => '#' + el.closest('.rb-tool[id]').id"))
    y0, y1 = max(box["y"], top), min(box["y"] + box["height"], bottom)
    assert y1 - y0 >= 8, f"the control is not on screen to tap ({box}, room {top}…{bottom})"
    page.touchscreen.tap(box["x"] + box["width"] / 2, (y0 + y1) / 2)
    page.wait_for_timeout(400)


# Where a part of the scorekeeper stands against the bars: below the header and the tab bar
# (--rb-sticky-top), above the record bar; "" when between them, else where it is.
BETWEEN_BARS = """([sel, part, words]) => {
  const tool = document.querySelector(sel);
  const el = tool.querySelector(part);
  const range = document.createRange();
  range.selectNodeContents(el);
  const box = words ? range.getBoundingClientRect() : el.getBoundingClientRect();
  const top = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--rb-sticky-top")) || 0;
  const bar = tool.querySelector("[data-rb-play]").closest("[data-rb-bar]").getBoundingClientRect();
  const ok = box.height > 0 && box.top >= top - 1 && box.bottom <= bar.top + 1;
  return ok ? "" : `строка ${Math.round(box.top)}…${Math.round(box.bottom)} px, комната ${Math.round(top)}…${Math.round(bar.top)}`;
}"""


def between_bars(page, game: str, part: str, words: bool = False) -> str:
    """"" if the scorekeeper's `part` (a selector in it) is between the bars, else where it stands;
    words: its words, not its box (the status line's held box is taller than one line)."""
    return page.evaluate(BETWEEN_BARS, [sk(game), part, words])


def pot(*balls):
    """fill() for record(): the first ball is hit, all of them are pocketed (a «Ковбой» shot)."""
    def fill(form):
        pick_sequence(form, "contacts", balls[0])
        pick_set(form, "pocketed", *balls)
    return fill


# ---- a short match of every game with a scorekeeper ----------------------

def fields(*ops):
    """fill() for record(): (kind, field, value) set in order, kind one of
    action (field unused), choice, int, bool, set, sequence, player."""
    setters = {"choice": pick_choice, "int": set_int, "bool": set_bool, "player": pick_player,
               "set": lambda form, name, v: pick_set(form, name, *v),
               "sequence": lambda form, name, v: pick_sequence(form, name, *v)}

    def fill(form):
        for kind, name, v in ops:
            if kind == "action":
                pick_action(form, v)
            else:
                setters[kind](form, name, v)
    return fill


def decision(label: str):
    """A step of MATCH_STEPS answered by the decision's button, not the shot form."""
    return ("decide", label)


#: Who plays the short match of each game (the game's fewest players or more).
MATCH_PLAYERS = {"probka": ["Анна", "Борис", "Вера"]}
#: Four steps of each game with a scorekeeper, legal in this order from the
#: start and each one record: a shot's fill() for record(), or a decision.
MATCH_STEPS = {
    "kovboy": [pot(3), pot(5), pot(1), pot(3)],
    "pyat-sharov": [
        fields(("choice", "ball", "red"), ("choice", "pocket", "far-left"), ("bool", "carom_white", True)),
        fields(("choice", "ball", "yellow"), ("choice", "pocket", "right-middle"), ("int", "carom_reds", 2)),
        fields(("choice", "ball", "white")),  # nothing pocketed: the turn passes
        fields(("choice", "ball", "red"), ("choice", "pocket", "far-left"), ("bool", "carom_white", True)),
    ],
    "kaiza": [
        fields(("bool", "contact", True), ("choice", "ball", "red"), ("choice", "pocket", "far-left"),
               ("choice", "call", "yes"), ("choice", "red_from_spot_1", False)),
        fields(("bool", "contact", True), ("choice", "ball", "yellow"), ("choice", "pocket", "right-middle"),
               ("choice", "call", "yes")),
        fields(("bool", "contact", False)),  # a miss: a foul, the turn passes
        fields(("bool", "contact", True), ("choice", "ball", "white"), ("choice", "pocket", "far-right"),
               ("choice", "call", "wrong")),
    ],
    "probka": [
        fields(("player", "shooter", "Анна"), ("set", "fouls", ["v"])),
        fields(("player", "shooter", "Борис"), ("set", "fouls", ["a"])),
        fields(("player", "shooter", "Вера"), ("set", "fouls", ["v"])),
        fields(("player", "shooter", "Анна"), ("set", "fouls", ["a"])),
    ],
    "po-chasovoy": [
        decision("дальняя левая"),  # the opponent names ball 1's pocket
        # the designated pocket: «ошибку заметили сразу» is not asked there (the view's field_when)
        fields(("action", None, "shot"), ("choice", "pocket", "far-left")),
        fields(("action", None, "shot"), ("choice", "pocket", "near-left"), ("bool", "noticed", True)),
        fields(("action", None, "shot"), ("choice", "pocket", "near-left"), ("bool", "noticed", True)),
    ],
    "kladka-kiem": [
        fields(("action", None, "shot"), ("choice", "opening", "break"), ("int", "potted", 6)),
        fields(("action", None, "shot"), ("int", "potted", 2)),
        fields(("action", None, "shot"), ("int", "potted", 1)),
        fields(("action", None, "shot"), ("int", "potted", 1)),
    ],
}
#: Every game with a scorekeeper (snimanie-rukoy has none).
SCOREKEEPER_GAMES = list(MATCH_STEPS)
#: Two games for a mechanism that is the same for every game (a saved match kept across tabs
#: and a new version of the site; the match is stored as the engine's actions whatever the
#: game): one counted in points with a decision the rules ask for («Ковбой»), one of up to
#: eight players with the chips before the drawing («пробка»). Each game's own saved form is
#: checked for all games (test_saved_by_release.py, test_match_resume.py). CI time, issue 27.
MECHANISM_GAMES = ["kovboy", "probka"]


def match_players(game: str) -> list[str]:
    return MATCH_PLAYERS.get(game, ["Анна", "Борис"])


def start_short_match(page, game: str) -> None:
    start_match(page, game, match_players(game))


def play_step(page, game: str, i: int) -> None:
    """Step i of the game's MATCH_STEPS, recorded (one more record in the history)."""
    step = MATCH_STEPS[game][i]
    if isinstance(step, tuple):
        decide(page, game, step[1])
    else:
        record(page, game, step)


def only_saved_record(page, game: str) -> dict:
    """The one saved match of the game (these tests start one)."""
    records = list(saved_records(page, game).values())
    assert len(records) == 1, records
    return records[0]


def saved_actions(page, game: str) -> list:
    return only_saved_record(page, game)["state"]["actions"]


def tab_of(tool: str) -> str:
    """The phone's tab that shows ``tool`` (a selector of the calculator or the scorekeeper)."""
    return "calculator" if "rb-calculator" in tool else "tools"



# Where a tool's sticky button bar stands when what stands above its form grows as tall as a screen (a
# long ruling, «почему» opened) and the form's top is scrolled just under the screen's bottom: on screen,
# its `button` the topmost thing at its middle (the bar sticks to the whole tool, not to the form).
BAR_WITH_FORM_BELOW = """([sel, grown, button]) => {
  const tool = document.querySelector(sel);
  const above = tool.querySelector(grown);
  above.hidden = false;
  above.style.minHeight = innerHeight + 'px';
  const form = tool.querySelector('form:not([data-rb-setup])');
  window.scrollBy(0, form.getBoundingClientRect().top - (innerHeight + 40));
  const b = tool.querySelector(button);
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { formTop: Math.round(form.getBoundingClientRect().top), top: Math.round(r.top), bottom: Math.round(r.bottom),
           h: innerHeight, on: !!hit && (hit === b || b.contains(hit)) };
}"""


def bar_on_screen_with_form_below(page, tool: str, grown: str, button: str) -> None:
    """Asserts BAR_WITH_FORM_BELOW: the form below the screen, the bar's `button` on it and tappable."""
    seen = page.evaluate(BAR_WITH_FORM_BELOW, [tool, grown, button])
    assert seen["formTop"] > seen["h"], seen
    assert 0 <= seen["top"] and seen["bottom"] <= seen["h"] + 0.5 and seen["on"], seen


# After an answer is checked (the quiz, the тренажёр): the answer given and the verdict's first line, each
# between the sticky header and the sticky bar, and whether the two fit there together. Arguments: the
# selectors of the bar, of the answer's form and of the verdict's first line.
GIVEN_AND_VERDICT = """([bar, form, head]) => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const bottom = document.querySelector(bar).getBoundingClientRect().top;
  const scope = document.querySelector(form);
  const ticked = scope.querySelector('input:checked');
  const given = ((ticked && ticked.closest('[data-rb-choice]')) || scope.querySelector('input.rb-quiz-number, ol, ul'))
    .getBoundingClientRect();
  const line = document.querySelector(head).getBoundingClientRect();
  const fits = Math.max(line.bottom, given.bottom) - Math.min(line.top, given.top) <= bottom - header - 8;
  const shown = (r) => r.top >= header - 1 && r.bottom <= bottom + 1;
  return { fits, given: shown(given), head: shown(line),
           at: [Math.round(given.top), Math.round(line.top), Math.round(header), Math.round(bottom)] };
}"""


# The engine's calls held until the test lets them go (no app hook: the page's own postMessage), or each
# held window.rbLateMs ms if that is set (tests/walk: the walk's --late, a busy phone).
HOLD_CALLS = """
window.rbHeld = [];
window.rbHold = false;
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (window.rbHold && message && message.type === 'call') { window.rbHeld.push(() => post.call(this, message, ...rest)); return; }
  if (window.rbLateMs && message && message.type === 'call') { setTimeout(() => post.call(this, message, ...rest), window.rbLateMs); return; }
  return post.call(this, message, ...rest);
};
window.rbRelease = () => { window.rbHold = false; for (const send of window.rbHeld.splice(0)) send(); };
"""
