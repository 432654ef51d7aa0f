// What a question's answer controls decide, without DOM
// (docs/assets/js/quiz/quiz-answer.js): the rows, the ids an answer picks, the
// answer a choice gives, a typed number, an ordering after a move.
import assert from "node:assert/strict";
import { test } from "node:test";

import { choiceAnswer, choiceRows, moveItem, pickedIds, typedNumber } from "../../docs/assets/js/quiz/quiz-answer.js";

const choices = ["a", "b", "c"].map((id) => ({ id, text: `текст ${id}` }));

test("the rows of a choice list follow the variant's order and letters", () => {
  assert.deepEqual(choiceRows({ type: "single", choices }, ["c", "a", "b"], { c: "А", a: "Б", b: "В" }), [
    { id: "c", text: "текст c", letter: "А" },
    { id: "a", text: "текст a", letter: "Б" },
    { id: "b", text: "текст b", letter: "В" },
  ]);
  // true/false: two fixed rows, no letters
  assert.deepEqual(choiceRows({ type: "truefalse", choices: [] }, [], {}), [
    { id: "true", text: "Верно", letter: null }, { id: "false", text: "Неверно", letter: null },
  ]);
});

test("the choice ids an answer picks", () => {
  assert.deepEqual(pickedIds(undefined), []);
  assert.deepEqual(pickedIds(null), []);
  assert.deepEqual(pickedIds("b"), ["b"]);
  assert.deepEqual(pickedIds(["a", "c"]), ["a", "c"]);
  assert.deepEqual(pickedIds(false), ["false"]);
  assert.deepEqual(pickedIds(0), ["0"]);
});

test("the answer a changed choice gives", () => {
  assert.deepEqual(choiceAnswer("multiple", ["a", "c"]), ["a", "c"]);
  assert.equal(choiceAnswer("multiple", []), undefined); // nothing checked: no answer
  assert.equal(choiceAnswer("truefalse", ["true"]), true);
  assert.equal(choiceAnswer("truefalse", ["false"]), false);
  assert.equal(choiceAnswer("single", ["b"]), "b");
});

test("a typed number: its answer and the error shown", () => {
  assert.deepEqual(typedNumber(" 12 "), { value: 12, error: "" });
  assert.deepEqual(typedNumber("−3"), { value: -3, error: "" });
  assert.deepEqual(typedNumber(""), { value: undefined, error: "" }); // empty: no answer, no error
  assert.deepEqual(typedNumber("1.5"), { value: undefined, error: "Нужно целое число, например 12." });
});

test("an ordering after one item moved", () => {
  const order = ["x", "y", "z"];
  assert.equal(moveItem(order, 2, -1), 1);
  assert.deepEqual(order, ["x", "z", "y"]);
  assert.equal(moveItem(order, 0, 1), 1);
  assert.deepEqual(order, ["z", "x", "y"]);
  // past either end: nothing moves
  assert.equal(moveItem(order, 0, -1), -1);
  assert.equal(moveItem(order, 2, 1), -1);
  assert.deepEqual(order, ["z", "x", "y"]);
});

test("a checked choice's mark: a right one missed among several says so", async () => {
  const { choiceMark } = await import("../../docs/assets/js/quiz/quiz-answer.js");
  assert.deepEqual(choiceMark("multiple", true, true), { tone: "right", text: "✓ верно" });
  assert.deepEqual(choiceMark("multiple", true, false), { tone: "right", text: "✓ верно — не отмечен" });
  assert.deepEqual(choiceMark("multiple", false, true), { tone: "wrong", text: "✗" });
  assert.equal(choiceMark("multiple", false, false), null);
  // One answer: the right one is marked whichever was picked (the wrong pick has its «✗»).
  assert.deepEqual(choiceMark("single", true, false), { tone: "right", text: "✓ верно" });
  assert.deepEqual(choiceMark("truefalse", false, true), { tone: "wrong", text: "✗" });
});
