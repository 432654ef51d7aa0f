"""Probe (issue 19), on the README's build in site/: a CPU profile of the engine's
worker during snapshot boots (desktop, unthrottled), self time per file and
function, from the trace's ProfileChunk events; each trace is written to
bench-results/restore<N>.json for chrome://tracing.

    .venv/bin/python scripts/bench/probe_restore.py [visits]
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
counter = bench_server.Counter()
server = bench_server.start_server(8972, counter)
base = "http://127.0.0.1:8972/"
CATS = "disabled-by-default-v8.cpu_profiler,v8,v8.wasm,devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing"
with sync_playwright() as p, tempfile.TemporaryDirectory() as prof:
    ctx = p.chromium.launch_persistent_context(prof, executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
    ctx.add_init_script(INIT_SCRIPT)
    page = ctx.new_page(); page.goto(base + PAGE, wait_until="commit"); poll(page, ANSWERED_JS, 180)
    poll(page, PRECACHED_JS, 180); poll(page, SNAPSHOT_JS, 120); page.close()
    page = ctx.new_page(); page.goto(base + PAGE, wait_until="commit"); poll(page, ANSWERED_JS, 180)
    print("warmed:", poll(page, WARMED_JS, 120), "stored MB", page.evaluate("async () => { const c = await caches.open(\"rules-engine-snapshot\"); const k = (await c.keys()).find(r => r.url.endsWith(\"__engine-snapshot\")); return (await (await c.match(k)).arrayBuffer()).byteLength / 1e6; }")); page.wait_for_timeout(1500); page.close()
    for visit in range(int(sys.argv[1]) if len(sys.argv) > 1 else 2):
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        chunks, done = [], []
        cdp.on("Tracing.dataCollected", lambda params: chunks.extend(params["value"]))
        cdp.on("Tracing.tracingComplete", lambda params: done.append(True))
        cdp.send("Tracing.start", {"categories": CATS, "transferMode": "ReportEvents"})
        page.goto(base + PAGE, wait_until="commit"); poll(page, ANSWERED_JS, 180)
        marks = page.evaluate("window.__bench")
        page.wait_for_timeout(300)
        cdp.send("Tracing.end")
        end = time.monotonic() + 60
        while not done and time.monotonic() < end: page.wait_for_timeout(100)
        (ROOT / "bench-results" / f"restore{visit}.json").write_text(json.dumps({"traceEvents": chunks}))
        stages = {k: round(v) for k, v in marks.items() if k.startswith("w:") or k.startswith("result") or k.startswith("submit")}
        print(f"\nvisit {visit}: {stages}")
        names = {(e["pid"], e["tid"]): e["args"]["name"] for e in chunks if e.get("name") == "thread_name"}
        # Profile chunks: grouped by (pid, id); thread from the 'Profile' event.
        profiles = defaultdict(lambda: {"nodes": {}, "samples": [], "deltas": [], "tid": None})
        for e in chunks:
            if e.get("name") == "Profile":
                profiles[(e["pid"], e["id"])]["tid"] = e["tid"]
            elif e.get("name") == "ProfileChunk":
                pr = profiles[(e["pid"], e["id"])]
                d = e["args"]["data"]
                cp = d.get("cpuProfile", {})
                for n in cp.get("nodes", []): pr["nodes"][n["id"]] = n
                pr["samples"] += cp.get("samples", []); pr["deltas"] += d.get("timeDeltas", [])
        for key, pr in profiles.items():
            tname = names.get((key[0], pr["tid"]), "?")
            if "Worker" not in tname and "worker" not in tname.lower(): continue
            by_url = defaultdict(float); by_fn = defaultdict(float)
            total = 0
            for sid, d in zip(pr["samples"], pr["deltas"][1:] + [0]):
                n = pr["nodes"].get(sid); 
                if not n: continue
                cf = n["callFrame"]; ms = d / 1000; total += ms
                url = (cf.get("url") or "").rsplit("/", 1)[-1] or "(native)"
                by_url[url] += ms
                by_fn[f"{cf.get('functionName') or '(anon)'} {url}:{cf.get('lineNumber')}"] += ms
            if total < 100: continue
            print(f" thread {tname} {pr['tid']}: {total:.0f} ms sampled")
            for k, v in sorted(by_url.items(), key=lambda kv: -kv[1])[:10]: print(f"    {v:7.1f} ms  {k}")
            for k, v in sorted(by_fn.items(), key=lambda kv: -kv[1])[:30]: print(f"      {v:7.1f} ms  {k}")
        page.close()
    ctx.close()
server.shutdown()
