// @ts-check
// Which parts of a ruling ruling.js draws, without a DOM: whether the verdict
// shows the points, the «по толкованию» / «по внешнему источнику» tags, the
// player's new total for the calculator (which has no score board), and the
// groups of cited ids (clauses, толкования, outside facts) that are not empty.

import { quantity } from "../lib/ru.js";

/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").Score} Score */
/** @typedef {"clause" | "tolkovanie" | "outside"} CitedKind */

/**
 * The verdict shows the points the ruling gives: none for a decision, nor a
 * foul's zero.
 * @param {Ruling} ruling @param {Readonly<Score> | null} score @returns {boolean}
 */
export function showsPoints(ruling, score) {
  const change = ruling.points || 0;
  return Boolean(score && ruling.kind !== "decision" && !ruling.decision && (change !== 0 || !ruling.foul));
}

/**
 * The tags saying the ruling leans on something the text of the rules does
 * not say: [kind, words] for each kind it cites.
 * @param {Ruling} ruling @returns {[string, string][]}
 */
export function beyondTextTags(ruling) {
  return /** @type {[string, string][]} */ ([["tolkovanie", "по толкованию"], ["outside", "по внешнему источнику"]])
    .filter(([kind]) => ((kind === "tolkovanie" ? ruling.tolkovaniya : ruling.outside) || []).length);
}

/**
 * The player's total after the ruling, in words («Аня: теперь 12 очков»), or
 * null when the ruling says none (a decision pending, no player, no scores) or
 * the text above it (`said`) already does («… Игрок 1: 90 очков.»: each fact once).
 * @param {Ruling} ruling @param {Readonly<Score>} score @param {string[] | null} names @param {string} [said]
 * @returns {string | null}
 */
export function newTotalText(ruling, score, names, said = "") {
  if (ruling.decision || typeof ruling.player !== "number" || !Number.isInteger(ruling.player)
    || !Array.isArray(ruling.scores)) return null;
  const total = ruling.scores[ruling.player];
  if (typeof total !== "number") return null;
  const name = names && names[ruling.player];
  if (said.replace(/\s+/g, " ").includes(`${playerName(names, ruling.player)}: ${quantity(total, score.forms)}`)) return null;
  return name ? `${name}: теперь ${quantity(total, score.forms)}`
    : `Теперь на счету игрока: ${quantity(total, score.forms)}`;
}

/** The ids the ruling cites, by kind, in the order shown; empty kinds left out.
 * @param {Ruling} ruling @returns {[CitedKind, string[]][]} */
export function citedGroups(ruling) {
  /** @type {[CitedKind, string[]][]} */
  const groups = [
    ["clause", ruling.clauses || []],
    ["tolkovanie", ruling.tolkovaniya || []],
    ["outside", ruling.outside || []],
  ];
  return groups.filter(([, ids]) => ids.length);
}

/**
 * A player's name, or «Игрок N» (the engine's name of an unnamed player, and a
 * new match's for an empty row). @param {(string | null | undefined)[] | null} names @param {number} i
 */
export function playerName(names, i) {
  return (names && names[i]) || `Игрок ${i + 1}`;
}
