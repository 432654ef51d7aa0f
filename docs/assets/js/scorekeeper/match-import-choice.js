// @ts-check
// The decisions of opening a shared match link (match-import.js), without a
// DOM: the match in the link or why it cannot be opened (damaged, another
// game's), what is said while the engine has not loaded or when it refuses the
// match, and what the preview offers given the matches already saved here —
// open the same one, update one with fewer records, or save a new one.

import { decodeMatch, LinkError } from "./match-link.js";
import { relation } from "./saved-matches.js";
import { messageOf } from "../form/widget.js";

/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").Response} Response */
/** @typedef {import("./saved-matches.js").SavedEntry} SavedEntry */
/**
 * @typedef {{ kind: "same", id: string, message: string } | { kind: "behind", id: string, message: string }
 *   | { kind: "new", message: string }} ImportOffer
 *   same: saved here with the same records; behind: saved here with fewer records (update it?); new: not saved here
 */

/**
 * The match in a link's fragment for this game: only JSON until the engine (match.view) accepts it.
 * @param {string} hash @param {{ id: string, title: string }} game
 * @returns {Promise<{ ok: true, state: MatchState } | { ok: false, message: string }>}
 */
export async function readSharedLink(hash, game) {
  /** @type {MatchState} */
  let shared;
  try {
    shared = /** @type {MatchState} */ (await decodeMatch(hash));
  } catch (err) {
    return { ok: false, message: `Партию из ссылки открыть не удалось: ${err instanceof LinkError ? err.message : "ссылка повреждена"}. `
      + "Попросите прислать ссылку ещё раз." };
  }
  if (shared.game !== game.id) {
    return { ok: false, message: `Эта ссылка — на партию другой игры, а на этой странице — «${game.title}». `
      + "Откройте ссылку целиком, как её прислали." };
  }
  return { ok: true, state: shared };
}

/** The engine could not be asked (not loaded yet): the match opens once it is. @param {unknown} err */
export function waitingMessage(err) {
  return `${messageOf(err)} Партия из ссылки откроется, когда загрузятся правила.`;
}

/** The engine's answer to match.view shows the match (else refusedMessage()). @param {Response | null | undefined} response */
export function showsMatch(response) {
  return Boolean(response && response.ok === true && response.view);
}

/** The engine refused the state in the link. @param {Response | null | undefined} response */
export function refusedMessage(response) {
  return `Партия в ссылке не открывается. ${messageOf(response)} Попросите прислать ссылку ещё раз.`;
}

/**
 * What the preview offers for the shared match, given the matches saved on this device.
 * @param {SavedEntry[]} entries (saved-matches.js listMatches()) @param {MatchState} state the shared match
 * @returns {ImportOffer}
 */
export function importOffer(entries, state) {
  const known = entries.filter((e) => e.ok)
    .map((e) => ({ id: e.id, how: relation(e.record.state, state), summary: e.record.summary }))
    .filter((e) => e.how);
  const same = known.find((e) => e.how === "same");
  const behind = known.find((e) => e.how === "ahead");
  if (same) return { kind: "same", id: same.id, message: "Эта партия уже сохранена на этом устройстве, в ней те же записи." };
  if (behind) {
    return { kind: "behind", id: behind.id, message: `Эта партия уже есть на этом устройстве, но в ней меньше записей: ${behind.summary.records} `
      + `из ${state.actions.length}. Обновить её по ссылке?` };
  }
  return { kind: "new", message: "Сохранить эту партию на этом устройстве? Партии, которые уже здесь сохранены, не изменятся." };
}
