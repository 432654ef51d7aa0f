// @ts-check
// The one protocol between a page and the engine's Web Worker: the message kinds as
// constants, their payloads as typedefs, a builder for each message and a guard for
// what arrives. Imported by both ends — the worker (worker.mjs) and the page
// (docs/assets/js/engine-client/engine-client.js); tests/js/protocol.test.mjs checks that every kind
// is sent by one end and handled by the other. Only JSON-shaped data crosses.
//
//   page -> worker  {id, type: "call", data: request}
//   worker -> page  {id, type: "result", data: response}
//                   {type: "progress", data: {stage, loaded, total, text}}
//                   {type: "ready", data: {boot: "micropython" | "snapshot" | "normal", ms}}
//                     twice when the page has the MicroPython first answer: "micropython"
//                     when it answers, then Pyodide's boot when Pyodide takes over — or,
//                     when Pyodide failed, {boot: "micropython", alone: true}: it answers on
//                   {type: "failed", data: {message}}

/** What the page sends. */
export const TO_WORKER = Object.freeze({ CALL: "call" });

/** What the worker sends. */
export const FROM_WORKER = Object.freeze({
  RESULT: "result",
  PROGRESS: "progress",
  READY: "ready",
  FAILED: "failed",
});

/**
 * @typedef {{ id: number, type: "call", data: unknown }} CallMessage
 * @typedef {{ id: number, type: "result", data: unknown }} ResultMessage
 * @typedef {{ stage: string, loaded?: number, total?: number, text: string }} ProgressData
 * @typedef {{ type: "progress", data: ProgressData }} ProgressMessage
 * @typedef {{ boot: string, ms: number, alone?: boolean }} ReadyData  boot: "micropython" | "snapshot" | "normal",
 *   the runtime that answers from now on and, for Pyodide, the path it took (first-answer.mjs); alone:
 *   Pyodide did not start, MicroPython answers every call from now on (none waits for Pyodide)
 * @typedef {{ type: "ready", data: ReadyData }} ReadyMessage
 * @typedef {{ type: "failed", data: { message: string } }} FailedMessage
 * @typedef {ResultMessage | ProgressMessage | ReadyMessage | FailedMessage} WorkerMessage
 */

/** @param {number} id @param {unknown} request @returns {CallMessage} */
export const callMessage = (id, request) => ({ id, type: "call", data: request });
/** @param {number} id @param {unknown} response @returns {ResultMessage} */
export const resultMessage = (id, response) => ({ id, type: "result", data: response });
/** @param {ProgressData} data @returns {ProgressMessage} */
export const progressMessage = (data) => ({ type: "progress", data });
/** @param {ReadyData} data @returns {ReadyMessage} */
export const readyMessage = (data) => ({ type: "ready", data });
/** @param {string} message @returns {FailedMessage} */
export const failedMessage = (message) => ({ type: "failed", data: { message } });

const isObject = (/** @type {unknown} */ value) => typeof value === "object" && value !== null;
const KINDS_FROM_WORKER = new Set(/** @type {string[]} */ (Object.values(FROM_WORKER)));

/**
 * A message from the worker, or null for anything else (it is ignored).
 * @param {unknown} value
 * @returns {WorkerMessage | null}
 */
export function asWorkerMessage(value) {
  if (!isObject(value)) return null;
  const msg = /** @type {{ id?: unknown, type?: unknown, data?: unknown }} */ (value);
  if (typeof msg.type !== "string" || !KINDS_FROM_WORKER.has(msg.type)) return null;
  if (msg.type === FROM_WORKER.RESULT) return typeof msg.id === "number" ? /** @type {ResultMessage} */ (msg) : null;
  if (!isObject(msg.data)) return null;
  return /** @type {WorkerMessage} */ (msg);
}

/**
 * A call from the page, or null for anything else (it is ignored).
 * @param {unknown} value
 * @returns {CallMessage | null}
 */
export function asCallMessage(value) {
  if (!isObject(value)) return null;
  const msg = /** @type {{ id?: unknown, type?: unknown, data?: unknown }} */ (value);
  return msg.type === TO_WORKER.CALL && typeof msg.id === "number" ? /** @type {CallMessage} */ (msg) : null;
}
