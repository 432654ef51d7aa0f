// What the match screen shows (docs/assets/js/scorekeeper/match-view-parts.js): the
// table only with rows, the shooter, the chooser not named twice, the «last»
// line's ruling, and the redo button's count.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  chooserNotAsked, lastShownOf, redoLabel, shooterName, shownTable,
} from "../../docs/assets/js/scorekeeper/match-view-parts.js";

const NAMES = ["Аня", "Боря"];

test("the table is shown only when it has rows", () => {
  const table = { rows: [["1"]] };
  assert.equal(shownTable({ table }), table);
  assert.equal(shownTable({ table: { rows: [] } }), null);
  assert.equal(shownTable({ table: null }), null);
  assert.equal(shownTable({}), null);
});

test("the shooter: the current player, none once the match is over", () => {
  assert.equal(shooterName({ current: 1, finished: false }, NAMES), "Боря");
  assert.equal(shooterName({ current: 1, finished: true }, NAMES), null);
  assert.equal(shooterName({ current: null, finished: false }, NAMES), null);
  assert.equal(shooterName({ current: 0.5, finished: false }, NAMES), null);
});

test("the chooser is named unless the question already names them", () => {
  assert.equal(chooserNotAsked({ player: 0, question: "Разбивать снова?" }, NAMES), "Аня");
  assert.equal(chooserNotAsked({ player: 0, question: "Аня, разбивать снова?" }, NAMES), null);
  assert.equal(chooserNotAsked({ player: 1 }, NAMES), "Боря");
  assert.equal(chooserNotAsked({ question: "Кто разбивает?" }, NAMES), null);
});

test("the «last» line: the action just made, else the history's last entry", () => {
  const made = { note: "Отменена запись № 3:", ruling: { points: 1 }, undone: true };
  const a = { points: 2 };
  const b = { points: 3 };
  assert.equal(lastShownOf(made, [a, b]), made);
  assert.deepEqual(lastShownOf(null, [a, b]), { note: "", ruling: b, undone: false });
  assert.equal(lastShownOf(null, []), null);
});

test("redo counts the records that can come back when there are several", () => {
  const two = { undone: [{}, {}] };
  assert.equal(redoLabel({ can_redo: true }, two), "↷ 2");
  assert.equal(redoLabel({ can_redo: true }, { undone: [{}] }), "↷");
  assert.equal(redoLabel({ can_redo: false }, two), "↷");
  assert.equal(redoLabel({ can_redo: true }, {}), "↷");
});
