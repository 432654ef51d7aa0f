// The quiz page's decisions without DOM (docs/assets/js/quiz/quiz-run.js): the
// address, the tally, the main button, the keys.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DEFAULT_N, choiceOfKey, isChecked, nextIndex, nextUnchecked, parseWhole, primaryButton, readAddress, resultOf,
  tally, unanswered,
} from "../../docs/assets/js/quiz/quiz-run.js";
import { newRun } from "../../docs/assets/js/quiz/quiz-store.js";

const choice = (id) => ({ id, text: `текст ${id}`, feedback: null });
const base = { type_name: "", game: "kovboy", game_title: "Ковбой", text: ["?"], situation: [], shuffle: true,
  explanation: [], engine: null, refs: [] };
const QUESTIONS = [
  { ...base, id: "one", type: "single", choices: ["a", "b", "c"].map(choice), answer: "b" },
  { ...base, id: "many", type: "multiple", choices: ["a", "b", "c"].map(choice), answer: ["a", "c"] },
  { ...base, id: "tf", type: "truefalse", choices: [], answer: false },
  { ...base, id: "num", type: "number", choices: [], answer: 90 },
  { ...base, id: "order", type: "ordering", choices: ["x", "y", "z"].map(choice), answer: ["z", "x", "y"] },
];
const byId = Object.fromEntries(QUESTIONS.map((q) => [q.id, q]));
const variant = QUESTIONS.map((q) => ({ id: q.id, choices: q.choices.map((c) => c.id) }));
const run = (mode, answers = {}, checked = []) => ({ ...newRun("kovboy", mode, 7, 5, variant), answers, checked });

test("the address: a good variant is taken, bad values are explained", () => {
  assert.deepEqual(readAddress("?seed=7&n=4&mode=exam", 26),
    { seed: 7, n: 4, mode: "exam", print: false, notes: [], explicit: true });
  assert.deepEqual(readAddress("", 26), { seed: null, n: null, mode: null, print: false, notes: [], explicit: false });
  assert.equal(readAddress("?seed=0&view=print", 26).print, true);
  assert.equal(readAddress("?seed=4294967295", 26).seed, 4294967295);

  const bad = readAddress("?seed=abc&n=999&mode=zzz", 26);
  assert.equal(bad.seed, null);
  assert.equal(bad.n, null);
  assert.equal(bad.mode, null);
  assert.equal(bad.explicit, false);
  assert.deepEqual(bad.notes, [
    "Номер варианта «abc» в адресе не подходит (нужно целое число от 0 до 4294967295), поэтому взят случайный вариант.",
    `Число вопросов «999» в адресе не подходит (в тесте 26 вопросов), поэтому взято ${DEFAULT_N}.`,
    "Режим «zzz» в адресе неизвестен: открыта тренировка.",
  ]);
  // a quiz shorter than the default takes all its questions
  assert.match(readAddress("?n=0", 3).notes[0], /в тесте 3 вопроса\), поэтому взято 3\.$/);
  // past 2^32 − 1, a negative number, a fraction: not a variant number
  for (const seed of ["4294967296", "-1", "1.5", "", "+7"]) {
    assert.equal(readAddress(`?seed=${encodeURIComponent(seed)}`, 26).seed, null, seed);
  }
  // a mode name inherited from Object is no mode
  assert.equal(readAddress("?mode=toString", 26).mode, null);
});

test("whole numbers typed in the setup fields", () => {
  assert.equal(parseWhole(" 42 "), 42);
  assert.equal(parseWhole("0"), 0);
  assert.equal(parseWhole("12345678901"), null);
  assert.equal(parseWhole("4e3"), null);
  assert.equal(parseWhole(null), null);
});

test("the tally counts right, unanswered and all questions", () => {
  const none = run("exam");
  assert.deepEqual(tally(none, byId), { correct: 0, unanswered: 5, total: 5 });
  assert.deepEqual(unanswered(none, byId), [0, 1, 2, 3, 4]);

  const some = run("exam", { one: "b", many: ["c", "a"], tf: true, order: ["x", "y", "z"] });
  assert.deepEqual(tally(some, byId), { correct: 2, unanswered: 1, total: 5 }); // one and many right
  assert.deepEqual(unanswered(some, byId), [3]);

  // an empty choice list or a malformed answer is no answer
  const odd = run("exam", { many: [], num: "90", order: ["z", "x"] });
  assert.deepEqual(unanswered(odd, byId), [0, 1, 2, 3, 4]);

  const all = run("exam", { one: "b", many: ["a", "c"], tf: false, num: 90, order: ["z", "x", "y"] });
  assert.deepEqual(resultOf(all, byId, 1700000000000),
    { mode: "exam", seed: 7, n: 5, correct: 5, total: 5, at: 1700000000000 });
});

test("practice: check, then on to the next unchecked question, then the result", () => {
  const r = run("practice", { one: "a" }, ["one"]);
  assert.equal(isChecked(r, "one"), true);
  assert.equal(isChecked(r, "many"), false);
  assert.deepEqual(primaryButton(r, 1, false), { action: "check", label: "Проверить", finishHidden: false });
  assert.deepEqual(primaryButton(r, 0, true), { action: "next", label: "Следующий вопрос →", finishHidden: false });
  assert.equal(nextUnchecked(r, 0), 1);
  // round the end: from the last question back to the first unchecked one
  r.checked = ["one", "many", "order"];
  assert.equal(nextUnchecked(r, 4), 2);
  assert.equal(nextIndex(r, 4), 2);
  // everything checked: the main button opens the result, «Закончить» goes
  r.checked = QUESTIONS.map((q) => q.id);
  assert.equal(nextUnchecked(r, 2), null);
  assert.deepEqual(primaryButton(r, 2, true), { action: "finish", label: "Результат", finishHidden: true });
  assert.equal(nextIndex(r, 2), 2);
});

test("exam: no checking, on to the next question, the last one finishes", () => {
  const r = run("exam", { one: "a" }, ["one"]);
  assert.equal(isChecked(r, "one"), false); // an exam shows no verdict before the end
  assert.deepEqual(primaryButton(r, 0, false), { action: "next", label: "Далее →", finishHidden: false });
  assert.deepEqual(primaryButton(r, 4, false), { action: "finish", label: "Завершить тест", finishHidden: true });
  assert.equal(nextIndex(r, 0), 1);
  assert.equal(nextIndex(r, 4), 4);
});

test("keys pick choices: the sheet's letters in either case, or digits", () => {
  assert.equal(choiceOfKey("А"), 0);
  assert.equal(choiceOfKey("б"), 1);
  assert.equal(choiceOfKey("И"), 7); // no З: the letter after Ж on the sheet is И
  assert.equal(choiceOfKey("З"), -1);
  assert.equal(choiceOfKey("1"), 0);
  assert.equal(choiceOfKey("9"), 8);
  assert.equal(choiceOfKey("0"), -1);
  assert.equal(choiceOfKey("a"), -1); // a Latin letter is no choice
  assert.equal(choiceOfKey("Enter"), -1);
  assert.equal(choiceOfKey("ArrowDown"), -1);
});
