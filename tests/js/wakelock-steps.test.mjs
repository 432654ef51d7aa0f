// When the screen wake lock is asked for, kept or let go (docs/assets/js/scorekeeper/wakelock-steps.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { acquireStep, grantedStep, visibilityStep, wantStep } from "../../docs/assets/js/scorekeeper/wakelock-steps.js";

const ready = { wanted: true, held: false, pending: false, supported: true, visible: true, connected: true };

test("the lock is requested only when wanted, not held, not being asked, supported and visible", () => {
  assert.equal(acquireStep(ready), "request");
  for (const change of [{ wanted: false }, { held: true }, { pending: true }, { supported: false }, { visible: false }]) {
    assert.equal(acquireStep({ ...ready, ...change }), "skip", JSON.stringify(change));
    // Nothing to ask for: a tool gone from the page is not stopped here either.
    assert.equal(acquireStep({ ...ready, ...change, connected: false }), "skip", JSON.stringify(change));
  }
  assert.equal(acquireStep({ ...ready, connected: false }), "stop");
});

test("a lock granted after the match or the tool left is released at once", () => {
  assert.equal(grantedStep({ wanted: true, connected: true }), "keep");
  assert.equal(grantedStep({ wanted: false, connected: true }), "release");
  assert.equal(grantedStep({ wanted: true, connected: false }), "release");
});

test("want(): start, stop, ask again, or nothing", () => {
  assert.equal(wantStep(true, { wanted: false, connected: true }), "start");
  assert.equal(wantStep(true, { wanted: true, connected: true }), "acquire");
  assert.equal(wantStep(false, { wanted: true, connected: true }), "stop");
  assert.equal(wantStep(false, { wanted: true, connected: false }), "stop");
  assert.equal(wantStep(false, { wanted: false, connected: true }), "ignore");
  assert.equal(wantStep(true, { wanted: false, connected: false }), "ignore");
  assert.equal(wantStep(true, { wanted: true, connected: false }), "ignore");
});

test("the lock is asked again when the page is visible again, and let go once the tool is gone", () => {
  assert.equal(visibilityStep({ connected: true, visible: true }), "acquire");
  assert.equal(visibilityStep({ connected: true, visible: false }), "none");
  assert.equal(visibilityStep({ connected: false, visible: true }), "stop");
  assert.equal(visibilityStep({ connected: false, visible: false }), "stop");
});
