// @ts-check
// A ruling in one line: verdict badge, who, what it changed (every score,
// before → after; a decision: what was chosen), the § link of the clause that
// decided it, and «почему ▸» opening the full explanation (ruling.js).
// An undone ruling is struck through and says so.

import { h } from "../lib/dom.js";
import { scorePieces } from "./ruling-parts.js";
import { citedAfter, renderRuling } from "./ruling.js";
import { basisOf, lineHeadline, lineQuestion, saidFouls, verdict } from "./ruling-text.js";

/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").Refs} Refs */
/** @typedef {import("../lib/types.js").Score} Score */

/**
 * decision: say the choice the ruling leaves (the calculator; the scorekeeper asks it with buttons).
 * standalone: no board beside it (the calculator): the line also says what
 * happened and what follows (the engine's headline), «почему» adds the rest.
 * @param {{ ruling: Ruling, refs: Refs, score: Readonly<Score> | null, names?: string[] | null,
 *   number?: number | null, undone?: boolean, note?: string, decision?: boolean, standalone?: boolean }} args
 * @returns {HTMLElement}
 */
export function renderRulingLine({
  ruling, refs, score, names = null, number = null, undone = false, note = "", decision = false, standalone = false,
}) {
  const [tone, label] = verdict(ruling, score);
  const root = h("div", { class: `rb-ruling rb-ruling--line rb-ruling--${tone}${undone ? " rb-ruling--undone" : ""}` });
  const line = h("p", { class: "rb-verdict" });
  if (note) line.append(h("span", { class: "rb-line-note", text: note }));
  const struck = h(undone ? "s" : "span", { class: "rb-line-main" });
  if (number !== null) struck.append(h("span", { class: "rb-number", text: `№ ${number}` }));
  if (names && Number.isInteger(ruling.player) && names[/** @type {number} */ (ruling.player)]) {
    struck.append(h("span", { class: "rb-who", text: names[/** @type {number} */ (ruling.player)] }));
  }
  struck.append(h("span", { class: `rb-badge rb-badge--${tone}`, text: label }));
  const choice = ruling.kind === "decision" ? chosen(ruling) : "";
  if (choice) struck.append(h("span", { class: "rb-choice", text: choice }));
  if (score && ruling.kind !== "decision" && !ruling.decision) {
    struck.append(...scoreParts(ruling, score, names, standalone), ...valueSources(ruling, refs));
  }
  const headline = lineHeadline(ruling, { standalone, scored: Boolean(score) });
  if (headline) struck.append(h("span", { class: "rb-summary rb-line-what", text: headline }));
  const question = decision ? lineQuestion(ruling, headline) : "";
  if (question) struck.append(h("span", { class: "rb-choice", text: question }));
  line.append(struck);
  line.append(...lineLinks(ruling, refs, [headline, question].filter(Boolean)));
  const toggle = h("button", { type: "button", class: "rb-why-toggle", "aria-expanded": "false", text: "почему ▸" });
  line.append(toggle);
  root.append(line);
  const full = h("div", { class: "rb-why", hidden: true });
  const explanation = renderRuling({
    ruling, refs, score: score || null, names, foldClauses: true, headless: true, said: [headline, question].filter(Boolean),
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
 * The line's § links: the clause that decided it, in full (wrapped if need be,
 * never cut mid-phrase); a foul the line says (its text is not repeated behind
 * «почему») is cited here with its толкование, in a fouls span.
 * @param {Ruling} ruling @param {Refs} refs @param {string[]} said @returns {HTMLElement[]}
 */
function lineLinks(ruling, refs, said) {
  const basis = basisOf(ruling);
  const foulIds = [...new Set(saidFouls(ruling, said).flatMap((f) => [f.clause, f.tolkovanie])
    .filter((id) => typeof id === "string" && id))];
  const links = [];
  if (foulIds.length) links.push(h("span", { class: "rb-fouls rb-line-basis" }, citedAfter(refs, foulIds, { short: true })));
  if (basis && !foulIds.includes(basis)) links.push(h("span", { class: "rb-line-basis" }, citedAfter(refs, [basis], { short: true })));
  return links;
}

/** How the line marks points the text does not give, by where they come from. */
const VALUE_SOURCE = /** @type {const} */ ([["tolkovanie", "по толкованию"], ["outside", "по внешнему источнику"]]);

/**
 * Points that rest on a толкование or an outside fact (cited by the
 * explanation's «score» lines) are marked beside the points: «по толкованию»,
 * «по внешнему источнику», each a link to the first such source (its title as a
 * tooltip); the sources in full are behind «почему». A value the text does not
 * give is marked where it is shown, in a few words (the line stays a line).
 * @param {Ruling} ruling @param {Refs} refs @returns {HTMLElement[]}
 */
function valueSources(ruling, refs) {
  if (!ruling.points) return [];
  const cited = (ruling.why || []).filter((w) => w.aspect === "score").flatMap((w) => w.cites || []);
  return VALUE_SOURCE.flatMap(([kind, words]) => {
    const id = cited.find((c) => (refs[c] || {}).kind === kind);
    return id ? [h("a", { class: `rb-ref rb-ref--${kind} rb-value-source`, href: `#${id}`, title: refs[id].title, text: words })] : [];
  });
}

/**
 * The line's score parts (ruling-parts.js scorePieces), a span each.
 * @param {Ruling} ruling @param {Readonly<Score>} score @param {string[] | null} names
 * @param {boolean} standalone @returns {HTMLElement[]}
 */
function scoreParts(ruling, score, names, standalone) {
  const CLASS = { points: "rb-points", reason: "rb-score-reason", "before-after": "rb-before-after", other: "rb-points-other" };
  return scorePieces(ruling, score, names, standalone).map((piece) => h("span", { class: CLASS[piece.kind], text: piece.text }));
}

/** What a decision chose (the engine's extra.choice, else its summary). @param {Ruling} ruling */
function chosen(ruling) {
  const extra = ruling.extra || {};
  return typeof extra.choice === "string" ? extra.choice : ruling.summary || "";
}
