// @ts-check
// The page side of the rules engine: ONE module worker per page lifetime.
//
// An ES module is evaluated once per document, so this file is a singleton:
// it adopts the worker that engine-boot.js (inlined in <head>) started while
// the page was parsed, with the messages the worker sent so far, and keeps it
// through mkdocs-material's instant navigation (which swaps the page content,
// not the document).
//
//   call(request)   -> Promise<response>   (the JSON API of rules_pkg.api)
//   subscribe(fn)   -> unsubscribe         fn({state, stage, text, loaded, total, boot}) now
//                                          and on change; state is "loading" | "ready" |
//                                          "failed"; loaded/total: bytes of the runtime
//                                          files so far (worker "progress"); boot: which
//                                          runtime answers, "micropython" | "snapshot" |
//                                          "normal" (the last two: Pyodide, by its path);
//                                          alone: Pyodide failed, MicroPython answers on
//   retry()                                after "failed": start a new worker
//   whenIdle()      -> Promise<void>       once the engine has loaded (or failed) and
//                                          answered every call made so far; with the
//                                          MicroPython first answer, once Pyodide has
//                                          (or failed, and MicroPython answers alone)
//
//   startEngine()                          a tool that asks the engine was mounted
//
// The MicroPython first answer (../engine/first-answer.mjs): while it answers and
// Pyodide loads, a call it would be slow over waits in the worker for Pyodide, and the
// status shows Pyodide's progress again until Pyodide's "ready" (or that call's answer).
//
// No polling, no timers (but the one idle wait of a page without a tool): everything is driven by worker messages (their kinds and
// payloads: ../engine/protocol.mjs, shared with the worker).

import { FROM_WORKER, asWorkerMessage, callMessage } from "../../engine/protocol.mjs";
import { BOOT_MICROPYTHON, slowForMicroPython } from "../../engine/first-answer.mjs";

/** @typedef {import("../lib/types.js").EngineStatus} EngineStatus */
/** @typedef {import("../../engine/protocol.mjs").ResultMessage} ResultMessage */
/** @typedef {import("../../engine/protocol.mjs").ProgressMessage} ProgressMessage */
/** @typedef {import("../../engine/protocol.mjs").ReadyMessage} ReadyMessage */
/** @typedef {import("../../engine/protocol.mjs").FailedMessage} FailedMessage */
/** @typedef {import("../../engine/protocol.mjs").ProgressData} ProgressData */
/** @typedef {import("../lib/types.js").Request} Request */
/** @typedef {import("../lib/types.js").Response} Response */

/** @type {Set<(status: EngineStatus) => void>} */
const listeners = new Set();
/** @type {Readonly<EngineStatus>} */
let status = { state: "loading", stage: "start", text: "Загрузка правил…" };
/** @type {Worker | null} */
let worker = null;
/** @type {Promise<void>} */
let ready; // start() makes it: at once, or on a page without a tool once it is idle (startWhenIdle)
let nextId = 1;
/** @type {Map<number, { resolve: (response: Response) => void, reject: (error: Error) => void }>} */
const pending = new Map();
// Calls made and not yet answered, those still waiting for the engine included.
let outstanding = 0;
/** @type {(() => void)[]} */
let idleWaiters = [];
/** @type {ProgressData} Pyodide's last progress, shown again while a call waits for it */
let lastProgress = { stage: "start", text: "Загрузка правил…" };
// Calls MicroPython would be slow over, not yet answered (first-answer.mjs).
let slowCalls = 0;
// Pyodide failed while MicroPython answers: it answers every call from now on (worker "ready", alone).
let micropythonAlone = false;

// After a task's turn: the answer's caller has shown it by then, and a call made
// right after it keeps the engine busy.
function resolveIfIdle() {
  setTimeout(() => {
    // MicroPython answering is not the engine loaded: Pyodide still downloads (offline.js waits for it),
    // unless Pyodide failed and MicroPython answers alone.
    const pyodideDue = status.boot === BOOT_MICROPYTHON && !micropythonAlone;
    if (status.state === "loading" || pyodideDue || outstanding > 0 || !idleWaiters.length) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }, 0);
}

/** @param {EngineStatus} next */
function setStatus(next) {
  status = Object.freeze({ ...next });
  for (const fn of [...listeners]) {
    try {
      fn(status);
    } catch (err) {
      console.error(err);
    }
  }
  resolveIfIdle();
}

/**
 * What the page does with each kind of worker message (protocol.mjs FROM_WORKER).
 * @param {{ fail: (message: string) => void, resolveReady: () => void }} on
 * @returns {Record<string, (msg: any) => void>}
 */
export function workerHandlers(on) {
  return {
    [FROM_WORKER.RESULT]: (/** @type {ResultMessage} */ msg) => {
      const entry = pending.get(msg.id);
      if (!entry) return;
      pending.delete(msg.id);
      entry.resolve(/** @type {Response} */ (msg.data));
    },
    [FROM_WORKER.PROGRESS]: (/** @type {ProgressMessage} */ { data }) => {
      lastProgress = data;
      if (status.state === "loading") setStatus(loadingStatus(status.boot));
    },
    [FROM_WORKER.READY]: (/** @type {ReadyMessage} */ { data }) => {
      if (data.alone) micropythonAlone = true;
      setStatus(data.boot === BOOT_MICROPYTHON ? micropythonStatus()
        : /** @type {EngineStatus} */ ({ state: "ready", stage: "ready", text: "Правила загружены", boot: data.boot }));
      on.resolveReady();
    },
    [FROM_WORKER.FAILED]: (/** @type {FailedMessage} */ { data }) =>
      on.fail(data.message || "Движок правил не загрузился."),
  };
}

/** The loading status at Pyodide's last progress; `boot`: the runtime answering meanwhile, if any.
 * @param {string} [boot] @returns {EngineStatus} */
function loadingStatus(boot) {
  const { stage, text, loaded, total } = lastProgress;
  return { state: "loading", stage, text, loaded: loaded || 0, total: total || 0, ...(boot ? { boot } : {}) };
}

/** Ready as MicroPython is: the status while it answers, unless a call waits for Pyodide.
 * @returns {EngineStatus} */
function micropythonStatus() {
  if (slowCalls > 0 && !micropythonAlone) return loadingStatus(BOOT_MICROPYTHON);
  return { state: "ready", stage: "ready", text: "Правила загружены", boot: BOOT_MICROPYTHON,
    ...(micropythonAlone ? { alone: true } : {}) };
}

/** A call MicroPython would be slow over waits for Pyodide: while MicroPython answers, the
 * progress shows until an answer or Pyodide's ready (first-answer.mjs). Returns what to do
 * once the call is answered.
 * @param {Request} request @returns {() => void} */
function waitForPyodide(request) {
  if (micropythonAlone || !slowForMicroPython(request, JSON.stringify(request).length)) return () => {};
  slowCalls += 1;
  if (status.state === "ready" && status.boot === BOOT_MICROPYTHON) setStatus(micropythonStatus());
  return () => {
    slowCalls -= 1;
    // Answered while Pyodide is not up (it failed: the answer says so): MicroPython answers on.
    if (status.state === "loading" && status.boot === BOOT_MICROPYTHON) setStatus(micropythonStatus());
  };
}

function start() {
  /** @type {() => void} */
  let resolveReady;
  /** @type {(error: Error) => void} */
  let rejectReady;
  ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {}); // a failure is reported through the status, too

  const fail = (/** @type {string} */ message) => {
    if (status.state === "failed") return;
    setStatus({ state: "failed", stage: "failed", text: message });
    rejectReady(new Error(message));
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
    if (worker) worker.terminate();
    worker = null;
  };

  micropythonAlone = false;
  setStatus({ state: "loading", stage: "start", text: "Загрузка правил…" });
  const bootApi = /** @type {import("../lib/types.js").SiteWindow} */ (window).rbEngineBoot;
  /** @type {import("../lib/types.js").EngineBoot} */
  const boot = bootApi ? bootApi.adopt() : { failure: "runtime" };
  if ("failure" in boot && boot.failure === "worker") {
    fail("Этот браузер не умеет запускать расчёт в фоне (нет Web Worker). Текст правил доступен.");
    return;
  }
  if ("failure" in boot || !boot.worker) {
    fail("Движок правил не загрузился: на странице нет сведений о среде Python. Текст правил доступен.");
    return;
  }
  worker = boot.worker;

  const handlers = workerHandlers({ fail, resolveReady: () => resolveReady() });
  const onMessage = (/** @type {MessageEvent} */ event) => {
    const msg = asWorkerMessage(event.data);
    if (msg) handlers[msg.type](/** @type {any} */ (msg));
  };
  const onError = (/** @type {Event} */ event) => {
    if (event.type === "messageerror") {
      fail("Движок правил прислал непонятный ответ. Обновите страницу.");
      return;
    }
    event.preventDefault();
    fail("Движок правил не загрузился: не удалось запустить фоновый расчёт. Проверьте связь и обновите страницу.");
  };
  worker.onmessage = onMessage;
  worker.onerror = onError;
  worker.onmessageerror = onError;
  // What the worker said before this module ran, in order.
  for (const event of boot.messages) onMessage(event);
  for (const event of boot.errors) onError(event);
}

/** @param {Request} request @returns {Promise<Response>} */
export function call(request) {
  startEngine();
  outstanding += 1;
  const answered = waitForPyodide(request);
  const settled = () => {
    outstanding -= 1;
    answered();
    resolveIfIdle();
  };
  const answer = ready.then(
    () =>
      new Promise((resolve, reject) => {
        if (!worker) {
          reject(new Error(status.text));
          return;
        }
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage(callMessage(id, request));
      }),
  );
  answer.then(settled, settled);
  return /** @type {Promise<Response>} */ (answer);
}

/** @returns {Promise<void>} */
export function whenIdle() {
  return new Promise((resolve) => {
    idleWaiters.push(resolve);
    resolveIfIdle();
  });
}

/** @param {(status: EngineStatus) => void} fn @returns {() => boolean} */
export function subscribe(fn) {
  listeners.add(fn);
  fn(status);
  return () => listeners.delete(fn);
}

/** @returns {Readonly<EngineStatus>} */
export function getStatus() {
  return status;
}

export function retry() {
  if (status.state !== "failed") return;
  start();
}

/** The engine started, if it was not: a tool that asks it was mounted (tools.js). */
export function startEngine() {
  if (!ready) start();
}

// A link a tool page is behind (a game, the тренажёр): touched, the engine starts.
const TOOL_LINK = /(^|\/)(games\/[^/#?]+|trainer)\/?([#?]|$)/;

/**
 * A page without a tool that asks the engine (engine-boot.js: later) starts
 * it once the page has loaded and the browser is idle, or at once when a link
 * to a tool page is touched or focused: the text first on a weak signal, the
 * engine (and with it the offline copy, offline.js) right after.
 */
function startWhenIdle() {
  const go = () => {
    document.removeEventListener("pointerdown", onLink, true);
    document.removeEventListener("focusin", onLink, true);
    startEngine();
  };
  const onLink = (/** @type {Event} */ event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (link && TOOL_LINK.test(link.getAttribute("href") || "")) go();
  };
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(go, { timeout: 3000 }) : window.setTimeout(go, 1000));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  document.addEventListener("pointerdown", onLink, { capture: true, passive: true });
  document.addEventListener("focusin", onLink, true);
}

const later = /** @type {import("../lib/types.js").SiteWindow} */ (window).rbEngineBoot?.later;
if (later) startWhenIdle();
else start();
