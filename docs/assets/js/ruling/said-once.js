// @ts-check
// Each thing said once across what one ruling shows, beyond whole sentences
// (ruling-text.js keys those): a label the badge or the section title above
// already says («НАРУШЕНИЕ» / «Нарушение: первым ударом…»), the points the
// line shows beside the badge («+14 очков» / «+14 очков, серия продолжается»)
// and a player's total said once («58 → 66», «Победа: Игрок 1 — 66 очков»,
// «Теперь на счету игрока: 66 очков», «Игрок 1: 66 очков — партия выиграна»).
// The engine's words are kept; only the repeated label or figure is left out
// («Игрок 1: 66 очков — партия выиграна» -> «Игрок 1 — партия выиграна»).
//
// node --test: tests/js/said-once.test.mjs (over the engine's rulings).

import { quantity, signedQuantity } from "../lib/ru.js";
import { newTotalText, playerName, scorePieces, showsPoints } from "./ruling-parts.js";
import { explanationText, lineHeadline, lineQuestion, scoreChanges, sentences, verdict, withoutPiecesOf, withoutShown } from "./ruling-text.js";

/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").Score} Score */

/** Labels that say the same thing: the badge «Нарушение» and a sentence's «Фол:». */
const SAME_LABEL = /** @type {Record<string, string>} */ ({
  "нарушения": "нарушение", "фол": "нарушение", "очков нет": "без очков",
});

/** A label compared without case or «ё», its synonyms as one. @param {string} label */
export function labelKey(label) {
  const key = label.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();
  return SAME_LABEL[key] || key;
}

/** The label «X» of a sentence «X: …» (a few words, no digits), or "". @param {string} sentence */
export function leadingLabel(sentence) {
  const m = /^([А-ЯЁа-яё][а-яё ]{1,23}):\s+\S/u.exec(sentence);
  return m ? m[1] : "";
}

/** @param {string} text */
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The sentence without its leading «X: » when X is one of `labels` (what the
 * badge or the section title right above it says).
 * @param {string} sentence @param {string[]} labels @returns {string}
 */
export function withoutLabel(sentence, labels) {
  const label = leadingLabel(sentence);
  if (!label || !labels.some((l) => labelKey(l) === labelKey(label))) return sentence;
  return capital(sentence.slice(label.length).replace(/^:\s+/u, ""));
}

/**
 * What is said already, beyond sentences: `labels` shown right above the next
 * text, the `points` figure beside the badge («+14 очков»), the players whose
 * total is said, and every player's [name, total] (to find a total in a text).
 * @typedef {{ labels: string[], points: string, totals: Set<number>, players: [string, string][] }} Said
 */

/**
 * Nothing said yet of the ruling's figures.
 * @param {Ruling} ruling @param {Readonly<Score> | null} score @param {(string | null | undefined)[] | null} names
 * @returns {Said}
 */
export function freshSaid(ruling, score, names) {
  const scores = score && Array.isArray(ruling.scores) ? ruling.scores : [];
  return {
    labels: [], points: "", totals: new Set(),
    players: scores.map((v, i) => [playerName(names, i), typeof v === "number" ? quantity(v, score ? score.forms : null) : ""]),
  };
}

/**
 * The text with what `said` says left out, sentence by sentence: the first
 * sentence's label when `said.labels` says it (then the labels are spent: they
 * stand right above this text only), a leading points figure said beside the
 * badge, a sentence that only says those points are credited, a total already
 * said (its name kept: «Игрок 1 — партия выиграна»; a sentence left with a name
 * only goes). The totals this text says are added to `said`.
 * @param {string} text @param {Said} said @returns {string}
 */
export function withoutSaid(text, said) {
  const kept = [];
  for (const [i, whole] of sentences(text).entries()) {
    let s = i === 0 ? withoutLabel(whole, said.labels) : whole;
    s = withoutPoints(s, said.points);
    s = withoutTotals(s, said);
    if (s) kept.push(s);
  }
  if (sentences(text).length) said.labels = [];
  for (const t of kept) noteTotals(t, said);
  return kept.join(" ");
}

/**
 * A sentence without the points said beside the badge: «+14 очков, серия
 * продолжается» -> «Серия продолжается», «Удар засчитан: +1 удар» -> «Удар
 * засчитан», «Штраф +1 удар (туш)» -> «Штраф (туш)»; a sentence that only says
 * they are credited («12 очков засчитаны») goes.
 * @param {string} s @param {string} points
 */
function withoutPoints(s, points) {
  if (!points) return s;
  if (new RegExp(`^${escape(points.replace(/^\+/, ""))} засчитан[аоы]?\\.?$`, "u").test(s)) return "";
  // Points shown as «−2 очка» / «+48 очков» are also said as «штраф 2 очка» / «приз 48 очков» («пробка»).
  const word = points.startsWith("−") ? "штраф" : "приз";
  const said = `(?:${escape(points)}|${word} ${escape(points.slice(1))})`;
  const out = s.replace(new RegExp(`(:\\s|,\\s|\\s—\\s|\\s)?${said}(?![\\dА-Яа-яЁё])`, "gu"), "");
  return out === s ? s : capital(out.replace(/^[\s,:;]+/u, ""));
}

/**
 * A sentence without the totals said already, with the words in brackets that qualify
 * the total («2 удара (из них 1 штрафной)»: the line says them beside the figure); ""
 * when a name alone is left; the name goes too when what follows is not about the
 * player («Игрок 1: 1 удар, на столе 14 шаров» -> «На столе 14 шаров», but «Игрок 1
 * — партия выиграна»). @param {string} s @param {Said} said
 */
function withoutTotals(s, said) {
  let out = s;
  for (const p of said.totals) {
    const [name, total] = said.players[p] || ["", ""];
    if (!name || !total) continue;
    // The total as a figure with its unit, or as the sum that gives it («Игрок 1: 1 − 2 = −1», «пробка»).
    const figure = escape(total.split(" ")[0]);
    const sum = `[−\\d][\\d ]*(?: [−+] [−\\d][\\d ]*)+ = ${figure}`;
    out = out.replace(new RegExp(`${escape(name)}(?:: | — )(?:${escape(total)}|${sum})(?: \\([^)]*\\))?(?![\\dА-Яа-яЁё])`, "gu"), name);
    if (out.replace(/[.!]$/u, "") === name) return "";
    const rest = new RegExp(`^${escape(name)}[,;] `, "u").exec(out);
    if (rest) out = capital(out.slice(rest[0].length));
  }
  return out;
}

/** Adds to `said` the totals `text` says («Игрок 1: 66 очков», «Игрок 1 — 66 очков»). @param {string} text @param {Said} said */
export function noteTotals(text, said) {
  said.players.forEach(([name, total], p) => {
    if (total && [": ", " — "].some((sep) => saysTotal(text, `${name}${sep}${total}`))) said.totals.add(p);
  });
}

/** `text` has `phrase`, not the start of a longer number («Игрок 1: 6 очков» in «Игрок 11: 6 очков»). */
function saysTotal(/** @type {string} */ text, /** @type {string} */ phrase) {
  return new RegExp(`(^|[^\\dА-ЯЁа-яё])${escape(phrase)}`, "u").test(text);
}

/** @param {string} text */
function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * What a ruling's line says (ruling-line.js draws it): the badge, the score
 * pieces, the headline and the choice it asks, each thing once; `said` is what
 * the line said, for the explanation behind «почему» (explanationTexts);
 * `raw` the headline as the engine wrote it (the sentences the line stands for);
 * `shown`: a text on screen right above the line (the match's status line), whose
 * sentences the headline leaves out.
 * @param {Ruling} ruling @param {{ score: Readonly<Score> | null, names?: string[] | null,
 *   standalone?: boolean, decision?: boolean, shown?: string }} how
 */
export function lineTexts(ruling, { score, names = null, standalone = false, decision = false, shown = "" }) {
  const [tone, label] = verdict(ruling, score);
  const pieces = score && ruling.kind !== "decision" && !ruling.decision ? scorePieces(ruling, score, names, standalone) : [];
  const said = freshSaid(ruling, score, names);
  said.labels = [label];
  said.points = (pieces.find((p) => p.kind === "points") || { text: "" }).text;
  // «3 → 15», «Анна: +2 очка, 1 → 3»: the totals after the shot.
  const changes = pieces.length ? scoreChanges(ruling) : null;
  for (const c of changes || []) said.totals.add(c.player);
  if (changes && standalone && typeof ruling.player === "number") said.totals.add(ruling.player); // «88 → 88»
  const raw = lineHeadline(ruling, { standalone, scored: Boolean(score) });
  const headline = withoutShown(withoutSaid(raw, said), shown);
  const question = decision ? lineQuestion(ruling, raw) : "";
  return { tone, label, pieces, raw, headline, question, said };
}

/**
 * What the explanation (ruling.js renderRuling) says, each thing once, in the
 * order shown: the summary, the new total (the calculator has no board), the
 * fouls under «Нарушение», «почему». `said`: the sentences already on screen;
 * `figures`: the labels and figures said above (the line's; else the badge's
 * own: `label`, the points beside it); `totalSaid`: the player's total is said
 * above (the тренажёр's answer).
 * @param {Ruling} ruling @param {{ score: Readonly<Score> | null, names?: string[] | null, said?: string[],
 *   figures?: Said | null, label?: string, headless?: boolean, compact?: boolean, totalSaid?: boolean }} how
 */
export function explanationTexts(ruling, {
  score, names = null, said = [], figures = null, label = "", headless = false, compact = false, totalSaid = false,
}) {
  const text = explanationText(ruling, { said });
  const fig = figures || freshSaid(ruling, score, names);
  if (!figures && !headless) {
    fig.labels = [label];
    fig.points = score && showsPoints(ruling, score) ? signedQuantity(ruling.points || 0, score.forms) : "";
  }
  if (totalSaid && typeof ruling.player === "number") fig.totals.add(ruling.player);
  said.forEach((s) => noteTotals(s, fig));
  // What the summary has left once the figures said above go («Нарушение «е» (…).» of «Нарушение «е» (…) —
  // штраф 3 очка», «пробка») is said by the foul under «Нарушение», beside its clause: the summary leaves it.
  const summary = withoutShown(withoutSaid(text.summary, fig), text.fouls.map((f) => f.text).join(" "));
  const shooter = typeof ruling.player === "number" ? ruling.player : -1;
  const total = score && !compact && !headless && !fig.totals.has(shooter) ? newTotalText(ruling, score, names) : null;
  if (total) fig.totals.add(shooter);
  fig.labels = [text.fouls.length > 1 ? "Нарушения" : "Нарушение"];
  const fouls = text.fouls.map((f) => ({ ...f, text: withoutSaid(f.text, fig) })).filter((f) => f.text);
  // A line of «почему» leaves out the label the badge of its card says («НАРУШЕНИЕ» /
  // «Нарушение: серия окончена…», newcomer 2026-12-05-e), or the fouls' title above it.
  const above = (fouls.length ? [label, "Нарушение"] : [label]).filter(Boolean);
  const why = eachClauseOnce(text.why.map((w) => {
    fig.labels = above; // spent by each text (withoutSaid): set again for the next line
    return { ...w, text: withoutSaid(w.text, fig) };
  }).filter((w) => w.text));
  fig.labels = [];
  // What the summary keeps once the figures went («На столе 13 шаров.» of «Аня: 3 удара (…), на столе 13
  // шаров.») may be a piece of a line below, which says it with its citation (ruling-text.js withoutPiecesOf).
  return { summary: withoutPiecesOf(summary, why.map((w) => w.text)), total, fouls, why };
}

/**
 * Lines of «почему» with each clause linked once («Серия окончена… § Штраф»,
 * «…принимает сложившуюся позицию. § Штраф», newcomer 2026-12-05-e): a line
 * keeps only the clauses no line above links; one whose clauses are all linked
 * above joins the line that links the first of them. Lines citing nothing stay apart.
 * @template {{ text: string, cites?: string[] }} T @param {T[]} lines @returns {T[]}
 */
export function eachClauseOnce(lines) {
  /** @type {T[]} */
  const out = [];
  /** @type {Map<string, T>} */
  const linkedBy = new Map();
  for (const line of lines) {
    const cites = line.cites || [];
    const fresh = cites.filter((id) => !linkedBy.has(id));
    const host = cites.length && !fresh.length ? linkedBy.get(cites[0]) : undefined;
    if (host) {
      host.text = `${host.text}${/[.!?…]$/u.test(host.text) ? "" : "."} ${line.text}`;
      continue;
    }
    const copy = { ...line, cites: fresh };
    out.push(copy);
    for (const id of fresh) linkedBy.set(id, copy);
  }
  return out;
}
