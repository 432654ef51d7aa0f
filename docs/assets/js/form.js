// Forms rendered at build time from a game declaration
// (sitebuild/templates/_fields.html.j2): wiring, reading, resetting, errors.
//
// Each field is an element with data-rb-field (name), data-rb-scope,
// data-rb-kind, data-rb-default (JSON) and optionally data-rb-when (JSON:
// show only while another field of the same group has that value) and
// data-rb-optional. Option values are JSON, so ids keep their type.

const parse = (text, fallback = null) => {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};

function fieldsOf(root, scope) {
  return [...root.querySelectorAll(`[data-rb-field][data-rb-scope="${scope}"]`)];
}

function group(fieldEl) {
  return fieldEl.closest("[data-rb-action]") || fieldEl.closest("form") || fieldEl.parentElement;
}

// The current value of one field element (undefined = leave it out).
function valueOf(el) {
  const kind = el.dataset.rbKind;
  if (kind === "int" || kind === "player") {
    const input = el.querySelector("input");
    if (input.value.trim() === "") return undefined;
    return Number(input.value);
  }
  if (kind === "bool") return el.querySelector("input").checked;
  if (kind === "choice") {
    const select = el.querySelector("select");
    const raw = select ? select.value : (el.querySelector("input:checked") || {}).value;
    const value = raw === undefined ? null : parse(raw);
    return value === null ? undefined : value;
  }
  if (kind === "set") return [...el.querySelectorAll("input:checked")].map((i) => parse(i.value));
  if (kind === "sequence") return parse(el.dataset.rbValue || "[]", []);
  if (kind === "text") return el.querySelector("input").value;
  return undefined;
}

function setValue(el, value) {
  const kind = el.dataset.rbKind;
  if (kind === "int" || kind === "player" || kind === "text") {
    el.querySelector("input").value = value === null || value === undefined ? "" : String(value);
    for (const radio of el.querySelectorAll("[data-rb-player-chips] input")) radio.checked = radio.value === String(value);
  } else if (kind === "bool") {
    el.querySelector("input").checked = Boolean(value);
  } else if (kind === "choice") {
    const want = JSON.stringify(value === undefined ? null : value);
    const select = el.querySelector("select");
    if (select) {
      const option = [...select.options].find((o) => JSON.stringify(parse(o.value)) === want);
      select.value = option ? option.value : select.options[0].value;
    } else {
      for (const input of el.querySelectorAll("input")) input.checked = JSON.stringify(parse(input.value)) === want;
    }
  } else if (kind === "set") {
    const want = new Set((value || []).map((v) => JSON.stringify(v)));
    for (const input of el.querySelectorAll("input")) input.checked = want.has(JSON.stringify(parse(input.value)));
  } else if (kind === "sequence") {
    el.dataset.rbValue = JSON.stringify(value || []);
    renderSequence(el);
  }
}

function renderSequence(el) {
  const order = parse(el.dataset.rbValue || "[]", []);
  const labels = [];
  for (const button of el.querySelectorAll("[data-rb-option]")) {
    const id = parse(button.dataset.rbOption);
    const pos = order.findIndex((v) => JSON.stringify(v) === JSON.stringify(id));
    button.setAttribute("aria-pressed", pos >= 0 ? "true" : "false");
    button.querySelector(".rb-seq-n").textContent = pos >= 0 ? String(pos + 1) : "";
  }
  for (const id of order) {
    const button = [...el.querySelectorAll("[data-rb-option]")].find(
      (b) => JSON.stringify(parse(b.dataset.rbOption)) === JSON.stringify(id),
    );
    const label = button && button.querySelector("span:last-child");
    labels.push(label ? label.textContent.trim() : String(id));
  }
  el.querySelector("[data-rb-seq-order]").textContent = order.length
    ? `Порядок: ${labels.join(" → ")}`
    : "Порядок: не указан";
}

// Show a field only while its "when" condition holds in its group.
function applyWhen(form) {
  for (const el of form.querySelectorAll("[data-rb-when]")) {
    const when = parse(el.dataset.rbWhen, {});
    const scope = el.dataset.rbScope;
    const g = group(el);
    const visible = Object.entries(when).every(([name, expected]) => {
      const other = g.querySelector(`[data-rb-field="${name}"][data-rb-scope="${scope}"]`);
      if (!other) return true;
      const value = valueOf(other);
      return Array.isArray(expected) ? expected.includes(value) : value === expected;
    });
    el.hidden = !visible;
  }
}

function applyActionType(form) {
  const radio = form.querySelector("[data-rb-action-type]:checked");
  if (!radio) return;
  const type = parse(radio.value);
  for (const box of form.querySelectorAll("[data-rb-action]")) box.hidden = box.dataset.rbAction !== type;
}

// One field of a form's action box by name, its value and a new value (the
// table drawing writes the fields it sets, so the request is always read from
// the form: docs/assets/js/shot-input.js).
export function actionField(box, name) {
  return box.querySelector(`[data-rb-field="${name}"][data-rb-scope="action"]`);
}
export const readField = (el) => valueOf(el);
export const fieldDefault = (el) => parse(el.dataset.rbDefault);
export function writeField(el, value) {
  setValue(el, value === undefined ? parse(el.dataset.rbDefault) : value);
}
export function refreshForm(form) {
  applyActionType(form);
  applyWhen(form);
}

// The selected action type of a form with several ("shot", "touch"...).
export function actionType(form) {
  const box = [...form.querySelectorAll("[data-rb-action]")].find((b) => !b.hidden);
  return box ? box.dataset.rbAction : null;
}

export function setupForm(form) {
  if (form.dataset.rbWired) return;
  form.dataset.rbWired = "1";
  form.addEventListener("click", (event) => {
    const step = event.target.closest("[data-rb-step]");
    if (step) {
      const input = step.parentElement.querySelector("input");
      const min = input.min === "" ? -Infinity : Number(input.min);
      const max = input.max === "" ? Infinity : Number(input.max);
      const current = input.value.trim() === "" ? 0 : Number(input.value) || 0;
      input.value = String(Math.min(max, Math.max(min, Math.round(current) + Number(step.dataset.rbStep))));
      input.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    const option = event.target.closest("[data-rb-option]");
    if (option) {
      const el = option.closest("[data-rb-field]");
      const order = parse(el.dataset.rbValue || "[]", []);
      const id = parse(option.dataset.rbOption);
      const key = JSON.stringify(id);
      const pos = order.findIndex((v) => JSON.stringify(v) === key);
      if (pos >= 0) order.splice(pos, 1);
      else order.push(id);
      setValue(el, order);
      form.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    const clear = event.target.closest("[data-rb-seq-clear]");
    if (clear) {
      setValue(clear.closest("[data-rb-field]"), []);
      form.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });
  form.addEventListener("change", () => {
    applyActionType(form);
    applyWhen(form);
  });
  for (const el of form.querySelectorAll('[data-rb-kind="sequence"]')) setValue(el, parse(el.dataset.rbDefault, []));
  applyActionType(form);
  applyWhen(form);
}

// The values of one scope ("situation", "options") as a request object.
export function readScope(form, scope) {
  const out = {};
  for (const el of fieldsOf(form, scope)) {
    if (el.closest("[hidden]")) continue;
    const value = valueOf(el);
    if (value !== undefined) out[el.dataset.rbField] = value;
  }
  return out;
}

// The action of the visible action group: {type, ...fields}.
export function readAction(form) {
  const box = [...form.querySelectorAll("[data-rb-action]")].find((b) => !b.hidden);
  if (!box) return null;
  const out = { type: box.dataset.rbAction };
  for (const el of fieldsOf(box, "action")) {
    if (el.hidden) continue;
    const value = valueOf(el);
    if (value !== undefined) out[el.dataset.rbField] = value;
  }
  return out;
}

export function resetScope(form, scope) {
  for (const el of fieldsOf(form, scope)) setValue(el, parse(el.dataset.rbDefault));
  applyWhen(form);
}

export function resetForm(form) {
  for (const el of form.querySelectorAll("[data-rb-field]")) setValue(el, parse(el.dataset.rbDefault));
  // The action type is state-dependent too («Туш вне удара» is not the next stroke).
  for (const radio of form.querySelectorAll("[data-rb-action-type]")) radio.checked = radio.defaultChecked;
  applyActionType(form);
  applyWhen(form);
}

export function clearFieldErrors(root) {
  for (const note of root.querySelectorAll("[data-rb-field-message]")) note.remove();
  for (const el of root.querySelectorAll(".rb-field--error")) {
    el.classList.remove("rb-field--error");
    for (const c of el.querySelectorAll("[aria-invalid]")) c.removeAttribute("aria-invalid");
  }
}

// Mark the field an API error names ("action.cue_pocket", "situation.score"),
// with the message right under it (not only at the end of a long form); a
// folded group around it is opened.
export function markFieldError(root, path, message = "") {
  const m = /^(situation|action|options)\.([A-Za-z_]\w*)/.exec(path || "");
  if (!m) return null;
  const el = [...root.querySelectorAll(`[data-rb-field="${m[2]}"][data-rb-scope="${m[1]}"]`)].find(
    (f) => !f.closest("[hidden]"),
  );
  if (!el) return null;
  el.classList.add("rb-field--error");
  const control = el.querySelector("input, select, button");
  if (control) control.setAttribute("aria-invalid", "true");
  if (message) {
    const note = document.createElement("p");
    note.className = "rb-field-message";
    note.dataset.rbFieldMessage = "";
    note.textContent = message;
    el.append(note);
  }
  for (let d = el.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
  return el;
}

// A field that numbers a player (data-rb-player-number: the engine declares
// it as an int from 1) is offered as the players' names once they are known:
// one chip per player, the number kept in the field's own input.
export function setPlayerChoices(form, names) {
  for (const el of form.querySelectorAll("[data-rb-player-number]")) {
    const input = el.querySelector("input");
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
    el.querySelector(".rb-int").hidden = true;
    el.querySelector(".rb-int").after(chips);
  }
}

// The match options as the setup form words them: [{label, value}].
export function describeOptions(form, options) {
  const out = [];
  for (const el of fieldsOf(form, "options")) {
    const name = el.dataset.rbField;
    if (!options || !(name in options)) continue;
    const value = options[name];
    const labelEl = el.querySelector(".rb-label, .rb-check span");
    const label = labelEl ? labelEl.textContent.trim() : name;
    let text = String(value);
    if (typeof value === "boolean") text = value ? "да" : "нет";
    const option = [...el.querySelectorAll("option, input[type=radio]")]
      .find((o) => JSON.stringify(parse(o.value)) === JSON.stringify(value));
    if (option) {
      text = option.tagName === "OPTION" ? option.textContent.trim()
        : (option.parentElement.querySelector("span") || option).textContent.trim();
    }
    out.push({ label, value: text });
  }
  return out;
}
