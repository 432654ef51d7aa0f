// What the scorekeeper's screens decide without the DOM
// (scorekeeper-core.js): which parts a screen shows, the last ruling's height
// kept over a reload, the saved summary's board, the record button's label,
// the saved matches' count and a damaged match's advice.
import assert from "node:assert/strict";
import test from "node:test";

import {
  fieldWhen, growsPast, heldFor, hiddenParts, idleFields, keptHeight, minHeightOf, playLabel, provisionalPlayers, viewFields,
  restoreAdvice, savedCountText,
} from "../../docs/assets/js/scorekeeper/scorekeeper-core.js";

test("each screen shows its own part; the saved list only on setup and when it has matches", () => {
  assert.deepEqual(hiddenParts("setup", false), { restore: true, import: true, setup: false, saved: false, match: true });
  assert.deepEqual(hiddenParts("setup", true), { restore: true, import: true, setup: false, saved: true, match: true });
  assert.deepEqual(hiddenParts("match", false), { restore: true, import: true, setup: true, saved: true, match: false });
  assert.deepEqual(hiddenParts("restore", false), { restore: false, import: true, setup: true, saved: true, match: true });
  assert.deepEqual(hiddenParts("import", false), { restore: true, import: false, setup: true, saved: true, match: true });
});

test("a kept height is read back within 0–2000 px, and anything else is no height", () => {
  assert.deepEqual(keptHeight(JSON.stringify({ id: "m1", px: 123.5 })), { id: "m1", px: 123.5 });
  assert.deepEqual(keptHeight(JSON.stringify({ id: "m1", px: 9000 })), { id: "m1", px: 2000 });
  assert.deepEqual(keptHeight(JSON.stringify({ id: "m1", px: -4 })), { id: "m1", px: 0 });
  assert.deepEqual(keptHeight(JSON.stringify({ id: "m1", px: 40, extra: 1 })), { id: "m1", px: 40 });
  for (const text of [null, "", "{", "5", JSON.stringify({ id: 3, px: 40 }), JSON.stringify({ id: "m1", px: "40" }),
    JSON.stringify({ id: "m1", px: null })]) {
    assert.deepEqual(keptHeight(text), { id: "", px: 0 }, String(text));
  }
  const none = keptHeight(null);
  none.px = 50; // a fresh object each time: no shared state between readings
  assert.deepEqual(keptHeight(null), { id: "", px: 0 });
});

test("a held height belongs to one match and grows only past a rounding", () => {
  const held = { id: "m1", px: 80 };
  assert.equal(heldFor(held, "m1"), held);
  assert.deepEqual(heldFor(held, "m2"), { id: "m2", px: 0 });
  assert.equal(growsPast(80.005, held), false);
  assert.equal(growsPast(80.02, held), true);
  assert.equal(growsPast(0, { id: "m1", px: 0 }), false);
  assert.equal(minHeightOf(0), "");
  assert.equal(minHeightOf(80.5), "80.5px");
});

test("the saved summary's board: names, saved scores and numbers when the record has them", () => {
  assert.deepEqual(provisionalPlayers({ players: ["Анна", "Борис"], scores: [3, null], numbered: true }), [
    { name: "Анна", score: 3, number: 1 },
    { name: "Борис", score: null, number: 2 },
  ]);
  assert.deepEqual(provisionalPlayers({ players: ["Анна"] }), [{ name: "Анна", score: null, number: undefined }]);
  assert.deepEqual(provisionalPlayers(/** @type {any} */ ({})), []);
  assert.deepEqual(idleFields({ players: [], idle: ["pocket", "ball"] }), ["pocket", "ball"]);
  assert.deepEqual(idleFields(/** @type {any} */ ({ players: [], idle: "pocket" })), []);
});

test("the saved conditions of the input's fields: a sound one kept, a damaged one left out", () => {
  const when = { noticed: { pocket: ["far-left", "near-left"] } };
  assert.deepEqual(fieldWhen({ players: [], when }), when);
  assert.deepEqual(fieldWhen(/** @type {any} */ ({ players: [], when: { noticed: { pocket: "far-left" }, x: 3, y: {} } })), {});
  assert.deepEqual(fieldWhen(/** @type {any} */ ({ players: [], when: [1] })), {});
  assert.deepEqual(fieldWhen({ players: [] }), {});
});

test("the input's fields of a saved summary: idle, under a condition and needed, a damaged list left out", () => {
  const when = { noticed: { pocket: ["far-left"] } };
  assert.deepEqual(viewFields({ players: [], idle: ["no_call"], when, needed: ["opening"], idleActions: ["error_found"] }),
    { idle: ["no_call"], when, needed: ["opening"], actions: ["error_found"] });
  assert.deepEqual(viewFields(/** @type {any} */ ({ players: [], needed: "opening", idleActions: 3 })),
    { idle: [], when: {}, needed: [], actions: [] });
});

test("the record button, the saved count and a damaged match's advice say what is so", () => {
  assert.equal(playLabel("shot"), "Записать удар");
  assert.equal(playLabel("decision"), "Записать");
  assert.equal(playLabel(null), "Записать");
  assert.equal(savedCountText(0), "");
  assert.equal(savedCountText(3), "(3)");
  assert.match(restoreAdvice(true), /открыть другую сохранённую\.$/);
  assert.equal(restoreAdvice(false), "Продолжить её нельзя; можно начать новую партию.");
});

test("the saved summary's board carries each card's notes: drawn at its height before the engine loads", async () => {
  const { summaryOf } = await import("../../docs/assets/js/scorekeeper/saved-matches.js");
  const view = { players: [{ name: "Аня", score: 0, fouls_in_row: 1 }, { name: "Борис", score: 3, fouls_in_row: 0, out: true },
    { name: "Вера", score: 0, fouls_in_row: 0, role: "первый удар" }], current: 2, finished: false };
  const summary = JSON.parse(JSON.stringify(summaryOf({ players: ["Аня", "Борис", "Вера"], actions: [] }, view)));
  const players = provisionalPlayers(summary);
  assert.deepEqual(players.map((p) => [p.fouls_in_row, p.out, p.role]),
    [[1, undefined, undefined], [undefined, true, undefined], [undefined, undefined, "первый удар"]]);
  // a damaged record's marks are left out, not drawn
  const damaged = provisionalPlayers({ ...summary, marks: [{ fouls_in_row: "x" }, null, { role: 5, out: "yes" }] });
  assert.deepEqual(damaged.map((p) => [p.fouls_in_row, p.out, p.role]), [[undefined, undefined, undefined], [undefined, undefined, undefined], [undefined, undefined, undefined]]);
  // while a decision is asked, a role is not on the card (match-board.js roleShown): not kept either
  assert.equal(provisionalPlayers(summaryOf({ players: [] }, { ...view, decision: { player: 0 } }))[2].role, undefined);
});
