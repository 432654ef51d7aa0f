// @ts-check
// Renders an engine ruling (ARCHITECTURE.md, "Ruling") as DOM: the verdict,
// the summary, why, the fouls with their clauses, and the cited clauses,
// толкования and outside facts, each linked to its anchor on the page and
// quoted from the page text. Only textContent is used: names typed by
// players never become HTML.

import { h } from "../lib/dom.js";
import { signedQuantity } from "../lib/ru.js";
import { beyondTextTags, citedGroups, pointsNote, showsPoints } from "./ruling-parts.js";
import { basisOf, verdict } from "./ruling-text.js";
import { explanationTexts } from "./said-once.js";

/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").Decision} Decision */
/** @typedef {import("../lib/types.js").Refs} Refs */
/** @typedef {import("../lib/types.js").Score} Score */

/** @type {Record<string, string>} */
const KIND_LABEL = {
  clause: "Пункты правил",
  tolkovanie: "Толкования — этого в тексте правил нет",
  outside: "Внешние источники — этого в тексте правил нет",
};

/** @param {Refs} refs @param {string} id */
function refTitle(refs, id) {
  return (refs[id] && refs[id].title) || id;
}

// The text of a clause (or толкование) as printed on this page.
/** @param {string} id @returns {string} */
export function quote(id) {
  const anchor = document.getElementById(id);
  if (!anchor) return "";
  const tolk = anchor.closest(".rb-tolk");
  if (tolk) {
    return [...tolk.querySelectorAll("p:not(.rb-tolk-title):not(.rb-tolk-clauses)")]
      .map((p) => (p.textContent || "").trim())
      .join("\n");
  }
  const block = anchor.closest("li, p");
  if (!block) return "";
  const copy = /** @type {Element} */ (block.cloneNode(true));
  for (const junk of copy.querySelectorAll(".clause-ref, .rb-ed-mark, .rb-share, ol, ul")) junk.remove();
  return (copy.textContent || "").replace(/\s+/g, " ").trim();
}

/** What a short link says before its title: a толкование or an outside fact says
 * what it is in words (it is not the rules' text), a clause has its «§». */
const SHORT_PREFIX = { clause: "§ ", tolkovanie: "толкование: ", outside: "внешний источник: " };

/** What a short link names: its title before the colon («Правило 4: ровно 90 очков…» -> «Правило 4»).
 * @param {Refs} refs @param {string} id */
export function shortTitle(refs, id) {
  return refTitle(refs, id).split(":")[0];
}

/** @param {Refs} refs @param {string} id @param {{ prefix?: string, short?: boolean }} [how] */
export function refLink(refs, id, { prefix, short = false } = {}) {
  const title = refTitle(refs, id);
  const kind = (refs[id] || {}).kind || "clause";
  // Short: the full title stays as a tooltip.
  const text = short ? shortTitle(refs, id) : title;
  const before = prefix ?? (short ? SHORT_PREFIX[/** @type {keyof SHORT_PREFIX} */ (kind)] || "§ " : "§ ");
  return h("a", { class: `rb-ref rb-ref--${kind}`, href: `#${id}`, title: short ? title : null }, before + text);
}

/**
 * The § links after a sentence: «text § A; § B» — two links in a row are told
 * apart by a separator, not only by the «§» (a foul's clause and its
 * толкование, a line's citations). Empty ids are left out.
 * @param {Refs} refs @param {(string | null | undefined)[]} ids @param {{ short?: boolean }} [how]
 * @returns {(string | HTMLElement)[]}
 */
export function citedAfter(refs, ids, { short = false } = {}) {
  const given = /** @type {string[]} */ (ids.filter((id) => typeof id === "string" && id));
  // Each link keeps its «;» (a wrapped link never leaves it alone on a line of its own).
  return given.flatMap((id, i) => [" ", h("span", { class: "rb-cited" },
    refLink(refs, id, { short }), i < given.length - 1 ? ";" : "")]);
}

/** @param {Refs} refs @param {string} id */
function citation(refs, id) {
  const text = quote(id);
  // The title in one box: the summary lays its children out in a row, and keepTogether's «100 очках» in a
  // text of its own made the title two columns («§ При 100 очках | другие / удары / …», a newcomer at 390 px).
  const summary = h("summary", {}, h("span", { class: "rb-cite-sect", "aria-hidden": "true", text: "§" }), " ",
    h("span", { class: "rb-cite-title" }, refTitle(refs, id)));
  const body = text
    ? h("blockquote", { class: "rb-cite-text" }, text)
    : h("p", { class: "rb-help", text: "Текст этого пункта — на странице правил." });
  return h("li", {}, h("details", { class: "rb-cite" }, summary, body,
    h("a", { class: "rb-cite-go", href: `#${id}` }, "К этому месту в тексте правил ↓")));
}

// The verdict and the deciding clause are read without the DOM (ruling-text.js).
export { basisOf, verdict };

// The choice an action left to a player (Ковбой's bad break...): in a
// one-shot result it says who chooses what, with the clause.
/** @param {Decision} decision @param {Refs} refs @param {string[] | null} names */
function decisionNote(decision, refs, names) {
  const who = names && typeof decision.player === "number" && Number.isInteger(decision.player) && names[decision.player];
  return h("div", { class: "rb-decision-note" },
    h("p", { class: "rb-section-title", text: "Дальше — выбор" }),
    h("p", {}, decision.question || (who ? `Выбирает ${who}.` : "Нужно сделать выбор."),
      decision.clause ? [" ", refLink(refs, decision.clause)] : null),
    decision.options && decision.options.length
      ? h("ul", { class: "rb-lines" }, decision.options.map((o) => h("li", { text: o.label })))
      : null);
}

// {ruling, refs, score, names?, compact?, number?, foldClauses?, showDecision?}
// score: the game's score declaration (null: no score), never a default — a
// game counted in strokes must not read «очки».
// compact: one history line (summary, short clause links, details folded);
// foldClauses: the cited clauses behind one «Пункты правил (N)» toggle;
// showDecision: say what choice the ruling leaves (the calculator; the
// scorekeeper asks it with buttons instead).
/**
 * @param {{ ruling: Ruling, refs: Refs, score: Readonly<Score> | null, names?: string[] | null,
 *   compact?: boolean, number?: number | null, foldClauses?: boolean, showDecision?: boolean,
 *   headless?: boolean, said?: string[], figures?: import("./said-once.js").Said | null, totalSaid?: boolean }} args
 * said: what the line above already says (left out here: each sentence is shown once);
 * figures: the labels and figures it says (said-once.js); totalSaid: the player's total is said above.
 * @returns {HTMLElement}
 */
export function renderRuling({
  ruling, refs, score, names = null, compact = false, number = null, foldClauses = false,
  showDecision = false, headless = false, said = [], figures = null, totalSaid = false,
}) {
  const [tone, label] = verdict(ruling, score);
  const text = explanationTexts(ruling, { score, names, said, figures, label, headless, compact, totalSaid });
  const root = h("div", { class: `rb-ruling rb-ruling--${tone}${compact ? " rb-ruling--compact" : ""}` });
  if (!headless) root.append(verdictLine(ruling, { tone, label, score, names, number }));
  if (text.summary) root.append(h("p", { class: "rb-summary", text: text.summary }));
  // Right under the verdict: the ruling leans on something the text does not
  // say (the толкования and outside facts themselves are listed below). Not under
  // a line's «почему» (headless): the line marks and links them already, and the
  // tags said «по толкованию», «по внешнему источнику» a second time (newcomer 2026-12-05-c).
  const beyondText = headless ? [] : beyondTextTags(ruling).map(([kind, text]) => h("span", { class: `rb-tag rb-tag--${kind}`, text }));
  if (beyondText.length) root.append(h("p", { class: "rb-chips-line rb-beyond-text" }, beyondText));

  // With no score board beside it: say the new total, unless said above (said-once.js).
  if (text.total) root.append(h("p", { class: "rb-score-line", text: text.total }));

  const details = compact
    ? h("details", { class: "rb-more" }, h("summary", { text: "Подробнее: почему и по каким пунктам" })) : root;
  appendFoulsAndWhy(details, text, refs, label); // headless: the line above says the badge
  if (showDecision && ruling.decision) root.append(decisionNote(ruling.decision, refs, names));
  for (const [kind, ids] of citedGroups(ruling)) appendCited(compact ? details : root, kind, ids, refs, { compact, foldClauses });
  if (compact && details.children.length > 1) root.append(details);
  return root;
}

/**
 * The verdict line: № N, who, the badge, the points.
 * @param {Ruling} ruling @param {{ tone: string, label: string, score: Readonly<Score> | null,
 *   names: string[] | null, number: number | null }} how
 */
function verdictLine(ruling, { tone, label, score, names, number }) {
  const head = h("p", { class: "rb-verdict" });
  if (number !== null) head.append(h("span", { class: "rb-number", text: `№ ${number}` }));
  if (names && typeof ruling.player === "number" && names[ruling.player]) {
    head.append(h("span", { class: "rb-who", text: names[ruling.player] }));
  }
  head.append(h("span", { class: `rb-badge rb-badge--${tone}`, text: label }));
  if (score && showsPoints(ruling, score)) {
    head.append(h("span", { class: "rb-points", text: signedQuantity(ruling.points || 0, score.forms) }));
    const note = pointsNote(ruling, ruling.points || 0, score, ruling.summary || "");
    if (note) head.append(h("span", { class: "rb-score-reason", text: note }));
  }
  return head;
}

/**
 * The fouls with their clauses, then «Почему». Under a badge that says «Нарушение» the fouls' title
 * is «Что нарушено» (the тренажёр's solution said «НАРУШЕНИЕ» twice: a newcomer).
 * @param {HTMLElement} into @param {ReturnType<typeof explanationTexts>} text @param {Refs} refs
 * @param {string} badge the badge's label shown above (by the line, when headless)
 */
function appendFoulsAndWhy(into, { fouls, why }, refs, badge) {
  if (fouls.length) {
    const title = badge === "Нарушение" ? "Что нарушено" : fouls.length > 1 ? "Нарушения" : "Нарушение";
    into.append(h("p", { class: "rb-section-title", text: title }));
    into.append(h("ul", { class: "rb-fouls" },
      fouls.map((f) => h("li", {}, f.text, citedAfter(refs, [f.clause, f.tolkovanie])))));
  }
  if (why.length) {
    into.append(h("p", { class: "rb-section-title", text: "Почему" }));
    into.append(h("ul", { class: "rb-lines" }, why.map((line) => h("li", {}, line.text,
      citedAfter(refs, line.cites || [], { short: true })))));
  }
}

/**
 * One kind of cited ids: links (compact), or quoted clauses (folded behind
 * «Пункты правил (N)» with foldClauses).
 * @param {HTMLElement} into @param {string} kind @param {string[]} ids @param {Refs} refs
 * @param {{ compact: boolean, foldClauses: boolean }} how
 */
function appendCited(into, kind, ids, refs, { compact, foldClauses }) {
  if (compact) {
    into.append(h("p", { class: `rb-section-title rb-section-title--${kind}`, text: KIND_LABEL[kind] }));
    into.append(h("ul", { class: `rb-lines rb-refs--${kind}` }, ids.map((id) => h("li", {}, refLink(refs, id)))));
  } else if (foldClauses && kind === "clause") {
    into.append(h("details", { class: "rb-more rb-more--clauses" },
      h("summary", { text: `Пункты правил (${ids.length})` }),
      h("ul", { class: "rb-cites rb-cites--clause" }, ids.map((id) => citation(refs, id)))));
  } else {
    into.append(h("p", { class: `rb-section-title rb-section-title--${kind}`, text: KIND_LABEL[kind] }));
    into.append(h("ul", { class: `rb-cites rb-cites--${kind}` }, ids.map((id) => citation(refs, id))));
  }
}
