// @ts-check
// Which of the scorekeeper's screens is shown — "setup" (the saved matches
// and a new match), "match", "restore" (a saved match that does not open),
// "import" (a match from a shared link) — the lines under the buttons, an
// engine refusal next to its form, the saved summary while the engine loads,
// and the screen kept on while a match still going is shown (wakelock.js).

import { fitFieldsToView, optionsSentence, setPlayerChoices } from "../form/form.js";
import { renderBoard } from "../ruling/match-board.js";
import { growsPast, heldFor, hiddenParts, keptHeight, minHeightOf, provisionalPlayers, viewFields } from "./scorekeeper-core.js";
import { screenAwake } from "./wakelock.js";
import { scoreOf, showError } from "../form/widget.js";

/** @typedef {import("./scorekeeper-ui.js").ScorekeeperUi} ScorekeeperUi */
/** @typedef {import("./match-session-saved.js").SavedSummary} SavedSummary */
/** @typedef {import("./scorekeeper-core.js").HeldHeight} HeldHeight */
/** @typedef {"setup" | "match" | "restore" | "import"} ScreenName */
/** @typedef {ReturnType<typeof scoreOf>} Score the declaration's score, or null (widget.js) */
/** @typedef {{ subscribe?: (fn: () => void) => { unsubscribe: () => void } }} DocumentStream mkdocs-material's page stream */
/** @typedef {Window & { document$?: DocumentStream }} MaterialWindow */
/** @typedef {ReturnType<typeof createScreens>} Screens */

const SCREENS = ["setup", "match", "restore", "import"];
/** @param {string} name @returns {name is ScreenName} */
export const isScreen = (name) => SCREENS.includes(name);

// A refusal is shown the one way every tool shows it (widget.js).
export { clearErrors, showRefused } from "../form/widget.js";

/**
 * The status line of a saved match before the engine has loaded: the one the
 * engine wrote when the match was saved, else (a record without it) what waits.
 * @param {SavedSummary} summary @returns {string}
 */
export function provisionalStatus(summary) {
  if (typeof summary.status === "string" && summary.status.trim()) return summary.status;
  const names = Array.isArray(summary.players) ? summary.players : [];
  return names.length
    ? `Сохранённая партия (${names.join(", ")}): всё остальное появится, когда загрузятся правила.`
    : "Сохранённая партия: всё остальное появится, когда загрузятся правила.";
}

/**
 * @param {HTMLDetailsElement} root @param {ScorekeeperUi} ui
 * @param {{ finished: () => boolean, signal: AbortSignal }} options finished: the match on screen is over
 */
export function createScreens(root, ui, { finished, signal }) {
  const screens = new ScreenSet(root, ui, finished);
  root.addEventListener("toggle", () => screens.updateAwake(), { signal });
  screens.readHeldHeight();
  return {
    current: () => screens.screen,
    updateAwake: () => screens.updateAwake(),
    /** @param {string} text @param {string} [tone] "error" for a failure */
    notice: (text, tone) => screens.notice(text, tone),
    /** @param {ScreenName} next */
    show: (next) => screens.show(next),
    /** @param {string | null} id the match on screen @param {boolean} measure take the height shown now */
    holdLast: (id, measure) => screens.holdLast(id, measure),
    /** @param {string | null} id the match on screen */
    holdStatus: (id) => screens.holdStatus(id, true),
    /** The notice, the text shown for copying by hand and the match's error line go. */
    clearTransient: () => screens.clearTransient(),
    /**
     * The saved summary while the engine loads (ScreenSet.showProvisional).
     * @param {SavedSummary} summary @param {{ score: Score, note?: string | null }} board the game's score and board note
     * @param {string} [id] the saved match's id @param {Record<string, unknown>} [options] the saved match's options
     */
    showProvisional: (summary, board, id, options) => screens.showProvisional(summary, board, id, options),
    /** Lets go of the wake lock and the page stream. */
    dispose: () => screens.dispose(),
  };
}

/**
 * A place on the match screen that never shrinks while its match is on screen, nor over a reload (the tab's
 * session storage): its least height, `held`, for the match `held.id`.
 */
class HeldPlace {
  /** @param {HTMLElement} el @param {string} key the session storage key */
  constructor(el, key) {
    this.el = el;
    this.key = key;
    /** @type {HeldHeight} */
    this.held = { id: "", px: 0 };
  }

  read() {
    /** @type {string | null} */
    let text = null;
    try {
      text = window.sessionStorage.getItem(this.key);
    } catch {
      /* no height kept */
    }
    this.held = keptHeight(text);
  }

  /** @param {string} id the match on screen @param {boolean} measure take the height shown now */
  hold(id, measure) {
    this.held = heldFor(this.held, id);
    this.el.style.minHeight = minHeightOf(this.held.px);
    const px = measure ? this.el.getBoundingClientRect().height : 0; // exact: a reload puts it back to the subpixel
    if (!growsPast(px, this.held)) return;
    this.held = { id, px };
    this.el.style.minHeight = minHeightOf(px);
    try {
      window.sessionStorage.setItem(this.key, JSON.stringify(this.held));
    } catch {
      /* held for this page only */
    }
  }
}

/** The screens of one scorekeeper: the one shown, the wake lock, the last ruling's and the status line's held heights. */
class ScreenSet {
  /** @param {HTMLDetailsElement} root @param {ScorekeeperUi} ui @param {() => boolean} finished */
  constructor(root, ui, finished) {
    this.root = root;
    this.ui = ui;
    this.finished = finished;
    /** @type {ScreenName | null} */
    this.screen = null;
    this.awake = screenAwake(root, (/** @type {boolean | undefined} */ held) => {
      ui.awake.hidden = !held; // the browser keeps the screen on
    });
    /** @type {{ unsubscribe: () => void } | null} */
    this.page = this.followPage();
    const page = `${window.location.pathname}#${root.id}`;
    this.lastPlace = new HeldPlace(ui.last, `rules-site:last-height:${page}`);
    this.statusPlace = new HeldPlace(ui.statusLine, `rules-site:status-height:${page}`);
  }

  /** Instant navigation swapped the page: the wake lock goes. */
  followPage() {
    const stream = /** @type {MaterialWindow} */ (window).document$;
    if (!stream || typeof stream.subscribe !== "function") return null;
    return stream.subscribe(() => {
      if (this.root.isConnected) return;
      this.awake.check();
      queueMicrotask(() => this.stop());
    });
  }

  stop() {
    if (this.page) this.page.unsubscribe();
    this.page = null;
  }

  /** The screen stays on while a match that is still going is on screen. */
  updateAwake() {
    this.awake.want(this.screen === "match" && this.root.open && !this.finished());
  }

  /** @param {ScreenName} next */
  show(next) {
    const { root, ui } = this;
    this.screen = next;
    // Until a screen is chosen the setup form is kept unseen (scorekeeper.css):
    // a reload into a saved match showed it for 0.3 s first.
    root.dataset.rbScreen = next;
    const hidden = hiddenParts(next, ui.savedList.children.length === 0);
    ui.restore.hidden = hidden.restore;
    ui.import.hidden = hidden.import;
    if (next !== "import") {
      ui.importPreview.replaceChildren();
      ui.importButtons.replaceChildren();
    }
    ui.setup.hidden = hidden.setup;
    ui.saved.hidden = hidden.saved;
    ui.match.hidden = hidden.match;
    this.updateAwake();
  }

  // The last ruling's place never shrinks while one match is on screen, and
  // keeps its height over a reload (sessionStorage): a longer line makes it
  // taller right after the record that brought it, and then an undo, a
  // shorter line or the saved summary moves nothing below it. (Fitting it to
  // each record's line, 6 December, took 60–95 px of blank away but moved the
  // input after the answer: the usability bench's layout shift in «Кайза» went
  // from 0 to 0.289; reverted — notes/walk-findings.md.)
  readHeldHeight() {
    this.lastPlace.read();
    this.statusPlace.read();
  }

  /** @param {string | null} id the match on screen @param {boolean} measure take the height shown now */
  holdLast(id, measure) {
    if (id) this.lastPlace.hold(id, measure);
  }

  /**
   * The status line never shrinks while its match is on screen (at one width), nor over a reload: a shorter
   * status after a record moved the board, the verdict and what stood below up under the reader (the walk,
   * «пробка» at 360 px: four lines before the first record, three after — layout shift 0.004 when the answer
   * came late). Its words stand at the foot of the box (scorekeeper.css): what is kept is a blank under the
   * tab bar. A new match gets its id at its first record: the same match, its place kept.
   * @param {string | null} id the match on screen @param {boolean} measure take the height shown now
   */
  holdStatus(id, measure) {
    const width = `${window.innerWidth}:`;
    const place = this.statusPlace;
    if (id && place.held.id === width) place.held = { ...place.held, id: width + id };
    place.hold(width + (id || ""), measure);
  }

  /** @param {string} text @param {string} [tone] "error" for a failure */
  notice(text, tone = "ok") {
    const { notice } = this.ui;
    notice.textContent = text;
    notice.hidden = !text;
    notice.classList.toggle("rb-sk-notice--error", tone === "error");
  }

  /** The notice, the text shown for copying by hand and the match's error line go. */
  clearTransient() {
    this.notice("");
    this.ui.manualCopy.hidden = true;
    this.ui.manualCopy.replaceChildren();
    showError(this.ui.matchError, "");
  }

  /**
   * The saved summary while the engine loads: the score is there at once, and
   * the status and options lines as the engine last wrote them (the engine's
   * view then changes no line's height above the board).
   * @param {SavedSummary} summary @param {{ score: Score, note?: string | null }} board the game's score and
   *   board note (renderBoard) @param {string} [id] the saved match's id
   * @param {Record<string, unknown>} [options] the saved match's options
   */
  showProvisional(summary, { score, note = null }, id, options) {
    const ui = this.ui;
    this.show("match");
    const names = summary.players || [];
    ui.statusLine.textContent = provisionalStatus(summary);
    ui.optionsLine.textContent = optionsSentence(ui.setup, options);
    ui.optionsLine.hidden = !ui.optionsLine.textContent;
    ui.scores.replaceChildren(...renderBoard({
      players: provisionalPlayers(summary),
      current: null,
      finished: false,
    }, score, { notes: summary.notes === true, note }));
    // The input's fields as the engine last drew them (its place is kept, unseen).
    fitFieldsToView(ui.actionForm, viewFields(summary));
    setPlayerChoices(ui.actionForm, names); // a shooter's chips, by name («пробка»)
    for (const el of [ui.table, ui.decision]) el.hidden = true;
    this.holdPlaces(id, summary.untouched === true);
  }

  /**
   * The last ruling's place and the input's stay (empty, unseen) while the
   * engine loads: the match is drawn where it was before the reload, and the
   * page keeps its scroll (match-view.js fills them). A match with nothing recorded keeps what its place
   * said, «Записей ещё нет.»: on a short screen that place is one line (scorekeeper.css), and an empty one
   * took the held four rows until the engine came, then gave them back (the walk, «Пять шаров» at 360×740,
   * a reload of a new match: the input 80 px down and up, layout shift 0.056).
   * @param {string} [id] the saved match's id @param {boolean} [untouched] nothing recorded or undone
   */
  holdPlaces(id, untouched = false) {
    const ui = this.ui;
    ui.last.hidden = false;
    ui.lastBody.replaceChildren(...(untouched ? [ui.lastEmpty.cloneNode(true)] : []));
    this.holdLast(id || null, false);
    this.holdStatus(id || null, false);
    ui.match.toggleAttribute("data-rb-pending", true);
    for (const b of [ui.undo, ui.redo, ui.share, ui.protocol]) b.disabled = true;
    ui.historyList.replaceChildren();
    ui.historyCount.textContent = "";
    ui.historyEmpty.hidden = true;
  }

  /** Lets go of the wake lock and the page stream. */
  dispose() {
    this.awake.want(false);
    this.stop();
  }
}
