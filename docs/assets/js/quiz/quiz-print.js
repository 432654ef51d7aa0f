// @ts-check
// The printable sheet of any variant (seed + N), built in the browser: the
// same layout and letters as the sheet made at build time
// (sitebuild/templates/quiz_print.html.j2) — questions with lettered choices
// and blank answer lines, then, from a new page, the answer key with the
// explanations and the clauses. quiz.css hides everything else when printing.

import { keyText, lettersFor, sortByLetter } from "./quiz-grading.js";
import { h } from "../lib/dom.js";

/**
 * @typedef {import("./quiz-types.js").Payload} Payload
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").VariantItem} VariantItem
 * @typedef {"both" | "sheet" | "key"} PrintPart
 */

/** @type {Record<PrintPart, string>} */
export const PRINT_PARTS = {
  both: "Лист и ключ (ключ — с новой страницы)",
  sheet: "Только лист с вопросами",
  key: "Только ключ ответов",
};

/** @param {unknown} x @returns {x is PrintPart} */
export function isPrintPart(x) {
  return typeof x === "string" && Object.keys(PRINT_PARTS).includes(x);
}

/** @param {Question} q @param {boolean} mixed */
function gameNote(q, mixed) {
  return mixed && q.game_title ? h("span", { class: "rb-print-game", text: `«${q.game_title}» ` }) : null;
}

/** @param {Question} q @param {VariantItem} v @param {number} number @param {boolean} mixed */
function sheetItem(q, v, number, mixed) {
  const letters = lettersFor(v.choices);
  const li = h("li", { class: "rb-print-q" },
    h("div", {}, h("span", { class: "rb-print-num", text: `${number}.` }), " ", gameNote(q, mixed),
      h("span", { class: "rb-print-kind", text: `(${q.type_name})` })));
  for (const p of q.text) li.append(h("p", { text: p }));
  if (q.situation.length) {
    li.append(h("div", { class: "rb-print-situation" }, "Исходные данные:",
      h("ul", {}, q.situation.map((line) => h("li", { text: line })))));
  }
  const byId = Object.fromEntries(q.choices.map((c) => [c.id, c]));
  if (q.type === "single" || q.type === "multiple") {
    li.append(h("ul", { class: "rb-print-choices" }, v.choices.map((id) => h("li", {},
      h("span", { class: `rb-print-box${q.type === "single" ? " rb-print-box--round" : ""}`, "aria-hidden": "true" }),
      h("span", { class: "rb-print-letter", text: `${letters[id]}.` }), byId[id].text))));
  } else if (q.type === "ordering") {
    li.append(h("ul", { class: "rb-print-choices" }, v.choices.map((id) => h("li", {},
      h("span", { class: "rb-print-letter", text: `${letters[id]}.` }), byId[id].text))));
    li.append(h("p", {}, "Порядок (буквы): ", h("span", { class: "rb-print-blank" })));
  } else if (q.type === "truefalse") {
    li.append(h("p", { class: "rb-print-tf" },
      h("span", {}, h("span", { class: "rb-print-box rb-print-box--round" }), "Верно"),
      h("span", {}, h("span", { class: "rb-print-box rb-print-box--round" }), "Неверно")));
  } else {
    li.append(h("p", {}, "Ответ (число): ", h("span", { class: "rb-print-blank" })));
  }
  return li;
}

/** @param {Question} q @param {VariantItem} v @param {number} number @param {boolean} mixed */
function keyItem(q, v, number, mixed) {
  const letters = lettersFor(v.choices);
  const answer = keyText(q, letters);
  const ids = q.type === "single" ? [q.answer]
    : q.type === "multiple" ? sortByLetter(q.answer, letters)
    : q.type === "ordering" ? q.answer : [];
  const texts = ids.map((id) => q.choices.find((c) => c.id === id)?.text ?? id);
  const li = h("li", { class: "rb-print-q" },
    h("p", {}, h("span", { class: "rb-print-num", text: `${number}.` }), " ", gameNote(q, mixed), "Ответ: ",
      h("b", { "data-rb-key": q.id, text: answer }),
      texts.length ? ` (${texts.join(q.type === "ordering" ? " → " : "; ")})` : ""));
  for (const p of q.explanation) li.append(h("p", { text: p }));
  if (q.engine) li.append(h("p", { class: "rb-print-small", text: `Расчёт калькулятора: ${q.engine}` }));
  li.append(h("p", { class: "rb-print-small" }, "Основание: ",
    q.refs.flatMap((r, i) => [i ? "; " : "", h("a", { href: r.url, text: r.title }),
      r.kind === "clause" ? "" : ` (${r.kind_name.toLowerCase()})`, " ",
      // The printed key shows the full address, of the site this page was opened from.
      h("span", { class: "rb-print-url", "data-rb-url": "", text: new URL(r.url, document.baseURI).href })]), "."));
  return { li, number, answer };
}

/**
 * {payload, variant, seed} -> section element (both parts; quiz.js
 * shows the chosen ones by the data-rb-print-part attribute of the root).
 * @param {{ payload: Payload, variant: VariantItem[], seed: number }} what
 */
export function renderPrint({ payload, variant, seed }) {
  const byId = Object.fromEntries(payload.questions.map((q) => [q.id, q]));
  const mixed = payload.game === "mixed";
  const n = variant.length;
  const meta = `Вариант ${seed} · вопросов: ${n}${n !== payload.count ? ` из ${payload.count}` : ""}`;

  const sheet = h("section", { class: "rb-print-sheet", "data-rb-print-sheet": "" },
    h("h2", { class: "rb-print-title", text: payload.title }),
    h("p", { class: "rb-print-meta", text: meta }),
    h("div", { class: "rb-print-fill" }, h("span", { text: "Фамилия, имя:" }), h("span", { text: "Дата:" })),
    h("ol", { class: "rb-print-questions" }, variant.map((v, i) => sheetItem(byId[v.id], v, i + 1, mixed))));

  const items = variant.map((v, i) => keyItem(byId[v.id], v, i + 1, mixed));
  const rows = [];
  for (let i = 0; i < items.length; i += 2) {
    const pair = items.slice(i, i + 2);
    rows.push(h("tr", {}, pair.flatMap((it) => [h("td", { text: String(it.number) }), h("td", { text: it.answer })]),
      pair.length === 1 ? [h("td"), h("td")] : null));
  }
  const key = h("section", { class: "rb-print-key", "data-rb-print-key": "" },
    h("h2", { class: "rb-print-title", text: `Ответы: ${payload.title}, вариант ${seed}` }),
    h("p", { class: "rb-print-meta", text: meta }),
    h("table", { class: "rb-print-table" },
      h("thead", {}, h("tr", {}, ["№", "Ответ", "№", "Ответ"].map((t) => h("th", { text: t })))),
      h("tbody", {}, rows)),
    h("ol", { class: "rb-print-questions rb-print-explain" }, items.map((it) => it.li)));

  return h("div", { class: "rb-print" }, sheet, key);
}
