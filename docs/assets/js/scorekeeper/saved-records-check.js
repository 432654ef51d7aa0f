// @ts-check
// What the match session decides about a saved record (match-session-saved.js),
// without a DOM or storage: what the engine's answer to a stored state means
// (ready, broken — the engine refuses the record —, or failed), the words while
// the engine has not loaded, the options a record's state carries, whether a
// storage key is a given match's record, and whether another tab has written a
// record since this tab last read or wrote it.

import { revisionOf } from "./saved-matches.js";
import { messageOf } from "../form/widget.js";

/** @typedef {import("./saved-matches.js").SavedRecord} SavedRecord */
/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").Response} Response */

/** The error codes with which the engine refuses a stored state itself (the record is broken). */
const REFUSED_STATE = ["saved_state", "input"];

/**
 * What the engine's answer to match.view of a stored state means: ready (accept it), broken
 * (the engine refuses the record: listed with the reason), or failed (kept; a reload tries again).
 * @param {Response | null | undefined} response @param {string} id the record
 * @returns {{ kind: "ready" } | { kind: "broken", id: string, problem: string } | { kind: "failed", message: string }}
 */
export function validationOf(response, id) {
  if (response && response.ok === true) return { kind: "ready" };
  if (response && response.error && REFUSED_STATE.includes(response.error.code)) {
    return { kind: "broken", id, problem: response.error.message };
  }
  return { kind: "failed", message: `${messageOf(response)} Сохранённая партия не удалена: обновите страницу, чтобы попробовать ещё раз.` };
}

/**
 * The engine could not be asked (not loaded): the record waits for it.
 * @param {unknown} err @returns {{ kind: "waiting", message: string }}
 */
export function waitingValidation(err) {
  return { kind: "waiting", message: `${messageOf(err)} Сохранённая партия не удалена и откроется, когда загрузятся правила.` };
}

/** The options of a stored state ({} when it has none). @param {MatchState | null | undefined} state @returns {Record<string, unknown>} */
export function optionsOf(state) {
  return state && typeof state.options === "object" && state.options ? state.options : {};
}

/**
 * The storage key (of a `storage` event) is the record of this game's match `matchId`.
 * @param {string | null} key @param {string} gameId @param {string} matchId
 */
export function isRecordKey(key, gameId, matchId) {
  return Boolean(key) && /** @type {string} */ (key).endsWith(`:${gameId}:${matchId}`);
}

/**
 * The stored record differs from `base`, the revision and state this tab last read or wrote:
 * another tab has written it since.
 * @param {SavedRecord} record @param {{ revision: number, state: MatchState | null }} base
 */
export function writtenSince(record, base) {
  return revisionOf(record) !== base.revision || JSON.stringify(record.state) !== JSON.stringify(base.state);
}
