// @ts-check
// Small helpers shared by the tools: the embedded declaration, the error
// line next to a form, and a busy state that blocks double taps.

import { barOf, clearFieldErrors, markFieldError } from "./form.js";
import { centerClear, smoothScroll, stickyTop } from "../lib/scroll-room.js";
import { POINTS_SCORE } from "../lib/ru.js";

// Offered here to the tools as before; form.js holds them (its fields are kept
// clear of the sticky bars).
export { smoothScroll, stickyTop };

/** @typedef {import("../lib/types.js").GameDecl} GameDecl */
/** @typedef {import("../lib/types.js").Score} Score */
/** @typedef {import("../lib/types.js").TableDecl} TableDecl */

/** @param {HTMLElement} root @returns {GameDecl} */
export function declarationOf(root) {
  if (!root.dataset.rbDeclaration) throw new Error("в инструменте нет описания игры");
  return JSON.parse(root.dataset.rbDeclaration);
}

// The table drawing declaration (rules_pkg/drawing.py) or null.
/** @param {HTMLElement} root @returns {TableDecl | null} */
export function tableOf(root) {
  try {
    return JSON.parse(root.dataset.rbTable || "null");
  } catch {
    return null;
  }
}

// The declaration's score ({forms, lower_wins}), or null when the rules
// define no score («по часовой стрелке»): then no score is shown at all.
/** @param {{ score?: Score | null }} game @returns {Readonly<Score> | null} */
export function scoreOf(game) {
  return game.score === undefined ? POINTS_SCORE : game.score;
}

/** @param {HTMLElement | null} box @param {string | null | undefined} message */
export function showError(box, message) {
  if (!box) return;
  box.textContent = message || "";
  box.hidden = !message;
}

/** Before a request: no error left from the last one. @param {HTMLElement} box @param {HTMLFormElement | null} form */
export function clearErrors(box, form) {
  if (form) clearFieldErrors(form);
  showError(box, "");
}

/**
 * The engine said no (the calculator, the scorekeeper): its message once — on
 * the field it names when that field is shown (and scrolled to the middle of the
 * screen, clear of the sticky bars), otherwise in the box (a field the drawing
 * sets, hidden in drawing mode, or none).
 * @param {{ message: string, field?: string | null }} refusal
 * @param {HTMLElement | null} box @param {HTMLFormElement | null} form
 * @returns {HTMLElement | null} the field that shows the message, if one does
 */
export function showRefused(refusal, box, form) {
  const field = form ? markFieldError(form, refusal.field, refusal.message) : null;
  const onField = field !== null && field.getClientRects().length > 0;
  showError(box, onField ? "" : refusal.message);
  if (field && onField && form) centerClear(field, form, barOf(form)); // no control left under a bar
  return onField ? field : null;
}

// The message of an API error response, or of a thrown Error.
/** @param {unknown} errorOrResponse @returns {string} */
export function messageOf(errorOrResponse) {
  const error = errorOrResponse && typeof errorOrResponse === "object" && "error" in errorOrResponse
    ? /** @type {import("../lib/types.js").Response} */ (errorOrResponse).error : null;
  if (error && error.message) return error.message;
  if (errorOrResponse instanceof Error && errorOrResponse.message) return errorOrResponse.message;
  return "Что-то пошло не так. Попробуйте ещё раз.";
}

// Runs task() while the tool is marked busy: a second tap meanwhile is
// ignored (no shot recorded twice), and CSS dims the buttons. The buttons'
// own disabled state is left to the renderer.
/**
 * @template T
 * @param {HTMLElement} root @param {() => T | Promise<T>} task
 * @returns {Promise<T | undefined>}
 */
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

/** @param {HTMLElement | null | undefined} el */
export function reveal(el) {
  if (!el) return;
  const rect = el.getBoundingClientRect();
  if (rect.top < stickyTop() || rect.top > window.innerHeight * 0.6) {
    el.scrollIntoView({ block: "start", behavior: smoothScroll() });
  }
  el.focus({ preventScroll: true });
}
