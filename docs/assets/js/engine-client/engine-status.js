// @ts-check
// Shows the engine's loading state inside a tool in plain words with real
// progress (progress-text.js), nothing once it is ready, a clear Russian
// message with a retry button if it failed (the rule text keeps working).
// The form can be filled meanwhile.
//
// Honest while it lasts: the words change at least once a second whatever the
// network does (the seconds since the page opened, ticked here: a WebAssembly
// compile or a restore sends no progress for seconds), the bar is a real
// progressbar with an accessible name, a button waiting for the engine carries
// the progress itself (it stays in view when the status box scrolls away), and
// «Удар можно вводить уже сейчас» is said only while a form is on screen.
//
// What each status shows is engine-status-look.js (no DOM, tested in node);
// this file puts it on the page and keeps the seconds ticking.

import { retry, subscribe } from "./engine-client.js";
import { isWaiting, statusLook } from "./engine-status-look.js";

/** @typedef {import("../lib/types.js").EngineStatus} EngineStatus */
/** @typedef {import("./engine-status-look.js").StatusLook} StatusLook */

// The words change with the whole second; a quarter-second tick keeps that change on time.
const TICK_MS = 250;

/** @param {Element | null} el */
function shown(el) {
  return !!el && el.getClientRects().length > 0 && !el.closest("[hidden]");
}

/** The status box, its bar, the summary's badge and line, and the waiting buttons of one tool. */
class EngineStatusLine {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    this.box = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine]"));
    this.text = root.querySelector("[data-rb-engine-text]");
    this.bar = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine-bar]"));
    this.track = this.bar ? this.bar.parentElement : null;
    this.note = /** @type {HTMLElement | null} */ (root.querySelector(".rb-engine-note"));
    this.badge = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine-badge]"));
    this.line = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine-line]"));
    /** @type {HTMLButtonElement | null} */
    this.retryButton = null;
    /** @type {(() => void) | null} */
    this.unsubscribe = null;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.ticker = null;
    /** @type {EngineStatus | null} */
    this.last = null;
    if (this.track) this.makeProgressbar(this.track);
  }

  /** @param {HTMLElement} track */
  makeProgressbar(track) {
    track.removeAttribute("aria-hidden");
    track.setAttribute("role", "progressbar");
    track.setAttribute("aria-label", "Загрузка калькулятора правил");
    track.setAttribute("aria-valuemin", "0");
    track.setAttribute("aria-valuemax", "100");
  }

  stop() {
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
  }

  dispose() {
    if (this.unsubscribe) this.unsubscribe();
    this.stop();
  }

  /** @param {EngineStatus} status */
  update(status) {
    if (!this.root.isConnected) {
      // The page was swapped by instant navigation: stop listening.
      this.dispose();
      return;
    }
    this.last = status;
    const look = statusLook(status, performance.now() / 1000);
    this.root.dataset.rbEngine = status.state;
    // Which runtime answers ("micropython", or Pyodide's "normal" / "snapshot"): for tests, not shown.
    this.root.dataset.rbEngineRuntime = status.boot || "";
    this.paintBox(look);
    this.paintBar(look);
    // Only while something can be entered: a saved match shows its input once the engine has read it.
    if (this.note) this.note.hidden = !shown(this.root.querySelector("form"));
    if (look.loading) this.paintWaitingButtons(look.waiting);
    this.paintSummary(look);
    this.offerRetry(look.failed);
    if (!look.loading) this.stop();
    else if (this.ticker === null) this.ticker = setInterval(() => this.last && this.update(this.last), TICK_MS);
  }

  /** @param {StatusLook} look */
  paintBox(look) {
    if (this.box) {
      this.box.hidden = look.hidden;
      // A live region that changes every second: read out when it settles, not at every tick.
      this.box.setAttribute("aria-busy", String(look.loading));
    }
    if (this.text) this.text.textContent = look.text;
  }

  /** @param {StatusLook} look */
  paintBar(look) {
    const { bar, track } = this;
    if (!bar || !track) return;
    bar.style.transform = look.fill;
    track.classList.toggle("rb-engine-bar--unknown", look.unknown);
    if (look.valueNow === null) track.removeAttribute("aria-valuenow");
    else track.setAttribute("aria-valuenow", look.valueNow);
    track.setAttribute("aria-valuetext", look.text);
  }

  /** @param {string} words */
  paintWaitingButtons(words) {
    for (const button of this.root.querySelectorAll("button")) {
      if (isWaiting(button.textContent)) button.textContent = words;
    }
  }

  /**
   * The summary shows the progress (the box is for a screen reader while it loads):
   * a figure in the badge, a line along the summary's edge; both keep their place once ready.
   * @param {StatusLook} look
   */
  paintSummary(look) {
    if (this.badge) this.badge.textContent = look.badge;
    if (this.line && this.line.parentElement) {
      this.line.style.transform = look.fill;
      this.line.parentElement.classList.toggle("rb-engine-line--unknown", look.unknown);
    }
  }

  /** A retry button while the load has failed. @param {boolean} failed */
  offerRetry(failed) {
    if (failed && this.box && !this.retryButton) {
      this.retryButton = document.createElement("button");
      this.retryButton.type = "button";
      this.retryButton.className = "rb-button";
      this.retryButton.textContent = "Повторить загрузку";
      this.retryButton.addEventListener("click", () => retry());
      this.box.append(this.retryButton);
    } else if (!failed && this.retryButton) {
      this.retryButton.remove();
      this.retryButton = null;
    }
  }
}

/** @param {HTMLElement} root @returns {() => void} */
export function bindEngineStatus(root) {
  const status = new EngineStatusLine(root);
  status.unsubscribe = subscribe((next) => status.update(next));
  return () => status.dispose();
}
