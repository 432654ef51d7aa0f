// @ts-check
// The shot being entered survives a reload: a newcomer drew the 5 into a pocket, reloaded
// before «Записать» and found the drawing empty. What the input holds — its fields, chips and
// the drawing — is kept in the tab's sessionStorage under the match and the point it stands at
// (its records and undone ones), and put back once the engine has drawn that same point again;
// at another point (recorded meanwhile, in this tab or another) it is left. Started afresh, the
// input drops it. readDraft is DOM-free (tests/js/input-draft.test.mjs); the rest reads the form.

import { refreshForm, renderSequences } from "../form/form.js";
import { isObject } from "../lib/storage.js";

/** @typedef {[string, string, boolean]} ControlState a control's key, its value, whether it is checked */
/** @typedef {{ at: string, controls: ControlState[], drawn: unknown }} Draft */
/** @typedef {{ drawn: () => unknown, putDrawn: (data: unknown) => void }} DrawnInput */

const PREFIX = "rules-site:draft:";
/** More controls than any form has: a stored value this long is not a draft. */
const MOST_CONTROLS = 400;

/** @param {string} game @param {string} matchId */
export const draftKey = (game, matchId) => `${PREFIX}${game}:${matchId}`;

/** The point a match stands at: its records and undone ones. @param {number} total @param {number} undone */
export const draftPoint = (total, undone) => `${total}:${undone}`;

/** @param {unknown} c @returns {c is ControlState} */
const isControlState = (c) => Array.isArray(c) && c.length === 3 && typeof c[0] === "string"
  && typeof c[1] === "string" && typeof c[2] === "boolean";

/**
 * The draft stored for the match at point `at`, or null: nothing stored, a draft of another point,
 * or text that is no draft (cut, edited, another version's) — never an error.
 * @param {string | null} raw @param {string} at @returns {Draft | null}
 */
export function readDraft(raw, at) {
  let data;
  try {
    data = JSON.parse(raw ?? "");
  } catch {
    return null;
  }
  if (!isObject(data) || data.at !== at || !Array.isArray(data.controls) || data.controls.length > MOST_CONTROLS) return null;
  if (!data.controls.every(isControlState)) return null;
  return { at, controls: data.controls, drawn: data.drawn ?? null };
}

/**
 * What carries the input in the form — a chip, a check box, a field, a sequence's order —, each as
 * its key, how to read it and how to put it back.
 * @param {HTMLFormElement} form @returns {{ key: string, read: () => [string, boolean], put: (value: string, checked: boolean) => void }[]}
 */
function partsOf(form) {
  const parts = [];
  for (const c of form.querySelectorAll("input, select, textarea")) {
    if (!(c instanceof HTMLInputElement || c instanceof HTMLSelectElement || c instanceof HTMLTextAreaElement)) continue;
    const name = c.name || c.id;
    if (!name) continue;
    const choice = c instanceof HTMLInputElement && (c.type === "radio" || c.type === "checkbox");
    parts.push({
      key: choice ? `${name}=${c.value}` : name,
      read: () => /** @type {[string, boolean]} */ ([c.value, choice ? /** @type {HTMLInputElement} */ (c).checked : false]),
      put: (/** @type {string} */ value, /** @type {boolean} */ checked) => {
        if (choice) /** @type {HTMLInputElement} */ (c).checked = checked;
        else c.value = value;
      },
    });
  }
  for (const el of form.querySelectorAll("[data-rb-kind=sequence][data-rb-field]")) {
    if (!(el instanceof HTMLElement)) continue;
    parts.push({
      key: `sequence:${el.dataset.rbField}`,
      read: () => /** @type {[string, boolean]} */ ([el.dataset.rbValue || "[]", false]),
      put: (/** @type {string} */ value) => {
        el.dataset.rbValue = value;
      },
    });
  }
  return parts;
}

/**
 * The input as it stands, stored for the match at point `at`.
 * @param {string} key @param {string} at @param {HTMLFormElement} form @param {DrawnInput | null} input
 */
export function saveDraft(key, at, form, input) {
  /** @type {ControlState[]} */
  const controls = partsOf(form).map((part) => [part.key, ...part.read()]);
  try {
    window.sessionStorage.setItem(key, JSON.stringify({ at, controls, drawn: input ? input.drawn() : null }));
  } catch {
    // storage full or off: the input is simply not kept over a reload
  }
}

/**
 * The draft of the match at point `at` put back in the form and the drawing; false when there is none.
 * @param {string} key @param {string} at @param {HTMLFormElement} form @param {DrawnInput | null} input
 * @returns {boolean}
 */
export function putDraft(key, at, form, input) {
  let raw = null;
  try {
    raw = window.sessionStorage.getItem(key);
  } catch {
    return false;
  }
  const draft = readDraft(raw, at);
  if (!draft) return false;
  const saved = new Map(draft.controls.map(([k, value, checked]) => [k, { value, checked }]));
  for (const part of partsOf(form)) {
    const was = saved.get(part.key);
    if (was) part.put(was.value, was.checked);
  }
  refreshForm(form);
  renderSequences(form);
  if (input && draft.drawn) input.putDrawn(draft.drawn);
  return true;
}

/** @param {string} key */
export function dropDraft(key) {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}
