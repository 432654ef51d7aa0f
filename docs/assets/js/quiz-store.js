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
import { loadJSON, remove, saveJSON, saveRaw } from "./storage.js";

export const RUN_FORMAT = "rules-site.quiz-run/1";
export const MODES = ["practice", "exam"];
const MAX_RESULTS = 10;

export function runKey(quizId, mode, seed, n) {
  return `quiz:${quizId}:${mode}:${seed}:${n}`;
}

function resultsKey(quizId) {
  return `quiz:${quizId}:results`;
}

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

const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

// -> a reason (Russian, for the console and tests) or "" when the run is sound.
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
  if (!Array.isArray(run.checked) || run.checked.some((id) => !(id in run.answers))) return "неверный список проверенных";
  if (!Number.isInteger(run.current) || run.current < 0 || run.current >= order.length) return "неверный номер вопроса";
  if (typeof run.finished !== "boolean") return "неверный признак окончания";
  return "";
}

// -> {status: "missing" | "ok" | "corrupt" | "changed" | "unavailable", run?}
export function loadRun(quizId, mode, seed, n, variant, byId) {
  const key = runKey(quizId, mode, seed, n);
  const saved = loadJSON(key);
  if (saved.status !== "ok") {
    if (saved.status === "corrupt") setAside(key, saved.raw);
    return { status: saved.status };
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
  return { status: "ok", run: saved.value };
}

function setAside(key, raw) {
  if (raw !== undefined) saveRaw(`${key}:corrupt`, raw);
  remove(key);
}

export function saveRun(run) {
  return saveJSON(runKey(run.quiz, run.mode, run.seed, run.n), run);
}

export function clearRun(quizId, mode, seed, n) {
  remove(runKey(quizId, mode, seed, n));
}

function isResult(r) {
  return isObject(r) && MODES.includes(r.mode) && Number.isInteger(r.seed) && Number.isInteger(r.n)
    && Number.isInteger(r.correct) && Number.isInteger(r.total) && r.correct >= 0 && r.correct <= r.total
    && Number.isFinite(r.at);
}

// -> {status: "ok" | "corrupt" | ..., list: [{mode, seed, n, correct, total, at}]}
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

export function addResult(quizId, result) {
  const { list } = loadResults(quizId);
  return saveJSON(resultsKey(quizId), [result, ...list].slice(0, MAX_RESULTS));
}
