// @ts-check
// A ruling in one line: verdict badge, who, points, the § link of the clause
// that decided it, and «почему ▸» opening the full explanation (ruling.js).
// An undone ruling is struck through and says so.

import { signedQuantity } from "./ru.js";
import { basisOf, h, refLink, renderRuling, verdict } from "./ruling.js";

/** @typedef {import("./types.js").Ruling} Ruling */
/** @typedef {import("./types.js").Refs} Refs */
/** @typedef {import("./types.js").Score} Score */

/**
 * @param {{ ruling: Ruling, refs: Refs, score: Readonly<Score> | null, names?: string[] | null,
 *   number?: number | null, undone?: boolean, note?: string }} args
 * @returns {HTMLElement}
 */
export function renderRulingLine({ ruling, refs, score, names = null, number = null, undone = false, note = "" }) {
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
  const change = ruling.points || 0;
  if (score && ruling.kind !== "decision" && !ruling.decision && (change !== 0 || !ruling.foul)) {
    struck.append(h("span", { class: "rb-points", text: signedQuantity(change, score.forms) }));
  }
  line.append(struck);
  const basis = basisOf(ruling);
  if (basis) {
    const link = refLink(refs, basis, { short: true });
    const full = (refs[basis] && refs[basis].title) || basis;
    link.setAttribute("title", full);
    if (link.textContent && link.textContent.length > 20) link.textContent = `${link.textContent.slice(0, 18).replace(/\s+\S*$/, "")}…`;
    line.append(link);
  }
  const toggle = h("button", { type: "button", class: "rb-why-toggle", "aria-expanded": "false", text: "почему ▸" });
  line.append(toggle);
  root.append(line);
  const full = h("div", { class: "rb-why", hidden: true });
  const explanation = renderRuling({ ruling, refs, score: score || null, names, foldClauses: true, headless: true });
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
