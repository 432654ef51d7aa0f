"""The «Ковбой» page in a real browser (Debian's Chromium): calculator,
scorekeeper with reload and undo, phone layout, no request to another host,
readable before Python is ready. Saved matches, damaged records, share
links and the protocol of every game: tests/browser/test_tools_*.py."""

from __future__ import annotations

import json
import re

import pytest
import tools_helpers
from tools_helpers import (ENGINE_TIMEOUT_MS, is_external, pick_choice, pick_sequence, pick_set,
                           play_button, show_form_view, wait_engine_ready)

pytestmark = pytest.mark.browser

PAGE = "games/kovboy/"
CALC = "#rb-calculator-kovboy"
SK = "#rb-scorekeeper-kovboy"
RECORDS = "rules-site:match/v2:kovboy:"


def open_tool(page, tool):
    # The tool's module comes with import(): wait until it has mounted the tool.
    page.wait_for_selector(f"{tool}[data-rb-mounted]", state="attached", timeout=ENGINE_TIMEOUT_MS)
    tools_helpers.open_tool(page, tool)
    show_form_view(page, tool)


def calculate(page):
    return tools_helpers.calculate(page, "kovboy")


# (a) ------------------------------------------------------------------------

def test_calculator_foul_over_90_cites_rule_4(page, base_url):
    page.goto(base_url + PAGE)
    open_tool(page, CALC)
    calc = page.locator(CALC)
    calc.locator("#rb-calculator-kovboy-situation-score").fill("88")
    pick_sequence(calc, "contacts", 5)
    pick_set(calc, "pocketed", 5)
    wait_engine_ready(page, CALC)
    ruling = calculate(page)
    ruling.wait_for()
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "нарушение"
    assert "93" in ruling.locator(".rb-summary").inner_text()
    link = ruling.locator('.rb-fouls a[href="#kovboy-rule-4"]')
    assert link.count() == 1
    assert "Правило 4" in link.inner_text()
    # The cited clause opens to the rule's own words, quoted from the page.
    cite = ruling.locator("details.rb-cite", has_text="Правило 4")
    ruling.locator(".rb-why-toggle").click()  # the calculator's answer is one line, «почему» folded
    ruling.locator("details.rb-more--clauses > summary").click()
    cite.locator("summary").click()
    assert "При подходе к рубежу 90 очков" in cite.locator("blockquote").inner_text()
    # ... and the link leads to the highlighted clause.
    link.click()
    page.wait_for_function("location.hash === '#kovboy-rule-4'")
    # Highlighted (the colour fades in: wait for it rather than read it mid-transition).
    page.wait_for_function(
        "!['rgba(0, 0, 0, 0)', 'transparent'].includes("
        "getComputedStyle(document.getElementById('kovboy-rule-4').closest('li')).backgroundColor)")
    assert page.locator("#kovboy-rule-4 + button.rb-share").is_visible()


def cue_ball_into_far_left_at_100(calc):
    """At 100 points, the cue ball hits the 1 and falls into the far left pocket."""
    calc.locator("#rb-calculator-kovboy-situation-score").fill("100")
    pick_sequence(calc, "contacts", 1)
    pick_choice(calc, "cue_ball", "pocket")
    pick_choice(calc, "cue_pocket", "far-left")


def winning_shot_entered(page, base_url):
    """The page open, its calculator holding a winning shot at 100, the engine ready."""
    page.goto(base_url + PAGE)
    open_tool(page, CALC)
    calc = page.locator(CALC)
    cue_ball_into_far_left_at_100(calc)
    pick_choice(calc, "called_pocket", "far-left")
    wait_engine_ready(page, CALC)


def test_calculator_winning_shot_at_100(page, base_url):
    winning_shot_entered(page, base_url)
    ruling = calculate(page)
    ruling.wait_for()
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "победа"
    assert "101" in ruling.locator(".rb-summary").inner_text()
    assert ruling.locator('details.rb-cite a[href="#kovboy-scoring-101"]').count() == 1


def test_calculator_shows_engine_error_next_to_form(page, base_url):
    page.goto(base_url + PAGE)
    open_tool(page, CALC)
    calc = page.locator(CALC)
    # The cue ball fell into a pocket at 100, but no called pocket: the engine refuses.
    cue_ball_into_far_left_at_100(calc)
    wait_engine_ready(page, CALC)
    calc.locator("[data-rb-submit]").click()
    # once, at the field it names (not again in the box above the buttons)
    error = calc.locator('[data-rb-field="called_pocket"].rb-field--error [data-rb-field-message]')
    error.wait_for()
    assert "заказанную лузу" in error.inner_text()
    assert calc.locator('[data-rb-field="called_pocket"].rb-field--error').count() == 1
    assert calc.locator("form [data-rb-error]").is_hidden()
    assert "Traceback" not in page.content()


# (b) ------------------------------------------------------------------------

def play_shot(page, *, contacts=(), pocketed=()):
    sk = page.locator(SK)
    form = sk.locator("[data-rb-action-form]")
    show_form_view(page, SK)
    pick_sequence(form, "contacts", *contacts)
    pick_set(form, "pocketed", *pocketed)
    if not contacts:
        form.locator("[data-rb-miss-confirm]").check()  # a miss is chosen, never an empty form
    before = len(page.locator(f"{SK} [data-rb-history] > li").all())
    play_button(form).click()
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n + 1",
        arg=[f"{SK} [data-rb-history] > li", before], timeout=ENGINE_TIMEOUT_MS)


def scores(page):
    return tools_helpers.scores(page, "kovboy")


def test_scorekeeper_match_survives_reload_and_undo(page, base_url):
    page.goto(base_url + PAGE)
    open_tool(page, SK)
    sk = page.locator(SK)
    names = sk.locator("[data-rb-players] input")
    assert names.count() == 2
    names.nth(0).fill("Анна")
    names.nth(1).fill("Борис")
    sk.locator("[data-rb-setup] button[type=submit]").click()
    sk.locator("[data-rb-match]").wait_for(timeout=ENGINE_TIMEOUT_MS)
    assert "Анна" in sk.locator("[data-rb-status-line]").inner_text()

    play_shot(page, contacts=[3], pocketed=[3])        # the break: 3 first, 3 pocketed
    play_shot(page, contacts=[5, 1], pocketed=[5])     # 5 pocketed + two-ball carom
    assert scores(page) == [9, 0]
    assert sk.locator(".rb-score--current .rb-score-name").inner_text() == "Анна"
    play_shot(page)                                    # a miss: the turn passes
    assert sk.locator(".rb-score--current .rb-score-name").inner_text() == "Борис"
    history_before = sk.locator("[data-rb-history]").inner_text()

    page.reload()
    sk = page.locator(SK)
    assert sk.evaluate("el => el.open")  # a saved match opens its panel
    page.wait_for_function(
        f"document.querySelectorAll('{SK} .rb-score-points').length === 2", timeout=ENGINE_TIMEOUT_MS)
    assert scores(page) == [9, 0]
    assert [n.strip() for n in sk.locator(".rb-score-name").all_inner_texts()] == ["Анна", "Борис"]
    assert sk.locator(".rb-score--current .rb-score-name").inner_text() == "Борис"
    assert sk.locator("[data-rb-history]").inner_text() == history_before
    assert sk.locator("[data-rb-history] > li").count() == 3
    # Every ruling in the history cites its clauses.
    assert sk.locator("[data-rb-history] > li").first.locator("a.rb-ref").count() >= 1

    sk.locator("[data-rb-undo]").click()
    page.wait_for_function(f"document.querySelectorAll('{SK} [data-rb-history] > li').length === 2")
    assert sk.locator(".rb-score--current .rb-score-name").inner_text() == "Анна"
    sk.locator("[data-rb-undo]").click()
    page.wait_for_function(f"document.querySelectorAll('{SK} [data-rb-history] > li').length === 1")
    assert scores(page) == [3, 0]
    sk.locator("[data-rb-redo]").click()
    page.wait_for_function(f"document.querySelectorAll('{SK} [data-rb-history] > li').length === 2")
    assert scores(page) == [9, 0]

    # The stored state is the engine's log, and it followed every action.
    records = page.evaluate(
        f"Object.keys(localStorage).filter(k => k.startsWith('{RECORDS}')).map(k => localStorage.getItem(k))")
    assert len(records) == 1
    stored = json.loads(records[0])["state"]
    assert stored["players"] == ["Анна", "Борис"] and len(stored["actions"]) == 2

    # A new match keeps this one among the saved matches, with the same players offered.
    sk.locator("[data-rb-new]").click()
    assert sk.locator("[data-rb-setup]").is_visible()
    assert [i.input_value() for i in sk.locator("[data-rb-players] input").all()] == ["Анна", "Борис"]
    saved_item = sk.locator("[data-rb-saved-list] > li")
    assert saved_item.count() == 1 and "счёт 9 : 0" in saved_item.inner_text()
    sk.locator("[data-rb-back]").click()
    assert scores(page) == [9, 0]


def test_scorekeeper_bad_break_offers_the_decision(page, base_url):
    page.goto(base_url + PAGE)
    open_tool(page, SK)
    sk = page.locator(SK)
    sk.locator("[data-rb-setup] button[type=submit]").click()
    sk.locator("[data-rb-match]").wait_for(timeout=ENGINE_TIMEOUT_MS)
    play_shot(page, contacts=[1])  # the break must touch the 3 first
    decision = sk.locator("[data-rb-decision]")
    assert decision.is_visible()
    assert not sk.locator("[data-rb-action-group]").is_visible()  # the input gives way to the decision
    assert not sk.locator("[data-rb-play]").is_visible()
    assert decision.locator('a[href="#kovboy-break"]').count() == 1
    decision.locator("button", has_text="самому").click()
    page.wait_for_function(f"document.querySelectorAll('{SK} [data-rb-history] > li').length === 2")
    assert sk.locator("[data-rb-action-form]").is_visible()
    assert sk.locator(".rb-score--current .rb-score-name").inner_text() == "Игрок\u00a02"  # lib/ru.js unbroken


# (c) ------------------------------------------------------------------------

@pytest.mark.parametrize("width", [390, 360])
def test_phone_viewport_has_no_horizontal_overflow(make_page, base_url, width):
    page = make_page(viewport={"width": width, "height": 844}, is_mobile=True, has_touch=True,
                     device_scale_factor=2)
    page.goto(base_url + PAGE)
    open_tool(page, CALC)
    wait_engine_ready(page, CALC)
    calc = page.locator(CALC)
    calc.locator("#rb-calculator-kovboy-situation-score").fill("88")
    pick_sequence(calc, "contacts", 5, 3, 1)
    pick_set(calc, "pocketed", 5)
    calculate(page).wait_for()
    calc.locator(".rb-why-toggle").click()  # the calculator's answer is one line, «почему» folded
    calc.locator("details.rb-more--clauses > summary").click()
    calc.locator("details.rb-cite").first.locator("summary").click()
    # A cited clause's title is one box in its summary's row: a number kept with its word in a text of its
    # own made it two columns («§ При 100 очках | другие / удары / …», newcomer, evening, item 7).
    loose = calc.evaluate("""el => [...el.querySelectorAll('details.rb-cite > summary')]
        .filter((s) => [...s.childNodes].some((n) => n.nodeType === 3 && n.data.trim())
                     || s.querySelectorAll(':scope > .rb-together').length).map((s) => s.textContent.trim())""")
    assert loose == [], loose
    open_tool(page, SK)  # on a phone its own tab, after the calculator's
    page.locator(SK).locator("[data-rb-setup] button[type=submit]").click()
    page.locator(f"{SK} [data-rb-match]").wait_for()
    for path in (PAGE, "", "api/"):
        if path != PAGE:
            page.goto(base_url + path)
        overflow = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert overflow[0] <= overflow[1], f"{path or 'index'}: ширина {overflow[0]} > {overflow[1]}"
    # Tap targets of the tools are at least 44 px high.
    page.goto(base_url + PAGE)
    open_tool(page, CALC)
    small = page.evaluate("""() => [...document.querySelectorAll(
        '#rb-calculator-kovboy .rb-chip, #rb-calculator-kovboy .rb-button, #rb-calculator-kovboy .rb-step,'
        + ' #rb-calculator-kovboy select, #rb-calculator-kovboy summary')]
        .filter(el => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
        .map(el => el.outerHTML.slice(0, 80))""")
    assert small == []
    assert page.page_errors == []


# (d) ------------------------------------------------------------------------

@pytest.mark.full_engine  # the worker's requests for Pyodide are among those recorded
def test_every_request_goes_to_localhost(page, context, base_url):
    page.goto(base_url + PAGE)
    wait_engine_ready(page, CALC)
    open_tool(page, CALC)
    pick_sequence(page.locator(CALC), "contacts", 3)
    calculate(page).wait_for()
    page.goto(base_url)
    page.goto(base_url + "api/")
    urls = context.recorded_urls
    assert [u for u in urls if is_external(u)] == []
    # The recording does see the worker's requests: the runtime and the wheel.
    assert any(u.endswith("/pyodide.asm.wasm") for u in urls)
    assert any(re.search(r"/rules_pkg-[^/]+\.whl$", u) for u in urls)


# (e) ------------------------------------------------------------------------

def test_rule_text_readable_before_python_is_ready(page, context, base_url):
    tools_helpers.keep_micropython_off(context)  # Pyodide's loading is what is tested
    held = []
    context.route(re.compile(r".*/pyodide/.*\.wasm$"), lambda route: held.append(route))
    page.goto(base_url + PAGE)
    # The rule text is there and visible while the runtime is still downloading.
    rule4 = page.locator("#kovboy-rule-4").locator("xpath=..")
    assert rule4.is_visible()
    assert "При подходе к рубежу 90 очков" in rule4.inner_text()
    badge = page.locator(f"{CALC} [data-rb-engine-badge]")
    assert badge.is_visible() and "загрузка" in badge.inner_text()
    open_tool(page, CALC)
    status = page.locator(f"{CALC} [data-rb-engine]")
    assert status.is_visible()
    assert "Загружаем калькулятор правил" in status.inner_text()  # plain words, no "Python"
    # The form is fillable; a request made now waits for the engine.
    calc = page.locator(CALC)
    calc.locator("#rb-calculator-kovboy-situation-score").fill("85")
    pick_sequence(calc, "contacts", 5)
    pick_set(calc, "pocketed", 5)
    calc.locator("[data-rb-submit]").click()
    assert "Ждём загрузки" in calc.locator("[data-rb-submit]").inner_text()
    page.wait_for_function("() => true")  # let the worker reach the held download
    assert held, "запрос pyodide.asm.wasm не был перехвачен"
    assert page.evaluate(f"document.querySelector('{CALC}').dataset.rbEngine") == "loading"
    for route in held:
        route.continue_()
    ruling = calc.locator("[data-rb-result] .rb-ruling")
    ruling.wait_for(timeout=ENGINE_TIMEOUT_MS)
    # The total once: «85 → 90» beside the points, not again in the headline (said-once.js).
    assert ruling.locator(".rb-before-after").inner_text().endswith("90")
    assert "90" not in ruling.locator(".rb-summary").inner_text()
    assert not status.is_visible()


def test_engine_failure_keeps_the_text_and_says_so(page, context, base_url):
    tools_helpers.keep_micropython_off(context)  # Pyodide's loading is what is tested
    context.route(re.compile(r".*/pyodide/.*\.wasm$"), lambda route: route.abort())
    page.goto(base_url + PAGE)
    wait_engine_ready(page, CALC, states=("failed",))
    open_tool(page, CALC)
    text = page.locator(f"{CALC} [data-rb-engine]").inner_text()
    assert "не загрузился" in text
    assert page.locator(f"{CALC} [data-rb-engine] button", has_text="Повторить").is_visible()
    assert page.locator("#kovboy-rule-6").locator("xpath=..").is_visible()
