// @ts-check
// The scorekeeper's match session, without a DOM: which match is open (its
// saved record, the engine's state and view), the request each button sends,
// what the engine's answer changes here, and what the screen is to show next.
// scorekeeper.js renders what it says and binds the buttons to it;
// tests/js/match-session.test.mjs drives it against the real engine. The
// saved records (open, validate, broken, delete) are match-session-saved.js.
//
// The page keeps the state itself and updates it as the engine does
// (match-log.js), asking for the engine's state only when its copy disagrees
// with `log`. Each success is saved on this device (saved-matches.js).

import { historyLength, nextState, RECENT, recentHistory, speaksLog, undoneAfter } from "./match-log.js";
import { savedRecords } from "./match-session-saved.js";
import * as saved from "./saved-matches.js";
import { messageOf } from "../form/widget.js";

/** @typedef {import("../lib/types.js").Action} Action */
/** @typedef {import("../lib/types.js").HistoryPage} HistoryPage */
/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").Request} Request */
/** @typedef {import("../lib/types.js").Response} Response */
/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").View} View */

/**
 * @typedef {{ note: string, ruling: Ruling, undone: boolean }} LastRuling  the ruling just made, undone or redone
 * @typedef {{ ok: true, response: Response, warning: string }} Done  warning: the match could not be saved here
 * @typedef {{ ok: false, message: string, field: string | null, changed?: boolean }} Refused
 *   field: the request field the engine names; changed: the match in memory is now another tab's (show it again)
 * @typedef {Done | Refused | null} Outcome  null: nothing to show (no match open, or the page has gone)
 * @typedef {(request: Request) => Promise<Response>} EngineCall  engine-client.js call()
 * @typedef {ReturnType<typeof createMatchSession>} MatchSession
 *
 * @typedef {object} MatchMemory  the match in memory (this module and match-session-saved.js change it)
 * @property {string | null} matchId  its saved record
 * @property {MatchState | null} state
 * @property {number} revision  the revision of its record as this tab last read or wrote it (saved-matches.js)
 * @property {MatchState | null} saved  the state in that record then (a failed save leaves it behind `state`)
 * @property {View | null} view  null until the engine has answered for this state
 * @property {LastRuling | null} last
 * @property {HistoryPage | null} recent  the last entries of the history
 * @property {Ruling[]} undone  rulings undone in this session, last first (struck through)
 * @property {boolean} speaks  the engine answers with `log` and reads `want` (ARCHITECTURE.md, "Match responses")
 * @property {number} historyWanted  how many history entries to ask for
 */

/** The most history entries one request asks for. */
export const FULL_HISTORY = 200;

export const STORAGE_WARNING = "Не удалось сохранить партию на этом устройстве (память браузера недоступна или "
  + "заполнена): после перезагрузки страницы её не будет. Чтобы не потерять партию, скопируйте протокол или ссылку.";

/** @param {string} message @param {string | null} field @returns {Refused} */
const refused = (message, field) => ({ ok: false, message, field });

/**
 * @param {{ game: { id: string }, call: EngineCall, alive?: () => boolean }} options
 *   alive: false once the page is gone (answers are then dropped)
 */
export function createMatchSession({ game, call, alive = () => true }) {
  const session = new Session({ game, call, alive });
  const m = session.m;
  const noNote = () => "";

  return {
    get matchId() { return m.matchId; },
    get state() { return m.state; },
    get view() { return m.view; },
    get last() { return m.last; },
    get undone() { return m.undone; },
    ...session.records.controls,

    /** A new match. @param {string[]} players @param {Record<string, unknown>} options @returns {Promise<Outcome>} */
    start(players, options) {
      return session.start(players, options);
    },
    /** @param {Action | null} action */
    play: (action) => session.onMatch((state) => ({ op: "match.play", state, action }), noNote),
    /** @param {unknown} choice a decision's option id */
    decide: (choice) => session.onMatch((state) => ({ op: "match.play", state, action: { type: "decision", choice } }), noNote),
    undo: () => session.onMatch((state) => ({ op: "match.undo", state }), (v) => `Отменена запись № ${historyLength(v) + 1}:`),
    redo: () => session.onMatch((state) => ({ op: "match.redo", state }), (v) => `Возвращена запись № ${historyLength(v)}:`),

    /**
     * A match from a link becomes the match in memory, saved as a new record or over replaceId.
     * @param {MatchState} sharedState @param {View} sharedView @param {string | null} replaceId
     * @param {Response | null | undefined} response @returns {string} the warning when it could not be saved
     */
    adopt(sharedState, sharedView, replaceId, response) {
      return session.adopt(sharedState, sharedView, replaceId, response);
    },
    /** From now on the whole history (up to FULL_HISTORY entries) is asked for and shown. @returns {Promise<void>} */
    showAllHistory() {
      return session.showAllHistory();
    },
    /** The history entries to show, matching the view's length. */
    history() {
      return session.history();
    },
  };
}

/** The match in memory and what the engine's answers do to it (createMatchSession's working part). */
class Session {
  /** @param {{ game: { id: string }, call: EngineCall, alive: () => boolean }} options */
  constructor({ game, call, alive }) {
    this.game = game;
    this.engine = call;
    this.alive = alive;
    /** @type {MatchMemory} */
    this.m = {
      matchId: null, state: null, revision: 0, saved: null, view: null, last: null, recent: null, undone: [], speaks: true, historyWanted: RECENT,
    };
    this.storageWarned = false;
    this.records = savedRecords({ game, call, alive, memory: this.m });
  }

  /** Saves the match; the warning the first time it cannot be saved, else "". */
  persist() {
    const m = this.m;
    if (!m.state) return "";
    const result = saved.saveMatch(this.game.id, m.matchId, m.state, m.view);
    m.matchId = result.id;
    if (result.ok) {
      m.revision = saved.revisionOf(result.record);
      m.saved = m.state;
      this.records.stored(result.id);
      return "";
    }
    if (this.storageWarned) return "";
    this.storageWarned = true;
    return STORAGE_WARNING;
  }

  /**
   * The engine's answer to a request, asked again for the state when the local
   * copy disagrees with the engine's log.
   * @param {Request} sent @returns {Promise<Response>}
   */
  async answer(sent) {
    const call = this.engine;
    const response = await call(sent);
    if (response && response.ok === true && !nextState(this.m.state, sent, response)) {
      // The local copy disagrees with the engine's log: take its state.
      return call({ ...sent, want: { ...(sent.want || {}), state: true } });
    }
    return response;
  }

  /** Runs one request; on success takes its state and view and saves them. @param {Request} request @returns {Promise<Outcome>} */
  async send(request) {
    const m = this.m;
    const base = { revision: m.revision, state: m.saved }; // what another tab may have overwritten meanwhile
    /** @type {Request} */
    const sent = m.speaks && request.op !== "match.new" ? { ...request, want: { history: { last: m.historyWanted } } } : request;
    let response;
    try {
      response = await this.answer(sent);
    } catch (err) {
      return refused(messageOf(err), null);
    }
    if (!this.alive()) return null;
    if (!response || response.ok !== true) return refused(messageOf(response), (response && response.error && response.error.field) || null);
    const stale = request.op === "match.new" ? null : this.records.refuseStale(base);
    if (stale) {
      const refusal = await stale;
      return this.alive() ? refusal : null;
    }
    m.speaks = m.speaks || speaksLog(response);
    m.state = nextState(m.state, sent, response);
    m.view = response.view || null;
    m.recent = recentHistory(response, m.historyWanted);
    /** @type {Outcome} */
    const done = { ok: true, response, warning: this.persist() };
    return done;
  }

  /** @param {Request} request @param {(view: View) => string} note @returns {Promise<Outcome>} */
  async act(request, note) {
    const m = this.m;
    const outcome = await this.send(request);
    if (!outcome || !outcome.ok) return outcome;
    const ruling = outcome.response.ruling;
    m.last = ruling && m.view ? { note: note(m.view), ruling, undone: request.op === "match.undo" } : null;
    m.undone = undoneAfter(m.undone, request.op, ruling);
    return outcome;
  }

  /** @param {(state: MatchState) => Request} request @param {(view: View) => string} note */
  onMatch(request, note) {
    return this.m.state ? this.act(request(this.m.state), note) : Promise.resolve(null);
  }

  /** @param {string[]} players @param {Record<string, unknown>} options @returns {Promise<Outcome>} */
  async start(players, options) {
    const m = this.m;
    /** @type {Request} */
    const request = { op: "match.new", game: this.game.id, players };
    if (Object.keys(options).length) request.options = options;
    const previous = { matchId: m.matchId, state: m.state, revision: m.revision, saved: m.saved, view: m.view };
    m.matchId = null; // a new record
    const outcome = await this.send(request);
    if (outcome && outcome.ok) {
      m.last = null;
      m.undone = [];
    } else {
      Object.assign(m, previous);
    }
    return outcome;
  }

  /**
   * @param {MatchState} sharedState @param {View} sharedView @param {string | null} replaceId
   * @param {Response | null | undefined} response @returns {string}
   */
  adopt(sharedState, sharedView, replaceId, response) {
    const m = this.m;
    Object.assign(m, { matchId: replaceId, state: sharedState, view: sharedView, last: null, undone: [] });
    m.recent = recentHistory(response || { ok: true, view: sharedView }, m.historyWanted);
    return this.persist();
  }

  async showAllHistory() {
    const m = this.m;
    const { state, view } = m;
    if (!state || !view) return;
    m.historyWanted = FULL_HISTORY;
    const total = historyLength(view);
    if (m.speaks) {
      const want = { history: { from: Math.max(0, total - FULL_HISTORY), to: total } };
      const call = this.engine;
      const response = await call({ op: "match.view", state, want });
      if (response && response.ok && response.history) m.recent = response.history;
    } else {
      m.recent = recentHistory({ ok: true, view }, FULL_HISTORY);
    }
  }

  history() {
    const m = this.m;
    if (m.view && (!m.recent || m.recent.total !== historyLength(m.view))) {
      m.recent = recentHistory({ ok: true, view: m.view }, m.historyWanted);
    }
    return m.recent;
  }
}
