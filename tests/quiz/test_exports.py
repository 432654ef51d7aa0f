"""Exports read back to the same questions and answers (Moodle XML by
xml.etree; GIFT in test_gift_consumers.py, by independent parsers), the
browser payload, the printable sheet, build_all, and the variant PRNG against
fixed vectors."""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moodle_xml_import import imported_shownumcorrect
from quiz_paths import ALL_VALID_FILES, FIXTURES, HERE, QUIZ_DIR
from sitebuild.quiz import PRINT_SEED, build_all, gift, moodle_xml, render
from sitebuild.quiz.variant import Mulberry32, make_variant, quiz_variant, shuffle, variant_spec

BASE = "https://rules.example/bil/"
# Moodle's grade list (question_bank::fraction_options_full, in percent); a
# multiple-choice weight outside it fails the import.
MOODLE_GRADES = [100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667,
                 14.28571, 12.5, 11.11111, 10, 5, 0]


def is_moodle_grade(text: str) -> bool:
    return any(abs(abs(float(text)) - g) < 1e-6 for g in MOODLE_GRADES)


def plain(fragment: str) -> str:
    """Visible text of an HTML fragment, whitespace collapsed."""
    parts: list[str] = []

    class P(HTMLParser):
        def handle_data(self, data):
            parts.append(data)

        def handle_starttag(self, tag, attrs):
            parts.append(" ")

        def handle_endtag(self, tag):
            parts.append(" ")
    p = P(convert_charrefs=True)
    p.feed(fragment)
    p.close()
    return " ".join("".join(parts).split())


def flat(text: str) -> str:
    return " ".join(text.split())


def links(fragment: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r'href="([^"]*)"', fragment)]


# ---- GIFT (read back by gift-pegjs and a model of Moodle's importer: test_gift_consumers.py)


def test_gift_escape_covers_every_special_character():
    assert gift.escape("~=#{}:\\\nx") == "\\~\\=\\#\\{\\}\\:\\\\\\nx"


# ---- Moodle XML -------------------------------------------------------------------


@pytest.mark.parametrize("ordering", moodle_xml.ORDERINGS)
@pytest.mark.parametrize("path", ALL_VALID_FILES, ids=lambda p: p.stem)
def test_moodle_xml_round_trip(path, ordering, loaded):
    quiz = loaded[path]
    root = ET.fromstring(moodle_xml.export(quiz, BASE, ordering).encode("utf-8"))
    assert root.tag == "quiz"
    category, *questions = root.findall("question")
    assert category.get("type") == "category"
    assert category.findtext("category/text") == f"$course$/top/Правила бильярда/{quiz.title.replace('/', '//')}"
    assert len(questions) == len(quiz.questions)
    expected_type = {"single": "multichoice", "multiple": "multichoice", "truefalse": "truefalse",
                     "number": "numerical", "ordering": "ordering" if ordering == "native" else "matching"}
    for q, x in zip(quiz.questions, questions):
        assert x.get("type") == expected_type[q.type]
        assert x.findtext("name/text") == x.findtext("idnumber") == f"{quiz.id}/{q.id}"
        assert x.find("questiontext").get("format") == "html"
        note = "" if q.type != "ordering" else \
            moodle_xml.ORDERING_NOTE_NATIVE if ordering == "native" else gift.ORDERING_NOTE
        assert x.findtext("questiontext/text") == render.question_html(q) + note
        feedback = x.findtext("generalfeedback/text")
        assert feedback == render.feedback_html(q, BASE)
        assert links(feedback) == [f"{BASE}games/{r.game}/#{r.id}" for r in q.refs]
        answers = x.findall("answer")
        if q.type in ("single", "multiple"):
            assert x.findtext("single") == ("true" if q.type == "single" else "false")
            assert x.findtext("shuffleanswers") == ("true" if q.shuffle else "false")
            assert [html.unescape(a.findtext("text")) for a in answers] == [flat(c.text) for c in q.choices]
            assert [html.unescape(a.findtext("feedback/text")) for a in answers] == [c.feedback for c in q.choices]
            fractions = [float(a.get("fraction")) for a in answers]
            assert all(is_moodle_grade(a.get("fraction")) for a in answers)
            assert [f > 0 for f in fractions] == [q.is_correct(c.id) for c in q.choices]
            assert sum(f for f in fractions if f > 0) == pytest.approx(100, abs=1e-3)
            if q.type == "multiple" and len(q.answer) < len(q.choices):
                assert sum(f for f in fractions if f < 0) == pytest.approx(-100, abs=1e-3)
        elif q.type == "truefalse":
            got = {a.findtext("text"): a.get("fraction") for a in answers}
            assert got == ({"true": "100", "false": "0"} if q.answer else {"true": "0", "false": "100"})
        elif q.type == "number":
            assert [(a.findtext("text"), a.get("fraction"), a.findtext("tolerance")) for a in answers] == \
                [(str(q.answer), "100", "0")]
        elif ordering == "native":
            # qtype_ordering's XML: the items in the correct order, fraction = position.
            assert [(html.unescape(a.findtext("text")), a.get("fraction")) for a in answers] == \
                [(flat(q.choice(c).text), str(n)) for n, c in enumerate(q.answer, start=1)]
            assert (x.findtext("selecttype"), x.findtext("selectcount"), x.findtext("gradingtype")) == \
                ("ALL", str(len(q.answer)), "ALL_OR_NOTHING")
        else:
            pairs = [(html.unescape(sq.findtext("text")), sq.findtext("answer/text"))
                     for sq in x.findall("subquestion")]
            assert pairs == [(flat(q.choice(c).text), str(n))
                             for n, c in enumerate(q.answer, start=1)]


@pytest.mark.parametrize("ordering", moodle_xml.ORDERINGS)
def test_moodle_imports_shownumcorrect_on(ordering, loaded):
    """Every question with combined feedback comes into Moodle with «show the
    number of correct responses» on (as Moodle's own export of it does)."""
    questions = [x for path in ALL_VALID_FILES
                 for x in ET.fromstring(moodle_xml.export(loaded[path], BASE, ordering).encode("utf-8"))
                 .findall("question") if x.get("type") in ("multichoice", "matching", "ordering")]
    kinds = {x.get("type") for x in questions}
    assert kinds == {"multichoice", "ordering" if ordering == "native" else "matching"}
    assert [x.findtext("name/text") for x in questions if not imported_shownumcorrect(x)] == []


def test_cdata_end_marker_is_split():
    text = moodle_xml.cdata("a]]>b")
    assert ET.fromstring(f"<t>{text}</t>").text == "a]]>b"


def test_escaping_fixture_really_has_the_dangerous_characters(loaded):
    quiz = loaded[FIXTURES / "escaping.toml"]
    everything = quiz.title + "".join(q.text + q.explanation + "".join(c.text + c.feedback for c in q.choices)
                                      for q in quiz.questions)
    for ch in "~=#{}:\\<>&" :
        assert ch in everything
    assert "]]>" in everything and "->" in everything


# ---- links, payload, sheet, build_all -----------------------------------------------


def test_clause_url():
    assert render.clause_url("..", "kovboy", "kovboy-rule-4") == "../games/kovboy/#kovboy-rule-4"
    assert render.clause_url("https://x.org/r/", "kovboy", "kovboy-t-miss") == \
        "https://x.org/r/games/kovboy/#kovboy-t-miss"
    assert render.clause_url("", "kovboy", "kovboy-goal") == "games/kovboy/#kovboy-goal"


def test_payload_is_json_and_complete(loaded):
    quiz = loaded[QUIZ_DIR / "kovboy.toml"]
    data = json.loads(json.dumps(render.payload(quiz)))
    assert data["format"] == "rules_pkg.quiz/1" and data["id"] == "kovboy"
    assert data["count"] == len(data["questions"]) == len(quiz.questions)
    for q, d in zip(quiz.questions, data["questions"]):
        assert d["id"] == q.id and d["type"] == q.type
        assert d["answer"] == (list(q.answer) if isinstance(q.answer, tuple) else q.answer)
        assert [r["url"] for r in d["refs"]] == [f"../games/{q.game}/#{r.id}" for r in q.refs]
        if q.scenario:
            assert d["situation"] == list(q.scenario.lines) and d["scenario"]["ask"] == q.scenario.ask
            assert d["engine"] == q.scenario.summary
    # The browser reproduces variants from the payload alone.
    spec = [{"id": d["id"], "type": d["type"], "choices": [c["id"] for c in d["choices"]],
             "shuffle": d["shuffle"], "answer": d["answer"] if d["type"] == "ordering" else None}
            for d in data["questions"]]
    assert make_variant(spec, 77, 10) == quiz_variant(quiz, 77, 10)


class Collect(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.hrefs: list[str] = []

    def handle_data(self, data):
        self.text.append(data)

    def handle_starttag(self, tag, attrs):
        self.text.append(" ")
        if tag == "a":
            self.hrefs.append(dict(attrs)["href"])


def test_printable_sheet_and_key(loaded):
    quiz = loaded[QUIZ_DIR / "kovboy.toml"]
    items = render.print_items(quiz, 5, 12)
    assert [i["q"].id for i in items] == [v["id"] for v in quiz_variant(quiz, 5, 12)]
    page = render.render_print(quiz, 5, 12)
    c = Collect()
    c.feed(page)
    text = " ".join("".join(c.text).split())
    assert "Вариант 5 · вопросов: 12 из" in text and "Ответы: " + quiz.title + ", вариант 5" in text
    for item in items:
        assert flat(item["q"].text) in text
        for choice in item["choices"]:
            assert f"{choice['letter']}." in text and flat(choice["choice"].text) in text
    for item in items:
        q = item["q"]
        if q.type == "single":
            letter = next(ch["letter"] for ch in item["choices"] if ch["choice"].id == q.answer)
            assert item["answer"] == letter
        elif q.type == "ordering":
            order = {ch["choice"].id: ch["letter"] for ch in item["choices"]}
            assert item["answer"] == ", ".join(order[cid] for cid in q.answer)
        elif q.type == "truefalse":
            assert item["answer"] == ("Верно" if q.answer else "Неверно")
    assert all(h.startswith("../games/kovboy/#kovboy-") for h in c.hrefs) and c.hrefs
    sheet = render.render_print(quiz, 5, 12, parts=("sheet",))
    assert "Ответы:" not in sheet and "Расчёт движка" not in sheet
    key = render.render_print(quiz, 5, 12, parts=("key",))
    assert "Фамилия" not in key and "Ответы:" in key


def test_build_all_writes_every_file(tmp_path):
    out = tmp_path / "site" / "quizzes"
    built = build_all(QUIZ_DIR, out, BASE)
    ids = [q.id for q in built.quizzes]
    names = sorted(p.name for p in built.files)
    expected = sorted([f"{i}{ext}" for i in ids for ext in (".json", ".gift.txt", ".moodle.xml",
                                                                        ".moodle-matching.xml", ".print.html")]
                      + ["index.json"])
    assert names == expected and sorted(p.name for p in out.iterdir()) == expected
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))
    assert [q["id"] for q in index["quizzes"]] == ids
    gift_text = (out / "kovboy.gift.txt").read_text(encoding="utf-8")
    assert "https\\://rules.example/bil/games/kovboy/\\#kovboy-goal" in gift_text
    payload = json.loads((out / "kovboy.json").read_text(encoding="utf-8"))
    assert payload["questions"][0]["refs"][0]["url"].startswith("../games/kovboy/#")
    assert f"Вариант {PRINT_SEED}" in (out / "kovboy.print.html").read_text(encoding="utf-8")


def test_build_all_writes_nothing_when_a_file_is_broken(tmp_path):
    from sitebuild.quiz import QuizError
    out = tmp_path / "out"
    with pytest.raises(QuizError):
        build_all(HERE / "broken" / "duplicate-quiz-id", out)
    assert not out.exists()


def test_command_line(tmp_path, capsys):
    from sitebuild.quiz.__main__ import main
    assert main(["check", str(QUIZ_DIR)]) == 0
    assert "kovboy" in capsys.readouterr().out
    assert main(["check", str(HERE / "broken" / "duplicate-quiz-id")]) == 1
    assert "same-id" in capsys.readouterr().err
    out = tmp_path / "sheet.html"
    assert main(["print", str(QUIZ_DIR / "kovboy.toml"), "--seed", "3", "--count", "5", "--part", "sheet",
                 "-o", str(out)]) == 0
    assert "Вариант 3 · вопросов: 5" in out.read_text(encoding="utf-8")
    assert main(["print", str(QUIZ_DIR / "kovboy.toml"), "--seed", "3", "--count", "500"]) == 2


# ---- the variant PRNG ----------------------------------------------------------------

VECTORS = json.loads((HERE / "variant_vectors.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", VECTORS["prng"], ids=lambda c: f"seed{c['seed']}")
def test_mulberry32_vectors(case):
    rng = Mulberry32(case["seed"])
    assert [rng.next() for _ in case["draws"]] == case["draws"]


def test_mulberry32_known_first_values():
    # The first draws of the reference JavaScript mulberry32 (× 2^32), seeds 0 and 1.
    assert VECTORS["prng"][0]["draws"][:3] == [1144304738, 1416247, 958946056]
    assert VECTORS["prng"][1]["draws"][:3] == [2693262067, 11749833, 2265367787]


@pytest.mark.parametrize("case", VECTORS["shuffles"], ids=lambda c: f"seed{c['seed']}-n{c['n']}")
def test_shuffle_vectors(case):
    assert shuffle(range(case["n"]), Mulberry32(case["seed"])) == case["permutation"]


@pytest.mark.parametrize("case", VECTORS["variants"], ids=lambda c: f"seed{c['seed']}-n{c['count']}")
def test_variant_vectors(case):
    assert make_variant(VECTORS["questions"], case["seed"], case["count"]) == case["result"]


@pytest.mark.parametrize("bad", [-1, 2 ** 32, 1.5, True, "7"])
def test_seed_range(bad):
    with pytest.raises(ValueError):
        Mulberry32(bad)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), data=st.data())
def test_variant_properties(seed, data, loaded):
    quiz = loaded[QUIZ_DIR / "kovboy.toml"]
    n = len(quiz.questions)
    count = data.draw(st.integers(1, n))
    v = quiz_variant(quiz, seed, count)
    assert v == quiz_variant(quiz, seed, count)  # deterministic
    assert len(v) == count and len({x["id"] for x in v}) == count
    full = quiz_variant(quiz, seed)
    assert [x["id"] for x in v] == [x["id"] for x in full[:count]]  # a shorter variant is a prefix
    for x in v:
        q = quiz.question(x["id"])
        assert sorted(x["choices"]) == sorted(c.id for c in q.choices)
        if not q.shuffle:
            assert x["choices"] == [c.id for c in q.choices]
        if q.type == "ordering":
            assert tuple(x["choices"]) != q.answer


def test_variant_count_bounds(loaded):
    spec = variant_spec(loaded[QUIZ_DIR / "kovboy.toml"])
    for bad in (0, len(spec) + 1, True):
        with pytest.raises(ValueError):
            make_variant(spec, 1, bad)
