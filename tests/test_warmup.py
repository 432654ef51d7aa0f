"""rules_pkg.warmup: the worker's idle work (docs/assets/engine/worker.mjs, warmUp).

It must go round every game, answer real requests through the JSON API (the
code a player's requests run, so that it is what the browser optimizes), be the
same on every device, and never reach an internal error."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import rules_pkg.warmup as warmup
from rules_pkg.api import handle
from rules_pkg.games import GAMES


def test_step_answers_requests_of_every_game_in_turn(monkeypatch):
    seen = []

    def recording(request):
        seen.append(request)
        return handle(request)

    monkeypatch.setattr(warmup, "handle", recording)
    w = warmup.Warmup()
    assert w.step(3) == 3
    assert w.step(2 * len(GAMES) - 3) == 2 * len(GAMES)
    assert [r["game"] for r in seen] == sorted(GAMES) * 2
    assert {r["op"] for r in seen} == {"ruling"}


def test_the_requests_are_the_same_on_every_device_and_never_an_internal_error(monkeypatch):
    runs = []
    for _ in range(2):
        seen = []
        monkeypatch.setattr(warmup, "handle", lambda request, seen=seen: seen.append((request, handle(request))))
        warmup.Warmup().step(5 * len(GAMES))
        runs.append(seen)
    assert [r for r, _ in runs[0]] == [r for r, _ in runs[1]]
    answers = [out for _, out in runs[0]]
    assert not [out for out in answers if not out["ok"] and out["error"]["code"] == "internal"]
    assert sum(out["ok"] for out in answers) >= len(answers) // 2  # mostly rulings, not refusals


def test_random_ruling_request_is_reproducible():
    a = warmup.random_ruling_request("kovboy", random.Random(7))
    b = warmup.random_ruling_request("kovboy", random.Random(7))
    assert a == b and a["op"] == "ruling" and a["game"] == "kovboy"


def test_import_every_module_imports_the_whole_package_but_the_command_line():
    # A fresh interpreter: what this one imported already would hide a miss.
    code = ("import json, sys, rules_pkg.warmup as w; names = w.import_every_module(); "
            "print(json.dumps([names, sorted(m for m in sys.modules if m.split('.')[0] == 'rules_pkg')]))")
    root = Path(warmup.__file__).resolve().parents[1]
    names, loaded = json.loads(subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                                              text=True, check=True).stdout)
    files = {p.relative_to(root).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")
             for p in (root / "rules_pkg").rglob("*.py")}
    assert set(names) == files - {"rules_pkg.__main__"}
    assert set(loaded) >= set(names) and "rules_pkg.__main__" not in loaded
