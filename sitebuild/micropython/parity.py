"""CPython and the MicroPython copy of rules_pkg, request for request: the JSON answer texts compared byte for byte.

Shared by tests/test_micropython_parity.py (a fast subset) and scripts/micropython_parity.py (the full run).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import transform

ROOT = transform.ROOT
NODE_MODULE = Path(__file__).resolve().with_name("mp_node.mjs")
RUNTIME_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "package.json"
GAME_IDS = ("kovboy", "pyat-sharov", "kaiza", "probka", "po-chasovoy", "kladka-kiem", "snimanie-rukoy")


def missing_runtime() -> str | None:
    """Why MicroPython cannot run here, or None."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not RUNTIME_PACKAGE.is_file():
        return "node_modules/@micropython/micropython-webassembly-pyscript is missing (npm ci)"
    return None


def page_text(request: dict) -> str:
    """The request as the page sends it (``JSON.stringify`` of a state with sorted keys)."""
    return json.dumps(request, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def corpus_texts() -> list[str]:
    """tests/api_cases.py, written as the CPython <-> Pyodide harness writes it."""
    from tests.api_cases import CASES
    return [json.dumps(request, ensure_ascii=False) for request in CASES]


def hostile_texts(max_chars: int | None = None) -> list[str]:
    """The attacks of tests/test_hostile_text.py (malformed, huge, deep, surrogates), the short ones
    only when ``max_chars`` is given."""
    from tests.test_hostile_text import ATTACKS
    return [t for t in ATTACKS.values() if max_chars is None or len(t) <= max_chars]


def float_texts(count: int, seed: int = 64) -> list[str]:
    """Rulings whose score is a random double (the refusal quotes it with ``repr``): MicroPython's own
    float formatting is not correctly rounded, the shims' must be."""
    import struct
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        kind = rng.randrange(3)
        if kind == 0:
            x = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
        elif kind == 1:
            x = 2.0 ** rng.randint(-1074, 1023)
        else:
            x = rng.random() * 10 ** rng.randint(-8, 22)
        if x == x and abs(x) != float("inf"):
            out.append('{"op": "ruling", "game": "kovboy", "situation": {"score": %r}, "action": {}}' % x)
    return out


def random_requests(count: int, seed: int = 2027) -> list[str]:
    """``count`` request texts of random play across the seven games (tests/randplay.py): match plays,
    undo and redo, protocols, calculator rulings and тренажёр questions, in the order a page sends them."""
    from rules_pkg.api import clear_caches
    from rules_pkg.games import GAMES
    from tests.randplay import play_random_match, random_ruling_request

    clear_caches()
    rng = random.Random(seed)
    out: list[str] = []
    next_describe = 0  # a describe of each game every 10 rounds
    round_ = 0
    while len(out) < count:
        for gid in GAME_IDS:
            game = GAMES[gid]
            if "scorekeeper" in game.tools:
                played = [request for request, _ in play_random_match(gid, rng, max_actions=40)]
                out += [page_text(r) for r in played]
                if played:
                    out.append(page_text({"op": "match.protocol", "state": played[-1]["state"]}))
            if "calculator" in game.tools:
                out += [page_text(random_ruling_request(gid, rng)) for _ in range(3)]
                out.append(page_text({"op": "trainer.question", "game": gid, "seed": rng.randrange(10**6)}))
                out.append(page_text({"op": "trainer.check", "game": gid, "seed": rng.randrange(10**6),
                                      "answer": rng.choice(["yes", "no"])}))
            if round_ == next_describe:
                out.append(page_text({"op": "describe", "game": gid}))
        if round_ == next_describe:
            next_describe += 10
        round_ += 1
    clear_caches()
    return out[:count]


def cpython_answers(texts: list[str]) -> list[str]:
    """``rules_pkg.api.handle_json`` of each text under this CPython, from fresh caches (as a new worker)."""
    from rules_pkg import api
    api.clear_caches()
    try:
        return [api.handle_json(t) for t in texts]
    finally:
        api.clear_caches()


def build_copy(out_dir: Path) -> Path:
    """The MicroPython copy built into ``out_dir``; the folder to load (``mpy/`` when mpy-cross is installed)."""
    info = transform.build(out_dir)
    return Path(info["mpy"] or info["py"])


def micropython_answers(texts: list[str], load_dir: Path, timeout: float = 3600) -> list:
    """The answer text of each request under MicroPython (one Node process for the batch);
    a Python exception there is {"__exception__": traceback}."""
    with tempfile.TemporaryDirectory(prefix="mp-parity-") as tmp:
        requests, answers = Path(tmp) / "requests.json", Path(tmp) / "answers.json"
        requests.write_text(json.dumps(texts), encoding="ascii")  # a lone surrogate as \\uXXXX
        proc = subprocess.run(["node", str(NODE_MODULE), "call", str(load_dir), str(requests), "--out", str(answers)],
                              cwd=ROOT, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"mp_node.mjs call failed ({proc.returncode}):\n{proc.stderr[-4000:]}")
        return json.loads(answers.read_text(encoding="utf-8"))


def compare(texts: list[str], ours: list[str], theirs: list) -> list[tuple[int, str, str, object]]:
    """[(index, request, CPython's answer, MicroPython's)] of every request whose answers differ."""
    assert len(ours) == len(theirs) == len(texts), (len(texts), len(ours), len(theirs))
    return [(i, texts[i], ours[i], theirs[i]) for i in range(len(texts)) if ours[i] != theirs[i]]


def first_difference(a: str, b: object, context: int = 80) -> str:
    """Where two answer texts part, with a little context."""
    if not isinstance(b, str):
        return f"MicroPython raised:\n{b.get('__exception__', b) if isinstance(b, dict) else b}"
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    lo = max(0, at - context)
    return (f"at char {at} (lengths {len(a)} / {len(b)}):\n  CPython:     …{a[lo:at + context]}…\n"
            f"  MicroPython: …{b[lo:at + context]}…")
