// @ts-check
// The match session's saved records (saved-matches.js), without a DOM:
// opening one (its summary at once, then match.view validates its state),
// waiting for an engine that has not loaded, a record the engine refuses
// ("broken": listed with the reason, not reopened after a reload, deletable),
// the list, which match a reload reopens, and a record another tab changed
// (followed when its `storage` event comes; a write over it is refused).
// Part of the session (match-session.js): it changes the same match memory.
// What it decides about a record without storage (the engine's verdict, whose
// key, written elsewhere) is saved-records-check.js.

import { recentHistory, speaksLog } from "./match-log.js";
import * as saved from "./saved-matches.js";
import { isRecordKey, optionsOf, validationOf, waitingValidation, writtenSince } from "./saved-records-check.js";

/** @typedef {import("./match-session.js").EngineCall} EngineCall */
/** @typedef {import("./match-session.js").MatchMemory} MatchMemory */
/** @typedef {import("./match-session.js").Refused} Refused */
/** @typedef {import("./saved-matches.js").SavedRecord} SavedRecord */
/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").Response} Response */

/** A shot (or undo) refused because another tab wrote the match first. */
export const OTHER_TAB_WRITE = "Не записано: эту партию только что изменили в другой вкладке. "
  + "Показана партия вместе с ударами из той вкладки; если ваш удар ещё нужен, запишите его снова — поля удара не очищены.";
const OTHER_TAB_RELOAD = "Обновите страницу, чтобы увидеть изменения из другой вкладки.";

/**
 * @typedef {{ players: string[], scores?: (number | null)[] | null, notes?: boolean, numbered?: boolean, idle?: string[], needed?: string[], idleActions?: string[], untouched?: boolean,
 *   status?: string, marks?: unknown, when?: unknown }} SavedSummary  what a record shows before the engine loads
 * @typedef {{ kind: "missing" } | { kind: "broken", problem: string }
 *   | { kind: "opened", summary: SavedSummary, options: Record<string, unknown>, validated: Promise<Validation> }} Opening
 * @typedef {{ kind: "ready" } | { kind: "broken", id: string, problem: string } | { kind: "failed", message: string }
 *   | { kind: "waiting", message: string } | { kind: "stale" }} Validation
 *   waiting: the engine did not load (retryValidation() once it has); stale: another match is open now
 */

/** @typedef {{ game: { id: string }, call: EngineCall, alive: () => boolean, memory: MatchMemory }} RecordsOptions */

/** The saved records of one game as the session sees them, and what it remembers of them. */
class SessionRecords {
  /** @param {RecordsOptions} options */
  constructor({ game, call, alive, memory }) {
    this.game = game;
    this.engine = call;
    this.alive = alive;
    this.m = memory;
    /** @type {Map<string, string>} */
    this.broken = new Map(); // record id -> why the engine refused it
    /** @type {string | null} */
    this.restoreId = null; // the broken record on screen
    /** @type {(() => Promise<Validation>) | null} */
    this.retry = null;
  }

  /** @param {MatchState} state */
  viewRequest(state) {
    const m = this.m;
    return { op: "match.view", state, ...(m.speaks ? { want: { history: { last: m.historyWanted } } } : {}) };
  }

  /** The engine's view of a stored state is the match in memory now. @param {Response} response @param {MatchState} sent */
  accept(response, sent) {
    const m = this.m;
    m.speaks = m.speaks || speaksLog(response);
    m.state = response.state || sent;
    m.view = response.view || null;
    m.recent = recentHistory(response, m.historyWanted);
    m.undone = [];
  }

  /** @param {string} id @param {MatchState} savedState @returns {Promise<Validation>} */
  validate(id, savedState) {
    const call = this.engine;
    return call(this.viewRequest(savedState)).then(
      (response) => this.answered(id, savedState, response),
      (err) => this.unanswered(id, savedState, err),
    );
  }

  /** @param {string} id @param {MatchState} savedState @param {Response} response @returns {Validation} */
  answered(id, savedState, response) {
    const m = this.m;
    if (!this.alive() || m.matchId !== id || m.view) return { kind: "stale" };
    const verdict = validationOf(response, id);
    if (verdict.kind === "ready") this.accept(response, savedState);
    return verdict;
  }

  /** The engine could not be asked: validate again once it has loaded. @param {string} id @param {MatchState} savedState @param {unknown} err @returns {Validation} */
  unanswered(id, savedState, err) {
    if (!this.alive() || this.m.matchId !== id) return { kind: "stale" };
    this.retry = () => this.validate(id, savedState);
    return waitingValidation(err);
  }

  /**
   * The stored record of the match in memory when another tab has written it since `base`
   * (the revision and state this tab last read or wrote), else null.
   * @param {{ revision: number, state: MatchState | null }} base @returns {SavedRecord | null}
   */
  writtenElsewhere(base) {
    const m = this.m;
    const entry = m.matchId ? saved.readMatch(this.game.id, m.matchId) : null;
    if (!entry || !entry.ok) return null; // deleted or damaged there: this tab's write keeps the match
    return writtenSince(entry.record, base) ? entry.record : null;
  }

  /** Another tab's record becomes the match in memory. @param {SavedRecord} record @returns {Promise<boolean>} taken */
  async take(record) {
    const call = this.engine;
    let response;
    try {
      response = await call(this.viewRequest(record.state));
    } catch {
      return false;
    }
    if (!response || response.ok !== true || !this.alive()) return false;
    this.accept(response, record.state);
    const m = this.m;
    m.revision = saved.revisionOf(record);
    m.saved = record.state;
    m.last = null;
    return true;
  }

  close() {
    Object.assign(this.m, { matchId: null, state: null, view: null });
  }

  /** Opens a saved match: its summary at once, the engine's view when validated. @param {string} id @returns {Opening} */
  open(id) {
    const gameId = this.game.id;
    const entry = saved.readMatch(gameId, id);
    if (!entry) return { kind: "missing" };
    if (!entry.ok) return { kind: "broken", problem: entry.problem || "" };
    const state = entry.record.state;
    Object.assign(this.m, { matchId: id, state, view: null, last: null, revision: saved.revisionOf(entry.record), saved: state });
    saved.setOpenMatch(gameId, id);
    return { kind: "opened", summary: entry.record.summary, options: optionsOf(state), validated: this.validate(id, state) };
  }

  /** After "waiting": validate again (the engine is ready now); null when nothing waits. */
  retryValidation() {
    const again = this.retry;
    this.retry = null;
    return again ? again() : null;
  }

  /**
   * A saved record did not open: remembered as broken, no longer reopened.
   * @param {string | null} id @param {string} detail @returns {boolean} other matches can be opened instead
   */
  markBroken(id, detail) {
    const { broken } = this;
    this.restoreId = id;
    if (id) broken.set(id, detail);
    saved.setOpenMatch(this.game.id, null);
    return saved.listMatches(this.game.id).some((e) => Boolean(e && e.ok && e.id !== id && !broken.has(e.id)));
  }

  /** Deletes the broken record on screen; no match is open then. */
  deleteBroken() {
    if (this.restoreId) {
      saved.deleteMatch(this.game.id, this.restoreId);
      this.broken.delete(this.restoreId);
    }
    this.restoreId = null;
    this.close();
  }

  /** Deletes a saved match. @param {string} id @returns {boolean} it was the match in memory (now closed) */
  remove(id) {
    saved.deleteMatch(this.game.id, id);
    this.broken.delete(id);
    if (id !== this.m.matchId) return false;
    this.close();
    return true;
  }

  /** The tool opens: the id of the saved match to reopen, or null (then the list). */
  initial() {
    this.close();
    const id = saved.openMatchId(this.game.id);
    if (id && saved.readMatch(this.game.id, id)) return id;
    if (id) saved.setOpenMatch(this.game.id, null);
    return null;
  }

  /**
   * Another tab changed a stored key: when it is this match's record and another tab wrote it, take it.
   * @param {string | null} key @returns {Promise<boolean>} the match changed
   */
  async followOtherTab(key) {
    const { matchId, view } = this.m;
    if (!matchId || !view || !isRecordKey(key, this.game.id, matchId)) return false;
    const other = this.writtenElsewhere({ revision: this.m.revision, state: this.m.saved });
    return Boolean(other) && this.take(/** @type {SavedRecord} */ (other));
  }

  /**
   * A write from `base` would overwrite what another tab saved since: refused, and the other
   * tab's match taken instead (the caller keeps the player's input for another try).
   * Checked at once (no await before the caller's write); null: nobody else wrote.
   * @param {{ revision: number, state: MatchState | null }} base @returns {Promise<Refused> | null}
   */
  refuseStale(base) {
    const other = this.writtenElsewhere(base);
    if (!other) return null;
    return this.take(other).then((taken) => ({
      ok: /** @type {const} */ (false), message: taken ? OTHER_TAB_WRITE : `${OTHER_TAB_WRITE} ${OTHER_TAB_RELOAD}`, field: null, changed: taken,
    }));
  }

  /** The match in memory was saved as `id`: it is not broken, and a reload reopens it. @param {string} id */
  stored(id) {
    this.broken.delete(id);
    saved.setOpenMatch(this.game.id, id);
  }
}

/**
 * @param {{ game: { id: string }, call: EngineCall, alive: () => boolean, memory: MatchMemory }} options
 */
export function savedRecords({ game, call, alive, memory }) {
  const records = new SessionRecords({ game, call, alive, memory });
  const { m } = records;
  const controls = {
    open: (/** @type {string} */ id) => records.open(id),
    retryValidation: () => records.retryValidation(),
    markBroken: (/** @type {string | null} */ id, /** @type {string} */ detail) => records.markBroken(id, detail),
    deleteBroken: () => records.deleteBroken(),
    close: () => records.close(),
    remove: (/** @type {string} */ id) => records.remove(id),
    /** What the list of saved matches shows. */
    savedList: () => ({ entries: saved.listMatches(game.id), broken: records.broken, currentId: m.state ? m.matchId : null }),
    /** The match screen is left: a reload opens the list. */
    leave: () => saved.setOpenMatch(game.id, null),
    /** The match screen is shown: a reload opens this match again. */
    resume: () => saved.setOpenMatch(game.id, m.matchId),
    /** The match in memory can be gone back to (it is still saved). */
    canReturn: () => Boolean(m.state && m.view && m.matchId && saved.readMatch(game.id, m.matchId)),
    initial: () => records.initial(),
    followOtherTab: (/** @type {string | null} */ key) => records.followOtherTab(key),
  };
  return {
    controls,
    refuseStale: (/** @type {{ revision: number, state: MatchState | null }} */ base) => records.refuseStale(base),
    stored: (/** @type {string} */ id) => records.stored(id),
  };
}
