"""A reader's first visit to a page without a tool (issue 28 § 2): the glossary on the
benchmark's phone (1.6 Mbit/s, 150 ms, CPU 4× slower by Chromium's throttling), cold.

    .venv/bin/python scripts/bench_reading.py --site site --runs 3
    .venv/bin/python scripts/bench_reading.py --site /tmp/old-site --site site   # before / after

Per built site, the medians of: the text on screen (largest contentful paint), the
bytes sent before it, when the engine's runtime was first asked for, and when the
offline copy was complete (the service worker's cache, as the benchmark checks it).
Nothing is asserted; it prints a Markdown table for notes/speed-log.md."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench import CPU_SLOWDOWN, server as bench_server  # noqa: E402
from bench.__main__ import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from bench.driver import INIT_SCRIPT, PHONE_NET, PROFILES, wait_precached  # noqa: E402

PAGE = "glossary/"
def visit(browser, base: str, counter) -> dict:
    """One cold visit in a fresh context: what the reader waited for, and when the site was saved."""
    context = browser.new_context(locale="ru-RU", **PROFILES["phone"].context_options)
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE_NET)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    t0 = time.monotonic()
    page.goto(base + PAGE, wait_until="load", timeout=240_000)
    page.wait_for_function("window.__bench && window.__bench.lcp", timeout=240_000)
    page.wait_for_timeout(1000)  # a later, larger paint would replace the first one
    text = page.evaluate("window.__bench.lcp") / 1000
    saved_at = wait_precached(page, timeout=300)
    with counter.lock:
        runtime = [r[0] - t0 for r in counter.requests if r[0] >= t0 and "/pyodide/" in r[1]]
    row = {
        "text": text,
        "bytes_before_text": counter.bytes_between(t0, t0 + text),
        "runtime_asked": min(runtime) if runtime else None,
        "saved": (saved_at - t0) if saved_at else None,
    }
    context.close()
    return row


def median(rows: list[dict], key: str):
    values = [r[key] for r in rows if r[key] is not None]
    return statistics.median(values) if values else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", action="append", help="a built site (repeat for before/after); default site/")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    lines = ["| site | text on screen | sent before it | runtime first asked | offline copy complete |",
             "|---|---|---|---|---|"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for i, site in enumerate(args.site or ["site"]):
            bench_server.SITE = Path(site).resolve()
            counter = bench_server.Counter()
            server = bench_server.start_server(args.port + i, counter)
            base = f"http://127.0.0.1:{args.port + i}/"
            rows = []
            for n in range(args.runs):
                rows.append(visit(browser, base, counter))
                print(f"[reading] {site} {n + 1}/{args.runs}: {rows[-1]}", flush=True)
            server.shutdown()
            fmt = lambda v, unit: "—" if v is None else f"{v:.2f} {unit}"  # noqa: E731
            kb = median(rows, "bytes_before_text")
            lines.append(f"| {site} | {fmt(median(rows, 'text'), 's')} | {kb / 1024:.0f} KB | "
                         f"{fmt(median(rows, 'runtime_asked'), 's')} | {fmt(median(rows, 'saved'), 's')} |")
        browser.close()
    print(f"\nGlossary, cold, phone (1.6 Mbit/s, 150 ms, CPU {CPU_SLOWDOWN:g}× by CDP), medians of {args.runs}:\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
