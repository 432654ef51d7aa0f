// @ts-check
// A ruling in one line: verdict badge, who, what it changed (every score,
// before → after; a decision: what was chosen), the § link of the clause that
// decided it, and «почему ▸» opening the full explanation (ruling.js).
// An undone ruling is struck through and says so, without § links or «почему» (it no longer stands).

import { h } from "../lib/dom.js";
import { lineLinkIds, valueSourceIds } from "./ruling-parts.js";
import { citedAfter, renderRuling, shortTitle } from "./ruling.js";
import { withoutLinked } from "./ruling-text.js";
import { lineTexts } from "./said-once.js";

/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").Refs} Refs */
/** @typedef {import("../lib/types.js").Score} Score */

/**
 * decision: say the choice the ruling leaves (the calculator; the scorekeeper asks it with buttons).
 * standalone: no board beside it (the calculator): the line also says what
 * happened and what follows (the engine's headline), «почему» adds the rest.
 * shown: the text right above the line (the match's status line): its sentences are not said again.
 * @param {{ ruling: Ruling, refs: Refs, score: Readonly<Score> | null, names?: string[] | null,
 *   number?: number | null, undone?: boolean, note?: string, decision?: boolean, standalone?: boolean,
 *   shown?: string }} args
 * @returns {HTMLElement}
 */
export function renderRulingLine({
  ruling, refs, score, names = null, number = null, undone = false, note = "", decision = false, standalone = false,
  shown = "",
}) {
  const texts = lineTexts(ruling, { score, names, standalone, decision, shown });
  const { tone, label, question } = texts;
  const root = h("div", { class: `rb-ruling rb-ruling--line rb-ruling--${tone}${undone ? " rb-ruling--undone" : ""}` });
  const line = h("p", { class: "rb-verdict" });
  if (note) put(line, h("span", { class: "rb-line-note", text: note }));
  const struck = h(undone ? "s" : "span", { class: "rb-line-main" });
  if (number !== null) put(struck, h("span", { class: "rb-number", text: `№ ${number}` }));
  if (names && Number.isInteger(ruling.player) && names[/** @type {number} */ (ruling.player)]) {
    put(struck, h("span", { class: "rb-who", text: names[/** @type {number} */ (ruling.player)] }));
  }
  put(struck, h("span", { class: `rb-badge rb-badge--${tone}`, text: label }));
  const choice = ruling.kind === "decision" ? chosen(ruling) : "";
  if (choice) put(struck, h("span", { class: "rb-choice", text: choice }));
  // The line says the headline as the engine wrote it, less what its badge and score parts say.
  const said = [texts.raw, question].filter(Boolean);
  const ids = lineLinkIds(ruling, said);
  const headline = withoutLinked(texts.headline, linkedNames(ids, refs));
  if (score && ruling.kind !== "decision" && !ruling.decision) {
    put(struck, ...scoreParts(texts.pieces), ...valueSources(ruling, refs, [...ids.fouls, ids.basis || ""]));
  }
  if (headline) put(struck, h("span", { class: "rb-summary rb-line-what", text: headline }));
  if (question) put(struck, h("span", { class: "rb-choice", text: question }));
  put(line, struck);
  root.append(line);
  // An undone line says what was undone, struck through: no § and no «почему» for a ruling that no
  // longer stands (its three rows left the drawing under the record bar after an undo at 360 px: the walk).
  if (undone) return root;
  put(line, ...lineLinks(ids, refs));
  const toggle = h("button", { type: "button", class: "rb-why-toggle", "aria-expanded": "false", text: "почему ▸" });
  put(line, toggle);
  const full = h("div", { class: "rb-why", hidden: true });
  const explanation = renderRuling({
    ruling, refs, score: score || null, names, foldClauses: true, headless: true, said: [...said, ...linkedNames(ids, refs)],
    figures: texts.said,
  });
  explanation.classList.replace("rb-ruling", "rb-ruling-full"); // one ruling per line, not a card in a card
  full.append(explanation);
  root.append(full);
  toggle.addEventListener("click", () => {
    const open = full.hidden;
    full.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open ? "почему ▾" : "почему ▸";
  });
  return root;
}

/**
 * `parts` appended to `parent`, a space before each but the parent's first: the line flows as text
 * (ruling.css), and its words are read and copied apart («НАРУШЕНИЕ 88 → 88», not «НАРУШЕНИЕ88 → 88»).
 * @param {Element} parent @param {(Element | null | false | "")[]} parts
 */
function put(parent, ...parts) {
  for (const part of parts) if (part) parent.append(...(parent.childNodes.length ? [" ", part] : [part]));
}

/**
 * The line's § links (ruling-parts.js lineLinkIds): the clause that decided
 * it, in full (wrapped if need be, never cut mid-phrase); a foul the line says
 * is cited with its толкование, in a fouls span.
 * @param {{ fouls: string[], basis: string | null }} ids @param {Refs} refs @returns {HTMLElement[]}
 */
function lineLinks({ fouls, basis }, refs) {
  const links = [];
  if (fouls.length) links.push(h("span", { class: "rb-fouls rb-line-basis" }, citedAfter(refs, fouls, { short: true })));
  if (basis) links.push(h("span", { class: "rb-line-basis" }, citedAfter(refs, [basis], { short: true })));
  return links;
}

/**
 * What the line's § links name before their titles' colon («Двойной удар» of «§ Двойной удар: ошибка со
 * штрафом»): a foul worded just so is not said again behind «почему» («Двойной удар.»: a newcomer, «Кладка»).
 * @param {{ fouls: string[], basis: string | null }} ids @param {Refs} refs @returns {string[]}
 */
function linkedNames({ fouls, basis }, refs) {
  return [...fouls, basis].filter((id) => id && refs[id]).map((id) => shortTitle(refs, /** @type {string} */ (id)));
}

/**
 * Points that rest on a толкование or an outside fact are marked beside the
 * points: «по толкованию», «по внешнему источнику», each a link to its source
 * (its title as a tooltip; ruling-parts.js valueSourceIds), unless the line
 * links that source already; the sources in full are behind «почему».
 * @param {Ruling} ruling @param {Refs} refs @param {string[]} linked @returns {HTMLElement[]}
 */
function valueSources(ruling, refs, linked) {
  const links = valueSourceIds(ruling, (id) => (refs[id] || {}).kind, linked).map(([kind, words, id]) =>
    h("a", { class: `rb-ref rb-ref--${kind} rb-value-source`, href: `#${id}`, title: refs[id].title, text: words }));
  // Both: «по толкованию и по внешнему источнику», not two tags run together (a newcomer read
  // «…по толкованию по внешнему источнику» in «Кайза» as a slip).
  return links.length === 2 ? [links[0], h("span", { class: "rb-value-and", text: "и" }), links[1]] : links;
}

/**
 * The line's score parts (ruling-parts.js scorePieces), a span each.
 * @param {import("./ruling-parts.js").ScorePiece[]} pieces @returns {HTMLElement[]}
 */
function scoreParts(pieces) {
  const CLASS = { points: "rb-points", reason: "rb-score-reason", "before-after": "rb-before-after", other: "rb-points-other" };
  return pieces.map((piece) => h("span", { class: CLASS[piece.kind], text: piece.text }));
}

/** What a decision chose (the engine's extra.choice, else its summary). @param {Ruling} ruling */
function chosen(ruling) {
  const extra = ruling.extra || {};
  return typeof extra.choice === "string" ? extra.choice : ruling.summary || "";
}
