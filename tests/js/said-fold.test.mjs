// node --test: the «▾ ещё» fold's sentences and rows (docs/assets/js/shot-input/said-fold.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { nextFoldTop, sentenceStarts } from "../../docs/assets/js/shot-input/said-fold.js";

test("sentences begin at the text's start and after an end mark and a space", () => {
  const text = "Шар сыгран: жёлтый. Луза: дальняя левая угловая. «Биток» за бортом!";
  assert.deepEqual(sentenceStarts(text), [0, 20, 49]);
  assert.deepEqual(sentenceStarts(""), []);
  assert.deepEqual(sentenceStarts("Карамболь: 2. по белому"), [0]); // no capital: the same sentence
});

// A row where a sentence begins: at its head (head) or inside it (starts only).
const row = (/** @type {number} */ i, starts = false, head = starts) => ({ top: i * 20, height: 20, starts, head });

test("the place goes on from the row where the cut sentence begins", () => {
  // Rows 0–2 shown; a sentence begins on row 1 and runs past row 2.
  const rows = [row(0, true), row(1, true), row(2), row(3), row(4, true), row(5)];
  assert.equal(nextFoldTop(rows, 0, 60, 60), 20);
});

test("the cut row's head belongs to a sentence begun in a row above", () => {
  // «Кайза»: a sentence begins inside row 1 and inside the cut row 3; row 3's head is row 1's sentence.
  const rows = [row(0, true), row(1, true, false), row(2), row(3, true, false), row(4, true, false), row(5)];
  assert.equal(nextFoldTop(rows, 0, 60, 60), 20);
});

test("a sentence longer than the place: the row before the cut one, a whole row", () => {
  const rows = [row(0, true), row(1), row(2), row(3), row(4), row(5)];
  assert.equal(nextFoldTop(rows, 0, 60, 60), 40);
  assert.equal(nextFoldTop(rows, 40, 60, 60), 60);
});

test("never past the text's end, and the end when nothing is cut", () => {
  const rows = [row(0, true), row(1), row(2), row(3, true)];
  assert.equal(nextFoldTop(rows, 0, 60, 20), 20);
  assert.equal(nextFoldTop(rows, 20, 60, 20), 20);
});
