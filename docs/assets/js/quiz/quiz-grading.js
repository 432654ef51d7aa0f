// @ts-check
// Answers of quiz questions (payload of sitebuild/quiz/render.py): what counts
// as answered, right or wrong, the answer in words, the printed answer key,
// whether a stored answer is well formed, and the Russian words of a score.
//
// Pure functions, no DOM: tests/test_quiz_js.py runs this file in Node.
//
// Answer shapes (as the payload's "answer"):
//   single    "choice-id"            multiple  ["id", ...] (any order)
//   truefalse true | false           number    integer
//   ordering  ["id", ...] every choice id, in the chosen order

import { plural } from "../lib/ru.js";

/**
 * @typedef {import("./quiz-types.js").Answer} Answer
 * @typedef {import("./quiz-types.js").Choice} Choice
 * @typedef {import("./quiz-types.js").Keyed} Keyed
 * @typedef {import("./quiz-types.js").Letters} Letters
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").QuestionType} QuestionType
 * What grading reads of a question: its type and choices (the тренажёр's
 * questions have no answer in the page).
 * @typedef {{ type: QuestionType, choices?: Choice[] }} Asked
 */

// The letters of the printed sheet (render.py LETTERS): no З, Й, О, which look
// like 3, И, 0 on paper.
export const LETTERS = "АБВГДЕЖИКЛМ";

/** @type {Record<QuestionType, string>} */
export const TYPE_HINTS = {
  single: "Выберите один ответ.",
  multiple: "Отметьте все верные ответы.",
  truefalse: "Верно это утверждение или нет?",
  number: "Введите число.",
  ordering: "Расположите по порядку: кнопки ↑ и ↓ переставляют пункт.",
};

/** What a question's own text may already ask, in the words of each type's hint. */
const ASKED = {
  single: /выберите\s+один/i,
  multiple: /отметьте\s+все/i,
  truefalse: /верно\s+(это|ли)/i,
  number: /введите\s+число/i,
  ordering: /расположите/i,
};

/**
 * The hint under a question: how to answer it, unless the question's text says it already (each thing
 * said once: «Отметьте все.» was followed by «Отметьте все верные ответы.», a newcomer, evening).
 * @param {QuestionType} type @param {string | string[]} [text] the question's text (its paragraphs)
 * @returns {string}
 */
export function typeHint(type, text = "") {
  return ASKED[type] && ASKED[type].test([text].flat().join(" ")) ? "" : TYPE_HINTS[type];
}

/**
 * choice ids in display order -> {id: letter}
 * @param {string[]} choiceIds
 * @returns {Letters}
 */
export function lettersFor(choiceIds) {
  /** @type {Letters} */
  const out = {};
  choiceIds.forEach((id, i) => {
    out[id] = LETTERS[i] || String(i + 1);
  });
  return out;
}

/**
 * @param {unknown} value
 * @param {string[]} ids
 * @returns {value is string[]}
 */
function isIdList(value, ids) {
  return Array.isArray(value) && value.every((x) => typeof x === "string" && ids.includes(x))
    && new Set(value).size === value.length;
}

/**
 * Is `value` a well-formed answer to `q` (whatever its correctness)?
 * @param {Asked} q
 * @param {unknown} value
 * @returns {value is Answer}
 */
export function isValidAnswer(q, value) {
  const ids = (q.choices || []).map((c) => c.id);
  switch (q.type) {
    case "single":
      return typeof value === "string" && ids.includes(value);
    case "multiple":
      return isIdList(value, ids) && value.length > 0;
    case "truefalse":
      return typeof value === "boolean";
    case "number":
      return Number.isSafeInteger(value);
    case "ordering":
      return isIdList(value, ids) && value.length === ids.length;
    default:
      return false;
  }
}

/**
 * @param {Asked} q
 * @param {unknown} value
 * @returns {value is Answer}
 */
export function isAnswered(q, value) {
  return value !== undefined && value !== null && isValidAnswer(q, value);
}

/**
 * @param {Keyed & Asked} q
 * @param {unknown} value
 */
export function isCorrect(q, value) {
  if (!isAnswered(q, value)) return false;
  switch (q.type) {
    case "multiple": {
      const right = new Set(q.answer);
      return Array.isArray(value) && value.length === right.size && value.every((id) => right.has(id));
    }
    case "ordering": {
      const right = q.answer;
      return Array.isArray(value) && value.length === right.length && value.every((id, i) => id === right[i]);
    }
    default:
      return value === q.answer;
  }
}

/**
 * The answer's text with its sign changed («12» → «−12» → «12»; empty → «−»): a phone's
 * digits-only keypad (iOS, inputmode=numeric) has no minus key.
 * @param {string} text
 * @returns {string}
 */
export function toggledSign(text) {
  const t = String(text).trim();
  return /^[-−]/.test(t) ? t.slice(1) : `−${t.replace(/^\+/, "")}`;
}

/**
 * A number typed by a learner: "12", " -3 ", "+7" -> integer; anything else -> null.
 * @param {string} text
 * @returns {number | null}
 */
export function parseNumber(text) {
  const t = String(text).trim().replace(/^\+/, "").replace(/^−/, "-");
  if (!/^-?\d{1,15}$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

/** @param {Asked} q @param {string} id */
function choiceText(q, id) {
  const c = (q.choices || []).find((x) => x.id === id);
  return c ? c.text : id;
}

/**
 * The answer in words, e.g. «Б. Тройка», «Верно», «101»; `letters` ({id: letter})
 * labels choices as shown to the learner. null -> «нет ответа».
 * @param {Asked} q
 * @param {unknown} value
 * @param {Letters | null} [letters]
 */
export function answerWords(q, value, letters = null) {
  if (!isAnswered(q, value)) return "нет ответа";
  const named = (/** @type {string} */ id) => (letters && letters[id] ? `${letters[id]}. ${choiceText(q, id)}` : choiceText(q, id));
  if (typeof value === "string") return named(value); // single
  if (Array.isArray(value)) {
    return q.type === "multiple" ? sortByLetter(value, letters).map(named).join("; ") : value.map(named).join(" → ");
  }
  if (typeof value === "boolean") return value ? "Верно" : "Неверно";
  return String(value);
}

/**
 * @param {string[]} ids
 * @param {Letters | null} letters
 */
export function sortByLetter(ids, letters) {
  if (!letters) return [...ids];
  return [...ids].sort((a, b) => LETTERS.indexOf(letters[a]) - LETTERS.indexOf(letters[b]));
}

/**
 * The answer key entry of a printed variant (render.py answer_text with letters):
 * «Б», «А, В», «В, А, Б» (ordering), «Верно», «101».
 * @param {Keyed} q
 * @param {Letters} letters
 */
export function keyText(q, letters) {
  switch (q.type) {
    case "single":
      return letters[q.answer];
    case "multiple":
      return sortByLetter(q.answer, letters).map((id) => letters[id]).join(", ");
    case "ordering":
      return q.answer.map((id) => letters[id]).join(", ");
    case "truefalse":
      return q.answer ? "Верно" : "Неверно";
    default:
      return String(q.answer);
  }
}

// ---- words of a score ---------------------------------------------------------

/** «1 вопрос», «2 вопроса», «5 вопросов» @param {number} n */
export function questionsWord(n) {
  return `${n} ${plural(n, "вопрос", "вопроса", "вопросов")}`;
}

/**
 * «из 1 вопроса», «из 2 вопросов», «из 21 вопроса»: after «из» the genitive,
 * singular only for 1, 21, 31… (not 11).
 * @param {number} n
 */
export function ofQuestions(n) {
  return `из ${n} ${plural(n, "вопроса", "вопросов", "вопросов")}`;
}

/** «Верно 7 из 10 вопросов» @param {number} correct @param {number} total */
export function scoreLine(correct, total) {
  return `Верно ${correct} ${ofQuestions(total)}`;
}

/** @param {number} correct @param {number} total */
export function percent(correct, total) {
  return total ? Math.round((100 * correct) / total) : 0;
}

/** A short verdict for the whole run. @param {number} correct @param {number} total */
export function scoreComment(correct, total) {
  const p = percent(correct, total);
  if (p === 100) return "Все ответы верные.";
  if (p >= 80) return "Хороший результат.";
  if (p >= 50) return "Стоит перечитать пункты правил из разбора ниже.";
  return "Перечитайте правила по ссылкам в разборе и попробуйте ещё раз.";
}
