// @ts-check
// The MicroPython first answer (issue 28 § 1), its rules without the DOM or a runtime:
// which requests MicroPython answers while Pyodide is still loading, which runtime
// answers a call, and how the engine's pack file is read. Shared by the worker
// (worker.mjs, micropython-boot.mjs) and the page (engine-client.js), so both ends
// apply the same rule; tested in tests/js/first-answer.test.mjs.
//
// The rule: a request waits for Pyodide (and the page shows the loading progress
// meanwhile) when its JSON text is over MP_TEXT_LIMIT characters, or when it is an
// operation on a stored match (rules_pkg/plain.py STORED_OPS) whose log holds more
// than MP_MATCH_LIMIT actions (played and undone). MicroPython answers those the same
// (parity: notes/micropython.md) but slowly: it builds a large JSON object in
// quadratic time (100 000 keys: 80 s), and a match it has not seen is replayed from
// its log at ~40 ms a step on a phone. Everything else it answers while Pyodide loads;
// once Pyodide is ready, Pyodide answers everything.

/** The worker's ready message names this boot when MicroPython answers first. */
export const BOOT_MICROPYTHON = "micropython";
export const MP_TEXT_LIMIT = 100_000;
export const MP_MATCH_LIMIT = 40;
const STORED_OPS = new Set(["match.play", "match.undo", "match.redo", "match.view", "match.protocol"]);

/** @param {unknown} value */
const count = (value) => (Array.isArray(value) ? value.length : 0);

/**
 * Whether the request waits for Pyodide rather than being answered by MicroPython.
 * @param {unknown} request
 * @param {number} textLength the length of the request's JSON text
 */
export function slowForMicroPython(request, textLength) {
  if (textLength > MP_TEXT_LIMIT) return true;
  if (typeof request !== "object" || request === null) return false;
  const { op, state } = /** @type {{ op?: unknown, state?: unknown }} */ (request);
  if (typeof op !== "string" || !STORED_OPS.has(op) || typeof state !== "object" || state === null) return false;
  const log = /** @type {{ actions?: unknown, undone?: unknown }} */ (state);
  return count(log.actions) + count(log.undone) > MP_MATCH_LIMIT;
}

/** @typedef {"pyodide" | "micropython" | "none"} Runtime */

/**
 * Which runtime answers a call: the first of the two to be ready (Pyodide when both
 * are), MicroPython only when `light` — or, a call that is not light, once Pyodide
 * failed (slowly is better than not at all); "none" when neither can.
 * @param {Promise<boolean>} pyodide  whether Pyodide booted
 * @param {Promise<boolean>} micropython  whether MicroPython booted (false: none on this page)
 * @param {boolean} light  MicroPython may answer (not slowForMicroPython)
 * @returns {Promise<Runtime>}
 */
export function answeringRuntime(pyodide, micropython, light) {
  /** @param {Runtime | Promise<Runtime>} otherwise @returns {Promise<Runtime>} */
  const pyodideOr = (otherwise) => pyodide.then((ok) => (ok ? "pyodide" : otherwise));
  /** @param {Runtime | Promise<Runtime>} otherwise @returns {Promise<Runtime>} */
  const micropythonOr = (otherwise) => micropython.then((ok) => (ok ? "micropython" : otherwise));
  if (!light) return pyodideOr(micropythonOr("none"));
  return Promise.race([pyodideOr(micropythonOr("none")), micropythonOr(pyodideOr("none"))]);
}

/**
 * When Pyodide may start downloading: on a slow link its 5 MB would share it with what the
 * first answer needs — MicroPython's 0.35 MB and the page's own modules, still loading when
 * MicroPython is ready (scripts/bench, phone, cold: first ruling 10.4 s with both started
 * together, 5.2 s with Pyodide started at MicroPython's ready, 4.8 s with this gate;
 * notes/micropython.md). The gate opens at the first of: MicroPython failed or is not on
 * the page; a snapshot is stored (a repeat visit: Pyodide's files are cached; worker.mjs);
 * MicroPython answered a call; a call only Pyodide may answer came; `idleMs` after
 * MicroPython was ready with no call (a player still entering a shot); `headStartMs` after
 * the gate was made. `onDemand` (the browser's data saver is on: Save-Data): neither the
 * answers nor the clock open it — Pyodide's 5 MB come only for a call only it may answer,
 * or when MicroPython fails (or a snapshot is stored: nothing to download).
 * @param {{ idleMs: number, headStartMs: number, onDemand?: boolean,
 *   setTimer?: (f: () => void, ms: number) => unknown }} timing
 */
export function pyodideGate({ idleMs, headStartMs, onDemand = false, setTimer = setTimeout }) {
  /** @type {() => void} */
  let open = () => {};
  /** @type {Promise<void>} */
  const opened = new Promise((resolve) => {
    open = () => resolve();
  });
  if (!onDemand) setTimer(open, headStartMs);
  return {
    opened,
    open,
    /** @param {boolean} up MicroPython booted (false: failed or not on the page) */
    micropython(up) {
      if (!up) open();
      else if (!onDemand) setTimer(open, idleMs);
    },
    /** MicroPython answered a call: the first answer is out, Pyodide may have the link. */
    answered() {
      if (!onDemand) open();
    },
  };
}

/**
 * The files of an engine pack (sitebuild/micropython/transform.py pack()): a 4-byte
 * little-endian length, a JSON list of [relative path, size], then the files' bytes.
 * @param {Uint8Array} bytes
 * @returns {{ path: string, data: Uint8Array }[]}
 */
export function readPack(bytes) {
  if (bytes.length < 4) throw new Error("engine pack: too short");
  const n = bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n)));
  let at = 4 + n;
  const files = [];
  for (const [path, size] of index) {
    if (typeof path !== "string" || path.split("/").includes("..") || at + size > bytes.length) {
      throw new Error("engine pack: malformed");
    }
    files.push({ path, data: bytes.subarray(at, at + size) });
    at += size;
  }
  return files;
}
