// @ts-check
// What a quiz page remembers in this browser (storage.js: never throws):
//
//   quiz:<quiz>:<mode>:<seed>:<n>   one run of one variant: answers, checked
//                                   questions (practice), the current question,
//                                   finished or not — so a reload resumes it
//   quiz:<quiz>:results             the last finished runs, newest first
//
// Everything read back is checked against the variant: a corrupt record is
// kept aside under "<key>:corrupt" (never silently lost), reported and reset;
// a record of an older version of the quiz is reported and reset too.

import { isValidAnswer } from "./quiz-grading.js";
import { isObject, loadJSON, remove, saveJSON, saveRaw } from "../lib/storage.js";

/**
 * @typedef {import("./quiz-types.js").Mode} Mode
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").Result} Result
 * @typedef {import("./quiz-types.js").Run} Run
 * @typedef {import("./quiz-types.js").VariantItem} VariantItem
 */

export const RUN_FORMAT = "rules-site.quiz-run/1";
/** @type {readonly Mode[]} */
export const MODES = ["practice", "exam"];
const MAX_RESULTS = 10;

/** @param {unknown} x @returns {x is Mode} */
export function isMode(x) {
  return MODES.some((m) => m === x);
}

/** @param {string} quizId @param {Mode} mode @param {number} seed @param {number} n */
export function runKey(quizId, mode, seed, n) {
  return `quiz:${quizId}:${mode}:${seed}:${n}`;
}

/** @param {string} quizId */
function resultsKey(quizId) {
  return `quiz:${quizId}:results`;
}

/**
 * @param {string} quizId @param {Mode} mode @param {number} seed @param {number} n
 * @param {VariantItem[]} variant
 * @returns {Run}
 */
export function newRun(quizId, mode, seed, n, variant) {
  return {
    format: RUN_FORMAT,
    quiz: quizId,
    mode,
    seed,
    n,
    order: variant.map((v) => v.id),
    answers: {},
    checked: [],
    current: 0,
    finished: false,
    startedAt: Date.now(),
    finishedAt: null,
  };
}

/**
 * -> a reason (Russian, for the console and tests) or "" when the run is sound.
 * @param {unknown} run what was read back
 * @param {string} quizId @param {Mode} mode @param {number} seed @param {number} n
 * @param {VariantItem[]} variant
 * @param {Record<string, Question>} byId
 */
export function runProblem(run, quizId, mode, seed, n, variant, byId) {
  if (!isObject(run)) return "не объект";
  if (run.format !== RUN_FORMAT) return "неизвестный формат";
  if (run.quiz !== quizId || run.mode !== mode || run.seed !== seed || run.n !== n) return "чужая запись";
  const order = variant.map((v) => v.id);
  if (!Array.isArray(run.order) || run.order.length !== order.length || run.order.some((id, i) => id !== order[i])) {
    return "changed";
  }
  if (!isObject(run.answers)) return "нет ответов";
  for (const [id, value] of Object.entries(run.answers)) {
    if (!order.includes(id)) return `ответ на неизвестный вопрос ${id}`;
    if (!isValidAnswer(byId[id], value)) return `неверный ответ на вопрос ${id}`;
  }
  if (!Array.isArray(run.checked) || run.checked.some((/** @type {unknown} */ id) => typeof id !== "string" || !(id in run.answers))) return "неверный список проверенных";
  if (!Number.isInteger(run.current) || run.current < 0 || run.current >= order.length) return "неверный номер вопроса";
  if (typeof run.finished !== "boolean") return "неверный признак окончания";
  return "";
}

/**
 * @param {string} quizId @param {Mode} mode @param {number} seed @param {number} n
 * @param {VariantItem[]} variant
 * @param {Record<string, Question>} byId
 * @returns {{ status: "ok", run: Run } | { status: "missing" | "corrupt" | "changed" | "unavailable" }}
 */
export function loadRun(quizId, mode, seed, n, variant, byId) {
  const key = runKey(quizId, mode, seed, n);
  const saved = loadJSON(key);
  if (saved.status !== "ok") {
    if (saved.status === "corrupt") {
      setAside(key, saved.raw);
      return { status: "corrupt" };
    }
    return { status: saved.status === "missing" ? "missing" : "unavailable" };
  }
  const problem = runProblem(saved.value, quizId, mode, seed, n, variant, byId);
  if (problem === "changed") {
    remove(key);
    return { status: "changed" };
  }
  if (problem) {
    console.warn(`quiz: сохранённый ход теста отброшен (${problem})`);
    setAside(key, saved.raw);
    return { status: "corrupt" };
  }
  return { status: "ok", run: /** @type {Run} checked by runProblem */ (saved.value) };
}

/** @param {string} key @param {string | undefined} raw */
function setAside(key, raw) {
  if (raw !== undefined) saveRaw(`${key}:corrupt`, raw);
  remove(key);
}

/** @param {Run} run @returns {boolean} saved */
export function saveRun(run) {
  return saveJSON(runKey(run.quiz, run.mode, run.seed, run.n), run);
}

/** @param {string} quizId @param {Mode} mode @param {number} seed @param {number} n */
export function clearRun(quizId, mode, seed, n) {
  remove(runKey(quizId, mode, seed, n));
}

/** @param {unknown} r @returns {r is Result} */
function isResult(r) {
  return isObject(r) && isMode(r.mode) && Number.isInteger(r.seed) && Number.isInteger(r.n)
    && Number.isInteger(r.correct) && Number.isInteger(r.total) && r.correct >= 0 && r.correct <= r.total
    && Number.isFinite(r.at);
}

/**
 * @param {string} quizId
 * @returns {{ status: string, list: Result[] }} status "ok" | "corrupt" | "missing" | "unavailable"
 */
export function loadResults(quizId) {
  const key = resultsKey(quizId);
  const saved = loadJSON(key);
  if (saved.status === "missing" || saved.status === "unavailable") return { status: saved.status, list: [] };
  if (saved.status === "ok" && Array.isArray(saved.value) && saved.value.every(isResult)) {
    return { status: "ok", list: saved.value };
  }
  setAside(key, saved.raw);
  return { status: "corrupt", list: [] };
}

/** @param {string} quizId @param {Result} result */
export function addResult(quizId, result) {
  const { list } = loadResults(quizId);
  return saveJSON(resultsKey(quizId), [result, ...list].slice(0, MAX_RESULTS));
}
