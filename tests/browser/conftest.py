"""Browser test fixtures: the built site served on 127.0.0.1, Debian's Chromium
driven by Playwright for Python, and a page that records every request URL.

The site is built with scripts/build.sh when site/ is missing. Without
Chromium or Playwright the tests are skipped locally but fail under CI=true,
so a CI run cannot pass by not running them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SITE = ROOT / "site"
# A developer can test a private build (mkdocs build -d DIR) while others
# rebuild site/ in the same tree: RULES_TEST_SITE=DIR.
if os.environ.get("RULES_TEST_SITE"):
    SITE = Path(os.environ["RULES_TEST_SITE"]).resolve()
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def chromium_launch():
    """How the tests start Debian's Chromium (for tests that launch their own context).
    A fixture, not an import: ``conftest`` is not a unique module name in this suite."""
    return {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _unavailable(reason: str):
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: браузерные тесты обязаны выполняться)")
    pytest.skip(reason)


def _site_ready() -> bool:
    return all((SITE / p).is_file() for p in (
        "index.html", "games/kovboy/index.html", "pyodide/runtime.json", "assets/engine/worker.mjs"))


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not _site_ready():
        proc = subprocess.run(["bash", "scripts/build.sh"], cwd=ROOT, capture_output=True, text=True)
        if proc.returncode != 0 or not _site_ready():
            pytest.fail("сайт не собран, и scripts/build.sh не смог его собрать:\n"
                        + (proc.stdout + proc.stderr)[-3000:])
    return SITE


@pytest.fixture(scope="session")
def base_url(site_dir) -> str:
    import threading

    from sitebuild.publish.serve import serve

    server = serve(site_dir, "127.0.0.1", 0)  # port 0: the system picks a free port
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        _unavailable(f"нет {CHROMIUM} (apt-get install chromium или scripts/setup.sh)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("нет пакета playwright (scripts/setup.sh)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# The browser's data saver on (navigator.connection.saveData): the site's pages then answer
# with MicroPython and download Pyodide only for a call only it may answer (a long match, a
# huge request) or when MicroPython fails (docs/assets/engine/first-answer.mjs pyodideGate).
# MicroPython's answers are Pyodide's byte for byte (tests/test_micropython_parity.py), and a
# Pyodide start costs ~3 CPU-s: most of this suite's time went to starts no test looked at
# (notes/ci-time.md). A test or file marked ``full_engine`` — the engine's start, its
# progress, the snapshot, the offline copy, the hand-over — gets the browser as a player has
# it, data saver off; RULES_TEST_FULL_ENGINE=1 gives every test that browser.
SAVE_DATA = """(() => {
  try {
    Object.defineProperty(Navigator.prototype, "connection", {
      configurable: true, get: () => ({ saveData: true, effectiveType: "4g", addEventListener() {} }) });
  } catch (e) {}
})();"""
ENGINE_MODE = {"full": False}


@pytest.fixture
def save_data_script() -> str:
    """The init script that turns the data saver on, for a test of a context made without it
    (a fixture, not an import: ``conftest`` is not a unique module name in this suite)."""
    return SAVE_DATA


@pytest.fixture(autouse=True)
def _engine_mode(request):
    """Before the test's contexts are made: whether its pages start Pyodide as a player's do."""
    ENGINE_MODE["full"] = (request.node.get_closest_marker("full_engine") is not None
                           or os.environ.get("RULES_TEST_FULL_ENGINE") == "1")
    yield


def new_context(browser, **kwargs):
    context = browser.new_context(locale="ru-RU", **kwargs)
    if not ENGINE_MODE["full"]:
        context.add_init_script(SAVE_DATA)
    context.set_default_timeout(15_000)
    context.recorded_urls = []  # every request of the pages and their workers
    context.on("request", lambda request: context.recorded_urls.append(request.url))
    return context


# What a test may change in its context beyond its pages: a context so changed is not handed on.
CONTEXT_CHANGES = ("route", "route_from_har", "route_web_socket", "unroute", "unroute_all", "set_offline",
                   "add_init_script", "grant_permissions", "clear_permissions", "set_extra_http_headers",
                   "set_http_credentials", "expose_binding", "expose_function", "add_cookies", "set_geolocation",
                   "set_default_timeout", "set_default_navigation_timeout", "on", "once")
# Everything an origin keeps for a page, less the HTTP cache (the point of handing a context on).
ORIGIN_STORAGE = ("cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage,"
                  "shared_storage,storage_buckets")


def context_key(options: dict) -> str:
    """Contexts alike: the same options, and the same engine mode (full_engine or the data saver)."""
    return json.dumps({"options": options, "full_engine": ENGINE_MODE["full"]}, sort_keys=True, default=str)


class ContextPool:
    """Browser contexts handed on from test to test in one process, one set per set of options.

    A fresh context costs a page ~0.35 s more to boot (1.0 s against 0.65 s for a game page
    to its engine's first answer: notes/ci-time.md): no HTTP cache, no
    compiled code. A context goes back when its test passed, changed nothing in it beyond its
    pages (CONTEXT_CHANGES), and was no ``full_engine`` test (those measure a first visit);
    its pages are closed and everything the site's origin stored is wiped, but its HTTP cache
    stays. ``RULES_TEST_FRESH_CONTEXTS=1`` gives every test fresh contexts (to rule it out)."""

    def __init__(self, browser):
        self.browser = browser
        self.idle: dict[str, list] = {}

    def take(self, **options):
        key = context_key(options)
        idle = self.idle.get(key)
        context = idle.pop() if idle else new_context(self.browser, **options)
        context.rb_key, context.rb_changed = key, ENGINE_MODE["full"]
        for name in CONTEXT_CHANGES:
            if name not in vars(context) and hasattr(context, name):
                setattr(context, name, self._changing(context, getattr(context, name)))
        return context

    @staticmethod
    def _changing(context, method):
        def call(*args, **kwargs):
            context.rb_changed = True
            return method(*args, **kwargs)
        return call

    def give_back(self, context, origin: str, passed: bool) -> None:
        if not passed or context.rb_changed or os.environ.get("RULES_TEST_FRESH_CONTEXTS") == "1":
            context.close()
            return
        try:
            for page in context.pages:
                page.close()
            blank = context.new_page()
            session = context.new_cdp_session(blank)
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": ORIGIN_STORAGE})
            session.detach()
            blank.close()
            context.clear_cookies()
        except Exception:  # a context the test broke is closed, not handed on
            context.close()
            return
        context.recorded_urls.clear()
        self.idle.setdefault(context.rb_key, []).append(context)

    def close(self) -> None:
        for contexts in self.idle.values():
            for context in contexts:
                context.close()


@pytest.fixture(scope="session")
def _context_pool(browser):
    pool = ContextPool(browser)
    yield pool
    pool.close()


def _passed(request) -> bool:
    report = getattr(request.node, "rep_call", None)
    return report is not None and report.passed


@pytest.fixture
def context(_context_pool, base_url, request):
    context = _context_pool.take(viewport={"width": 1280, "height": 900})
    yield context
    _context_pool.give_back(context, base_url.rstrip("/"), _passed(request))


@pytest.fixture
def phone_context(_context_pool, base_url, request):
    context = _context_pool.take(viewport={"width": 390, "height": 844},
                                 device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context
    _context_pool.give_back(context, base_url.rstrip("/"), _passed(request))


def new_page(context):
    page = context.new_page()
    page.page_errors = []
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    return page


@pytest.fixture
def page(context):
    page = new_page(context)
    yield page
    assert page.page_errors == [], f"необработанные ошибки на странице: {page.page_errors}"


@pytest.fixture
def phone_page(phone_context):
    page = new_page(phone_context)
    yield page
    assert page.page_errors == [], f"необработанные ошибки на странице: {page.page_errors}"


@pytest.fixture
def make_page(_context_pool, base_url, request):
    """make_page(**context options) -> a page in a context of its own for the test (one handed
    on by an earlier test, its storage wiped: ContextPool), closed or handed on after it."""
    contexts = []

    def make(**kwargs):
        context = _context_pool.take(**kwargs)
        contexts.append(context)
        return new_page(context)

    yield make
    passed = _passed(request)
    for context in contexts:
        _context_pool.give_back(context, base_url.rstrip("/"), passed)


@pytest.fixture(scope="module")
def _shared_contexts(browser):
    """The contexts of ``shared_page``: one per set of options, for one test file."""
    contexts: dict[str, object] = {}
    yield contexts
    for context in contexts.values():
        context.close()


@pytest.fixture
def shared_page(browser, _shared_contexts, request):
    """shared_page(**context options) -> a page kept for the file's tests with the same
    options, for a test that only reads what a page shows (it opens its address first).
    Its HTTP cache and the engine's saved start carry over, so a game page after the first
    boots in about half the time; its local and session storage are emptied when it is
    handed over. A test that fails closes it: the next one starts in a fresh context."""
    keys = []

    def get(**options):
        key = context_key(options)
        if key not in _shared_contexts:
            _shared_contexts[key] = new_context(browser, **options)
            new_page(_shared_contexts[key])
        page = _shared_contexts[key].pages[0]
        page.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }")
        page.page_errors.clear()
        keys.append(key)
        return page

    yield get
    if not _passed(request):
        for key in keys:
            if key in _shared_contexts:
                _shared_contexts.pop(key).close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Each phase's report on its test (rep_setup, rep_call): shared_page sees a failure."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def tool_page(make_page):
    """tool_page({context options}) -> a page in a fresh context, like make_page;
    the test fails if any of these pages had an uncaught error."""
    pages = []

    def make(options):
        page = make_page(**options)
        pages.append(page)
        return page

    yield make
    for page in pages:
        assert page.page_errors == [], f"необработанные ошибки на странице: {page.page_errors}"


BROWSER_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    """One retry for a browser test that failed (pytest-rerunfailures).

    These tests drive Chromium and Pyodide on a shared 2-core machine, where a
    burst of load can make a wait run out. A test that fails and then passes is
    listed as RERUN in the run's summary (-ra), so a flaky test stays visible;
    one that fails twice fails the run.
    """
    for item in items:
        if BROWSER_TESTS in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))
