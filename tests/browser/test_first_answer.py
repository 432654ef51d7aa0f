"""The MicroPython first answer with Pyodide behind it (issue 28 § 1), in a real browser.

Pyodide's files are held back with ``route`` (every request under ``/pyodide/`` waits until
the test lets it through): the calculator still rules (MicroPython answers), a match
started then goes on after Pyodide takes over, and a request MicroPython would be slow over
(docs/assets/engine/first-answer.mjs) waits for Pyodide with the progress shown. Which
runtime answers is read from the tool's ``data-rb-engine-runtime`` (engine-status.js:
the worker's ``ready`` boot, "micropython" then Pyodide's "normal" or "snapshot")."""

from __future__ import annotations

import os
import re

import pytest
from test_kovboy_page import CALC, PAGE, SK, open_tool, play_shot, scores, winning_shot_entered
from tools_helpers import ENGINE_TIMEOUT_MS, calculate, keep_micropython_off, wait_engine_ready

pytestmark = [pytest.mark.browser, pytest.mark.full_engine]  # Pyodide as on a player's device (conftest.py SAVE_DATA)


@pytest.fixture(autouse=True)
def site_has_micropython(site_dir):
    """The site ships it unless built with RULES_MICROPYTHON=off (sitebuild/micropython/site_bundle.py):
    a site missing it fails here, unless the tests are told it was built without it."""
    if not (site_dir / "micropython").is_dir():
        if os.environ.get("RULES_MICROPYTHON") == "off":
            pytest.skip("the site was built with RULES_MICROPYTHON=off")
        pytest.fail("в собранном сайте нет site/micropython/: первый ответ через MicroPython не собран")

PYODIDE = re.compile(r".*/pyodide/.*")
RUNTIME = "sel => document.querySelector(sel).dataset.rbEngineRuntime"


class Held:
    """Every request to Pyodide's files, held until release()."""

    def __init__(self, context):
        self.routes, self.released = [], False
        context.route(PYODIDE, self.hold)

    def hold(self, route):
        self.routes.append(route)
        if self.released:
            route.continue_()

    def release(self):
        self.released = True
        for route in self.routes:
            route.continue_()


def runtime(page, tool: str) -> str:
    return page.evaluate(RUNTIME, tool)


def wait_pyodide(page, tool: str) -> None:
    page.wait_for_function(f"sel => ['normal', 'snapshot'].includes(({RUNTIME})(sel))", arg=tool,
                           timeout=ENGINE_TIMEOUT_MS)


def winning_ruling(page):
    ruling = calculate(page, "kovboy")
    assert ruling.locator(".rb-badge").inner_text().strip().lower() == "победа"
    assert "101" in ruling.locator(".rb-summary").inner_text()
    return ruling.inner_text()


def test_micropython_rules_while_pyodide_is_held_then_pyodide_takes_over(page, context, base_url):
    held = Held(context)
    winning_shot_entered(page, base_url)
    assert runtime(page, CALC) == "micropython"
    first = winning_ruling(page)
    assert held.routes, "the worker did ask for Pyodide's files (held)"
    held.release()
    wait_pyodide(page, CALC)
    assert page.locator(CALC).get_attribute("data-rb-engine") == "ready"
    assert winning_ruling(page) == first  # the same ruling, now from Pyodide


def test_a_match_goes_on_across_the_hand_over(page, context, base_url):
    held = Held(context)
    page.goto(base_url + PAGE)
    open_tool(page, SK)
    sk = page.locator(SK)
    wait_engine_ready(page, SK)
    assert runtime(page, SK) == "micropython"
    sk.locator("[data-rb-setup] button[type=submit]").click()
    sk.locator("[data-rb-match]").wait_for(timeout=ENGINE_TIMEOUT_MS)
    play_shot(page, contacts=[3], pocketed=[3])        # the break: 3 first, 3 pocketed
    assert scores(page) == [3, 0]
    held.release()
    wait_pyodide(page, SK)
    play_shot(page, contacts=[5, 1], pocketed=[5])     # 5 pocketed + two-ball carom: answered by Pyodide
    assert scores(page) == [9, 0]
    sk.locator("[data-rb-undo]").click()
    page.wait_for_function(f"document.querySelectorAll('{SK} [data-rb-history] > li').length === 1")
    assert scores(page) == [3, 0]
    assert sk.locator("[data-rb-redo]").is_enabled()


#: A request over first-answer.mjs MP_TEXT_LIMIT, made through the page's one client.
SLOW_CALL = """async (root) => {
  const client = await import(new URL('assets/js/engine-client/engine-client.js', root).href);
  window.__slow = null;
  client.call({ op: 'describe', game: 'kovboy', pad: 'x'.repeat(120000) }).then((a) => { window.__slow = a; });
}"""


def test_a_request_too_big_for_micropython_waits_for_pyodide_with_the_progress(page, context, base_url):
    held = Held(context)
    page.goto(base_url + PAGE)
    open_tool(page, CALC)
    wait_engine_ready(page, CALC)
    assert runtime(page, CALC) == "micropython"
    page.evaluate(SLOW_CALL, base_url)
    wait_engine_ready(page, CALC, states=("loading",))  # the progress shows again
    page.wait_for_timeout(1000)
    assert page.evaluate("window.__slow") is None, "answered before Pyodide was there"
    held.release()
    page.wait_for_function("window.__slow !== null", timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("window.__slow.error && window.__slow.error.field") == "pad"  # Pyodide's refusal
    wait_pyodide(page, CALC)
    wait_engine_ready(page, CALC)


def test_without_micropython_pyodide_answers_alone(page, context, base_url):
    keep_micropython_off(context)
    winning_shot_entered(page, base_url)
    assert runtime(page, CALC) in ("normal", "snapshot")
    winning_ruling(page)


def slow_call_refused_field(page, base_url) -> str | None:
    """SLOW_CALL made and answered: the field its refusal names (the engine's, whichever runtime)."""
    page.evaluate(SLOW_CALL, base_url)
    page.wait_for_function("window.__slow !== null", timeout=ENGINE_TIMEOUT_MS)
    return page.evaluate("window.__slow.error && window.__slow.error.field")


def test_pyodide_failed_micropython_answers_every_call_and_the_offline_copy_is_saved(page, context, base_url):
    """Pyodide's wasm refused once (a dropped link): MicroPython, up already, answers on — a call
    it would be slow over too, rather than «расчёт недоступен» — and the page counts as idle, so
    the offline copy is saved (its second fetch of the wasm goes through)."""
    refused = []

    def refuse_once(route):
        if refused:
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context.route(re.compile(r".*/pyodide\.asm\.wasm(\?.*)?$"), refuse_once)
    winning_shot_entered(page, base_url)
    assert runtime(page, CALC) == "micropython"
    field = slow_call_refused_field(page, base_url)
    assert refused, "the wasm was asked for and refused"
    assert field == "pad"  # MicroPython's refusal
    assert runtime(page, CALC) == "micropython"
    wait_engine_ready(page, CALC)
    page.wait_for_function("document.documentElement.dataset.rbOffline === 'saved'", timeout=ENGINE_TIMEOUT_MS)
    assert winning_ruling(page)  # still answering


def test_with_the_data_saver_on_pyodide_comes_only_for_a_call_that_needs_it(page, context, base_url, save_data_script):
    """Save-Data on (navigator.connection.saveData): MicroPython answers, and neither its answer nor
    the clock (8 s head start, 3 s idle) brings Pyodide's 5 MB; a call only Pyodide may answer does."""
    context.add_init_script(save_data_script)
    winning_shot_entered(page, base_url)
    assert runtime(page, CALC) == "micropython"
    winning_ruling(page)
    page.wait_for_timeout(9000)  # past the head start the gate gives Pyodide without the data saver
    wasm = [u for u in context.recorded_urls if "/pyodide/" in u]
    assert wasm == [], wasm
    assert runtime(page, CALC) == "micropython"
    assert slow_call_refused_field(page, base_url) == "pad"
    wait_pyodide(page, CALC)
    assert any(u.endswith("/pyodide.asm.wasm") for u in context.recorded_urls)
