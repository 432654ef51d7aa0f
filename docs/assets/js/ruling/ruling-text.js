// @ts-check
// What a ruling shows, as text, without the DOM: the one-line verdict (the
// calculator's and the scorekeeper's) and the explanation behind «почему».
// Every sentence is shown once: the explanation leaves out a sentence the line
// already says, and a foul or a «почему» line that repeats the headline.
// ruling.js and ruling-line.js draw exactly these texts; tests/js check them
// over rulings made by the engine.

/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").Score} Score */
/** @typedef {{ text: string, cites: string[] }} WhyText */
/** @typedef {{ text: string, clause: string | null, tolkovanie?: string | null }} FoulText */

// [tone, badge] of a ruling. `score` is the game's score declaration (null:
// the text defines no score, so no "points" wording at all). The engine's
// `verdict` (the main event, ARCHITECTURE.md «The JSON API») decides when present; older
// rulings are read from their fields.
/** @type {Record<string, [string, string]>} */
const VERDICT = {
  win: ["win", "Победа"], loss: ["end", "Проигрыш"], decision: ["decision", "Нужен выбор"], foul: ["foul", "Нарушение"],
};
/** @param {Ruling} ruling @param {Readonly<Score> | null} score @returns {[string, string]} */
export function verdict(ruling, score) {
  const inPoints = Boolean(score && score.forms[0] === "очко");
  if (ruling.kind === "decision") return ["decision", "Решение"];
  if (ruling.verdict && VERDICT[ruling.verdict]) {
    if (ruling.verdict === "win" && ruling.winner !== ruling.player) return ["end", "Партия окончена"];
    return VERDICT[ruling.verdict];
  }
  if (ruling.verdict === "points" && score) return ["ok", inPoints ? "Очки засчитаны" : "Засчитано"];
  if (ruling.verdict === "no_points" && score) return ["neutral", inPoints ? "Без очков" : "Счёт не изменился"];
  if (ruling.verdict === "info" || (ruling.verdict && !score)) return ["neutral", "Записано"];
  if (ruling.decision) return ["decision", "Нужен выбор"];
  if (ruling.foul) return ["foul", "Нарушение"];
  if (ruling.finished && ruling.winner !== null && ruling.winner === ruling.player) return ["win", "Победа"];
  if (ruling.finished) return ["end", "Партия окончена"];
  if (!score) return ["neutral", "Записано"];
  if ((ruling.points || 0) > 0) return ["ok", inPoints ? "Очки засчитаны" : "Засчитано"];
  return ["neutral", inPoints ? "Без очков" : "Счёт не изменился"];
}

// The clause that decided the main event: the engine's `basis` when it
// names one, else the first foul's clause, else the first clause cited.
/** @param {Ruling} ruling @returns {string | null} */
export function basisOf(ruling) {
  if (ruling.basis) return ruling.basis;
  const foul = (ruling.fouls || []).find((f) => f.clause || f.tolkovanie);
  if (foul) return foul.clause || foul.tolkovanie || null;
  return (ruling.clauses || [])[0] || null;
}

/**
 * The sentences of a text: split after «.», «!», «?» or «…» before a capital,
 * a digit or an opening quote or bracket.
 * @param {string} text @returns {string[]}
 */
export function sentences(text) {
  return String(text || "").split(/(?<=[.!?…])\s+(?=[А-ЯЁA-Z0-9«(])/u).map((s) => s.trim()).filter(Boolean);
}

/** A short leading label of a sentence («Фол: », «Нарушение: »). */
const LEADING_LABEL = /^[а-яёa-z ]{2,24}:\s+/iu;

/**
 * What makes two sentences the same: case, «ё», the closing stop and a short
 * leading label («Фол: », «Нарушение: ») do not count.
 * @param {string} sentence @returns {string}
 */
export function sentenceKey(sentence) {
  const plain = plainSentence(sentence);
  const unlabelled = plain.replace(LEADING_LABEL, "");
  return unlabelled.length >= 8 ? unlabelled : plain;
}

/** A sentence without case, «ё», runs of spaces or its closing stop. @param {string} sentence */
function plainSentence(sentence) {
  return sentence.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").replace(/[\s.!?…;]+$/u, "").trim();
}

/**
 * The part of `text` not yet said: its sentences whose key is not in `seen`
 * (each kept one is added to `seen`), joined again; "" when all were said.
 * @param {string} text @param {Set<string>} seen @returns {string}
 */
function unsaid(text, seen) {
  const kept = [];
  for (const s of sentences(text)) {
    const keys = sentenceKeys(s);
    if (keys.some((key) => seen.has(key)) || partsSaid(s, seen) || saidWithin(s, seen)) continue;
    keys.forEach((key) => seen.add(key));
    kept.push(s);
  }
  return kept.join(" ");
}

/** Below this many letters a sentence found inside another may be another fact («очков нет»). */
const WITHIN_LEAST = 12;

/**
 * Whether a sentence was said inside a longer one already said: the foul «Биток упал
 * в лузу.» in «Поражение: Игрок 1 — три нарушения подряд (последнее — биток упал в
 * лузу).» (a newcomer read it three times in the calculator, 6 Dec).
 * @param {string} sentence @param {Set<string>} seen
 */
function saidWithin(sentence, seen) {
  const key = sentenceKey(sentence);
  if (key.length < WITHIN_LEAST) return false;
  for (const said of seen) if (said.length > key.length && said.includes(key)) return true;
  return false;
}

/**
 * Every key a sentence is known by: its sentenceKey, and for «A: B» also its
 * two parts in either order, so «Очков нет: шар не упал» and «Шар не упал:
 * очков нет» are one fact said twice (both parts must be the same).
 * @param {string} sentence @returns {string[]}
 */
export function sentenceKeys(sentence) {
  const key = sentenceKey(sentence);
  const parts = plainSentence(sentence).split(/:\s+/u);
  if (parts.length !== 2) return [key];
  return [key, parts.map((p) => p.trim()).sort().join(" | ")];
}

/**
 * Whether a sentence of several parts joined by «;» says only what was said: «Фол:
 * превышено 90 очков (…); биток упал в лузу.» beside the fouls «Превышено 90 очков (…).»
 * and «Биток упал в лузу.» (the тренажёр said both twice; a newcomer, 6 Dec).
 * @param {string} sentence @param {Set<string>} seen
 */
function partsSaid(sentence, seen) {
  const parts = sentenceParts(sentence);
  return parts.length > 1 && parts.every((part) => seen.has(sentenceKey(part)));
}

/**
 * The keys of every sentence of the texts, and of each part of a sentence joined
 * by «;» (a line saying «Ошибка при кладке шара; очков за удар нет…» says the foul
 * «Ошибка при кладке шара.»). @param {string[]} texts @returns {Set<string>}
 */
function keysOf(texts) {
  return new Set(texts.flatMap(sentences).flatMap((s) => [...sentenceKeys(s), ...sentenceParts(s).map(sentenceKey)]));
}

/**
 * The parts of a sentence joined by «;» outside brackets («Фол: A (x; y); B» ->
 * «Фол: A (x; y)», «B»); one part when there is no such «;». @param {string} sentence @returns {string[]}
 */
export function sentenceParts(sentence) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < sentence.length; i += 1) {
    const c = sentence[i];
    depth += c === "(" ? 1 : c === ")" && depth > 0 ? -1 : 0;
    if (c === ";" && depth === 0 && /\s/u.test(sentence[i + 1] || "")) {
      parts.push(sentence.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(sentence.slice(start).trim());
  return parts.filter(Boolean);
}

/**
 * The text without a bracketed phrase that a § link beside it names: «Биток не коснулся ни одного шара
 * (промах при счёте ниже 100 — не фол).» beside «толкование: Промах при счёте ниже 100 — не фол».
 * @param {string} text @param {string[]} linked the links' names (ruling-line.js linkedNames)
 */
export function withoutLinked(text, linked) {
  const names = new Set(linked.map((n) => n.toLowerCase()));
  return text.replace(/ \(([^()]+)\)/gu, (whole, inner) => (names.has(inner.toLowerCase()) ? "" : whole));
}

/**
 * The text without the sentences `shown` says (the status line right above the last
 * ruling: «Очередной шар — 4, луза — …» stood in both). @param {string} text @param {string} shown
 */
export function withoutShown(text, shown) {
  return shown ? unsaid(text, keysOf([shown])) : text;
}

/**
 * The explanation of a ruling, each sentence once, in the order shown: the
 * headline, the fouls (with their clauses), «почему» (with its citations).
 * `said`: what is already on screen (the line): left out everywhere. A foul
 * keeps its sentence (it stands beside its clause): the headline leaves it
 * out, and «почему» leaves out what the fouls or the headline said; the headline
 * leaves a sentence that a line of «почему» says as a piece of its own, with its
 * citation («Штраф +1 удар (двойной удар).» of «Штраф +1 удар (двойной удар): штраф
 * приписывается к ударам игрока.», «На столе 13 шаров.» of «Упало в лузы: 1 шар; на
 * столе 13 шаров.»: «Кладка», each said twice behind «почему», newcomer 2026-12-07-c).
 * @param {Ruling} ruling @param {{ said?: string[] }} [how]
 * @returns {{ summary: string, fouls: FoulText[], why: WhyText[] }}
 */
export function explanationText(ruling, { said = [] } = {}) {
  const seen = keysOf(said);
  /** @type {FoulText[]} */
  const fouls = [];
  for (const f of ruling.fouls || []) {
    const text = unsaid(f.text || "", seen);
    if (text) fouls.push({ text, clause: f.clause || null, tolkovanie: f.tolkovanie || null });
  }
  const summary = unsaid(ruling.summary || "", seen);
  const lines = Array.isArray(ruling.why) && ruling.why.length
    ? ruling.why : (ruling.lines || []).map((text) => ({ text, cites: [] }));
  /** @type {WhyText[]} */
  const why = [];
  for (const line of lines) {
    const text = unsaid(line.text || "", seen);
    if (text) why.push({ text, cites: line.cites || [] });
  }
  return { summary: withoutPiecesOf(summary, why.map((w) => w.text)), fouls, why };
}

/**
 * The text without the sentences that `others` say as a piece of a sentence: a part
 * joined by «;», or a side of a part's «A: B».
 * @param {string} text @param {string[]} others @returns {string}
 */
export function withoutPiecesOf(text, others) {
  const parts = others.flatMap(sentences).flatMap(sentenceParts);
  const pieces = new Set(parts.flatMap((part) => [part, ...part.split(/:\s+/u).slice(0, 2)]).map(sentenceKey));
  return sentences(text).filter((s) => !pieces.has(sentenceKey(s))).join(" ");
}

/**
 * The fouls whose text `said` (the line) says in full: behind «почему» they
 * are left out (explanationText), so the line cites them.
 * @param {Ruling} ruling @param {string[]} said @returns {NonNullable<Ruling["fouls"]>}
 */
export function saidFouls(ruling, said) {
  const seen = keysOf(said);
  return (ruling.fouls || []).filter((f) => {
    const each = sentences(f.text || "");
    return each.length > 0 && each.every((s) => sentenceKeys(s).some((k) => seen.has(k)) || saidWithin(s, seen));
  });
}

/**
 * The calculator's line says what happened and what follows: the engine's
 * headline (the reason, the points, the score after, who plays next).
 * The scorekeeper's line leaves what follows to its board and its status
 * line, and says what happened only where its score parts say nothing
 * (`scored`: the game keeps a score): a foul that changed no score says the
 * foul; a game with no score says the whole headline, what happened and what
 * follows (the next ball and its pocket: that game's «score now», which the
 * line under the board keeps in view when the status above it is scrolled
 * under the bars).
 * @param {Ruling} ruling @param {{ standalone?: boolean, scored?: boolean }} [how] @returns {string}
 */
export function lineHeadline(ruling, { standalone = false, scored = true } = {}) {
  if (ruling.kind === "decision") return "";
  if (standalone) return String(ruling.summary || "");
  if (ruling.decision) return "";
  if (!scored) return String(ruling.summary || "");
  if (!scoreUnchanged(ruling)) return "";
  // No points and no foul: the board says it all, unless the shooter lost the next shot — then the
  // summary's first sentence, what happened and what it costs («Без очков» alone hid «Зоя лишается
  // следующего удара (прицельный шар за бортом)» behind «почему»: a newcomer, «Кайза»).
  if (!ruling.foul) return ruling.extra?.lost_next_shot ? sentences(String(ruling.summary || ""))[0] || "" : "";
  return foulsAndWhatFollows(unsaid((ruling.fouls || []).map((f) => f.text || "").join(" "), new Set()),
    String(ruling.summary || ""));
}

/**
 * The fouls as the headline's first sentence says them when it says every one
 * of them and goes on with what follows («Ошибка при кладке шара; очков за удар
 * нет (…), переходить сопернику нечему»): a foul that changed no score then says
 * its consequence, not only its name. Else the fouls as they are.
 * @param {string} fouls @param {string} summary @returns {string}
 */
export function foulsAndWhatFollows(fouls, summary) {
  const [head = "", ...rest] = sentences(summary);
  const first = head.replace(LEADING_LABEL, "");
  const told = plainSentence(first);
  const each = sentences(fouls).map(plainSentence);
  const saysEvery = each.length > 0 && told.startsWith(each[0]) && each.every((f) => told.includes(f));
  if (!saysEvery) return fouls;
  if (told.length > each.join("; ").length) return first.charAt(0).toUpperCase() + first.slice(1);
  // The first sentence names the fouls only: what follows is the summary's next sentences, less
  // whose turn it is (the board says it): «Промах — … Размер штрафа текст не называет:
  // счёт не меняется.» («Кайза»: a bare foul with the score unchanged read as a penalty forgotten).
  // Each foul by its name, when its text goes on to define it («Промах — биток не коснулся ни одного
  // шара.» -> «Промах.»): the definition stands behind «почему», and the line keeps to four rows (six
  // rows of it pushed the drawing 45 px down: the usability bench, «Кайза»).
  return [...sentences(fouls).map(foulName), ...rest.filter((s) => !TURN_SENTENCE.test(s))].join(" ");
}

/** A foul's sentence «Имя — определение.» as «Имя.» (a name of a few words); any other as it is. @param {string} sentence */
export function foulName(sentence) {
  const m = /^([^—:.]{2,24}) — \S.*$/u.exec(sentence);
  return m ? `${m[1]}.` : sentence;
}

/** A summary's sentence on whose turn it is next. */
const TURN_SENTENCE = /^(Следующий удар|Снова бьёт|Серия продолжается)/u;

/**
 * Every score the ruling changed, before and after (the engine's
 * extra.scores_before; else the shooter's extra.score_before), or null when
 * the ruling does not say what the scores were.
 * @param {Ruling} ruling @returns {{ player: number, before: number, after: number }[] | null}
 */
export function scoreChanges(ruling) {
  const after = ruling.scores || [];
  const extra = ruling.extra || {};
  const before = extra.scores_before;
  if (Array.isArray(before) && before.length === after.length) {
    return after.map((value, player) => ({ player, before: Number(before[player]), after: Number(value) }))
      .filter((c) => c.before !== c.after);
  }
  const p = ruling.player;
  if (typeof extra.score_before === "number" && typeof p === "number" && typeof after[p] === "number") {
    return extra.score_before === after[p] ? [] : [{ player: p, before: extra.score_before, after: after[p] }];
  }
  return null;
}

/** No score moved (and no points given): the line's score parts say nothing. @param {Ruling} ruling */
function scoreUnchanged(ruling) {
  const changes = scoreChanges(ruling);
  return !ruling.points && (changes === null || changes.length === 0);
}

/**
 * The choice a ruling leaves, as the calculator's line asks it (the
 * scorekeeper asks with buttons), unless the headline already asks it.
 * @param {Ruling} ruling @param {string} headline @returns {string}
 */
export function lineQuestion(ruling, headline) {
  const question = (ruling.decision && ruling.decision.question) || "";
  return unsaid(question, keysOf([headline]));
}

/**
 * Every sentence a ruling shows in its line and behind «почему» (the same
 * texts ruling-line.js draws), in order.
 * @param {Ruling} ruling @param {{ standalone?: boolean, scored?: boolean }} [how] @returns {string[]}
 */
export function shownSentences(ruling, { standalone = false, scored = true } = {}) {
  const head = lineHeadline(ruling, { standalone, scored });
  const question = standalone ? lineQuestion(ruling, head) : "";
  const { summary, fouls, why } = explanationText(ruling, { said: [head, question].filter(Boolean) });
  return [head, question, summary, ...fouls.map((f) => f.text), ...why.map((w) => w.text)].flatMap(sentences);
}
