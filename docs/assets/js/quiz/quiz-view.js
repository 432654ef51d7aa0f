// @ts-check
// DOM of one quiz question (payload of sitebuild/quiz/render.py): the
// question text with its «Исходные данные», the answer controls of each type,
// and the feedback block (right or wrong, the correct answer, the
// explanation, the calculator's verdict and the clauses as links).
// Only textContent: quiz texts never become HTML.
//
// Keyboard and touch: choices are native radio buttons and checkboxes in
// large labels; an ordering question moves items with ↑/↓ buttons (no drag).

import { choiceAnswer, choiceMark, choiceRows, moveItem, pickedIds, typedNumber } from "./quiz-answer.js";
import { typeHint, answerWords, isAnswered, isCorrect, toggledSign } from "./quiz-grading.js";
import { h } from "../lib/dom.js";

/**
 * @typedef {import("./quiz-types.js").Answer} Answer
 * @typedef {import("./quiz-types.js").Choice} Choice
 * @typedef {import("./quiz-types.js").Keyed} Keyed
 * @typedef {import("./quiz-types.js").Letters} Letters
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").QuestionType} QuestionType
 * A child of h(): a node, a text, nothing, or a list of these (h flattens one level).
 * @typedef {Node | string | number | null | undefined | false} Leaf
 * @typedef {Leaf | Leaf[]} Child
 * @typedef {{ el: HTMLElement, focus: () => void, current?: () => string[] }} Controls
 * @typedef {import("./quiz-answer.js").ChoiceRow} ChoiceRow
 * What the controls of every type are given.
 * @typedef {{ name: string, hint: HTMLElement, value: Answer | undefined, locked: boolean,
 *   onChange: (value: Answer | undefined) => void }} Field
 */

let uid = 0;

/**
 * The question text, its game (mixed quiz) and the data the calculator used.
 * @param {Pick<Question, "text" | "situation" | "game_title">} q
 * @param {{ number: number, total?: number | null, mixed?: boolean, headingTag?: "h3" | "h4" }} where
 */
export function questionHead(q, { number, total = null, mixed = false, headingTag = "h3" }) {
  const box = h("div", { class: "rb-quiz-q" });
  const title = total ? `Вопрос ${number} из ${total}` : `Вопрос ${number}`;
  const heading = h(headingTag, { class: "rb-quiz-q-title", tabindex: "-1" }, title);
  if (mixed && q.game_title) heading.append(" ", h("span", { class: "rb-tag rb-quiz-game", text: q.game_title }));
  box.append(heading);
  for (const p of q.text) box.append(h("p", { class: "rb-quiz-q-text", text: p }));
  if (q.situation && q.situation.length) {
    box.append(h("div", { class: "rb-quiz-situation" },
      h("p", { class: "rb-quiz-situation-title", text: "Исходные данные" }),
      h("ul", {}, q.situation.map((line) => h("li", { text: line })))));
  }
  return box;
}

/**
 * The answer controls: value (the answer so far), locked (read-only),
 * onChange(value) on every change, onEnter() (Enter in a number field),
 * keepOrder (ordering: offer to keep the shown order as the answer).
 * @param {{ type: QuestionType, choices: Choice[], text?: string | string[] }} q
 * @param {string[]} variantChoices the choice ids in display order
 * @param {Letters} letters
 * @param {{ value: Answer | undefined, locked?: boolean, onChange: (value: Answer | undefined) => void,
 *   onEnter?: () => void, keepOrder?: boolean }} options
 * @returns {Controls}
 */
export function answerControls(q, variantChoices, letters, { value, locked = false, onChange, onEnter, keepOrder = false }) {
  const name = `rb-quiz-${++uid}`;
  const said = typeHint(q.type, q.text);
  // Where the question says it already, the hint is not shown again, but it still names the answer's
  // group for a screen reader (hidden, it left the group nameless: test_a11y_tree, a question that asks it).
  const hint = h("p", { class: said ? "rb-quiz-hint" : "rb-quiz-hint rb-visually-hidden", id: `${name}-hint`,
    text: said || typeHint(q.type) });
  /** @type {Field} */
  const field = { name, hint, value, locked, onChange };
  if (q.type === "single" || q.type === "multiple" || q.type === "truefalse") {
    return choiceControls(q.type, choiceRows(q, variantChoices, letters), field);
  }
  if (q.type === "number") return numberControls(field, onEnter);
  return orderingControls(q, variantChoices, letters, field, keepOrder);
}

/**
 * Radio buttons (single, true/false) or checkboxes (multiple) in large labels.
 * @param {QuestionType} type
 * @param {ChoiceRow[]} rows
 * @param {Field} field
 * @returns {Controls}
 */
function choiceControls(type, rows, { name, hint, value, locked, onChange }) {
  const inputType = type === "multiple" ? "checkbox" : "radio";
  const selected = new Set(pickedIds(value));
  const list = h("div", { class: "rb-quiz-choices", role: type === "multiple" ? "group" : "radiogroup",
    // Named by the hint (what to choose), so a screen reader announces the group.
    "aria-labelledby": hint.id });
  for (const item of rows) {
    const input = h("input", { type: inputType, name, value: item.id, disabled: locked });
    input.checked = selected.has(item.id);
    input.addEventListener("change", () => {
      const checked = type === "multiple"
        ? [.../** @type {NodeListOf<HTMLInputElement>} */ (list.querySelectorAll("input:checked"))].map((i) => i.value)
        : [input.value];
      onChange(choiceAnswer(type, checked));
    });
    list.append(h("label", { class: "rb-quiz-choice", "data-rb-choice": item.id },
      input,
      item.letter ? h("span", { class: "rb-quiz-letter", "aria-hidden": "true", text: item.letter }) : null,
      h("span", { class: "rb-quiz-choice-text", text: item.letter ? `${item.text}` : item.text })));
  }
  const first = () => /** @type {HTMLInputElement | null} */ (list.querySelector("input:checked") || list.querySelector("input"));
  return { el: h("div", {}, hint, list), focus: () => first()?.focus() };
}

/**
 * A whole number: a text field (Enter: onEnter), its error and a ± button.
 * @param {Field} field
 * @param {(() => void) | undefined} onEnter
 * @returns {Controls}
 */
function numberControls({ name, hint, value, locked, onChange }, onEnter) {
  const input = h("input", {
    class: "rb-text rb-quiz-number", type: "text", inputmode: "numeric", autocomplete: "off",
    id: `${name}-n`, "aria-describedby": `${hint.id} ${name}-err`, disabled: locked,
  });
  input.value = value === undefined || value === null ? "" : String(value);
  const error = h("p", { class: "rb-quiz-field-error", id: `${name}-err`, role: "alert", hidden: true });
  input.addEventListener("input", () => {
    const typed = typedNumber(input.value);
    error.hidden = !typed.error;
    if (error.hidden) input.removeAttribute("aria-invalid");
    else input.setAttribute("aria-invalid", "true");
    error.textContent = typed.error;
    onChange(typed.value);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && onEnter) {
      event.preventDefault();
      onEnter();
    }
  });
  const sign = h("button", { type: "button", class: "rb-button rb-quiz-sign", "data-rb-quiz-sign": "",
    "aria-label": "± сменить знак числа", text: "±", disabled: locked });
  sign.addEventListener("click", () => {
    input.value = toggledSign(input.value);
    input.dispatchEvent(new Event("input"));
    input.focus();
  });
  const label = h("label", { class: "rb-label", for: input.id, text: "Ответ (целое число)" });
  return { el: h("div", {}, hint, label, h("div", { class: "rb-quiz-number-row" }, input, sign), error),
    focus: () => input.focus() };
}

/**
 * An ordering: the items with ↑/↓ buttons (no drag); the shown order is the
 * variant's until the learner moves an item.
 * @param {{ choices: Choice[] }} q
 * @param {string[]} variantChoices
 * @param {Letters} letters
 * @param {Field} field
 * @param {boolean} keepOrder
 * @returns {Controls}
 */
function orderingControls(q, variantChoices, letters, { hint, value, locked, onChange }, keepOrder) {
  const textOf = Object.fromEntries(q.choices.map((c) => [c.id, c.text]));
  const order = Array.isArray(value) ? [...value] : [...variantChoices];
  const list = h("ol", { class: "rb-quiz-order", "aria-describedby": hint.id });
  const live = h("p", { class: "rb-visually-hidden", "aria-live": "polite" });
  const draw = (/** @type {string | null} */ focusId = null, /** @type {"up" | "down" | null} */ focusDir = null) => {
    list.replaceChildren();
    order.forEach((id, i) => {
      const row = orderRow(id, i, { text: textOf[id], letter: letters[id], locked, last: order.length - 1 }, move);
      list.append(row.el);
      if (id === focusId) {
        const preferred = focusDir === "up" ? row.up : row.down;
        (preferred.disabled ? (preferred === row.up ? row.down : row.up) : preferred).focus();
      }
    });
  };
  const move = (/** @type {number} */ i, /** @type {number} */ delta) => {
    const j = locked ? -1 : moveItem(order, i, delta);
    if (j < 0) return;
    const id = order[j];
    draw(id, delta < 0 ? "up" : "down");
    live.textContent = `${textOf[id]}: место ${j + 1} из ${order.length}`;
    keep.hidden = true;
    onChange([...order]);
  };
  // An untouched order is no answer yet (an exam counts it as unanswered):
  // keeping the order as shown is an answer too.
  const keep = h("button", { type: "button", class: "rb-link-button", "data-rb-keep-order": "",
    hidden: locked || !keepOrder || Array.isArray(value), text: "Оставить такой порядок" });
  keep.addEventListener("click", () => {
    keep.hidden = true;
    live.textContent = "Порядок принят";
    onChange([...order]);
  });
  draw();
  return {
    el: h("div", {}, hint, list, h("p", { class: "rb-quiz-keep" }, keep), live),
    focus: () => {
      const b = /** @type {HTMLButtonElement | null} */ (list.querySelector("button:not(:disabled)"));
      if (b) b.focus();
    },
    current: () => [...order],
  };
}

/**
 * One item of an ordering: its place, letter and text, and its ↑/↓ buttons.
 * @param {string} id
 * @param {number} i its place (0-based)
 * @param {{ text: string, letter: string, locked: boolean, last: number }} shown
 * @param {(i: number, delta: number) => void} move
 */
function orderRow(id, i, { text, letter, locked, last }, move) {
  const up = h("button", { type: "button", class: "rb-icon-button", "data-rb-move": "up",
    "aria-label": `Выше: ${text}`, title: "Выше", disabled: locked || i === 0, text: "↑" });
  const down = h("button", { type: "button", class: "rb-icon-button", "data-rb-move": "down",
    "aria-label": `Ниже: ${text}`, title: "Ниже", disabled: locked || i === last, text: "↓" });
  up.addEventListener("click", () => move(i, -1));
  down.addEventListener("click", () => move(i, 1));
  const el = h("li", { class: "rb-quiz-order-item", "data-rb-choice": id },
    h("span", { class: "rb-quiz-order-pos", "aria-hidden": "true", text: String(i + 1) }),
    h("span", { class: "rb-quiz-letter", "aria-hidden": "true", text: letter }),
    h("span", { class: "rb-quiz-choice-text", text }),
    h("span", { class: "rb-quiz-order-buttons" }, up, down));
  return { el, up, down };
}

/**
 * After checking (practice) or in the review: mark the right choices and the
 * wrong picks on the controls.
 * @param {HTMLElement} container
 * @param {Keyed} q
 * @param {Answer | undefined} value
 */
export function markChoices(container, q, value) {
  const right = q.type === "truefalse" ? [String(q.answer)]
    : q.type === "single" ? [q.answer]
    : q.type === "multiple" ? q.answer : [];
  const picked = pickedIds(value);
  for (const label of /** @type {NodeListOf<HTMLElement>} */ (container.querySelectorAll("[data-rb-choice]"))) {
    const id = label.dataset.rbChoice || "";
    if (q.type === "ordering") {
      const pos = q.answer.indexOf(id);
      const shown = label.parentElement ? [...label.parentElement.children].indexOf(label) : -1;
      label.classList.add(pos === shown ? "rb-quiz-choice--right" : "rb-quiz-choice--wrong");
      label.append(h("span", { class: "rb-quiz-mark", text: pos === shown ? "✓" : `→ ${pos + 1}` }));
      continue;
    }
    const mark = choiceMark(q.type, right.includes(id), picked.includes(id));
    if (!mark) continue;
    label.classList.add(`rb-quiz-choice--${mark.tone}`);
    label.append(h("span", { class: "rb-quiz-mark", text: mark.text }));
  }
}

/**
 * What a learner gave, as it stands in `container` (the answer controls): the first choice
 * ticked, else the number field or the list put in order; null when nothing is there.
 * @param {Element} container @returns {Element | null}
 */
export function givenControl(container) {
  const ticked = container.querySelector("input:checked");
  return (ticked && ticked.closest("[data-rb-choice]")) || container.querySelector("input.rb-quiz-number, ol, ul");
}

/**
 * The feedback of one answered (or unanswered) question.
 * @param {Question} q
 * @param {Answer | undefined} value
 * @param {Letters} letters
 * @param {{ showGiven?: boolean }} [options]
 */
export function feedback(q, value, letters, { showGiven = false } = {}) {
  const answered = isAnswered(q, value);
  const ok = isCorrect(q, value);
  const tone = ok ? "ok" : "bad";
  const box = h("div", { class: `rb-quiz-feedback rb-quiz-feedback--${tone}`, "data-rb-verdict": ok ? "right" : answered ? "wrong" : "none" });
  box.append(h("p", { class: "rb-quiz-verdict" },
    h("span", { class: `rb-badge rb-badge--${ok ? "ok" : "foul"}`, text: ok ? "Верно" : answered ? "Неверно" : "Нет ответа" })));
  const shownLetters = q.type === "truefalse" || q.type === "number" ? null : letters;
  if (showGiven || !ok) {
    box.append(h("p", { class: "rb-quiz-given" }, h("span", { class: "rb-quiz-label", text: "Ваш ответ: " }),
      answerWords(q, value, shownLetters)));
  }
  if (!ok) {
    box.append(h("p", { class: "rb-quiz-right" }, h("span", { class: "rb-quiz-label", text: "Правильный ответ: " }),
      answerWords(q, q.answer, shownLetters)));
  }
  // The author's note on a picked choice («Да: забитая пятёрка приносит 5 очков.»).
  const picked = !answered ? [] : Array.isArray(value) && q.type === "multiple" ? value
    : typeof value === "string" && q.type === "single" ? [value] : [];
  for (const id of picked) {
    const c = q.choices.find((x) => x.id === id);
    if (c && c.feedback) box.append(h("p", { class: "rb-quiz-choice-feedback" }, `${letters[id] ? letters[id] + ". " : ""}${c.feedback}`));
  }
  for (const p of q.explanation) box.append(h("p", { class: "rb-quiz-explanation", text: p }));
  if (q.engine) {
    box.append(h("p", { class: "rb-quiz-engine" }, h("span", { class: "rb-quiz-label", text: "Расчёт калькулятора: " }), q.engine));
  }
  if (q.refs && q.refs.length) {
    box.append(h("p", { class: "rb-section-title", text: "Основание" }));
    box.append(h("ul", { class: "rb-quiz-refs" }, q.refs.map((r) => h("li", {},
      r.kind === "clause" ? null : h("span", { class: "rb-tag", text: r.kind_name.toLowerCase() }),
      r.kind === "clause" ? null : " ",
      h("a", { class: `rb-ref rb-ref--${r.kind}`, href: r.url, text: `§ ${r.title}` })))));
  }
  return box;
}
