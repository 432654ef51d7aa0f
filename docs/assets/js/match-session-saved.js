// @ts-check
// The match session's saved records (saved-matches.js), without a DOM:
// opening one (its summary at once, then match.view validates its state),
// waiting for an engine that has not loaded, a record the engine refuses
// ("broken": listed with the reason, not reopened after a reload, deletable),
// the list, which match a reload reopens, and a record another tab changed
// (followed when its `storage` event comes; a write over it is refused).
// Part of the session (match-session.js): it changes the same match memory.

import { recentHistory, speaksLog } from "./match-log.js";
import * as saved from "./saved-matches.js";
import { messageOf } from "./widget.js";

/** @typedef {import("./match-session.js").EngineCall} EngineCall */
/** @typedef {import("./match-session.js").MatchMemory} MatchMemory */
/** @typedef {import("./match-session.js").Refused} Refused */
/** @typedef {import("./saved-matches.js").SavedRecord} SavedRecord */
/** @typedef {import("./types.js").MatchState} MatchState */
/** @typedef {import("./types.js").Response} Response */

/** A shot (or undo) refused because another tab wrote the match first. */
export const OTHER_TAB_WRITE = "Не записано: эту партию только что изменили в другой вкладке. "
  + "Показана партия вместе с ударами из той вкладки; если ваш удар ещё нужен, запишите его снова — поля удара не очищены.";
const OTHER_TAB_RELOAD = "Обновите страницу, чтобы увидеть изменения из другой вкладки.";

/**
 * @typedef {{ players: string[], scores?: (number | null)[] | null, notes?: boolean, numbered?: boolean, idle?: string[],
 *   status?: string }} SavedSummary  what a record shows before the engine loads
 * @typedef {{ kind: "missing" } | { kind: "broken", problem: string }
 *   | { kind: "opened", summary: SavedSummary, options: Record<string, unknown>, validated: Promise<Validation> }} Opening
 * @typedef {{ kind: "ready" } | { kind: "broken", id: string, problem: string } | { kind: "failed", message: string }
 *   | { kind: "waiting", message: string } | { kind: "stale" }} Validation
 *   waiting: the engine did not load (retryValidation() once it has); stale: another match is open now
 */

/**
 * @param {{ game: { id: string }, call: EngineCall, alive: () => boolean, memory: MatchMemory }} options
 */
export function savedRecords({ game, call, alive, memory: m }) {
  /** @type {Map<string, string>} */
  const broken = new Map(); // record id -> why the engine refused it
  /** @type {string | null} */
  let restoreId = null; // the broken record on screen
  /** @type {(() => Promise<Validation>) | null} */
  let retry = null;

  /** @param {MatchState} state */
  const viewRequest = (state) => ({ op: "match.view", state, ...(m.speaks ? { want: { history: { last: m.historyWanted } } } : {}) });

  /** The engine's view of a stored state is the match in memory now. @param {Response} response @param {MatchState} sent */
  function accept(response, sent) {
    m.speaks = m.speaks || speaksLog(response);
    m.state = response.state || sent;
    m.view = response.view || null;
    m.recent = recentHistory(response, m.historyWanted);
    m.undone = [];
  }

  /** @param {string} id @param {MatchState} savedState @returns {Promise<Validation>} */
  function validate(id, savedState) {
    return call(viewRequest(savedState)).then(
      (response) => {
        if (!alive() || m.matchId !== id || m.view) return { kind: "stale" };
        if (response && response.ok === true) {
          accept(response, savedState);
          return { kind: "ready" };
        }
        if (response && response.error && ["saved_state", "input"].includes(response.error.code)) {
          return { kind: "broken", id, problem: response.error.message };
        }
        return { kind: "failed", message: `${messageOf(response)} Сохранённая партия не удалена: обновите страницу, чтобы попробовать ещё раз.` };
      },
      (err) => {
        if (!alive() || m.matchId !== id) return { kind: "stale" };
        retry = () => validate(id, savedState);
        return { kind: "waiting", message: `${messageOf(err)} Сохранённая партия не удалена и откроется, когда загрузятся правила.` };
      },
    );
  }

  /**
   * The stored record of the match in memory when another tab has written it since `base`
   * (the revision and state this tab last read or wrote), else null.
   * @param {{ revision: number, state: MatchState | null }} base @returns {SavedRecord | null}
   */
  function writtenElsewhere(base) {
    const entry = m.matchId ? saved.readMatch(game.id, m.matchId) : null;
    if (!entry || !entry.ok) return null; // deleted or damaged there: this tab's write keeps the match
    const record = entry.record;
    const same = saved.revisionOf(record) === base.revision && JSON.stringify(record.state) === JSON.stringify(base.state);
    return same ? null : record;
  }

  /** Another tab's record becomes the match in memory. @param {SavedRecord} record @returns {Promise<boolean>} taken */
  async function take(record) {
    let response;
    try {
      response = await call(viewRequest(record.state));
    } catch {
      return false;
    }
    if (!response || response.ok !== true || !alive()) return false;
    accept(response, record.state);
    m.revision = saved.revisionOf(record);
    m.saved = record.state;
    m.last = null;
    return true;
  }

  function close() {
    Object.assign(m, { matchId: null, state: null, view: null });
  }

  const controls = {
    /** Opens a saved match: its summary at once, the engine's view when validated. @param {string} id @returns {Opening} */
    open(id) {
      const entry = saved.readMatch(game.id, id);
      if (!entry) return { kind: "missing" };
      if (!entry.ok) return { kind: "broken", problem: entry.problem || "" };
      const state = entry.record.state;
      Object.assign(m, { matchId: id, state, view: null, last: null, revision: saved.revisionOf(entry.record), saved: state });
      saved.setOpenMatch(game.id, id);
      const options = state && typeof state.options === "object" && state.options ? state.options : {};
      return { kind: "opened", summary: entry.record.summary, options, validated: validate(id, state) };
    },
    /** After "waiting": validate again (the engine is ready now); null when nothing waits. */
    retryValidation() {
      const again = retry;
      retry = null;
      return again ? again() : null;
    },
    /**
     * A saved record did not open: remembered as broken, no longer reopened.
     * @param {string | null} id @param {string} detail @returns {boolean} other matches can be opened instead
     */
    markBroken(id, detail) {
      restoreId = id;
      if (id) broken.set(id, detail);
      saved.setOpenMatch(game.id, null);
      return saved.listMatches(game.id).some((e) => Boolean(e && e.ok && e.id !== id && !broken.has(e.id)));
    },
    /** Deletes the broken record on screen; no match is open then. */
    deleteBroken() {
      if (restoreId) {
        saved.deleteMatch(game.id, restoreId);
        broken.delete(restoreId);
      }
      restoreId = null;
      close();
    },
    close,
    /** Deletes a saved match. @param {string} id @returns {boolean} it was the match in memory (now closed) */
    remove(id) {
      saved.deleteMatch(game.id, id);
      broken.delete(id);
      if (id !== m.matchId) return false;
      close();
      return true;
    },
    /** What the list of saved matches shows. */
    savedList: () => ({ entries: saved.listMatches(game.id), broken, currentId: m.state ? m.matchId : null }),
    /** The match screen is left: a reload opens the list. */
    leave: () => saved.setOpenMatch(game.id, null),
    /** The match screen is shown: a reload opens this match again. */
    resume: () => saved.setOpenMatch(game.id, m.matchId),
    /** The match in memory can be gone back to (it is still saved). */
    canReturn: () => Boolean(m.state && m.view && m.matchId && saved.readMatch(game.id, m.matchId)),
    /** The tool opens: the id of the saved match to reopen, or null (then the list). */
    initial() {
      close();
      const id = saved.openMatchId(game.id);
      if (id && saved.readMatch(game.id, id)) return id;
      if (id) saved.setOpenMatch(game.id, null);
      return null;
    },
    /**
     * Another tab changed a stored key: when it is this match's record and another tab wrote it, take it.
     * @param {string | null} key @returns {Promise<boolean>} the match changed
     */
    async followOtherTab(key) {
      const { matchId, view } = m;
      if (!matchId || !view || !key || !key.endsWith(`:${game.id}:${matchId}`)) return false;
      const other = writtenElsewhere({ revision: m.revision, state: m.saved });
      return Boolean(other) && take(/** @type {SavedRecord} */ (other));
    },
  };

  return {
    controls,
    /**
     * A write from `base` would overwrite what another tab saved since: refused, and the other
     * tab's match taken instead (the caller keeps the player's input for another try).
     * Checked at once (no await before the caller's write); null: nobody else wrote.
     * @param {{ revision: number, state: MatchState | null }} base @returns {Promise<Refused> | null}
     */
    refuseStale(base) {
      const other = writtenElsewhere(base);
      if (!other) return null;
      return take(other).then((taken) => ({
        ok: /** @type {const} */ (false), message: taken ? OTHER_TAB_WRITE : `${OTHER_TAB_WRITE} ${OTHER_TAB_RELOAD}`, field: null, changed: taken,
      }));
    },
    /** The match in memory was saved as `id`: it is not broken, and a reload reopens it. @param {string} id */
    stored(id) {
      broken.delete(id);
      saved.setOpenMatch(game.id, id);
    },
  };
}
