// The page's own copy of a match (docs/assets/js/scorekeeper/match-log.js) against the
// real engine: the local update gives exactly the state the engine stores,
// for play, undo and redo, and both response shapes are read.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  agrees, applyLocally, historyLength, nextState, recentHistory, speaksLog, undoneAfter,
} from "../../docs/assets/js/scorekeeper/match-log.js";
import { api } from "./engine.mjs";

const shot = (contacts, pocketed = []) => ({ type: "shot", contacts, pocketed });

test("the local state follows the engine's through play, undo and redo", () => {
  let state = api({ op: "match.new", game: "kovboy", players: ["Аня", "Борис"] }).state;
  const steps = [
    { op: "match.play", action: shot([3], [3]) },
    { op: "match.play", action: shot([1, 5]) },
    { op: "match.undo" },
    { op: "match.redo" },
    { op: "match.undo" },
    { op: "match.play", action: shot([]) },
  ];
  for (const { op, action } of steps) {
    const request = action ? { op, state, action } : { op, state };
    const response = api({ ...request, want: undefined });
    assert.ok(response.ok, JSON.stringify(response.error));
    const local = applyLocally(state, op, action);
    // The engine's stored state (today's shape sends it; the new one with want: {state: true}).
    const engine = response.state || api({ ...request, want: { state: true } }).state;
    assert.deepEqual(local, engine, op);
    assert.deepEqual(nextState(state, request, response), engine);
    state = engine;
  }
  assert.equal(state.actions.length, 2);
  assert.deepEqual(state.undone, []);
});

test("a copy that disagrees with `log` is not kept", () => {
  const state = { format: "rules_pkg.match/1", game: "kovboy", players: ["А", "Б"], options: {}, actions: [], undone: [] };
  const request = { op: "match.play", state, action: shot([]) };
  assert.equal(nextState(state, request, { ok: true, log: { actions: 1, undone: 0 } }).actions.length, 1);
  assert.equal(nextState(state, request, { ok: true, log: { actions: 2, undone: 0 } }), null);
  assert.ok(agrees(state, undefined));
  assert.ok(!speaksLog({ ok: true }));
  assert.ok(speaksLog({ ok: true, log: { actions: 0, undone: 0 } }));
});

test("the recent history from either response shape", () => {
  const items = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ summary: String(n) }));
  const old = recentHistory({ ok: true, view: { history: items } }, 5);
  assert.equal(old.from, 2);
  assert.equal(old.total, 7);
  assert.deepEqual(old.items.map((r) => r.summary), ["3", "4", "5", "6", "7"]);
  const page = { from: 4, total: 7, items: items.slice(4) };
  assert.equal(recentHistory({ ok: true, history: page, view: { history_length: 7 } }), page);
  assert.equal(historyLength({ history_length: 7 }), 7);
  assert.equal(historyLength({ history: items }), 7);
});

test("undone rulings stay struck through until redone or replaced", () => {
  const a = { summary: "a" };
  const b = { summary: "b" };
  let undone = undoneAfter([], "match.undo", a);
  undone = undoneAfter(undone, "match.undo", b);
  assert.deepEqual(undone, [b, a]);
  assert.deepEqual(undoneAfter(undone, "match.redo", b), [a]);
  assert.deepEqual(undoneAfter(undone, "match.play", undefined), []);
});
