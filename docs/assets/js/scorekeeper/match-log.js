// @ts-check
// The page's own copy of a match (ARCHITECTURE.md, "Match responses"): the
// engine no longer sends the whole state and history back with every action,
// so the page keeps the state and updates it exactly as the engine does, and
// checks its lengths against the response's `log`. Works with both response
// shapes (with `state`, or with `log`). No DOM.

/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").Action} Action */
/** @typedef {import("../lib/types.js").Response} Response */
/** @typedef {import("../lib/types.js").HistoryPage} HistoryPage */
/** @typedef {import("../lib/types.js").Ruling} Ruling */

/** How many history entries the match screen shows unfolded. */
export const RECENT = 5;

/**
 * The state after one action, as the engine computes it.
 * @param {MatchState} state @param {string} op @param {Action | null} [action]
 * @returns {MatchState}
 */
export function applyLocally(state, op, action = null) {
  const actions = [...state.actions];
  const undone = [...(state.undone || [])];
  if (op === "match.play") {
    if (!action) throw new Error("нет действия");
    actions.push(action);
    return { ...state, actions, undone: [] };
  }
  if (op === "match.undo") {
    const last = actions.pop();
    if (last) undone.push(last);
    return { ...state, actions, undone };
  }
  if (op === "match.redo") {
    const back = undone.pop();
    if (back) actions.push(back);
    return { ...state, actions, undone };
  }
  return state;
}

/** @param {MatchState} state @param {{ actions: number, undone: number } | undefined} log */
export function agrees(state, log) {
  return !log || (state.actions.length === log.actions && (state.undone || []).length === log.undone);
}

/**
 * The state to keep after a response: the engine's when it sent one, else
 * the local update, or null when the local copy disagrees with `log` (then
 * ask again with want: {state: true}).
 * @param {MatchState | null} state @param {import("../lib/types.js").Request} request @param {Response} response
 * @returns {MatchState | null}
 */
export function nextState(state, request, response) {
  if (response.state) return response.state;
  if (!state) return null;
  const next = applyLocally(state, request.op, request.action || null);
  return agrees(next, response.log) ? next : null;
}

/** The response speaks the new protocol (it has `log`): `want` may be sent. @param {Response} response */
export const speaksLog = (response) => Boolean(response && response.log);

/**
 * The last entries of the history from either response shape.
 * @param {Response} response @param {number} [last]
 * @returns {HistoryPage}
 */
export function recentHistory(response, last = RECENT) {
  if (response.history && Array.isArray(response.history.items)) return response.history;
  const all = (response.view && response.view.history) || [];
  const from = Math.max(0, all.length - last);
  return { from, total: all.length, items: all.slice(from) };
}

/** The number of rulings in the match's history. @param {import("../lib/types.js").View} view */
export function historyLength(view) {
  if (typeof view.history_length === "number") return view.history_length;
  return Array.isArray(view.history) ? view.history.length : 0;
}

/**
 * What undo and redo left to show struck through: the rulings undone, last
 * undone first, kept while they can be redone.
 * @param {Ruling[]} undone @param {string} op @param {Ruling | undefined} ruling
 * @returns {Ruling[]}
 */
export function undoneAfter(undone, op, ruling) {
  if (op === "match.undo" && ruling) return [ruling, ...undone];
  if (op === "match.redo") return undone.slice(1);
  if (op === "match.play") return [];
  return undone;
}
