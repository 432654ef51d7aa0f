// @ts-check
// Shows the engine's loading state inside a tool in plain words with real
// progress (progress-text.js), nothing once it is ready, a clear Russian
// message with a retry button if it failed (the rule text keeps working).
// The form can be filled meanwhile.

import { retry, subscribe } from "./engine-client.js";
import { progressText } from "./progress-text.js";

/** @param {HTMLElement} root @returns {() => void} */
export function bindEngineStatus(root) {
  const box = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine]"));
  const text = root.querySelector("[data-rb-engine-text]");
  const bar = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine-bar]"));
  const badge = /** @type {HTMLElement | null} */ (root.querySelector("[data-rb-engine-badge]"));
  /** @type {HTMLButtonElement | null} */
  let retryButton = null;
  /** @type {(() => void) | null} */
  let unsubscribe = null;

  const update = (/** @type {import("./types.js").EngineStatus} */ status) => {
    if (!root.isConnected) {
      // The page was swapped by instant navigation: stop listening.
      if (unsubscribe) unsubscribe();
      return;
    }
    const words = progressText(status);
    root.dataset.rbEngine = status.state;
    if (box) box.hidden = status.state === "ready";
    if (text) text.textContent = words.text;
    if (bar) {
      bar.style.width = words.fraction === null ? "" : `${Math.round(words.fraction * 100)}%`;
      bar.parentElement?.classList.toggle("rb-engine-bar--unknown", words.fraction === null);
    }
    if (badge) {
      badge.hidden = status.state === "ready";
      badge.textContent = status.state === "failed" ? "расчёт недоступен" : "загрузка…";
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
  };
  unsubscribe = subscribe(update);
  return () => {
    if (unsubscribe) unsubscribe();
  };
}
