// @ts-check
// What the match screen (match-view.js) shows, decided without a DOM: the
// table of the match when it has rows, who is to shoot, who makes a pending
// decision, which ruling the «last» line shows, and the redo button's text.

/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").View} View */
/** @typedef {import("./match-view.js").LastAction} LastAction */

/** The match's table, or null when it has no rows. @param {View} view */
export function shownTable(view) {
  return view.table && view.table.rows && view.table.rows.length ? view.table : null;
}

/** A player's name by an index the engine sent (null: not a player's index).
 * @param {unknown} index @param {string[]} names @returns {string | null} */
function playerAt(index, names) {
  return typeof index === "number" && Number.isInteger(index) ? names[index] : null;
}

/** Who is to shoot, or null once the match is over. @param {View} view @param {string[]} names */
export function shooterName(view, names) {
  return !view.finished ? playerAt(view.current, names) : null;
}

/** Who makes the decision, when its question does not already name them.
 * @param {NonNullable<View["decision"]>} decision @param {string[]} names @returns {string | null} */
export function chooserNotAsked(decision, names) {
  const who = playerAt(decision.player, names);
  return who && !(decision.question || "").includes(who) ? who : null;
}

/**
 * The ruling the «last» line shows: the action just made, else the last
 * entry of the history, else none.
 * @param {LastAction | null} last @param {Ruling[]} items @returns {LastAction | null}
 */
export function lastShownOf(last, items) {
  return last || (items.length ? { note: "", ruling: items[items.length - 1], undone: false } : null);
}

/** The redo button: «↷», with the count when more than one record can come back.
 * @param {View} view @param {MatchState} state */
export function redoLabel(view, state) {
  const undoneCount = Array.isArray(state.undone) ? state.undone.length : 0;
  return view.can_redo && undoneCount > 1 ? `↷ ${undoneCount}` : "↷";
}
