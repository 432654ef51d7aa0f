"""Hostile text is refused cheaply: every attack costs less than 2 s of CPU and
256 MB of memory (tracemalloc peak) in ``handle_json`` (CPU is timed in a run
without tracemalloc, which doubles the cost of every allocation it watches), gets an ``input``
refusal with a Russian message, and no refusal quotes more than a short prefix
of the bad value. ``handle`` never answers ``internal`` to a JSON-compatible value."""

from __future__ import annotations

import gc
import json
import re
import time
import tracemalloc

import pytest

from rules_pkg.api import MAX_DEPTH, MAX_TEXT, handle, handle_json, too_deep
from rules_pkg.reader import SHOW_CHARS, show

CPU_SECONDS = 2.0
PEAK_BYTES = 256 * 2**20
BIG = 3_900_000

ATTACKS = {
    "4M-char string": '{"op": "describe", "game": "' + "x" * BIG + '"}',
    "4M-char string with escapes": '{"op": "describe", "game": "' + "\\n" * (BIG // 2) + '"}',
    "20 000 escaped quotes, unterminated": '{"op": "describe", "game": "' + '\\"' * 20_000,
    "2M escaped quotes, unterminated": '{"op": "describe", "game": "' + '\\"' * 1_950_000,
    "unterminated string": '{"op": "describe", "game": "' + "x" * BIG,
    "trailing backslash": '{"op": "describe", "game": "' + "x" * 1000 + "\\",
    "4M-char key": '{"op": "games", "' + "k" * BIG + '": 1}',
    "100 000 unknown keys": "{" + ", ".join(f'"k{i}": {i}' for i in range(100_000)) + ', "op": "games"}',
    "BOM": '\ufeff{"op": "games"}',
    "NaN": '{"op": "describe", "game": NaN}',
    "Infinity": '{"op": "ruling", "game": "kovboy", "situation": {"score": Infinity}, "action": {}}',
    "-Infinity": '{"op": "games", "x": -Infinity}',
    "1e999": '{"op": "ruling", "game": "kovboy", "situation": {"score": 1e999}, "action": {}}',
    "lone surrogate value": '{"op": "describe", "game": "\\ud800"}',
    "lone surrogate key": '{"op": "games", "\\udfff": 1}',
    "raw lone surrogate": '{"op": "describe", "game": "\ud800"}',
    "surrogate in a name": '{"op": "match.new", "game": "kovboy", "players": ["\\udc00", "Б"]}',
    "huge integer": '{"op": "describe", "game": ' + "9" * 100_000 + "}",
    "4000-digit integer": '{"op": "ruling", "game": "kovboy", "situation": {"score": ' + "9" * 4000 + "}, \"action\": {}}",
    "deep arrays": "[" * 1_000_000,
    "deep objects": '{"a":' * 500_000,
    "deep inside a string-heavy text": '["' + "[" * 1000 + '", ' + "[" * (MAX_DEPTH + 1),
    "brackets and strings, 2M items": "[" + '"a",' * 950_000 + "1]",
    "a million empty arrays": "[" + "[]," * 1_300_000 + "[]]",
    "too long": " " * (MAX_TEXT + 1),
    "NUL": '{"op": "games\x00"}',
}


def measured(fn, *args):
    """The result, the CPU seconds of a plain call, and the memory peak of a
    second call under tracemalloc (the best of two plain runs: a busy machine
    only ever adds time)."""
    cpu = float("inf")
    for _ in range(2):
        start = time.process_time()
        result = fn(*args)
        cpu = min(cpu, time.process_time() - start)
    tracemalloc.start()
    try:
        fn(*args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return result, cpu, peak


def message_within_bounds(message: str):
    """The bad value is not echoed: no run of one character longer than the
    quoted prefix, and a short message."""
    longest = max((len(m.group(0)) for m in re.finditer(r"(.)\1*", message, re.S)), default=0)
    assert longest <= SHOW_CHARS, message[:300]
    assert len(message) < 1000, message[:300]


@pytest.mark.parametrize("name", list(ATTACKS))
def test_hostile_text_is_refused_within_time_and_memory(name):
    text = ATTACKS[name]
    out, cpu, peak = measured(handle_json, text)
    assert cpu < CPU_SECONDS, f"{name}: {cpu:.2f} s of CPU"
    assert peak < PEAK_BYTES, f"{name}: {peak / 2**20:.0f} MB"
    out.encode("utf-8")  # valid UTF-8: a lone surrogate is escaped, never written raw
    response = json.loads(out)
    assert not response["ok"] and response["error"]["code"] == "input", (name, response)
    message_within_bounds(response["error"]["message"])
    assert len(out) < 2000, (name, out[:300])  # the response does not grow with the attack


def test_guard_counts_nesting_outside_strings_only():
    assert too_deep("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert not too_deep('["' + "[" * 100 + '"]')
    assert not too_deep('["\\"' + "[" * 100 + '"]')  # an escaped quote does not end the string
    assert too_deep('["\\\\"' + ", [" * (MAX_DEPTH + 1))  # an escaped backslash does
    assert not too_deep("]" + "[" * 100)  # the parser stops at the stray bracket
    assert too_deep('{"a": "}}}}", "b": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}")
    assert not too_deep("")


def test_guard_is_linear_not_quadratic():
    """8 times the length of an unterminated run of escaped quotes costs about
    8 times the CPU (a quadratic scan would cost 64 times: the limit is between)."""
    def cost(n):
        text = '{"a": "' + '\\"' * n
        runs = []
        for _ in range(3):
            start = time.process_time()
            too_deep(text)
            runs.append(time.process_time() - start)
        return min(runs)
    small, large = cost(250_000), cost(2_000_000)
    assert large < 24 * small + 0.02, (small, large)


@pytest.mark.parametrize("value", [
    10**5000, -10**5000, 2**100_000, float("nan"), float("inf"), -float("inf"), "\ud800", "x\udfffy",
    {"\ud800": 1}, ["\udc00"] * 3, "x" * 5_000_000, list(range(100_000)), {str(i): i for i in range(10_000)},
], ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("where", ["op", "game", "players", "options", "action", "state", "seed", "answer",
                                   "want", "key"])
def test_handle_never_answers_internal_to_json_values(value, where):
    requests = {
        "op": {"op": value},
        "game": {"op": "describe", "game": value},
        "players": {"op": "match.new", "game": "kovboy", "players": [value, "Б"]},
        "options": {"op": "match.new", "game": "kladka-kiem", "options": {"handicap": value}},
        "action": {"op": "ruling", "game": "kovboy", "situation": {}, "action": {"contacts": [3], "cushion": value}},
        "state": {"op": "match.view", "state": {"format": "rules_pkg.match/1", "game": "kovboy",
                                               "players": ["А", "Б"], "options": {}, "actions": [value],
                                               "undone": [value]}},
        "seed": {"op": "trainer.question", "game": "kovboy", "seed": value},
        "answer": {"op": "trainer.check", "game": "kovboy", "seed": 1, "answer": value},
        "want": {"op": "match.new", "game": "kovboy", "want": {"history": {"last": value}}},
        "key": {"op": "games", (value if isinstance(value, str) else "x"): value},
    }
    out, cpu, peak = measured(handle, requests[where])
    assert cpu < CPU_SECONDS and peak < PEAK_BYTES, (cpu, peak)
    json.loads(handle_json_of(out))
    if out["ok"]:  # only a long name is accepted: cut to 40 characters
        assert where == "players" and isinstance(value, str) and len(value) > 40, out
        return
    assert out["error"]["code"] in ("input", "state", "saved_state"), out
    message_within_bounds(out["error"]["message"])


def handle_json_of(response: dict) -> str:
    from rules_pkg.api import to_json_text
    return to_json_text(response)


def test_show_quotes_a_short_prefix_only():
    assert show("x" * 1000) == "«" + "x" * SHOW_CHARS + "…»"
    assert show("коротко") == "«коротко»"
    assert show("\ud800\n") == "«\\ud800\\u000a»"
    assert "цифр" in show(10**5000) and len(show(10**5000)) < 60
    assert show(float("nan")) == "NaN" and show(float("-inf")) == "-Infinity"
    assert show(list(range(1000))) == "[0, 1, 2, 3, 4, …]"



def collections_during(fn, *args) -> list[int]:
    """The generations the cycle collector collected while ``fn`` ran."""
    collections: list[int] = []

    def count(phase, info):
        if phase == "start":
            collections.append(info["generation"])

    gc.collect()  # the allocation counters at zero: no collection is due on entry
    gc.callbacks.append(count)
    try:
        fn(*args)
    finally:
        gc.callbacks.remove(count)
    return collections


def test_a_request_of_a_million_containers_is_answered_without_a_collection():
    """A parsed request is a tree, so the cycle collector has nothing to find in
    it; left on, the 1.3 million arrays of the attack above trigger a collection
    every 700 allocations (1855 of them), the oldest generation's walking the
    whole heap: 2.2-2.7 s of CPU in a full test run, 0.45 s alone."""
    assert collections_during(handle_json, ATTACKS["a million empty arrays"]) == []
    nested = '{"op": "games", "x": [' + "[]," * 1_300_000 + "[]]}"
    assert collections_during(handle_json, nested) == []
    assert gc.isenabled()  # and the collector is on again after it


def test_the_collector_stays_off_after_a_request_if_it_was_off():
    gc.disable()
    try:
        handle_json('{"op": "games"}')
        assert not gc.isenabled()
    finally:
        gc.enable()
