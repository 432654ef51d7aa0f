// @ts-check
// Which parts of a ruling ruling.js draws, without a DOM: whether the verdict
// shows the points, the «по толкованию» / «по внешнему источнику» tags, the
// player's new total for the calculator (which has no score board), and the
// groups of cited ids (clauses, толкования, outside facts) that are not empty.

import { num, quantity, signedQuantity } from "../lib/ru.js";
import { basisOf, saidFouls, scoreChanges, verdict } from "./ruling-text.js";

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
  const next = standalone ? String(ruling.summary || "") : "";
  /** @param {number} n @returns {ScorePiece[]} */
  const points = (n) => (n === 0 ? [] : [{ kind: "points", text: signedQuantity(n, score.forms) },
    ...[pointsNote(ruling, n, score, next)].filter(Boolean).map((text) => ({ kind: /** @type {const} */ ("reason"), text }))]);
  if (changes === null) return points(ruling.points || 0);
  /** @type {ScorePiece[]} */
  const pieces = [];
  const own = changes.find((c) => c.player === p);
  if (own) {
    const reason = reasonOf(ruling, p);
    // The foul's note («засчитаны, ход переходит») after the scores: before them it read as «ход переходит
    // 15 → 27», the turn passing from 15 to 27 (a newcomer, «Кайза»).
    const gained = points(own.after - own.before);
    const [counted, note] = [gained.slice(0, 1), gained.slice(1)];
    // A part of the count («из них 1 штрафной») follows it after a comma: «+2 удара, из них 1 штрафной».
    const part = PART_OF_COUNT.test(reason);
    if (part && counted.length) counted[0] = { ...counted[0], text: `${counted[0].text}, ${reason}` };
    pieces.push(...counted, ...(reason && !part ? [{ kind: /** @type {const} */ ("reason"), text: reason }] : []),
      { kind: "before-after", text: `${num(own.before)}\u00a0→\u00a0${num(own.after)}` }, ...note); // never broken inside
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
 * Whose the points are and what the foul cost, beside a foul's badge when the
 * shooter still gains (Кайза: the ball counts, the next shot is lost): a red
 * «Нарушение» beside «+12 очков» read as a contradiction. «засчитаны» (the
 * points are the shooter's), and «ход переходит» when the turn passes and
 * `shown` (the text beside it) does not say who plays next; "" otherwise.
 * @param {Ruling} ruling @param {number} gain the shooter's points @param {Readonly<Score>} score @param {string} [shown]
 * @returns {string}
 */
export function pointsNote(ruling, gain, score, shown = "") {
  // Where the fewer wins (strokes), a stroke added by a foul is its cost, not a gain.
  if (gain <= 0 || score.lower_wins || ruling.kind === "decision" || verdict(ruling, score)[0] !== "foul") return "";
  const passes = !ruling.finished && typeof ruling.next_player === "number" && ruling.next_player !== ruling.player;
  return passes && !/Следующий удар/u.test(shown) ? "засчитаны, ход переходит" : "засчитаны";
}

/**
 * The ids the line links (ruling-line.js): the fouls the line says in full,
 * with their толкования (their text is not repeated behind «почему»), and the
 * clause that decided it when it is not one of those.
 * @param {Ruling} ruling @param {string[]} said the line's sentences
 * @returns {{ fouls: string[], basis: string | null }}
 */
export function lineLinkIds(ruling, said) {
  const fouls = [...new Set(saidFouls(ruling, said).flatMap((f) => [f.clause, f.tolkovanie])
    .filter((id) => typeof id === "string" && id))];
  const basis = basisOf(ruling);
  return { fouls: /** @type {string[]} */ (fouls), basis: basis && !fouls.includes(basis) ? basis : null };
}

/** How the line marks points the text does not give, by where they come from. */
const VALUE_SOURCE = /** @type {const} */ ([["tolkovanie", "по толкованию"], ["outside", "по внешнему источнику"]]);

/**
 * Points that rest on a толкование or an outside fact (cited by the
 * explanation's «score» lines): [kind, words, id] for the marker beside the
 * points — the deciding one of its kind if cited, else the first. A source the
 * line links already (`linked`: «толкование: …») is not marked again («по
 * толкованию … толкование: …» named one толкование twice).
 * @param {Ruling} ruling @param {(id: string) => string | undefined} kindOf @param {string[]} linked
 * @returns {[string, string, string][]}
 */
export function valueSourceIds(ruling, kindOf, linked) {
  if (!ruling.points) return [];
  const cited = (ruling.why || []).filter((w) => w.aspect === "score").flatMap((w) => w.cites || []);
  const basis = basisOf(ruling);
  return VALUE_SOURCE.flatMap(([kind, words]) => {
    const of = cited.filter((c) => kindOf(c) === kind);
    const id = basis && of.includes(basis) ? basis : of[0];
    return id && !linked.includes(id) ? [/** @type {[string, string, string]} */ ([kind, words, id])] : [];
  });
}

/** A reason that is a part of the points' count, not their cause (kladka_kiem.py penalty_reason). */
const PART_OF_COUNT = /^из них /;

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
