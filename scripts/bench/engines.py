"""The desktop profile's visits in the engines of Android's Firefox and of every iPhone.

``--engines firefox,webkit`` (issue 19): after Chromium's profiles, the same site and
server, the desktop profile (no throttling), in

* **Firefox**: Debian's ``firefox-esr``, headless, through puppeteer-core over WebDriver
  BiDi; the measuring script runs in the document from its start, as in Chromium;
* **WebKitGTK**: Debian's ``webkit2gtk-driver`` (``WebKitWebDriver`` + MiniBrowser)
  through Selenium, on a private X server (``Xvfb``). WebDriver classic has no script
  for every new document, so the measuring script is run once the page has loaded:
  the form is submitted then (not when it appears); the worker's stage marks from
  before that moment are replayed by the worker on the script's request (absolute
  times, site_variant.WORKER_MARKS), so every phase is there.

Both are the cross-engine suite's own launchers (tests/xengine/engines.py); the
visit: ``about:blank``, then the page with the measuring script, until its mark.

For each engine: cold visits (a fresh profile each), then in the first one's profile
repeat visits (the service worker serves the site) and visits with the server down
(503 for everything: only what the service worker saved answers). Ours and the bare
Pyodide page interleaved, as in Chromium; a row: the first result, the worker's boot
path, the bare page's ready time and the ratio of the two.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Callable

from tests.xengine import engines as launchers

from . import BARE, GAME, PAGE
from .report import ENGINE_TITLES as TITLES
from .driver import INIT_SCRIPT, PRECACHED_JS, SNAPSHOT_JS, TIMEOUT_MS, pair

ENGINES = ("firefox", "webkit")
MARKS_JS = "(key) => window.__bench && key in window.__bench ? window.__bench : null"


def available(name: str) -> str | None:
    """Why an engine cannot run here, or None."""
    needed = {"firefox": (launchers.FIREFOX, shutil.which("node")),
              "webkit": (launchers.WEBKIT_DRIVER, launchers.MINIBROWSER, shutil.which("Xvfb"))}
    missing = [p for p in needed[name] if not p or not Path(p).exists()]
    return f"нет {', '.join(str(m) for m in missing)}" if missing else None


def visit(engine, url: str, key: str) -> dict:
    """One measured visit: the page's marks once ``key`` is among them."""
    engine.open("about:blank")
    engine.open(url, init=INIT_SCRIPT)
    return engine.wait_for(MARKS_JS, key, timeout=TIMEOUT_MS / 1000)


def run_engine(name: str, base: str, counter, counts: dict) -> dict:
    """The cold, repeat and offline visits of one engine: {"version", "runs"} or {"error"}."""
    why = available(name)
    if why:
        print(f"[bench] {name}: skipped ({why})", flush=True)
        return {"error": why}
    try:
        engine = launchers.start(name)
    except launchers.EngineError as exc:
        print(f"[bench] {TITLES[name]}: did not start: {exc}", flush=True)
        return {"error": str(exc)[:300]}
    title = TITLES[name]
    runs: dict[str, list[dict]] = {k: [] for k in ("cold", "warm", "offline", "bare_cold", "bare_warm",
                                                    "bare_offline")}

    def measure(path: str) -> dict:
        return _measure(engine, base, counter, path)

    try:
        _all_visits(engine, title, counter, counts, runs, measure)
        return {"version": engine.version, "runs": runs}
    except Exception as exc:  # noqa: BLE001 - one engine failing leaves the others' rows
        print(f"[bench] {title}: failed: {exc}", flush=True)
        return {"version": engine.version, "runs": runs, "error": str(exc)[:300]}
    finally:
        counter.down = False
        engine.close()


def _measure(engine, base: str, counter, path: str) -> dict:
    """One visit of ``path`` (ours or the bare page) as a row of the report."""
    bare = path == BARE
    key = "result" if bare else f"result:{GAME}"
    t0 = time.monotonic()
    marks = visit(engine, base + path, key)
    row = {"result": marks[key] / 1000, "bytes": counter.bytes_between(t0, t0 + marks[key] / 1000),
           "submit": marks[f"submit:{GAME}"] / 1000 if f"submit:{GAME}" in marks else None,
           "boot": next((k[len("w:boot:"):] for k in marks if k.startswith("w:boot:")), None),
           "stages": {k[2:]: round(v / 1000, 3) for k, v in marks.items() if k.startswith("w:")},
           "error": marks.get(f"error:{GAME}")}
    if row["error"]:
        raise RuntimeError(f"the calculator refused the benchmark's shot: {row['error']}")
    return row


def _all_visits(engine, title: str, counter, counts: dict, runs: dict[str, list[dict]],
                measure: Callable[[str], dict]) -> None:
    """Fill ``runs``: cold visits (repeat and offline ones after the first), then the bare cold ones."""
    # The first cold profile is kept for the repeat and offline visits; every
    # other cold visit, ours or the bare page's, has a fresh profile of its own.
    for i in range(counts["cold"]):
        print(f"[bench] {title}: cold {i + 1}/{counts['cold']}", flush=True)
        engine.new_context()
        runs["cold"].append(measure(PAGE))
        if i > 0:
            continue
        _wait_for_saved(engine, title)
        _repeat_and_offline_visits(title, counter, counts, runs, measure)
    for i in range(counts["cold"]):
        engine.new_context()
        runs["bare_cold"].append(measure(BARE))
        pair(runs["cold"][i], runs["bare_cold"][-1])


def _wait_for_saved(engine, title: str) -> None:
    """Wait (a warning if in vain) for what the repeat visits need from the first one."""
    # The repeat visits need what the first one keeps: the site in the service
    # worker's cache, the engine's snapshot (desktop: ~3 s; far more on a loaded machine).
    for what, src, seconds in (("site saved", PRECACHED_JS, TIMEOUT_MS / 1000),
                               ("snapshot stored", SNAPSHOT_JS, 60.0)):
        try:
            engine.wait_for(src, timeout=seconds)
        except launchers.EngineError:
            print(f"[bench] {title}: warning: {what}: not in {seconds:.0f} s", flush=True)


def _repeat_and_offline_visits(title: str, counter, counts: dict, runs: dict[str, list[dict]],
                               measure: Callable[[str], dict]) -> None:
    """Ours and the bare page interleaved, with the server up ("warm") and down ("offline")."""
    for kind, down in (("warm", False), ("offline", True)):
        counter.down = down
        for j in range(counts[kind]):
            print(f"[bench] {title}: {kind} {j + 1}/{counts[kind]}", flush=True)
            runs[kind].append(measure(PAGE))
            runs["bare_" + kind].append(measure(BARE))
            pair(runs[kind][-1], runs["bare_" + kind][-1])
        counter.down = False


# ------------------------------------------------------------------ where the time goes
