// @ts-check
// The matches of one game saved on this device: one localStorage key per
// match, so a damaged record never takes the others with it.
//
//   rules-site:match/v2:<game>:<id>   a record (below), written after every action
//   rules-site:match/v2-open:<game>   the id of the match on screen: reopened after a reload
//
// Record: {format: RECORD_FORMAT, id, game, created, updated (ISO dates),
//          revision: how many times it was written (1, 2, ...; absent = 0 in
//          the records of the first release of this format),
//          summary: {players, scores | null, finished, winner, records, status,
//                    notes, numbered, idle, when, needed, idleActions, untouched (nothing recorded or undone), marks (each card's notes): what the board and the input looked like, so
//                    that they are drawn at their height before the engine loads},
//          state: the engine's match state (ARCHITECTURE.md, "State")}.
// The revision tells a tab that another tab wrote the match since it read it
// (match-session.js refuses its stale write then).
// The summary lets the list show a match before the engine has loaded; the
// state is the only thing the engine reads (match.view validates it).
//
// Version 1 of the site kept one match per game under rules-site:match:<game>
// (and an unreadable one under ...:corrupt); migrateV1() turns those into
// records, readable or not, and deletes nothing it could not carry over.

import { cardMarks, notesInPlay } from "../ruling/match-board.js";
import { isObject, keysStartingWith, loadJSON, loadRaw, remove, saveJSON, saveRaw, strings } from "../lib/storage.js";

/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").View} View */
/**
 * @typedef {{ players: string[], scores: number[] | null, finished: boolean,
 *   winner: number | null, records: number, status: string, notes?: boolean, numbered?: boolean,
 *   idle?: string[], when?: Record<string, unknown>, needed?: string[], idleActions?: string[], untouched?: boolean, marks?: Record<string, unknown>[] }} Summary
 * @typedef {{ format: string, id: string, game: string, created: string, updated: string,
 *   revision?: number, summary: Summary, state: MatchState }} SavedRecord
 * @typedef {{ id: string, ok: true, record: SavedRecord }
 *   | { id: string, ok: false, problem: string, raw: string | null }} SavedEntry
 */

export const RECORD_FORMAT = "rules-site.saved-match/2";
const FORMAT_RE = /^rules-site\.saved-match\/(\d+)$/;
const ID_RE = /^[a-z0-9]{4,40}$/;

const recordPrefix = (/** @type {string} */ game) => `match/v2:${game}:`;
const recordKey = (/** @type {string} */ game, /** @type {string} */ id) => `${recordPrefix(game)}${id}`;
const openKey = (/** @type {string} */ game) => `match/v2-open:${game}`;

/** @returns {string} */
export function newId() {
  const random = new Uint32Array(2);
  crypto.getRandomValues(random);
  return Date.now().toString(36) + random[0].toString(36) + random[1].toString(36);
}

// What is wrong with a parsed record, in Russian; "" when it looks right.
/** @param {unknown} value @param {string} game @param {string} id */
function recordProblem(value, game, id) {
  if (!isObject(value)) return "Запись повреждена: в ней нет данных партии.";
  const format = FORMAT_RE.exec(typeof value.format === "string" ? value.format : "");
  if (!format) return "Запись сделана в неизвестном формате.";
  if (Number(format[1]) > 2) {
    return "Запись сделана более новой версией сайта; эта версия не умеет её открыть. Обновите страницу.";
  }
  if (Number(format[1]) < 2) return "Запись сделана устаревшей версией сайта в формате, который больше не читается.";
  if (value.id !== id || value.game !== game) return "Запись повреждена: она не совпадает со своим местом в памяти.";
  if (!isObject(value.state)) return "Запись повреждена: в ней нет состояния партии.";
  if (!isObject(value.summary) || !Array.isArray(value.summary.players)) {
    return "Запись повреждена: нет списка игроков.";
  }
  return "";
}

// -> {id, ok: true, record} | {id, ok: false, problem, raw}
/** @param {string} game @param {string} id @returns {SavedEntry | null} */
function entry(game, id) {
  const loaded = loadJSON(recordKey(game, id));
  if (loaded.status === "missing" || loaded.status === "unavailable") return null;
  if (loaded.status === "corrupt") {
    return { id, ok: false, problem: "Запись повреждена и не читается.", raw: loaded.raw };
  }
  const problem = recordProblem(loaded.value, game, id);
  if (problem) return { id, ok: false, problem, raw: loaded.raw };
  return { id, ok: true, record: /** @type {SavedRecord} */ (loaded.value) }; // checked by recordProblem
}

/** How many times a record was written (0: never, or by the release before revisions). @param {SavedRecord} record */
export const revisionOf = (record) => (Number.isInteger(record.revision) && Number(record.revision) > 0 ? Number(record.revision) : 0);

/**
 * The revision of a readable stored record, or null when there is none (missing or damaged).
 * @param {string} game @param {string | null} id @returns {number | null}
 */
export function storedRevision(game, id) {
  const e = readMatch(game, id);
  return e && e.ok ? revisionOf(e.record) : null;
}

/** @param {string} game @param {string | null | undefined} id @returns {SavedEntry | null} */
export function readMatch(game, id) {
  if (!id || !ID_RE.test(id)) return null;
  return entry(game, id);
}

// Every saved match of the game: readable ones by last change (newest
// first), then the damaged ones.
/** @param {string} game @returns {SavedEntry[]} */
export function listMatches(game) {
  const ids = keysStartingWith(recordPrefix(game)).map((k) => k.slice(recordPrefix(game).length));
  /** @type {SavedEntry[]} */
  const entries = [];
  for (const id of ids) {
    const e = ID_RE.test(id) ? entry(game, id) : {
      id, ok: /** @type {const} */ (false), problem: "Запись повреждена: неверный ключ.", raw: loadRaw(recordKey(game, id)),
    };
    if (e) entries.push(e);
  }
  const time = (/** @type {SavedEntry} */ e) => (e.ok ? Date.parse(e.record.updated) || 0 : 0);
  return [
    ...entries.filter((e) => e.ok).sort((a, b) => time(b) - time(a)),
    ...entries.filter((e) => !e.ok),
  ];
}

/**
 * @param {{ players?: unknown, actions?: unknown, undone?: unknown }} state @param {View | null | undefined} view
 * @returns {Summary}
 */
export function summaryOf(state, view) {
  const drawn = view && Array.isArray(view.players) ? view.players : null; // the engine's cards, if any
  const players = drawn ? drawn.map((p) => String(p.name)) : strings(state.players);
  const records = strings(state.actions).length;
  const scores = drawn && drawn.every((p) => typeof p.score === "number")
    ? drawn.map((p) => /** @type {number} */ (p.score)) : null;
  return {
    players,
    scores,
    finished: Boolean(view && view.finished),
    winner: view && Number.isInteger(view.winner) ? view.winner : null,
    records,
    untouched: records === 0 && strings(state.undone).length === 0,
    status: view && typeof view.status === "string" ? view.status : "",
    notes: Boolean(drawn && notesInPlay({ players: drawn })),
    numbered: Boolean(drawn && drawn.length && drawn.every((p) => Number.isInteger(p.number))),
    idle: strings(view && view.idle_fields),
    when: view && view.field_when && typeof view.field_when === "object" ? view.field_when : {},
    needed: strings(view && view.needed_fields),
    idleActions: strings(view && view.idle_actions),
    marks: drawn && view ? drawn.map((p) => cardMarks(view, p)) : [],
  };
}

// Writes a match; id null makes a new record. -> {ok, id, record}
/**
 * @param {string} game @param {string | null} id @param {MatchState} state @param {View | null} view
 * @returns {{ ok: boolean, id: string, record: SavedRecord }}
 */
export function saveMatch(game, id, state, view) {
  const matchId = id || newId();
  const old = id ? entry(game, id) : null;
  const now = new Date().toISOString();
  /** @type {SavedRecord} */
  const record = {
    format: RECORD_FORMAT,
    id: matchId,
    game,
    created: old && old.ok ? old.record.created : now,
    updated: now,
    revision: old && old.ok ? revisionOf(old.record) + 1 : 1,
    summary: summaryOf(state, view),
    state,
  };
  return { ok: saveJSON(recordKey(game, matchId), record), id: matchId, record };
}

/** @param {string} game @param {string} id */
export function deleteMatch(game, id) {
  remove(recordKey(game, id));
  if (openMatchId(game) === id) setOpenMatch(game, null);
}

/** @param {string} game @returns {string | null} */
export function openMatchId(game) {
  const id = loadRaw(openKey(game));
  return id && ID_RE.test(id) ? id : null;
}

/** @param {string} game @param {string | null} id */
export function setOpenMatch(game, id) {
  if (id) saveRaw(openKey(game), id);
  else remove(openKey(game));
}

// Moves version 1's single saved match (and its set-aside unreadable copy)
// into records. The match that was on screen stays on screen.
/** @param {string} game */
export function migrateV1(game) {
  for (const [suffix, reopen] of /** @type {[string, boolean][]} */ ([["", true], [":corrupt", false]])) {
    const oldKey = `match:${game}${suffix}`;
    const raw = loadRaw(oldKey);
    if (raw === null) continue;
    const id = newId();
    const now = new Date().toISOString();
    /** @type {unknown} */
    let state = null;
    try {
      state = JSON.parse(raw);
    } catch {
      state = null;
    }
    const saved = isObject(state)
      ? saveJSON(recordKey(game, id), {
        format: RECORD_FORMAT, id, game, created: now, updated: now, summary: summaryOf(state, null), state,
      })
      : saveRaw(recordKey(game, id), raw); // unreadable: kept as it was, listed as damaged
    if (!saved) continue; // no room: leave the old key alone rather than lose it
    remove(oldKey);
    if (reopen) setOpenMatch(game, id);
  }
}

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);

// How a shared state relates to a saved one:
//   "same"  — the same players, options and actions;
//   "ahead" — the same match with more actions (the saved one is behind);
//   null    — a different match.
/** @param {unknown} saved @param {unknown} shared @returns {"same" | "ahead" | null} */
export function relation(saved, shared) {
  if (!isObject(saved) || !isObject(shared)) return null;
  if (saved.game !== shared.game || !same(saved.players, shared.players) || !same(saved.options, shared.options)) {
    return null;
  }
  const a = Array.isArray(saved.actions) ? saved.actions : [];
  const b = Array.isArray(shared.actions) ? shared.actions : [];
  if (a.length > b.length || !a.every((action, i) => same(action, b[i]))) return null;
  return a.length === b.length ? "same" : "ahead";
}
