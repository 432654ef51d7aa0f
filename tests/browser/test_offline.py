"""Offline after one visit, in a real browser (Debian's Chromium).

The site is served by a recording copy of sitebuild/publish/serve.py: every request that
reaches the server is logged with its status, and the server can be switched
"off" (it then answers 503), so "offline" is checked on both sides: the browser
context's offline switch AND a server that would refuse anything that got
through.

- one visit saves the whole site; offline, two reloaded pages compute rulings;
- a page that is not saved gives a Russian "no connection" page, not the browser's;
- a new version of the site replaces the old cache (only changed files are
  downloaded; the banner «Доступна новая версия сайта — Обновить» activates it);
- on a cold visit each runtime file crosses the network once, although the worker
  fetches it and the service worker then stores it (revalidating: a 304);
- the web app manifest makes the site installable;
- the engine's worker starts from <head>; after a failed download, «Повторить
  загрузку» starts a new one that answers.
"""

from __future__ import annotations

import json
import re
import shutil
import threading
from pathlib import Path

import pytest

from sitebuild.publish import offline
from sitebuild.publish.serve import serve
import tools_helpers
from tools_helpers import ENGINE_TIMEOUT_MS, SAVE_TIMEOUT_MS, keep_micropython_off, show_form_view, wait_engine_ready

pytestmark = [pytest.mark.browser, pytest.mark.full_engine]  # Pyodide as on a player's device (conftest.py SAVE_DATA)



class RecordingServer:
    """sitebuild.publish.serve on a free port, logging (method, path, status); ``down`` answers 503."""

    def __init__(self, root: Path):
        self.log: list[tuple[str, str, int]] = []
        server = serve(root, "127.0.0.1", 0)
        outer = self

        class Handler(server.RequestHandlerClass):
            def send_response(self, code, message=None):
                outer.log.append((self.command, self.path, int(code)))
                super().send_response(code, message)

        server.RequestHandlerClass = Handler
        self.server = server
        host, port = server.server_address[:2]
        self.url = f"http://{host}:{port}/"
        self.thread = threading.Thread(target=server.serve_forever, name="offline-test-server", daemon=True)
        self.thread.start()

    @property
    def down(self) -> bool:
        return self.server.down

    @down.setter
    def down(self, value: bool) -> None:
        self.server.down = value  # sitebuild.publish.serve's switch: 503 for everything

    def paths(self, since: int = 0, status: int | None = None) -> list[str]:
        return [p for _, p, s in self.log[since:] if status is None or s == status]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def recording_server(site_dir):
    servers = []

    def make(root: Path = site_dir) -> RecordingServer:
        server = RecordingServer(root)
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.close()


@pytest.fixture
def fresh_context(browser):
    contexts = []

    def make(**kwargs):
        context = browser.new_context(locale="ru-RU", **kwargs)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.page_errors = []
        page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
        return context, page

    yield make
    for context in contexts:
        context.close()


def wait_saved(page):
    """Until this page is controlled by the service worker: the whole site is in the cache."""
    page.wait_for_function("document.documentElement.dataset.rbOffline === 'saved'", timeout=SAVE_TIMEOUT_MS)


def cache_state(page) -> dict:
    return page.evaluate("""async () => {
        const names = (await caches.keys()).filter(n => n.startsWith('rules-site-'));
        const out = {};
        for (const name of names) {
            const cache = await caches.open(name);
            out[name] = (await cache.keys()).map(r => new URL(r.url).pathname);
        }
        return out;
    }""")


def open_tool(page, tool):
    tools_helpers.open_tool(page, tool)
    show_form_view(page, tool)


def kovboy_foul_over_90(page):
    """88 points, the 5 first and pocketed: 93 > 90, a foul under rule 4."""
    tool = "#rb-calculator-kovboy"
    open_tool(page, tool)
    calc = page.locator(tool)
    calc.locator("#rb-calculator-kovboy-situation-score").fill("88")
    calc.locator('[data-rb-field="contacts"] [data-rb-option="5"]').click()
    calc.locator('[data-rb-field="pocketed"] label.rb-chip:has(input[value="5"])').click()
    wait_engine_ready(page, tool)
    calc.locator("[data-rb-submit]").click()
    ruling = calc.locator("[data-rb-result] .rb-ruling")
    ruling.wait_for(timeout=ENGINE_TIMEOUT_MS)
    assert "93" in ruling.locator(".rb-summary").inner_text()
    assert ruling.locator('a[href="#kovboy-rule-4"]').count() >= 1


def default_ruling(page, game):
    """The calculator's form as it opens: the engine answers with a ruling citing the game's clauses."""
    tool = f"#rb-calculator-{game}"
    open_tool(page, tool)
    calc = page.locator(tool)
    wait_engine_ready(page, tool)
    if calc.locator("[data-rb-miss-confirm]").count():
        calc.locator("[data-rb-miss-confirm]").check()  # an empty form is never a miss: say it
    calc.locator("[data-rb-submit]").click()
    ruling = calc.locator("[data-rb-result] .rb-ruling")
    ruling.wait_for(timeout=ENGINE_TIMEOUT_MS)
    assert ruling.locator(".rb-summary").inner_text().strip()
    assert ruling.locator(f'a[href^="#{game}-"]').count() >= 1
    return ruling


def test_one_visit_then_offline_two_pages_compute(fresh_context, recording_server):
    server = recording_server()
    context, page = fresh_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(server.url + "games/kovboy/")
    wait_saved(page)
    stored = cache_state(page)
    assert len(stored) == 1, stored
    (name, paths), = stored.items()
    prefix = "/pyodide/"
    assert any(p.startswith(prefix) and p.endswith("/pyodide.asm.wasm") for p in paths)
    assert any(p.endswith(".whl") for p in paths)
    assert "/games/pyat-sharov/" in paths  # a page never visited
    assert page.evaluate("navigator.storage.persisted !== undefined")

    context.set_offline(True)
    server.down = True
    before = len(server.log)

    page.reload()
    assert page.locator("#kovboy-rule-4").count() == 1
    kovboy_foul_over_90(page)

    page.goto(server.url + "games/pyat-sharov/")
    assert "Пять шаров" in page.locator("h1").inner_text()
    default_ruling(page, "pyat-sharov")

    # The same offline visit: a page that is not saved says so in Russian.
    response = page.goto(server.url + "games/no-such-game/")
    assert response.status == 503
    assert "Нет связи с интернетом" in page.locator("h1").inner_text()
    page.locator("a", has_text="главную").click()
    page.wait_for_url(server.url)

    # Only the browser's own update check of sw.js (made outside the emulated
    # offline page) reached the server, and was refused: everything else came
    # from the device.
    reached = [path for _, path, _ in server.log[before:]]
    assert set(reached) <= {"/sw.js"}, reached
    assert page.page_errors == []


# register() settles only after the new worker has taken the page over: the
# page's controllerchange fired before offline.js listened for it.
LATE_REGISTER = """
(() => {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  const register = sw.register.bind(sw);
  sw.register = async (...args) => {
    const registration = await register(...args);
    if (!sw.controller) await new Promise((done) => sw.addEventListener("controllerchange", done, { once: true }));
    return registration;
  };
})();
"""


# When the service worker is registered, and when the page's first call, made
# before the engine is ready (as a player's early «Рассчитать»), is answered.
REGISTER_AFTER_ANSWER = """
(() => {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  const marks = (window.__order = []);
  const register = sw.register.bind(sw);
  sw.register = (...args) => { marks.push("register"); return register(...args); };
  document.addEventListener("DOMContentLoaded", () => {
    const client = new URL("assets/js/engine-client/engine-client.js", document.baseURI.replace(/games\\/.*$/, "")).href;
    import(client).then((m) => m.call({ op: "games" })).then(() => marks.push("answer"));
  }, { once: true });
})();
"""


def test_the_service_worker_is_registered_after_the_first_answer(fresh_context, recording_server):
    """A first visit's first verdict shares neither the network nor the processor
    with the service worker's install: registered once the engine has answered."""
    context, page = fresh_context(viewport={"width": 390, "height": 844})
    page.add_init_script(REGISTER_AFTER_ANSWER)
    page.goto(recording_server().url + "games/kovboy/")
    page.wait_for_function("window.__order && window.__order.includes('register')", timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("window.__order") == ["answer", "register"]
    wait_saved(page)
    assert page.page_errors == []


def test_saved_when_taken_over_before_offline_js_listens(fresh_context, recording_server):
    context, page = fresh_context(viewport={"width": 390, "height": 844})
    page.add_init_script(LATE_REGISTER)
    page.goto(recording_server().url)
    wait_saved(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.locator("[data-rb-offline-banner=saved]").is_visible()  # told once: saved
    assert page.page_errors == []


def test_new_version_replaces_the_old_cache(fresh_context, recording_server, site_dir, tmp_path):
    root = tmp_path / "site"
    shutil.copytree(site_dir, root)
    server = recording_server(root)
    context, page = fresh_context(viewport={"width": 1280, "height": 900})
    page.goto(server.url)
    wait_saved(page)
    (old_cache, old_paths), = cache_state(page).items()
    assert page.locator("[data-rb-offline-banner=saved]").is_visible()  # told once: saved
    page.locator("[data-rb-offline-banner=saved] button").click()

    # Publish a new version: one page changed, the runtime untouched.
    index = root / "index.html"
    marker = "Новая версия сайта для проверки обновления"
    index.write_text(index.read_text(encoding="utf-8").replace(
        "</article>", f"<p id='rb-test-new-version'>{marker}</p></article>", 1), encoding="utf-8")
    new = offline.write_service_worker(root)
    assert f"rules-site-{new['version']}" != old_cache
    before = len(server.log)

    page.reload()  # served by the old version; the browser finds the new sw.js
    banner = page.locator("[data-rb-offline-banner=update]")
    banner.wait_for(timeout=SAVE_TIMEOUT_MS)
    assert "Доступна новая версия сайта" in banner.inner_text()
    assert page.locator("#rb-test-new-version").count() == 0  # still the old page
    fetched = server.paths(before, status=200)
    # Only what changed crossed the network: the worker script and the page.
    assert sorted(set(fetched)) == ["/", "/sw.js"], fetched
    assert not [p for p in server.paths(before) if p.startswith("/pyodide/")]

    banner.locator("button", has_text="Обновить").click()
    page.locator("#rb-test-new-version").wait_for(timeout=30_000)  # reloaded into the new version
    assert page.locator("#rb-test-new-version").inner_text() == marker
    page.wait_for_function("document.documentElement.dataset.rbOffline === 'saved'")
    stored = cache_state(page)
    assert list(stored) == [f"rules-site-{new['version']}"], stored  # the old cache is gone
    assert sorted(stored[f"rules-site-{new['version']}"]) == sorted(old_paths)
    assert page.locator("[data-rb-offline-banner]").count() == 0
    assert page.page_errors == []


def test_cold_visit_downloads_each_runtime_file_once(fresh_context, recording_server, site_dir):
    server = recording_server()
    context, page = fresh_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(server.url + "games/kovboy/")
    runtime = json.loads(page.locator('meta[name="rules-runtime"]').get_attribute("content"))
    wait_saved(page)
    full = server.paths(status=200)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", runtime["stdlib"], "pyodide-lock.json"):
        path = f"/pyodide/{runtime['path']}{name}"
        assert full.count(path) == 1, (path, [e for e in server.log if e[1] == path])
    # The full standard library is not shipped, and nothing asked for it.
    assert not [p for p in server.paths() if p.endswith("/python_stdlib.zip")]
    assert not (site_dir / "pyodide" / runtime["path"] / "python_stdlib.zip").exists()
    assert page.page_errors == []


def test_site_is_installable(browser, recording_server, tmp_path, chromium_launch):
    server = recording_server()
    # A profile on disk: Chromium never offers to install from an incognito context.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), headless=True, locale="ru-RU", **chromium_launch)
    try:
        page = context.new_page()
        errors_on_page = []
        page.on("pageerror", lambda exc: errors_on_page.append(str(exc)))
        page.goto(server.url)
        wait_saved(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest.get("errors") == [], manifest.get("errors")
        data = json.loads(manifest["data"])
        assert data["lang"] == "ru" and data["display"] == "standalone"
        assert data["short_name"] == "Бильярд"
        assert {i["purpose"] for i in data["icons"]} >= {"any", "maskable"}
        for icon in data["icons"]:
            assert page.request.get(server.url + icon["src"]).ok, icon["src"]
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        assert errors_on_page == []
    finally:
        context.close()


def test_engine_starts_from_head_and_a_retry_starts_a_new_worker(fresh_context, recording_server):
    server = recording_server()
    context, page = fresh_context(service_workers="block")
    keep_micropython_off(context)  # the engine fails only when both runtimes do
    context.route(re.compile(r".*/pyodide/.*\.wasm$"), lambda route: route.abort())
    page.goto(server.url + "games/kovboy/")
    # The worker was started by the inlined engine-boot.js and adopted by engine-client.js.
    assert page.evaluate("typeof window.rbEngineBoot.start") == "function"
    tool = "#rb-calculator-kovboy"
    wait_engine_ready(page, tool, states=("failed",))
    open_tool(page, tool)
    assert "не загрузился" in page.locator(f"{tool} [data-rb-engine]").inner_text()
    context.unroute(re.compile(r".*/pyodide/.*\.wasm$"))
    page.locator(f"{tool} [data-rb-engine] button", has_text="Повторить").click()
    default_ruling(page, "kovboy")
    assert page.page_errors == []
