"""How long one request of a long match takes, on CPython and under Pyodide.

    .venv/bin/python scripts/bench_engine.py             # both; a minute or two
    .venv/bin/python scripts/bench_engine.py --no-pyodide
    .venv/bin/python scripts/bench_engine.py --runs 9 --sizes 10,100,1000,4999

For a «Ковбой» match of 10, 100, 1 000 and 4 999 actions it prints the median
time of ``match.play`` and ``match.undo`` through ``rules_pkg.api.handle_json``
(JSON text in and out, as the browser's worker calls it), the size of the
request and of the response, in two cases:

- hit: the same engine continues the match (the worker that answered the
  previous request), and the request is written as the page writes it, so the
  state's text is recognised (rules_pkg/statetext.py) and not read again;
- hit¹: the same, but the request in another JSON layout: the state is read
  and found in the cache of replayed matches by its values (rules_pkg/match.py);
- cold: the engine does not hold the match (a fresh worker, a reloaded page):
  the caches are emptied before each run, so the request costs one replay.

Under Pyodide the same measurement runs in Node (``bench_engine.mjs``, booting
the built bundle in build/pyodide through sitebuild/runtime/pyodide_node.mjs; run
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
    """A stored state as the page keeps it (keys sorted, as the engine wrote it)."""
    actions = [dict(SHOTS[i % len(SHOTS)]) for i in range(n)]
    return {"actions": actions, "format": "rules_pkg.match/1", "game": "kovboy", "options": {},
            "players": ["Анна", "Борис"], "undone": []}


def page_text(request: dict) -> str:
    """A request as the page sends it (JSON.stringify)."""
    return json.dumps(request, ensure_ascii=False, separators=(",", ":"))


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
    from rules_pkg.api import clear_caches, handle_json

    rows = []
    for n in sizes:
        state = long_match(n)
        play = page_text({"op": "match.play", "state": state, "action": SHOTS[n % 2]})
        undo = page_text({"op": "match.undo", "state": state})
        other_layout = json.dumps({"op": "match.play", "state": state, "action": SHOTS[n % 2]}, indent=1)
        out = json.loads(handle_json(play))
        assert out["ok"] and out["log"]["actions"] == n + 1, out
        row = {"actions": n, "request_bytes": len(play.encode()),
               "play_response_bytes": len(handle_json(play).encode()),
               "undo_response_bytes": len(handle_json(undo).encode())}

        def continued():  # the worker just answered the play that led to this state
            clear_caches()
            previous = long_match(n - 1)
            handle_json(page_text({"op": "match.play", "state": previous, "action": state["actions"][-1]}))

        continued()
        row["play_hit_ms"] = _median_ms(lambda: handle_json(play), runs)
        row["undo_hit_ms"] = _median_ms(lambda: handle_json(undo), runs)
        handle_json(other_layout)
        row["play_values_ms"] = _median_ms(lambda: handle_json(other_layout), runs)
        row["play_cold_ms"] = _median_ms(lambda: handle_json(play), runs, clear_caches)
        row["undo_cold_ms"] = _median_ms(lambda: handle_json(undo), runs, clear_caches)
        rows.append(row)
    return rows


def table(title: str, rows: list[dict]) -> str:
    base = rows[0]
    lines = [title, "actions   play hit   undo hit  play hit¹  play cold  undo cold   response    request"
                    "  play hit ×"]
    for r in rows:
        ratio = r["play_hit_ms"] / base["play_hit_ms"]
        lines.append(f"{r['actions']:>7} {r['play_hit_ms']:>8.2f}ms {r['undo_hit_ms']:>8.2f}ms "
                     f"{r['play_values_ms']:>8.2f}ms {r['play_cold_ms']:>8.1f}ms {r['undo_cold_ms']:>8.1f}ms "
                     f"{r['play_response_bytes'] / 1024:>8.1f}KB {r['request_bytes'] / 1024:>8.1f}KB {ratio:>8.1f}×")
    lines.append("hit: the page's text of a state the worker holds; ¹ the same state in another JSON layout "
                 "(found by its values); cold: a worker that holds nothing (one replay)")
    return "\n".join(lines)


def verdict(rows: list[dict]) -> str:
    by_n = {r["actions"]: r for r in rows}
    if 10 not in by_n or 1000 not in by_n:
        return ""
    ratio = by_n[1000]["play_hit_ms"] / by_n[10]["play_hit_ms"]
    undo = by_n[1000]["undo_hit_ms"] / by_n[10]["undo_hit_ms"]
    size = max(max(r["play_response_bytes"], r["undo_response_bytes"]) for r in rows)
    met = ratio <= 3 and undo <= 3
    return (f"target: at 1000 actions at most 3× the 10-action cost (hit): play {ratio:.1f}×, undo {undo:.1f}× "
            f"{'met' if met else 'NOT met'}; largest response {size / 1024:.1f} KB "
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
