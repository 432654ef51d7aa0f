import assert from "node:assert/strict";
import { test } from "node:test";

import { revealDelta } from "../../docs/assets/js/match-reveal.js";

const room = { top: 99, bottom: 785 }; // under a 99 px header and tab bar, over a 59 px record bar on 844 px

test("a region already between the bars does not move the page", () => {
  assert.equal(revealDelta({ top: 112, bottom: 321 }, room), 0);
  assert.equal(revealDelta({ top: 99, bottom: 785 }, room), 0);
});

test("a region under the bars above comes down just below them", () => {
  // «Кладка»: the board 12 px above the screen after the first stroke's swipe
  assert.equal(revealDelta({ top: -12, bottom: 200 }, room), -111);
});

test("a region under the record bar comes up just above it", () => {
  assert.equal(revealDelta({ top: 600, bottom: 900 }, room), 115);
});

test("a region taller than the room keeps its top at the room's top", () => {
  assert.equal(revealDelta({ top: 300, bottom: 1200 }, room), 201);
  assert.equal(revealDelta({ top: 50, bottom: 1200 }, room), -49);
});

test("an empty room or a region without height moves nothing", () => {
  assert.equal(revealDelta({ top: 10, bottom: 20 }, { top: 100, bottom: 100 }), 0);
  assert.equal(revealDelta({ top: Number.NaN, bottom: 20 }, room), 0);
});
