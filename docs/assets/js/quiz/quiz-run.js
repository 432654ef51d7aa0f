// @ts-check
// The quiz page's decisions, without DOM (quiz.js draws them): the variant,
// the mode and the view asked for in the page address; the tally of a run;
// which questions are still without an answer; what the main button of a
// question does and says; the choice a key picks.
//
// node --test: tests/js/quiz-run.test.mjs.

import { LETTERS, isAnswered, isCorrect, questionsWord } from "./quiz-grading.js";
import { isMode } from "./quiz-store.js";
import { MAX_SEED, isSeed } from "./quiz-variant.js";

/**
 * @typedef {import("./quiz-types.js").Mode} Mode
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").Result} Result
 * @typedef {import("./quiz-types.js").Run} Run
 * @typedef {import("./quiz-types.js").Tally} Tally
 * What the address asks for; null: not given (or not usable, then a note says so).
 * @typedef {{ seed: number | null, n: number | null, mode: Mode | null, print: boolean,
 *   notes: string[], explicit: boolean }} Address
 * @typedef {"check" | "next" | "finish"} Action
 * @typedef {{ action: Action, label: string, finishHidden: boolean }} Primary
 */

export const DEFAULT_N = 10;

/**
 * "42" -> 42; anything but a whole number of up to 10 digits -> null.
 * @param {string | null} text
 * @returns {number | null}
 */
export function parseWhole(text) {
  const t = String(text).trim();
  return /^\d{1,10}$/.test(t) ? Number(t) : null;
}

/**
 * The variant, the mode and the view from the page address
 * (?seed=7&n=10&mode=exam&view=print); a bad value is left out with a note.
 * @param {string} search location.search
 * @param {number} count the questions in the quiz
 * @returns {Address}
 */
export function readAddress(search, count) {
  const sp = new URLSearchParams(search);
  /** @type {string[]} */
  const notes = [];
  let seed = null;
  let n = null;
  let mode = null;
  if (sp.has("seed")) {
    const v = parseWhole(sp.get("seed"));
    if (v !== null && isSeed(v)) seed = v;
    else notes.push(`Номер варианта «${sp.get("seed")}» в адресе не подходит (нужно целое число от 0 до ${MAX_SEED}), поэтому взят случайный вариант.`);
  }
  if (sp.has("n")) {
    const v = parseWhole(sp.get("n"));
    if (v !== null && v >= 1 && v <= count) n = v;
    else notes.push(`Число вопросов «${sp.get("n")}» в адресе не подходит (в тесте ${questionsWord(count)}), поэтому взято ${Math.min(DEFAULT_N, count)}.`);
  }
  if (sp.has("mode")) {
    const asked = sp.get("mode");
    if (isMode(asked)) mode = asked;
    else notes.push(`Режим «${asked}» в адресе неизвестен: открыта тренировка.`);
  }
  return { seed, n, mode, print: sp.get("view") === "print", notes, explicit: seed !== null };
}

/**
 * Right, unanswered and all questions of a run.
 * @param {Run} run
 * @param {Record<string, Question>} byId
 * @returns {Tally}
 */
export function tally(run, byId) {
  const correct = run.order.filter((id) => isCorrect(byId[id], run.answers[id])).length;
  return { correct, unanswered: unanswered(run, byId).length, total: run.order.length };
}

/**
 * The positions (0-based) of the questions without an answer.
 * @param {Run} run
 * @param {Record<string, Question>} byId
 * @returns {number[]}
 */
export function unanswered(run, byId) {
  const out = [];
  run.order.forEach((id, i) => {
    if (!isAnswered(byId[id], run.answers[id])) out.push(i);
  });
  return out;
}

/**
 * The entry of the list of past results for a finished run.
 * @param {Run} run
 * @param {Record<string, Question>} byId
 * @param {number} at when it was finished (ms)
 * @returns {Result}
 */
export function resultOf(run, byId, at) {
  const t = tally(run, byId);
  return { mode: run.mode, seed: run.seed, n: run.n, correct: t.correct, total: t.total, at };
}

/**
 * Practice shows the verdict of a checked question; it can no longer be changed.
 * @param {Run} run
 * @param {string} id
 */
export function isChecked(run, id) {
  return run.mode === "practice" && run.checked.includes(id);
}

/**
 * Practice: the next question after `index` (round the end) not yet checked, or null.
 * @param {Run} run
 * @param {number} index
 * @returns {number | null}
 */
export function nextUnchecked(run, index) {
  const total = run.order.length;
  for (let k = 1; k <= total; k++) {
    const i = (index + k) % total;
    if (!isChecked(run, run.order[i])) return i;
  }
  return null;
}

/**
 * The main button of question `index`: check the answer (practice), go on,
 * or finish; and whether the separate «Закончить» button is hidden then.
 * @param {Run} run
 * @param {number} index
 * @param {boolean} locked the answer can no longer change
 * @returns {Primary}
 */
export function primaryButton(run, index, locked) {
  if (run.mode === "practice") {
    if (!locked) return { action: "check", label: "Проверить", finishHidden: false };
    if (nextUnchecked(run, index) === null) return { action: "finish", label: "Результат", finishHidden: true };
    return { action: "next", label: "Следующий вопрос →", finishHidden: false };
  }
  const last = index === run.order.length - 1;
  return last ? { action: "finish", label: "Завершить тест", finishHidden: true }
    : { action: "next", label: "Далее →", finishHidden: false };
}

/**
 * Where «next» goes from question `index`: practice, to the next unchecked
 * question; an exam, to the following one.
 * @param {Run} run
 * @param {number} index
 */
export function nextIndex(run, index) {
  if (run.mode === "practice") return nextUnchecked(run, index) ?? index;
  return Math.min(index + 1, run.order.length - 1);
}

/**
 * The choice a key picks: a letter of the sheet (А, Б, В… in any case) or a
 * digit 1–9 -> its position (0-based); any other key -> -1.
 * @param {string} key KeyboardEvent.key
 */
export function choiceOfKey(key) {
  const k = LETTERS.indexOf(key.toUpperCase());
  if (k >= 0 && key.length === 1) return k;
  return /^[1-9]$/.test(key) ? Number(key) - 1 : -1;
}
