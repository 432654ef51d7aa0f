"""Probe (issue 19), on the README's build in site/: (1) what a cold desktop visit
downloads before the first answer, request by request; (2) where a page swap
(instant navigation to another game) spends the main thread's time with the CPU
throttled by CDP (default 4x): trace events and a CPU profile.

    .venv/bin/python scripts/bench/probe_swap.py [rate]
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

import bench.server as bench_server  # noqa: E402
from bench import GAME, NEXT_GAME, NEXT_TITLE, PAGE  # noqa: E402
from bench.code_cache import CHROMIUM, poll  # noqa: E402
from bench.driver import INIT_SCRIPT, PRECACHED_JS, SNAPSHOT_JS, WARMED_JS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

# The README's build (scripts/build.sh), not the bench's copy.
bench_server.SITE = ROOT / "site"
ANSWERED_JS = f"() => !!window.__bench && 'result:{GAME}' in window.__bench"
RATE = float(sys.argv[1]) if len(sys.argv) > 1 else 4
counter = bench_server.Counter()
server = bench_server.start_server(8971, counter)
base = "http://127.0.0.1:8971/"


with sync_playwright() as p, tempfile.TemporaryDirectory() as prof:
    ctx = p.chromium.launch_persistent_context(prof, executable_path=CHROMIUM, headless=True,
                                               args=["--no-sandbox", "--disable-gpu"])
    ctx.add_init_script(INIT_SCRIPT)
    page = ctx.new_page()
    t0 = time.monotonic()
    page.goto(base + PAGE, wait_until="commit")
    poll(page, ANSWERED_JS, 180)
    t1 = t0 + page.evaluate("window.__bench")[f"result:{GAME}"] / 1000
    with counter.lock:
        reqs = [r for r in counter.requests if t0 <= r[0] <= t1]
    total = sum(r[2] for r in reqs)
    print(f"cold visit: {len(reqs)} requests, {total/1e6:.3f} MB before the first answer")
    groups = defaultdict(lambda: [0, 0])
    for _, path, n in reqs:
        ext = path.split("?")[0].rsplit(".", 1)[-1] if "." in path.rsplit("/", 1)[-1] else "html"
        groups[ext][0] += 1; groups[ext][1] += n
    for ext, (c, n) in sorted(groups.items(), key=lambda kv: -kv[1][1]):
        print(f"  {ext:8} {c:3} requests {n/1024:8.1f} KB")
    for _, path, n in sorted(reqs, key=lambda r: -r[2])[:40]:
        print(f"    {n/1024:8.1f} KB  {path}")
    poll(page, PRECACHED_JS, 180); poll(page, SNAPSHOT_JS, 120)
    page.close()
    # A snapshot visit, then the swap, traced.
    for attempt in range(2):
        page = ctx.new_page()
        page.goto(base + PAGE, wait_until="commit")
        poll(page, ANSWERED_JS, 180)
        page.wait_for_timeout(4000)
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
        chunks, done = [], []
        cdp.on("Tracing.dataCollected", lambda params: chunks.extend(params["value"]))
        cdp.on("Tracing.tracingComplete", lambda params: done.append(True))
        cdp.send("Profiler.enable"); cdp.send("Profiler.setSamplingInterval", {"interval": 200}); cdp.send("Profiler.start")
        cdp.send("Tracing.start", {"categories": "devtools.timeline,disabled-by-default-devtools.timeline,v8,blink.user_timing,loading", "transferMode": "ReportEvents"})
        tclick = page.evaluate("""(title) => {
            const link = [...document.querySelectorAll('a.md-nav__link')].find(a => a.textContent.includes(title));
            const t = performance.now(); link.click(); return t; }""", NEXT_TITLE)
        poll(page, f"() => !!window.__bench && 'result:{NEXT_GAME}' in window.__bench", 60)
        marks = page.evaluate("window.__bench")
        profile = cdp.send("Profiler.stop")["profile"]
        cdp.send("Tracing.end")
        end = time.monotonic() + 60
        while not done and time.monotonic() < end:
            page.wait_for_timeout(100)
        shown = marks[f"shown:{NEXT_GAME}"] - tclick; result = marks[f"result:{NEXT_GAME}"] - tclick
        print(f"\nswap {attempt+1} (CPU x{RATE}): form shown {shown:.0f} ms, answer {result:.0f} ms after the click")
        # main thread = thread of the renderer with most 'RunTask' in CrRendererMain
        names = {}
        for e in chunks:
            if e.get("name") == "thread_name":
                names[(e["pid"], e["tid"])] = e["args"]["name"]
        main = [k for k, v in names.items() if v == "CrRendererMain"]
        ts0 = None
        for e in chunks:
            if e.get("name") in ("EventDispatch",) and (e.get("args", {}).get("data", {}) or {}).get("type") == "click":
                ts0 = e["ts"]; break
        agg = defaultdict(float); cnt = defaultdict(int)
        for e in chunks:
            if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and ts0 and ts0 <= e["ts"] <= ts0 + result * 1000:
                agg[e["name"]] += e.get("dur", 0) / 1000; cnt[e["name"]] += 1
        for k in ("RunTask", "ParseHTML", "EvaluateScript", "v8.evaluateModule", "FunctionCall", "EventDispatch", "TimerFire", "FireAnimationFrame",
                  "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "ParseAuthorStyleSheet", "v8.compile", "V8.GC_MC_BACKGROUND_MARKING",
                  "MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCFinalizeMC", "HitTest", "IntersectionObserverController::computeIntersections", "ScheduleStyleRecalculation", "InvalidateLayout", "XHRReadyStateChange", "ResourceReceivedData"):
            if agg.get(k):
                print(f"  {k:40} {agg[k]:7.1f} ms ({cnt[k]})")
        # CPU profile: self time per url and per function
        nodes = {n["id"]: n for n in profile["nodes"]}
        dt = profile["timeDeltas"]; samples = profile["samples"]
        self_ms = defaultdict(float)
        for sid, d in zip(samples, dt[1:] + [0]):
            self_ms[sid] += d / 1000
        by_url = defaultdict(float); by_fn = defaultdict(float)
        for sid, ms in self_ms.items():
            cf = nodes[sid]["callFrame"]
            url = cf["url"].rsplit("/", 1)[-1] or "(native)"
            by_url[url] += ms
            by_fn[f"{cf['functionName'] or '(anon)'} {url}:{cf['lineNumber']}"] += ms
        print("  CPU profile self time by file:")
        for k, v in sorted(by_url.items(), key=lambda kv: -kv[1])[:14]:
            print(f"    {v:7.1f} ms  {k}")
        print("  by function:")
        for k, v in sorted(by_fn.items(), key=lambda kv: -kv[1])[:25]:
            print(f"    {v:7.1f} ms  {k}")
        (ROOT / "bench-results" / f"swap{attempt + 1}.json").write_text(json.dumps({"traceEvents": chunks}))
        page.close()
    ctx.close()
server.shutdown()
