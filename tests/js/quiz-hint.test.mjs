// The hint under a quiz question (docs/assets/js/quiz/quiz-grading.js typeHint): how to answer,
// said once — not when the question's own text asks it already.
import assert from "node:assert/strict";
import { test } from "node:test";

import { TYPE_HINTS, typeHint } from "../../docs/assets/js/quiz/quiz-grading.js";

test("a question that asks to mark all is not told it again", () => {
  assert.equal(typeHint("multiple", "Что запрещено делать первым ударом партии? Отметьте все."), "");
  assert.equal(typeHint("multiple", ["Удар совершён.", "Какие нарушения совершены? Отметьте все верные варианты."]), "");
});

test("a question that does not say how to answer gets its type's hint", () => {
  assert.equal(typeHint("multiple", "Какие шары участвуют в игре?"), TYPE_HINTS.multiple);
  assert.equal(typeHint("single", "Сколько очков получит игрок?"), TYPE_HINTS.single);
  assert.equal(typeHint("number", ["Сколько очков?"]), TYPE_HINTS.number);
  assert.equal(typeHint("ordering"), TYPE_HINTS.ordering);
});
