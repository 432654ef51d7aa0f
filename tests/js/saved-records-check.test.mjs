// What the session decides about a saved record without storage
// (docs/assets/js/scorekeeper/saved-records-check.js): the engine's verdict on a stored
// state, the words while it has not loaded, a record's options, whose storage
// key an event names, and whether another tab wrote a record since.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  isRecordKey, optionsOf, validationOf, waitingValidation, writtenSince,
} from "../../docs/assets/js/scorekeeper/saved-records-check.js";

const STATE = { format: "rules_pkg.match/1", game: "kovboy", players: ["Аня", "Борис"], options: { fouls: 1 },
  actions: [{ type: "shot", contacts: [3] }], undone: [] };

test("the engine accepts a stored state: ready", () => {
  assert.deepEqual(validationOf({ ok: true, state: STATE, view: {} }, "m1"), { kind: "ready" });
});

test("the engine refuses the state itself: the record is broken, with the engine's reason", () => {
  for (const code of ["saved_state", "input"]) {
    assert.deepEqual(validationOf({ ok: false, error: { code, message: "Неизвестный шар 17." } }, "m1"),
      { kind: "broken", id: "m1", problem: "Неизвестный шар 17." });
  }
});

test("any other failure keeps the record for a reload", () => {
  const failed = validationOf({ ok: false, error: { code: "internal", message: "Сбой движка." } }, "m1");
  assert.deepEqual(failed, { kind: "failed", message: "Сбой движка. Сохранённая партия не удалена: обновите страницу, чтобы попробовать ещё раз." });
  assert.equal(validationOf(null, "m1").kind, "failed");
  assert.match(validationOf(undefined, "m1").message, /^Что-то пошло не так\. /);
});

test("an engine that has not loaded: the record waits", () => {
  assert.deepEqual(waitingValidation(new Error("Правила ещё не загрузились.")), { kind: "waiting",
    message: "Правила ещё не загрузились. Сохранённая партия не удалена и откроется, когда загрузятся правила." });
});

test("a record's options, or none", () => {
  assert.deepEqual(optionsOf(STATE), { fouls: 1 });
  assert.deepEqual(optionsOf({ ...STATE, options: null }), {});
  assert.deepEqual(optionsOf({ ...STATE, options: "x" }), {});
  assert.deepEqual(optionsOf(null), {});
});

test("a storage event names this game's match record, or another", () => {
  assert.equal(isRecordKey("rules-site:match/v2:kovboy:m1", "kovboy", "m1"), true);
  assert.equal(isRecordKey("rules-site:match/v2:kovboy:m2", "kovboy", "m1"), false);
  assert.equal(isRecordKey("rules-site:match/v2:piramida:m1", "kovboy", "m1"), false);
  assert.equal(isRecordKey("rules-site:match/v2-open:kovboy", "kovboy", "m1"), false);
  assert.equal(isRecordKey(null, "kovboy", "m1"), false);
  assert.equal(isRecordKey("", "kovboy", "m1"), false);
});

test("another tab wrote the record when its revision or its state differs from what this tab knows", () => {
  const record = { id: "m1", revision: 3, state: STATE };
  assert.equal(writtenSince(record, { revision: 3, state: JSON.parse(JSON.stringify(STATE)) }), false);
  assert.equal(writtenSince(record, { revision: 2, state: STATE }), true);
  assert.equal(writtenSince({ ...record, state: { ...STATE, actions: [] } }, { revision: 3, state: STATE }), true);
  // A record of the first release (no revision) counts as revision 0.
  assert.equal(writtenSince({ id: "m1", state: STATE }, { revision: 0, state: STATE }), false);
  assert.equal(writtenSince(record, { revision: 3, state: null }), true);
});
