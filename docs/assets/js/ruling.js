// Renders an engine ruling (ARCHITECTURE.md, "Ruling") as DOM: the verdict,
// the summary, why, the fouls with their clauses, and the cited clauses,
// толкования and outside facts, each linked to its anchor on the page and
// quoted from the page text. Only textContent is used: names typed by
// players never become HTML.

import { points as pointsWord, signedPoints } from "./ru.js";

const KIND_LABEL = {
  clause: "Пункты правил",
  tolkovanie: "Толкования — этого в тексте правил нет",
  outside: "Внешние источники — этого в тексте правил нет",
};

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function refTitle(refs, id) {
  return (refs[id] && refs[id].title) || id;
}

// The text of a clause (or толкование) as printed on this page.
export function quote(id) {
  const anchor = document.getElementById(id);
  if (!anchor) return "";
  const tolk = anchor.closest(".rb-tolk");
  if (tolk) {
    return [...tolk.querySelectorAll("p:not(.rb-tolk-title):not(.rb-tolk-clauses)")]
      .map((p) => p.textContent.trim())
      .join("\n");
  }
  const block = anchor.closest("li, p");
  if (!block) return "";
  const copy = block.cloneNode(true);
  for (const junk of copy.querySelectorAll(".clause-ref, .rb-ed-mark, .rb-share, ol, ul")) junk.remove();
  return copy.textContent.replace(/\s+/g, " ").trim();
}

export function refLink(refs, id, { prefix = "§ ", short = false } = {}) {
  const title = refTitle(refs, id);
  // Short: «Правило 4: ровно 90 очков…» -> «Правило 4» (the full title stays as a tooltip).
  const text = short ? title.split(":")[0] : title;
  return h("a", { class: `rb-ref rb-ref--${(refs[id] || {}).kind || "clause"}`, href: `#${id}`, title: short ? title : null },
    prefix + text);
}

function citation(refs, id) {
  const text = quote(id);
  const summary = h("summary", {}, h("span", { class: "rb-cite-sect", "aria-hidden": "true", text: "§" }), " ", refTitle(refs, id));
  const body = text
    ? h("blockquote", { class: "rb-cite-text" }, text)
    : h("p", { class: "rb-help", text: "Текст этого пункта — на странице правил." });
  return h("li", {}, h("details", { class: "rb-cite" }, summary, body,
    h("a", { class: "rb-cite-go", href: `#${id}` }, "К этому месту в тексте правил ↓")));
}

function verdict(ruling) {
  if (ruling.kind === "decision") return ["decision", "Решение"];
  if (ruling.foul) return ["foul", "Фол"];
  if (ruling.finished && ruling.winner !== null && ruling.winner === ruling.player) return ["win", "Победа"];
  if (ruling.finished) return ["end", "Партия окончена"];
  if (ruling.points > 0) return ["ok", "Очки засчитаны"];
  return ["neutral", "Без очков"];
}

// {ruling, refs, names?, compact?, number?, foldClauses?}
// compact: one history line (summary, short clause links, details folded);
// foldClauses: the cited clauses behind one «Пункты правил (N)» toggle.
export function renderRuling({ ruling, refs, names = null, compact = false, number = null, foldClauses = false }) {
  const [tone, label] = verdict(ruling);
  const root = h("div", { class: `rb-ruling rb-ruling--${tone}${compact ? " rb-ruling--compact" : ""}` });

  const head = h("p", { class: "rb-verdict" });
  if (number !== null) head.append(h("span", { class: "rb-number", text: `№ ${number}` }));
  if (names && ruling.player !== null && ruling.player !== undefined && names[ruling.player]) {
    head.append(h("span", { class: "rb-who", text: names[ruling.player] }));
  }
  head.append(h("span", { class: `rb-badge rb-badge--${tone}`, text: label }));
  if (ruling.kind !== "decision" && !ruling.foul) {
    head.append(h("span", { class: "rb-points", text: signedPoints(ruling.points || 0) }));
  }
  root.append(head);
  root.append(h("p", { class: "rb-summary", text: ruling.summary }));

  if (!compact && ruling.player !== null && ruling.player !== undefined && Array.isArray(ruling.scores)) {
    const score = ruling.scores[ruling.player];
    if (typeof score === "number") {
      root.append(h("p", { class: "rb-score-line", text: `Счёт игрока после удара: ${pointsWord(score)}` }));
    }
  }

  const fouls = ruling.fouls || [];
  const lines = ruling.lines || [];
  const details = compact ? h("details", { class: "rb-more" }, h("summary", { text: "Подробнее" })) : root;

  if (fouls.length) {
    details.append(h("p", { class: "rb-section-title", text: fouls.length > 1 ? "Нарушения" : "Нарушение" }));
    details.append(h("ul", { class: "rb-fouls" },
      fouls.map((f) => h("li", {}, f.text, " ", f.clause ? refLink(refs, f.clause) : null))));
  }
  if (lines.length) {
    details.append(h("p", { class: "rb-section-title", text: "Почему" }));
    details.append(h("ul", { class: "rb-lines" }, lines.map((line) => h("li", { text: line }))));
  }

  const groups = [
    ["clause", ruling.clauses || []],
    ["tolkovanie", ruling.tolkovaniya || []],
    ["outside", ruling.outside || []],
  ];
  for (const [kind, ids] of groups) {
    if (!ids.length) continue;
    if (compact) {
      root.append(h("p", { class: `rb-chips-line rb-chips-line--${kind}` },
        kind === "clause" ? null : h("span", { class: "rb-tag", text: kind === "tolkovanie" ? "толкование" : "внешний источник" }),
        ids.map((id) => refLink(refs, id, { short: kind === "clause" }))));
    } else if (foldClauses && kind === "clause") {
      root.append(h("details", { class: "rb-more rb-more--clauses" },
        h("summary", { text: `Пункты правил (${ids.length})` }),
        h("ul", { class: "rb-cites rb-cites--clause" }, ids.map((id) => citation(refs, id)))));
    } else {
      root.append(h("p", { class: `rb-section-title rb-section-title--${kind}`, text: KIND_LABEL[kind] }));
      root.append(h("ul", { class: `rb-cites rb-cites--${kind}` }, ids.map((id) => citation(refs, id))));
    }
  }
  if (compact && (fouls.length || lines.length)) root.append(details);
  return root;
}
