"""How long one request of a long match takes, on CPython and under Pyodide.

    .venv/bin/python scripts/bench_engine.py             # both; a minute or two
    .venv/bin/python scripts/bench_engine.py --no-pyodide
    .venv/bin/python scripts/bench_engine.py --runs 9 --sizes 10,100,1000,4999

For a «Ковбой» match of 10, 100, 1 000 and 4 999 actions it prints the median
time of ``match.play`` and ``match.undo`` through ``rules_pkg.api.handle_json``
(JSON text in and out, as the browser's worker calls it), the size of the
request and of the response, in two cases:

- hit: the same engine continues the match (the worker that answered the
  previous request), so the replayed match is in its cache;
- cold: the engine does not hold the match (a fresh worker, a reloaded page):
  the cache is emptied before each run, so the request costs one replay.

Under Pyodide the same measurement runs in Node (``bench_engine.mjs``, booting
the built bundle in build/pyodide the way tests/pyodide/run_api.mjs does; run
``bash scripts/build.sh`` first). Targets (issue 9): at 1 000 actions at most
3 × the 10-action time, and a response under 20 KB.
"""

from __future__ import annotations

import json
import sys
import time

# Only json and time at the top: under Pyodide the trimmed standard library has little else.
SIZES = (10, 100, 1000, 4999)

# Shots that score nothing and end nothing, so a match can be as long as wanted;
# as large as the shots the page records.
SHOTS = (
    {"type": "shot", "contacts": [3], "pocketed": [], "jumped": [], "cushion": True,
     "cue_ball": "table", "spot_occupied": []},
    {"type": "shot", "contacts": [], "cushion": True, "cue_ball": "table", "spot_occupied": []},
)


def long_match(n: int) -> dict:
    actions = [dict(SHOTS[i % len(SHOTS)]) for i in range(n)]
    return {"format": "rules_pkg.match/1", "game": "kovboy", "players": ["Анна", "Борис"], "options": {},
            "actions": actions, "undone": []}


def _median_ms(run, runs: int, before=None) -> float:
    times = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    middle = len(times) // 2
    return times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2


def measure(sizes=SIZES, runs: int = 7) -> list[dict]:
    """One row per match length; times in milliseconds, sizes in bytes."""
    from rules_pkg.api import handle_json
    from rules_pkg.match import REPLAYS

    rows = []
    for n in sizes:
        state = long_match(n)
        play = json.dumps({"op": "match.play", "state": state, "action": SHOTS[1]}, ensure_ascii=False)
        undo = json.dumps({"op": "match.undo", "state": state}, ensure_ascii=False)
        out = json.loads(handle_json(play))
        assert out["ok"] and out["log"]["actions"] == n + 1, out
        row = {"actions": n, "request_bytes": len(play.encode()),
               "play_response_bytes": len(handle_json(play).encode()),
               "undo_response_bytes": len(handle_json(undo).encode())}
        for case, before in (("hit", None), ("cold", REPLAYS.clear)):
            if before is None:
                handle_json(json.dumps({"op": "match.view", "state": state}))  # the worker holds it
            row[f"play_{case}_ms"] = _median_ms(lambda: handle_json(play), runs, before)
            row[f"undo_{case}_ms"] = _median_ms(lambda: handle_json(undo), runs, before)
        rows.append(row)
    return rows


def table(title: str, rows: list[dict]) -> str:
    base = rows[0]
    lines = [title, "actions   play hit   undo hit  play cold  undo cold   response    request   hit ×(first)"]
    for r in rows:
        ratio = r["play_hit_ms"] / base["play_hit_ms"]
        lines.append(f"{r['actions']:>7} {r['play_hit_ms']:>8.2f}ms {r['undo_hit_ms']:>8.2f}ms "
                     f"{r['play_cold_ms']:>8.1f}ms {r['undo_cold_ms']:>8.1f}ms "
                     f"{r['play_response_bytes'] / 1024:>8.1f}KB {r['request_bytes'] / 1024:>8.1f}KB {ratio:>8.1f}×")
    return "\n".join(lines)


def verdict(rows: list[dict]) -> str:
    by_n = {r["actions"]: r for r in rows}
    if 10 not in by_n or 1000 not in by_n:
        return ""
    ratio = by_n[1000]["play_hit_ms"] / by_n[10]["play_hit_ms"]
    size = max(r["play_response_bytes"] for r in rows)
    return (f"target: 1000 actions at most 3× the 10-action play (hit): {ratio:.1f}× "
            f"{'met' if ratio <= 3 else 'NOT met'}; largest response {size / 1024:.1f} KB "
            f"{'< 20 KB: met' if size < 20 * 1024 else '>= 20 KB: NOT met'}")


def pyodide_rows(sizes, runs: int) -> list[dict]:
    import subprocess
    from pathlib import Path

    script = Path(__file__).with_suffix(".mjs")
    args = ["node", str(script), "--sizes", ",".join(map(str, sizes)), "--runs", str(runs)]
    done = subprocess.run(args, cwd=script.parents[1], capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise SystemExit(f"bench_engine.mjs failed:\n{done.stderr}")
    sys.stderr.write(done.stderr)
    return json.loads(done.stdout)


def main(argv=None) -> int:
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (the median is printed)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="match lengths, comma-separated")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    results = {f"CPython {sys.version.split()[0]}": measure(sizes, args.runs)}
    if not args.no_pyodide:
        results["Pyodide (Node)"] = pyodide_rows(sizes, args.runs)
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    for title, rows in results.items():
        print(table(title, rows))
        print(verdict(rows))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
