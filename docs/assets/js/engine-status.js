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

import { retry, subscribe } from "./engine-client.js";
import { badgeText, progressText } from "./progress-text.js";

// The words change with the whole second; a quarter-second tick keeps that change on time.
const TICK_MS = 250;
/** The words a tool's button shows while its request waits for the engine (calculator.js, trainer.js). */
const WAITING = "Ждём загрузки правил";

/** The fill of a progress bar (tool-panel.css: a transform, so that it moves nothing).
 * @param {number | null} fraction null: unknown (the stylesheet's moving part) */
function fill(fraction) {
  return fraction === null ? "" : `scaleX(${Math.round(fraction * 100) / 100})`;
}

/** @param {Element | null} el */
function shown(el) {
  return !!el && el.getClientRects().length > 0 && !el.closest("[hidden]");
}

/** @param {HTMLElement} root @returns {() => void} */
export function bindEngineStatus(root) {
  const box = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine]"));
  const text = root.querySelector("[data-rb-engine-text]");
  const bar = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine-bar]"));
  const track = bar ? bar.parentElement : null;
  const note = /** @type {HTMLElement | null} */ (root.querySelector(".rb-engine-note"));
  const badge = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine-badge]"));
  const line = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine-line]"));
  if (track) {
    track.removeAttribute("aria-hidden");
    track.setAttribute("role", "progressbar");
    track.setAttribute("aria-label", "Загрузка калькулятора правил");
    track.setAttribute("aria-valuemin", "0");
    track.setAttribute("aria-valuemax", "100");
  }
  /** @type {HTMLButtonElement | null} */
  let retryButton = null;
  /** @type {(() => void) | null} */
  let unsubscribe = null;
  /** @type {ReturnType<typeof setInterval> | null} */
  let ticker = null;
  /** @type {import("./types.js").EngineStatus | null} */
  let last = null;

  const stop = () => {
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  };

  const update = (/** @type {import("./types.js").EngineStatus} */ status) => {
    if (!root.isConnected) {
      // The page was swapped by instant navigation: stop listening.
      if (unsubscribe) unsubscribe();
      stop();
      return;
    }
    last = status;
    const loading = status.state === "loading";
    const words = progressText(status, loading ? performance.now() / 1000 : null);
    root.dataset.rbEngine = status.state;
    if (box) {
      box.hidden = status.state === "ready";
      // A live region that changes every second: read out when it settles, not at every tick.
      box.setAttribute("aria-busy", String(loading));
    }
    if (text) text.textContent = words.text;
    if (bar && track) {
      bar.style.transform = fill(words.fraction);
      track.classList.toggle("rb-engine-bar--unknown", words.fraction === null);
      if (words.fraction === null) track.removeAttribute("aria-valuenow");
      else track.setAttribute("aria-valuenow", String(Math.round(words.fraction * 100)));
      track.setAttribute("aria-valuetext", words.text);
    }
    // Only while something can be entered: a saved match shows its input once the engine has read it.
    if (note) note.hidden = !shown(root.querySelector("form"));
    if (loading) {
      for (const button of root.querySelectorAll("button")) {
        if (button.textContent && button.textContent.startsWith(WAITING)) {
          button.textContent = words.short ? `${WAITING}… ${words.short}` : `${WAITING}…`;
        }
      }
    }
    // The summary shows the progress (the box is for a screen reader while it loads):
    // a figure in the badge, a line along the summary's edge; both keep their place once ready.
    if (badge) badge.textContent = badgeText(status.state, words.short);
    if (line && line.parentElement) {
      line.style.transform = fill(words.fraction);
      line.parentElement.classList.toggle("rb-engine-line--unknown", words.fraction === null);
    }
    if (status.state === "failed" && box && !retryButton) {
      retryButton = document.createElement("button");
      retryButton.type = "button";
      retryButton.className = "rb-button";
      retryButton.textContent = "Повторить загрузку";
      retryButton.addEventListener("click", () => retry());
      box.append(retryButton);
    } else if (status.state !== "failed" && retryButton) {
      retryButton.remove();
      retryButton = null;
    }
    if (!loading) stop();
    else if (ticker === null) ticker = setInterval(() => last && update(last), TICK_MS);
  };
  unsubscribe = subscribe(update);
  return () => {
    if (unsubscribe) unsubscribe();
    stop();
  };
}
