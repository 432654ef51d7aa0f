// Each thing said once in what a ruling draws (ruling-line.js, ruling.js;
// said-once.js), read from the drawn elements over the engine's rulings
// (tests/js/ruling_sample.py: the calculator's, random matches', the
// тренажёр's solutions): a label the badge or the section title above says is
// not the next sentence's label («НАРУШЕНИЕ» / «Нарушение: первым ударом…»),
// a line names a толкование once («по толкованию … толкование: …» of one), the
// points and a player's total are said once («66 очков» four times in one
// тренажёр solution). Then what a foul that still scores says (pointsNote).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

import { ROOT, api, describe } from "./engine.mjs";
import { installFakeDom, textParts } from "./fake-dom.mjs";
import { num, quantity } from "../../docs/assets/js/lib/ru.js";
import { sentenceKey, sentences } from "../../docs/assets/js/ruling/ruling-text.js";

installFakeDom();
const { renderRulingLine } = await import("../../docs/assets/js/ruling/ruling-line.js");
const { renderRuling } = await import("../../docs/assets/js/ruling/ruling.js");
const { pointsNote } = await import("../../docs/assets/js/ruling/ruling-parts.js");

const PYTHON = existsSync(join(ROOT, ".venv", "bin", "python")) ? join(ROOT, ".venv", "bin", "python") : "python3";
const SAMPLE = JSON.parse(execFileSync(PYTHON, [join(ROOT, "tests", "js", "ruling_sample.py"), "40", "26"],
  { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).toString());

/** The refs a page gives (kind by the ruling's own lists, the id as the title). */
function refsOf(ruling) {
  const refs = {};
  for (const [kind, ids] of [["clause", ruling.clauses], ["tolkovanie", ruling.tolkovaniya], ["outside", ruling.outside]]) {
    for (const id of ids || []) refs[id] = { kind, title: id };
  }
  for (const f of ruling.fouls || []) {
    if (f.clause && !refs[f.clause]) refs[f.clause] = { kind: "clause", title: f.clause };
    if (f.tolkovanie && !refs[f.tolkovanie]) refs[f.tolkovanie] = { kind: "tolkovanie", title: f.tolkovanie };
  }
  return refs;
}

/** Each sample ruling as each screen draws it: the parts of its line (if any) and of all it shows. */
function drawn() {
  const out = [];
  for (const x of SAMPLE) {
    const { ruling, source } = x;
    const score = x.score || null;
    const refs = refsOf(ruling);
    const names = (ruling.scores || []).map((_, i) => `Игрок ${i + 1}`);
    if (source === "trainer") {
      // As trainer.js showVerdict draws the solution, under «Правильный ответ: …».
      const root = renderRuling({ ruling, refs, score, foldClauses: true, totalSaid: x.kind === "score" });
      const answer = { classes: ["rb-quiz-right"], tag: "P", href: null, text: `Правильный ответ: ${x.answer_text}` };
      out.push({ x, where: "тренажёр", line: [], all: [answer, ...textParts(root)] });
    }
    for (const [where, args] of [
      ["калькулятор", source !== "match" ? { decision: true, standalone: true } : null],
      // The last line stands right under the match's status line (match-view.js renderMatch).
      ["счёт партии", source === "match" ? { names, shown: x.status } : null],
    ]) {
      if (!args) continue;
      const root = renderRulingLine({ ruling, refs, score, ...args });
      out.push({ x, where, line: textParts(root.children[0]), all: textParts(root) });
    }
  }
  return out;
}
const DRAWN = drawn();

const SAME = { "нарушения": "нарушение", "фол": "нарушение", "очков нет": "без очков" };
const labelOf = (text) => {
  const m = /^([А-ЯЁа-яё][а-яё ]{1,23}):\s/u.exec(text);
  const key = m ? m[1].toLowerCase().replace(/ё/g, "е") : "";
  return SAME[key] || key;
};
const keyOf = (text) => { const k = text.toLowerCase().replace(/ё/g, "е").trim(); return SAME[k] || k; };
const isSentence = (p) => p.tag === "LI" || p.classes.includes("rb-summary") || p.classes.includes("rb-score-line");
const where = (d) => `${d.where} ${d.x.game} ${JSON.stringify(d.x.request.action)}`;

test("the sample has the тренажёр's solutions, fouls that score, and points by a толкование", () => {
  assert.ok(DRAWN.filter((d) => d.where === "тренажёр").length >= 40);
  assert.ok(SAMPLE.some((x) => x.ruling.verdict === "foul" && x.ruling.points > 0), "a foul that still scores");
  assert.ok(SAMPLE.some((x) => x.source === "trainer" && x.kind === "score" && x.ruling.finished), "a won game's total asked");
});

test("a badge's or a section's label is not the label of the sentence right below it", () => {
  const bad = [];
  for (const d of DRAWN) {
    d.all.forEach((p, i) => {
      if (!p.classes.includes("rb-badge") && !p.classes.includes("rb-section-title")) return;
      const next = d.all.slice(i + 1).find(isSentence);
      const first = next ? sentences(next.text)[0] || "" : "";
      if (next && labelOf(first) && labelOf(first) === keyOf(p.text)) bad.push(`${where(d)}: «${p.text}» / «${first}»`);
    });
  }
  assert.deepEqual(bad.slice(0, 5), []);
});

test("a section's title does not say the badge's word again («НАРУШЕНИЕ» over «Нарушение»: a newcomer, the тренажёр)", () => {
  const bad = [];
  for (const d of DRAWN) {
    const badges = d.all.filter((p) => p.classes.includes("rb-badge")).map((p) => keyOf(p.text));
    for (const p of d.all.filter((q) => q.classes.includes("rb-section-title"))) {
      if (badges.includes(keyOf(p.text))) bad.push(`${where(d)}: «${p.text}»`);
    }
  }
  assert.ok(DRAWN.some((d) => d.where === "тренажёр" && d.all.some((p) => p.classes.includes("rb-badge") && keyOf(p.text) === "нарушение")),
    "a solution with a foul");
  assert.deepEqual(bad.slice(0, 5), []);
});

test("no sentence is said twice in all a ruling shows, on every screen (the walk's sentence-twice)", () => {
  // As tests/walk/screen_checks.py reads the screen: the innermost blocks, their sentences, whole.
  // «пробка»: the summary «Нарушение «е» (…) — штраф 3 очка. Аня: …» left, without its figures,
  // «Нарушение «е» (…).» — the foul under «Нарушение» word for word.
  const bad = [];
  for (const d of DRAWN) {
    const seen = new Map();
    // (A help line is no sentence of the ruling: here every citation says its text is on the page.)
    for (const p of d.all.filter((q) => ["P", "LI", "DD"].includes(q.tag) && !q.classes.includes("rb-help"))) {
      for (const s of p.text.split(/(?<=[.!?…])\s+/u)) {
        const norm = s.replace(/\s+/g, " ").replace(/^[—–\-•·\s]+/u, "").trim();
        if (norm.length >= 12 && /[.!?…]$/u.test(norm)) seen.set(norm, (seen.get(norm) || 0) + 1);
      }
    }
    for (const [s, n] of seen) if (n > 1) bad.push(`${where(d)}: ${n}× «${s}»`);
  }
  assert.deepEqual(bad.slice(0, 5), []);
});

test("no sentence of the headline is a piece of a line of «почему» below it (said there with its citation)", () => {
  // «Кладка», a double hit: «Штраф +1 удар (двойной удар).» over «Штраф +1 удар (двойной удар): штраф
  // приписывается к ударам игрока.», «На столе 13 шаров.» over «Упало в лузы: 1 шар; на столе 13 шаров.»
  const key = (t) => t.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").replace(/[\s.!?…;]+$/u, "").trim();
  const bad = [];
  let checked = 0;
  for (const d of DRAWN) {
    const summary = d.all.filter((p) => p.classes.includes("rb-summary") && !p.classes.includes("rb-line-what"));
    const lines = d.all.filter((p) => p.tag === "LI");
    const pieces = new Set(lines.flatMap((p) => sentences(p.text)).flatMap((s) => s.split(/;\s+/u))
      .flatMap((part) => [part, ...part.split(/:\s+/u).slice(0, 2)]).map(key).filter((k) => k.length >= 8));
    for (const p of summary) {
      for (const s of sentences(p.text)) {
        checked += 1;
        if (pieces.has(key(s))) bad.push(`${where(d)}: «${s}»`);
      }
    }
  }
  assert.ok(checked > 100, `${checked} sentences checked`);
  assert.deepEqual(bad.slice(0, 5), []);
});

test("a ruling's line names each толкование once", () => {
  const bad = [];
  for (const d of DRAWN) {
    const ids = d.line.filter((p) => p.classes.includes("rb-ref--tolkovanie")).map((p) => p.href);
    if (new Set(ids).size !== ids.length) bad.push(`${where(d)}: ${d.line.map((p) => p.text).join(" · ")}`);
  }
  assert.deepEqual(bad.slice(0, 5), []);
});

/** How many parts state the points shown beside the badge («+14 очков»; «14 очков засчитаны»;
 * a penalty «−2 очка», «штраф 2 очка»). */
function pointsSaid(d) {
  const shown = d.all.find((p) => p.classes.includes("rb-points"));
  if (!shown || !/^[+−]/u.test(shown.text)) return 0;
  const q = shown.text.slice(1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const said = shown.text.startsWith("+")
    ? new RegExp(`(^|[^\\d+])(\\+${q}|${q} засчитан|приз ${q})(?![\\dА-Яа-яЁё])`, "iu")
    : new RegExp(`(^|[^\\d])(−${q}|штраф ${q})(?![\\dА-Яа-яЁё])`, "iu");
  return d.all.filter((p) => said.test(p.text)).length;
}

/** How many parts state player i's total after the ruling. */
function totalSaid(d, score, i) {
  const { ruling } = d.x;
  const name = `Игрок ${i + 1}`;
  const total = ruling.scores[i];
  const q = quantity(total, score.forms);
  const named = new RegExp(`(^|[^\\dА-Яа-яЁё])${name}(: | — )${q}(?![\\d])`, "u");
  const shooter = i === ruling.player;
  let count = d.where === "тренажёр" && d.x.kind === "score" && shooter ? 1 : 0; // «Правильный ответ: 66 очков»
  for (const p of d.all) {
    if (p.classes.includes("rb-quiz-right")) continue;
    if (named.test(p.text)) count += 1;
    else if (shooter && p.classes.includes("rb-score-line") && p.text.endsWith(q)) count += 1;
    else if (shooter && p.classes.includes("rb-before-after") && p.text.endsWith(`→\u00a0${num(total)}`)) count += 1;
    else if (p.classes.includes("rb-points-other") && p.text.startsWith(`${name}:`) && p.text.endsWith(`→\u00a0${num(total)}`)) count += 1;
  }
  return count;
}

test("the points and each player's total are said once in all a ruling shows", () => {
  const bad = [];
  for (const d of DRAWN) {
    const score = d.x.score;
    if (!score || !Array.isArray(d.x.ruling.scores)) continue;
    const points = pointsSaid(d);
    if (points > 1) bad.push(`${where(d)}: the points ${points} times`);
    d.x.ruling.scores.forEach((_, i) => {
      const times = totalSaid(d, score, i);
      if (times > 1) bad.push(`${where(d)}: Игрок ${i + 1}'s total ${times} times: ${d.all.map((p) => p.text).join(" · ")}`);
    });
  }
  assert.deepEqual(bad.slice(0, 5), []);
});

test("«Кайза»: a foul that still scores says the points are the shooter's and what the foul cost", () => {
  const foul = { kind: "shot", verdict: "foul", foul: true, player: 0, next_player: 1, finished: false, points: 12 };
  const score = { forms: ["очко", "очка", "очков"], lower_wins: false };
  assert.equal(pointsNote(foul, 12, score), "засчитаны, ход переходит");
  assert.equal(pointsNote(foul, 12, score, "Свой биток упал в лузу. Следующий удар: Игрок 2."), "засчитаны",
    "who plays next is said beside it");
  assert.equal(pointsNote({ ...foul, next_player: 0 }, 12, score), "засчитаны");
  assert.equal(pointsNote(foul, 0, score), "", "nothing gained: nothing to explain");
  assert.equal(pointsNote({ ...foul, verdict: "points", foul: false }, 12, score), "");
  assert.equal(pointsNote({ ...foul, verdict: "win", finished: true, winner: 0 }, 12, score), "", "a win's badge is no foul");
  assert.equal(pointsNote(foul, 1, { forms: ["удар", "удара", "ударов"], lower_wins: true }), "",
    "«Кладка»: a penalty stroke is the foul's cost");
  const scoring = DRAWN.filter((d) => d.x.ruling.verdict === "foul" && (d.x.ruling.points || 0) > 0 && d.line.length
    && d.x.score && !d.x.score.lower_wins);
  assert.ok(scoring.length > 0);
  // The note follows the scores it speaks of: «+12 очков · 15 → 27 · засчитаны, ход переходит»; before them it
  // read «ход переходит 15 → 27», as if the turn went from 15 to 27 (a newcomer).
  for (const d of scoring) {
    const at = d.line.findIndex((p) => p.classes.includes("rb-points"));
    const arrow = d.line.findIndex((p, i) => i > at && /→/u.test(p.text));
    const note = d.line.findIndex((p) => p.classes.includes("rb-score-reason") && p.text.startsWith("засчитаны"));
    assert.ok(at >= 0 && arrow > at && note === arrow + 1, `${where(d)}: ${d.line.map((p) => p.text).join(" · ")}`);
  }
});

test("the тренажёр's «66 очков»: the answer says the total, the solution does not again", () => {
  const won = DRAWN.find((d) => d.where === "тренажёр" && d.x.kind === "score" && d.x.ruling.finished);
  assert.ok(won);
  const q = won.x.answer_text;
  assert.equal(won.all.filter((p) => p.text.includes(q)).length, 1, won.all.map((p) => p.text).join(" · "));
});

test("the last ruling's line says no sentence the status line right above it says", () => {
  // «По часовой»: «Очередной шар — 4, луза — …» stood in the status line and in the line under it.
  const lines = DRAWN.filter((d) => d.where === "счёт партии" && d.x.status);
  assert.ok(lines.some((d) => d.x.game === "po-chasovoy"));
  const bad = [];
  for (const d of lines) {
    const status = new Set(sentences(d.x.status).map(sentenceKey));
    const said = d.line.filter((p) => p.classes.includes("rb-summary")).flatMap((p) => sentences(p.text));
    for (const s of said) if (status.has(sentenceKey(s))) bad.push(`${where(d)}: «${s}»`);
  }
  assert.deepEqual(bad.slice(0, 5), []);
});

test("a total left out takes its bracketed words and a name left alone before a comma with it", () => {
  // «Кладка» in the calculator: «Игрок 1, на столе 13 шаров», «Игрок 1 (из них 1 штрафной), на столе 15 шаров».
  const bad = [];
  for (const d of DRAWN) {
    const names = (d.x.ruling.scores || []).map((_, i) => `Игрок ${i + 1}`);
    for (const p of d.all.filter((q) => q.classes.includes("rb-summary"))) {
      for (const s of sentences(p.text)) {
        if (names.some((n) => s.startsWith(`${n}, `) || s.startsWith(`${n} (`))) bad.push(`${where(d)}: «${s}»`);
      }
    }
  }
  assert.ok(DRAWN.some((d) => d.x.game === "kladka-kiem" && d.where === "калькулятор"));
  assert.deepEqual(bad.slice(0, 5), []);
});

test("a line and its «почему» say «по толкованию» and «по внешнему источнику» once each", () => {
  // «Кайза»'s yellow in a middle pocket: marked beside the points, then again as tags once «почему» opened.
  const bad = [];
  for (const d of DRAWN.filter((x) => x.where !== "тренажёр")) {
    for (const words of ["по толкованию", "по внешнему источнику"]) {
      const times = d.all.filter((p) => p.text.trim() === words).length;
      if (times > 1) bad.push(`${where(d)}: «${words}» ${times} times`);
    }
  }
  assert.deepEqual(bad.slice(0, 5), []);
});

test("no line of «почему» opens with the label its card's badge says", () => {
  const bad = [];
  for (const d of DRAWN) {
    const badge = d.all.find((p) => p.classes.includes("rb-badge"));
    const title = d.all.findIndex((p) => p.classes.includes("rb-section-title") && p.text === "Почему");
    if (!badge || title < 0) continue;
    for (const p of d.all.slice(title + 1).filter((q) => q.tag === "LI")) {
      if (labelOf(sentences(p.text)[0] || "") === keyOf(badge.text)) bad.push(`${where(d)}: «${badge.text}» / «${p.text}»`);
    }
  }
  assert.deepEqual(bad.slice(0, 5), []);
});

test("«почему» links each clause once: a line whose clauses are linked above joins that line", () => {
  const bad = [];
  let joined = 0;
  for (const d of DRAWN) {
    const title = d.all.findIndex((p) => p.classes.includes("rb-section-title") && p.text === "Почему");
    if (title < 0) continue;
    const end = d.all.findIndex((p, i) => i > title && (p.classes.includes("rb-section-title") || p.tag === "SUMMARY"));
    const links = d.all.slice(title + 1, end < 0 ? undefined : end).filter((p) => p.tag === "A").map((p) => p.href);
    if (new Set(links).size !== links.length) bad.push(`${where(d)}: ${links.join(" ")}`);
    const why = d.x.ruling.why || [];
    if (new Set(why.map((w) => (w.cites || []).join())).size < why.length) joined += 1;
  }
  assert.ok(joined > 0, "the sample has a ruling whose «почему» cites the same clauses twice");
  assert.deepEqual(bad.slice(0, 5), []);
});

test("«Кладка», a double hit: the foul the line's § names («Двойной удар: …») is not said again behind «почему»", () => {
  const game = describe("kladka-kiem");
  /** @type {Record<string, {kind: string, title: string}>} */
  const refs = {};
  for (const [kind, list] of [["clause", game.clauses], ["tolkovanie", game.tolkovaniya], ["outside", game.outside || []]]) {
    for (const c of list) refs[c.id] = { kind, title: c.title };
  }
  const state = api({ op: "match.new", game: "kladka-kiem", players: ["Аня", "Борис"] }).state;
  const first = { type: "shot", opening: "break", potted: 2 };
  const out = api({ op: "match.play", state: { ...state, actions: [first] }, action: { type: "shot", potted: 1, double_hit: true } });
  assert.ok(out.ok, JSON.stringify(out));
  const root = renderRulingLine({ ruling: out.ruling, refs, score: { forms: ["удар", "удара", "ударов"], lower_wins: true },
    names: ["Аня", "Борис"], shown: out.view.status });
  const line = textParts(root.children[0]).map((p) => p.text).join(" ");
  assert.ok(line.includes("§ Двойной удар"), line);
  const why = textParts(root).slice(textParts(root.children[0]).length).map((p) => p.text);
  assert.ok(!why.some((t) => sentences(t).includes("Двойной удар.")), why.join(" | "));
  assert.ok(why.some((t) => t.includes("штраф приписывается к ударам игрока")), why.join(" | "));
});

test("points resting on a толкование and an outside fact: «по толкованию и по внешнему источнику», not run together", () => {
  for (const d of DRAWN) {
    const texts = d.line.map((p) => p.text);
    const at = texts.indexOf("по внешнему источнику");
    if (at < 0 || !texts.includes("по толкованию")) continue;
    assert.deepEqual(texts.slice(at - 2, at + 1), ["по толкованию", "и", "по внешнему источнику"], where(d));
  }
  // «Кайза»: a yellow into a middle pocket scores by the outside fact kaiza-o-yellow and a толкование.
  const game = describe("kaiza");
  const refs = {};
  for (const [kind, list] of [["clause", game.clauses], ["tolkovanie", game.tolkovaniya], ["outside", game.outside || []]]) {
    for (const c of list) refs[c.id] = { kind, title: c.title };
  }
  const state = api({ op: "match.new", game: "kaiza", players: ["Аня", "Борис"] }).state;
  const yellow = { type: "shot", ball: "yellow", pocket: "right-middle" };
  const out = api({ op: "match.play", state: { ...state, actions: [{ type: "shot", contact: false }, yellow] }, action: yellow });
  assert.ok(out.ok, JSON.stringify(out));
  const root = renderRulingLine({ ruling: out.ruling, refs, score: { forms: ["очко", "очка", "очков"] }, names: ["Аня", "Борис"],
    shown: out.view.status });
  const texts = textParts(root.children[0]).map((p) => p.text);
  const at = texts.indexOf("по внешнему источнику");
  assert.ok(at >= 2, texts.join(" | "));
  assert.deepEqual(texts.slice(at - 2, at + 1), ["по толкованию", "и", "по внешнему источнику"], texts.join(" | "));
});
