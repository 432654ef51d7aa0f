"""The three browser engines of the cross-engine suite, behind one small interface.

* **Chromium**: Debian's ``chromium`` through puppeteer-core over CDP, and
* **Firefox**: Debian's ``firefox-esr`` through puppeteer-core over WebDriver BiDi
  (both ``puppeteer_bridge.mjs``, run by Node; Playwright's sync API cannot start a
  second time in the process that runs tests/browser);
* **WebKitGTK**: Debian's ``webkit2gtk-driver`` (WebKitWebDriver + MiniBrowser) through
  Selenium, on a private X server (``Xvfb -displayfd``) when there is no ``DISPLAY``.

Each engine gives ``open(url, init=None)`` and ``reload()`` (both return once the new
document, at the address asked for, has loaded), ``js(src, *args)`` (the awaited value of
the function ``src`` applied to ``args`` in the page: the scenarios' steps are page
JavaScript, ``page_lib.js``, the same in every engine), ``wait_for(src, *args, timeout)``,
``new_context()`` (a fresh profile), ``console_errors()`` and ``close()``, with ``name``
and ``version``. The suite keeps one profile per engine for the whole run, so a second
visit finds what the first one saved (service worker, engine snapshot); the benchmark
(scripts/bench/engines.py) drives the same classes.

Known traps (issue 18): WebKitWebDriver's ``eager`` page-load strategy hangs (the normal
one is used); its new session can wait forever for a MiniBrowser that never connects (seen
in a benchmark run: no browser process, the driver idle), so a session start has a deadline
and is tried again with a new driver (``start_within``); MiniBrowser opens new tabs hidden
(one window, navigated); WebDriver classic has no script for every new document and
MiniBrowser prints no console for its throwaway profile, so in WebKit the page's errors are
those caught by ``page_lib.js``'s hooks from the moment it is first evaluated (after the
load event).
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from pathlib import Path

from selenium.common.exceptions import WebDriverException

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHROMIUM = "/usr/bin/chromium"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
NAMES = ("chromium", "firefox", "webkit")
EVAL = "(0, eval)('(' + src + ')')(...args)"


class EngineError(RuntimeError):
    pass


#: Run in the page before a navigation: this document is the old one.
MARK_OLD = "() => { window.__xeOldDocument = true; }"
#: True once the document asked for (``url``'s path; None: the same one) is the one loaded
#: (the path only: a page may rewrite its query or hash with history.replaceState).
ARRIVED = """(url) => document.readyState === "complete" && !window.__xeOldDocument
  && (!url || location.pathname === new URL(url).pathname)"""
ARRIVE_TIMEOUT_S = 120.0


#: A WebDriver session of WebKitGTK starts in 2-5 s here, 20 s on a loaded machine.
SESSION_TIMEOUT_S = 90.0
SESSION_ATTEMPTS = 3


def start_within(start, abort, *, timeout: float, attempts: int, what: str):
    """``start()``'s value, a try being given ``timeout`` seconds: one that hangs is ended
    with ``abort()`` (which must make ``start`` return or raise) and, like one that raised,
    tried again, up to ``attempts`` times; then EngineError says each try's outcome."""
    outcomes = []
    for _ in range(attempts):
        box: dict = {}

        def run():
            try:
                box["value"] = start()
            except Exception as exc:  # noqa: BLE001 - kept as this try's outcome
                box["error"] = exc

        worker = threading.Thread(target=run, daemon=True, name=f"start {what}")
        worker.start()
        worker.join(timeout)
        if worker.is_alive():
            abort()
            worker.join(30)
            outcomes.append(f"no answer in {timeout:.0f} s")
        elif "value" in box:
            return box["value"]
        else:
            outcomes.append(f"{type(box['error']).__name__}: {box['error']}"[:300])
    raise EngineError(f"{what} did not start ({attempts} tries): " + "; ".join(outcomes))


class Engine:
    """What every engine shares: navigations that end in the document asked for.

    A navigation's own "load" can be answered before the old document is gone (Firefox
    after a reload answered a step from between the two documents): the old document
    is marked first, and ``open``/``reload`` return once a document without the mark,
    at the address asked for, is complete."""

    name = ""
    version = ""

    def open(self, url: str, init: str | None = None) -> None:
        """Navigate to ``url``; ``init``: a script run in the new document (Chromium and
        Firefox: from its start; WebKitGTK, which has no such hook: once it has loaded)."""
        self._arrive(lambda: self._navigate(url, init), url)

    def reload(self) -> None:
        self._arrive(self._reload, None)

    def _arrive(self, navigate, url: str | None) -> None:
        try:
            self.js(MARK_OLD)
        except EngineError:
            pass  # no document yet, or one without script (the very first navigation)
        navigate()
        self.wait_for(ARRIVED, url, timeout=ARRIVE_TIMEOUT_S)

    def wait_for(self, src: str, *args, timeout: float):
        """The first truthy value of the page function ``src`` applied to ``args``; polls,
        riding over a document that is being replaced (its script errors)."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.js(src, *args)
            except EngineError:
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise EngineError(f"{self.name}: no {src[:60]!r} in {timeout:.0f} s")
            time.sleep(0.05)


class Puppeteer(Engine):
    """Chromium or Firefox through puppeteer_bridge.mjs (Node)."""

    browser = ""
    executable = ""

    def __init__(self):
        self._proc = subprocess.Popen(["node", str(HERE / "puppeteer_bridge.mjs")], cwd=ROOT, text=True,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      env=dict(os.environ, BROWSER=self.browser, EXECUTABLE=self.executable))
        first = self._read()
        if "version" not in first:
            raise EngineError(first.get("error", f"{self.name} did not start"))
        self.version = f"{self.name} {first['version'].split('/')[-1]}"  # "Firefox 153.8.0"

    def _read(self) -> dict:
        line = self._proc.stdout.readline()
        if not line:
            raise EngineError("puppeteer_bridge.mjs ended")
        return json.loads(line)

    def _ask(self, **msg):
        self._proc.stdin.write(json.dumps(msg) + "\n")
        self._proc.stdin.flush()
        answer = self._read()
        if "error" in answer:
            raise EngineError(answer["error"])
        return answer.get("value")

    def _navigate(self, url: str, init: str | None) -> None:
        self._ask(cmd="open", url=url, init=init)

    def _reload(self) -> None:
        self._ask(cmd="reload")

    def new_context(self) -> None:
        """A fresh profile: no cache, no service worker, no storage."""
        self._ask(cmd="context")

    def js(self, src: str, *args):
        return self._ask(cmd="js", src=src, args=list(args))

    def wait_for(self, src: str, *args, timeout: float):
        try:  # polled inside the browser; a document being replaced makes it throw
            value = self._ask(cmd="wait", src=src, args=list(args), timeout=timeout * 1000)
        except EngineError:
            value = None
        return value or super().wait_for(src, *args, timeout=timeout)

    def console_errors(self) -> list[str]:
        return self._ask(cmd="console")

    def close(self) -> None:
        try:
            self._proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
            self._proc.stdin.flush()
            self._proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self._proc.kill()


class Chromium(Puppeteer):
    name, browser, executable = "Chromium", "chrome", CHROMIUM


class Firefox(Puppeteer):
    name, browser, executable = "Firefox", "firefox", FIREFOX


class WebKit(Engine):
    name = "WebKitGTK"

    def __init__(self):
        self._xvfb = None
        self._env = dict(os.environ)
        if not self._env.get("DISPLAY"):
            self._env["DISPLAY"] = self._start_xvfb()
        self.driver = None
        self.new_context()

    def _start_xvfb(self) -> str:
        read, write = os.pipe()
        self._xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x900x24",
                                       "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as fd:
            display = fd.readline().strip()
        if not display:
            self._stop_xvfb()
            raise EngineError("Xvfb did not start")
        return ":" + display

    def new_context(self) -> None:
        """A new WebDriver session: a fresh profile (MiniBrowser's automation profile is
        the session's own)."""
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        if self.driver:
            self.driver.quit()
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.page_load_strategy = "normal"  # "eager" hangs in WebKitWebDriver
        services = []

        def session():
            services.append(Service(WEBKIT_DRIVER, env=self._env))
            return webdriver.WebKitGTK(options=options, service=services[-1])

        def abort():  # the hung session's request fails once its driver is gone
            process = getattr(services[-1], "process", None) if services else None
            if process is not None and process.poll() is None:
                process.kill()

        try:
            self.driver = start_within(session, abort, timeout=SESSION_TIMEOUT_S, attempts=SESSION_ATTEMPTS,
                                       what="WebKitGTK")
        except EngineError:
            self._stop_xvfb()
            raise
        self.driver.set_window_size(1280, 900)
        self.driver.set_page_load_timeout(ARRIVE_TIMEOUT_S)
        self.driver.set_script_timeout(120)
        self.version = "WebKitGTK " + (self.driver.capabilities.get("browserVersion") or "?")

    def _navigate(self, url: str, init: str | None) -> None:
        self.driver.get(url)
        if init:
            self.driver.execute_script(init)

    def _reload(self) -> None:
        self.driver.refresh()

    def js(self, src: str, *args):
        try:
            result = self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1]; const src = arguments[0], args = arguments[1];"
                f"Promise.resolve().then(() => {EVAL})"
                ".then((v) => done({ok: v === undefined ? null : v}), (e) => done({err: String(e && e.stack || e)}));",
                src, list(args))
        except WebDriverException as exc:
            raise EngineError(str(exc)) from exc
        if "err" in result:
            raise EngineError(result["err"])
        return result["ok"]

    def console_errors(self) -> list[str]:
        return []  # no console in WebDriver classic: page_lib.js's hooks report the page's errors

    def _stop_xvfb(self) -> None:
        if self._xvfb:
            self._xvfb.terminate()
            self._xvfb.wait(timeout=10)
            self._xvfb = None

    def close(self) -> None:
        if self.driver:
            self.driver.quit()
        self._stop_xvfb()


ENGINES = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}


def start(name: str) -> Engine:
    return ENGINES[name]()
