"""CPython and the MicroPython copy of rules_pkg on the whole API corpus and on random play, byte for byte.

    .venv/bin/python scripts/micropython_parity.py [--random N] [--seed S] [--no-corpus] [--floats N] [--hostile] [--show K]

Builds the copy (sitebuild/micropython/transform.py) into a temporary folder, runs every request
through rules_pkg.api.handle_json under this CPython and under MicroPython in one Node process
(sitebuild/micropython/mp_node.mjs), and prints: requests, identical, differing, and the first
differences. Exits 1 when any answer differs. Notes: notes/micropython.md.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sitebuild.micropython import parity  # noqa: E402


def run(name: str, texts: list[str], load_dir: Path, show: int) -> int:
    t0 = time.perf_counter()
    ours = parity.cpython_answers(texts)
    t1 = time.perf_counter()
    theirs = parity.micropython_answers(texts, load_dir)
    t2 = time.perf_counter()
    diffs = parity.compare(texts, ours, theirs)
    print(f"{name}: requests {len(texts)}, identical {len(texts) - len(diffs)}, differing {len(diffs)}"
          f"  (CPython {t1 - t0:.1f} s, MicroPython {t2 - t1:.1f} s)")
    for index, request, a, b in diffs[:show]:
        print(f"  #{index} {request[:300]}")
        print("  " + parity.first_difference(a, b).replace("\n", "\n  "))
    return len(diffs)


def run_hostile(load_dir: Path, timeout: float) -> int:
    """Each attack of tests/test_hostile_text.py in its own Node process (a slow one times out alone)."""
    from tests.test_hostile_text import ATTACKS

    differing = 0
    for name, text in ATTACKS.items():
        t0 = time.perf_counter()
        ours = parity.cpython_answers([text])
        try:
            theirs = parity.micropython_answers([text], load_dir, timeout=timeout)
            verdict = "identical" if theirs == ours else "DIFFERS: " + parity.first_difference(ours[0], theirs[0])
        except subprocess.TimeoutExpired:
            verdict = f"DIFFERS: no answer within {timeout:.0f} s"
        differing += verdict != "identical"
        print(f"  hostile «{name}»: {verdict} ({time.perf_counter() - t0:.1f} s)", flush=True)
    print(f"hostile text (tests/test_hostile_text.py): requests {len(ATTACKS)}, identical {len(ATTACKS) - differing}, "
          f"differing {differing}")
    return differing


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random", type=int, default=10_000, help="random-play requests (default 10000)")
    ap.add_argument("--seed", type=int, default=2027)
    ap.add_argument("--no-corpus", action="store_true", help="skip tests/api_cases.py")
    ap.add_argument("--floats", type=int, default=1000, help="requests quoting random doubles (default 1000)")
    ap.add_argument("--hostile", action="store_true", help="also the attacks of tests/test_hostile_text.py")
    ap.add_argument("--hostile-timeout", type=float, default=120, help="seconds per attack (default 120)")
    ap.add_argument("--show", type=int, default=5, help="differences to show per set")
    args = ap.parse_args(argv)
    why = parity.missing_runtime()
    if why:
        print(why, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="mp-copy-") as tmp:
        load_dir = parity.build_copy(Path(tmp))
        print(f"MicroPython copy: {load_dir.name}/ ({'byte code' if load_dir.name == 'mpy' else 'sources'})")
        differing = 0
        if not args.no_corpus:
            differing += run("corpus (tests/api_cases.py)", parity.corpus_texts(), load_dir, args.show)
        if args.floats:
            differing += run("refusals quoting random doubles", parity.float_texts(args.floats), load_dir, args.show)
        if args.hostile:
            differing += run_hostile(load_dir, args.hostile_timeout)
        if args.random:
            texts = parity.random_requests(args.random, args.seed)
            differing += run(f"random play (seed {args.seed})", texts, load_dir, args.show)
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
