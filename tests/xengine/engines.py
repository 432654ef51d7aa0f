"""The three browser engines of the cross-engine suite, behind one small interface.

* **Chromium**: Debian's ``chromium`` through puppeteer-core over CDP, and
* **Firefox**: Debian's ``firefox-esr`` through puppeteer-core over WebDriver BiDi
  (both ``puppeteer_bridge.mjs``, run by Node; Playwright's sync API cannot start a
  second time in the process that runs tests/browser);
* **WebKitGTK**: Debian's ``webkit2gtk-driver`` (WebKitWebDriver + MiniBrowser) through
  Selenium, on a private X server (``Xvfb -displayfd``) when there is no ``DISPLAY``.

Each engine gives ``open(url)``, ``reload()``, ``js(src, *args)`` (the awaited value of
the function ``src`` applied to ``args`` in the page: the scenarios' steps are page
JavaScript, ``page_lib.js``, the same in every engine), ``console_errors()`` and
``close()``, with ``name`` and ``version``. One profile per engine for the whole run, so a
second visit finds what the first one saved (service worker, engine snapshot).

Known traps (issue 18): WebKitWebDriver's ``eager`` page-load strategy hangs (the normal
one is used); MiniBrowser opens new tabs hidden (one window, navigated); WebDriver
classic has no script for every new document and MiniBrowser prints no console for its
throwaway profile, so in WebKit the page's errors are those caught by ``page_lib.js``'s
hooks from the moment it is first evaluated (after the load event).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

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


class Puppeteer:
    """Chromium or Firefox through puppeteer_bridge.mjs (Node)."""

    name = ""
    browser = ""
    executable = ""

    def __init__(self):
        self._proc = subprocess.Popen(["node", str(HERE / "puppeteer_bridge.mjs")], cwd=ROOT, text=True,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      env=dict(os.environ, BROWSER=self.browser, EXECUTABLE=self.executable))
        first = self._read()
        if "version" not in first:
            raise EngineError(first.get("error", f"{self.name} did not start"))
        self.version = first["version"].replace("/", " ")

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

    def open(self, url: str) -> None:
        self._ask(cmd="open", url=url)

    def reload(self) -> None:
        self._ask(cmd="reload")

    def js(self, src: str, *args):
        return self._ask(cmd="js", src=src, args=list(args))

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


class WebKit:
    name = "WebKitGTK"

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        self._xvfb = None
        env = dict(os.environ)
        if not env.get("DISPLAY"):
            read, write = os.pipe()
            self._xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x900x24",
                                           "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
            os.close(write)
            with os.fdopen(read) as fd:
                display = fd.readline().strip()
            if not display:
                raise EngineError("Xvfb did not start")
            env["DISPLAY"] = ":" + display
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.page_load_strategy = "normal"  # "eager" hangs in WebKitWebDriver
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=Service(WEBKIT_DRIVER, env=env))
        except Exception as exc:  # noqa: BLE001 - said as the engine's failure to start
            self._stop_xvfb()
            raise EngineError(f"WebKitGTK did not start: {exc}") from exc
        self.driver.set_window_size(1280, 900)
        self.driver.set_page_load_timeout(120)
        self.driver.set_script_timeout(120)
        self.version = "WebKitGTK " + (self.driver.capabilities.get("browserVersion") or "?")

    def open(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def js(self, src: str, *args):
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; const src = arguments[0], args = arguments[1];"
            f"Promise.resolve().then(() => {EVAL})"
            ".then((v) => done({ok: v === undefined ? null : v}), (e) => done({err: String(e && e.stack || e)}));",
            src, list(args))
        if "err" in result:
            raise EngineError(result["err"])
        return result["ok"]

    def console_errors(self) -> list[str]:
        return []  # no console in WebDriver classic: page_lib.js's hooks report the page's errors

    def _stop_xvfb(self) -> None:
        if self._xvfb:
            self._xvfb.terminate()
            self._xvfb.wait(timeout=10)

    def close(self) -> None:
        self.driver.quit()
        self._stop_xvfb()


def start(name: str):
    return {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}[name]()
