// Shows the engine's loading state inside a tool: a line with the progress
// text while Python loads, nothing once it is ready, a clear Russian message
// with a retry button if it failed (the rule text keeps working).

import { retry, subscribe } from "./engine-client.js";

export function bindEngineStatus(root) {
  const box = root.querySelector("[data-rb-engine]");
  const text = root.querySelector("[data-rb-engine-text]");
  const badge = root.querySelector("[data-rb-engine-badge]");
  let retryButton = null;
  let unsubscribe = null;

  const update = (status) => {
    if (!root.isConnected) {
      // The page was swapped by instant navigation: stop listening.
      if (unsubscribe) unsubscribe();
      return;
    }
    root.dataset.rbEngine = status.state;
    if (box) box.hidden = status.state === "ready";
    if (text) text.textContent = status.text;
    if (badge) {
      badge.hidden = status.state === "ready";
      badge.textContent = status.state === "failed" ? "расчёт недоступен" : "загрузка правил…";
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
}
