// @ts-check
// Which parts of a ruling ruling.js draws, without a DOM: whether the verdict
// shows the points, the «по толкованию» / «по внешнему источнику» tags, the
// player's new total for the calculator (which has no score board), and the
// groups of cited ids (clauses, толкования, outside facts) that are not empty.

import { num, quantity, signedQuantity } from "../lib/ru.js";
import { scoreChanges } from "./ruling-text.js";

/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").Score} Score */
/** @typedef {"clause" | "tolkovanie" | "outside"} CitedKind */

/**
 * The verdict shows the points the ruling gives: none for a decision, nor a
 * zero (the badge says it: «Без очков», «Счёт не изменился»; «Без очков
 * 0 очков» said it twice).
 * @param {Ruling} ruling @param {Readonly<Score> | null} score @returns {boolean}
 */
export function showsPoints(ruling, score) {
  return Boolean(score && ruling.kind !== "decision" && !ruling.decision && (ruling.points || 0) !== 0);
}

/**
 * @typedef {{ kind: "points" | "reason" | "before-after" | "other", text: string }} ScorePiece
 */

/**
 * What a ruling line says of the scores, as text pieces (ruling-line.js draws
 * each in a span of its kind): the shooter's points, why, «3 → 0», then
 * «Анна: +2 очка, 1 → 3» for anyone else whose score changed; the points alone
 * when the ruling does not say what the scores were. Standalone (the
 * calculator, no board): a shot that changed no score still says the score
 * after it («88 → 88»). A zero is never said: the badge or «88 → 88» says it.
 * @param {Ruling} ruling @param {Readonly<Score>} score @param {string[] | null} names
 * @param {boolean} standalone @returns {ScorePiece[]}
 */
export function scorePieces(ruling, score, names, standalone) {
  const changes = scoreChanges(ruling);
  const p = ruling.player;
  const kept = typeof p === "number" && Array.isArray(ruling.scores) ? ruling.scores[p] : null;
  if (standalone && changes && !changes.some((c) => c.player === p) && typeof kept === "number") {
    changes.unshift({ player: /** @type {number} */ (p), before: kept, after: kept });
  }
  /** @param {number} n @returns {ScorePiece[]} */
  const points = (n) => (n === 0 ? [] : [{ kind: "points", text: signedQuantity(n, score.forms) }]);
  if (changes === null) return points(ruling.points || 0);
  /** @type {ScorePiece[]} */
  const pieces = [];
  const own = changes.find((c) => c.player === p);
  if (own) {
    const reason = reasonOf(ruling, p);
    pieces.push(...points(own.after - own.before), ...(reason ? [{ kind: /** @type {const} */ ("reason"), text: reason }] : []),
      { kind: "before-after", text: `${num(own.before)}\u00a0→\u00a0${num(own.after)}` }); // never broken inside
  }
  for (const { player, before, after } of changes) {
    if (player === p) continue;
    const why = reasonOf(ruling, player);
    pieces.push({ kind: "other", text: `${playerName(names, player)}: ${signedQuantity(after - before, score.forms)}`
      + `${why ? ` ${why}` : ""}, ${num(before)}\u00a0→\u00a0${num(after)}` });
  }
  return pieces;
}

/**
 * Why a player's score changed, in the few words the rules give (the engine's
 * extra.score_reasons: «за серию», «штрафа», «за ошибку соперника»), or "".
 * @param {Ruling} ruling @param {number | null | undefined} player @returns {string}
 */
function reasonOf(ruling, player) {
  const reasons = ruling.extra && Array.isArray(ruling.extra.score_reasons) ? ruling.extra.score_reasons : [];
  const reason = typeof player === "number" ? reasons[player] : null;
  return typeof reason === "string" ? reason : "";
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
