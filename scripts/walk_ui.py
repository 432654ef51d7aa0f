#!/usr/bin/env python3
"""The random walk through the real screen (issue 26, § 4), run long: random
legal matches of every game with a tool, entered by taps and drags on the
drawing, chips, the form view, undo/redo and reloads, plus the calculator
with random situations; at 360×740 and 390×844 (touch) and 1280×800, light
and dark. Every tap is followed by the checks of tests/walk/screen_checks.py;
a violation prints its seed and steps and saves a screenshot under
screenshots/walk/. The same seed replays the same walk.

    .venv/bin/python scripts/walk_ui.py --seeds 20                   # every game, viewport, theme
    .venv/bin/python scripts/walk_ui.py --seeds 5 --game kaiza --viewport 390x844 --theme dark
    .venv/bin/python scripts/walk_ui.py --replay kaiza:390x844:dark:3  # one walk, every step printed
    .venv/bin/python scripts/walk_ui.py --minutes 20 --seeds 1000    # as many as fit in 20 minutes
    .venv/bin/python scripts/walk_ui.py --seeds 6 --jobs 3           # 216 matches in 3 browsers at once

Exit status 1 when a match has a violation; what tests/walk/report.py lists as
REPORTED_ONLY (a swipe inside a long form, a move right after the player's own
tap) is counted and printed, not a violation.
"""

from __future__ import annotations

import argparse
import multiprocessing
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tests" / "browser"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from tests.walk.walker import THEMES, VIEWPORTS, WALK_GAMES, MatchWalk, Violation, context_options  # noqa: E402
from tests.walk.report import is_violation, print_result, summary  # noqa: E402
from rules_pkg.games import GAMES  # noqa: E402
from sitebuild.publish.serve import serve_in_thread  # noqa: E402

OPEN_PAGES = 6  # pages kept open (and reused across seeds) at once
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def walk(browser, base: str, combos, seeds, *, minutes: float | None, verbose: bool, steps: int, late: int) -> list:
    results = []
    deadline = time.monotonic() + minutes * 60 if minutes else None
    # Round-robin over the combinations, one seed each turn: a time limit then
    # covers every game, viewport and theme evenly.
    walks, broken = {}, set()
    try:
        for seed in seeds:
            for combo in combos:
                if deadline and time.monotonic() > deadline:
                    return results
                if combo in broken:
                    continue
                if combo not in walks:
                    game, viewport, theme = combo
                    while len(walks) >= OPEN_PAGES:  # each page holds an engine: a few at a time
                        walks.pop(next(iter(walks))).page.context.close()
                    try:
                        GAMES[game].declaration()
                    except Exception as exc:  # noqa: BLE001 - rules_pkg being edited: say so, walk the others
                        print(f"{game}: движок в CPython не загружается ({type(exc).__name__}: {exc}); игра пропущена", flush=True)
                        broken.add(combo)
                        continue
                    context = browser.new_context(**context_options(viewport, theme))
                    context.set_default_timeout(15_000)
                    page = context.new_page()
                    page.page_errors = []
                    page.on("pageerror", lambda exc, page=page: page.page_errors.append(str(exc)))
                    walks[combo] = MatchWalk(page, base, game, viewport, theme, late_ms=late)
                w = walks[combo]
                res = w.run(seed, max_steps=steps)
                res.violations += [Violation("page-error", "—", err[:200], len(res.steps), "") for err in w.page.page_errors]
                w.page.page_errors.clear()
                results.append(res)
                print_result(res, verbose=verbose)
    finally:
        for w in walks.values():
            w.page.context.close()
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site (default: site/)")
    parser.add_argument("--seeds", type=int, default=3, help="seeds per game, viewport and theme (0…N-1)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--game", action="append", choices=WALK_GAMES, help="only this game (repeatable)")
    parser.add_argument("--viewport", action="append", choices=list(VIEWPORTS))
    parser.add_argument("--theme", action="append", choices=list(THEMES))
    parser.add_argument("--steps", type=int, default=14, help="steps per match at most")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting matches after this long")
    parser.add_argument("--replay", metavar="GAME:VIEWPORT:THEME:SEED", help="one walk, every step printed")
    parser.add_argument("--jobs", type=int, default=1, help="browsers at once (the combinations split among them)")
    parser.add_argument("--late", type=int, default=0, metavar="MS",
                        help="hold every engine call MS ms (a busy phone): what a late answer moves is counted")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every walk's steps")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "games" / "kovboy" / "index.html").exists():
        print(f"нет собранного сайта в {site}: запустите bash scripts/build.sh", file=sys.stderr)
        return 2
    if args.replay:
        game, viewport, theme, seed = args.replay.split(":")
        combos, seeds, verbose = [(game, viewport, theme)], [int(seed)], True
    else:
        # The games vary fastest: a run cut short by --minutes has walked every game.
        combos = [(g, v, t) for v in args.viewport or VIEWPORTS for t in args.theme or THEMES for g in args.game or WALK_GAMES]
        seeds, verbose = range(args.first_seed, args.first_seed + args.seeds), args.verbose
    t0 = time.monotonic()
    walk_args = dict(minutes=args.minutes, verbose=verbose, steps=args.steps, late=args.late)
    if args.jobs > 1 and len(combos) > 1:
        parts = [combos[i::args.jobs] for i in range(min(args.jobs, len(combos)))]
        with multiprocessing.get_context("spawn").Pool(len(parts)) as pool:
            results = [r for part in pool.starmap(walk_in_browser, [(site, part, seeds, walk_args) for part in parts])
                       for r in part]
    else:
        results = walk_in_browser(site, combos, seeds, walk_args)
    print(summary(results, time.monotonic() - t0))
    return 1 if any(is_violation(v) for r in results for v in r.violations) else 0


def walk_in_browser(site: Path, combos, seeds, walk_args: dict) -> list:
    """The walks of ``combos`` × ``seeds`` in one Chromium against the site served here."""
    server = serve_in_thread(site)
    base = "http://%s:%d/" % server.server_address[:2]
    try:
        from playwright.sync_api import sync_playwright
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS) if chromium else p.chromium.launch()
            results = walk(browser, base, combos, seeds, **walk_args)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return results

if __name__ == "__main__":
    sys.exit(main())
