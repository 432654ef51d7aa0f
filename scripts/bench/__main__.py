"""``python scripts/bench``: see the package's docstring (scripts/bench/__init__.py)."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import sys
import uuid
from pathlib import Path

if __package__ in (None, ""):  # run as ``python scripts/bench``: import the package itself
    _here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _here]
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from sitebuild.runtime import bundle as runtime  # noqa: E402

from . import CPU_SLOWDOWN, OUT, PAGE, ROOT, SITE, TARGETS  # noqa: E402
from .driver import PROFILES, Bench  # noqa: E402
from .engines import ENGINES, run_engine  # noqa: E402
from .report import DOCS_PAGE, machine, markdown, summarize, write_docs  # noqa: E402
from .server import HOSTS, Counter, start_server  # noqa: E402
from .site_variant import BUILDS, VARIANTS, build_site  # noqa: E402
from .throttle import RendererSlowdown, calibrate, check  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def main(argv: list[str] | None = None) -> int:
    args = _parse_args(argv)
    if args.render:
        _render(args)
        return 0
    profiles = [PROFILES[p] for p in args.profiles.split(",") if p]

    OUT.mkdir(exist_ok=True)
    if args.no_build and (SITE / PAGE / "index.html").is_file():
        info = runtime.load_info()
    else:
        info = build_site(args.port, args.variant, args.build)
    counter = Counter()
    server = start_server(args.port, counter, args.host)
    marker = f"--bench-run={uuid.uuid4().hex}"
    load_before = os.getloadavg()[0]
    report = _run_visits(args, profiles, counter, server, marker)
    now = dt.datetime.now()
    _add_run_facts(report, args, info, load_before, now)
    _write_report(report, args, now)
    return 0


def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    from . import __doc__ as package_doc

    parser = argparse.ArgumentParser(description=package_doc.split("\n\n")[0])
    parser.add_argument("--cold", type=int, default=3, help="cold visits per profile (default 3)")
    parser.add_argument("--warm", type=int, default=5, help="warm visits per profile (default 5)")
    parser.add_argument("--offline", type=int, default=5, help="offline visits per profile (default 5)")
    parser.add_argument("--human", type=int, default=3,
                        help="human-paced visits per profile, repeat and offline each (default 3)")
    parser.add_argument("--engines", default=",".join(ENGINES),
                        help="also the desktop profile in firefox,webkit (default both; 'none': Chromium only)")
    parser.add_argument("--engine-runs", type=int, default=3,
                        help="cold, repeat and offline visits each in Firefox and WebKitGTK (default 3)")
    parser.add_argument("--profiles", default="phone,desktop", help="phone,desktop (default both)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--cpu", choices=("process", "cdp", "none"), default="process",
                        help="how the phone's 4x slower CPU is emulated (default: process)")
    parser.add_argument("--variant", choices=VARIANTS, default="default",
                        help="no-snapshot: the worker keeps no memory snapshot; preload: <link rel=preload> for the "
                             "runtime files; wheel-source: the engine's wheel as source, not byte code; classic-worker: "
                             "the engine's worker classic, Pyodide by importScripts (V8's code cache, issue 19)")
    parser.add_argument("--host", choices=HOSTS, default="gzip",
                        help="gzip: like GitHub Pages (default); brotli: brotli for clients that accept it")
    parser.add_argument("--build", choices=BUILDS, default="readme",
                        help="readme: built as the README builds it, no site_url (default); deploy: with "
                             "RULES_SITE_URL, as a deployment")
    parser.add_argument("--no-build", action="store_true", help="reuse bench-results/site")
    parser.add_argument("--no-docs", action="store_true", help="do not rewrite the table in docs/speed.md")
    parser.add_argument("--no-wait-saved", dest="wait_saved", action="store_false",
                        help="do not wait for the service worker to save the site on cold visits")
    parser.add_argument("--render", metavar="JSON",
                        help="measure nothing: print the table of an earlier run (and write it to the docs)")
    return parser.parse_args(argv)


def _render(args: argparse.Namespace) -> None:
    """``--render``: the table of an earlier run, printed (and written to the docs)."""
    report = json.loads(Path(args.render).read_text(encoding="utf-8"))
    # The medians again from the stored runs: a newer report reads an older run.
    for name, runs in (report.get("runs") or {}).items():
        report["profiles"][name] = summarize(runs)
    for result in (report.get("engines") or {}).values():
        if result.get("runs"):
            result["summary"] = summarize(result["runs"])
    table = markdown(report)
    print(table)
    _update_docs(table, report, args)


def _run_visits(args: argparse.Namespace, profiles: list, counter: Counter, server, marker: str) -> dict:
    """Chromium's profiles, then the other engines; stops the server at the end."""
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
                if profile.throttled and slowdown:
                    report["cpu_check"] = check(browser, slowdown)
                report["runs"][profile.name] = runs
                report["profiles"][profile.name] = summarize(runs)
            report["machine"] = machine(browser.version)
            browser.close()
        _run_other_engines(args, counter, report)
    finally:
        if slowdown:
            slowdown.stop()
        server.shutdown()
        server.server_close()
    return report


def _run_other_engines(args: argparse.Namespace, counter: Counter, report: dict) -> None:
    """``--engines``: the desktop profile in Firefox and WebKitGTK, into report["engines"]."""
    n = args.engine_runs
    for name in [e for e in args.engines.split(",") if e in ENGINES]:
        result = run_engine(name, f"http://127.0.0.1:{args.port}/", counter,
                            {"cold": n, "warm": n, "offline": n})
        if result.get("runs"):
            result["summary"] = summarize(result["runs"])
        report.setdefault("engines", {})[name] = result


def _add_run_facts(report: dict, args: argparse.Namespace, info: dict, load_before: float,
                   now: dt.datetime) -> None:
    """When, with what and how the run measured."""
    report.update({
        "date": now.strftime("%d.%m.%Y %H:%M"), "iso": now.isoformat(timespec="seconds"),
        "pyodide": info["version"], "load_before": load_before, "load_after": os.getloadavg()[0],
        "counts": {"cold": args.cold, "warm": args.warm, "offline": args.offline, "human": args.human},
        "cpu_model": args.cpu, "variant": args.variant, "host": args.host, "build": args.build,
        "cpu_achieved": (report.get("cpu_calibration") or {}).get("measured"),
        "targets": TARGETS,
    })


def _write_report(report: dict, args: argparse.Namespace, now: dt.datetime) -> None:
    """bench-results/bench-<stamp>.json and .md, latest.json; the table printed and in the docs."""
    table = markdown(report)
    stamp = now.strftime("%Y%m%d-%H%M%S")
    (OUT / f"bench-{stamp}.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    (OUT / f"bench-{stamp}.md").write_text(table, encoding="utf-8")
    shutil.copyfile(OUT / f"bench-{stamp}.json", OUT / "latest.json")
    print("\n" + table)
    print(f"[bench] bench-results/bench-{stamp}.json, .md")
    _update_docs(table, report, args)


def _update_docs(table: str, report: dict, args: argparse.Namespace) -> None:
    """The table on the «Скорость» page, unless ``--no-docs`` or a variant's run."""
    if not args.no_docs and _documented(report):
        write_docs(table)
        print(f"[bench] {DOCS_PAGE.relative_to(ROOT)}: таблица обновлена")


def _documented(report: dict) -> bool:
    """Only the site as deployed goes on the «Скорость» page; variants stay in bench-results/."""
    return (report.get("variant", "default") == "default" and report.get("host", "gzip") == "gzip"
            and report.get("build", "readme") == "readme")


if __name__ == "__main__":
    sys.exit(main())
