// @ts-check
// The тренажёр's run, without DOM (trainer.js draws it): the saved state
// checked; the game and the task a page address asks for; which task is on
// screen and the score once it is answered; the next task; the addresses of a
// task; what a learner is told before answering.
//
// node --test: tests/js/trainer-run.test.mjs.

import { parseWhole } from "../quiz/quiz-run.js";
import { isSeed as isVariantSeed, randomSeed } from "../quiz/quiz-variant.js";
import { isObject } from "../lib/storage.js";
import { unbroken } from "../lib/ru.js";

/**
 * @typedef {import("../quiz/quiz-types.js").Choice} Choice
 * @typedef {import("../quiz/quiz-types.js").TrainerQuestion} TrainerQuestion
 * @typedef {{ correct: number, total: number }} Score
 * The question on screen: answer and correct once it was answered.
 * @typedef {{ game: string, seed: number, answer?: string | number, correct?: boolean }} Current
 * @typedef {{ format: string, game: string | null, scores: Record<string, Score>, current: Current | null }} State
 * What ?game=…&seed=… asks for: null where not given (or not usable, then a note says so).
 * @typedef {{ game: string | null, seed: number | null, notes: string[] }} Asked
 */

export const FORMAT = "rules-site.trainer/1";
export const MAX_SEED = 2 ** 31 - 1; // rules_pkg.trainer.MAX_SEED
const FRESH_SEED_MAX = 999999; // short enough to read out; any 0 … MAX_SEED works

/** @param {unknown} x */
const isCount = (x) => Number.isInteger(x) && Number(x) >= 0;

/** @param {unknown} x @returns {x is number} */
export const isSeed = (x) => isVariantSeed(x, MAX_SEED);

/** @returns {State} a run with no answer yet and no game chosen */
export function emptyState() {
  return { format: FORMAT, game: null, scores: {}, current: null };
}

/**
 * The saved state, checked: {format, game, scores: {game: {correct, total}},
 * current: {game, seed, answer?, correct?} | null}.
 * @param {unknown} value
 * @param {string[]} gameIds
 * @returns {value is State}
 */
export function validState(value, gameIds) {
  if (!isObject(value) || value.format !== FORMAT || !isObject(value.scores)) return false;
  for (const [game, s] of Object.entries(value.scores)) {
    if (!gameIds.includes(game) || !isObject(s) || !isCount(s.correct) || !isCount(s.total) || s.correct > s.total) return false;
  }
  if (value.game !== null && !gameIds.includes(value.game)) return false;
  const c = value.current;
  if (c === null) return true;
  if (!isObject(c) || !gameIds.includes(c.game) || !isSeed(c.seed)) return false;
  if ("answer" in c && !(typeof c.answer === "string" || Number.isSafeInteger(c.answer))) return false;
  if ("correct" in c && typeof c.correct !== "boolean") return false;
  return true;
}

/**
 * The game and the task of a shared link (?game=kovboy&seed=123); a bad
 * value is left out with a note.
 * @param {string} search the address's query, "?game=…&seed=…"
 * @param {string[]} gameIds
 * @returns {Asked}
 */
export function readAsked(search, gameIds) {
  const params = new URLSearchParams(search);
  const askedGame = params.get("game");
  const game = askedGame !== null && gameIds.includes(askedGame) ? askedGame : null;
  // Read as strictly as the quiz page's variant: "", " ", "1e3" or "0x10" is not a task number.
  const askedSeed = params.has("seed") ? parseWhole(params.get("seed") || "") : null;
  /** @type {string[]} */
  const notes = [];
  if (askedGame !== null && game === null) {
    notes.push(`Игры «${askedGame}» в тренажёре нет: выберите игру из списка.`);
  }
  if (params.has("seed") && !isSeed(askedSeed)) {
    notes.push(`Номер задачи «${params.get("seed")}» в адресе не подходит (нужно целое число от 0 до ${MAX_SEED}).`);
  }
  return { game, seed: isSeed(askedSeed) ? askedSeed : null, notes };
}

/**
 * The game the тренажёр opens on, and its task: a shared link wins over the
 * saved one. Sets state.game and, where the link says so, state.current.
 * @param {State} state
 * @param {Asked} asked
 * @param {string[]} gameIds
 * @returns {string} the game chosen
 */
export function openAsked(state, asked, gameIds) {
  const game = asked.game ?? (state.game && gameIds.includes(state.game) ? state.game : gameIds[0]);
  if (asked.game !== null && asked.seed !== null) {
    if (!state.current || state.current.game !== asked.game || state.current.seed !== asked.seed) {
      state.current = { game: asked.game, seed: asked.seed };
    }
  } else if (asked.game !== null && state.current && state.current.game !== asked.game) {
    state.current = null; // a link to another game's тренажёр: start with that game
  }
  state.game = game;
  return game;
}

/** @param {State} state @param {string} game @returns {Score} */
export function scoreOf(state, game) {
  return state.scores[game] || { correct: 0, total: 0 };
}

/**
 * The answer given to the task on screen, and the verdict, counted in its game's score.
 * @param {State} state
 * @param {Current} current
 * @param {{ game: string, answer: string | number, correct: boolean }} checked
 */
export function recordAnswer(state, current, { game, answer, correct }) {
  current.answer = answer;
  current.correct = correct;
  const s = scoreOf(state, game);
  state.scores[game] = { correct: s.correct + (correct ? 1 : 0), total: s.total + 1 };
}

/**
 * A new task of the game: a fresh seed, put on screen (state.current).
 * @param {State} state @param {string} game
 * @param {number} [seed] chosen at random unless given
 * @returns {Current}
 */
export function startFresh(state, game, seed = randomSeed(FRESH_SEED_MAX)) {
  state.current = { game, seed };
  return state.current;
}

/**
 * The page's address with the game chosen and the task on screen (none: no seed).
 * @param {string} href the address now
 * @param {string} game
 * @param {Current | null} current
 * @returns {string}
 */
export function addressOf(href, game, current) {
  const url = new URL(href);
  url.searchParams.set("game", game);
  if (current) url.searchParams.set("seed", String(current.seed));
  else url.searchParams.delete("seed");
  return url.href;
}

/**
 * The link to share a task: the page with ?game=…&seed=… only.
 * @param {string} href the page's address
 * @param {{ game: string, seed: number }} task
 * @returns {string}
 */
export function taskLink(href, { game, seed }) {
  const link = new URL(href);
  link.search = "";
  link.hash = "";
  link.searchParams.set("game", game);
  link.searchParams.set("seed", String(seed));
  return link.href;
}

/**
 * The task as the quiz's answer controls take it: a number, or one of its choices.
 * @param {TrainerQuestion} q
 * @returns {{ type: "number" | "single", choices: Choice[] }}
 */
export function asQuizQuestion(q) {
  return { type: q.type === "number" ? "number" : "single",
    choices: q.choices.map((c) => ({ id: c.id, text: unbroken(c.label) })) };
}

/** What «Ответить» says with no answer given. @param {TrainerQuestion["type"]} type @returns {string} */
export function noAnswerMessage(type) {
  return type === "number" ? "Сначала введите ответ — целое число." : "Сначала выберите ответ.";
}
