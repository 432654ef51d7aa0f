// The board's cards (docs/assets/js/ruling/match-board.js): as wide as the
// longest word of a player's name, so a name never splits inside a word.
import assert from "node:assert/strict";
import { test } from "node:test";

import { foulsInRow, longestWord } from "../../docs/assets/js/ruling/match-board.js";
import { unbroken } from "../../docs/assets/js/lib/ru.js";

test("the board's cards are as wide as the longest word of a name, counted in letters", () => {
  assert.equal(longestWord(["Маша", "Константин", "Ян"]), 10);
  assert.equal(longestWord(["Анна Мария", "Борис"]), 5); // words, not whole names: a name wraps between them
  assert.equal(longestWord(["Ёжик👍"]), 5); // letters, not UTF-16 units
  assert.equal(longestWord([]), 0);
});

test("a card counts fouls in a row, one foul said as one (no «1 нарушение подряд»)", () => {
  assert.equal(foulsInRow(1), "1 нарушение");
  assert.equal(foulsInRow(2), "2 нарушения подряд");
  assert.equal(foulsInRow(5), "5 нарушений подряд");
  assert.equal(foulsInRow(21), "21 нарушение подряд");
});

test("a word and the number after it stay on one line; other spaces still break", () => {
  assert.equal(unbroken("Игрок 1"), "Игрок\u00a01");
  assert.equal(unbroken("1. Игрок 12"), "1. Игрок\u00a012");
  assert.equal(unbroken("счёт −5"), "счёт\u00a0−5");
  assert.equal(unbroken("Анна Мария"), "Анна Мария");
  assert.equal(unbroken("Удар: Аня"), "Удар: Аня");
  assert.equal(longestWord(["Игрок 12", "Аня"]), 8); // «Игрок 12» is one word on the card
});

test("a change «2 → 4» stays on one line (the bank column of «пробка» broke «2 →» / «4»)", () => {
  assert.equal(unbroken("2 → 4"), "2\u00a0→\u00a04");
  assert.equal(unbroken("0 → −3"), "0\u00a0→\u00a0−3");
  assert.equal(unbroken("Банк: 2 → 4 очка"), "Банк:\u00a02\u00a0→\u00a04\u00a0очка");
});

test("a number and its unit stay on one line («78 очков»), a name's words still break", () => {
  assert.equal(unbroken("Теперь на счету игрока: 78 очков."), "Теперь на счету игрока:\u00a078\u00a0очков.");
  assert.equal(unbroken("Следующий удар: Игрок 2."), "Следующий удар: Игрок\u00a02.");
  assert.equal(unbroken("Анна Мария 2 Борис"), "Анна Мария\u00a02 Борис"); // a capital: a name, not a unit
});

test("togetherRuns: the joined words as runs, the characters unchanged (no no-break spaces)", async () => {
  const { togetherRuns } = await import("../../docs/assets/js/lib/ru.js");
  const text = "Теперь на счету Игрок 2: 78 очков, банк 2 → 4.";
  const runs = togetherRuns(text);
  assert.equal(runs.map((r) => r.text).join(""), text);
  assert.deepEqual(runs.filter((r) => r.together).map((r) => r.text), ["Игрок 2: 78 очков,", "банк 2 → 4."]);
  assert.ok(runs.every((r) => !r.text.includes("\u00a0")));
  assert.deepEqual(togetherRuns("Анна Мария"), [{ text: "Анна Мария", together: false }]);
  assert.deepEqual(togetherRuns(""), []);
});

test("a sum and a clause sign stay on one line («(88 + 5» / «= 93)», «§» / «Штраф» broke)", () => {
  assert.equal(unbroken("(88 + 5 = 93)"), "(88\u00a0+\u00a05\u00a0=\u00a093)");
  assert.equal(unbroken("89 − 8 = 81 очко"), "89\u00a0−\u00a08\u00a0=\u00a081\u00a0очко");
  assert.equal(unbroken("§ Штраф за фол"), "§\u00a0Штраф за фол");
  assert.equal(unbroken("Аня + Борис"), "Аня + Борис"); // no number: nothing joined
});
