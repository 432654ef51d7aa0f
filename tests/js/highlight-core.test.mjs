// The search highlight on an opened page marks whole words (docs/assets/js/page/highlight-core.js):
// material marks the stem wherever it occurs; a word begun by it is marked to its end,
// a stem inside a word is not marked.
import assert from "node:assert/strict";
import { test } from "node:test";

import { wholeWordMarks } from "../../docs/assets/js/page/highlight-core.js";

/** The marks of a text as material made them: every occurrence of each stem, case-insensitive. */
const stemMarks = (text, stems) => {
  const marks = [];
  for (const stem of stems) {
    for (const m of text.matchAll(new RegExp(stem, "giu"))) marks.push([m.index, m.index + m[0].length]);
  }
  return marks;
};
const shown = (text, marks) => marks.map(([a, b]) => text.slice(a, b));

test("a stem is marked as the whole word it begins", () => {
  const text = "Игра с пробкой: штрафы и штрафных очков. Пробка сбита.";
  assert.deepEqual(shown(text, wholeWordMarks(text, stemMarks(text, ["пробк", "штраф"]))),
    ["пробкой", "штрафы", "штрафных", "Пробка"]);
});

test("a stem inside a longer word is not marked", () => {
  const text = "Игрок оштрафован, а штраф — 10 очков; гольфол не фол.";
  assert.deepEqual(shown(text, wholeWordMarks(text, stemMarks(text, ["штраф", "фол"]))), ["штраф", "фол"]);
});

test("every mark ends and begins at a word's edge, for every position of a stem", () => {
  const text = "нарушения, «нарушение» — нарушением; (нарушений) ненарушенный нарушен.";
  const marks = wholeWordMarks(text, stemMarks(text, ["нарушен"]));
  assert.deepEqual(shown(text, marks), ["нарушения", "нарушение", "нарушением", "нарушений", "нарушен"]);
  const word = /[0-9A-Za-z\u0400-\u04ff]/;
  for (const [a, b] of marks) assert.ok(!word.test(text[a - 1] || " ") && !word.test(text[b] || " "), text.slice(a, b));
});

test("marks already whole are kept as they are; touching marks become one", () => {
  const text = "фол фол";
  assert.deepEqual(wholeWordMarks(text, [[0, 3], [4, 7]]), [[0, 3], [4, 7]]);
  assert.deepEqual(wholeWordMarks("фолы", [[0, 3], [2, 4]]), [[0, 4]]);
  assert.deepEqual(wholeWordMarks("", []), []);
});
