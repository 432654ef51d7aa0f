// @ts-check
// What the answer controls of a question decide, without DOM (quiz-view.js
// draws them): the rows of a choice list, the choice ids an answer picks, the
// answer a changed choice gives, what a typed number is, and an ordering after
// one item moved.
//
// node --test: tests/js/quiz-answer.test.mjs.

import { parseNumber } from "./quiz-grading.js";

/**
 * @typedef {import("./quiz-types.js").Answer} Answer
 * @typedef {import("./quiz-types.js").Choice} Choice
 * @typedef {import("./quiz-types.js").Letters} Letters
 * @typedef {import("./quiz-types.js").QuestionType} QuestionType
 * One row of a choice list: the value, the text, the letter (none for true/false).
 * @typedef {{ id: string, text: string, letter: string | null }} ChoiceRow
 */

/**
 * The rows of a single, multiple or true/false question, in display order.
 * @param {{ type: QuestionType, choices: Choice[] }} q
 * @param {string[]} variantChoices the choice ids in display order
 * @param {Letters} letters
 * @returns {ChoiceRow[]}
 */
export function choiceRows(q, variantChoices, letters) {
  if (q.type === "truefalse") return [{ id: "true", text: "Верно", letter: null }, { id: "false", text: "Неверно", letter: null }];
  const byId = Object.fromEntries(q.choices.map((c) => [c.id, c]));
  return variantChoices.map((id) => ({ id, text: byId[id].text, letter: letters[id] }));
}

/**
 * The choice ids an answer picks (true/false: "true" or "false").
 * @param {Answer | undefined | null} value
 * @returns {string[]}
 */
export function pickedIds(value) {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/**
 * The mark a checked choice gets: a right one «✓ верно» — where several are right, one the
 * learner did not tick says so («✓ верно — не отмечен»: a newcomer could not tell the ticked
 * right answer from the missed one but by a pale check box) —, a wrong one ticked «✗»; none
 * for a wrong one left alone.
 * @param {string} type the question's type @param {boolean} right @param {boolean} picked
 * @returns {{ tone: "right" | "wrong", text: string } | null}
 */
export function choiceMark(type, right, picked) {
  if (right) return { tone: "right", text: type === "multiple" && !picked ? "✓ верно — не отмечен" : "✓ верно" };
  return picked ? { tone: "wrong", text: "✗" } : null;
}

/**
 * The answer once the choices checked are `checked` (a radio button: the one
 * just picked); multiple with nothing checked is no answer.
 * @param {QuestionType} type
 * @param {string[]} checked
 * @returns {Answer | undefined}
 */
export function choiceAnswer(type, checked) {
  if (type === "multiple") return checked.length ? checked : undefined;
  if (type === "truefalse") return checked[0] === "true";
  return checked[0];
}

/**
 * A number field as typed: its answer (undefined: none) and the error to show ("" : none).
 * @param {string} typed
 * @returns {{ value: number | undefined, error: string }}
 */
export function typedNumber(typed) {
  const text = typed.trim();
  const n = parseNumber(text);
  return { value: n === null ? undefined : n, error: text && n === null ? "Нужно целое число, например 12." : "" };
}

/**
 * Moves the item at `i` by `delta` places (−1 up, +1 down) in place.
 * @param {string[]} order
 * @param {number} i
 * @param {number} delta
 * @returns {number} its new place, or −1 if it cannot move that way
 */
export function moveItem(order, i, delta) {
  const j = i + delta;
  if (j < 0 || j >= order.length) return -1;
  [order[i], order[j]] = [order[j], order[i]];
  return j;
}
