// The MicroPython first answer's rules (docs/assets/engine/first-answer.mjs): which requests
// wait for Pyodide, which runtime answers a call, how the engine pack is read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { ROOT } from "./engine.mjs";
import {
  MP_MATCH_LIMIT, MP_TEXT_LIMIT, answeringRuntime, pyodideGate, readPack, slowForMicroPython,
} from "../../docs/assets/engine/first-answer.mjs";

const log = (n) => Array.from({ length: n }, () => ({ type: "shot" }));
const match = (op, played, undone = 0) => ({ op, state: { actions: log(played), undone: log(undone) } });

test("a long text or a long stored match waits for Pyodide; the rest MicroPython answers", () => {
  assert.equal(slowForMicroPython({ op: "describe", game: "kovboy" }, 40), false);
  assert.equal(slowForMicroPython({ op: "describe" }, MP_TEXT_LIMIT), false);
  assert.equal(slowForMicroPython({ op: "describe" }, MP_TEXT_LIMIT + 1), true);
  assert.equal(slowForMicroPython(match("match.play", MP_MATCH_LIMIT), 100), false);
  assert.equal(slowForMicroPython(match("match.play", MP_MATCH_LIMIT - 1, 2), 100), true, "undone count too");
  assert.equal(slowForMicroPython(match("match.protocol", MP_MATCH_LIMIT + 1), 100), true);
  assert.equal(slowForMicroPython(match("match.start", MP_MATCH_LIMIT + 1), 100), false, "not a stored op");
  for (const odd of [null, "x", 3, [], { op: "match.view", state: null }, { op: "match.view", state: { actions: 7 } }]) {
    assert.equal(slowForMicroPython(odd, 10), false);
  }
});

test("the stored-match operations are the engine's own (rules_pkg/plain.py STORED_OPS)", () => {
  const plain = readFileSync(join(ROOT, "rules_pkg", "plain.py"), "utf-8");
  const ops = [...plain.match(/^STORED_OPS = \(([^)]*)\)/m)[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  assert.ok(ops.length >= 5);
  for (const op of ops) assert.equal(slowForMicroPython(match(op, MP_MATCH_LIMIT + 1), 10), true, op);
});

/** A promise and its resolve. */
function later() {
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve };
}

test("the first runtime ready answers; Pyodide when both are; MicroPython a slow call only once Pyodide failed", async () => {
  const yes = Promise.resolve(true);
  const no = Promise.resolve(false);
  const never = new Promise(() => {});
  assert.equal(await answeringRuntime(yes, yes, true), "pyodide");
  assert.equal(await answeringRuntime(never, yes, true), "micropython");
  assert.equal(await answeringRuntime(yes, never, true), "pyodide");
  assert.equal(await answeringRuntime(no, yes, true), "micropython");
  assert.equal(await answeringRuntime(yes, no, false), "pyodide");
  assert.equal(await answeringRuntime(no, yes, false), "micropython", "Pyodide failed: slowly rather than not at all");
  assert.equal(await answeringRuntime(no, no, true), "none");
  assert.equal(await answeringRuntime(no, no, false), "none");
  // A slow call waits for Pyodide even with MicroPython up.
  const py = later();
  const answer = answeringRuntime(py.promise, yes, false);
  let settled = null;
  answer.then((r) => { settled = r; });
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(settled, null);
  py.resolve(true);
  assert.equal(await answer, "pyodide");
  // Pyodide failed, MicroPython still booting: the call waits for MicroPython.
  const mp = later();
  const fallback = answeringRuntime(no, mp.promise, true);
  mp.resolve(true);
  assert.equal(await fallback, "micropython");
});

/** A pack as sitebuild/micropython/transform.py pack() writes one. */
function pack(files) {
  const index = new TextEncoder().encode(JSON.stringify(files.map(([path, text]) => [path, text.length])));
  const body = files.map(([, text]) => new TextEncoder().encode(text));
  const out = new Uint8Array(4 + index.length + body.reduce((n, b) => n + b.length, 0));
  new DataView(out.buffer).setUint32(0, index.length, true);
  out.set(index, 4);
  let at = 4 + index.length;
  for (const b of body) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

test("the engine pack reads back its files, and refuses a malformed one", () => {
  const files = readPack(pack([["rules_pkg/__init__.mpy", "abc"], ["_rpshim/rt.mpy", "de"]]));
  assert.deepEqual(files.map((f) => [f.path, new TextDecoder().decode(f.data)]),
    [["rules_pkg/__init__.mpy", "abc"], ["_rpshim/rt.mpy", "de"]]);
  assert.throws(() => readPack(new Uint8Array(2)), /too short/);
  assert.throws(() => readPack(pack([["../x.mpy", "a"]])), /malformed/);
  const cut = pack([["a.mpy", "abcdef"]]);
  assert.throws(() => readPack(cut.subarray(0, cut.length - 2)), /malformed/);
});

// A gate with hand-driven timers: fire(ms) runs the timers set for that many ms.
function gateWithTimers(onDemand = false) {
  const timers = [];
  const gate = pyodideGate({ idleMs: 3000, headStartMs: 8000, onDemand, setTimer: (f, ms) => timers.push({ f, ms }) });
  let isOpen = false;
  gate.opened.then(() => { isOpen = true; });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    gate, timers, settle,
    fire: async (ms) => { for (const t of timers.filter((x) => x.ms === ms)) t.f(); await settle(); },
    isOpen: () => isOpen,
  };
}

test("Pyodide's download waits while MicroPython serves the first answer, and no longer", async () => {
  let g = gateWithTimers();
  await g.settle();
  assert.equal(g.isOpen(), false, "closed at first");
  g.gate.micropython(true);
  await g.settle();
  assert.equal(g.isOpen(), false, "MicroPython ready: still closed (the page's modules may still be loading)");
  g.gate.answered(); // MicroPython answered a call (worker.mjs answerText)
  await g.settle();
  assert.equal(g.isOpen(), true);

  g = gateWithTimers();
  g.gate.micropython(false); // failed, or none on the page: Pyodide at once
  await g.settle();
  assert.equal(g.isOpen(), true);

  g = gateWithTimers();
  g.gate.micropython(true);
  await g.fire(3000); // ready, and no call for idleMs
  assert.equal(g.isOpen(), true);

  g = gateWithTimers();
  await g.fire(8000); // MicroPython still booting after headStartMs
  assert.equal(g.isOpen(), true);
  assert.deepEqual(g.timers.map((t) => t.ms), [8000]);
});

test("with the data saver on, only a call only Pyodide answers (or MicroPython failing) opens the gate", async () => {
  let g = gateWithTimers(true);
  g.gate.micropython(true);
  g.gate.answered();
  await g.settle();
  assert.deepEqual(g.timers, [], "no clock: neither the head start nor the idle wait");
  assert.equal(g.isOpen(), false, "MicroPython answered: Pyodide is not downloaded for that");
  g.gate.open(); // a call only Pyodide may answer (worker.mjs answerText)
  await g.settle();
  assert.equal(g.isOpen(), true);

  g = gateWithTimers(true);
  g.gate.micropython(false);
  await g.settle();
  assert.equal(g.isOpen(), true, "MicroPython failed: Pyodide, data saver or not");
});

test("the worker opens the gate on MicroPython's first answer and on a call only Pyodide answers", () => {
  const worker = readFileSync(join(ROOT, "docs", "assets", "engine", "worker.mjs"), "utf-8");
  const answer = worker.slice(worker.indexOf("async function answerText"), worker.indexOf("async function answerCall"));
  assert.match(answer, /if \(!light\) gate\.open\(\)/);
  assert.match(answer, /micropythonJson\(text\);\s*gate\.answered\(\)/);
  assert.match(worker, /pyodideGate\(\{[^}]*onDemand: params\.get\("save"\) === "1"/, "the data saver reaches the gate");
  assert.match(worker, /Promise\.race\(\[pyodideStart\.then\(boot\)/);
  assert.match(worker, /snapshots\.present\(\)\.then\(\(stored\) => \{\s*if \(stored\) micropythonReady\.then\(\(\) => gate\.open\(\)\)/, "a repeat visit does not wait");
});
