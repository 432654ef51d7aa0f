// @ts-check
// What the quiz page's screens say and what a run does next, as functions of
// the state, without DOM (quiz.js, quiz-setup.js, quiz-question.js and
// quiz-results.js draw it): the screen the page opens on and the one «Назад»
// of the print view returns to; the setup screen's fields and its offer (start,
// continue, open the result); the map of the questions and the progress line;
// an answer given, checked or missing; a run finished and its summary.
//
// node --test: tests/js/quiz-screens.test.mjs.

import { isAnswered, isCorrect, ofQuestions, percent, questionsWord, scoreComment, scoreLine } from "./quiz-grading.js";
import { isChecked, parseWhole, resultOf, tally, unanswered } from "./quiz-run.js";
import { MAX_SEED, isSeed } from "./quiz-variant.js";

/**
 * @typedef {import("./quiz-types.js").Answer} Answer
 * @typedef {import("./quiz-types.js").Mode} Mode
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").Result} Result
 * @typedef {import("./quiz-types.js").Run} Run
 * @typedef {"setup" | "question" | "results" | "print"} Screen
 * The setup fields as typed: which is usable, what is wrong, the variant they give.
 * @typedef {{ seedOk: boolean, nOk: boolean, problems: string[], seed: number | null, n: number | null }} Fields
 * What the setup screen offers: the start button's label, the status line,
 * the label of «start again» (null: no such button).
 * @typedef {{ start: string, status: string, restart: string | null }} Offer
 * One question in the map: answered or not, or (practice, checked) right or wrong.
 * @typedef {{ state: "empty" | "answered" | "right" | "wrong", label: string }} MapItem
 * The result screen's summary of a finished run.
 * @typedef {{ tone: "ok" | "mixed", meta: string, score: string, unanswered: string | null, comment: string }} Summary
 */

/** @type {Record<Mode, string>} */
export const MODE_NAMES = { practice: "Тренировка", exam: "Экзамен" };

/**
 * The screen a page opens on: the print view if the address asks for it, else
 * the saved run of the variant in the address (its result once finished), else setup.
 * @param {boolean} print
 * @param {Run | null} saved
 * @returns {Screen}
 */
export function openingScreen(print, saved) {
  if (print) return "print";
  if (saved) return saved.finished ? "results" : "question";
  return "setup";
}

/**
 * Where «Назад к тесту» of the print view goes: the screen it was opened from,
 * if that screen can still be shown, else setup.
 * @param {string} back the screen the print view was opened from
 * @param {Run | null} run the run on the page
 * @returns {"results" | "question" | "setup"}
 */
export function printBack(back, run) {
  if (back === "results" && run && run.finished) return "results";
  if (back === "question" && run) return "question";
  return "setup";
}

/**
 * The variant typed in the setup fields (number, N) and what is wrong with it.
 * @param {string} seedText
 * @param {string} nText
 * @param {number} count the questions in the quiz
 * @returns {Fields}
 */
export function setupFields(seedText, nText, count) {
  const seed = parseWhole(seedText);
  const n = parseWhole(nText);
  const seedOk = seed !== null && isSeed(seed);
  const nOk = n !== null && n >= 1 && n <= count;
  const problems = [];
  if (!seedOk) problems.push(`Номер варианта — целое число от 0 до ${MAX_SEED}.`);
  if (!nOk) problems.push(`Вопросов — от 1 до ${count}.`);
  return { seedOk, nOk, problems, seed, n };
}

/**
 * What the setup screen offers for the variant chosen: open the result of a
 * finished run, continue a begun one, or start.
 * @param {Run | null} saved the saved run of the variant (null: none, or the fields are wrong)
 * @param {{ seed: number, n: number, mode: Mode }} picked
 * @param {boolean} valid the fields are usable
 * @param {Record<string, Question>} byId
 * @returns {Offer}
 */
export function setupOffer(saved, picked, valid, byId) {
  const practice = picked.mode === "practice";
  if (saved && saved.finished) {
    const t = tally(saved, byId);
    return { start: "Открыть результат", restart: "Пройти заново",
      status: `Этот вариант уже пройден: ${scoreLine(t.correct, t.total).toLowerCase()}.` };
  }
  if (saved) {
    const t = tally(saved, byId);
    const begun = practice ? "Начатая тренировка" : "Начатый экзамен";
    return { start: practice ? "Продолжить тренировку" : "Продолжить экзамен", restart: "Начать заново",
      status: `${begun}: отвечено ${t.total - t.unanswered} ${ofQuestions(saved.order.length)}.` };
  }
  return { start: practice ? "Начать тренировку" : "Начать экзамен", restart: null,
    status: valid ? `Вариант ${picked.seed}: ${questionsWord(picked.n)}.` : "" };
}

/**
 * The map of a run's questions, in order.
 * @param {Run} run
 * @param {Record<string, Question>} byId
 * @returns {MapItem[]}
 */
export function mapItems(run, byId) {
  const missing = unanswered(run, byId);
  return run.order.map((id, i) => {
    if (isChecked(run, id)) {
      return isCorrect(byId[id], run.answers[id]) ? { state: "right", label: "верно" } : { state: "wrong", label: "неверно" };
    }
    return missing.includes(i) ? { state: "empty", label: "без ответа" } : { state: "answered", label: "есть ответ" };
  });
}

/**
 * The progress line above question `index` and the count of answered questions (the bar).
 * @param {Run} run
 * @param {Record<string, Question>} byId
 * @param {number} index
 */
export function questionProgress(run, byId, index) {
  const total = run.order.length;
  const answered = total - unanswered(run, byId).length;
  return { text: `вопрос ${index + 1} из ${total} · отвечено ${answered}`, answered };
}

/**
 * A changed answer into the run (undefined: the question has no answer now).
 * @param {Run} run
 * @param {string} id
 * @param {Answer | undefined} value
 */
export function recordAnswer(run, id, value) {
  if (value === undefined) delete run.answers[id];
  else run.answers[id] = value;
}

/**
 * «Проверить» (practice): an ordering question left untouched takes the order
 * shown as its answer; a question with an answer is checked, one without is not.
 * @param {Run} run
 * @param {Question} q the question on screen
 * @param {(() => string[]) | undefined} shownOrder the order on screen (ordering)
 * @returns {string | null} why it was not checked; null: checked
 */
export function checkQuestion(run, q, shownOrder) {
  if (q.type === "ordering" && !isAnswered(q, run.answers[q.id]) && shownOrder) run.answers[q.id] = shownOrder();
  if (!isAnswered(q, run.answers[q.id])) {
    return q.type === "number" ? "Сначала введите ответ — целое число." : "Сначала выберите ответ.";
  }
  run.checked.push(q.id);
  return null;
}

/**
 * The first sentence of the warning before finishing with unanswered questions.
 * @param {number[]} missing their positions (0-based)
 */
export function unansweredWarning(missing) {
  const numbers = missing.map((i) => i + 1);
  return `Без ответа ${questionsWord(missing.length)} (№ ${numbers.join(", ")}). `;
}

/**
 * The run finished at `at` (ms); its entry for the list of past results.
 * @param {Run} run
 * @param {Record<string, Question>} byId
 * @param {number} at
 * @returns {Result}
 */
export function finishedRun(run, byId, at) {
  run.finished = true;
  run.finishedAt = at;
  return resultOf(run, byId, at);
}

/**
 * The summary at the top of the results.
 * @param {Run} run
 * @param {Record<string, Question>} byId
 * @param {number} count the questions in the quiz
 * @returns {Summary}
 */
export function resultSummary(run, byId, count) {
  const t = tally(run, byId);
  return {
    tone: t.correct === t.total ? "ok" : "mixed",
    meta: `${MODE_NAMES[run.mode]} · вариант ${run.seed} · ${questionsWord(run.n)}${run.n !== count ? ` из ${count}` : ""}`,
    score: `${scoreLine(t.correct, t.total)} (${percent(t.correct, t.total)}\u00a0%)`,
    unanswered: t.unanswered ? `Без ответа: ${questionsWord(t.unanswered)}.` : null,
    comment: scoreComment(t.correct, t.total),
  };
}
