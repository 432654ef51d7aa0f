"""The desktop profile's visits in the engines of Android's Firefox and of every iPhone.

``--engines firefox,webkit`` (issue 19): after Chromium's profiles, the same site and
server, the desktop profile (no throttling), in

* **Firefox**: Debian's ``firefox-esr``, headless, through puppeteer-core over WebDriver
  BiDi (``firefox_visits.mjs``, run by Node); the measuring script runs in every
  document from its start, as in Chromium;
* **WebKitGTK**: Debian's ``webkit2gtk-driver`` (``WebKitWebDriver`` + MiniBrowser)
  through Selenium, on a private X server (``Xvfb``). WebDriver classic has no script
  for every new document, so the measuring script is run once the page has loaded:
  the form is submitted then (not when it appears), and the worker's stage marks
  from before that moment are missing.

For each engine: cold visits (a fresh profile each), then in the first one's profile
repeat visits (the service worker serves the site) and visits with the server down
(503 for everything: only what the service worker saved answers). Ours and the bare
Pyodide page interleaved, as in Chromium; a row: the first result, the worker's boot
path, the bare page's ready time and the ratio of the two.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

from . import BARE, GAME, PAGE, ROOT
from .driver import INIT_SCRIPT, TIMEOUT_MS, pair

ENGINES = ("firefox", "webkit")
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"


class Firefox:
    title = "Firefox"

    def __init__(self):
        self.proc = subprocess.Popen(["node", str(Path(__file__).with_name("firefox_visits.mjs"))], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=dict(os.environ, FIREFOX=FIREFOX))
        self.version = "Firefox " + self._read().get("version", "?").split("/")[-1]

    def _read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("firefox_visits.mjs ended")
        return json.loads(line)

    def _ask(self, msg: dict) -> dict:
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        answer = self._read()
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer

    def new_context(self) -> None:
        self._ask({"cmd": "context"})

    def visit(self, url: str, key: str) -> dict:
        return self._ask({"cmd": "visit", "url": url, "key": key, "script": INIT_SCRIPT,
                          "timeout": TIMEOUT_MS})["marks"]

    def close(self) -> None:
        try:
            self.proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


class WebKit:
    title = "WebKitGTK"

    def __init__(self):
        self.xvfb = None
        self.env = dict(os.environ)
        if not self.env.get("DISPLAY"):
            read, write = os.pipe()
            self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x900x24",
                                          "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
            os.close(write)
            with os.fdopen(read) as fd:
                self.env["DISPLAY"] = ":" + fd.readline().strip()
        self.driver = None
        self.version = "WebKitGTK"

    def new_context(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        if self.driver:
            self.driver.quit()
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self.driver = webdriver.WebKitGTK(options=options, service=Service(WEBKIT_DRIVER, env=self.env))
        self.driver.set_window_size(1280, 900)
        self.driver.set_page_load_timeout(TIMEOUT_MS / 1000)
        self.version = "WebKitGTK " + (self.driver.capabilities.get("browserVersion") or "?")

    def visit(self, url: str, key: str) -> dict:
        self.driver.get("about:blank")
        self.driver.get(url)
        self.driver.execute_script(INIT_SCRIPT)
        end = time.monotonic() + TIMEOUT_MS / 1000
        while time.monotonic() < end:
            marks = self.driver.execute_script(
                "return window.__bench && arguments[0] in window.__bench ? window.__bench : null;", key)
            if marks:
                return marks
            time.sleep(0.05)
        raise RuntimeError(f"WebKitGTK: no {key} in {TIMEOUT_MS / 1000:.0f} s")

    def close(self) -> None:
        if self.driver:
            self.driver.quit()
        if self.xvfb:
            self.xvfb.terminate()
            self.xvfb.wait(timeout=10)


def available(name: str) -> str | None:
    """Why an engine cannot run here, or None."""
    needed = {"firefox": (FIREFOX, shutil.which("node")), "webkit": (WEBKIT_DRIVER, MINIBROWSER, shutil.which("Xvfb"))}
    missing = [p for p in needed[name] if not p or not Path(p).exists()]
    return f"нет {', '.join(str(m) for m in missing)}" if missing else None


def run_engine(name: str, base: str, counter, counts: dict) -> dict:
    """The cold, repeat and offline visits of one engine: {"version", "runs"} or {"error"}."""
    why = available(name)
    if why:
        print(f"[bench] {name}: skipped ({why})", flush=True)
        return {"error": why}
    engine = Firefox() if name == "firefox" else WebKit()
    runs: dict[str, list[dict]] = {k: [] for k in ("cold", "warm", "offline", "bare_cold", "bare_warm",
                                                    "bare_offline")}

    def visit(path: str) -> dict:
        bare = path == BARE
        key = "result" if bare else f"result:{GAME}"
        t0 = time.monotonic()
        marks = engine.visit(base + path, key)
        row = {"result": marks[key] / 1000, "bytes": counter.bytes_between(t0, t0 + marks[key] / 1000),
               "boot": next((k[len("w:boot:"):] for k in marks if k.startswith("w:boot:")), None),
               "stages": {k[2:]: round(v / 1000, 3) for k, v in marks.items() if k.startswith("w:")},
               "error": marks.get(f"error:{GAME}")}
        if row["error"]:
            raise RuntimeError(f"the calculator refused the benchmark's shot: {row['error']}")
        return row

    try:
        # The first cold profile is kept for the repeat and offline visits; every
        # other cold visit, ours or the bare page's, has a fresh profile of its own.
        for i in range(counts["cold"]):
            print(f"[bench] {engine.title}: cold {i + 1}/{counts['cold']}", flush=True)
            engine.new_context()
            runs["cold"].append(visit(PAGE))
            if i > 0:
                continue
            time.sleep(5)  # the service worker saves the site, the worker its snapshot (desktop: ~3 s)
            for kind, down in (("warm", False), ("offline", True)):
                counter.down = down
                for j in range(counts[kind]):
                    print(f"[bench] {engine.title}: {kind} {j + 1}/{counts[kind]}", flush=True)
                    runs[kind].append(visit(PAGE))
                    runs["bare_" + kind].append(visit(BARE))
                    pair(runs[kind][-1], runs["bare_" + kind][-1])
                counter.down = False
        for i in range(counts["cold"]):
            engine.new_context()
            runs["bare_cold"].append(visit(BARE))
            pair(runs["cold"][i], runs["bare_cold"][-1])
        return {"version": engine.version, "runs": runs}
    except Exception as exc:  # noqa: BLE001 - one engine failing leaves the others' rows
        print(f"[bench] {engine.title}: failed: {exc}", flush=True)
        return {"version": engine.version, "runs": runs, "error": str(exc)[:300]}
    finally:
        counter.down = False
        engine.close()
