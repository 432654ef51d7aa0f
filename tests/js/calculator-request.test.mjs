// The calculator's DOM-free decisions (docs/assets/js/calculator/calculator-request.js):
// the ruling request it sends, the busy button's words, and when a refused
// field must be scrolled into the clear part of the screen.
import assert from "node:assert/strict";
import { test } from "node:test";

import { busyLabel, outOfClearView, rulingRequest } from "../../docs/assets/js/calculator/calculator-request.js";

test("the request carries the situation and the action, and options only when set", () => {
  const action = { type: "shot", balls: 1 };
  assert.deepEqual(rulingRequest("kovboy", { score: 10 }, action, {}),
    { op: "ruling", game: "kovboy", situation: { score: 10 }, action });
  assert.equal("options" in rulingRequest("kovboy", {}, null, {}), false);
  assert.deepEqual(rulingRequest("kovboy", {}, null, { target: 71 }),
    { op: "ruling", game: "kovboy", situation: {}, action: null, options: { target: 71 } });
});

test("«Рассчитать» says the engine is loading, else that it counts", () => {
  assert.equal(busyLabel("loading"), "Ждём загрузки правил…");
  assert.equal(busyLabel("ready"), "Считаем…");
  assert.equal(busyLabel("failed"), "Считаем…");
});

test("a field under the sticky bar or in the lowest quarter is out of the clear view", () => {
  assert.equal(outOfClearView({ top: 40, bottom: 80 }, 56, 800), true, "under the top bar");
  assert.equal(outOfClearView({ top: 300, bottom: 340 }, 56, 800), false);
  assert.equal(outOfClearView({ top: 580, bottom: 601 }, 56, 800), true, "below three quarters");
  assert.equal(outOfClearView({ top: 560, bottom: 600 }, 56, 800), false, "three quarters exactly is still clear");
});
