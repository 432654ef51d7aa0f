// @ts-check
// Forms rendered at build time from a game declaration
// (sitebuild/templates/_fields.html.j2): wiring, reading, resetting, errors.
//
// Each field is an element with data-rb-field (name), data-rb-scope,
// data-rb-kind, data-rb-default (JSON) and optionally data-rb-when (JSON:
// show only while another field of the same group has that value) and
// data-rb-optional. Option values are JSON, so ids keep their type.

import { keepingInRoom, revealDelta } from "../lib/match-reveal.js";
import { inputMark, isControl, movedSince, scrollFormClear, scrollerOf, smoothScroll, stickyBar, stickyTop } from "../lib/scroll-room.js";
import { keepMeasured } from "../lib/measured.js";
import { roveGroup } from "../lib/roving.js";

/** @typedef {import("../lib/types.js").Action} Action */

/** @param {string | undefined} text @param {unknown} [fallback] @returns {unknown} */
const parse = (text, fallback = null) => {
  if (text === undefined) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};

// A sequence field's value: the JSON list of ids in data-rb-value.
/** @param {HTMLElement} el @returns {unknown[]} */
function sequenceOf(el) {
  const order = parse(el.dataset.rbValue || "[]", []);
  return Array.isArray(order) ? order : [];
}

// The elements of a selector that only HTML elements match (data-rb-* attributes).
/** @param {ParentNode} root @param {string} selector @returns {HTMLElement[]} */
function all(root, selector) {
  return [.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(selector))];
}
/** @param {ParentNode} root @param {string} selector */
const one = (root, selector) => /** @type {HTMLElement | null} */ (root.querySelector(selector));

/** @param {ParentNode} root @param {string} scope */
function fieldsOf(root, scope) {
  return all(root, `[data-rb-field][data-rb-scope="${scope}"]`);
}

/** @param {HTMLElement} el */
const nameOf = (el) => el.dataset.rbField || "";

/** @param {Element} fieldEl @returns {Element | null} */
function group(fieldEl) {
  return fieldEl.closest("[data-rb-action]") || fieldEl.closest("form") || fieldEl.parentElement;
}

// A number field entered by a tap or Tab has its value selected: the digits
// typed replace it («88», not «088» or «880»); so has a text field still holding
// its declared default («пробка»'s «1, 1» became «1, 11, -5, …» under a
// newcomer's typing). The click that focused it would put the caret back; that
// one click's default is skipped.
/** @param {FocusEvent} event */
function selectValueOnFocus(event) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement)) return;
  const field = input.closest("[data-rb-field]");
  const untouched = input.type === "text" && field instanceof HTMLElement && input.value !== ""
    && input.value === String(fieldDefault(field) ?? "");
  if (input.type !== "number" && !untouched) return;
  input.select();
  input.addEventListener("mouseup", (e) => e.preventDefault(), { once: true });
}

// The <input> of an int, player, bool or text field (the template always has one).
/** @param {Element} el @returns {HTMLInputElement} */
function inputOf(el) {
  const input = el.querySelector("input");
  if (!input) throw new Error(`в поле ${el.getAttribute("data-rb-field")} нет поля ввода`);
  return input;
}

/** @param {ParentNode} el @param {string} selector @returns {HTMLInputElement[]} */
const inputs = (el, selector) => [.../** @type {NodeListOf<HTMLInputElement>} */ (el.querySelectorAll(selector))];

/** A yes/no field whose default is "not given": radios «не указано» / «да» /
 * «нет» (the template's tri-state), read like a choice, so that not answering
 * is never sent as «нет».
 * @param {HTMLElement} el */
const isTristate = (el) => el.querySelector('input[type="radio"]') !== null;

// The current value of one field element (undefined = leave it out).
/** @param {HTMLElement} el @returns {unknown} */
function valueOf(el) {
  const kind = el.dataset.rbKind;
  if (kind === "int" || kind === "player") {
    const input = inputOf(el);
    if (input.value.trim() === "") return undefined;
    return Number(input.value);
  }
  if (kind === "bool" && !isTristate(el)) return inputOf(el).checked;
  if (kind === "choice" || kind === "bool") {
    const select = el.querySelector("select");
    const checked = /** @type {HTMLInputElement | null} */ (el.querySelector("input:checked"));
    const raw = select ? select.value : checked ? checked.value : undefined;
    const value = raw === undefined ? null : parse(raw);
    return value === null ? undefined : value;
  }
  if (kind === "set") return inputs(el, "input:checked").map((i) => parse(i.value));
  if (kind === "sequence") return parse(el.dataset.rbValue || "[]", []);
  if (kind === "text") return inputOf(el).value;
  return undefined;
}

/** @param {HTMLElement} el @param {unknown} value */
function setValue(el, value) {
  const kind = el.dataset.rbKind;
  if (kind === "int" || kind === "player" || kind === "text") {
    inputOf(el).value = value === null || value === undefined ? "" : String(value);
    for (const radio of inputs(el, "[data-rb-player-chips] input")) radio.checked = radio.value === String(value);
  } else if (kind === "bool" && !isTristate(el)) {
    inputOf(el).checked = Boolean(value);
  } else if (kind === "choice" || kind === "bool") {
    const want = JSON.stringify(value === undefined ? null : value);
    const select = el.querySelector("select");
    if (select) {
      const option = [...select.options].find((o) => JSON.stringify(parse(o.value)) === want);
      select.value = option ? option.value : select.options[0].value;
    } else {
      for (const input of el.querySelectorAll("input")) input.checked = JSON.stringify(parse(input.value)) === want;
    }
  } else if (kind === "set") {
    const want = new Set((Array.isArray(value) ? value : []).map((v) => JSON.stringify(v)));
    for (const input of el.querySelectorAll("input")) input.checked = want.has(JSON.stringify(parse(input.value)));
  } else if (kind === "sequence") {
    el.dataset.rbValue = JSON.stringify(value || []);
    renderSequence(el);
  }
}

/** @param {HTMLElement} el */
function renderSequence(el) {
  const order = sequenceOf(el);
  const labels = [];
  for (const button of all(el, "[data-rb-option]")) {
    const id = parse(button.dataset.rbOption);
    const pos = order.findIndex((v) => JSON.stringify(v) === JSON.stringify(id));
    button.setAttribute("aria-pressed", pos >= 0 ? "true" : "false");
    const n = button.querySelector(".rb-seq-n");
    if (n) n.textContent = pos >= 0 ? String(pos + 1) : "";
  }
  for (const id of order) {
    const button = all(el, "[data-rb-option]").find(
      (b) => JSON.stringify(parse(b.dataset.rbOption)) === JSON.stringify(id),
    );
    const label = button && button.querySelector("span:last-child");
    labels.push(label ? (label.textContent || "").trim() : String(id));
  }
  const shown = el.querySelector("[data-rb-seq-order]");
  if (shown) {
    shown.textContent = order.length
      ? `Порядок: ${labels.join(" → ")}`
      : "Порядок: не указан";
  }
}

// Show a field only while its "when" condition holds in its group.
/** @param {ParentNode} form */
function applyWhen(form) {
  for (const el of all(form, "[data-rb-when]")) {
    const when = parse(el.dataset.rbWhen, {});
    const scope = el.dataset.rbScope;
    const g = group(el);
    const visible = Object.entries(when && typeof when === "object" ? when : {}).every(([name, expected]) => {
      const other = g && one(g, `[data-rb-field="${name}"][data-rb-scope="${scope}"]`);
      if (!other) return true;
      const value = valueOf(other);
      return Array.isArray(expected) ? expected.includes(value) : value === expected;
    });
    el.hidden = !visible;
  }
}

// The action fields as the engine's view says they stand for the next shot: hidden when they
// do not apply (its idle_fields, e.g. «Первый удар игрока» after a player's first stroke);
// shown only while a condition holds when they matter only for some values of another field
// (its field_when, a `when` only the state knows: «ошибку заметили сразу» for a pocket but the
// designated one); without their «не указано» when the shot cannot go without them (its
// needed_fields: «Первый удар игрока» on a player's first stroke; scorekeeper.css). A hidden
// field is not read, so the request never carries it. An action type that cannot be the next
// record (its idle_actions: «Ошибка обнаружена» with no error unnoticed) has no chip.
/** @param {ParentNode} form @param {import("../lib/types.js").ViewFields} fields */
export function fitFieldsToView(form, { idle, when, needed, actions }) {
  hideIdleActions(form, actions);
  for (const el of all(form, '[data-rb-field][data-rb-scope="action"]')) {
    const name = nameOf(el);
    el.toggleAttribute("data-rb-needed", needed.includes(name));
    if (el.dataset.rbWhenView !== undefined) {
      delete el.dataset.rbWhen; // the last view's condition, not the declaration's
      delete el.dataset.rbWhenView;
    }
    if (el.dataset.rbWhen === undefined && when[name] && typeof when[name] === "object") {
      el.dataset.rbWhen = JSON.stringify(when[name]);
      el.dataset.rbWhenView = "";
    }
    if (el.dataset.rbWhen === undefined) el.hidden = idle.includes(name);
  }
  applyWhen(form);
}

/**
 * The chips of the action types the view calls idle unseen, their place kept (data-rb-idle,
 * scorekeeper.css: the chips wrap to two rows on a phone, and a row that came and went with an
 * unnoticed error would move the drawing under it); one that was chosen gives way to the first
 * one shown (the form's own first, «Очередной шар забит»).
 * @param {ParentNode} form @param {string[]} actions
 */
function hideIdleActions(form, actions) {
  const radios = inputs(form, "[data-rb-action-type]");
  const idle = (/** @type {HTMLInputElement} */ r) => actions.includes(String(parse(r.value)));
  for (const radio of radios) radio.closest("label")?.toggleAttribute("data-rb-idle", idle(radio));
  const chosen = radios.find((r) => r.checked);
  if (!chosen || !idle(chosen)) return;
  const shown = radios.find((r) => !idle(r));
  if (shown) shown.checked = true;
  applyActionType(form);
}

/** @param {ParentNode} form */
function applyActionType(form) {
  const radio = /** @type {HTMLInputElement | null} */ (form.querySelector("[data-rb-action-type]:checked"));
  if (!radio) return;
  const type = parse(radio.value);
  for (const box of all(form, "[data-rb-action]")) box.hidden = box.dataset.rbAction !== type;
}

// One field of a form's action box by name, its value and a new value (the
// table drawing writes the fields it sets, so the request is always read from
// the form: docs/assets/js/shot-input/shot-input.js).
/** @param {ParentNode} box @param {string} name @returns {HTMLElement | null} */
export function actionField(box, name) {
  return one(box, `[data-rb-field="${name}"][data-rb-scope="action"]`);
}
export const readField = (/** @type {HTMLElement} */ el) => valueOf(el);
export const fieldDefault = (/** @type {HTMLElement} */ el) => parse(el.dataset.rbDefault);
/** @param {HTMLElement} el @param {unknown} value undefined: the field's default */
export function writeField(el, value) {
  setValue(el, value === undefined ? parse(el.dataset.rbDefault) : value);
}
/** Every sequence field drawn from its value (a draft put back: scorekeeper/input-draft.js). @param {ParentNode} form */
export function renderSequences(form) {
  for (const el of all(form, "[data-rb-kind=sequence]")) renderSequence(el);
}

/** @param {ParentNode} form */
export function refreshForm(form) {
  applyActionType(form);
  applyWhen(form);
}

// The selected action type of a form with several ("shot", "touch"...).
/** @param {ParentNode} form @returns {string | null} */
export function actionType(form) {
  const box = all(form, "[data-rb-action]").find((b) => !b.hidden);
  return box ? box.dataset.rbAction || "" : null;
}

/**
 * The sticky bar that holds a form's buttons: inside the form (the calculator), or
 * after it, its buttons the form's by form=… (the scorekeeper's record bar: no part
 * of the form, it sticks while any of the match is on screen, however far a long
 * ruling above pushes the form down).
 * @param {HTMLElement} form @returns {HTMLElement | null}
 */
export function barOf(form) {
  const inside = form.querySelector("[data-rb-bar]");
  if (inside instanceof HTMLElement) return inside;
  for (const el of form instanceof HTMLFormElement ? form.elements : []) {
    const bar = el.closest("[data-rb-bar]");
    if (bar instanceof HTMLElement) return bar;
  }
  return null;
}

/** @param {HTMLElement} form */
export function setupForm(form) {
  if (form.dataset.rbWired) return;
  form.dataset.rbWired = "1";
  form.addEventListener("focusin", selectValueOnFocus);
  form.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const hit = (/** @type {string} */ selector) => /** @type {HTMLElement | null} */ (target.closest(selector));
    const step = hit("[data-rb-step]");
    if (step) {
      const input = step.parentElement && step.parentElement.querySelector("input");
      if (!input) return;
      const min = input.min === "" ? -Infinity : Number(input.min);
      const max = input.max === "" ? Infinity : Number(input.max);
      const current = input.value.trim() === "" ? 0 : Number(input.value) || 0;
      input.value = String(Math.min(max, Math.max(min, Math.round(current) + Number(step.dataset.rbStep))));
      input.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    const option = hit("[data-rb-option]");
    if (option) {
      const el = /** @type {HTMLElement | null} */ (option.closest("[data-rb-field]"));
      if (!el) return;
      const order = sequenceOf(el);
      const id = parse(option.dataset.rbOption);
      const key = JSON.stringify(id);
      const pos = order.findIndex((v) => JSON.stringify(v) === key);
      if (pos >= 0) order.splice(pos, 1);
      else order.push(id);
      setValue(el, order);
      form.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    const clear = hit("[data-rb-seq-clear]");
    const field = clear && /** @type {HTMLElement | null} */ (clear.closest("[data-rb-field]"));
    if (field) {
      setValue(field, []);
      form.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });
  form.addEventListener("change", () => {
    applyActionType(form);
    applyWhen(form);
  });
  for (const el of all(form, '[data-rb-kind="sequence"]')) setValue(el, parse(el.dataset.rbDefault, []));
  roveChips(form);
  applyActionType(form);
  applyWhen(form);
  const bar = barOf(form);
  if (bar) {
    keepFocusClear(form, bar);
    keepNextFieldClear(form, bar);
  }
}

// Each set's check boxes and each sequence's buttons are one Tab stop, moved
// in by the arrows (roving.js); a choice's radios are one stop already.
/** @param {ParentNode} form */
function roveChips(form) {
  for (const chips of all(form, '[data-rb-kind="set"] .rb-chips')) roveGroup(chips, ".rb-chip > input");
  for (const chips of all(form, '[data-rb-kind="sequence"] .rb-chips')) roveGroup(chips, "button.rb-chip");
}

// The first control of a part of the page a Tab would reach (visible, enabled,
// not taken out of the Tab order: a roving chip group's other chips are).
/** @param {ParentNode} root @returns {HTMLElement | null} */
export function firstControl(root) {
  const controls = all(root, "input, select, textarea, button, summary, a[href], [tabindex]");
  return controls.find((c) => c.tabIndex >= 0 && !(/** @type {HTMLInputElement} */ (c).disabled)
    && c.getClientRects().length > 0) || null;
}

// The values of one scope ("situation", "options") as a request object.
/** @param {ParentNode} form @param {string} scope @returns {Record<string, unknown>} */
export function readScope(form, scope) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const el of fieldsOf(form, scope)) {
    if (el.closest("[hidden]")) continue;
    const value = valueOf(el);
    if (value !== undefined) out[nameOf(el)] = value;
  }
  return out;
}

// The action of the visible action group: {type, ...fields}.
/** @param {ParentNode} form @returns {Action | null} */
export function readAction(form) {
  const box = all(form, "[data-rb-action]").find((b) => !b.hidden);
  if (!box) return null;
  /** @type {Action} */
  const out = { type: box.dataset.rbAction || "" };
  for (const el of fieldsOf(box, "action")) {
    if (el.hidden) continue;
    const value = valueOf(el);
    if (value !== undefined) out[nameOf(el)] = value;
  }
  return out;
}

/** @param {ParentNode} form @param {string} scope */
export function resetScope(form, scope) {
  for (const el of fieldsOf(form, scope)) setValue(el, parse(el.dataset.rbDefault));
  applyWhen(form);
}

/** @param {ParentNode} form */
export function resetForm(form) {
  for (const el of all(form, "[data-rb-field]")) setValue(el, parse(el.dataset.rbDefault));
  // The action type is state-dependent too («Туш вне удара» is not the next stroke).
  for (const radio of inputs(form, "[data-rb-action-type]")) radio.checked = radio.defaultChecked;
  applyActionType(form);
  applyWhen(form);
}

/**
 * The form as it stands, to be put back: each control's value and check, each
 * sequence's order, the action type. A record sent starts afresh at the
 * player's next touch, and a refused one is put back (scorekeeper-match.js
 * holdSent: a newcomer's next taps, made while the engine answered, were wiped
 * by the reset that came after the answer).
 * @param {ParentNode} form @returns {() => void} what puts it back
 */
export function formSnapshot(form) {
  const controls = all(form, "input, select, textarea").map((c) => {
    const control = /** @type {HTMLInputElement} */ (c);
    return /** @type {const} */ ([control, control.value, control.checked]);
  });
  const sequences = all(form, "[data-rb-kind=sequence]").map((el) => /** @type {const} */ ([el, el.dataset.rbValue || "[]"]));
  return () => {
    for (const [control, value, checked] of controls) [control.value, control.checked] = [value, checked];
    for (const [el, value] of sequences) {
      el.dataset.rbValue = value;
      renderSequence(el);
    }
    applyActionType(form);
    applyWhen(form);
  };
}

let messageSerial = 0; // ids of the inline field messages

/** @param {Element} control @param {string} id */
function describeBy(control, id) {
  const ids = (control.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
  control.setAttribute("aria-describedby", [...ids, id].join(" "));
}

/** @param {Element} control @param {string} id */
function undescribe(control, id) {
  const ids = (control.getAttribute("aria-describedby") || "").split(/\s+/).filter((x) => x && x !== id);
  if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** @param {ParentNode} root */
export function clearFieldErrors(root) {
  for (const el of root.querySelectorAll(".rb-field--error")) clearFieldError(el);
  for (const note of root.querySelectorAll("[data-rb-field-message]")) dropMessage(root, note);
}

/** One field's refusal undone: its red, its aria-invalid and its message. @param {Element} el */
function clearFieldError(el) {
  el.classList.remove("rb-field--error");
  for (const c of el.querySelectorAll("[aria-invalid]")) c.removeAttribute("aria-invalid");
  for (const note of el.querySelectorAll("[data-rb-field-message]")) dropMessage(el, note);
}

/** @param {ParentNode} root @param {Element} note */
function dropMessage(root, note) {
  for (const c of root.querySelectorAll(`[aria-describedby~="${note.id}"]`)) undescribe(c, note.id);
  note.remove();
}

/**
 * A refused field set anew by the player loses its red and its message at once
 * (a newcomer saw «Не хватает поля «Кто бил»» stay after choosing the player).
 * @param {HTMLElement} el
 */
function clearWhenSet(el) {
  const controller = new AbortController();
  const cleared = () => {
    controller.abort();
    if (el.classList.contains("rb-field--error")) clearFieldError(el);
  };
  for (const type of ["change", "input"]) el.addEventListener(type, cleared, { signal: controller.signal });
  el.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("button")) cleared();
  }, { signal: controller.signal });
}

// Mark the field an API error names ("action.cue_pocket", "situation.score"),
// with the message right under it (not only at the end of a long form); a
// folded group around it is opened.
/**
 * @param {ParentNode} root @param {string | null | undefined} path @param {string} [message]
 * @returns {HTMLElement | null}
 */
export function markFieldError(root, path, message = "") {
  const m = /^(situation|action|options)\.([A-Za-z_]\w*)/.exec(path || "");
  if (!m) return null;
  const el = all(root, `[data-rb-field="${m[2]}"][data-rb-scope="${m[1]}"]`).find(
    (f) => !f.closest("[hidden]"),
  );
  if (!el) return null;
  el.classList.add("rb-field--error");
  // The field itself, not a «−» stepper button (tabindex −1) before it.
  const control = el.querySelector("input:not([type=hidden]), select, textarea")
    || el.querySelector("button:not([tabindex='-1'])");
  if (control) control.setAttribute("aria-invalid", "true");
  if (message) {
    const note = document.createElement("p");
    note.className = "rb-field-message";
    note.dataset.rbFieldMessage = "";
    note.id = `${el.dataset.rbScope}-${m[2]}-message-${++messageSerial}`;
    note.textContent = message;
    // Announced when it comes (the box above the form stays empty then: the message is shown once).
    note.setAttribute("role", "alert");
    el.append(note);
    if (control) describeBy(control, note.id);
  }
  for (let d = el.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
  clearWhenSet(el);
  return el;
}

// A field that numbers a player (data-rb-player-number: the engine declares
// it as an int from 1) is offered as the players' names once they are known:
// one chip per player, the number kept in the field's own input.
/** @param {ParentNode} form @param {string[]} names */
export function setPlayerChoices(form, names) {
  for (const el of form.querySelectorAll("[data-rb-player-number]")) {
    const input = inputOf(el);
    const old = el.querySelector("[data-rb-player-chips]");
    if (old) old.remove();
    const chips = document.createElement("div");
    chips.className = "rb-chips";
    chips.dataset.rbPlayerChips = "";
    chips.setAttribute("role", "radiogroup");
    const label = el.querySelector(".rb-label");
    if (label) {
      label.id = label.id || `${input.id}-label`;
      label.removeAttribute("for");
      chips.setAttribute("aria-labelledby", label.id);
    }
    names.forEach((name, i) => {
      const chip = document.createElement("label");
      chip.className = "rb-chip";
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = `${input.id}-player`;
      radio.value = String(i + 1);
      radio.checked = input.value === radio.value;
      radio.addEventListener("change", () => {
        input.value = radio.value;
      });
      const text = document.createElement("span");
      text.textContent = `${i + 1}. ${name}`;
      chip.append(radio, text);
      chips.append(chip);
    });
    const int = /** @type {HTMLElement | null} */ (el.querySelector(".rb-int"));
    if (!int) continue;
    int.hidden = true;
    int.after(chips);
  }
}

// The match options as the setup form words them: [{label, value}].
/**
 * @param {ParentNode} form @param {Record<string, unknown> | null | undefined} options
 * @returns {{ label: string, value: string }[]}
 */
export function describeOptions(form, options) {
  const out = [];
  for (const el of fieldsOf(form, "options")) {
    const name = nameOf(el);
    if (!options || !(name in options)) continue;
    const value = options[name];
    const labelEl = el.querySelector(".rb-label, .rb-check span");
    const label = labelEl ? (labelEl.textContent || "").trim() : name;
    let text = String(value);
    if (typeof value === "boolean") text = value ? "да" : "нет";
    const option = [.../** @type {NodeListOf<HTMLOptionElement | HTMLInputElement>} */ (el.querySelectorAll("option, input[type=radio]"))]
      .find((o) => JSON.stringify(parse(o.value)) === JSON.stringify(value));
    if (option) {
      const words = option instanceof HTMLOptionElement ? option
        : (option.parentElement && option.parentElement.querySelector("span")) || option;
      text = (words.textContent || "").trim();
    }
    out.push({ label, value: text });
  }
  return out;
}

/**
 * A match's options as the line under its status («Условия партии: …»), or ""
 * when it has none: the same line before the engine has loaded (a saved match)
 * and after, so that nothing under it moves when the engine's view comes.
 * @param {ParentNode} form the setup form @param {Record<string, unknown> | null | undefined} options
 */
export function optionsSentence(form, options) {
  const described = describeOptions(form, options);
  return described.length ? `Условия партии: ${described.map((o) => `${o.label} — ${o.value}`).join("; ")}.` : "";
}

// ---- Fields kept clear of the sticky bars ------------------------------------
// A form's fields are never behind what stays on screen as the page scrolls:
// the site's header and the phone's «Правила»/«Счёт» tab bar above, the form's
// own sticky button bar (the scorekeeper's «Записать удар», the calculator's
// «Рассчитать») below; on a desktop the tools' column scrolls by itself.

/**
 * Where a field of `form` is seen whole: under the bars above (and the top of
 * the column that scrolls it), over the form's sticky `bar`.
 * @param {Element} form @param {HTMLElement} bar
 * @returns {{ top: number, bottom: number, scroller: HTMLElement | null }}
 */
export function formRoom(form, bar) {
  const scroller = scrollerOf(form);
  const box = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  const stuck = stickyBar(bar) !== null;
  // A bar that does not stick (the calculator's in the desktop's tools column): the column's own
  // scroll-padding (layout.css: the room its other tools' sticky bars take) is where the browser
  // scrolls a focused control out of; a field put there moved again under the tap that focused it.
  const padded = scroller && !stuck ? box.bottom - (parseFloat(getComputedStyle(scroller).scrollPaddingBottom) || 0) : box.bottom;
  return {
    top: Math.max(stickyTop(), box.top),
    bottom: Math.min(stuck ? bar.getBoundingClientRect().top : window.innerHeight, padded),
    scroller,
  };
}

/**
 * How far to scroll (px, positive: the page moves up) after a field is set so
 * that `next`, the first field after it the bars cover, is seen whole
 * (DOM-free; tests/js/form-room.test.mjs): 0 when it is; when it is under the
 * bar below, the least move that brings it just over the bar, never taking the
 * field just set (`current`) above the room's top. Bringing the field just set to
 * the room's top moved the form 196–542 px after a tap, and a field above it left
 * the screen: «Кайза»'s «Заказанная луза» under the header, «Кладка»'s «+» of
 * «Сколько шаров упало» taken from under the next tap (a newcomer, 6 December).
 * A next field taller than the room comes up to its own top, no further. `keep`,
 * the focused control (a number being typed, a chip just ticked), never goes
 * above the room's top, nor (a field above brought down) below its bottom.
 * @param {{ top: number }} current @param {{ top: number, bottom: number }} next
 * @param {{ top: number, bottom: number }} room @param {{ top: number, bottom?: number } | null} [keep]
 * @returns {number}
 */
export function nextFieldDelta(current, next, room, keep = null) {
  const toNext = revealDelta(next, room);
  if (toNext <= 0) {
    return keep && keep.bottom !== undefined ? Math.min(0, Math.max(toNext, Math.round(keep.bottom - room.bottom))) : toNext;
  }
  const setStays = Math.round(current.top - room.top);
  const delta = setStays > 0 ? Math.min(toNext, setStays) : toNext;
  return keep ? Math.max(0, Math.min(delta, Math.round(keep.top - room.top))) : delta;
}

/**
 * Scroll the room of `form` by `delta`, no control of it left cut by a bar,
 * and `keep` (the focused control), if given, not taken above the room's top.
 * (Its panel's controls as the scope broke a chip's tap in the new-match form at 360 px:
 * test_tools_fit_the_screen[kladka-kiem-360].)
 * @param {Element} form @param {{ top: number, bottom: number, scroller: HTMLElement | null }} room @param {number} delta
 * @param {{ top: number } | null} [keep] @param {ScrollBehavior} [behavior]
 */
function scrollRoom(form, room, delta, keep = null, behavior = smoothScroll()) {
  const most = keep ? Math.max(delta, Math.floor(keep.top - room.top)) : Infinity;
  // A control left cut by the bar is cleared by moving on, never back over the field just revealed.
  if (delta) scrollFormClear(form, room, delta, { most, least: delta > 0 ? delta : -Infinity, behavior });
}

/**
 * A focused control of `scope` is never behind the sticky bars: the header
 * above, `bar` (a sticky button bar) below. The bar's real height is also kept
 * in `scope`'s --rb-bar-height for the fields' scroll-margin (forms.css).
 * @param {HTMLElement} scope @param {HTMLElement | null} bar @returns {() => void} dispose
 */
export function keepFocusClear(scope, bar) {
  if (!bar) return () => {};
  const gap = 8;
  let pointerAt = -Infinity;
  const press = heldPress();
  const onPointer = () => {
    pointerAt = performance.now();
    press.down();
  };
  const onFocus = (/** @type {FocusEvent} */ event) => {
    const el = event.target;
    if (!(el instanceof HTMLElement) || bar.contains(el) || !stickyBar(bar)) return;
    // The press of a tap on a chip (a label) or a blank focuses the nearest focusable
    // ancestor, a container with tabindex="-1" (the new-match form): scrolling for it moved
    // the page between the press and the release, and the tap missed its chip («Фора»,
    // a newcomer at 390 px). Only a control is kept clear of the bars.
    if (!isControl(el)) return;
    // The keyboard's focus is kept a little clear of the bars; a field tapped in full
    // view keeps the page still (only one the bars really cover moves).
    const margin = performance.now() - pointerAt < 800 ? 0 : gap;
    // A control focused by a press moves once the tap is over: moved between the press and the
    // release, the tap landed on the control then under the finger (the walk, «Кайза» at 360 px: a
    // check box half under the record bar, tapped, and another set's chip chosen instead).
    press.after(() => clearFocused(scope, bar, el, margin, gap));
  };
  const stopMeasuring = keepMeasured(scope, "--rb-bar-height", [bar], ([box]) => box.height);
  scope.addEventListener("focusin", onFocus);
  scope.addEventListener("pointerdown", onPointer);
  const stopPress = press.listen();
  return () => {
    stopMeasuring();
    stopPress();
    scope.removeEventListener("focusin", onFocus);
    scope.removeEventListener("pointerdown", onPointer);
  };
}

/**
 * The focused control `el` whole between the bars (`margin` inside them), and no line read first above
 * the form left cut by the bar above (the walk: «пробка» at 360 px, the status line across the tab
 * bar's edge after «Промах» was tapped half under the record bar).
 * @param {Element} scope @param {Element} bar @param {HTMLElement} el @param {number} margin @param {number} gap
 */
function clearFocused(scope, bar, el, margin, gap) {
  if (document.activeElement !== el || !el.getClientRects().length) return;
  const box = el.getBoundingClientRect();
  const room = { top: stickyTop(), bottom: bar.getBoundingClientRect().top, scroller: null };
  const [top, bottom] = [room.top + margin, room.bottom - margin];
  const delta = box.bottom > bottom ? Math.min(box.bottom - bottom + gap - margin, Math.max(0, box.top - top))
    : box.top < top ? box.top - top : 0;
  if (!delta) return;
  scrollFormClear(scope, room, delta, { ...keepingInRoom(delta, box, room), behavior: "auto" });
}

/**
 * A press in progress: what `after` is given runs at once with no press, else once the press
 * is over — after its click (or a moment after the release when no click comes: a drag), never
 * when the press became a scroll of the player's own (pointercancel).
 */
function heldPress() {
  let pressing = false;
  // Released, its click not yet come: a touch focuses the control after the release and before
  // the click, and a scroll for that focus took the control from under the finger — the click
  // went to the panel («Формой» in «пробка»'s calculator did nothing: the walk, entry-differs).
  let released = false;
  /** @type {(() => void) | null} */
  let pending = null;
  const flush = () => {
    released = false;
    const run = pending;
    pending = null;
    if (run) run();
  };
  return {
    down() {
      pressing = true;
      pending = null;
    },
    /** @param {() => void} run */
    after(run) {
      if (pressing || released) pending = run;
      else run();
    },
    /** @returns {() => void} the listeners' removal */
    listen() {
      const up = () => {
        pressing = false;
        released = true;
        setTimeout(flush, 350);
      };
      const cancel = () => {
        pressing = false;
        released = false;
        pending = null;
      };
      const clicked = () => setTimeout(flush, 0);
      const events = /** @type {const} */ ([["pointerup", up], ["pointercancel", cancel], ["click", clicked]]);
      for (const [type, fn] of events) document.addEventListener(type, fn, true);
      return () => {
        for (const [type, fn] of events) document.removeEventListener(type, fn, true);
      };
    },
  };
}

// The control a tap chose something with: a chip, a check box, a sequence's
// ball, a stepper, the «Формой» switch (not a number typed into: `input`).
/** @param {EventTarget | null} target @returns {Element | null} */
function chosenBy(target) {
  if (!(target instanceof Element)) return null;
  if (target instanceof HTMLInputElement && !["radio", "checkbox"].includes(target.type)) return null;
  return target.closest("[data-rb-field], [data-rb-shot-mode], label.rb-chip");
}

/**
 * In the form view, a field set by one tap (a choice, a check box; or a number
 * typed, a picker's choice — not a field tapped again and again: takesMoreTaps)
 * brings the fields after it out from under the sticky bar: when one
 * of them is covered, the page moves the least that shows it (nextFieldDelta),
 * so the field the player taps next is on screen, uncovered. The drawing's own layout
 * (shot-input.js) is left alone; the chip fields below it are a form's fields (drawingOwns).
 * @param {HTMLElement} form @param {HTMLElement} bar
 */
function keepNextFieldClear(form, bar) {
  let frame = 0;
  const after = (/** @type {Element} */ from, /** @type {ScrollBehavior} */ behavior = smoothScroll()) => {
    cancelAnimationFrame(frame);
    const mark = inputMark();
    // Two frames: the fields a choice shows or hides (applyWhen) are laid out.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if (!movedSince(mark)) showNextField(form, bar, from, behavior); // the player has not gone on meanwhile
      });
    });
  };
  form.addEventListener("click", (event) => {
    const from = chosenBy(event.target);
    if (from && !bar.contains(from) && !takesMoreTaps(from)) after(from);
  });
  form.addEventListener("input", (event) => {
    const t = event.target;
    // While a number is typed the page moves at once, not gliding: the next field stands where it stays
    // before the player's finger reaches it (a tap during a glide lands on whatever passes under it).
    if (t instanceof HTMLSelectElement || (t instanceof HTMLInputElement && ["number", "text"].includes(t.type))) after(t, "auto");
  });
}

/**
 * Whether the field of `el` is one a player goes on tapping (a set's chips, a sequence's balls, a
 * stepper's − +): a tap there moves nothing, as a tap on the drawing (shot-input-core.js oneTapDraws).
 * Bringing the next field up after such a tap moved «Ковбой»'s form 240 px under the finger at 390 px,
 * and the next tap, aimed at «упали в лузу: 1», recorded a wrong shot (newcomer 2026-12-06, evening).
 * @param {Element} el @returns {boolean}
 */
function takesMoreTaps(el) {
  const field = el.closest("[data-rb-field]");
  const kind = field instanceof HTMLElement ? field.dataset.rbKind : "";
  return kind === "set" || kind === "sequence" || (kind === "int" && !(el instanceof HTMLInputElement));
}

/**
 * Whether `from` is no chip field below the shown drawing: the drawing's own layout (its taps, the view switch,
 * «пробка»'s chips above it) is shot-input.js's; a chip field below it is set as a form's field is (the walk,
 * «Кладка» at 1280×800: «Двойной удар» under the record bar after «Первый удар игрока» was chosen).
 * @param {HTMLElement} form @param {Element} from
 */
function drawingOwns(form, from) {
  const svg = form.querySelector("[data-rb-shot-drawing]:not([hidden]) svg");
  if (!svg || svg.getClientRects().length === 0) return false;
  const chips = from.closest("[data-rb-chip-field]");
  return !chips || chips.getBoundingClientRect().top < svg.getBoundingClientRect().bottom - 1 || drawingNext(form);
}

/**
 * Whether the shown drawing is still empty (its words are the how-to): the shot is the player's next
 * input, above — a chip set below it first («Кладка»'s «Первый удар игрока») brings up nothing under
 * the record bar (it took the page 70 px up, and the record 66 px back: scripts/bench_usability.py).
 * @param {HTMLElement} form
 */
function drawingNext(form) {
  return form.querySelector("[data-rb-shot-drawing]:not([hidden]) .rb-shot-words--howto") !== null;
}

/** @param {HTMLElement} form @param {HTMLElement} bar @param {Element} from @param {ScrollBehavior} behavior */
function showNextField(form, bar, from, behavior) {
  if (drawingOwns(form, from)) return;
  const field = from.closest("[data-rb-field]") || from;
  if (!field.isConnected || field.getClientRects().length === 0) return;
  const focused = document.activeElement;
  // The player has gone on in the two frames (on a busy phone: Tab to another control, or
  // Enter and the answer, which takes the focus): the browser showed where the focus went;
  // scrolling for the field left behind would take that off screen or under a bar.
  // A focus left behind in an earlier field is no going on: a tap on a chip need not move the focus
  // (WebKit never focuses a tapped button or label; here «Заказанная луза» chosen left it on
  // «Биток», and «Выскочили со стола» stayed under the record bar: tests/browser/test_fields_clear_of_bars.py).
  if (wentOn(form, field, focused)) return;
  const room = formRoom(form, bar);
  const covered = (/** @type {Element} */ f) => {
    const box = f.getBoundingClientRect();
    return box.bottom > room.bottom + 0.5 || box.top < room.top - 0.5;
  };
  const after = all(form, "[data-rb-field]").filter((f) => !field.contains(f) && !f.contains(field)
    && f.getClientRects().length > 0 && (field.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
  // The first of the fields after it that the bars cover, wholly or in part: any of them may be the player's
  // next (a field left at its default is skipped). After «Формой», the form's first field only, if covered:
  // bringing up a chip list's foot took the board and the last ruling off the screen (a newcomer, «пробка»).
  const next = from.closest("[data-rb-shot-mode]") ? after[0] : after.find(covered);
  if (!next || !covered(next)) return;
  // The focused control of the field set stays on screen (a number being typed); one left behind above need not.
  const keep = focused instanceof HTMLElement && field.contains(focused) && focused.getClientRects().length > 0
    ? focused.getBoundingClientRect() : null;
  scrollRoom(form, room, nextFieldDelta(field.getBoundingClientRect(), next.getBoundingClientRect(), room, keep), keep, behavior);
}

/**
 * Whether the focus has gone on from `field` — to a later control of `form`, or out of it.
 * @param {HTMLElement} form @param {Element} field @param {Element | null} focused
 */
function wentOn(form, field, focused) {
  if (!(focused instanceof HTMLElement) || focused === document.body || field.contains(focused)) return false;
  return !form.contains(focused) || (field.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}

/**
 * The first shown field of `form` (after «Сбросить»: the form starts over)
 * brought into view between the bars, if it is not.
 * @param {HTMLElement} form @param {HTMLElement | null} bar
 */
export function showFirstField(form, bar) {
  const first = all(form, "[data-rb-field]").find((f) => f.getClientRects().length > 0);
  if (!first || !bar) return;
  const room = formRoom(form, bar);
  scrollRoom(form, room, revealDelta(first.getBoundingClientRect(), room));
}
