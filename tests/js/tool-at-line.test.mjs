// Which open tool a reload on «Счёт» keeps in its place (layout.js toolAtLine):
// the one the player is looking at, not the first open one (the calculator above
// the scorekeeper moved the match over a reload).
import assert from "node:assert/strict";
import test from "node:test";

import { toolAtLine } from "../../docs/assets/js/page/layout.js";

const calculator = { top: -2300, bottom: -20 };
const scorekeeper = { top: -20, bottom: 1400 };

test("the tool across the middle of the screen is kept, not the first open one", () => {
  assert.equal(toolAtLine([calculator, scorekeeper], 420), 1);
  assert.equal(toolAtLine([{ top: -2000, bottom: 200 }, { top: 200, bottom: 1400 }], 420), 1); // the calculator's end above
  assert.equal(toolAtLine([{ top: 50, bottom: 900 }, { top: 900, bottom: 1500 }], 99), 0);
});

test("else the first tool below the line, else the last above it", () => {
  assert.equal(toolAtLine([{ top: 300, bottom: 600 }, { top: 600, bottom: 900 }], 99), 0);
  assert.equal(toolAtLine([{ top: -900, bottom: -600 }, { top: -600, bottom: 20 }], 99), 1);
  assert.equal(toolAtLine([], 99), -1);
});
