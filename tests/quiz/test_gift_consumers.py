"""Every GIFT export read by independent consumers and checked against the
TOML source: gift-pegjs (npm, pinned dev dependency) for every question's
type, text and correct answers, and a model of Moodle's own importer
(moodle_gift.py) for the quirks the exporter works around — numbers (0,
negative, large), leading ``%NN%`` / ``[word]``, ``[id:…]`` lines, questions
with a fixed choice order left out. docs/quizzes-format.md lists the quirks."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess

import pytest

import moodle_gift
from quiz_paths import ALL_VALID_FILES, FIXTURES, HERE, ROOT
from sitebuild.quiz import gift, render

BASE = "https://rules.example/bil/"
NODE = shutil.which("node")
PARSER = HERE / "gift_pegjs.mjs"
PEG_TYPES = {"single": "MC", "multiple": "MC", "truefalse": "TF", "number": "Numerical", "ordering": "Matching"}
EDGES = FIXTURES / "gift-edges.toml"


def flat(text: str) -> str:
    return " ".join(text.split())


def kept(quiz):
    left_out = gift.omitted(quiz)
    return [q for q in quiz.questions if q not in left_out]


@pytest.fixture(scope="module")
def exports(loaded, tmp_path_factory):
    """{path: (quiz, GIFT text, gift-pegjs result)} for every valid quiz file."""
    if NODE is None or not (ROOT / "node_modules" / "gift-pegjs").is_dir():
        pytest.fail("node and node_modules/gift-pegjs are needed (bash scripts/setup.sh installs them)")
    folder = tmp_path_factory.mktemp("gift")
    files = {}
    for path, quiz in loaded.items():
        out = folder / f"{quiz.id}.gift.txt"
        out.write_text(gift.export(quiz, BASE), encoding="utf-8")
        files[path] = out
    run = subprocess.run([NODE, str(PARSER), *map(str, files.values())], capture_output=True, text=True,
                         timeout=120, cwd=ROOT, check=True)
    parsed = json.loads(run.stdout)
    return {path: (loaded[path], files[path].read_text(encoding="utf-8"), parsed[str(files[path])])
            for path in files}


def test_the_edge_fixture_has_every_hard_case(loaded):
    quiz = loaded[EDGES]
    numbers = [q.answer for q in quiz.questions if q.type == "number"]
    assert 0 in numbers and min(numbers) < 0 and max(numbers) >= 10 ** 12
    texts = [c.text for q in quiz.questions for c in q.choices] + [c.feedback for q in quiz.questions
                                                                   for c in q.choices]
    assert any(re.match(r"%-?\d+%", t) for t in texts) and any(t.startswith("[html]") for t in texts)
    everything = "".join(texts) + "".join(q.text + q.explanation for q in quiz.questions) + quiz.title
    for ch in "~=#{}:\\%[]«»—":
        assert ch in everything, ch


@pytest.mark.parametrize("path", ALL_VALID_FILES, ids=lambda p: p.stem)
def test_gift_pegjs_reads_every_question_as_the_toml_says(path, exports):
    quiz, _, parsed = exports[path]
    assert isinstance(parsed, list), parsed
    questions = [p for p in parsed if p["type"] != "Category"]
    assert [p["type"] for p in parsed if p["type"] == "Category"] == ["Category"]
    assert len(questions) == len(kept(quiz))
    for q, p in zip(kept(quiz), questions):
        where = f"{quiz.id}/{q.id}"
        assert p["title"] == where and p["id"] == where
        assert p["type"] == PEG_TYPES[q.type], where
        assert p["stem"]["format"] == "html"
        assert p["stem"]["text"] == render.question_html(q) + (gift.ORDERING_NOTE if q.type == "ordering" else "")
        assert p["globalFeedback"]["text"] == render.feedback_html(q, BASE)
        assert flat(q.text) in flat(html.unescape(re.sub(r"<[^>]+>", " ", p["stem"]["text"])))
        feedback = p["globalFeedback"]["text"]
        assert re.findall(r'href="([^"]*)"', feedback) == [f"{BASE}games/{r.game}/#{r.id}" for r in q.refs]
        if q.type == "truefalse":
            assert p["isTrue"] is q.answer, where
        elif q.type == "number":
            assert [(c["text"]["number"], c["text"]["range"], c["weight"], c["isCorrect"]) for c in p["choices"]] \
                == [(q.answer, 0, 100, True)], where
        elif q.type == "ordering":
            assert [(html.unescape(m["subquestion"]["text"]), m["subanswer"]) for m in p["matchPairs"]] == \
                [(flat(q.choice(c).text), str(n)) for n, c in enumerate(q.answer, start=1)], where
        else:
            texts = [html.unescape(c["text"]["text"]) for c in p["choices"]]
            assert texts == [flat(c.text) for c in q.choices], where
            feedbacks = [html.unescape(c["feedback"]["text"]) if c["feedback"] else "" for c in p["choices"]]
            assert feedbacks == [c.feedback for c in q.choices], where
            if q.type == "single":
                assert [c["isCorrect"] for c in p["choices"]] == [c.id == q.answer for c in q.choices], where
            else:
                weights = [c["weight"] for c in p["choices"]]
                assert [w > 0 for w in weights] == [c.id in q.answer for c in q.choices], where
                assert sum(w for w in weights if w > 0) == pytest.approx(100, abs=1e-3)


@pytest.mark.parametrize("path", ALL_VALID_FILES, ids=lambda p: p.stem)
def test_moodle_importer_model_reads_every_question_as_the_toml_says(path, loaded):
    quiz = loaded[path]
    category, *questions = moodle_gift.read_file(gift.export(quiz, BASE))
    assert category["qtype"] == "category"
    assert len(questions) == len(kept(quiz))
    for q, m in zip(kept(quiz), questions):
        where = f"{quiz.id}/{q.id}"
        assert m["name"] == m["idnumber"] == where
        assert m["format"] == "html"
        if q.type == "number":
            assert m["qtype"] == "numerical"
            assert [(a["number"], a["tolerance"], a["fraction"]) for a in m["answers"]] == [(q.answer, 0, 1)], where
        elif q.type == "truefalse":
            assert (m["qtype"], m["correct"]) == ("truefalse", q.answer), where
        elif q.type == "ordering":
            assert m["qtype"] == "match"
            assert [(html.unescape(a), b) for a, b in m["pairs"]] == \
                [(flat(q.choice(c).text), str(n)) for n, c in enumerate(q.answer, start=1)], where
        else:
            assert m["qtype"] == "multichoice" and m["single"] is (q.type == "single"), where
            assert [html.unescape(a["text"]) for a in m["answers"]] == [flat(c.text) for c in q.choices], where
            assert [html.unescape(a["feedback"]) for a in m["answers"]] == [c.feedback for c in q.choices]
            fractions = [a["fraction"] for a in m["answers"]]
            if q.type == "single":
                assert fractions == [1.0 if c.id == q.answer else 0.0 for c in q.choices], where
            else:
                assert [f > 0 for f in fractions] == [c.id in q.answer for c in q.choices], where
                assert sum(f for f in fractions if f > 0) == pytest.approx(1, abs=1e-4)


# ---- each quirk: the model reproduces it on a naive file, the export avoids it ----------


def test_quirk_empty_zero_loses_a_bare_numeric_zero():
    with pytest.raises(moodle_gift.ImportError_):
        moodle_gift.read_file("::n::{#0}\n")
    assert moodle_gift.read_file("::n::{#5}\n")[0]["answers"][0]["number"] == 5
    # The form Moodle's own export writes keeps every number.
    for value in (0, -7, 10 ** 12):
        got = moodle_gift.read_file(f"::n::{{#\n{gift.number_answer(value)}\n}}\n")[0]["answers"]
        assert got == [{"number": value, "tolerance": 0, "fraction": 1.0}]


def test_quirk_leading_weight_and_format_tag_are_neutralised():
    naive = moodle_gift.read_file("::c::[html]q{\n~%50%half\n=[html]tag\n~[b]word\n}\n")[0]["answers"]
    assert [(a["text"], a["fraction"]) for a in naive] == [("half", 0.5), ("tag", 1.0), ("[b]word", 0.0)]
    assert gift.neutral_start("%50% half") == "&#37;50% half"
    assert gift.neutral_start("[html] tag") == "&#91;html] tag"
    assert gift.neutral_start("plain") == "plain"


def test_quirk_fixed_order_questions_are_left_out_and_named(loaded):
    quiz = loaded[FIXTURES / "escaping.toml"]
    left_out = gift.omitted(quiz)
    assert [q.id for q in left_out] == ["multiple-special"]
    text = gift.export(quiz, BASE)
    assert "::fixture-escaping/multiple-special::" not in text
    head = text.split("$CATEGORY")[0]
    assert "multiple-special" in head and "Moodle XML" in head


def test_every_bank_question_with_a_fixed_order_is_out_of_gift_but_in_xml(loaded):
    from sitebuild.quiz import moodle_xml
    for path, quiz in loaded.items():
        for q in gift.omitted(quiz):
            assert not q.shuffle and q.type in ("single", "multiple")
            assert f"<idnumber>{quiz.id}/{q.id}</idnumber>" in moodle_xml.export(quiz, BASE)


def test_relative_links_without_a_site_address(loaded):
    quiz = loaded[EDGES]
    parsed = moodle_gift.read_file(gift.export(quiz, ".."))
    assert 'href="../games/kovboy/#kovboy-goal"' in parsed[1]["generalfeedback"]
    assert render.clause_url("..", "kovboy", "kovboy-goal") == "../games/kovboy/#kovboy-goal"
