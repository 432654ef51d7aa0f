// The one worker protocol (docs/assets/engine/protocol.mjs): every kind the worker
// sends is handled by the page (engine-client.js's handler table, run here on
// stubs), every kind the page sends is handled by the worker (worker.mjs's table),
// each end builds its messages with the protocol's builders, and the guards let
// only well-formed messages of a known kind through.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { ROOT } from "./engine.mjs";
import {
  FROM_WORKER, TO_WORKER, asCallMessage, asWorkerMessage, callMessage, failedMessage, progressMessage,
  readyMessage, resultMessage,
} from "../../docs/assets/engine/protocol.mjs";

// engine-client.js starts at import: without the page's boot object it reports a
// failure and keeps no worker, which is all this test needs of it.
globalThis.window = /** @type {any} */ ({});
const client = await import("../../docs/assets/js/engine-client/engine-client.js");
const WORKER_SOURCE = readFileSync(join(ROOT, "docs", "assets", "engine", "worker.mjs"), "utf-8");
const CLIENT_SOURCE = readFileSync(join(ROOT, "docs", "assets", "js", "engine-client", "engine-client.js"), "utf-8");

test("the page handles every kind of worker message, and only those", () => {
  const handlers = client.workerHandlers({ fail() {}, resolveReady() {} });
  assert.deepEqual(Object.keys(handlers).sort(), Object.values(FROM_WORKER).sort());
});

test("the page's handlers act on the message: ready, failed and progress reach the status", () => {
  const seen = { failed: [], ready: 0 };
  const handlers = client.workerHandlers({ fail: (m) => seen.failed.push(m), resolveReady: () => { seen.ready += 1; } });
  handlers[FROM_WORKER.FAILED](failedMessage("нет сети"));
  assert.deepEqual(seen.failed, ["нет сети"]);
  handlers[FROM_WORKER.READY](readyMessage({ boot: "snapshot", ms: 12 }));
  assert.equal(seen.ready, 1);
  assert.equal(client.getStatus().state, "ready");
  assert.equal(client.getStatus().boot, "snapshot");
  handlers[FROM_WORKER.PROGRESS](progressMessage({ stage: "runtime", loaded: 1, total: 2, text: "x" }));
  assert.equal(client.getStatus().state, "ready", "no progress after ready");
  handlers[FROM_WORKER.RESULT](resultMessage(999, { ok: true })); // no such call: ignored, no throw
});

test("a second ready (Pyodide taking over from MicroPython) names the runtime that answers now", () => {
  const seen = { ready: 0 };
  const handlers = client.workerHandlers({ fail() {}, resolveReady: () => { seen.ready += 1; } });
  handlers[FROM_WORKER.READY](readyMessage({ boot: "micropython", ms: 900 }));
  assert.equal(client.getStatus().state, "ready");
  assert.equal(client.getStatus().boot, "micropython");
  handlers[FROM_WORKER.READY](readyMessage({ boot: "normal", ms: 30000 }));
  assert.equal(client.getStatus().boot, "normal");
  assert.equal(seen.ready, 2);
});

test("Pyodide failed with MicroPython up: the page is idle (the offline copy is saved), MicroPython answers on", async () => {
  const handlers = client.workerHandlers({ fail() {}, resolveReady() {} });
  handlers[FROM_WORKER.READY](readyMessage({ boot: "micropython", ms: 900 }));
  let idle = false;
  client.whenIdle().then(() => { idle = true; });
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(idle, false, "MicroPython answering is not the engine loaded: Pyodide is due");
  handlers[FROM_WORKER.READY](readyMessage({ boot: "micropython", ms: 30000, alone: true }));
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(idle, true, "Pyodide failed: nothing more is due");
  assert.equal(client.getStatus().state, "ready");
  assert.equal(client.getStatus().alone, true);
});

test("the worker handles every kind of page message and sends every kind the page handles", () => {
  const table = WORKER_SOURCE.match(/const PAGE_HANDLERS = \{([^}]*)\}/);
  assert.ok(table, "worker.mjs has its PAGE_HANDLERS table");
  const kinds = [...table[1].matchAll(/\[TO_WORKER\.([A-Z]+)\]/g)].map((m) => TO_WORKER[m[1]]);
  assert.deepEqual(kinds.sort(), Object.values(TO_WORKER).sort());
  for (const builder of ["resultMessage(", "progressMessage(", "readyMessage(", "failedMessage("]) {
    assert.ok(WORKER_SOURCE.includes(builder), `worker.mjs sends with ${builder}`);
  }
  assert.ok(CLIENT_SOURCE.includes("callMessage("), "engine-client.js sends with callMessage(");
  for (const source of [WORKER_SOURCE, CLIENT_SOURCE]) {
    assert.doesNotMatch(source, /postMessage\(\{/, "no message written by hand, outside the builders");
    assert.doesNotMatch(source, /type === "(call|result|progress|ready|failed)"/, "no kind compared as a string literal");
  }
});

test("the guards let through only known, well-formed messages", () => {
  assert.deepEqual(asCallMessage(callMessage(3, { op: "games" })), { id: 3, type: "call", data: { op: "games" } });
  for (const bad of [null, 7, "call", {}, { type: "call" }, { id: "1", type: "call", data: {} }, { id: 1, type: "result" }]) {
    assert.equal(asCallMessage(bad), null, JSON.stringify(bad));
  }
  assert.deepEqual(asWorkerMessage(resultMessage(1, { ok: true })), { id: 1, type: "result", data: { ok: true } });
  assert.ok(asWorkerMessage(readyMessage({ boot: "normal", ms: 1 })));
  for (const bad of [null, [], { type: "ready" }, { type: "result", data: {} }, { type: "other", data: {} },
    { type: "progress", data: "x" }]) {
    assert.equal(asWorkerMessage(bad), null, JSON.stringify(bad));
  }
});
