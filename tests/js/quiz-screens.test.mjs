// What the quiz page's screens say and what a run does next, without DOM
// (docs/assets/js/quiz/quiz-screens.js): the opening screen, the print view's way
// back, the setup fields and offer, the map, an answer checked, the results.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  MODE_NAMES, checkQuestion, finishedRun, mapItems, openingScreen, printBack, questionProgress, recordAnswer,
  resultSummary, setupFields, setupOffer, unansweredWarning,
} from "../../docs/assets/js/quiz/quiz-screens.js";
import { newRun } from "../../docs/assets/js/quiz/quiz-store.js";

/** A question of the kovboy quiz: its id, type, right answer and choice ids. */
function question(id, type, answer, choiceIds = []) {
  return { id, type, answer, type_name: "", game: "kovboy", game_title: "Ковбой", text: ["?"], situation: [],
    shuffle: true, explanation: [], engine: null, refs: [],
    choices: choiceIds.map((c) => ({ id: c, text: `текст ${c}`, feedback: null })) };
}
const byId = {
  one: question("one", "single", "b", ["a", "b", "c"]),
  many: question("many", "multiple", ["a", "c"], ["a", "b", "c"]),
  tf: question("tf", "truefalse", false),
  num: question("num", "number", 90),
  order: question("order", "ordering", ["z", "x", "y"], ["x", "y", "z"]),
};
/** A run of variant 7 with all five questions in this order. */
function run(mode, answers = {}, checked = []) {
  const items = Object.values(byId).map((q) => ({ id: q.id, choices: q.choices.map((c) => c.id) }));
  return Object.assign(newRun("kovboy", mode, 7, 5, items), { answers, checked });
}

test("the page opens on the print view, the saved run (or its result), or setup", () => {
  const begun = run("exam", { one: "b" });
  const done = { ...run("exam"), finished: true };
  assert.equal(openingScreen(true, begun), "print");
  assert.equal(openingScreen(false, begun), "question");
  assert.equal(openingScreen(false, done), "results");
  assert.equal(openingScreen(false, null), "setup");
});

test("«Назад к тесту» returns where the print view was opened from, if it still can", () => {
  const begun = run("exam");
  const done = { ...run("exam"), finished: true };
  assert.equal(printBack("results", done), "results");
  assert.equal(printBack("results", begun), "setup"); // not finished: no result to show
  assert.equal(printBack("results", null), "setup");
  assert.equal(printBack("question", begun), "question");
  assert.equal(printBack("question", null), "setup");
  assert.equal(printBack("setup", done), "setup");
});

test("the setup fields: a usable variant, or what is wrong with it", () => {
  assert.deepEqual(setupFields(" 42 ", "5", 26), { seedOk: true, nOk: true, problems: [], seed: 42, n: 5 });
  assert.deepEqual(setupFields("abc", "0", 26), {
    seedOk: false, nOk: false, seed: null, n: 0,
    problems: ["Номер варианта — целое число от 0 до 4294967295.", "Вопросов — от 1 до 26."],
  });
  assert.deepEqual(setupFields("4294967296", "26", 26).problems, ["Номер варианта — целое число от 0 до 4294967295."]);
  assert.deepEqual(setupFields("0", "27", 26).problems, ["Вопросов — от 1 до 26."]);
});

test("the setup offer: start, continue a begun run, or open the result", () => {
  const picked = { seed: 7, n: 5, mode: "practice" };
  assert.deepEqual(setupOffer(null, picked, true, byId),
    { start: "Начать тренировку", restart: null, status: "Вариант 7: 5 вопросов." });
  assert.deepEqual(setupOffer(null, { ...picked, mode: "exam" }, false, byId),
    { start: "Начать экзамен", restart: null, status: "" });
  assert.deepEqual(setupOffer(run("practice", { one: "a", tf: true }), picked, true, byId),
    { start: "Продолжить тренировку", restart: "Начать заново", status: "Начатая тренировка: отвечено 2 из 5 вопросов." });
  assert.deepEqual(setupOffer(run("exam", { one: "b" }), { ...picked, mode: "exam" }, true, byId),
    { start: "Продолжить экзамен", restart: "Начать заново", status: "Начатый экзамен: отвечено 1 из 5 вопросов." });
  const done = { ...run("exam", { one: "b", tf: false }), finished: true };
  assert.deepEqual(setupOffer(done, { ...picked, mode: "exam" }, true, byId),
    { start: "Открыть результат", restart: "Пройти заново", status: "Этот вариант уже пройден: верно 2 из 5 вопросов." });
});

test("the map and the progress line: answered, unanswered, checked right or wrong", () => {
  const r = run("practice", { one: "b", many: ["a"], num: 90 }, ["one", "many"]);
  assert.deepEqual(mapItems(r, byId), [
    { state: "right", label: "верно" },
    { state: "wrong", label: "неверно" },
    { state: "empty", label: "без ответа" },
    { state: "answered", label: "есть ответ" },
    { state: "empty", label: "без ответа" },
  ]);
  assert.deepEqual(questionProgress(r, byId, 2), { text: "вопрос 3 из 5 · отвечено 3", answered: 3 });
  // an exam never shows a verdict in the map
  assert.deepEqual(mapItems(run("exam", { one: "a" }, ["one"]), byId)[0], { state: "answered", label: "есть ответ" });
});

test("an answer changed, then checked; a missing one is not", () => {
  const r = run("practice");
  recordAnswer(r, "num", 12);
  assert.equal(r.answers.num, 12);
  recordAnswer(r, "num", undefined);
  assert.equal("num" in r.answers, false);

  assert.equal(checkQuestion(r, byId.num, undefined), "Сначала введите ответ — целое число.");
  assert.equal(checkQuestion(r, byId.one, undefined), "Сначала выберите ответ.");
  assert.deepEqual(r.checked, []);
  recordAnswer(r, "one", "a");
  assert.equal(checkQuestion(r, byId.one, undefined), null);
  assert.deepEqual(r.checked, ["one"]);
  // an ordering left as shown: the order on screen becomes the answer
  assert.equal(checkQuestion(r, byId.order, () => ["y", "x", "z"]), null);
  assert.deepEqual(r.answers.order, ["y", "x", "z"]);
  assert.deepEqual(r.checked, ["one", "order"]);
  // a moved ordering keeps its own answer
  const moved = run("practice", { order: ["z", "x", "y"] });
  checkQuestion(moved, byId.order, () => ["x", "y", "z"]);
  assert.deepEqual(moved.answers.order, ["z", "x", "y"]);
});

test("finishing: the warning lists the unanswered questions; the run is closed with its result", () => {
  assert.equal(unansweredWarning([0]), "Без ответа 1 вопрос (№ 1). ");
  assert.equal(unansweredWarning([1, 3, 4]), "Без ответа 3 вопроса (№ 2, 4, 5). ");

  const r = run("exam", { one: "b", many: ["a", "c"], tf: true });
  assert.deepEqual(finishedRun(r, byId, 1700000000000),
    { mode: "exam", seed: 7, n: 5, correct: 2, total: 5, at: 1700000000000 });
  assert.equal(r.finished, true);
  assert.equal(r.finishedAt, 1700000000000);
});

test("the results' summary", () => {
  const some = run("exam", { one: "b", tf: true });
  assert.deepEqual(resultSummary(some, byId, 26), {
    tone: "mixed",
    meta: "Экзамен · вариант 7 · 5 вопросов из 26",
    score: "Верно 1 из 5 вопросов (20\u00a0%)",
    unanswered: "Без ответа: 3 вопроса.",
    comment: "Перечитайте правила по ссылкам в разборе и попробуйте ещё раз.",
  });
  const all = run("practice", { one: "b", many: ["a", "c"], tf: false, num: 90, order: ["z", "x", "y"] });
  const s = resultSummary(all, byId, 5);
  assert.equal(s.tone, "ok");
  assert.equal(s.meta, `${MODE_NAMES.practice} · вариант 7 · 5 вопросов`); // the whole quiz: no «из»
  assert.equal(s.unanswered, null);
  assert.equal(s.score, "Верно 5 из 5 вопросов (100\u00a0%)");
});
