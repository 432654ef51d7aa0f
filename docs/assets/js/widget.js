// Small helpers shared by the tools: the embedded declaration, the error
// line next to a form, and a busy state that blocks double taps.

import { POINTS_SCORE } from "./ru.js";

export function declarationOf(root) {
  if (!root.dataset.rbDeclaration) throw new Error("в инструменте нет описания игры");
  return JSON.parse(root.dataset.rbDeclaration);
}

// The table drawing declaration (rules_pkg/drawing.py) or null.
export function tableOf(root) {
  try {
    return JSON.parse(root.dataset.rbTable || "null");
  } catch {
    return null;
  }
}

// The declaration's score ({forms, lower_wins}), or null when the rules
// define no score («по часовой стрелке»): then no score is shown at all.
export function scoreOf(game) {
  return game.score === undefined ? POINTS_SCORE : game.score;
}

export function showError(box, message) {
  if (!box) return;
  box.textContent = message || "";
  box.hidden = !message;
}

// The message of an API error response, or of a thrown Error.
export function messageOf(errorOrResponse) {
  if (errorOrResponse && errorOrResponse.error && errorOrResponse.error.message) {
    return errorOrResponse.error.message;
  }
  if (errorOrResponse instanceof Error && errorOrResponse.message) return errorOrResponse.message;
  return "Что-то пошло не так. Попробуйте ещё раз.";
}

// Runs task() while the tool is marked busy: a second tap meanwhile is
// ignored (no shot recorded twice), and CSS dims the buttons. The buttons'
// own disabled state is left to the renderer.
export async function whileBusy(root, task) {
  if (root.dataset.rbBusy) return undefined;
  root.dataset.rbBusy = "1";
  root.setAttribute("aria-busy", "true");
  try {
    return await task();
  } finally {
    delete root.dataset.rbBusy;
    root.removeAttribute("aria-busy");
  }
}

export function smoothScroll() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

export function reveal(el) {
  if (!el) return;
  const rect = el.getBoundingClientRect();
  if (rect.top < 0 || rect.top > window.innerHeight * 0.6) {
    el.scrollIntoView({ block: "start", behavior: smoothScroll() });
  }
  el.focus({ preventScroll: true });
}
