// @ts-check
// Which of the scorekeeper's screens is shown — "setup" (the saved matches
// and a new match), "match", "restore" (a saved match that does not open),
// "import" (a match from a shared link) — the lines under the buttons, an
// engine refusal next to its form, the saved summary while the engine loads,
// and the screen kept on while a match still going is shown (wakelock.js).

import { hideIdleFields, optionsSentence, setPlayerChoices } from "./form.js";
import { renderBoard } from "./match-board.js";
import { screenAwake } from "./wakelock.js";
import { scoreOf, showError } from "./widget.js";

/** @typedef {import("./scorekeeper-ui.js").ScorekeeperUi} ScorekeeperUi */
/** @typedef {import("./match-session-saved.js").SavedSummary} SavedSummary */
/** @typedef {"setup" | "match" | "restore" | "import"} ScreenName */
/** @typedef {ReturnType<typeof scoreOf>} Score the declaration's score, or null (widget.js) */
/** @typedef {{ subscribe?: (fn: () => void) => { unsubscribe: () => void } }} DocumentStream mkdocs-material's page stream */
/** @typedef {Window & { document$?: DocumentStream }} MaterialWindow */
/** @typedef {ReturnType<typeof createScreens>} Screens */

const SCREENS = ["setup", "match", "restore", "import"];
/** @param {string} name @returns {name is ScreenName} */
export const isScreen = (name) => SCREENS.includes(name);

// A refusal is shown the one way every tool shows it (widget.js).
export { clearErrors, showRefused } from "./widget.js";

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
  /** @type {ScreenName | null} */
  let current = null;
  /** @param {boolean} [held] the browser keeps the screen on */
  const showAwake = (held) => {
    ui.awake.hidden = !held;
  };
  const awake = screenAwake(root, showAwake);
  // Instant navigation swapped the page: the wake lock goes.
  const stream = /** @type {MaterialWindow} */ (window).document$;
  /** @type {{ unsubscribe: () => void } | null} */
  let page = null;
  if (stream && typeof stream.subscribe === "function") {
    page = stream.subscribe(() => {
      if (root.isConnected) return;
      awake.check();
      queueMicrotask(() => stop());
    });
  }
  function stop() {
    if (page) page.unsubscribe();
    page = null;
  }

  // The screen stays on while a match that is still going is on screen.
  function updateAwake() {
    awake.want(current === "match" && root.open && !finished());
  }
  root.addEventListener("toggle", updateAwake, { signal });

  /** @param {ScreenName} next */
  function show(next) {
    current = next;
    // Until a screen is chosen the setup form is kept unseen (scorekeeper.css):
    // a reload into a saved match showed it for 0.3 s first.
    root.dataset.rbScreen = next;
    ui.restore.hidden = next !== "restore";
    ui.import.hidden = next !== "import";
    if (next !== "import") {
      ui.importPreview.replaceChildren();
      ui.importButtons.replaceChildren();
    }
    ui.setup.hidden = next !== "setup";
    ui.saved.hidden = next !== "setup" || ui.savedList.children.length === 0;
    ui.match.hidden = next !== "match";
    updateAwake();
  }

  // The last ruling's place never shrinks while one match is on screen, and
  // keeps its height over a reload (sessionStorage): a longer line makes it
  // taller right after the record that brought it, and then an undo, a
  // shorter line or the saved summary moves nothing below it.
  const heldKey = `rules-site:last-height:${window.location.pathname}#${root.id}`;
  /** @type {{ id: string, px: number }} */
  let held = { id: "", px: 0 };
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(heldKey) || "null");
    if (kept && typeof kept.id === "string" && Number.isFinite(kept.px)) held = { id: kept.id, px: Math.min(Math.max(kept.px, 0), 2000) };
  } catch {
    /* no height kept */
  }
  /** @param {string | null} id the match on screen @param {boolean} measure take the height shown now */
  function holdLast(id, measure) {
    if (!id) return;
    if (held.id !== id) held = { id, px: 0 };
    ui.last.style.minHeight = held.px ? `${held.px}px` : "";
    const px = measure ? ui.last.getBoundingClientRect().height : 0; // exact: a reload puts it back to the subpixel
    if (px <= held.px + 0.01) return;
    held = { id, px };
    ui.last.style.minHeight = `${px}px`;
    try {
      window.sessionStorage.setItem(heldKey, JSON.stringify(held));
    } catch {
      /* held for this page only */
    }
  }

  /** @param {string} text @param {string} [tone] "error" for a failure */
  function notice(text, tone = "ok") {
    ui.notice.textContent = text;
    ui.notice.hidden = !text;
    ui.notice.classList.toggle("rb-sk-notice--error", tone === "error");
  }

  return {
    current: () => current,
    updateAwake,
    notice,
    show,
    holdLast,
    /** The notice, the text shown for copying by hand and the match's error line go. */
    clearTransient() {
      notice("");
      ui.manualCopy.hidden = true;
      ui.manualCopy.replaceChildren();
      showError(ui.matchError, "");
    },
    /**
     * The saved summary while the engine loads: the score is there at once, and
     * the status and options lines as the engine last wrote them (the engine's
     * view then changes no line's height above the board).
     * @param {SavedSummary} summary @param {Score} score @param {string} [id] the saved match's id
     * @param {Record<string, unknown>} [options] the saved match's options
     */
    showProvisional(summary, score, id, options) {
      show("match");
      const names = summary.players || [];
      ui.statusLine.textContent = provisionalStatus(summary);
      ui.optionsLine.textContent = optionsSentence(ui.setup, options);
      ui.optionsLine.hidden = !ui.optionsLine.textContent;
      const scores = Array.isArray(summary.scores) ? summary.scores : null;
      ui.scores.replaceChildren(...renderBoard({
        players: names.map((name, i) => ({ name, score: scores ? scores[i] : null, number: summary.numbered ? i + 1 : undefined })),
        current: null,
        finished: false,
      }, score, summary.notes === true));
      // The input's fields as the engine last drew them (its place is kept, unseen).
      hideIdleFields(ui.actionForm, Array.isArray(summary.idle) ? summary.idle.map(String) : []);
      setPlayerChoices(ui.actionForm, names); // a shooter's chips, by name («пробка»)
      for (const el of [ui.table, ui.decision]) el.hidden = true;
      // The last ruling's place and the input's stay (empty, unseen) while the
      // engine loads: the match is drawn where it was before the reload, and the
      // page keeps its scroll (match-view.js fills them).
      ui.last.hidden = false;
      ui.lastBody.replaceChildren();
      holdLast(id || null, false);
      ui.match.toggleAttribute("data-rb-pending", true);
      for (const b of [ui.undo, ui.redo, ui.share, ui.protocol]) b.disabled = true;
      ui.historyList.replaceChildren();
      ui.historyCount.textContent = "";
      ui.historyEmpty.hidden = true;
    },
    /** Lets go of the wake lock and the page stream. */
    dispose() {
      awake.want(false);
      stop();
    },
  };
}
