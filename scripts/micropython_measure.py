"""Bytes and timings of the MicroPython first answer (issue 28, § 1): notes/micropython.md.

    .venv/bin/python scripts/micropython_measure.py [--runs 5] [--chromium] [--chromium-runs 5] [--pack-name NAME]

1. bytes: the runtime (micropython.wasm, micropython.mjs) and the engine copy (.mpy, .py, and the
   one-file pack the page loads), raw / gzip -9 / brotli -q 11;
2. Node: ``sitebuild/micropython/mp_node.mjs time`` --runs times (boot, files, import, first
   ruling, a repeat ruling; medians), and CPython's repeat ruling for comparison;
3. ``--chromium``: headless Debian Chromium (Playwright) with the phone profile of scripts/bench
   (1.6 Mbit/s, 150 ms, CPU 4x by stopping the renderer processes, calibrated as the bench does),
   a throwaway page served from /tmp by sitebuild/publish/serve.py (gzip level 6 for .mjs, .wasm, .txt: GitHub
   Pages' model; sitebuild/micropython/page.html): a cold visit (fresh context, cache off) to the first
   ruling, from the navigation's start. The page runs MicroPython on its main thread (no worker).
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sitebuild.micropython import parity, transform  # noqa: E402

RUNTIME_DIR = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
NODE_MODULE = ROOT / "sitebuild" / "micropython" / "mp_node.mjs"
PAGE = ROOT / "sitebuild" / "micropython" / "page.html"


def ruling_request() -> str:
    """The request timed everywhere: one «Ковбой» calculator ruling (seed 1 of tests/randplay)."""
    from tests.randplay import random_ruling_request
    return parity.page_text(random_ruling_request("kovboy", random.Random(1)))


def sizes(data: bytes) -> tuple[int, int, int]:
    return len(data), len(gzip.compress(data, 9)), len(brotli.compress(data, quality=11))


def byte_table(out: Path, load_dir: Path) -> list[tuple[str, tuple[int, int, int]]]:
    rows = [("micropython.wasm", sizes((RUNTIME_DIR / "micropython.wasm").read_bytes())),
            ("micropython.mjs", sizes((RUNTIME_DIR / "micropython.mjs").read_bytes()))]
    for label, folder in (("engine .py (transformed + shims)", out / "py"), ("engine .mpy", out / "mpy")):
        files = sorted(p for p in folder.rglob("*") if p.is_file())
        rows.append((label + f", {len(files)} files, each compressed", tuple(map(sum, zip(*[sizes(p.read_bytes())
                                                                                            for p in files])))))
    pack = transform.pack(load_dir, out / "engine.pack")
    rows.append((f"engine pack ({load_dir.name}, one file)", sizes(pack.read_bytes())))
    uni = load_dir / "_rpshim" / ("_uni.mpy" if load_dir.name == "mpy" else "_uni.py")
    rows.append(("  of which the Unicode tables", sizes(uni.read_bytes())))
    return rows


def node_timings(load_dir: Path, runs: int, request: str) -> dict:
    samples = []
    for _ in range(runs):
        proc = subprocess.run(["node", str(NODE_MODULE), "time", str(load_dir), request], cwd=ROOT,
                              capture_output=True, text=True, check=True)
        samples.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    return {k: statistics.median(s[k] for s in samples) for k in samples[0]} | {"runs": runs}


def cpython_repeat_ms(request: str, runs: int = 50) -> float:
    from rules_pkg import api
    api.handle_json(request)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        api.handle_json(request)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def page_dir(load_dir: Path, request: str, pack_name: str) -> Path:
    """The throwaway page in /tmp: page.html, the runtime and the engine pack (``pack_name``: the host
    gzips ``.txt``, not ``.pack``)."""
    page = Path(tempfile.mkdtemp(prefix="mp-page-", dir="/tmp"))
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(RUNTIME_DIR / name, page / name)
    transform.pack(load_dir, page / pack_name)
    html = (PAGE.read_text(encoding="utf-8").replace("/*REQUEST*/null", json.dumps(request))
            .replace('/*PACK*/"engine.pack"', json.dumps(pack_name)))
    (page / "index.html").write_text(html, encoding="utf-8")
    return page


def chromium_phone(load_dir: Path, runs: int, request: str, pack_name: str) -> dict:
    """Cold visits of the throwaway page on the phone profile: ms from the navigation's start."""
    from playwright.sync_api import sync_playwright

    from scripts.bench.driver import PHONE_NET
    from scripts.bench.throttle import RendererSlowdown, calibrate, check
    from sitebuild.publish.serve import serve_in_thread

    from scripts.bench import CPU_SLOWDOWN
    from scripts.bench.__main__ import CHROMIUM, CHROMIUM_ARGS

    page_root = page_dir(load_dir, request, pack_name)
    server = serve_in_thread(page_root, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    marker = f"--bench-run={uuid.uuid4().hex}"
    visits, report = [], {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, marker])
            slowdown = RendererSlowdown(marker, CPU_SLOWDOWN)
            slowdown.start()
            report["cpu_calibration"] = calibrate(browser, slowdown)
            for _ in range(runs):
                visits.append(_cold_visit(browser, url, slowdown, PHONE_NET))
                print(f"[chromium] cold visit: {json.dumps(visits[-1])}", flush=True)
            report["cpu_check"] = check(browser, slowdown)
            slowdown.stop()
            report["browser"] = browser.version
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(page_root, ignore_errors=True)
    keys = [k for k in visits[0] if isinstance(visits[0][k], (int, float)) and not isinstance(visits[0][k], bool)]
    report["median_ms"] = {k: statistics.median(v[k] for v in visits) for k in keys}
    report["runs"] = visits
    return report


def _cold_visit(browser, url: str, slowdown, net: dict) -> dict:
    context = browser.new_context(locale="ru-RU", viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", net)
    slowdown.active.set()
    try:
        page.goto(url, wait_until="commit", timeout=240_000)
        page.wait_for_function("window.__mp && 'repeat' in window.__mp", timeout=240_000)
        marks = page.evaluate("window.__mp")
    finally:
        slowdown.active.clear()
        context.close()
    return {k: (round(v, 1) if isinstance(v, float) else v) for k, v in marks.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="Node runs (medians)")
    ap.add_argument("--chromium", action="store_true", help="also the phone profile in headless Chromium")
    ap.add_argument("--chromium-runs", type=int, default=5)
    ap.add_argument("--pack-name", default="engine.pack.txt",
                    help="the pack's file name on the host: .txt is sent gzip-compressed, .pack as it is")
    ap.add_argument("--json", type=Path, help="write the figures here too")
    args = ap.parse_args(argv)
    why = parity.missing_runtime()
    if why:
        print(why, file=sys.stderr)
        return 2
    request = ruling_request()
    result: dict = {"request": request}
    with tempfile.TemporaryDirectory(prefix="mp-measure-") as tmp:
        out = Path(tmp)
        load_dir = parity.build_copy(out)
        print("bytes (raw / gzip -9 / brotli -q 11):")
        result["bytes"] = byte_table(out, load_dir)
        for label, (raw, gz, br) in result["bytes"]:
            print(f"  {label:55} {raw:>9,} {gz:>9,} {br:>9,}")
        result["node_ms"] = node_timings(load_dir, args.runs, request)
        result["cpython_repeat_ms"] = cpython_repeat_ms(request)
        print(f"Node ({args.runs} runs, medians, ms): " + ", ".join(f"{k} {v:.1f}" for k, v in
                                                                    result["node_ms"].items() if k != "runs"))
        print(f"CPython repeat ruling: {result['cpython_repeat_ms']:.2f} ms")
        if args.chromium:
            result["chromium_phone"] = chromium_phone(load_dir, args.chromium_runs, request, args.pack_name)
            print("Chromium phone, cold, medians (ms from navigation start): "
                  + json.dumps(result["chromium_phone"]["median_ms"]))
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
