// What a ruling shows (ruling-text.js, drawn by ruling.js and ruling-line.js),
// checked over rulings the engine makes (tests/js/ruling_sample.py: random
// calculator requests and random matches of every game): no sentence is shown
// twice, and the calculator's folded line says what happened.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

import { ROOT, api } from "./engine.mjs";
import { scorePieces } from "../../docs/assets/js/ruling/ruling-parts.js";
import { POINTS_SCORE, signedQuantity } from "../../docs/assets/js/lib/ru.js";
import {
  explanationText, foulName, foulsAndWhatFollows, lineHeadline, sentenceKey, sentenceKeys, sentenceParts, sentences, shownSentences,
  withoutLinked,
} from "../../docs/assets/js/ruling/ruling-text.js";

const PYTHON = existsSync(join(ROOT, ".venv", "bin", "python")) ? join(ROOT, ".venv", "bin", "python") : "python3";
const SAMPLE = JSON.parse(execFileSync(PYTHON, [join(ROOT, "tests", "js", "ruling_sample.py"), "40", "26"],
  { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).toString());

/** The first sentence shown twice (in the same words, or its two parts swapped), or null. */
function repeated(list) {
  const seen = new Map();
  for (const s of list) {
    const keys = sentenceKeys(s);
    const first = keys.find((key) => seen.has(key));
    if (first) return [seen.get(first), s];
    keys.forEach((key) => seen.set(key, s));
  }
  return null;
}

test("the sample covers every game with a tool, its calculator and its matches", () => {
  const games = new Set(SAMPLE.map((x) => x.game));
  assert.ok(games.size >= 6, [...games].join(", "));
  assert.ok(SAMPLE.filter((x) => x.source === "calculator").length >= 200);
  assert.ok(SAMPLE.filter((x) => x.source === "match").length >= 100);
  assert.ok(SAMPLE.some((x) => x.ruling.foul), "the sample has fouls");
});

for (const standalone of [true, false]) {
  const where = standalone ? "the calculator" : "the scorekeeper";
  test(`${where}: no sentence of a ruling is shown twice (line and «почему»)`, () => {
    const bad = [];
    for (const { game, request, ruling, scored } of SAMPLE) {
      const twice = repeated(shownSentences(ruling, { standalone, scored }));
      if (twice) bad.push(`${game} ${JSON.stringify(request.action)}: «${twice[0]}» / «${twice[1]}»`);
    }
    assert.deepEqual(bad.slice(0, 5), []);
  });
}

/** The keys of a line's sentences and of their parts joined by «;». @param {string} line */
function saidKeys(line) {
  return sentences(line).flatMap((s) => [sentenceKey(s), ...sentenceParts(s).map(sentenceKey)]);
}

test("the calculator's folded line says what happened and what follows", () => {
  for (const { game, ruling } of SAMPLE) {
    if (ruling.kind === "decision") continue;
    const line = lineHeadline(ruling, { standalone: true });
    // The reason: the engine's headline, and for a foul, the foul itself.
    assert.ok(line && sentences(ruling.summary).every((s) => line.includes(s)), `${game}: ${line}`);
    for (const foul of ruling.fouls || []) {
      const said = saidKeys(line);
      const text = sentences(foul.text).map(sentenceKey);
      const behind = explanationText(ruling, { said: [line] }).fouls.map((f) => f.text);
      // A foul the headline does not word itself (whole, or inside a longer sentence: «…(последнее —
      // биток упал в лузу)») is shown behind «почему», never lost.
      const plain = line.toLowerCase().replace(/ё/g, "е");
      const worded = (/** @type {string} */ k) => said.includes(k) || (k.length >= 12 && plain.includes(k));
      assert.ok(text.every(worded) || behind.some((t) => foul.text.includes(t)), `${game}: ${foul.text}`);
    }
  }
});

test("the scorekeeper's line says what happened where its score parts say nothing", () => {
  let fouls = 0;
  let unscored = 0;
  for (const { game, ruling, scored, source } of SAMPLE) {
    if (source !== "match" || ruling.kind === "decision" || ruling.decision) continue;
    const line = lineHeadline(ruling, { scored });
    const still = !ruling.points && (ruling.scores || []).every((v, i) => v === (ruling.extra?.scores_before || ruling.scores)[i]);
    if (!scored) {
      unscored += 1;
      // What happened and what follows (the next ball and pocket): there is no score to show instead.
      assert.equal(line, ruling.summary, `${game}: ${ruling.summary}`);
    } else if (ruling.foul && still) {
      fouls += 1;
      // Each foul in its own words, alone or as a part of a sentence «A; B» that goes on with what follows —
      // or by its name, «Промах.» for «Промах — биток не коснулся ни одного шара.» (the definition behind «почему»).
      const said = saidKeys(line);
      for (const foul of ruling.fouls) {
        assert.ok(sentences(foul.text).every((s) => said.includes(sentenceKey(s)) || said.includes(sentenceKey(foulName(s)))),
          `${game}: «${line}» lacks «${foul.text}»`);
      }
    } else if (!ruling.foul && still && ruling.extra?.lost_next_shot) {
      // No points, no foul, and the next shot lost: the summary's first sentence says what it costs
      // («Кайза», a ball off the table: «лишается следующего удара» stood behind «почему»; a newcomer).
      assert.equal(line, sentences(ruling.summary)[0], `${game}: ${ruling.summary}`);
      assert.match(line, /лишается/u, `${game}: ${ruling.summary}`);
    } else if (!ruling.foul) {
      assert.equal(line, "", `${game}: the board says the points`);
    }
  }
  assert.ok(unscored >= 10 && fouls >= 5, `${unscored} unscored rulings, ${fouls} fouls that changed no score`);
});

test("«Кайза», a ball off the table, no points and no foul: the line says the next shot is lost", () => {
  const answer = api({ op: "ruling", game: "kaiza", situation: {}, action: { type: "shot", contact: true, off_table: ["yellow"] } });
  assert.ok(answer.ok && !answer.ruling.foul && answer.ruling.points === 0, JSON.stringify(answer));
  assert.equal(lineHeadline(answer.ruling, { scored: true }),
    "Очков нет: ни один шар не сыгран в лузу и не заказан; Игрок 1 лишается следующего удара (прицельный шар за бортом).");
  // a plain shot without points: the board says it all
  const plain = api({ op: "ruling", game: "kaiza", situation: {}, action: { type: "shot", contact: true } });
  assert.equal(lineHeadline(plain.ruling, { scored: true }), "");
});

test("the line leaves out a bracketed phrase its § link names, and keeps any other", () => {
  const text = "Биток не коснулся ни одного шара (промах при счёте ниже 100 — не фол).";
  assert.equal(withoutLinked(text, ["Промах при счёте ниже 100 — не фол"]), "Биток не коснулся ни одного шара.");
  assert.equal(withoutLinked(text, ["Двойной удар"]), text);
  const kaiza = "Ни один шар не сыгран в лузу и не заказан; Зоя лишается следующего удара (прицельный шар за бортом).";
  assert.equal(withoutLinked(kaiza, ["Перед карамболем заказ обычно не делают; к основным очкам — дополнительные"]), kaiza);
});

test("«Пять шаров», a mistake with no points: the scorekeeper's line says what follows, not only the foul", () => {
  const ruling = {
    kind: "shot", player: 0, verdict: "foul", foul: true, points: 0, scores: [10, 0], basis: "pyat-sharov-mistake",
    summary: "Ошибка при кладке шара; очков за удар нет (заказанный красный шар в лузу не упал), переходить "
      + "сопернику нечему. Следующий удар: Борис.",
    fouls: [{ code: "mistake", clause: "pyat-sharov-mistake", text: "Ошибка при кладке шара." }],
    extra: { scores_before: [10, 0] },
  };
  assert.equal(lineHeadline(ruling, { scored: true }), "Ошибка при кладке шара; очков за удар нет (заказанный "
    + "красный шар в лузу не упал), переходить сопернику нечему.");
  // the foul is said by the line: «почему» does not list it again
  assert.deepEqual(explanationText(ruling, { said: [lineHeadline(ruling)] }).fouls, []);
  // «;» inside brackets does not part a sentence
  assert.deepEqual(sentenceParts("Фол: биток упал в лузу (левая; заказана правая); биток вылетел за борт."),
    ["Фол: биток упал в лузу (левая; заказана правая)", "биток вылетел за борт."]);
  // a headline that only joins the fouls adds nothing: the fouls stay as they are
  assert.equal(foulsAndWhatFollows("Биток не попал по единице. Биток задел шар 3.",
    "Фол: биток не попал по единице; биток задел шар 3. Следующий удар: Борис."), "Биток не попал по единице. Биток задел шар 3.");
});

test("«Ковбой», the third foul in a row in the calculator: the foul the headline says is not said again", () => {
  const ruling = {
    kind: "shot", player: 0, verdict: "loss", foul: true, points: 0, scores: [50, 0], basis: "kovboy-rule-8",
    summary: "Поражение: Игрок 1 — три нарушения подряд (последнее — биток упал в лузу). Победа: Игрок 2.",
    fouls: [{ code: "cue-pocketed", clause: "kovboy-rule-5", text: "Биток упал в лузу." }],
    why: [{ text: "Три нарушения подряд — поражение.", cites: ["kovboy-rule-8"] }],
    extra: { scores_before: [50, 0] },
  };
  const line = lineHeadline(ruling, { standalone: true });
  const behind = explanationText(ruling, { said: [line] });
  assert.deepEqual(behind.fouls, []);
  assert.equal(behind.summary, "");
});

test("«Кайза», a red from the 1st spot on the first shot: the scorekeeper's line names the foul", () => {
  const ruling = {
    kind: "shot", player: 0, verdict: "foul", foul: true, points: 0, scores: [0, 0], basis: "kaiza-first-shot",
    summary: "Нарушение: первым ударом партии нельзя класть в лузу красный шар с 1-й точки. Следующий удар: Борис.",
    fouls: [{ code: "first-shot", clause: "kaiza-first-shot", text: "Первым ударом партии нельзя класть в лузу красный шар с 1-й точки." }],
    extra: { scores_before: [0, 0] },
  };
  assert.equal(lineHeadline(ruling, { scored: true }), "Первым ударом партии нельзя класть в лузу красный шар с 1-й точки.");
  assert.deepEqual(explanationText(ruling, { said: [lineHeadline(ruling)] }).fouls, []);
});

test("«Ковбой», 88 and the 5 pocketed: the reason once, in the line; «почему» only adds", () => {
  const ruling = {
    kind: "shot", player: 0, verdict: "foul", foul: true, basis: "kovboy-rule-4",
    summary: "Фол: превышено 90 очков (88 + 5 = 93), а набрать нужно ровно 90. Следующий удар: Игрок 2.",
    fouls: [{ code: "over-90", clause: "kovboy-rule-4", text: "Превышено 90 очков (88 + 5 = 93), а набрать нужно ровно 90." }],
    why: [
      { text: "Превышено 90 очков (88 + 5 = 93), а набрать нужно ровно 90.", cites: ["kovboy-rule-4"] },
      { text: "Нарушение: серия окончена, очки не вычитаются.", cites: ["kovboy-penalty"] },
      { text: "На свою отметку выставляется шар 5.", cites: ["kovboy-rule-3"] },
    ],
  };
  const line = lineHeadline(ruling, { standalone: true });
  assert.match(line, /88 \+ 5 = 93/);
  assert.match(line, /Следующий удар: Игрок 2/);
  const behind = explanationText(ruling, { said: [line] });
  assert.equal(behind.summary, "");
  assert.deepEqual(behind.fouls, []);
  assert.deepEqual(behind.why.map((w) => w.text),
    ["Нарушение: серия окончена, очки не вычитаются.", "На свою отметку выставляется шар 5."]);
  const shown = shownSentences(ruling, { standalone: true });
  assert.equal(shown.filter((s) => /88 \+ 5 = 93/.test(s)).length, 1);
});

test("sentences are split at their stops, and compared without case, «ё» or a leading label", () => {
  assert.deepEqual(sentences("Фол: биток упал в лузу. 34 очка серии не засчитываются. Следующий удар: Игрок 2."),
    ["Фол: биток упал в лузу.", "34 очка серии не засчитываются.", "Следующий удар: Игрок 2."]);
  assert.equal(sentenceKey("Фол: биток упал в лузу."), sentenceKey("Биток упал в лузу"));
  assert.notEqual(sentenceKey("Игрок 1: 18 очков."), sentenceKey("Игрок 2: 18 очков."));
});

test("a sentence whose two parts are swapped is the same fact; one part alike is not", () => {
  const said = (a, b) => sentenceKeys(b).some((k) => sentenceKeys(a).includes(k));
  assert.ok(said("Очков нет: заказанный шар в лузу не упал.", "Заказанный шар в лузу не упал: очков нет."));
  assert.ok(!said("Шар 5: засчитан.", "Шар 5: не засчитан."));
  assert.ok(!said("Следующий удар: Борис.", "Следующий удар: Маша."));
  const ruling = { kind: "shot", summary: "Очков нет: заказанный шар в лузу не упал. Следующий удар: Борис.",
    why: [{ text: "Заказанный шар в лузу не упал: очков нет.", cites: ["pyat-sharov-task"] }] };
  assert.deepEqual(explanationText(ruling, { said: [ruling.summary] }).why, []);
});

for (const standalone of [true, false]) {
  test(`${standalone ? "the calculator" : "the scorekeeper"}: a line never says a zero (the badge or «88 → 88» says it)`, () => {
    const zero = signedQuantity(0, POINTS_SCORE.forms);
    const bad = [];
    for (const { game, request, ruling, scored } of SAMPLE) {
      if (!scored) continue;
      const pieces = scorePieces(ruling, POINTS_SCORE, null, standalone);
      if (pieces.some((p) => p.kind === "points" && p.text === zero)) bad.push(`${game} ${JSON.stringify(request.action)}`);
      const own = scoreChangesOwn(ruling);
      if (own && own.before !== own.after) assert.ok(pieces.some((p) => p.kind === "points"), `${game}: a change unsaid`);
    }
    assert.deepEqual(bad.slice(0, 5), []);
  });
}

/** The shooter's score before and after, when the ruling says them. */
function scoreChangesOwn(ruling) {
  const before = ruling.extra && ruling.extra.scores_before;
  if (!Array.isArray(before) || typeof ruling.player !== "number" || !Array.isArray(ruling.scores)) return null;
  return { before: before[ruling.player], after: ruling.scores[ruling.player] };
}

test("a summary sentence of fouls joined by «;» is not said again beside the fouls", async () => {
  // The тренажёр (a newcomer, 6 Dec): «Фол: превышено 90 очков (89 + 7 = 96), а набрать нужно ровно 90;
  // биток упал в лузу.» stood in the summary and both parts again under «Нарушения».
  const { api } = await import("./engine.mjs");
  const answer = api({ op: "ruling", game: "kovboy", situation: { score: 89 }, action: {
    type: "shot", contacts: [1, 5], pocketed: [1, 5], cue_ball: "pocket", cue_pocket: "near-left", cushion: true } });
  assert.ok(answer.ok, JSON.stringify(answer));
  const { summary, fouls } = explanationText(answer.ruling);
  assert.equal(fouls.length, 2);
  assert.ok(answer.ruling.summary.startsWith("Фол: превышено 90 очков"), answer.ruling.summary);
  assert.equal(summary, "Следующий удар: Игрок 2.");
  // A sentence with a part not said stays whole.
  const partly = explanationText({ ...answer.ruling, fouls: answer.ruling.fouls.slice(0, 1) });
  assert.ok(partly.summary.startsWith("Фол: превышено 90 очков"), partly.summary);
});

test("«Кайза», a miss in the scorekeeper: the line says why the score stays, and «почему» does not say it again", () => {
  const penalty = "Размер штрафа текст не называет: счёт не меняется.";
  const ruling = {
    kind: "shot", player: 0, verdict: "foul", foul: true, points: 0, scores: [6, 0], basis: "kaiza-t-miss",
    summary: `Нарушение: промах — биток не коснулся ни одного шара. ${penalty} Следующий удар: Дима.`,
    fouls: [{ code: "miss", clause: null, tolkovanie: "kaiza-t-miss", text: "Промах — биток не коснулся ни одного шара." }],
    why: [{ text: "Промах — биток не коснулся ни одного шара.", cites: ["kaiza-t-miss"], aspect: "foul" },
      { text: penalty, cites: ["kaiza-t-miss"], aspect: "penalty" },
      { text: "Засчитанного шара нет: ход переходит. Следующий удар: Дима.", cites: ["kaiza-t-series"], aspect: "turn" }],
    extra: { scores_before: [6, 0] },
  };
  const line = lineHeadline(ruling, { scored: true });
  // The foul by its name: its definition stays behind «почему» (the line keeps to four rows).
  assert.equal(line, `Промах. ${penalty}`);
  const behind = explanationText(ruling, { said: [line] });
  assert.ok(!behind.why.some((w) => w.text.includes("текст не называет")), JSON.stringify(behind));
  assert.ok(!behind.summary.includes("текст не называет"), behind.summary);
  assert.ok(behind.fouls.some((f) => f.text === "Промах — биток не коснулся ни одного шара."), JSON.stringify(behind));
});

test("a part of the count follows the points after a comma: «+2 удара, из них 1 штрафной»", async () => {
  const { api } = await import("./engine.mjs");
  const { ruling } = api({ op: "ruling", game: "kladka-kiem", situation: { strokes: 3, balls_left: 10 },
    action: { type: "shot", potted: 1, double_hit: true } });
  const score = { forms: ["удар", "удара", "ударов"] };
  const pieces = scorePieces(ruling, /** @type {any} */ (score), null, true);
  assert.equal(pieces[0].text, "+2 удара, из них 1 штрафной", JSON.stringify(pieces));
  assert.ok(!pieces.some((p) => p.text.startsWith("из них")), JSON.stringify(pieces));
});
