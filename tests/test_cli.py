"""The command line (``python -m rules_pkg``) run as a subprocess: it answers
every input with JSON and a documented exit status, never a traceback, also
under a strict ASCII locale."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT = {"LC_ALL": "C", "PYTHONIOENCODING": "ascii:strict"}


def run(args=(), stdin: bytes = b"", env=None):
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONIOENCODING"))}
    environ.update({"PYTHONPATH": str(ROOT)}, **(env or {}))
    done = subprocess.run([sys.executable, "-m", "rules_pkg", *args], input=stdin, capture_output=True,
                          env=environ, timeout=60)
    assert b"Traceback" not in done.stderr and b"Traceback" not in done.stdout, done.stderr
    return done


def answer(done) -> dict:
    assert done.stdout.endswith(b"\n") and done.stdout.count(b"\n") == 1, done.stdout[:200]
    return json.loads(done.stdout)


@pytest.mark.parametrize("env", [None, STRICT], ids=["utf8", "ascii-strict"])
def test_cli_answers_ok_with_status_0(env):
    done = run(['{"op": "games"}'], env=env)
    assert done.returncode == 0 and answer(done)["ok"]
    done = run(stdin='{"op": "describe", "game": "kovboy"}'.encode(), env=env)
    assert done.returncode == 0 and answer(done)["game"]["title"] == "Ковбой"


def test_cli_output_is_escaped_when_stdout_cannot_hold_it():
    done = run(['{"op": "describe", "game": "kovboy"}'], env=STRICT)
    done.stdout.decode("ascii")  # nothing but ASCII
    assert b"\\u041a" in done.stdout  # «К» of «Ковбой», escaped


@pytest.mark.parametrize("env", [None, STRICT], ids=["utf8", "ascii-strict"])
def test_cli_refusal_has_status_1_and_a_russian_message(env):
    done = run(['{"op": "nope"}'], env=env)
    assert done.returncode == 1
    out = answer(done)
    assert out["error"]["code"] == "input" and "Неизвестная операция" in out["error"]["message"]


@pytest.mark.parametrize("env", [None, STRICT], ids=["utf8", "ascii-strict"])
@pytest.mark.parametrize("data", [b'{"op": "games\xff"}', b"\xc3", b"\xed\xa0\x80", b'{"op": "\xfe"}'])
def test_cli_invalid_utf8_on_stdin_is_refused(env, data):
    done = run(stdin=data, env=env)
    assert done.returncode == 1
    message = answer(done)["error"]["message"]
    assert "не текст UTF-8" in message and "0x" in message


@pytest.mark.parametrize("env", [None, STRICT], ids=["utf8", "ascii-strict"])
def test_cli_invalid_utf8_in_argv_is_refused(env):
    done = run([b'{"op": "games", "x": "\xff"}'], env=env)
    assert done.returncode == 1
    assert "Аргумент — не текст UTF-8: недопустимый байт 0xff" in answer(done)["error"]["message"]


@pytest.mark.parametrize("env", [None, STRICT], ids=["utf8", "ascii-strict"])
@pytest.mark.parametrize("request_text", [
    '{"op": "\\ud800"}',
    '{"op": "games", "\\udfff": 1}',
    '{"op": "match.new", "game": "kovboy", "players": ["\\ud800", "Б"]}',
    '{"op": "trainer.check", "game": "kovboy", "seed": 1, "answer": "\\udc80"}',
])
def test_cli_lone_surrogates_in_echoed_values_are_escaped(env, request_text):
    done = run([request_text], env=env)
    assert done.returncode == 1
    done.stdout.decode("utf-8")  # valid UTF-8 (no raw surrogate)
    assert answer(done)["error"]["code"] == "input"


def test_cli_bom_nan_and_huge_numbers_are_refused():
    for data in ("\ufeff{\"op\": \"games\"}".encode(), b'{"op": "games", "x": NaN}',
                 b'{"op": "describe", "game": ' + b"9" * 5000 + b"}"):
        done = run(stdin=data)
        assert done.returncode == 1 and answer(done)["error"]["code"] == "input", done.stdout[:300]


def test_cli_usage_and_help():
    done = run(["{}", "{}"])
    assert done.returncode == 2 and b"Exit status" in done.stderr and not done.stdout
    done = run(["--help"], env=STRICT)
    assert done.returncode == 0 and b"Exit status" in done.stdout


def test_cli_closed_stdout_exits_3_quietly():
    environ = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "rules_pkg", '{"op": "describe", "game": "kovboy"}'],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environ)
    proc.stdout.close()  # the reader went away before the answer
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 3 and b"Traceback" not in err and b"Exception" not in err, err
