"""Speed benchmark: the built site in headless Chromium on an emulated phone and unthrottled.

    .venv/bin/python scripts/bench.py                      # 3 cold, 5 warm, 5 offline runs per profile
    .venv/bin/python scripts/bench.py --cold 1 --warm 2 --offline 2 --profiles phone
    .venv/bin/python scripts/bench.py --no-docs            # do not rewrite docs/speed.md

What it does (several minutes; nothing is asserted, it prints and writes figures):

1. Builds the site into ``bench-results/site`` as it would be deployed: ``mkdocs build``
   with ``RULES_SITE_URL=http://127.0.0.1:<port>/`` (mkdocs-material's instant
   navigation only works with the real address), plus a **bare page**
   (``__bench/bare.html``) that only boots the same Pyodide runtime in a module
   worker (same files, same trimmed standard library, no engine, no theme), so our
   overhead over Pyodide itself is a ratio. ``site/sw.js`` is regenerated to list it.
2. Serves it like a static host: ``sitebuild/serve.py`` (gzip level 6 on the fly for
   text, JSON, JavaScript and WebAssembly; ``.zip``/``.whl`` as they are; ETag and
   ``304``; ``no-cache`` for pages, ``immutable`` for ``/pyodide/<version>/``). That is
   GitHub Pages' model (gzip, no brotli; Pages itself sends ``max-age=600``), over
   HTTP/1.1 on 127.0.0.1. The server counts every byte it sends (headers included):
   those are the "bytes transferred".
3. Drives Debian's Chromium through Playwright. Profiles:
   * ``phone``: 390×844 touch viewport; network through the Chrome DevTools Protocol
     (``Network.emulateNetworkConditions``: 1.6 Mbit/s down (204,800 B/s, Lighthouse's
     "Slow 4G"), 150 ms added per request, 675 kbit/s up); CPU slowed 4×. CDP's
     ``Emulation.setCPUThrottlingRate`` slows only a page's main thread (a worker
     target answers "Operation is only supported for pages, not workers"), and the
     rules engine runs in a worker, so by default (``--cpu process``) the renderer
     processes of this browser are slowed instead: stopped (SIGSTOP) and let run
     (SIGCONT) in 20 ms cycles, which slows every thread of the page alike (main
     thread, engine worker, service worker). The share of stopped time is
     calibrated first so that a busy loop in a page runs 4× slower than without it
     (on a machine that other work loads, 3/4 stopped slows it less than 4×); the
     measured slowdown is printed and written with the results. ``--cpu cdp`` uses
     CDP's main-thread throttling (the worker then runs at full speed);
   * ``desktop``: 1280×900, no throttling.
4. For each profile, visits: **cold** (a fresh browser context: empty HTTP cache,
   no service worker), then in the same context **warm** (online, the service worker
   serves the site) and **offline** (the context's offline switch on AND the server
   answering 503 to anything that reaches it). The bare page is measured the same
   way (cold in its own fresh context; warm and offline under the same service
   worker, which lists it). Every visit opens ``games/kovboy/`` in a new tab and
   submits the calculator's form as it is, the moment the form is on the page
   (an in-page script, so Playwright's own latency is not measured). Measured from
   the navigation's start, inside the page (``performance.now()``):
   * **text**: the largest contentful paint (the rule text on screen);
   * **result**: the first calculator result (``.rb-ruling``) in the page;
   * **bytes**: what the server sent for requests made before the result;
   * **next page**: after the result, a click on «Пять шаров» in the navigation
     (instant navigation: the worker and Python stay), until that page's
     calculator has answered;
   * cold visits also: when the site was saved for offline use, and its bytes.
   Medians of the runs, runs interleaved (ours, bare, ours, ...) so that the load of
   a shared machine hits both alike. The load average is printed with the results.
5. Writes ``bench-results/bench-<time>.json`` and ``.md``, and the table between the
   markers in ``docs/speed.md`` (the «Скорость» page), with the date and the machine.

Targets (from the issue; reported, never asserted): offline, phone: result ≤ 4 s;
cold, phone: text ≤ 2.5 s, result ≤ 28 s, ≤ 4.5 MB; next page ≤ 0.3 s;
result ÷ bare Pyodide ready ≤ 1.10 (same profile, same kind of visit).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild import offline, runtime  # noqa: E402
from sitebuild.serve import serve  # noqa: E402

OUT = ROOT / "bench-results"
SITE = OUT / "site"
DOCS_PAGE = ROOT / "docs" / "speed.md"
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PAGE = "games/kovboy/"
NEXT_TITLE = "Пять шаров"  # the navigation link clicked after the first result
NEXT_GAME = "pyat-sharov"
GAME = "kovboy"
BARE = "__bench/bare.html"

#: Lighthouse "Slow 4G": 1.6 Mbit/s down, 150 ms round trip, 675 kbit/s up; CPU 4x.
PHONE_NET = {"offline": False, "latency": 150, "downloadThroughput": 1.6 * 1024 * 1024 / 8,
             "uploadThroughput": 675 * 1024 / 8, "connectionType": "cellular4g"}
CPU_SLOWDOWN = 4
TARGETS = {"offline_result": 4.0, "cold_text": 2.5, "cold_result": 28.0, "cold_mb": 4.5,
           "next_page": 0.3, "ratio": 1.10}
TIMEOUT_MS = 240_000

# --------------------------------------------------------------------------- the bare page

BARE_HTML = """<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>Pyodide без сайта</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body><p id="state">Загрузка Pyodide…</p>
<script type="module">
// Benchmark baseline: boot the site's Pyodide runtime (same files, same options as
// docs/assets/engine/worker.mjs, but no engine package) in a module worker.
const worker = new Worker(new URL("bare-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = (e) => {
  window.__bench = window.__bench || {};
  if (e.data === "ready") window.__bench.result = performance.now();
  document.getElementById("state").textContent = e.data === "ready" ? "Готово" : String(e.data);
};
</script></body></html>
"""

#: Prepended to both workers in the benchmark's copy: stage times on a BroadcastChannel
#: (absolute ms), which the page's init script turns into marks "w:<stage>".
WORKER_MARKS = """const __benchChannel = new BroadcastChannel("rules-bench");
const __benchMark = (stage) => __benchChannel.postMessage({ stage, t: performance.timeOrigin + performance.now() });
__benchMark("start");
"""

BARE_WORKER = WORKER_MARKS + """const indexURL = new URL("../pyodide/%(path)s", self.location.href).href;
try {
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  __benchMark("runtime");
  const pyodide = await loadPyodide({
    indexURL, lockFileURL: indexURL + "pyodide-lock.json", stdLibURL: indexURL + "%(stdlib)s",
    packageBaseUrl: indexURL, stdout: () => {}, stderr: () => {},
  });
  __benchMark("rules");
  pyodide.runPython("1 + 1");
  __benchMark("ready");
  self.postMessage("ready");
} catch (err) {
  self.postMessage("failed: " + err);
}
"""

# In every document: when the calculator appears, submit its form as it is, and
# note when things happen (ms since the navigation's start).
INIT_SCRIPT = """(() => {
  const marks = (window.__bench = window.__bench || {});
  const now = () => performance.now();
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) marks.lcp = e.renderTime || e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch (e) {}
  try {
    new BroadcastChannel("rules-bench").onmessage = (e) => {
      const key = "w:" + e.data.stage;
      if (!(key in marks)) marks[key] = e.data.t - performance.timeOrigin;
    };
  } catch (e) {}
  const submitted = new Set();
  const check = () => {
    for (const root of document.querySelectorAll('[data-rb-tool="calculator"][data-rb-mounted]')) {
      const game = root.dataset.rbGame;
      if (!submitted.has(game)) {
        submitted.add(game);
        marks["submit:" + game] = now();
        root.querySelector("form").requestSubmit();
      }
      const key = "result:" + game;
      if (!(key in marks)) {
        if (root.querySelector("[data-rb-result] .rb-ruling")) marks[key] = now();
        const err = root.querySelector("form [data-rb-error]");
        if (err && !err.hidden && err.textContent.trim()) { marks[key] = now(); marks["error:" + game] = err.textContent; }
      }
    }
    if (!("saved" in marks) && document.documentElement.dataset.rbOffline === "saved") marks.saved = now();
  };
  const start = () => {
    new MutationObserver(check).observe(document.documentElement, { childList: true, subtree: true, attributes: true,
      attributeFilter: ["data-rb-mounted", "data-rb-offline", "hidden"] });
    check();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
})();"""


def build_site(port: int, variant: str) -> dict:
    info = runtime.ensure_built(quiet=True)
    env = dict(os.environ, RULES_SITE_URL=f"http://127.0.0.1:{port}/", NO_MKDOCS_2_WARNING="1")
    print(f"[bench] mkdocs build -> {SITE.relative_to(ROOT)} (site_url http://127.0.0.1:{port}/)", flush=True)
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(SITE)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode != 0 or not (SITE / PAGE / "index.html").is_file():
        raise SystemExit(f"[bench] mkdocs build failed:\n{proc.stdout}\n{proc.stderr}")
    bare = SITE / "__bench"
    bare.mkdir(exist_ok=True)
    (bare / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (bare / "bare-worker.mjs").write_text(BARE_WORKER % {"path": info["path"], "stdlib": info["stdlib"]},
                                          encoding="utf-8")
    worker = SITE / "assets" / "engine" / "worker.mjs"
    text = worker.read_text(encoding="utf-8")
    hooks = (("function progress(stage, text) {", "function progress(stage, text) {\n  __benchMark(stage);"),
             ('self.postMessage({ type: "ready" });', '__benchMark("ready");\n    self.postMessage({ type: "ready" });'))
    if all(text.count(old) == 1 for old, _ in hooks):
        for old, new in hooks:
            text = text.replace(old, new)
        worker.write_text(WORKER_MARKS + text, encoding="utf-8")
    else:
        print("[bench] worker.mjs changed: no stage marks from the engine's worker", flush=True)
    if variant == "wheel-source":  # measure the wheel as source instead of byte code
        _ship_source_wheel(SITE / "pyodide" / info["path"], info["wheel"])
    if variant == "preload":  # measure what preload hints for the runtime would bring
        for page in SITE.rglob("*.html"):
            depth = len(page.relative_to(SITE).parts) - 1
            base = "/" if page.name == "404.html" else "../" * depth
            links = "".join(f'<link rel="preload" href="{base}{path}" as="fetch" crossorigin>\n'
                            for path in offline.runtime_files(info))
            text = page.read_text(encoding="utf-8")
            page.write_text(text.replace("</head>", links + "</head>", 1), encoding="utf-8")
    offline.write_service_worker(SITE)
    return info


def _ship_source_wheel(folder: Path, wheel: str) -> None:
    """Variant wheel-source: the source wheel of build/wheel/ instead of the byte-code one."""
    import hashlib

    path = folder / wheel
    shutil.copyfile(ROOT / "build" / "wheel" / wheel, path)
    lock_path = folder / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        if entry.get("file_name") == wheel:
            entry["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"[bench] variant wheel-source: {wheel} is {path.stat().st_size} B of source", flush=True)


# --------------------------------------------------------------------------- the server

class Counter:
    """Bytes the server sent, per request: (start time, path, bytes)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests: list[list] = []
        self.down = False

    def bytes_between(self, t0: float, t1: float) -> int:
        with self.lock:
            return sum(r[2] for r in self.requests if t0 <= r[0] <= t1)

    def paths_between(self, t0: float, t1: float) -> list[str]:
        with self.lock:
            return [r[1] for r in self.requests if t0 <= r[0] <= t1]


class _CountingWriter:
    def __init__(self, raw, record):
        self._raw, self._record = raw, record

    def write(self, data):
        self._record[2] += len(data)
        return self._raw.write(data)

    def flush(self):
        return self._raw.flush()

    def __getattr__(self, name):
        return getattr(self._raw, name)


def start_server(port: int, counter: Counter, precompressed: bool = False):
    server = serve(SITE, "127.0.0.1", port, precompressed=precompressed)

    class Handler(server.RequestHandlerClass):
        def handle_one_request(self):
            record = [time.monotonic(), "", 0]
            self.wfile = _CountingWriter(self._raw_wfile, record)
            super().handle_one_request()
            if record[2]:
                record[1] = getattr(self, "path", "")
                with counter.lock:
                    counter.requests.append(record)

        def setup(self):
            super().setup()
            self._raw_wfile = self.wfile

        def _respond(self, head):
            if counter.down:
                self.send_error(503)
                return
            super()._respond(head)

    server.RequestHandlerClass = Handler
    threading.Thread(target=server.serve_forever, name="bench-server", daemon=True).start()
    return server


# --------------------------------------------------------------------------- CPU slowdown

class RendererSlowdown(threading.Thread):
    """Slow every renderer process of one browser by ``factor``: SIGSTOP / SIGCONT duty cycle."""

    PERIOD = 0.020

    def __init__(self, marker: str, factor: float):
        super().__init__(name="renderer-slowdown", daemon=True)
        self.marker, self.factor = marker, factor
        self.active = threading.Event()
        self.stopped = threading.Event()
        self.pids: list[int] = []
        self.ran = self.held = 0.0

    def _renderers(self) -> list[int]:
        parent: dict[int, int] = {}
        cmd: dict[int, str] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                parent[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
                cmd[int(entry)] = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(
                    errors="replace")
            except (OSError, ValueError, IndexError):
                continue
        roots = {pid for pid, c in cmd.items() if self.marker in c and "--type=" not in c}
        tree, changed = set(roots), True
        while changed:
            changed = False
            for pid, ppid in parent.items():
                if ppid in tree and pid not in tree:
                    tree.add(pid)
                    changed = True
        return [pid for pid in tree if "--type=renderer" in cmd.get(pid, "")]

    def _signal(self, sig):
        for pid in self.pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass

    def run(self):
        refresh = 0.0
        while not self.stopped.is_set():
            if not self.active.wait(0.1):
                continue
            now = time.monotonic()
            if now - refresh > 0.25:
                self.pids, refresh = self._renderers(), now
            # Keep the running share at 1/factor over the whole run, whatever sleep() overshoots.
            run_for = self.PERIOD / self.factor
            hold_for = (self.factor - 1) * (self.ran + run_for) - self.held
            hold_for = min(max(hold_for, 0.0), 3 * self.PERIOD)
            t0 = time.monotonic()
            self._signal(signal.SIGSTOP)
            time.sleep(hold_for)
            self._signal(signal.SIGCONT)
            t1 = time.monotonic()
            time.sleep(run_for)
            t2 = time.monotonic()
            self.held += t1 - t0
            self.ran += t2 - t1
        self._signal(signal.SIGCONT)

    def achieved(self) -> float | None:
        return (self.ran + self.held) / self.ran if self.ran else None

    def stop(self):
        self.stopped.set()
        self.join(2)
        self._signal(signal.SIGCONT)


CALIBRATION_JS = """(n) => { const t = performance.now(); let x = 0;
  for (let i = 0; i < n; i++) x = (x + i * 7) % 1000003; return [performance.now() - t, x]; }"""


def calibrate(browser, slowdown: RendererSlowdown, target: float = CPU_SLOWDOWN) -> dict:
    """Tune the duty cycle until a busy loop in a page runs ``target`` times slower.

    On a machine that other work also loads, stopping a renderer for 3/4 of the time
    slows it less than 4x (it was not running all of that time anyway), so the
    factor is measured, not assumed: median of 3 loops slowed / median of 5 free."""
    context = browser.new_context()
    page = context.new_page()
    page.goto("about:blank")

    def loop(n):
        return page.evaluate(CALIBRATION_JS, n)[0]

    n = 2_000_000
    loop(n)  # let the JIT compile it first
    while loop(n) < 400 and n < 4_000_000_000:  # 0.4-0.8 s free: many 20 ms cycles
        n *= 2
    free = statistics.median(loop(n) for _ in range(5))
    factor, measured = float(target), None
    for _ in range(5):
        slowdown.factor = factor
        slowdown.ran = slowdown.held = 0.0
        slowdown.active.set()
        time.sleep(0.3)
        measured = statistics.median(loop(n) for _ in range(3)) / free
        slowdown.active.clear()
        if abs(measured - target) / target <= 0.1:
            break
        factor = min(16.0, max(1.5, factor * target / measured))
    context.close()
    slowdown.ran = slowdown.held = 0.0
    print(f"[bench] CPU: duty factor {slowdown.factor:.1f} -> measured slowdown {measured:.1f}x "
          f"(busy loop {free:.0f} ms free)", flush=True)
    return {"duty_factor": slowdown.factor, "measured": measured, "free_ms": free}


# --------------------------------------------------------------------------- visits

class Profile:
    def __init__(self, name: str, throttled: bool, context_options: dict):
        self.name, self.throttled, self.context_options = name, throttled, context_options


PROFILES = {
    "phone": Profile("phone", True, {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                                     "is_mobile": True, "has_touch": True}),
    "desktop": Profile("desktop", False, {"viewport": {"width": 1280, "height": 900}}),
}


class Bench:
    def __init__(self, args, browser, counter: Counter, slowdown: RendererSlowdown | None):
        self.args, self.browser, self.counter, self.slowdown = args, browser, counter, slowdown
        self.base = f"http://127.0.0.1:{args.port}/"

    def context(self, profile: Profile):
        context = self.browser.new_context(locale="ru-RU", **profile.context_options)
        context.add_init_script(INIT_SCRIPT)
        context.set_default_timeout(TIMEOUT_MS)
        return context

    def visit(self, context, profile: Profile, path: str, *, offline_mode: bool = False, next_page: bool = True) -> dict:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        if profile.throttled and not offline_mode:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", PHONE_NET)
            if self.args.cpu == "cdp":
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        if self.slowdown and profile.throttled:
            self.slowdown.active.set()
        bare = path == BARE
        key = "result" if bare else f"result:{GAME}"
        t_start = time.monotonic()
        try:
            page.goto(self.base + path, wait_until="commit", timeout=TIMEOUT_MS)
            page.wait_for_function(f"window.__bench && {json.dumps(key)} in window.__bench", timeout=TIMEOUT_MS)
            marks = page.evaluate("window.__bench")
            t_result = t_start + marks[key] / 1000
            row = {
                "stages": {k[2:]: round(v / 1000, 3) for k, v in marks.items() if k.startswith("w:")},
                "text": marks.get("lcp") / 1000 if marks.get("lcp") else None,
                "result": marks[key] / 1000,
                "bytes": self.counter.bytes_between(t_start, t_result),
                "error": marks.get(f"error:{GAME}"),
            }
            if not bare and next_page:
                t0 = page.evaluate("""(title) => {
                    const link = [...document.querySelectorAll('a.md-nav__link')].find(a => a.textContent.includes(title));
                    const t = performance.now(); link.click(); return t; }""", NEXT_TITLE)
                page.wait_for_function(f"'result:{NEXT_GAME}' in window.__bench", timeout=TIMEOUT_MS)
                marks = page.evaluate("window.__bench")
                row["next_page"] = (marks[f"result:{NEXT_GAME}"] - t0) / 1000
                # The same document (instant navigation), not a page load: the marks survived.
                row["next_page_instant"] = f"submit:{GAME}" in marks
            if not bare and self.args.wait_saved and not offline_mode and "saved" not in marks:
                try:
                    page.wait_for_function("'saved' in window.__bench", timeout=TIMEOUT_MS)
                    marks = page.evaluate("window.__bench")
                except Exception:  # noqa: BLE001 - reported as missing
                    pass
            if "saved" in marks:
                row["saved"] = marks["saved"] / 1000
                row["saved_bytes"] = self.counter.bytes_between(t_start, t_start + marks["saved"] / 1000 + 0.5)
        finally:
            if self.slowdown:
                self.slowdown.active.clear()
            page.close()
        row["page_errors"] = errors
        return row

    def run_profile(self, profile: Profile) -> dict:
        runs: dict[str, list[dict]] = {k: [] for k in (
            "cold", "warm", "offline", "bare_cold", "bare_warm", "bare_offline")}
        warm_context = None
        for i in range(self.args.cold):
            context = self.context(profile)
            print(f"[bench] {profile.name}: cold {i + 1}/{self.args.cold}", flush=True)
            runs["cold"].append(self.visit(context, profile, PAGE))
            if warm_context is None:
                warm_context = context  # keeps its service worker and caches for warm/offline
                if "saved" not in runs["cold"][-1]:
                    print("[bench] warning: the site was not saved for offline use", flush=True)
            else:
                context.close()
            bare_context = self.context(profile)
            runs["bare_cold"].append(self.visit(bare_context, profile, BARE))
            bare_context.close()
            print(f"         ours {fmt(runs['cold'][-1])}; bare {fmt(runs['bare_cold'][-1])}", flush=True)
        for kind, n, off in (("warm", self.args.warm, False), ("offline", self.args.offline, True)):
            if off:
                warm_context.set_offline(True)
                self.counter.down = True
            for i in range(n):
                print(f"[bench] {profile.name}: {kind} {i + 1}/{n}", flush=True)
                runs[kind].append(self.visit(warm_context, profile, PAGE, offline_mode=off))
                runs["bare_" + kind].append(self.visit(warm_context, profile, BARE, offline_mode=off))
                print(f"         ours {fmt(runs[kind][-1])}; bare {fmt(runs['bare_' + kind][-1])}", flush=True)
            if off:
                warm_context.set_offline(False)
                self.counter.down = False
        warm_context.close()
        return runs


def fmt(row: dict) -> str:
    parts = [f"result {row['result']:.2f} s"]
    if row.get("text") is not None:
        parts.insert(0, f"text {row['text']:.2f} s")
    parts.append(f"{row['bytes'] / 1e6:.2f} MB")
    if "next_page" in row:
        parts.append(f"next page {row['next_page']:.2f} s")
    if "saved" in row:
        parts.append(f"saved {row['saved']:.1f} s / {row['saved_bytes'] / 1e6:.2f} MB")
    if row.get("stages"):
        parts.append("stages " + " ".join(f"{k}={v:.2f}" for k, v in row["stages"].items()))
    if row.get("error"):
        parts.append(f"ERROR {row['error']!r}")
    if row.get("page_errors"):
        parts.append(f"page errors {row['page_errors']}")
    return ", ".join(parts)


def median(rows: list[dict], key: str):
    values = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(values) if values else None


def summarize(runs: dict) -> dict:
    out = {}
    for kind in ("cold", "warm", "offline"):
        ours, bare = runs[kind], runs["bare_" + kind]
        result, bare_result = median(ours, "result"), median(bare, "result")
        out[kind] = {
            "n": len(ours),
            "text": median(ours, "text"),
            "result": result,
            "bytes": median(ours, "bytes"),
            "next_page": median(ours, "next_page"),
            "saved": median(ours, "saved"),
            "saved_bytes": median(ours, "saved_bytes"),
            "bare_result": bare_result,
            "bare_bytes": median(bare, "bytes"),
            "ratio": result / bare_result if result and bare_result else None,
            "min_result": min((r["result"] for r in ours), default=None),
            "max_result": max((r["result"] for r in ours), default=None),
        }
    return out


# --------------------------------------------------------------------------- report

def machine(browser_version: str) -> dict:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "chromium": browser_version,
            "os": platform.platform(terse=True), "python": platform.python_version()}


def plural(n: int, one: str, few: str, many: str) -> str:
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def decimal(v: float, digits: int) -> str:
    return f"{v:.{digits}f}".replace(".", ",")


def secs(v, digits=1):
    return "—" if v is None else f"{v:.{digits}f}".replace(".", ",") + " с"


def mb(v):
    if v is None:
        return "—"
    if v < 100_000:
        return f"{round(v / 1000)} КБ"
    return decimal(v / 1e6, 2) + " МБ"


def ratio(v):
    return "—" if v is None else f"{v:.2f}".replace(".", ",")


def mark(ok):
    return "" if ok is None else (" ✓" if ok else " ✗")


def check(value, limit):
    return None if value is None else value <= limit


def markdown(report: dict) -> str:
    m = report["machine"]
    lines = [
        f"Замер от {report['date']}: {m['cpu']}, {m['cores']} {plural(m['cores'], 'ядро', 'ядра', 'ядер')}, "
        f"Chromium {m['chromium']}, Pyodide {report['pyodide']}; нагрузка машины (load average) "
        f"{decimal(report['load_before'], 1)} до замера и {decimal(report['load_after'], 1)} после. "
        f"Хостинг как GitHub Pages: gzip, без brotli. Медианы: холодных визитов "
        f"{report['counts']['cold']}, тёплых {report['counts']['warm']}, без сети {report['counts']['offline']}."
        + (f" Вариант для сравнения: {report['variant']}." if report.get("variant", "default") != "default" else ""),
        "",
    ]
    for name, profile in report["profiles"].items():
        title = {"phone": "Телефон (сеть 1,6 Мбит/с, 150 мс; процессор в 4 раза медленнее)",
                 "desktop": "Компьютер без ограничений"}[name]
        if name == "phone" and report.get("cpu_achieved"):
            title += f"; замедление процессора по контрольному циклу {decimal(report['cpu_achieved'], 1)}×"
        lines += [f"**{title}**", "",
                  "| визит | текст правил | первый расчёт | передано | другая игра | голый Pyodide | отношение |",
                  "|---|---:|---:|---:|---:|---:|---:|"]
        for kind, label in (("cold", "первый (пустой кэш)"), ("warm", "повторный"), ("offline", "без сети")):
            s = profile[kind]
            phone = name == "phone"
            text_ok = check(s["text"], TARGETS["cold_text"]) if phone and kind == "cold" else None
            res_limit = {"cold": TARGETS["cold_result"], "offline": TARGETS["offline_result"]}.get(kind)
            res_ok = check(s["result"], res_limit) if phone and res_limit else None
            mb_ok = check(s["bytes"] / 1e6 if s["bytes"] is not None else None, TARGETS["cold_mb"]) \
                if phone and kind == "cold" else None
            lines.append(
                f"| {label} | {secs(s['text'])}{mark(text_ok)} | {secs(s['result'])}{mark(res_ok)} "
                f"| {mb(s['bytes'])}{mark(mb_ok)} | {secs(s['next_page'], 2)}{mark(check(s['next_page'], TARGETS['next_page']))} "
                f"| {secs(s['bare_result'])} | {ratio(s['ratio'])}{mark(check(s['ratio'], TARGETS['ratio']))} |")
        cold = profile["cold"]
        if cold.get("saved") is not None:
            lines += ["", f"Сайт целиком сохранён для работы без сети через {secs(cold['saved'])} после "
                          f"начала первого визита; всего передано {mb(cold['saved_bytes'])}."]
        lines.append("")
    lines += ["Цели (✓ — достигнута, ✗ — нет): без сети на телефоне первый расчёт ≤ 4 с; первый визит "
              "на телефоне: текст ≤ 2,5 с, расчёт ≤ 28 с, передано ≤ 4,5 МБ; другая игра ≤ 0,3 с; "
              "отношение к голому Pyodide ≤ 1,10."]
    return "\n".join(lines) + "\n"


def write_docs(table: str) -> None:
    text = DOCS_PAGE.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{DOCS_PAGE}: нет маркеров {BEGIN} / {END}")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOCS_PAGE.write_text(f"{head}{BEGIN}\n{table}{END}{tail}", encoding="utf-8")


# --------------------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cold", type=int, default=3, help="cold visits per profile (default 3)")
    parser.add_argument("--warm", type=int, default=5, help="warm visits per profile (default 5)")
    parser.add_argument("--offline", type=int, default=5, help="offline visits per profile (default 5)")
    parser.add_argument("--profiles", default="phone,desktop", help="phone,desktop (default both)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--cpu", choices=("process", "cdp", "none"), default="process",
                        help="how the phone's 4x slower CPU is emulated (default: process)")
    parser.add_argument("--variant", choices=("default", "preload", "wheel-source"), default="default",
                        help="preload: add <link rel=preload> for the runtime files to the pages; wheel-source: "
                             "ship the engine's wheel as source, not byte code (both to measure them)")
    parser.add_argument("--no-build", action="store_true", help="reuse bench-results/site")
    parser.add_argument("--precompressed", action="store_true",
                        help="serve the build's .br/.gz copies (a brotli_static host) instead of gzip "
                             "on the fly; docs/speed.md is not rewritten")
    parser.add_argument("--no-docs", action="store_true", help="do not rewrite the table in docs/speed.md")
    parser.add_argument("--no-wait-saved", dest="wait_saved", action="store_false",
                        help="do not wait for the service worker to save the site on cold visits")
    parser.add_argument("--render", metavar="JSON",
                        help="measure nothing: print the table of an earlier run (and write it to the docs)")
    args = parser.parse_args(argv)
    args.no_docs = args.no_docs or args.precompressed  # the page's table is the gzip host's
    if args.render:
        report = json.loads(Path(args.render).read_text(encoding="utf-8"))
        table = markdown(report)
        print(table)
        if not args.no_docs and report.get("variant", "default") == "default":
            write_docs(table)
            print(f"[bench] {DOCS_PAGE.relative_to(ROOT)}: таблица обновлена")
        return 0
    profiles = [PROFILES[p] for p in args.profiles.split(",") if p]

    OUT.mkdir(exist_ok=True)
    if args.no_build and (SITE / PAGE / "index.html").is_file():
        info = runtime.load_info()
    else:
        info = build_site(args.port, args.variant)
    counter = Counter()
    server = start_server(args.port, counter, args.precompressed)
    marker = f"--bench-run={uuid.uuid4().hex}"
    load_before = os.getloadavg()[0]
    from playwright.sync_api import sync_playwright

    slowdown = None
    report: dict = {"profiles": {}, "runs": {}}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, marker])
            if args.cpu == "process":
                slowdown = RendererSlowdown(marker, CPU_SLOWDOWN)
                slowdown.start()
                if "phone" in args.profiles:
                    report["cpu_calibration"] = calibrate(browser, slowdown)
            bench = Bench(args, browser, counter, slowdown)
            for profile in profiles:
                runs = bench.run_profile(profile)
                report["runs"][profile.name] = runs
                report["profiles"][profile.name] = summarize(runs)
            report["machine"] = machine(browser.version)
            browser.close()
    finally:
        if slowdown:
            slowdown.stop()
        server.shutdown()
        server.server_close()

    now = dt.datetime.now()
    report.update({
        "date": now.strftime("%d.%m.%Y %H:%M"), "iso": now.isoformat(timespec="seconds"),
        "pyodide": info["version"], "load_before": load_before, "load_after": os.getloadavg()[0],
        "counts": {"cold": args.cold, "warm": args.warm, "offline": args.offline},
        "cpu_model": args.cpu, "variant": args.variant,
        "host": "brotli_static" if args.precompressed else "gzip",
        "cpu_achieved": (report.get("cpu_calibration") or {}).get("measured"),
        "targets": TARGETS,
    })
    table = markdown(report)
    stamp = now.strftime("%Y%m%d-%H%M%S")
    (OUT / f"bench-{stamp}.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    (OUT / f"bench-{stamp}.md").write_text(table, encoding="utf-8")
    shutil.copyfile(OUT / f"bench-{stamp}.json", OUT / "latest.json")
    print("\n" + table)
    print(f"[bench] bench-results/bench-{stamp}.json, .md")
    if not args.no_docs and args.variant == "default":
        write_docs(table)
        print(f"[bench] {DOCS_PAGE.relative_to(ROOT)}: таблица обновлена")
    return 0


if __name__ == "__main__":
    sys.exit(main())
