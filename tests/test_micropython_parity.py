"""CPython and the MicroPython copy of rules_pkg answer byte for byte the same (issue 28, § 1).

The copy is built by ``sitebuild/micropython/transform.py`` (an ``ast`` transform of rules_pkg plus
shim modules) and run in Node by ``sitebuild/micropython/mp_node.mjs``, one process for the batch.
Here a fast subset: a slice of tests/api_cases.py, some random play, the short hostile texts
and refusals quoting random doubles; the full run (the whole
corpus and 10 000 random-play requests) is ``scripts/micropython_parity.py``. The shims are also
checked against CPython itself, under CPython (fast, no Node).

Skipped when Node or node_modules/@micropython/micropython-webassembly-pyscript is missing, unless
the environment variable CI is set: there a missing runtime fails the test.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild.micropython import parity, transform  # noqa: E402

CORPUS_STEP = 3  # every 3rd request of tests/api_cases.py (all games, every op)
RANDOM_REQUESTS = 150
FLOAT_REQUESTS = 40


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("mp-copy")
    return out, parity.build_copy(out)


@pytest.fixture(scope="module")
def shims(built):
    """The shim package ``_rpshim`` importable under CPython (without the transformed rules_pkg)."""
    out, _ = built
    only = out / "shims-only"
    shutil.copytree(out / "py" / "_rpshim", only / "_rpshim")
    sys.path.insert(0, str(only))
    import _rpshim.json
    import _rpshim.random
    import _rpshim.re
    import _rpshim.rt
    try:
        yield _rpshim
    finally:
        sys.path.remove(str(only))
        for name in [n for n in sys.modules if n == "_rpshim" or n.startswith("_rpshim.")]:
            del sys.modules[name]


# ---- the answers, CPython against MicroPython -------------------------------------------------------

def test_cpython_and_micropython_answer_byte_for_byte_the_same(built):
    why = parity.missing_runtime()
    if why:
        if in_ci():
            pytest.fail(f"{why} (CI is set: the MicroPython runtime must be there)", pytrace=False)
        pytest.skip(why)
    _, load_dir = built
    texts = (parity.corpus_texts()[::CORPUS_STEP] + parity.random_requests(RANDOM_REQUESTS, seed=28)
             + parity.hostile_texts(max_chars=10_000) + parity.float_texts(FLOAT_REQUESTS))
    diffs = parity.compare(texts, parity.cpython_answers(texts), parity.micropython_answers(texts, load_dir))
    if diffs:
        index, request, a, b = diffs[0]
        pytest.fail(f"{len(diffs)} of {len(texts)} answers differ; first: #{index}\nrequest: {request[:500]}\n"
                    + parity.first_difference(a, b), pytrace=False)


def test_the_copy_is_byte_code_when_mpy_cross_is_installed(built):
    _, load_dir = built
    if transform.mpy_cross_version() is None:
        pytest.skip("mpy-cross is not installed: the copy is loaded from sources")
    assert transform.mpy_cross_version().startswith("1.27."), "the .mpy must match MicroPython 1.27's byte code"
    assert load_dir.name == "mpy" and any(load_dir.rglob("*.mpy"))


# ---- the engine stays as it is ----------------------------------------------------------------------

def test_rules_pkg_has_no_micropython_specific_code():
    for path in (ROOT / "rules_pkg").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"micropython|_rpshim|sys\.implementation", text, re.I), path


def test_the_transform_leaves_nothing_micropython_lacks(built):
    """No __future__/typing import, annotation, f-string, ``{**d}``, starred display item or plain dict
    display is left in the copy of the engine."""
    import ast

    out, _ = built
    for path in (out / "py" / "rules_pkg").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.name}:{getattr(node, 'lineno', '?')}"
            assert not (isinstance(node, ast.ImportFrom) and node.module in ("__future__", "typing")), where
            assert not isinstance(node, (ast.JoinedStr, ast.AnnAssign, ast.Dict, ast.DictComp)), where
            if isinstance(node, (ast.List, ast.Tuple)) and isinstance(node.ctx, ast.Load):
                assert not any(isinstance(e, ast.Starred) for e in node.elts), where
            if isinstance(node, ast.arg):
                assert node.annotation is None, where
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
                assert node.slice.step is None, where


# ---- the shims against CPython itself ---------------------------------------------------------------

def test_random_is_cpythons_mersenne_twister(shims):
    for seed in (0, 1, 28, 2**32 + 5, -7, 10**30):
        ours, theirs = shims.random.Random(seed), random.Random(seed)
        for _ in range(200):
            assert ours.random() == theirs.random()
            assert ours.randint(0, 1000) == theirs.randint(0, 1000)
            assert ours.randrange(3, 10**12) == theirs.randrange(3, 10**12)
            assert ours.choice("абвгдежз") == theirs.choice("абвгдежз")
            assert ours.sample(range(40), 7) == theirs.sample(range(40), 7)
            assert ours.sample(list(range(10)), 3) == theirs.sample(list(range(10)), 3)
            assert ours.choices((1, 2, 3), weights=(8, 2, 1)) == theirs.choices((1, 2, 3), weights=(8, 2, 1))
            assert ours.choices("xyz", k=3) == theirs.choices("xyz", k=3)
            a, b = list(range(20)), list(range(20))
            ours.shuffle(a)
            theirs.shuffle(b)
            assert a == b


def _random_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.randint(-10**20, 10**20)
    if kind == 2:
        return rng.choice([0.0, -0.0, 1.5, 1e-7, 1e16, 123456.789, 1 / 3, 2.5e-300, rng.random() * 10**rng.randint(-5, 25)])
    if kind in (3, 4):
        return "".join(rng.choice('aZ"\\\n\t\x00\x1f\x7fёЁ€😀 /') for _ in range(rng.randint(0, 8)))
    if kind == 5:
        return [_random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {str(_random_value(rng, 4)): _random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def test_json_dumps_is_cpythons_text(shims):
    rng = random.Random(5)
    variants = [dict(ensure_ascii=False, sort_keys=True, allow_nan=False), dict(),
                dict(ensure_ascii=False, separators=(",", ":")), dict(ensure_ascii=False, separators=(",", ":"),
                                                                      sort_keys=True)]
    for _ in range(2000):
        value = _random_value(rng)
        for kw in variants:
            assert shims.json.dumps(value, **kw) == json.dumps(value, **kw), value


def _json_errors(loads, text):
    try:
        return ("ok", json.dumps(loads(text), sort_keys=False))
    except json.JSONDecodeError as exc:
        return ("json", exc.msg, exc.lineno, exc.colno, exc.pos)
    except ValueError as exc:
        if getattr(exc, "msg", None) is not None:  # the shim's own JSONDecodeError
            return ("json", exc.msg, exc.lineno, exc.colno, exc.pos)
        return ("value", "integer string conversion" in str(exc) or str(exc))


def _constant(name):
    raise ValueError(f"{name} — не число JSON")


def test_json_loads_keeps_order_and_cpythons_errors(shims):
    rng = random.Random(7)
    pieces = ['{', '}', '[', ']', '"', ':', ',', ' ', '\n', 'a', '1', '-', '0', '.', 'e', '+', '\\', 'u', 'd8',
              '00', 'null', 'true', 'NaN', '-Infinity', '\x01', 'ё', '"k"', '1.5', '\\ud83d\\ude00', '\t']
    loads = lambda t: shims.json.loads(t, parse_constant=_constant)  # noqa: E731
    theirs = lambda t: json.loads(t, parse_constant=_constant)  # noqa: E731
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        assert _json_errors(loads, text) == _json_errors(theirs, text), repr(text)
    for _ in range(500):
        text = json.dumps(_random_value(rng), ensure_ascii=rng.random() < 0.5)
        assert _json_errors(loads, text) == _json_errors(theirs, text), repr(text)
    assert list(shims.json.loads('{"b": 1, "a": 2, "c": {"z": 1, "y": 2}}')) == ["b", "a", "c"]
    assert _json_errors(loads, "1" * 4301)[0] == "value"


def test_re_pieces_match_cpythons_re(shims):
    rng = random.Random(9)
    alphabet = ['-', '1', '٣', ' ', '\u2009', ',', ';', '(', 'a', '[', ']', '{', '}', '"', '\\', '\n', '+', '−', '–',
                '\ud800', 'ё']
    negative = re.compile(r"(^|[\s,;(])-(?=\d)")
    nested = __import__("rules_pkg.plain", fromlist=["_WITHIN_DEPTH"])._WITHIN_DEPTH
    ours_nested = shims.re.compile(nested.pattern)
    for _ in range(5000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 20)))
        assert shims.re.compile(negative.pattern).sub("\\1−", s) == negative.sub("\\1−", s), repr(s)
        assert bool(shims.re.compile(r"^[+\-−–]?\d{1,16}$").match(s)) == bool(re.match(r"^[+\-−–]?\d{1,16}$", s))
        assert shims.re.split(r"[\s,;]+", s) == re.split(r"[\s,;]+", s), repr(s)
        assert shims.re.sub(r"\[\d+\]$", "", s) == re.sub(r"\[\d+\]$", "", s), repr(s)
        lone = shims.re.compile("[\ud800-\udfff]")
        assert (lone.search(s) is None) == (re.search("[\ud800-\udfff]", s) is None)
        deep = rng.choice("[{") * rng.randint(35, 45) + s
        for text in (s, deep, s + deep):
            assert ours_nested.match(text).end() == nested.match(text).end(), repr(text)
    with pytest.raises(Exception, match="no MicroPython version"):
        shims.re.compile(r"a{2,3}")


def test_case_and_class_tables_are_cpythons(shims):
    rt = shims.rt
    for cp in list(range(0, 0x3000)) + list(range(0x1E00, 0x2000)) + [0x10400, 0x1E900, 0x1F600]:
        c = chr(cp)
        if 0xD800 <= cp <= 0xDFFF:
            continue
        assert rt.upper(c) == c.upper() and rt.lower(c) == c.lower(), hex(cp)
        assert rt.capitalize(c + "ЁЖ") == (c + "ЁЖ").capitalize(), hex(cp)
        assert rt.isspace(c) == c.isspace() and rt.isprintable(c) == c.isprintable(), hex(cp)
        assert rt.isupper(c) == c.isupper() and rt.isdigit(c) == c.isdigit(), hex(cp)
    for s in ["", " a\u3000b\xa0 ", "ЁЛКИ", "Ёлки", "ДА-2", "ǅ", " \u2009x y\n"]:
        assert (rt.strip(s), rt.split(s), rt.isupper(s), rt.repr_(s)) == (s.strip(), s.split(), s.isupper(), repr(s))
    rng = random.Random(12)
    doubles = [0.1, 1e16, 1e-5, 123.456, -0.0, 5e-324, 1.7976931348623157e308, 1e22, 100.0, 0.0001,
               5.960464477539063e-08, 1394228209786462.2]
    doubles += [struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0] for _ in range(3000)]
    doubles += [2.0 ** rng.randint(-1074, 1023) for _ in range(500)]
    for x in doubles:
        if x == x and abs(x) != float("inf"):
            assert rt.float_repr(x) == repr(x)
    assert rt.sorted_([(1, "b"), (0, "x"), (1, "a")], key=lambda t: t[0]) == [(0, "x"), (1, "b"), (1, "a")]
    assert rt.sorted_([(1, "b"), (0, "x"), (1, "a")], key=lambda t: t[0], reverse=True) == [(1, "b"), (1, "a"), (0, "x")]
    assert rt.isinst(True, int) and rt.isinst(True, (str, int)) and not rt.isinst(True, str)
    assert rt.eq({"a": 1, "b": [{"x": 1, "y": 2}]}, rt.od([("b", [rt.od([("y", 2), ("x", 1)])]), ("a", 1)]))
