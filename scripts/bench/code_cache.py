"""Does Chromium compile Pyodide once, or on every visit? (issue 19)

    .venv/bin/python scripts/bench/code_cache.py [SITE_DIR ...]   (default: bench-results/site)

For each built site (e.g. the default build and ``--variant classic-worker``'s),
one fresh browser profile: a first visit (the service worker saves the site and
the engine its snapshot), then visits 2, 3 and 4 of the same page (each submits the
bench's shot and stays open ``CODE_CACHE_HOLD`` s after its answer), each recorded
as a Chromium trace. From every trace it prints, for the engine's worker:

* the JavaScript compiles of ``pyodide.asm.*`` and ``pyodide.*`` (``v8.compile``,
  ``v8.compileModule``): their time, and whether V8's code cache was consumed
  (``consumedCacheSize``) or rejected;
* the WebAssembly module: ``v8.wasm.moduleCacheHit`` (the compiled code came from
  the cache) or ``v8.wasm.compiledModule`` (compiled again), with the time of
  the streaming compile, and the lazy compiles of its functions
  (``wasm.CompileLazy``: count and time);
* the time of V8's lazy JavaScript compiles in the worker (``V8.CompileLazy``
  and ``v8.parseOnBackground`` etc.: count and total).

Cache hits are a yes or no that a loaded machine does not change; the times
are the machine's of the moment (printed with the load average).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

from bench import PAGE  # noqa: E402
from bench.driver import INIT_SCRIPT, PRECACHED_JS, SNAPSHOT_JS  # noqa: E402
from sitebuild.publish.serve import serve_in_thread  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CATEGORIES = ",".join((
    "v8", "v8.wasm", "devtools.timeline", "disabled-by-default-devtools.timeline",
    "disabled-by-default-v8.compile", "disabled-by-default-v8.wasm.detailed", "disabled-by-default-v8.wasm",
))
READY_JS = """() => {
  const el = document.querySelector('#rb-calculator-kovboy');
  return !!el && el.dataset.rbEngine === 'ready';
}"""
#: The bench's shot answered (driver.INIT_SCRIPT submits it once the form is there).
ANSWERED_JS = "() => !!window.__bench && 'result:kovboy' in window.__bench"
#: Seconds a traced visit stays open after its answer, as a player reading the
#: verdict would: the worker's idle work (the snapshot, the warm-up) and the
#: browser's cache writes happen then.
HOLD_S = float(os.environ.get("CODE_CACHE_HOLD", "6"))
#: Events of the worker's JavaScript compiles, named by V8 / Blink.
JS_COMPILES = {"v8.compile", "v8.compileModule", "V8.CompileScript", "v8.produceCache", "v8.produceModuleCache"}
LAZY_JS = {"V8.CompileLazy", "V8.CompileCode", "v8.compileLazy"}


def poll(page, js: str, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if page.evaluate(js):
                return True
        except Exception:  # noqa: BLE001 - a page between documents
            pass
        page.wait_for_timeout(200)
    return False


def worker_threads(events: list[dict]) -> set[tuple]:
    """(pid, tid) of the engine's worker: the thread that compiled pyodide.asm.*."""
    found = set()
    for e in events:
        url = str(((e.get("args") or {}).get("data") or {}).get("url", "")) or str((e.get("args") or {}).get("fileName", ""))
        if "pyodide.asm" in url or "/engine/worker." in url:
            found.add((e.get("pid"), e.get("tid")))
    return found


def summarize(trace: bytes) -> dict:
    events = json.loads(trace).get("traceEvents", [])
    threads = worker_threads(events)
    out: dict = {"js": [], "wasm": defaultdict(int), "lazy_js_ms": 0.0, "lazy_js_n": 0,
                 "lazy_wasm_ms": 0.0, "lazy_wasm_n": 0}
    for e in events:
        name = e.get("name", "")
        dur = (e.get("dur") or 0) / 1000
        data = (e.get("args") or {}).get("data") or {}
        url = str(data.get("url", ""))
        if name in JS_COMPILES and ("pyodide" in url or "/engine/" in url):
            out["js"].append({"event": name, "file": url.rsplit("/", 1)[-1].split("?")[0], "ms": round(dur, 1),
                              "consumed": data.get("consumedCacheSize"), "rejected": data.get("cacheRejected"),
                              "produced": data.get("producedCacheSize"), "streamed": data.get("streamed")})
        elif name.startswith("v8.wasm.") or name in ("wasm.StreamingCompile", "wasm.SyncCompile",
                                                      "wasm.DeserializeModule", "wasm.SerializeModule"):
            out["wasm"][name] += 1
            out["wasm"][name + " ms"] = round(out["wasm"].get(name + " ms", 0) + dur, 1)
        elif (e.get("pid"), e.get("tid")) in threads and dur:
            if name in LAZY_JS:
                out["lazy_js_ms"] += dur
                out["lazy_js_n"] += 1
            elif name in ("wasm.CompileLazy", "wasm.LazyCompile"):
                out["lazy_wasm_ms"] += dur
                out["lazy_wasm_n"] += 1
    out["wasm"] = dict(out["wasm"])
    out["lazy_js_ms"] = round(out["lazy_js_ms"], 1)
    out["lazy_wasm_ms"] = round(out["lazy_wasm_ms"], 1)
    return out


def measure(site: Path, port: int) -> list[dict]:
    from playwright.sync_api import sync_playwright

    server = serve_in_thread(site, "127.0.0.1", port)
    base = f"http://127.0.0.1:{port}/"
    results = []
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="rules-code-cache-") as profile:
            context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True,
                                                           args=["--no-sandbox", "--disable-gpu"])
            context.add_init_script(INIT_SCRIPT)
            page = context.new_page()
            t0 = time.monotonic()
            page.goto(base + PAGE)
            ready = poll(page, READY_JS, 180)
            page.locator("#rb-calculator-kovboy").evaluate("el => { el.open = true; }")
            precached = poll(page, PRECACHED_JS, 180)
            # The snapshot is made after an answer: ask one (the bench's shot is not needed).
            page.evaluate("""() => import(new URL('assets/js/engine-client/engine-client.js', document.baseURI.replace(/games\\/.*$/, '')).href)
                .then((m) => m.call({op: 'games'}))""")
            snapshot = poll(page, SNAPSHOT_JS, 120)
            results.append({"visit": 1, "ready": ready, "precached": precached, "snapshot": snapshot,
                            "s": round(time.monotonic() - t0, 1)})
            page.close()
            browser = context.browser
            for visit in (2, 3, 4):
                page = context.new_page()
                if browser is not None:
                    browser.start_tracing(page=page, categories=CATEGORIES.split(","))
                    tracing = "browser"
                else:
                    cdp = context.new_cdp_session(page)
                    chunks: list[dict] = []
                    cdp.on("Tracing.dataCollected", lambda params: chunks.extend(params["value"]))
                    done: list = []
                    cdp.on("Tracing.tracingComplete", lambda params: done.append(True))
                    cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
                    tracing = "cdp"
                t0 = time.monotonic()
                page.goto(base + PAGE)
                ok = poll(page, ANSWERED_JS, 120)
                seconds = round(time.monotonic() - t0, 2)
                page.wait_for_timeout(500)
                if tracing == "browser":
                    trace = browser.stop_tracing()
                else:
                    cdp.send("Tracing.end")
                    end = time.monotonic() + 60
                    while not done and time.monotonic() < end:
                        page.wait_for_timeout(100)
                    trace = json.dumps({"traceEvents": chunks}).encode()
                row = {"visit": visit, "answered": ok, "s": seconds, **summarize(trace)}
                results.append(row)
                page.wait_for_timeout(HOLD_S * 1000)
                page.close()
            context.close()
    finally:
        server.shutdown()
        server.server_close()
    return results


def main(argv: list[str]) -> int:
    sites = [Path(a) for a in argv] or [ROOT / "bench-results" / "site"]
    print(f"[code-cache] load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    for i, site in enumerate(sites):
        print(f"[code-cache] {site}", flush=True)
        for row in measure(site, 8950 + i):
            print("  " + json.dumps(row, ensure_ascii=False), flush=True)
    print(f"[code-cache] load average {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
