// @ts-check
// A ruling in one line: verdict badge, who, what it changed (every score,
// before → after; a decision: what was chosen), the § link of the clause that
// decided it, and «почему ▸» opening the full explanation (ruling.js).
// An undone ruling is struck through and says so.

import { num, signedQuantity } from "../lib/ru.js";
import { h } from "../lib/dom.js";
import { playerName } from "./ruling-parts.js";
import { citedAfter, renderRuling } from "./ruling.js";
import { basisOf, lineHeadline, lineQuestion, saidFouls, scoreChanges, verdict } from "./ruling-text.js";

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
 * The line's score parts: the shooter's points and «3 → 0», then «Анна: +2 очка,
 * 1 → 3» for anyone else whose score changed; the points alone when the ruling
 * does not say what the scores were. Standalone (the calculator, no board):
 * a foul that changed no score still says the score after it («0 очков, 88 → 88»).
 * @param {Ruling} ruling @param {Readonly<Score>} score @param {string[] | null} names
 * @param {boolean} standalone @returns {HTMLElement[]}
 */
function scoreParts(ruling, score, names, standalone) {
  const changes = scoreChanges(ruling);
  const p = ruling.player;
  const kept = typeof p === "number" && Array.isArray(ruling.scores) ? ruling.scores[p] : null;
  if (standalone && changes && !changes.some((c) => c.player === p) && typeof kept === "number") {
    changes.unshift({ player: /** @type {number} */ (p), before: kept, after: kept });
  }
  const change = ruling.points || 0;
  const points = (/** @type {number} */ n) => h("span", { class: "rb-points", text: signedQuantity(n, score.forms) });
  if (changes === null) return change !== 0 || !ruling.foul ? [points(change)] : [];
  const own = changes.find((c) => c.player === ruling.player);
  // «3 → 0» is never broken inside (no-break spaces).
  const reason = reasonOf(ruling, ruling.player);
  const parts = own ? [points(own.after - own.before),
    ...(reason ? [h("span", { class: "rb-score-reason", text: reason })] : []),
    h("span", { class: "rb-before-after", text: `${num(own.before)}\u00a0→\u00a0${num(own.after)}` })]
    : ruling.foul ? [] : [points(0)];
  for (const { player, before, after } of changes) {
    if (player === ruling.player) continue;
    const who = playerName(names, player);
    const why = reasonOf(ruling, player);
    parts.push(h("span", { class: "rb-points-other",
      text: `${who}: ${signedQuantity(after - before, score.forms)}${why ? ` ${why}` : ""}, ${num(before)}\u00a0→\u00a0${num(after)}` }));
  }
  return parts;
}

/**
 * Why a player's score changed, in the few words the rules give (the engine's
 * extra.score_reasons: «за серию», «штрафа», «за ошибку соперника»), or "".
 * @param {Ruling} ruling @param {number | null | undefined} player @returns {string}
 */
function reasonOf(ruling, player) {
  const reasons = ruling.extra && Array.isArray(ruling.extra.score_reasons) ? ruling.extra.score_reasons : [];
  const reason = typeof player === "number" ? reasons[player] : null;
  return typeof reason === "string" ? reason : "";
}

/** What a decision chose (the engine's extra.choice, else its summary). @param {Ruling} ruling */
function chosen(ruling) {
  const extra = ruling.extra || {};
  return typeof extra.choice === "string" ? extra.choice : ruling.summary || "";
}
