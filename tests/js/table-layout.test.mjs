// Every ball the table drawing places stays inside the drawn table, whatever the
// count (docs/assets/js/shot-input/table-svg-model.js: pocketRow, pyramidAt): an
// impossible input («Кладка шаров кием»: more balls potted than on the table) is
// drawn before the engine refuses it, and its row ran past the rail.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  CLOTH, POCKET_BALL_R, PYRAMID_BALL_R, RAIL, pocketRow, pyramidAt,
} from "../../docs/assets/js/shot-input/table-svg-model.js";

// The pockets' centres as table-svg.js draws them.
const POCKETS = [[200, 0], [200, 100], [100, 103], [0, 100], [0, 0], [100, -3]];
const COUNTS = [...Array.from({ length: 60 }, (_, i) => i), 100, 250, 1000, 5000];

/** @param {[number, number]} c @param {number} r @param {{ x: number, y: number, width: number, height: number }} box */
const inside = ([x, y], r, box) => Number.isFinite(x) && Number.isFinite(y)
  && x - r >= box.x - 1e-9 && x + r <= box.x + box.width + 1e-9 && y - r >= box.y - 1e-9 && y + r <= box.y + box.height + 1e-9;

test("the balls in a pocket stay inside the rail for any number of them", () => {
  for (const at of POCKETS) {
    for (const n of COUNTS) {
      const row = pocketRow(/** @type {[number, number]} */ (at), n);
      assert.equal(row.length, n);
      const out = row.filter((c) => !inside(c, POCKET_BALL_R, RAIL));
      assert.deepEqual(out, [], `pocket ${at}, ${n} balls`);
    }
  }
});

test("a few balls in a pocket are drawn as before: 5 apart, centred on a middle pocket", () => {
  assert.deepEqual(pocketRow([100, 103], 3), [[95, 103], [100, 103], [105, 103]]);
  assert.deepEqual(pocketRow([100, -3], 1), [[100, -3]]);
  const row = pocketRow([200, 0], 2);
  assert.equal(row[1][0] - row[0][0], 5);
});

test("balls in a pocket never lie on top of each other while the row has room", () => {
  for (const at of POCKETS) {
    const row = pocketRow(/** @type {[number, number]} */ (at), 6);
    for (let i = 1; i < row.length; i++) assert.ok(row[i][0] - row[i - 1][0] >= 2 * POCKET_BALL_R - 1.5, `${at}`);
  }
});

test("the pyramid stays on the cloth for any number of balls, and 15 make the usual triangle", () => {
  for (const n of COUNTS) {
    const balls = pyramidAt(n);
    assert.equal(balls.length, n);
    assert.deepEqual(balls.filter((c) => !inside(c, PYRAMID_BALL_R, CLOTH)), [], `${n} balls`);
  }
  const fifteen = pyramidAt(15);
  assert.deepEqual(fifteen[0], [140, 50]);
  assert.deepEqual(fifteen[14].map((v) => Math.round(v * 10) / 10), [162.4, 62.8]);
});
