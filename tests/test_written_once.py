"""What issue 27 found written twice stays written once:

* the Russian plural rule, once per language: rules_pkg/ru.py for Python (the
  build's text filters and the engine use it), docs/assets/js/lib/ru.js for the page;
  a second copy (``% 10``) anywhere in the project's own code fails here, and the
  two give the same forms;
* the random-play loop of the game tests: tests/randplay.py (``random_steps`` on
  the engine's objects, ``random_table_plays`` through the API); a game test that
  asks for a random action in a loop that stops when the game is over fails here."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from rules_pkg import ru

ROOT = Path(__file__).resolve().parents[1]
RULE = re.compile(r"%\s*10\b")
HOMES = {"rules_pkg/ru.py", "docs/assets/js/lib/ru.js"}


def own_code():
    for folder, patterns in (("rules_pkg", ["*.py"]), ("sitebuild", ["*.py", "*.j2"]), ("scripts", ["*.py", "*.mjs"]),
                             ("docs/assets/js", ["*.js"]), ("docs/assets/engine", ["*.mjs", "*.js"])):
        for pattern in patterns:
            yield from (ROOT / folder).rglob(pattern)


def test_the_plural_rule_stands_once_per_language():
    found = {p.relative_to(ROOT).as_posix() for p in own_code() if RULE.search(p.read_text(encoding="utf-8"))}
    assert found <= HOMES, sorted(found - HOMES)
    assert found == HOMES  # the homes themselves hold it (the check can see the rule)


def test_python_and_javascript_give_the_same_forms():
    numbers = list(range(-3, 130)) + [1001, 1011, 1021, 1112]
    script = ("import('./docs/assets/js/lib/ru.js').then((m) => console.log(JSON.stringify("
              f"{json.dumps(numbers)}.map((n) => m.plural(n, 'one', 'few', 'many')))))")
    out = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=60)
    assert json.loads(out.stdout) == [ru.plural(n, "one", "few", "many") for n in numbers]
    assert [ru.agrees_singular(n) for n in (1, 21, 11, 2, 101, 111)] == [True, True, False, False, True, False]


STOPS = re.compile(r"finished\W*\n\s*(break|return)\b")  # the loop's end: «if … finished: break»


def random_play_loops(path: Path) -> list[int]:
    """Lines of ``path`` asking for a random action just after a stop when the game is over."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [i + 1 for i, line in enumerate(lines)
            if "random_action(" in line and STOPS.search("\n".join(lines[max(0, i - 5):i]))]


def test_the_random_play_loop_stands_once():
    loops = [f"{p.name}:{n}" for p in sorted((ROOT / "tests" / "games").glob("test_*.py")) for n in random_play_loops(p)]
    assert loops == [], "random play written by hand; use tests/randplay.py: " + ", ".join(loops)
    assert random_play_loops(ROOT / "tests" / "randplay.py")  # the check sees such a loop: the shared one
