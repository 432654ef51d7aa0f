"""The browser's quiz logic (docs/assets/js/quiz/quiz-variant.js, quiz-grading.js)
run in Node against the build-time Python: the shared test vectors of
mulberry32 + Fisher–Yates, the variants of every real quiz, grading of every
question, the printed answer key, and the Russian plural forms of a score."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild.quiz import Engine, load_dir, render
from sitebuild.quiz.variant import quiz_variant

JS = ROOT / "docs" / "assets" / "js" / "quiz"
VECTORS = json.loads((ROOT / "tests" / "quiz" / "variant_vectors.json").read_text(encoding="utf-8"))
SEEDS = [0, 1, 7, 42, 2024, 99999, 4294967295]

RUNNER = """
import { readFileSync } from "node:fs";
const [variantUrl, gradingUrl, inputPath] = process.argv.slice(2);
const V = await import(variantUrl);
const G = await import(gradingUrl);
const input = JSON.parse(readFileSync(inputPath, "utf8"));
const out = {};

out.prng = input.prng.map(({ seed, count }) => {
  const rng = V.mulberry32(seed);
  return Array.from({ length: count }, () => rng.next());
});
out.shuffles = input.shuffles.map(({ seed, n }) =>
  V.shuffle(Array.from({ length: n }, (_, i) => i), V.mulberry32(seed)));
out.variants = input.variants.map(({ seed, count }) => V.makeVariant(input.questions, seed, count));
out.errors = input.bad_counts.map((count) => {
  try { V.makeVariant(input.questions, 1, count); return null; } catch (e) { return e.name; }
});
out.seed_errors = input.bad_seeds.map((seed) => {
  try { V.mulberry32(seed); return null; } catch (e) { return e.name; }
});

out.quizzes = {};
for (const payload of input.payloads) {
  const runs = {};
  for (const [seed, count] of input.cases) {
    const n = Math.min(count ?? payload.questions.length, payload.questions.length);
    const variant = V.payloadVariant(payload, seed, n);
    const byId = Object.fromEntries(payload.questions.map((q) => [q.id, q]));
    runs[`${seed}:${n}`] = {
      variant,
      keys: variant.map((v) => G.keyText(byId[v.id], G.lettersFor(v.choices))),
    };
  }
  const grading = payload.questions.map((q) => {
    const wrong = input.wrong[payload.id][q.id];
    const near = input.near[payload.id][q.id];
    return {
      id: q.id,
      right: G.isCorrect(q, q.answer),
      near: near.map((a) => G.isCorrect(q, a)),
      valid: G.isValidAnswer(q, q.answer),
      wrong: wrong === null ? null : G.isCorrect(q, wrong),
      none: G.isCorrect(q, undefined),
      words: G.answerWords(q, q.answer),
    };
  });
  out.quizzes[payload.id] = { runs, grading };
}

out.plural = input.numbers.map((n) => [G.questionsWord(n), G.ofQuestions(n), G.scoreLine(n > 0 ? n - 1 : 0, n)]);
out.numbers = input.typed.map((t) => G.parseNumber(t));
out.random = Array.from({ length: 200 }, () => V.randomSeed());
console.log(JSON.stringify(out));
"""


def wrong_answer(q) -> object:
    """A well-formed answer that is not the right one (None when there is none)."""
    ids = [c.id for c in q.choices]
    if q.type == "single":
        return next(i for i in ids if i != q.answer)
    if q.type == "multiple":
        return [i for i in ids if i not in q.answer] or list(q.answer)[:-1] or None
    if q.type == "truefalse":
        return not q.answer
    if q.type == "number":
        return q.answer + 1
    order = list(q.answer)
    return order[1:] + order[:1]


def near_misses(q) -> list:
    """Answers that are almost right: part of the right choices, one too many,
    two items of an order swapped, the number off by one."""
    ids = [c.id for c in q.choices]
    out: list = []
    if q.type == "multiple":
        if len(q.answer) > 1:
            out.append(list(q.answer)[:-1])
        extra = [i for i in ids if i not in q.answer]
        if extra:
            out.append(list(q.answer) + extra[:1])
        out.append(list(reversed(q.answer)) + ["no-such-choice"])
    elif q.type == "ordering":
        order = list(q.answer)
        out.append([order[1], order[0]] + order[2:])
        out.append(order[:-1])
    elif q.type == "number":
        out += [q.answer - 1, str(q.answer), q.answer + 0.5]
    elif q.type == "single":
        out += [[q.answer], q.answer.upper() + "x"]
    else:
        out += [int(q.answer), "true" if q.answer else "false"]
    return out


@pytest.fixture(scope="module")
def quizzes():
    return load_dir(ROOT / "quizzes", Engine())


@pytest.fixture(scope="module")
def node_out(quizzes, tmp_path_factory):
    node = shutil.which("node")
    if node is None:
        pytest.skip("нет node (scripts/setup.sh ставит Node 20)")
    tmp = tmp_path_factory.mktemp("quizjs")
    runner = tmp / "runner.mjs"
    runner.write_text(RUNNER, encoding="utf-8")
    data = {
        "prng": [{"seed": v["seed"], "count": len(v["draws"])} for v in VECTORS["prng"]],
        "shuffles": [{"seed": v["seed"], "n": v["n"]} for v in VECTORS["shuffles"]],
        "questions": VECTORS["questions"],
        "variants": [{"seed": v["seed"], "count": v["count"]} for v in VECTORS["variants"]],
        "bad_counts": [0, len(VECTORS["questions"]) + 1, 2.5, -1],
        "bad_seeds": [-1, 4294967296, 1.5, "7"],
        "payloads": [render.payload(q) for q in quizzes],
        "cases": [[s, c] for s in SEEDS for c in (None, 1, 5, 10)],
        "wrong": {q.id: {x.id: wrong_answer(x) for x in q.questions} for q in quizzes},
        "near": {q.id: {x.id: near_misses(x) for x in q.questions} for q in quizzes},
        "numbers": [0, 1, 2, 4, 5, 10, 11, 12, 14, 21, 22, 25, 101, 111, 112],
        "typed": ["12", " 7 ", "+3", "-4", "−5", "1.5", "abc", "", "1e3", "007"],
    }
    (tmp / "input.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    proc = subprocess.run(
        [node, str(runner), (JS / "quiz-variant.js").as_uri(), (JS / "quiz-grading.js").as_uri(),
         str(tmp / "input.json")],
        capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_prng_draws_match_the_vectors(node_out):
    assert node_out["prng"] == [v["draws"] for v in VECTORS["prng"]]


def test_shuffles_match_the_vectors(node_out):
    assert node_out["shuffles"] == [v["permutation"] for v in VECTORS["shuffles"]]


def test_variants_match_the_vectors(node_out):
    assert node_out["variants"] == [v["result"] for v in VECTORS["variants"]]


def test_bad_count_and_seed_are_refused(node_out):
    assert node_out["errors"] == ["RangeError"] * 4
    assert node_out["seed_errors"] == ["RangeError"] * 4


def test_every_quiz_variant_is_the_build_time_variant(node_out, quizzes):
    """Same seed + N in the browser and in Python (the printed sheet): same
    questions, same order, same choice order, and the same answer key."""
    for quiz in quizzes:
        runs = node_out["quizzes"][quiz.id]["runs"]
        for seed in SEEDS:
            for count in (None, 1, 5, 10):
                n = min(count or len(quiz.questions), len(quiz.questions))
                got = runs[f"{seed}:{n}"]
                assert got["variant"] == quiz_variant(quiz, seed, n), (quiz.id, seed, n)
                expected_keys = [item["answer"] for item in render.print_items(quiz, seed, n)]
                assert got["keys"] == expected_keys, (quiz.id, seed, n)


def test_different_seeds_give_different_variants(node_out, quizzes):
    for quiz in quizzes:
        runs = node_out["quizzes"][quiz.id]["runs"]
        orders = {tuple(v["id"] for v in runs[f"{s}:{len(quiz.questions)}"]["variant"]) for s in SEEDS}
        assert len(orders) == len(SEEDS), quiz.id


def test_every_question_is_graded_right_and_wrong(node_out, quizzes):
    for quiz in quizzes:
        grading = {g["id"]: g for g in node_out["quizzes"][quiz.id]["grading"]}
        for q in quiz.questions:
            g = grading[q.id]
            assert g["valid"] and g["right"], (quiz.id, q.id)
            assert g["none"] is False, (quiz.id, q.id)
            assert g["near"] == [False] * len(g["near"]), (quiz.id, q.id, near_misses(q))
            if wrong_answer(q) is not None:
                assert g["wrong"] is False, (quiz.id, q.id)
            expected = ("; ".join(q.choice(c).text for c in q.answer) if q.type == "multiple"
                        else render.answer_text(q))
            assert g["words"] == expected, (quiz.id, q.id)


def test_score_words_have_correct_plural_forms(node_out):
    got = dict(zip([0, 1, 2, 4, 5, 10, 11, 12, 14, 21, 22, 25, 101, 111, 112], node_out["plural"]))
    assert got[1][0] == "1 вопрос"
    assert got[2][0] == "2 вопроса"
    assert got[4][0] == "4 вопроса"
    assert got[5][0] == "5 вопросов"
    assert got[11][0] == "11 вопросов"
    assert got[12][0] == "12 вопросов"
    assert got[21][0] == "21 вопрос"
    assert got[22][0] == "22 вопроса"
    assert got[111][0] == "111 вопросов"
    # after «из»: genitive, singular only for 1, 21, 101… (not 11, 111)
    assert got[1][1] == "из 1 вопроса"
    assert got[2][1] == "из 2 вопросов"
    assert got[10][1] == "из 10 вопросов"
    assert got[11][1] == "из 11 вопросов"
    assert got[21][1] == "из 21 вопроса"
    assert got[101][1] == "из 101 вопроса"
    assert got[111][1] == "из 111 вопросов"
    assert got[10][2] == "Верно 9 из 10 вопросов"
    assert got[0][2] == "Верно 0 из 0 вопросов"


def test_typed_numbers(node_out):
    assert node_out["numbers"] == [12, 7, 3, -4, -5, None, None, None, None, 7]


def test_random_seeds_are_short_and_varied(node_out):
    seeds = node_out["random"]
    assert all(isinstance(s, int) and 1 <= s <= 99999 for s in seeds)
    assert len(set(seeds)) > 150
