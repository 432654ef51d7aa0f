// @ts-check
// What the scorekeeper's screens decide without the DOM (tested in node,
// tests/js/scorekeeper-core.test.mjs): which parts a screen shows, the last
// ruling's height kept over a reload, the saved summary's board while the
// engine loads, the record button's label, the saved matches' count and what
// a saved match that does not open leaves to do.

import { cardMarks } from "../ruling/match-board.js";
import { isObject, strings } from "../lib/storage.js";

/** @typedef {import("./match-session-saved.js").SavedSummary} SavedSummary */
/** @typedef {{ id: string, px: number }} HeldHeight the last ruling's least height (px) for the match `id` */

/**
 * Which parts are hidden with screen `next` shown; `savedEmpty`: no saved match is listed.
 * @param {string} next @param {boolean} savedEmpty
 */
export function hiddenParts(next, savedEmpty) {
  return {
    restore: next !== "restore",
    import: next !== "import",
    setup: next !== "setup",
    saved: next !== "setup" || savedEmpty,
    match: next !== "match",
  };
}

const NO_HEIGHT = Object.freeze({ id: "", px: 0 });
const MOST_HEIGHT = 2000;

/**
 * The height kept over a reload, from its stored text (kept within 0–2000 px);
 * none when the text is missing or is not one.
 * @param {string | null} text @returns {HeldHeight}
 */
export function keptHeight(text) {
  try {
    const kept = JSON.parse(text || "null");
    if (kept && typeof kept.id === "string" && Number.isFinite(kept.px)) {
      return { id: kept.id, px: Math.min(Math.max(kept.px, 0), MOST_HEIGHT) };
    }
  } catch {
    /* no height kept */
  }
  return { ...NO_HEIGHT };
}

/**
 * The height held for the match `id`: the one held, or none for another match.
 * @param {HeldHeight} held @param {string} id @returns {HeldHeight}
 */
export function heldFor(held, id) {
  return held.id === id ? held : { id, px: 0 };
}

/**
 * Whether `px`, measured now, is taller than the height held (by more than a rounding).
 * @param {number} px @param {HeldHeight} held
 */
export function growsPast(px, held) {
  return px > held.px + 0.01;
}

/** The CSS min-height of a held height: none for 0. @param {number} px */
export const minHeightOf = (px) => (px ? `${px}px` : "");

/**
 * The board's players of a saved summary: names, the saved scores (if any) and numbers.
 * @param {SavedSummary} summary
 */
export function provisionalPlayers(summary) {
  const names = summary.players || [];
  const scores = Array.isArray(summary.scores) ? summary.scores : null;
  const marks = Array.isArray(summary.marks) ? summary.marks : [];
  // Each card's notes as the engine last drew them (a damaged record's are checked: cardMarks keeps only sound ones).
  return names.map((name, i) => ({ name, score: scores ? scores[i] : null, number: summary.numbered ? i + 1 : undefined,
    ...(isObject(marks[i]) ? cardMarks({}, marks[i]) : {}) }));
}

/** The input's fields the engine last left idle. @param {SavedSummary} summary @returns {string[]} */
export function idleFields(summary) {
  return strings(summary.idle);
}

/**
 * The input's fields as the engine last drew them (form.js fitFieldsToView): idle, under a
 * condition, needed; and the idle action types. @param {SavedSummary} summary @returns {import("../lib/types.js").ViewFields}
 */
export function viewFields(summary) {
  return { idle: idleFields(summary), when: fieldWhen(summary), needed: strings(summary.needed), actions: strings(summary.idleActions) };
}

/**
 * The conditions under which the input's fields matter, as the engine last gave them
 * (its view's field_when): only a {field: {other field: [values]}} of a sound record.
 * @param {SavedSummary} summary @returns {Record<string, Record<string, unknown[]>>}
 */
export function fieldWhen(summary) {
  const when = isObject(summary.when) ? /** @type {Record<string, unknown>} */ (summary.when) : {};
  /** @type {Record<string, Record<string, unknown[]>>} */
  const out = {};
  for (const [name, condition] of Object.entries(when)) {
    const pairs = isObject(condition) ? Object.entries(/** @type {Record<string, unknown>} */ (condition)) : [];
    if (pairs.length && pairs.every(([, values]) => Array.isArray(values))) {
      out[name] = Object.fromEntries(/** @type {[string, unknown[]][]} */ (pairs));
    }
  }
  return out;
}

/** The record button's label for the action type chosen. @param {string | null | undefined} type */
export function playLabel(type) {
  return type === "shot" ? "Записать удар" : "Записать";
}

/** The saved matches' count beside their heading: none for none. @param {number} count */
export function savedCountText(count) {
  return count ? `(${count})` : "";
}

/**
 * What a saved match that does not open leaves to do; `others`: other saved matches remain.
 * @param {boolean} others
 */
export function restoreAdvice(others) {
  return others ? "Продолжить её нельзя; можно начать новую партию или открыть другую сохранённую."
    : "Продолжить её нельзя; можно начать новую партию.";
}
