// The input kept over a reload, read back without the DOM
// (docs/assets/js/scorekeeper/input-draft.js readDraft, shot-model.js shotFromSaved):
// a draft of the point the match stands at comes back whole; one of another point,
// or stored text that is cut, edited or of another shape, gives nothing — never an error.
import assert from "node:assert/strict";
import { test } from "node:test";

import { draftKey, draftPoint, readDraft } from "../../docs/assets/js/scorekeeper/input-draft.js";
import { emptyShot, shotFromSaved } from "../../docs/assets/js/shot-input/shot-model.js";

const SHOT = { ...emptyShot(), touched: [5], dropped: [{ ball: 5, pocket: "far-left" }] };
const DRAFT = { at: draftPoint(3, 1), controls: [["rb-sk-kovboy-cushion=true", "true", true]], drawn: { mode: "drawing", shot: SHOT } };

test("a draft of the point the match stands at comes back whole", () => {
  const read = readDraft(JSON.stringify(DRAFT), "3:1");
  assert.deepEqual(read, DRAFT);
  assert.deepEqual(shotFromSaved(read?.drawn && /** @type {any} */ (read.drawn).shot), SHOT);
});

test("a draft of another point (recorded or undone since) is left", () => {
  assert.equal(readDraft(JSON.stringify(DRAFT), draftPoint(4, 0)), null);
  assert.equal(readDraft(JSON.stringify(DRAFT), draftPoint(3, 0)), null);
});

test("stored text that is no draft gives nothing", () => {
  for (const raw of [null, "", "{", "[]", "null", "42", JSON.stringify({ ...DRAFT, controls: "x" }),
    JSON.stringify({ ...DRAFT, controls: [["a", 1, true]] }), JSON.stringify({ ...DRAFT, controls: [["a", "b"]] }),
    JSON.stringify({ ...DRAFT, controls: Array(401).fill(["a", "b", false]) })]) {
    assert.equal(readDraft(raw, "3:1"), null, String(raw).slice(0, 40));
  }
});

test("a stored drawing of another shape is no shot", () => {
  const bad = [null, [], "shot", { ...SHOT, cue: "sky" }, { ...SHOT, touched: [{}] }, { ...SHOT, dropped: [{ ball: 5 }] },
    { ...SHOT, outsideCount: 1.5 }, { ...SHOT, miss: "yes" }, { ...SHOT, pockets: [1] }, { touched: [] }];
  for (const shot of bad) assert.equal(shotFromSaved(shot), null, JSON.stringify(shot));
});

test("a stored drawing keeps only a shot's own parts", () => {
  const read = shotFromSaved({ ...SHOT, extra: "<script>" });
  assert.ok(read && !("extra" in read));
});

test("each match of each game has its own place", () => {
  assert.notEqual(draftKey("kovboy", "m1"), draftKey("kaiza", "m1"));
  assert.notEqual(draftKey("kovboy", "m1"), draftKey("kovboy", "m2"));
});
